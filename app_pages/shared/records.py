"""Game records on the pages: downloaded, uploaded and replayed (Watch, Whist, Play, Play Whist),
and an uploaded file read."""

from __future__ import annotations

import streamlit as st

from app_pages.shared import layout
from whot_core.whot.app import files


def replayed_game(key: str, replay) -> tuple[tuple, str] | None:
    """The uploaded game to replay, read before the page draws its settings (which a replay
    disables): `replay(data)` gives its (frames, record JSON) or the message why it cannot be
    used. A refused file is taken out of the uploader, its reason kept until the next file (see
    `record_uploader`). None when nothing is replayed: the page shows its own AI game."""
    data = read_upload(upload_key(key))
    loaded = None if data is None else replay(data)
    if isinstance(loaded, str):
        st.session_state[f"{key}.refused"] = loaded
        st.session_state[f"{key}.generation"] = st.session_state.get(f"{key}.generation", 0) + 1
        return None
    return loaded


def upload_key(key: str) -> str:
    """The uploader's widget key: a new one after a refused file, which empties the uploader."""
    generation = st.session_state.get(f"{key}.generation", 0)
    return key if generation == 0 else f"{key}.{generation}"


def record_download(game: str, record_json: str, replay_help: str | None = None) -> None:
    """The button that downloads a game record (`game` is "whot" or "whist"), named after the
    record's own deal, so that a replayed upload keeps its seed."""
    layout.download(
        "Download this game record",
        record_json,
        file_name=files.record_file_name(game, record_json),
        mime="application/json",
    )
    if replay_help:
        st.caption(replay_help)


def record_uploader(key: str, title: str, replaying: bool) -> None:
    """The record uploader, folded (`layout.folded_box`: drawn only while open; open while a
    record replays or was refused)."""
    refused = st.session_state.get(f"{key}.refused")
    box = layout.folded_box(
        title, f"{key}.open", open_now=replaying or bool(refused), icon=":material/upload_file:"
    )
    with box as drawn:
        if not drawn:
            return
        st.file_uploader(
            "Upload a record downloaded from this page",
            type=["json"],
            key=upload_key(key),
            max_upload_size=2,
            on_change=lambda: st.session_state.pop(f"{key}.refused", None),
        )
        if refused:
            st.error(refused)


def replay_notice() -> None:
    st.info(
        "Replaying the uploaded record under its own rules and players; the settings above wait "
        "until you remove the file."
    )


def read_upload(key: str) -> bytes | None:
    upload = st.session_state.get(key)
    return None if upload is None else upload.getvalue()
