"""Questions on a Whist position that the Whist engine answers and explains.

A question is a position (a `WhistState`), sometimes the card the seat to play plays, and a task
of one of seven kinds: which cards may be played (`playable`), is one card legal (`legal`), who
wins the trick after the card (`winner`), and, after a hand's last card, the next hand's trumps
(`next_trump`) and first leader (`next_leader`), the score (`score`) and whether a team has won
the game (`game`). The answer is never written by hand: `ask` takes it from the engine
(`legal_moves`, `apply`), and `check` explains any response in the engine's words (`explain`,
the events narrated), as Whot's practice questions do (`whot_core.whot.teach.practice`).

    >>> state = WhistState.from_position(
    ...     [["KS"], ["QH"], ["4C"], ["2S", "5H"]], hand_number=2, scores=(0, 2),
    ...     tricks_won=(6, 5), trick=["AD", "3D", "7D"], leader=0)
    >>> question = ask("winner", state, "2S")
    >>> question.say(question.answer)
    'East'
    >>> question.check(0).explanation.startswith("Not quite: you said South. The answer: East.")
    True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ...toolkit.learning import Verdict
from ..engine.cards import Card, Suit
from ..engine.events import HandScored
from ..engine.narrate import narrate
from ..engine.rules import SEATS, TEAMS
from ..engine.state import WhistState

__all__ = ["KINDS", "WhistQuestion", "ask", "situation"]

KINDS = ("playable", "legal", "winner", "next_trump", "next_leader", "score", "game")
#: The kinds whose card ends the hand: their answer is read after the hand is scored.
_HAND_ENDS = frozenset({"next_trump", "next_leader", "score", "game"})


def _trumps(suit: Suit | None) -> str:
    return f"{suit.value} are trumps" if suit else "no trumps"


def _points(scores: Sequence[int]) -> str:
    return f"North–South {scores[0]}, East–West {scores[1]}"


@dataclass(frozen=True, eq=False)
class WhistQuestion:
    """One task on one Whist position; build with `ask`, which takes the answer from the engine.

    `card` is the card the seat to play plays (every kind but `playable`); `task` is the
    question, `situation` the table in words (what the picture shows, for a screen reader)."""

    kind: str
    state: WhistState
    card: Card | None
    task: str
    situation: str
    choices: tuple[Any, ...]
    answer: Any

    @property
    def prompt(self) -> str:
        return f"{self.situation} {self.task}"

    @property
    def seat(self) -> int:
        """The seat to play."""
        return self.state.current_player  # type: ignore[return-value]

    def after(self) -> WhistState | None:
        """The position after `card` (None for `playable`, or when the card is refused)."""
        if self.card is None or self.card not in self.state.legal_moves():
            return None
        return self.state.apply(self.card)

    def say(self, value: Any) -> str:
        """An answer in words, as a button says it."""
        kind = self.kind
        if kind == "playable":  # the answer is a set of cards; each choice, one card
            return ", ".join(map(str, sorted(_read(kind, value)))) or "no card"
        if kind == "legal":
            return "Legal" if value else "Not legal"
        if kind in ("winner", "next_leader"):
            return SEATS[value]
        if kind == "next_trump":
            return value.value.capitalize() if value else "No trumps"
        if kind == "score":
            return _points(value)
        return f"{TEAMS[value]} win" if value is not None else "Nobody yet: another hand"

    def explanation(self) -> str:
        """Why the answer is what it is, in the engine's words."""
        state = self.state
        if self.kind == "playable":
            groups: dict[str, list[str]] = {}
            for card in state.hand(self.seat):
                groups.setdefault(state.explain(card), []).append(str(card))
            return " ".join(f"{', '.join(cards)}: {why}" for why, cards in groups.items())
        why = state.explain(self.card)
        after = self.after()
        if self.kind == "legal" or after is None:
            return why
        events = after.events_since(state.event_count)
        return f"{why} Then: {' '.join(narrate(events))}"

    def check(self, response: Any) -> Verdict:
        """Judge a learner's response; never raises (an unreadable one is simply wrong)."""
        right = f"The answer: {self.say(self.answer)}."
        why = self.explanation()
        try:
            value = _read(self.kind, response)
        except (TypeError, ValueError) as error:
            return Verdict(False, f"That is not an answer here: {error}. {right} {why}")
        if value == self.answer:
            return Verdict(True, f"Right. {why}")
        return Verdict(False, f"Not quite: you said {self.say(value)}. {right} {why}")


def _read(kind: str, response: Any) -> Any:
    if kind == "playable":
        if isinstance(response, str | Card):
            response = [response]
        if not isinstance(response, Iterable):
            raise TypeError(f"expected cards, like ['K♠', '5♦'], not {response!r}")
        return frozenset(Card.of(card) for card in response)
    return response


def situation(state: WhistState) -> str:
    """Where play stands, in words: the hand and its trumps, tricks and points, the trick so
    far, and the seat to play with its cards."""
    seat = state.current_player
    text = (
        f"Hand {state.hand_number}: {_trumps(state.trump)}. Tricks this hand: "
        f"{_points(state.tricks_won)}. Points: {_points(state.scores)}."
    )
    if state.trick:
        (leader, led), *rest = state.trick
        text += f" {SEATS[leader]} led the {led}"
        text += "".join(f", {SEATS[s]} played the {c}" for s, c in rest) + "."
    cards = ", ".join(map(str, state.hand(seat)))
    return f"{text} {SEATS[seat]} to play, holding {cards}."


def _task(kind: str, state: WhistState, card: Card | None) -> str:
    who = SEATS[state.current_player]
    if kind == "playable":
        return f"Which cards may {who} play now?"
    if kind == "legal":
        return f"May {who} play the {card} now?"
    if kind == "winner":
        return f"{who} plays the {card}. Who wins the trick?"
    last = f"{who} plays the {card}, the last card of the hand."
    return (
        last
        + {
            "next_trump": " What are trumps in the next hand?",
            "next_leader": " Who leads the first trick of the next hand?",
            "score": " What is the score after this hand?",
            "game": " Has a team won the game?",
        }[kind]
    )


def _answer(kind: str, state: WhistState, card: Card | None) -> Any:
    if kind == "playable":
        return frozenset(state.legal_moves())
    if kind == "legal":
        return card in state.legal_moves()
    after = state.apply(card)
    if kind == "winner":
        return after.last_trick.winner
    if kind == "next_trump":
        return after.trump
    if kind == "next_leader":
        return after.current_player
    if kind == "score":
        return after.scores
    return after.winning_team


def _score_slips(state: WhistState, card: Card, right: tuple[int, int]) -> list[tuple]:
    """The usual slips: nothing scored, the points to the other team, one point too many or
    too few, every trick counted (the book too)."""
    before = state.scores
    after = state.apply(card)
    [scored] = [e for e in after.events_since(state.event_count) if isinstance(e, HandScored)]
    team = 0 if scored.points[0] else 1
    gained = scored.points[team]

    def plus(points: int, to: int) -> tuple[int, int]:
        return tuple(b + (points if seat == to else 0) for seat, b in enumerate(before))

    return [
        tuple(before),
        plus(gained, 1 - team),
        plus(gained + 1, team),
        plus(gained - 1, team),
        plus(scored.tricks[team], team),
    ]


def _choices(kind: str, state: WhistState, card: Card | None, right: Any) -> tuple[Any, ...]:
    if kind == "playable":
        return state.hand(state.current_player)
    if kind == "legal":
        return (True, False)
    if kind in ("winner", "next_leader"):
        return (0, 1, 2, 3)
    if kind == "next_trump":
        return tuple(dict.fromkeys(state.rules.trumps))
    if kind == "game":
        return (0, 1, None)
    chosen = [right]
    for slip in _score_slips(state, card, right):
        if slip not in chosen and len(chosen) < 4:
            chosen.append(slip)
    return tuple(sorted(chosen))


def ask(kind: str, state: WhistState, card: Card | str | None = None) -> WhistQuestion:
    """A question of `kind` on `state`, its answer the engine's. ValueError says what the kind
    needs: a card to ask about, a legal one, one that ends the trick or the hand."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
    if state.is_over:
        raise ValueError("state: the game is over, so nothing is left to ask")
    if kind == "playable":
        if card is not None:
            raise ValueError("card: a playable question is about the whole hand")
    else:
        if card is None:
            raise ValueError(f"card: a {kind} question needs the card it asks about")
        card = Card.of(card)
        if kind != "legal" and card not in state.legal_moves():
            raise ValueError(f"card: {card} is not legal here: {state.explain(card)}")
        if kind != "legal" and len(state.trick) != 3:
            raise ValueError(f"card: the {card} does not end the trick, so it has no winner yet")
        if kind in _HAND_ENDS and sum(state.hand_sizes) != 1:
            raise ValueError(f"card: the {card} does not end the hand")
    answer = _answer(kind, state, card)
    return WhistQuestion(
        kind,
        state,
        card,
        _task(kind, state, card),
        situation(state),
        _choices(kind, state, card, answer),
        answer,
    )
