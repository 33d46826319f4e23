"""Whot on the Play together page: a seat's screen (its hand on the Play page's table, the
news since its move) and a spectator's (every hand face down, every drawn card hidden). Under
match rules both show the game in play, how the last game ended and the standings; a player
out of the match watches the others."""

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
    waiting_words,
)
from app_pages.whot.table_component import clicked, interactive_table
from whot_core.classroom import table as tables
from whot_core.classroom.table_store import Refused, TableRecord
from whot_core.classroom.table_views import record_json
from whot_core.whot.app import play_table
from whot_core.whot.app import shared_table as shared
from whot_core.whot.app import table_actions as actions
from whot_core.whot.app.scoring import standings_rows
from whot_core.whot.engine.matches import GameResult
from whot_core.whot.engine.rules import value_words
from whot_core.whot.show.pictures import table_svg


def on_table_click() -> None:
    """A card or the market was tapped: send its move with the count of moves this screen saw
    (an old screen's move is refused by the table, not played)."""
    drawn = st.session_state.get(DRAWN)
    if drawn is None:
        return
    code, token, seat, table, seen = drawn
    move = actions.clicked_move(table, clicked("together.board"))
    if move is None:
        return
    try:
        tables.move(store(), code, token, seat, str(move), seen, now=time.time())
    except Refused as error:
        refused(error)


def replayed(table: TableRecord) -> shared.Replayed:
    return shared.replay(rules_of(table), len(table.seats), table.seed, table.moves)


def playing(table: TableRecord, seat: int, token: str) -> None:
    """A seat's screen during the game: its hand and the public table, the news since its last
    move, and whose turn it is (under match rules, the match too)."""
    everyone, large = names_of(table), session.context().large
    game = replayed(table)
    me = game.seat_in_game(seat)
    if me is None:  # out of the match: the others play on
        over = game.is_over
        st.set_page_config(page_title=f"{'Game over' if over else 'Out of the match'} · Whot table")
        if not over:
            text("You are out of the match: the others play on, and you can watch them here "
                 "(their hands stay face down).")  # fmt: skip
        spectating(table)
        return
    names = tuple(everyone[s] for s in game.seats)
    ai = [bool(table.seats[s].level) for s in game.seats]
    nigerian = session.in_nigerian(table.nigerian)  # the opener's names, or this link's
    mine = shared.seat_table(game, me, names, ai, table.seed, nigerian=nigerian)
    st.session_state[DRAWN] = (table.code, token, seat, mine, len(table.moves))
    your_turn = game.turn == seat
    # The tab says it too: a phone's browser shows the title while the page is out of sight.
    title = "Your turn" if your_turn else "Game over" if game.is_over else "Waiting"
    st.set_page_config(page_title=f"{title} · Whot table")

    def turn_box() -> None:
        st.success("**Your turn.** Tap a card to play it, or the market to draw.",
                   icon=":material/touch_app:")  # fmt: skip

    if your_turn and not large:  # above the table: on a phone, the first thing seen
        turn_box()
    picture, news = layout.side_by_side()
    board = actions.board_data(mine, face_up=game.is_over)
    if not your_turn and not game.is_over:  # a tap out of turn is told why, on the table
        board["waiting"] = waiting_words(everyone[game.turn])
    with picture:
        interactive_table(board, key="together.board", on_move=on_table_click,
                          max_height=TABLE_HEIGHT[large], large=large)  # fmt: skip
    with news:
        if your_turn and large:  # beside the table: a projector's table takes the height
            turn_box()
        show_refusal()
        if game.is_over:
            alert(the_end(game, everyone) + " Every hand is face up.",
                  "success" if seat in winners(game) else "info")  # fmt: skip
        elif your_turn:
            hint_button(mine, play_table.hint, len(table.moves))
        else:
            text(f"Waiting for {everyone[game.turn]} to play.")
        match_news(game, everyone)
        exchange = actions.last_exchange(mine)
        moved = bool(exchange) and exchange[0].seat == me
        st.markdown("**Your move and the replies**" if moved else "**Since the deal**")
        news_list(line for entry in exchange for line in entry.sentences)
    away_seats(table, seat, token)
    standings(game, everyone)
    if game.is_over:
        downloads(table, game)


def spectating(table: TableRecord) -> None:
    """The projector's screen: the public table, every hand face down until the end, and the
    game in words with every drawn card hidden (under match rules, the match too)."""
    everyone, nigerian = names_of(table), session.in_nigerian(table.nigerian)
    game = replayed(table)
    names = tuple(everyone[s] for s in game.seats)
    over = game.is_over
    svg = table_svg(game.state, names=names, nigerian=nigerian, hidden=not over)
    picture, words = layout.side_by_side()
    with picture:
        layout.stage_picture(svg)  # its alt text says whether every hand is face up
    with words:
        if over:
            alert(the_end(game, everyone), "success")
        else:
            big(f"{everyone[game.turn]} to play.")
        match_news(game, everyone)
        news_list(shared.spectator_lines(game, names, nigerian)[-8:])
    standings(game, everyone)
    if over:
        downloads(table, game)


# ------------------------------------------------------------------------------- a match


def winners(game: shared.Replayed) -> tuple[int, ...]:
    """The table seats that won the game, or, under match rules, the match."""
    if game.match is not None:
        return game.match.match.winners
    return tuple(game.seats[w] for w in game.state.winners)


def the_end(game: shared.Replayed, names: tuple[str, ...]) -> str:
    won = ", ".join(names[w] for w in winners(game))
    return f"The match is over: {won} won." if game.match else f"The game is over: {won} won."


def game_line(result: GameResult, names: tuple[str, ...]) -> str:
    """How one game of the match ended, in a sentence."""
    won = ", ".join(names[p] for p in result.winners)
    points = ", ".join(f"{names[p]} {n}" for p, n in enumerate(result.points) if n is not None)
    out = ", ".join(names[p] for p in result.eliminated)
    return (f"Game {result.number} ended: {won} won. Points: {points}."
            + (f" Out of the match: {out}." if out else ""))  # fmt: skip


def match_news(game: shared.Replayed, names: tuple[str, ...]) -> None:
    """Which game of the match this is and how the last one ended (the next game is dealt
    at once: a decision, docs/tables.md)."""
    if game.match is None:
        return
    match = game.match.match
    if not game.is_over:
        text(f"Game {game.match.number} of the match: {value_words('match', match.format)}.")
    if match.results:
        text(game_line(match.results[-1], names))


def standings(game: shared.Replayed, names: tuple[str, ...]) -> None:
    """The match table, once a game of it has ended."""
    if game.match is None or not game.match.match.results:
        return
    st.markdown("**The match**" if game.is_over else "**The match so far**")
    rows = standings_rows(game.match.match)
    layout.rows_table([{"player": name} | {k: v for k, v in row.items() if k != "seat"}
                       for row, name in zip(rows, names, strict=True)])  # fmt: skip


def downloads(table: TableRecord, game: shared.Replayed) -> None:
    """The record at the end: the game's, or each game of a match and the match file."""
    help_text = "Replay it on the Watch page (Replay a game record)."
    if game.match is None:
        records.record_download("whot", record_json(table), help_text)
        return
    finished = game.match.finished
    number = st.radio("A game of the match to replay on Watch", range(1, len(finished) + 1),
                      index=len(finished) - 1, format_func=lambda n: f"Game {n}", horizontal=True,
                      key="together.game_record")  # fmt: skip
    records.record_download("whot", finished[number - 1].record().to_json(), help_text)
    layout.download("Download the whole match (every game and the standings)",
                    record_json(table), file_name=f"whot-match-{table.seed}.json",
                    mime="application/json", key="together.match_file")  # fmt: skip
