"""Moves as values: `draw`, `play circle 5`, `play whot call star`, with an optional announcement.

    >>> Move.parse("play ball 5, semi last card")
    Move.parse('play circle 5, semi last card')
    >>> str(Move.play(Card.parse("whot"), call=Shape.STAR))
    'play whot call star'

A move is only words until a state judges it: `state.apply(move)` checks it against the rules,
`state.explain(move)` says why it is or is not legal.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ...toolkit.errors import IllegalMove  # shared with Whist; re-exported here
from .cards import CARDS, SHAPES, Card, Shape

__all__ = ["Announcement", "IllegalMove", "Move"]


class Announcement(StrEnum):
    """What a player says when a play leaves them with two cards or one (docs/rules.md,
    "Announcements")."""

    SEMI_LAST_CARD = "semi last card"
    LAST_CARD = "last card"

    @property
    def cards_left(self) -> int:
        return 2 if self is Announcement.SEMI_LAST_CARD else 1


@dataclass(frozen=True, slots=True)
class Move:
    """Draw (card is None) or play a card, with a call after a Whot and an optional announcement.

    Under `multiple_cards` a play may put down several cards of one number: `card` is the first,
    `more` the others in the order put down (the last is the new top card), `cards` all of them.
    """

    card: Card | None = None
    call: Shape | None = None
    announce: Announcement | None = None
    more: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        if self.card is None:
            if self.call is not None or self.announce is not None:
                raise ValueError("a draw has no call and no announcement")
            return
        if not isinstance(self.card, Card):
            raise TypeError(f"move card must be a Card, not {type(self.card).__name__}")
        if self.card.is_whot:
            if self.call not in SHAPES:
                raise ValueError(
                    "a Whot must call a shape: circle, triangle, cross, square or star "
                    "(whot is not a shape)"
                )
        elif self.call is not None:
            raise ValueError(f"only a Whot calls a shape; {self.card} cannot call {self.call}")
        if self.announce is not None and not isinstance(self.announce, Announcement):
            raise TypeError("announce must be an Announcement or None")
        if self.more:
            if not isinstance(self.more, tuple) or not all(isinstance(c, Card) for c in self.more):
                raise TypeError("more must be a tuple of Cards")
            if self.card.is_whot or any(c.is_whot for c in self.more):
                raise ValueError("several cards at once are never Whots")
            if any(c.number != self.card.number for c in self.more):
                raise ValueError(
                    f"several cards at once must share one number: {self.text()} does not"
                )

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card the move puts down, in order (the last is the new top); `()` for a draw."""
        if self.card is None:
            return ()
        return (self.card, *self.more)

    @classmethod
    def draw(cls) -> Move:
        return DRAW

    @classmethod
    def play(
        cls, card: Card, call: Shape | None = None, announce: Announcement | None = None
    ) -> Move:
        return cls(card, call, announce)

    @property
    def is_draw(self) -> bool:
        return self.card is None

    def with_announcement(self, announce: Announcement | None) -> Move:
        return Move(self.card, self.call, announce, self.more)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read `draw`, `play circle 5`, `play whot call star`, `play ball 5, last card`.

        `market` is accepted for `draw` ("go to market", as players say in Nigeria)."""
        if not isinstance(text, str):
            raise TypeError(f"move text must be a str, not {type(text).__name__}")
        main, comma, said = text.strip().lower().partition(",")
        if comma and not said.strip():
            raise ValueError(f"bad move {text!r}: nothing follows the comma")
        words = main.split()
        if words == ["draw"] or words == ["market"]:
            if said.strip():
                raise ValueError(f"bad move {text!r}: a draw has no announcement")
            return DRAW
        if not words or words[0] != "play" or len(words) < 2:
            raise ValueError(
                f"bad move {text!r}: expected 'draw', 'play circle 5' or 'play whot call star'"
            )
        call = None
        if "call" in words:
            at = words.index("call")
            if at + 2 != len(words):
                raise ValueError(f"bad move {text!r}: 'call' is followed by one shape")
            call = Shape.parse(words[at + 1])
            words = words[:at]
        parts = " ".join(words[1:]).split("+")
        if any(not part.strip() for part in parts):
            raise ValueError(f"bad move {text!r}: '+' joins two cards, as 'play circle 2 + star 2'")
        card, *more = (Card.parse(part) for part in parts)
        if more and call is not None:
            raise ValueError(f"bad move {text!r}: several cards at once are never Whots")
        announce = None
        if said.strip():
            try:
                announce = Announcement(" ".join(said.split()))
            except ValueError:
                raise ValueError(
                    f"bad move {text!r}: the announcement is 'last card' or 'semi last card'"
                ) from None
        return cls(card, call, announce, tuple(more))

    def text(self, nigerian: bool = False) -> str:
        if self.card is None:
            return "draw"
        out = "play " + " + ".join(c.name(nigerian) for c in self.cards)
        if self.call is not None:
            out += f" call {self.call.nigerian_name if nigerian else self.call.value}"
        if self.announce is not None:
            out += f", {self.announce.value}"
        return out

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Move.parse({self.text()!r})"


DRAW = Move()

# Prebuilt moves for the engine's inner loop: plain plays by card code, Whot plays by call.
PLAYS: tuple[Move, ...] = tuple(Move(card) if not card.is_whot else DRAW for card in CARDS)
WHOT_PLAYS: tuple[Move, ...] = tuple(Move(CARDS[-1], shape) for shape in SHAPES)
