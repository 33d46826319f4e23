"""Information-set MCTS (`whot_core.toolkit.search`) and the game protocol it is written over.

The search is checked on Whot positions built by hand, where the right move and its chance follow
from the cards (a forced win two moves deep, a last card), and on a tiny game that is not Whot at
all, to show that only the protocol (`whot_core.toolkit.protocol`) ties the search to a game.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

import pytest

from whot_core import GameState, Move, Rules, new_game
from whot_core.toolkit.protocol import GameHooks, InformationSet, SearchableState, returns
from whot_core.toolkit.search import MoveStats, SearchResult, ismcts
from whot_core.whot.engine.narrate import move_words
from whot_core.whot.players import WHOT_HOOKS, SearchPlayer, candidate_moves, search_reason


def at(preset: str, hands, pile, market=(), to_play=0, **kwargs) -> GameState:
    return GameState.from_position(
        Rules.preset(preset), hands=hands, pile=pile, market=market, to_play=to_play, **kwargs
    )


# ------------------------------------------------------------------------------ the protocol


class TestProtocol:
    def test_whot_states_and_views_fit_the_protocol(self):
        state = new_game(Rules.preset("nigerian"), players=3, seed=1)
        assert isinstance(state, SearchableState)
        assert isinstance(state.view(state.current_player), InformationSet)

    def test_a_sole_winner_gets_one_and_the_others_nothing(self):
        state = at("nigerian", [["circle 7", "star 3"], ["circle 4"], ["cross 1"]], ["circle 11"])
        state = state.apply("play circle 7").apply("play circle 4")
        assert state.winners == (1,)
        assert returns(state) == (0.0, 1.0, 0.0)

    def test_a_shared_count_splits_the_win(self):
        # exhausted = count with an empty market: seat 0's draw ends the game with a count.
        # Totals: seat 0 circle 5 + draw nothing = 5; seat 1 square 5 = 5; seat 2 cross 10 = 10.
        rules = Rules.preset("nigerian").replace(exhausted="count")
        state = GameState.from_position(
            rules, hands=[["circle 5"], ["square 5"], ["cross 10"]], pile=["star 3"], market=[]
        )
        state = state.apply("draw")
        assert state.end_reason == "count"
        assert returns(state) == (0.5, 0.5, 0.0)

    def test_a_live_game_returns_nothing_yet(self):
        state = new_game(Rules.preset("nigerian"), players=2, seed=1)
        assert returns(state) == (0.0, 0.0)

    def test_a_state_with_its_own_returns_is_asked_directly(self):
        assert returns(Nim(0, to_play=0, taken_last=1)) == (0.0, 1.0)


# ------------------------------------------------------------------- a second game: take-away


@dataclass
class Nim:
    """Take one or two stones; whoever takes the last stone wins. Perfect information, so a
    determinization is just a copy; enough to show the search needs nothing but the protocol."""

    stones: int
    to_play: int = 0
    taken_last: int | None = None
    seat: int = 0

    players = 2

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.to_play

    @property
    def is_over(self) -> bool:
        return self.stones == 0

    def legal_moves(self) -> tuple[int, ...]:
        return tuple(n for n in (1, 2) if n <= self.stones)

    def clone(self) -> Nim:
        return replace(self)

    def push(self, move: int) -> None:
        self.stones -= move
        self.taken_last = self.to_play
        self.to_play = 1 - self.to_play

    def view(self, seat: int) -> Nim:
        return replace(self, seat=seat)

    def determinize(self, rng: random.Random) -> Nim:
        return self.clone()

    def returns(self) -> tuple[float, float]:
        if not self.is_over:
            return (0.0, 0.0)
        return tuple(1.0 if seat == self.taken_last else 0.0 for seat in range(2))


class TestOtherGames:
    def test_the_search_plays_take_away_correctly(self):
        # From 5 stones, taking 2 leaves 3: whatever the opponent takes, we take the rest.
        result = ismcts(Nim(5), simulations=400, rng=random.Random(1))
        assert result.best.move == 2
        assert result.best.win_rate > 0.5
        assert {s.move for s in result.moves} == {1, 2}

    def test_a_won_position_is_seen_as_won(self):
        result = ismcts(Nim(2), simulations=50, rng=random.Random(1))
        assert result.best.move == 2
        assert result.best.win_rate == 1.0


# ------------------------------------------------------------------------- the search on Whot


class TestWhotSearch:
    def test_it_finds_a_forced_win_two_moves_deep(self):
        # Seat 0: circle 2, triangle 2 on circle 10; seat 1 holds one card. Pick two makes seat 1
        # draw two and miss the turn, then triangle 2 (a 2 on a 2) checks up: a certain win.
        # Drawing instead gives seat 1 a turn with its last card.
        state = at(
            "nigerian",
            [["circle 2", "triangle 2"], ["circle 11"]],
            ["circle 10"],
            market=None,
        )
        decision = SearchPlayer(simulations=200, seed=1).choose(state.view(0))
        assert decision.move == Move.parse("play circle 2")
        rows = {row["move"]: row for row in decision.details["moves"]}
        # Not exactly 1: the tree still tries drawing instead of the winning 2 now and then.
        assert rows["play circle 2"]["win_rate"] > 0.9
        assert rows["play circle 2"]["visits"] > rows["draw"]["visits"]

    def test_it_plays_the_last_card(self):
        state = at("nigerian", [["circle 7"], ["square 3", "star 4"]], ["circle 11"], market=None)
        decision = SearchPlayer(simulations=50, seed=0).choose(state.view(0))
        assert decision.move == Move.parse("play circle 7")
        assert decision.reason.startswith("Search — play circle 7: won 100% of")

    def test_details_list_every_candidate_with_shares_summing_to_one(self):
        state = at(
            "nigerian",
            [["circle 7", "whot", "circle 3", "star 3"], ["square 3", "cross 2", "star 4"]],
            ["circle 11"],
            market=None,
        )
        view = state.view(0)
        details = SearchPlayer(simulations=120, seed=2).choose(view).details
        listed = sorted(row["move"] for row in details["moves"])
        assert listed == sorted(str(m) for m in candidate_moves(view))
        assert math.isclose(sum(row["share"] for row in details["moves"]), 1.0)
        assert sum(row["visits"] for row in details["moves"]) == 120
        assert details["simulations"] == 120
        for row in details["moves"]:
            assert row["win_rate"] is None or 0.0 <= row["win_rate"] <= 1.0

    def test_moves_are_listed_most_visited_first(self):
        state = new_game(Rules.preset("nigerian"), players=2, seed=4)
        details = SearchPlayer(simulations=80, seed=2).choose(state.view(state.current_player))
        visits = [row["visits"] for row in details.details["moves"]]
        assert visits == sorted(visits, reverse=True)

    def test_the_reason_quotes_the_simulations_and_the_next_best(self):
        state = at(
            "nigerian",
            [["circle 7", "circle 3", "star 3"], ["square 3", "cross 2", "star 4"]],
            ["circle 11"],
            market=None,
        )
        decision = SearchPlayer(simulations=100, seed=3).choose(state.view(0))
        best, runner = decision.details["moves"][:2]
        assert decision.move == Move.parse(best["move"])
        assert decision.reason.startswith(
            f"Search — {best['move']}: won {best['win_rate']:.0%} of {best['visits']} "
            "simulated continuations (of 100 in all); "
        )
        assert f"{runner['move']} " in decision.reason
        assert f"{runner['win_rate']:.0%}" in decision.reason

    def test_the_reason_says_its_moves_in_the_narration_s_words(self):
        """A Whot and a draw as Watch's step heading and chart say them ("play a Whot and call
        square", "go to market"), never the engine's notation ("play whot call square")."""
        state = at(
            "nigerian",
            [["circle 2", "circle 7", "whot", "square 3"], ["triangle 13"]],
            ["circle 11"],
            market=None,
        )
        seen = set()
        for seed in range(6):
            decision = SearchPlayer(simulations=60, seed=seed).choose(state.view(0))
            assert "whot call" not in decision.reason and " draw " not in decision.reason
            assert decision.reason.startswith(
                f"Search — {move_words(decision.move, base=True)}: won "
            )
            seen |= {w for w in ("play a Whot and call", "go to market") if w in decision.reason}
        assert seen  # some seed's reason names a Whot or a draw

    def test_reasons_compare_the_chosen_move_with_the_next(self):
        draw, seven, three = Move.draw(), Move.parse("play circle 7"), Move.parse("play circle 3")
        plain = SearchResult(
            (MoveStats(seven, 620, 0.62, 0.615), MoveStats(draw, 380, 0.38, 0.51)), 1000, 0.4
        )
        assert search_reason(plain) == (
            "Search — play circle 7: won 62% of 620 simulated continuations (of 1,000 in all); "
            "next best was draw at 51%."
        )
        guided = SearchResult(
            (MoveStats(three, 700, 0.7, 0.50), MoveStats(seven, 300, 0.3, 0.53)), 1000, 0.4, three
        )
        assert search_reason(guided).endswith(
            "; play circle 7 scored 53% over 300, not clearly enough to overrule "
            "the rules of thumb."
        )
        unguided = SearchResult(
            (MoveStats(three, 700, 0.7, 0.50), MoveStats(seven, 300, 0.3, 0.53)), 1000, 0.4
        )
        assert search_reason(unguided).endswith("; play circle 7 scored 53% but over only 300.")

    def test_a_single_move_is_not_searched(self):
        state = at("nigerian", [["star 3", "star 4"], ["square 3"]], ["circle 11"], market=None)
        decision = SearchPlayer(simulations=100, seed=3).choose(state.view(0))
        assert decision.move == Move.draw()
        assert decision.details["simulations"] == 0
        assert "only move" in decision.reason

    def test_a_time_budget_stops_the_search(self):
        state = new_game(Rules.preset("nigerian"), players=4, seed=2)
        view = state.view(state.current_player)
        result = ismcts(view, WHOT_HOOKS, time_limit=0.05, rng=random.Random(0))
        assert result.simulations >= 1
        assert 0.05 <= result.seconds < 1.0

    def test_the_same_rng_state_gives_the_same_search(self):
        state = new_game(Rules.preset("nigerian_street"), players=3, seed=7)
        view = state.view(state.current_player)
        first = ismcts(view, WHOT_HOOKS, simulations=60, rng=random.Random(5))
        second = ismcts(view, WHOT_HOOKS, simulations=60, rng=random.Random(5))
        assert first.moves == second.moves

    def test_search_without_guidance_still_finds_the_forced_win(self):
        state = at(
            "nigerian", [["circle 2", "triangle 2"], ["circle 11"]], ["circle 10"], market=None
        )
        plain = replace_hooks(WHOT_HOOKS, root_guide=None, guide_bonus=0.0)
        result = ismcts(state.view(0), plain, simulations=200, rng=random.Random(4))
        assert result.best.move == Move.parse("play circle 2")


def replace_hooks(hooks: GameHooks, **changes) -> GameHooks:
    from dataclasses import replace as dc_replace

    return dc_replace(hooks, **changes)


class TestBudgetErrors:
    def test_a_budget_is_required(self):
        with pytest.raises(ValueError, match="budget"):
            ismcts(Nim(3))

    def test_a_seat_searches_only_on_its_turn(self):
        with pytest.raises(ValueError, match="own turn"):
            ismcts(Nim(3, to_play=1), simulations=10)

    def test_the_player_defaults_to_a_thousand_simulations(self):
        assert SearchPlayer().simulations == 1000
        assert SearchPlayer(time_limit=0.5).simulations is None
