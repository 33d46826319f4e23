"""The lessons ask exactly the questions they asked when they were code (issue 29).

tests/golden/lessons/lesson_questions.json holds every stage of every lesson, Whot's and
Whist's: the lesson's facts, the stage's words and its question (the table, the task, the
choices as the buttons say them, the answer and the engine's explanation), written by
make_lesson_questions.py from the lessons as they were before they became files in
data/lessons/. The lessons read from the files must give the same text, byte for byte.
"""

from __future__ import annotations

from pathlib import Path

from helpers import load_script

LESSONS = Path(__file__).resolve().parent / "golden" / "lessons"


def test_every_stage_asks_the_golden_question() -> None:
    maker = load_script(LESSONS / "make_lesson_questions.py")
    stored = (LESSONS / "lesson_questions.json").read_text(encoding="utf-8")
    now = maker.text()
    if now != stored:  # name the first stage that differs, not a 170 kB diff
        old, new = stored.splitlines(), now.splitlines()
        at = next((n for n, (a, b) in enumerate(zip(old, new, strict=False)) if a != b), None)
        at = min(len(old), len(new)) if at is None else at
        raise AssertionError(
            f"line {at + 1} differs: stored {old[at] if at < len(old) else '(end)'!r}, "
            f"now {new[at] if at < len(new) else '(end)'!r}"
        )


def test_the_golden_file_covers_every_stage() -> None:
    import json

    data = json.loads((LESSONS / "lesson_questions.json").read_text(encoding="utf-8"))
    assert len(data["whot"]) == 15 and sum(len(x["stages"]) for x in data["whot"]) == 58
    assert len(data["whist"]) == 5 and sum(len(x["stages"]) for x in data["whist"]) == 16
