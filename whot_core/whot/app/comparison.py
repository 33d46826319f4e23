"""The Compare page: the rule sets a comparison may use (`comparison_choices`, `choice_rules`),
the worker processes its games are shared among (`simulation_pool`), a comparison that runs
until the leader's share is known closely enough (`compare_until`, whose number of games is
fixed in advance by `games_needed`), and the table of every measure (`measure_rows`)."""

from __future__ import annotations

import math
import multiprocessing
import os
import re
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from statistics import NormalDist
from typing import Any

from ..engine.rules import Rules
from ..players.simulate import MOVE_LIMIT, SUMMARY_ROWS, Comparison, simulate, summarize
from .controls import field_label

__all__ = [
    "MAX_WORKERS",
    "STOP_BATCH",
    "STOP_MAX_GAMES",
    "choice_rules",
    "compare_until",
    "comparison_choices",
    "games_needed",
    "leader_half_width",
    "measure_rows",
    "short_labels",
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
    pool = ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_start_worker,
    )
    for _ in range(workers):  # a worker starts only when a task finds none idle
        pool.submit(_loaded)
    return pool


def _start_worker() -> None:
    """A worker's start: load the players and the simulation, then freeze what is loaded out
    of the garbage collector's sight, and collect less often. A game makes many short-lived
    tuples and lists (a game's log is a chain of tuples, never a cycle), so the default
    collector runs every few hundred of them and walks every module object each time: about a
    tenth of a heuristic game's time (benchmarks/compare_speed.py). Cycles are still collected,
    every 50,000 new objects instead of every 700."""
    import gc

    from ..players import simulate  # noqa: F401  (loaded for the freeze)

    gc.freeze()
    gc.set_threshold(50_000, 20, 20)


def _loaded() -> bool:
    """A task for a new worker: unpickling it has imported this module, and so the engine."""
    return True


def comparison_choices(rules: Rules, preset: str) -> dict[str, str]:
    """The rule sets a comparison may use, {key: label}: yours, each preset, and yours with one
    on/off toggle flipped (only flips the engine accepts and that change the games: not defence
    without a pick card, say)."""
    out = {"yours": f"Your rules: {_changed(rules, preset)}"}
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
    title = Rules.preset_info(preset)["title"]
    return title if n == 0 else f"{title}, with {n} change{'s' if n > 1 else ''}"


def short_labels(key_a: str, key_b: str, rules: Rules, preset: str) -> tuple[str, str]:
    """The two rule sets' names as the summary and the charts say them, for two
    `comparison_choices` keys: short and plain ("Nigerian", "Nigerian with defence on"), without
    the source in brackets. Two names that come out alike name the same rules (the page then
    asks for two different ones); two different rule sets alike when short keep their full
    names."""
    names = (_short_name(key_a, rules, preset), _short_name(key_b, rules, preset))
    if names[0] == names[1] and choice_rules(key_a, rules) != choice_rules(key_b, rules):
        choices = comparison_choices(rules, preset)
        return choices[key_a], choices[key_b]
    return names


def _short_name(key: str, rules: Rules, preset: str) -> str:
    kind, _, name = key.partition(":")
    if kind == "preset":
        return _plain_title(name)
    changes = len(rules.diff(Rules.preset(preset)))
    if changes == 0:  # your rules are the preset's: say its name
        yours = _plain_title(preset)
    else:
        yours = f"Your rules ({_plain_title(preset)}, {changes} change{'s' * (changes > 1)})"
    if kind == "yours":
        return yours
    if kind == "flip":
        return f"{yours} with {_switched(name, not getattr(rules, name))}"
    raise ValueError(f"unknown rule set {key!r}")


def _plain_title(preset: str) -> str:
    """A preset's title without its source in brackets: "British (Waddingtons rulebook)" is
    "British"."""
    return re.sub(r" \([^)]*\)", "", Rules.preset_info(preset)["title"])


def _switched(field: str, on: bool) -> str:
    """A toggle as flipped, in words: "defence on"; a longer rule in quotation marks, so that
    its last word and "on" do not run together ("“stars count double” off")."""
    label = field_label(field).lower()
    said = label if len(label.split()) <= 2 else f"“{label}”"
    return f"{said} {'on' if on else 'off'}"


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


# ------------------------------------------------------------------ run until the share is known

#: Games each rule set plays between two progress reports.
STOP_BATCH = 200
#: The most games each rule set plays (a decision, so that a run always ends): at an even
#: share, 9,604 finished games know it to within 1 point.
STOP_MAX_GAMES = 10_000


def leader_half_width(games) -> float:
    """Half the width of the Wilson 95% interval of the leader's share of wins, in points
    (percent); infinite when no game finished."""
    row = summarize(games)
    low, high = row["first_seat_ci_low"], row["first_seat_ci_high"]
    return math.inf if math.isnan(low) else 100 * (high - low) / 2


def games_needed(within: float) -> int:
    """The finished games that know any share to within `within` points at 95%: the interval
    is widest at an even share, where its half-width is at most 1.96 x sqrt(1/4 / n), so
    n = (1.96 / (2 x within / 100))², rounded up. The number is fixed before a game is
    played: stopping when the interval first looks narrow enough would stop on the runs that
    happen to look narrow, and the stated error would no longer hold."""
    if not within > 0:
        raise ValueError(f"within must be a positive number of points, not {within!r}")
    z = NormalDist().inv_cdf(0.975)
    return math.ceil((z / (2 * within / 100)) ** 2)


def compare_until(
    rules_a: Rules,
    rules_b: Rules,
    players: Sequence[Any],
    within: float,
    seed: int = 0,
    *,
    labels: tuple[str, str] = ("A", "B"),
    batch: int = STOP_BATCH,
    max_games: int = STOP_MAX_GAMES,
    executor: Executor | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Comparison:
    """Play both rule sets on the same deals, `batch` games at a time, until each has finished
    `games_needed(within)` games (a game stopped at the move limit does not count), or
    `max_games` games each: then the leader's share is known to within `within` points under
    each, whatever it is. The games are numbered on from batch to batch, so the result is
    exactly `compare(..., games=n)` for the `n` games played. `progress(games each so far,
    games needed)` is called after each batch."""
    needed = games_needed(within)
    if batch < 1 or max_games < 1:
        raise ValueError("batch and max_games must be at least 1")
    import pandas as pd

    tables: list[list] = [[], []]
    done, finished = 0, 0
    while done < max_games and finished < needed:
        size = min(batch, needed - finished, max_games - done)
        for run, rules in enumerate((rules_a, rules_b)):
            tables[run].append(
                simulate(rules, players, size, seed, executor=executor, first_game=done)
            )
        done += size
        joined = [pd.concat(parts, ignore_index=True) for parts in tables]
        finished = min(int((g["end_reason"] != MOVE_LIMIT).sum()) for g in joined)
        if progress is not None:
            progress(done, needed)
    summary = pd.DataFrame({label: summarize(t) for label, t in zip(labels, joined, strict=True)})
    summary.index.name = "measure"
    return Comparison(tuple(labels), (rules_a, rules_b), tuple(joined), summary)


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
