"""Positions (RULES.md section 11): `GameState.from_position` builds exactly what it is given and
rejects every impossible position; a failed `apply` leaves the state as it was."""

from __future__ import annotations

from collections import Counter

import pytest
from helpers import snapshot

from whot_core import Card, GameState, IllegalMove, Rules, Shape, make_pack

BRITISH = Rules.preset("british")
MODERN = Rules.preset("british_modern")
WEB = Rules.preset("nigerian")
STREET = Rules.preset("nigerian_street")


def cards(*texts: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in texts)


# ------------------------------------------------------------------------ valid positions


class TestValidPositions:
    def test_gives_exactly_the_hands_pile_market_and_player(self):
        state = GameState.from_position(
            WEB,
            hands=[["circle 5", "star 7"], ["square 5", "ball 12"], ["whot"]],
            pile=["triangle 3", "circle 11"],
            market=["cross 13", "star 1", "carpet 10"],
            to_play=1,
        )
        assert state.hands == (
            cards("circle 5", "star 7"),
            cards("square 5", "circle 12"),
            cards("whot"),
        )
        assert state.pile == cards("triangle 3", "circle 11")
        assert state.top == Card.parse("circle 11")
        assert state.market == cards("cross 13", "star 1", "square 10")
        assert state.market_size == 3
        assert state.current_player == 1
        assert state.players == 3
        assert state.called is None
        assert state.penalty == 0
        assert not state.is_over
        assert state.events == ()
        assert state.moves == ()

    def test_market_lists_the_next_card_drawn_first(self):
        state = GameState.from_position(
            BRITISH,
            hands=[["circle 5"], ["star 7"]],
            pile=["triangle 3"],
            market=["cross 13", "star 1"],
        )
        after = state.apply("draw")
        assert after.hands[0] == cards("circle 5", "cross 13")
        assert after.market == cards("star 1")
        assert after.current_player == 1

    def test_without_a_market_the_rest_of_the_pack_is_the_market(self):
        hands = [["circle 5", "whot"], ["star 7", "whot"]]
        state = GameState.from_position(BRITISH, hands=hands, pile=["star 1"], seed=3)
        placed = cards("circle 5", "whot", "star 7", "whot", "star 1")
        assert state.market_size == 54 - 5
        rest = Counter(state.market)
        assert rest[Card.parse("whot")] == 3
        assert all(rest[c] == 0 for c in cards("circle 5", "star 7", "star 1"))
        assert rest + Counter(placed) == Counter(_full_pack(BRITISH))

    def test_without_a_market_the_seed_decides_its_order(self):
        def market(seed: int) -> tuple[Card, ...]:
            hands = [["circle 5"], ["star 7"]]
            return GameState.from_position(WEB, hands=hands, pile=["star 1"], seed=seed).market

        assert market(1) == market(1)
        assert market(1) != market(2)
        assert sorted(market(1)) == sorted(market(2))

    def test_cards_may_be_given_as_card_objects(self):
        state = GameState.from_position(
            BRITISH, hands=[cards("circle 5", "star 7"), ["ball 7"]], pile=cards("star 1")
        )
        assert state.hands == (cards("circle 5", "star 7"), cards("circle 7"))

    def test_a_whot_built_by_hand_is_a_whot(self):
        # Card(Shape.WHOT, 20) equals the parsed Whot: a call on it is kept, and none refused.
        whot = Card(Shape.WHOT, 20)
        state = GameState.from_position(
            BRITISH, hands=[["star 2", "circle 5"], ["ball 7"]], pile=[whot], called="star"
        )
        assert state.called is Shape.STAR
        assert {str(m) for m in state.legal_moves()} == {"play star 2", "draw"}
        with pytest.raises(ValueError, match="a Whot on top of the pile needs a called shape"):
            GameState.from_position(BRITISH, hands=[["star 2"], ["ball 7"]], pile=[whot])

    def test_empty_pile_lets_the_leader_play_any_card(self):
        state = GameState.from_position(BRITISH, hands=[["circle 5", "star 7"], ["ball 7"]])
        assert state.top is None
        plays = {str(m) for m in state.legal_moves()}
        assert plays == {"play circle 5", "play star 7", "draw"}

    @pytest.mark.parametrize(
        ("called", "shape", "answer"),
        [("star", Shape.STAR, "play star 2"), ("carpet", Shape.SQUARE, "play square 7")],
    )
    def test_call_on_a_whot_is_kept(self, called, shape, answer):
        state = GameState.from_position(
            BRITISH,
            hands=[["circle 5", "square 7", "star 2"], ["ball 7"]],
            pile=["circle 3", "whot"],
            called=called,
        )
        assert state.called is shape
        assert {str(m) for m in state.legal_moves()} == {answer, "draw"}

    def test_call_may_be_a_shape(self):
        state = GameState.from_position(
            BRITISH, hands=[["circle 5"], ["ball 7"]], pile=["whot"], called=Shape.CROSS
        )
        assert state.called is Shape.CROSS

    def test_penalty_under_defence_waits_for_an_answer(self):
        state = GameState.from_position(
            STREET,
            hands=[["circle 3", "star 2", "circle 7", "cross 10"], ["cross 2", "square 7"]],
            pile=["circle 2"],
            market=["star 1", "star 3", "star 4"],
            penalty=2,
        )
        assert state.penalty == 2
        assert {str(m) for m in state.legal_moves()} == {"play star 2", "draw"}
        after = state.apply("draw")
        assert after.hands[0] == cards(
            "circle 3", "star 2", "circle 7", "cross 10", "star 1", "star 3"
        )
        assert after.penalty == 0
        assert after.current_player == 1

    @pytest.mark.parametrize(
        ("rules", "whots"), [(BRITISH, 5), (MODERN, 4), (BRITISH.replace(packs=2), 10)]
    )
    def test_every_whot_the_packs_hold_may_be_placed(self, rules, whots):
        hands = [["whot"] * (whots - 1), ["circle 5"]]
        state = GameState.from_position(rules, hands=hands, pile=["whot"], called="star")
        assert sum(c.is_whot for hand in state.hands for c in hand) == whots - 1

    def test_two_packs_hold_each_card_twice(self):
        rules = BRITISH.replace(packs=2)
        state = GameState.from_position(
            rules, hands=[["circle 5", "ball 5"], ["star 7"]], pile=["star 7"]
        )
        assert state.hands[0] == cards("circle 5", "circle 5")
        assert state.market_size == 108 - 4

    def test_a_market_given_leaves_out_cards_placed_nowhere(self):
        state = GameState.from_position(
            BRITISH, hands=[["circle 5"], ["star 7"]], pile=["star 1"], market=[]
        )
        assert state.market == ()


def _full_pack(rules: Rules) -> list[Card]:
    return make_pack(rules.whot_cards, rules.packs)


# ----------------------------------------------------------------------- impossible positions


def _position(**overrides):
    """A valid two-player British position, with some fields overridden."""
    args = {
        "rules": BRITISH,
        "hands": [["circle 5", "star 7"], ["square 5"]],
        "pile": ["circle 11"],
        "market": None,
        "to_play": 0,
        "called": None,
        "penalty": 0,
        "seed": 0,
    }
    args.update(overrides)
    return GameState.from_position(**args)


FIVE_HANDS = [["circle 5"], ["star 7"], ["star 1"], ["star 2"], ["star 3"]]  # the web rules seat 4


class TestImpossiblePositions:
    def test_the_base_position_is_valid(self):
        assert _position().current_player == 0

    @pytest.mark.parametrize(
        ("overrides", "named"),
        [
            # a card more often than the packs hold it
            ({"hands": [["circle 5"], ["circle 5"]]}, "circle 5"),
            ({"hands": [["circle 5"], ["star 7"]], "pile": ["ball 5"]}, "circle 5"),
            ({"hands": [["circle 5"], ["star 7"]], "market": ["circle 5"]}, "circle 5"),
            ({"hands": [["star 7", "star 7"], ["circle 5"]]}, "star 7"),
            (
                {"hands": [["whot"] * 4, ["whot"]], "pile": ["whot"], "called": "star"},
                "whot",
            ),
            (
                {
                    "rules": MODERN,
                    "hands": [["whot"] * 3, ["whot"]],
                    "pile": ["whot"],
                    "called": "star",
                },
                "whot",
            ),
            (
                {"rules": BRITISH.replace(packs=2), "hands": [["circle 5"] * 2, ["ball 5"]]},
                "circle 5",
            ),
            (
                {
                    "rules": MODERN.replace(packs=2),
                    "hands": [["whot"] * 8, ["circle 5"]],
                    "pile": ["whot"],
                    "called": "star",
                },
                "whot",
            ),
            # calls
            ({"called": "star"}, "called"),
            ({"called": "star", "pile": []}, "called"),
            ({"pile": ["circle 11", "whot"]}, "called"),
            ({"pile": ["whot"], "called": "whot"}, "called"),
            ({"pile": ["whot"], "called": Shape.WHOT}, "called"),
            ({"pile": ["whot"], "called": "hexagon"}, "hexagon"),
            ({"pile": ["whot"], "called": 5}, "called"),
            # hands and players
            ({"hands": [["circle 5"], []]}, r"hands\[1\]"),
            ({"hands": [["circle 5"]]}, "hands"),
            ({"hands": []}, "hands"),
            ({"rules": WEB, "hands": FIVE_HANDS}, "hands"),
            ({"hands": [["square 4"], ["circle 5"]]}, "square 4"),
            ({"hands": [["circle 5"], ["hexagon 3"]]}, r"hands\[1\]"),
            ({"pile": ["circle 6"]}, "pile"),
            ({"market": ["star 12"]}, "market"),
            # seeds: from 0 (random.Random deals -n as n) to 2**64 - 1
            ({"seed": -1}, "seed must be a whole number from 0 to 2\\*\\*64 - 1, not -1"),
            ({"seed": 2**64}, "seed"),
            ({"seed": 10**5000}, "not a 16610-bit number"),  # too long even to print in full
            # whose turn
            ({"to_play": 2}, "to_play"),
            ({"to_play": -1}, "to_play"),
            ({"to_play": True}, "to_play"),
            ({"to_play": "0"}, "to_play"),
            ({"to_play": None}, "to_play"),
            # penalties
            ({"penalty": 2, "pile": ["circle 2"]}, "defence"),
            ({"rules": WEB, "penalty": 2, "pile": ["circle 2"]}, "defence"),
            ({"rules": STREET, "penalty": 2, "pile": ["circle 11"]}, "pick card"),
            ({"rules": STREET, "penalty": 2, "pile": []}, "pick card"),
            ({"rules": STREET, "penalty": 2, "pile": ["circle 8"]}, "pick card"),
            ({"rules": STREET, "penalty": -2, "pile": ["circle 2"]}, "penalty"),
            ({"rules": STREET, "penalty": "2", "pile": ["circle 2"]}, "penalty"),
            ({"rules": STREET, "penalty": True, "pile": ["circle 2"]}, "penalty"),
            (
                {"rules": STREET, "penalty": 2, "pile": ["whot"], "called": "circle"},
                "pick card",
            ),
        ],
    )
    def test_impossible_position_is_a_value_error_naming_the_problem(self, overrides, named):
        with pytest.raises(ValueError, match=named):
            _position(**overrides)

    @pytest.mark.parametrize(
        ("overrides", "named"),
        [
            ({"hands": "circle 5"}, "hands"),
            ({"hands": ["circle 5", "star 7"]}, r"hands\[0\]"),
            ({"hands": [["circle 5"], "star 7"]}, r"hands\[1\]"),
            ({"pile": "circle 11"}, "pile"),
            ({"market": "circle 11"}, "market"),
            ({"hands": [["circle 5", 5], ["star 7"]]}, r"hands\[0\]"),
            ({"pile": [None]}, "pile"),
            ({"pile": None}, "pile"),
            ({"market": 5}, "market"),
            ({"hands": None}, "hands"),
            ({"rules": "british"}, "rules"),
            ({"seed": "0"}, "seed"),
            ({"seed": 1.5}, "seed"),
        ],
    )
    def test_wrong_kind_of_argument_is_a_type_error(self, overrides, named):
        with pytest.raises(TypeError, match=named):
            _position(**overrides)

    def test_penalty_must_be_whole_picks_of_the_top_card(self):
        # A pile of 2s grows the penalty 2, 4, 6, ...: three cards waiting on a 2 is impossible.
        with pytest.raises(ValueError, match="penalty"):
            _position(rules=STREET, penalty=3, pile=["circle 2"])


# ------------------------------------------------------------------------ failed apply


class TestFailedApplyLeavesStateUntouched:
    @staticmethod
    def _state() -> GameState:
        state = GameState.from_position(
            WEB,
            hands=[["circle 5", "star 7", "whot"], ["square 5", "cross 13"], ["star 1", "ball 2"]],
            pile=["triangle 3", "circle 11"],
            market=["cross 11", "star 3", "carpet 10", "angle 7"],
        )
        # One real move first, so there are events and moves to compare.
        return state.apply("play circle 5")

    @pytest.mark.parametrize(
        ("move", "error"),
        [
            ("play triangle 14", IllegalMove),  # held by nobody
            ("play square 5", IllegalMove),  # seat 1's card; seat 2 is to play
            ("play whot call star", IllegalMove),  # seat 0 holds the Whot
            ("play star 1", IllegalMove),  # matches neither circle nor 5
            ("play ball 2, semi last card", IllegalMove),  # it leaves one card, not two
            ("jump", ValueError),
            ("play circle 6", ValueError),
        ],
    )
    def test_failed_apply_changes_nothing(self, move, error):
        state = self._state()
        before = snapshot(state)
        with pytest.raises(error):
            state.apply(move)
        assert snapshot(state) == before
        assert state.is_legal("draw")

    def test_the_pick_three_left_seat_2_to_play(self):
        # circle 5 is pick three under the web rules: seat 1 drew three and missed the turn.
        state = self._state()
        assert state.current_player == 2
        assert state.hands[1] == cards("square 5", "cross 13", "cross 11", "star 3", "square 10")
        assert state.market == cards("triangle 7")

    def test_failed_apply_after_game_over_changes_nothing(self):
        state = GameState.from_position(WEB, hands=[["circle 7"], ["star 7"]], pile=["circle 11"])
        over = state.apply("play circle 7")
        assert over.is_over
        before = snapshot(over)
        with pytest.raises(IllegalMove):
            over.apply("draw")
        assert snapshot(over) == before
        assert over.winners == (0,)
