"""The Compare page: the rule sets a comparison may use (`comparison_choices`, `choice_rules`)
and the worker processes its games are shared among (`simulation_pool`)."""

from __future__ import annotations

import math
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ..engine.rules import Rules
from ..players.simulate import SUMMARY_ROWS
from .controls import field_label

__all__ = [
    "MAX_WORKERS",
    "choice_rules",
    "comparison_choices",
    "measure_rows",
    "simulation_pool",
    "usable_cores",
]


#: The most worker processes a comparison uses: enough for a classroom laptop, few enough that a
#: shared server is not taken over by one reader.
MAX_WORKERS = 4


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # macOS and Windows have no affinity call
        return os.cpu_count() or 1


def simulation_pool(cores: int | None = None) -> ProcessPoolExecutor | None:
    """Worker processes for comparisons, one a core up to `MAX_WORKERS`; None on one core.

    `simulate` gives the same table on any executor, so a pool changes only how long the reader
    waits. The workers are spawned, not forked: the app's server runs threads, and forking a
    process with threads can deadlock the child. They start at once and load `whot_core`, which
    takes about a second, so that the first comparison does not wait for them.
    """
    workers = min(usable_cores() if cores is None else cores, MAX_WORKERS)
    if workers < 2:
        return None
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"))
    for _ in range(workers):  # a worker starts only when a task finds none idle
        pool.submit(_loaded)
    return pool


def _loaded() -> bool:
    """A task for a new worker: unpickling it has imported this module, and so the engine."""
    return True


def comparison_choices(rules: Rules, preset: str) -> dict[str, str]:
    """The rule sets a comparison may use, {key: label}: yours, each preset, and yours with one
    on/off toggle flipped (only flips the engine accepts and that change the games: not defence
    without a pick card, say)."""
    out = {"yours": f"Your rules ({_changed(rules, preset)})"}
    out |= {f"preset:{name}": Rules.preset_info(name)["title"] for name in Rules.presets()}
    for f in Rules.fields():
        if f.kind is bool:
            flipped = not getattr(rules, f.name)
            try:
                other = rules.replace(**{f.name: flipped})
            except ValueError:
                continue
            if f.name in rules.idle_toggles() or f.name in other.idle_toggles():
                continue
            switched = "switched on" if flipped else "switched off"
            out[f"flip:{f.name}"] = f"Your rules with {field_label(f.name).lower()} {switched}"
    return out


def _changed(rules: Rules, preset: str) -> str:
    n = len(rules.diff(Rules.preset(preset)))
    return f"{preset}" if n == 0 else f"{preset} with {n} change{'s' if n > 1 else ''}"


def choice_rules(key: str, rules: Rules) -> Rules:
    """The rules behind a `comparison_choices` key."""
    if key == "yours":
        return rules
    kind, _, name = key.partition(":")
    if kind == "preset":
        return Rules.preset(name)
    if kind == "flip":
        return rules.replace(**{name: not getattr(rules, name)})
    raise ValueError(f"unknown rule set {key!r}")


def _is_share(key: str) -> bool:
    """A measure that is a share of games (0 to 1), not a count or a mean."""
    return key.endswith(("_share", "_rate", "_ci_low", "_ci_high")) or key == "fair_share"


def _measure_label(key: str) -> str:
    label = SUMMARY_ROWS.get(key, key)
    if key.endswith("_share") and key != "fair_share":
        return f"share of {label}"
    return label


def measure_rows(summary: Any) -> list[dict[str, str]]:
    """The Compare page's table of every measure, one row each: a share of games reads as a
    percentage and says "share" (the simulator's labels read like counts), a count as a whole
    number, a mean with one decimal. `summary` is `Comparison.summary` (measures by rule set)."""
    rows = []
    for key in summary.index:
        row = {"measure": _measure_label(key)}
        for label in summary.columns:
            value = float(summary.loc[key, label])
            if math.isnan(value):
                row[label] = "—"
            elif _is_share(key):
                row[label] = f"{value:.1%}"
            elif key == "games":
                row[label] = f"{value:,.0f}"
            else:
                row[label] = f"{value:,.1f}"
        rows.append(row)
    return rows
