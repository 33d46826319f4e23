"""Scenarios for the house rules of issue 20 (docs/rules.md gives each its section and source):
the Whot switched off, must play, counting as soon as the market runs out, cross defence, the Whot
that cancels a pick, a live turned-up start card, and several cards of one number at once.

Every expectation is worked out by hand in the test from the cards placed.
"""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

import pytest
from conftest import cards, position, rules_of

from whot_core import WHOT, IllegalMove, Rules, new_game

# ------------------------------------------------------------------ whot_cards = 0 (the Naija app)


class TestWhotSwitchedOff:
    """`whot_cards = 0`: a 49-card pack with no Whot in it."""

    def test_the_deal_uses_49_cards_and_none_is_a_whot(self) -> None:
        state = new_game(rules_of("british", whot_cards=0), players=3, seed=7)
        everything = [c for hand in state.hands for c in hand] + list(state.market)
        assert len(everything) == 49  # 12 + 12 + 9 + 9 + 7
        assert WHOT not in everything
        assert state.market_size == 49 - 3 * 6
        assert Counter(everything).most_common(1)[0][1] == 1  # every card once

    def test_a_position_holding_a_whot_is_refused(self) -> None:
        rules = rules_of("nigerian", whot_cards=0)
        with pytest.raises(ValueError, match="whot_cards = 0"):
            position(rules, [["whot", "circle 3"], ["star 4"]], ["circle 7"])
        with pytest.raises(ValueError, match="whot_cards = 0"):
            position(rules, [["circle 3"], ["star 4"]], ["circle 7"], market=["whot"])

    def test_without_a_whot_a_player_who_cannot_match_can_only_draw(self) -> None:
        rules = rules_of("british", whot_cards=0)
        state = position(rules, [["square 3", "cross 10"], ["star 4"]], ["circle 7"], ["star 1"])
        assert [str(m) for m in state.legal_moves()] == ["draw"]
        with pytest.raises(IllegalMove, match="don't hold whot"):
            state.apply("play whot call square")

    def test_the_rules_say_there_is_no_whot(self) -> None:
        words = Rules.preset("british").replace(whot_cards=0).describe()
        assert words[0].startswith("A pack of 49 cards, no Whot;")
        assert "Whot" not in words[2]  # matching: no wild card to mention
        assert not any("a Whot 20" in line for line in words)
        four = Rules.preset("british_modern").describe()
        assert four[0].startswith("A pack of 53 cards with 4 Whot cards;")

    @pytest.mark.parametrize("count", [-1, 6])
    def test_outside_0_to_5_is_refused(self, count: int) -> None:
        with pytest.raises(ValueError, match="whot_cards"):
            Rules().replace(whot_cards=count)

    def test_it_travels_through_a_preset_file(self) -> None:
        rules = Rules.preset("naija_tournament").replace(whot_cards=0)
        assert Rules.from_toml(rules.to_toml()) == rules
        assert rules.pack_size == 49


# -------------------------------------------------------------------- must_play (the Naija app)


class TestMustPlay:
    """`must_play`: `draw` is legal only when no play is."""

    #: On a triangle 11 the triangle 3 and the circle 11 fit; on a cross 13 only the cross 5.
    HAND: ClassVar[list[str]] = ["triangle 3", "circle 11", "star 7", "cross 5"]

    def test_a_player_who_can_play_may_not_draw(self) -> None:
        state = position(
            rules_of("british", must_play=True), [self.HAND, ["star 4"]], ["triangle 11"]
        )
        assert [str(m) for m in state.legal_moves()] == ["play circle 11", "play triangle 3"]
        assert "must_play" in state.explain("draw") and "circle 11" in state.explain("draw")
        with pytest.raises(IllegalMove, match="must_play"):
            state.apply("draw")

    def test_the_same_hand_may_draw_without_the_rule(self) -> None:
        state = position("british", [self.HAND, ["star 4"]], ["triangle 11"])
        assert [str(m) for m in state.legal_moves()][-1] == "draw"

    def test_one_fitting_card_is_the_only_move(self) -> None:
        state = position(rules_of("british", must_play=True), [self.HAND, ["star 4"]], ["cross 13"])
        assert [str(m) for m in state.legal_moves()] == ["play cross 5"]

    def test_with_nothing_that_fits_the_draw_is_the_only_move(self) -> None:
        rules = rules_of("british", must_play=True)
        state = position(rules, [self.HAND, ["star 4"]], ["square 13"], ["circle 4"])
        assert [str(m) for m in state.legal_moves()] == ["draw"]
        after = state.apply("draw")
        assert after.hands[0][-1] == cards("circle 4")[0]
        assert after.current_player == 1

    def test_a_pick_that_can_be_answered_must_be_answered(self) -> None:
        rules = rules_of("nigerian_street", must_play=True)
        hand = ["circle 2", "star 7", "cross 10", "square 3"]
        state = position(rules, [hand, ["star 4", "cross 1"]], ["triangle 2"], penalty=2)
        assert [str(m) for m in state.legal_moves()] == ["play circle 2"]
        with pytest.raises(IllegalMove, match="must_play"):
            state.apply("draw")
        after = state.apply("play circle 2")
        assert after.penalty == 4 and after.current_player == 1

    def test_a_pick_with_no_answer_is_drawn(self) -> None:
        rules = rules_of("nigerian_street", must_play=True)
        hand = ["circle 3", "star 7", "cross 10", "square 3"]
        market = ["circle 4", "cross 7", "star 1"]
        state = position(rules, [hand, ["star 4", "cross 1"]], ["triangle 2"], market, penalty=2)
        assert [str(m) for m in state.legal_moves()] == ["draw"]
        assert "2 penalty cards" in state.explain("draw")
        after = state.apply("draw")
        assert len(after.hands[0]) == 6 and after.current_player == 1

    def test_a_last_card_that_may_not_go_out_leaves_the_draw(self) -> None:
        rules = rules_of("nigerian", must_play=True, win_on_special=False)
        state = position(rules, [["circle 2"], ["star 4", "cross 1"]], ["circle 7"])
        assert [str(m) for m in state.legal_moves()] == ["draw"]
        assert state.is_legal("draw")

    def test_the_rule_is_said_in_words_and_kept_in_files(self) -> None:
        rules = Rules.preset("naija_tournament").replace(must_play=True)
        assert any("You must play when a card fits" in line for line in rules.describe())
        assert not any("must play" in line for line in Rules.preset("naija_tournament").describe())
        assert Rules.from_toml(rules.to_toml()) == rules


# ---------------------------------------------------- exhausted = count_at_once (seeds/002)


class TestCountAtOnce:
    """`exhausted = count_at_once`: the game ends with a count as soon as the market is empty at
    the end of a move."""

    def test_drawing_the_last_card_ends_the_game_with_a_count(self) -> None:
        hands = [["circle 3", "square 5"], ["star 4", "cross 1"]]
        rules = rules_of("british", exhausted="count_at_once")
        after = position(rules, hands, ["circle 7"], ["triangle 10"]).apply("draw")
        assert after.is_over and after.end_reason == "count"
        # seat 0: 3 + 5 + 10 = 18; seat 1: star 4 doubled (8) + 1 = 9
        assert after.penalty_points() == (18, 9) and after.winners == (1,)
        assert after.events[-1].by_rule
        plain_count = position(
            rules_of("british", exhausted="count"), hands, ["circle 7"], ["triangle 10"]
        )
        assert plain_count.apply("draw").current_player == 1  # `count` waits for a dry draw

    def test_a_position_with_an_empty_market_ends_after_the_first_move(self) -> None:
        rules = rules_of("british", exhausted="count_at_once")
        state = position(rules, [["circle 3", "square 5"], ["star 4", "cross 1"]], ["circle 7"], [])
        assert not state.is_over
        after = state.apply("play circle 3")
        assert after.is_over and after.penalty_points() == (5, 9) and after.winners == (0,)

    def test_a_draw_bigger_than_the_market_takes_what_is_left(self) -> None:
        rules = rules_of("nigerian", exhausted="count_at_once")
        hands = [["circle 2", "star 7", "cross 10"], ["star 4", "cross 1"]]
        after = position(rules, hands, ["circle 7"], ["square 1"]).apply("play circle 2")
        drew = [e for e in after.events if type(e).__name__ == "Drew"][-1]
        assert (drew.seat, drew.count, drew.wanted) == (1, 1, 2)
        # seat 0: 7 + 10 (stars at face value) = 17; seat 1: 4 + 1 + 1 = 6
        assert after.is_over and after.penalty_points() == (17, 6) and after.winners == (1,)

    def test_going_out_wins_even_when_the_same_move_empties_the_market(self) -> None:
        rules = rules_of("nigerian_1970s", exhausted="count_at_once")
        hands = [["circle 4"], ["star 7", "cross 1"], ["square 3"]]
        after = position(rules, hands, ["circle 7"], ["triangle 10"]).apply("play circle 4")
        assert after.market_size == 0
        assert after.end_reason == "check_up" and after.winners == (0,)

    def test_a_game_with_cards_in_the_market_goes_on(self) -> None:
        rules = rules_of("british", exhausted="count_at_once")
        hands = [["circle 3", "square 5"], ["star 4", "cross 1"]]
        after = position(rules, hands, ["circle 7"], ["triangle 10", "star 1"]).apply("draw")
        assert not after.is_over and after.market_size == 1

    def test_the_rule_is_said_in_words(self) -> None:
        words = Rules.preset("nigerian").replace(exhausted="count_at_once").describe()
        assert any(line.startswith("As soon as the market is empty") for line in words)
