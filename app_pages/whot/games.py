"""The games Whot's pages show, played once and cached (shared by every session, read-only: never
mutate them): Watch's AI game and uploaded record, Side by side's deal under two rule sets, the
Rules page's contrasts, Scoring's game and match. Each is used by one page."""

from __future__ import annotations

import streamlit as st

from whot_core import Rules
from whot_core.whot.app import files, lineup, scoring, side_by_side
from whot_core.whot.players.simulate import derive_seed
from whot_core.whot.show.viewer import Frame, frames_from_record, play_frames

#: The Watch page stops a game after this many moves: long enough for any sensible game, short
#: enough that a game of searching players never keeps a reader waiting (RULES.md has no limit).
WATCH_MAX_MOVES = 600


@st.cache_resource(max_entries=32, show_spinner="Playing the game…")
def watch_game(
    rules_toml: str, levels: tuple[str, ...], seed: int, simulations: int, nigerian: bool
) -> tuple[tuple[Frame, ...], str]:
    """An AI game's frames and its record as JSON (shared, read-only: never mutate them)."""
    rules = Rules.from_toml(rules_toml)
    players = [
        lineup.make_player(level, derive_seed(seed, "watch", seat), simulations)
        for seat, level in enumerate(levels)
    ]
    frames = play_frames(
        rules,
        players,
        seed,
        names=lineup.seat_names(levels),
        nigerian=nigerian,
        max_moves=WATCH_MAX_MOVES,
    )
    return frames, frames[-1].state.record().to_json()


@st.cache_resource(max_entries=8, show_spinner="Replaying the record…")
def record_game(data: bytes, nigerian: bool) -> tuple[tuple[Frame, ...], str] | str:
    """The frames of an uploaded record, or the message saying why it cannot be used."""
    try:
        record = files.read_record(data)
    except ValueError as error:
        return str(error)
    return frames_from_record(record, nigerian=nigerian), record.to_json()


@st.cache_resource(max_entries=16, show_spinner="Playing the deal under both rule sets…")
def side_by_side_game(
    toml_a: str, toml_b: str, players: int, seed: int, levels: tuple[str, ...], nigerian: bool
) -> side_by_side.SideBySide:
    """One deal under two rule sets, both games and where they part (shared, read-only)."""
    rules = (Rules.from_toml(toml_a), Rules.from_toml(toml_b))
    return side_by_side.play_side_by_side(*rules, players, seed, levels, nigerian=nigerian)


@st.cache_data(max_entries=64, show_spinner="Finding a position for each change…")
def change_contrasts(preset_toml: str, rules_toml: str, nigerian: bool) -> list:
    """The Rules page's contrasts, one for each change from the preset (pictures and words
    only, so cheap to keep): a search over small positions is worth doing once."""
    rules = (Rules.from_toml(preset_toml), Rules.from_toml(rules_toml))
    return side_by_side.change_contrasts(*rules, nigerian=nigerian)


@st.cache_resource(max_entries=16, show_spinner="Playing the game…")
def scoring_game(rules_toml: str, players: int, seed: int):
    return scoring.scoring_game(Rules.from_toml(rules_toml), players, seed)


@st.cache_resource(max_entries=16, show_spinner="Playing the match…")
def match_game(rules_toml: str, players: int, seed: int, match: str):
    return scoring.play_match(Rules.from_toml(rules_toml), players, seed, match)
