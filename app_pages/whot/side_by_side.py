"""Side by side: one deal under the sidebar's rules (A) and another rule set (B), two tables
stepping together; the step where the games part is marked and explained, then each goes on."""

import streamlit as st

from app_pages.shared import layout, link, session, sidebar
from app_pages.whot import games
from whot_core.toolkit.svg import picture_label
from whot_core.whot.app import comparison, html, side_by_side
from whot_core.whot.app import lineup as app_lineup

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
players = st.session_state["side.players"]
levels = tuple(st.session_state[f"side.level.{s}"] for s in range(players))


def settings() -> None:
    """Rule set B, the players, the deal and the AI players."""
    top = st.columns([2, 1, 1, 2], vertical_alignment="bottom")
    top[0].selectbox(
        "Rule set B (A is the sidebar's)",
        list(choices),
        key="side.b",
        format_func=choices.get,
    )
    top[1].selectbox("Players", shared, key="side.players")
    top[2].number_input("Seed (the deal)", 0, 10**9, key="side.seed")
    # a popover: four selectors side by side would cut their labels; drawn only while open
    label = f"AI: {', '.join(map(app_lineup.LEVELS.title, levels))}"
    layout.keep_open("side.ai_open", label)
    popover = top[3].popover(
        label, icon=":material/smart_toy:", width="stretch", key="side.ai_open", on_change="rerun"
    )
    with popover:
        if popover.open:
            st.caption("The same AI players in both games, seat by seat.")
            for seat in range(players):
                st.selectbox(f"Seat {seat}", app_lineup.LEVELS.names, key=f"side.level.{seat}",
                             format_func=app_lineup.LEVELS.title)  # fmt: skip
            st.caption(app_lineup.LEVELS.caption())


# Folded on a projector (`settings_box`), leaving the tables the window's height.
with layout.settings_box("side", summary) as drawn:
    if drawn:
        settings()
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
#: On a projector the words between the tables (titles, what happened, the step's explanation)
#: in a print a little smaller than the classroom's 1.35rem (1.1rem, 17.6 px: still larger than
#: the 14 px of a table's words), closer together: all of them on the first screen.
WORDS = (
    ".st-key-side-words { gap: 0.45rem; }"
    " .st-key-side-words :is(p, li) { font-size: 1.1rem !important; }"
    if ctx.large
    else ""
)
#: On a phone the tables stand one under the other: each is as wide as the window, whatever
#: its height (46% of a phone's height drew a six-card hand's words 10.9 px high).
PHONE = "@media (max-width: 640px) { .whot-side img { max-height: none !important; } }"
st.markdown(
    f"<style>.whot-side img {{ max-height: {HEIGHT} !important; }} {PHONE} {WORDS}</style>",
    unsafe_allow_html=True,
)


@st.fragment
def stepper() -> None:
    """The shared step buttons and both tables: a step reruns only this, not the whole page."""
    target = shown.jump
    jumps = {}
    if target is not None:
        jumps["part"] = ("call_split", shown.jump_label, lambda _: target)
    step = layout.step_controls("side", shown.longest, share_step=True, jumps=jumps)
    phase = shown.phase(step)
    frames = [shown.frame(side, step) for side in (0, 1)]
    explain = {"same": st.info, "part": st.warning, "apart": st.info}[phase]

    def title_of(side: int) -> None:
        mark = " :orange-badge[:material/call_split: parts here]" if phase == "part" else ""
        if step == shown.acting and shown.rule_act.side == side:
            mark = " :orange-badge[:material/call_split: a rule of play acts here]"
        pointer = ("← ", "") if side == 0 else ("", " →")
        shown_title = titles[side] if not ctx.large else pointer[0] + titles[side] + pointer[1]
        st.markdown(f"**{shown_title}**{mark}")

    def said(side: int) -> None:
        frame = frames[side]
        words = " ".join(frame.sentences) if frame.step == step else "This game is over."
        st.caption(words or "The deal.")

    def deal_told() -> None:
        """The deal's two tellings (the cut, the cards turned up), long: folded."""
        with st.expander("The deal, told under each rule set"):
            for side in (0, 1):
                st.markdown(f"**{titles[side][0]}**")
                said(side)

    def picture(side: int) -> None:
        frame = frames[side]
        svg = layout.shared_table_svg(frame.state, frame.names, ctx.nigerian)
        alt = f"Rule set {titles[side][0]}. {picture_label(svg)}"
        layout.picture_block(html.picture_html(svg, alt, css="whot-pic whot-side"))

    if ctx.large:
        # On a projector the words between the two tables: the step's explanation first (under
        # the tables, it was below the window), then each table's title (an arrow pointing to
        # it) and what happened there; on the first screen with both tables.
        left, middle, right = st.columns(3)  # a table no narrower than beside its words
        with left:
            picture(0)
        with right:
            picture(1)
        with middle, st.container(key="side-words"):
            explain(f"**{shown.marker(step)}** {shown.status(step)}", icon=":material/call_split:")
            if step == 0:  # the deal: its two long tellings folded, so that both titles show
                for side in (0, 1):
                    title_of(side)
                deal_told()
                return
            for side in (0, 1):
                title_of(side)
                said(side)
        return
    for side, column in enumerate(st.columns(2)):
        with column:
            title_of(side)
            picture(side)
            if step > 0:
                said(side)
    explain(f"**{shown.marker(step)}** {shown.status(step)}", icon=":material/call_split:")
    if step == 0:  # folded: the explanation stays on the first screen
        deal_told()


stepper()
