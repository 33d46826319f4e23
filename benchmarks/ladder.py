"""The strength ladder of the AI players, in two-player games.

    .venv/bin/python benchmarks/ladder.py                        # a few minutes
    .venv/bin/python benchmarks/ladder.py --games 1000           # the full ladder (hours)
    .venv/bin/python benchmarks/ladder.py --simulations 1000     # a budget in simulations

Pairings: heuristic vs random, search vs heuristic, search vs random: the AI levels as the app
plays them (`whot_core.whot.players.LEVELS`; random is a random card whenever one fits). Every deal
is played twice with the seats swapped, so neither player profits from a lucky deal or from moving
first; a shared win (a count that ties) counts as a fraction. Win rates carry Wilson 95% intervals.
Also measured: the time per search decision (decisions with only one candidate move are not
searched) and simulated games per second with two heuristic players, on one core.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from whot_core import Rules, new_game
from whot_core.whot.players import LEVELS, SearchPlayer

PAIRINGS = {
    "heuristic-random": ("heuristic", "random"),
    "search-heuristic": ("search", "heuristic"),
    "search-random": ("search", "random"),
}


@dataclass(frozen=True)
class Budget:
    simulations: int | None
    time_limit: float | None

    def __str__(self) -> str:
        if self.simulations is not None:
            return f"{self.simulations:,} simulations a move"
        return f"{self.time_limit:g} s a move"


@dataclass(frozen=True)
class Outcome:
    """One game from the first-named player's side."""

    score: float  # 1 win, 0 loss, 1/k for a win shared by k
    search_seconds: tuple[float, ...]
    search_simulations: tuple[int, ...]
    moves: int


def make_player(level: str, seed: int, budget: Budget):
    """A player of the AI level `level`, from the levels registry (the app's players), a
    searching level with the ladder's budget."""
    if LEVELS[level].searches:
        return LEVELS.make(level, seed, budget.simulations, time_limit=budget.time_limit)
    return LEVELS.make(level, seed)


def play_game(task: tuple[str, str, str, int, bool, Budget]) -> Outcome:
    """Player `a` against `b` on deal `deal`; `swapped` seats `a` second."""
    preset, a, b, deal, swapped, budget = task
    rules = Rules.preset(preset)
    first, second = make_player(a, deal, budget), make_player(b, deal + 1, budget)
    players = [second, first] if swapped else [first, second]
    seat_a = 1 if swapped else 0
    state = new_game(rules, players=2, seed=deal)
    seconds: list[float] = []
    simulations: list[int] = []
    moves = 0
    while not state.is_over:
        seat = state.current_player
        decision = players[seat].choose(state.view(seat))
        if isinstance(players[seat], SearchPlayer) and decision.details["simulations"]:
            seconds.append(decision.details["seconds"])
            simulations.append(decision.details["simulations"])
        state.push(decision.move)
        moves += 1
    winners = state.winners
    score = 1.0 / len(winners) if seat_a in winners else 0.0
    return Outcome(score, tuple(seconds), tuple(simulations), moves)


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a win rate of `score` wins out of `n` games."""
    if n == 0:
        return 0.0, 1.0
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def heuristic_speed(preset: str, seconds: float) -> tuple[float, float]:
    """Games and moves per second, two heuristic players choosing from their views."""
    rules = Rules.preset(preset)
    players = [LEVELS.make("heuristic"), LEVELS.make("heuristic")]
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_game(rules, players=2, seed=games)
        while not state.is_over:
            seat = state.current_player
            state.push(players[seat].choose(state.view(seat)).move)
            moves += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / elapsed


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--games", type=int, default=20, help="games per pairing with the search (even)"
    )
    parser.add_argument(
        "--baseline-games", type=int, default=1000, help="games for heuristic vs random (even)"
    )
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--time-limit", type=float, default=None, help="seconds per search move")
    budget.add_argument("--simulations", type=int, default=None, help="simulations per move")
    parser.add_argument("--seed", type=int, default=0, help="first deal's seed")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--preset", default="nigerian")
    parser.add_argument("--pairings", nargs="+", choices=sorted(PAIRINGS), default=list(PAIRINGS))
    parser.add_argument("--speed-seconds", type=float, default=5.0)
    args = parser.parse_args(argv)
    if args.simulations is None and args.time_limit is None:
        args.time_limit = 0.5
    plan = Budget(args.simulations, args.time_limit)

    print(f"Strength ladder: two-player {args.preset}, search at {plan}, seed {args.seed}.")
    print("Each deal is played twice with the seats swapped; shared wins count as fractions.\n")
    rows = []
    seconds: list[float] = []
    simulations: list[int] = []
    with ProcessPoolExecutor(max_workers=args.processes) as pool:
        for name in args.pairings:
            a, b = PAIRINGS[name]
            games = args.baseline_games if "search" not in name else args.games
            deals = max(1, games // 2)
            tasks = [
                (args.preset, a, b, args.seed + deal, swapped, plan)
                for deal in range(deals)
                for swapped in (False, True)
            ]
            start = time.perf_counter()
            outcomes = []
            step = max(1, len(tasks) // 10)
            for outcome in pool.map(play_game, tasks, chunksize=max(1, len(tasks) // 64)):
                outcomes.append(outcome)
                if len(outcomes) % step == 0 and len(outcomes) < len(tasks):
                    rate = sum(o.score for o in outcomes) / len(outcomes)
                    print(f"    {len(outcomes)}/{len(tasks)} games, {rate:.1%}", file=sys.stderr)
            elapsed = time.perf_counter() - start
            score = sum(o.score for o in outcomes)
            low, high = wilson(score, len(outcomes))
            rows.append((f"{a} vs {b}", len(outcomes), score, low, high, elapsed))
            for o in outcomes:
                seconds += o.search_seconds
                simulations += o.search_simulations
            print(
                f"  {a} vs {b}: {score / len(outcomes):.1%} over {len(outcomes)} games "
                f"({elapsed:.0f} s)",
                flush=True,
            )

    print()
    print("| pairing | games | win rate | 95% interval |")
    print("|---|---:|---:|---|")
    for pairing, n, score, low, high, _ in rows:
        print(f"| {pairing} | {n:,} | {score / n:.1%} | {low:.1%} to {high:.1%} |")
    if seconds:
        print(
            f"\nSearch decisions: {len(seconds):,}; seconds per decision: mean "
            f"{statistics.mean(seconds):.3f}, median {statistics.median(seconds):.3f}, max "
            f"{max(seconds):.3f}; simulations per decision: mean "
            f"{statistics.mean(simulations):,.0f}, min {min(simulations):,}."
        )
    games_per_second, moves_per_second = heuristic_speed(args.preset, args.speed_seconds)
    print(
        f"Heuristic self-play: {games_per_second:.1f} games/s ({moves_per_second:,.0f} moves/s) "
        "on one core."
    )


if __name__ == "__main__":
    main()
