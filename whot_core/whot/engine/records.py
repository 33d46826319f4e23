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

from typing import Any

from ...toolkit.records import (  # shared with Whist's records; limits and check_seed re-exported
    MAX_MOVES,
    MAX_NESTING,
    MAX_RECORD_BYTES,
    MAX_SEED,
    VERSION,
    Record,
    check_seed,
    is_int,
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


class GameRecord(Record):
    """Rules, setup, moves and result of one game."""

    FORMAT = FORMAT
    RULES = Rules
    parse_move = staticmethod(Move.parse)
    result_of = staticmethod(_result)
    check_setup = staticmethod(_check_setup)

    def initial_state(self):
        from .state import GameState

        return start_from_setup(GameState._from_setup, self.rules, self.setup)

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
