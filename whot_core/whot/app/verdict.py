"""What a comparison found, for a reader: each measure compared deal by deal (paired tests with
95% intervals, corrected for testing them together: `paired_tests`), a plain summary of three
to five sentences (`plain_summary`), and every measure in a table (`verdict_rows`).

The two rule sets play the same deals with the same players, so each deal gives a pair of
games, and the difference is read pair by pair: the luck of the deal is the same on both sides,
which makes a real difference easier to see than with two unrelated samples.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...toolkit.significance import PairedTest, means, ratio, shares, with_corrections
from ..engine.effects import Effect
from ..players.simulate import MOVE_LIMIT, Comparison

__all__ = ["MEASURES", "Measure", "paired_tests", "plain_summary", "verdict_rows"]


@dataclass(frozen=True)
class Measure:
    """One measure of a game: its words in the table, whether it is a share of games (a yes or
    no each deal) or a number each deal, and how to read it from a table of games."""

    words: str
    share: bool
    values: Callable[[Any], Any]


def _ended(reason: str) -> Callable[[Any], Any]:
    return lambda g: (g["end_reason"] == reason).astype(float)


def _specials(g: Any) -> Any:
    return g[[f"played_{e.value}" for e in Effect]].sum(axis=1)


#: The measures tested, in the table's order. A share is in [0, 1] each deal.
MEASURES: dict[str, Measure] = {
    "leader": Measure("the leader's share of wins (deals finished under both)", True,
                      lambda g: g["first_seat_share"]),
    "moves": Measure("moves per game", False, lambda g: g["moves"]),
    "drawn": Measure("cards drawn per game", False, lambda g: g["drawn"]),
    "drawn_pick": Measure("cards drawn for pick two and pick three", False,
                          lambda g: g["drawn_pick"]),
    "drawn_general_market": Measure("cards drawn for general market", False,
                                    lambda g: g["drawn_general_market"]),
    "specials": Measure("special cards played per game (Whots apart)", False, _specials),
    "choice": Measure("share of moves offering a real choice", False,
                      lambda g: g["choice_turns"] / g["moves"].clip(lower=1)),
    "lead_changes": Measure("lead changes per game", False, lambda g: g["lead_changes"]),
    "decided_at": Measure("how far into the game the winner took the lead for good", False,
                          lambda g: g["decided_at"]),
    "check_up": Measure("share of games won by playing the last card", True,
                        _ended("check_up")),
    "count": Measure("share of games ended by a count", True, _ended("count")),
    "move_limit": Measure("share of games stopped at the move limit", True, _ended(MOVE_LIMIT)),
}  # fmt: skip


def paired_tests(result: Comparison, seed: int = 0) -> dict[str, PairedTest]:
    """Each measure of `MEASURES`, deal by deal: B against A, with its 95% interval and its p
    corrected for all of them (Benjamini–Hochberg). A deal counts for the leader's share when
    it finished under both rule sets, and for "how far into the game" when both games had a
    sole winner; a measure with no such deal is left out."""
    a, b = result.games
    tests = {}
    for key, measure in MEASURES.items():
        x, y = measure.values(a), measure.values(b)
        keep = x.notna() & y.notna()
        if key == "leader":
            keep &= (a["end_reason"] != MOVE_LIMIT) & (b["end_reason"] != MOVE_LIMIT)
        if not keep.any():
            continue
        x, y = x[keep].to_numpy(float), y[keep].to_numpy(float)
        test = shares if measure.share else means
        tests[key] = test(x, y, seed)
    return with_corrections(tests)


# ------------------------------------------------------------------------------ the summary


def _percent(share: float) -> str:
    return f"{100 * share:.0f}%"


def _points(low: float, high: float) -> str:
    """An interval of a difference in shares, in points, in words."""

    def one(value: float) -> str:
        points = round(100 * abs(value))
        side = "higher" if value > 0 else "lower"
        return "the same" if points == 0 else f"{points} point{'s' if points != 1 else ''} {side}"

    return f"anywhere from {one(low)} to {one(high)}"


def _could_be(low: float, high: float, unit: str, more: str, fewer: str) -> str:
    """A 95% interval of a difference that includes no difference, in words: "anywhere from 1
    move fewer to 18 moves more"."""

    def one(value: float) -> str:
        amount = round(abs(value))
        if amount == 0:
            return "no change"
        return f"{amount} {unit}{'s' if amount != 1 else ''} {more if value > 0 else fewer}"

    return f"anywhere from {one(low)} to {one(high)}"


def _not_clear(said: str, test: PairedTest, could: str) -> str:
    """A difference that is not clear, with how large it could be (unless it is none at all)."""
    if test.low == test.high:
        return f"{said}: no clear difference."
    return f"{said}: no clear difference ({could})."


def _between(low: float, high: float) -> str:
    """Two ends of an interval of points, whole unless that makes them one number."""
    ends = sorted(abs(v) for v in (low, high))
    if round(ends[0]) == round(ends[1]):
        return f"{ends[0]:.1f} and {ends[1]:.1f}"
    return f"{round(ends[0])} and {round(ends[1])}"


def _leader_sentence(test: PairedTest, labels: tuple[str, str], players: int) -> str:
    """The leader's share under both, and whether it differs, in words."""
    fair = _percent(1 / players)
    said = (
        f"The leader (the player who moves first in the deal) wins {_percent(test.mean_a)} of "
        f"games under {labels[0]} and {_percent(test.mean_b)} under {labels[1]} (an even share "
        f"would be {fair})"
    )
    if test.differs:
        side = "higher" if test.difference > 0 else "lower"
        between = _between(100 * test.low, 100 * test.high)
        return (
            f"{said}: a clear difference, {abs(round(100 * test.difference))} points {side} under "
            f"{labels[1]} (very likely between {between} points {side})."
        )
    if test.low == test.high:
        return f"{said}: no clear difference."
    return (
        f"{said}: no clear difference; under {labels[1]} it could be "
        f"{_points(test.low, test.high)}."
    )


def _length_sentence(result: Comparison, test: PairedTest, seed: int) -> str:
    labels = result.labels
    a, b = (g["moves"].to_numpy(float) for g in result.games)
    value, low, high = ratio(a, b, seed)
    typical = f"{_means_as_read(test.mean_b, test.mean_a, value)} moves on average"
    move = "a move is one card played or one trip to the market"
    if not test.differs:
        said = (
            f"Games last about as long under {labels[1]} as under {labels[0]} ({typical}; {move}"
            "): no clear difference"
        )
        if test.low == test.high:
            return f"{said}."
        could = _could_be(test.low, test.high, "move", "more", "fewer")
        return f"{said}; under {labels[1]} a game could be {could} on average."
    if value >= 1:
        times = f"about {value:.1f} times as long as" if value >= 1.25 else "longer than"
        span = f"very likely between {low:.2f} and {high:.2f} times"
    else:
        times = f"about {1 / value:.1f} times shorter than" if value <= 0.8 else "shorter than"
        span = f"very likely between {1 / high:.2f} and {1 / low:.2f} times shorter"
    return f"Games under {labels[1]} last {times} under {labels[0]} ({typical}, {span}; {move})."


def _means_as_read(mean_b: float, mean_a: float, value: float) -> str:
    """The two mean lengths, "143 against 58", rounded finely enough that a reader who divides
    them gets the "about N times" said beside them (the ratio of the means): 142.6 against 58.4
    is 2.4 times, but 143 against 58 would read as 2.5."""
    shown = f"{value if value >= 1 else 1 / value:.1f}"
    for digits in (0, 1, 2):
        b, a = round(mean_b, digits), round(mean_a, digits)
        if a and b and f"{max(a, b) / min(a, b):.1f}" == shown:
            break
    return f"{b:.{digits}f} against {a:.{digits}f}"


#: The draws by reason a summary may name as the source of a change in cards drawn.
_DRAW_REASONS = {
    "drawn_pick": "pick two and pick three",
    "drawn_general_market": "general market",
}


def _draws_sentence(result: Comparison, tests: dict[str, PairedTest]) -> str:
    labels = result.labels
    drawn = tests["drawn"]
    said = (
        f"In a game the players draw {drawn.mean_a:.0f} cards from the market between them "
        f"under {labels[0]} and {drawn.mean_b:.0f} under {labels[1]}"
    )
    if not drawn.differs:
        could = _could_be(drawn.low, drawn.high, "card", "more", "fewer")
        return _not_clear(said, drawn, f"it could be {could} under {labels[1]}")
    more = "more" if drawn.difference > 0 else "fewer"
    low, high = sorted(abs(v) for v in (drawn.low, drawn.high))
    span = f"{low:.0f} to {high:.0f} cards {more}"
    parts = {
        words: tests[key].difference
        for key, words in _DRAW_REASONS.items()
        if key in tests and tests[key].differs
    }
    source = max(parts, key=lambda w: abs(parts[w]), default=None)
    if source is not None and abs(parts[source]) >= abs(drawn.difference) / 2:
        share = min(1.0, parts[source] / drawn.difference)
        return f"{said} (very likely {span}); {_percent(share)} of the change comes from {source}."
    return f"{said} (very likely {span})."


def _endings_sentence(labels: tuple[str, str], tests: dict[str, PairedTest]) -> str | None:
    """Games ended by a count or stopped at the move limit, when either rule set has any."""
    said = []
    for key, words in (
        ("count", "ends by a count (the market runs out and the hands are counted)"),
        ("move_limit", "is stopped at the move limit (an unfinished game)"),
    ):
        test = tests.get(key)
        if test is None or test.mean_a == test.mean_b == 0:
            continue
        clear = "a clear difference" if test.differs else "no clear difference"
        said.append(
            f"a game {words} {_percent(test.mean_a)} of the time under {labels[0]} and "
            f"{_percent(test.mean_b)} under {labels[1]} ({clear})"
        )
    if not said:
        return None
    text = "; ".join(said)
    return f"{text[:1].upper()}{text[1:]}."


def _choice_sentence(labels: tuple[str, str], test: PairedTest) -> str:
    said = (
        f"A move offers a real choice (two or more moves are allowed) {_percent(test.mean_a)} of "
        f"the time under {labels[0]} and {_percent(test.mean_b)} under {labels[1]}"
    )
    if not test.differs:
        return _not_clear(said, test, f"{_points(test.low, test.high)} under {labels[1]}")
    side = "more" if test.difference > 0 else "less"
    return (
        f"{said}: a clear difference, {abs(round(100 * test.difference))} points {side} often "
        f"under {labels[1]} (very likely between {_between(100 * test.low, 100 * test.high)} "
        "points)."
    )


def plain_summary(
    result: Comparison, tests: dict[str, PairedTest] | None = None, seed: int = 0
) -> list[str]:
    """Three to five sentences a player understands: how long the games are, the leader's
    share, the cards drawn, how games end (when any ends otherwise than by the last card), and
    how often a move is a real choice; each with its size and how sure it is, in words."""
    tests = paired_tests(result, seed) if tests is None else tests
    labels = result.labels
    players = int(result.games[0]["players"].iloc[0])
    out = [_length_sentence(result, tests["moves"], seed)]
    if "leader" in tests:
        out.append(_leader_sentence(tests["leader"], labels, players))
    out.append(_draws_sentence(result, tests))
    endings = _endings_sentence(labels, tests)
    if endings is not None:
        out.append(endings)
    out.append(_choice_sentence(labels, tests["choice"]))
    return out


# -------------------------------------------------------------------------------- the table


def _shown(key: str, value: float, share: bool) -> str:
    if math.isnan(value):
        return "—"
    if share or key == "choice":
        return f"{100 * value:.1f}%"
    if key == "decided_at":
        return f"{100 * value:.0f}% of the way"
    return f"{value:,.1f}"


def _difference(key: str, test: PairedTest, share: bool) -> str:
    if share or key in ("choice", "decided_at"):
        return (
            f"{100 * test.difference:+.1f} points ({100 * test.low:+.1f} to {100 * test.high:+.1f})"
        )
    return f"{test.difference:+,.1f} ({test.low:+,.1f} to {test.high:+,.1f})"


def _p(value: float) -> str:
    return "below 0.001" if value < 0.001 else f"{value:.3f}"


def verdict_rows(result: Comparison, tests: dict[str, PairedTest]) -> list[dict[str, str]]:
    """The full table: one row a measure, with both values, B's difference from A and its 95%
    interval, the test, its p before and after the correction, and the verdict."""
    a, b = result.labels
    rows = []
    for key, test in tests.items():
        share = MEASURES[key].share
        rows.append(
            {
                "measure": MEASURES[key].words,
                a: _shown(key, test.mean_a, share),
                b: _shown(key, test.mean_b, share),
                "difference (95% interval)": _difference(key, test, share),
                "test": test.method,
                "p": _p(test.p),
                "p, corrected": _p(test.adjusted),
                "clear?": "yes" if test.differs else "no",
            }
        )
    return rows
