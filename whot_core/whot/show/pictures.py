"""Pictures of Whot cards, hands and tables, drawn as SVG by code.

    >>> from whot_core import Card
    >>> svg = card_svg(Card.parse("circle 5"), nigerian=True)
    >>> svg.startswith("<svg") and 'aria-label="ball 5"' in svg
    True

Design choices:

- Shapes carry the meaning. Each shape is drawn as its own geometry (a `<circle>`, a 3-point
  `<polygon>`, a 12-point cross, a `<rect>`, a 10-point star; see `SHAPE_ELEMENT`), in the middle
  of the card and again under each corner number, so a card reads the same in greyscale, printed,
  or for a colour-blind reader. There is one ink colour (a traditional maroon, near-black in
  greyscale) on white; colour never tells two things apart. Highlights use line weight and dashes.
- Every picture is a standalone `<svg>` with a `viewBox`, `role="img"`, an `aria-label` and a
  `<title>` naming what it shows ("circle 5", or "ball 5" with Nigerian names).
- One drawing function per thing: `_card_group` draws a card in card units (100 x 150) at the
  origin; a single card, a hand and a table all place that same group with a transform.
- No `id`, `<defs>` or `<use>`: a notebook or an app page holds many pictures at once, and ids would
  collide between them. Parts carry class names instead (`card`, `card-back`, `big-shape`,
  `corner-number`, `seat`, `market`, `call`, ...) for tests and stylesheets.
- Standard library only, and this module reads the core; the core never imports it. Streamlit's
  `st.html` strips inline SVG, hence `to_data_uri` and `img_tag`; so does JupyterLab for a
  notebook not yet trusted (a fresh clone), so a notebook shows each picture as an `<img>` too
  (`notebook_html`, what the `_repr_html_` methods return).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from xml.sax.saxutils import escape

from ...toolkit.svg import (  # the primitives Whist's pictures share, by this module's short names
    CARD_H,
    CARD_W,
    INK,
    PAPER,
    TABLE_TINT,
    Picture,
    img_tag,
    notebook_html,
    to_data_uri,
)
from ...toolkit.svg import badge as _badge
from ...toolkit.svg import badge_width as _badge_width
from ...toolkit.svg import card_rect as _card_rect
from ...toolkit.svg import crosshatch as _crosshatch
from ...toolkit.svg import el as _el
from ...toolkit.svg import empty_slot as _empty_slot
from ...toolkit.svg import fit_label as _fit_label
from ...toolkit.svg import framed_back as _framed_back
from ...toolkit.svg import num as _num
from ...toolkit.svg import one_card_svg as _one_card_svg
from ...toolkit.svg import outline as _outline
from ...toolkit.svg import points as _points
from ...toolkit.svg import rect as _rect
from ...toolkit.svg import svg as _svg
from ...toolkit.svg import text as _text
from ...toolkit.svg import text_width as _text_width
from ...toolkit.svg import translate as _translate
from ..engine.cards import SHAPES, Card, Shape
from ..engine.narrate import seat_name
from ..engine.scoring import card_points

__all__ = [
    "CARD_H",
    "CARD_W",
    "HIGHLIGHTS",
    "INK",
    "PAPER",
    "SHAPE_ELEMENT",
    "HandPicture",
    "Picture",
    "TablePicture",
    "back_svg",
    "card_repr_html",
    "card_svg",
    "hand_svg",
    "img_tag",
    "state_repr_html",
    "table_svg",
    "to_data_uri",
]

# ------------------------------------------------------------------------------------ constants

#: The SVG element drawing each shape: its tag and, for polygons, how many points it has.
SHAPE_ELEMENT: dict[Shape, tuple[str, int | None]] = {
    Shape.CIRCLE: ("circle", None),
    Shape.TRIANGLE: ("polygon", 3),
    Shape.CROSS: ("polygon", 12),
    Shape.SQUARE: ("rect", None),
    Shape.STAR: ("polygon", 10),
}

#: The highlights a card can carry: a thick solid frame, or a dashed frame over a greyed face.
HIGHLIGHTS = ("legal", "illegal")

BIG_SHAPE_SIZE = 30  # the middle shape's half-size, in card units
CORNER_X, CORNER_NUMBER_Y, CORNER_SHAPE_Y = 18, 27, 38
CORNER_SHAPE_SIZE = 6
CORNER_SIZE = 22  # the corner number: 14 units or more even on the smallest card of a table
CARD_PX = 100  # default pixel width of one card
HAND_CARD_PX = 80  # default pixel width of a card in a hand
HAND_OVERLAP = 0.4  # fraction of each card hidden under the next one in a hand
RAISE = 12  # legal cards in a hand sit this much higher (card units)
TABLE_RAISE = 4  # on the table, a playable card sits this much higher, an unplayable one lower
ROW_GAP = 3 * TABLE_RAISE  # between two rows of a hand: a raised card clears the row above
HALF_TURN = f"rotate(180 {CARD_W / 2:g} {CARD_H / 2:g})"  # the card turned end over end

# Table layout, in table units (1 unit = 1 pixel by default).
TABLE_SCALE = 0.7  # cards in the seats' hands
VIEWER_SCALE = 0.8  # the cards of the hand a viewer plays from: never smaller with more seats
#: A hidden hand on a table of three seats or more: one back this size, its count beside it, the
#: name on two lines if need be; narrow enough that two such seats sit above the centre in no
#: more width than the centre's (the table no wider than with two players).
COMPACT_SCALE = 0.5
#: From this many hidden hands (four players or more) the other seats are a roster: one line a
#: seat, its name and count, in the order they play after you, as wide as the table's centre or
#: your hand and no taller than a two-player table's other seat (five lines: 141 units against
#: 145), so your hand keeps its two-player size.
ROSTER_FROM = 3
ROSTER_LINE = 25
PILE_SCALE = 0.7  # the pile's top card and the market's backs
PANEL_W, PANEL_PAD, PANEL_LABEL = 200, 8, 24
MAX_PANEL_W = 380  # a panel widens to fit its label up to this; past it the name is shortened
LABEL_SIZE = 16  # every word of a table is 14.7 units or more: 14 px on the projector's table
BADGE_SIZE = 15
#: Right of a seat's cards: a gap, then its count ("10 cards") and its badges under it.
SIDE_W = 10 + max(
    _text_width("10 cards", LABEL_SIZE),
    *(_badge_width(words, BADGE_SIZE) for words in ("TO PLAY", "WINNER")),
)
STEADY_HAND = 8  # a panel has room for this many cards, however few it holds
MIN_STEP = 20  # the least offset between cards in a seat's hand: the corner index stays legible
#: The offset between the cards of a face-up hand drawn only as wide as it needs (`table_svg`'s
#: `steady` off): the next card clears a two-digit corner index ("13"), with a little room.
CLEAR_STEP = math.ceil(TABLE_SCALE * (CORNER_X + _text_width("13", CORNER_SIZE * 1.08) / 2)) + 4
CONTROL_STEP = 0.56  # a card of the hand you play from shows at least this much: its centre
CENTRE_W, CENTRE_H = 340, 180
CENTRE_SPACING = 26
CALL_W = 78
TABLE_GAP = 14
TABLE_MARGIN = 12


# ------------------------------------------------------------------------------------ shapes
# Each shape fits a box of about 2 * size around (cx, cy); sizes are tuned so that the five look
# equally heavy side by side.


def _circle(cx: float, cy: float, size: float, **style: object) -> str:
    return _el("circle", cx=float(cx), cy=float(cy), r=0.9 * size, **style)


def _triangle(cx: float, cy: float, size: float, **style: object) -> str:
    radius = 1.15 * size
    cy += radius / 4  # centre the box, not the centroid: the apex is further out than the base
    corners = [
        (cx + radius * math.cos(math.radians(a)), cy + radius * math.sin(math.radians(a)))
        for a in (-90, 30, 150)
    ]
    return _el("polygon", points=_points(corners), **style)


def _cross(cx: float, cy: float, size: float, **style: object) -> str:
    arm, reach = 0.32 * size, 0.92 * size
    outline = [
        (-arm, -reach), (arm, -reach), (arm, -arm), (reach, -arm), (reach, arm), (arm, arm),
        (arm, reach), (-arm, reach), (-arm, arm), (-reach, arm), (-reach, -arm), (-arm, -arm),
    ]  # fmt: skip
    return _el("polygon", points=_points((cx + x, cy + y) for x, y in outline), **style)


def _square(cx: float, cy: float, size: float, **style: object) -> str:
    half = 0.8 * size
    return _el("rect", x=cx - half, y=cy - half, width=2 * half, height=2 * half, **style)


def _star(cx: float, cy: float, size: float, **style: object) -> str:
    outer, inner = 1.08 * size, 0.5 * size
    corners = []
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = math.radians(-90 + 36 * i)
        corners.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return _el("polygon", points=_points(corners), **style)


_DRAW = {
    Shape.CIRCLE: _circle,
    Shape.TRIANGLE: _triangle,
    Shape.CROSS: _cross,
    Shape.SQUARE: _square,
    Shape.STAR: _star,
}


def _shape(shape: Shape, cx: float, cy: float, size: float, cls: str, **style: object) -> str:
    """One of the five shapes, filled with ink unless `style` says otherwise."""
    style.setdefault("fill", INK)
    return _DRAW[shape](cx, cy, size, cls=f"{cls} shape-{shape.value}", data_shape=shape, **style)


# -------------------------------------------------------------------------------------- cards


def _shape_name(shape: Shape, nigerian: bool) -> str:
    return shape.nigerian_name if nigerian else shape.value


def _corner(number: int, shape: Shape | None) -> str:
    """The index in the top-left corner: the number, and the small shape under it."""
    index = _text(
        CORNER_X, CORNER_NUMBER_Y, str(number), CORNER_SIZE, bold=True, cls="corner-number"
    )
    if shape is not None:
        index += _shape(shape, CORNER_X, CORNER_SHAPE_Y, CORNER_SHAPE_SIZE, "corner-shape")
    return index


def _corners(number: int, shape: Shape | None) -> str:
    """The index twice: top left, and turned half a turn into the bottom right."""
    index = _corner(number, shape)
    return _el("g", index, cls="corner") + _el("g", index, cls="corner", transform=HALF_TURN)


def _star_score(card: Card, star_double: bool) -> str:
    """The star's small scoring number, in white inside the big star."""
    points = str(card_points(card, star_double))
    return _text(CARD_W / 2, CARD_H / 2 + 5, points, 14, bold=True, fill=PAPER, cls="star-score")


def _whot_design() -> str:
    """What no shape card has: a double-framed panel with the word WHOT between two rows of all
    five shapes (a Whot stands for any of them), the lower row turned like a court card's."""
    row = "".join(
        _shape(shape, CARD_W / 2 + 13 * (i - 2), 52, 5.5, "whot-shape")
        for i, shape in enumerate(SHAPES)
    )
    return _el(
        "g",
        _rect(12, 36, CARD_W - 24, CARD_H - 72, rx=6, **_outline(1.5)),
        _rect(15, 39, CARD_W - 30, CARD_H - 78, rx=4, **_outline(0.6)),
        row,
        _el("g", row, transform=HALF_TURN),
        _text(CARD_W / 2, CARD_H / 2 + 7, "WHOT", 21, bold=True, cls="whot-word"),
        cls="whot-design",
    )


def _highlight(kind: str | None) -> str:
    """A thick frame for "legal"; for "illegal", the face greyed under a dashed frame (the white
    veil is opaque paper, so overlapping cards in a hand do not show through)."""
    if kind is None:
        return ""
    if kind == "legal":
        return _card_rect(3.5, **_outline(5), cls="highlight highlight-legal")
    return _el(
        "g",
        _card_rect(1, fill=PAPER, fill_opacity=0.6),
        _card_rect(2.5, **_outline(2, "6 4")),
        cls="highlight highlight-illegal",
    )


def _check_highlight(kind: str | None) -> None:
    if kind is not None and kind not in HIGHLIGHTS:
        raise ValueError(f"highlight must be one of {', '.join(HIGHLIGHTS)} or None, not {kind!r}")


def _card_label(card: Card, nigerian: bool, highlight: str | None) -> str:
    name = card.name(nigerian)
    return name if highlight is None else f"{name}, {highlight}"


def _card_group(
    card: Card,
    *,
    nigerian: bool = False,
    star_double: bool = True,
    highlight: str | None = None,
    transform: str | None = None,
    show_name: bool = True,
    show_score: bool = True,
    **attrs: object,
) -> str:
    """The one card drawing: a <g> in card units, placed by `transform`; `attrs` are added to
    the group (a card that is also a control: its role, tab stop and accessible name)."""
    _check_highlight(highlight)
    parts = [
        _el("title", escape(_card_label(card, nigerian, highlight))),
        _card_rect(1, fill=PAPER, stroke=INK, stroke_width=1.5, cls="card-face"),
    ]
    if card.is_whot:
        parts += [_whot_design(), _corners(card.number, None)]
    else:
        parts.append(_corners(card.number, card.shape))
        parts.append(_shape(card.shape, CARD_W / 2, CARD_H / 2, BIG_SHAPE_SIZE, "big-shape"))
        if card.shape is Shape.STAR and show_score:  # a table is not counted: no score on it
            parts.append(_star_score(card, star_double))
        if show_name:
            name = _shape_name(card.shape, nigerian)
            parts.append(_text(CARD_W / 2, CARD_H - 10, name, 9, cls="shape-name"))
    parts.append(_highlight(highlight))
    return _el("g", *parts, cls="card", data_card=str(card), transform=transform, **attrs)


_BACK_LATTICE = _crosshatch(7, 7, CARD_W - 7, CARD_H - 7, 10)


def _back_group(transform: str | None = None) -> str:
    """The one card-back drawing: ink with a white diamond lattice and WHOT on an oval."""
    oval = _el("ellipse", cx=CARD_W / 2, cy=CARD_H / 2, rx=32, ry=16, fill=PAPER, stroke=INK)
    word = _text(CARD_W / 2, CARD_H / 2 + 5, "WHOT", 14, bold=True)
    return _framed_back(INK, _BACK_LATTICE, 0.7, oval, word, transform=transform)


def card_svg(
    card: Card | str,
    *,
    width: float = CARD_PX,
    nigerian: bool = False,
    star_double: bool = True,
    highlight: str | None = None,
    show_name: bool = True,
) -> str:
    """One card as a standalone SVG, `width` pixels wide (the height follows, 2:3).

    `star_double` picks the star's scoring number (docs/rules.md, "Scoring"); `highlight` is "legal"
    (thick frame) or "illegal" (greyed, dashed frame); `show_name` writes the shape's name small
    at the bottom, in Nigerian with `nigerian`.
    """
    card = Card.of(card)
    body = _card_group(
        card, nigerian=nigerian, star_double=star_double, highlight=highlight, show_name=show_name
    )
    desc = None
    if card.shape is Shape.STAR:
        desc = f"scores {card_points(card, star_double)} at the count"
    label = _card_label(card, nigerian, highlight)
    return _one_card_svg(width, label, body, desc=desc)


def back_svg(width: float = CARD_PX) -> str:
    """A card back as a standalone SVG."""
    return _one_card_svg(width, "card back", _back_group())


# -------------------------------------------------------------------------------------- hands


def hand_svg(
    cards: Iterable[Card | str],
    *,
    width: float = HAND_CARD_PX,
    overlap: float = HAND_OVERLAP,
    nigerian: bool = False,
    star_double: bool = True,
    highlight: Mapping[int, str] | None = None,
) -> str:
    """Cards in a row, each overlapping the one before; `width` is one card's pixel width.

    `highlight` maps card positions to "legal" or "illegal"; legal cards also sit a little
    higher, as a player lifts the cards they could play.
    """
    hand = [Card.of(card) for card in cards]
    if not 0 <= overlap < 1:
        raise ValueError(f"overlap must be at least 0 and below 1, not {overlap!r}")
    marks = dict(highlight or {})
    for index, kind in marks.items():
        if not isinstance(index, int) or not 0 <= index < len(hand):
            raise ValueError(
                f"highlight index {index!r} is not a position in a hand of {len(hand)} cards"
            )
        _check_highlight(kind)
    lift = RAISE if marks else 0
    step = CARD_W * (1 - overlap)
    groups = []
    for i, card in enumerate(hand):
        y = lift if marks.get(i) != "legal" else 0
        groups.append(
            _card_group(
                card,
                nigerian=nigerian,
                star_double=star_double,
                highlight=marks.get(i),
                transform=_translate(i * step, y),
            )
        )
    if not hand:
        groups.append(_empty_slot(0, lift, 1, "no cards"))
    view_w = CARD_W + step * max(len(hand) - 1, 0)
    view_h = CARD_H + lift
    names = ", ".join(card.name(nigerian) for card in hand) or "no cards"
    label = f"hand of {len(hand)}: {names}"
    scale = width / CARD_W
    return _svg(view_w * scale, view_h * scale, (0, 0, view_w, view_h), label, *groups)


# -------------------------------------------------------------------------------------- table


@dataclass(frozen=True)
class _Seat:
    """What the table shows of one seat: its cards, or only how many when they are hidden."""

    index: int
    name: str
    size: int
    cards: tuple[Card, ...] | None  # None: hidden from the viewer
    scale: float = TABLE_SCALE  # the cards' size (the viewer's own hand is drawn larger)
    compact: bool = False  # hidden and drawn as one back: the label says how many
    per_row: int | None = None  # at most this many cards a row (the hand you play from, narrow)
    label_rows: int = 1  # the room its name takes, in lines (compact seats alike in a table)
    steady: bool = True  # a face-up panel has room for STEADY_HAND cards (a game's steps alike)


def _rows(seat: _Seat) -> int:
    """How many rows a seat's cards take: one, unless its hand is cut into rows of `per_row`."""
    if seat.per_row is None or seat.compact or seat.size <= seat.per_row:
        return 1
    return math.ceil(seat.size / seat.per_row)


def _in_a_row(seat: _Seat) -> int:
    """The most cards one row of a seat shows (one back for a compact hidden hand)."""
    shown = 1 if seat.compact and seat.size else seat.size
    return min(shown, seat.per_row) if seat.per_row else shown


def _seats(
    table,
    viewer: int | None,
    names: Sequence[str] | None,
    face_up: bool = False,
    hidden: bool = False,
) -> tuple[list[_Seat], int]:
    """The seats to draw and the seat at the bottom, from a GameState or a PlayerView (every
    hand as backs when `hidden`)."""
    if not hasattr(table, "hands"):  # a view (or view-like): only its own hand is known
        if viewer is not None and viewer != table.seat:
            raise ValueError(f"a view for seat {table.seat} cannot show seat {viewer}'s hand")
        viewer = table.seat
        sizes = list(table.hand_sizes)
        hands = [tuple(table.hand) if i == viewer else None for i in range(len(sizes))]
    else:
        everything = table.hands
        sizes = [len(hand) for hand in everything]
        if viewer is not None and (isinstance(viewer, bool) or viewer not in range(len(sizes))):
            raise ValueError(f"viewer must be a seat from 0 to {len(sizes) - 1}, not {viewer!r}")
        hands = [
            tuple(h) if face_up or viewer is None or i == viewer else None
            for i, h in enumerate(everything)
        ]
    if hidden:
        hands = [None] * len(sizes)
    if names is not None and len(names) != len(sizes):
        raise ValueError(f"names: {len(sizes)} seats need {len(sizes)} names, not {len(names)}")
    if names is not None:
        labels = list(names)  # shown as given: the caller's names may say "(you)" themselves
    else:
        shown = viewer if viewer is not None or not hasattr(table, "hands") else None
        labels = [f"{seat_name(i)}{' (you)' if i == shown else ''}" for i in range(len(sizes))]
    seats = [_Seat(i, labels[i], sizes[i], hands[i]) for i in range(len(sizes))]
    return seats, (viewer if viewer is not None else 0)


def _label_lines(seat: _Seat) -> tuple[str, ...]:
    """A seat's name as drawn: one line, or for a compact seat two (cut at a space) when one
    would be wider than its back and count; a name that cannot be cut so stays one line (its
    panel widens, and `_fit_label` shortens it past MAX_PANEL_W)."""
    room = _cards_width(seat) - 2 * PANEL_PAD
    if not seat.compact or _text_width(seat.name, LABEL_SIZE * 1.08) <= room:
        return (seat.name,)
    words = seat.name.split(" ")
    for cut in range(len(words) - 1, 0, -1):
        first, rest = " ".join(words[:cut]), " ".join(words[cut:])
        if _text_width(first, LABEL_SIZE * 1.08) <= room:
            return (first, rest) if _text_width(rest, LABEL_SIZE * 1.08) <= room else (seat.name,)
    return (seat.name,)


def _label_height(seat: _Seat) -> float:
    return PANEL_LABEL * max(len(_label_lines(seat)), seat.label_rows)


def _panel_height(seat: _Seat) -> float:
    rows = _rows(seat)
    cards = CARD_H * seat.scale * rows + ROW_GAP * (rows - 1)
    return PANEL_PAD * 2 + _label_height(seat) + cards


def _sized(seats: list[_Seat], player: int | None, hand_row: int | None = None) -> list[_Seat]:
    """The hand `player` plays from drawn large, whatever the number of seats (in rows of at
    most `hand_row` cards, when given); with three or more seats every hidden hand drawn
    compactly (one back, the count in its label)."""
    crowded = len(seats) > 2

    def scale(seat: _Seat) -> float:
        if seat.index == player and seat.cards is not None:
            return VIEWER_SCALE
        return COMPACT_SCALE if crowded and seat.cards is None else TABLE_SCALE

    sized = [
        replace(
            seat,
            scale=scale(seat),
            compact=crowded and seat.cards is None,
            per_row=hand_row if seat.index == player and seat.cards is not None else None,
        )
        for seat in seats
    ]
    # Compact seats' names take as many lines as the longest: their panels are alike.
    rows = max((len(_label_lines(seat)) for seat in sized if seat.compact), default=1)
    return [replace(seat, label_rows=rows) if seat.compact else seat for seat in sized]


def _cards_width(seat: _Seat) -> float:
    """The width a seat's cards need, with the count and badges beside them."""
    card_w = CARD_W * seat.scale
    if seat.scale == VIEWER_SCALE:  # the hand you play from: each card's centre uncovered
        step, shown = card_w * CONTROL_STEP, _in_a_row(seat)
    else:
        step, shown = MIN_STEP, max(seat.size, STEADY_HAND)
        if not seat.steady:
            step, shown = CLEAR_STEP, seat.size
        if seat.compact:
            shown = 1
    return 2 * PANEL_PAD + card_w + step * max(shown - 1, 0) + SIDE_W


def _panel_width(seat: _Seat) -> float:
    """A seat panel is PANEL_W wide, wider when its hand (with the count and badges beside it)
    could not show every corner index, or its name would not fit (up to MAX_PANEL_W). A hand
    is measured as if it held at least STEADY_HAND cards, so that a panel keeps its width from
    one move to the next while the hand stays that small (the hand you play from is drawn
    larger, as wide as its cards need). A compact seat (one back) is as narrow as its back,
    count and name (on two lines if need be) allow."""
    label = max(_text_width(line, LABEL_SIZE * 1.08) for line in _label_lines(seat))
    least = 0 if seat.compact else PANEL_W
    return max(least, _cards_width(seat), min(2 * PANEL_PAD + label, MAX_PANEL_W))


def _seat_positions(
    widths: Sequence[float], heights: Sequence[float], bottom: int, row: int | None = None
) -> tuple[list[tuple[float, float]], tuple[float, float]]:
    """Panel centres, and the table's centre (its middle's x and its width): `bottom` below the
    centre, nearest the reader, and every other seat in a row above it, in the order of play
    going clockwise (seat + 1, on a player's left, is drawn to their left); at most `row` seats
    a row (a narrow screen), the rows read top down. Rows, not a ring: a ring of three or more
    seats is twice as wide as it is tall, and a screen draws it small.

    When rows of `row` (two or more) leave one seat alone in the last row (four players in rows
    of two), that seat sits right of the centre instead, the last seat before the reader's going
    round: a row of panels fewer makes the picture about a fifth less tall. The centre is then
    narrowed (`NARROW_CENTRE_W` at least) so that the centre and that seat are no wider than the
    widest row: the picture no wider either. When they would be wider (that seat's hand is long
    and the others' are not), the seat keeps its row: the picture is never wider than in rows."""
    players = len(widths)
    others = [(bottom + k) % players for k in range(1, players)]
    per_row = row or len(others) or 1
    rows = [others[at : at + per_row] for at in range(0, len(others), per_row)]
    spots = [(0.0, 0.0)] * players
    centre, middle = (0.0, float(CENTRE_W)), CENTRE_H

    def across(seats: Sequence[int]) -> float:
        return sum(widths[seat] for seat in seats) + TABLE_GAP * (len(seats) - 1)

    widest = max(across(seats) for seats in [[bottom], *rows[:-1]])  # but the last row
    beside = None
    alone = rows[-1][0] if per_row > 1 and len(rows) > 1 and len(rows[-1]) == 1 else None
    if alone is not None and NARROW_CENTRE_W + TABLE_GAP + widths[alone] <= widest:
        beside = rows.pop()[0]
    if beside is not None:
        width = min(CENTRE_W, widest - TABLE_GAP - widths[beside])
        middle_w = width + TABLE_GAP + widths[beside]
        centre = (-middle_w / 2 + width / 2, width)
        spots[beside] = (middle_w / 2 - widths[beside] / 2, 0.0)
        middle = max(CENTRE_H, heights[beside])
    spots[bottom] = (0.0, middle / 2 + TABLE_GAP + heights[bottom] / 2)
    below = -(middle / 2 + TABLE_GAP)  # the lower edge of the next row up
    for seats in reversed(rows):
        tall = max(heights[seat] for seat in seats)
        x = -across(seats) / 2
        for seat in seats:
            spots[seat] = (x + widths[seat] / 2, below - tall / 2)
            x += widths[seat] + TABLE_GAP
        below -= tall + TABLE_GAP
    return spots, centre


def _seat_panel(
    seat: _Seat,
    *,
    width: float,
    to_play: bool,
    winner: bool,
    nigerian: bool,
    star_double: bool,
    transform: str,
    controls: Sequence | None = None,
) -> str:
    """One seat: a frame (thick for the seat to play), its name and count, and its hand, face up
    or as backs. Text badges say TO PLAY and WINNER, so nothing rests on colour.

    With `controls` (one a card, see `table_svg`), each card is a control: framed and a little
    higher when it may be played, greyed and a little lower when not."""
    classes = ["seat"] + ["to-play"] * to_play + ["winner"] * winner
    classes += ["hidden"] * (seat.cards is None)
    frame = _outline(3.5 if to_play else 1) | {"fill": PAPER}
    parts = [_rect(0, 0, width, _panel_height(seat), rx=8, cls="seat-frame", **frame)]
    badges = [("WINNER", "winner")] * winner + [("TO PLAY", "to-play")] * to_play
    top = PANEL_PAD + _label_height(seat)
    parts += _side(seat, badges, width - PANEL_PAD - SIDE_W + 10, top)
    parts.append(_seat_label(seat, width, bold=to_play))
    card_w = CARD_W * seat.scale
    shown = 1 if seat.compact and seat.size else seat.size
    per_row = _in_a_row(seat)
    room = width - 2 * PANEL_PAD - SIDE_W - card_w
    step = min(card_w * 0.62, room / max(per_row - 1, 1))
    if seat.size == 0:  # under the badges (WINNER), which its words would cross
        below = _badge_baseline(len(badges) - 1) + 4 + 19 if badges else 0
        y = top + max(card_w * 0.9, below)
        parts.append(_text(width / 2, y, "no cards left", 15, cls="no-cards"))
    for i in range(shown):
        row, column = divmod(i, max(per_row, 1))
        x, y = PANEL_PAD + column * step, top + row * (CARD_H * seat.scale + ROW_GAP)
        where = _translate(x, y, seat.scale)
        if seat.cards is None:
            parts.append(_back_group(where))
        elif controls is None:
            face = seat.cards[i]
            parts.append(
                _card_group(
                    face,
                    nigerian=nigerian,
                    star_double=star_double,
                    transform=where,
                    show_name=False,
                    show_score=False,
                )
            )
        else:
            parts.append(
                _card_control(
                    seat.cards[i],
                    controls[i],
                    i,
                    x=x,
                    y=y,
                    scale=seat.scale,
                    nigerian=nigerian,
                    star_double=star_double,
                )
            )
    return _el(
        "g",
        *parts,
        cls=" ".join(classes),
        data_seat=seat.index,
        data_hidden="true" if seat.cards is None else "false",
        transform=transform,
    )


def _roster_height(count: int) -> float:
    return 2 * PANEL_PAD + count * ROSTER_LINE


def _roster(seats: Sequence[_Seat], *, width: float, to_play: int | None, winners: set[int]) -> str:
    """The other seats of a crowded table, one line each in playing order: the name (bold for
    the seat to play), its TO PLAY or WINNER badge, and how many cards it holds at the right,
    in one frame. Each line is a `seat` group, hidden, as a seat's panel is."""
    height = _roster_height(len(seats))
    frame = _outline(1) | {"fill": PAPER}
    parts = [_rect(0, 0, width, height, rx=8, cls="seat-frame roster-frame", **frame)]
    count_w = _text_width("10 cards", LABEL_SIZE)
    for row, seat in enumerate(seats):
        baseline = LABEL_SIZE + 3
        playing, won = seat.index == to_play, seat.index in winners
        count = _count_words(seat.size)
        line = [_text(width - PANEL_PAD, baseline, count, LABEL_SIZE, anchor="end", cls="count")]
        right = width - PANEL_PAD - count_w - 6  # the badges end here, right to left
        for words, kind in [("TO PLAY", "to-play")] * playing + [("WINNER", "winner")] * won:
            right -= _badge_width(words, BADGE_SIZE)
            line.append(_badge(right, baseline, words, size=BADGE_SIZE, cls=f"badge badge-{kind}"))
            right -= 6
        name = _fit_label(seat.name, "", right - 2 * PANEL_PAD, LABEL_SIZE)
        line.append(
            _text(PANEL_PAD, baseline, name, LABEL_SIZE, bold=playing, anchor="start",
                  cls="seat-label")
        )  # fmt: skip
        classes = ["seat", "roster-line", "hidden"] + ["to-play"] * playing + ["winner"] * won
        where = _translate(0, PANEL_PAD + row * ROSTER_LINE)
        parts.append(
            _el("g", *line, cls=" ".join(classes), data_seat=seat.index, data_hidden="true",
                transform=where)
        )  # fmt: skip
    return _el("g", *parts, cls="roster")


def _seat_label(seat: _Seat, width: float, *, bold: bool) -> str:
    """The seat's name at the panel's top left: one `<text>`, a `<tspan>` a line when it takes
    two (the first ending in the space it was cut at, so the text reads whole)."""
    lines = _label_lines(seat)
    x, y = PANEL_PAD, PANEL_PAD + LABEL_SIZE
    if len(lines) == 1:
        label = _fit_label(seat.name, "", width - 2 * PANEL_PAD, LABEL_SIZE)
        return _text(x, y, label, LABEL_SIZE, bold=bold, anchor="start", cls="seat-label")
    return _el(
        "text",
        _el("tspan", escape(lines[0] + " ")),
        _el("tspan", escape(lines[1]), x=float(x), dy=float(PANEL_LABEL)),
        x=float(x),
        y=float(y),
        font_size=LABEL_SIZE,
        font_weight="bold" if bold else None,
        fill=INK,
        text_anchor="start",
        cls="seat-label",
    )


def _side(seat: _Seat, badges: Sequence[tuple[str, str]], x: float, top: float) -> list[str]:
    """Right of a seat's cards, from `x` and `top`: how many cards it holds, and its badges
    (TO PLAY, WINNER): the name above has the panel's whole width."""
    parts = [_text(x, top + 20, _count_words(seat.size), LABEL_SIZE, anchor="start", cls="count")]
    for row, (text, kind) in enumerate(badges):
        y = top + _badge_baseline(row)
        parts.append(_badge(x, y, text, size=BADGE_SIZE, cls=f"badge badge-{kind}"))
    return parts


def _badge_baseline(row: int) -> float:
    """The baseline of a seat's `row`th badge, under its count, from the top of its cards."""
    return 52 + row * (BADGE_SIZE + 12)


def _count_words(size: int) -> str:
    return f"{size} card" + ("" if size == 1 else "s")


def _card_control(
    card: Card,
    control,
    index: int,
    *,
    x: float,
    y: float,
    scale: float,
    nigerian: bool,
    star_double: bool,
) -> str:
    """A card of the viewer's hand that is a control: a button that says what a click does.
    A control whose `legal` is None (a question asking which cards may be played) is drawn
    plain, neither framed nor greyed, so the picture does not give the answer away."""
    if control.legal is None:
        highlight, lift = None, 0
    else:
        highlight = "legal" if control.legal else "illegal"
        lift = -TABLE_RAISE if control.legal else TABLE_RAISE
    return _card_group(
        card,
        nigerian=nigerian,
        star_double=star_double,
        highlight=highlight,
        transform=_translate(x, y + lift, scale),
        show_name=False,
        show_score=False,
        **_control_attrs(control, index),
    )


def _control_attrs(control, index: int | None) -> dict[str, object]:
    """What makes a drawing a control: a button in the tab order, named by `control.label`,
    with the move it stands for (`data-move`) and, for a card, its place in the hand."""
    return {
        "role": "button",
        "tabindex": 0,
        "aria_label": control.label,
        "data_index": index,
        "data_move": control.move,
        "data_legal": None if control.legal is None else "true" if control.legal else "false",
    }


def _market(size: int, control=None) -> str:
    """The market as a small stack of backs (at most four drawn) with its size written; a button
    with `control` (going to market)."""
    w, h = CARD_W * PILE_SCALE, CARD_H * PILE_SCALE
    if size == 0:
        stack = _empty_slot(0, 0, PILE_SCALE, "empty", CORNER_SIZE)
    else:
        layers = min(size, 4)
        stack = "".join(
            _back_group(_translate(3 * (layers - 1 - i), 3 * (layers - 1 - i), PILE_SCALE))
            for i in range(layers)
        )
    caption = _text(w / 2 + 3, h + 24, f"market {size}", 16, cls="market-size")
    attrs = {} if control is None else _control_attrs(control, None)
    return _el("g", stack, caption, cls="market", data_size=size, **attrs)


def _pile(top: Card | None, depth: int, nigerian: bool, star_double: bool) -> str:
    """The pile's top card, with a hint of the cards beneath, and how many cards it holds."""
    w, h = CARD_W * PILE_SCALE, CARD_H * PILE_SCALE
    if top is None:
        body = _empty_slot(0, 0, PILE_SCALE, "empty", CORNER_SIZE)
    else:
        under = ""
        if depth > 1:
            tilt = f"rotate(-6 {_num(w / 2)} {_num(h / 2)})"
            under = _rect(1, 1, w - 2, h - 2, rx=6, fill=PAPER, stroke=INK, transform=tilt)
        body = under + _card_group(
            top,
            nigerian=nigerian,
            star_double=star_double,
            transform=_translate(0, 0, PILE_SCALE),
            show_name=False,  # the corners show the shape; a name this small could not be read
            show_score=False,
        )
    caption = _text(w / 2, h + 24, f"pile {depth}", 16, cls="pile-size")
    return _el("g", body, caption, cls="pile", data_size=depth)


def _call(called: Shape, nigerian: bool) -> str:
    """The shape a Whot asked for: the word and the shape drawn, framed."""
    width = _call_width(called, nigerian)
    return _el(
        "g",
        _rect(0, 0, width, 82, rx=6, **(_outline(1.5) | {"fill": PAPER})),
        _text(width / 2, 19, _call_words(called, nigerian), 15, bold=True, cls="call-text"),
        _shape(called, width / 2, 52, 20, "call-shape"),
        cls="call",
        data_shape=called,
    )


def _call_words(called: Shape, nigerian: bool) -> str:
    return f"call: {_shape_name(called, nigerian)}"


def _call_width(called: Shape, nigerian: bool) -> float:
    """The call's frame: CALL_W, wider when its words need it."""
    return max(CALL_W, _text_width(_call_words(called, nigerian), 15 * 1.08) + 12)


#: The least room between the market, the pile and a call, in a narrowed centre.
LEAST_CENTRE_SPACING = 8
#: The narrowest centre (a seat beside it, `_seat_positions`): the market, the pile and the
#: widest call side by side, `LEAST_CENTRE_SPACING` apart.
NARROW_CENTRE_W = math.ceil(
    CARD_W * PILE_SCALE * 2
    + 9
    + max(_call_width(shape, nigerian) for shape in SHAPES for nigerian in (False, True))
    + 2 * LEAST_CENTRE_SPACING
)


def _status_words(table, seats: list[_Seat]) -> list[str]:
    """Whose turn, or that the game is over and who won."""
    if table.is_over:
        winners = [seats[w].name for w in table.winners]
        how = "check up" if getattr(table, "end_reason", None) == "check_up" else "count"
        if len(winners) == 1:
            return [f"Game over ({how})", f"{winners[0]} wins"]
        return [f"Game over ({how})", f"{' and '.join(winners)} share the win"]
    return [f"{seats[table.current_player].name} to play"]


def _status(table, seats: list[_Seat], room: float = CENTRE_W) -> list[str]:
    """The lines under the pile: whose turn or who won. Wrapped to the centre's width, `room`
    (the winners on lines of their own): a long name (30 letters in a classroom) never runs off."""
    words = _status_words(table, seats)
    return words[:-1] + _wrapped(words[-1], STATUS_SIZE, room)


STATUS_SIZE = 16  # the status lines' font size


def _wrapped(words: str, size: float, room: float = CENTRE_W) -> list[str]:
    """`words` in lines no wider than `room` (bold text at `size`), broken between words, and
    a word wider than `room` alone (a name without spaces) broken where it must."""

    def fits(line: str) -> bool:
        return _text_width(line, size * 1.08) <= room

    lines: list[str] = []
    for word in words.split():
        if lines and fits(f"{lines[-1]} {word}"):
            lines[-1] = f"{lines[-1]} {word}"
            continue
        while not fits(word):
            cut = max(n for n in range(1, len(word) + 1) if n == 1 or fits(word[:n]))
            lines.append(word[:cut])
            word = word[cut:]
        lines.append(word)
    return lines


def _centre(
    table, seats: list[_Seat], nigerian: bool, market=None, *, width: float = CENTRE_W
) -> str:
    """Market, pile and call side by side, closer together when `width` (the centre's, at
    least `NARROW_CENTRE_W`) is short of room; the status and penalty underneath."""
    star_double = table.rules.star_double
    pile = table.pile
    top = table.top
    items = [  # (drawing, width, drop from the top), laid out left to right and centred
        (_market(table.market_size, market), CARD_W * PILE_SCALE + 9, 0),
        (_pile(top, len(pile), nigerian, star_double), CARD_W * PILE_SCALE, 0),
    ]
    if table.called is not None:
        items.append((_call(table.called, nigerian), _call_width(table.called, nigerian), 12))
    drawn = sum(w for _, w, _ in items)
    gap = min(CENTRE_SPACING, max(LEAST_CENTRE_SPACING, (width - drawn) / (len(items) - 1)))
    x = (width - drawn - gap * (len(items) - 1)) / 2
    parts = []
    for drawing, w, drop in items:
        parts.append(_el("g", drawing, transform=_translate(x, drop)))
        x += w + gap
    y = CARD_H * PILE_SCALE + 50
    for line in _status(table, seats, width):
        parts.append(_text(width / 2, y, line, STATUS_SIZE, bold=True, cls="status"))
        y += 21
    if table.penalty and not table.is_over:
        text = f"pick {table.penalty}"
        if top is not None:
            text += f" (or defend with a {top.number})"
        wide = _badge_width(text, BADGE_SIZE)
        parts.append(_badge(width / 2 - wide / 2, y, text, size=BADGE_SIZE, cls="badge penalty"))
    return _el("g", *parts, cls="centre")


def table_svg(
    table,
    viewer: int | None = None,
    *,
    nigerian: bool = False,
    names: Sequence[str] | None = None,
    hand: Sequence | None = None,
    market=None,
    face_up: bool = False,
    row: int | None = None,
    hand_row: int | None = None,
    hidden: bool = False,
    steady: bool = True,
) -> str:
    """A whole table from a `GameState` or a `PlayerView`.

    The pile's top card (and the called shape after a Whot), the market's size, every seat's hand
    round the table with the viewer at the bottom, a frame and a TO PLAY badge on the seat to
    move, a waiting pick ("pick 4"), and the winners once the game is over. With `viewer`, every
    other hand is shown as backs; a `PlayerView` always hides all hands but its own. Only public
    attributes are read, so any object shaped like a state or a view will do.

    For a table you play on, `hand` (one for each card of the viewer's hand) and `market` make
    those drawings controls: each an object with `label` (its accessible name), `legal` (may it
    be played now) and `move` (the move's text, or None when a click must ask more, as a Whot's
    call). They get `role="button"`, a tab stop, `aria-label`, `data-move` and `data-legal`;
    the cards also `data-index`, their place in the hand. `whot_core.table_actions` makes them.

    `face_up` shows every hand of a state face up with `viewer` still at the bottom: a teacher's
    demonstration at the Play table (a view has only its own hand to show). `row` puts at
    most that many seats in a row above the centre (a phone's narrow table, one a row; Watch's,
    two a row, a seat left alone in the last row sitting right of the centre instead); by
    default every other seat sits in one row. `hand_row` cuts the hand you play from into rows
    of at most that many cards (a phone: a long row would draw every card small). `hidden` draws
    every hand as backs, the first seat at the bottom: a spectator's screen over a game played
    from phones.
    `steady` off draws each face-up hand's panel only as wide as its cards need (at least
    PANEL_W), not room for STEADY_HAND cards: a position shown once (a lesson's question), whose
    panels need not keep their width from one move to the next, and whose face-up seats then
    fit a projector's or a phone's width larger.
    """
    if hidden and (viewer is not None or face_up or hand is not None):
        raise ValueError("hidden: a spectator's table has no viewer, no face-up hand, no controls")
    seats, bottom = _seats(table, viewer, names, face_up, hidden)
    playing = viewer is not None or hand is not None or not hasattr(table, "hands")
    seats = _sized(seats, bottom if playing else None, hand_row)
    if not steady:
        seats = [replace(seat, steady=False) for seat in seats]
    if hand is not None:
        held = seats[bottom].cards
        if held is None or len(hand) != len(held):
            raise ValueError("hand: one control for each card of the viewer's hand")
    others = [seats[(bottom + k) % len(seats)] for k in range(1, len(seats))]
    roster = others if len(others) >= ROSTER_FROM and all(s.compact for s in others) else None
    widths = [_panel_width(seat) for seat in seats]
    heights = [_panel_height(seat) for seat in seats]
    if roster is not None:  # the roster above the centre, as a two-player table's other seat
        placed = [bottom, roster[0].index]
        widths = [widths[bottom], max(CENTRE_W, widths[bottom])]  # no wider than the table
        heights = [heights[bottom], _roster_height(len(roster))]
        spots, (centre_x, centre_w) = _seat_positions(widths, heights, 0)
    else:
        placed = list(range(len(seats)))
        spots, (centre_x, centre_w) = _seat_positions(widths, heights, bottom, row)
    boxes = [(x, w) for (x, _), w in zip(spots, widths, strict=True)] + [(centre_x, centre_w)]
    left = min(x - w / 2 for x, w in boxes)
    right = max(x + w / 2 for x, w in boxes)
    top = min(y - h / 2 for (_, y), h in zip(spots, heights, strict=True))
    bottom_edge = max(y + h / 2 for (_, y), h in zip(spots, heights, strict=True))
    parts = [
        _el(
            "ellipse",
            cx=(left + right) / 2,
            cy=(top + bottom_edge) / 2,
            rx=(right - left) / 2 - TABLE_GAP,
            ry=(bottom_edge - top) / 2 - TABLE_GAP,
            fill=TABLE_TINT,
            stroke=INK,
            cls="table-top",
        ),
        _el(
            "g",
            _centre(table, seats, nigerian, market, width=centre_w),
            transform=_translate(centre_x - centre_w / 2, -CENTRE_H / 2),
        ),
    ]
    winners = set(table.winners) if table.is_over else set()
    for index, (x, y), width, height in zip(placed, spots, widths, heights, strict=True):
        where = _translate(x - width / 2, y - height / 2)
        if roster is not None and index != bottom:
            group = _roster(roster, width=width, to_play=table.current_player, winners=winners)
            parts.append(_el("g", group, transform=where))
            continue
        seat = seats[index]
        parts.append(
            _seat_panel(
                seat,
                width=width,
                to_play=table.current_player == seat.index,
                winner=seat.index in winners,
                nigerian=nigerian,
                star_double=table.rules.star_double,
                transform=where,
                controls=hand if seat.index == bottom else None,
            )
        )
    label = _table_label(table, seats, bottom if playing else None, nigerian)
    left, top = left - TABLE_MARGIN, top - TABLE_MARGIN
    width = right - left + TABLE_MARGIN
    height = bottom_edge - top + TABLE_MARGIN
    return _svg(width, height, (left, top, width, height), label, *parts)


def _table_label(table, seats: list[_Seat], you: int | None, nigerian: bool) -> str:
    """The picture in a few sentences, for a screen reader (the app's image of it has these as
    its alt text): whose turn or who won, the pile, the market, how many cards each seat holds,
    and the hand of `you` (the seat the picture is drawn for; None for a table seen from
    outside) when it is face up. Only what the picture shows: a hidden hand's count, never its
    cards. Read at every step, so short: no other hand is listed."""
    top = table.top
    pile = "nothing" if top is None else top.name(nigerian)
    if table.called is not None:
        pile += f", calling {_shape_name(table.called, nigerian)}"
    sentences = [
        ", ".join(_status_words(table, seats)),
        f"On the pile: {pile}; {_count_words(table.market_size)} in the market",
    ]
    if table.penalty and not table.is_over:
        sentences.append(f"A pick {table.penalty} is waiting")
    first, *others = seats
    held = [f"{first.name} has {_count_words(first.size)}"]
    sentences.append(", ".join(held + [f"{s.name} has {s.size}" for s in others]))
    if you is not None and seats[you].cards is not None:
        hand = ", ".join(card.name(nigerian) for card in seats[you].cards)
        sentences.append(f"Your hand: {hand or 'no cards'}")
    if len(seats) > 1 and all(s.cards is not None for s in seats):
        sentences.append("Every hand is face up")
    return "The table: " + "".join(f"{sentence}. " for sentence in sentences).strip()


# ------------------------------------------------------------------------ apps and notebooks


def card_repr_html(card: Card) -> str:
    """What `Card._repr_html_` returns: the card in Jupyter, as an <img> (`notebook_html`)."""
    return notebook_html(card_svg(card))


def state_repr_html(state) -> str:
    """What `GameState._repr_html_` (or a view's) returns: the whole table, hands face up for a
    state, only the seat's own hand for a view."""
    return notebook_html(table_svg(state))


class HandPicture:
    """A hand that draws itself in a notebook: `HandPicture(state.hands[0])` alone in a cell."""

    def __init__(self, cards: Iterable[Card | str], **options: object) -> None:
        self.cards = tuple(Card.of(card) for card in cards)
        self.options = options

    @property
    def svg(self) -> str:
        return hand_svg(self.cards, **self.options)  # type: ignore[arg-type]

    def _repr_html_(self) -> str:
        return notebook_html(self.svg)

    def __repr__(self) -> str:
        return f"HandPicture({[str(card) for card in self.cards]})"


class TablePicture:
    """A table that draws itself in a notebook, as seen by `viewer` (None: every hand shown)."""

    def __init__(self, state, viewer: int | None = None, **options: object) -> None:
        self.state = state
        self.viewer = viewer
        self.options = options

    @property
    def svg(self) -> str:
        return table_svg(self.state, self.viewer, **self.options)  # type: ignore[arg-type]

    def _repr_html_(self) -> str:
        return notebook_html(self.svg)

    def __repr__(self) -> str:
        return f"TablePicture({self.state!r}, viewer={self.viewer!r})"
