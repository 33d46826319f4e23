"""Whist game records: a game as JSON that replays exactly, like Whot's (`engine.records`).

A record holds the rules, the setup (a seeded deal, or a position), the cards played in order, and
the result. Reading one validates everything and replays it: a malformed or tampered record raises
ValueError saying what is wrong. Only `json` is used: no pickle, no eval.

    >>> from whot_core.whist import new_game
    >>> state = new_game(seed=3)
    >>> for _ in range(6):
    ...     state.push(state.legal_moves()[0])
    >>> text = state.record().to_json()
    >>> WhistRecord.from_json(text).replay().trick == state.trick
    True
"""

from __future__ import annotations

from typing import Any

from ...toolkit.records import (
    VERSION,
    Record,
    check_keys,
    is_int,
    start_from_setup,
)
from .cards import Card
from .rules import WhistRules

__all__ = ["FORMAT", "VERSION", "WhistRecord"]

FORMAT = "whist-game-record"
_POSITION_KEYS = {
    "hands",
    "trick",
    "trump",
    "leader",
    "hand_number",
    "scores",
    "tricks_won",
    "seed",
}


def _result(state) -> dict[str, Any]:
    return {
        "over": state.is_over,
        "winning_team": state.winning_team,
        "scores": list(state.scores),
        "hand": state.hand_number,
    }


def _check_setup(setup: Any) -> dict[str, Any]:
    """The shape of the setup; the values are checked by building the state."""
    if not isinstance(setup, dict):
        raise ValueError("record: setup must be an object")
    if set(setup) == {"deal"}:
        check_keys(setup["deal"], {"seed"}, "record: setup.deal")
        if not is_int(setup["deal"]["seed"]):
            raise ValueError("record: setup.deal.seed must be a whole number")
        return setup
    if set(setup) == {"position"}:
        position = setup["position"]
        check_keys(position, _POSITION_KEYS, "record: setup.position")
        for key in ("hands", "trick", "scores", "tricks_won"):
            if not isinstance(position[key], list):
                raise ValueError(f"record: setup.position.{key} must be a list")
        hands = position["hands"]
        if len(hands) != 4 or not all(
            isinstance(hand, list) and all(isinstance(c, str) for c in hand) for hand in hands
        ):
            raise ValueError("record: setup.position.hands must be four lists of card texts")
        if not all(isinstance(c, str) for c in position["trick"]):
            raise ValueError("record: setup.position.trick must be a list of card texts")
        if not isinstance(position["trump"], str):
            raise ValueError("record: setup.position.trump must be a suit name or 'no-trump'")
        for key in ("leader", "hand_number", "seed"):
            if not is_int(position[key]):
                raise ValueError(f"record: setup.position.{key} must be a whole number")
        return setup
    raise ValueError("record: setup must be {'deal': {'seed': ...}} or {'position': {...}}")


class WhistRecord(Record):
    """Rules, setup, cards played and result of one game of Whist."""

    FORMAT = FORMAT
    RULES = WhistRules
    MOVE_WORD = "card text"
    parse_move = staticmethod(Card.parse)
    result_of = staticmethod(_result)
    check_setup = staticmethod(_check_setup)

    @staticmethod
    def move_text(move: Card) -> str:
        return move.ascii

    def initial_state(self):
        from .state import WhistState

        return start_from_setup(WhistState._from_setup, self.rules, self.setup)

    def _repr_html_(self) -> str:
        """In a notebook: the result in words above the final table."""
        from html import escape

        from ..show.pictures import table_repr_html

        final = self.replay()
        r = self.result
        summary = f"{len(self.moves)} cards played; score {r['scores'][0]}–{r['scores'][1]}"
        if r["over"]:
            summary += f"; won by {['North–South', 'East–West'][r['winning_team']]}"
        return f"<p>{escape(summary)}</p>{table_repr_html(final)}"
