"""The games a table can hold, each described once: how many seats, how its rules are read,
how a game starts from a seed, how a move text becomes a move, its record and its AI levels.

A table keeps only the rules, the seed and the move texts; every state is that game replayed
by its own engine (`replay`), so the server never trusts a client's idea of the position.

    >>> sorted(GAMES)
    ['whist', 'whot']
    >>> GAMES["whist"].seat_range(GAMES["whist"].read_rules("{}"))
    range(4, 5)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..toolkit.levels import Levels
from ..whist.engine.records import WhistRecord
from ..whist.engine.rules import WhistRules
from ..whist.engine.state import new_game as new_whist
from ..whist.players.levels import LEVELS as WHIST_LEVELS
from ..whot.engine.matches import MatchInPlay
from ..whot.engine.records import GameRecord
from ..whot.engine.rules import MatchFormat, Rules
from ..whot.engine.state import new_game as new_whot
from ..whot.players.levels import LEVELS as WHOT_LEVELS

__all__ = ["GAMES", "TableGame"]


@dataclass(frozen=True)
class TableGame:
    """One game as a table needs it."""

    name: str
    title: str
    rules_from: Callable[[dict], Any]  # a rules object from its `as_dict` form
    start: Callable[[Any, int, int], Any]  # (rules, seats, seed) -> the first state
    seat_range: Callable[[Any], range]  # how many seats these rules allow
    record: type  # the record class Watch replays
    levels: Levels

    def read_rules(self, text: str) -> Any:
        """The rules stored as JSON; "{}" is the game's default rules."""
        data = json.loads(text)
        return self.rules_from(data) if data else self.rules_from({})

    def replay(self, rules_text: str, seats: int, seed: int, moves: Iterable[str]) -> Any:
        """The state after `moves`, each checked by the engine (`IllegalMove` names the move)."""
        state = self.start(self.read_rules(rules_text), seats, seed)
        for move in moves:
            state = state.apply(move)
        return state

    def record_json(self, state: Any) -> str:
        """The record of a game played to its end; of a Whot match, the match file (its
        games, each with its record, and the standings)."""
        if isinstance(state, MatchInPlay):
            return state.match.to_json()
        return self.record.of(state).to_json()


def _whot_start(rules: Rules, seats: int, seed: int) -> Any:
    """A single game, or a match (`rules.match`) played game after game at the table."""
    if rules.match is MatchFormat.SINGLE:
        return new_whot(rules, players=seats, seed=seed)
    return MatchInPlay.start(rules, seats, seed)


def _whot_rules(data: dict) -> Rules:
    return Rules.from_dict(data) if data else Rules.preset("british")


def _whist_rules(data: dict) -> WhistRules:
    return WhistRules.from_dict(data) if data else WhistRules()


GAMES: dict[str, TableGame] = {
    "whot": TableGame(
        "whot", "Whot", _whot_rules,
        _whot_start,
        lambda rules: range(max(2, rules.min_players), rules.max_players + 1),
        GameRecord, WHOT_LEVELS,
    ),
    "whist": TableGame(
        "whist", "Whist", _whist_rules,
        lambda rules, seats, seed: new_whist(rules, seed=seed),
        lambda rules: range(4, 5),
        WhistRecord, WHIST_LEVELS,
    ),
}  # fmt: skip
