"""Play: you (seat 0) against one to three AI players, every choice explained."""

import streamlit as st

from app_pages import common
from whot_core import SHAPES, Move, Shape
from whot_core import explorer as ex
from whot_core.show.pictures import card_svg

ctx = common.context()
st.title("Play against the AI")
counts = [n - 1 for n in common.player_counts()]
common.init("play.opponents", counts[0])
common.init("play.level", "heuristic")
common.init("play.seed", common.url_int("seed", 1, 0, 10**9))
common.show_url_problems()
common.init("play.call", "circle")
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
    st.session_state["play.say"] = False


def play_card(index: int) -> None:
    call = st.session_state.get("play.call")
    say = bool(st.session_state.get("play.say"))
    table = st.session_state["play.table"]
    act(ex.your_move(table, index, Shape(call) if call else None, say))


def ask_hint() -> None:
    st.session_state["play.hint_text"] = ex.hint(st.session_state["play.table"])


cols = st.columns([1, 1, 1, 1])
cols[0].selectbox("AI players", counts, key="play.opponents")
cols[1].selectbox("AI level", ex.LEVELS, key="play.level")
cols[2].number_input("Seed (the deal)", 0, 10**9, key="play.seed")
cols[3].button(
    "New game", key="play.new", on_click=deal, type="primary", icon=":material/playing_cards:"
)
if "play.table" not in st.session_state:
    deal()
table = st.session_state["play.table"]
if table.nigerian != ctx.nigerian:  # the names were switched mid-game: retell the game so far
    table = st.session_state["play.table"] = table.told_in(ctx.nigerian)
state = table.state
common.share(seed=table.seed)
if state.rules != ctx.rules:
    st.info("The sidebar's rules changed since this deal: press New game to play by them.")

picture, news = common.side_by_side()
with picture:
    common.table_picture(state, names=table.names, viewer=table.human)
with news:
    if state.is_over:
        won = table.human in state.winners
        (st.success if won else st.info)(" ".join(table.log[-1].sentences))
    if table.message:
        st.warning(table.message, icon=":material/block:")
    if st.session_state.get("play.hint_text"):
        st.info(st.session_state["play.hint_text"], icon=":material/lightbulb:")
    st.markdown("**Since your last move**")
    for entry in ex.since_your_move(table):
        st.markdown("\n".join(f"- {line}" for line in entry.sentences))
    if not state.is_over:
        st.caption("The AI players' reasons show when the game is over: they can give away cards.")

hand = state.hands[table.human]
if table.your_turn:
    options = st.columns([2, 2, 1, 1])
    if any(card.is_whot for card in hand):
        options[0].segmented_control(
            "Call after a Whot",
            [s.value for s in SHAPES],
            key="play.call",
            format_func=lambda s: Shape(s).nigerian_name if ctx.nigerian else s,
        )
    words, advice = ex.announcement_hint(state.rules, len(hand))
    if advice:
        with options[1]:
            st.caption(advice)
            if words is not None:
                st.toggle(f'Say "{words}"', key="play.say")
    draw = f"Pick {state.penalty}" if state.penalty else "Go to market"
    options[2].button(
        draw, key="play.draw", on_click=act, args=(Move.draw(),), icon=":material/style:"
    )
    options[3].button("Hint", key="play.hint", on_click=ask_hint, icon=":material/lightbulb:")
call = st.session_state.get("play.call") or "circle"
verdicts = ex.hand_verdicts(table, Shape(call))
st.markdown(
    f"**Your hand** ({len(hand)} cards): click a card to play it. Framed cards may be played "
    "now; greyed ones may not (hover over a button to see why)."
)
per_row = 6 if ctx.large else 9
for start in range(0, len(verdicts), per_row):
    for column, verdict in zip(
        st.columns(per_row), verdicts[start : start + per_row], strict=False
    ):
        with column:
            svg = card_svg(
                verdict.card,
                width=ctx.card_px,
                nigerian=ctx.nigerian,
                star_double=state.rules.star_double,
                highlight="legal" if verdict.legal else "illegal",
            )
            common.picture(svg, verdict.card.name(ctx.nigerian))
            st.button(
                verdict.card.name(ctx.nigerian),
                key=f"play.card.{verdict.index}",
                on_click=play_card,
                args=(verdict.index,),
                help=verdict.reason,
                type="primary" if verdict.legal else "secondary",
                disabled=state.is_over,
                width="stretch",
            )

with st.expander("The whole game so far"):
    for entry in table.log:
        why = [f"*{entry.why}*"] if entry.why and state.is_over else []
        st.markdown("\n".join(f"- {line}" for line in (*entry.sentences, *why)))
