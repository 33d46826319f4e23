"""A search player's view of its candidate moves as an SVG bar chart, drawn by code: what Watch
and Whist show at a search player's step, with no charting library for the browser to load.

Every number is written beside its bar and the chosen move says so in words, so nothing needs
a hover, and nothing rests on colour alone (the two measures sit in their own columns, or, in
the narrow drawing for a phone, in a fixed order the key names). `large=True` sets the
projector's print. Standard library only, like the table pictures (`pictures`); the notebooks'
interactive chart of the same data is `figures.search_figure`.

    >>> details = {"simulations": 30, "seconds": 0.5, "moves": [
    ...     {"move": "play circle 5", "visits": 18, "share": 0.6, "win_rate": 0.5},
    ...     {"move": "draw", "visits": 12, "share": 0.4, "win_rate": None}]}
    >>> [(row.label, row.share_text, row.value_text) for row in search_rows(details)]
    [('play circle 5 (chosen)', '60% (18)', '50%'), ('draw', '40% (12)', 'not tried')]
    >>> search_svg(details).startswith("<svg")
    True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...toolkit.chart_page import BOLD, WORDS, Page, wrap
from ...toolkit.svg import el, num, rect, text, text_width
from ..engine.cards import in_shape_names

__all__ = [
    "SIZE",
    "VALUE_LABEL",
    "SearchRow",
    "search_alt",
    "search_moves",
    "search_rows",
    "search_svg",
    "search_title",
]

#: The chart's font size: at a desk or on a phone, and on a projector (the classroom setting).
SIZE = {False: 15, True: 22}
VALUE_LABEL = "estimated chance of winning"
SHARE_LABEL = "share of the simulations (how many)"
#: The Okabe-Ito blue and orange of the app's other charts: dark and light in greyscale too.
SHARE_FILL, VALUE_FILL = "#0072B2", "#E69F00"
TRACK, GRID, CHOSEN_BAND = "#ECECEC", "#9A9A9A", "#F3F3F3"
#: The widest a move's words run in the wide drawing, in font sizes, before they take a second
#: line: "play a Whot and call triangle," is one line.
LABEL_EMS = 17
#: The narrow drawing's width in font sizes: 360 units at a desk's print, a phone's column.
NARROW_EMS = 24


@dataclass(frozen=True)
class SearchRow:
    """One candidate move as the chart writes it."""

    label: str  # the move, in the reader's shape names; "(chosen)" after the chosen one
    share: float  # its share of the simulations, 0 to 1
    share_text: str  # "46% (23)": the share and how many simulations
    value: float | None  # the search's estimate for it, 0 to 1; None if never tried
    value_text: str  # "70%", or "not tried"
    chosen: bool


def search_moves(details: Mapping[str, Any]) -> list:
    """The candidate moves of a search decision's `details`, most visited first, or ValueError
    naming what is missing."""
    if not isinstance(details, Mapping) or not {"simulations", "moves"} <= details.keys():
        raise ValueError(
            "details: expected a SearchPlayer decision's details, with simulations and moves"
        )
    rows = list(details["moves"])
    if not rows:
        raise ValueError("details: the search considered no moves")
    return rows


def _percent(value: float) -> str:
    return "—" if math.isnan(value) else f"{value:.0%}"


def search_rows(
    details: Mapping[str, Any],
    *,
    limit: int | None = 12,
    nigerian: bool = False,
    said: Sequence[tuple[str, str]] = (),
) -> list[SearchRow]:
    """The moves the chart shows, the chosen (most visited) first; `limit` keeps the most
    visited only; `nigerian` names the shapes ball, angle and carpet. `said` gives a move's
    words by its text (Whot's narration, `viewer.search_words`: "play a Whot and call star");
    a move it does not name reads as its text."""
    moves = search_moves(details)
    words = dict(said)
    out = []
    for index, move in enumerate(moves[:limit] if limit is not None else moves):
        share = float(move["share"])
        value = None if move["win_rate"] is None else float(move["win_rate"])
        text = str(move["move"])
        label = words[text] if text in words else in_shape_names(text, nigerian)
        out.append(
            SearchRow(
                label=label + (" (chosen)" * (index == 0)),
                share=share,
                share_text=f"{_percent(share)} ({move['visits']:,})",
                value=value,
                value_text="not tried" if value is None else _percent(value),
                chosen=index == 0,
            )
        )
    return out


def search_title(details: Mapping[str, Any]) -> str:
    """The title, "Search: 1,000 simulations in 0.52 s" (the time if the details hold it)."""
    seconds = details.get("seconds")
    spent = f" in {seconds:.2f} s" if seconds else ""
    return f"Search: {details['simulations']:,} simulations{spent}"


def search_alt(
    details: Mapping[str, Any],
    *,
    value_label: str = VALUE_LABEL,
    nigerian: bool = False,
    said: Sequence[tuple[str, str]] = (),
) -> str:
    """The chart in one sentence, for a reader who cannot see it: the search and its choice."""
    chosen = search_rows(details, limit=1, nigerian=nigerian, said=said)[0]
    move = chosen.label.removesuffix(" (chosen)")
    return (
        f"{search_title(details)}. Chosen: {move}, {chosen.share_text} of the simulations, "
        f"{value_label} {chosen.value_text}."
    )


def _bar(x: float, top: float, track: float, height: float, value: float | None, kind: str) -> str:
    """A measure's track (0 to 100%, marked at each quarter) and its bar, `value` of the track."""
    fill = SHARE_FILL if kind == "share" else VALUE_FILL
    parts = [rect(x, top, track, height, fill=TRACK)]
    ticks = "".join(f"M{num(x + track * q)} {num(top)}v{num(height)}" for q in (0.25, 0.5, 0.75))
    parts.append(el("path", d=ticks, stroke=GRID, stroke_width=1))
    if value is not None and value > 0:
        parts.append(
            rect(x, top, track * min(value, 1.0), height, fill=fill, stroke=WORDS, stroke_width=1)
        )
    return el("g", *parts, cls=f"bar {kind}", data_value=None if value is None else num(value))


def _scale(x: float, track: float, baseline: float, size: float) -> list[str]:
    """The scale under a column of tracks: 0%, 50%, 100%."""
    return [
        text(x + track * q, baseline, words, size, fill=WORDS, anchor=anchor, cls="scale")
        for q, words, anchor in ((0, "0%", "start"), (0.5, "50%", "middle"), (1, "100%", "end"))
    ]


def _wide(rows: list[SearchRow], details: Mapping[str, Any], size: float, value_label: str) -> str:
    """The moves down the left, the share of the simulations and the estimate in two columns."""
    pad, gap = round(size * 0.8), round(size * 0.6)
    # A move's words on two lines past `LABEL_EMS` font sizes ("play a Whot and call
    # triangle, / saying "semi last card""): a projector's page keeps the words large.
    labels = [wrap(row.label, size, size * LABEL_EMS, bold=row.chosen) for row in rows]
    label_w = max(
        text_width(line, size) * (BOLD if row.chosen else 1)
        for row, lines in zip(rows, labels, strict=True)
        for line in lines
    )
    track = size * 10
    number_w = max(text_width(words, size) for r in rows for words in (r.share_text, r.value_text))
    column = track + gap + number_w
    lefts = (pad + label_w + 2 * gap, pad + label_w + 4 * gap + column)
    width = lefts[1] + column + pad
    page = Page(size, width)
    page.title(search_title(details))
    headers = [wrap(label, size, column) for label in (SHARE_LABEL, value_label)]
    top = page.y
    for left, lines in zip(lefts, headers, strict=True):
        page.y = top
        page.lines(lines, left, size=size, cls="header")
    page.y = top + size * 1.25 * max(map(len, headers)) + size * 0.5
    line_h, bar_h = size * 1.25, round(size * 1.3)
    for row, lines in zip(rows, labels, strict=True):
        row_h = round(size * 2.2 + line_h * (len(lines) - 1))
        middle = page.y + row_h / 2
        if row.chosen:
            page.parts.append(rect(pad / 2, page.y, width - pad, row_h, fill=CHOSEN_BAND))
        first = middle + size * 0.35 - line_h * (len(lines) - 1) / 2
        for n, line in enumerate(lines):
            page.parts.append(
                text(
                    pad,
                    first + n * line_h,
                    line,
                    size,
                    bold=row.chosen,
                    fill=WORDS,
                    anchor="start",
                    cls="move",
                )
            )
        for left, kind, value, words in (
            (lefts[0], "share", row.share, row.share_text),
            (lefts[1], "value", row.value, row.value_text),
        ):
            page.parts.append(_bar(left, middle - bar_h / 2, track, bar_h, value, kind))
            page.parts.append(
                text(
                    left + track + gap,
                    middle + size * 0.35,
                    words,
                    size,
                    fill=WORDS,
                    anchor="start",
                    cls=f"number {kind}",
                )
            )
        page.y += row_h
    for left in lefts:
        page.parts.extend(_scale(left, track, page.y + size * 1.2, size))
    return _finish(page, page.y + size * 1.2 + pad, details, value_label)


def _narrow(
    rows: list[SearchRow], details: Mapping[str, Any], size: float, value_label: str
) -> str:
    """A phone's drawing: a move a block, its name over its two bars, a key above naming them."""
    width = size * NARROW_EMS
    page = Page(size, width)
    pad, gap = page.pad, round(size * 0.6)
    page.title(search_title(details))
    swatch = size * 1.6
    for kind, where, label in (("share", "upper", SHARE_LABEL), ("value", "lower", value_label)):
        fill = SHARE_FILL if kind == "share" else VALUE_FILL
        lines = wrap(f"{where} bar: {label}", size, width - 2 * pad - swatch - gap)
        page.parts.append(
            rect(
                pad,
                page.y + size * 0.35,
                swatch,
                size * 0.9,
                fill=fill,
                stroke=WORDS,
                stroke_width=1,
            )
        )
        page.lines(lines, pad + swatch + gap, size=size, cls="key")
        page.y += size * 0.3
    number_w = max(text_width(words, size) for r in rows for words in (r.share_text, r.value_text))
    track = width - 2 * pad - gap - number_w
    bar_h, step = round(size * 1.1), round(size * 1.5)
    for row in rows:
        top = page.y + size * 0.3
        label_lines = wrap(row.label, size, width - 2 * pad, bold=row.chosen)
        height = size * 0.5 + size * 1.25 * len(label_lines) + 2 * step
        if row.chosen:
            page.parts.append(rect(pad / 2, top, width - pad, height, fill=CHOSEN_BAND))
        page.y = top
        page.lines(label_lines, pad, size=size, bold=row.chosen, cls="move")
        page.y += size * 0.4
        for kind, value, words in (
            ("share", row.share, row.share_text),
            ("value", row.value, row.value_text),
        ):
            page.parts.append(_bar(pad, page.y + (step - bar_h) / 2, track, bar_h, value, kind))
            page.parts.append(
                text(
                    pad + track + gap,
                    page.y + step / 2 + size * 0.35,
                    words,
                    size,
                    fill=WORDS,
                    anchor="start",
                    cls=f"number {kind}",
                )
            )
            page.y += step
        page.y = top + height
    page.parts.extend(_scale(pad, track, page.y + size * 1.2, size))
    return _finish(page, page.y + size * 1.2 + pad, details, value_label)


def _finish(page: Page, height: float, details: Mapping[str, Any], value_label: str) -> str:
    desc = f"Each move: the {SHARE_LABEL}, and the {value_label}."
    return page.finish(search_title(details), desc, height=height)


def search_svg(
    details: Mapping[str, Any],
    *,
    large: bool = False,
    limit: int | None = 12,
    value_label: str = VALUE_LABEL,
    nigerian: bool = False,
    said: Sequence[tuple[str, str]] = (),
    narrow: bool = False,
) -> str:
    """A search player's view of its candidate moves: the share of the simulations each got,
    and the value it estimated (`value_label`: a Whist search values a card by the share of
    the hand's tricks left its team takes), the chosen move first and named so.

    `details` is a `SearchPlayer` decision's details (`simulations`, `seconds`, `moves` with
    `move`, `visits`, `share`, `win_rate`). The wide drawing puts the two measures in columns
    beside the moves; `narrow=True` draws a phone's: a move a block, its name over its two
    bars, `NARROW_EMS` font sizes wide. Every word is drawn at `SIZE[large]` units or more.
    `said` gives a move's words by its text (`search_rows`).
    """
    rows = search_rows(details, limit=limit, nigerian=nigerian, said=said)
    draw = _narrow if narrow else _wide
    return draw(rows, details, SIZE[bool(large)], value_label)
