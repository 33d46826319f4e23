"""Play: you (seat 0) against one to three AI players, every choice explained."""

import streamlit as st

from app_pages import common
from app_pages.table_component import clicked, interactive_table
from whot_core import Move
from whot_core import explorer as ex
from whot_core.explorer import table_actions as actions

ctx = common.context()
st.title("Play against the AI")
counts = [n - 1 for n in common.player_counts()]
common.init("play.opponents", common.url_int("ai", counts[0], 1, 3))
common.init("play.level", common.url_choice("level", "heuristic", ex.LEVELS))
common.init("play.seed", common.url_int("seed", 1, 0, 10**9))
linked_moves = common.url_text("moves")  # a game in progress, by your moves
if st.session_state["play.opponents"] not in counts:
    st.session_state["play.opponents"] = counts[0]


def deal() -> None:
    levels = [st.session_state["play.level"]] * st.session_state["play.opponents"]
    st.session_state["play.table"] = ex.new_table(
        common.context().rules,
        levels,
        int(st.session_state["play.seed"]),
        simulations=100,
        nigerian=common.context().nigerian,
    )
    st.session_state["play.hint_text"] = None


def act(move: Move) -> None:
    st.session_state["play.table"] = ex.choose(st.session_state["play.table"], move)
    st.session_state["play.hint_text"] = None


def on_table_click() -> None:
    """A legal card or the market was clicked on the table: play its move (a stale click, made
    on an earlier turn, is dropped)."""
    move = actions.clicked_move(st.session_state["play.table"], clicked("play.board"))
    if move is not None:
        act(move)


def ask_hint() -> None:
    st.session_state["play.hint_text"] = ex.hint(st.session_state["play.table"])


opponents = st.session_state["play.opponents"]
summary = f"{opponents} {st.session_state['play.level']} AI, seed {st.session_state['play.seed']}"
with common.settings_box(summary):
    cols = st.columns([1, 1, 1, 1], vertical_alignment="bottom")
    cols[0].selectbox("AI players", counts, key="play.opponents")
    cols[1].selectbox("AI level", ex.LEVELS, key="play.level")
    cols[2].number_input("Seed (the deal)", 0, 10**9, key="play.seed")
    cols[3].button(
        "New game", key="play.new", on_click=deal, type="primary", icon=":material/playing_cards:"
    )
if "play.table" not in st.session_state:
    deal()
    if linked_moves:  # the link's game: dealt by its seed, then your moves replayed
        table, problem = ex.replay_moves(st.session_state["play.table"], linked_moves)
        st.session_state["play.table"] = table
        common.url_problem(problem)
common.show_url_problems()
table = st.session_state["play.table"]
if table.nigerian != ctx.nigerian:  # the names were switched mid-game: retell the game so far
    table = st.session_state["play.table"] = table.told_in(ctx.nigerian)
state = table.state
ai_levels = [level for level in table.levels if level is not None]
common.share(ai=len(ai_levels), level=ai_levels[0], seed=table.seed)
if table.yours:
    common.share(moves=ex.moves_text(table))
if state.rules != ctx.rules:
    st.info("The sidebar's rules changed since this deal: press New game to play by them.")

picture, news = common.side_by_side()
with picture:
    interactive_table(
        actions.board_data(table),
        key="play.board",
        on_move=on_table_click,
        max_height=common.PLAY_TABLE_HEIGHT[ctx.large],
        large=ctx.large,
    )
with news:
    if state.is_over:
        won = table.human in state.winners
        points = ex.final_points(table)
        said = " ".join((*table.log[-1].sentences, *([points] if points else [])))
        (st.success if won else st.info)(said)
    if table.message:
        st.warning(table.message, icon=":material/block:")
    if table.your_turn and not state.is_over:
        st.button("Hint", key="play.hint", on_click=ask_hint, icon=":material/lightbulb:")
    if st.session_state.get("play.hint_text"):
        st.info(st.session_state["play.hint_text"], icon=":material/lightbulb:")
    exchange = actions.last_exchange(table)
    moved = bool(exchange) and exchange[0].seat == table.human
    st.markdown("**Your move and the replies**" if moved else "**Since the deal**")
    for entry in exchange:
        st.markdown("\n".join(f"- {line}" for line in entry.sentences))
    if not state.is_over:
        st.caption("The AI players' reasons show when the game is over: they can give away cards.")

with st.expander("The whole game so far"):
    for entry in table.log:
        why = [f"*{entry.why}*"] if entry.why and state.is_over else []
        st.markdown("\n".join(f"- {line}" for line in (*entry.sentences, *why)))
