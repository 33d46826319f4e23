"""The strength ladder of the Whist players, team against team.

    .venv/bin/python benchmarks/whist_ladder.py                      # a few minutes
    .venv/bin/python benchmarks/whist_ladder.py --deals 100 --time-limit 0.5
    .venv/bin/python benchmarks/whist_ladder.py --only search --playout random --bonus 0

The players are the AI levels as the app plays them (`whot_core.whist.players.LEVELS`).
Heuristic vs random: whole games, each game's deals played twice with the teams swapped; the
heuristic team's game wins carry a Wilson 95% interval, and its share of the tricks is given too.
Search vs heuristic: single hands (hand numbers 1 to 5 in turn, so every trump and the no-trump
hand come up), each played twice with the teams swapped; the search team's share of the tricks
and its points per hand carry 95% intervals over the deals (each deal's two hands averaged, so a
lucky deal counts for both teams). Also the time per search decision (a decision with one legal
card is not searched). One process, as on the 2-core machine.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from whot_core.toolkit.protocol import GameHooks, uniform_playout
from whot_core.whist import HandScored, WhistState, new_game
from whot_core.whist.players import LEVELS, WHIST_HOOKS, SearchPlayer


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - spread) / (1 + z * z / n), (centre + spread) / (1 + z * z / n)


def mean_ci(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its normal 95% interval."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def play_game(seed: int, team_players) -> WhistState:
    state = new_game(seed=seed)
    while not state.is_over:
        seat = state.current_player
        state.push(team_players[seat].choose(state.view(seat)).move)
    return state


def heuristic_vs_random(games: int) -> None:
    wins = 0.0
    tricks = [0, 0]
    start = time.perf_counter()
    for seed in range(games):
        for swap in (0, 1):
            h, r = LEVELS.make("heuristic"), LEVELS.make("random", seed)
            players = [r, h, r, h] if swap else [h, r, h, r]
            state = play_game(seed, players)
            wins += state.winning_team == swap
            for event in state.events:
                if isinstance(event, HandScored):
                    tricks[0] += event.tricks[swap]
                    tricks[1] += event.tricks[1 - swap]
    n = 2 * games
    low, high = wilson(wins, n)
    print(
        f"heuristic vs random: {n} games, heuristic team won {wins / n:.1%} "
        f"(95% CI {low:.1%}–{high:.1%}); took {tricks[0] / sum(tricks):.1%} of "
        f"{sum(tricks):,} tricks ({time.perf_counter() - start:.1f} s)"
    )


def hand_start(deal: int) -> WhistState:
    """A fresh hand numbered 1 to 5 in turn: the first hand of a game, or a later hand reached by
    heuristic play (its cards come from the seed, not from the play)."""
    number = deal % 5 + 1
    state = new_game(seed=deal)
    heuristic = LEVELS.make("heuristic")
    while state.hand_number < number and not state.is_over:
        seat = state.current_player
        state.push(heuristic.choose(state.view(seat)).move)
    if state.is_over:  # a sweep ended the game early: take its first hand
        state = new_game(seed=deal)
    return state


def play_hand(state: WhistState, players, seconds: list[float]) -> tuple[int, int]:
    """Play the current hand out; the tricks and points of North–South and East–West."""
    number = state.hand_number
    state = state.clone()
    while not state.is_over and state.hand_number == number:
        seat = state.current_player
        decision = players[seat].choose(state.view(seat))
        if isinstance(players[seat], SearchPlayer) and decision.details["simulations"]:
            seconds.append(decision.details["seconds"])
        state.push(decision.move)
    scored = [e for e in state.events if isinstance(e, HandScored) and e.hand == number][-1]
    return scored.tricks, scored.points


def search_vs_heuristic(deals: int, simulations, time_limit, hooks: GameHooks) -> None:
    shares: list[float] = []
    points: list[float] = []
    seconds: list[float] = []
    start = time.perf_counter()
    for deal in range(deals):
        state = hand_start(deal)
        share = point = 0.0
        for swap in (0, 1):
            search = LEVELS.make("search", deal, simulations, time_limit=time_limit, hooks=hooks)
            h = LEVELS.make("heuristic")
            players = [h, search, h, search] if swap else [search, h, search, h]
            tricks, pts = play_hand(state, players, seconds)
            share += tricks[swap] / 13 / 2
            point += (pts[swap] - pts[1 - swap]) / 2
        shares.append(share)
        points.append(point)
    m, half = mean_ci(shares)
    pm, phalf = mean_ci(points)
    budget = f"{simulations:,} simulations" if simulations else f"{time_limit:g} s"
    print(
        f"search ({budget} a move) vs heuristic: {deals} deals x 2 seatings, search team took "
        f"{m:.1%} ± {half:.1%} of the tricks, {pm:+.2f} ± {phalf:.2f} points a hand "
        f"({time.perf_counter() - start:.0f} s)"
    )
    if seconds:
        print(
            f"time per search decision: mean {statistics.fmean(seconds) * 1000:.0f} ms, "
            f"max {max(seconds) * 1000:.0f} ms over {len(seconds):,} decisions"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="heuristic-random deals (x2)")
    parser.add_argument("--deals", type=int, default=30, help="search-heuristic deals (x2)")
    parser.add_argument("--simulations", type=int, default=None)
    parser.add_argument("--time-limit", type=float, default=None)
    parser.add_argument("--playout", choices=["heuristic", "random"], default="heuristic")
    parser.add_argument("--bonus", type=float, default=None, help="guide bonus (default: ours)")
    parser.add_argument("--only", choices=["random", "search"], default=None)
    args = parser.parse_args()
    simulations = args.simulations
    if simulations is None and args.time_limit is None:
        simulations = 1000
    hooks = WHIST_HOOKS
    if args.playout == "random":
        hooks = GameHooks(
            playout=uniform_playout,
            max_playout=hooks.max_playout,
            root_guide=hooks.root_guide,
            guide_bonus=hooks.guide_bonus,
        )
    if args.bonus is not None:
        hooks = GameHooks(
            playout=hooks.playout,
            max_playout=hooks.max_playout,
            root_guide=hooks.root_guide if args.bonus else None,
            guide_bonus=args.bonus,
        )
    if args.only != "search":
        heuristic_vs_random(args.games)
    if args.only != "random":
        search_vs_heuristic(args.deals, simulations, args.time_limit, hooks)


if __name__ == "__main__":
    main()
