"""Engine throughput: random-play games and moves per second, and the cost of clone().

    make bench            # or: .venv/bin/python benchmarks/engine.py [--seconds 3]
    .venv/bin/python benchmarks/engine.py --profile     # where the time goes (cProfile)
    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        .venv/bin/python benchmarks/engine.py --games 300    # instructions for fixed work

The random player plays a random playable card when it has one and draws otherwise (announcing
when the rules ask), on the fast path: `state.legal_moves()` then `state.push(move)`. The checked
path (`state.apply`, which validates the move and returns a new state) is measured beside it.
The last lines time whole simulated games between heuristic players (`simulate`, serial): the
engine together with the player most of the explorer's comparisons use.
When the PyPI package `whot` is installed (it is not a dependency: `pip install whot==0.0.6` in the
venv), its engine is timed beside ours with the same kind of random player: its own defaults (two
players, Nigerian mode, pick two, suspension, hold on, general market, no pick three), dealt 5.
The two take turns in rounds of a second, so that a change in the machine's load falls on both.
The figures are for one core; nothing here is a test.
"""

from __future__ import annotations

import argparse
import importlib.util
import platform
import random
import statistics
import sys
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from whot_core import GameState, Move, Rules, new_game


def random_game(rules: Rules, players: int, seed: int, checked: bool = False) -> int:
    """Play one game; return the number of moves."""
    rng = random.Random(seed)
    state = new_game(rules, players=players, seed=seed)
    moves = 0
    while not state.is_over:
        legal = state.legal_moves()
        # Plays come first and `draw` is always last; announced forms come before plain ones.
        if len(legal) > 1:
            move = legal[int(rng.random() * (len(legal) - 1))]
            if move.announce is None and rules.announcements == "penalty":
                move = next((m for m in legal if m.card == move.card and m.announce), move)
        else:
            move = legal[0]
        if checked:
            state = state.apply(move)
        else:
            state.push(move)
        moves += 1
    return moves


def throughput(rules: Rules, players: int, seconds: float, checked: bool) -> tuple[float, float]:
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        moves += random_game(rules, players, seed=games, checked=checked)
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / elapsed


def clone_cost(rules: Rules, players: int) -> float:
    """Microseconds per clone() of a position a few moves into a game."""
    state = new_game(rules, players=players, seed=1)
    rng = random.Random(1)
    for _ in range(8):
        if state.is_over:
            break
        state.push(rng.choice(state.legal_moves()))
    number = 200_000
    best = min(timeit.repeat(state.clone, number=number, repeat=5))
    return best / number * 1e6


def heuristic_games(preset: str, players: int, seconds: float) -> tuple[float, float]:
    """Games and moves per second of `simulate` between heuristic players, one core."""
    from whot_core.whot.players.simulate import simulate

    rules = Rules.preset(preset)
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        table = simulate(rules, ["heuristic"] * players, games=20, seed=games)
        games += len(table)
        moves += int(table["moves"].sum())
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / elapsed


def pypi_whot_games(seconds: float, seed: int = 0) -> tuple[float, float]:
    """Games and moves per second of the PyPI package `whot` (only when it is installed).

    Its engine has no list of legal moves: the player tries its cards in a random order and
    plays the first one the engine accepts (a Whot calls a random shape), else goes to market.
    It shuffles with the global `random`, seeded here once. A game the engine cannot go on with
    (its market runs dry, which it does not handle) stops there, or after 10,000 moves, and counts
    as played.
    """
    from whot.exceptions import WhotEngineError
    from whot.game import Engine

    shapes = ["circle", "triangle", "cross", "square", "star"]
    random.seed(seed)
    rng = random.Random(seed)
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        engine = Engine(number_of_players=2, number_of_cards=5)
        engine.start_game()
        try:
            for _ in range(10_000):  # its market can run dry and stay dry: stop a stuck game
                if engine.game_over:
                    break
                if engine.request_mode and engine.requested_suit is None:
                    engine.request(rng.choice(shapes))  # a Whot turned up to start
                    continue
                order = list(range(len(engine.current_player._cards)))
                rng.shuffle(order)
                for index in order:
                    try:
                        answer = engine.play(index)
                    except WhotEngineError:
                        continue
                    if answer and answer.get("type") == "request":
                        engine.request(rng.choice(shapes))
                    break
                else:
                    engine.market()
                moves += 1
        except (IndexError, WhotEngineError):
            pass  # the market ran dry
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / elapsed


def side_by_side(seconds: float, rounds: int = 6):
    """Our engine, on both paths, and PyPI `whot` timed turn about: `2 * seconds` each in all, in
    `rounds` rounds (one second a round by default, at least half a second); None without `whot`.

    On a shared machine the speed can change by a third within a minute, so the three are timed
    turn about and each figure is a median over the rounds, and so is the ratio of each round.
    Returns {"push": ..., "apply": ..., "whot": ...} of (games/s, moves/s), the ratios to `whot`
    {"push": (games, moves), "apply": (games, moves)}, and the number of rounds.
    """
    if importlib.util.find_spec("whot") is None:
        return None
    rules = Rules.preset("nigerian")
    each = max(seconds * 2 / rounds, 0.5)
    runs: dict[str, list[tuple[float, float]]] = {"push": [], "apply": [], "whot": []}
    for _ in range(rounds):
        runs["push"].append(throughput(rules, 2, each, checked=False))
        runs["apply"].append(throughput(rules, 2, each, checked=True))
        runs["whot"].append(pypi_whot_games(each))
    medians = {
        name: tuple(statistics.median(x[i] for x in figures) for i in (0, 1))
        for name, figures in runs.items()
    }
    ratios = {
        path: tuple(
            statistics.median(a[i] / b[i] for a, b in zip(runs[path], runs["whot"], strict=True))
            for i in (0, 1)
        )
        for path in ("push", "apply")
    }
    return medians, ratios, rounds


def positions(count: int, asked: bool, seed: int = 0) -> list[tuple[GameState, Move]]:
    """`count` positions of two-player `nigerian` random games, each with the move played there
    (the benchmark's random player: a random playable card, else draw). `asked`: the position's
    legal moves have been asked for, as by a player choosing among them (a state keeps them
    until its next move)."""
    rules = Rules.preset("nigerian")
    rng = random.Random(seed)
    out: list[tuple[GameState, Move]] = []
    game = seed
    while len(out) < count:
        state = new_game(rules, players=2, seed=game)
        game += 1
        while not state.is_over and len(out) < count:
            position = state.clone()
            legal = state.legal_moves()
            move = legal[int(rng.random() * (len(legal) - 1))] if len(legal) > 1 else legal[0]
            if asked:
                position.legal_moves()
            out.append((position, move))
            state.push(move)
    return out


def apply_each(pairs: list[tuple[GameState, Move]]) -> None:
    for state, move in pairs:
        state.apply(move)


def clone_and_push_each(pairs: list[tuple[GameState, Move]]) -> None:
    for state, move in pairs:
        state.clone().push(move)


def apply_against_push(asked: bool, rounds: int = 7, count: int = 5_000):
    """µs of `apply(move)` and of `clone()` then `push(move)` over the same positions, timed
    turn about (medians), and the median of each round's ratio. See `positions` for `asked`."""
    pairs = positions(count, asked)
    checked, unchecked, ratios = [], [], []
    for _ in range(rounds):
        a = timeit.timeit(lambda: apply_each(pairs), number=1)
        b = timeit.timeit(lambda: clone_and_push_each(pairs), number=1)
        checked.append(a / count * 1e6)
        unchecked.append(b / count * 1e6)
        ratios.append(a / b)
    return statistics.median(checked), statistics.median(unchecked), statistics.median(ratios)


def public_moves(player, rules: Rules, players: int, seconds: float, seed: int = 0):
    """Moves a second of `player` in every seat through the public API: `state.view(seat)`,
    `player.choose(view)`, `state.apply(decision.move)`. Returns (moves/s, games begun)."""
    moves = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_game(rules, players=players, seed=seed + games)
        games += 1
        while not state.is_over:
            state = state.apply(player.choose(state.view(state.current_player)).move)
            moves += 1
    return moves / (time.perf_counter() - start), games


def heuristic_against_random_card(seconds: float, rounds: int = 6):
    """A heuristic player's move against a random playable card's move (`EagerRandomPlayer`),
    both through the public API, two-player `nigerian`, timed turn about in `rounds` rounds.
    Returns (µs a heuristic move, µs a random card's move, median ratio of the rounds)."""
    from whot_core.whot.players import EagerRandomPlayer, HeuristicPlayer

    rules = Rules.preset("nigerian")
    each = max(seconds * 2 / rounds, 0.5)
    heuristic, eager, ratios = [], [], []
    for r in range(rounds):
        h, _ = public_moves(HeuristicPlayer(), rules, 2, each, seed=r * 1000)
        e, _ = public_moves(EagerRandomPlayer(seed=r), rules, 2, each, seed=r * 1000)
        heuristic.append(1e6 / h)
        eager.append(1e6 / e)
        ratios.append(e / h)
    return statistics.median(heuristic), statistics.median(eager), statistics.median(ratios)


def profile(games: int = 2000) -> None:
    """cProfile over nigerian two-player random games on the push path, by own time.

    The profiler's cost per call inflates small functions: use it to find the hot spots, and the
    throughput figures (without it) to judge a change.
    """
    import cProfile
    import pstats

    rules = Rules.preset("nigerian")
    profiler = cProfile.Profile()
    profiler.enable()
    for seed in range(games):
        random_game(rules, 2, seed)
    profiler.disable()
    pstats.Stats(profiler).sort_stats("tottime").print_stats(20)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--profile", action="store_true", help="profile instead of timing")
    parser.add_argument(
        "--games",
        type=int,
        help="play this many nigerian two-player games (push path) and stop: fixed work, for "
        "callgrind, whose instruction counts do not change with the machine's load",
    )
    parser.add_argument(
        "--targets", action="store_true", help="only the figures issue 21 sets targets for"
    )
    args = parser.parse_args()
    if args.profile:
        profile()
        return
    if args.games is not None:
        rules = Rules.preset("nigerian")
        start = time.perf_counter()
        moves = sum(random_game(rules, 2, seed) for seed in range(args.games))
        elapsed = time.perf_counter() - start
        print(f"{args.games:,} games, {moves:,} moves in {elapsed:.2f} s")
        return
    print(f"Python {platform.python_version()} on {platform.machine()}, one core\n")
    if not args.targets:
        figures(args.seconds)
    targets(args.seconds)


def figures(seconds: float) -> None:
    """Throughput by preset, table size and path; clone(); simulated heuristic games."""
    header = ("preset", "players", "path", "games/s", "moves/s", "moves/game")
    print("{:10} {:>7} {:8} {:>9} {:>10} {:>10}".format(*header))
    for preset in ("nigerian", "british"):
        rules = Rules.preset(preset)
        for players in (2, 4):
            for checked in (False, True):
                games, moves = throughput(rules, players, seconds, checked)
                path = "apply" if checked else "push"
                print(
                    f"{preset:10} {players:>7} {path:8} {games:>9,.0f} {moves:>10,.0f} "
                    f"{moves / games:>10.1f}"
                )
    print()
    for players in (2, 4):
        cost = clone_cost(Rules.preset("nigerian"), players)
        print(f"clone(), nigerian, {players} players: {cost:.2f} µs")
    print()
    for preset, players in (("nigerian", 2), ("british", 4)):
        games, moves = heuristic_games(preset, players, seconds)
        print(
            f"simulate(), heuristic players, {preset}, {players} players: {games:,.0f} games/s "
            f"({moves / games:,.1f} moves a game)"
        )
    print()


def targets(seconds: float) -> None:
    """The figures issue 21 sets targets for, each timed turn about with what it is held to."""
    for asked in (True, False):
        checked, unchecked, ratio = apply_against_push(asked)
        print(
            f"apply(move) {checked:.2f} µs, clone() + push(move) {unchecked:.2f} µs: "
            f"{ratio:.2f} times (turn about, median), "
            + ("after legal_moves()" if asked else "on a position whose legal moves were not asked")
        )
        if asked:
            apply_ratio = ratio
    heuristic, eager, player_ratio = heuristic_against_random_card(seconds)
    print(
        f"A move through the public API (view, choose, apply), nigerian, 2 players: heuristic "
        f"{heuristic:.1f} µs, a random playable card {eager:.1f} µs: {player_ratio:.2f} times "
        "(turn about, median)"
    )
    side = side_by_side(seconds)
    if side is not None:
        medians, ratios, rounds = side
        print(
            f"\nBeside PyPI whot 0.0.6 (2 players, random play; {rounds} alternating rounds, "
            "medians):"
        )
        for name in ("push", "apply", "whot"):
            label = "whot" if name == "whot" else f"whot_core, legal_moves() + {name}()"
            games, moves = medians[name]
            print(f"  {label:34} {games:>7,.0f} games/s {moves:>9,.0f} moves/s")
        for path in ("push", "apply"):
            print(
                f"  through {path}(), whot_core plays {ratios[path][0]:.1f} times the games a "
                f"second and {ratios[path][1]:.1f} times the moves"
            )
    print("\nTargets (issue 21):")
    target(
        f"apply() after legal_moves() at most 1.3 times clone() + push(): {apply_ratio:.2f}",
        apply_ratio <= 1.3,
    )
    if side is not None:
        moves_ratio = side[1]["apply"][1]
        target(
            f"legal_moves() + apply() at least 3.5 times whot 0.0.6's moves/s: {moves_ratio:.1f}",
            moves_ratio >= 3.5,
        )
    else:
        print("  (PyPI whot is not installed: `pip install whot==0.0.6` for the side by side)")
    target(
        f"a heuristic move at most 3 times a random playable card's: {player_ratio:.2f}",
        player_ratio <= 3,
    )


def target(text: str, met: bool) -> None:
    print(f"  {'met' if met else 'NOT MET':8} {text}")


if __name__ == "__main__":
    main()
