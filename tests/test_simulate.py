"""Batch simulation and rule-set comparison (`whot_core.whot.players.simulate`).

The hand-checked scenarios set a position up with a known market, play scripted moves through
`play_game`, and compare every count with the one worked out in the comment beside it. The batch
tests pin down the table's schema, determinism (serial, chunked and on a process pool), progress
reports, the per-move table and argument checking.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import random
import subprocess
import sys
from concurrent.futures import Future, ProcessPoolExecutor

import pandas as pd
import pytest
from helpers import loaded_by
from pandas.testing import assert_frame_equal

from whot_core import (
    AnnouncementMissed,
    Drew,
    Flipped,
    GameState,
    IllegalMove,
    MissedTurn,
    Move,
    Played,
    Reshuffled,
    Rules,
    new_game,
)
from whot_core.whot.players import HeuristicPlayer, RandomPlayer
from whot_core.whot.players.simulate import (
    SUMMARY_ROWS,
    compare,
    derive_seed,
    game_columns,
    game_stats,
    move_columns,
    play_game,
    seating,
    simulate,
    summarize,
    wilson_interval,
    win_shares,
)

BRITISH = Rules.preset("british")
SEVENTIES = Rules.preset("nigerian_1970s")  # short games, and random play ends quickly too
H2 = ["heuristic", "heuristic"]
H3 = ["heuristic"] * 3


class Script:
    """Plays the given moves in order, one per call."""

    def __init__(self, *moves: str) -> None:
        self.moves = list(moves)

    def choose(self, view) -> Move:
        return Move.parse(self.moves.pop(0))


class Counting:
    """Counts its own moves; always plays the first legal move (deterministic)."""

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, view) -> Move:
        self.calls += 1
        return view.legal_moves()[0]


class SeedLog:
    """A factory that remembers the seeds it was given (in this process)."""

    def __init__(self) -> None:
        self.seeds: list[int] = []

    def __call__(self, seed: int) -> RandomPlayer:
        self.seeds.append(seed)
        return RandomPlayer(seed)


def run(state: GameState, *scripts: Script, **kwargs):
    return play_game(state, scripts, **kwargs)


# ------------------------------------------------------------------------- seeds and seats


class TestSeedsAndSeats:
    def test_derived_seeds_repeat_and_differ(self):
        assert derive_seed(3, 0) == derive_seed(3, 0)
        seeds = {derive_seed(3, game) for game in range(100)} | {derive_seed(4, 0)}
        assert len(seeds) == 101
        assert all(0 <= s < 2**63 for s in seeds)

    def test_rotation_moves_every_player_one_seat_per_game(self):
        assert seating(0, 3, rotate=True) == (0, 1, 2)
        assert seating(1, 3, rotate=True) == (1, 2, 0)
        assert seating(5, 3, rotate=True) == (2, 0, 1)

    def test_without_rotation_player_k_keeps_seat_k(self):
        assert seating(5, 3, rotate=False) == (0, 1, 2)

    def test_win_shares_follow_players_to_their_seats(self):
        # player 0 in seat 2, player 1 in seat 0, player 2 in seat 1; seats 0 and 2 tie
        assert win_shares((0, 2), (2, 0, 1)) == (0.5, 0.5, 0.0)
        assert win_shares((1,), (2, 0, 1)) == (0.0, 0.0, 1.0)
        assert win_shares((), (0, 1)) == (0.0, 0.0)


# -------------------------------------------------------------------- hand-checked games


class TestCountsByHand:
    def test_general_market_pick_two_and_market_draws(self):
        rules = Rules.preset("nigerian")  # 14 general market, 2 pick two, no defence
        start = GameState.from_position(
            rules,
            hands=[
                ["circle 14", "circle 2", "circle 7"],
                ["square 3", "square 7"],
                ["triangle 3", "triangle 10"],
            ],
            pile=["circle 10"],
            market=["star 1", "star 2", "star 3", "star 4", "star 5", "star 7", "star 8"],
        )
        state, rows = run(
            start,
            # 14: seats 1 and 2 draw one each (2 cards); later 2: seat 1 picks two, misses a turn
            Script("play circle 14", "play circle 2, last card", "play circle 7"),
            Script("draw"),  # star 3
            Script("draw", "draw"),  # star 4, then (after seat 1 missed its turn) star 8
            record=True,
        )
        stats = game_stats(state)
        assert stats["end_reason"] == "check_up"
        assert stats["winner_seats"] == (0,)
        assert stats["leader"] == 0
        assert stats["moves"] == stats["turns"] == 6
        assert stats["drawn"] == {
            "market": 3,
            "pick": 2,
            "general_market": 2,
            "everyone_picks_two": 0,
            "announcement": 0,
        }
        assert stats["played"]["general_market"] == 1
        assert stats["played"]["pick_two"] == 1
        assert stats["played"]["whot"] == 0
        assert stats["missed_turns"] == 1
        # stars at face value under this preset:
        # seat 1: square 3 + square 7 + star 1, 3, 5, 7 = 26; seat 2: 3 + 10 + star 2, 4, 8 = 27
        assert stats["points"] == (0, 26, 27)
        assert [(r.ply, r.seat, r.hand_size, r.top) for r in rows] == [
            (0, 0, 3, "circle 10"),
            (1, 1, 3, "circle 14"),
            (2, 2, 3, "circle 14"),
            (3, 0, 2, "circle 14"),
            (4, 2, 4, "circle 2"),
            (5, 0, 1, "circle 2"),
        ]

    def test_defence_and_a_missed_announcement(self):
        rules = Rules.preset("nigerian_street")  # defence, semi last card with a penalty
        start = GameState.from_position(
            rules,
            hands=[["circle 2", "circle 7", "square 7"], ["square 2", "square 10", "square 11"]],
            pile=["circle 10"],
            market=["star 1", "star 3", "star 4", "star 7", "cross 5", "cross 7"],
        )
        state, _ = run(
            start,
            # no "semi last card": penalty of two (star 1, star 3); then the pick of four
            Script("play circle 2", "draw", "play square 7"),
            Script("play square 2, semi last card", "play square 10, last card", "play square 11"),
        )
        stats = game_stats(state)
        assert stats["winner_seats"] == (1,)
        assert stats["moves"] == 6
        assert stats["drawn"]["announcement"] == 2
        assert stats["drawn"]["pick"] == 4
        assert stats["drawn"]["market"] == 0
        assert stats["played"]["pick_two"] == 2
        assert stats["announcements_missed"] == 1
        assert stats["missed_turns"] == 0  # the victim's draw is its turn: nothing is skipped
        # stars double: circle 7 + star 1, 3, 4, 7 (2+6+8+14) + cross 5 + cross 7 = 49
        assert stats["points"] == (49, 0)

    def test_hold_on_follow_up_is_one_turn_and_a_dry_market_ends_in_a_count(self):
        rules = Rules.preset("nigerian").replace(exhausted="count")
        start = GameState.from_position(
            rules,
            hands=[["circle 1", "circle 11", "star 5"], ["square 13", "triangle 12"]],
            pile=["circle 10"],
            market=["cross 2"],
        )
        state, _ = run(
            start,
            Script("play circle 1", "play circle 11", "draw"),  # the last draw finds no card
            Script("draw"),  # cross 2
        )
        stats = game_stats(state)
        assert stats["end_reason"] == "count"
        assert stats["moves"] == 4
        assert stats["turns"] == 3  # circle 1 and circle 11 are one turn
        assert stats["drawn"]["market"] == 1
        assert stats["played"]["hold_on"] == 1
        assert stats["points"] == (5, 27)  # star 5 at face value; 13 + 12 + 2
        assert stats["winner_seats"] == (0,)

    def test_a_flip_is_counted(self):
        start = GameState.from_position(
            BRITISH,
            hands=[["circle 3", "circle 4"], ["square 5", "square 7"]],
            pile=["triangle 5", "circle 5"],
            market=[],
        )
        state, _ = run(start, Script("play circle 3", "play circle 4"), Script("draw"))
        stats = game_stats(state)
        assert (stats["flips"], stats["reshuffles"]) == (1, 0)
        assert stats["drawn"]["market"] == 1
        assert stats["points"] == (0, 17)  # square 5 + square 7 + the flipped triangle 5

    def test_announcement_spelled_out_under_informative_is_accepted(self):
        rules = Rules.preset("nigerian")
        start = GameState.from_position(
            rules, hands=[["circle 3", "circle 4"], ["square 5"]], pile=["circle 10"], market=[]
        )
        state, _ = run(start, Script("play circle 3, last card", "play circle 4"), Script("draw"))
        assert state.winners == (0,)
        assert game_stats(state)["moves"] == 3

    def test_an_illegal_move_is_refused_with_the_rule(self):
        start = GameState.from_position(
            BRITISH, hands=[["circle 3", "square 5"], ["square 7"]], pile=["triangle 7"]
        )
        with pytest.raises(IllegalMove, match="Matching"):
            run(start, Script("play circle 3"), Script("draw"))

    def test_a_player_cannot_widen_its_legal_moves_by_writing_on_its_view(self):
        class Cheat:
            def choose(self, view):
                illegal = Move.parse("play circle 3")
                view._legal = (illegal, *view.legal_moves())  # the view's own copy, rewritten
                return illegal

        start = GameState.from_position(
            BRITISH, hands=[["circle 3", "square 5"], ["square 7"]], pile=["triangle 7"]
        )
        with pytest.raises(IllegalMove, match="Matching"):
            run(start, Cheat(), Script("draw"))

    def test_play_game_leaves_the_given_state_alone(self):
        start = GameState.from_position(
            BRITISH, hands=[["circle 3"], ["square 7"]], pile=["circle 7"], market=[]
        )
        run(start, Script("play circle 3"), Script("draw"))
        assert not start.is_over
        assert len(start.hands[0]) == 1

    def test_move_limit_stops_a_game_without_winners(self):
        games = simulate(BRITISH, ["random", "random"], games=3, max_moves=5)
        # a British game needs at least 11 moves: six plays by the leader, five by the other
        assert list(games.end_reason) == ["move_limit"] * 3
        assert list(games.moves) == [5, 5, 5]
        assert list(games.winners) == [(), (), ()]
        assert games[["win_share_p0", "win_share_p1", "first_seat_share"]].eq(0).all().all()


# ---------------------------------------------------------------------------- the table


class TestSchema:
    def test_columns_for_three_players(self):
        games = simulate(BRITISH, H3, games=3, seed=1)
        assert list(games.columns) == game_columns(3)
        for name in ("seat_p2", "win_share_p2", "points_p2", "drawn_announcement", "played_whot"):
            assert name in games.columns
        assert list(games.game) == [0, 1, 2]
        assert (games.players == 3).all()

    def test_column_types(self):
        games = simulate(SEVENTIES, ["heuristic", "random"], games=3, seed=1)
        for name in ("game", "seed", "moves", "turns", "drawn", "points_p0", "seat_p1", "leader"):
            assert games[name].dtype == "int64", name
        for name in ("win_share_p0", "first_seat_share"):
            assert games[name].dtype == "float64", name
        assert all(isinstance(w, tuple) for w in games.winners)

    def test_rows_agree_with_themselves(self):
        games = simulate(Rules.preset("nigerian_street"), H3, games=6, seed=2)
        for row in games.itertuples():
            seats = (row.seat_p0, row.seat_p1, row.seat_p2)
            assert sorted(seats) == [0, 1, 2]
            assert seats[row.leader_player] == row.leader
            assert tuple(sorted(seats.index(s) for s in row.winner_seats)) == row.winners
            shares = (row.win_share_p0, row.win_share_p1, row.win_share_p2)
            assert math.isclose(sum(shares), 1.0)
            assert row.first_seat_share == shares[row.leader_player]
            parts = ("market", "pick", "general_market", "everyone_picks_two", "announcement")
            assert row.drawn == sum(getattr(row, f"drawn_{p}") for p in parts)
            assert row.turns <= row.moves
            if row.end_reason == "check_up":
                assert (row.points_p0, row.points_p1, row.points_p2)[row.winners[0]] == 0

    def test_choices_lead_changes_and_when_the_winner_led_for_good_by_replay(self):
        # Under the British rules every move is one card played or one draw, so the hands can
        # be followed move by move: the lead is the sole holder of the fewest cards (a tie
        # keeps the last one), and the winner's last taking of it is counted in moves.
        games = simulate(BRITISH, H3, games=8, seed=4)
        for row in games.itertuples():
            start = new_game(BRITISH, 3, seed=row.seed)
            players = [HeuristicPlayer() for _ in range(3)]
            end, _ = play_game(start, players)
            state, holder, changes, since, choices = start, None, 0, 0, 0
            for step, move in enumerate(end.moves, start=1):
                choices += len(state.legal_moves()) > 1
                state = state.apply(move)
                sizes = [len(hand) for hand in state.hands]
                sole = [s for s, n in enumerate(sizes) if n == min(sizes)]
                if len(sole) == 1 and sole[0] != holder:
                    changes += holder is not None
                    holder, since = sole[0], step
            assert (row.choice_turns, row.lead_changes) == (choices, changes)
            assert row.decided_at == pytest.approx(since / len(end.moves))
            assert 0 < row.choice_turns <= row.moves

    def test_rotation_seats_every_player_everywhere(self):
        games = simulate(BRITISH, H3, games=6, seed=3)
        assert list(games.seat_p0) == [0, 1, 2, 0, 1, 2]
        assert list(games.seat_p2) == [2, 0, 1, 2, 0, 1]
        fixed = simulate(BRITISH, H3, games=3, seed=3, rotate_seats=False)
        assert list(fixed.seat_p2) == [2, 2, 2]

    def test_a_fixed_dealer_makes_the_next_seat_lead(self):
        games = simulate(BRITISH, H3, games=3, dealer=2)
        assert list(games.dealer) == [2, 2, 2]
        assert list(games.leader) == [0, 0, 0]
        assert list(games.leader_player) == [0, 2, 1]  # whoever sits in seat 0 that game

    def test_the_seed_column_deals_the_game_again(self):
        from whot_core import new_game

        games = simulate(BRITISH, H2, games=2, seed=9)
        again = new_game(BRITISH, players=2, seed=int(games.seed[1]))
        assert again.events[0].dealer == games.dealer[1]


# ------------------------------------------------------------------------- determinism


class TestDeterminism:
    def test_same_arguments_same_table(self):
        a = simulate(SEVENTIES, ["random", "random"], games=5, seed=4)
        b = simulate(SEVENTIES, ["random", "random"], games=5, seed=4)
        assert_frame_equal(a, b)

    def test_another_seed_gives_other_games(self):
        a = simulate(SEVENTIES, ["random", "random"], games=5, seed=4)
        b = simulate(SEVENTIES, ["random", "random"], games=5, seed=5)
        assert list(a.seed) != list(b.seed)
        assert list(a.moves) != list(b.moves)

    def test_chunk_size_does_not_change_the_table(self):
        a = simulate(SEVENTIES, ["random", "heuristic"], games=7, seed=4, chunk_size=1)
        b = simulate(SEVENTIES, ["random", "heuristic"], games=7, seed=4, chunk_size=3)
        assert_frame_equal(a, b)

    def test_serial_equals_process_pool(self):
        # a name, a player class as factory, and an object (all three must pickle)
        players = ["random", RandomPlayer, HeuristicPlayer()]
        mixed = ["random", RandomPlayer, HeuristicPlayer()]
        serial = simulate(SEVENTIES, players, games=8, seed=11, chunk_size=3)
        serial_moves = simulate(SEVENTIES, mixed, games=4, seed=11, per_move=True)
        # fresh interpreters (spawn), as on a cluster: string hashing is salted differently there
        spawn = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=2, mp_context=spawn) as pool:
            pooled = simulate(SEVENTIES, players, games=8, seed=11, chunk_size=3, executor=pool)
            pooled_moves = simulate(
                SEVENTIES, mixed, games=4, seed=11, per_move=True, executor=pool, chunk_size=1
            )
        assert_frame_equal(serial, pooled)
        assert_frame_equal(serial_moves, pooled_moves)

    def test_heuristic_reasons_do_not_depend_on_the_interpreter(self):
        code = (
            "from whot_core import Rules, new_game\n"
            "from whot_core.whot.players import HeuristicPlayer\n"
            "from whot_core.whot.players.simulate import play_game\n"
            "start = new_game(Rules.preset('nigerian_1970s'), players=2, seed=15)\n"
            "_, rows = play_game(start, [HeuristicPlayer()] * 2, record=True)\n"
            "print([row.reason for row in rows])\n"
        )
        outputs = []
        for hash_seed in ("0", "1"):  # two salts known to disagree on this game (ply 53)
            env = {**os.environ, "PYTHONHASHSEED": hash_seed}
            done = subprocess.run(
                [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
            )
            outputs.append(done.stdout)
        assert outputs[0] == outputs[1]

    def test_a_player_object_is_copied_for_every_game(self):
        player = Counting()
        games = simulate(BRITISH, [player, player], games=2, max_moves=20)
        assert player.calls == 0
        assert list(games.moves) == [20, 20]

    def test_factories_get_a_different_seed_per_player_and_game(self):
        log = SeedLog()
        simulate(BRITISH, [log, log], games=3, seed=1, max_moves=1)
        game_seeds = log.seeds[2:]  # the first two build the players of a trial run
        assert len(game_seeds) == 6
        assert len(set(game_seeds)) == 6


# ------------------------------------------------------------------------------ progress


class TestProgress:
    def test_reports_each_chunk_in_order_ending_at_total(self):
        calls = []
        simulate(BRITISH, H2, games=7, chunk_size=3, progress=lambda *a: calls.append(a))
        assert calls == [(3, 7), (6, 7), (7, 7)]

    def test_reports_in_order_on_an_executor(self):
        calls = []
        with ProcessPoolExecutor(max_workers=2) as pool:
            simulate(
                BRITISH,
                H2,
                games=5,
                chunk_size=2,
                executor=pool,
                progress=lambda *a: calls.append(a),
            )
        assert calls == [(2, 5), (4, 5), (5, 5)]


# -------------------------------------------------------------------------- one row a move


class TestPerMove:
    def test_columns_and_one_row_per_move(self):
        players = ["random", "heuristic", "heuristic"]
        games = simulate(SEVENTIES, players, games=4, seed=6)
        moves = simulate(SEVENTIES, players, games=4, seed=6, per_move=True)
        assert list(moves.columns) == move_columns()
        assert list(moves.groupby("game").size()) == list(games.moves)
        for game, rows in moves.groupby("game"):
            assert list(rows.ply) == list(range(len(rows)))
            seats = [games.loc[game, f"seat_p{k}"] for k in range(3)]
            assert all(seats[p] == s for p, s in zip(rows.player, rows.seat, strict=True))

    def test_reasons_come_from_each_players_decision(self):
        moves = simulate(SEVENTIES, ["random", "heuristic"], games=2, seed=6, per_move=True)
        assert moves.reason[moves.player == 0].str.startswith("Random: ").all()
        assert moves.reason[moves.player == 1].str.startswith("Heuristic — ").all()

    def test_a_bare_move_has_an_empty_reason(self):
        moves = simulate(BRITISH, [Counting(), Counting()], games=1, max_moves=3, per_move=True)
        assert list(moves.reason) == ["", "", ""]

    def test_moves_agree_with_the_game_counts(self):
        games = simulate(BRITISH, ["heuristic", "random"], games=5, seed=8)
        moves = simulate(BRITISH, ["heuristic", "random"], games=5, seed=8, per_move=True)
        draws = moves[moves.kind == "draw"].groupby("game").size().reindex(games.game, fill_value=0)
        whots = moves[moves.special == "whot"].groupby("game").size()
        finished = games.end_reason == "check_up"
        # without specials every draw move takes one card (a count can cut the last one short)
        assert list(draws[finished]) == list(games.drawn_market[finished])
        assert list(whots.reindex(games.game, fill_value=0)) == list(games.played_whot)
        assert moves.card[moves.kind == "draw"].isna().all()
        assert moves.card[moves.kind == "play"].notna().all()
        assert (moves.move[moves.kind == "draw"] == "draw").all()


# ------------------------------------------------------------------------------- compare


class TestWilsonInterval:
    def test_half_of_a_hundred(self):
        # p = 0.5, z² = 3.8416: centre (0.5 + 0.019208) / 1.038416 = 0.5,
        # half 1.96 · sqrt(0.0025 + 0.00009604) / 1.038416 = 0.09617
        low, high = wilson_interval(50, 100)
        assert low == pytest.approx(0.40383, abs=1e-5)
        assert high == pytest.approx(0.59617, abs=1e-5)

    def test_none_and_all_of_ten(self):
        # 0 of 10: centre = half = (3.8416 / 20) / 1.38416 = 0.138770, so (0, 0.277540)
        assert wilson_interval(0, 10) == pytest.approx((0.0, 0.277540), abs=1e-6)
        assert wilson_interval(10, 10) == pytest.approx((0.722460, 1.0), abs=1e-6)

    def test_the_ends_are_exact(self):
        # rounding must not put 10 of 10 outside its own interval
        assert wilson_interval(10, 10)[1] == 1.0
        assert wilson_interval(6, 6)[1] == 1.0
        assert wilson_interval(0, 7)[0] == 0.0

    def test_a_wider_z_widens_it(self):
        # z = 1, 1 of 4: p = 0.25, denominator 1.25, centre (0.25 + 0.125) / 1.25 = 0.3,
        # half sqrt(0.046875 + 0.015625) / 1.25 = 0.2; z = 1.96 must give a wider interval
        assert wilson_interval(1, 4, z=1.0) == pytest.approx((0.1, 0.5))
        low, high = wilson_interval(1, 4)
        assert low < 0.1 and high > 0.5

    def test_bad_counts(self):
        with pytest.raises(ValueError, match="n must be"):
            wilson_interval(0, 0)
        with pytest.raises(ValueError, match="successes"):
            wilson_interval(5, 4)


class TestCompare:
    def test_summary_side_by_side(self):
        a, b = BRITISH, Rules.preset("nigerian_1970s")
        calls = []
        result = compare(
            a,
            b,
            ["heuristic", "random"],
            games=6,
            seed=2,
            labels=("british", "1970s"),
            progress=lambda *x: calls.append(x),
            chunk_size=3,
        )
        summary = result.summary
        assert list(summary.columns) == ["british", "1970s"]
        assert list(summary.index) == list(SUMMARY_ROWS)
        assert calls == [(3, 12), (6, 12), (9, 12), (12, 12)]
        assert list(result.games[0].seed) == list(result.games[1].seed)  # the same deals
        assert result.changes == a.diff(b)
        for label, table in zip(result.labels, result.games, strict=True):
            column = summary[label]
            assert column["games"] == 6
            assert column["fair_share"] == 0.5
            ends = column["check_up_share"] + column["count_share"] + column["move_limit_share"]
            assert ends == pytest.approx(1.0)
            assert column["moves_mean"] == pytest.approx(table.moves.sum() / 6)
            rate = table.first_seat_share.sum() / 6
            assert column["first_seat_win_rate"] == pytest.approx(rate)
            assert column["first_seat_ci_low"] <= rate <= column["first_seat_ci_high"]
            assert column.to_dict() == summarize(table)
        # the British rules have no specials; the 1970s 4 makes everyone else pick two
        assert summary.loc["specials_mean", "british"] == 0
        assert summary.loc["drawn_everyone_picks_two_mean", "british"] == 0
        played_4 = result.games[1].played_everyone_picks_two.mean()
        assert summary.loc["specials_mean", "1970s"] >= played_4

    def test_labels_must_differ(self):
        with pytest.raises(ValueError, match="labels"):
            compare(BRITISH, BRITISH, H2, games=1, labels=("A", "A"))


# ---------------------------------------------------------------------------- bad input


class TestBadInput:
    @pytest.mark.parametrize("games", [0, -3])
    def test_games_below_one(self, games):
        with pytest.raises(ValueError, match="games must be at least 1"):
            simulate(BRITISH, H2, games=games)

    def test_games_not_a_number(self):
        with pytest.raises(TypeError, match="games"):
            simulate(BRITISH, H2, games=2.5)

    def test_more_players_than_the_rules_allow(self):
        with pytest.raises(ValueError, match="2 to 4 players"):
            simulate(Rules.preset("nigerian"), ["random"] * 5, games=1)

    def test_a_single_player(self):
        with pytest.raises(ValueError, match="not 1"):
            simulate(BRITISH, ["random"], games=1)

    def test_players_as_one_string(self):
        with pytest.raises(TypeError, match="one entry per player"):
            simulate(BRITISH, "random", games=1)

    def test_unknown_player_name(self):
        with pytest.raises(ValueError, match="unknown player 'grandmaster'"):
            simulate(BRITISH, ["grandmaster", "random"], games=1)

    def test_factory_that_takes_no_seed(self):
        with pytest.raises(TypeError, match=r"players\[1\]: a factory is called as factory\(seed"):
            simulate(BRITISH, ["random", HeuristicPlayer], games=1)

    def test_not_a_player(self):
        with pytest.raises(TypeError, match=r"players\[0\]"):
            simulate(BRITISH, [42, "random"], games=1)

    def test_not_rules(self):
        with pytest.raises(TypeError, match="Rules object"):
            simulate("british", H2, games=1)

    def test_not_an_executor(self):
        with pytest.raises(TypeError, match="submit"):
            simulate(BRITISH, H2, games=1, executor=object())


def test_pandas_stays_out_of_import_whot_core():
    assert loaded_by("import whot_core", ["pandas"]) == []


def test_a_table_is_a_dataframe():
    assert isinstance(simulate(BRITISH, H2, games=1), pd.DataFrame)


# ------------------------------------------------------------- what the counts are made of


class Forgetful:
    """Plays at random, and never says "last card" when a move without the words is legal."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view) -> Move:
        moves = view.legal_moves()
        quiet = [move for move in moves if move.announce is None]
        return self.rng.choice(quiet or moves)


@pytest.mark.parametrize("preset", Rules.presets())
def test_a_games_counts_are_its_events_counted(preset):
    # Long random games: turns missed, announcements forgotten, markets turned over and
    # reshuffled many times each, every draw by its reason and every special card played.
    rules = Rules.preset(preset)
    for seed in range(3):
        start = new_game(rules, 3, seed=seed)
        state, _ = play_game(start, [Forgetful(seed + k) for k in range(3)], max_moves=400)
        events, stats = state.events, game_stats(state)

        def count(kind, events=events):
            return sum(isinstance(event, kind) for event in events)

        assert stats["missed_turns"] == count(MissedTurn)
        assert stats["announcements_missed"] == count(AnnouncementMissed)
        assert (stats["flips"], stats["reshuffles"]) == (count(Flipped), count(Reshuffled))
        drawn = dict.fromkeys(stats["drawn"], 0)
        for event in events:
            if isinstance(event, Drew):
                drawn[event.reason.value] += event.count
        assert stats["drawn"] == drawn


def test_the_counts_above_are_of_games_where_each_thing_happens_often():
    # The games of the test above, added up: each count is met at least twice in one game.
    most = dict.fromkeys(["missed_turns", "announcements_missed", "flips", "reshuffles"], 0)
    for preset in Rules.presets():
        for seed in range(3):
            start = new_game(Rules.preset(preset), 3, seed=seed)
            state, _ = play_game(start, [Forgetful(seed + k) for k in range(3)], max_moves=400)
            stats = game_stats(state)
            most = {key: max(value, stats[key]) for key, value in most.items()}
    assert min(most.values()) >= 2


def test_the_leader_of_a_position_is_whoever_moved_first_playing_or_drawing():
    hands = {"plays": [["square 5", "square 7"], ["circle 4", "circle 3"]],
             "draws": [["circle 3", "circle 5"], ["triangle 4", "square 7"]]}  # fmt: skip
    scripts = {
        "plays": (Script("draw"), Script("play circle 4", "play circle 3")),
        "draws": (Script("play circle 3", "play circle 5"), Script("draw", "draw")),
    }
    for first, scripted in scripts.items():
        start = GameState.from_position(
            BRITISH, hands=hands[first], pile=["circle 10"], to_play=1, market=["star 1", "star 2"]
        )
        state, _ = run(start, *scripted)
        assert (game_stats(state)["leader"], game_stats(state)["dealer"]) == (1, None)


def test_a_hold_on_follow_up_late_in_the_game_is_part_of_its_turn():
    start = GameState.from_position(
        Rules.preset("nigerian"),
        hands=[["circle 3", "circle 1", "circle 11"], ["square 13", "triangle 12"]],
        pile=["circle 10"],
        market=["cross 2", "cross 3"],
    )
    state, _ = run(
        start, Script("play circle 3", "play circle 1", "play circle 11"), Script("draw")
    )
    assert (len(state.moves), game_stats(state)["turns"]) == (4, 3)  # circle 1, 11: one turn


def test_a_count_won_by_a_player_who_never_held_the_fewest_cards_alone_has_no_decided_at():
    start = GameState.from_position(
        BRITISH.replace(exhausted="count"),
        hands=[["circle 13", "triangle 13"], ["circle 1", "triangle 1"]],
        pile=["cross 5"],
        market=[],
    )
    state, _ = run(start, Script("draw"), Script())
    assert (state.end_reason, state.winners) == ("count", (1,))
    assert math.isnan(game_stats(state)["decided_at"])


# --------------------------------------------------------------------------- a table's parts


def test_the_per_move_columns_are_named_in_order():
    assert move_columns() == [
        "game", "ply", "seat", "player", "move", "kind", "card", "special", "hand_size", "top",
        "called", "reason",
    ]  # fmt: skip


def test_each_move_row_names_its_kind_and_its_card():
    moves = simulate(BRITISH, H2, games=2, seed=8, per_move=True)
    plays = moves[moves.kind == "play"]
    assert set(moves.kind) == {"play", "draw"}
    assert list(plays.card) == [str(Move.parse(move).card) for move in plays.move]
    assert "whot" in set(plays.card)


def test_factories_get_the_seed_of_their_player_in_their_game():
    log = SeedLog()
    simulate(BRITISH, [log, log], games=2, seed=1, max_moves=1)
    games = [derive_seed(1, game) for game in range(2)]
    assert log.seeds == [
        derive_seed(derive_seed(1, 0), "player", k)
        for k in range(2)  # the trial's players
    ] + [derive_seed(seed, "player", k) for seed in games for k in range(2)]


def test_the_default_seed_is_0():
    assert_frame_equal(simulate(SEVENTIES, H2, games=2), simulate(SEVENTIES, H2, games=2, seed=0))
    default = compare(BRITISH, SEVENTIES, H2, games=2)
    assert list(default.games[0].seed) == list(simulate(BRITISH, H2, games=2, seed=0).seed)


def test_compare_plays_its_seed():
    result = compare(BRITISH, SEVENTIES, H2, games=2, seed=5)
    assert_frame_equal(result.games[0], simulate(BRITISH, H2, games=2, seed=5))
    assert_frame_equal(result.games[1], simulate(SEVENTIES, H2, games=2, seed=5))
    assert result.summary.index.name == "measure"


class Counted(Future):
    """A future that notes whether its result was read."""

    read = False

    def result(self, timeout=None):
        self.read = True
        return super().result(timeout)


class Recorder:
    """An executor that runs each chunk at once (or, `failing`, fails the first and leaves the
    rest waiting), noting each chunk handed to it."""

    def __init__(self, failing: bool = False) -> None:
        self.failing = failing
        self.futures: list[Counted] = []
        self.chunks: list[tuple[int, int]] = []

    def submit(self, function, job, start, stop):
        future = Counted()
        if self.failing and not self.futures:
            future.set_exception(RuntimeError("a worker went away"))
        elif not self.failing:
            future.set_result(function(job, start, stop))
        self.futures.append(future)
        self.chunks.append((start, stop))
        return future


def test_every_chunk_goes_to_the_executor_and_its_result_is_read():
    pool = Recorder()
    table = simulate(SEVENTIES, H2, games=5, seed=3, chunk_size=2, executor=pool)
    assert pool.chunks == [(0, 2), (2, 4), (4, 5)]
    assert all(future.read for future in pool.futures)
    assert_frame_equal(table, simulate(SEVENTIES, H2, games=5, seed=3))
    both = Recorder()
    compared = compare(BRITISH, SEVENTIES, H2, games=3, seed=3, chunk_size=2, executor=both)
    assert both.chunks == [(0, 2), (2, 3)] * 2
    assert all(future.read for future in both.futures)
    assert_frame_equal(compared.games[1], simulate(SEVENTIES, H2, games=3, seed=3))


@pytest.mark.parametrize("how", ["simulate", "compare"])
def test_a_failed_chunk_leaves_nothing_of_the_run_waiting(how):
    pool = Recorder(failing=True)
    with pytest.raises(RuntimeError, match="a worker went away"):
        if how == "simulate":
            simulate(SEVENTIES, H2, games=5, chunk_size=2, executor=pool)
        else:
            compare(BRITISH, SEVENTIES, H2, games=5, chunk_size=2, executor=pool)
    assert len(pool.futures) == (3 if how == "simulate" else 6)
    assert all(future.cancelled() for future in pool.futures[1:])


@pytest.mark.parametrize(
    ("options", "error", "refusal"),
    [
        (
            {"per_move": True},
            TypeError,
            "compare summarises games; call simulate(per_move=True) for moves",
        ),
        ({"progress": 42}, TypeError, "progress must be a callable progress(done, total), or None"),
        (
            {"executor": object()},
            TypeError,
            "executor must have submit() like a concurrent.futures.Executor, not object",
        ),
    ],
)
def test_compare_refuses_what_simulate_would_in_a_whole_sentence(options, error, refusal):
    with pytest.raises(error) as raised:
        compare(BRITISH, SEVENTIES, H2, games=1, **options)
    assert str(raised.value) == refusal


def hand_made_table(**columns) -> pd.DataFrame:
    """Three games of two players, every count 0 but those given."""
    table = {name: [0, 0, 0] for name in game_columns(2)}
    table |= {"players": [2, 2, 2], "end_reason": ["check_up", "count", "move_limit"]}
    return pd.DataFrame(table | columns)


def test_a_summary_of_games_made_by_hand():
    table = hand_made_table(
        first_seat_share=[1.0, 0.5, 0.0],
        flips=[2, 0, 1],
        reshuffles=[1, 1, 0],
        played_hold_on=[3, 0, 0],
        played_pick_two=[0, 2, 0],
        played_whot=[1, 1, 4],
    )
    summary = summarize(table)
    assert (summary["check_up_share"], summary["count_share"]) == (1 / 3, 1 / 3)
    assert summary["move_limit_share"] == 1 / 3
    assert summary["first_seat_win_rate"] == 0.75  # 1.5 wins of the 2 games finished
    assert summary["refills_mean"] == 5 / 3
    assert summary["specials_mean"] == 5 / 3  # Whots apart
    assert summary["whots_mean"] == 2.0
    one = summarize(table.iloc[:1])
    assert (one["games"], one["fair_share"], one["check_up_share"]) == (1.0, 0.5, 1.0)
    assert (one["count_share"], one["move_limit_share"]) == (0.0, 0.0)


def test_a_summary_of_games_all_stopped_at_the_move_limit():
    summary = summarize(hand_made_table(end_reason=["move_limit"] * 3))
    assert (summary["check_up_share"], summary["count_share"]) == (0.0, 0.0)
    assert summary["move_limit_share"] == 1.0
    low, high = summary["first_seat_ci_low"], summary["first_seat_ci_high"]
    assert all(math.isnan(x) for x in (summary["first_seat_win_rate"], low, high))


def test_a_wilson_interval_of_one_trial_and_the_exact_low_end():
    assert wilson_interval(1, 1)[1] == 1.0 and wilson_interval(0, 1)[0] == 0.0
    assert wilson_interval(0, 11)[0] == 0.0  # 2.8e-17 worked out, where 0 is exact
    with pytest.raises(ValueError) as raised:
        wilson_interval(1, True)
    assert str(raised.value) == "n must be a whole number of trials, at least 1, not True"


def test_a_tied_count_gives_the_leader_half_a_win():
    # Game 71 of this run ends in a count that both players tie: each has half a win.
    rules = BRITISH.replace(exhausted="count_at_once")
    game = simulate(rules, ["random", "random"], games=1, seed=1, first_game=71).iloc[0]
    assert (game.end_reason, game.winners) == ("count", (0, 1))
    assert (game.win_share_p0, game.win_share_p1, game.first_seat_share) == (0.5, 0.5, 0.5)


def test_the_per_game_columns_of_two_players_are_named_in_order():
    assert game_columns(2) == [
        "game", "seed", "players", "seat_p0", "seat_p1", "dealer", "leader", "leader_player",
        "end_reason", "winners", "winner_seats", "win_share_p0", "win_share_p1",
        "first_seat_share", "moves", "turns", "drawn", "drawn_market", "drawn_pick",
        "drawn_general_market", "drawn_everyone_picks_two", "drawn_announcement",
        "played_hold_on", "played_pick_two", "played_pick_three", "played_suspension",
        "played_general_market", "played_everyone_picks_two", "played_whot", "missed_turns",
        "announcements_missed", "flips", "reshuffles", "points_p0", "points_p1", "choice_turns",
        "lead_changes", "decided_at",
    ]  # fmt: skip


def test_each_move_row_names_the_top_card_and_the_shape_called_before_it():
    moves = simulate(BRITISH, ["random", "random"], games=1, seed=8, per_move=True)
    # The leader starts the pile; then a Whot calls star.
    assert list(moves.move[:3]) == ["play cross 13", "play whot call star", "play star 1"]
    assert list(moves.top[:3].fillna("-")) == ["-", "cross 13", "whot"]  # no top card at first
    assert list(moves.called[:3].fillna("-")) == ["-", "-", "star"]


def test_play_game_keeps_no_rows_unless_asked():
    start = new_game(BRITISH, 2, seed=1)
    assert play_game(start, [Counting(), Counting()], max_moves=4)[1] == []


class Noting:
    """Notes every hand size it is shown, in a list of its own."""

    def __init__(self) -> None:
        self.seen: list[int] = []

    def choose(self, view) -> Move:
        self.seen.append(len(view.hand))
        return view.legal_moves()[0]


def test_a_player_object_is_copied_whole_for_every_game():
    player = Noting()
    simulate(BRITISH, [player, Noting()], games=2, max_moves=6)
    assert player.seen == []  # each game played a deep copy, its list included


def test_progress_counts_the_games_of_this_run_from_its_first_game():
    calls = []
    simulate(BRITISH, H2, games=4, chunk_size=2, first_game=10, progress=lambda *a: calls.append(a))
    assert calls == [(2, 4), (4, 4)]


def test_derived_seeds_use_all_63_bits():
    assert max(derive_seed(3, game) for game in range(100)) >= 2**62
    assert derive_seed(3, 0) == 8456646862914567590  # the same on every machine, in every run


@pytest.mark.parametrize(
    ("players", "error", "refusal"),
    [
        (
            ["grandmaster", "random"],
            ValueError,
            "players[0]: unknown player 'grandmaster'; the names are 'random', 'heuristic', "
            "'search'",
        ),
        (
            ["random", lambda seed: 42],
            TypeError,
            "players[1]: the factory returned int, which has no choose(view)",
        ),
    ],
)
def test_a_player_that_cannot_play_is_refused_in_a_whole_sentence(players, error, refusal):
    with pytest.raises(error) as raised:
        simulate(BRITISH, players, games=1)
    assert str(raised.value) == refusal


@pytest.mark.parametrize(
    ("arguments", "error", "refusal"),
    [
        ({"rules": "british"}, TypeError, "rules must be a Rules object, not str"),
        (
            {"players": "random"},
            TypeError,
            'players must be a list with one entry per player, e.g. ["random"] * 2',
        ),
        (
            {"players": [42, "random"]},
            TypeError,
            "players[0] must be a player name, a factory taking seed=..., or an object with "
            "choose(view), not int",
        ),
        ({"max_moves": 0}, ValueError, "max_moves must be at least 1, not 0"),
        ({"max_moves": 1.5}, TypeError, "max_moves must be a whole number, not 1.5"),
        ({"chunk_size": 0}, ValueError, "chunk_size must be at least 1, not 0"),
        ({"seed": True}, TypeError, "seed must be an int, not bool"),
        ({"seed": "1"}, TypeError, "seed must be an int, not str"),
        (
            {"progress": 42},
            TypeError,
            "progress must be a callable progress(done, total), or None",
        ),
        (
            {"executor": object()},
            TypeError,
            "executor must have submit() like a concurrent.futures.Executor, not object",
        ),
        ({"first_game": -1}, ValueError, "first_game must be a whole number, at least 0, not -1"),
        (
            {"first_game": True},
            ValueError,
            "first_game must be a whole number, at least 0, not True",
        ),
        ({"first_game": 1.5}, ValueError, "first_game must be a whole number, at least 0, not 1.5"),
    ],
)
def test_simulate_refuses_a_bad_argument_in_a_whole_sentence(arguments, error, refusal):
    given = {"rules": BRITISH, "players": H2, "games": 1} | arguments
    with pytest.raises(error) as raised:
        simulate(**given)
    assert str(raised.value) == refusal


def test_a_fixed_dealer_is_the_dealer_of_every_game():
    # (With seed 0 the cut happens to choose seat 2 for the first three games: dealer 1 here.)
    games = simulate(BRITISH, H3, games=3, dealer=1)
    assert (list(games.dealer), list(games.leader)) == ([1, 1, 1], [2, 2, 2])
    assert list(games.leader_player) == [2, 1, 0]


@pytest.mark.parametrize("players", [3, 4])
def test_lead_changes_of_random_games_by_replay(players):
    # As the test of the heuristic's games above, on random games, where the lead changes more.
    for seed in range(10):
        start = new_game(BRITISH, players, seed=seed)
        end, _ = play_game(start, [RandomPlayer(seed + k) for k in range(players)])
        state, holder, changes = start, None, 0
        for move in end.moves:
            state = state.apply(move)
            sizes = [len(hand) for hand in state.hands]
            sole = [s for s, n in enumerate(sizes) if n == min(sizes)]
            if len(sole) == 1 and sole[0] != holder:
                changes += holder is not None
                holder = sole[0]
        assert game_stats(end)["lead_changes"] == changes


@pytest.mark.parametrize("preset", ["nigerian", "naija_tournament"])
def test_lead_changes_of_games_with_special_cards_by_their_events(preset):
    # Special cards make players draw out of turn: the lead is followed card by card, a card
    # played one less, a draw its cards more, from the deal's hands.
    rules = Rules.preset(preset)
    for seed in range(6):
        start = new_game(rules, 2, seed=seed)
        end, _ = play_game(start, [RandomPlayer(seed + k) for k in range(2)], max_moves=600)
        sizes, holder, changes, steps, since = [rules.hand_size] * 2, None, 0, 0, 0
        for event in end.events:
            if not isinstance(event, Played | Drew):
                continue
            sizes[event.seat] += -1 if isinstance(event, Played) else event.count
            steps += 1
            sole = [s for s, n in enumerate(sizes) if n == min(sizes)]
            if len(sole) == 1 and sole[0] != holder:
                changes += holder is not None
                holder, since = sole[0], steps
        stats = game_stats(end)
        assert stats["lead_changes"] == changes
        if end.winners == (holder,):
            assert stats["decided_at"] == since / steps
