"""The Whist page's games, played once and cached (shared by every session, read-only): an AI
game, and an uploaded record replayed."""

from __future__ import annotations

import streamlit as st

from whot_core.whist import SEATS as WHIST_SEATS
from whot_core.whist import WhistRules
from whot_core.whist import players as whist_players
from whot_core.whist.engine.records import WhistRecord
from whot_core.whist.show import viewer as whist_viewer
from whot_core.whot.app import files
from whot_core.whot.players.simulate import derive_seed


@st.cache_resource(max_entries=16, show_spinner="Dealing and playing…")
def whist_game(
    levels: tuple[str, ...], seed: int, simulations: int, target: int, length: str
) -> tuple[tuple[whist_viewer.Frame, ...], str]:
    """A Whist game's frames (a game of one hand, or to the target: `WhistRules.length`) and its
    record as JSON. Shared and read-only, like `watch_game`."""
    players = [
        whist_players.make_player(level, derive_seed(seed, "whist", seat), simulations)
        for seat, level in enumerate(levels)
    ]
    names = tuple(
        whist_players.LEVELS.seat_name(seat, level)
        for seat, level in zip(WHIST_SEATS, levels, strict=True)
    )
    frames = whist_viewer.play_frames(
        players, seed=seed, rules=WhistRules(target=target, length=length), names=names
    )
    return frames, frames[-1].state.record().to_json()


@st.cache_resource(max_entries=8, show_spinner="Replaying the record…")
def whist_record_game(data: bytes) -> tuple[tuple[whist_viewer.Frame, ...], str] | str:
    """The frames of an uploaded Whist record, or the message saying why it cannot be used."""
    try:
        record = files.read_record(data, WhistRecord)
    except ValueError as error:
        return str(error)
    return whist_viewer.frames_from_record(record), record.to_json()
