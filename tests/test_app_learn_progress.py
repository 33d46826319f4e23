"""The Learn page's kept progress through AppTest (app_pages/shared/learn_progress.py): the
browser's copy is read back once and written after every answer, a tampered copy is refused
with a message and the learner starts clean, Start over asks first, Review brings back a missed
stage, the summary names the next lesson, and a second wrong try gets a hint.
(tests/test_browser_progress.py does the same with a real browser's localStorage.)"""

from __future__ import annotations

import json
import re

import pytest

st = pytest.importorskip("streamlit")
from helpers import components, send_component_state  # noqa: E402
from test_app_learn import choice_button, open_learn, words  # noqa: E402

from whot_core.learn import page as learn  # noqa: E402
from whot_core.learn import progress as kept  # noqa: E402
from whot_core.learn.review import Box  # noqa: E402

pytestmark = pytest.mark.usefixtures("fresh_streamlit_caches")

HOLD_ON = learn.StageRef(3, 0)  # hold on, stage 1: who plays next?
STORE = "learn_progress_store"


def store_data(at) -> dict:
    [element] = [e for e in components(at) if STORE in e.proto.component_name]
    return json.loads(element.proto.json or element.proto.mixed.json)


def from_browser(at, text: str | None):
    return send_component_state(at, STORE, {"stored": {"text": text}})


def summary_table(at) -> str:
    """The Progress summary's table: the page's own HTML (`html.table_html`)."""
    [table] = [m.value for m in at.markdown if "rows-table" in m.value]
    return table


def summary_rows(at) -> list[list[str]]:
    """The summary's rows, each cell's words (a bar's percentage, without its bar)."""
    body = summary_table(at).split("<tbody>")[1]
    return [
        [re.sub("<[^>]+>", "", cell) for cell in re.findall("<td[^>]*>(.*?)</td>", row)]
        for row in re.findall("<tr>(.*?)</tr>", body)
    ]


def solved_first_lessons() -> kept.Progress:
    progress = kept.Progress()
    for ref in [learn.StageRef(0, s) for s in range(len(learn.lessons_of("whot")[0].stages))]:
        progress = kept.with_stage(progress, ref.key, correct=True, today=1)
    return progress


def test_nothing_is_written_before_the_browsers_copy_is_read():
    at = open_learn()
    assert store_data(at) == {"save": None, "read": False}


def test_the_browsers_copy_is_read_back_and_the_path_goes_on_after_it():
    at = open_learn()
    progress = solved_first_lessons()
    from_browser(at, kept.to_json(progress))
    assert at.session_state["learn.progress"] == progress
    assert (at.session_state["learn.lesson"], at.session_state["learn.stage"]) == (1, 0)
    assert store_data(at) == {"save": kept.to_json(progress), "read": True}
    assert not at.warning


def test_an_answer_is_written_to_the_browser():
    at = open_learn(lesson="hold-on", stage="1")
    from_browser(at, None)
    assert store_data(at)["save"] == ""  # nothing kept yet: nothing stored
    wrong = next(c for c in HOLD_ON.question.choices if c != HOLD_ON.question.answer)
    choice_button(at, HOLD_ON, wrong).click().run()
    saved = kept.from_json(store_data(at)["save"])
    assert saved.stages[HOLD_ON.key] == learn.Tries(1, False) and HOLD_ON.key in saved.review


def test_a_tampered_copy_is_refused_with_a_message_and_the_learner_starts_clean():
    at = open_learn()
    text = kept.to_json(solved_first_lessons()).replace("[0,true]", '[0,"yes"]', 1)
    from_browser(at, text)
    [warning] = at.warning
    assert warning.value.startswith("The progress kept in this browser could not be read")
    assert "stages['the-pack/1']" in warning.value and "you start clean" in warning.value
    assert at.session_state["learn.progress"] == kept.Progress()
    assert store_data(at)["save"] == ""  # the bad copy is forgotten
    assert (at.session_state["learn.lesson"], at.session_state["learn.stage"]) == (0, 0)


def test_start_over_asks_first_then_forgets_everything():
    at = open_learn()
    from_browser(at, kept.to_json(solved_first_lessons()))
    at.segmented_control(key="learn.mode").set_value("Progress").run()
    at.button(key="learn.start_over_ask").click().run()
    assert "Forget every star" in at.warning[0].value
    at.button(key="learn.start_over_no").click().run()
    assert at.session_state["learn.progress"] == solved_first_lessons()
    at.button(key="learn.start_over_ask").click().run()
    at.button(key="learn.start_over_yes").click().run()
    assert at.session_state["learn.progress"] == kept.Progress()
    assert store_data(at)["save"] == ""


def test_the_summary_names_the_next_lesson_and_charts_what_was_answered():
    at = open_learn(lesson="hold-on", stage="2")
    from_browser(at, kept.to_json(solved_first_lessons()))
    at.segmented_control(key="learn.mode").set_value("Progress").run()
    second = learn.lessons_of("whot")[1].title
    assert f"Next lesson: 2. {second}, stage 1." in words(at)
    first, second_row = summary_rows(at)[:2]
    assert first[0].startswith("1. ") and first[3] == "100%"
    assert 'style="--share:100%"' in summary_table(at)  # the bar, full
    n = len(learn.lessons_of("whot")[0].stages)
    assert (first[1], first[2]) == (f"{n}\u00a0of\u00a0{n}", f"{3 * n}\u00a0of\u00a0{3 * n}")
    assert second_row[0].startswith("2. ") and second_row[3] == ""  # nothing answered yet
    at.button(key="learn.to_next").click().run()
    assert at.session_state["learn.lesson"] == 1 and at.session_state["learn.stage"] == 0
    assert at.session_state["learn.mode"] == "Lessons"


def summary_headings(at) -> list[str]:
    return re.findall("<th(?: [^>]*)?>(.*?)</th>", summary_table(at))


@pytest.mark.parametrize("game", ["whot", "whist"])
def test_the_summarys_first_column_is_headed_for_what_it_lists(game):
    """A reviewer: it was headed "Rule" over a list of lessons ("1. The pack"); with practice
    answered, its rows are lessons then practice kinds, and the heading says both."""
    at = open_learn(game=game)
    from_browser(at, kept.to_json(solved_first_lessons()))
    at.segmented_control(key="learn.mode").set_value("Progress").run()
    assert summary_headings(at)[0] == "Lesson"
    assert summary_rows(at)[0][0] == f"1. {learn.lessons_of(game)[0].title}"
    progress = kept.with_practice(solved_first_lessons(), "legal", "hold_on", correct=True, today=1)
    from_browser(at, kept.to_json(progress))
    at.segmented_control(key="learn.mode").set_value("Progress").run()
    rows = [row[0] for row in summary_rows(at)]
    if game == "whot":  # practice is Whot's only: its line comes after the lessons
        assert summary_headings(at)[0] == "Lesson or practice"
        assert len(rows) == len(learn.lessons_of("whot")) + 1 and "Hold on" in rows[-1]
    else:
        assert summary_headings(at)[0] == "Lesson" and len(rows) == len(learn.lessons_of(game))


def test_a_missed_stage_comes_back_in_review_and_a_right_answer_sends_it_later():
    at = open_learn(lesson="hold-on", stage="1")
    from_browser(at, None)
    question = HOLD_ON.question
    wrong = next(c for c in question.choices if c != question.answer)
    choice_button(at, HOLD_ON, wrong).click().run()
    choice_button(at, HOLD_ON, question.answer).click().run()
    at.segmented_control(key="learn.mode").set_value("Review").run()
    assert "**Review: 1 due today** (0 more later)" in words(at)
    label = learn.choice_label(question, question.answer)
    [button] = [
        b for b in at.button if b.label == label and b.key.startswith("learn.choice.review:")
    ]
    button.click().run()
    assert at.success and at.session_state["learn.progress"].review[HOLD_ON.key].box == 2
    at.button(key="learn.review_next").click().run()
    assert "**Review: 0 due today** (1 more later)" in words(at)
    assert "Nothing to review now" in at.info[0].value


def test_a_second_wrong_try_gives_a_hint_before_the_answer():
    at = open_learn(lesson="hold-on", stage="1")
    question = HOLD_ON.question
    wrong = next(c for c in question.choices if c != question.answer)
    choice_button(at, HOLD_ON, wrong).click().run()
    assert not [i for i in at.info if i.value.startswith("Hint:")]
    choice_button(at, HOLD_ON, wrong).click().run()
    [hint] = [i for i in at.info if i.value.startswith("Hint:")]
    assert learn.choice_label(question, question.answer) in hint.value


def test_practice_misses_aim_practice_at_the_rule_missed_most():
    progress = kept.Progress()
    for right in (False, False, True):
        progress = kept.with_practice(progress, "legal", "hold_on", correct=right, today=1)
    at = open_learn(practice="legal", seed="1")
    from_browser(at, kept.to_json(progress))
    at.button(key="learn.worst").click().run()
    assert at.session_state["learn.focus"] == "hold_on"
    assert at.session_state["learn.progress"].review == {"practice:legal:hold_on": Box(1, 1)}


def test_each_games_review_brings_back_only_its_own_misses():
    progress = kept.with_stage(kept.Progress(), "whist:trumps/2", correct=False, today=1)
    progress = kept.with_stage(progress, "hold-on/1", correct=False, today=1)
    at = open_learn(game="whist", lesson="trumps", stage="1")
    from_browser(at, kept.to_json(progress))
    at.segmented_control(key="learn.mode").set_value("Review").run()
    assert "**Review: 1 due today**" in words(at)
    trumps = next(x for x in learn.lessons_of("whist") if x.id == "trumps")
    assert f"**{trumps.title}, stage 2.**" in words(at)
    at.segmented_control(key="learn.game").set_value("whot").run()
    at.segmented_control(key="learn.mode").set_value("Review").run()
    assert "**Review: 1 due today**" in words(at) and "**Hold on, stage 1.**" in words(at)


def test_a_browser_that_keeps_nothing_reports_nothing_and_the_first_answer_is_still_written():
    """The store reports only a kept copy (a report reruns the page): with none, the first
    progress goes with `read` false, which the store writes only where nothing is kept."""
    at = open_learn(lesson="hold-on", stage="1")
    wrong = next(c for c in HOLD_ON.question.choices if c != HOLD_ON.question.answer)
    choice_button(at, HOLD_ON, wrong).click().run()
    data = store_data(at)
    assert data["read"] is False and kept.from_json(data["save"]).stages[HOLD_ON.key] == (
        learn.Tries(1, False)
    )
    at.segmented_control(key="learn.mode").set_value("Progress").run()
    at.button(key="learn.start_over_ask").click().run()
    at.button(key="learn.start_over_yes").click().run()
    assert store_data(at) == {"save": "", "read": True}  # what was written is forgotten
