"""What game designers measure in a rule set, from many games: the balance of every seat, how
much skill matters, and what each special card is worth to the side that may play it.

    >>> from whot_core import Rules
    >>> games = simulate(Rules.preset("british"), ["random", "random"], games=20, seed=3)
    >>> shares = seat_shares(games)
    >>> len(shares), round(sum(shares), 6)
    (2, 1.0)

The balance and the skill read the tables `simulate` makes; the worth of a special card plays
games of its own, in which one player may not play it (`Without`), as designers value a rule:
by play with it and without it.
"""

from __future__ import annotations

import functools
import math
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from ..engine.effects import Effect
from ..engine.rules import Rules
from .simulate import MOVE_LIMIT, simulate, wilson_interval

__all__ = [
    "SKILL_PLAYERS",
    "Share",
    "Without",
    "seat_shares",
    "skill_share",
    "special_effects",
    "special_worth",
]

#: The stronger and the weaker player of "how much skill matters": the heuristic against the
#: random level (the search player is too slow for thousands of games).
SKILL_PLAYERS = ("heuristic", "random")


@dataclass(frozen=True)
class Share:
    """A player's share of the finished games' wins, with its Wilson 95% interval, over
    `games` finished games."""

    share: float
    low: float
    high: float
    games: int


def seat_shares(games: Any) -> list[float]:
    """The share of the finished games' wins by order of play: the leader (who moves first)
    first, then the player after, and so on. A shared win counts 1/k to each of k."""
    finished = games[games["end_reason"] != MOVE_LIMIT]
    players = int(games["players"].iloc[0])
    totals = [0.0] * players
    for leader, winners in zip(finished["leader"], finished["winner_seats"], strict=True):
        for seat in winners:
            totals[(seat - leader) % players] += 1 / len(winners)
    count = len(finished)
    return [total / count if count else math.nan for total in totals]


def _share_of(games: Any, player: int) -> Share:
    """Player `player`'s share of the finished games' wins in a `simulate` table."""
    finished = games[games["end_reason"] != MOVE_LIMIT]
    if not len(finished):
        return Share(math.nan, math.nan, math.nan, 0)
    wins = float(finished[f"win_share_p{player}"].sum())
    low, high = wilson_interval(wins, len(finished))
    return Share(wins / len(finished), low, high, len(finished))


def skill_share(
    rules: Rules,
    games: int,
    seed: int = 0,
    *,
    executor: Executor | None = None,
    progress: Any = None,
) -> tuple[Share, Any]:
    """How much skill matters: the stronger player's share of wins against the weaker one
    (`SKILL_PLAYERS`), seats rotating; and the table of its games (for paired tests)."""
    table = simulate(rules, list(SKILL_PLAYERS), games, seed, executor=executor, progress=progress)
    return _share_of(table, 0), table


class Without:
    """A player of an AI level that may not use the cards of one effect as a weapon: it plays
    such a card only when no other card can be played (so that it is not a dead card which
    keeps the hand from ever emptying), and otherwise chooses among its other moves."""

    def __init__(self, level: str, effect: Effect | str, seed: int = 0) -> None:
        from . import LEVELS

        self.effect = Effect(effect)
        self.inner = LEVELS.make(level, seed=seed)

    def choose(self, view) -> Any:
        legal = view.legal_moves()
        rules = view.rules
        allowed = tuple(
            move
            for move in legal
            if move.card is None or rules.effect_of(move.card.number) is not self.effect
        )
        if len(allowed) < len(legal) and any(move.card is not None for move in allowed):
            view = _restricted(view, allowed)
        return self.inner.choose(view)


def _restricted(view, allowed: tuple) -> Any:
    """A copy of `view` whose legal moves are `allowed` only (the player's choice narrowed,
    nothing more seen)."""
    import copy

    narrowed = copy.copy(view)
    narrowed._legal = allowed
    return narrowed


def special_effects(rules: Rules) -> list[Effect]:
    """The effects these rules give a card number, in the order of `Effect`."""
    present = set(rules.specials.values())
    return [effect for effect in Effect if effect in present]


def special_worth(
    rules: Rules,
    games: int,
    seed: int = 0,
    level: str = "heuristic",
    *,
    executor: Executor | None = None,
) -> dict[Effect, Share]:
    """What each special card is worth: for each effect of `rules`, two players of `level`,
    one of whom may not play the cards of that effect (`Without`), `games` games, seats
    rotating; that player's share of wins. An even share (50%) means the card is worth nothing
    to the side that may play it; the further below, the more it is worth."""
    out = {}
    for effect in special_effects(rules):
        restricted = functools.partial(Without, level, effect)
        table = simulate(rules, [restricted, level], games, seed, executor=executor)
        out[effect] = _share_of(table, 0)
    return out
