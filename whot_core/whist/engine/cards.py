"""The Whist pack: 52 cards, four suits, aces high (seeds/001_d8240e92cdace870.txt).

A card is written the way players write it: rank then suit, as `A♠`, `10♥`, `Q♦`, `2♣`, or in
plain letters `AS`, `10H`, `QD`, `2C` (any case; `T` for ten too), or in words, `ace of spades`.
`str(card)` gives the symbol form and `card.ascii` the letter form; both parse back to the card.

    >>> card = Card.parse("10h")
    >>> str(card), card.ascii, card.name
    ('10♥', '10H', 'ten of hearts')
    >>> Card.parse(str(card)) == card
    True

Inside the engine each card is a small int, its *code* (an index into `CARDS`), because the engine
is the inner loop of every search; everything public speaks in `Card` values.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum

__all__ = ["CARDS", "RANKS", "SUITS", "Card", "Suit", "sort_hand"]


class Suit(Enum):
    """The four suits, in the order a hand is sorted for display (colours alternate)."""

    SPADES = "spades"
    HEARTS = "hearts"
    CLUBS = "clubs"
    DIAMONDS = "diamonds"

    def __str__(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def letter(self) -> str:
        return self.value[0].upper()

    @property
    def singular(self) -> str:
        """`spade`, `heart`, ...: for sentences like "play a spade"."""
        return self.value[:-1]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """A suit from its name (singular or plural), letter or symbol, in any case."""
        if not isinstance(text, str):
            raise TypeError(f"suit text must be a str, not {type(text).__name__}")
        try:
            return _SUIT_BY_NAME[text.strip().lower()]
        except KeyError:
            raise ValueError(
                f"unknown suit {text!r}: expected spades, hearts, clubs or diamonds "
                "(or S, H, C, D, or ♠ ♥ ♣ ♦)"
            ) from None


_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.CLUBS: "♣", Suit.DIAMONDS: "♦"}
# The white-suit symbols are accepted too, since some keyboards and pages produce them.
_WHITE = {Suit.SPADES: "♤", Suit.HEARTS: "♡", Suit.CLUBS: "♧", Suit.DIAMONDS: "♢"}
_SUIT_BY_NAME: dict[str, Suit] = {}
for _suit in Suit:
    for _name in (
        _suit.value,
        _suit.singular,
        _suit.letter.lower(),
        _SYMBOLS[_suit],
        _WHITE[_suit],
    ):
        _SUIT_BY_NAME[_name] = _suit

#: The suits in display order.
SUITS: tuple[Suit, ...] = tuple(Suit)

#: Ranks from low to high: 2 to 10, then jack 11, queen 12, king 13, ace 14 (aces are high).
RANKS: tuple[int, ...] = tuple(range(2, 15))

_RANK_TEXT = {11: "J", 12: "Q", 13: "K", 14: "A"}
_RANK_WORDS = {
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "jack",
    12: "queen",
    13: "king",
    14: "ace",
}
_RANK_BY_TEXT: dict[str, int] = {str(r): r for r in range(2, 11)} | {"t": 10}
_RANK_BY_TEXT |= {text.lower(): rank for rank, text in _RANK_TEXT.items()}
_RANK_BY_TEXT |= {word: rank for rank, word in _RANK_WORDS.items()}


def rank_text(rank: int) -> str:
    """`A`, `K`, `Q`, `J`, `10` ... `2`: the rank as printed in a card's corner."""
    return _RANK_TEXT.get(rank, str(rank))


def rank_word(rank: int) -> str:
    return _RANK_WORDS[rank]


@dataclass(frozen=True, eq=True, order=False)
class Card:
    """One playing card. Hashable; ordered by suit (display order), then by rank, low to high."""

    suit: Suit
    rank: int
    code: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.suit, Suit):
            raise TypeError(f"card suit must be a Suit, not {type(self.suit).__name__}")
        if isinstance(self.rank, bool) or not isinstance(self.rank, int):
            raise TypeError(f"card rank must be an int, not {type(self.rank).__name__}")
        if self.rank not in RANKS:
            raise ValueError(
                f"there is no {self.suit.singular} of rank {self.rank}: ranks run from 2 to 14 "
                "(11 jack, 12 queen, 13 king, 14 ace)"
            )
        object.__setattr__(self, "code", SUITS.index(self.suit) * 13 + self.rank - 2)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read `A♠`, `AS`, `10H`, `td`, `Q ♦` or `queen of diamonds` (any case)."""
        if not isinstance(text, str):
            raise TypeError(f"card text must be a str, not {type(text).__name__}")
        words = text.strip().lower().replace(" of ", " ").split()
        if len(words) == 1 and len(words[0]) >= 2:  # AS, 10H, A♠: the suit is the last letter
            words = [words[0][:-1], words[0][-1]]
        if len(words) != 2:
            raise ValueError(
                f"bad card {text!r}: expected a rank and a suit, like 'A♠', 'AS', '10H' "
                "or 'ace of spades'"
            )
        rank = _RANK_BY_TEXT.get(words[0])
        if rank is None:
            raise ValueError(
                f"bad card {text!r}: {words[0]!r} is not a rank (2-10, J, Q, K, A; T for ten)"
            )
        try:
            suit = Suit.parse(words[1])
        except ValueError:
            raise ValueError(
                f"bad card {text!r}: {words[1]!r} is not a suit (S, H, C, D or ♠ ♥ ♣ ♦)"
            ) from None
        return CARDS[SUITS.index(suit) * 13 + rank - 2]

    @classmethod
    def of(cls, card: Card | str) -> Card:
        """A card given as a Card or as card text (what every API taking cards accepts)."""
        if isinstance(card, Card):
            return card
        if isinstance(card, str):
            return cls.parse(card)
        raise TypeError(f"a card must be a Card or card text, not {type(card).__name__}")

    @property
    def ascii(self) -> str:
        """The letter form, `AS` or `10H`: what game records store."""
        return rank_text(self.rank) + self.suit.letter

    @property
    def name(self) -> str:
        """In words, for sentences: `ace of spades`."""
        return f"{rank_word(self.rank)} of {self.suit.value}"

    def __str__(self) -> str:
        return rank_text(self.rank) + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card.parse({self.ascii!r})"

    def _repr_html_(self) -> str:
        """The card drawn in a notebook (pictures are imported only when asked for)."""
        from ..show.pictures import card_repr_html

        return card_repr_html(self)

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code < other.code

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code <= other.code

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code > other.code

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code >= other.code


#: All 52 cards, indexed by code: spades 2 to ace, then hearts, clubs, diamonds.
CARDS: tuple[Card, ...] = tuple(Card(suit, rank) for suit in SUITS for rank in RANKS)

#: The suit index (into SUITS) and rank of each code, for the engine's inner loop.
SUIT_OF: tuple[int, ...] = tuple(code // 13 for code in range(52))
RANK_OF: tuple[int, ...] = tuple(code % 13 + 2 for code in range(52))


def sort_hand(cards: Iterable[Card]) -> tuple[Card, ...]:
    """A hand as players hold it: suits ♠ ♥ ♣ ♦ (colours alternate), high cards first."""
    return tuple(sorted(cards, key=lambda c: (c.code // 13, -c.rank)))
