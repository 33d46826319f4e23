"""What happened, as typed events: the notebooks and the app narrate games from these.

The engine logs each event as a small tuple (cheap in the inner loop of a simulation) and turns it
into one of the frozen dataclasses below only when someone reads `state.events`. A player's view
shows the same events with other seats' drawn cards hidden.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from .cards import CARDS, Card, Shape
from .moves import Announcement

__all__ = [
    "Announced",
    "AnnouncementMissed",
    "Dealt",
    "DrawReason",
    "Drew",
    "Event",
    "EveryonePicksTwo",
    "Flipped",
    "GameOver",
    "GeneralMarket",
    "HeldOn",
    "MissedTurn",
    "PenaltyGrows",
    "PickCancelled",
    "Played",
    "PutUnder",
    "Reshuffled",
    "TurnedUp",
]


class DrawReason(StrEnum):
    MARKET = "market"  # went to market by choice (or for want of a card)
    PICK = "pick"  # a pick two or pick three penalty
    GENERAL_MARKET = "general_market"
    EVERYONE_PICKS_TWO = "everyone_picks_two"
    ANNOUNCEMENT = "announcement"  # penalty for a missing "last card" / "semi last card"


@dataclass(frozen=True, slots=True)
class Event:
    """Base class of every event."""


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """The deal: who dealt, who leads, the cards cut to choose the dealer (if cut), and who cut
    the shuffled pack before the deal (the player on the dealer's right)."""

    dealer: int
    leader: int
    cuts: tuple[tuple[int, Card], ...]
    cutter: int


@dataclass(frozen=True, slots=True)
class TurnedUp(Event):
    """The start card turned up from the market (`start = turn_up`)."""

    card: Card


@dataclass(frozen=True, slots=True)
class PutUnder(Event):
    """A special card turned up at the start goes to the bottom of the market."""

    card: Card


@dataclass(frozen=True, slots=True)
class Played(Event):
    seat: int
    card: Card
    call: Shape | None


@dataclass(frozen=True, slots=True)
class Announced(Event):
    seat: int
    words: Announcement


@dataclass(frozen=True, slots=True)
class AnnouncementMissed(Event):
    """A required announcement was not made; two penalty cards follow as a `Drew`."""

    seat: int
    words: Announcement


@dataclass(frozen=True, slots=True)
class HeldOn(Event):
    """Hold on: the same seat plays again."""

    seat: int


@dataclass(frozen=True, slots=True)
class PenaltyGrows(Event):
    """Under defence: `seat` must answer with the same number or draw `total` cards. Under
    `cross_defence` any pick card that fits answers (`cross`); under `whot_cancels_pick` a Whot
    cancels the pick (`whot`)."""

    seat: int
    total: int
    cross: bool = field(default=False, repr=False)
    whot: bool = field(default=False, repr=False)


@dataclass(frozen=True, slots=True)
class PickCancelled(Event):
    """Under `whot_cancels_pick`: `seat`'s Whot cancels a pick of `total` cards; nobody draws."""

    seat: int
    total: int


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """Cards taken from the market. `cards` is None where the viewer may not see them."""

    seat: int
    count: int
    reason: DrawReason
    wanted: int
    cards: tuple[Card, ...] | None

    @property
    def short(self) -> bool:
        """True when the market could not supply every card asked for."""
        return self.count < self.wanted


@dataclass(frozen=True, slots=True)
class MissedTurn(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class GeneralMarket(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class EveryonePicksTwo(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class Flipped(Event):
    """The pile under the top card turned over, unshuffled, as the new market."""

    cards: int


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    """The pile under the top card shuffled into a new market."""

    cards: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """`reason` is `check_up` (a player went out) or `count`. A count is `by_rule` when the rules
    end the game as the market runs out (`exhausted = count`); otherwise the market could not
    be refilled (nothing under the top card to turn over or shuffle)."""

    reason: str
    winners: tuple[int, ...]
    points: tuple[int, ...]
    by_rule: bool = False


#: DrawReason by value: a dict lookup, where calling the enum takes several Python calls.
_DRAW_REASON: dict[str, DrawReason] = {reason.value: reason for reason in DrawReason}


def _cards(codes: tuple[int, ...]) -> tuple[Card, ...]:
    return tuple(CARDS[c] for c in codes)


def to_event(raw: tuple, viewer: int | None = None) -> Event:
    """One logged tuple as a typed event; draws by seats other than `viewer` are hidden."""
    kind = raw[0]
    if kind == "drew":
        _, seat, codes, reason, wanted, count = raw
        visible = codes is not None and (viewer is None or viewer == seat)
        return Drew(seat, count, _DRAW_REASON[reason], wanted, _cards(codes) if visible else None)
    if kind == "played":
        return Played(raw[1], CARDS[raw[2]], raw[3])
    if kind == "dealt":
        return Dealt(raw[1], raw[2], tuple((seat, CARDS[code]) for seat, code in raw[3]), raw[4])
    return _SIMPLE[kind](*raw[1:])


_SIMPLE = {
    "turned_up": lambda code: TurnedUp(CARDS[code]),
    "put_under": lambda code: PutUnder(CARDS[code]),
    "announced": Announced,
    "announcement_missed": AnnouncementMissed,
    "hold_on": HeldOn,
    "penalty_grows": PenaltyGrows,
    "pick_cancelled": PickCancelled,
    "missed_turn": MissedTurn,
    "general_market": GeneralMarket,
    "everyone_picks_two": EveryonePicksTwo,
    "flipped": Flipped,
    "reshuffled": Reshuffled,
    "game_over": GameOver,
}


def chain_of(items: Iterable[tuple]) -> tuple | None:
    """The linked list `iter_log` reads, from its tuples oldest first (the inverse of it)."""
    log = None
    for item in items:
        log = (item, log)
    return log


def with_draws(log: tuple | None, drawn: Mapping[int, tuple | None]) -> list[tuple]:
    """The logged tuples oldest first, each draw by a seat in `drawn` with its cards put back.

    The log itself is public: a draw is logged without its cards, which the state keeps per seat
    (`drawn[seat]`, a chain of card-code tuples, newest first). Matched from the newest draw
    back, so a chain that holds only a seat's latest draws (a determinized state's, for the
    seats it guessed) gives them their cards and leaves the older draws hidden.
    """
    chains = dict(drawn)
    items = []
    while log is not None:
        entry, log = log
        if entry[0] == "drew":
            chain = chains.get(entry[1])
            if chain is not None:
                entry = ("drew", entry[1], chain[0], *entry[3:])
                chains[entry[1]] = chain[1]
        items.append(entry)
    items.reverse()
    return items


def iter_log(log: tuple | None) -> Iterator[tuple]:
    """The logged tuples oldest first (the log is a linked list, newest first, shared by clones)."""
    items = []
    while log is not None:
        items.append(log[0])
        log = log[1]
    return reversed(items)
