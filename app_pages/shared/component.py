"""What both tables (Whot's and Whist's Streamlit components) share: their script and style read
from the files beside each wrapper, the key handling of their buttons, and the value a click sent.

A component's JavaScript and CSS are files (`table_component.js`, `table_component.css`), so a
linter reads them (`make test` runs oxlint) and an editor colours them; `asset` reads each once
a process and hands Streamlit the text as it is in the file.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import streamlit as st

HERE = Path(__file__).resolve().parent


@cache
def asset(path: Path) -> str:
    """The text of a component's script or style file, read once a process."""
    return path.read_text(encoding="utf-8")


#: What both tables do with their buttons: a click, or Enter or Space on the focused one, calls
#: `activate(node, byKeyboard)` (`onActivate` in `activate.js`); and whether the theme is dark
#: (`isDark`, which draws their panels and focus rings for it, and the step controls' slider).
#: Prefixed to each table's script and the step controls'.
ACTIVATE_JS = asset(HERE / "activate.js")


def script(path: Path) -> str:
    """A component's script: `ACTIVATE_JS`, then the component's own file."""
    return ACTIVATE_JS + asset(path)


def clicked(key: str, trigger: str) -> Any:
    """The trigger value a table sent with this run (inside its callback), or None."""
    value = st.session_state.get(key)
    return value.get(trigger) if hasattr(value, "get") else None
