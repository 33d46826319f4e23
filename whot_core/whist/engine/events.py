"""What happened in a Whist game, as typed events: the notebook and the app narrate from these.

Every event in Whist is public: cards are played face up, and a deal is logged without its cards.
The state keeps a compact log of tuples (cheap in the search's inner loop); `to_event` turns one
entry into its typed event when the events are read.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import CARDS, SUITS, Card, Suit

__all__ = ["CardPlayed", "Event", "GameWon", "HandScored", "HandStarted", "TrickWon", "to_event"]


@dataclass(frozen=True)
class HandStarted:
    """A new hand was dealt, 13 cards each; `leader` leads its first trick."""

    hand: int
    trump: Suit | None
    leader: int


@dataclass(frozen=True)
class CardPlayed:
    """`seat` played `card` to the trick. `led` is the suit led (None when this card leads it)."""

    seat: int
    card: Card
    led: Suit | None
    trump: Suit | None

    @property
    def leads(self) -> bool:
        return self.led is None

    @property
    def follows(self) -> bool:
        return self.led is not None and self.card.suit is self.led

    @property
    def ruffs(self) -> bool:
        """A trump played by a player who could not follow suit."""
        return (
            self.led is not None and self.card.suit is not self.led and self.card.suit is self.trump
        )

    @property
    def discards(self) -> bool:
        """Neither following nor trumping: a card that cannot win the trick."""
        return self.led is not None and self.card.suit not in (self.led, self.trump)


@dataclass(frozen=True)
class TrickWon:
    """`seat` won trick number `trick` (1 to 13) with `card`; `cards` are (seat, card) in order."""

    seat: int
    card: Card
    trick: int
    cards: tuple[tuple[int, Card], ...]
    trump: Suit | None

    @property
    def by_trump(self) -> bool:
        return (
            self.trump is not None
            and self.card.suit is self.trump
            and self.cards[0][1].suit is not self.trump
        )


@dataclass(frozen=True)
class HandScored:
    """The hand's 13 tricks counted: tricks and points per team, and the running scores."""

    hand: int
    tricks: tuple[int, int]
    points: tuple[int, int]
    scores: tuple[int, int]


@dataclass(frozen=True)
class GameWon:
    """`team` reached the target at the end of a hand."""

    team: int
    scores: tuple[int, int]


Event = HandStarted | CardPlayed | TrickWon | HandScored | GameWon


def _suit(index: int) -> Suit | None:
    return None if index < 0 else SUITS[index]


def to_event(entry: tuple) -> Event:
    """One compact log entry as its typed event."""
    kind = entry[0]
    if kind == "play":
        _, seat, code, led, trump = entry
        return CardPlayed(seat, CARDS[code], _suit(led), _suit(trump))
    if kind == "trick":
        _, seat, code, number, leader, codes, trump = entry
        cards = tuple(((leader + i) % 4, CARDS[c]) for i, c in enumerate(codes))
        return TrickWon(seat, CARDS[code], number, cards, _suit(trump))
    if kind == "deal":
        _, hand, trump, leader = entry
        return HandStarted(hand, _suit(trump), leader)
    if kind == "hand":
        _, hand, t0, t1, p0, p1, s0, s1 = entry
        return HandScored(hand, (t0, t1), (p0, p1), (s0, s1))
    if kind == "game":
        _, team, s0, s1 = entry
        return GameWon(team, (s0, s1))
    raise ValueError(f"unknown Whist log entry {entry!r}")
