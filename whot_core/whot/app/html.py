"""HTML for the pages' markdown: a picture as an `<img>` (Streamlit strips inline SVG) and a row
of cards with captions."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..engine.cards import Card
from ..show.pictures import card_svg, to_data_uri

__all__ = ["cards_html", "picture_html"]


#: A window at most this wide (a phone's) draws a picture's narrow version, when it has one.
NARROW_WINDOW_PX = 640


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
    `narrow`, another drawing of the same picture, is drawn instead in a phone's narrow window
    (a `<picture>` with a media query), where the wide one's words would be too small.
    """
    size = f"width:{width}px;" if width else ""
    most = f"max-height:{tallest};" if tallest else ""
    img = (
        f'<img src="{to_data_uri(svg)}" alt="{escape(alt)}" '
        f'style="{size}max-width:100%;height:auto;{most}object-fit:contain"/>'
    )
    if narrow is not None:
        query = f"(max-width: {NARROW_WINDOW_PX}px)"
        img = f'<picture><source media="{query}" srcset="{to_data_uri(narrow)}"/>{img}</picture>'
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
