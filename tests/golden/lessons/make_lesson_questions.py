"""Write lesson_questions.json: every lesson stage's question, as the learner meets it.

Run only when a lesson's question is meant to change
(`python tests/golden/lessons/make_lesson_questions.py`); tests/test_lesson_questions.py
checks that the lessons still ask exactly these questions, byte for byte.
For each stage: the lesson's facts, the stage's words, and its question: the table (the position's
record), the task, the choices as the buttons say them, the answer and the engine's explanation.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent / "lesson_questions.json"


def _said(question: Any, value: Any) -> str:
    """A choice or answer in words, as the Learn page's buttons say it."""
    from whot_core.learn.page import choice_label

    return choice_label(question, value, False)


def question_facts(question: Any) -> dict[str, Any]:
    """A question's table, task, choices, answer and explanation, as plain data."""
    if hasattr(question, "to_dict"):  # a Whot question's own JSON holds its table
        facts: dict[str, Any] = {"json": question.to_dict()}
    else:
        facts = {"kind": question.kind, "table": question.state.record().to_dict()}
    for name in ("move", "seat", "card", "totals", "number"):
        value = getattr(question, name, None)
        if value is not None:
            facts[name] = value if isinstance(value, int | tuple) else str(value)
    facts |= {
        "task": question.prompt,
        "choices": [_said(question, choice) for choice in question.choices],
        "answer": _said(question, question.answer),
        "explanation": question.check(question.answer).explanation,
    }
    return facts


def lesson_facts() -> dict[str, Any]:
    from whot_core.whist.teach.lessons import LESSONS as WHIST
    from whot_core.whot.teach.lessons import LESSONS

    whot = [
        {
            "id": each.id,
            "title": each.title,
            "toggles": sorted(each.toggles),
            "sources": list(each.sources),
            "preset": each.preset,
            "needs": list(each.needs),
            "stages": [
                {"text": s.text, "teaches": sorted(s.teaches), **question_facts(s.question)}
                for s in each.stages
            ],
        }
        for each in LESSONS
    ]
    whist = [
        {
            "id": each.id,
            "title": each.title,
            "stages": [
                {"text": s.text, "quote": s.quote, **question_facts(s.question)}
                for s in each.stages
            ],
        }
        for each in WHIST
    ]
    return {"whot": whot, "whist": whist}


def text() -> str:
    return json.dumps(lesson_facts(), indent=1, ensure_ascii=False, sort_keys=True) + "\n"


if __name__ == "__main__":
    OUT.write_text(text(), encoding="utf-8")
    print(f"wrote {OUT}")
