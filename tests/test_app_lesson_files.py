"""The Learn page plays a lesson file (app_pages/shared/learn.py, through AppTest): a
teacher's upload plays like a built-in lesson, with its stars and Next/Previous; a bad file is
refused with the problem named (file, stage, field); a link names a file of data/lessons/."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

st = pytest.importorskip("streamlit")
from helpers import markup, send_table_event  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402
from test_app import open_app  # noqa: E402

from whot_core import Rules  # noqa: E402
from whot_core.learn import page as learn  # noqa: E402
from whot_core.whot.teach.lesson_files import EXAMPLE_FILE, read_lesson_file  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
EXAMPLE = EXAMPLE_FILE.read_bytes()

pytestmark = pytest.mark.usefixtures("fresh_streamlit_caches")


def upload(at: AppTest, name: str, data: bytes) -> AppTest:
    return at.file_uploader(key="learn.upload").set_value((name, data, "application/toml")).run()


def words(at: AppTest) -> str:
    others = (m.value for m in [*at.caption, *at.info, *at.success])
    return "\n".join([*markup(at), *others])


def answer_right(at: AppTest, ref: learn.StageRef) -> AppTest:
    """Give the engine's answer: the cards on the table, or the answer's button."""
    question = ref.pose(Rules.preset("nigerian")).question  # the sidebar's default rules
    key = learn.answer_key(ref, question)
    if question.kind == "playable":
        cards = [str(card) for card in question.answer]
        return send_table_event(at, "answer", {"cards": cards, "token": key})
    index = question.choices.index(question.answer)
    return at.button(key=f"learn.choice.{key}.{index}").click().run()


def test_an_uploaded_lesson_file_plays_to_the_end_with_stars():
    at = open_app(None)
    at = upload(at, "mine.toml", EXAMPLE)
    assert not at.exception
    lesson = read_lesson_file(EXAMPLE_FILE)
    assert "Playing the lesson file **mine.toml**" in words(at)
    for n, stage in enumerate(lesson.stages):
        assert stage.text in words(at), n
        at = answer_right(at, learn.StageRef(0, n, "whot", (lesson,)))
        assert any(s.value.startswith("**Right!**") for s in at.success), n
        assert "Stage done: **★★★**" in words(at)
        nxt = at.button(key="learn.next")
        if n + 1 < len(lesson.stages):
            at = nxt.click().run()
        else:
            assert nxt.disabled
    assert at.selectbox(key="learn.lesson").options == ["1. Your first Whot lesson · 9/9 ★"]


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ('"circle 7", "triangle 4"', '"circle 7", "triangle 6"', "stage 1: hands: seat 0's "
         "'triangle 6' is not a card"),
        ('pile = ["circle 10"]\nask = "playable"', 'pile = ["circle 10"]\ncalled = "star"\n'
         'ask = "playable"', "stage 1: called: a call needs a Whot on top of the pile"),
        ("expect = 25", "expect = 24", "stage 3: expect: the engine does not give 24. The "
         "answer: 25."),
    ],
    ids=["wrong card", "illegal position", "an answer the engine does not give"],
)  # fmt: skip
def test_a_bad_lesson_file_is_refused_with_its_problem_named(old, new, problem):
    at = upload(open_app(None), "mine.toml", EXAMPLE.decode().replace(old, new).encode())
    assert not at.exception
    [error] = at.error
    assert error.value.startswith(f"This lesson file cannot be played: mine.toml: {problem}")
    assert "learn.file" not in at.session_state  # the path plays on
    assert at.query_params["lesson"] == "the-pack"


def test_a_link_names_a_lesson_file_of_data_lessons_and_keeps_it():
    at = open_app(None, lesson_file="example-first-lesson", stage="2")
    assert not at.exception
    lesson = read_lesson_file(EXAMPLE_FILE)
    assert lesson.stages[1].text in words(at)
    assert at.query_params["lesson_file"] == "example-first-lesson"
    assert at.query_params["stage"] == "2"
    at = at.button(key="learn.previous").click().run()
    assert lesson.stages[0].text in words(at) and at.query_params["stage"] == "1"
    at = at.button(key="learn.leave_file").click().run()
    assert "lesson_file" not in at.query_params and at.query_params["lesson"] == "the-pack"


def test_a_link_to_a_missing_lesson_file_is_named():
    at = open_app(None, lesson_file="../presets/british")
    assert not at.exception
    text = "\n".join(w.value for w in at.warning)
    assert "lesson_file: no lesson file '../presets/british' in data/lessons" in text
