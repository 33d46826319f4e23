"""Watch: an annotated AI game under the chosen rules, step by step, shareable by URL."""

import streamlit as st

from app_pages.shared import layout, link, records, session, sidebar
from app_pages.whot import games
from whot_core.whot.app import lineup as app_lineup
from whot_core.whot.app import links
from whot_core.whot.show import viewer

ctx = session.context()
st.title("Watch an AI game")
counts = sidebar.player_counts()
default = ("search", *("heuristic",) * (min(3, max(counts)) - 1))
lineup = link.url_lineup("seats", default, counts)
session.init("watch.players", len(lineup))
session.init("watch.seed", link.url_int("seed", 1, 0, 10**9))
BUDGETS = (10, 25, 50, 100, 200, 400, 800, 2000)
session.init("watch.sims", links.nearest_option(link.url_int("sims", 100, 10, 2000), BUDGETS))
for seat in range(4):
    session.init(f"watch.level.{seat}", lineup[seat] if seat < len(lineup) else "heuristic")
session.init("watch.step", link.url_int("step", 0, 0, 10**6))
link.show_url_problems()
if st.session_state["watch.players"] not in counts:
    st.session_state["watch.players"] = counts[0]

loaded = records.replayed_game("watch.upload", lambda data: games.record_game(data, ctx.nigerian))
replaying = loaded is not None
players = st.session_state["watch.players"]
seated = " vs ".join(
    app_lineup.LEVELS.title(st.session_state[f"watch.level.{seat}"]) for seat in range(players)
)


def settings() -> None:
    """The players, the deal, the search's budget and each seat's player."""
    top = st.columns(3)
    top[0].selectbox("Players", counts, key="watch.players", disabled=replaying)
    top[1].number_input("Seed (the deal)", 0, 10**9, key="watch.seed", disabled=replaying)
    top[2].select_slider(
        "Search budget",
        BUDGETS,
        key="watch.sims",
        disabled=replaying,
    )
    # The seats in a row of their own: four in half the width cut "heuristic" short
    seats = st.columns(4)
    for seat in range(st.session_state["watch.players"]):
        seats[seat].selectbox(
            f"Seat {seat}",
            app_lineup.LEVELS.names,
            format_func=app_lineup.LEVELS.title,
            key=f"watch.level.{seat}",
            disabled=replaying,
        )
    st.caption(
        "Search budget: simulations a move for the search player, more is stronger and slower. "
        + app_lineup.LEVELS.caption()
    )


summary = f"{seated}, seed {st.session_state['watch.seed']}"
with layout.settings_box("watch", summary, folded=True) as shown:
    if shown:
        settings()
levels = tuple(
    st.session_state[f"watch.level.{s}"] for s in range(st.session_state["watch.players"])
)
seed, sims = int(st.session_state["watch.seed"]), int(st.session_state["watch.sims"])

if replaying:
    records.replay_notice()
    frames, record_json = loaded
else:
    frames, record_json = games.watch_game(ctx.rules.to_toml(), levels, seed, sims, ctx.nigerian)
    session.share(seed=seed, seats=",".join(levels), sims=sims)

last = viewer.last_step(frames)


@st.fragment
def stepper() -> None:
    """The step controls and the step itself: a step reruns only this, not the whole page."""
    step = layout.step_controls("watch", frames, share_step=not replaying)
    frame = frames[step]
    picture, words = layout.side_by_side(wide=ctx.large)
    with picture:
        layout.table_picture(frame.state, names=frame.names)
    with words:
        st.subheader(viewer.frame_caption(frame, last))
        st.markdown("**What happened**")
        st.markdown("\n".join(f"- {sentence}" for sentence in frame.sentences) or "-")
        if frame.why:
            st.markdown(f"**Why:** {frame.why}")
    if frame.details and frame.details.get("simulations"):
        layout.search_chart(frame.details, nigerian=frame.nigerian, said=viewer.search_words(frame))


stepper()
records.record_download("whot", record_json)
records.record_uploader("watch.upload", "Replay a game record (JSON) instead", replaying)
