"""Whist: watch an annotated hand (or a whole game) of AI players, card by card, shareable by URL.

The rules are seed 001's (docs/rules.md, "Whist"); only the game's length is a setting here.
"""

import streamlit as st

from app_pages.shared import layout, link, records, session
from app_pages.whist import games
from app_pages.whist.settings import LENGTHS, target_input, target_words
from whot_core.toolkit.sources import SEED_001, source_words
from whot_core.whist import SEATS, TEAMS, WhistRules
from whot_core.whist.players import LEVELS
from whot_core.whist.show.pictures import table_facts
from whot_core.whist.show.viewer import (
    finished_trick,
    frame_caption,
    frame_diagram,
    shown_reason,
)
from whot_core.whot.app import links
from whot_core.whot.show import viewer as steps

SOURCE = SEED_001
BUDGETS = (25, 50, 100, 200, 400, 1000)
EVERYONE = "everyone"
SHOWN = {EVERYONE: "Every hand face up", **{str(s): f"{SEATS[s]}'s view only" for s in range(4)}}

ctx = session.context()
st.title("Whist: watch a hand")


def introduction() -> None:
    st.markdown(
        "Whist is a trick-taking game for four, partners sitting opposite: **North–South** against "
        "**East–West**. Follow suit if you can; the highest trump, or else the highest card of the "
        "suit led, wins the trick; each trick past six scores a point. The rules are "
        f"{source_words(SOURCE)}."
    )


if not ctx.large:  # in the classroom it goes under the table, which needs the room
    introduction()
lineup = link.url_lineup("lineup", ("search", "heuristic", "heuristic", "heuristic"), (4,))
session.init("whist.seed", link.url_int("deal", 1, 0, 10**9))
session.init("whist.sims", links.nearest_option(link.url_int("budget", 100, 25, 1000), BUDGETS))
session.init("whist.target", link.url_int("target", WhistRules().target, 1, 13))
session.init("whist.length", link.url_choice("length", "hand", LENGTHS))
session.init("whist.shown", link.url_choice("shown", EVERYONE, SHOWN))
for seat in range(4):
    session.init(f"whist.level.{seat}", lineup[seat])
session.init("whist.step", link.url_int("step", 0, 0, 10**6))
link.show_url_problems()  # after reading the link, so that its problems are named now

loaded = records.replayed_game("whist.upload", games.whist_record_game)
replaying = loaded is not None
summary = (
    ", ".join(
        f"{SEATS[seat]}: {LEVELS.title(st.session_state[f'whist.level.{seat}'])}"
        for seat in range(4)
    )
    + f"; deal {st.session_state['whist.seed']}"
)
with layout.settings_box("whist", summary, folded=True) as shown:
    if shown:
        top = st.columns([1, 2, 2, 2])
        top[0].number_input("Seed (the deal)", 0, 10**9, key="whist.seed", disabled=replaying)
        top[1].radio(
            "Play",
            list(LENGTHS),
            key="whist.length",
            format_func=LENGTHS.get,
            horizontal=True,
            disabled=replaying,
        )
        top[2].select_slider(
            "Search budget",
            BUDGETS,
            key="whist.sims",
            disabled=replaying,
        )
        top[3].selectbox(
            "Show",
            list(SHOWN),
            key="whist.shown",
            format_func=SHOWN.get,
        )
        seats = st.columns(5)
        for seat in range(4):
            seats[seat].selectbox(
                f"{SEATS[seat]} ({TEAMS[seat % 2]})",
                LEVELS.names,
                format_func=LEVELS.title,
                key=f"whist.level.{seat}",
                disabled=replaying,
            )
        length = st.session_state["whist.length"]
        target_input(seats[4], "whist.target", length, disabled=replaying)
        st.caption(
            "Search budget: simulations a card for the search player, more is stronger and "
            "slower. One seat's view hides the other hands, as that player sees the table. "
            f"{target_words(length)} {LEVELS.caption()}"
        )

levels = tuple(st.session_state[f"whist.level.{s}"] for s in range(4))
seed, sims = int(st.session_state["whist.seed"]), int(st.session_state["whist.sims"])
target, length = int(st.session_state["whist.target"]), st.session_state["whist.length"]
shown = st.session_state["whist.shown"]
viewer = None if shown == EVERYONE else int(shown)

if replaying:
    records.replay_notice()
    frames, record_json = loaded
else:
    frames, record_json = games.whist_game(levels, seed, sims, target, length)
    session.share(
        deal=seed, lineup=",".join(levels), budget=sims, target=target, length=length, shown=shown
    )

last = steps.last_step(frames)


def next_trick(step: int) -> int:
    """The next step that completes a trick: the whole trick at one click."""
    later = (f.step for f in frames[step + 1 :] if finished_trick(f) is not None)
    return next(later, last)


@st.fragment
def stepper() -> None:
    """The step controls and the step itself: a step reruns only this, not the whole page."""
    jumps = {"trick": ("redo", "Trick", next_trick)}
    step = layout.step_controls("whist", frames, share_step=not replaying, jumps=jumps)
    frame = frames[step]
    picture, words = layout.side_by_side()
    with picture:
        # Each hand a suit a line (a diagram), readable on a projector; a phone's narrower.
        wide = layout.shared_drawing(frame_diagram, frame, viewer)
        narrow = layout.shared_drawing(frame_diagram, frame, viewer, narrow=True)
        layout.stage_picture(wide, narrow=narrow)
    with words:
        st.subheader(frame_caption(frame, last))
        st.caption(" · ".join(table_facts(frame.table, frame.names)))  # the picture's facts
        st.markdown("**What happened**")
        st.markdown("\n".join(f"- {sentence}" for sentence in frame.sentences) or "-")
        reason = shown_reason(frame, viewer)  # one seat's view: only its own reasons
        if reason:
            st.markdown(f"**Why:** {reason}")
    if reason and frame.details and frame.details.get("simulations"):
        layout.search_chart(frame.details, value_label="estimated share of the tricks left")


stepper()
records.record_download("whist", record_json)
records.record_uploader("whist.upload", "Replay a Whist game record (JSON) instead", replaying)
with layout.folded_box("The rules, in full", "whist.rules_open") as drawn:
    if drawn:
        rules = frames[0].state.rules  # the game's own: a replayed record's too
        st.markdown("\n".join(f"- {sentence}" for sentence in rules.describe()))
        layout.source_caption(SOURCE, "The rules with its words: docs/rules.md, section Whist.")
if ctx.large:
    introduction()
