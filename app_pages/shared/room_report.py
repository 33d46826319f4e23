"""The teacher's report on the Classroom page, in its fold: the answers by student and by
rule, the class's tables, the rules most missed and the CSV. The figures are
`whot_core.classroom.report`'s; every name a student typed is escaped (`layout.rows_table`)."""

from __future__ import annotations

import streamlit as st

from app_pages.shared import class_tables, layout
from whot_core.classroom import report
from whot_core.classroom.room import Classroom, Snapshot


def report_view(rooms: Classroom, snap: Snapshot) -> None:
    """Each student's right, wrong and unanswered answers and points (and, when any, the
    unanswered whose answer came too late, the questions asked before they joined, "not here
    yet", and those a student taken out missed), each rule's, the tables
    the class played and who won, the rules most missed with the lesson to teach again, and
    the CSV of every answer (in the room's shape names)."""
    students = report.by_student(snap)
    tried = any(r.too_late for r in students)  # the column only when an answer came too late
    late = any(r.not_here for r in students)  # and when someone joined late
    out = any(r.taken_out for r in students)  # and when a student taken out missed some
    layout.rows_table(
        [{"Student": r.name, "Right": r.right, "Wrong": r.wrong, "Unanswered": r.unanswered}
         | ({"Too late": r.too_late} if tried else {})
         | ({"Not here yet": r.not_here} if late else {})
         | ({"Taken out": r.taken_out} if out else {}) | {"Points": r.points}
         for r in students]
    )  # fmt: skip
    if tried:
        st.caption("Too late: of the unanswered, answers that arrived after you revealed the "
                   "answer; they were refused, so they count as unanswered.")  # fmt: skip
    if late:
        st.caption("Not here yet: questions asked before the student joined; they are not "
                   "counted against them, here or in each rule's figures below.")  # fmt: skip
    if out:
        st.caption("Taken out: questions a student you took out did not answer; they count "
                   "for nobody, here or below. The answers they gave still count.")  # fmt: skip
    rules = report.by_rule(snap)
    # A rule's lesson, where it is not the rule's own name; no column when no rule has one.
    lessons = ["" if r.lesson == r.rule else r.lesson or "" for r in rules]
    shown = any(lessons)
    layout.rows_table(
        [{"Rule": r.rule, "Right": r.right, "Wrong": r.wrong, "Unanswered": r.unanswered}
         | ({"Lesson": lesson} if shown else {})
         for r, lesson in zip(rules, lessons, strict=True)]
    )  # fmt: skip
    played = report.by_table(class_tables.records(rooms, snap.room.code))
    layout.rows_table([{"Table": r.table, "Players": r.players, "State": r.state,
                        "Won": r.won} for r in played])  # fmt: skip
    for row in report.missed(snap):
        again = f" Teach again: the lesson “{row.lesson}” on the Learn page." if row.lesson else ""
        st.markdown(f"**Most missed: {row.rule}** ({row.missed:.0%} not right).{again}")
    layout.download("Download the report (CSV)", report.csv_text(snap),
                    file_name=f"whot-room-{snap.room.code}.csv", mime="text/csv",
                    key="room.csv")  # fmt: skip
