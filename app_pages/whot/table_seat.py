"""Whot on the Play together page: a seat's screen (its hand on the Play page's table, the
news since its move) and a spectator's (every hand face down, every drawn card hidden)."""

from __future__ import annotations

import time

import streamlit as st

from app_pages.shared import layout, records, session
from app_pages.shared.table_parts import (
    DRAWN,
    TABLE_HEIGHT,
    alert,
    away_seats,
    big,
    hint_button,
    names_of,
    news_list,
    refused,
    rules_of,
    show_refusal,
    store,
    text,
)
from app_pages.whot.table_component import clicked, interactive_table
from whot_core.classroom import table as tables
from whot_core.classroom.table_store import Refused, TableRecord
from whot_core.classroom.table_views import record_json
from whot_core.whot.app import play_table
from whot_core.whot.app import shared_table as shared
from whot_core.whot.app import table_actions as actions
from whot_core.whot.show.pictures import table_svg


def on_table_click() -> None:
    """A card or the market was tapped: send its move with the count of moves this screen saw
    (an old screen's move is refused by the table, not played)."""
    drawn = st.session_state.get(DRAWN)
    if drawn is None:
        return
    code, token, seat, table = drawn
    move = actions.clicked_move(table, clicked("together.board"))
    if move is None:
        return
    try:
        tables.move(store(), code, token, seat, str(move), len(table.state.moves), now=time.time())
    except Refused as error:
        refused(error)


def playing(table: TableRecord, seat: int, token: str) -> None:
    """A seat's screen during the game: its hand and the public table, the news since its last
    move, and whose turn it is."""
    names, large = names_of(table), session.context().large
    game = shared.replay(rules_of(table), len(table.seats), table.seed, table.moves)
    state = game.state
    ai = [bool(s.level) for s in table.seats]
    mine = shared.seat_table(game, seat, names, ai, table.seed, nigerian=session.context().nigerian)
    st.session_state[DRAWN] = (table.code, token, seat, mine)
    your_turn = state.current_player == seat
    # The tab says it too: a phone's browser shows the title while the page is out of sight.
    title = "Your turn" if your_turn else "Game over" if state.is_over else "Waiting"
    st.set_page_config(page_title=f"{title} · Whot table")
    if your_turn and not state.is_over:  # above the table: on a phone, the first thing seen
        st.success("**Your turn.** Tap a card to play it, or the market to draw.",
                   icon=":material/touch_app:")  # fmt: skip
    picture, news = layout.side_by_side()
    with picture:
        interactive_table(actions.board_data(mine, face_up=state.is_over), key="together.board",
                          on_move=on_table_click, max_height=TABLE_HEIGHT[large],
                          large=large)  # fmt: skip
    with news:
        show_refusal()
        if state.is_over:
            winners = ", ".join(names[w] for w in state.winners)
            alert(f"The game is over: {winners} won. Every hand is face up.",
                  "success" if seat in state.winners else "info")  # fmt: skip
        elif your_turn:
            hint_button(mine, play_table.hint)
        else:
            text(f"Waiting for {names[state.current_player]} to play.")
        exchange = actions.last_exchange(mine)
        moved = bool(exchange) and exchange[0].seat == seat
        st.markdown("**Your move and the replies**" if moved else "**Since the deal**")
        news_list(line for entry in exchange for line in entry.sentences)
    away_seats(table, seat, token)
    if state.is_over:
        records.record_download("whot", record_json(table),
                                "Replay it on the Watch page (Replay a game record).")  # fmt: skip


def spectating(table: TableRecord) -> None:
    """The projector's screen: the public table, every hand face down until the end, and the
    game in words with every drawn card hidden."""
    names, nigerian = names_of(table), session.context().nigerian
    game = shared.replay(rules_of(table), len(table.seats), table.seed, table.moves)
    state = game.state
    over = state.is_over
    svg = table_svg(state, names=names, nigerian=nigerian, hidden=not over)
    picture, words = layout.side_by_side()
    with picture:
        layout.stage_picture(svg, "the table" + (", every hand face up" if over else ""))
    with words:
        if over:
            winners = ", ".join(names[w] for w in state.winners)
            alert(f"The game is over: {winners} won.", "success")
        else:
            big(f"{names[state.current_player]} to play.")
        news_list(shared.spectator_lines(game, names, nigerian)[-8:])
    if over:
        records.record_download("whot", record_json(table),
                                "Replay it on the Watch page (Replay a game record).")  # fmt: skip
