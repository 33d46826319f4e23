"""The Learn path: short lessons, each a few stages of one position and one task.

As in lichess's Learn path, a stage is a small position and one question about it, after one or
two sentences of teaching. The positions are built with `GameState.from_position` under a named
preset (or a preset with one toggle changed), and every answer comes from the engine through
`whot_core.whot.teach.practice`, so a lesson cannot teach a rule the engine does not play.

    >>> first = LESSONS[0]
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
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from whot_core.toolkit.learning import Verdict, stars
from whot_core.toolkit.sources import SEED_000, SEED_002, SEED_003, SOURCES
from whot_core.whot.engine.matches import settle
from whot_core.whot.engine.rules import MatchFormat, Rules, rule_label, value_words
from whot_core.whot.engine.scoring import hand_points
from whot_core.whot.engine.state import GameState, new_game
from whot_core.whot.teach.practice import Question, ask, idle_reason

__all__ = ["LESSONS", "Lesson", "MatchQuestion", "Posed", "Stage", "lesson", "stars"]

#: What each seed a lesson cites is, for a learner (docs/rules.md's list of sources).
SEED_TITLES = {seed: SOURCES[seed] for seed in (SEED_000, SEED_002, SEED_003)}
#: Rules no seed has, from public Whot programs: their sections of docs/rules.md.
DOCS_ANSWERS = (
    "docs/rules.md#cross-defence-and-the-whot-that-cancels-cross_defence-whot_cancels_pick"
)
DOCS_START = "docs/rules.md#the-start-start"
DOCS_GOING_OUT = "docs/rules.md#going-out-win_on_special"
DOCS_SEVERAL = "docs/rules.md#several-cards-at-once-multiple_cards"
#: How a stage's text names each source (a lesson lists every source its stages name).
LONG = "the long description of Whot"  # seed 003's second part (docs/rules.md, "Sources")


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
        deal that gives other cards, or moves that lead elsewhere under `rules`."""
        own = self.question
        if rules == own.state.rules:
            return Posed(own, True)
        other = sorted(f for f in self.teaches if getattr(rules, f) != getattr(own.state.rules, f))
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
            return Posed(own, False, there, "has the same answer under them, for another reason")
        return Posed(own, False, there, "plays differently under them")


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
    for move in record.moves:
        done.append(_move_words(state, move))
        state, there = state.apply(move), there.apply(move)
        if _table(state) != _table(there):
            break
    what = f"comes after {' and '.join(done)}"
    if state.is_over != there.is_over:
        mine, theirs = ("its own rules", "them") if state.is_over else ("them", "its own rules")
        return f"{what}, which ends the game under {mine} but not under {theirs}"
    if state.current_player != there.current_player:
        return (
            f"{what}: then seat {state.current_player} plays under its own rules, "
            f"seat {there.current_player} under them"
        )
    return f"{what}, which leaves other cards on the table under them"


def _move_words(state: GameState, move) -> str:
    seat = state.current_player
    text = str(move)
    if text == "draw":
        return f"seat {seat} draws"
    return f"seat {seat} plays {text.removeprefix('play ').split(',')[0]}"


def _table(state: GameState) -> tuple:
    """What a position is: the hands, the pile, who plays, any call, whether it is over. (The
    market is hidden; a drawn card that differs under other rules shows in the explanation.)"""
    return (state.hands, state.pile, state.current_player, state.called, state.is_over)


def _explained(question: Question | MatchQuestion) -> str:
    return question.check(question.answer).explanation


# ---------------------------------------------------------------------------- matches


#: What a match question asks under each format, and what its answer does.
_MATCH_ASKS = {
    MatchFormat.SHORT_RUBBER: (
        "Who pays a counter into the kitty?",
        "pays a counter into the kitty",
    ),
    MatchFormat.LONG_RUBBER: (
        "Who pays a counter into the kitty?",
        "pays a counter into the kitty",
    ),
    MatchFormat.ELIMINATION_100: ("Who drops out?", "drops out"),
    MatchFormat.TOURNAMENT: ("Who is eliminated?", "is eliminated"),
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
            f"seat {seat} holds {', '.join(map(str, hand))}" if hand else f"seat {seat} went out"
            for seat, hand in enumerate(state.hands)
        )
        text = f"Game {self.number} of the match is over: {held}."
        if any(self.totals):
            text += f" Totals before it: {self._seats(self.totals)}."
        return text

    @property
    def prompt(self) -> str:
        return f"{self.situation} {self.task}"

    def say(self, value: Any) -> str:
        """An answer in words, as a button says it: "Seat 1", "Seats 0 and 2", "Nobody"."""
        seats = self._read(value)
        if not seats:
            return "Nobody"
        if len(seats) == 1:
            return f"Seat {seats[0]}"
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
        who = self.say(self.answer)
        verb = _MATCH_ASKS[match][1]
        return f"{text} So: {who} {verb}." if self.answer else f"{text} So nobody {verb}."

    def under(self, rules: Rules) -> MatchQuestion:
        """The same game and totals under other rules (ValueError when it cannot happen)."""
        record = dataclasses.replace(self.state.record(), rules=rules)
        return MatchQuestion(record.replay(), self.totals, self.number)

    def _seats(self, values: Sequence[int]) -> str:
        return ", ".join(f"seat {seat} {value}" for seat, value in enumerate(values))

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
    for each in LESSONS:
        if each.id == lesson_id:
            return each
    known = ", ".join(each.id for each in LESSONS)
    raise ValueError(f"unknown lesson {lesson_id!r}; the lessons are: {known}")


# ---------------------------------------------------------------------------- positions


def _rules(name: str, **toggles) -> Rules:
    rules = Rules.preset(name)
    return rules.replace(**toggles) if toggles else rules


def _at(
    rules: Rules | str,
    hands: Sequence[Sequence[str]],
    pile: Sequence[str] = (),
    market: Sequence[str] | None = None,
    then: Sequence[str] = (),
    **position,
) -> GameState:
    """A position by card text under a preset (by name) or rules, then the moves `then`."""
    rules = Rules.preset(rules) if isinstance(rules, str) else rules
    state = GameState.from_position(rules, hands, pile, market, **position)
    for move in then:
        state = state.apply(move)
    return state


def _stage(
    text: str,
    kind: str,
    state: GameState,
    move: str | None = None,
    seat=None,
    teaches: Sequence[str] = (),
) -> Stage:
    return Stage(" ".join(text.split()), ask(kind, state, move, seat), frozenset(teaches))


#: The other players' hands in several stages (their cards are not the point).
_OTHERS = [["square 7", "cross 3", "triangle 12"], ["square 10", "cross 11", "square 1"]]

#: The market of the stages whose move draws: cards none of their hands or piles hold.
_MARKET = ["triangle 8", "cross 14", "star 1", "square 5", "circle 14", "triangle 11", "star 7"]


# ------------------------------------------------------------------------------ lessons


def _sidebar(name: str, value: Any = None) -> str:
    """A setting as the sidebar labels it, in italics: *hold on does* set to *the next player
    misses a turn* (never the field's name in code)."""
    label = f"*{rule_label(name)}*"
    return label if value is None else f"{label} set to {_sidebar_value(name, value)}"


def _sidebar_value(name: str, value: Any) -> str:
    return f"*{value_words(name, value)}*"


def _the_pack() -> Lesson:
    return Lesson(
        "the-pack",
        "The pack",
        frozenset({"whot_cards", "packs"}),
        (SEED_000, SEED_003, SEED_002),
        (
            _stage(
                """A Whot pack has five shapes: circles, triangles, crosses, squares and stars.
                No shape has a 6 or a 9, crosses and squares have no 4, 8 or 12, and stars stop
                at 8. A circle, triangle, cross or square left in your hand when the game ends
                counts its number against you (stars have a rule of their own: see Scoring).""",
                "count",
                _at("british", [["circle 12", "cross 10", "triangle 4"], ["square 3"]]),
                seat=0,
            ),
            _stage(
                """The Whot cards are wild and numbered 20, and one left in hand counts 20. The
                original pack, still used in Nigeria, has five of them (54 cards); British packs
                since about 1990 have four (53 cards).""",
                "count",
                _at("british_modern", [["whot", "square 3"], ["circle 5", "star 2"]]),
                seat=0,
            ),
            _stage(
                f"""A star card also shows a small number, for the count; the Waddingtons
                rulebook says it is for scoring only, never for play. In Nigeria the shapes
                are ball, angle, cross, carpet and star ({LONG}): ball is the round one,
                angle has three corners, carpet four.""",
                "playable",
                _at("british", [["circle 10", "triangle 5", "cross 3"], ["square 7"]], ["star 5"]),
            ),
            _stage(
                f"""The web rules are for 2 to 4 players; {LONG} says two or more.
                For more than five players the British rulebook suggests shuffling two packs
                together, so a hand may hold two copies of a card, and each copy counts.""",
                "count",
                _at(
                    _rules("british", packs=2),
                    [
                        ["circle 5", "circle 5", "triangle 7"],
                        *([f"square {n}"] for n in (1, 2, 3, 7, 10)),
                    ],
                ),
                seat=0,
            ),
        ),
        preset="british",
    )


def _matching() -> Lesson:
    hand = ["triangle 3", "circle 11", "star 7", "cross 5"]
    return Lesson(
        "matching",
        "Matching and drawing",
        frozenset({"start", "hand_size"}),
        (SEED_000, SEED_002, SEED_003),
        (
            _stage(
                """On your turn, play one card of the same shape or the same number as the top
                card of the pile, or a Whot, which goes on any card (more in the next
                lesson).""",
                "playable",
                _at("british", [[*hand, "whot"], ["square 2", "star 4"]], ["triangle 11"]),
            ),
            _stage(
                """A card that matches neither the shape nor the number of the top card cannot
                be played, unless it is a Whot.""",
                "legal",
                _at("british", [hand, ["square 2", "star 4"]], ["triangle 11"]),
                "play star 7",
            ),
            _stage(
                """In the British rulebook you may draw one card from the market instead of
                playing, even when a card of yours would match (the Naija app's text says you
                must play when you can). Drawing ends your turn; you keep the card hidden, and
                cards are never discarded.""",
                "legal",
                _at("british", [hand, ["square 2", "star 4"]], ["triangle 11"]),
                "draw",
            ),
            _stage(
                """In the British rulebook the lowest cut deals (a Whot counts 20), the player on
                the dealer's right cuts the shuffled pack, and the player on the dealer's left
                starts the pile with any card. Play goes to the left, and so does the next
                deal.""",
                "playable",
                _at("british", [[*hand, "square 10", "whot"], ["square 2", "star 4"]]),
                teaches=["start"],
            ),
            _stage(
                """The web rules deal five cards each (the British rulebook six; some families
                deal four or six) and turn up a plain card to start: a special card turned up
                goes under the market. Here the first player goes to market.""",
                "hand_sizes",
                _at(
                    "nigerian",
                    [
                        ["circle 3", "square 7", "star 4", "cross 10", "triangle 12"],
                        ["cross 2", "star 5", "circle 11", "square 13", "triangle 4"],
                        ["triangle 14", "circle 10", "star 3", "cross 1", "square 11"],
                    ],
                    ["triangle 10"],
                    _MARKET,
                ),
                "draw",
                teaches=["hand_size", "start"],
            ),
        ),
        preset="british",
    )


def _whot_and_calls() -> Lesson:
    hand = ["whot", "star 4", "circle 2", "square 7"]
    return Lesson(
        "whot-and-calls",
        "The Whot and calls",
        frozenset({"win_on_special"}),
        (SEED_000, SEED_002, SEED_003, DOCS_GOING_OUT),
        (
            _stage(
                """A Whot may go on any card. Whoever plays it calls a shape, and the next card
                must be that shape or another Whot. The Naija app's description calls the Whot
                Crown.""",
                "legal",
                _at("british", [hand, ["cross 7", "triangle 1"]], ["cross 13"]),
                "play whot call star",
            ),
            _stage(
                """After a call, only the called shape or another Whot may follow: the Whot's
                20 matches nothing, and neither does the number of the card under it.""",
                "playable",
                _at(
                    "british",
                    [["star 4", "circle 13", "whot", "square 7"], ["cross 7"]],
                    ["cross 13", "whot"],
                    called="star",
                ),
            ),
            _stage(
                """A Whot on a Whot may call a new shape, or the same one again.""",
                "legal",
                _at("british", [hand, ["cross 7"]], ["cross 13", "whot"], called="star"),
                "play whot call circle",
            ),
            _stage(
                """A Whot may also be your last card: play it and you win at once.""",
                "legal",
                _at("british", [["whot"], ["cross 7", "triangle 1"]], ["circle 3"]),
                "play whot call circle",
            ),
            _stage(
                f"""None of this project's sources forbids going out on a Whot or a special
                card, but one public Whot program does. Switch off the sidebar's
                {_sidebar("win_on_special")} to play so: a last Whot cannot be played, and you
                draw instead.""",
                "legal",
                _at(
                    _rules("british", win_on_special=False),
                    [["whot"], ["cross 7", "triangle 1"]],
                    ["circle 3"],
                ),
                "play whot call circle",
            ),
        ),
        preset="british",
    )


def _hold_on() -> Lesson:
    three = [["circle 10", "cross 11", "square 3"], ["triangle 14", "star 3", "cross 7"]]
    return Lesson(
        "hold-on",
        "Hold on",
        frozenset({"specials", "hold_on", "hold_on_free_follow"}),
        (SEED_002, SEED_003),
        (
            _stage(
                """In the web rules a 1 is hold on: you play again at once.""",
                "next_player",
                _at("nigerian", [["circle 1", "circle 12", "square 13"], *three], ["circle 7"]),
                "play circle 1",
            ),
            _stage(
                """The card after a hold on follows the usual rules: the 1's shape, another 1,
                or a Whot. If you cannot follow it, go to market.""",
                "playable",
                _at(
                    "nigerian",
                    [["circle 1", "cross 10", "circle 12", "triangle 13"], *three],
                    ["circle 7"],
                    then=["play circle 1"],
                ),
            ),
            _stage(
                f"""Some Nigerian tables play hold on differently, {LONG} says: the next
                player misses a turn. In the sidebar, that is
                {_sidebar("hold_on", "skip_next")}.""",
                "next_player",
                _at(
                    _rules("nigerian", hold_on="skip_next"),
                    [["circle 1", "circle 12", "square 13"], *three],
                    ["circle 7"],
                ),
                "play circle 1",
            ),
            _stage(
                f"""In the 1970s version, Israel Ameh's account in {LONG}, the player who
                holds on may follow with any card at all.""",
                "playable",
                _at(
                    "nigerian_1970s",
                    [["circle 1", "cross 10", "star 7", "triangle 13"], *three],
                    ["circle 7"],
                    then=["play circle 1"],
                ),
            ),
            _stage(
                """So a 1970s player with two cards could finish at once, the account says:
                play the 1 ('hold on', then 'last card'), then the other card, whatever it is,
                and 'check up'. Seat 0 has just played the 1.""",
                "legal",
                _at(
                    "nigerian_1970s",
                    [["circle 1", "star 7"], *three],
                    ["circle 7"],
                    then=["play circle 1"],
                ),
                "play star 7",
            ),
        ),
        preset="nigerian",
        needs=("hold_on",),
    )


def _picks() -> Lesson:
    others = _OTHERS
    return Lesson(
        "pick-two-and-three",
        "Pick two and pick three",
        frozenset({"specials"}),
        (SEED_002, SEED_003),
        (
            _stage(
                """A 2 is pick two: the next player draws two cards from the market and misses
                their turn.""",
                "hand_sizes",
                _at(
                    "nigerian",
                    [["triangle 2", "circle 3", "star 4"], *others],
                    ["triangle 10"],
                    _MARKET,
                ),
                "play triangle 2",
            ),
            _stage(
                """A 5 is pick three, the same with three cards. With two players, whoever
                plays it plays again, because the only opponent misses the turn.""",
                "next_player",
                _at(
                    "nigerian",
                    [["circle 5", "circle 3", "star 4"], others[0]],
                    ["circle 10"],
                    _MARKET,
                ),
                "play circle 5",
            ),
            _stage(
                f"""In the 1970s version (Israel Ameh's account, in {LONG}) a 4 made every
                other player draw two, even when it was the winner's last card, so it still
                changed their count.""",
                "hand_sizes",
                _at("nigerian_1970s", [["circle 4"], *others], ["circle 10"], _MARKET),
                "play circle 4",
            ),
        ),
        preset="nigerian",
        needs=("pick_two", "pick_three", "everyone_picks_two"),
    )


def _suspension() -> Lesson:
    four = [["star 3", "circle 7", "square 13", "circle 11"]]
    others = _OTHERS
    swapped = _rules(
        "nigerian",
        specials={
            1: "suspension",
            2: "pick_two",
            5: "pick_three",
            8: "hold_on",
            14: "general_market",
        },
    )
    return Lesson(
        "suspension-and-star8",
        "Suspension and the star 8",
        frozenset({"specials", "star8_double"}),
        (SEED_002, SEED_003),
        (
            _stage(
                """An 8 is suspension: the next player misses a turn.""",
                "next_player",
                _at("nigerian", [["circle 8", "circle 3", "star 4"], *others], ["circle 10"]),
                "play circle 8",
            ),
            _stage(
                f"""On some Nigerian tables the star 8 makes the next two players each miss a
                turn ({LONG}). In the sidebar, that is {_sidebar("star8_double")}.""",
                "next_player",
                _at(
                    "nigerian_street",
                    [["star 8", *four[0]], *others, ["triangle 3", "cross 13", "square 2"]],
                    ["star 5"],
                ),
                "play star 8",
            ),
            _stage(
                """With one opponent the star 8 is a plain suspension: that opponent misses one
                turn, and you play again. The long description does not say what happens with
                two players: this is a decision of this project.""",
                "next_player",
                _at("nigerian_street", [["star 8", *four[0]], others[0]], ["star 5"]),
                "play star 8",
            ),
            _stage(
                """A special card may be your last card: you win at once, and here its effect no
                longer matters (the 1970s 4 is the one card that still acts).""",
                "legal",
                _at("nigerian", [["circle 8"], others[0]], ["circle 10"]),
                "play circle 8",
            ),
            _stage(
                f"""Some tables swap the 1 and the 8 ({LONG}): the 8 lets its player play again
                while all the others wait. The Naija app lets you move any special card to
                another number, or switch it off; here the 8 is the hold on.""",
                "next_player",
                _at(swapped, [["circle 8", "circle 3", "star 4"], *others], ["circle 10"]),
                "play circle 8",
            ),
        ),
        preset="nigerian_street",
        needs=("suspension",),
    )


def _general_market() -> Lesson:
    hands = [
        ["square 14", "circle 3", "star 4"],
        ["square 7", "cross 3", "circle 12"],
        ["circle 10", "cross 11", "square 1"],
    ]
    return Lesson(
        "general-market",
        "General market",
        frozenset({"general_market_again"}),
        (SEED_002, SEED_003),
        (
            _stage(
                """A 14 is general market: every other player draws one card from the
                market.""",
                "hand_sizes",
                _at("nigerian", hands, ["square 10"], _MARKET),
                "play square 14",
            ),
            _stage(
                """Then play goes on as usual, with the next player.""",
                "next_player",
                _at("nigerian", hands, ["square 10"], _MARKET),
                "play square 14",
            ),
            _stage(
                f"""A variation listed in the web rules: the player of the 14 goes again. In the
                sidebar, that is {_sidebar("general_market_again")}.""",
                "next_player",
                _at(_rules("nigerian", general_market_again=True), hands, ["square 10"], _MARKET),
                "play square 14",
            ),
        ),
        preset="nigerian",
        needs=("general_market",),
    )


def _defence() -> Lesson:
    others = _OTHERS
    hand = ["cross 2", "circle 7", "whot", "circle 5"]
    return Lesson(
        "defence",
        "Defence",
        frozenset({"defence"}),
        (SEED_002, SEED_003),
        (
            _stage(
                f"""Under defence ({LONG}, and a setting of the Naija app) a pick two may be
                answered with another 2: the pick grows by two and passes to the next
                player.""",
                "playable",
                _at(
                    "nigerian_street",
                    [others[0], hand, others[1]],
                    ["circle 12", "circle 2"],
                    _MARKET,
                    to_play=1,
                    penalty=2,
                ),
            ),
            _stage(
                """Only the same number answers a pick: not a Whot, and not a card of the same
                shape.""",
                "legal",
                _at(
                    "nigerian_street",
                    [others[0], hand, others[1]],
                    ["circle 12", "circle 2"],
                    _MARKET,
                    to_play=1,
                    penalty=2,
                ),
                "play whot call circle",
            ),
            _stage(
                """If you do not answer, you draw the whole pick, and your turn ends. Here two
                2s have been played, so the pick is four.""",
                "hand_sizes",
                _at(
                    "nigerian_street",
                    [others[0], ["circle 7", "whot", "circle 5", "star 3"], others[1]],
                    ["circle 12", "triangle 2", "circle 2"],
                    _MARKET,
                    to_play=1,
                    penalty=4,
                ),
                "draw",
            ),
            _stage(
                """Fives defend a pick three the same way, three cards at a time. A 2 never
                answers a 5 in any of the sources.""",
                "legal",
                _at(
                    "nigerian_street",
                    [others[0], hand, others[1]],
                    ["circle 12", "triangle 5"],
                    _MARKET,
                    to_play=1,
                    penalty=3,
                ),
                "play cross 2",
            ),
        ),
        preset="nigerian_street",
        needs=("defence",),
    )


def _announcements() -> Lesson:
    others = [["square 7", "cross 3", "triangle 12", "star 2"]]
    three = ["circle 3", "triangle 10", "star 4"]
    return Lesson(
        "announcements",
        "Last card, semi last card",
        frozenset({"announcements"}),
        (SEED_002, SEED_003),
        (
            _stage(
                """In the web rules you say 'last card' when one card is left, so that everyone
                knows; nothing happens if you forget.""",
                "hand_sizes",
                _at("nigerian", [["circle 3", "triangle 10"], *others], ["circle 12"], _MARKET),
                "play circle 3",
            ),
            _stage(
                f"""On Nigerian tables ({LONG}) you say 'semi last card' when a play leaves
                you two cards, and 'last card' when it leaves one.""",
                "legal",
                _at("nigerian_street", [three, *others], ["circle 12"], _MARKET),
                "play circle 3, semi last card",
            ),
            _stage(
                """Forget the words and you draw two cards from the market.""",
                "hand_sizes",
                _at("nigerian_street", [three, *others], ["circle 12"], _MARKET),
                "play circle 3",
            ),
            _stage(
                """Words that do not fit the cards left make the play illegal. The sources do not
                say what a false warning costs: this is a decision of this project.""",
                "legal",
                _at("nigerian_street", [three, *others], ["circle 12"], _MARKET),
                "play circle 3, last card",
            ),
        ),
        preset="nigerian_street",
        needs=("announcements",),
    )


def _market_runs_out() -> Lesson:
    hands = [["square 7", "cross 3"], ["circle 12", "star 2", "triangle 5"]]
    pile = ["circle 3", "circle 7", "circle 10"]
    return Lesson(
        "market-runs-out",
        "When the market runs out",
        frozenset({"exhausted"}),
        (SEED_000, SEED_002),
        (
            _stage(
                """In the British rulebook, when the market is empty, the top card stays and the
                rest of the pile is turned face down without shuffling: the first card played is
                the next card drawn.""",
                "hand_sizes",
                _at("british", hands, pile, market=[]),
                "draw",
            ),
            _stage(
                """In the web rules the cards under the top card are shuffled into a new market
                instead.""",
                "hand_sizes",
                _at("nigerian", hands, pile, market=[]),
                "draw",
            ),
            _stage(
                """If only the top card is left, there is nothing to turn over or shuffle: the
                game ends with a count, and the lowest total wins.""",
                "count",
                _at("nigerian", hands, ["circle 10"], market=[], then=["draw"]),
                seat=0,
            ),
            _stage(
                f"""The web rules mention players who stop and count the moment the market runs
                out. That has two readings: here, {_READINGS[0]} (the one this project took
                first); the lesson on house rules plays the other, {_READINGS[1]}.""",
                "hand_sizes",
                _at(_rules("nigerian", exhausted="count"), hands, pile, market=[]),
                "draw",
            ),
        ),
        preset="british",
    )


#: The two readings of the web rules' "count as soon as the market runs out" (docs/rules.md,
#: "When the market runs out"), in the sidebar's words.
_READINGS = (_sidebar_value("exhausted", "count"), _sidebar_value("exhausted", "count_at_once"))


def _scoring() -> Lesson:
    others = [["square 3"]]
    return Lesson(
        "scoring",
        "Scoring, with stars",
        frozenset({"star_double"}),
        (SEED_000, SEED_002, SEED_003),
        (
            _stage(
                """When a game ends, each card left in your hand counts against you: its number
                for a circle, triangle, cross or square, and 20 for a Whot. Stars come next.""",
                "count",
                _at("british", [["circle 12", "whot", "cross 3"], *others]),
                seat=0,
            ),
            _stage(
                """Stars count double in the British rulebook and in the Naija app: a star 7
                counts 14.""",
                "count",
                _at("british", [["star 7", "star 2", "triangle 5"], *others]),
                seat=0,
            ),
            _stage(
                """The web rules say only that a Whot counts 20. Reading them literally, their
                preset counts stars at face value: a decision of this project.""",
                "count",
                _at("nigerian", [["star 7", "star 2", "triangle 5"], *others]),
                seat=0,
            ),
        ),
        preset="british",
    )


def _matches() -> Lesson:
    loser = ["star 8", "whot", "circle 13", "cross 7"]
    rest = ["triangle 12", "square 11"]
    over = ["circle 7"]
    return Lesson(
        "matches",
        "Rubbers, elimination and tournaments",
        frozenset({"match"}),
        (SEED_000, SEED_003),
        (
            _stage(
                f"""The short game is one deal: the first player out wins ({LONG}). The British
                rulebook also plays rubbers of five games (short) or ten (long): each game's
                count is written down, and the lowest total at the end wins the kitty.""",
                "count",
                _at("british", [["circle 5"], loser], over, then=["play circle 5"]),
                seat=1,
                teaches=["match"],
            ),
            _match_stage(
                """In a rubber, the player with the highest score in each game puts a counter
                into the kitty (the Waddingtons rulebook).""",
                _at("british", [["circle 5"], loser, rest], over, then=["play circle 5"]),
                totals=(0, 0, 0),
            ),
            _match_stage(
                f"""In the British game of {LONG}, players whose total reaches 100 drop out,
                and the last one left wins.""",
                _at(
                    "british_modern",
                    [["circle 5"], ["star 5", "triangle 14", "whot"], rest],
                    over,
                    then=["play circle 5"],
                ),
                totals=(58, 40, 85),
                number=4,
            ),
            _match_stage(
                """In the Naija app's tournament, the player with the highest count is
                eliminated after each game, until one is left. Its stars count double, as
                here.""",
                _at(
                    "naija_tournament",
                    [
                        ["circle 3"],
                        ["star 7", "triangle 3", "square 2"],
                        ["triangle 12", "cross 5"],
                    ],
                    over,
                    then=["play circle 3"],
                ),
                totals=(0, 0, 0),
            ),
        ),
        preset="british",
    )


def _match_stage(text: str, state: GameState, totals: tuple[int, ...], number: int = 1) -> Stage:
    return Stage(" ".join(text.split()), MatchQuestion(state, totals, number), frozenset({"match"}))


def _house_rules() -> Lesson:
    """Issue 20's house rules from the seeds: the Naija app's and the web rules' (docs/rules.md)."""
    hand = ["triangle 3", "circle 11", "star 7", "cross 5"]
    others = ["square 2", "star 4"]
    return Lesson(
        "house-rules",
        "House rules",
        frozenset({"must_play", "exhausted"}),
        (SEED_003, SEED_002),
        (
            _stage(
                f"""The Naija app's text makes you play a card that fits when you have one.
                No preset plays so, not even the Naija app's tournament (a decision of this
                project): it is the sidebar's house rule {_sidebar("must_play")}. Here the
                circle 11 fits the triangle 11.""",
                "legal",
                _at(_rules("british", must_play=True), [hand, others], ["triangle 11"]),
                "draw",
            ),
            _stage(
                """With nothing that fits, the market is the only move, as in every rule
                set.""",
                "legal",
                _at(_rules("british", must_play=True), [hand, others], ["square 13"]),
                "draw",
            ),
            _stage(
                f"""The web rules mention players who count the moment the market runs out,
                which has two readings: the lesson on the market plays {_READINGS[0]}; here is
                the other, {_READINGS[1]}, this project's decision to offer it too. Seat 0 has
                just drawn the market's last card.""",
                "count",
                _at(
                    _rules("british", exhausted="count_at_once"),
                    [["circle 3", "square 5"], others],
                    ["circle 7"],
                    ["triangle 10"],
                    then=["draw"],
                ),
                seat=0,
            ),
        ),
        preset="british",
    )


def _rules_from_programs() -> Lesson:
    """Issue 20's rules that no seed has, from the public Whot programs (docs/rules.md)."""
    others = ["square 2", "star 4"]
    live = _rules("nigerian", start="turn_up_live")
    return Lesson(
        "rules-from-programs",
        "Rules from Whot programs",
        frozenset({"cross_defence", "whot_cancels_pick", "start"}),
        (DOCS_ANSWERS, DOCS_START),
        (
            _stage(
                """A public Whot engine (UjuE/whot-engine) adds two answers to a pick under
                defence. In the first, any pick card that fits answers it: a circle 5 on a
                circle 2 makes the next player pick 2 + 3 = 5.""",
                "playable",
                _at(
                    _rules("nigerian_street", cross_defence=True),
                    [["circle 5", "triangle 5", "triangle 2", "star 7"], others],
                    ["circle 2"],
                    penalty=2,
                ),
            ),
            _stage(
                """In the second, a Whot answers a pick and cancels it: nobody draws, and the
                Whot's call stands for the next player.""",
                "legal",
                _at(
                    _rules("nigerian_street", whot_cancels_pick=True),
                    [["whot", "star 7", "cross 10", "square 3"], others],
                    ["circle 2"],
                    penalty=2,
                ),
                "play whot call star",
            ),
            _stage(
                """The PyPI package whot turns up the first card whatever it is, and a special
                card acts as if the dealer had played it; hold on does nothing. A turned-up
                Whot calls no shape, so the leader may play any card: a decision of this
                project.""",
                "playable",
                new_game(live, 3, seed=11, dealer=0),
            ),
            _stage(
                """So a turned-up 2 is a pick two for the leader. Here seat 1, on the dealer's
                left, has drawn two and missed the turn, so seat 2 plays first.""",
                "hand_sizes",
                new_game(live, 3, seed=1, dealer=0),
                "draw",
            ),
        ),
        preset="nigerian",
    )


def _several_cards() -> Lesson:
    """Issue 20's `multiple_cards`, from a public Whot engine (docs/rules.md)."""
    hand = ["circle 2", "triangle 2", "star 3", "cross 10"]
    others = ["square 7", "cross 3", "triangle 12"]
    rules = _rules("nigerian", multiple_cards=True)
    return Lesson(
        "several-cards",
        "Several cards at once",
        frozenset({"multiple_cards"}),
        (DOCS_SEVERAL,),
        (
            _stage(
                """No source of this project has it, but a public Whot engine lets you put down
                several cards of one number at once: the first must fit the pile, and the last
                is the new top card.""",
                "legal",
                _at(rules, [hand, others], ["circle 7"], _MARKET),
                "play circle 2 + triangle 2",
            ),
            _stage(
                """Their effects add up: two pick twos make the next player pick four and miss
                the turn.""",
                "hand_sizes",
                _at(rules, [hand, others], ["circle 7"], _MARKET),
                "play circle 2 + triangle 2",
            ),
        ),
        preset="nigerian",
    )


#: The lessons in the notebooks' order.
LESSONS: tuple[Lesson, ...] = (
    _the_pack(),
    _matching(),
    _whot_and_calls(),
    _hold_on(),
    _picks(),
    _suspension(),
    _general_market(),
    _defence(),
    _announcements(),
    _market_runs_out(),
    _scoring(),
    _matches(),
    _house_rules(),
    _rules_from_programs(),
    _several_cards(),
)
