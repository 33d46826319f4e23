"""Whist on the Play together page: a seat's screen (the table from its seat, its hand as
buttons, the news since its last card) and a spectator's (every seat and the trick, no hand
until the end)."""

from __future__ import annotations

import time

import streamlit as st

from app_pages.shared import layout, records, session
from app_pages.shared.table_parts import (
    DRAWN,
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
    waiting_words,
)
from app_pages.whist.table_component import clicked, whist_table
from whot_core.classroom import table as tables
from whot_core.classroom.table_store import Refused, TableRecord
from whot_core.classroom.table_views import record_json
from whot_core.whist.app import shared_table as whist_shared
from whot_core.whist.app import table as wt
from whot_core.whist.show.pictures import table_facts


def table_of(table: TableRecord, seat: int) -> wt.WhistTable:
    """The Play Whist page's table for `seat`, replayed from the table's cards."""
    ai = [bool(s.level) for s in table.seats]
    return whist_shared.seat_table(rules_of(table), table.seed, table.moves, names_of(table), ai,
                                   seat)  # fmt: skip


def on_whist_card() -> None:
    """A card of the hand was tapped: send it, as `on_table_click` sends a Whot move."""
    drawn = st.session_state.get(DRAWN)
    if drawn is None:
        return
    code, token, seat, table, seen = drawn
    card = wt.clicked_card(table, clicked("together.whist"))
    if card is None:
        return
    try:
        tables.move(store(), code, token, seat, card.ascii, seen, now=time.time())
    except Refused as error:
        refused(error)


def playing(table: TableRecord, seat: int, token: str) -> None:
    """A Whist seat's screen: the table from its seat, its hand as buttons, the news."""
    mine, large = table_of(table, seat), session.context().large
    st.session_state[DRAWN] = (table.code, token, seat, mine, len(table.moves))
    over = table.phase == "over"
    # The tab says it too: a phone's browser shows the title while the page is out of sight.
    title = "Your turn" if mine.your_turn else "Game over" if over else "Waiting"
    st.set_page_config(page_title=f"{title} · Whist table")
    if mine.your_turn and not over:  # above the table: on a phone, the first thing seen
        st.success("**Your turn.** Tap a card of your hand to play it.",
                   icon=":material/touch_app:")  # fmt: skip
    picture, news = layout.side_by_side()
    board = wt.board_data(mine, None if over else seat, face_up=over)
    if not mine.your_turn and not over:  # a tap out of turn is told why, under the hand
        board["waiting"] = waiting_words(mine.names[mine.state.current_player])
    with picture:
        whist_table(board, key="together.whist", on_card=on_whist_card,
                    max_height="60vh" if large else "62vh", large=large)  # fmt: skip
    with news:
        show_refusal()
        if over:
            alert("The game is over. " + " ".join(mine.sentences(mine.log[-1])[-2:]), "success")
        elif mine.your_turn:
            hint_button(mine, wt.hint, len(table.moves))
        else:
            text(f"Waiting for {mine.names[mine.state.current_player]} to play.")
        st.markdown("**Since your last card**")
        places = wt.since_last_card(mine, seat)[-8:]
        news_list(line for at in places for line in mine.sentences(mine.log[at]))
    away_seats(table, seat, token)
    if over:
        records.record_download(
            "whist", record_json(table), "Replay it on the Whist page (Replay a Whist game record)."
        )


def spectating(table: TableRecord) -> None:
    """Whist on the projector: every seat and the trick, no hand until the end."""
    game = table_of(table, 0)
    over = table.phase == "over"
    svg = (
        wt.board_data(game, None, face_up=True)["svg"] if over else whist_shared.spectator_svg(game)
    )
    picture, words = layout.side_by_side()
    with picture:
        layout.stage_picture(svg)  # its alt text says whether every hand is face up
    with words:
        if over:
            alert("The game is over. " + " ".join(game.sentences(game.log[-1])[-2:]), "success")
        else:
            big(f"{game.names[game.state.current_player]} to play.")
        st.caption(" · ".join(table_facts(game.state, game.names)))  # the hand, trumps, score
        news_list([line for entry in game.log for line in game.sentences(entry)][-8:])
    if over:
        records.record_download(
            "whist", record_json(table), "Replay it on the Whist page (Replay a Whist game record)."
        )
