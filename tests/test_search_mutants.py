"""The searching player (`players/search.py`) beyond its search: the score of a playout cut off
early, the heuristic's move as the guide, the whole decision when there is nothing to search, the
budget and random generator handed to the search, and the player's text form.

Written to kill the mutants `make mutation MODULE=whot_core/whot/players/search.py` left alive
(docs/testing.md). The search itself is `tests/test_search.py`'s."""

from __future__ import annotations

import math
import random

import pytest

from whot_core import GameState, Move, Rules, new_game
from whot_core.toolkit.search import ismcts
from whot_core.whot.players import WHOT_HOOKS, HeuristicPlayer, SearchPlayer


def at(rules: Rules, hands, pile, to_play=0) -> GameState:
    return GameState.from_position(rules, hands=hands, pile=pile, market=None, to_play=to_play)


NIGERIAN = Rules.preset("nigerian")


class TestACutOffPlayout:
    """`_evaluate`: each seat's share of the win from its hand size alone, exp(-0.12 per card)
    normalised."""

    def test_equal_hands_share_alike(self):
        state = at(NIGERIAN, [["circle 1", "circle 3"], ["star 4", "cross 5"]], ["circle 11"])
        assert WHOT_HOOKS.evaluate(state) == pytest.approx((0.5, 0.5))

    def test_fewer_cards_is_better_but_only_mildly(self):
        # One card against five: 1 / (1 + exp(-0.12 * 4)) = 0.6177 for the seat with one card.
        hands = [["circle 1"], ["star 4", "cross 5", "star 7", "square 3", "cross 10"]]
        shares = WHOT_HOOKS.evaluate(at(NIGERIAN, hands, ["circle 11"]))
        assert shares == pytest.approx((0.617747, 0.382253), abs=1e-6)

    def test_three_seats_sum_to_one_in_seat_order(self):
        # Hands of 1, 2 and 3 cards: weights exp(-0.12), exp(-0.24), exp(-0.36).
        hands = [["circle 1"], ["star 4", "cross 5"], ["star 7", "square 3", "cross 10"]]
        shares = WHOT_HOOKS.evaluate(at(NIGERIAN, hands, ["circle 11"]))
        weights = [math.exp(-0.12), math.exp(-0.24), math.exp(-0.36)]
        assert shares == pytest.approx(tuple(w / sum(weights) for w in weights), abs=1e-12)
        assert shares == pytest.approx((0.3740, 0.3317, 0.2942), abs=1e-4)


class TestTheGuide:
    def test_the_guide_is_the_heuristics_move(self):
        for seed in range(6):
            state = new_game(NIGERIAN, players=3, seed=seed)
            view = state.view(state.current_player)
            moves = view.legal_moves()
            assert WHOT_HOOKS.root_guide(view, moves) == HeuristicPlayer().choose(view).move


class TestNothingToSearch:
    def test_the_only_move_is_a_draw(self):
        state = at(NIGERIAN, [["star 3", "star 4"], ["square 3"]], ["circle 11"])
        decision = SearchPlayer(simulations=100, seed=3).choose(state.view(0))
        assert decision.move == Move.draw()
        # in the narration's words, as Watch's heading and chart say the move, not "draw"
        assert decision.reason == (
            "Search — go to market is the only move, so there is nothing to search."
        )
        assert decision.details == {
            "simulations": 0,
            "seconds": 0.0,
            "guide": None,
            "moves": [{"move": "draw", "visits": 0, "share": 1.0, "win_rate": None}],
        }
        assert decision.facts == {"legal_moves": 1}

    def test_the_only_move_under_a_pick_is_to_take_it(self):
        """A pick of 2 waits (defence on) and nothing answers it: the draw is taking the pick,
        as the narration says it."""
        defence = NIGERIAN.replace(defence=True)
        state = at(defence, [["star 3", "circle 2"], ["square 3"]], ["circle 11"])
        picked = state.apply("play circle 2")  # Seat 1 faces the pick with square 3 alone
        decision = SearchPlayer(simulations=100, seed=3).choose(picked.view(1))
        assert decision.reason == (
            "Search — take the pick of 2 cards is the only move, so there is nothing to search."
        )

    def test_the_only_move_worth_making_is_the_announced_play(self):
        # Under announcements = penalty, circle 7 may go down with or without "last card"; an AI
        # player always announces, so one candidate of two legal moves (must_play: no draw).
        rules = NIGERIAN.replace(announcements="penalty", must_play=True)
        state = at(rules, [["circle 7", "star 3"], ["square 3", "cross 5"]], ["circle 11"])
        view = state.view(0)
        assert len(view.legal_moves()) == 2
        decision = SearchPlayer(simulations=100, seed=3).choose(view)
        only = decision.move
        assert only.card is not None and str(only.card) == "circle 7"
        assert only.announce is not None
        assert decision.reason == (
            'Search — play circle 7, saying "last card" is the only move worth making '
            "(unannounced it would cost two cards), so there is nothing to search."
        )
        assert decision.details["moves"] == [
            {"move": str(only), "visits": 0, "share": 1.0, "win_rate": None}
        ]
        assert decision.facts == {"legal_moves": 2}


class TestTheSearchAsked:
    @staticmethod
    def view():
        state = at(
            NIGERIAN,
            [["circle 7", "circle 3", "star 3"], ["square 3", "cross 2", "star 4"]],
            ["circle 11"],
        )
        return state.view(0)

    def test_the_players_seed_drives_the_search(self):
        # The player hands its own generator (from the seed) to the search: the same numbers as
        # the search run with a generator of that seed.
        decision = SearchPlayer(simulations=40, seed=9).choose(self.view())
        result = ismcts(self.view(), WHOT_HOOKS, simulations=40, rng=random.Random(9))
        rows = [(row["move"], row["visits"], row["win_rate"]) for row in decision.details["moves"]]
        assert rows == [(str(s.move), s.visits, s.win_rate) for s in result.moves]
        assert decision.move == result.best.move
        assert decision.facts == {"simulations": 40, "visits": result.best.visits}

    def test_a_time_limit_alone_is_a_budget(self):
        decision = SearchPlayer(time_limit=0.02, seed=1).choose(self.view())
        assert decision.details["simulations"] >= 1
        assert decision.facts["simulations"] == decision.details["simulations"]

    def test_a_simulation_count_with_a_long_time_limit_runs_them_all(self):
        decision = SearchPlayer(simulations=24, time_limit=60.0, seed=1).choose(self.view())
        assert decision.details["simulations"] == 24
        assert decision.details["guide"] == str(HeuristicPlayer().choose(self.view()).move)


def test_the_text_form_names_the_budget_and_seed():
    assert repr(SearchPlayer(simulations=50, seed=7)) == (
        "SearchPlayer(simulations=50, time_limit=None, seed=7)"
    )
    assert repr(SearchPlayer(time_limit=0.5)) == (
        "SearchPlayer(simulations=None, time_limit=0.5, seed=None)"
    )
