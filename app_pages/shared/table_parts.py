"""What the Play together page and each game's part of it share: the store, a table's names
and rules, refusals kept for the next run, the host's actions, the hint, and the news as text.

Every name a person typed is shown through `text` or `news_list`, escaped: as text, never as
markup. The game's parts (`app_pages/whot/table_seat.py`, `app_pages/whist/table_seat.py`)
draw a seat's screen and a spectator's.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from html import escape
from typing import Any

import streamlit as st

from app_pages.shared import room_views
from app_pages.shared.room_views import alert
from whot_core.classroom import table as tables
from whot_core.classroom.backends import open_store
from whot_core.classroom.table_games import GAMES
from whot_core.classroom.table_store import Refused, TableRecord
from whot_core.whot.app import shared_table as shared
from whot_core.whot.engine.rules import MatchFormat, value_words

#: The drawn table a seat's page last showed (code, token, seat, the game's table, the moves
#: the table had made then), for a click's callback to act on.
DRAWN = "together.drawn"
#: A seat's table at most this tall (not large, large): the Play page's (`layout`), less the
#: line above it that names the table and, not large, the "Your turn" box (large, it is beside
#: the table), so the hand stays on screen; large, its words are 14 px or more at 1280x720.
TABLE_HEIGHT = {False: "calc(100vh - 400px)", True: "calc(100vh - 210px)"}


@st.cache_resource
def store():
    """One store for every session of this server (the `WHOT_STORE` setting)."""
    return open_store()


def fail(error: Exception) -> None:
    st.error(str(error), icon=":material/database:")
    st.stop()


def refused(error: Refused) -> None:
    """Keep a refusal to show on the next run (a callback's message would be lost)."""
    st.session_state["together.refused"] = error.sentence


def show_refusal() -> None:
    if "together.refused" in st.session_state:
        alert(st.session_state.pop("together.refused"), "warning")


def rules_of(table: TableRecord):
    """The table's rules (its own, set when it was opened, whatever the sidebar says now)."""
    return GAMES[table.game].read_rules(table.rules)


def rules_words(table: TableRecord) -> str:
    """The table's rules in a few words: the game's or preset's name, and how long it plays."""
    if table.game == "whist":
        return f"Whist, game to {rules_of(table).target}"
    rules = rules_of(table)  # a match is named beside the table, game by game
    single = rules.match is MatchFormat.SINGLE
    return shared.rules_title(rules) + (f", {value_words('match', rules.match)}" if single else "")


def names_of(table: TableRecord) -> tuple[str, ...]:
    return tuple(seat.label(n, table.game) for n, seat in enumerate(table.seats))


def seat_lines(table: TableRecord) -> tuple[str, ...]:
    """Who sits in each seat before the start, for the list of seats: a person's name, an AI's
    own seat by its level's title ("Heuristic AI player", not the id a link holds), or empty."""
    levels = GAMES[table.game].levels
    return tuple(
        f"{levels.title(seat.level)} AI player" if seat.ai else seat.label(n, table.game)
        for n, seat in enumerate(table.seats)
    )


def stand_ins(table: TableRecord) -> list[str]:
    """The people whose seat an AI plays now (away, or gone): said beside the table."""
    return [seat.name for seat in table.seats if seat.level and not seat.ai]


def text(words: str) -> None:
    """A sentence with people's names in it: shown as text, never as markup."""
    room_views.html(f"<p>{escape(words)}</p>")


def act(action, token: str, *args) -> None:
    """A host's or a seat's action on the table: refused actions say why on the next run."""
    try:
        action(store(), st.session_state["together.code"], token, *args, now=time.time())
    except Refused as error:
        refused(error)


def hint_button(table, advise: Callable[[Any], str], moves: int) -> None:
    """Hint, for the seat to play: `advise` is the game's own hint (`play_table.hint`,
    `whist.app.table.hint`) on the table this screen drew, when the table had made `moves`
    moves; it shows until the next move."""

    def ask() -> None:
        st.session_state["together.hint"] = (moves, advise(table))

    st.button("Hint", key="together.hint_button", on_click=ask, icon=":material/lightbulb:")
    said = st.session_state.get("together.hint")
    if said and said[0] == moves:
        st.info(said[1], icon=":material/lightbulb:")


def big(words: str) -> None:
    """Whose turn it is, large: a projector's main line, read from the back of a room."""
    room_views.html(f'<div class="room-task" role="status">{escape(words)}</div>')


def news_list(lines) -> None:
    room_views.html("<ul>" + "".join(f"<li>{escape(x)}</li>" for x in lines) + "</ul>")


def away_seats(table: TableRecord, seat: int, token: str) -> None:
    """Whose seat an AI plays (they left, or are away), and who has gone quiet: the host may
    let an AI play that seat until they are back."""
    if table.phase != "playing":
        return
    for name in stand_ins(table):
        text(f"An AI player is playing {name}'s seat.")
    away = [n for n in tables.away_seats(table, time.time()) if n != seat]
    names = names_of(table)
    for n in away:
        text(f"{names[n]} seems to be away.")
        if seat == table.host:
            title = GAMES[table.game].levels.title(tables.STAND_IN)
            st.button(f"Let a {title} AI player play Seat {n} until they are back",
                      key=f"together.away.{n}", on_click=act,
                      args=(tables.hand_to_ai, token, n, tables.STAND_IN))  # fmt: skip


def waiting_words(name: str) -> str:
    """What a tap on a seat's hand says while another player is to play (the tables' `waiting`
    data): whose turn it is (public, as the page's own line says it) and when the cards play,
    nothing of any hand; no move is sent."""
    return f"Not your turn yet: {name} is to play. Your cards play when this page says Your turn."
