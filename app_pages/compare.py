"""Compare: two rule sets, the same deals, many games; how length, fairness and draws change."""

import streamlit as st

from app_pages import common
from whot_core import explorer as ex

ctx = common.context()
common.simulation_pool()  # the workers start while the reader picks the settings
st.title("Compare two rule sets")
choices = ex.comparison_choices(ctx.rules, ctx.preset)
LEVELS = ("random", "heuristic")
common.init("compare.a", common.url_choice("a", "preset:british", list(choices)))
common.init("compare.b", common.url_choice("b", "preset:nigerian", list(choices)))
GAMES = (10, 100, 200, 500, 1000, 2000, 5000)
common.init("compare.games", ex.nearest_option(common.url_int("games", 1000, 10, 5000), GAMES))
common.init("compare.seed", common.url_int("seed", 1, 0, 10**9))
common.init("compare.level", common.url_choice("level", "random", LEVELS))
linked_players = common.url_int("players", 2, 2, 4)
common.show_url_problems()
for side in ("compare.a", "compare.b"):
    if st.session_state[side] not in choices:
        st.session_state[side] = "yours"

left, right = st.columns(2)
left.selectbox("Rule set A", list(choices), key="compare.a", format_func=choices.get)
right.selectbox("Rule set B", list(choices), key="compare.b", format_func=choices.get)
rules_a = ex.choice_rules(st.session_state["compare.a"], ctx.rules)
rules_b = ex.choice_rules(st.session_state["compare.b"], ctx.rules)
counts = [n for n in ex.player_counts(rules_a) if n in ex.player_counts(rules_b)]
if not counts:
    st.warning("These two rule sets share no number of players from 2 to 4.")
else:
    common.init("compare.players", linked_players if linked_players in counts else counts[0])
    if st.session_state["compare.players"] not in counts:
        st.session_state["compare.players"] = counts[0]
    cols = st.columns(4)
    cols[0].selectbox("Players", counts, key="compare.players")
    cols[1].selectbox(
        "Players' level",
        LEVELS,
        key="compare.level",
        help="random: a random card that fits, drawing only when none does. "
        "heuristic: the seeds' rules of thumb (slower).",
    )
    cols[2].select_slider("Games each", GAMES, key="compare.games")
    cols[3].number_input("Seed", 0, 10**9, key="compare.seed")
    labels = (choices[st.session_state["compare.a"]], choices[st.session_state["compare.b"]])
    settings = (
        rules_a.to_toml(),
        rules_b.to_toml(),
        labels,
        st.session_state["compare.players"],
        st.session_state["compare.level"],
        st.session_state["compare.games"],
        int(st.session_state["compare.seed"]),
    )
    common.share(
        a=st.session_state["compare.a"],
        b=st.session_state["compare.b"],
        players=settings[3],
        level=settings[4],
        games=settings[5],
        seed=settings[6],
    )
    if labels[0] == labels[1]:
        st.info("Choose two different rule sets.")
    elif st.button(
        "Run the comparison", key="compare.run", type="primary", icon=":material/play_arrow:"
    ):
        st.session_state["compare.shown"] = settings
    if st.session_state.get("compare.shown") == settings:
        result = common.comparison(*settings)
        st.caption("Both rule sets play the same deals with the same players, seats rotating.")
        charts = common.comparison_charts(settings, ctx.large, result)
        for name, chart in charts.items():
            st.plotly_chart(chart, key=f"compare.{name}")
        with st.expander("Every measure"):
            st.table(ex.measure_rows(result.summary), hide_index=True)
    elif "compare.shown" in st.session_state:
        st.info("The settings changed: press Run to simulate them.")
