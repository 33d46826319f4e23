"""The Compare page's runs: two rule sets over many games on a shared pool of worker processes,
with a progress bar, cached on their settings; and their charts."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import streamlit as st

from whot_core import Rules
from whot_core.whot.app import comparison as app_comparison
from whot_core.whot.players.simulate import Comparison, compare


@st.cache_resource(show_spinner=False)
def simulation_pool():
    """The worker processes every comparison shares, made on first use (None on one core)."""
    return app_comparison.simulation_pool()


@st.cache_data(max_entries=32, show_spinner=False)
def comparison(
    toml_a: str,
    toml_b: str,
    labels: tuple[str, str],
    players: int,
    level: str,
    games: int,
    seed: int,
) -> Comparison:
    """Two rule sets on the same seeds, with a progress bar; cached on all the settings.

    The bar is made inside the function: Streamlit replays a cached function's elements on a
    hit, and it can only replay those the function itself created (it ends emptied)."""
    bar = st.progress(0.0, text="Simulating…")
    shown = [0]

    def progress(done: int, total: int) -> None:
        percent = 100 * done // total
        if percent > shown[0] or done == total:  # each whole percent: the bar keeps moving
            shown[0] = percent
            bar.progress(done / total, text=f"{done:,} of {total:,} games")

    def run(executor) -> Comparison:
        shown[0] = 0
        return compare(
            *_compared(toml_a, toml_b, players, level), games, seed,
            labels=labels, progress=progress, executor=executor,
        )  # fmt: skip

    result = _on_the_pool(run)
    bar.empty()
    return result


@st.cache_data(max_entries=16, show_spinner=False)
def comparison_until(
    toml_a: str,
    toml_b: str,
    labels: tuple[str, str],
    players: int,
    level: str,
    within: int,
    seed: int,
) -> Comparison:
    """Both rule sets, a batch of games at a time, until the leader's share is known to within
    `within` points under each; the bar shows the games so far and how closely it is known."""
    bar = st.progress(0.0, text="Simulating…")

    def progress(done: int, width: float) -> None:
        closeness = min(1.0, (within / width) ** 2)  # games needed grow as 1 / width²
        fraction = max(closeness, done / app_comparison.STOP_MAX_GAMES)
        bar.progress(
            min(fraction, 1.0),
            text=f"{done:,} games each: the leader's share is known to within ±{width:.1f} "
            f"points (the goal: ±{within})",
        )

    def run(executor) -> Comparison:
        return app_comparison.compare_until(
            *_compared(toml_a, toml_b, players, level), within, seed,
            labels=labels, progress=progress, executor=executor,
        )  # fmt: skip

    result = _on_the_pool(run)
    bar.empty()
    return result


def _compared(toml_a: str, toml_b: str, players: int, level: str) -> tuple:
    """The two rule sets and the players a comparison runs (its first three arguments)."""
    return Rules.from_toml(toml_a), Rules.from_toml(toml_b), [level] * players


def _on_the_pool(run: Callable[[Any], Comparison]) -> Comparison:
    """`run(executor)` on the shared worker pool. If a worker died (killed, out of memory), the
    pool is made anew next time and this run is done again in this process."""
    try:
        return run(simulation_pool())
    except BrokenProcessPool:
        simulation_pool.clear()
        return run(None)


@st.cache_resource(max_entries=32, show_spinner=False)
def comparison_charts(settings: tuple, large: bool, _result: Comparison) -> dict[str, Any]:
    """The four charts of a comparison, built once per settings (the result follows from them).
    plotly loads here, on first use, not when the app starts."""
    from whot_core.whot.show.figures import comparison_figures

    return comparison_figures(_result, large=large)
