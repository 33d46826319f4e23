"""The Whist rules of seeds/001_d8240e92cdace870.txt, as data (docs/rules.md, "Whist").

Seed 001 plays one fixed version: four players in two partnerships, all 52 cards dealt, aces high,
trumps rotating hearts, spades, diamonds, clubs, then a no-trump hand; one point for each trick
past the book of six; the first team to 7 at the end of a hand wins. Those numbers live here, in
one frozen object, so that a house rule (a game to 5, another trump order) is a change of data:

    >>> rules = WhistRules()
    >>> rules.trump_for(5) is None          # the fifth hand is played at no-trump
    True
    >>> rules.replace(target=5).target
    5
    >>> rules.replace(length="hand").as_dict()["length"]   # a game of one hand
    'hand'

The traditional variants the seed lists but does not play (turn-up trump, honours, rubbers,
bidding) are not modelled.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any, ClassVar

from .cards import Suit

__all__ = ["LENGTHS", "SEATS", "TEAMS", "WhistRules", "check_seat_names", "partner", "team_of"]

#: Seat names, in playing order: play goes clockwise, so West sits on South's left (seed 001).
SEATS: tuple[str, ...] = ("South", "West", "North", "East")
#: Team 0 is South and North, team 1 West and East: partners sit opposite.
TEAMS: tuple[str, ...] = ("North–South", "East–West")

_ROTATION = (Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS, None)
#: How long a game lasts: hands until a team has `target` points (the seed's game), or one hand.
LENGTHS: tuple[str, ...] = ("game", "hand")


def team_of(seat: int) -> int:
    """0 for South and North (seats 0 and 2), 1 for West and East (seats 1 and 3)."""
    return seat % 2


def check_seat_names(names) -> tuple[str, ...]:
    """Four non-empty seat names in seat order (South, West, North, East); None gives SEATS."""
    if names is None:
        return SEATS
    names = tuple(names)
    if len(names) != 4 or not all(isinstance(n, str) and n for n in names):
        raise ValueError("names: give four seat names, South's, West's, North's and East's")
    return names


def partner(seat: int) -> int:
    return (seat + 2) % 4


@dataclass(frozen=True)
class WhistRules:
    """Seed 001's Whist. Every field is checked when the object is made.

    `length` is "game" (the seed's: hands until a team has `target` points at the end of one) or
    "hand" (the game is one hand: the team that scores in it wins, whatever the target)."""

    target: int = 7
    book: int = 6
    trumps: tuple[Suit | None, ...] = _ROTATION
    first_leader: int = 0
    length: str = "game"

    #: Not a field: the rules a record may leave out while they have their default (`length`
    #: came after the first records; as with Whot's `Rules.LATER_TOGGLES`, those keep their bytes).
    LATER_TOGGLES: ClassVar[frozenset[str]] = frozenset({"length"})

    def __post_init__(self) -> None:
        for name in ("target", "book", "first_leader"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} must be an int, not {type(value).__name__}")
        if not 1 <= self.target <= 100:
            raise ValueError(f"target must be from 1 to 100 points, not {self.target}")
        if not 0 <= self.book <= 12:
            raise ValueError(f"book must be from 0 to 12 tricks, not {self.book}")
        if self.book < 6:
            raise ValueError(
                f"book must be at least 6 tricks, not {self.book}: with a smaller book both "
                "teams could score in one hand, and the seed's game always has one scorer"
            )
        if not 0 <= self.first_leader <= 3:
            raise ValueError(f"first_leader must be a seat from 0 to 3, not {self.first_leader}")
        if self.length not in LENGTHS:
            raise ValueError(f"length must be 'game' or 'hand', not {self.length!r}")
        if not isinstance(self.trumps, tuple) or not self.trumps:
            raise ValueError("trumps must be a non-empty tuple of suits (None for no-trump)")
        for value in self.trumps:
            if value is not None and not isinstance(value, Suit):
                raise TypeError(f"trumps holds suits or None, not {value!r}")

    def trump_for(self, hand: int) -> Suit | None:
        """The trump suit of hand number `hand` (1 for the first hand); None for no-trump."""
        if isinstance(hand, bool) or not isinstance(hand, int) or hand < 1:
            raise ValueError(f"hands are numbered from 1, not {hand!r}")
        return self.trumps[(hand - 1) % len(self.trumps)]

    def leader_for(self, hand: int) -> int:
        """Who leads the first trick of hand `hand`: one seat further left each hand."""
        if isinstance(hand, bool) or not isinstance(hand, int) or hand < 1:
            raise ValueError(f"hands are numbered from 1, not {hand!r}")
        return (self.first_leader + hand - 1) % 4

    def points_for(self, tricks: int) -> int:
        """Points for a team that took `tricks`: one for each trick past the book."""
        return max(0, tricks - self.book)

    def replace(self, **changes: Any) -> WhistRules:
        known = {f.name for f in fields(self)}
        for name in changes:
            if name not in known:
                raise TypeError(f"unknown Whist rule {name!r}: the rules are {sorted(known)}")
        return replace(self, **changes)

    # ------------------------------------------------------------------------------- as data

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["trumps"] = [suit.value if suit else "no-trump" for suit in self.trumps]
        for name in self.LATER_TOGGLES:  # left out at their default: older records keep their bytes
            if data[name] == getattr(type(self), name):
                del data[name]
        return data

    @classmethod
    def from_dict(cls, data: Any) -> WhistRules:
        if not isinstance(data, dict):
            raise ValueError("Whist rules must be an object")
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown Whist rules {sorted(unknown)}")
        values = dict(data)
        if "trumps" in values:
            trumps = values["trumps"]
            if not isinstance(trumps, list) or not all(isinstance(t, str) for t in trumps):
                raise ValueError("trumps must be a list of suit names or 'no-trump'")
            values["trumps"] = tuple(None if t == "no-trump" else Suit.parse(t) for t in trumps)
        return cls(**values)

    def describe(self) -> list[str]:
        """The rules in plain words, one sentence each."""
        order = ", ".join(suit.value if suit else "no-trump" for suit in self.trumps)
        return [
            "Four players in two partnerships, partners opposite: North–South against East–West.",
            "All 52 cards are dealt, 13 each; aces are high (A, K, Q, J, 10 down to 2).",
            f"Trumps rotate each hand: {order}.",
            f"{SEATS[self.first_leader]} leads the first hand; the opening lead moves one seat "
            "left each hand.",
            "Any card may be led, trumps included, from the very first trick: there is no rule "
            "that trumps must first be 'broken'.",
            "Follow suit if you can; if you cannot, play any card, a trump or a discard. Nobody "
            "ever has to trump, nor to overtrump (play a higher trump than one already played).",
            "The highest trump wins the trick; if no trump was played, the highest card of the "
            "suit led. The winner leads the next trick.",
            f"After 13 tricks each team counts: the first {self.book} (the book) score nothing, "
            "each trick past them scores one point.",
            self.goal(),
        ]

    def goal(self) -> str:
        """How the game is won, in one sentence."""
        if self.length == "hand":
            return "The game is one hand: the team that scores in it wins."
        return f"The first team to {self.target} points at the end of a hand wins."
