"""Scenarios for special cards (RULES.md section 4) and announcements (section 5).

Positions give every player at least three cards after the plays being checked, so that no
announcement interferes, except in the announcement tests themselves. The market is given
explicitly, next card drawn first, so every draw is known in advance.
"""

from __future__ import annotations

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
    GameOver,
    GeneralMarket,
    HeldOn,
    IllegalMove,
    MissedTurn,
    Move,
    PenaltyGrows,
    Played,
    Shape,
)

MARKET = ["square 1", "square 14", "cross 14", "square 10", "triangle 14", "cross 10", "circle 10"]
"""A market for pick and general market draws; drawn from the front."""

# Filler hands for the other seats: three cards each, no circles and no 1, 2, 5, 8 or 14.
FILLER = [
    ["square 3", "square 7", "cross 11"],
    ["triangle 3", "triangle 7", "cross 13"],
    ["triangle 10", "triangle 11", "cross 7"],
    ["triangle 12", "triangle 13", "cross 3"],
]


def _table(first: list[str], players: int) -> list[list[str]]:
    """Seat 0 holds `first`; the other seats hold filler hands."""
    return [first, *FILLER[: players - 1]]


# --------------------------------------------------------------------------------- hold on


class TestHoldOnPlayAgain:
    """`hold_on = play_again`: the same player goes on; the follow-up matches the 1 (seeds/002)."""

    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_the_same_player_plays_again(self, players: int) -> None:
        state = position(
            "nigerian",
            _table(["circle 1", "circle 12", "star 4", "star 5"], players),
            ["circle 11"],
        )
        after = state.apply("play circle 1")
        assert after.current_player == 0
        assert after.hands[1:] == state.hands[1:]
        assert new_events(state, after) == [Played(0, Card.parse("circle 1"), None), HeldOn(0)]

    def test_the_follow_up_must_match_the_one(self) -> None:
        state = position(
            "nigerian",
            _table(["circle 1", "triangle 1", "circle 12", "star 4", "star 7"], 3),
            ["circle 11"],
        )
        after = state.apply("play circle 1")
        plays = {str(m) for m in after.legal_moves()}
        assert plays == {"play triangle 1", "play circle 12", "draw"}
        with pytest.raises(IllegalMove, match="Matching"):
            after.apply("play star 4")
        # A 1 on the 1 holds on again.
        again = after.apply("play triangle 1")
        assert again.current_player == 0
        assert new_events(after, again)[-1] == HeldOn(0)

    def test_drawing_instead_of_following_ends_the_turn(self) -> None:
        state = position(
            "nigerian", _table(["circle 1", "star 4", "star 5"], 3), ["circle 11"], market=MARKET
        )
        after = play(state, "play circle 1", "draw")
        assert after.current_player == 1
        assert after.hands[0] == cards("star 4", "star 5", "square 1")
        assert after.top == Card.parse("circle 1")


class TestHoldOnSkipNext:
    """`hold_on = skip_next`: some play the 1 as 'next player misses a turn' (seeds/003)."""

    @pytest.mark.parametrize(("players", "next_player"), [(2, 0), (3, 2), (4, 2)])
    def test_the_next_player_misses_a_turn(self, players: int, next_player: int) -> None:
        rules = rules_of("nigerian", hold_on="skip_next")
        state = position(rules, _table(["circle 1", "star 4", "star 5"], players), ["circle 11"])
        after = state.apply("play circle 1")
        assert after.current_player == next_player
        assert new_events(state, after) == [Played(0, Card.parse("circle 1"), None), MissedTurn(1)]


class TestHoldOnFreeFollow:
    """`hold_on_free_follow` (the 1970s): after the 1 the follow-up may be any card (seeds/003)."""

    def test_any_card_may_follow_the_one_then_matching_resumes(self) -> None:
        state = position(
            "nigerian_1970s",
            [["circle 1", "square 3", "star 5", "star 7"], ["square 7", "circle 3", "cross 11"]],
            ["circle 11"],
        )
        after = state.apply("play circle 1")
        assert after.current_player == 0
        assert after.explain("play square 3") == "Legal. Hold on: your follow-up may be any card."
        followed = after.apply("play square 3")
        assert followed.current_player == 1
        # The freedom lasts one card: seat 1 must match the square 3 again.
        assert {str(m) for m in followed.legal_moves()} == {
            "play square 7",
            "play circle 3",
            "draw",
        }


# ----------------------------------------------------------------------- picks, no defence


class TestPickWithoutDefence:
    """No defence (seeds/002): the next player draws at once and misses the turn."""

    @pytest.mark.parametrize(("players", "next_player"), [(2, 0), (3, 2), (4, 2)])
    @pytest.mark.parametrize(("card", "size"), [("circle 2", 2), ("circle 5", 3)])
    def test_the_victim_draws_at_once_and_misses_the_turn(
        self, players: int, next_player: int, card: str, size: int
    ) -> None:
        state = position(
            "nigerian",
            _table([card, "star 4", "star 7", "star 8"], players),
            ["circle 11"],
            market=MARKET,
        )
        after = state.apply(f"play {card}")
        drawn = cards(*MARKET[:size])
        assert after.hands[1] == state.hands[1] + drawn
        assert after.market == cards(*MARKET[size:])
        assert after.current_player == next_player  # with two players: the same player again
        assert after.penalty == 0
        assert new_events(state, after) == [
            Played(0, Card.parse(card), None),
            Drew(1, size, DrawReason.PICK, size, drawn),
            MissedTurn(1),
        ]

    def test_without_defence_a_two_on_a_two_is_just_a_new_pick(self) -> None:
        # After the pick is drawn the next player plays on the 2 as on any card.
        state = position(
            "nigerian",
            [["circle 2", "star 4", "star 7"], FILLER[0], ["triangle 2", "star 5", "star 3"]],
            ["circle 11"],
            market=MARKET,
        )
        after = play(state, "play circle 2", "play triangle 2")
        assert after.hands[0] == cards("star 4", "star 7", "cross 14", "square 10")
        assert after.current_player == 1


# --------------------------------------------------------------------------------- defence


def _defence(players: int) -> list[list[str]]:
    hands = [
        ["circle 2", "circle 5", "star 4", "star 7"],
        ["triangle 2", "triangle 5", "circle 7", "whot"],
        ["square 2", "square 5", "star 3", "cross 11"],
        ["cross 2", "cross 5", "triangle 13", "cross 13"],
    ]
    return hands[:players]


class TestPickWithDefence:
    """Defence (seeds/003): answer with the same number or draw it all; nothing is automatic."""

    RULES = rules_of("nigerian", defence=True)

    def test_nothing_is_drawn_until_the_victim_answers(self) -> None:
        state = position(self.RULES, _defence(3), ["circle 11"], market=MARKET)
        after = state.apply("play circle 2")
        assert after.current_player == 1
        assert after.penalty == 2
        assert after.hands[1] == state.hands[1]
        assert after.market_size == len(MARKET)
        assert new_events(state, after) == [
            Played(0, Card.parse("circle 2"), None),
            PenaltyGrows(1, 2),
        ]

    def test_the_victim_may_answer_only_with_the_same_number(self) -> None:
        # Seat 1 holds a 2, a 5 (no cross defence), a circle (matches the circle 2's shape) and a
        # Whot (never a defence): only the 2 or the draw are allowed.
        state = position(self.RULES, _defence(3), ["circle 11"], market=MARKET)
        after = state.apply("play circle 2")
        assert set(after.legal_moves()) == {Move.parse("play triangle 2"), Move.draw()}
        for move in ("play triangle 5", "play circle 7", "play whot call circle"):
            with pytest.raises(IllegalMove, match="Defence"):
                after.apply(move)

    def test_a_pending_pick_three_is_not_answered_with_a_two(self) -> None:
        state = position(
            self.RULES, _defence(2), ["circle 11", "square 5"], market=MARKET, to_play=1, penalty=3
        )
        assert set(state.legal_moves()) == {Move.parse("play triangle 5"), Move.draw()}
        with pytest.raises(IllegalMove, match="Defence"):
            state.apply("play triangle 2")

    @pytest.mark.parametrize("players", [3, 4])
    def test_the_penalty_grows_by_two_per_two_and_the_draw_takes_it_all(self, players: int) -> None:
        state = position(self.RULES, _defence(players), ["circle 11"], market=MARKET)
        after = play(state, "play circle 2", "play triangle 2", "play square 2")
        assert after.penalty == 6
        assert after.current_player == 3 % players
        victim = 3 % players
        growth = [e for e in after.events if isinstance(e, PenaltyGrows)]
        assert growth == [PenaltyGrows(1, 2), PenaltyGrows(2, 4), PenaltyGrows(victim, 6)]
        drawn = after.apply("draw")
        assert drawn.hands[victim] == after.hands[victim] + cards(*MARKET[:6])
        assert drawn.penalty == 0
        assert drawn.current_player == (victim + 1) % players
        assert new_events(after, drawn) == [Drew(victim, 6, DrawReason.PICK, 6, cards(*MARKET[:6]))]

    def test_pick_three_grows_by_three_with_two_players(self) -> None:
        state = position(self.RULES, _defence(2), ["circle 11"], market=MARKET)
        after = play(state, "play circle 5", "play triangle 5")
        assert after.current_player == 0
        assert after.penalty == 6
        drawn = after.apply("draw")
        assert drawn.hands[0] == cards("circle 2", "star 4", "star 7", *MARKET[:6])
        assert drawn.current_player == 1

    def test_after_the_draw_the_next_player_plays_on_the_pick_card_normally(self) -> None:
        state = position(self.RULES, _defence(2), ["circle 11"], market=MARKET)
        after = play(state, "play circle 2", "draw")
        assert after.current_player == 0
        assert after.penalty == 0
        # The circle 2 is now an ordinary top card: circles, 2s and Whots match again.
        assert {str(m) for m in after.legal_moves()} == {"play circle 5", "draw"}

    def test_explain_says_the_draw_takes_the_whole_penalty(self) -> None:
        state = position(
            self.RULES, _defence(2), ["circle 11", "square 2"], market=MARKET, to_play=1, penalty=4
        )
        assert "all 4 penalty cards" in state.explain("draw")


# ------------------------------------------------------------------------------ suspension


class TestSuspension:
    """8: the next player misses a turn; under `star8_double` the star 8 skips two opponents."""

    @pytest.mark.parametrize(("players", "next_player"), [(2, 0), (3, 2), (4, 2)])
    def test_the_next_player_misses_a_turn(self, players: int, next_player: int) -> None:
        state = position(
            "nigerian", _table(["circle 8", "star 4", "star 7", "star 5"], players), ["circle 11"]
        )
        after = state.apply("play circle 8")
        assert after.current_player == next_player
        assert new_events(state, after) == [Played(0, Card.parse("circle 8"), None), MissedTurn(1)]

    @pytest.mark.parametrize(
        ("players", "missed", "next_player"),
        [(2, [1], 0), (3, [1, 2], 0), (4, [1, 2], 3)],
    )
    def test_star_8_skips_the_next_two_opponents(
        self, players: int, missed: list[int], next_player: int
    ) -> None:
        # With one opponent it is a plain suspension; with two, both miss and seat 0 goes again.
        rules = rules_of("nigerian", star8_double=True)
        state = position(
            rules, _table(["star 8", "star 4", "star 7", "circle 4"], players), ["star 2"]
        )
        after = state.apply("play star 8")
        assert after.current_player == next_player
        assert new_events(state, after) == [
            Played(0, Card.parse("star 8"), None),
            *[MissedTurn(seat) for seat in missed],
        ]

    def test_other_eights_still_skip_one_under_star8_double(self) -> None:
        rules = rules_of("nigerian", star8_double=True)
        state = position(
            rules, _table(["circle 8", "star 4", "star 7", "circle 4"], 4), ["circle 11"]
        )
        after = state.apply("play circle 8")
        assert after.current_player == 2
        assert new_events(state, after)[1:] == [MissedTurn(1)]


# -------------------------------------------------------------------------- general market


class TestGeneralMarket:
    """14: every other player draws one, in turn order from the player's left (seeds/002)."""

    @pytest.mark.parametrize(("players", "order"), [(2, [0]), (3, [2, 0]), (4, [2, 3, 0])])
    def test_everyone_else_draws_one_from_the_left_then_the_next_player_plays(
        self, players: int, order: list[int]
    ) -> None:
        hands = _table(["star 4", "star 7", "star 5"], players)
        hands[1] = ["circle 14", "star 3", "cross 11", "square 3"]
        state = position("nigerian", hands, ["circle 11"], market=MARKET, to_play=1)
        after = state.apply("play circle 14")
        expected = [Played(1, Card.parse("circle 14"), None), GeneralMarket(1)]
        for k, seat in enumerate(order):
            expected.append(Drew(seat, 1, DrawReason.GENERAL_MARKET, 1, cards(MARKET[k])))
            assert after.hands[seat] == state.hands[seat] + cards(MARKET[k])
        assert new_events(state, after) == expected
        assert after.hands[1] == cards("star 3", "cross 11", "square 3")
        assert after.current_player == 2 % players

    def test_general_market_again_gives_the_player_another_turn(self) -> None:
        rules = rules_of("nigerian", general_market_again=True)
        state = position(
            rules,
            _table(["circle 14", "star 4", "star 7", "star 5"], 3),
            ["circle 11"],
            market=MARKET,
        )
        after = state.apply("play circle 14")
        assert after.current_player == 0
        assert after.hands[1] == state.hands[1] + cards("square 1")
        assert after.hands[2] == state.hands[2] + cards("square 14")
        # The player goes on matching the 14 (no free follow-up).
        assert {str(m) for m in after.legal_moves()} == {"draw"}


# ------------------------------------------------------------------- the 1970s and custom maps


class TestNigerian1970s:
    """Only 1 and 4 are special; the 4 makes every other player draw two (seeds/003)."""

    def test_the_four_makes_everyone_else_draw_two(self) -> None:
        state = position(
            "nigerian_1970s",
            _table(["circle 4", "star 4", "star 7"], 3),
            ["circle 11"],
            market=MARKET,
        )
        after = state.apply("play circle 4")
        assert new_events(state, after) == [
            Played(0, Card.parse("circle 4"), None),
            EveryonePicksTwo(0),
            Drew(1, 2, DrawReason.EVERYONE_PICKS_TWO, 2, cards("square 1", "square 14")),
            Drew(2, 2, DrawReason.EVERYONE_PICKS_TWO, 2, cards("cross 14", "square 10")),
        ]
        assert after.current_player == 1

    @pytest.mark.parametrize("card", ["circle 2", "circle 5", "circle 8", "circle 14"])
    def test_two_five_eight_and_fourteen_are_plain(self, card: str) -> None:
        state = position(
            "nigerian_1970s", _table([card, "star 4", "star 7"], 3), ["circle 11"], market=MARKET
        )
        after = state.apply(f"play {card}")
        assert after.current_player == 1
        assert after.hands[1:] == state.hands[1:]
        assert new_events(state, after) == [Played(0, Card.parse(card), None)]

    def test_the_four_as_the_winners_last_card_still_changes_the_count(self) -> None:
        state = position(
            "nigerian_1970s",
            [["circle 4"], ["cross 3"], ["triangle 7"]],
            ["circle 11"],
            market=["star 5", "circle 10", "whot", "square 2"],
        )
        assert state.explain("play circle 4").endswith(
            "check up! Its effect still happens: every other player draws two cards."
        )
        after = state.apply("play circle 4")
        assert after.is_over and after.winners == (0,) and after.end_reason == "check_up"
        # Stars double in this preset: seat 1 holds cross 3 + star 5 + circle 10 = 3 + 10 + 10,
        # seat 2 holds triangle 7 + whot + square 2 = 7 + 20 + 2.
        assert after.hands[1] == cards("cross 3", "star 5", "circle 10")
        assert after.hands[2] == cards("triangle 7", "whot", "square 2")
        assert after.penalty_points() == (0, 23, 29)
        assert after.events[-1] == GameOver("check_up", (0,), (0, 23, 29))

    def test_a_dry_market_after_the_winning_four_stops_the_draws_and_the_win_stands(self) -> None:
        # RULES.md is silent here; the engine's decision: the check up has already won, so the
        # draws stop where the cards run out and no count replaces the win.
        state = position(
            "nigerian_1970s",
            [["circle 4"], ["cross 3"], ["triangle 7"]],
            ["triangle 4"],
            market=["star 5"],
        )
        after = state.apply("play circle 4")
        assert after.winners == (0,) and after.end_reason == "check_up"
        # Seat 1 gets the star 5 and then the triangle 4 reshuffled from the pile; seat 2 nothing.
        assert after.hands[1] == cards("cross 3", "star 5", "triangle 4")
        assert after.hands[2] == cards("triangle 7")
        # Stars double: seat 1 counts 3 + 10 + 4, seat 2 counts 7.
        assert after.events[-1] == GameOver("check_up", (0,), (0, 17, 7))


class TestAnyNumberAnyEffect:
    """The mapping is data: any number may carry any effect (the Naija app, seeds/003)."""

    def test_a_seven_can_be_a_pick_two_while_the_two_is_plain(self) -> None:
        rules = rules_of("british", specials={7: "pick_two"})
        state = position(
            rules,
            _table(["circle 7", "circle 2", "star 4", "star 5"], 3),
            ["circle 11"],
            market=MARKET,
        )
        after = state.apply("play circle 7")
        assert after.hands[1] == state.hands[1] + cards("square 1", "square 14")
        assert after.current_player == 2
        plain = state.apply("play circle 2")
        assert plain.hands[1] == state.hands[1]
        assert plain.current_player == 1

    def test_a_custom_pick_is_defended_only_with_its_own_number(self) -> None:
        rules = rules_of("british", specials={7: "pick_two", 2: "pick_two"}, defence=True)
        state = position(
            rules,
            [["circle 7", "star 4", "star 5"], ["triangle 7", "triangle 2", "circle 13"]],
            ["circle 11"],
        )
        after = state.apply("play circle 7")
        assert after.penalty == 2
        assert set(after.legal_moves()) == {Move.parse("play triangle 7"), Move.draw()}

    def test_thirteen_as_general_market(self) -> None:
        rules = rules_of("british", specials={13: "general_market"})
        state = position(
            rules, _table(["circle 13", "star 4", "star 5"], 3), ["circle 11"], market=MARKET
        )
        after = state.apply("play circle 13")
        assert after.hands[1] == state.hands[1] + cards("square 1")
        assert after.hands[2] == state.hands[2] + cards("square 14")
        assert after.current_player == 1


# --------------------------------------------------------------------------- announcements


class TestAnnouncementsNone:
    """`announcements = none` (seeds/000 has none): a move that carries one is illegal."""

    @pytest.mark.parametrize("move", ["play circle 5, semi last card", "play circle 5, last card"])
    def test_an_announced_move_is_illegal(self, move: str) -> None:
        hand = ["circle 5", "star 4", "star 5"] if "semi" in move else ["circle 5", "star 4"]
        state = position("british", [hand, ["cross 1"]], ["circle 11"])
        with pytest.raises(IllegalMove, match="Announcements"):
            state.apply(move)
        assert not any(isinstance(e, Announced) for e in state.apply("play circle 5").events)


class TestAnnouncementsInformative:
    """`informative` (seeds/002): "last card" is said, by the engine itself; no penalty."""

    def test_the_engine_announces_last_card_by_itself(self) -> None:
        state = position(
            "nigerian", [["circle 7", "star 4"], ["cross 1", "cross 3"]], ["circle 11"]
        )
        after = state.apply("play circle 7")
        assert new_events(state, after) == [
            Played(0, Card.parse("circle 7"), None),
            Announced(0, Announcement.LAST_CARD),
        ]
        assert after.hands[0] == cards("star 4")
        assert after.market_size == state.market_size

    def test_the_announced_text_is_accepted_and_gives_the_same_game(self) -> None:
        state = position(
            "nigerian", [["circle 7", "star 4"], ["cross 1", "cross 3"]], ["circle 11"]
        )
        plain = state.apply("play circle 7")
        said = state.apply("play circle 7, last card")
        assert said.events == plain.events
        assert said.hands == plain.hands
        assert said.moves == plain.moves == (Move.parse("play circle 7"),)

    def test_no_announcement_at_two_cards(self) -> None:
        state = position("nigerian", [["circle 7", "star 4", "star 5"], ["cross 1"]], ["circle 11"])
        after = state.apply("play circle 7")
        assert new_events(state, after) == [Played(0, Card.parse("circle 7"), None)]

    def test_an_announcement_that_does_not_fit_is_illegal(self) -> None:
        state = position("nigerian", [["circle 7", "star 4", "star 5"], ["cross 1"]], ["circle 11"])
        with pytest.raises(IllegalMove, match="Announcements"):
            state.apply("play circle 7, last card")


class TestAnnouncementsPenalty:
    """`penalty` (seeds/003): "semi last card" at two, "last card" at one, or draw two."""

    @pytest.mark.parametrize(
        ("hand", "words"),
        [
            (["circle 7", "star 4", "star 5"], Announcement.SEMI_LAST_CARD),
            (["circle 7", "star 4"], Announcement.LAST_CARD),
        ],
    )
    def test_announcing_costs_nothing(self, hand: list[str], words: Announcement) -> None:
        state = position("nigerian_street", [hand, ["cross 1"]], ["circle 11"], market=MARKET)
        move = f"play circle 7, {words}"
        assert Move.parse(move) in state.legal_moves()
        assert Move.parse("play circle 7") in state.legal_moves()  # legal, but penalised
        after = state.apply(move)
        assert new_events(state, after) == [
            Played(0, Card.parse("circle 7"), None),
            Announced(0, words),
        ]
        assert after.hands[0] == cards(*hand[1:])
        assert after.current_player == 1

    @pytest.mark.parametrize(
        ("hand", "words"),
        [
            (["circle 7", "star 4", "star 5"], Announcement.SEMI_LAST_CARD),
            (["circle 7", "star 4"], Announcement.LAST_CARD),
        ],
    )
    def test_a_missing_announcement_draws_two_at_the_end_of_the_move(
        self, hand: list[str], words: Announcement
    ) -> None:
        state = position("nigerian_street", [hand, ["cross 1"]], ["circle 11"], market=MARKET)
        assert f"say '{words}'" in state.explain("play circle 7")
        after = state.apply("play circle 7")
        assert new_events(state, after) == [
            Played(0, Card.parse("circle 7"), None),
            AnnouncementMissed(0, words),
            Drew(0, 2, DrawReason.ANNOUNCEMENT, 2, cards("square 1", "square 14")),
        ]
        assert after.hands[0] == cards(*hand[1:], "square 1", "square 14")
        assert after.current_player == 1

    def test_the_penalty_comes_after_the_cards_effect(self) -> None:
        # A pick two without defence: the victim draws first, then the forgetful player.
        rules = rules_of("nigerian", announcements="penalty")
        state = position(
            rules, [["circle 2", "star 4"], ["cross 1", "cross 3"]], ["circle 11"], market=MARKET
        )
        after = state.apply("play circle 2")
        assert after.hands[1] == cards("cross 1", "cross 3", "square 1", "square 14")
        assert after.hands[0] == cards("star 4", "cross 14", "square 10")
        assert [type(e) for e in new_events(state, after)] == [
            Played,
            Drew,
            MissedTurn,
            AnnouncementMissed,
            Drew,
        ]
        assert after.current_player == 0

    def test_a_forgotten_announcement_on_a_hold_on_does_not_end_the_hold(self) -> None:
        # RULES.md only says the two cards are drawn at the end of the move; we expect the hold on
        # to stand: the player draws two, then plays again.
        state = position(
            "nigerian_street",
            [["circle 1", "circle 4", "star 5"], ["cross 3"]],
            ["circle 11"],
            market=MARKET,
        )
        after = state.apply("play circle 1")
        assert new_events(state, after) == [
            Played(0, Card.parse("circle 1"), None),
            HeldOn(0),
            AnnouncementMissed(0, Announcement.SEMI_LAST_CARD),
            Drew(0, 2, DrawReason.ANNOUNCEMENT, 2, cards("square 1", "square 14")),
        ]
        assert after.current_player == 0
        assert after.hands[0] == cards("circle 4", "star 5", "square 1", "square 14")

    @pytest.mark.parametrize(
        ("hand", "move"),
        [
            (["circle 7", "star 4", "star 5"], "play circle 7, last card"),
            (["circle 7", "star 4"], "play circle 7, semi last card"),
            (["circle 7", "star 4", "star 5", "star 7"], "play circle 7, semi last card"),
        ],
    )
    def test_a_wrong_announcement_is_illegal(self, hand: list[str], move: str) -> None:
        state = position("nigerian_street", [hand, ["cross 1"]], ["circle 11"], market=MARKET)
        assert Move.parse(move) not in state.legal_moves()
        with pytest.raises(IllegalMove, match="Announcements"):
            state.apply(move)

    def test_a_whot_leaving_one_card_is_announced_too(self) -> None:
        state = position(
            "nigerian_street", [["whot", "star 4"], ["cross 1"]], ["circle 11"], market=MARKET
        )
        after = state.apply("play whot call cross, last card")
        assert after.called is Shape.CROSS
        assert new_events(state, after) == [
            Played(0, WHOT, Shape.CROSS),
            Announced(0, Announcement.LAST_CARD),
        ]
