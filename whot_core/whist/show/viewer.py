"""Step through a game of Whist: the logic behind the notebook widget and the app page.

A game becomes a tuple of `Frame`s, as for Whot (`whot_core.whot.show.viewer`; the step navigation
of `whot_core.toolkit.stepper` works on both games' frames): frame 0 is the deal, frame k the table
after the k-th card, with that card's events in words and the reason the AI player gave. The
engine deals the next hand the moment a hand ends; a frame's picture (`Frame.table`) shows the
hand that ended instead: its last trick, and every hand played out.

    >>> from whot_core.whist.players import HeuristicPlayer
    >>> frames = play_frames([HeuristicPlayer()] * 4, seed=2, hands=1)
    >>> len(frames), frames[-1].state.hand_number, frames[-1].table.hand_number
    (53, 2, 1)
    >>> frames[1].sentences[0].startswith("South leads")
    True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from ...toolkit.stepper import step_html
from ..engine.cards import Card, Suit
from ..engine.events import Event, HandScored, TrickWon
from ..engine.narrate import narrate
from ..engine.records import WhistRecord
from ..engine.rules import SEATS, WhistRules, check_seat_names
from ..engine.state import WhistState, new_game
from .diagram import diagram_svg
from .pictures import table_svg

__all__ = [
    "Frame",
    "HandOver",
    "finished_trick",
    "frame_caption",
    "frame_diagram",
    "frame_html",
    "frame_svg",
    "frames_from_record",
    "play_frames",
    "shown_reason",
]


@dataclass(frozen=True)
class HandOver:
    """The table as a hand ends, before the next deal: every hand played out, the last trick in
    the middle, the hand's trumps and tricks, and the scores after it. What a step that ends a
    hand shows, since `WhistState` deals the next hand at once. It reads as a table to the
    pictures (`table_svg`): nobody is to play, and the game is not over."""

    rules: WhistRules
    hand_number: int
    trump: Suit | None
    last_trick: TrickWon
    tricks_won: tuple[int, int]
    scores: tuple[int, int]

    trick: tuple = ()
    current_player: None = None
    is_over: bool = False
    winners: tuple = ()

    def hand(self, seat: int) -> tuple[Card, ...]:
        return ()


@dataclass(frozen=True, eq=False)
class Frame:
    """One step: the table after it, the card played (None for the deal), who played it, the
    events it caused, and the AI player's reason (None when the game came from a record)."""

    step: int
    state: WhistState
    events: tuple[Event, ...]
    move: Card | None = None
    seat: int | None = None
    reason: str | None = None
    details: Mapping[str, Any] | None = None
    names: tuple[str, ...] = SEATS

    @property
    def sentences(self) -> tuple[str, ...]:
        return tuple(narrate(self.events, self.names))

    @property
    def table(self) -> WhistState | HandOver:
        """What the step's picture shows: the state, or, when the step ended a hand and the
        game goes on, that hand's end (`HandOver`) rather than the next hand's deal."""
        scored = next((e for e in self.events if isinstance(e, HandScored)), None)
        if scored is None or self.state.is_over:
            return self.state
        won = finished_trick(self)
        return HandOver(self.state.rules, scored.hand, won.trump, won, scored.tricks, scored.scores)


def frame_caption(frame: Frame, total: int | None = None) -> str:
    """A heading: "Step 3 of 52: North plays the 7♦", or the deal."""
    of = f" of {total}" if total is not None else ""
    if frame.move is None:
        return f"Step 0{of}: the deal"
    return f"Step {frame.step}{of}: {frame.names[frame.seat]} plays the {frame.move}"


def finished_trick(frame: Frame) -> TrickWon | None:
    """The trick this step completed, if it completed one (the last card of a trick)."""
    return next((event for event in frame.events if isinstance(event, TrickWon)), None)


def frame_svg(frame: Frame, viewer: int | None = None, *, width: float | None = None) -> str:
    """The table after the step (`Frame.table`). A step that ends a hand shows that hand's last
    trick with its winner and the hands played out, although the state has already dealt the
    next hand."""
    return table_svg(
        frame.table, viewer, names=frame.names, last_trick=finished_trick(frame), width=width
    )


def frame_diagram(frame: Frame, viewer: int | None = None, *, narrow: bool = False) -> str:
    """The table after the step as the Watch page draws it (`diagram_svg`: each hand a suit a
    line, in words a projector and a phone can read); a step that ends a hand as `frame_svg`."""
    return diagram_svg(
        frame.table, viewer, names=frame.names, last_trick=finished_trick(frame), narrow=narrow
    )


def frame_html(
    frame: Frame, total: int | None = None, *, inline: bool = True, viewer: int | None = None
) -> str:
    """The step as HTML (caption, table, sentences, the AI's reason), as Whot's viewer gives it;
    with `viewer`, that seat's view and only its own reasons. `inline=False` gives an `<img>`
    for hosts that strip inline SVG."""
    svg = frame_svg(frame, viewer)
    reason = shown_reason(frame, viewer)
    return step_html(frame_caption(frame, total), svg, frame.sentences, reason, inline=inline)


def shown_reason(frame: Frame, viewer: int | None = None) -> str | None:
    """The AI's reason for the step, as `viewer` may read it: a reason can name cards still in
    the player's hand ("lead from the long suit: clubs, 7 cards"), so one seat's view shows only
    that seat's own reasons. With no viewer (every hand face up) every reason shows."""
    return frame.reason if viewer is None or frame.seat == viewer else None


def play_frames(
    players: Sequence[Any],
    *,
    seed: int = 0,
    rules: WhistRules | None = None,
    hands: int | None = None,
    names: Sequence[str] | None = None,
    start: WhistState | None = None,
) -> tuple[Frame, ...]:
    """Play with four AI players (South, West, North, East), each seeing only its own view.

    Stops when the game ends, or after `hands` hands when given: a window on a longer game (the
    last frame's state has then dealt the next hand, and its picture shows the last trick). A
    game of one hand is the rules' (`WhistRules(length="hand")`): its last frame ends the game.
    `start` plays on from a given state instead of a new deal.
    """
    if len(players) != 4:
        raise ValueError(f"players: Whist needs four players, not {len(players)}")
    if hands is not None and (isinstance(hands, bool) or not isinstance(hands, int) or hands < 1):
        raise ValueError(f"hands must be a whole number of at least 1, not {hands!r}")
    names = check_seat_names(names)
    state = start if start is not None else new_game(rules, seed=seed)
    first_hand = state.hand_number
    frames = [Frame(0, state, state.events, names=names)]
    while not state.is_over and (hands is None or state.hand_number < first_hand + hands):
        seat = state.current_player
        decision = players[seat].choose(state.view(seat))
        before = state.event_count
        state = state.apply(decision.move)
        frames.append(
            Frame(
                len(frames),
                state,
                state.events_since(before),
                Card.of(decision.move),
                seat,
                decision.reason,
                decision.details,
                names,
            )
        )
    return tuple(frames)


def frames_from_record(
    record: WhistRecord, names: Sequence[str] | None = None
) -> tuple[Frame, ...]:
    """Every step of a recorded game, replayed card by card."""
    names = check_seat_names(names)
    states = list(record.states())
    frames = [Frame(0, states[0], states[0].events, names=names)]
    for i, (before, after) in enumerate(pairwise(states), start=1):
        card = record.moves[i - 1]
        events = after.events_since(before.event_count)
        frames.append(Frame(i, after, events, card, before.current_player, names=names))
    return tuple(frames)
