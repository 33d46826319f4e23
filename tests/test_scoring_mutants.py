"""The count (`engine/scoring.py`) word for word: the note a learner reads beside each card of a
count, and who wins a count when totals tie. Written for the mutants of
`make mutation MODULE=whot_core/whot/engine/scoring.py` (docs/testing.md)."""

from __future__ import annotations

import pytest

from whot_core import Card
from whot_core.whot.engine.scoring import CardScore, breakdown, count_winners


def cards(*texts: str) -> list[Card]:
    return [Card.parse(text) for text in texts]


@pytest.mark.parametrize(
    ("texts", "star_double", "lines"),
    [
        (  # star 7 doubled is 14; a Whot counts 20 whatever its face; square 10 is face value.
            ("star 7", "whot", "square 10"),
            True,
            [
                (7, 14, "a star counts double"),
                (20, 20, "a Whot counts 20"),
                (10, 10, "face value"),
            ],
        ),
        (
            ("star 5", "whot", "circle 1"),
            False,
            [(5, 5, "face value"), (20, 20, "a Whot counts 20"), (1, 1, "face value")],
        ),
    ],
)
def test_each_line_of_a_count(texts, star_double, lines):
    hand = cards(*texts)
    assert breakdown(hand, star_double) == [
        CardScore(card, *line) for card, line in zip(hand, lines, strict=True)
    ]


def test_the_lowest_total_wins_and_equal_lowest_totals_share_it():
    assert count_winners([12, 7, 30]) == (1,)
    assert count_winners([9, 20, 9, 9]) == (0, 2, 3)
    assert count_winners([0, 5]) == (0,)
