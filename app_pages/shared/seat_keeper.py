"""A person's place in a classroom room or at a game table, kept in their own browser.

The place's link holds its rejoin token (`?room=CODE&me=TOKEN`, `?table=CODE&me=TOKEN`), but a
student who closes the tab and opens the join link again, or scans the QR code a second time,
has lost it. So the page also writes the token and the name to this browser's localStorage (a
small Components v2 element, `seat_keeper.js`, no iframe), and the join form of that room or
table offers "Back to your place as Ada". It offers, not takes: on a shared tablet the next
student must be able to join as themselves. Nothing leaves the browser but to this app. A
Classroom teacher's key is kept the same way, under "teach:CODE" (`teacher_key.py`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import streamlit as st

from app_pages.shared import component

HERE = Path(__file__).resolve().parent

_KEEPER = st.components.v2.component("seat_keeper", js=component.asset(HERE / "seat_keeper.js"))


def _value_key(place: str) -> str:
    """The session-state key of `place`'s element (its value: what the browser reported)."""
    return f"seat_keeper.{place}"


def _read_key(place: str) -> str:
    """The session-state key saying the browser has reported what it keeps for `place`."""
    return f"seat_keeper.read.{place}"


def mount(place: str, save: dict[str, str] | None = None, forget: bool = False) -> Any:
    """The element for `place`: it writes `save` (or forgets the place), and until the page
    has read it once, reports what the browser keeps. Once a run; its value (`seat`) can be
    read before it is mounted, so a page may mount it last, under what it shows."""

    def stored() -> None:
        st.session_state[_read_key(place)] = True

    data = {"place": place, "save": save, "forget": forget, "read": answered(place)}
    _KEEPER(key=_value_key(place), data=data, on_stored_change=stored)
    return st.session_state.get(_value_key(place))


def answered(place: str) -> bool:
    """Whether this browser has told the page what it keeps for `place` (a `kept` before it
    has is None on the page's first run, whatever the browser holds)."""
    return bool(st.session_state.get(_read_key(place)))


def keep(place: str, token: str, name: str) -> None:
    """Keep `place`'s ("room:CODE", "table:CODE") token and name in this browser."""
    mount(place, save={"token": token, "name": name})


def kept(place: str, *, forgetting: bool = False) -> dict[str, str] | None:
    """The token and name this browser keeps for `place` ({"token", "name"}), or None (also
    before the browser has answered, on a page's first run). `forgetting` forgets it first
    (its person has just left: the join form they see next offers nothing)."""
    value = mount(place, forget=forgetting)
    return None if forgetting else seat(place, value)


def seat(place: str, value: Any = None) -> dict[str, str] | None:
    """The token and name the browser reported for `place` (or None), from the element's
    `value`, by default its value in this session (the element mounted or not yet)."""
    value = st.session_state.get(_value_key(place)) if value is None else value
    found = value.get("stored") if hasattr(value, "get") else None
    held = (found or {}).get("seat")
    if isinstance(held, dict) and isinstance(held.get("token"), str):
        return {"token": held["token"], "name": str(held.get("name", ""))}
    return None
