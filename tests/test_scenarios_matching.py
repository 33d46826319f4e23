"""Scenarios for matching (RULES.md section 2) and setup (section 3).

Each test builds a small position by hand (or a seeded deal where the deal itself is the point),
plays a few moves and checks what the rules say must follow, with the expected values worked out in
the test. Positions use the `british` preset (no special cards) unless a rule needs another.
"""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import cards, new_events, play, position, rules_of

from whot_core import (
    SHAPES,
    WHOT,
    Card,
    Dealt,
    DrawReason,
    Drew,
    IllegalMove,
    Move,
    Played,
    PutUnder,
    Rules,
    Shape,
    TurnedUp,
    make_pack,
    new_game,
)
from whot_core.whot.engine.narrate import narrate

# ------------------------------------------------------------------------------- matching


class TestMatching:
    """Same shape, same number, or a Whot (seeds/000: the three rules of play)."""

    def test_same_shape_may_be_played(self) -> None:
        state = position("british", [["circle 3", "square 7"], ["cross 1"]], pile=["circle 8"])
        after = state.apply("play circle 3")
        assert after.top == Card.parse("circle 3")
        assert after.hands == (cards("square 7"), cards("cross 1"))
        assert after.current_player == 1
        assert after.called is None
        assert new_events(state, after) == [Played(0, Card.parse("circle 3"), None)]

    def test_same_number_may_be_played(self) -> None:
        state = position("british", [["triangle 8", "square 7"], ["cross 1"]], pile=["circle 8"])
        after = state.apply("play triangle 8")
        assert after.pile == cards("circle 8", "triangle 8")
        assert after.hands[0] == cards("square 7")
        assert after.current_player == 1

    def test_a_card_matching_neither_shape_nor_number_is_illegal(self) -> None:
        state = position("british", [["square 7", "star 3"], ["cross 1"]], pile=["circle 8"])
        with pytest.raises(IllegalMove, match="Matching"):
            state.apply("play square 7")
        # The failed move changed nothing.
        assert state.hands[0] == cards("square 7", "star 3")
        assert state.top == Card.parse("circle 8")
        assert state.current_player == 0

    def test_whot_goes_on_anything_and_names_the_next_shape(self) -> None:
        state = position(
            "british", [["whot", "circle 5"], ["star 2", "square 11"]], pile=["square 13"]
        )
        after = state.apply("play whot call star")
        assert after.top == WHOT
        assert after.called is Shape.STAR
        assert after.current_player == 1
        assert new_events(state, after) == [Played(0, WHOT, Shape.STAR)]

    def test_after_a_whot_only_the_called_shape_or_another_whot_may_follow(self) -> None:
        # The Whot's 20 is not a number to match: only the call (or a Whot) counts.
        state = position(
            "british",
            [["circle 3", "triangle 14", "star 4", "whot"], ["cross 1"]],
            pile=["circle 14", "whot"],
            called="circle",
        )
        expected = {Move.parse("play circle 3"), Move.draw()}
        expected |= {Move.play(WHOT, call=shape) for shape in SHAPES}
        assert set(state.legal_moves()) == expected
        with pytest.raises(IllegalMove, match="The call"):
            state.apply("play triangle 14")

    def test_a_card_of_the_called_shape_answers_the_call(self) -> None:
        state = position(
            "british",
            [["star 4", "circle 1"], ["cross 1"]],
            pile=["circle 14", "whot"],
            called="star",
        )
        after = state.apply("play star 4")
        assert after.called is None
        assert after.top == Card.parse("star 4")
        assert after.current_player == 1

    @pytest.mark.parametrize("new_call", ["square", "circle"])
    def test_whot_on_whot_may_name_a_new_shape_or_the_same_one(self, new_call: str) -> None:
        state = position(
            "british",
            [["whot", "cross 1"], ["triangle 2"]],
            pile=["circle 2", "whot"],
            called="circle",
        )
        after = state.apply(f"play whot call {new_call}")
        assert after.called is Shape(new_call)
        assert after.pile == cards("circle 2", "whot", "whot")
        assert after.current_player == 1

    def test_the_call_stays_in_force_however_many_players_draw(self) -> None:
        state = position(
            "british",
            [["triangle 4"], ["circle 5"], ["circle 10", "cross 7"]],
            pile=["cross 10", "whot"],
            called="cross",
            market=["star 1", "star 2", "star 3"],
        )
        after = play(state, "draw", "draw")
        assert after.called is Shape.CROSS
        assert after.current_player == 2
        # circle 10 would match the cross 10 under the Whot, but the call decides.
        with pytest.raises(IllegalMove, match="The call"):
            after.apply("play circle 10")
        answered = after.apply("play cross 7")
        assert answered.called is None
        assert answered.current_player == 0

    @pytest.mark.parametrize(
        ("top", "card"),
        [("circle 8", "star 4"), ("star 4", "circle 8"), ("triangle 2", "star 1")],
    )
    def test_a_stars_small_scoring_number_never_matches(self, top: str, card: str) -> None:
        # star 4 carries a small 8 and star 1 a small 2, for scoring only (seeds/000).
        state = position("british", [[card, "cross 13"], ["square 1"]], pile=[top])
        assert Move.parse(f"play {card}") not in state.legal_moves()
        with pytest.raises(IllegalMove, match="Matching"):
            state.apply(f"play {card}")


class TestDrawing:
    """Drawing is always allowed and always ends the turn (seeds/000, 'NOTE VERY CAREFULLY')."""

    def test_drawing_is_allowed_even_when_a_card_could_be_played(self) -> None:
        state = position(
            "british",
            [["circle 3", "whot"], ["cross 1"]],
            pile=["circle 8"],
            market=["star 5", "square 2"],
        )
        assert Move.draw() in state.legal_moves()
        after = state.apply("draw")
        assert after.hands[0] == cards("circle 3", "whot", "star 5")
        assert after.market == cards("square 2")
        assert after.market_size == 1
        assert after.top == Card.parse("circle 8")
        assert new_events(state, after) == [
            Drew(0, 1, DrawReason.MARKET, 1, cards("star 5")),
        ]

    def test_drawing_ends_the_turn_even_when_the_drawn_card_would_match(self) -> None:
        state = position(
            "british", [["square 3"], ["cross 1"]], pile=["circle 8"], market=["circle 2"]
        )
        after = state.apply("draw")
        assert after.current_player == 1
        # The card just drawn would match, but it is no longer seat 0's turn.
        with pytest.raises(IllegalMove, match="Your hand"):
            after.apply("play circle 2")


class TestIllegalMovesAndExplain:
    """`apply` raises IllegalMove naming the rule; `explain` gives the same reason, and why not."""

    @pytest.mark.parametrize(
        ("move", "rule"),
        [
            ("play square 7", "Matching"),
            ("play triangle 5", "Your hand"),
            ("play circle 7, last card", "Announcements"),
        ],
    )
    def test_illegal_moves_name_the_rule(self, move: str, rule: str) -> None:
        state = position(
            "british", [["square 7", "circle 7", "star 3"], ["cross 1"]], pile=["circle 8"]
        )
        assert not state.is_legal(move)
        assert state.explain(move).startswith(rule)
        with pytest.raises(IllegalMove, match=rule):
            state.apply(move)

    @pytest.mark.parametrize(
        ("move", "says"),
        [
            ("play circle 7", "same shape"),
            ("play triangle 8", "same number"),
            ("play whot call cross", "Whot"),
            ("draw", "may draw one card"),
        ],
    )
    def test_explain_says_why_a_legal_move_is_legal(self, move: str, says: str) -> None:
        state = position(
            "british", [["circle 7", "triangle 8", "whot"], ["cross 1"]], pile=["circle 8"]
        )
        text = state.explain(move)
        assert text.startswith("Legal")
        assert says in text
        assert state.is_legal(move)

    def test_explain_names_what_would_have_matched(self) -> None:
        state = position("british", [["square 7", "star 3"], ["cross 1"]], pile=["circle 8"])
        text = state.explain("play square 7")
        assert "circle" in text and "8" in text and "Whot" in text

    def test_explain_names_the_call(self) -> None:
        state = position(
            "british", [["circle 7", "star 3"], ["cross 1"]], pile=["whot"], called="star"
        )
        assert state.explain("play star 3").startswith("Legal. The call")
        assert "called star" in state.explain("play circle 7")


# ----------------------------------------------------------------------------------- setup


def _leader_plays(hand: tuple[Card, ...]) -> set[Move]:
    """Every move a leader holding `hand` may make on an empty pile: any card, or draw."""
    moves = {Move.draw()}
    for card in hand:
        if card.is_whot:
            moves |= {Move.play(card, call=shape) for shape in SHAPES}
        else:
            moves.add(Move.play(card))
    return moves


class TestLeaderStart:
    """`start = leader`: no card is turned up; the leader plays any card (seeds/000)."""

    def test_the_pile_is_empty_and_the_leader_may_play_any_card_or_draw(self) -> None:
        state = new_game(Rules.preset("british"), players=4, seed=3)
        dealt = state.events[0]
        assert isinstance(dealt, Dealt)
        assert state.pile == ()
        assert state.top is None
        assert state.current_player == dealt.leader == (dealt.dealer + 1) % 4
        assert state.market_size == 54 - 4 * 6
        hand = state.hands[dealt.leader]
        assert set(state.legal_moves()) == _leader_plays(hand)
        first = Move.play(hand[0], call=Shape.STAR if hand[0].is_whot else None)
        assert state.explain(first).startswith("Legal. Start of play")

    def test_the_leader_may_draw_and_the_next_player_then_leads(self) -> None:
        state = position(
            "british", [["circle 2", "circle 4"], ["star 7", "square 11"]], market=["cross 3"]
        )
        assert state.explain("play circle 2").startswith("Legal. Start of play")
        after = state.apply("draw")
        assert after.pile == ()
        assert after.current_player == 1
        assert after.hands[0] == cards("circle 2", "circle 4", "cross 3")
        assert set(after.legal_moves()) == _leader_plays(cards("star 7", "square 11"))

    def test_an_opening_special_card_takes_effect(self) -> None:
        # RULES.md is silent on a special card led onto the empty pile; we expect (and the engine
        # does) that it acts like any other play of that card: here a pick two.
        state = position(
            "nigerian_street",
            [["circle 2", "star 4", "star 5", "star 7"], ["cross 3", "cross 7", "cross 10"]],
            market=["square 1", "square 3", "square 5"],
        )
        after = state.apply("play circle 2")
        assert after.penalty == 2
        assert after.current_player == 1
        assert set(after.legal_moves()) == {Move.draw()}


class TestTurnUpStart:
    """`start = turn_up`: specials and Whots go under the market until a plain card turns up."""

    SEEDS = range(40)

    def _check_turn_up(self, rules: Rules, seed: int) -> list[Card]:
        """Check one seeded deal; return the cards that went under."""
        state = new_game(rules, players=2, seed=seed)
        events = state.events
        assert isinstance(events[0], Dealt)
        put = [e.card for e in events[1:-1]]
        assert all(isinstance(e, PutUnder) for e in events[1:-1])
        assert isinstance(events[-1], TurnedUp)
        turned = events[-1].card
        assert not turned.is_whot and rules.effect_of(turned.number) is None
        assert all(card.is_whot or rules.effect_of(card.number) is not None for card in put)
        assert state.pile == (turned,)
        # Each card put under goes to the very bottom, so the first one put under is drawn
        # before the later ones: the market ends with them in the order they went under.
        assert state.market[len(state.market) - len(put) :] == tuple(put)
        assert state.market_size == rules.pack_size - 2 * rules.hand_size - 1
        # The leader must match the turned-up card like any other top card.
        for move in state.legal_moves():
            if move.card is not None and not move.card.is_whot:
                assert move.card.shape is turned.shape or move.card.number == turned.number
        return put

    def test_nigerian_start_card_is_plain_and_specials_go_to_the_bottom(self) -> None:
        rules = Rules.preset("nigerian")
        put_under = [self._check_turn_up(rules, seed) for seed in self.SEEDS]
        # Make sure the seeds exercised the rule: a Whot, a special, and several in a row.
        assert any(WHOT in put for put in put_under)
        assert any(any(not c.is_whot for c in put) for put in put_under)
        assert max(len(put) for put in put_under) >= 2

    def test_without_specials_only_whots_go_under(self) -> None:
        rules = rules_of("british", start="turn_up")
        put_under = [self._check_turn_up(rules, seed) for seed in self.SEEDS]
        assert any(put_under)
        assert all(card.is_whot for put in put_under for card in put)


class TestDeal:
    """Hand size, the order of the deal, the dealer and the leader (seeds/000 'Dealer and Deal')."""

    @pytest.mark.parametrize(("preset", "size"), [("british", 6), ("nigerian", 5)])
    def test_each_player_gets_hand_size_cards_and_no_card_is_lost(
        self, preset: str, size: int
    ) -> None:
        rules = Rules.preset(preset)
        state = new_game(rules, players=3, seed=11)
        assert [len(hand) for hand in state.hands] == [size] * 3
        everything = [c for hand in state.hands for c in hand] + list(state.pile + state.market)
        assert Counter(everything) == Counter(make_pack())

    def test_cards_are_dealt_one_at_a_time_from_the_dealers_left(self) -> None:
        # With the same seed and dealer the pack is shuffled the same way whatever the hand size,
        # so dealing one round more gives each seat one more card and takes the market's first
        # cards, in seat order from the dealer's left (dealer 1: seats 2, 0, 1). Dealing in blocks
        # would break both checks.
        five = new_game(rules_of("british", hand_size=5), players=3, seed=7, dealer=1)
        six = new_game(rules_of("british", hand_size=6), players=3, seed=7, dealer=1)
        for seat in range(3):
            assert six.hands[seat][:5] == five.hands[seat]
        assert five.market[:3] == (six.hands[2][5], six.hands[0][5], six.hands[1][5])
        assert five.market[3:] == six.market

    @pytest.mark.parametrize("dealer", [0, 1, 2, 3])
    def test_the_leader_sits_left_of_the_chosen_dealer(self, dealer: int) -> None:
        state = new_game(Rules.preset("british"), players=4, seed=5, dealer=dealer)
        # The player on the dealer's right cuts the shuffled pack (seeds 000 and 003).
        assert state.events[0] == Dealt(dealer, (dealer + 1) % 4, (), (dealer - 1) % 4)
        assert narrate(state.events[:1]) == [
            f"Seat {dealer} shuffles, Seat {(dealer - 1) % 4} cuts, Seat {dealer} deals; "
            f"Seat {(dealer + 1) % 4} leads."
        ]
        assert state.current_player == (dealer + 1) % 4

    def test_moving_the_dealer_one_seat_left_moves_every_hand_one_seat_left(self) -> None:
        rules = Rules.preset("british")
        first = new_game(rules, players=4, seed=5, dealer=0)
        second = new_game(rules, players=4, seed=5, dealer=1)
        for seat in range(4):
            assert second.hands[(seat + 1) % 4] == first.hands[seat]

    def test_a_dealer_outside_the_table_is_an_error(self) -> None:
        with pytest.raises(ValueError, match="dealer"):
            new_game(Rules.preset("british"), players=4, seed=5, dealer=4)

    def test_the_lowest_cut_deals_and_a_whot_cuts_high(self) -> None:
        # RULES.md is silent on ties; the engine cuts again among the tied players and the Dealt
        # event keeps only the deciding round. We check: the dealer's card is strictly the lowest
        # of the reported cuts, with a Whot counting 20.
        saw_whot = saw_recut = False
        for seed in range(30):
            dealt = new_game(Rules.preset("british"), players=4, seed=seed).events[0]
            cut = dict(dealt.cuts)
            assert dealt.dealer in cut
            assert all(
                cut[dealt.dealer].number < card.number
                for seat, card in dealt.cuts
                if seat != dealt.dealer
            )
            assert dealt.leader == (dealt.dealer + 1) % 4
            saw_whot |= WHOT in cut.values()
            saw_recut |= len(cut) < 4
        assert saw_whot and saw_recut


class TestPacks:
    """One pack serves hands plus a start card; beyond that `packs = 2` is needed."""

    def test_more_players_than_one_pack_serves_is_an_error_naming_packs(self) -> None:
        # 9 hands of 6 plus a start card need 55 cards; one pack holds 54.
        with pytest.raises(ValueError, match="packs"):
            new_game(Rules.preset("british"), players=9, seed=1)

    def test_two_packs_serve_ten_players(self) -> None:
        rules = rules_of("british", packs=2)
        state = new_game(rules, players=10, seed=1)
        assert [len(hand) for hand in state.hands] == [6] * 10
        assert state.market_size == 108 - 60
        everything = [c for hand in state.hands for c in hand] + list(state.market)
        assert Counter(everything) == Counter(make_pack(5, packs=2))

    def test_a_position_may_hold_a_card_twice_only_with_two_packs(self) -> None:
        hands = [["circle 5", "circle 5"], ["star 1"]]
        with pytest.raises(ValueError, match="appears 2 times but one pack holds 1 "):
            position("british", hands, pile=["circle 7"])
        state = position(rules_of("british", packs=2), hands, pile=["circle 7"])
        after = state.apply("play circle 5")
        assert after.hands[0] == cards("circle 5")
