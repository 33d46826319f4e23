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
from functools import cache
from pathlib import Path
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


#: The style files beside this module, each read once (`_style`). `page.css`, every page's: a
#: small top margin and a compact title, so a table and its controls fit one window (the
#: developer's toolbar is hidden by `.streamlit/config.toml`, `toolbarMode = "viewer"`); its
#: `__STAGE__` and `__TOP__` are `STAGE_CLASS` and the room above a table. `classroom.css`, the
#: classroom setting's: everything a reader reads large (widget labels, buttons, tables, the
#: narration, captions); titles stay compact (they say less than the table).
HERE = Path(__file__).resolve().parent


@cache
def _style(name: str) -> str:
    return (HERE / name).read_text(encoding="utf-8")


def page_css(classroom: bool, stage_top: int) -> str:
    """The style of every page: shared, and the classroom setting's when `classroom`."""
    shared = _style("page.css").replace("__STAGE__", STAGE_CLASS)
    return shared.replace("__TOP__", str(int(stage_top))) + (
        _style("classroom.css") if classroom else ""
    )
