"""Side by side: one deal under the sidebar's rules (A) and another rule set (B), two tables
stepping together; the step where the games part is marked and explained, then each goes on."""

import streamlit as st

from app_pages.shared import layout, link, session, sidebar
from app_pages.whot import games
from whot_core.whot.app import comparison, html, side_by_side
from whot_core.whot.app import lineup as app_lineup
from whot_core.whot.show.pictures import table_svg

ctx = session.context()
st.title("Side by side")
counts = sidebar.player_counts()
every = comparison.comparison_choices(ctx.rules, ctx.preset)
choices = {key: label for key, label in every.items() if key != "yours"}  # B differs from A
session.init(
    "side.b", link.url_choice("b", side_by_side.default_other(ctx.rules, list(choices)), choices)
)
lineup = link.url_lineup("seats", ("heuristic", "heuristic"), counts)
session.init("side.players", len(lineup))
session.init("side.seed", link.url_int("seed", 1, 0, 10**9))
for seat in range(4):
    session.init(f"side.level.{seat}", lineup[seat] if seat < len(lineup) else "heuristic")
session.init("side.step", link.url_int("step", 0, 0, 10**6))
link.show_url_problems()
if st.session_state["side.b"] not in choices:
    st.session_state["side.b"] = side_by_side.default_other(ctx.rules, list(choices))
rules_b = comparison.choice_rules(st.session_state["side.b"], ctx.rules)
shared = [n for n in counts if n in app_lineup.player_counts(rules_b)]
if not shared:
    st.warning("Rule set B seats none of the player counts the sidebar's rules can seat.")
    st.stop()
if st.session_state["side.players"] not in shared:
    st.session_state["side.players"] = shared[0]

summary = (
    f"B {choices[st.session_state['side.b']]}, {st.session_state['side.players']} players, "
    f"seed {st.session_state['side.seed']}"
)
# Folded on a projector (`settings_box`), leaving the tables the window's height.
with layout.settings_box(summary):
    top = st.columns([2, 1, 1, 2], vertical_alignment="bottom")
    top[0].selectbox(
        "Rule set B (A is the sidebar's)",
        list(choices),
        key="side.b",
        format_func=choices.get,
    )
    top[1].selectbox("Players", shared, key="side.players")
    top[2].number_input("Seed (the deal)", 0, 10**9, key="side.seed")
    players = st.session_state["side.players"]
    levels = tuple(st.session_state[f"side.level.{s}"] for s in range(players))
    # a popover: four selectors side by side would cut their labels
    with top[3].popover(f"AI: {', '.join(levels)}", icon=":material/smart_toy:", width="stretch"):
        st.caption("The same AI players in both games, seat by seat.")
        for seat in range(players):
            st.selectbox(
                f"Seat {seat}",
                app_lineup.LEVELS.names,
                key=f"side.level.{seat}",
                help=app_lineup.LEVELS.help(),
            )
seed = int(st.session_state["side.seed"])
session.share(b=st.session_state["side.b"], seed=seed, seats=",".join(levels))
if rules_b == ctx.rules:
    st.info("Rule set B is the same as the sidebar's rules: choose another to see a difference.")
    link.write_url()
    st.stop()

shown = games.side_by_side_game(
    ctx.rules.to_toml(), rules_b.to_toml(), players, seed, levels, ctx.nigerian
)
titles = (f"A: {every['yours']}", f"B: {choices[st.session_state['side.b']]}")


#: The tables' height: both tables, the step buttons and the marker fit on one screen, a
#: laptop's (and the tables stack on a phone); on a projector the window less the title, the
#: folded settings and the step buttons, the words beside each table, so that every word of a
#: table is drawn 14 px high or more (docs/screens.md).
HEIGHT = "calc(100vh - 215px)" if ctx.large else "46vh"
st.markdown(
    f"<style>.whot-side img {{ max-height: {HEIGHT} !important; }}</style>",
    unsafe_allow_html=True,
)


@st.fragment
def stepper() -> None:
    """The shared step buttons and both tables: a step reruns only this, not the whole page."""
    target = shown.jump
    jumps = {}
    if target is not None:
        where = "a rule of play first acts" if shown.acting is not None else "the games part"
        jumps["part"] = ("call_split", f"Go to the step where {where}", lambda _: target)
    step = layout.step_controls("side", shown.longest, share_step=True, jumps=jumps)
    phase = shown.phase(step)
    frames = [shown.frame(side, step) for side in (0, 1)]
    columns = zip(st.columns(2), frames, titles, strict=True)
    for side, (column, frame, title) in enumerate(columns):
        # on a projector the title and what happened beside the table, under it elsewhere
        picture, words = column.columns([2, 1]) if ctx.large else (column, column)
        with words:
            mark = " :orange-badge[:material/call_split: parts here]" if phase == "part" else ""
            if step == shown.acting and shown.rule_act.side == side:
                mark = " :orange-badge[:material/call_split: a rule of play acts here]"
            st.markdown(f"**{title}**{mark}")
        svg = table_svg(frame.state, nigerian=ctx.nigerian, names=frame.names)
        alt = f"the table under rule set {title[0]}"
        picture.markdown(
            html.picture_html(svg, alt, css="whot-pic whot-side"), unsafe_allow_html=True
        )
        with words:
            said = " ".join(frame.sentences) if frame.step == step else "This game is over."
            st.caption(said or "The deal.")
    explain = {"same": st.info, "part": st.warning, "apart": st.info}[phase]
    explain(f"**{shown.marker(step)}** {shown.status(step)}", icon=":material/call_split:")


stepper()
