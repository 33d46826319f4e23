"""The Compare page's runs: two rule sets over many games on a shared pool of worker processes,
with a progress bar, cached on their settings; and their charts."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import streamlit as st

from whot_core import Rules
from whot_core.whot.app import comparison as app_comparison
from whot_core.whot.app import readings as app_readings
from whot_core.whot.app import verdict as app_verdict
from whot_core.whot.players.rule_measures import skill_share, special_worth
from whot_core.whot.players.simulate import Comparison, compare

#: Games a rule set plays for "how much skill matters", and for each special card's worth (a
#: decision: about ±3 and ±5 points on a share, in seconds on a laptop's cores).
SKILL_GAMES = 1000
WORTH_GAMES = 400


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

    def progress(done: int, needed: int) -> None:
        bar.progress(
            min(done / needed, 1.0),
            text=f"{done:,} of {needed:,} games each: the number that knows the leader's share "
            f"to within ±{within} points, whatever it is",
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
def comparison_tests(settings: tuple, _result: Comparison) -> dict[str, Any]:
    """The paired tests of every measure, worked out once per settings (the result follows
    from them); seeded by the comparison's seed."""
    return app_verdict.paired_tests(_result, settings[6])


@st.cache_resource(max_entries=32, show_spinner=False)
def comparison_charts(settings: tuple, large: bool, _result: Comparison) -> dict[str, Any]:
    """The charts of a comparison, each with its one-line reading, built once per settings.
    plotly loads here, on first use, not when the app starts."""
    from whot_core.whot.players.rule_measures import seat_shares
    from whot_core.whot.show import measure_figures as mf
    from whot_core.whot.show.figures import comparison_figures

    tests = comparison_tests(settings, _result)
    labels, games = _result.labels, _result.games
    basic = comparison_figures(_result, large=large)
    choice = [tests["choice"].mean_a, tests["choice"].mean_b]
    return {
        "length": (basic["length"], None),
        "first_seat": (basic["first_seat"], None),
        "seats": (
            mf.seats_figure(labels, [seat_shares(g) for g in games], large=large),
            app_readings.seats_reading(_result),
        ),
        "endings": (basic["endings"], app_readings.endings_reading(_result, tests)),
        "draws": (basic["draws"], None),
        "choice": (
            mf.choice_figure(labels, choice, large=large),
            app_readings.choice_reading(_result, tests),
        ),
        "lead": (
            mf.lead_changes_figure(games, labels, large=large),
            app_readings.lead_reading(_result, tests),
        ),
        "decided": (
            mf.decided_figure(games, labels, large=large),
            app_readings.decided_reading(_result, tests),
        ),
    }


@st.cache_data(max_entries=16, show_spinner=False)
def skill_and_worth(toml_a: str, toml_b: str, labels: tuple[str, str], seed: int, large: bool):
    """How much skill matters and what each special card is worth under both rule sets: the
    two charts with their readings. Games of their own, two players each, with a progress bar."""
    from whot_core.whot.show import measure_figures as mf

    rules = (Rules.from_toml(toml_a), Rules.from_toml(toml_b))
    bar = st.progress(0.0, text="Skill: the heuristic player against the random one…")

    def run(executor):
        skill = [skill_share(r, SKILL_GAMES, seed, executor=executor) for r in rules]
        bar.progress(0.4, text="What each special card is worth…")
        worth = [special_worth(r, WORTH_GAMES, seed, executor=executor) for r in rules]
        return skill, worth

    skill, worth = _on_the_pool(run)
    bar.empty()
    shares = [s for s, _ in skill]
    test = app_readings.skill_test([table for _, table in skill], seed)
    return {
        "skill": (
            mf.skill_figure(labels, shares, large=large),
            app_readings.skill_reading(labels, shares, test),
        ),
        "worth": (
            mf.worth_figure(labels, worth, large=large),
            app_readings.worth_reading(labels, worth),
        ),
    }
