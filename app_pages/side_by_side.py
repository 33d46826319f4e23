"""Side by side: one deal under the sidebar's rules (A) and another rule set (B), two tables
stepping together; the step where the games part is marked and explained, then each goes on."""

import streamlit as st

from app_pages import common
from whot_core import explorer as ex

ctx = common.context()
st.title("Side by side")
counts = common.player_counts()
every = ex.comparison_choices(ctx.rules, ctx.preset)
choices = {key: label for key, label in every.items() if key != "yours"}  # B differs from A
common.init("side.b", common.url_choice("b", ex.default_other(ctx.rules, list(choices)), choices))
lineup = common.url_lineup("seats", ("heuristic", "heuristic"), counts)
common.init("side.players", len(lineup))
common.init("side.seed", common.url_int("seed", 1, 0, 10**9))
for seat in range(4):
    common.init(f"side.level.{seat}", lineup[seat] if seat < len(lineup) else "heuristic")
common.init("side.step", common.url_int("step", 0, 0, 10**6))
common.show_url_problems()
if st.session_state["side.b"] not in choices:
    st.session_state["side.b"] = ex.default_other(ctx.rules, list(choices))
rules_b = ex.choice_rules(st.session_state["side.b"], ctx.rules)
shared = [n for n in counts if n in ex.player_counts(rules_b)]
if not shared:
    st.warning("Rule set B seats none of the player counts the sidebar's rules can seat.")
    st.stop()
if st.session_state["side.players"] not in shared:
    st.session_state["side.players"] = shared[0]

top = st.columns([3, 1, 1, 3])
top[0].selectbox(
    "Rule set B (A is the sidebar's)",
    list(choices),
    key="side.b",
    format_func=choices.get,
)
top[1].selectbox("Players", shared, key="side.players")
top[2].number_input("Seed (the deal)", 0, 10**9, key="side.seed")
with top[3]:
    seats = st.columns(4)
    for seat in range(st.session_state["side.players"]):
        seats[seat].selectbox(f"Seat {seat}", ex.LEVELS, key=f"side.level.{seat}")
players = st.session_state["side.players"]
levels = tuple(st.session_state[f"side.level.{s}"] for s in range(players))
seed = int(st.session_state["side.seed"])
common.share(b=st.session_state["side.b"], seed=seed, seats=",".join(levels))
if rules_b == ctx.rules:
    st.info("Rule set B is the same as the sidebar's rules: choose another to see a difference.")
    common.write_url()
    st.stop()

shown = common.side_by_side_game(
    ctx.rules.to_toml(), rules_b.to_toml(), players, seed, levels, ctx.nigerian
)
titles = (f"A: {every['yours']}", f"B: {choices[st.session_state['side.b']]}")


@st.fragment
def stepper() -> None:
    """The shared step buttons and both tables: a step reruns only this, not the whole page."""
    parting = shown.parting
    jumps = {}
    if parting is not None:
        jumps["part"] = ("call_split", "Go to the step where the games part", lambda _: parting)
    step = common.step_controls("side", shown.longest, share_step=True, jumps=jumps)
    phase = shown.phase(step)
    {"same": st.caption, "part": st.warning, "apart": st.caption}[phase](
        f"**Step {step}.** {shown.status(step)}"
    )
    for column, side, title in zip(st.columns(2), (0, 1), titles, strict=True):
        with column:
            frame = shown.frame(side, step)
            mark = " · they part here" if phase == "part" else ""
            st.markdown(f"**{title}**{mark}")
            said = " ".join(frame.sentences) if frame.step == step else "This game is over."
            st.caption(said or "The deal.")
            common.table_picture(frame.state, names=frame.names)


stepper()
