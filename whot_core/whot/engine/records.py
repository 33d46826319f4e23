"""Game records: a game as JSON that replays exactly (as PGN is to chess).

A record holds the rules, the setup (a seeded deal, or a position), the moves as text, and the
result. Reading one validates everything and replays it; a malformed or tampered record raises
ValueError saying what is wrong. Only `json` is used: no pickle, no eval.

    >>> from whot_core import Rules, new_game
    >>> state = new_game(Rules.preset("nigerian"), players=2, seed=3)
    >>> state = state.apply(state.legal_moves()[0])
    >>> GameRecord.from_json(state.record().to_json()).replay().pile == state.pile
    True
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ...toolkit.records import (  # shared with Whist's records; limits and check_seed re-exported
    MAX_MOVES,
    MAX_NESTING,
    MAX_RECORD_BYTES,
    MAX_SEED,
    VERSION,
    check_replay,
    check_seed,
    copy_setup,
    is_int,
    load_json,
    plain,
    read_record,
    replay_states,
    start_from_setup,
)
from .moves import Move
from .rules import Rules

__all__ = [
    "FORMAT",
    "MAX_MOVES",
    "MAX_NESTING",
    "MAX_RECORD_BYTES",
    "MAX_SEED",
    "VERSION",
    "GameRecord",
    "check_seed",
]

FORMAT = "whot-game-record"


@dataclass(frozen=True)
class GameRecord:
    """Rules, setup, moves and result of one game."""

    rules: Rules
    setup: Mapping[str, Any]
    moves: tuple[Move, ...]
    result: Mapping[str, Any]
    version: int = VERSION

    @classmethod
    def of(cls, state) -> GameRecord:
        if "determinized" in state._origin:
            raise ValueError("a determinized state is a guess at hidden cards and has no record")
        return cls(state.rules, copy_setup(state._origin), state.moves, _result(state))

    # ----------------------------------------------------------------------------------- JSON

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": self.version,
            "rules": self.rules.as_dict(),
            "setup": plain(self.setup),
            "moves": [str(move) for move in self.moves],
            "result": plain(self.result),
        }

    def to_json(self) -> str:
        """Deterministic text: the same game always gives the same bytes."""
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=True) + "\n"

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Read and check a record; raises ValueError naming what is wrong."""
        return cls.from_dict(load_json(text))

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        rules, setup, moves, result = read_record(
            data, FORMAT, Rules, _check_setup, Move.parse, "move text"
        )
        record = cls(rules, setup, moves, result)
        check_replay(record, result, _result)
        return record

    def _repr_html_(self) -> str:
        """In a notebook: the result in words above the final table."""
        from html import escape

        from ..show.pictures import state_repr_html

        final = self.replay()
        result = self.result
        summary = (
            f"{len(self.moves)} moves; ended by {result['end']}; winners {result['winners']}; "
            f"points {result['points']}"
            if result["over"]
            else f"{len(self.moves)} moves; not finished"
        )
        return f"<p>{escape(summary)}</p>{state_repr_html(final)}"

    # --------------------------------------------------------------------------------- replay

    def initial_state(self):
        from .state import GameState

        return start_from_setup(GameState._from_setup, self.rules, self.setup)

    def states(self) -> Iterator[Any]:
        """The state before the first move, then after each move."""
        yield from replay_states(self.initial_state(), self.moves)

    def replay(self):
        """The final state, every move checked on the way."""
        *_, final = self.states()
        return final


def _result(state) -> dict[str, Any]:
    return {
        "over": state.is_over,
        "end": state.end_reason,
        "winners": list(state.winners),
        "points": list(state.penalty_points()),
    }


def _check_setup(setup: Any) -> dict[str, Any]:
    """The shape of the setup; the values are checked by building the state."""
    if not isinstance(setup, dict):
        raise ValueError("record: setup must be an object")
    if set(setup) == {"deal"}:
        deal = setup["deal"]
        if not isinstance(deal, dict) or set(deal) != {"players", "seed", "dealer"}:
            raise ValueError("record: setup.deal needs exactly players, seed and dealer")
        if not is_int(deal["players"]) or not is_int(deal["seed"]):
            raise ValueError("record: setup.deal.players and seed must be whole numbers")
        if deal["dealer"] is not None and not is_int(deal["dealer"]):
            raise ValueError("record: setup.deal.dealer must be a seat number or null")
        return setup
    if set(setup) == {"position", "seed"}:
        position = setup["position"]
        keys = {"hands", "pile", "market", "to_play", "called", "penalty"}
        if not isinstance(position, dict) or set(position) != keys:
            raise ValueError(f"record: setup.position needs exactly {sorted(keys)}")
        if not is_int(setup["seed"]):
            raise ValueError("record: setup.seed must be a whole number")
        return setup
    raise ValueError("record: setup must be {'deal': ...} or {'position': ..., 'seed': ...}")
