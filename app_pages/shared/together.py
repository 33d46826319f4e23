"""Play together: friends at one Whot table, each from their own device.

One person opens a table and shares its code, link or QR code; the others sit down from their
phones; the host fills any empty seat with an AI player and starts. Every move goes to the
server, where the engine checks it against the game replayed from the table's record
(`whot_core.classroom.table`); each phone shows its own hand and the public table only, and
asks every second whether the table has moved. A spectator's screen (a projector) shows the
table with every hand face down, and every hand once the game is over.

The link says who is looking, as the Classroom's does: `?table=CODE&me=TOKEN` is a seat (the
token brings its person back to it after a reload), `?table=CODE` the join link the QR code
holds, `?table=CODE&watch=1` the spectator's screen.
"""

import contextlib
import json
import time
from html import escape

import streamlit as st

from app_pages.shared import layout, link, records, room_views, seat_keeper, session
from app_pages.whist.table_component import clicked as whist_clicked
from app_pages.whist.table_component import whist_table
from app_pages.whot.table_component import clicked, interactive_table
from whot_core.classroom import table as tables
from whot_core.classroom.backends import open_store
from whot_core.classroom.store import StoreUnavailable
from whot_core.classroom.table_games import GAMES
from whot_core.classroom.table_store import Refused, TableRecord
from whot_core.classroom.table_views import record_json
from whot_core.whist.app import shared_table as whist_shared
from whot_core.whist.app import table as wt
from whot_core.whot.app import play_table
from whot_core.whot.app import shared_table as shared
from whot_core.whot.app import table_actions as actions
from whot_core.whot.app.lineup import player_counts
from whot_core.whot.show.pictures import table_svg

ctx = session.context()
#: How often a seat or a spectator asks whether the table moved (seconds): the others see a
#: move within this and a redraw (the issue asks for 2 s).
POLL = 1.0
#: A seat's page says it is still there at most this often (seconds); each sign of life is a
#: change of the table, which every other screen then redraws.
SIGN_OF_LIFE = 20.0
#: The move a seat's page last drew, for the table's click (`on_move`) to act on.
DRAWN = "together.drawn"


@st.cache_resource
def store():
    """One store for every session of this server (the `WHOT_STORE` setting)."""
    return open_store()


def fail(error: Exception) -> None:
    st.error(str(error), icon=":material/database:")
    st.stop()


def base_url() -> str:
    here = str(st.context.url or "").split("?")[0].rstrip("/")
    return here if here.endswith("/together") else f"{here}/together"


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
        counts = player_counts(rules, range(2, rules.max_players + 1))
        players = st.selectbox("Players", counts, key="together.players")
        rules_text = json.dumps(rules.as_dict())
    else:
        st.caption("Seed 001's Whist: four seats, partners opposite, game to 7.")
        players, rules_text = 4, "{}"
    if st.button("Open the table", type="primary", key="together.open", icon=":material/add:"):
        try:
            joined = tables.open_table(store(), game, name, seats=int(players),
                                       now=time.time(), rules=rules_text)  # fmt: skip
        except Refused as error:
            st.error(error.message[:1].upper() + error.message[1:], icon=":material/error:")
            return
        go(joined.code, joined.token)
        st.rerun()


def join_form(prefilled: str = "") -> None:
    st.subheader("Join a table")
    code = st.text_input("The table's code", prefilled, max_chars=12, key="together.typed")
    name = st.text_input("Your name", max_chars=40, key="together.name")
    if st.button("Sit down", type="primary", key="together.join", width="stretch"):
        typed = code.replace(" ", "").replace("-", "").upper()
        try:
            joined = tables.sit(store(), typed, name, now=time.time())
        except Refused as error:
            st.error(error.message[:1].upper() + error.message[1:], icon=":material/error:")
            return
        go(joined.code, joined.token)
        st.rerun()
    if prefilled:
        left = st.session_state.pop("together.left", None) == prefilled
        back = seat_keeper.kept(f"table:{prefilled}", forgetting=left)
        if back:
            text(f"This browser kept a seat at this table for {back['name']}.")
            st.button("Back to that seat", type="primary", key="together.back", on_click=go,
                      args=(prefilled, back["token"]), icon=":material/event_seat:")  # fmt: skip
        st.button("Watch this table instead (nobody's hand is shown)",
                  key="together.spectate", on_click=go, args=(prefilled, "", True),
                  icon=":material/visibility:")  # fmt: skip


# ------------------------------------------------------------------------------ seating


def seating(table: TableRecord, seat: int, token: str) -> None:
    """Before the start: the invitation, who sits where and, for the host, the AI seats and
    Start."""
    names = names_of(table)
    invite, seats = st.columns([1, 1])
    with invite:
        room_views.join_panel(table.code, f"{base_url()}?table={table.code}")
    with seats:
        st.subheader("The seats")
        for n, name in enumerate(names):
            role = " (host)" if n == table.host else ""
            you = " (you)" if n == seat else ""
            text(f"Seat {n + 1}: {name}{role}{you}")
        host = seat == table.host
        empty = [n for n, s in enumerate(table.seats) if s.empty]
        if host and empty:
            levels = GAMES[table.game].levels
            pick = st.selectbox(
                "An AI player for an empty seat",
                levels.names,
                key="together.level",
                index=levels.names.index(tables.STAND_IN),
            )
            st.caption(levels.help())  # written out: a "?" needs a hover a phone cannot do
            for n in empty:
                st.button(f"Put a {pick} AI player in seat {n + 1}", key=f"together.ai.{n}",
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


def act(action, token: str, *args) -> None:
    """A host's or a seat's action on the table: refused actions say why on the next run."""
    try:
        action(store(), st.session_state["together.code"], token, *args, now=time.time())
    except Refused as error:
        refused(error)


def leave(token: str) -> None:
    """Leave: before the game the seat empties, during it an AI plays on; this screen goes
    back to the table's join form."""
    act(tables.leave, token)
    st.session_state["together.left"] = st.session_state["together.code"]
    go(st.session_state["together.code"])


# -------------------------------------------------------------------------------- play


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


def playing(table: TableRecord, seat: int, token: str) -> None:
    """A seat's screen during the game: its hand and the public table, the news since its last
    move, and whose turn it is."""
    if table.game == "whist":
        whist_playing(table, seat, token)
        return
    names = names_of(table)
    game = shared.replay(rules_of(table), len(table.seats), table.seed, table.moves)
    state = game.state
    ai = [bool(s.level) for s in table.seats]
    mine = shared.seat_table(game, seat, names, ai, table.seed, nigerian=ctx.nigerian)
    st.session_state[DRAWN] = (table.code, token, seat, mine)
    your_turn = state.current_player == seat
    if your_turn:
        st.set_page_config(page_title="Your turn · Whot")
    picture, news = layout.side_by_side()
    with picture:
        interactive_table(actions.board_data(mine, face_up=state.is_over), key="together.board",
                          on_move=on_table_click, max_height=layout.PLAY_TABLE_HEIGHT[ctx.large],
                          large=ctx.large)  # fmt: skip
    with news:
        show_refusal()
        if state.is_over:
            winners = ", ".join(names[w] for w in state.winners)
            (st.success if seat in state.winners else st.info)(
                f"The game is over: {escape(winners)} won. Every hand is face up."
            )
        elif your_turn:
            st.success("**Your turn.** Tap a card to play it, or the market to draw.",
                       icon=":material/touch_app:")  # fmt: skip
            hint_button(len(state.moves))
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


def whist_of(table: TableRecord, seat: int) -> wt.WhistTable:
    """The Play Whist page's table for `seat`, replayed from the table's cards."""
    ai = [bool(s.level) for s in table.seats]
    return whist_shared.seat_table(rules_of(table), table.seed, table.moves, names_of(table), ai,
                                   seat)  # fmt: skip


def on_whist_card() -> None:
    """A card of the hand was tapped: send it, as `on_table_click` sends a Whot move."""
    drawn = st.session_state.get(DRAWN)
    if drawn is None:
        return
    code, token, seat, table = drawn
    card = wt.clicked_card(table, whist_clicked("together.whist"))
    if card is None:
        return
    try:
        tables.move(store(), code, token, seat, card.ascii, len(table.state.moves), now=time.time())
    except Refused as error:
        refused(error)


def whist_playing(table: TableRecord, seat: int, token: str) -> None:
    """A Whist seat's screen: the table from its seat, its hand as buttons, the news."""
    mine = whist_of(table, seat)
    st.session_state[DRAWN] = (table.code, token, seat, mine)
    over = table.phase == "over"
    if mine.your_turn:
        st.set_page_config(page_title="Your turn · Whist")
    picture, news = layout.side_by_side()
    with picture:
        whist_table(wt.board_data(mine, None if over else seat, face_up=over),
                    key="together.whist", on_card=on_whist_card,
                    max_height="60vh" if ctx.large else "62vh", large=ctx.large)  # fmt: skip
    with news:
        show_refusal()
        if over:
            st.success("The game is over. " + " ".join(mine.sentences(mine.log[-1])[-2:]))
        elif mine.your_turn:
            st.success("**Your turn.** Tap a card of your hand to play it.",
                       icon=":material/touch_app:")  # fmt: skip
            hint_button(len(mine.state.moves))
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


# ----------------------------------------------------------------------------- watching


def spectating(table: TableRecord) -> None:
    """The projector's screen: the public table, every hand face down until the end, and the
    game in words with every drawn card hidden."""
    names = names_of(table)
    st.title(f"Table {table.code}")
    if table.phase == "seating":
        left, right = st.columns(2)
        with left:
            room_views.join_panel(table.code, f"{base_url()}?table={table.code}")
        with right:
            st.subheader("The seats")
            for n, name in enumerate(names):
                text(f"Seat {n + 1}: {name}")
        return
    if table.game == "whist":
        whist_spectating(table)
        return
    game = shared.replay(rules_of(table), len(table.seats), table.seed, table.moves)
    state = game.state
    over = state.is_over
    svg = table_svg(state, names=names, nigerian=ctx.nigerian, hidden=not over)
    picture, words = layout.side_by_side()
    with picture:
        layout.stage_picture(svg, "the table" + (", every hand face up" if over else ""))
    with words:
        if over:
            st.success(f"The game is over: {escape(', '.join(names[w] for w in state.winners))} "
                       "won.")  # fmt: skip
        else:
            text(f"{names[state.current_player]} to play.")
        news_list(shared.spectator_lines(game, names, ctx.nigerian)[-8:])
    if over:
        records.record_download("whot", record_json(table),
                                "Replay it on the Watch page (Replay a game record).")  # fmt: skip


def whist_spectating(table: TableRecord) -> None:
    """Whist on the projector: every seat and the trick, no hand until the end."""
    game = whist_of(table, 0)
    over = table.phase == "over"
    svg = (
        wt.board_data(game, None, face_up=True)["svg"] if over else whist_shared.spectator_svg(game)
    )
    picture, words = layout.side_by_side()
    with picture:
        layout.stage_picture(svg, "the table" + (", every hand face up" if over else ""))
    with words:
        if over:
            st.success("The game is over. " + " ".join(game.sentences(game.log[-1])[-2:]))
        else:
            text(f"{game.names[game.state.current_player]} to play.")
        news_list([line for entry in game.log for line in game.sentences(entry)][-8:])
    if over:
        records.record_download(
            "whist", record_json(table), "Replay it on the Whist page (Replay a Whist game record)."
        )


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
        st.info("An AI player has your seat while you were away.")
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
               f"you are seat {seat + 1}")  # fmt: skip
    if table.phase == "seating":
        show_refusal()
        seating(table, seat, token)
    else:
        playing(table, seat, token)
    if table.phase in ("seating", "playing"):
        st.button("Leave the table", key="together.leave", on_click=leave, args=(token,))


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
        st.warning(f"There is no open table {escape(code)}.")
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
    if table.phase in ("seating", "playing"):
        room_views.watch(lambda: store().table_version(code), table.version, POLL)


try:
    main()
except StoreUnavailable as error:
    fail(error)
