"""The Classroom page's tables: the teacher splits the class into game tables and follows
them; a student's phone shows their table and takes them to their seat (on Play together).
The rules of the split are `Classroom.split_into_tables` (`whot_core.classroom.room`)."""

from __future__ import annotations

import json
from html import escape

import streamlit as st

from app_pages.shared import room_views, session
from whot_core.classroom import report
from whot_core.classroom.room import Classroom, Snapshot
from whot_core.classroom.store import Refused
from whot_core.classroom.table_games import GAMES as TABLE_GAMES
from whot_core.classroom.table_store import TableRecord
from whot_core.whot.app.shared_table import rules_title
from whot_core.whot.engine.rules import MatchFormat


def records(rooms: Classroom, code: str) -> list[TableRecord]:
    """The room's tables, in the order they were opened."""
    return [t for t in map(rooms.store.table, rooms.store.tables(code)) if t is not None]


def phases(rooms: Classroom, code: str) -> tuple[str, ...]:
    """Where each of the room's tables is (playing, over): the teacher's screen redraws when a
    game ends, not at every move."""
    return tuple(table.phase for table in records(rooms, code))


def split_form(rooms: Classroom, snap: Snapshot, key: str) -> None:
    """The teacher splits the class into game tables (under the sidebar's rules)."""
    game = st.radio("Game", ("whot", "whist"), format_func=lambda g: TABLE_GAMES[g].title,
                    horizontal=True, key="room.tables.game")  # fmt: skip
    if game == "whot":
        rules = session.context().rules.replace(match=MatchFormat.SINGLE)
        sizes = list(range(2, min(rules.max_players, 6) + 1))
        st.caption(f"One game under the sidebar's rules: {rules_title(rules)}.")  # no (…(…))
        size = st.radio(
            "Students a table, at most",
            sizes,
            index=min(1, len(sizes) - 1),
            horizontal=True,
            key="room.tables.size",
        )  # a tap, no list to open
        rules_text = json.dumps(rules.as_dict())
    else:
        size, rules_text = 4, "{}"
        st.caption("Four seats a table, partners opposite; AI players fill the seats left.")
    order = st.radio("Seat them", ("at random", "in the order they joined", "by hand"),
                     horizontal=True, key="room.tables.order")  # fmt: skip
    chosen = tables_by_hand(snap, int(size)) if order == "by hand" else None
    st.caption("The tables start at once, with an AI player in any seat left over; each "
               "student's phone shows their table and a button to sit down.")  # fmt: skip
    if st.button("Split the class into tables", type="primary", key="room.tables.split",
                 icon=":material/table_restaurant:"):  # fmt: skip
        try:
            rooms.split_into_tables(snap.room.code, key, size=int(size), game=game,
                                    rules=rules_text, shuffle=order == "at random",
                                    by_hand=chosen)  # fmt: skip
        except Refused as error:
            st.warning(error.sentence)
        else:
            st.rerun()


def tables_by_hand(snap: Snapshot, size: int) -> dict[int, int]:
    """The teacher's own tables: a table number for each student (first filled in order)."""
    present = list(snap.present)
    st.caption(f"Type each student's table number (at most {size} a table).")
    start = [{"Student": m.name, "Table": n // size + 1} for n, m in enumerate(present)]
    rows = st.data_editor(start, num_rows="fixed", hide_index=True, key="room.tables.hand",
                          disabled=["Student"],
                          column_config={"Table": st.column_config.NumberColumn(
                              "Table", min_value=1, max_value=len(present), step=1)})  # fmt: skip
    return {m.id: int(row["Table"] or 0) for m, row in zip(present, rows, strict=True)}


def tables_view(rooms: Classroom, snap: Snapshot, key: str, classroom_url: str) -> None:
    """Play at tables: split the class, then each table's players, state and winners, and a
    link that shows any table on the projector."""
    played = records(rooms, snap.room.code)
    with st.expander("Play at tables", expanded=bool(played), icon=":material/groups:"):
        together = classroom_url.removesuffix("/classroom") + "/together"
        for row in report.by_table(played):
            state = {"playing": "playing", "over": f"over: {row.won} won",
                     "closed": "closed"}[row.state]  # fmt: skip
            words, follow = st.columns([3, 1])
            with words:
                room_views.html(f"<p><b>Table {escape(row.table)}</b> · {escape(row.players)}"
                                f" · {escape(state)}</p>")  # fmt: skip
            follow.link_button("Show on the projector",
                               f"{together}?table={row.table}&watch=1&classroom=on",
                               icon=":material/cast:")  # fmt: skip
        if not snap.room.closed:
            if played:
                st.markdown("**Split the class again** (new tables; each phone shows its new one)")
            split_form(rooms, snap, key)


def my_table(rooms: Classroom, code: str, token: str) -> bool:
    """When the teacher has split the class into tables: who the student plays with, and the
    button that takes them to their seat (on the Play together page). Whether there is one."""
    found = rooms.my_table(code, token)
    if found is None:
        return False
    table = rooms.store.table(found[0])
    levels = TABLE_GAMES[table.game].levels
    others = [s.name if s.reserved else f"an AI player ({levels.title(s.level)})"
              for n, s in enumerate(table.seats) if n != found[1]]  # fmt: skip
    room_views.html(f'<div class="room-task">Your table: {escape(table.code)}</div>'
                    f"<p>With {escape(', '.join(others))}.</p>")  # fmt: skip
    ai = [s.level for n, s in enumerate(table.seats)
          if n != found[1] and s.level and not s.reserved]  # fmt: skip
    if ai:  # what the AI level's name means: a student has not chosen it, nor read of it
        st.caption(levels.caption(dict.fromkeys(ai)))
    if table.phase != "playing":
        return True
    if st.button("Go to my seat", type="primary", key="room.my_seat", width="stretch",
                 icon=":material/event_seat:"):  # fmt: skip
        try:
            seat = rooms.take_seat(code, token)
        except Refused as error:
            st.warning(error.sentence)
            return True
        st.session_state.update({"together.code": seat.code, "together.me": seat.token,
                                 "together.watch": False})  # fmt: skip
        st.switch_page("app_pages/shared/together.py")
    return True
