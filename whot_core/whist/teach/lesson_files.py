"""Whist lessons as files: each stage a position late in a hand (or a seeded deal), a task,
the words and the seed's own words on it.

A Whist lesson file (data/lessons/whist-NN-*.toml) says `game = "whist"`; its stages give the
four hands (South's, West's, North's, East's), the hand's number (which sets the trumps by the
rotation), the tricks won, the trick so far and its leader, and the card asked about. As for
Whot (`whot_core.whot.teach.lesson_files`), the Whist engine gives every answer, a stated
`expect` must be the engine's, and every error names the file, the stage and the field.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from ...toolkit import lesson_files as shared
from ...toolkit.lesson_files import LessonFileError, Table
from ...toolkit.sources import SEED_001
from ..engine.cards import Card
from ..engine.state import WhistState, new_game
from .lessons import WhistLesson, WhistStage
from .questions import KINDS, ask

__all__ = ["builtin_lessons", "read_lesson", "read_lesson_file"]


def read_lesson(text: str | bytes, file: str) -> WhistLesson:
    """A Whist lesson from a lesson file's text; LessonFileError names what is wrong and where."""
    top = Table(shared.read_toml(text, file), file)
    if top.text("game") != "whist":
        raise top.error("game", 'this reader plays Whist lessons (game = "whist")')
    lesson_id, title = top.text("id"), top.text("title")
    sources = tuple(top.texts("sources", [SEED_001]))
    if sources != (SEED_001,):
        raise top.error("sources", f"the Whist lessons' one source is {SEED_001!r}")
    stages = tuple(_stage(each) for each in shared.stage_tables(top))
    top.done()
    return WhistLesson(lesson_id, title, stages)


def read_lesson_file(path: str | Path) -> WhistLesson:
    path = Path(path)
    return read_lesson(path.read_bytes(), path.name)


@functools.cache
def builtin_lessons(folder: Path = shared.LESSONS_DIR) -> tuple[WhistLesson, ...]:
    """Whist's path: data/lessons/whist-NN-*.toml in the order of their numbers."""
    return tuple(read_lesson_file(path) for path in shared.path_files("whist", folder))


def _stage(table: Table) -> WhistStage:
    text = shared.words(table.text("text"))
    quote = table.text("quote", "")  # the seed's exact words: kept as written
    state = _dealt(table) if table.has("deal") else _position(table)
    task = table.choice("ask", KINDS)
    card = table.text("card", None)
    if card is not None:
        _card(table, "card", card)
    try:
        question = ask(task, state, card)
    except (TypeError, ValueError) as error:
        field, _, rest = str(error).partition(": ")
        problem = table.error("card", rest) if field == "card" else table.error("ask", str(error))
        raise problem from None
    shared.check_expected(table, question)
    table.done()
    return WhistStage(text, question, quote)


def _card(table: Table, key: str, text: str, whose: str = "") -> None:
    try:
        Card.of(text)
    except (TypeError, ValueError) as error:
        raise table.error(key, f"{whose}{text!r} is not a card: {error}") from None


def _position(table: Table) -> WhistState:
    hands = table.hands("hands")
    for seat, hand in enumerate(hands):
        for text in hand:
            _card(table, "hands", text, f"seat {seat}'s ")
    trick = table.texts("trick", [])
    for text in trick:
        _card(table, "trick", text)
    position: dict[str, Any] = {
        "hand_number": table.whole("hand", 1, low=1),
        "tricks_won": tuple(table.wholes("won", [0, 0])),
        "scores": tuple(table.wholes("scores", [0, 0])),
        "leader": table.whole("leader", None),
    }
    try:
        return WhistState.from_position(hands, trick=trick, **position)
    except (TypeError, ValueError) as error:
        field, _, rest = str(error).partition(": ")
        named = {"hand_number": "hand", "tricks_won": "won"}.get(field, field)
        if named in ("hands", "trick", "hand", "won", "scores", "leader"):
            raise table.error(named, rest) from None
        raise table.error("hands", str(error)) from None


def _dealt(table: Table) -> WhistState:
    deal = Table(table.table("deal"), table.file, table.stage)
    try:
        seed = deal.whole("seed", 0)
        deal.done()
        return new_game(seed=seed)
    except LessonFileError as error:
        raise table.error(f"deal.{error.field}", error.words) from None
    except (TypeError, ValueError) as error:
        raise table.error("deal", str(error)) from None
