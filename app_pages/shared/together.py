"""Play together: friends at one Whot or Whist table, each from their own device.

One person opens a table and shares its code, link or QR code; the others sit down from their
phones; the host fills any empty seat with an AI player and starts. Every move goes to the
server, where the engine checks it against the game replayed from the table's record
(`whot_core.classroom.table`); each phone shows its own hand and the public table only, and
asks every second whether the table has moved. A spectator's screen (a projector) shows the
table with every hand face down, and every hand once the game is over.

The link says who is looking, as the Classroom's does: `?table=CODE&me=TOKEN` is a seat (the
token brings its person back to it after a reload), `?table=CODE` the join link the QR code
holds, `?table=CODE&watch=1` the spectator's screen. Each game draws its own screens
(`app_pages/whot/table_seat.py`, `app_pages/whist/table_seat.py`); what they share is in
`table_parts.py`.
"""

import contextlib
import json
import time

import streamlit as st

from app_pages.shared import link, room_views, seat_keeper, session
from app_pages.shared.table_parts import (
    act,
    alert,
    fail,
    names_of,
    rules_words,
    seat_lines,
    show_refusal,
    store,
    text,
)
from app_pages.whist import table_seat as whist
from app_pages.whot import table_seat as whot
from whot_core.classroom import table as tables
from whot_core.classroom.store import StoreUnavailable
from whot_core.classroom.table_games import GAMES
from whot_core.classroom.table_store import Refused, TableRecord
from whot_core.whot.app import shared_table as shared
from whot_core.whot.app.lineup import player_counts
from whot_core.whot.app.table_match import is_match
from whot_core.whot.engine.rules import MatchFormat, value_words

ctx = session.context()
#: How often a seat or a spectator asks whether the table moved (seconds): the others see a
#: move within this and a redraw (the issue asks for 2 s).
POLL = 1.0
#: A seat's page says it is still there at most this often (seconds). A sign of life does not
#: move the table's version, so no other screen redraws for it (`TableRecord.next_version`).
SIGN_OF_LIFE = 20.0
#: Each game's screens at a table (`playing`, `spectating`), by `table_games.GAMES`' names.
SCREENS = {"whot": whot, "whist": whist}


def watched(code: str, table: TableRecord | None = None) -> tuple | None:
    """What a screen at a table redraws for: the table's version, and who is away (a seat goes
    quiet without a change of the version, which a sign of life does not move)."""
    table = store().table(code) if table is None else table
    return None if table is None else (table.version, tables.away_seats(table, time.time()))


def base_url() -> str:
    here = str(st.context.url or "").split("?")[0].rstrip("/")
    return here if here.endswith("/together") else f"{here}/together"


def join_url(table: TableRecord) -> str:
    """The table's join link (the QR code holds it), in the table's shape names."""
    names = session.names_param(session.in_nigerian(table.nigerian))
    return f"{base_url()}?table={table.code}{names}"


# ------------------------------------------------------------------------- opening, joining


def go(code: str, token: str = "", watch: bool = False) -> None:
    st.session_state.update({"together.code": code, "together.me": token,
                             "together.watch": watch})  # fmt: skip


def open_form() -> None:
    st.subheader("Open a table")
    game = st.radio("Game", tuple(GAMES), format_func=lambda g: GAMES[g].title, horizontal=True,
                    key="together.game")  # fmt: skip
    name = st.text_input("Your name", max_chars=40, key="together.host")
    if game == "whot":
        rules = ctx.rules
        st.caption(f"Under the sidebar's rules: {shared.rules_title(rules)}.")
        if is_match(rules):  # a match is long: friends may want one game
            whole = value_words("match", rules.match)
            length = st.radio("How long", ("match", "one game"), horizontal=True,
                              format_func=lambda v: f"The match: {whole}" if v == "match"
                              else "One game", key="together.length")  # fmt: skip
            st.caption("In a match the next game is dealt as soon as one ends (a decision of "
                       "this app: nobody waits for a player who has gone away); the standings "
                       "show under the table.")  # fmt: skip
            if length == "one game":
                rules = rules.replace(match=MatchFormat.SINGLE)
        counts = player_counts(rules, range(2, rules.max_players + 1))
        players = st.selectbox("Players", counts, key="together.players")
        rules_text = json.dumps(rules.as_dict())
    else:
        st.caption("Four seats, partners sitting opposite; the first side to 7 points wins.")
        players, rules_text = 4, "{}"
    seed = st.number_input("Seed (the deal): 0 deals at random", 0, 10**9, 0, key="together.seed")
    st.caption("The same seed, rules and moves give the same game, as on the Play page.")
    if st.button("Open the table", type="primary", key="together.open", icon=":material/add:"):
        try:
            joined = tables.open_table(store(), game, name, seats=int(players), now=time.time(),
                                       rules=rules_text, seed=int(seed) or None,
                                       nigerian=ctx.nigerian)  # fmt: skip
        except Refused as error:
            alert(error.sentence)
            return
        go(joined.code, joined.token)
        st.rerun()


def join_form(prefilled: str = "") -> None:
    """The join form; with the table's code, first the seat this browser kept at it, if any,
    and, under the form, the spectator's screen (also when a seat is refused: full, started)."""
    if prefilled:
        left = st.session_state.pop("together.left", None) == prefilled
        back = seat_keeper.kept(f"table:{prefilled}", forgetting=left)
        if back:
            text(f"This browser kept a seat at this table for {back['name']}.")
            st.button("Back to that seat", type="primary", key="together.back", on_click=go,
                      args=(prefilled, back["token"]), icon=":material/event_seat:",
                      width="stretch")  # fmt: skip
    st.subheader("Join a table")
    code = st.text_input("The table's code", prefilled, max_chars=12, key="together.typed")
    name = st.text_input("Your name", max_chars=40, key="together.name")
    if st.button("Sit down", type="primary", key="together.join", width="stretch"):
        typed = code.replace(" ", "").replace("-", "").upper()
        try:
            joined = tables.sit(store(), typed, name, now=time.time())
        except Refused as error:
            alert(error.sentence)
        else:
            go(joined.code, joined.token)
            st.rerun()
    if prefilled:
        st.button("Watch this table instead (nobody's hand is shown)",
                  key="together.spectate", on_click=go, args=(prefilled, "", True),
                  icon=":material/visibility:")  # fmt: skip


# ------------------------------------------------------------------------------ seating


def seating(table: TableRecord, seat: int, token: str) -> None:
    """Before the start: the invitation, who sits where and, for the host, the AI seats and
    Start."""
    names = names_of(table)
    seats, invite = st.columns([1, 1])  # the seats first: on a phone, the host's controls
    with invite:
        room_views.join_panel(table.code, join_url(table))
    with seats:
        st.subheader("The seats")
        for n, name in enumerate(seat_lines(table)):
            tags = [tag for tag, on in (("host", n == table.host), ("you", n == seat)) if on]
            text(f"Seat {n}: {name}" + (f" ({', '.join(tags)})" if tags else ""))
        host = seat == table.host
        if host and seat != 0:  # the opener sits in seat 0: they left, and the table passed on
            alert("You are the host now: the person who opened the table left.", "info")
        st.caption("The table keeps the rules it was opened with: the sidebar's toggles change "
                   "only tables opened after.")  # fmt: skip
        empty = [n for n, s in enumerate(table.seats) if s.empty]
        if host and empty:
            levels = GAMES[table.game].levels
            pick = st.selectbox(
                "An AI player for an empty seat",
                levels.names,
                key="together.level",
                index=levels.names.index(tables.STAND_IN),
                format_func=levels.title,
            )
            st.caption(levels.help())  # written out: a "?" needs a hover a phone cannot do
            for n in empty:
                st.button(f"Put a {levels.title(pick)} AI player in Seat {n}",
                          key=f"together.ai.{n}",
                          on_click=act, args=(tables.set_ai, token, n, pick))  # fmt: skip
        if host:
            st.button("Start the game", type="primary", disabled=bool(empty),
                      key="together.start", on_click=act, args=(tables.start, token),
                      icon=":material/play_arrow:")  # fmt: skip
            if empty:
                st.caption("Start when every seat has a person or an AI player.")
        else:
            text(f"Waiting for {names[table.host]} to start the game." if table.host is not None
                 else "Waiting for a host.")  # fmt: skip


def leave(token: str) -> None:
    """Leave: before the game the seat empties, during it an AI plays on; this screen goes
    back to the table's join form."""
    act(tables.leave, token)
    st.session_state["together.left"] = st.session_state["together.code"]
    go(st.session_state["together.code"])


def leave_button(table: TableRecord, token: str) -> None:
    """Leave the table, in two taps during a game: leaving then is for good (an AI plays the
    seat to the end), so the first tap only asks."""
    if table.phase == "seating":
        st.button("Leave the table", key="together.leave", on_click=leave, args=(token,))
    elif st.toggle("I want to leave this game", key="together.leaving"):
        st.caption("An AI player will play your seat to the end; you cannot come back to it.")
        st.button("Leave for good", key="together.leave", on_click=leave, args=(token,))


# -------------------------------------------------------------------------------- play


def playing(table: TableRecord, seat: int, token: str) -> None:
    """A seat's screen during the game, drawn by its game's part."""
    SCREENS[table.game].playing(table, seat, token)


# ----------------------------------------------------------------------------- watching


def spectating(table: TableRecord) -> None:
    """The projector's screen: the public table, every hand face down until the end, and the
    game in words with every drawn card hidden."""
    st.title(f"Table {table.code}")
    if table.phase == "seating":
        left, right = st.columns(2)
        with left:
            room_views.join_panel(table.code, join_url(table))
        with right:
            st.subheader("The seats")
            for n, name in enumerate(seat_lines(table)):
                text(f"Seat {n}: {name}")
        return
    SCREENS[table.game].spectating(table)


# ------------------------------------------------------------------------------ the page


def seat_page(table: TableRecord, token: str) -> None:
    seat = tables.seat_of(table, token)
    if seat is None:
        st.warning("This link is not for a seat at this table.")
        join_form(table.code)
        return
    seat_keeper.keep(f"table:{table.code}", token, table.seats[seat].name)
    now = time.time()
    if table.seats[seat].level:  # an AI stands in: the person may take the seat back
        st.info("An AI player is playing your seat while you are away.")
        st.button(
            "Take my seat back",
            type="primary",
            key="together.rejoin",
            on_click=act,
            args=(tables.rejoin, token),
        )
        return
    if table.phase != "over" and now - table.seats[seat].seen > SIGN_OF_LIFE:
        tables.touch(store(), table.code, token, now=now)
    st.caption(f"Table {table.code} · {rules_words(table)} · "
               f"you are Seat {seat}")  # fmt: skip
    if table.phase == "seating":
        show_refusal()
        seating(table, seat, token)
    else:
        playing(table, seat, token)
    if table.phase in ("seating", "playing"):
        leave_button(table, token)


def main() -> None:
    room_views.style()
    url = link.url_params("table", "me", "watch")
    session.init("together.code", str(url.get("table", "")).upper())
    session.init("together.me", str(url.get("me", "")))
    session.init("together.watch", str(url.get("watch", "")) in ("1", "true", "on"))
    code = st.session_state["together.code"]
    token, watch = st.session_state["together.me"], st.session_state["together.watch"]
    if not code:
        st.title("Play together")
        st.markdown("Friends at one table, each on their own phone or computer: open a table "
                    "and share its code, or join one.")  # fmt: skip
        left, right = st.columns(2)
        with left:
            join_form()
        with right:
            open_form()
        return
    table = store().table(code)
    if table is not None and table.empty_since is not None:
        with contextlib.suppress(Refused):
            table = tables.close_if_abandoned(store(), code, now=time.time())
    if table is None or table.phase == "closed":
        st.title("Play together")
        alert(f"There is no open table {code}.", "warning")
        go("")
        join_form()
        return
    if token:
        session.share(table=code, me=token)
        seat_page(table, token)
    elif watch:
        session.share(table=code, watch=1)
        spectating(table)
    else:
        session.share(table=code)
        st.title(f"Table {table.code}")
        join_form(code)
        return
    # A table just opened (or sat at, or started) is shown from its top: "Open the table" sits
    # at the form's end, and the page would keep the host scrolled past the table's line and
    # its link. Last: it draws nothing, takes no room.
    room_views.top_when_moved(f"table {code}", table.phase)
    if table.phase in ("seating", "playing"):
        room_views.watch(lambda: watched(code), watched(code, table), POLL)


try:
    main()
except StoreUnavailable as error:
    fail(error)
