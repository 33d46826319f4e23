"""`simulate` on a real Dask cluster (the `cluster` extra, installed by `make test`).

A `distributed.LocalCluster` with two worker processes stands in for a cluster of machines: the
chunks of games are pickled, sent to fresh interpreters and run there, as on any Dask cluster.
The table must be the serial one, and progress must come in game order.
"""

from __future__ import annotations

import logging
import os

from distributed import Client, LocalCluster
from pandas.testing import assert_frame_equal

from whot_core import Rules
from whot_core.whot.app.comparison import compare_until
from whot_core.whot.players import HeuristicPlayer
from whot_core.whot.players.simulate import compare, simulate


def _cluster(workers: int, processes: bool, threads: int) -> LocalCluster:
    """A quiet cluster on this machine: worker processes, or threads in this one."""
    return LocalCluster(
        n_workers=workers,
        processes=processes,
        threads_per_worker=threads,
        dashboard_address=None,
        silence_logs=logging.ERROR,
    )


def test_simulate_on_a_local_dask_cluster_gives_the_serial_table() -> None:
    rules = Rules.preset("nigerian")
    players = ["heuristic", HeuristicPlayer(), "random"]
    serial = simulate(rules, players, games=12, seed=3, chunk_size=4)
    serial_moves = simulate(rules, players, games=3, seed=3, per_move=True, chunk_size=1)
    done: list[tuple[int, int]] = []
    with (
        _cluster(workers=2, processes=True, threads=1) as cluster,
        Client(cluster) as client,
    ):
        workers = client.run(os.getpid)  # {address: pid}: two processes, neither this one
        executor = client.get_executor()
        on_cluster = simulate(
            rules,
            players,
            games=12,
            seed=3,
            chunk_size=4,
            executor=executor,
            progress=lambda *step: done.append(step),
        )
        moves = simulate(
            rules, players, games=3, seed=3, per_move=True, chunk_size=1, executor=executor
        )
        both = compare(rules, Rules.preset("british"), ["heuristic"] * 2, 6, executor=executor)
    assert len(set(workers.values())) == 2 and os.getpid() not in workers.values()
    assert_frame_equal(serial, on_cluster)
    assert_frame_equal(serial_moves, moves)
    assert done == [(4, 12), (8, 12), (12, 12)]
    alone = compare(rules, Rules.preset("british"), ["heuristic"] * 2, 6)
    assert_frame_equal(both.summary, alone.summary)


def test_compare_pages_runs_report_progress_on_a_dask_cluster() -> None:
    """The Compare page's two runs (a fixed number of games, and "until known to within ±N
    points") on a Dask executor report through the same callback as on the local pool: after
    each chunk or batch, counts rising to the total, the last call at the total."""
    rules_a, rules_b = Rules.preset("british"), Rules.preset("nigerian")
    players = ["heuristic"] * 2
    fixed: list[tuple[int, int]] = []
    until: list[tuple[int, int]] = []
    with (
        _cluster(workers=1, processes=False, threads=2) as cluster,
        Client(cluster) as client,
    ):
        executor = client.get_executor()
        both = compare(
            rules_a, rules_b, players, 8, executor=executor, chunk_size=2,
            progress=lambda *step: fixed.append(step),
        )  # fmt: skip
        known = compare_until(
            rules_a, rules_b, players, 20, executor=executor, batch=10,
            progress=lambda *step: until.append(step),
        )  # fmt: skip
    assert fixed == [(done, 16) for done in range(2, 17, 2)]
    assert until == [(10, 25), (20, 25), (25, 25)]
    assert_frame_equal(both.summary, compare(rules_a, rules_b, players, 8).summary)
    assert_frame_equal(known.summary, compare(rules_a, rules_b, players, 25).summary)
