"""SVG drawing primitives that both games' pictures are built from; no game's cards in here.

Each function returns SVG text. `el` writes any element (`cls` becomes `class`, underscores in
attribute names become hyphens, None leaves the attribute out); `text`, `rect`, `card_rect`,
`badge` and the rest build on it. A card is drawn in card units, `CARD_W` x `CARD_H`; `svg` wraps
a drawing as a standalone, accessible picture (viewBox, role="img", aria-label and a title), and
`img_tag` as an `<img>` for hosts that strip inline SVG (Streamlit's `st.html`, and JupyterLab
showing an untrusted notebook: `notebook_html`). Whot's pictures
(`whot_core.whot.show.pictures`) and Whist's (`whot_core.whist.show.pictures`) share the ink, the
paper, the card outline and the back's frame from here. Standard library only.

    >>> el("rect", x=1.5, cls="card", fill=None)
    '<rect x="1.5" class="card"/>'
    >>> translate(10, 20.5, 0.5)
    'translate(10 20.5) scale(0.5)'
"""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Iterable
from xml.sax.saxutils import escape, quoteattr

__all__ = [
    "CARD_H",
    "CARD_RADIUS",
    "CARD_W",
    "FONT",
    "INK",
    "PAPER",
    "TABLE_TINT",
    "Picture",
    "badge",
    "badge_width",
    "bold_width",
    "card_rect",
    "crosshatch",
    "el",
    "empty_slot",
    "fit_label",
    "framed_back",
    "img_tag",
    "notebook_html",
    "num",
    "one_card_svg",
    "outline",
    "picture_label",
    "points",
    "rect",
    "svg",
    "text",
    "text_width",
    "to_data_uri",
    "translate",
]

#: A card in card units; every card picture's viewBox is `0 0 CARD_W CARD_H`.
CARD_W = 100
CARD_H = 150
CARD_RADIUS = 8
#: The one ink colour (a Waddingtons-like maroon, dark in greyscale) and the paper.
INK = "#6b1d2a"
PAPER = "#ffffff"
#: A light decorative tint for the table top; nothing depends on it.
TABLE_TINT = "#f4efe6"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


def num(value: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros."""
    shown = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if shown == "-0" else shown


def _attr_name(key: str) -> str:
    return "class" if key == "cls" else key.replace("_", "-")


def _attr_value(value: object) -> str:
    if isinstance(value, float):
        return num(value)
    return str(value)


def el(tag: str, *children: str, **attrs: object) -> str:
    """An element; `cls` becomes `class` and underscores become hyphens; None drops the attr."""
    parts = [tag] + [
        f"{_attr_name(k)}={quoteattr(_attr_value(v))}" for k, v in attrs.items() if v is not None
    ]
    head = " ".join(parts)
    if not children:
        return f"<{head}/>"
    return f"<{head}>{''.join(children)}</{tag}>"


def text(
    x: float,
    y: float,
    content: str,
    size: float,
    *,
    bold: bool = False,
    fill: str = INK,
    anchor: str = "middle",
    **attrs: object,
) -> str:
    """A `<text>` in ink, centred on x unless `anchor` says otherwise; its content escaped."""
    return el(
        "text",
        escape(content),
        x=float(x),
        y=float(y),
        font_size=size,
        font_weight="bold" if bold else None,
        fill=fill,
        text_anchor=anchor,
        **attrs,
    )


def rect(x: float, y: float, width: float, height: float, **style: object) -> str:
    """A `<rect>`; `style` as for `el`."""
    return el("rect", x=float(x), y=float(y), width=float(width), height=float(height), **style)


def card_rect(inset: float, **style: object) -> str:
    """A rectangle `inset` inside the card's edge, its rounded corners following the card's."""
    radius = max(CARD_RADIUS + 1 - inset, 2)
    return rect(inset, inset, CARD_W - 2 * inset, CARD_H - 2 * inset, rx=radius, **style)


def outline(width: float, dashes: str | None = None) -> dict[str, object]:
    """Style for an unfilled ink line, solid or dashed."""
    return {"fill": "none", "stroke": INK, "stroke_width": width, "stroke_dasharray": dashes}


def points(xys: Iterable[tuple[float, float]]) -> str:
    """Coordinates as a polygon's `points` attribute."""
    return " ".join(f"{num(x)},{num(y)}" for x, y in xys)


def translate(x: float, y: float, scale: float = 1.0) -> str:
    """A `transform` that moves to (x, y), and scales when `scale` is not 1."""
    move = f"translate({num(x)} {num(y)})"
    return move if scale == 1 else f"{move} scale({num(scale)})"


def svg(
    width: float,
    height: float,
    view: tuple[float, float, float, float],
    label: str,
    *body: str,
    desc: str | None = None,
) -> str:
    """A standalone, accessible <svg>: viewBox, role="img", aria-label and <title>."""
    title = el("title", escape(label))
    extra = el("desc", escape(desc)) if desc else ""
    return el(
        "svg",
        title,
        extra,
        *body,
        xmlns="http://www.w3.org/2000/svg",
        viewBox=" ".join(num(v) for v in view),
        width=float(width),
        height=float(height),
        role="img",
        aria_label=label,
        font_family=FONT,
    )


def text_width(words: str, size: float) -> float:
    """A rough width for laying out words (DejaVu Sans averages about 0.62 em per glyph); a
    badge's bold capitals take `badge_width`."""
    return 0.62 * size * len(words)


_BOLD_EMS = {"M": 1.1, "W": 1.1, " ": 0.35}  # bold glyphs far from the rest's width


def bold_width(words: str, size: float) -> float:
    """A bold line's width, erring wide: DejaVu Sans Bold's capitals are about 0.8 em (M and W
    1.1), other glyphs 0.7 or less, a space 0.35. A badge's words are capitals, which
    `text_width`'s 0.62 em a glyph underestimates: WINNER ran past its badge's ends."""
    return size * sum(_BOLD_EMS.get(c, 0.8 if c.isupper() else 0.7) for c in words)


def badge_width(words: str, size: float) -> float:
    """A badge's width: its bold words and room each side of them."""
    return bold_width(words, size) + 10


def badge(x: float, y: float, words: str, *, size: float = 11, cls: str = "badge") -> str:
    """White text on an ink block, left edge at x, baseline at y: visible in any greyscale; as
    wide as `badge_width`, which a layout uses to make room for it."""
    width = badge_width(words, size)
    return el(
        "g",
        rect(x, y - size - 2, width, size + 6, rx=3, fill=INK),
        text(x + width / 2, y, words, size, bold=True, fill=PAPER),
        cls=cls,
    )


def crosshatch(x0: float, y0: float, x1: float, y1: float, spacing: float) -> str:
    """Path data for two families of diagonal lines filling a rectangle: a diamond lattice drawn
    with a few dozen strokes, each cut at the rectangle's edges."""
    lines = []
    for c in range(int(x0 - y1), int(x1 - y0) + 1):  # lines x - y = c
        if c % spacing == 0:
            a, b = max(x0, y0 + c), min(x1, y1 + c)
            if a < b:
                lines.append(f"M{num(a)} {num(a - c)}L{num(b)} {num(b - c)}")
    for c in range(int(x0 + y0), int(x1 + y1) + 1):  # lines x + y = c
        if c % spacing == 0:
            a, b = max(x0, c - y1), min(x1, c - y0)
            if a < b:
                lines.append(f"M{num(a)} {num(c - a)}L{num(b)} {num(c - b)}")
    return "".join(lines)


def framed_back(
    fill: str, lattice: str, opacity: float, *marks: str, transform: str | None = None
) -> str:
    """A card back: `fill` with a white `lattice` (of `opacity`) inside a white frame, and any
    `marks` on top. The Whot and Whist backs differ only in these."""
    return el(
        "g",
        card_rect(1, fill=fill, stroke=INK, stroke_width=1.5),
        el("path", d=lattice, stroke=PAPER, stroke_width=1, stroke_opacity=opacity),
        card_rect(7, fill="none", stroke=PAPER, stroke_width=1.5),
        *marks,
        cls="card-back",
        transform=transform,
    )


def one_card_svg(width: float, label: str, body: str, desc: str | None = None) -> str:
    """One card's drawing (`body`, in card units) as a standalone SVG `width` pixels wide."""
    return svg(width, width * CARD_H / CARD_W, (0, 0, CARD_W, CARD_H), label, body, desc=desc)


def empty_slot(x: float, y: float, scale: float, words: str, size: float = 12) -> str:
    """A dashed card outline where cards would be (an empty pile or market, an empty hand), its
    words `size` card units high."""
    return el(
        "g",
        card_rect(1, **outline(1.5, "6 4")),
        text(CARD_W / 2, CARD_H / 2 + 5, words, size),
        cls="empty-slot",
        transform=translate(x, y, scale),
    )


def fit_label(name: str, suffix: str, room: float, size: float) -> str:
    """The name shortened with an ellipsis until name and suffix fit in `room`."""
    shown = name + suffix
    while len(name) > 1 and text_width(shown, size * 1.08) > room:
        name = name[:-1]
        shown = name.rstrip() + "…" + suffix
    return shown


def to_data_uri(svg: str) -> str:
    """The SVG as a base64 data URI, for an <img> where inline SVG is stripped (st.html)."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def img_tag(svg: str, alt: str, *, width: float | None = None) -> str:
    """An <img> showing the SVG, with alt text (and an optional pixel width)."""
    size = "" if width is None else f" width={quoteattr(num(width))}"
    return f"<img src={quoteattr(to_data_uri(svg))} alt={quoteattr(alt)}{size}/>"


_LABEL = re.compile(r"""aria-label=(["'])(.*?)\1""")


def picture_label(svg: str) -> str:
    """A picture's own words for what it shows (its `aria-label`: a table's in sentences), as
    the alt text of an <img> of it; "picture" when it has none."""
    label = _LABEL.search(svg)
    return html.unescape(label.group(2)) if label else "picture"


def notebook_html(svg: str) -> str:
    """A picture as a notebook shows it: an <img> of the SVG, its alt text the picture's label.

    A notebook from a fresh clone is untrusted, and JupyterLab then draws no SVG output; it
    does show HTML, through a sanitizer that keeps an <img> with a data URI. So the pictures'
    `_repr_html_` returns this, and the stored outputs show before anything is run."""
    return img_tag(svg, picture_label(svg))


class Picture:
    """Any picture, shown in a notebook as `notebook_html` gives it: `Picture(hand_svg(...))`
    alone in a cell (where `IPython.display.SVG` would show nothing until the notebook is run)."""

    def __init__(self, svg: str) -> None:
        self.svg = svg

    def _repr_html_(self) -> str:
        return notebook_html(self.svg)

    def __repr__(self) -> str:
        label = _LABEL.search(self.svg)
        return f"<Picture: {html.unescape(label.group(2)) if label else 'no label'}>"
