"""HTML for the pages' markdown: a picture as an `<img>` (Streamlit strips inline SVG), a row
of cards with captions, and a table of rows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape

from ..engine.cards import Card
from ..show.pictures import card_svg, to_data_uri

__all__ = ["Share", "cards_html", "picture_html", "table_html"]


@dataclass(frozen=True)
class Share:
    """A share in a table of rows (`table_html`), drawn as a bar with its percentage written
    beside it: the bar is read at a glance, the number from the back of a room (the bar alone
    says nothing to a screen reader). `percent` None: nothing yet, an empty cell."""

    percent: int | None


def picture_html(
    svg: str,
    alt: str,
    *,
    width: int | None = None,
    css: str = "whot-pic",
    narrow: str | None = None,
    tallest: str | None = "80vh",
) -> str:
    """An SVG picture as an `<img>` data URI (Streamlit strips inline SVG), scaled to fit.

    `object-fit: contain` because Streamlit's own style for images in markdown is `scale-down`,
    which never draws a picture larger than the size written in it: the projector's large
    table stayed the size of the normal one, in the middle of an empty box. At most 80% of the
    window's height (`tallest`; None for a chart, whose words would shrink with it), so that a
    tall table leaves room on the screen for the hand under it.
    `narrow`, another drawing of the same picture, is drawn instead in a phone's narrow window,
    where the wide one's words would be too small: a second `<img>`, and the page's style
    (`page.css`) shows one of the two by the window's width. Not a `<picture>` with a source
    for narrow windows: `st.html`, which draws pictures, keeps no data URI in a `srcset`.
    """
    size = f"width:{width}px;" if width else ""
    most = f"max-height:{tallest};" if tallest else ""
    style = f"{size}max-width:100%;height:auto;{most}object-fit:contain"

    def image(drawing: str, shown_in: str = "") -> str:
        kind = f' class="{shown_in}"' if shown_in else ""
        return f'<img{kind} src="{to_data_uri(drawing)}" alt="{escape(alt)}" style="{style}"/>'

    img = image(svg) if narrow is None else image(svg, "pic-wide") + image(narrow, "pic-narrow")
    return f'<div class="{css}">{img}</div>'


def cards_html(
    cards: Sequence[Card],
    captions: Sequence[str],
    *,
    width: int = 80,
    nigerian: bool = False,
    star_double: bool = True,
) -> str:
    """A row of card pictures, each with a caption under it (the count card by card)."""
    figures = []
    for card, caption in zip(cards, captions, strict=True):
        svg = card_svg(  # the caption names the card: no shape name too small to read on it
            card, width=width, nigerian=nigerian, star_double=star_double, show_name=False
        )
        figures.append(
            '<figure class="whot-card" style="display:inline-block;margin:0 6px 6px 0;'
            f'text-align:center"><img src="{to_data_uri(svg)}" alt="{escape(card.name(nigerian))}"'
            f' width="{width}"/><figcaption>{escape(caption)}</figcaption></figure>'
        )
    if not figures:
        return '<p class="whot-card-row"><em>no cards left</em></p>'
    return '<div class="whot-card-row">' + "".join(figures) + "</div>"


def table_html(rows: Sequence[Mapping[str, object]], *, stacked: bool = False) -> str:
    """Rows (dicts alike, their keys the headings) as an HTML table, every value escaped: a
    name a person typed shows as text.

    Why not `st.table`: its data travels as Arrow and the browser fetches and runs Streamlit's
    table code (about 750 KB of script with Arrow's) at every page load that shows one, 100 to
    150 ms of the load (docs/performance.md); a markdown table is drawn with the page's words,
    at the classroom setting's size too. Numbers are aligned right, for reading down a column;
    each heading starts with a capital, as every table of the app's. In a box that scrolls
    sideways when the table is wider than a phone (`page.css`); `stacked`, a table of long
    sentences is drawn on a phone a row a block, each cell under its heading, rather than in
    columns a word or two wide. Empty for no rows.
    """
    if not rows:
        return ""
    headings = [str(key)[:1].upper() + str(key)[1:] for key in rows[0]]

    def cell(value: object, heading: str) -> str:
        number = isinstance(value, int | float) and not isinstance(value, bool)
        align = ' style="text-align:right"' if number else ""
        label = f' data-label="{escape(heading)}"' if stacked else ""
        if isinstance(value, Share):
            return f'<td class="share"{label}>{share_html(value)}</td>'
        return f"<td{align}{label}>{escape(str(value))}</td>"

    head = "".join(f"<th>{escape(heading)}</th>" for heading in headings)
    body = "".join(
        "<tr>" + "".join(cell(v, h) for v, h in zip(row.values(), headings, strict=True)) + "</tr>"
        for row in rows
    )
    kind = "rows-table rows-stacked" if stacked else "rows-table"
    return (
        f'<div class="rows-table-box"><table class="{kind}">'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>"
    )


def share_html(share: Share) -> str:
    """A share's bar (its length the share, in the page's style `.share-bar`) and its
    percentage; nothing for no share yet."""
    if share.percent is None:
        return ""
    percent = max(0, min(100, int(share.percent)))
    return (
        f'<span class="share-bar" style="--share:{percent}%" aria-hidden="true"></span>{percent}%'
    )
