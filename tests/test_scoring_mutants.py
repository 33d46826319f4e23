"""The count (`engine/scoring.py`) word for word: the note a learner reads beside each card of a
count, and who wins a count when totals tie. Written for the mutants of
`make mutation MODULE=whot_core/engine/scoring.py` (docs/testing.md)."""

from __future__ import annotations

from whot_core import Card
from whot_core.engine.scoring import CardScore, breakdown, count_winners


def cards(*texts: str) -> list[Card]:
    return [Card.parse(text) for text in texts]


def test_each_line_of_a_count_with_stars_doubled():
    # star 7 doubled is 14; a Whot counts 20 whatever its face; square 10 is face value.
    hand = cards("star 7", "whot", "square 10")
    assert breakdown(hand, star_double=True) == [
        CardScore(hand[0], 7, 14, "star 7 counts double: 14"),
        CardScore(hand[1], 20, 20, "a Whot counts 20"),
        CardScore(hand[2], 10, 10, "face value"),
    ]


def test_each_line_of_a_count_with_stars_at_face_value():
    hand = cards("star 5", "whot", "circle 1")
    assert breakdown(hand, star_double=False) == [
        CardScore(hand[0], 5, 5, "face value"),
        CardScore(hand[1], 20, 20, "a Whot counts 20"),
        CardScore(hand[2], 1, 1, "face value"),
    ]


def test_the_lowest_total_wins_and_equal_lowest_totals_share_it():
    assert count_winners([12, 7, 30]) == (1,)
    assert count_winners([9, 20, 9, 9]) == (0, 2, 3)
    assert count_winners([0, 5]) == (0,)
