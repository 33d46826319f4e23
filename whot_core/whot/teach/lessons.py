"""The Learn path: short lessons, each a few stages of one position and one task.

As in lichess's Learn path, a stage is a small position and one question about it, after one or
two sentences of teaching. The lessons are data: one file a lesson in data/lessons/, read by
`whot_core.whot.teach.lesson_files` (docs/lessons.md says how to write one). Each position is
built with `GameState.from_position` (or dealt with a seed) under a named preset, perhaps with
toggles changed, and every answer comes from the engine through `whot_core.whot.teach.practice`,
so a lesson cannot teach a rule the engine does not play.

    >>> first = lesson("the-pack")
    >>> first.id, len(first.stages)
    ('the-pack', 4)
    >>> stage = first.stages[0]
    >>> stage.question.check(stage.question.answer).correct
    True

The lessons follow the notebooks' order. `lesson.applies_to(rules)` says whether the rule a lesson
teaches can happen under some rules (a lesson on hold on has nothing to show without a hold on
card), and `lesson.preset` is the preset to offer instead.

A stage is written under the rules its text names, but a learner may have chosen others.
`stage.pose(rules)` sets the same position under the learner's rules and keeps it there when
they agree on the rules the stage's words are about (`stage.teaches`: the web rules' deal of five,
a rubber) and the engine plays it the same way (the same answer, the same explanation); when it
plays differently there, the stage keeps its own rules and `Posed.there` is the position under
the learner's rules, to show the difference after the answer.

    >>> from whot_core import Rules
    >>> stage = lesson("hold-on").stages[0]
    >>> stage.pose(Rules.preset("naija_tournament")).under_chosen
    True
    >>> stage.pose(Rules.preset("nigerian").replace(hold_on="skip_next")).under_chosen
    False
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from whot_core.toolkit.learning import Verdict, stars
from whot_core.whot.engine.events import Announced, AnnouncementMissed, Flipped, Reshuffled
from whot_core.whot.engine.matches import settle
from whot_core.whot.engine.narrate import seat_name
from whot_core.whot.engine.rules import MatchFormat, Rules, rule_label, value_words
from whot_core.whot.engine.scoring import hand_points
from whot_core.whot.engine.state import GameState
from whot_core.whot.teach.practice import Question, ask, idle_reason, seat_does, seats_have

__all__ = [  # noqa: F822 (LESSONS is read from data/lessons/ when asked for: __getattr__)
    "LESSONS",
    "Lesson",
    "MatchQuestion",
    "Posed",
    "Stage",
    "lesson",
    "stars",
]


@dataclass(frozen=True)
class Posed:
    """A stage under the rules a learner chose.

    `question` is what to ask: under the chosen rules when the position plays the same there
    (`under_chosen`), else under the stage's own rules. Then `why` says in words why the
    stage keeps its own rules (it completes "this position ..."), and `there` is the same
    position under the chosen rules (None when it cannot happen there), for the difference
    after the answer."""

    question: Question | MatchQuestion
    under_chosen: bool
    there: Question | MatchQuestion | None = None
    why: str = ""


@dataclass(frozen=True)
class Stage:
    """One step of a lesson: a sentence or two of teaching, then one question.

    `teaches` names the `Rules` fields whose values the text states of this very position
    (the web rules' deal of five; a rubber): the stage moves to other rules only where those
    fields are the same."""

    text: str
    question: Question | MatchQuestion
    teaches: frozenset[str] = frozenset()

    def pose(self, rules: Rules) -> Posed:
        """This stage under `rules`: the same cards and moves, the engine's answer there.

        The text was written for the stage's own rules, so the stage moves to `rules` only
        when they agree on the fields the text is about (`teaches`) and nothing the learner is
        shown changes: the same table, the same choices, the same answer and the same
        explanation of it. Otherwise `Posed.why` says what differs, true of this position: a
        deal that gives other cards, or moves that lead elsewhere under `rules`. Posed once
        a process for each rules (`_posed`): the same `Posed` every time, so that a page may
        keep what it drew of the question (compared by identity) from one run to the next."""
        return _posed(self, rules)


@functools.lru_cache(maxsize=512)
def _posed(stage: Stage, rules: Rules) -> Posed:
    """`Stage.pose`, worked out (a stage and the rules are frozen, and hash quickly)."""
    own = stage.question
    if rules == own.state.rules:
        return Posed(own, True)
    other = sorted(f for f in stage.teaches if getattr(rules, f) != getattr(own.state.rules, f))
    if other:
        about = " and ".join(rule_label(f) for f in other)
        return Posed(own, False, None, f"is about the {about}, set otherwise in them")
    try:
        there = _again(own, rules)
    except ValueError as error:
        return Posed(own, False, None, f"cannot happen under them ({_plain(error)})")
    if _table(there.state) != _table(own.state):
        return Posed(own, False, None, _elsewhere(own.state, rules))
    if (there.answer, there.choices, _explained(there)) == (
        own.answer,
        own.choices,
        _explained(own),
    ):
        return Posed(there, True)
    if there.answer == own.answer:
        return Posed(own, False, there, f"has the same answer under them{same_answer(own, there)}")
    return Posed(own, False, there, "plays differently under them")


def same_answer(own: Question | MatchQuestion, there: Question | MatchQuestion) -> str:
    """What differs when a position has the same answer under other rules, to follow "the same
    answer": what the move does there besides (", but there Seat 0 also draws two for not
    saying "semi last card""), else ", for another reason" (the engine explains it otherwise)."""
    if not isinstance(own, Question) or own.move is None or not own.state.is_legal(own.move):
        return ", for another reason"
    if not there.state.is_legal(there.move):
        return ", for another reason"
    mine, theirs = (_after(q) for q in (own, there))
    said: list[str] = []
    for event in theirs - mine:
        if isinstance(event, AnnouncementMissed):
            said.append(f'{seat_name(event.seat)} also draws two for not saying "{event.words}"')
        elif (
            isinstance(event, Announced) and AnnouncementMissed(event.seat, event.words) not in mine
        ):
            said.append(f'{seat_name(event.seat)} also says "{event.words}"')
    for event in mine - theirs:
        if isinstance(event, AnnouncementMissed):
            said.append(f'{seat_name(event.seat)} draws nothing for not saying "{event.words}"')
        elif (
            isinstance(event, Announced)
            and AnnouncementMissed(event.seat, event.words) not in theirs
        ):
            said.append(f'{seat_name(event.seat)} does not say "{event.words}"')
    refills = {Flipped: "turned over", Reshuffled: "shuffled"}
    how = [[refills[type(e)] for e in events if type(e) in refills] for events in (mine, theirs)]
    if how[0] and how[1] and how[0] != how[1]:
        said.append(f"the pile under the top card is {how[1][0]} rather than {how[0][0]}")
    card = own.move.card
    if card is not None and not card.is_whot:
        effects = [q.state.rules.effect_of(card.number) for q in (own, there)]
        if effects[0] != effects[1]:
            what = "a plain card" if effects[1] is None else effects[1].title.lower()
            said.append(f"{card} is {what}")
    if not said:
        return ", for another reason"
    return ", but there " + " and ".join(said)


def _after(question: Question) -> set:
    """The events of the question's move."""
    state = question.state
    return set(state.apply(question.move).events[len(state.events) :])


def _again(question: Question | MatchQuestion, rules: Rules) -> Question | MatchQuestion:
    """The same question on the same cards and moves under `rules`; ValueError when the
    position or a move cannot happen there."""
    if isinstance(question, MatchQuestion):
        return question.under(rules)
    record = dataclasses.replace(question.state.record(), rules=rules)
    return ask(question.kind, record.replay(), question.move, question.seat)


def _plain(error: ValueError) -> str:
    """The engine's words for why a position cannot happen, without the code names in them
    (the field a message starts with, a parenthesis that names settings) or a final stop."""
    words = re.sub(r"^([a-z_]+: )+", "", str(error))
    names = "|".join(f.name for f in dataclasses.fields(Rules))
    words = re.sub(rf" ?\([^()]*\b(?:{names})\b[^()]*\)", "", words)
    return words.rstrip(". ")


def _elsewhere(own: GameState, rules: Rules) -> str:
    """Why a position is not the same table under `rules`, true of it: the deal gives other
    cards there, or the moves that led to it lead elsewhere (named, with what differs)."""
    record = own.record()
    start = dataclasses.replace(record, moves=())
    first = dataclasses.replace(start, rules=rules).replay()
    if _table(first) != _table(start.replay()):
        if "deal" in record.setup:
            return "comes from a deal, which gives other cards under them"
        return "starts with other cards on the table under them"
    state, there, done = start.replay(), first, []
    for move in record.moves:  # in the narration's words, without what the player says
        done.append(seat_does(state, dataclasses.replace(move, announce=None)))
        state, there = state.apply(move), there.apply(move)
        if _table(state) != _table(there):
            break
    what = f"comes after {' and '.join(done)}"
    if state.is_over != there.is_over:
        mine, theirs = ("its own rules", "them") if state.is_over else ("them", "its own rules")
        return f"{what}, which ends the game under {mine} but not under {theirs}"
    if state.current_player != there.current_player:
        return (
            f"{what}: then {seat_name(state.current_player)} plays under its own rules, "
            f"{seat_name(there.current_player)} under them"
        )
    return f"{what}, which leaves other cards on the table under them"


def _table(state: GameState) -> tuple:
    """What a position is: the hands, the pile, who plays, any call, whether it is over. (The
    market is hidden; a drawn card that differs under other rules shows in the explanation.)"""
    return (state.hands, state.pile, state.current_player, state.called, state.is_over)


def _explained(question: Question | MatchQuestion) -> str:
    return question.check(question.answer).explanation


# ---------------------------------------------------------------------------- matches


#: What a match question asks under each format, and what its answer does (said of one seat,
#: and of several).
_MATCH_ASKS = {
    MatchFormat.SHORT_RUBBER: (
        "Who pays a counter into the kitty?",
        "pays a counter into the kitty",
        "each pay a counter into the kitty",
    ),
    MatchFormat.LONG_RUBBER: (
        "Who pays a counter into the kitty?",
        "pays a counter into the kitty",
        "each pay a counter into the kitty",
    ),
    MatchFormat.ELIMINATION_100: ("Who drops out?", "drops out", "drop out"),
    MatchFormat.TOURNAMENT: ("Who is eliminated?", "is eliminated", "are eliminated"),
}


@dataclass(frozen=True)
class MatchQuestion:
    """Who a match's bookkeeping names after one game: who pays a counter into the kitty (a
    rubber), who drops out (elimination at 100), who is eliminated (a tournament).

    `state` is the game just over, `totals` the match's totals before it (seat by seat) and
    `number` the game's number in the match. The answer is `whot_core.whot.engine.matches.settle`'s
    on the game's counts: a tuple of seats, empty for nobody. It has the attributes the Learn
    page reads of a practice question (`kind`, `prompt`, `choices`, `answer`, `check`)."""

    state: GameState
    totals: tuple[int, ...]
    number: int = 1
    kind: str = "match"
    move: None = None
    seat: None = None

    def __post_init__(self) -> None:
        if self.state.rules.match not in _MATCH_ASKS:
            raise ValueError(f"match: {value_words('match', self.state.rules.match)} names nobody")
        if not self.state.is_over or len(self.totals) != self.state.players:
            raise ValueError("state: a match question needs a finished game and every total")

    @property
    def points(self) -> tuple[int, ...]:
        """Each seat's count in this game (the winner's empty hand counts 0)."""
        star_double = self.state.rules.star_double
        return tuple(hand_points(hand, star_double) for hand in self.state.hands)

    @property
    def settlement(self):
        return settle(
            self.state.rules.match, self.totals, self.points, self.number, self.state.winners
        )

    @property
    def answer(self) -> tuple[int, ...]:
        done = self.settlement
        return (
            done.paid
            if self.state.rules.match
            in (
                MatchFormat.SHORT_RUBBER,
                MatchFormat.LONG_RUBBER,
            )
            else done.eliminated
        )

    @property
    def choices(self) -> tuple[tuple[int, ...], ...]:
        seats = tuple((seat,) for seat in range(self.state.players))
        extra = () if self.answer in seats else (self.answer,)
        return (*seats, *extra, ()) if self.answer else (*seats, ())

    @property
    def task(self) -> str:
        return _MATCH_ASKS[self.state.rules.match][0]

    @property
    def situation(self) -> str:
        """The table in words: who went out, what the others hold, the totals so far."""
        state = self.state
        held = "; ".join(
            f"{seat_name(seat)} holds {', '.join(map(str, hand))}"
            if hand
            else f"{seat_name(seat)} went out"
            for seat, hand in enumerate(state.hands)
        )
        return f"Game {self.number} of the match is over: {held}.{self._totals_before()}"

    @property
    def so_far(self) -> str:
        """What a table beside the words does not show: the game's number in the match and the
        totals before it (`situation` without the hands, which the table shows)."""
        return f"Game {self.number} of the match is over.{self._totals_before()}"

    def _totals_before(self) -> str:
        return f" Totals before it: {self._seats(self.totals)}." if any(self.totals) else ""

    @property
    def prompt(self) -> str:
        return f"{self.situation} {self.task}"

    def say(self, value: Any) -> str:
        """An answer in words, as a button says it: "Seat 1", "Seats 0 and 2", "Nobody"."""
        seats = self._read(value)
        if not seats:
            return "Nobody"
        if len(seats) == 1:
            return seat_name(seats[0])
        return f"Seats {', '.join(map(str, seats[:-1]))} and {seats[-1]}"

    def check(self, response: Any) -> Verdict:
        why = self.explanation()
        right = f"The answer: {self.say(self.answer)}."
        try:
            value = self._read(response)
        except (TypeError, ValueError) as error:
            return Verdict(False, f"That is not an answer here: {error}. {right} {why}")
        if value == self.answer:
            return Verdict(True, f"Right. {why}")
        return Verdict(False, f"Not quite: you said {self.say(value)}. {right} {why}")

    def explanation(self) -> str:
        """The counts, then what the format does with them (the engine's settlement)."""
        match = self.state.rules.match
        text = f"This game's counts: {self._seats(self.points)}."
        if match is MatchFormat.ELIMINATION_100:
            text += f" Totals now: {self._seats(self.settlement.totals)}; 100 or more drops out."
        elif match is MatchFormat.TOURNAMENT:
            text += " The highest count is eliminated."
        else:
            text += " The highest count pays a counter into the kitty."
        _, one, several = _MATCH_ASKS[match]
        if not self.answer:
            return f"{text} So nobody {one}."
        return f"{text} So: {self.say(self.answer)} {several if len(self.answer) > 1 else one}."

    def under(self, rules: Rules) -> MatchQuestion:
        """The same game and totals under other rules (ValueError when it cannot happen)."""
        record = dataclasses.replace(self.state.record(), rules=rules)
        return MatchQuestion(record.replay(), self.totals, self.number)

    def _seats(self, values: Sequence[int]) -> str:
        return seats_have(values, "point")

    def _read(self, value: Any) -> tuple[int, ...]:
        if isinstance(value, bool):
            raise TypeError("a seat is a number")
        if isinstance(value, int):
            value = (value,)
        seats = tuple(sorted(int(seat) for seat in value))
        if any(not 0 <= seat < self.state.players for seat in seats):
            raise ValueError(f"seats run from 0 to {self.state.players - 1}")
        return seats


@dataclass(frozen=True)
class Lesson:
    """A short lesson on one rule. `needs` names the rules (practice foci) of which at least one
    must be able to happen for the lesson to apply; `preset` is offered when none can."""

    id: str
    title: str
    toggles: frozenset[str]
    sources: tuple[str, ...]
    stages: tuple[Stage, ...]
    preset: str
    needs: tuple[str, ...] = ()

    def why_idle(self, rules: Rules) -> str | None:
        """Why this lesson's rule cannot happen under `rules`, or None when it can."""
        reasons = [idle_reason(rules, name) for name in self.needs]
        if not reasons or not all(reasons):
            return None
        return "; ".join(dict.fromkeys(r for r in reasons if r))

    def applies_to(self, rules: Rules) -> bool:
        return self.why_idle(rules) is None


def lesson(lesson_id: str) -> Lesson:
    """The lesson with this id (the id is what links use)."""
    for each in _path():
        if each.id == lesson_id:
            return each
    known = ", ".join(each.id for each in _path())
    raise ValueError(f"unknown lesson {lesson_id!r}; the lessons are: {known}")


def _path() -> tuple[Lesson, ...]:
    # Imported here: whot.teach.lesson_files builds its lessons with this module's classes.
    from whot_core.whot.teach.lesson_files import builtin_lessons

    return builtin_lessons()


def __getattr__(name: str) -> Any:
    """`LESSONS`, the lessons in the notebooks' order, read from data/lessons/ when first
    asked for (`whot_core.whot.teach.lesson_files`)."""
    if name == "LESSONS":
        return _path()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
