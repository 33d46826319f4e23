"""Lesson files (data/lessons/*.toml): the loader refuses each kind of mistake naming the file,
the stage and the field; the docs example loads and is the file docs/lessons.md shows; the
command line checks a file; the lessons' Python code holds no card text (issue 29)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from whot_core.toolkit.lesson_files import LESSONS_DIR, LessonFileError, path_files
from whot_core.whist.teach import lesson_files as whist_files
from whot_core.whot.teach.lesson_files import EXAMPLE_FILE, read_lesson, read_lesson_file

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = EXAMPLE_FILE.read_text(encoding="utf-8")
WHIST = (LESSONS_DIR / "whist-02-trumps.toml").read_text(encoding="utf-8")

#: (what goes wrong, the text replaced, its replacement, stage, field, words in the error)
MISTAKES = [
    ("not TOML", 'id = "first-lesson"', "id = first lesson", None, "", "not valid TOML"),
    ("unknown lesson field", 'title =', 'titel = "x"\ntitle =', None, "titel", "not a field"),
    ("unknown stage field", 'ask = "playable"', 'ask = "playable"\nanswer = ["circle 7"]', 1,
     "answer", "not a field of a stage"),
    ("missing field", 'pile = ["circle 10"]\nask = "playable"', 'pile = ["circle 10"]', 1, "ask",
     "missing"),
    ("wrong type", "seat = 1", 'seat = "one"', 3, "seat", "expected a whole number"),
    ("unknown preset", 'preset = "nigerian"', 'preset = "naija"', None, "preset",
     "'naija' is not one of"),
    ("unknown rule changed", 'ask = "playable"', 'changes = { hold_off = true }\nask = "playable"',
     1, "changes.hold_off", "not a rule"),
    ("a change the rules refuse", 'ask = "playable"', 'changes = { hand_size = 0 }\nask = '
     '"playable"', 1, "changes.hand_size", "Hand size"),
    ("wrong card", '"circle 7", "triangle 4"', '"circle 7", "triangle 6"', 1, "hands",
     "'triangle 6' is not a card"),
    ("wrong card in the pile", 'pile = ["circle 10"]\nask = "playable"',
     'pile = ["circle 0"]\nask = "playable"', 1, "pile", "'circle 0' is not a card"),
    ("illegal position: a card twice", '["cross 5", "square 7", "triangle 11"]',
     '["circle 7", "square 7", "triangle 11"]', 1, "hands", "circle 7 appears 2 times"),
    ("illegal position: a call without a Whot", 'pile = ["circle 10"]\nask = "playable"',
     'pile = ["circle 10"]\ncalled = "star"\nask = "playable"', 1, "called", "needs a Whot"),
    ("illegal move before the question", 'then = ["play circle 5"]', 'then = ["play cross 3"]', 3,
     "then", "move 1, 'play cross 3'"),
    ("a move that is no move", 'move = "play triangle 2"', 'move = "play circle 9"', 2,
     "move", "'play circle 9' is not a move"),
    ("a move the task cannot ask about", 'move = "play triangle 2"', 'move = "play circle 3"', 2,
     "move", "not legal here"),
    ("a task that is not a task", 'ask = "count"', 'ask = "winner"', 3, "ask", "not one of"),
    ("an answer the engine does not give", "expect = 25", "expect = 24", 3, "expect",
     "the engine does not give 24. The answer: 25."),
    ("an expected set of cards the engine does not give", 'expect = ["circle 7", "square 10"]',
     'expect = ["circle 7"]', 1, "expect", "The answer: circle 7, square 10."),
    ("unknown placeholder", "or a Whot.", "or a {setting:hold_of}.", 1, "text",
     "'hold_of' is not a rule"),
    ("unknown source", 'sources = ["seeds/002_8af2d548213f4fe5.txt"]', 'sources = ["wikipedia"]',
     None, "sources", "neither a seed"),
    ("a rule the lesson cannot need", 'toggles = ["specials"]',
     'toggles = ["specials"]\nneeds = ["jokers"]', None, "needs", "'jokers' is not"),
    ("no stages", "[[stages]]", "[[stagez]]", None, "stagez", "not a field of a lesson"),
    ("a bad id", 'id = "first-lesson"', 'id = "First Lesson"', None, "id", "small letters"),
]  # fmt: skip


WHIST_MISTAKES = [
    ("wrong card", '["KS"]', '["KX"]', 1, "hands", "'KX' is not a card"),
    ("a card its player does not hold", 'card = "2S"', 'card = "9C"', 1, "card",
     "not legal here"),
    ("an answer the engine does not give", 'card = "2S"', 'card = "2S"\nexpect = 0', 1, "expect",
     "The answer: East."),
    ("illegal position: three hands", '  ["2S", "5H"],\n]', "]", 1, "hands", "four hands"),
    ("not a Whist file", 'game = "whist"', 'game = "chess"', None, "game", "Whist lessons"),
]  # fmt: skip


CASES = [(read_lesson, EXAMPLE, *m[1:]) for m in MISTAKES]
CASES += [(whist_files.read_lesson, WHIST, *m[1:]) for m in WHIST_MISTAKES]


@pytest.mark.parametrize(
    ("read", "text", "old", "new", "stage", "field", "said"),
    CASES,
    ids=[m[0] for m in MISTAKES] + [f"Whist: {m[0]}" for m in WHIST_MISTAKES],
)
def test_each_mistake_is_refused_naming_file_stage_and_field(read, text, old, new, stage, field,
                                                             said):  # fmt: skip
    assert old in text
    with pytest.raises(LessonFileError) as caught:
        read(text.replace(old, new, 1), "mine.toml")
    error = caught.value
    assert (error.file, error.stage, error.field) == ("mine.toml", stage, field)
    where = ": ".join(["mine.toml", *([f"stage {stage}"] if stage else []), *([field] if field
                                                                             else [])])  # fmt: skip
    assert str(error).startswith(f"{where}: ")
    assert said in error.words


def test_the_docs_example_loads_and_is_the_file_docs_lessons_shows():
    lesson = read_lesson_file(EXAMPLE_FILE)
    assert (lesson.id, lesson.title) == ("first-lesson", "Your first Whot lesson")
    assert len(lesson.stages) == 3
    docs = (ROOT / "docs" / "lessons.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```toml\n(.*?)```", docs, flags=re.DOTALL)
    assert EXAMPLE in blocks  # the page shows the whole file, as it is


def test_a_placeholder_says_the_setting_as_the_sidebar_does():
    text = EXAMPLE.replace("or a Whot.", "or a Whot. {setting:hold_on=skip_next}.", 1)
    said = read_lesson(text, "mine.toml").stages[0].text
    assert said.endswith("or a Whot. *hold on does* set to *the next player misses a turn*.")


def test_the_path_is_the_numbered_files_and_the_example_is_not_on_it():
    from whot_core.whist.teach.lessons import LESSONS as WHIST_LESSONS
    from whot_core.whot.teach.lessons import LESSONS

    assert [p.name[:8] for p in path_files("whot")] == [f"whot-{n:02d}-" for n in range(1, 16)]
    assert [each.id for each in LESSONS] == [p.stem[8:] for p in path_files("whot")]
    assert [each.id for each in WHIST_LESSONS] == [p.stem[9:] for p in path_files("whist")]
    assert "first-lesson" not in [each.id for each in LESSONS]


@pytest.mark.parametrize(
    "path", ["whot_core/whot/teach/lessons.py", "whot_core/whist/teach/lessons.py"]
)
def test_no_card_text_in_the_lessons_python_code(path):
    code = (ROOT / path).read_text(encoding="utf-8")
    code = re.sub(r'"""[\s\S]*?"""', "", code)  # docstrings may show an example
    whot = re.findall(r"\b(?:circle|triangle|cross|square|star) \d+\b|\"whot\"", code)
    whist = re.findall(r"[\"'](?:10|[2-9AKQJ])[SHDC♠♥♦♣][\"']", code)
    assert whot + whist == []


def run_check(path: Path | str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "whot_core", "lesson", "check", str(path)],
        capture_output=True, text=True, cwd=ROOT, timeout=120,
    )  # fmt: skip


def test_the_command_line_checks_a_good_file():
    done = run_check("data/lessons/example-first-lesson.toml")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "data/lessons/example-first-lesson.toml: a Whot lesson, 'Your first Whot lesson' "
        "(id first-lesson), 3 stages, every answer the engine's:",
        "  stage 1 (playable): circle 7, square 10",
        "  stage 2 (hand_sizes): Seat 0: 1 · Seat 1: 5",
        "  stage 3 (count): 25",
    ]


def test_the_command_line_refuses_a_bad_file_with_exit_code_2(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(EXAMPLE.replace("expect = 25", "expect = 24"), encoding="utf-8")
    done = run_check(bad)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"error: {bad}: stage 3: expect: the engine does not give 24.")


def test_the_command_line_checks_a_whist_file():
    done = run_check("data/lessons/whist-02-trumps.toml")
    assert done.returncode == 0, done.stderr
    assert "a Whist lesson, 'Trumps and their rotation'" in done.stdout
