"""The session every page reads: the settings of this run (`Context`, written by the sidebar and
read with `context()`), a page's own settings for the link (`share`), the first run's reading of
the link into the sidebar's widgets (`start_session`), and page settings kept while another page
is shown (`keep_page_settings`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import streamlit as st

from whot_core import Rules
from whot_core.whot.app import controls as app_controls
from whot_core.whot.app import layout, links

#: Session-state keys more than one module reads: this run's `Context`, the link the session
#: opened with, the sidebar's preset, the classroom setting, the Nigerian shape names.
CONTEXT = "ctx"
URL = "url"
PRESET = "rule.preset"
LARGE = "view.large"
NIGERIAN = "view.nigerian"

#: Card and table sizes: a screen, or the classroom setting (a projector).
CARD_PX = {False: 86, True: 140}
TABLE_PX = {False: 720, True: 1100}


@dataclass
class Context:
    """The shared settings of this run: the rules, their preset, and the presentation."""

    preset: str
    rules: Rules
    nigerian: bool
    large: bool  # the classroom setting: large text, cards, charts and tables
    refused: dict[str, str]
    params: dict[str, str] = field(default_factory=dict)

    @property
    def classroom(self) -> bool:
        return self.large

    @property
    def card_px(self) -> int:
        return CARD_PX[self.large]

    @property
    def table_px(self) -> int:
        return TABLE_PX[self.large]


def start_session() -> None:
    """On a session's first run, set the sidebar from the URL (a shared link), once."""
    if URL in st.session_state:
        return
    url = st.query_params.to_dict()
    st.session_state[URL] = url
    read = links.params_to_rules(url)
    st.session_state[PRESET] = read.preset
    st.session_state.update(app_controls.control_values(read.rules))
    st.session_state[LARGE] = layout.classroom_from_params(url)
    st.session_state[NIGERIAN] = url.get("names") == "nigerian"
    st.session_state["url.problems"] = list(read.problems)


def init(key: str, value: Any) -> None:
    """Give a widget its first value (from the URL or a default) without fighting its state."""
    if key not in st.session_state:
        st.session_state[key] = value


#: Page widgets whose values outlive a visit to another page.
KEPT = (
    "watch.players", "watch.seed", "watch.sims", "watch.step",
    *(f"watch.level.{seat}" for seat in range(4)),
    "score.players", "score.seed", "score.format", "score.match_players",
    "compare.a", "compare.b", "compare.players", "compare.level", "compare.games", "compare.seed",
    "compare.until", "compare.within",
    "play.seed", "play.players", "play.teacher",
    *(f"play.seat.{seat}" for seat in range(10)), *(f"play.name.{seat}" for seat in range(10)),
    "side.b", "side.players", "side.seed", "side.step",
    *(f"side.level.{seat}" for seat in range(4)),
    "learn.mode", "learn.quiz", "learn.lesson", "learn.stage", "learn.kind", "learn.seed",
    "learn.focus", "learn.game",
    "whist.seed", "whist.sims", "whist.target", "whist.length", "whist.shown", "whist.step",
    *(f"whist.level.{seat}" for seat in range(4)),
    "wplay.seed", "wplay.length", "wplay.target", "wplay.teacher",
    *(f"wplay.seat.{seat}" for seat in range(4)), *(f"wplay.name.{seat}" for seat in range(4)),
)  # fmt: skip


#: How long a page setting's widget keeps its value (Streamlit's `persist_state`): the whole
#: session, so that a choice made and not yet applied (New game not pressed) outlives a visit to
#: another page. `keep_page_settings` alone lost a choice made inside a fragment (Play Whist's
#: seats and seed, Learn's practice: the fragment reran alone, so the copy kept was the last
#: whole run's, and Streamlit dropped the widget's own state at the page switch), and now and
#: then Play's seed under load (a run cut short drops the widgets it had not drawn yet). Found
#: by a reviewer in Chromium; AppTest kept them. Streamlit keeps a persisted value itself.
PERSIST = "session"


def keep_page_settings() -> None:
    """Keep page widgets' values while another page is shown. Streamlit drops the state of a
    widget that was not drawn in a run; writing the value back, every run, before any page
    draws, makes it plain session state that survives."""
    rule_keys = (PRESET, *(control.key for control in app_controls.controls()))
    # One copy of the state, read once: each `key in st.session_state` copies the whole state.
    values = st.session_state.to_dict()
    for key in (*KEPT, *rule_keys):  # the rule controls too: the Whist page does not draw them
        if key in values:
            st.session_state[key] = values[key]


def is_classroom() -> bool:
    """The classroom setting, before the sidebar is drawn (for the page set-up)."""
    return bool(st.session_state.get(LARGE))


def context() -> Context:
    return st.session_state[CONTEXT]


def in_nigerian(kept: bool) -> bool:
    """Whether this screen reads a shared room or table in the Nigerian shape names: `kept` is
    the room's or table's own choice (its opener's), which every screen in it follows; this
    screen's toggle may add the names, never take them away (a decision: README)."""
    return kept or context().nigerian


def names_param(nigerian: bool) -> str:
    """The shape names as a join link's tail (its QR code holds it): `names=nigerian` or
    nothing, as the `names` setting of every page's link."""
    return "&names=nigerian" if nigerian else ""


def share(**params: Any) -> None:
    """Add this page's settings to the URL, so a link reproduces what is on the screen."""
    context().params.update({key: str(value) for key, value in params.items()})
