"""Special cards (`engine/effects.py`): what the mutants of `make mutation
MODULE=whot_core/whot/engine/effects.py` showed untested (docs/testing.md): several suspensions with
the star 8 skipping two, several general markets when general market plays again, and whether a
growing pick says a Whot may cancel it."""

from __future__ import annotations

import pytest
from conftest import position, rules_of


def test_three_eights_at_once_skip_four_with_the_star_8_counting_two():
    # Six players: star 8 skips two, circle 8 and triangle 8 one each: seats 1 to 4 miss a turn.
    rules = rules_of("nigerian", multiple_cards=True, star8_double=True, max_players=6)
    hands = [["star 8", "circle 8", "triangle 8", "circle 4"], ["square 3"], ["square 10"]]
    hands += [["square 11"], ["triangle 3"], ["triangle 10"]]
    state = position(rules, hands, ["circle 11"], market=["cross 1", "cross 2"])
    after = state.apply("play circle 8 + star 8 + triangle 8")
    assert after.current_player == 5


@pytest.mark.parametrize(("again", "next_seat"), [(True, 0), (False, 1)])
def test_two_general_markets_at_once_and_who_plays_next(again, next_seat):
    rules = rules_of("nigerian", multiple_cards=True, general_market_again=again)
    hands = [["circle 14", "triangle 14", "circle 4"], ["square 3"], ["square 10"]]
    market = ["cross 1", "cross 2", "cross 3", "cross 10"]
    after = position(rules, hands, ["circle 11"], market=market).apply(
        "play circle 14 + triangle 14"
    )
    assert after.hand_sizes == (1, 3, 3)
    assert after.current_player == next_seat


@pytest.mark.parametrize(("whots", "cancels"), [(0, False), (1, True), (5, True)])
def test_a_growing_pick_says_a_whot_may_cancel_it_only_when_the_pack_has_one(whots, cancels):
    rules = rules_of("nigerian", defence=True, whot_cancels_pick=True, whot_cards=whots)
    state = position(rules, [["circle 2", "circle 4"], ["square 3"]], ["circle 11"])
    grows = state.apply("play circle 2").events[-1]
    assert (grows.total, grows.whot) == (2, cancels)
