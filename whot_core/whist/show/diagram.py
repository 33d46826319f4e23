"""The Whist table as a diagram of the four hands, in words large enough for a projector and a
phone: the Whist Watch page's picture (issue 30).

The full table (`pictures.table_svg`) fans the four hands of thirteen cards face up round the
middle; drawn in a page's column its corner indices and labels were 5 to 7 px. A watcher needs
each hand, not its cards' faces: as in a bridge diagram, each seat's hand is written a suit a
line, the suit drawn and its ranks after it, high to low. Only the trick's cards are drawn, full
size, in the order they were played, each over the seat that played it.

- North at the top, West and East on either side of the trick, South at the bottom (the bottom
  seat is South unless a viewer is given, play going clockwise as in `table_svg`);
- each seat's name, how many cards it holds, TO PLAY and WINNER badges (words, not only the
  thick frame);
- across the top, the facts of `table_facts`, the trump suit drawn large.

`narrow=True` draws the same for a phone's window: the facts on four lines, West and East side
by side under North, the trick under them. `show_legal` writes the ranks the seat to play may
play in bold, underlined (a Learn question's answer, after it is given).

Every word is at least `MIN_TEXT` units: drawn at the width a page gives it (656 px on the
projector for 690 units wide, 358 px on a phone for the narrow drawing's 380), 14 px on the
projector and 11 at a desk or on a phone, the screen contract of docs/screens.md.

    >>> from whot_core.whist import new_game
    >>> svg = diagram_svg(new_game(seed=1))
    >>> 'data-seat="2"' in svg and "13 cards" in svg and 'class="suit-line' in svg
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape

from ...toolkit.chart_page import BOLD, wrap
from ...toolkit.svg import (
    CARD_H,
    CARD_W,
    INK,
    PAPER,
    TABLE_TINT,
    el,
    outline,
    rect,
    svg,
    translate,
)
from ...toolkit.svg import badge as _badge
from ...toolkit.svg import badge_width as _badge_width
from ...toolkit.svg import fit_label as _fit_label
from ...toolkit.svg import text as _text
from ...toolkit.svg import text_width as _text_width
from ..engine.cards import Card, Suit
from ..engine.rules import SEATS, check_seat_names
from .pictures import (
    _card_group,
    _hands,
    _pip,
    _trick_to_show,
    suit_colour,
    table_facts,
    table_label,
)
from .seat_table import _lines

__all__ = ["MIN_TEXT", "diagram_svg"]

#: The smallest font in the diagram, in its units (a trick card's "10" index is 15 too).
MIN_TEXT = 15
TEXT = 16  # names, counts and ranks
LINE = 20
PAD = 8
GAP = 10
MARGIN = 8
PIP = 7  # a suit line's drawn suit, half-size
RANKS_X = PAD + 2 * PIP + 8  # where a suit line's ranks start
PANEL_W = 185  # West and East, beside the trick; North and South as wide as the whole table
TRICK_STEP = 60  # between the trick's cards: each one's seat written under its visible part
TRICK_W = CARD_W + 3 * TRICK_STEP
TRICK_H = CARD_H + 2 * LINE  # the cards, their seats, and the line about the trick
WIDE_W = 2 * PANEL_W + TRICK_W + 2 * GAP
NARROW_W = 2 * PANEL_W + GAP
SUITS = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)  # the colours alternate
_RANK = {14: "A", 13: "K", 12: "Q", 11: "J"}


def _rank(card: Card) -> str:
    return _RANK.get(card.rank, str(card.rank))


def _name_lines(name: str, width: float, side: bool) -> list[str]:
    """A seat's name as its panel writes it: a side panel's (West and East beside the trick,
    every seat on a phone) on up to two lines of its own, the count under them; North's and
    South's on one line with the count."""
    return _lines(name, width - 2 * PAD, TEXT) if side else [name]


def _panel_height(header_lines: int) -> float:
    return 2 * PAD + header_lines * LINE + len(SUITS) * LINE


def _suit_lines(
    cards: tuple[Card, ...] | None,
    size: int,
    width: float,
    top: float,
    legal: frozenset[Card] = frozenset(),
) -> list[str]:
    """A hand a suit a line: the suit drawn, then its ranks high to low ("–" for none), those
    in `legal` bold and underlined; a hidden hand says so. A line too long for the panel is
    drawn narrower, never smaller."""
    if cards is None or not cards:
        words = "cards hidden" if size else "no cards left"
        return [_text(PAD, top + TEXT, words, TEXT, anchor="start", cls="hidden-hand")]
    parts = []
    room = width - RANKS_X - PAD
    for row, suit in enumerate(SUITS):
        y = top + row * LINE
        ranks = sorted((c for c in cards if c.suit == suit), key=lambda c: -c.rank)
        words = " ".join(_rank(c) for c in ranks) or "–"
        squeeze = {}
        if _text_width(words, TEXT) > room:
            squeeze = {"textLength": f"{room:g}", "lengthAdjust": "spacingAndGlyphs"}
        # Each rank a <tspan> naming its card, as a drawn card's `data-card` does.
        shown = " ".join(_rank_span(c, c in legal) for c in ranks) or "–"
        ranks_text = el(
            "text",
            shown,
            x=float(RANKS_X),
            y=float(y + TEXT),
            font_size=TEXT,
            fill=suit_colour(suit),
            text_anchor="start",
            cls="ranks",
            **squeeze,
        )
        pip = _pip(suit, PAD + PIP, y + TEXT / 2 + 2, PIP, "suit")
        parts.append(el("g", pip, ranks_text, cls=f"suit-line suit-{suit.value}"))
    return parts


def _rank_span(card: Card, legal: bool) -> str:
    """A rank as a `<tspan>` naming its card; one that may be played bold and underlined."""
    if not legal:
        return el("tspan", _rank(card), data_card=card.ascii)
    mark = {"font_weight": "bold", "text_decoration": "underline"}
    return el("tspan", _rank(card), data_card=card.ascii, cls="legal", **mark)


def _panel(
    seat: int,
    name: str,
    cards: tuple[Card, ...] | None,
    size: int,
    *,
    width: float,
    side: bool,
    to_play: bool,
    winner: bool,
    transform: str,
    legal: frozenset[Card] = frozenset(),
) -> str:
    """One seat: a frame (thick for the seat to play), its name and count, badges, its hand
    (`legal`: the cards it may play, marked)."""
    classes = ["seat"] + ["to-play"] * to_play + ["winner"] * winner + ["hidden"] * (cards is None)
    names = _name_lines(name, width, side)
    header_lines = len(names) + side
    frame = outline(3.5 if to_play else 1) | {"fill": PAPER}
    parts = [rect(0, 0, width, _panel_height(header_lines), rx=8, cls="seat-frame", **frame)]
    count = f"{size} card" + ("" if size == 1 else "s")
    badges = [("WINNER", "winner")] * winner + [("TO PLAY", "to-play")] * to_play
    right = width - PAD
    baseline = PAD + TEXT + (header_lines - 1) * LINE  # the last header line's
    for words, kind in badges:
        right -= _badge_width(words, MIN_TEXT)
        parts.append(_badge(right, baseline, words, size=MIN_TEXT, cls=f"badge badge-{kind}"))
        right -= 6
    if side:
        parts.append(_text(PAD, baseline, count, TEXT, anchor="start", cls="seat-count"))
        label = names
    else:
        label = [_fit_label(name, f" · {count}", right - PAD, TEXT)]
    parts.append(
        el(
            "text",
            *(
                el(
                    "tspan",
                    escape(line + (" " if i < len(label) - 1 else "")),
                    x=float(PAD),
                    y=float(PAD + TEXT + i * LINE),
                )
                for i, line in enumerate(label)
            ),
            font_size=TEXT,
            font_weight="bold" if to_play else None,
            fill=INK,
            cls="seat-label",
        )
    )
    parts += _suit_lines(cards, size, width, PAD + header_lines * LINE + 2, legal)
    return el(
        "g",
        *parts,
        cls=" ".join(classes),
        data_seat=seat,
        data_hidden="true" if cards is None else "false",
        transform=transform,
    )


def _facts(table: Any, lines: list[str], width: float, narrow: bool) -> tuple[str, float]:
    """The facts across the top, the trump suit drawn large at the left; and their height."""
    trump = table.trump
    if trump is None:
        mark = _text(24, 34, "NT", 18, bold=True, cls="trump-none")
    else:
        mark = el("g", _pip(trump, 24, 26, 16, "trump-suit"), cls="trump", data_suit=trump.value)
    hand, status, tricks, points = lines
    x = 50
    if narrow:  # each fact on its own lines
        rows = [
            (line, bold)
            for words, bold in [(hand, True), (status, True), (tricks, False), (points, False)]
            for line in _lines(words, width - x - PAD, TEXT)
        ]
        texts = [
            _text(x, 8 + TEXT + i * LINE, words, TEXT, bold=bold, anchor="start", cls="info")
            for i, (words, bold) in enumerate(rows)
        ]
    else:
        texts = [
            _text(x, 8 + TEXT, hand, TEXT, bold=True, anchor="start", cls="info"),
            _text(width - PAD, 8 + TEXT, status, TEXT, bold=True, anchor="end", cls="info status"),
            _text(x, 8 + TEXT + LINE, f"{tricks} · {points}", MIN_TEXT, anchor="start", cls="info"),
        ]
    height = 16 + (len(rows) if narrow else 2) * LINE
    frame = rect(0, 0, width, height, rx=8, fill=PAPER, stroke="#6b1d2a", cls="info-frame")
    return el("g", frame, mark, *texts, cls="info-box"), height


def _note(table: Any, trick, names: tuple[str, ...]) -> tuple[str, ...]:
    """The words about the trick, in the phrases a narrow drawing may break them into: who won
    it (or is winning it), and with which card."""
    if trick.winner is not None:
        winning = dict(trick.cards)[trick.winner]
        if trick.number == 13 and sum(table.tricks_won) == 0:  # the next hand is already dealt
            return (f"Hand {table.hand_number - 1}, trick 13: {names[trick.winner]} wins",)
        return (f"Trick {trick.number}: {names[trick.winner]} wins", f"with the {winning}")
    seat, card = table.winning
    return (f"{names[seat]} winning", f"with the {card}")


def _note_lines(phrases: Sequence[str], room: float) -> list[str]:
    """The words about the trick on one line when they fit in `room` (bold, at `TEXT`); else a
    phrase a line, a phrase too long broken at spaces: every word whole. Cut with an ellipsis
    to one line, a phone's drawing read "Trick 1: East (Heuristic) wins wit…"."""
    whole = " ".join(phrases)
    if _text_width(whole, TEXT) * BOLD <= room:
        return [whole]
    return [line for phrase in phrases for line in wrap(phrase, TEXT, room, bold=True)]


def _trick_height(lines: int) -> float:
    """The trick's height: its cards, the seats under them, and `lines` lines about it."""
    return CARD_H + (1 + lines) * LINE


def _trick(
    table: Any, trick, names: tuple[str, ...], width: float, room: float
) -> tuple[str, float]:
    """The trick under way (or just won), its cards in the order played, each seat's place
    under its card, and the words about it centred under them, in lines at most `room` wide
    (under West and East too: their panels end above it); before a lead, words saying so. And
    its height."""
    parts = []
    if trick is None or not trick.cards:
        parts.append(_text(width / 2, CARD_H / 2, "waiting for a lead", TEXT, cls="trick-note"))
        return el("g", *parts, cls="trick"), TRICK_H
    step = min((width - CARD_W) / 3, CARD_W + GAP)
    left = (width - CARD_W - step * (len(trick.cards) - 1)) / 2
    for i, (seat, card) in enumerate(trick.cards):
        x = left + i * step
        mark = "win" if seat == trick.winner else None
        parts.append(_card_group(card, highlight=mark, transform=translate(x, 0)))
        parts.append(
            _text(x + 4, CARD_H + TEXT + 2, SEATS[seat], MIN_TEXT, anchor="start", cls="trick-seat")
        )
    lines = _note_lines(_note(table, trick, names), room)
    for i, line in enumerate(lines):
        y = _trick_height(i + 1) - 6
        parts.append(_text(width / 2, y, line, TEXT, bold=True, cls="trick-note"))
    complete = "true" if trick.winner is not None else "false"
    group = el("g", *parts, cls="trick", data_complete=complete)
    return group, max(TRICK_H, _trick_height(len(lines)))


def diagram_svg(
    table: Any,
    viewer: int | None = None,
    *,
    names: Sequence[str] | None = None,
    last_trick: Any = None,
    narrow: bool = False,
    show_legal: bool = False,
) -> str:
    """The Whist table from a `WhistState` or a `WhistView` as a diagram: each hand written a
    suit a line, the trick's cards drawn in the middle (or the trick just won, `last_trick` as
    for `table_svg`), the facts across the top. With `viewer`, the other hands are hidden and
    `viewer` sits at the bottom. `narrow` draws it for a phone's window; `show_legal` marks
    the cards the seat to play may play, when its hand is shown."""
    names = check_seat_names(names)
    shown, sizes, bottom = _hands(table, viewer)
    you = bottom if (viewer is not None or hasattr(table, "unseen")) else None
    trick = _trick_to_show(table, last_trick)
    winners = set(table.winners) if table.is_over else set()
    turn = table.current_player
    legal: frozenset[Card] = frozenset()
    if show_legal and turn is not None and shown[turn] is not None:
        legal = frozenset(table.legal_moves())
    width = NARROW_W if narrow else WIDE_W
    lines = table_facts(table, names)
    facts, y = _facts(table, lines, width, narrow)
    parts = [facts]
    y += GAP

    def name(place: int) -> str:
        seat = (bottom + place) % 4
        return names[seat] + (" (you)" if seat == you else "")

    def height(place: int, panel_w: float, side: bool) -> float:
        return _panel_height(len(_name_lines(name(place), panel_w, side)) + side)

    def panel(place: int, x: float, top: float, panel_w: float, side: bool) -> float:
        seat = (bottom + place) % 4
        parts.append(
            _panel(
                seat,
                name(place),
                shown[seat],
                sizes[seat],
                width=panel_w,
                side=side,
                to_play=seat == turn,
                winner=seat in winners,
                transform=translate(x, top),
                legal=legal if seat == turn else frozenset(),
            )
        )
        return height(place, panel_w, side)

    y += panel(2, 0, y, width, narrow) + GAP  # North (the seat across from the bottom)
    if narrow:
        tall = max(panel(1, 0, y, PANEL_W, True), panel(3, PANEL_W + GAP, y, PANEL_W, True))
        y += tall + GAP
        middle, tall = _trick(table, trick, names, width, width)
        parts.append(el("g", middle, transform=translate(0, y)))
        y += tall + GAP
    else:  # West and East level with the trick's top: the line about it runs under them
        panel(1, 0, y, PANEL_W, True)
        panel(3, width - PANEL_W, y, PANEL_W, True)
        middle, tall = _trick(table, trick, names, TRICK_W, width)
        parts.append(el("g", middle, transform=translate(PANEL_W + GAP, y)))
        y += max(height(1, PANEL_W, True), height(3, PANEL_W, True), tall) + GAP
    y += panel(0, 0, y, width, narrow)
    top = rect(-6, -6, width + 12, y + 12, rx=18, fill=TABLE_TINT, cls="table-top")
    played, won_by = (trick.cards, trick.winner) if trick else ((), None)
    label = table_label(table, names, played, shown, you, won_by)
    view = (-MARGIN, -MARGIN, width + 2 * MARGIN, y + 2 * MARGIN)
    return svg(view[2], view[3], view, label, top, *parts)
