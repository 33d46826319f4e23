"""Scoring's two charts as SVG pictures, drawn by code: the count at the end of a game, card by
card, and a match's running totals over its games. No charting library for the browser to load.

Every number is written (a card's points on its part of the bar, each card named under the
bar, each running total over its column), so nothing needs a hover, and nothing rests on colour
alone: a doubled star is cross-hatched and a Whot striped, and each player's totals are a panel
of their own, named. `large=True` sets the projector's print; `narrow=True` draws a phone's
picture, `NARROW_EMS` font sizes wide. Standard library only, like the table pictures (they
were plotly charts, whose 4.7 MB of JavaScript every Scoring load fetched and ran).

    >>> from whot_core import Rules
    >>> rows = count_rows([["star 4", "whot"], ["circle 3"]], Rules.preset("british"))
    >>> [(row.name, row.labels, row.total) for row in rows]
    [('Seat 0', ('star 4 ×2 = 8', 'whot 20'), 28), ('Seat 1', ('circle 3',), 3)]
    >>> count_svg([["circle 3"], []], Rules.preset("british")).startswith("<svg")
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...toolkit.chart_page import WORDS, Page, wrap
from ...toolkit.svg import PAPER, el, num, rect, text, text_width
from ..engine.cards import Card
from ..engine.matches import ELIMINATION_LIMIT
from ..engine.narrate import seat_name
from ..engine.rules import MatchFormat, Rules
from ..engine.scoring import CardScore, breakdown

__all__ = [
    "ELIMINATION_LIMIT",
    "FORMAT_NAMES",
    "NARROW_EMS",
    "SIZE",
    "WIDE_EMS",
    "CountRow",
    "PlayerTotals",
    "card_label",
    "count_alt",
    "count_rows",
    "count_svg",
    "count_title",
    "standings_alt",
    "standings_rows",
    "standings_svg",
    "standings_title",
]

#: The font size at a desk or on a phone, and on a projector (the classroom setting).
SIZE = {False: 15, True: 22}
#: The drawings' widths in font sizes: 720 units at a desk's print, and a phone's column (360).
WIDE_EMS, NARROW_EMS = 48, 24
FORMAT_NAMES = {
    MatchFormat.SINGLE: "single game",
    MatchFormat.SHORT_RUBBER: "short rubber, 5 games",
    MatchFormat.LONG_RUBBER: "long rubber, 10 games",
    MatchFormat.ELIMINATION_100: "elimination at 100",
    MatchFormat.TOURNAMENT: "tournament: the highest count is out",
}
#: The Okabe-Ito sky blue and blue of the app's other charts, a card's part of a bar in turn.
FILLS = ("#56B4E9", "#0072B2")
GRID = "#9A9A9A"
#: Each card that scores unusually has its own texture (as the notebooks' chart has).
DOUBLED, WHOT = "doubled", "whot"
KEY = {
    DOUBLED: "cross-hatched: a star, counted double",
    WHOT: "striped: a Whot, 20 points",
}
#: A white edge round a total's digits, so that the dashed 100-point line never crosses them.
HALO = {"stroke": PAPER, "stroke_width": 4, "paint_order": "stroke", "stroke_linejoin": "round"}


# --------------------------------------------------------------------------------- the count


def card_label(score: CardScore, nigerian: bool = False) -> str:
    """A count line in a few characters: "circle 5", "star 4 ×2 = 8", "whot 20"."""
    if score.card.is_whot:
        return f"whot {score.points}"
    name = score.card.name(nigerian)
    if score.points != score.face:
        return f"{name} ×2 = {score.points}"
    return name


def hands_of(state_or_hands: Any) -> tuple[tuple[Card, ...], ...]:
    """The hands of a `GameState`, or of lists of cards or card text."""
    if hasattr(state_or_hands, "hands"):
        return tuple(tuple(hand) for hand in state_or_hands.hands)
    if isinstance(state_or_hands, str) or not isinstance(state_or_hands, Sequence):
        raise TypeError("state_or_hands must be a GameState or a list of hands (lists of cards)")
    return tuple(
        tuple(card if isinstance(card, Card) else Card.parse(card) for card in hand)
        for hand in state_or_hands
    )


def texture(score: CardScore) -> str | None:
    """A Whot's stripes or a doubled star's cross-hatching; None for a card at face value."""
    if score.card.is_whot:
        return WHOT
    return DOUBLED if score.points != score.face else None


@dataclass(frozen=True)
class CountRow:
    """One player's count as the picture writes it."""

    name: str
    cards: tuple[CardScore, ...]
    labels: tuple[str, ...]  # each card and what it scores, "star 4 ×2 = 8"
    total: int


def _rules_of(state_or_hands: Any, rules: Rules | None) -> Rules:
    if rules is None:
        rules = getattr(state_or_hands, "rules", None)
    if not isinstance(rules, Rules):
        raise TypeError("rules: pass the Rules the hands are counted under")
    return rules


def count_rows(
    state_or_hands: Any,
    rules: Rules | None = None,
    *,
    names: Sequence[str] | None = None,
    nigerian: bool = False,
) -> list[CountRow]:
    """Each player's cards, what each scores and the total, under `rules` (a finished
    `GameState`'s own unless given)."""
    hands = hands_of(state_or_hands)
    star_double = _rules_of(state_or_hands, rules).star_double
    labels = list(names) if names is not None else [seat_name(i) for i in range(len(hands))]
    if len(labels) != len(hands):
        raise ValueError(f"names: {len(hands)} players need {len(hands)} names, not {len(labels)}")
    out = []
    for name, hand in zip(labels, hands, strict=True):
        cards = tuple(breakdown(hand, star_double))
        out.append(
            CountRow(
                name=name,
                cards=cards,
                labels=tuple(card_label(s, nigerian) for s in cards),
                total=sum(s.points for s in cards),
            )
        )
    return out


def count_title(rules: Rules) -> str:
    stars = "stars count double" if rules.star_double else "stars at face value"
    return f"The count: penalty points per player ({stars}, a Whot 20)"


def _points(total: int) -> str:
    return f"{total} point" + ("" if total == 1 else "s")


def _heading(row: CountRow) -> str:
    return f"{row.name}: {_points(row.total)}" + ("" if row.cards else ", no cards left")


def count_alt(
    state_or_hands: Any,
    rules: Rules | None = None,
    *,
    names: Sequence[str] | None = None,
    nigerian: bool = False,
) -> str:
    """The chart in one sentence, for a reader who cannot see it."""
    rows = count_rows(state_or_hands, rules, names=names, nigerian=nigerian)
    title = count_title(_rules_of(state_or_hands, rules))
    return f"{title}. " + "; ".join(_heading(row) for row in rows) + "."


def _defs(size: float) -> str:
    """The two textures, white lines over a card's colour: a Whot's stripes, a doubled star's
    cross-hatch."""
    step = num(round(size * 0.5))

    def texture(name: str, lines: str) -> str:
        return el("pattern", el("path", d=lines, stroke=PAPER, stroke_width=2), id=name,
                  width=step, height=step, patternUnits="userSpaceOnUse",
                  patternTransform="rotate(45)")  # fmt: skip

    return el("defs", texture(WHOT, f"M0 0V{step}"), texture(DOUBLED, f"M0 0V{step}M0 0H{step}"))


def _segment(x, top, width, height, score: CardScore, k: int, size: float) -> str:
    """A card's part of a bar: its colour (in turn), its texture, and its points on a white label
    (in words of `size`) when they fit."""
    parts = [rect(x, top, width, height, fill=FILLS[k % 2], stroke=PAPER, stroke_width=2)]
    kind = texture(score)
    if kind:
        parts.append(rect(x + 1, top + 1, max(width - 2, 0), height - 2, fill=f"url(#{kind})"))
    words = str(score.points)
    box = text_width(words, size) + size * 0.5
    if box + 4 <= width:
        middle = top + height / 2
        parts.append(
            rect(x + (width - box) / 2, middle - size * 0.7, box, size * 1.4, rx=3, fill=PAPER)
        )
        parts.append(
            text(x + width / 2, middle + size * 0.36, words, size, fill=WORDS, cls="points")
        )
    return el("g", *parts, cls=f"card {kind or 'face'}", data_points=score.points)


def count_svg(
    state_or_hands: Any,
    rules: Rules | None = None,
    *,
    names: Sequence[str] | None = None,
    nigerian: bool = False,
    large: bool = False,
    narrow: bool = False,
) -> str:
    """Each player's count as a bar built card by card (docs/rules.md, "Scoring").

    Pass a finished `GameState` (its rules are used unless `rules` is given) or the hands as
    lists of cards or card text with `rules`. A player's block: their name and total, the bar
    (one part a card, its points written on it, the bars on one scale), and the cards named in
    order with what each scores. A doubled star is cross-hatched and a Whot striped, and a key
    says so when the count holds one. Every word is drawn at `SIZE[large]` units or more.
    """
    rules = _rules_of(state_or_hands, rules)
    rows = count_rows(state_or_hands, rules, names=names, nigerian=nigerian)
    size = SIZE[bool(large)]
    page = Page(size, size * (NARROW_EMS if narrow else WIDE_EMS))
    pad = page.pad
    page.title(count_title(rules))
    room = page.width - 2 * pad
    kinds = {texture(s) for row in rows for s in row.cards} - {None}
    swatch, gap = size * 2.2, round(size * 0.6)
    for kind in (DOUBLED, WHOT):
        if kind in kinds:
            top = page.y + size * 0.3
            page.parts.append(rect(pad, top, swatch, size * 1.1, fill=FILLS[1]))
            page.parts.append(rect(pad, top, swatch, size * 1.1, fill=f"url(#{kind})"))
            lines = wrap(KEY[kind].split(), size, room - swatch - gap)
            page.lines(lines, pad + swatch + gap, cls="key")
            page.y += size * 0.3
    most = max([row.total for row in rows] + [1])
    bar_h = round(size * 2.2)
    for row in rows:
        page.y += size * 0.4
        page.lines([_heading(row)], pad, bold=True, cls="player")
        top = page.y + size * 0.4
        x = pad
        for k, score in enumerate(row.cards):
            width = room * score.points / most
            page.parts.append(_segment(x, top, width, bar_h, score, k, size))
            x += width
        page.y = top + (bar_h if row.cards else 0)
        if row.cards:
            lines = wrap([f"{label}," for label in row.labels], size, room)
            lines[-1] = lines[-1].removesuffix(",")
            page.lines(lines, pad, cls="cards")
        page.y += size * 0.3
    desc = "Each player's bar is their cards' points, card by card, every card named under it."
    return page.finish(count_title(rules), desc, _defs(size))


# ------------------------------------------------------------------------------ the standings


@dataclass(frozen=True)
class PlayerTotals:
    """One player of a match as the standings picture writes them."""

    name: str
    totals: tuple[int, ...]  # the running total after each game they played
    out_in: int | None  # the game that eliminated them
    winner: bool

    @property
    def heading(self) -> str:
        last = self.totals[-1] if self.totals else 0
        words = f"{self.name}: {_points(last)}"
        if self.out_in is not None:
            words += f", out after game {self.out_in}"
        return words + (", wins" if self.winner else "")


def standings_rows(match: Any, *, names: Sequence[str] | None = None) -> list[PlayerTotals]:
    """Each player of a `Match`: their running totals, the game that put them out, a win."""
    results = tuple(match.results)
    labels = list(names) if names is not None else [f"Player {p}" for p in range(match.players)]
    if len(labels) != match.players:
        raise ValueError(
            f"names: {match.players} players need {match.players} names, not {len(labels)}"
        )
    out_in = {p: r.number for r in results for p in r.eliminated}
    return [
        PlayerTotals(
            name=labels[p],
            totals=tuple(r.totals[p] for r in results[: out_in.get(p, len(results))]),
            out_in=out_in.get(p),
            winner=p in match.winners,
        )
        for p in range(match.players)
    ]


def standings_title(match: Any, names: Sequence[str] | None = None) -> str:
    """ "Running totals over the games (elimination at 100): Seat 1 wins"."""
    title = f"Running totals over the games ({FORMAT_NAMES[MatchFormat(match.rules.match)]})"
    winners = [row.name for row in standings_rows(match, names=names) if row.winner]
    if winners:
        title += f": {' and '.join(winners)} {'win' if len(winners) > 1 else 'wins'}"
    return title


def standings_alt(match: Any, *, names: Sequence[str] | None = None) -> str:
    """The chart in one sentence, for a reader who cannot see it."""
    rows = standings_rows(match, names=names)
    return f"{standings_title(match, names)}. " + "; ".join(row.heading for row in rows) + "."


def standings_svg(
    match: Any,
    *,
    names: Sequence[str] | None = None,
    large: bool = False,
    narrow: bool = False,
) -> str:
    """Each player's running total over the games of a `Match`, for every format: a panel a
    player (two side by side in the wide drawing, one a row in the narrow one), a column a game
    on one scale, the total written over it and the game's number under it. A player's panel
    stops at the game that eliminated them, and its heading says so; an `elimination_100` match
    draws the 100-point line, dashed, and the key names it. A panel with more games than its
    width holds at a readable size wraps them onto a second line.
    """
    rows = standings_rows(match, names=names)
    games = len(match.results)
    size = SIZE[bool(large)]
    page = Page(size, size * (NARROW_EMS if narrow else WIDE_EMS))
    pad, gap = page.pad, round(size * 1.2)
    title = standings_title(match, names)
    page.title(title)
    room = page.width - 2 * pad
    limit = MatchFormat(match.rules.match) is MatchFormat.ELIMINATION_100
    key = "Over each column: the running total after that game; under it: the game."
    if limit:
        key += f" Dashed line: {ELIMINATION_LIMIT} points, out."
    page.lines(wrap(key.split(), size, room), pad, cls="key")
    page.y += size * 0.5
    across = 1 if narrow or len(rows) < 2 else 2
    panel_w = (room - (across - 1) * gap) / across
    widest = max([text_width(str(t), size) for row in rows for t in row.totals] + [size])
    most = max(1, min(games, int(panel_w // (widest + size * 0.25))))
    per_line = -(-games // -(-games // most)) if games else 1  # lines as even as they go
    column = panel_w / per_line
    top = max([t for row in rows for t in row.totals] + [ELIMINATION_LIMIT if limit else 1])
    plot_h = size * 4.5
    for start in range(0, len(rows), across):
        band = page.y
        bottoms = []
        for i, row in enumerate(rows[start : start + across]):
            page.y = band
            left = pad + i * (panel_w + gap)
            heading = wrap(row.heading.split(), size, panel_w, bold=True)
            page.lines(heading, left, bold=True, cls="player")
            bottoms.append(page.y)
        page.y = max(bottoms)
        for i, row in enumerate(rows[start : start + across]):
            left = pad + i * (panel_w + gap)
            y = page.y
            for first in range(0, games, per_line):
                shown = range(first, min(games, first + per_line))
                y = _games_line(page, row, left, y, shown, column, plot_h, top, limit)
            bottoms.append(y)
        page.y = max(bottoms) + size * 0.6
    desc = "Each player's panel: a column a game, the running total written over it."
    return page.finish(title, desc)


def _games_line(page: Page, row: PlayerTotals, left, y, games: range, column, plot_h, top, limit):
    """One line of a player's panel, from `y` down: each game's column with its running total
    over it (none after the game that put the player out), the game numbers under the
    baseline, and the 100-point line (under the totals, which it never hides); returns the
    line's bottom."""
    size = page.size
    base = y + size * 1.6 + plot_h  # room over the tallest column for its total
    used = column * len(games)
    if limit:
        at = base - plot_h * ELIMINATION_LIMIT / top
        dashes = {"stroke_width": 2, "stroke_dasharray": "6 4", "cls": "limit"}
        page.parts.append(
            el("path", d=f"M{num(left)} {num(at)}h{num(used)}", stroke=WORDS, **dashes)
        )
    width = column * 0.7
    for k in games:
        middle = left + column * (k - games.start + 0.5)
        if k < len(row.totals):
            total = row.totals[k]
            height = plot_h * total / top
            bar = rect(middle - width / 2, base - height, width, height, fill=FILLS[1])
            words = text(
                middle,
                base - height - size * 0.3,
                str(total),
                size,
                fill=WORDS,
                cls="total",
                **HALO,
            )
            page.parts.append(el("g", bar, words, cls="game", data_game=k + 1, data_total=total))
        page.parts.append(
            text(middle, base + size * 1.3, str(k + 1), size, fill=WORDS, cls="game-number")
        )
    page.parts.append(
        el("path", d=f"M{num(left)} {num(base)}h{num(used)}", stroke=WORDS, stroke_width=1.5)
    )
    return base + size * 1.8
