"""Penalty points for the cards still held (docs/rules.md, "Scoring").

Face value for circles, triangles, crosses and squares; a Whot counts 20; stars count double when
`rules.star_double` (the British rulebook and the Naija app) and face value otherwise (the web
rules' literal count). The lowest total wins a count; equal lowest totals share the win.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import CARDS, Card, Shape

__all__ = ["CardScore", "breakdown", "card_points", "count_winners", "hand_points"]


def card_points(card: Card, star_double: bool) -> int:
    """What one card held at the end scores against its holder."""
    if card.shape is Shape.STAR and star_double:
        return 2 * card.number
    return card.number


def hand_points(cards: Iterable[Card], star_double: bool) -> int:
    return sum(card_points(card, star_double) for card in cards)


@dataclass(frozen=True)
class CardScore:
    """One line of a count: the card, its face number, what it scores and why."""

    card: Card
    face: int
    points: int
    note: str


def breakdown(cards: Iterable[Card], star_double: bool) -> list[CardScore]:
    """A count card by card, so a learner sees the star doubled and the Whot's 20."""
    out = []
    for card in cards:
        points = card_points(card, star_double)
        if card.is_whot:
            note = "a Whot counts 20"
        elif card.shape is Shape.STAR and star_double:
            note = "a star counts double"
        else:
            note = "face value"
        out.append(CardScore(card, card.number, points, note))
    return out


def count_winners(points: Sequence[int]) -> tuple[int, ...]:
    """The seats with the lowest total (several when they tie)."""
    low = min(points)
    return tuple(seat for seat, p in enumerate(points) if p == low)


#: Points by card code, without and with stars doubled (the engine's fast path).
POINTS_BY_CODE: dict[bool, tuple[int, ...]] = {
    flag: tuple(card_points(card, flag) for card in CARDS) for flag in (False, True)
}
