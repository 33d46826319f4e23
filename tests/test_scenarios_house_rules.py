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

from whot_core import (
    WHOT,
    Announcement,
    AnnouncementMissed,
    Card,
    Dealt,
    Drew,
    EveryonePicksTwo,
    GeneralMarket,
    HeldOn,
    IllegalMove,
    MissedTurn,
    Move,
    PenaltyGrows,
    Played,
    Reshuffled,
    Rules,
    Shape,
    TurnedUp,
    new_game,
)
from whot_core.whot.engine.narrate import narrate
from whot_core.whot.players.heuristic import HeuristicPlayer

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
        with pytest.raises(ValueError, match="Whot cards per pack must be 0, 1, 2, 3, 4 or 5"):
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
        assert "Must play:" in state.explain("draw") and "circle 11" in state.explain("draw")
        with pytest.raises(IllegalMove, match="Must play:"):
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
        with pytest.raises(IllegalMove, match="Must play:"):
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


# ------------------------------------------- cross_defence and whot_cancels_pick (public engines)


def street(**toggles) -> Rules:
    return rules_of("nigerian_street", **toggles)


class TestCrossDefence:
    """`cross_defence`: any pick card that fits the pile answers a pick, adding its own size."""

    HAND: ClassVar[list[str]] = ["circle 5", "triangle 5", "triangle 2", "star 7"]

    def test_a_pick_card_of_the_same_shape_or_number_answers(self) -> None:
        state = position(
            street(cross_defence=True), [self.HAND, ["star 4", "cross 1"]], ["circle 2"], penalty=2
        )
        # circle 5: a pick card of the same shape; triangle 2: the same number; triangle 5 fits
        # neither, star 7 is no pick card
        assert [str(m) for m in state.legal_moves()] == ["play circle 5", "play triangle 2", "draw"]
        assert "grown by 3 to 5" in state.explain("play circle 5")
        assert "pick card that fits circle 2" in state.explain("play triangle 5")
        after = state.apply("play circle 5")
        assert (after.penalty, after.current_player) == (5, 1)
        grows = after.events[-1]
        assert isinstance(grows, PenaltyGrows) and (grows.seat, grows.total) == (1, 5)
        assert narrate([grows]) == ["Seat 1 must answer with a pick card that fits or pick 5."]

    def test_without_it_only_the_same_number_answers(self) -> None:
        state = position(street(), [self.HAND, ["star 4", "cross 1"]], ["circle 2"], penalty=2)
        assert [str(m) for m in state.legal_moves()] == ["play triangle 2", "draw"]

    def test_the_victim_draws_the_whole_grown_pick(self) -> None:
        rules = street(cross_defence=True)
        market = ["circle 4", "cross 7", "star 1", "square 2", "square 10", "circle 13"]
        state = position(
            rules, [self.HAND, ["star 4", "cross 1", "square 11"]], ["circle 2"], market, penalty=2
        )
        after = state.apply("play circle 5").apply("draw")  # 2 + 3 = 5 cards
        assert len(after.hands[1]) == 3 + 5 and after.penalty == 0
        assert after.current_player == 0 and after.market_size == 1

    def test_a_position_s_penalty_may_mix_twos_and_threes(self) -> None:
        rules = street(cross_defence=True)
        hands = [["star 7", "cross 10"], ["star 4"]]
        assert position(rules, hands, ["circle 5"], penalty=5).penalty == 5  # 2 + 3
        with pytest.raises(ValueError, match="penalty"):
            position(rules, hands, ["circle 5"], penalty=4)  # 3 + 1: no card picks one
        with pytest.raises(ValueError, match="penalty"):
            position(street(), hands, ["circle 5"], penalty=5)

    def test_idle_without_defence_or_a_second_pick_number(self) -> None:
        assert "cross_defence" in rules_of("nigerian", cross_defence=True).idle_toggles()
        one = street(cross_defence=True, specials={2: "pick_two", 8: "suspension"})
        assert "at most one number" in one.idle_toggles()["cross_defence"]
        assert "cross_defence" not in street(cross_defence=True).idle_toggles()

    def test_the_heuristic_passes_on_the_bigger_pick(self) -> None:
        state = position(
            street(cross_defence=True), [self.HAND, ["star 4", "cross 1"]], ["circle 2"], penalty=2
        )
        decision = HeuristicPlayer().choose(state.view(0))
        assert str(decision.move) == "play circle 5"
        assert "passes 5 cards on to Seat 1" in decision.reason

    def test_the_rule_is_said_in_words(self) -> None:
        words = street(cross_defence=True).describe()
        assert any("2: pick two" in w and "any pick card that fits" in w for w in words)


class TestWhotCancelsPick:
    """`whot_cancels_pick`: a Whot answers a pick and cancels it; its call stands."""

    HAND: ClassVar[list[str]] = ["whot", "star 7", "cross 10", "square 3"]

    def test_a_whot_cancels_the_pick_and_its_call_stands(self) -> None:
        rules = street(whot_cancels_pick=True)
        others = ["star 4", "cross 1", "square 11", "triangle 13"]
        state = position(rules, [self.HAND, others], ["circle 2"], penalty=2)
        assert [str(m) for m in state.legal_moves()] == [
            "play whot call circle",
            "play whot call triangle",
            "play whot call cross",
            "play whot call square",
            "play whot call star",
            "draw",
        ]
        assert "nobody draws the 2 cards" in state.explain("play whot call star")
        after = state.apply("play whot call star")
        assert (after.penalty, after.called, after.current_player) == (0, Shape.STAR, 1)
        assert len(after.hands[1]) == 4  # nobody drew
        assert narrate(after.events[-2:]) == [
            "Seat 0 plays a Whot and calls star.",
            "Seat 0's Whot cancels the pick: nobody draws the 2 cards.",
        ]
        assert [str(m) for m in after.legal_moves()] == ["play star 4", "draw"]

    def test_without_it_a_whot_cannot_answer(self) -> None:
        state = position(street(), [self.HAND, ["star 4", "cross 1"]], ["circle 2"], penalty=2)
        assert [str(m) for m in state.legal_moves()] == ["draw"]
        assert "never a Whot" in state.explain("play whot call star")

    def test_the_pick_before_it_says_a_whot_may_cancel_it(self) -> None:
        rules = street(whot_cancels_pick=True)
        state = position(rules, [["circle 2", "circle 12", "triangle 10"], self.HAND], ["circle 7"])
        assert narrate(state.apply("play circle 2, semi last card").events[-1:]) == [
            "Seat 1 must answer with the same number, cancel it with a Whot, or pick 2."
        ]

    def test_the_heuristic_keeps_the_whot_when_a_pick_card_answers(self) -> None:
        rules = street(whot_cancels_pick=True)
        hand = ["triangle 2", *self.HAND]
        state = position(rules, [hand, ["star 4", "cross 1"]], ["circle 2"], penalty=2)
        assert str(HeuristicPlayer().choose(state.view(0)).move) == "play triangle 2"
        alone = position(rules, [self.HAND, ["star 4", "cross 1"]], ["circle 2"], penalty=2)
        decision = HeuristicPlayer().choose(alone.view(0))
        assert decision.move.card == WHOT and "cancel the pick" in decision.reason

    def test_idle_without_defence_or_without_a_whot(self) -> None:
        assert "whot_cancels_pick" in rules_of("nigerian", whot_cancels_pick=True).idle_toggles()
        no_whot = street(whot_cancels_pick=True, whot_cards=0)
        assert no_whot.idle_toggles()["whot_cancels_pick"] == "the pack has no Whot"
        assert not street(whot_cancels_pick=True).idle_toggles()


def test_a_last_card_that_answers_a_pick_wins_and_nobody_draws() -> None:
    rules = street(cross_defence=True, whot_cancels_pick=True)
    for last in ("circle 5", "whot"):
        state = position(rules, [[last], ["star 4", "cross 1"]], ["circle 2"], penalty=2)
        move = "play circle 5" if last == "circle 5" else "play whot call star"
        assert "it wins" in state.explain(move)
        after = state.apply(move)
        assert after.end_reason == "check_up" and after.winners == (0,)
        assert len(after.hands[1]) == 2


# ------------------------------------------------ start = turn_up_live (the PyPI package whot)


def live_deal(preset: str, players: int, seed: int, turned: str, **toggles):
    """A deal under `start = turn_up_live`, its dealer and leader, and the events after the
    turned-up card (the seeds were picked for the card they turn up, which the test checks)."""
    state = new_game(rules_of(preset, start="turn_up_live", **toggles), players, seed)
    dealt, shown, *after = state.events
    assert isinstance(dealt, Dealt) and shown == TurnedUp(Card.parse(turned))
    return state, dealt.dealer, dealt.leader, after


class TestLiveStartCard:
    """`start = turn_up_live`: the turned-up card acts as if the dealer had played it."""

    def test_a_pick_two_makes_the_leader_draw_two_and_miss_the_turn(self) -> None:
        state, dealer, leader, after = live_deal("nigerian", 3, 3, "square 2")
        assert [type(e) for e in after] == [Drew, MissedTurn]
        assert (after[0].seat, after[0].count, after[1].seat) == (leader, 2, leader)
        assert len(state.hands[leader]) == 5 + 2
        assert state.current_player == (dealer + 2) % 3
        assert state.pile == cards("square 2")

    def test_a_pick_three_under_defence_waits_for_the_leader_s_answer(self) -> None:
        state, _dealer, leader, after = live_deal("nigerian_street", 2, 13, "circle 5")
        assert after == [PenaltyGrows(leader, 3)]
        assert state.penalty == 3 and state.current_player == leader
        assert Move.draw() in state.legal_moves()
        assert all(m.card.number == 5 for m in state.legal_moves() if m.card is not None)

    def test_a_suspension_skips_the_leader(self) -> None:
        state, dealer, leader, after = live_deal("nigerian", 3, 33, "triangle 8")
        assert after == [MissedTurn(leader)]
        assert state.current_player == (dealer + 2) % 3

    def test_the_star_8_doubled_skips_two_and_the_dealer_plays(self) -> None:
        state, dealer, leader, after = live_deal("nigerian", 3, 45, "star 8", star8_double=True)
        assert after == [MissedTurn(leader), MissedTurn((dealer + 2) % 3)]
        assert state.current_player == dealer

    def test_with_two_players_the_star_8_doubled_skips_the_leader_once(self) -> None:
        state, dealer, leader, after = live_deal("nigerian_street", 2, 89, "star 8")
        assert after == [MissedTurn(leader)]  # never the dealer, who caused it
        assert state.current_player == dealer

    @pytest.mark.parametrize("again", [False, True])
    def test_a_general_market_gives_everyone_but_the_dealer_a_card(self, again: bool) -> None:
        state, dealer, leader, after = live_deal(
            "nigerian", 3, 2, "cross 14", general_market_again=again
        )
        assert after[0] == GeneralMarket(dealer)
        assert [e.seat for e in after[1:]] == [leader, (dealer + 2) % 3]
        sizes = [6, 6, 6]
        sizes[dealer] = 5
        assert list(state.hand_sizes) == sizes
        assert state.current_player == leader  # general_market_again is not for a start card

    def test_the_1970s_4_makes_everyone_but_the_dealer_draw_two(self) -> None:
        state, dealer, leader, after = live_deal("nigerian_1970s", 4, 0, "circle 4")
        assert after[0] == EveryonePicksTwo(dealer)
        assert [(e.seat, e.count) for e in after[1:]] == [((dealer + k) % 4, 2) for k in (1, 2, 3)]
        assert [len(h) for s, h in enumerate(state.hands) if s != dealer] == [8, 8, 8]
        assert state.current_player == leader

    def test_a_hold_on_does_nothing(self) -> None:
        state, _dealer, leader, after = live_deal("nigerian", 3, 6, "triangle 1")
        assert after == [] and state.current_player == leader

    def test_on_a_whot_the_leader_may_play_any_card(self) -> None:
        state, _dealer, leader, after = live_deal("nigerian", 3, 0, "whot")
        assert after == [] and state.called is None and state.current_player == leader
        plays = {m.card for m in state.legal_moves() if m.card is not None}
        assert plays == set(state.hands[leader])
        some = next(c for c in state.hands[leader] if not c.is_whot)
        assert "calls no shape" in state.explain(f"play {some}")

    def test_the_events_are_narrated_after_the_turned_up_card(self) -> None:
        state, _dealer, leader, _ = live_deal("nigerian", 3, 3, "square 2")
        lines = narrate(state.events)
        assert lines[1] == "Turned up to start the pile: square 2."
        assert lines[2].startswith(f"Seat {leader} picks two")
        assert lines[3] == f"Seat {leader} misses a turn."

    def test_a_game_replays_from_its_record(self) -> None:
        state, *_ = live_deal("nigerian", 3, 2, "cross 14")
        record = state.record()
        assert record.rules.start == "turn_up_live"
        assert record.replay().events == state.events


# ------------------------------------------ multiple_cards (Chinedu-E/whot-fastapi, Nigeria)


def several(preset: str = "nigerian", **toggles) -> Rules:
    return rules_of(preset, multiple_cards=True, **toggles)


MARKET = ["circle 4", "cross 3", "star 1", "square 5", "circle 13", "triangle 10", "square 13"]


class TestMultipleCards:
    """`multiple_cards`: several cards of one number in one move; effects add up."""

    def test_the_move_text_round_trips(self) -> None:
        move = Move.parse("play ball 2 + angle 2, last card")
        assert str(move) == "play circle 2 + triangle 2, last card"
        assert move.cards == cards("circle 2", "triangle 2") and move.card == cards("circle 2")[0]
        assert Move.parse(str(move)) == move and Move.draw().cards == ()
        with pytest.raises(ValueError, match="one number"):
            Move.parse("play circle 2 + circle 3")
        with pytest.raises(ValueError):
            Move.parse("play circle 2 + whot call star")

    def test_legal_moves_list_each_first_last_and_set_between(self) -> None:
        hand = ["circle 2", "triangle 2", "star 2", "cross 7"]
        state = position(several(), [hand, ["square 11", "cross 1"]], ["circle 7"], MARKET)
        # only the circle 2 and the cross 7 fit a circle 7 on their own; triangle 2 and star 2
        # may follow the circle 2, last or in between
        assert [str(m) for m in state.legal_moves()] == [
            "play circle 2",
            "play circle 2 + triangle 2",
            "play circle 2 + star 2",
            "play circle 2 + star 2 + triangle 2",
            "play circle 2 + triangle 2 + star 2",
            "play cross 7",
            "draw",
        ]
        assert state.view(0).legal_moves() == state.legal_moves()

    def test_the_cards_between_may_come_in_any_order(self) -> None:
        hand = ["circle 2", "triangle 2", "cross 2", "star 2", "square 7"]
        state = position(several(), [hand, ["square 11", "cross 1"]], ["circle 7"], MARKET)
        after = state.apply("play circle 2 + star 2 + triangle 2 + cross 2")
        assert [str(m) for m in after.moves] == ["play circle 2 + triangle 2 + star 2 + cross 2"]
        played = [e.card for e in after.events if isinstance(e, Played)]
        assert played == list(cards("circle 2", "triangle 2", "star 2", "cross 2"))
        assert after.top == cards("cross 2")[0]
        # four pick twos: seat 1 picks 8, the market's 7 and one from the reshuffled pile
        assert any(isinstance(e, Reshuffled) for e in after.events)
        assert len(after.hands[1]) == 2 + 8 and after.current_player == 0

    def test_two_pick_twos_make_one_victim_pick_four(self) -> None:
        hand = ["circle 2", "triangle 2", "star 3", "cross 10"]
        state = position(several(), [hand, ["square 11", "cross 1"]], ["circle 7"], MARKET)
        after = state.apply("play circle 2 + triangle 2")
        drew = [e for e in after.events if isinstance(e, Drew)]
        assert [(e.seat, e.count) for e in drew] == [(1, 4)]
        assert after.hands[1][2:] == cards(*MARKET[:4])
        assert after.current_player == 0  # seat 1 missed the turn
        assert "the other 2s go on it" in state.explain("play circle 2 + triangle 2")

    def test_under_defence_two_twos_answer_and_add_four(self) -> None:
        hand = ["circle 2", "triangle 2", "star 3", "cross 10"]
        others = ["square 11", "cross 1", "circle 12"]
        state = position(several("nigerian_street"), [hand, others], ["square 2"], penalty=2)
        after = state.apply("play circle 2 + triangle 2, semi last card")
        assert (after.penalty, after.current_player) == (6, 1)

    @pytest.mark.parametrize(
        ("players", "eights", "toggles", "skipped", "next_seat"),
        [
            (4, ["circle 8", "triangle 8"], {}, [1, 2], 3),
            (3, ["circle 8", "triangle 8"], {}, [1, 2], 0),  # everyone else: seat 0 again
            (2, ["circle 8", "triangle 8"], {}, [1], 0),  # never reaches seat 0
            (4, ["circle 8", "star 8"], {"star8_double": True}, [1, 2, 3], 0),
        ],
    )
    def test_suspensions_add_up_but_never_reach_the_player(
        self, players, eights, toggles, skipped, next_seat
    ) -> None:
        hand = [*eights, "star 3", "cross 10"]
        others = [["square 11"], ["cross 1"], ["circle 12"]][: players - 1]
        state = position(several(**toggles), [hand, *others], ["circle 7"], MARKET)
        after = state.apply(f"play {' + '.join(eights)}")
        assert [e.seat for e in after.events if isinstance(e, MissedTurn)] == skipped
        assert after.current_player == next_seat

    def test_two_general_markets_are_two_rounds_of_draws(self) -> None:
        hand = ["circle 14", "triangle 14", "star 3", "cross 10"]
        state = position(several(), [hand, ["square 11"], ["cross 1"]], ["circle 7"], MARKET)
        after = state.apply("play circle 14 + triangle 14")
        rounds = [
            (type(e).__name__, e.seat) for e in after.events if isinstance(e, GeneralMarket | Drew)
        ]
        assert rounds == [("GeneralMarket", 0), ("Drew", 1), ("Drew", 2)] * 2
        assert after.hands[1] == cards("square 11", "circle 4", "star 1")
        assert after.current_player == 1

    def test_hold_on_happens_once(self) -> None:
        hand = ["circle 1", "triangle 1", "star 3", "cross 10"]
        state = position(several(), [hand, ["square 11"]], ["circle 7"], MARKET)
        after = state.apply("play circle 1 + triangle 1")
        assert [e for e in after.events if isinstance(e, HeldOn)] == [HeldOn(0)]
        assert after.current_player == 0

    def test_announcements_count_the_cards_left_after_the_move(self) -> None:
        hand = ["circle 2", "triangle 2", "star 3", "cross 10"]
        others = ["square 11", "cross 1", "circle 12"]
        state = position(several("nigerian_street"), [hand, others], ["circle 7"], MARKET)
        moves = [str(m) for m in state.legal_moves()]
        assert "play circle 2 + triangle 2, semi last card" in moves  # leaves two
        assert "play circle 2, semi last card" not in moves  # leaves three
        forgot = state.apply("play circle 2 + triangle 2")
        assert AnnouncementMissed(0, Announcement.SEMI_LAST_CARD) in forgot.events

    def test_going_out_on_special_cards_needs_win_on_special(self) -> None:
        rules = several(win_on_special=False)
        state = position(rules, [["circle 2", "triangle 2"], ["square 11"]], ["circle 7"], MARKET)
        assert [str(m) for m in state.legal_moves()] == ["play circle 2", "draw"]
        assert "let nobody go out on a special card" in state.explain("play circle 2 + triangle 2")
        plain = position(rules, [["circle 3", "triangle 3"], ["square 11"]], ["circle 7"], MARKET)
        assert plain.apply("play circle 3 + triangle 3").winners == (0,)

    def test_the_1970s_4s_still_act_on_a_check_up_and_add_up(self) -> None:
        rules = several("nigerian_1970s")
        hands = [["circle 4", "triangle 4"], ["square 11"], ["cross 1"]]
        market = [*MARKET[1:], "cross 5"]  # seven cards, no circle 4
        after = position(rules, hands, ["circle 7"], market).apply("play circle 4 + triangle 4")
        assert after.end_reason == "check_up" and after.winners == (0,)
        # two rounds of two: 8 cards, the market's 7 and one from the reshuffled pile
        assert [len(h) for h in after.hands] == [0, 1 + 4, 1 + 4]

    def test_without_the_rule_one_card_a_move(self) -> None:
        hand = ["circle 2", "triangle 2", "star 3", "cross 10"]
        state = position("nigerian", [hand, ["square 11"]], ["circle 7"], MARKET)
        assert all(not m.more for m in state.legal_moves())
        with pytest.raises(IllegalMove, match="one card a move"):
            state.apply("play circle 2 + triangle 2")

    def test_the_heuristic_puts_down_the_pair(self) -> None:
        hand = ["circle 10", "square 10", "star 3", "cross 7"]
        state = position(several(), [hand, ["square 11", "cross 1"]], ["circle 7"], MARKET)
        decision = HeuristicPlayer().choose(state.view(0))
        assert str(decision.move) == "play circle 10 + square 10"
        assert "2 10s at once" in decision.reason
