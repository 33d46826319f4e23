"""Scoring: the end of a game counted card by card, and matches of several games.

Its two charts are SVG pictures (`score_pictures`), each with a narrow drawing for a phone:
the page loads no charting library."""

import functools

import streamlit as st

from app_pages.shared import layout, link, session, sidebar
from app_pages.whot import games
from whot_core.whot.app import html, scoring
from whot_core.whot.engine.narrate import narrate
from whot_core.whot.engine.rules import MatchFormat
from whot_core.whot.show import score_pictures as pictures
from whot_core.whot.show.score_pictures import FORMAT_NAMES, card_label


def picture(svg: str, alt: str, narrow: str) -> str:
    """A chart as an image, its `narrow` drawing in a phone's window; never shrunk to fit the
    window's height, which would shrink its words."""
    return html.picture_html(svg, alt, css="whot-pic whot-score", narrow=narrow, tallest=None)


ctx = session.context()
st.title("Scoring")
counts = sidebar.player_counts()
session.init("score.players", link.url_int("players", min(3, max(counts)), 2, 4))
session.init("score.seed", link.url_int("seed", 1, 0, 10**9))
formats = [f.value for f in MatchFormat]
session.init("score.format", link.url_choice("format", ctx.rules.match.value, formats))
session.init("score.match_players", link.url_int("match_players", 0, 2, 4))
link.show_url_problems()
if st.session_state["score.players"] not in counts:
    st.session_state["score.players"] = counts[0]

st.subheader("The count at the end of a game")
left, right, _ = st.columns([1, 1, 4])
left.selectbox("Players", counts, key="score.players")
right.number_input("Seed (the deal)", 0, 10**9, key="score.seed")
players, seed = st.session_state["score.players"], int(st.session_state["score.seed"])
session.share(players=players, seed=seed)
state = games.scoring_game(ctx.rules.to_toml(), players, seed)
end = state.events[-1:] if state.is_over else ()
st.markdown(" ".join(narrate(end, nigerian=ctx.nigerian)) or "The game was stopped unfinished.")
stars = "Stars count double" if ctx.rules.star_double else "Stars count their face value"
st.caption(f"{stars}; a Whot counts 20; every other card its number. Lowest total wins a count.")
for seat in scoring.count_up(state):
    other = "face value" if ctx.rules.star_double else "double"
    st.markdown(
        f"**Seat {seat.seat}: {seat.total} points**"
        + (
            f" (with stars at {other}: {seat.other_total})"
            if seat.other_total != seat.total
            else ""
        )
    )
    captions = [card_label(score, ctx.nigerian) for score in seat.cards]
    st.markdown(
        html.cards_html(
            [s.card for s in seat.cards],
            captions,
            width=ctx.card_px,
            nigerian=ctx.nigerian,
            star_double=ctx.rules.star_double,
        ),
        unsafe_allow_html=True,
    )
chart = functools.partial(pictures.count_svg, state, nigerian=ctx.nigerian, large=ctx.large)
alt = pictures.count_alt(state, nigerian=ctx.nigerian)
layout.picture_block(picture(chart(), alt, chart(narrow=True)))

st.subheader("Matches: rubbers, elimination at 100, tournaments")
if st.session_state["score.match_players"] == 0:  # not in the link: as many as above
    st.session_state["score.match_players"] = st.session_state["score.players"]
if st.session_state["score.match_players"] not in counts:
    st.session_state["score.match_players"] = counts[0]
left, right, _ = st.columns([2, 1, 3])
left.selectbox(
    "Format", formats, key="score.format", format_func=lambda f: FORMAT_NAMES[MatchFormat(f)]
)
right.selectbox("Players", counts, key="score.match_players")
session.share(
    format=st.session_state["score.format"], match_players=st.session_state["score.match_players"]
)
try:
    match = games.match_game(
        ctx.rules.to_toml(),
        st.session_state["score.match_players"],
        seed,
        st.session_state["score.format"],
    )
except ValueError as error:
    st.warning(f"These rules cannot play this match: {error}")
else:
    same = st.session_state["score.match_players"] == players
    st.caption(
        "AI players (the heuristic level: a good player's rules of thumb) play the whole match "
        "from the seed above" + ("; its game 1 is the game counted above." if same else ".")
    )
    layout.rows_table(scoring.standings_rows(match))
    if len(match.results) > 1:  # one game's running totals are its count: the table says it
        names = [scoring.seat_name(p) for p in range(match.players)]
        chart = functools.partial(pictures.standings_svg, match, names=names, large=ctx.large)
        alt = pictures.standings_alt(match, names=names)
        layout.picture_block(picture(chart(), alt, chart(narrow=True)))
    with layout.folded_box("Game by game", "score.games_open") as drawn:
        if drawn:
            layout.rows_table(scoring.results_rows(match))
