"""The Play page's table as one interactive picture: a Streamlit custom component (Components v2,
`st.components.v2.component`): its script and style are `table_component.js` and
`table_component.css` beside this module (after the shared `activate.js`), nothing fetched.

The data comes from `whot_core.table_actions.board_data`: the table's SVG, whose cards of your
hand and market are buttons (`role="button"`, a tab stop, an `aria-label`), and for each card
its moves and the engine's reason. Everything a click needs is in that data, so the browser
answers at once: a card that may not be played says why without asking the server, in a note
over the table just above the hand (where a phone's player is looking); a Whot
opens the five shapes to call (nothing is played until one is chosen; Escape or Cancel closes
them); a legal card or the market sends its move's text back to Python as the trigger value
`move`, with the turn it was clicked on. Under `announcements = penalty` a check box beside the
hand says the words with the card. Under `multiple_cards` a card that may take others of its
number with it opens those cards instead: a tap adds one (in the order put down; the last goes
on top) or takes it back, and Put down sends the play the engine listed for that choice.
Nothing needs a hover: a tap is a click. The table also has a `narrow` picture (the other seats
two a row, the hand five cards a row), drawn when the component is narrower than a phone's
width; a click says which width it was made at (`narrow`), and Play's next drawings are then
only that width's (`table_actions.clicked_width`).

The Learn page uses the same table in select mode (`data["select"]`): a click marks or unmarks a
card of the hand, and a Check button sends the marked cards (the trigger value `answer`); the
cards are drawn plain, so the picture does not tell which may be played. On a projector the
Check button stands beside the drawing when it leaves room (the table is as tall as the window).
In a dark theme the panels over the table take the page's colours (`isDark`, `activate.js`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import streamlit as st

from app_pages.shared import component

HERE = Path(__file__).resolve().parent

_TABLE = st.components.v2.component(
    "whot_table",
    css=component.asset(HERE / "table_component.css"),
    js=component.script(HERE / "table_component.js"),
)


def interactive_table(
    data: dict[str, Any],
    *,
    key: str,
    on_move: Callable[[], None],
    max_height: str = "58vh",
    large: bool = False,
    on_answer: Callable[[], None] | None = None,
    narrow_max_height: str | None = None,
) -> None:
    """Draw the table from `board_data`, at most `max_height` tall (its words `large` for a
    projector); a click on a legal card or the market calls `on_move`, which finds
    `{"move": text, "turn": n}` in `st.session_state[key]["move"]`.

    With `data["select"]` (`{"button": words, "token": text, "chosen": [indexes]}`, the Learn
    page's questions) a click on a card of the hand marks or unmarks it, and the button sends
    `{"cards": [card texts], "token": text}` to `on_answer` as the trigger value `answer`.
    `narrow_max_height` is the height limit of the data's "narrow" drawing, when it is shown
    (a face-up table one seat a row, taller than `max_height` allows at a readable size)."""
    data = {**data, "maxHeight": max_height, "large": large}
    if narrow_max_height is not None:
        data["narrowMaxHeight"] = narrow_max_height
    callbacks = {} if on_answer is None else {"on_answer_change": on_answer}
    _TABLE(key=key, data=data, on_move_change=on_move, **callbacks)


def clicked(key: str, trigger: str = "move") -> Any:
    """The trigger value the table sent with this run (inside `on_move`, or `on_answer` with
    `trigger="answer"`), or None."""
    return component.clicked(key, trigger)
