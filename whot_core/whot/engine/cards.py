"""The Whot pack: five shapes, the wild Whot card, and the text forms of every card.

All sources agree on the pack (docs/rules.md, "The pack"): circles and triangles run 1-14, crosses
and
squares skip 4, 8 and 12, stars run 1-8, and there is no 6 or 9 anywhere. A Whot counts 20.

Inside the engine each distinct card is a small int, its *code* (an index into `CARDS`), because the
engine is the inner loop of every simulation; everything public speaks in `Card` values.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from enum import Enum
from functools import cache

__all__ = [
    "CARDS",
    "NIGERIAN_NAMES",
    "NUMBERS",
    "SHAPES",
    "WHOT",
    "Card",
    "Shape",
    "in_nigerian_names",
    "in_shape_names",
    "make_pack",
]


class Shape(Enum):
    """The five shapes, plus WHOT for the wild card (which is never a shape you can call)."""

    CIRCLE = "circle"
    TRIANGLE = "triangle"
    CROSS = "cross"
    SQUARE = "square"
    STAR = "star"
    WHOT = "whot"

    def __str__(self) -> str:
        return self.value

    @property
    def nigerian_name(self) -> str:
        """The name used in Nigeria: ball, angle, cross, carpet, star (seeds/003)."""
        return NIGERIAN_NAMES[self]

    @classmethod
    def parse(cls, text: str) -> Shape:
        """A shape from its English or Nigerian name, in any case: `Shape.parse("Carpet")`."""
        key = text.strip().lower()
        try:
            return _SHAPE_BY_NAME[key]
        except KeyError:
            names = ", ".join(sorted(_SHAPE_BY_NAME))
            raise ValueError(f"unknown shape {text!r}: expected one of {names}") from None


#: The shapes a player may call after a Whot, in the rulebook's order.
SHAPES: tuple[Shape, ...] = (Shape.CIRCLE, Shape.TRIANGLE, Shape.CROSS, Shape.SQUARE, Shape.STAR)

NIGERIAN_NAMES: dict[Shape, str] = {
    Shape.CIRCLE: "ball",
    Shape.TRIANGLE: "angle",
    Shape.CROSS: "cross",
    Shape.SQUARE: "carpet",
    Shape.STAR: "star",
    Shape.WHOT: "whot",
}

#: The English shape names that differ in Nigeria, as words, singular or plural, any case.
_ENGLISH_NAME = re.compile(r"\b(circle|triangle|square)(s?)\b", re.IGNORECASE)


def in_nigerian_names(text: str) -> str:
    """`text` with circle, triangle and square (and their plurals) as ball, angle and carpet.

    The rules' explanations and the AI players' reasons are written once, with the English
    names; this shows them in the names the reader picked, like the cards and the narration.
    """

    def nigerian(match: re.Match[str]) -> str:
        word = NIGERIAN_NAMES[Shape(match[1].lower())] + match[2]
        return word.capitalize() if match[1][0].isupper() else word

    return _ENGLISH_NAME.sub(nigerian, text)


def in_shape_names(text: str | None, nigerian: bool) -> str | None:
    """`text` in the shape names the reader picked: the Nigerian ones, or as written."""
    return in_nigerian_names(text) if text and nigerian else text


_SHAPE_BY_NAME: dict[str, Shape] = {s.value: s for s in Shape} | {
    name: shape for shape, name in NIGERIAN_NAMES.items()
}

#: The numbers printed on each shape (docs/rules.md, "The pack"). The Whot's 20 is its value, not a
#: rank.
NUMBERS: dict[Shape, tuple[int, ...]] = {
    Shape.CIRCLE: (1, 2, 3, 4, 5, 7, 8, 10, 11, 12, 13, 14),
    Shape.TRIANGLE: (1, 2, 3, 4, 5, 7, 8, 10, 11, 12, 13, 14),
    Shape.CROSS: (1, 2, 3, 5, 7, 10, 11, 13, 14),
    Shape.SQUARE: (1, 2, 3, 5, 7, 10, 11, 13, 14),
    Shape.STAR: (1, 2, 3, 4, 5, 7, 8),
    Shape.WHOT: (20,),
}

_ORDER = {shape: i for i, shape in enumerate(Shape)}
_CODES: dict[tuple[Shape, int], int] = {}
for _shape in Shape:
    for _number in NUMBERS[_shape]:
        _CODES[(_shape, _number)] = len(_CODES)


def _impossible(shape: Shape, number: int) -> str:
    if shape is Shape.WHOT:
        return f"a Whot card is always 20, not {number}"
    if number in (6, 9):
        return f"{shape} {number} does not exist: there are no 6s or 9s in a Whot pack"
    if shape in (Shape.CROSS, Shape.SQUARE) and number in (4, 8, 12):
        return f"{shape} {number} does not exist: crosses and squares have no 4, 8 or 12"
    if shape is Shape.STAR and number > 8:
        return f"{shape} {number} does not exist: stars only go up to 8"
    return f"{shape} {number} does not exist: {shape}s are numbered {_numbers_text(shape)}"


def _numbers_text(shape: Shape) -> str:
    return ", ".join(str(n) for n in NUMBERS[shape])


@dataclass(frozen=True, eq=True, order=False)
class Card:
    """One Whot card: a shape and a number. Hashable, ordered by shape then number.

    >>> Card.parse("ball 7")
    Card.parse('circle 7')
    >>> str(Card.parse("WHOT 20"))
    'whot'
    """

    shape: Shape
    number: int
    code: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.shape, Shape):
            raise TypeError(f"card shape must be a Shape, not {type(self.shape).__name__}")
        if isinstance(self.number, bool) or not isinstance(self.number, int):
            raise TypeError(f"card number must be an int, not {type(self.number).__name__}")
        code = _CODES.get((self.shape, self.number))
        if code is None:
            raise ValueError(_impossible(self.shape, self.number))
        object.__setattr__(self, "code", code)

    def __hash__(self) -> int:
        # The code names the card as (shape, number) do, and hashing it is cheaper: the search
        # keys its tree by moves, which hash their card at every step.
        return self.code

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read `circle 5`, `Triangle 14`, `carpet 3`, `whot` or `whot 20` (any case)."""
        if not isinstance(text, str):
            raise TypeError(f"card text must be a str, not {type(text).__name__}")
        words = text.strip().lower().split()
        if not words:
            raise ValueError("empty card text: expected something like 'circle 5' or 'whot'")
        shape = Shape.parse(words[0])
        if shape is Shape.WHOT:
            if len(words) == 1 or words[1:] == ["20"]:
                return WHOT
            raise ValueError(f"bad card {text!r}: a Whot is written 'whot' or 'whot 20'")
        if len(words) != 2 or not (words[1].isascii() and words[1].isdigit()):
            raise ValueError(f"bad card {text!r}: expected a shape and a number, like 'circle 5'")
        return cls(shape, int(words[1]))

    @classmethod
    def of(cls, card: Card | str) -> Card:
        """A card given as a Card or as card text (what every API taking cards accepts)."""
        if isinstance(card, Card):
            return card
        if isinstance(card, str):
            return cls.parse(card)
        raise TypeError(f"a card must be a Card or card text, not {type(card).__name__}")

    @property
    def is_whot(self) -> bool:
        return self.shape is Shape.WHOT

    def name(self, nigerian: bool = False) -> str:
        """The card's text, with the Nigerian shape name if asked (`ball 7`)."""
        if self.shape is Shape.WHOT:
            return "whot"
        shape = self.shape.nigerian_name if nigerian else self.shape.value
        return f"{shape} {self.number}"

    def __str__(self) -> str:
        return self.name()

    def _repr_html_(self) -> str:
        """The card drawn in a notebook (pictures are imported only when asked for)."""
        from ..show.pictures import card_repr_html

        return card_repr_html(self)

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

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


#: Every distinct card, indexed by its code: circles first, the Whot last.
CARDS: tuple[Card, ...] = tuple(Card(shape, number) for (shape, number) in _CODES)
WHOT: Card = CARDS[-1]


def make_pack(whot_cards: int = 5, packs: int = 1) -> list[Card]:
    """A full pack in order: 54 cards with five Whots, 53 with four, 49 with the Whot switched
    off (`whot_cards = 0`); doubled for two packs."""
    one = [card for card in CARDS if not card.is_whot] + [WHOT] * whot_cards
    return one * packs


@cache
def pack_codes(whot_cards: int = 5, packs: int = 1) -> tuple[int, ...]:
    """`make_pack` as card codes, built once per kind of pack: every deal and every
    determinization for a search starts from it."""
    return tuple(card.code for card in make_pack(whot_cards, packs))


def shuffle_codes(rng: random.Random, codes: list[int]) -> None:
    """Exactly `rng.shuffle(codes)`: the same calls to `rng.getrandbits`, in the same order, so
    the same order of cards (tests/test_engine_speedups.py checks it against `random`).

    The standard library's Fisher-Yates shuffle takes each swap position from `_randbelow`, which
    draws `n.bit_length()` bits and draws again while they are not below `n`. Written out here
    without a method call per card it is about a third faster; every deal, every reshuffle of
    the pile and every determinization goes through it.
    """
    getrandbits = rng.getrandbits
    for i in reversed(range(1, len(codes))):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        codes[i], codes[j] = codes[j], codes[i]
