"""How long the Compare page's heuristic comparisons take, and how often its progress moves.

    .venv/bin/python benchmarks/compare_speed.py [--games 1000 5000]

`compare` of `nigerian` against `british`, two heuristic players, on the page's worker pool
(`app.simulation_pool`, one process a core up to four), started and loaded before the clock
starts, as the page starts it when it opens; pandas is loaded first too, as in the app's process
(the tables are DataFrames), so that its import is not counted in the first comparison. For
each size: the seconds for both runs, the longest wait between two progress reports (the
page's bar moves at most once a report), and the seconds for what the page then works out and
draws: the paired tests of every measure, the plain summary, the charts and their readings
(scipy and plotly loaded before the clock, as in a page that has run once).
Issue 21's targets: 2 x 1,000 games in at most 1.5 s on two cores, 2 x 5,000 in at most 8 s,
the bar moving at least once a second.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from whot_core import Rules
from whot_core.whot.app.comparison import simulation_pool, usable_cores
from whot_core.whot.players.simulate import compare

#: The targets: games a rule set, the most seconds for both runs.
TARGETS = {1000: 1.5, 5000: 8.0}


def timed_compare(games: int, pool) -> tuple[float, float, float]:
    """Seconds for `compare` of 2 x `games`, the longest gap between progress reports (counting
    from the start), and the seconds for the page's statistics, summary and charts."""
    reports: list[float] = []
    start = time.perf_counter()
    result = compare(
        Rules.preset("nigerian"),
        Rules.preset("british"),
        ["heuristic"] * 2,
        games,
        executor=pool,
        progress=lambda done, total: reports.append(time.perf_counter()),
    )
    elapsed = time.perf_counter() - start
    gaps = [b - a for a, b in zip([start, *reports], reports, strict=False)]
    return elapsed, max(gaps), analysis_seconds(result)


def analysis_seconds(result) -> float:
    """What the Compare page does with a result: the tests, the summary, every chart."""
    from whot_core.whot.app import readings as app_readings
    from whot_core.whot.app import verdict as app_verdict
    from whot_core.whot.players.rule_measures import seat_shares
    from whot_core.whot.show import measure_figures as mf
    from whot_core.whot.show.figures import comparison_figures

    start = time.perf_counter()
    tests = app_verdict.paired_tests(result, 1)
    app_verdict.plain_summary(result, tests, 1)
    comparison_figures(result)
    labels, games = result.labels, result.games
    mf.seats_figure(labels, [seat_shares(g) for g in games])
    mf.choice_figure(labels, [tests["choice"].mean_a, tests["choice"].mean_b])
    mf.lead_changes_figure(games, labels)
    mf.decided_figure(games, labels)
    app_readings.seats_reading(result)
    readings = ("endings_reading", "lead_reading", "choice_reading", "decided_reading")
    for reading in readings:
        getattr(app_readings, reading)(result, tests)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[1000, 5000])
    args = parser.parse_args()
    import pandas  # noqa: F401  (loaded before the clock, as in the app, which shows DataFrames)
    import plotly.graph_objects  # noqa: F401
    import scipy.stats  # noqa: F401

    pool = simulation_pool()
    workers = 1 if pool is None else pool._max_workers
    if pool is not None:
        for future in [pool.submit(time.sleep, 0.2) for _ in range(workers)]:
            future.result()  # every worker up and loaded, as when the page opened a while ago
    print(f"Compare, heuristic players, {usable_cores()} cores, {workers} worker(s)")
    for games in args.games:
        elapsed, gap, analysis = timed_compare(games, pool)
        line = (
            f"  2 x {games:,} games: {elapsed:.2f} s, {2 * games / elapsed:,.0f} games/s, "
            f"longest wait between progress reports {gap:.2f} s; then tests, summary and "
            f"charts {analysis:.2f} s"
        )
        if games in TARGETS:
            met = elapsed <= TARGETS[games] and gap <= 1.0
            line += f"  [{'met' if met else 'NOT MET'}: at most {TARGETS[games]} s, 1 s]"
        print(line)
    if pool is not None:
        pool.shutdown()


if __name__ == "__main__":
    main()
