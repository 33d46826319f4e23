"""The teacher's report of a room: each student's right, wrong and unanswered questions; each
rule's (a lesson's title, or a practice focus); the rules the class missed most, with the lesson
to teach again; the tables the class played at and who won; and a CSV that opens in a
spreadsheet. Only questions that were revealed count: a skipped question was not asked of
anyone. Nor does a question put to the class before a student joined count for them, unless
they answered it (they joined while it was on the projector): it is "not here yet", neither
right, wrong nor unanswered (a decision of this project: a late joiner is not marked down for
what they never saw). A student the teacher took out keeps the answers they gave, right or
wrong, with their points; a question they did not answer, asked before or after, counts for
nobody: "taken out" (a decision of this project: the store keeps no time of the removal, and a
second entry of a student or a joke name is not the class's miss).

    >>> cell("=1+1"), cell("Ada")
    ("'=1+1", 'Ada')
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass

from .questions import QuizQuestion, in_names, picked_label, quiz_question, teach_again
from .room import Snapshot
from .table_store import TableRecord
from .table_views import winners

__all__ = ["RuleRow", "StudentRow", "TableRow", "by_rule", "by_student", "by_table", "cell",
           "csv_text", "missed"]  # fmt: skip


@dataclass(frozen=True)
class TableRow:
    """A table the class played at: who sat there (AI players by level), how far it got and
    who won."""

    table: str
    players: str
    state: str  # "playing", "over" or "closed"
    won: str


def by_table(tables: Sequence[TableRecord]) -> list[TableRow]:
    """One row a table, in the order the teacher opened them."""
    rows = []
    for table in tables:
        names = [seat.label(n, table.game) for n, seat in enumerate(table.seats)]  # as named
        won = ", ".join(names[seat] for seat in winners(table))
        rows.append(TableRow(table.code, ", ".join(names), table.phase, won))
    return rows


@dataclass(frozen=True)
class StudentRow:
    name: str
    right: int
    wrong: int
    unanswered: int
    points: int
    not_here: int = 0  # questions asked before they joined (and not answered): not counted
    taken_out: int = 0  # questions not answered by a student the teacher took out: not counted
    too_late: int = 0  # of the unanswered, those whose answer came after Reveal (refused)


@dataclass(frozen=True)
class RuleRow:
    """A rule's answers over the class, and the lesson to teach it again (its Learn link's
    parameters; None when no lesson teaches it)."""

    rule: str
    right: int
    wrong: int
    unanswered: int
    lesson: str | None
    link: dict[str, str] | None

    @property
    def missed(self) -> float:
        """The share of the answers due that were not right."""
        due = self.right + self.wrong + self.unanswered
        return (self.wrong + self.unanswered) / due if due else 0.0


def _revealed(snapshot: Snapshot) -> list[tuple[int, QuizQuestion]]:
    """The questions revealed, told in the room's shape names (the teacher's choice)."""
    nigerian = snapshot.settings.nigerian
    return [(q.number, in_names(quiz_question(q.spec), nigerian))
            for q in snapshot.asked if q.state == "revealed"]  # fmt: skip


def _given(snapshot: Snapshot) -> dict[tuple[int, int], tuple[bool, int, str]]:
    return {(a.number, a.member): (a.correct, a.points, a.response) for a in snapshot.answers}


def _not_here(snapshot: Snapshot) -> set[tuple[int, int]]:
    """(question, member) of the questions put to the class before the member joined that they
    did not answer: they count for nobody's right, wrong or unanswered."""
    given = _given(snapshot)
    return {(q.number, m.id) for q in snapshot.asked for m in snapshot.members
            if snapshot.asked_before_joining(q.number, m)
            and (q.number, m.id) not in given}  # fmt: skip


def _taken_out(snapshot: Snapshot) -> set[tuple[int, int]]:
    """(question, member) of the questions a student the teacher took out did not answer:
    they count for nobody's right, wrong or unanswered (their answers given still count)."""
    given = _given(snapshot)
    return {(q.number, m.id) for q in snapshot.asked for m in snapshot.members
            if m.removed and (q.number, m.id) not in given}  # fmt: skip


def _uncounted(snapshot: Snapshot) -> set[tuple[int, int]]:
    """(question, member) that count for nobody: not here yet, or taken out."""
    return _not_here(snapshot) | _taken_out(snapshot)


def by_student(snapshot: Snapshot) -> list[StudentRow]:
    """Every student who joined (a removed one too: their answers were given), in the order
    they joined; a question asked before they joined is `not_here`, and one a student taken
    out did not answer `taken_out`, neither unanswered. An answer refused as too late (after
    Reveal) is unanswered, and counted in `too_late` too: the teacher sees the student tried."""
    asked, given, away = _revealed(snapshot), _given(snapshot), _not_here(snapshot)
    out = _taken_out(snapshot) - away
    uncounted = away | out
    rows = []
    for member in snapshot.members:
        due = [n for n, _ in asked if (n, member.id) not in uncounted]
        marks = [given.get((n, member.id)) for n in due]
        right = sum(1 for m in marks if m and m[0])
        wrong = sum(1 for m in marks if m and not m[0])
        won = sum(m[1] for m in marks if m)
        gone = sum(1 for n, _ in asked if (n, member.id) in out)
        late = sum(1 for n, m in zip(due, marks, strict=True)
                   if m is None and snapshot.was_late(n, member.id))  # fmt: skip
        rows.append(StudentRow(member.name, right, wrong, len(due) - right - wrong, won,
                               len(asked) - len(due) - gone, gone, late))  # fmt: skip
    return rows


def by_rule(snapshot: Snapshot) -> list[RuleRow]:
    """Each rule the revealed questions were about, in the order first asked. A student counts
    for every revealed question asked since they joined (a question not answered is a miss),
    and for one asked before that they answered."""
    given, away = _given(snapshot), _uncounted(snapshot)
    members = [m.id for m in snapshot.members]
    totals: dict[str, list] = {}
    for number, quiz in _revealed(snapshot):
        row = totals.setdefault(quiz.rule, [0, 0, 0, quiz.lesson_title, teach_again(quiz)])
        for member in members:
            if (number, member) in away:
                continue
            mark = given.get((number, member))
            row[0 if mark and mark[0] else 1 if mark else 2] += 1
    return [RuleRow(rule, *row) for rule, row in totals.items()]


def missed(snapshot: Snapshot, most: int = 3) -> list[RuleRow]:
    """The rules the class missed most (at least a third of the answers not right), worst first."""
    rows = [row for row in by_rule(snapshot) if row.missed >= 1 / 3]
    return sorted(rows, key=lambda row: -row.missed)[:most]


def cell(text: str) -> str:
    """A cell a spreadsheet shows as text: one that starts like a formula gets a quote first
    (a student's name could be `=HYPERLINK(...)`)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def csv_text(snapshot: Snapshot) -> str:
    """One row a student a revealed question: the student, the question, the rule, the task
    (after the stage's teaching, which says the rule it is played under), the answer given in
    words, right/wrong/unanswered (or "unanswered (too late)": an answer came after Reveal
    and was refused; "not here yet": asked before they joined; "taken out": not answered by a
    student the teacher took out) and the points."""
    given, away, gone = _given(snapshot), _not_here(snapshot), _taken_out(snapshot)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["student", "question", "rule", "task", "answer", "result", "points"])
    for number, quiz in _revealed(snapshot):
        for member in snapshot.members:
            mark = given.get((number, member.id))
            said = picked_label(quiz, json.loads(mark[2])) if mark else ""
            result = ("not here yet" if (number, member.id) in away else "taken out"
                      if (number, member.id) in gone else "right" if mark and mark[0]
                      else "wrong" if mark else "unanswered (too late)"
                      if snapshot.was_late(number, member.id) else "unanswered")  # fmt: skip
            writer.writerow([cell(member.name), number + 1, cell(quiz.rule), cell(quiz.asked),
                             cell(said), result, mark[1] if mark else 0])  # fmt: skip
    return out.getvalue()
