"""The Whist table you play on: one Streamlit custom component (Components v2; its script and
style are `table_component.js` and `table_component.css` beside this module, after the shared
`activate.js`, nothing fetched), the Whot table's counterpart (`app_pages/whot/table_component.py`).

The data comes from `whot_core.whist.app.table.board_data`: the table's SVG (the cards the seat may
play raised and framed) and each card of the seat's hand with its verdict in the engine's
words. The script makes those cards buttons (a tab stop, an `aria-label`): a card that may not
be played says why at once, without asking the server; a legal one sends its letters back to
Python as the trigger value `card`, with the turn it was clicked on. A tap is a click.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import streamlit as st

from app_pages.shared import component

HERE = Path(__file__).resolve().parent

_TABLE = st.components.v2.component(
    "whist_table",
    css=component.asset(HERE / "table_component.css"),
    js=component.script(HERE / "table_component.js"),
)


def whist_table(
    data: dict[str, Any],
    *,
    key: str,
    on_card: Callable[[], None],
    max_height: str = "62vh",
    large: bool = False,
    narrow_max_height: str | None = None,
) -> None:
    """Draw the table from `board_data` (or a Learn question's `whist_board`); a click on a
    legal card calls `on_card`, which finds `{"card": letters, "turn": n}` in
    `st.session_state[key]["card"]`. The data's `narrow` drawing, if any, is drawn in a phone's
    column, at most `narrow_max_height` tall (by default `max_height`)."""
    sizes = {"maxHeight": max_height, "large": large, "narrowMaxHeight": narrow_max_height}
    _TABLE(key=key, data={**data, **sizes}, on_card_change=on_card)


def clicked(key: str) -> Any:
    """The card the table sent with this run (inside `on_card`), or None."""
    return component.clicked(key, "card")
