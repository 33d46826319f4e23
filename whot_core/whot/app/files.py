"""Uploaded files: a rules file (TOML) or a game record (JSON) read from bytes, size-limited and
validated, with a message a reader can act on when a file is not what it claims to be."""

from __future__ import annotations

import json

from ..engine.records import MAX_RECORD_BYTES, GameRecord
from ..engine.rules import Rules

__all__ = ["MAX_RULES_BYTES", "read_record", "read_rules_file", "record_file_name"]


#: Largest rules file accepted: a preset file is under 1 KB.
MAX_RULES_BYTES = 64_000


def read_rules_file(data: bytes) -> Rules:
    """Rules from an uploaded TOML file; ValueError with a message a reader can act on."""
    if not isinstance(data, bytes | bytearray):
        raise TypeError(f"data must be bytes, not {type(data).__name__}")
    if len(data) > MAX_RULES_BYTES:
        raise ValueError(
            f"This file is {len(data):,} bytes; a rules file is under {MAX_RULES_BYTES:,}."
        )
    try:
        text = bytes(data).decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError("This file is not text (UTF-8): a rules file is TOML text.") from None
    try:
        return Rules.from_toml(text, source="this file")
    except (TypeError, ValueError) as error:
        raise ValueError(f"These are not valid rules: {error}") from None


def read_record(data: bytes, record_type: type = GameRecord):
    """A game record from uploaded bytes: size-limited, validated and replayed by the engine.

    `record_type` is `GameRecord` for Whot, or `whot_core.whist.engine.records.WhistRecord`; the
    message names the game the page expects.
    """
    if not isinstance(data, bytes | bytearray):
        raise TypeError(f"data must be bytes, not {type(data).__name__}")
    if len(data) > MAX_RECORD_BYTES:
        raise ValueError(
            f"This file is {len(data):,} bytes; a game record may be at most {MAX_RECORD_BYTES:,}."
        )
    game = "Whot" if record_type is GameRecord else "Whist"
    try:
        return record_type.from_json(bytes(data))
    except (TypeError, ValueError) as error:
        raise ValueError(
            f"This is not a {game} game record the engine can replay: {error}"
        ) from None


def record_file_name(game: str, record_json: str) -> str:
    """The download's file name, after the record's own deal: `whot-game-7.json` (a replayed
    upload is named after its seed, not the page's seed box); `whot-game.json` without a seed."""
    try:
        seed = json.loads(record_json).get("setup", {}).get("deal", {}).get("seed")
    except (ValueError, AttributeError):
        seed = None
    return f"{game}-game-{seed}.json" if isinstance(seed, int) else f"{game}-game.json"
