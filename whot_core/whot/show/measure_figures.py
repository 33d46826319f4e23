"""The charts of what a rule set does to a game, beyond length and endings: the balance of every
seat, how often a move is a real choice, how the lead changes hands and when the winner becomes
clear, how much skill matters, and what each special card is worth.

Each chart draws numbers the caller has worked out (`players.rule_measures`, the per-game
table of `players.simulate`), in the look of `show.figures`: a plain title, labelled axes, a
text label on every bar, and patterns as well as colours.

    >>> fig = seats_figure(("A", "B"), [[0.6, 0.4], [0.5, 0.5]])
    >>> [trace.name for trace in fig.data]
    ['A', 'B', 'even share 50%']
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import plotly.graph_objects as go

from ..engine.effects import Effect
from .figures import FONT, _bar_style, _fair_line, _style

__all__ = [
    "choice_figure",
    "decided_figure",
    "lead_changes_figure",
    "seats_figure",
    "skill_figure",
    "worth_figure",
]


def _order(position: int) -> str:
    if position == 0:
        return "the leader (1st to move)"
    suffix = {1: "nd", 2: "rd"}.get(position, "th")
    return f"{position + 1}{suffix} to move"


def clear_of_line(values: Sequence[float], line: float, room: float = 0.1) -> list[str]:
    """Where each bar's label goes so that the dashed line at `line` never crosses it: above
    the bar, unless the bar ends just under the line (its label would sit on the line); then
    inside the bar, under its top. `room` is a label's height, as a share of the axis."""
    return ["inside" if line - room < value < line else "outside" for value in values]


def _text_size(fig: go.Figure, large: bool) -> go.Figure:
    """Bar labels at the axis' size: plotly would shrink them to a bar's width."""
    fig.update_layout(uniformtext={"minsize": FONT[bool(large)], "mode": "show"})
    return fig


def seats_figure(
    labels: Sequence[str], shares: Sequence[Sequence[float]], *, large: bool = False
) -> go.Figure:
    """The share of wins of every seat in order of play (`rule_measures.seat_shares`), the rule
    sets side by side, against an even share."""
    fig = go.Figure()
    for i, (label, row) in enumerate(zip(labels, shares, strict=True)):
        fig.add_trace(
            go.Bar(
                name=label,
                x=[_order(k) for k in range(len(row))],
                y=list(row),
                text=[f"{s:.0%}" for s in row],
                textposition=clear_of_line(row, 1 / len(row)),
                cliponaxis=False,
                marker=_bar_style(i),
            )
        )
    fair = 1 / len(shares[0])
    _fair_line(fig, fair, f"even share {fair:.0%}")
    _style(
        fig, "Is every seat's chance the same?", "seat, in order of play", "share of wins", large
    )
    fig.update_layout(barmode="group")
    fig.update_yaxes(range=[0, 1], tickformat=".0%")
    return _text_size(fig, large)


def _two_bars(
    labels: Sequence[str],
    values: Sequence[float],
    text: Sequence[str],
    title: str,
    y: str,
    large: bool,
    errors: tuple[Sequence[float], Sequence[float]] | None = None,
) -> go.Figure:
    """One bar a rule set, labelled, with error bars when given (lows, highs)."""
    bar: dict[str, Any] = {}
    if errors is not None:
        lows, highs = errors
        bar["error_y"] = {
            "type": "data",
            "symmetric": False,
            "array": [h - v for v, h in zip(values, highs, strict=True)],
            "arrayminus": [v - lo for v, lo in zip(values, lows, strict=True)],
            "thickness": 3,
            "width": 12,
        }
    fig = go.Figure()
    for i, (label, value) in enumerate(zip(labels, values, strict=True)):
        one = {key: {**spec, **{k: [spec[k][i]] for k in ("array", "arrayminus")}}
               for key, spec in bar.items()}  # fmt: skip
        fig.add_trace(
            go.Bar(name=label, x=[label], y=[value], marker=_bar_style(i), showlegend=False, **one)
        )
    _style(fig, title, "rules", y, large)
    ticks = [f"{label}<br>{words}" for label, words in zip(labels, text, strict=True)]
    fig.update_xaxes(tickvals=list(labels), ticktext=ticks)
    return fig


def choice_figure(labels: Sequence[str], shares: Sequence[float], *, large=False) -> go.Figure:
    """The share of moves offering a real choice (two or more moves allowed), per rule set."""
    fig = _two_bars(
        labels, shares, [f"{s:.0%}" for s in shares],
        "How often does a move offer a real choice?", "share of moves", large,
    )  # fmt: skip
    fig.update_yaxes(range=[0, 1], tickformat=".0%")
    return fig


#: The lead changes a game counts up to on the chart: more share the last bar.
LEAD_CHANGES_CAP = 20


def lead_changes_figure(games: Sequence[Any], labels: Sequence[str], *, large=False) -> go.Figure:
    """How many times the lead (the fewest cards, held alone) changed hands in a game: the
    share of games with each number, one series a rule set."""
    fig = go.Figure()
    for i, (label, table) in enumerate(zip(labels, games, strict=True)):
        counts = table["lead_changes"].clip(upper=LEAD_CHANGES_CAP)
        counts = counts.value_counts(normalize=True).sort_index()
        fig.add_trace(
            go.Bar(
                name=f"{label} (average {table['lead_changes'].mean():.1f})",
                x=[int(k) for k in counts.index],
                y=list(counts),
                marker=_bar_style(i),
                hovertemplate=f"{label}: %{{y:.0%}} of games with %{{x}} changes<extra></extra>",
            )
        )
    title = "How often the lead changes hands"
    _style(fig, title, "lead changes in a game", "share of games", large)
    fig.update_layout(barmode="group")
    fig.update_yaxes(tickformat=".0%")
    # Games of 20 changes or more share the last bar, and its tick says so ("20+"): plotly's
    # own ticks stopped at 15 and left the 20 unnamed.
    ticks = list(range(0, LEAD_CHANGES_CAP + 1, 5))
    fig.update_xaxes(
        tickvals=ticks,
        ticktext=[f"{t}+" if t == LEAD_CHANGES_CAP else str(t) for t in ticks],
        range=[-0.5, LEAD_CHANGES_CAP + 1.5],  # room for "20+" inside a phone's chart
    )
    return fig


def decided_figure(games: Sequence[Any], labels: Sequence[str], *, large=False) -> go.Figure:
    """When the winner took the lead for good, as the share of the game gone: a histogram a
    rule set, in tenths of the game, over the deals with a sole winner under both (those the
    page's sentence and its paired test compare), each named with its average, the sentence's
    figure."""
    fig = go.Figure()
    both = games[0]["decided_at"].notna().to_numpy() & games[1]["decided_at"].notna().to_numpy()
    for i, (label, table) in enumerate(zip(labels, games, strict=True)):
        decided = table["decided_at"][both]
        fig.add_trace(
            go.Histogram(
                name=f"{label} (average {decided.mean():.0%})" if len(decided) else label,
                x=list(decided),
                xbins={"start": 0, "end": 1.0001, "size": 0.1},
                histnorm="probability",
                marker=_bar_style(i),
                opacity=0.75,
            )
        )
    # the axis short: wrapped on three lines it squashed the chart on a projector
    title = "How late does the winner take the lead for good?"
    x = "share of the game gone"
    _style(fig, title, x, "share of games", large)
    fig.update_layout(barmode="group")
    fig.update_xaxes(tickformat=".0%", range=[0, 1])
    fig.update_yaxes(tickformat=".0%")
    return fig


def skill_figure(labels: Sequence[str], shares: Sequence[Any], *, large=False) -> go.Figure:
    """The stronger player's share of wins against the weaker one under each rule set
    (`rule_measures.skill_share`), with 95% intervals, against an even share."""
    values = [s.share for s in shares]
    fig = _two_bars(
        labels, values, [f"{s.share:.0%} ({s.low:.0%} to {s.high:.0%})" for s in shares],
        "How much does skill matter?", "the stronger player's share of wins", large,
        errors=([s.low for s in shares], [s.high for s in shares]),
    )  # fmt: skip
    _fair_line(fig, 0.5, "even share 50%: skill would not matter")
    fig.update_yaxes(range=[0, 1], tickformat=".0%")
    return fig


def worth_figure(
    labels: Sequence[str], worth: Sequence[Mapping[Effect, Any]], *, large=False
) -> go.Figure:
    """Each special card's worth (`rule_measures.special_worth`): the share of wins of a
    player who may not use it, against an even share, one series a rule set."""
    fig = go.Figure()
    for i, (label, shares) in enumerate(zip(labels, worth, strict=True)):
        if not shares:
            continue
        effects = list(shares)
        values = [shares[e].share for e in effects]
        fig.add_trace(
            go.Bar(
                name=label,
                x=[e.title for e in effects],
                y=values,
                text=[f"{v:.0%}" if not math.isnan(v) else "—" for v in values],
                textposition="inside",
                error_y={
                    "type": "data",
                    "symmetric": False,
                    "array": [shares[e].high - shares[e].share for e in effects],
                    "arrayminus": [shares[e].share - shares[e].low for e in effects],
                    "thickness": 3,
                },
                marker=_bar_style(i),
            )
        )
    _fair_line(fig, 0.5, "even share 50%: the card is worth nothing")
    title = "What is each special card worth?"
    y = "share of wins of a player who may not use it"
    _style(fig, title, "special card", y, large)
    fig.update_layout(barmode="group")
    fig.update_yaxes(range=[0, 1], tickformat=".0%")
    return _text_size(fig, large)
