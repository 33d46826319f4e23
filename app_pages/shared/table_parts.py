"""What the Play together page and each game's part of it share: the store, a table's names
and rules, refusals kept for the next run, the host's actions, the hint, and the news as text.

Every name a person typed is shown through `text` or `news_list`, escaped: as text, never as
markup. The game's parts (`app_pages/whot/table_seat.py`, `app_pages/whist/table_seat.py`)
draw a seat's screen and a spectator's.
"""

from __future__ import annotations

import time
from html import escape

import streamlit as st

from app_pages.shared import room_views
from whot_core.classroom import table as tables
from whot_core.classroom.backends import open_store
from whot_core.classroom.table_games import GAMES
from whot_core.classroom.table_store import Refused, TableRecord
from whot_core.whist.app import table as wt
from whot_core.whot.app import play_table
from whot_core.whot.app import shared_table as shared

#: The drawn table a seat's page last showed (code, token, seat, the game's table), for a
#: click's callback to act on.
DRAWN = "together.drawn"


@st.cache_resource
def store():
    """One store for every session of this server (the `WHOT_STORE` setting)."""
    return open_store()


def fail(error: Exception) -> None:
    st.error(str(error), icon=":material/database:")
    st.stop()


def refused(error: Refused) -> None:
    """Keep a refusal to show on the next run (a callback's message would be lost)."""
    st.session_state["together.refused"] = error.message[:1].upper() + error.message[1:]


def show_refusal() -> None:
    if "together.refused" in st.session_state:
        st.warning(st.session_state.pop("together.refused"), icon=":material/block:")


def rules_of(table: TableRecord):
    """The table's rules (its own, set when it was opened, whatever the sidebar says now)."""
    return GAMES[table.game].read_rules(table.rules)


def rules_words(table: TableRecord) -> str:
    if table.game == "whist":
        return f"Whist, game to {rules_of(table).target}"
    return shared.rules_title(rules_of(table))


def seat_name(seat) -> str:
    """A seat as the table shows it: the person (marked AI while one stands in), an AI's
    level, or empty."""
    if seat.empty:
        return "empty"
    if seat.level:  # an AI's seat, or a person's while an AI plays it for them
        return f"{seat.name} (AI)" if seat.token_hash else f"{seat.level} AI"
    return seat.name


def names_of(table: TableRecord) -> tuple[str, ...]:
    return tuple(map(seat_name, table.seats))


def text(words: str) -> None:
    """A sentence with people's names in it: shown as text, never as markup."""
    room_views.html(f"<p>{escape(words)}</p>")


def act(action, token: str, *args) -> None:
    """A host's or a seat's action on the table: refused actions say why on the next run."""
    try:
        action(store(), st.session_state["together.code"], token, *args, now=time.time())
    except Refused as error:
        refused(error)


def hint() -> None:
    drawn = st.session_state.get(DRAWN)
    if drawn is not None:
        table = drawn[3]
        said = wt.hint(table) if isinstance(table, wt.WhistTable) else play_table.hint(table)
        st.session_state["together.hint"] = (len(table.state.moves), said)


def hint_button(moves: int) -> None:
    st.button("Hint", key="together.hint_button", on_click=hint, icon=":material/lightbulb:")
    said = st.session_state.get("together.hint")
    if said and said[0] == moves:
        st.info(said[1], icon=":material/lightbulb:")


def news_list(lines) -> None:
    room_views.html("<ul>" + "".join(f"<li>{escape(x)}</li>" for x in lines) + "</ul>")


def away_seats(table: TableRecord, seat: int, token: str) -> None:
    """The host may let an AI play the seat of someone who has gone quiet."""
    away = [n for n in tables.away_seats(table, time.time()) if n != seat]
    if not away or table.phase != "playing":
        return
    names = names_of(table)
    for n in away:
        text(f"{names[n]} seems to be away.")
        if seat == table.host:
            st.button(f"Let a heuristic AI play seat {n + 1} until they are back",
                      key=f"together.away.{n}", on_click=act,
                      args=(tables.hand_to_ai, token, n, "heuristic"))  # fmt: skip
