"""The Learn page's progress kept between visits, and the learner's summary.

The progress (`whot_core.learn.progress`: stars, stages done, the last practice answers, the rules
in review) lives in this session while the page runs, and in the learner's own browser between
visits: a small Components v2 element (`progress_store.js`, no iframe) writes it to localStorage
after every run and reads it back once a session. So a reload, a closed tab or the next day's
visit finds it; nothing is sent anywhere and no account or id is needed (docs/learning.md says
why the browser rather than the server). The store reports only a copy that is there (or that
the browser refuses to keep anything): a browser that keeps none, as at a first visit, costs the
page no second run (issue 31). A stored value that does not read back (edited, from
another version) is refused with the reason, and the learner starts clean. The progress moves to
another device as a small file (Download, then Load there); Start over forgets it, once confirmed.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path

import streamlit as st

from app_pages.shared import component, layout, records
from whot_core.learn import progress as kept
from whot_core.learn.path import first_unsolved, lessons_of
from whot_core.learn.review import due_now
from whot_core.whot.app.html import Share

HERE = Path(__file__).resolve().parent
#: Between the words of "3 of 15": a count kept on one line in a phone's narrow column.
NBSP = "\u00a0"
#: Session-state keys: the progress (a `Progress`), whether the browser's copy was read, a
#: problem to tell the learner once, the Start over confirmation.
PROGRESS = "learn.progress"
READ = "learn.store_read"
PROBLEM = "learn.store_problem"
CONFIRM = "learn.start_over"
FILE_NAME = "whot-learn-progress.json"

_STORE = st.components.v2.component(
    "learn_progress_store", js=component.asset(HERE / "progress_store.js")
)


def current() -> kept.Progress:
    """This session's progress (empty until the browser's copy is read or a stage answered)."""
    return st.session_state.setdefault(PROGRESS, kept.Progress())


def today() -> int:
    """Today as a date's ordinal: Review's schedule counts days."""
    return date.today().toordinal()


def restore(text: str | None, source: str, go: Callable[[kept.Progress], None], then: str) -> None:
    """Take a kept progress's text as this session's, or say why not and keep this session's
    (empty when the browser's copy is read: the learner starts clean); `go` opens where the
    restored path goes on."""
    if not text:
        return
    try:
        found = kept.from_json(text)
    except kept.ProgressError as error:
        st.session_state[PROBLEM] = f"The progress {source} could not be read ({error}), so {then}."
        return
    st.session_state[PROGRESS] = found
    st.session_state.pop(PROBLEM, None)
    go(found)


def keep_in_browser(go: Callable[[kept.Progress], None]) -> None:
    """Mount the store: it writes this session's progress to the browser, never over a copy the
    browser keeps and has not yet reported (it reports that copy instead, once), and never an
    empty progress before the browser's copy was read.

    A browser that keeps no copy reports nothing, so a progress to write goes with `read`
    false (the store writes it only where nothing is kept), and the store is `read` from then
    on: the next run may forget it (Start over) or write over it."""
    read = bool(st.session_state.get(READ))
    progress = current()
    if progress != kept.Progress():
        save: str | None = kept.to_json(progress)
        st.session_state[READ] = True  # written now, or the kept copy is reported instead
    else:
        save = "" if read else None

    def stored() -> None:
        value = st.session_state.get("learn.store")
        found = (value.get("stored") if hasattr(value, "get") else None) or {}
        st.session_state[READ] = True
        if found.get("problem"):
            st.session_state[PROBLEM] = (
                f"This browser keeps no data for this page ({found['problem']}): your "
                "progress lasts this visit only."
            )
        restore(found.get("text"), "kept in this browser", go, "you start clean")

    _STORE(key="learn.store", data={"save": save, "read": read}, on_stored_change=stored)


def show_problem() -> None:
    problem = st.session_state.get(PROBLEM)
    if problem:
        st.warning(problem, icon=":material/error:")


# ---------------------------------------------------------------------------- the summary


def summary_view(game: str, go: Callable[[kept.Progress], None], take: Callable[[], None]) -> None:
    """Per lesson and per practice focus: done, stars and recent accuracy (a bar a row); the
    next lesson to take (`take` opens it); then the progress to carry, or to forget (`go`
    opens where a loaded progress goes on)."""
    progress = current()
    ref = first_unsolved(progress.stages, game)
    lesson = lessons_of(game)[ref.lesson]
    due = len([k for k in due_now(progress.review, today=today()) if _of_game(k, game)])
    st.markdown(
        f"**Next lesson: {ref.lesson + 1}. {lesson.title}, stage {ref.stage + 1}.** "
        f"{due} rule{'' if due == 1 else 's'} due in Review."
    )
    st.button("Take the next lesson", key="learn.to_next", on_click=take)
    practice = kept.practice_lines(progress) if game == "whot" else []
    lines = kept.lesson_lines(progress, game) + practice
    # The first column names what its row counts: a lesson, or a practice kind and its focus.
    heading = "Lesson or practice" if practice else "Lesson"
    # The chart is the table's last column, a bar a row: a chart library costs seconds to load,
    # and a table of the page's words reads at the classroom setting's size and, its headings
    # wrapped, fits a phone's width (Streamlit's data grid drew its last heading cut there).
    layout.rows_table(
        [
            {
                heading: x.rule,
                "Done": f"{x.done}{NBSP}of{NBSP}{x.of}" if x.stars_of else f"{x.done} answers",
                "Stars": f"{x.stars}{NBSP}of{NBSP}{x.stars_of}" if x.stars_of else "",
                "Right at the first try": Share(
                    None if x.accuracy is None else round(100 * x.accuracy)
                ),
            }
            for x in lines
        ]
    )
    carry_view(go)


def _of_game(item: str, game: str) -> bool:
    whist = item.startswith("whist:")
    return whist if game == "whist" else not whist


def carry_view(go: Callable[[kept.Progress], None]) -> None:
    """Download the progress, load it on another device, or start over (once confirmed)."""
    st.markdown(
        "Your progress is kept in this browser only. To carry it to another device, download "
        "it here and load the file there."
    )
    cols = st.columns(3)
    with cols[0]:
        layout.download(
            "Download my progress",
            kept.to_json(current()),
            file_name=FILE_NAME,
            mime="application/json",
            key="learn.download",
        )
    cols[1].file_uploader("Load progress from a file", type=["json"], key="learn.load",
                          on_change=_load, args=(go,), max_upload_size=1)  # fmt: skip
    if not st.session_state.get(CONFIRM):
        cols[2].button("Start over", key="learn.start_over_ask", icon=":material/restart_alt:",
                       on_click=lambda: st.session_state.update({CONFIRM: True}))  # fmt: skip
        return
    with cols[2]:
        st.warning("Forget every star, stage done and practice answer on this browser?")
        st.button(
            "Yes, start over", key="learn.start_over_yes", type="primary", on_click=_start_over
        )
        st.button(
            "Cancel",
            key="learn.start_over_no",
            on_click=lambda: st.session_state.update({CONFIRM: False}),
        )


def _load(go: Callable[[kept.Progress], None]) -> None:
    data = records.read_upload("learn.load")
    if data is not None:
        restore(data, "in that file", go, "your progress here is unchanged")


def _start_over() -> None:
    st.session_state.update({PROGRESS: kept.Progress(), CONFIRM: False})
    st.session_state.pop(PROBLEM, None)
    for key in ("learn.answers", "learn.wrong", "learn.reviewed", "learn.review_at"):
        st.session_state.pop(key, None)
