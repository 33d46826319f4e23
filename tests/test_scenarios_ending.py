"""Scenarios for ending a game (RULES.md section 6), scoring (7) and the presets (9).

Counts are worked out in each test from the cards held: face value for the four plain shapes, 20
for a Whot, and stars double only under `star_double`.
"""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import cards, new_events, play, position, rules_of

from whot_core import (
    WHOT,
    Announced,
    Announcement,
    AnnouncementMissed,
    Card,
    DrawReason,
    Drew,
    EveryonePicksTwo,
    Flipped,
    GameOver,
    GeneralMarket,
    IllegalMove,
    MissedTurn,
    Move,
    PenaltyGrows,
    Played,
    Reshuffled,
    Rules,
    Shape,
    TurnedUp,
    breakdown,
    card_points,
    hand_points,
    make_pack,
    new_game,
)
from whot_core.whot.engine.narrate import narrate

# --------------------------------------------------------------------------------- check up


class TestCheckUp:
    """Playing the last card wins at once, even a special card; its effect is not applied."""

    @pytest.mark.parametrize(
        "move",
        [
            "play circle 1",
            "play circle 2",
            "play circle 5",
            "play circle 8",
            "play circle 14",
            "play whot call star",
        ],
    )
    def test_going_out_on_a_special_card_wins_without_its_effect(self, move: str) -> None:
        card = Move.parse(move).card
        # Nigerian: stars at face value, so seat 1 counts 4 + 11 and seat 2 counts 10.
        state = position(
            "nigerian",
            [[str(card)], ["star 4", "cross 11"], ["triangle 10"]],
            ["circle 11"],
            market=["square 1", "square 2", "square 3"],
        )
        why = state.explain(move)
        assert why.startswith("Legal, and it wins.")
        if not card.is_whot:  # the effect is named as not happening, never as happening
            assert why.endswith("is not applied: the game is over.")
        after = state.apply(move)
        assert after.is_over
        assert after.winners == (0,)
        assert after.end_reason == "check_up"
        assert after.current_player is None
        assert after.legal_moves() == ()
        assert after.hands == ((), cards("star 4", "cross 11"), cards("triangle 10"))
        assert after.market_size == 3
        assert new_events(state, after) == [
            Played(0, card, Move.parse(move).call),
            GameOver("check_up", (0,), (0, 15, 10)),
        ]

    @pytest.mark.parametrize("preset", ["british", "nigerian", "nigerian_street"])
    @pytest.mark.parametrize("words", ["last card", "semi last card"])
    def test_the_winning_card_carries_no_announcement(self, preset: str, words: str) -> None:
        # RULES.md section 11: words that do not fit make a move illegal. The last card leaves
        # none, so neither "last card" nor "semi last card" fits it, under any announcements.
        state = position(preset, [["circle 3"], ["star 4"]], ["circle 11"], market=["cross 1"])
        move = f"play circle 3, {words}"
        assert not state.is_legal(move)
        assert Move.parse(move) not in state.legal_moves()
        with pytest.raises(IllegalMove, match="Announcements"):
            state.apply(move)
        assert state.apply("play circle 3").winners == (0,)

    def test_no_move_is_legal_once_the_game_is_over(self) -> None:
        state = position("british", [["circle 3"], ["star 4"]], ["circle 11"], market=["cross 1"])
        after = state.apply("play circle 3")
        assert after.explain("draw") == "The game is over: no more moves."
        with pytest.raises(IllegalMove, match="game is over"):
            after.apply("draw")

    def test_defending_with_the_last_card_wins_and_the_penalty_is_dropped(self) -> None:
        # Under defence the answer is a play like any other: the last card checks up, and the
        # pending pick (now 4) passes to nobody.
        state = position(
            "naija_tournament",
            [["circle 3", "cross 10"], ["triangle 2"]],
            ["circle 11", "circle 2"],
            market=["square 1", "square 3", "square 5", "square 7"],
            to_play=1,
            penalty=2,
        )
        # The explanation names the win; nothing passes the pick on, since the game ends.
        why = state.explain("play triangle 2")
        assert why.startswith("Legal, and it wins.") and "check up" in why
        assert "answers the pick, and nobody draws it" in why and "passes" not in why
        after = state.apply("play triangle 2")
        assert after.winners == (1,) and after.end_reason == "check_up"
        assert after.penalty == 0
        assert after.hands[0] == cards("circle 3", "cross 10")
        assert after.market_size == 4
        assert after.events[-1] == GameOver("check_up", (1,), (13, 0))

    def test_the_follow_up_to_a_hold_on_may_be_the_winning_card(self) -> None:
        state = position("nigerian", [["circle 1", "circle 12"], ["star 1"]], ["circle 11"])
        after = play(state, "play circle 1", "play circle 12")
        assert after.winners == (0,)
        assert after.end_reason == "check_up"


class TestWinOnSpecialOff:
    """`win_on_special = false` (not in any seed; reproduces a peer engine): no going out on one."""

    RULES = rules_of("nigerian", win_on_special=False)

    @pytest.mark.parametrize("move", ["play circle 2", "play circle 14", "play whot call cross"])
    def test_the_last_card_may_not_be_special(self, move: str) -> None:
        # RULES.md says "a special card"; the engine treats the Whot as one too (so do its rule
        # descriptions): a decision we pin here.
        card = str(Move.parse(move).card)
        state = position(self.RULES, [[card], ["star 4"]], ["circle 11"], market=["square 3"])
        assert state.legal_moves() == (Move.draw(),)
        with pytest.raises(IllegalMove, match="let nobody go out on a special card"):
            state.apply(move)

    def test_a_plain_last_card_still_wins(self) -> None:
        state = position(self.RULES, [["circle 3"], ["star 4"]], ["circle 11"])
        after = state.apply("play circle 3")
        assert after.winners == (0,)

    def test_a_special_card_that_is_not_the_last_still_works(self) -> None:
        state = position(
            self.RULES,
            [["circle 2", "star 5"], ["star 4"]],
            ["circle 11"],
            market=["cross 1", "cross 2"],
        )
        after = state.apply("play circle 2")
        assert after.hands[1] == cards("star 4", "cross 1", "cross 2")
        assert after.current_player == 0


# ------------------------------------------------------------------------ empty market


class TestExhaustedMarket:
    """What happens when a draw is needed and the market is empty (toggle `exhausted`)."""

    PILE = ("circle 3", "circle 7", "triangle 7", "triangle 2")
    HANDS = (("square 5", "star 3"), ("cross 10", "circle 4"))

    def test_flip_turns_the_pile_over_unshuffled(self) -> None:
        # seeds/000: the first card played (the bottom of the pile) is the next card drawn.
        state = position("british", self.HANDS, self.PILE)
        after = state.apply("draw")
        assert after.pile == cards("triangle 2")
        assert after.hands[0] == cards("square 5", "star 3", "circle 3")
        assert after.market == cards("circle 7", "triangle 7")
        assert new_events(state, after) == [
            Flipped(3),
            Drew(0, 1, DrawReason.MARKET, 1, cards("circle 3")),
        ]
        # The next draws continue up the old pile.
        again = play(after, "draw", "draw")
        assert again.hands[1] == cards("cross 10", "circle 4", "circle 7")
        assert again.hands[0] == cards("square 5", "star 3", "circle 3", "triangle 7")

    def test_a_whot_on_top_keeps_its_call_through_a_flip(self) -> None:
        state = position(
            "british",
            [["circle 3", "cross 5"], ["star 2", "square 1"]],
            ["circle 7", "whot"],
            called="star",
        )
        after = state.apply("draw")
        assert after.pile == (WHOT,)
        assert after.called is Shape.STAR
        assert after.hands[0] == cards("circle 3", "cross 5", "circle 7")
        assert after.legal_moves() == (Move.parse("play star 2"), Move.draw())

    def test_reshuffle_keeps_the_top_and_makes_the_rest_the_market(self) -> None:
        state = position("british_modern", self.HANDS, self.PILE)
        after = state.apply("draw")
        assert after.pile == cards("triangle 2")
        assert after.market_size == 2
        assert len(after.hands[0]) == 3
        drawn = after.hands[0][2]
        assert Counter((drawn, *after.market)) == Counter(cards(*self.PILE[:3]))
        assert new_events(state, after) == [
            Reshuffled(3),
            Drew(0, 1, DrawReason.MARKET, 1, (drawn,)),
        ]
        assert not after.is_over

    def test_count_ends_the_game_at_once(self) -> None:
        # seat 0: square 5 + star 3 doubled = 11; seat 1: cross 10 + circle 4 = 14.
        state = position(rules_of("british", exhausted="count"), self.HANDS, self.PILE)
        after = state.apply("draw")
        assert after.is_over and after.end_reason == "count"
        assert after.winners == (0,)
        assert after.pile == cards(*self.PILE)
        assert after.hands == state.hands
        assert new_events(state, after) == [
            Drew(0, 0, DrawReason.MARKET, 1, ()),
            GameOver("count", (0,), (11, 14), by_rule=True),
        ]
        assert narrate(after.events[-1:]) == [
            "The market has run out, and these rules end the game there: "
            "count (Seat 0 has 11 points, Seat 1 has 14 points). Seat 0 wins."
        ]

    @pytest.mark.parametrize("preset", ["british", "british_modern"])
    def test_nothing_to_turn_over_ends_with_a_count(self, preset: str) -> None:
        state = position(preset, self.HANDS, ["triangle 2"])
        after = state.apply("draw")
        assert after.is_over and after.end_reason == "count"
        assert after.events[-1] == GameOver("count", (0,), (11, 14), by_rule=False)
        assert not any(isinstance(e, Flipped | Reshuffled) for e in after.events)
        assert narrate(after.events[-1:]) == [
            "The market is empty and nothing is left to refill it: "
            "count (Seat 0 has 11 points, Seat 1 has 14 points). Seat 0 wins."
        ]

    def test_a_pick_larger_than_the_cards_left_is_drawn_as_far_as_it_goes_then_counted(
        self,
    ) -> None:
        # Pick three with one card in the market and one card under the top of the pile.
        state = position(
            "nigerian",
            [["circle 5", "triangle 3", "star 7"], ["cross 2", "square 13"]],
            ["circle 11"],
            market=["star 1"],
        )
        after = state.apply("play circle 5")
        assert after.hands[1] == cards("cross 2", "square 13", "star 1", "circle 11")
        assert after.pile == cards("circle 5")
        assert after.market_size == 0
        # Stars at face value: seat 0 has 3 + 7 = 10, seat 1 has 2 + 13 + 1 + 11 = 27.
        assert new_events(state, after) == [
            Played(0, Card.parse("circle 5"), None),
            Reshuffled(1),
            Drew(1, 2, DrawReason.PICK, 3, cards("star 1", "circle 11")),
            GameOver("count", (0,), (10, 27)),
        ]
        assert after.events[-2].short

    def test_a_defended_penalty_larger_than_the_market_is_drawn_then_counted(self) -> None:
        state = position(
            "naija_tournament",
            [["circle 3", "cross 10"], ["triangle 12", "square 1"]],
            ["circle 2"],
            market=["star 2", "circle 13"],
            to_play=1,
            penalty=4,
        )
        after = state.apply("draw")
        # Stars double here: seat 1 has 12 + 1 + 4 + 13 = 30, seat 0 has 3 + 10 = 13.
        assert after.hands[1] == cards("triangle 12", "square 1", "star 2", "circle 13")
        assert new_events(state, after) == [
            Drew(1, 2, DrawReason.PICK, 4, cards("star 2", "circle 13")),
            GameOver("count", (0,), (13, 30)),
        ]

    def test_a_general_market_stops_where_the_cards_run_out(self) -> None:
        # Empty market, one card under the top: seat 1 gets it reshuffled, seat 2 gets nothing.
        state = position(
            "nigerian", [["circle 14", "star 1"], ["cross 3"], ["triangle 4"]], ["circle 11"]
        )
        after = state.apply("play circle 14")
        assert after.hands[1] == cards("cross 3", "circle 11")
        assert after.hands[2] == cards("triangle 4")
        # Stars at face value: 1, 3 + 11 and 4.
        assert new_events(state, after) == [
            Played(0, Card.parse("circle 14"), None),
            Announced(0, Announcement.LAST_CARD),
            GeneralMarket(0),
            Reshuffled(1),
            Drew(1, 1, DrawReason.GENERAL_MARKET, 1, cards("circle 11")),
            Drew(2, 0, DrawReason.GENERAL_MARKET, 1, ()),
            GameOver("count", (0,), (1, 14, 4)),
        ]


class TestAShortMarketInWords:
    """What a learner reads when the market cannot give every card asked for: the narration
    names the cards drawn and how many were owed, and the explanation of a draw says what the
    draw really does (a refill, or the count), never that a card is simply drawn."""

    @pytest.mark.parametrize(
        ("event", "sentence"),
        [
            (
                Drew(1, 2, DrawReason.PICK, 8, cards("star 2", "circle 13")),
                "Seat 1 draws only 2 of 8 cards (star 2, circle 13): the market has no more.",
            ),
            (
                Drew(2, 0, DrawReason.GENERAL_MARKET, 1, ()),
                "Seat 2 should draw 1 card, but the market is empty.",
            ),
            (Drew(0, 0, DrawReason.MARKET, 1, ()), "Seat 0 finds the market empty."),
            (
                Drew(1, 3, DrawReason.PICK, 3, cards("star 2", "circle 13", "cross 1")),
                "Seat 1 picks three (star 2, circle 13, cross 1).",
            ),
            (
                Drew(1, 4, DrawReason.PICK, 4, cards("star 2", "circle 13", "cross 1", "star 4")),
                "Seat 1 picks 4 cards (star 2, circle 13, cross 1, star 4).",
            ),
        ],
    )
    def test_a_draw_names_what_was_drawn_and_what_was_owed(self, event, sentence) -> None:
        assert narrate([event]) == [sentence]

    @pytest.mark.parametrize("exhausted", ["flip", "reshuffle", "count", "count_at_once"])
    @pytest.mark.parametrize(
        ("market", "pile", "penalty"),
        [
            ((), ("triangle 2", "circle 8"), 0),
            ((), ("circle 8",), 0),
            (("cross 1",), ("circle 8",), 0),
            (("cross 1", "star 7"), ("circle 8",), 0),
            (("cross 1",), ("triangle 2", "circle 2"), 2),
            (("cross 1",), ("triangle 11", "square 13", "circle 2"), 2),
            ((), ("circle 2",), 2),
        ],
    )
    def test_the_explanation_of_a_draw_says_what_it_does(
        self, exhausted: str, market, pile, penalty
    ) -> None:
        rules = rules_of("nigerian_street", exhausted=exhausted)
        hands = [["square 7", "triangle 10"], ["star 5", "cross 13"]]
        state = position(rules, hands, pile, market, penalty=penalty)
        said, after = state.explain("draw"), state.apply("draw")
        assert said.startswith("Legal") and "always" not in said
        assert ("it ends the game" in said) == after.is_over, said
        refilled = [e for e in new_events(state, after) if isinstance(e, Flipped | Reshuffled)]
        assert ("into a new market" in said) == bool(refilled), said
        owed = f"all {penalty} penalty cards" if penalty else "one card"
        assert owed in said


class TestCountWinners:
    """A count: the lowest total wins; equal lowest totals share the win."""

    HANDS = (("circle 5", "triangle 3"), ("cross 7", "circle 2"), ("star 4",))

    def test_equal_lowest_totals_share_the_win(self) -> None:
        # Stars double: 5 + 3 = 8, 7 + 2 = 9, star 4 = 8.
        state = position(rules_of("british", exhausted="count"), self.HANDS, ["square 11"])
        after = state.apply("draw")
        assert after.winners == (0, 2)
        assert after.events[-1] == GameOver("count", (0, 2), (8, 9, 8), by_rule=True)

    def test_the_lowest_total_wins_alone(self) -> None:
        # Stars at face value: 8, 9 and 4.
        rules = rules_of("british", exhausted="count", star_double=False)
        state = position(rules, self.HANDS, ["square 11"])
        after = state.apply("draw")
        assert after.winners == (2,)
        assert after.events[-1] == GameOver("count", (2,), (8, 9, 4), by_rule=True)


# ---------------------------------------------------------------------------------- scoring


class TestScoring:
    """Penalty points (seeds/000 'Scoring', seeds/003 'CRITICAL RULE')."""

    @pytest.mark.parametrize(
        ("card", "double", "face"),
        [
            ("circle 14", 14, 14),
            ("triangle 1", 1, 1),
            ("cross 13", 13, 13),
            ("square 7", 7, 7),
            ("star 1", 2, 1),
            ("star 8", 16, 8),
            ("whot", 20, 20),
        ],
    )
    def test_card_points(self, card: str, double: int, face: int) -> None:
        assert card_points(Card.parse(card), star_double=True) == double
        assert card_points(Card.parse(card), star_double=False) == face

    def test_the_same_hand_counted_both_ways(self) -> None:
        # star 7 + circle 13 + whot + star 1: doubled 14 + 13 + 20 + 2 = 49; face 7 + 13 + 20 + 1.
        hand = ["star 7", "circle 13", "whot", "star 1"]
        assert hand_points(cards(*hand), star_double=True) == 49
        assert hand_points(cards(*hand), star_double=False) == 41
        hands = [hand, ["cross 1"]]
        assert position("british", hands, ["square 2"]).penalty_points() == (49, 1)
        assert position("nigerian", hands, ["square 2"]).penalty_points() == (41, 1)

    def test_breakdown_explains_each_card(self) -> None:
        lines = breakdown(cards("star 7", "whot", "square 10"), star_double=True)
        assert [(line.face, line.points) for line in lines] == [(7, 14), (20, 20), (10, 10)]
        assert "double" in lines[0].note
        assert "20" in lines[1].note

    def test_the_whole_pack(self) -> None:
        # Circles and triangles 90 each, crosses and squares 66 each, stars 30 (60 doubled),
        # five Whots 100.
        assert hand_points(make_pack(), star_double=False) == 442
        assert hand_points(make_pack(), star_double=True) == 472

    def test_penalty_points_are_available_at_any_time(self) -> None:
        state = position(
            "british", [["circle 5", "star 3"], ["whot"]], ["circle 11"], market=["square 10"]
        )
        assert state.penalty_points() == (11, 20)
        after = state.apply("draw")
        assert after.penalty_points() == (21, 20)
        assert not after.is_over


# ---------------------------------------------------------------------------------- presets


class TestPresets:
    """One scenario per preset, on what sets it apart (RULES.md sections 9 and 11)."""

    def test_british_no_specials_no_announcements_flip_and_stars_double(self) -> None:
        state = position(
            "british",
            [
                ["circle 2", "circle 8", "star 3"],
                ["circle 14", "square 1"],
                ["triangle 5", "cross 5"],
            ],
            ["circle 7", "circle 11"],
        )
        # A 2, an 8 and a 14 do nothing: play simply passes left, nobody draws.
        after = play(state, "play circle 2", "play circle 14", "draw")
        assert after.current_player == 0
        assert not any(isinstance(e, MissedTurn | Drew) for e in after.events[:-2])
        # Seat 2's draw found the market empty: the pile is turned over, bottom card first.
        assert after.hands[2] == cards("triangle 5", "cross 5", "circle 7")
        assert after.market == cards("circle 11", "circle 2")
        assert after.penalty_points() == (8 + 6, 1, 5 + 5 + 7)
        with pytest.raises(IllegalMove, match="Announcements"):
            after.apply("play circle 8, last card")

    def test_british_deal_leader_start_with_54_cards(self) -> None:
        state = new_game(Rules.preset("british"), players=2, seed=4)
        assert state.pile == ()
        assert state.market_size == 54 - 12

    def test_british_modern_has_four_whots_and_reshuffles(self) -> None:
        rules = Rules.preset("british_modern")
        state = new_game(rules, players=3, seed=2)
        everything = [c for hand in state.hands for c in hand] + list(state.market)
        assert len(everything) == 53
        assert everything.count(WHOT) == 4
        with pytest.raises(ValueError, match="whot_cards"):
            position(rules, [["whot", "whot", "whot"], ["whot", "whot"]], ["circle 2"])
        empty = position(rules, [["square 5"], ["star 4"]], ["circle 3", "circle 7"])
        assert isinstance(empty.apply("draw").events[0], Reshuffled)

    def test_nigerian_turn_up_deal_of_five_picks_without_defence_and_stars_at_face(self) -> None:
        rules = Rules.preset("nigerian")
        dealt = new_game(rules, players=4, seed=8)
        assert [len(hand) for hand in dealt.hands] == [5] * 4
        assert isinstance(dealt.events[-1], TurnedUp)
        with pytest.raises(ValueError, match="players"):
            new_game(rules, players=5, seed=8)
        state = position(
            rules,
            [["circle 2", "circle 7", "star 7"], ["triangle 2", "cross 1"], ["star 5", "square 3"]],
            ["circle 11"],
            market=["square 11", "cross 13"],
        )
        after = state.apply("play circle 2")
        # No defence: seat 1 cannot answer with its 2; it draws at once and seat 2 plays.
        assert after.hands[1] == cards("triangle 2", "cross 1", "square 11", "cross 13")
        assert after.current_player == 2
        assert after.penalty == 0
        # Stars at face value: 7 + 7, 2 + 1 + 11 + 13, 5 + 3.
        assert after.penalty_points() == (14, 27, 8)

    def test_nigerian_street_defence_star_eight_and_semi_last_card(self) -> None:
        rules = Rules.preset("nigerian_street")
        assert [len(hand) for hand in new_game(rules, players=8, seed=1).hands] == [6] * 8
        state = position(
            rules,
            [
                ["star 8", "star 2", "circle 4", "circle 13"],
                ["triangle 2", "cross 1", "cross 3"],
                ["square 2", "square 10", "square 11"],
            ],
            ["star 3"],
            market=["triangle 10", "triangle 11", "triangle 13", "triangle 14", "cross 7"],
        )
        # The star 8 skips both opponents: seat 0 goes again and says "semi last card".
        after = play(state, "play star 8", "play star 2, semi last card")
        assert after.current_player == 1
        assert after.penalty == 2
        # Seat 1 defends with its 2 (and forgets "semi last card"), seat 2 defends as well.
        after = play(after, "play triangle 2", "play square 2, semi last card")
        assert after.current_player == 0
        assert after.penalty == 6
        assert after.hands[1] == cards("cross 1", "cross 3", "triangle 10", "triangle 11")
        events = after.events
        assert MissedTurn(1) in events and MissedTurn(2) in events
        assert Announced(0, Announcement.SEMI_LAST_CARD) in events
        assert AnnouncementMissed(1, Announcement.SEMI_LAST_CARD) in events
        assert PenaltyGrows(0, 6) in events
        # Seat 0 cannot defend (no 2 left): it draws all six, the market's last three and then
        # three from the pile under the square 2, reshuffled.
        assert after.legal_moves() == (Move.draw(),)
        drawn = after.apply("draw")
        assert drawn.hands[0][:5] == cards(
            "circle 4", "circle 13", "triangle 13", "triangle 14", "cross 7"
        )
        assert len(drawn.hands[0]) == 8
        assert Reshuffled(4) in drawn.events
        assert drawn.pile == cards("square 2")
        assert drawn.current_player == 1

    def test_nigerian_1970s_free_hold_on_and_everyone_picks_two(self) -> None:
        state = position(
            "nigerian_1970s",
            [
                ["circle 1", "triangle 4", "star 5"],
                ["triangle 2", "cross 1", "cross 3"],
                ["star 7"],
            ],
            ["circle 11"],
            market=["square 1", "square 2", "square 3", "square 5"],
        )
        after = play(state, "play circle 1", "play triangle 4")
        assert after.current_player == 1
        assert after.hands[1] == cards("triangle 2", "cross 1", "cross 3", "square 1", "square 2")
        assert after.hands[2] == cards("star 7", "square 3", "square 5")
        assert EveryonePicksTwo(0) in after.events
        # The 2 is plain in this version: no pick, play passes left.
        plain = after.apply("play triangle 2")
        assert plain.current_player == 2
        assert plain.hands[2] == after.hands[2]

    def test_naija_tournament_turn_up_defence_and_stars_double(self) -> None:
        rules = Rules.preset("naija_tournament")
        dealt = new_game(rules, players=4, seed=3)
        assert [len(hand) for hand in dealt.hands] == [5] * 4
        assert isinstance(dealt.events[-1], TurnedUp) and len(dealt.pile) == 1
        state = position(
            rules,
            [
                ["circle 5", "star 7", "circle 12"],
                ["triangle 5", "star 1"],
                ["square 1", "cross 1"],
            ],
            ["circle 11"],
            market=["square 11", "square 13", "cross 13", "cross 14", "cross 10", "triangle 13"],
        )
        after = play(state, "play circle 5", "play triangle 5")
        assert after.current_player == 2
        assert after.penalty == 6
        # seat 1 went to one card: the engine says "last card" for it (informative).
        assert Announced(1, Announcement.LAST_CARD) in after.events
        drawn = after.apply("draw")
        assert drawn.hands[2] == cards(
            "square 1",
            "cross 1",
            "square 11",
            "square 13",
            "cross 13",
            "cross 14",
            "cross 10",
            "triangle 13",
        )
        # Stars double: 14 + 12, 2, and 1 + 1 + 11 + 13 + 13 + 14 + 10 + 13.
        assert drawn.penalty_points() == (26, 2, 76)


def test_every_preset_has_a_scenario_here() -> None:
    """Guard: a new preset must get its own scenario in TestPresets."""
    assert Rules.presets() == (
        "british",
        "british_modern",
        "nigerian",
        "nigerian_street",
        "nigerian_1970s",
        "naija_tournament",
    )
