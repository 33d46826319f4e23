"""What a comparison costs on a Dask cluster: seconds per thousand games, and a million's worth.

    .venv/bin/python benchmarks/cluster_speed.py [--games 1000] [--workers 2]

A `distributed.LocalCluster` of worker processes (one thread each) on this machine plays
`compare` of `british` against `nigerian`, two heuristic players, `--games` a rule set, through
`client.get_executor()`: the code README shows for a million games, at a size this machine plays
in a minute. The cluster is started and its workers loaded before the clock starts. The million
is extrapolated from the measured rate (games are independent, so the cost grows in proportion);
it was not played.
"""

from __future__ import annotations

import argparse
import logging
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from distributed import Client, LocalCluster

from whot_core import Rules
from whot_core.whot.players.simulate import compare


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games a rule set")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--chunk-size", type=int, default=50)
    args = parser.parse_args()
    with (
        LocalCluster(
            n_workers=args.workers,
            processes=True,
            threads_per_worker=1,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        ) as cluster,
        Client(cluster) as client,
    ):
        client.run(lambda: __import__("whot_core.whot.players.simulate"))  # load, as a warm cluster
        reports: list[float] = []
        start = time.perf_counter()
        compare(
            Rules.preset("british"),
            Rules.preset("nigerian"),
            ["heuristic"] * 2,
            args.games,
            executor=client.get_executor(),
            chunk_size=args.chunk_size,
            progress=lambda done, total: reports.append(time.perf_counter()),
        )
        elapsed = time.perf_counter() - start
    games = 2 * args.games
    per_thousand = elapsed / games * 1000
    gap = max(b - a for a, b in zip([start, *reports], reports, strict=False))
    print(
        f"Dask LocalCluster, {args.workers} worker processes: 2 x {args.games:,} heuristic games "
        f"in {elapsed:.1f} s, {per_thousand:.2f} s per thousand games (longest wait between "
        f"progress reports {gap:.2f} s)"
    )
    minutes = per_thousand * 1000 / 60
    print(
        f"  a million games at that rate (extrapolated, not played): {minutes:,.0f} minutes on "
        f"{args.workers} workers; the time falls in proportion to the workers"
    )


if __name__ == "__main__":
    main()
