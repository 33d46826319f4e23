"""The explorer's screen: the style every page shares, and the classroom setting.

One screen: the pages that show a table (Watch, Whist, Play) keep the table, its step buttons or
hand, and the narration in one window at 1400x1000 and at 1280x720 in the classroom setting. The
page title is compact, the top margin small, and a table picture is at most the window's height
less the room its page needs above it (`stage_top`, in pixels).

The classroom setting (in a link `classroom=on`; the older `big=on` still works) is for a
projector: large text, narration, widget labels, buttons, chart text (the figures' `large`) and
tables on every page, readable from the back of a room; the page sets the sidebar closed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["CLASSROOM_PARAMS", "STAGE_CLASS", "classroom_from_params", "page_css"]

#: Link parameters that turn the classroom setting on (`big` was its name before; old links work).
CLASSROOM_PARAMS = ("classroom", "big")

#: The CSS class of a table picture's box: its height follows the window (`page_css`).
STAGE_CLASS = "whot-stage"


def classroom_from_params(params: Mapping[str, Any]) -> bool:
    """Whether a link asks for the classroom setting: `classroom=on` or the older `big=on`."""
    return any(_last(params.get(name)) == "on" for name in CLASSROOM_PARAMS)


def _last(value: Any) -> str | None:
    if isinstance(value, list | tuple):
        return str(value[-1]) if value else None
    return None if value is None else str(value)


#: Every page: a small top margin and a compact title, so a table and its controls fit one window;
#: the developer's toolbar is hidden by `.streamlit/config.toml` (`toolbarMode = "viewer"`).
_SHARED = """
[data-testid="stHeader"] { height: 2.6rem; background: transparent; pointer-events: none; }
[data-testid="stHeader"] :is(button, a, [data-testid="stToolbar"]) { pointer-events: auto; }
[data-testid="stMainBlockContainer"] { padding-top: 2.6rem; padding-bottom: 2rem; }
[data-testid="stMain"] h1 { font-size: 2.1rem; padding: 0 0 0.4rem 0; }
[data-testid="stMain"] h3 { font-size: 1.35rem; padding: 0.1rem 0 0.3rem 0; }
.__STAGE__ img { max-height: max(20rem, calc(100vh - __TOP__px)) !important; }
"""

#: The classroom setting: everything a reader reads, large. Widget labels, buttons, tables, the
#: narration, captions; titles stay compact (they say less than the table).
_CLASSROOM = """
[data-testid="stMainBlockContainer"] { padding-top: 2.4rem; }
[data-testid="stMain"] h1 { font-size: 1.9rem; }
[data-testid="stMain"] h3 { font-size: 1.6rem; }
[data-testid="stMain"] [data-testid="stMarkdown"] :is(p, li, figcaption),
[data-testid="stMain"] [data-testid="stCaptionContainer"] p,
[data-testid="stMain"] [data-testid="stAlertContainer"] p,
[data-testid="stMain"] [data-testid="stExpander"] summary p { font-size: 1.35rem; }
[data-testid="stMain"] [data-testid="stWidgetLabel"] p { font-size: 1.15rem; }
[data-testid="stMain"] button p,
[data-testid="stMain"] [data-baseweb="select"] div,
[data-testid="stMain"] input,
[data-testid="stMain"] [data-testid="stRadio"] label p { font-size: 1.2rem; }
[data-testid="stMain"] [data-testid="stTable"] :is(td, th),
[data-testid="stMain"] [data-testid="stMarkdown"] :is(td, th) { font-size: 1.3rem; }
[data-testid="stMain"] [data-testid="stSliderThumbValue"],
[data-testid="stMain"] [data-testid="stSliderTickBar"] { font-size: 1.1rem; }
"""


def page_css(classroom: bool, stage_top: int) -> str:
    """The style of every page: shared, and the classroom setting's when `classroom`."""
    shared = _SHARED.replace("__STAGE__", STAGE_CLASS).replace("__TOP__", str(int(stage_top)))
    return shared + (_CLASSROOM if classroom else "")
