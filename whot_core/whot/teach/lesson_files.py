"""Whot lessons as files: each stage a position under named rules, a task, and the words.

A Whot lesson file (data/lessons/whot-NN-*.toml, or one a teacher writes: docs/lessons.md) is
read into the same `Lesson` the Learn page plays. The file never states an answer: `ask` takes it
from the engine. It may state what its writer expects (`expect`); a file whose expectation the
engine does not give is refused, as is a wrong card, an impossible position or an illegal move,
each error naming the file, the stage and the field:

    >>> good = EXAMPLE_FILE.read_text(encoding="utf-8")
    >>> read_lesson(good, "mine.toml").title
    'Your first Whot lesson'
    >>> try:
    ...     read_lesson(good.replace('"circle 7"', '"circle 6"', 1), "mine.toml")
    ... except LessonFileError as error:
    ...     print(str(error).split(":")[:3])
    ['mine.toml', ' stage 1', ' hands']

A stage's text may name a sidebar setting as the sidebar does, so that it never drifts from
the sidebar's words: `{setting:hold_on=skip_next}` is "*hold on does* set to *the next player
misses a turn*", `{setting:must_play}` the label alone, `{value:exhausted=count}` the value alone.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from pathlib import Path
from typing import Any

from whot_core.toolkit.lesson_files import (
    LESSONS_DIR,
    LessonFileError,
    Table,
    check_expected,
    path_files,
    read_toml,
    stage_tables,
    words,
)
from whot_core.toolkit.sources import SOURCES
from whot_core.whot.engine.cards import Card
from whot_core.whot.engine.moves import Move
from whot_core.whot.engine.rules import (
    Rules,
    RulesError,
    RulesTypeError,
    rule_label,
    value_from_text,
    value_words,
)
from whot_core.whot.engine.state import GameState, new_game
from whot_core.whot.teach.lessons import Lesson, MatchQuestion, Stage
from whot_core.whot.teach.practice import FOCI, KINDS, ask

__all__ = ["EXAMPLE_FILE", "LessonFileError", "builtin_lessons", "read_lesson", "read_lesson_file"]

#: The tasks a stage may set: the five practice questions, and a match's bookkeeping.
TASKS = (*KINDS, "match")
#: The fields of a Rules object: what `changes`, `toggles` and `teaches` may name.
RULE_NAMES = tuple(f.name for f in dataclasses.fields(Rules))
#: A stage text's placeholders for the sidebar's words: `{setting:NAME}`, `{setting:NAME=VALUE}`,
#: `{value:NAME=VALUE}`.
PLACEHOLDER = re.compile(r"\{(setting|value):([a-z_0-9]+)(?:=([^{}]*))?\}")

#: The docs example (docs/lessons.md shows it; the tests load it).
EXAMPLE_FILE = LESSONS_DIR / "example-first-lesson.toml"


def read_lesson(text: str | bytes, file: str) -> Lesson:
    """A Whot lesson from a lesson file's text; LessonFileError names what is wrong and where."""
    top = Table(read_toml(text, file), file)
    game = top.text("game", "whot")
    if game != "whot":
        raise top.error("game", f"this reader plays Whot lessons, not {game!r}")
    lesson_id = _lesson_id(top)
    title = top.text("title")
    preset = top.choice("preset", Rules.presets())
    toggles = frozenset(_names(top, "toggles", RULE_NAMES, "a rule", []))
    needs = tuple(_names(top, "needs", tuple(FOCI), "a rule a lesson can need", []))
    sources = tuple(top.texts("sources"))
    for source in sources:
        if source not in SOURCES and not source.startswith("docs/rules.md#"):
            raise top.error("sources", f"{source!r} is neither a seed ({', '.join(SOURCES)}) "
                            "nor a section of docs/rules.md (docs/rules.md#...)")  # fmt: skip
    stages = tuple(_stage(each, preset) for each in stage_tables(top))
    top.done()
    return Lesson(lesson_id, title, toggles, sources, stages, preset, needs)


def read_lesson_file(path: str | Path) -> Lesson:
    path = Path(path)
    return read_lesson(path.read_bytes(), path.name)


@functools.cache
def builtin_lessons(folder: Path = LESSONS_DIR) -> tuple[Lesson, ...]:
    """The Whot path: data/lessons/whot-NN-*.toml in the order of their numbers."""
    lessons = tuple(read_lesson_file(path) for path in path_files("whot", folder))
    ids = [each.id for each in lessons]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise LessonFileError(str(folder), None, "id", f"two lessons have the id {twice[0]!r}")
    return lessons


def _lesson_id(top: Table) -> str:
    lesson_id = top.text("id")
    if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", lesson_id):
        raise top.error("id", f"{lesson_id!r}: an id is small letters and digits joined by -, "
                        "as a link shows it (hold-on)")  # fmt: skip
    return lesson_id


def _names(table: Table, key: str, known: tuple[str, ...], what: str, default: Any) -> list[str]:
    names = table.texts(key, default)
    for name in names:
        if name not in known:
            raise table.error(key, f"{name!r} is not {what}; these are: {', '.join(known)}")
    return names


# ------------------------------------------------------------------------------- one stage


def _stage(table: Table, preset: str) -> Stage:
    text = _fill(table, words(table.text("text")))
    rules = _rules(table, preset)
    state = _then(table, _dealt(table, rules) if table.has("deal") else _position(table, rules))
    task = table.choice("ask", TASKS)
    question = _match(table, state) if task == "match" else _question(table, task, state)
    teaches = frozenset(_names(table, "teaches", RULE_NAMES, "a rule", []))
    if task == "match":
        teaches |= {"match"}
    check_expected(table, question)
    table.done()
    return Stage(text, question, teaches)


def _fill(table: Table, text: str) -> str:
    """The text with its placeholders in the sidebar's words."""

    def said(found: re.Match) -> str:
        what, name, value = found.groups()
        if name not in RULE_NAMES:
            raise table.error("text", f"{found[0]}: {name!r} is not a rule")
        if value is None:
            if what == "value":
                raise table.error("text", f"{found[0]}: a value needs {name}=VALUE")
            return f"*{rule_label(name)}*"
        try:
            shown = f"*{value_words(name, value_from_text(name, value))}*"
        except (TypeError, ValueError) as error:
            raise table.error("text", f"{found[0]}: {error}") from None
        return shown if what == "value" else f"*{rule_label(name)}* set to {shown}"

    filled = PLACEHOLDER.sub(said, text)
    left = re.search(r"\{[a-z_]+:[^}]*\}", filled)
    if left:
        raise table.error("text", f"{left[0]} is not a placeholder ({{setting:NAME}}, "
                          "{setting:NAME=VALUE}, {value:NAME=VALUE})")  # fmt: skip
    return filled


def _rules(table: Table, preset: str) -> Rules:
    name = table.choice("rules", Rules.presets(), preset)
    changes = table.table("changes", {})
    for key in changes:
        if key not in RULE_NAMES:
            raise table.error(f"changes.{key}", f"not a rule; the rules: {', '.join(RULE_NAMES)}")
    try:
        return Rules.preset(name).replace(**changes)
    except (RulesError, RulesTypeError) as error:
        raise table.error(f"changes.{error.field}", str(error)) from None
    except (TypeError, ValueError) as error:
        raise table.error("changes", str(error)) from None


def _cards(table: Table, key: str, cards: list[str], whose: str = "") -> None:
    """Each card's text read, so that a wrong card is named with its field."""
    for text in cards:
        try:
            Card.parse(text)
        except (TypeError, ValueError) as error:
            raise table.error(key, f"{whose}{text!r} is not a card: {error}") from None


def _position(table: Table, rules: Rules) -> GameState:
    hands = table.hands("hands")
    for seat, hand in enumerate(hands):
        _cards(table, "hands", hand, f"seat {seat}'s " if len(hands) > 1 else "")
    pile, market = table.texts("pile", []), table.texts("market", None)
    for key, cards in (("pile", pile), ("market", market or [])):
        _cards(table, key, cards)
    position = {
        "to_play": table.whole("to_play", 0),
        "penalty": table.whole("penalty", 0),
        "called": table.text("called", None),
    }
    try:
        return GameState.from_position(rules, hands, pile, market, **position)
    except (TypeError, ValueError) as error:
        field = _field_of(str(error), table)
        raise table.error(field, str(error).removeprefix(f"{field}: ")) from None


def _field_of(message: str, table: Table) -> str:
    """The field a position's error is about: the one it starts with, else where its card is."""
    found = re.match(r"(hands|pile|market|called|penalty|to_play)\b", message)
    if found:
        return found[1]
    for key in ("hands", "pile", "market"):
        if key in table.data and message.split(" ")[0] in str(table.data[key]):
            return key
    return "hands"


def _dealt(table: Table, rules: Rules) -> GameState:
    deal = Table(table.table("deal"), table.file, table.stage)
    try:
        players = deal.whole("players", 2, low=1)
        seed, dealer = deal.whole("seed", 0), deal.whole("dealer", None)
        state = new_game(rules, players, seed=seed, dealer=dealer)
        deal.done()
    except LessonFileError as error:
        raise table.error(f"deal.{error.field}", error.words) from None
    except (TypeError, ValueError) as error:
        raise table.error("deal", str(error)) from None
    for key in ("hands", "pile", "market", "to_play", "penalty", "called"):
        if table.has(key):
            raise table.error(key, "a dealt stage takes its cards from the deal; leave this out")
    return state


def _then(table: Table, state: GameState) -> GameState:
    """The position after the stage's moves `then`, each checked by the engine."""
    for n, move in enumerate(table.texts("then", []), 1):
        try:
            if state.is_over:
                raise ValueError("the game is already over")
            if not state.is_legal(move):
                raise ValueError(f"not legal here: {state.explain(move)}")
            state = state.apply(move)
        except (TypeError, ValueError) as error:
            raise table.error("then", f"move {n}, {move!r}: {error}") from None
    return state


def _question(table: Table, task: str, state: GameState):
    move = table.text("move", None)
    seat = table.whole("seat", None)
    if move is not None:
        try:
            move = Move.parse(move)
        except (TypeError, ValueError) as error:
            raise table.error("move", f"{move!r} is not a move: {error}") from None
    try:
        return ask(task, state, move, seat)
    except (TypeError, ValueError) as error:
        field, _, rest = str(error).partition(": ")
        if field in ("move", "seat"):
            raise table.error(field, rest) from None
        raise table.error("ask", str(error)) from None


def _match(table: Table, state: GameState) -> MatchQuestion:
    totals = tuple(table.wholes("totals"))
    number = table.whole("number", 1, low=1)
    try:
        return MatchQuestion(state, totals, number)
    except ValueError as error:
        field, _, rest = str(error).partition(": ")
        raise table.error("totals" if field == "state" else "changes.match", rest) from None
