"""Charts for the notebooks and the app: plotly figures built by pure functions from the core's
data (a comparison of two rule sets, a search's statistics). Scoring's count and a match's
running totals are SVG pictures (`score_pictures`), as the search chart Watch shows is
(`search_picture`): no charting library for the browser to load.

Every figure has a plain title and labelled axes, and `large=True` sets fonts for a projector.
Nothing rests on colour alone: each bar carries a text label, and where two series share a chart
they differ in fill pattern too (one is hatched). The colours are the Okabe-Ito palette, which
colour-blind readers can tell apart.

plotly is an optional extra (`app`, `notebooks`): this module imports it, `import whot_core` does
not import this module.

    >>> fig = search_figure({"simulations": 2, "moves": [
    ...     {"move": "draw", "visits": 2, "share": 1.0, "win_rate": 0.5}]})
    >>> fig.data[0].text
    ('100% (2)',)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

import plotly.graph_objects as go
import plotly.io as pio
from plotly.subplots import make_subplots

from ..engine.events import DrawReason
from .search_picture import search_moves, search_rows

__all__ = [
    "COLOURS",
    "comparison_figures",
    "draws_figure",
    "endings_figure",
    "first_seat_figure",
    "length_figure",
    "search_figure",
]

#: Okabe-Ito colours: blue, orange, bluish green, vermillion, reddish purple, sky blue, yellow.
COLOURS = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442")
#: Fill patterns for the series sharing a chart: the first is solid, the others hatched.
PATTERNS = ("", "/", "x", ".", "\\", "+", "-")
FONT = {False: 15, True: 22}  # base font size: screen, projector
#: The colour of every word on a chart: the page's own dark text. Streamlit's theme draws the
#: axes' words grey (about 3.7:1 on white), which washes out on a projector.
INK = "#262730"
ENDINGS = {
    "check_up": "check up (a player went out)",
    "count": "count (the market ran dry)",
    "move_limit": "stopped at the move limit",
}
DRAW_LABELS = {
    DrawReason.MARKET: "went to market",
    DrawReason.PICK: "pick two / pick three",
    DrawReason.GENERAL_MARKET: "general market",
    DrawReason.EVERYONE_PICKS_TWO: "everyone picks two (a 4)",
    DrawReason.ANNOUNCEMENT: "missed announcement",
}


@cache
def _white() -> go.layout.Template:
    """plotly's "plotly_white" look for the kinds of trace drawn here, made once. Naming the
    whole template on a figure has plotly check its defaults for two dozen kinds of trace, a
    fifth of a second for the four charts of a comparison; this one is checked in a fraction
    of that."""
    white = pio.templates["plotly_white"]
    return go.layout.Template(
        layout=white.layout,
        data={kind: white.data[kind] for kind in ("bar", "histogram", "scatter")},
    )


#: The most characters in a line of a chart's title and of an axis title: plotly never wraps a
#: title, and a longer line runs off a phone's chart (or a projector's, in large print).
TITLE_LINE, AXIS_LINE = 34, 26


def lines(text: str, most: int) -> str:
    """`text` broken into lines of at most `most` characters (between words), as plotly writes a
    line break: `<br>`."""
    out: list[str] = []
    for word in text.split():
        if out and len(out[-1]) + 1 + len(word) <= most:
            out[-1] += " " + word
        else:
            out.append(word)
    return "<br>".join(out)


def _style(fig: go.Figure, title: str, x: str, y: str, large: bool) -> go.Figure:
    """The common look: white background, the title, both axis labels, fonts by `large`; the
    titles in short lines, so that none runs off a narrow chart.

    The title hangs from the chart's top edge, a title's height down (`pad`), and the plot
    starts under its last line (`margin`): anchored at the edge itself, plotly draws a title of
    two lines or more one line above it, where the chart cuts it off. The legend lies under
    the chart in rows (beside it, it took half a phone's width from the plot), with room for
    one row an entry: a narrow chart writes one a row."""
    size = FONT[bool(large)]
    entries = sum(1 for t in fig.data if t.name and t.showlegend is not False)
    legend_rows = min(max(entries, 1), 3)  # a line added later may bring a legend of one
    x_lines = lines(x, AXIS_LINE).count("<br>") + 1
    heading = lines(title, TITLE_LINE)
    title_size = round(size * 1.3)
    title_lines = heading.count("<br>") + 1
    fig.update_layout(
        template=_white(),
        title={
            "text": heading,
            "font": {"size": title_size, "color": INK},
            "automargin": True,
            "yref": "container",
            "y": 1,
            "yanchor": "top",
            "pad": {"t": title_size},
        },
        margin={
            "t": round(title_size * (1.3 * title_lines + 1.6)),
            "b": round(size * (3.2 + 1.3 * x_lines + 1.5 * legend_rows)),
        },
        font={"size": size, "color": INK},
        xaxis_title=lines(x, AXIS_LINE),
        yaxis_title=lines(y, AXIS_LINE),
        legend={
            "font": {"size": size, "color": INK},
            "orientation": "h",
            "yref": "container",
            "y": 0,
            "yanchor": "bottom",
            "x": 0,
            "xanchor": "left",
        },
    )
    # Every axis's tick labels and title at the figure's size and in dark ink, set on the axes
    # themselves: a theme (Streamlit's) draws them smaller and grey otherwise, unreadable on a
    # projector.
    axis_fonts = {
        "tickfont": {"size": size, "color": INK},
        "title_font": {"size": size, "color": INK},
    }
    fig.update_xaxes(**axis_fonts)
    fig.update_yaxes(**axis_fonts)
    return fig


def _percent(value: float | None) -> str:
    return "—" if value is None or math.isnan(value) else f"{value:.0%}"


# -------------------------------------------------------------------------------- comparison


def comparison_figures(comparison: Any, *, large: bool = False) -> dict[str, go.Figure]:
    """Four charts of `simulate.compare`'s result, by key:

    - `length`: how many moves the games took, one histogram per rule set;
    - `first_seat`: the leader's share of the wins with its Wilson 95% interval, against the
      even share (1 / players), named in the legend;
    - `endings`: how the games ended (check up, count, move limit), as shares;
    - `draws`: cards drawn per game, by reason.
    """
    return {
        "length": length_figure(comparison, large=large),
        "first_seat": first_seat_figure(comparison, large=large),
        "endings": endings_figure(comparison, large=large),
        "draws": draws_figure(comparison, large=large),
    }


def _bar_style(i: int) -> dict[str, Any]:
    return {
        "color": COLOURS[i % len(COLOURS)],
        "pattern": {"shape": PATTERNS[i % len(PATTERNS)], "fillmode": "overlay"},
        "line": {"color": "black", "width": 1},
    }


def _bar_styles(count: int) -> dict[str, Any]:
    """One bar per series in a single trace: a colour and a pattern each."""
    return {
        "color": [COLOURS[i % len(COLOURS)] for i in range(count)],
        "pattern": {"shape": [PATTERNS[i % len(PATTERNS)] for i in range(count)]},
        "line": {"color": "black", "width": 1},
    }


def length_figure(comparison: Any, *, large: bool = False) -> go.Figure:
    """Moves per game, one histogram per rule set (overlaid, the second hatched), on the same bins
    so that the bars can be compared height for height; each named with its average."""
    fig = go.Figure()
    for i, (label, games) in enumerate(zip(comparison.labels, comparison.games, strict=True)):
        moves = [int(m) for m in games["moves"]]
        fig.add_trace(
            go.Histogram(
                # the average, as the page's sentence about length says
                name=f"{label} (average {sum(moves) / len(moves):.0f} moves)" if moves else label,
                x=moves,
                bingroup="moves",
                opacity=0.65,
                marker=_bar_style(i),
                hovertemplate=f"{label}: %{{y}} games of %{{x}} moves<extra></extra>",
            )
        )
    _style(fig, "How long the games last", "moves per game", "games", large)
    fig.update_layout(barmode="overlay")
    return fig


def first_seat_figure(comparison: Any, *, large: bool = False) -> go.Figure:
    """The leader's share of the finished games' wins, with 95% error bars and the even share
    (named in the legend: a label on the line sat on a bar's error bar on a phone)."""
    summary = comparison.summary
    labels = list(comparison.labels)
    rates = [float(summary.loc["first_seat_win_rate", label]) for label in labels]
    lows = [float(summary.loc["first_seat_ci_low", label]) for label in labels]
    highs = [float(summary.loc["first_seat_ci_high", label]) for label in labels]
    fair = float(summary.loc["fair_share", labels[0]])
    texts = [_interval_text(r, lo, h) for r, lo, h in zip(rates, lows, highs, strict=True)]
    fig = go.Figure(
        go.Bar(
            x=labels,
            y=[_or_none(r) for r in rates],
            error_y={
                "type": "data",
                "symmetric": False,
                "array": [_or_none(h - r) for r, h in zip(rates, highs, strict=True)],
                "arrayminus": [_or_none(r - lo) for r, lo in zip(rates, lows, strict=True)],
                "thickness": 3,
                "width": 12,
            },
            hovertext=texts,
            hovertemplate="%{x}: %{hovertext}<extra></extra>",
            marker=_bar_styles(len(labels)),
            showlegend=False,
        )
    )
    _fair_line(fig, fair, f"even share {fair:.0%}")  # named in the legend, off the bars
    title = "Does the leader win more often? (shares with 95% intervals)"
    _style(fig, title, "rules", "leader's share of wins", large)
    # The numbers go under each bar, where the error bar cannot cross them.
    ticks = [f"{label}<br>{text}" for label, text in zip(labels, texts, strict=True)]
    fig.update_xaxes(tickvals=labels, ticktext=ticks)
    fig.update_yaxes(range=[0, 1], tickformat=".0%")
    return fig


def _fair_line(fig: go.Figure, fair: float, words: str) -> None:
    """A dashed line across the chart at `fair`, named in the legend: a label on the line
    itself would sit on the bars' labels on a narrow screen."""
    dash = {"dash": "dash", "color": "black", "width": 2}
    fig.add_hline(y=fair, line=dash)
    fig.add_trace(  # no points: only the legend's entry for the line
        go.Scatter(
            x=[None],
            y=[None],
            mode="lines",
            line=dash,
            name=words,
            hoverinfo="skip",
            showlegend=True,
        )
    )
    fig.update_layout(showlegend=True)


def _or_none(value: float) -> float | None:
    return None if math.isnan(value) else value


def _interval_text(rate: float, low: float, high: float) -> str:
    if math.isnan(rate):
        return "no finished games"
    return f"{rate:.0%} ({low:.0%} to {high:.0%})"


def endings_figure(comparison: Any, *, large: bool = False) -> go.Figure:
    """How the games ended, as shares of the games: stacked, one pattern per ending."""
    summary = comparison.summary
    labels = list(comparison.labels)
    fig = go.Figure()
    for i, (key, words) in enumerate(ENDINGS.items()):
        shares = [float(summary.loc[f"{key}_share", label]) for label in labels]
        fig.add_trace(
            go.Bar(
                name=words,
                x=labels,
                y=shares,
                text=[f"{words.split(' (')[0]} {_percent(s)}" if s else "" for s in shares],
                textposition="inside",
                marker=_bar_style(i if i < 2 else 3),
            )
        )
    _style(fig, "How the games ended", "rules", "share of games", large)
    fig.update_layout(barmode="stack")
    fig.update_yaxes(range=[0, 1], tickformat=".0%")
    return fig


def draws_figure(comparison: Any, *, large: bool = False) -> go.Figure:
    """Cards drawn per game (mean), by reason, the rule sets side by side.

    The bars lie down, a reason a row: standing, the reasons' names crossed each other slanted
    under a phone's chart and the numbers over bars of nothing piled up ("0.0 0.0 0.0")."""
    summary = comparison.summary
    reasons = list(DRAW_LABELS)
    fig = go.Figure()
    most = 0.0
    for i, label in enumerate(comparison.labels):
        means = [float(summary.loc[f"drawn_{r.value}_mean", label]) for r in reasons]
        most = max([most, *means])
        fig.add_trace(
            go.Bar(
                name=label,
                y=[DRAW_LABELS[r] for r in reasons],
                x=means,
                orientation="h",
                text=[f"{m:.1f}" for m in means],  # the legend names the rule set
                textposition="outside",
                textangle=0,
                cliponaxis=False,
                marker=_bar_style(i),
            )
        )
    title = "Cards drawn per game, by reason"
    _style(fig, title, "cards drawn per game (mean)", "why the cards were drawn", large)
    # Labels at the axis' size: plotly would shrink them to a bar's width, unreadably small;
    # room after the longest bar for its number.
    fig.update_layout(barmode="group", uniformtext={"minsize": FONT[bool(large)], "mode": "show"})
    fig.update_yaxes(autorange="reversed", type="category")
    fig.update_xaxes(range=[0, max(most, 0.1) * 1.3])
    # A bar a line of its number high, and a gap between reasons: at plotly's fixed height the
    # projector's numbers stood on each other.
    bars = len(reasons) * len(comparison.labels)
    margin = fig.layout.margin
    fig.update_layout(height=margin.t + margin.b + round(bars * FONT[bool(large)] * 1.9))
    return fig


# ------------------------------------------------------------------------------------ search


def search_figure(
    details: Mapping[str, Any],
    *,
    large: bool = False,
    limit: int | None = 12,
    value_label: str = "estimated chance of winning",
    nigerian: bool = False,
    said: Sequence[tuple[str, str]] = (),
) -> go.Figure:
    """A search player's view of its candidate moves: the share of the simulations each got,
    and the chance of winning it estimated, side by side, most visited at the top.

    `value_label` names what the search's value is: a Whist search values a card by the share of
    the hand's remaining tricks its team takes, not by a chance of winning the game.

    `details` is a `SearchPlayer` decision's details (`simulations`, `seconds`, `moves` with
    `move`, `visits`, `share`, `win_rate`). The chosen move, the most visited, is labelled
    "(chosen)"; a move never tried shows "not tried". `limit` keeps the most visited moves only.
    `nigerian` names the shapes of the moves ball, angle and carpet; `said` gives the moves'
    words by their text, as Watch's chart takes them (Whot's narration, `viewer.searched_words`:
    "play a Whot and call square", not the engine's `play whot call square`).
    """
    rows = search_moves(details)
    rows = rows[:limit] if limit is not None else rows
    labels = [row.label for row in search_rows(details, limit=limit, nigerian=nigerian, said=said)]
    shares = [float(row["share"]) for row in rows]
    rates = [None if row["win_rate"] is None else float(row["win_rate"]) for row in rows]
    fig = make_subplots(rows=1, cols=2, shared_yaxes=True, horizontal_spacing=0.08)
    share_text = [f"{_percent(s)} ({row['visits']:,})" for s, row in zip(shares, rows, strict=True)]
    rate_text = ["not tried" if r is None else _percent(r) for r in rates]
    fig.add_trace(_move_bars("share of the simulations", labels, shares, share_text, 0), 1, 1)
    fig.add_trace(_move_bars(value_label, labels, rates, rate_text, 1), 1, 2)
    seconds = details.get("seconds")
    spent = f" in {seconds:.2f} s" if seconds else ""
    _style(fig, f"Search: {details['simulations']:,} simulations{spent}", "share", "move", large)
    fig.update_xaxes(range=[0, 1], tickformat=".0%", dtick=0.2)
    fig.update_xaxes(title_text="share of the simulations", row=1, col=1)
    # Room on the right for the last tick label, "100%", which plotly would cut or drop.
    fig.update_layout(margin={"r": 3 * FONT[bool(large)]})
    fig.update_xaxes(title_text=value_label, row=1, col=2)
    fig.update_yaxes(autorange="reversed", row=1, col=1)
    return fig


def _move_bars(name: str, labels: list[str], values: list, text: list[str], style: int) -> go.Bar:
    """One column of `search_figure`: a bar a move, its value written beside it."""
    return go.Bar(
        name=name,
        orientation="h",
        y=labels,
        x=values,
        text=text,
        textposition="outside",
        textangle=0,
        cliponaxis=False,
        marker=_bar_style(style),
        showlegend=False,
    )
