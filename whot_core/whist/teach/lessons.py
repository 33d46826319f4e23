"""Whist's Learn path: five short lessons, each a few positions on the Whist table.

As in Whot's lessons (`whot_core.whot.teach.lessons`), a stage is a sentence or two of teaching,
then one question on a real position (`whot_core.whist.teach.questions`), whose answer and
explanation the Whist engine works out, so a lesson cannot teach a rule the engine does not play.
A stage may quote the seed word for word (`WhistStage.quote`), naming it in words (`SOURCE`, as
docs/rules.md's list of sources does). The lessons are data: one file a lesson,
data/lessons/whist-NN-*.toml, read by `whot_core.whist.teach.lesson_files`.

    >>> first = lesson("following-suit")
    >>> first.id, len(first.stages)
    ('following-suit', 4)
    >>> question = first.stages[0].question
    >>> [str(card) for card in question.answer]
    ['5♦']
    >>> question.check(["5♦"]).correct, question.check(["K♠"]).correct
    (True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...toolkit.sources import SEED_001, source_words
from .questions import WhistQuestion

__all__ = [  # noqa: F822 (LESSONS is read from data/lessons/ when asked for: __getattr__)
    "LESSONS",
    "SOURCE",
    "WhistLesson",
    "WhistStage",
    "lesson",
]

#: The seed's Whist, named as a reader can look it up (`whot_core.sources`).
SOURCE = source_words(SEED_001)


@dataclass(frozen=True)
class WhistStage:
    """One step of a lesson: a sentence or two of teaching, the seed's words on it (`quote`,
    exact, or empty), then one question."""

    text: str
    question: WhistQuestion
    quote: str = ""


@dataclass(frozen=True)
class WhistLesson:
    id: str
    title: str
    stages: tuple[WhistStage, ...]


def lesson(lesson_id: str) -> WhistLesson:
    """The Whist lesson with this id (the id is what links use)."""
    found = {each.id: each for each in _path()}
    if lesson_id not in found:
        raise ValueError(f"unknown Whist lesson {lesson_id!r}; the lessons are: {', '.join(found)}")
    return found[lesson_id]


def _path() -> tuple[WhistLesson, ...]:
    # Imported here: whist.teach.lesson_files builds its lessons with this module's classes.
    from .lesson_files import builtin_lessons

    return builtin_lessons()


def __getattr__(name: str) -> Any:
    """`LESSONS`, the lessons in order (trick play, trumps, the no-trump hand, scoring, the
    game), read from data/lessons/ when first asked for."""
    if name == "LESSONS":
        return _path()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
