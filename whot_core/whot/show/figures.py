"""Charts for the notebooks and the app: plotly figures built by pure functions from the core's
data (a count, a match, a comparison of two rule sets, a search's statistics).

Every figure has a plain title and labelled axes, and `large=True` sets fonts for a projector.
Nothing rests on colour alone: each bar carries a text label, and where two series share a chart
they differ in fill pattern too (one is hatched). The colours are the Okabe-Ito palette, which
colour-blind readers can tell apart.

plotly is an optional extra (`app`, `notebooks`): this module imports it, `import whot_core` does
not import this module.

    >>> from whot_core import Rules
    >>> fig = scoring_figure([["star 4", "whot"], ["circle 3"]], Rules.preset("british"))
    >>> fig.data[0].text
    ('star 4 ×2 = 8', 'circle 3')
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

import plotly.graph_objects as go
import plotly.io as pio
from plotly.subplots import make_subplots

from ..engine.cards import Card, in_shape_names
from ..engine.events import DrawReason
from ..engine.rules import MatchFormat, Rules
from ..engine.scoring import CardScore, breakdown
from .search_picture import search_moves

__all__ = [
    "COLOURS",
    "ELIMINATION_LIMIT",
    "card_label",
    "comparison_figures",
    "draws_figure",
    "endings_figure",
    "first_seat_figure",
    "length_figure",
    "scoring_figure",
    "search_figure",
    "standings_figure",
]

#: Okabe-Ito colours: blue, orange, bluish green, vermillion, reddish purple, sky blue, yellow.
COLOURS = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442")
#: Fill patterns for the series sharing a chart: the first is solid, the others hatched.
PATTERNS = ("", "/", "x", ".", "\\", "+", "-")
#: Marker symbols for the players' lines in a standings chart.
SYMBOLS = ("circle", "square", "diamond", "triangle-up", "triangle-down", "pentagon", "hexagon")
ELIMINATION_LIMIT = 100
FORMAT_NAMES = {
    MatchFormat.SINGLE: "single game",
    MatchFormat.SHORT_RUBBER: "short rubber, 5 games",
    MatchFormat.LONG_RUBBER: "long rubber, 10 games",
    MatchFormat.ELIMINATION_100: "elimination at 100",
    MatchFormat.TOURNAMENT: "tournament: the highest count is out",
}

FONT = {False: 15, True: 22}  # base font size: screen, projector
ENDINGS = {
    "check_up": "check up (a player went out)",
    "count": "count (the market ran dry)",
    "move_limit": "stopped at the move limit",
}
DRAW_LABELS = {
    DrawReason.MARKET: "went to market",
    DrawReason.PICK: "pick two / pick three",
    DrawReason.GENERAL_MARKET: "general market",
    DrawReason.EVERYONE_PICKS_TWO: "everyone picks two (4)",
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
            "font": {"size": title_size},
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
        font={"size": size},
        xaxis_title=lines(x, AXIS_LINE),
        yaxis_title=lines(y, AXIS_LINE),
        legend={
            "font": {"size": size},
            "orientation": "h",
            "yref": "container",
            "y": 0,
            "yanchor": "bottom",
            "x": 0,
            "xanchor": "left",
        },
    )
    # Every axis's tick labels and title at the figure's size, set on the axes themselves: a
    # theme (Streamlit's) draws them smaller otherwise, unreadable on a projector.
    axis_fonts = {"tickfont": {"size": size}, "title_font": {"size": size}}
    fig.update_xaxes(**axis_fonts)
    fig.update_yaxes(**axis_fonts)
    return fig


def _percent(value: float | None) -> str:
    return "—" if value is None or math.isnan(value) else f"{value:.0%}"


# ----------------------------------------------------------------------------------- scoring


def card_label(score: CardScore, nigerian: bool = False) -> str:
    """A count line in a few characters: "circle 5", "star 4 ×2 = 8", "whot 20"."""
    if score.card.is_whot:
        return f"whot {score.points}"
    name = score.card.name(nigerian)
    if score.points != score.face:
        return f"{name} ×2 = {score.points}"
    return name


def _hands_of(state_or_hands: Any) -> tuple[tuple[Card, ...], ...]:
    if hasattr(state_or_hands, "hands"):
        return tuple(tuple(hand) for hand in state_or_hands.hands)
    if isinstance(state_or_hands, str) or not isinstance(state_or_hands, Sequence):
        raise TypeError("state_or_hands must be a GameState or a list of hands (lists of cards)")
    return tuple(
        tuple(card if isinstance(card, Card) else Card.parse(card) for card in hand)
        for hand in state_or_hands
    )


def scoring_figure(
    state_or_hands: Any,
    rules: Rules | None = None,
    *,
    names: Sequence[str] | None = None,
    nigerian: bool = False,
    large: bool = False,
) -> go.Figure:
    """Each player's count as a bar built card by card (docs/rules.md, "Scoring").

    Pass a finished `GameState` (its rules are used unless `rules` is given) or the hands as lists
    of cards or card text with `rules`. Trace k holds every player's k-th card; each segment's
    text names the card and what it scores ("star 4 ×2 = 8", "whot 20"), a doubled star is
    cross-hatched and a Whot striped, and each bar ends with its total.
    """
    hands = _hands_of(state_or_hands)
    if rules is None:
        rules = getattr(state_or_hands, "rules", None)
    if not isinstance(rules, Rules):
        raise TypeError("rules: pass the Rules the hands are counted under")
    labels = list(names) if names is not None else [f"Seat {i}" for i in range(len(hands))]
    if len(labels) != len(hands):
        raise ValueError(f"names: {len(hands)} players need {len(hands)} names, not {len(labels)}")
    counts = [breakdown(hand, rules.star_double) for hand in hands]
    fig = go.Figure()
    for k in range(max((len(c) for c in counts), default=0)):
        column = [c[k] if k < len(c) else None for c in counts]
        fig.add_trace(
            go.Bar(
                name=f"card {k + 1}",
                orientation="h",
                y=labels,
                x=[None if s is None else s.points for s in column],
                text=["" if s is None else card_label(s, nigerian) for s in column],
                hovertext=[
                    "" if s is None else f"{card_label(s, nigerian)}: {s.note}" for s in column
                ],
                hovertemplate="%{y}: %{hovertext}<extra></extra>",
                textposition="inside",
                insidetextanchor="middle",
                textangle=0,
                marker={
                    "color": COLOURS[5] if k % 2 == 0 else COLOURS[0],
                    "line": {"color": "white", "width": 2},
                    "pattern": {"shape": [_card_pattern(s) for s in column]},
                },
                showlegend=False,
            )
        )
    totals = [sum(s.points for s in c) for c in counts]
    for label, total, count in zip(labels, totals, counts, strict=True):
        fig.add_annotation(
            x=total,
            y=label,
            text=f"total {total}" if count else "total 0: no cards left",
            xanchor="left",
            xshift=6,
            showarrow=False,
        )
    stars = "stars count double" if rules.star_double else "stars at face value"
    title = f"The count: penalty points per player ({stars}, a Whot 20)"
    _style(fig, title, "penalty points", "player", large)
    # Labels too long for their segment are hidden rather than shrunk to nothing (hover has them).
    fig.update_layout(uniformtext={"minsize": FONT[bool(large)] - 4, "mode": "hide"})
    fig.update_layout(
        barmode="stack", yaxis={"autorange": "reversed"}, xaxis={"rangemode": "tozero"}
    )
    fig.update_xaxes(range=[0, max([*totals, 1]) * 1.3])
    return fig


def _card_pattern(score: CardScore | None) -> str:
    """Cross-hatch for a doubled star, stripes for a Whot: the two cards that score unusually."""
    if score is None:
        return ""
    if score.card.is_whot:
        return "/"
    return "x" if score.points != score.face else ""


# --------------------------------------------------------------------------------- standings


def standings_figure(
    match: Any, *, names: Sequence[str] | None = None, large: bool = False
) -> go.Figure:
    """Each player's running total over the games of a `Match`, for every format.

    A line per player starts at 0 before game 1 and stops at the game that eliminated them (the
    players who sat out scored nothing more). Eliminations are marked with a cross and the words
    "out"; an `elimination_100` match shows the 100-point line. The title names the winners once
    the match is over. Players differ by marker symbol and dash, not only by colour.
    """
    results = tuple(match.results)
    players = match.players
    labels = list(names) if names is not None else [f"Player {p}" for p in range(players)]
    if len(labels) != players:
        raise ValueError(f"names: {players} players need {players} names, not {len(labels)}")
    out_in = {p: r.number for r in results for p in r.eliminated}
    fig = go.Figure()
    for p in range(players):
        last = out_in.get(p, len(results))
        games = [0, *(r.number for r in results[:last])]
        totals = [0, *(r.totals[p] for r in results[:last])]
        # A player still in plays every game, so every game up to `last` has their points.
        hover = ["start: 0"] + [
            f"game {r.number}: +{r.points[p]} → {r.totals[p]}" for r in results[:last]
        ]
        fig.add_trace(
            go.Scatter(
                name=labels[p],
                x=games,
                y=totals,
                mode="lines+markers",
                hovertext=hover,
                hovertemplate=f"{labels[p]}, %{{hovertext}}<extra></extra>",
                marker={"symbol": SYMBOLS[p % len(SYMBOLS)], "size": 10},
                line={"color": COLOURS[p % len(COLOURS)], "dash": _dash(p), "width": 3},
            )
        )
    gone = sorted(out_in.items(), key=lambda item: (item[1], item[0]))
    if gone:
        fig.add_trace(
            go.Scatter(
                name="eliminated",
                x=[game for _, game in gone],
                y=[results[game - 1].totals[p] for p, game in gone],
                text=[f"{labels[p]} out" for p, _ in gone],
                mode="markers+text",
                textposition="top center",
                marker={"symbol": "x", "size": 16, "color": "black"},
                hoverinfo="text",
            )
        )
    match_format = MatchFormat(match.rules.match)
    if match_format is MatchFormat.ELIMINATION_100:
        fig.add_hline(
            y=ELIMINATION_LIMIT,
            line={"dash": "dot", "color": "black", "width": 2},
            annotation_text=f"{ELIMINATION_LIMIT} points: out",
            annotation_position="top left",
        )
    title = f"Running totals over the games ({FORMAT_NAMES[match_format]})"
    if match.winners:
        who = " and ".join(labels[p] for p in match.winners)
        title += f": {who} {'win' if len(match.winners) > 1 else 'wins'}"
    _style(fig, title, "game", "penalty points (running total)", large)
    fig.update_xaxes(dtick=1)
    return fig


def _dash(index: int) -> str:
    return ("solid", "dash", "dot", "dashdot", "longdash", "longdashdot")[index % 6]


# -------------------------------------------------------------------------------- comparison


def comparison_figures(comparison: Any, *, large: bool = False) -> dict[str, go.Figure]:
    """Four charts of `simulate.compare`'s result, by key:

    - `length`: how many moves the games took, one histogram per rule set;
    - `first_seat`: the leader's share of the wins with its Wilson 95% interval, against the
      fair share (1 / players);
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
    so that the bars can be compared height for height."""
    fig = go.Figure()
    for i, (label, games) in enumerate(zip(comparison.labels, comparison.games, strict=True)):
        moves = [int(m) for m in games["moves"]]
        fig.add_trace(
            go.Histogram(
                name=f"{label} (median {_median(moves):g})",
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


def _median(values: Sequence[int]) -> float:
    ordered = sorted(values)
    n = len(ordered)
    if not n:
        return math.nan
    middle = n // 2
    return ordered[middle] if n % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def first_seat_figure(comparison: Any, *, large: bool = False) -> go.Figure:
    """The leader's share of the finished games' wins, with 95% error bars and the fair share."""
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
    fig.add_hline(
        y=fair,
        line={"dash": "dash", "color": "black", "width": 2},
        annotation_text=f"fair share {fair:.0%}",
        annotation_position="top right",
        annotation_bgcolor="rgba(255, 255, 255, 0.85)",  # legible where it crosses a bar
    )
    title = "Does the leader win more often? (shares with 95% intervals)"
    _style(fig, title, "rules", "leader's share of wins", large)
    # The numbers go under each bar, where the error bar cannot cross them.
    ticks = [f"{label}<br>{text}" for label, text in zip(labels, texts, strict=True)]
    fig.update_xaxes(tickvals=labels, ticktext=ticks)
    fig.update_yaxes(range=[0, 1], tickformat=".0%")
    return fig


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
    """Cards drawn per game (mean), by reason, the rule sets side by side."""
    summary = comparison.summary
    reasons = list(DRAW_LABELS)
    fig = go.Figure()
    for i, label in enumerate(comparison.labels):
        means = [float(summary.loc[f"drawn_{r.value}_mean", label]) for r in reasons]
        fig.add_trace(
            go.Bar(
                name=label,
                x=[DRAW_LABELS[r] for r in reasons],
                y=means,
                text=[f"{m:.1f}" for m in means],  # the legend names the rule set
                textposition="outside",
                cliponaxis=False,
                marker=_bar_style(i),
            )
        )
    title = "Cards drawn per game, by reason"
    _style(fig, title, "why the cards were drawn", "cards drawn per game (mean)", large)
    # Labels at the axis' size: plotly would shrink them to a bar's width, unreadably small.
    fig.update_layout(barmode="group", uniformtext={"minsize": FONT[bool(large)], "mode": "show"})
    return fig


# ------------------------------------------------------------------------------------ search


def search_figure(
    details: Mapping[str, Any],
    *,
    large: bool = False,
    limit: int | None = 12,
    value_label: str = "estimated chance of winning",
    nigerian: bool = False,
) -> go.Figure:
    """A search player's view of its candidate moves: the share of the simulations each got,
    and the chance of winning it estimated, side by side, most visited at the top.

    `value_label` names what the search's value is: a Whist search values a card by the share of
    the hand's remaining tricks its team takes, not by a chance of winning the game.

    `details` is a `SearchPlayer` decision's details (`simulations`, `seconds`, `moves` with
    `move`, `visits`, `share`, `win_rate`). The chosen move, the most visited, is labelled
    "(chosen)"; a move never tried shows "not tried". `limit` keeps the most visited moves only.
    `nigerian` names the shapes of the moves ball, angle and carpet.
    """
    rows = search_moves(details)
    rows = rows[:limit] if limit is not None else rows
    labels = [
        in_shape_names(row["move"], nigerian) + (" (chosen)" if i == 0 else "")
        for i, row in enumerate(rows)
    ]
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
