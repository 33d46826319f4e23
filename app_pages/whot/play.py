"""Play: people and AI players at one table, every choice explained. One person against the AI
by default; with several people a pass screen hides every hand between two people's turns. The
seat and turn logic is in `whot_core.whot.app.seats`."""

import streamlit as st

from app_pages.shared import layout, link, records, session, sidebar
from app_pages.shared.session import PERSIST
from app_pages.whot.table_component import clicked, interactive_table
from whot_core import Move
from whot_core.whot.app import lineup, play_table
from whot_core.whot.app import seats as sx
from whot_core.whot.app import table_actions as actions
from whot_core.whot.app.table_match import is_match, replay_match
from whot_core.whot.engine.rules import value_words

ctx = session.context()
st.title("Play")
counts = (
    lineup.player_counts(ctx.rules, range(2, ctx.rules.max_players + 1)) or sidebar.player_counts()
)


def _link_seats(text: str) -> tuple[tuple[sx.Seat, ...], str | None]:
    found, problem = sx.read_seats(text)
    if problem is None:
        try:
            sx.check_seats(ctx.rules, found)
        except ValueError as error:
            return (), str(error)
    return found, problem


def _older_link_seats() -> tuple[sx.Seat, ...]:
    """A link without `seats` may say `ai` (how many AI players) and `level`: you and them."""
    ai = link.url_int("ai", 1, 1, max(counts) - 1)
    level = link.url_choice("level", "heuristic", lineup.LEVELS)
    return (sx.Seat(), *(sx.Seat(level) for _ in range(ai)))


linked = link.url_read("seats", _link_seats, None) or _older_link_seats()
session.init("play.players", len(linked) if len(linked) in counts else counts[0])
for _seat in range(max(counts)):
    _given = linked[_seat] if _seat < len(linked) else sx.Seat("heuristic")
    session.init(f"play.seat.{_seat}", _given.kind)
    session.init(f"play.name.{_seat}", _given.name)
session.init("play.seed", link.url_int("seed", 1, 0, 10**9))
session.init("play.teacher", False)
linked_games = link.url_read("moves", sx.read_games, ())
link.show_url_problems()
if st.session_state["play.players"] not in counts:
    st.session_state["play.players"] = counts[0]


def chosen_seats() -> tuple[sx.Seat, ...]:
    out = []
    for seat in range(st.session_state["play.players"]):
        kind = st.session_state[f"play.seat.{seat}"]
        name = str(st.session_state.get(f"play.name.{seat}") or "").strip()
        out.append(sx.Seat(None, name) if kind == sx.PERSON else sx.Seat(kind))
    return tuple(out)


def deal(games: tuple[tuple[Move, ...], ...] = ()) -> None:
    """Seat the chosen people and AI players and deal; a link's moves replay the game so far
    (in a match, every game so far: the people's moves game by game)."""
    rules, nigerian = session.context().rules, session.context().nigerian
    seed = int(st.session_state["play.seed"])
    problem = None
    try:
        if is_match(rules):  # a rubber, an elimination or a tournament: game after game
            held, table, problem = replay_match(
                rules, chosen_seats(), seed, games, simulations=100, nigerian=nigerian
            )
        else:
            held = None
            table = sx.deal(rules, chosen_seats(), seed, simulations=100, nigerian=nigerian)
            if len(games) > 1:
                problem = f"moves: these rules play one game, not a match of {len(games)}"
            table, replayed = sx.replay(table, games[0] if games else ())
            problem = problem or replayed
    except ValueError as error:
        st.session_state["play.problem"] = str(error)
        return
    st.session_state["play.match"] = held
    st.session_state["play.problem"] = problem
    st.session_state["play.table"] = table
    st.session_state["play.shown"] = None
    st.session_state["play.hint_text"] = None


def act(move: Move) -> None:
    table = st.session_state["play.table"]
    st.session_state["play.table"] = play_table.choose(table, move)
    st.session_state["play.hint_text"] = None


def on_table_click() -> None:
    """A legal card or the market was clicked on the table: play its move (a stale click, made
    on an earlier turn, is dropped)."""
    payload = clicked("play.board")
    width = actions.clicked_width(payload)
    if width is not None:  # the table is drawn for this width only from now on
        st.session_state["play.width"] = width
    move = actions.clicked_move(st.session_state["play.table"], payload)
    if move is not None:
        act(move)


def ask_hint() -> None:
    st.session_state["play.hint_text"] = play_table.hint(st.session_state["play.table"])


def next_game() -> None:
    """Score the finished game into the match and deal the next to the players still in."""
    table = st.session_state["play.table"]
    held = st.session_state["play.match"].after(table.state, sx.people_moves(table))
    st.session_state["play.match"] = held
    nigerian = session.context().nigerian
    st.session_state["play.table"] = held.deal_next(simulations=100, nigerian=nigerian)
    st.session_state["play.shown"] = None
    st.session_state["play.hint_text"] = None


def show_hand(seat: int) -> None:
    st.session_state["play.shown"] = seat


def kind_title(kind: str) -> str:
    """A seat's kind as a person reads it: "Person", or the AI level's title ("Heuristic")."""
    return "Person" if kind == sx.PERSON else lineup.LEVELS.title(kind)


def seat_controls() -> None:
    """Who sits where: each seat a person (with a name) or an AI level; New game deals them."""
    setup = chosen_seats()
    # The label stays the same whatever is chosen: the box names what it holds, not its values.
    # Drawn only while open (`layout.folded_box`).
    with layout.folded_box(
        "Seats: people or AI players", "play.seats_open", icon=":material/groups:"
    ) as drawn:
        if not drawn:
            return
        st.caption(
            "Each seat is a person or an AI player. People take turns at this screen: between "
            "two people's turns every hand is hidden until the next person asks for theirs."
        )
        for seat in range(st.session_state["play.players"]):  # stacked: a phone's width
            st.selectbox(f"Seat {seat}", sx.SEAT_KINDS, key=f"play.seat.{seat}",
                         format_func=kind_title, persist_state=PERSIST)  # fmt: skip
            if st.session_state[f"play.seat.{seat}"] == sx.PERSON:
                st.text_input(f"Seat {seat}'s name", key=f"play.name.{seat}",
                              max_chars=sx.MAX_NAME, persist_state=PERSIST)  # fmt: skip
        st.caption(lineup.LEVELS.help())
        summary = ", ".join(s.label(i, setup) for i, s in enumerate(setup))
        st.button(  # here, where the seats were chosen: the settings' New game may be scrolled away
            f"Deal a new game: {summary}",
            key="play.new_seated",
            on_click=deal,
            type="primary",
            icon=":material/playing_cards:",
        )
        st.page_link(  # the same game with each person on their own phone or computer
            "app_pages/shared/together.py",
            label="Play together, each on their own device",
            icon=":material/devices:",
        )


_setup = chosen_seats()
_summary = ", ".join(s.label(i, _setup) for i, s in enumerate(_setup))
with layout.settings_box("play", f"{_summary}; seed {st.session_state['play.seed']}") as shown:
    if shown:
        cols = st.columns([1, 1, 1, 1], vertical_alignment="bottom")
        # Each value outlives a visit to another page, New game pressed or not (`session.PERSIST`).
        cols[0].selectbox("Players", counts, key="play.players", persist_state=PERSIST)
        cols[1].number_input("Seed (the deal)", 0, 10**9, key="play.seed", persist_state=PERSIST)
        cols[2].button(
            "New game",
            key="play.new",
            on_click=deal,
            type="primary",
            icon=":material/playing_cards:",
        )
        # No help icon on the toggle: a tap on it would turn Teacher's view on and show every hand.
        cols[3].toggle("Teacher's view", key="play.teacher", persist_state=PERSIST)
        st.caption(
            "Teacher's view: every hand face up, for a demonstration: no pass screen, the AI "
            "players' reasons shown."
        )
if "play.table" not in st.session_state:
    deal(linked_games)
if st.session_state.get("play.problem"):
    st.warning(st.session_state["play.problem"], icon=":material/block:")
if "play.table" not in st.session_state:  # the chosen seats could not be dealt
    seat_controls()
    session.share(seed=st.session_state["play.seed"])
    link.write_url()
    st.stop()


def app_changed() -> bool:
    """Whether a click in the table's fragment changed what the rest of the page shows (the
    seats, named in the settings' title): then the whole page reruns, not the fragment."""
    return chosen_seats() != _setup


@st.fragment
def table_view() -> None:
    """The table, what was said, the match and the game so far: a card played, a hint or a
    hand shown reruns only this (and writes the link, which `app.py` writes after a whole
    run)."""
    if app_changed():
        st.rerun()
    table = st.session_state["play.table"]
    if table.nigerian != ctx.nigerian:  # the names were switched mid-game: retell the game so far
        table = st.session_state["play.table"] = table.told_in(ctx.nigerian)
    state = table.state
    teacher = bool(st.session_state["play.teacher"])
    several = len(sx.people(table)) > 1
    held = st.session_state.get("play.match")
    if held is None:
        session.share(seed=table.seed, seats=sx.seats_text(sx.seats_of(table)))
    else:  # the match's seed and all its players; a game's seed derives from it
        session.share(seed=held.seed, seats=sx.seats_text(held.seats))
    if held is not None and held.finished:  # the people's moves game by game: the match so far
        session.share(moves=sx.games_text(held.games(table)))
    elif sx.people_moves(table):
        session.share(moves=sx.moves_text(sx.people_moves(table)))
    if state.rules != ctx.rules:
        st.info("The sidebar's rules changed since this deal: press New game to play by them.")

    to = sx.pass_due(table, st.session_state.get("play.shown"), teacher)
    if to is not None:  # the pass screen: nobody's hand, nothing only one seat may know
        sizes = ", ".join(f"{n} {len(h)}" for n, h in zip(table.names, state.hands, strict=True))
        layout.pass_screen(
            table.names[to], "play.show", lambda seat=to: show_hand(seat), f"Cards held: {sizes}."
        )
        seat_controls()
        link.write_url()
        st.stop()

    over_for_all = state.is_over and (several or not sx.people(table))
    viewer = None if over_for_all else table.human
    shown = sx.told_to(table, viewer) if several else table
    face_up = teacher or state.is_over  # the count at the end is checked against every hand
    holder = table.names[table.human] if several and not state.is_over else None
    layout.whose_view(teacher, "the AI players' reasons are shown", holder)

    picture, news = layout.side_by_side()
    with picture:
        interactive_table(
            actions.board_data(shown, face_up=face_up, width=st.session_state.get("play.width")),
            key="play.board",
            on_move=on_table_click,
            max_height=layout.PLAY_TABLE_HEIGHT[ctx.large],
            large=ctx.large,
        )
    with news:
        if state.is_over:
            won = any(table.levels[seat] is None for seat in state.winners)
            points = play_table.final_points(table)
            said = " ".join((*shown.log[-1].sentences, *([points] if points else [])))
            (st.success if won else st.info)(said)
            st.caption("The game is over: every hand is face up.")
        if table.message:
            st.warning(table.message, icon=":material/block:")
        if table.your_turn and not state.is_over:
            st.button("Hint", key="play.hint", on_click=ask_hint, icon=":material/lightbulb:")
        if st.session_state.get("play.hint_text"):
            st.info(st.session_state["play.hint_text"], icon=":material/lightbulb:")
        exchange = actions.last_exchange(shown)
        moved = bool(exchange) and exchange[0].seat == shown.human
        st.markdown("**Your move and the replies**" if moved else "**Since the deal**")
        for entry in exchange:
            st.markdown("\n".join(f"- {line}" for line in entry.sentences))
        if not state.is_over and not teacher:
            st.caption(
                "The AI players' reasons show when the game is over: they can give away cards."
            )

    if held is not None:
        match = held.match(state if state.is_over else None)
        number = len(held.finished) + 1
        format_name = value_words("match", state.rules.match)  # "elimination at 100 points"
        if not state.is_over:
            st.caption(f"Match ({format_name}): game {number}. The standings show after each game.")
        else:
            st.subheader(f"Match ({format_name}): the standings after game {number}")
            layout.rows_table(held.standings(state))
            if match.is_over:
                winners = ", ".join(held.labels[p] for p in match.winners)
                st.success(f"The match is over: {winners} won.")
            else:
                if held.people_out(state):
                    st.info(
                        "Every person is out of the match: the AI players play on, and each game "
                        "can be watched to its end (continuous play)."
                    )
                st.button(
                    f"Next game ({number + 1})",
                    key="play.next_game",
                    on_click=next_game,
                    type="primary",
                    icon=":material/skip_next:",
                )

    seat_controls()
    with layout.folded_box("The whole game so far", "play.log_open") as drawn:
        if drawn:
            for entry in shown.log:
                why = [f"*{entry.why}*"] if entry.why and (state.is_over or teacher) else []
                st.markdown("\n".join(f"- {line}" for line in (*entry.sentences, *why)))
    if state.is_over:
        records.record_download(
            "whot", state.record().to_json(), "Replay it on the Watch page (Replay a game record)."
        )
    link.write_url()


table_view()
