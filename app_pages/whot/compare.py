"""Compare: two rule sets, the same deals, many games; how length, fairness and draws change."""

import streamlit as st

from app_pages.shared import layout, link, session
from app_pages.whot import comparing
from whot_core.whot.app import comparison as app_comparison
from whot_core.whot.app import lineup as app_lineup
from whot_core.whot.app import links as app_links
from whot_core.whot.app import verdict as app_verdict

ctx = session.context()
comparing.simulation_pool()  # the workers start while the reader picks the settings
st.title("Compare two rule sets")
choices = app_comparison.comparison_choices(ctx.rules, ctx.preset)
LEVELS = app_lineup.LEVELS.without_search()  # a search player is too slow for thousands of games
session.init("compare.a", link.url_choice("a", "preset:british", list(choices)))
session.init("compare.b", link.url_choice("b", "preset:nigerian", list(choices)))
GAMES = (10, 100, 200, 500, 1000, 2000, 5000)
session.init(
    "compare.games", app_links.nearest_option(link.url_int("games", 1000, 10, 5000), GAMES)
)
session.init("compare.seed", link.url_int("seed", 1, 0, 10**9))
session.init("compare.level", link.url_choice("level", "random", LEVELS))
WITHIN = (1, 2, 3, 5)  # points: how closely the leader's share must be known
linked_within = link.url_int("within", 0, 0, 10)
session.init("compare.until", linked_within > 0)
session.init("compare.within", app_links.nearest_option(linked_within or 2, WITHIN))
linked_players = link.url_int("players", 2, 2, 4)
link.show_url_problems()
for side in ("compare.a", "compare.b"):
    if st.session_state[side] not in choices:
        st.session_state[side] = "yours"

left, right = st.columns(2)
left.selectbox("Rule set A", list(choices), key="compare.a", format_func=choices.get)
right.selectbox("Rule set B", list(choices), key="compare.b", format_func=choices.get)
rules_a = app_comparison.choice_rules(st.session_state["compare.a"], ctx.rules)
rules_b = app_comparison.choice_rules(st.session_state["compare.b"], ctx.rules)
counts = [n for n in app_lineup.player_counts(rules_a) if n in app_lineup.player_counts(rules_b)]
if not counts:
    st.warning("These two rule sets share no number of players from 2 to 4.")
else:
    session.init("compare.players", linked_players if linked_players in counts else counts[0])
    if st.session_state["compare.players"] not in counts:
        st.session_state["compare.players"] = counts[0]
    cols = st.columns(4)
    cols[0].selectbox("Players", counts, key="compare.players")
    cols[1].selectbox(
        "Players' level",
        LEVELS,
        format_func=app_lineup.LEVELS.title,
        key="compare.level",
    )
    cols[3].number_input("Seed", 0, 10**9, key="compare.seed")
    st.caption(app_lineup.LEVELS.caption(LEVELS))
    until = st.session_state["compare.until"]  # its toggle is drawn under this row
    if until:
        cols[2].select_slider(
            "Leader's share within", WITHIN, key="compare.within", format_func=lambda n: f"±{n}"
        )
    else:
        cols[2].select_slider("Games each", GAMES, key="compare.games")
    st.toggle(
        "Run until the leader's share of wins is known to within ± the points chosen, instead "
        "of a fixed number of games",
        key="compare.until",
    )
    if until:
        needed = app_comparison.games_needed(st.session_state["compare.within"])
        st.caption(
            f"{needed:,} finished games each: the number that knows any share to within "
            f"±{st.session_state['compare.within']} points (95% interval), fixed before a game "
            "is played, so that the stated error holds (at most "
            f"{app_comparison.STOP_MAX_GAMES:,} games each)."
        )
    labels = app_comparison.short_labels(
        st.session_state["compare.a"], st.session_state["compare.b"], ctx.rules, ctx.preset
    )
    settings = (
        rules_a.to_toml(),
        rules_b.to_toml(),
        labels,
        st.session_state["compare.players"],
        st.session_state["compare.level"],
        st.session_state["compare.games"],
        int(st.session_state["compare.seed"]),
        st.session_state["compare.within"] if until else 0,
    )
    session.share(
        a=st.session_state["compare.a"],
        b=st.session_state["compare.b"],
        players=settings[3],
        level=settings[4],
        seed=settings[6],
        **({"within": settings[7]} if until else {"games": settings[5]}),
    )
    if labels[0] == labels[1]:
        st.info("Choose two different rule sets.")
    elif st.button(
        "Run the comparison", key="compare.run", type="primary", icon=":material/play_arrow:"
    ):
        st.session_state["compare.shown"] = settings
    if st.session_state.get("compare.shown") == settings:
        if until:
            result = comparing.comparison_until(*settings[:5], settings[7], settings[6])
            played = len(result.games[0])
            st.caption(
                f"{played:,} games each: the leader's share is known to within "
                f"±{max(map(app_comparison.leader_half_width, result.games)):.1f} points "
                "under both."
            )
        else:
            result = comparing.comparison(*settings[:7])
        tests = comparing.comparison_tests(settings, result)
        st.subheader("What changes for a player")
        st.markdown(
            "\n".join(f"- {s}" for s in app_verdict.plain_summary(result, tests, settings[6])),
            width="stretch",
        )
        st.caption(
            "Both rule sets play the same deals with the same players, seats rotating, and each "
            "deal's two games are compared with each other. *Very likely between* gives the "
            "95% interval. A difference is *clear* when chance alone would seldom make one so "
            f"large, allowing for the {len(tests)} measures tested at once (the full table "
            "below says how)."
        )
        for name, (chart, reading) in comparing.comparison_charts(
            settings, ctx.large, result
        ).items():
            st.plotly_chart(chart, key=f"compare.{name}", config=layout.CHART_CONFIG)
            if reading:
                st.caption(reading)
        st.subheader("Skill and the special cards")
        st.caption(
            f"Games of their own: the heuristic player against the random one "
            f"({comparing.SKILL_GAMES:,} games a rule set), and for each special card two "
            f"heuristic players, one of whom may not use it ({comparing.WORTH_GAMES:,} games a "
            "card), on the same seed."
        )
        if st.button("Measure skill and the special cards", key="compare.deeper"):
            st.session_state["compare.deeper_shown"] = settings
        if st.session_state.get("compare.deeper_shown") == settings:
            deeper = comparing.skill_and_worth(*settings[:3], settings[6], ctx.large)
            for name, (chart, reading) in deeper.items():
                st.plotly_chart(chart, key=f"compare.{name}", config=layout.CHART_CONFIG)
                st.caption(reading)
        with layout.folded_box("Every measure, with its test", "compare.measures_open") as drawn:
            if drawn:
                layout.rows_table(app_verdict.verdict_rows(result, tests))
                st.caption(
                    "Each deal's two games are paired. Shares (a yes or a no each deal): "
                    "McNemar's exact test, on the deals where the two games disagree. Numbers per "
                    "game: the paired t test. The 95% intervals of the differences come from a "
                    "bootstrap of the deals (seeded). The p-values are corrected for the measures "
                    "tested together with the Benjamini–Hochberg procedure: among the differences "
                    "called clear, at most 5% are expected to be chance."
                )
        with layout.folded_box("Every figure of both rule sets", "compare.figures_open") as drawn:
            if drawn:
                layout.rows_table(app_comparison.measure_rows(result.summary))
    elif "compare.shown" in st.session_state:
        st.info("The settings changed: press Run to simulate them.")
