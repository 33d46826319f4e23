"""The link: a page's settings read from the link the session opened with (a bad value is named,
then the default used), the problems named once (`show_url_problems`), and the link of what is
on the screen written after the page has run (`write_url`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import streamlit as st

from app_pages.shared import session
from app_pages.shared.session import context
from whot_core.whot.app import links


def url_int(name: str, default: int, low: int, high: int) -> int:
    """An integer from the link the session opened with (a bad one is named, then ignored)."""
    value, problem = links.read_int(_link(name), name, default, low, high)
    _url_problem(problem)
    return value


def url_lineup(name: str, default: Sequence[str], allowed: Sequence[int]) -> tuple[str, ...]:
    levels, problem = links.read_lineup(_link(name), name, default, allowed)
    _url_problem(problem)
    return levels


def url_choice(name: str, default: str, options: Sequence[str]) -> str:
    """One of `options` from the link (a bad one is named, then the default is used)."""
    value, problem = links.read_choice(_link(name), name, default, options)
    _url_problem(problem)
    return value


def url_params(*names: str) -> dict:
    """The link the session opened with, for a page that reads `names` from it with its own
    parser (it then names any problem with `url_problem`)."""
    st.session_state.setdefault("url.read", set()).update(names)
    return st.session_state.get(session.URL, {})


def url_problem(problem: str | None) -> None:
    """A problem a page found with its link, named with the others (`show_url_problems`)."""
    _url_problem(problem)


def url_read(name: str, read: Callable[[str], tuple[Any, str | None]], default: Any) -> Any:
    """A page's own setting from the link, read from its text by `read` (which gives the value
    and a problem, or None); a bad one is named and `default` used."""
    link = _link(name)
    if name not in link:
        return default
    text = link[name]
    value, problem = read(str(text[-1] if isinstance(text, list | tuple) else text))
    _url_problem(problem)
    return default if problem and not value else value


def _link(name: str) -> dict:
    """The link the session opened with, noting that this page reads `name` from it."""
    st.session_state.setdefault("url.read", set()).add(name)
    return st.session_state.get(session.URL, {})


def _url_problem(problem: str | None) -> None:
    """Note a problem with the link, once a session: pages read the link on every run."""
    if problem and problem not in st.session_state.setdefault("url.named", set()):
        st.session_state.setdefault("url.problems", []).append(problem)


def write_url() -> None:
    """The URL of what is on the screen: preset, changed toggles, presentation, page settings."""
    ctx = context()
    params = links.rules_to_params(ctx.preset, ctx.rules)
    if ctx.large:
        params["classroom"] = "on"
    if ctx.nigerian:
        params["names"] = "nigerian"
    params |= ctx.params
    if st.query_params.to_dict() != params:
        st.query_params.from_dict(params)


def show_url_problems() -> None:
    """Say, once, which parts of the link could not be used. A page calls this after reading
    its own settings from the link, so that their problems are named on the first run."""
    problems = st.session_state.pop("url.problems", None) or []
    if "url.checked" not in st.session_state:  # the page the link opened: what it does not read
        st.session_state["url.checked"] = True
        read = st.session_state.get("url.read", set())
        problems += links.unknown_params(st.session_state.get(session.URL, {}), read)
    st.session_state.setdefault("url.named", set()).update(problems)
    if problems:
        st.warning("Parts of the link were not used: " + "; ".join(problems))
