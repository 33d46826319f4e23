"""The AI line-up of the Watch and Play pages: the levels, a player for a level, the seats' names,
and the player counts a set of rules can seat."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.rules import Rules
from ..players import EagerRandomPlayer, HeuristicPlayer, SearchPlayer

__all__ = ["LEVELS", "make_player", "player_counts", "seat_names"]


#: The AI levels of the Watch and Play pages.
LEVELS = ("random", "heuristic", "search")


def make_player(level: str, seed: int, simulations: int = 200):
    """A player for an AI level: random (eager), heuristic, or search with a budget."""
    if level == "random":
        return EagerRandomPlayer(seed)
    if level == "heuristic":
        return HeuristicPlayer()
    if level == "search":
        return SearchPlayer(simulations=simulations, seed=seed)
    raise ValueError(f"unknown AI level {level!r}; use {', '.join(LEVELS)}")


def seat_names(levels: Sequence[str | None]) -> tuple[str, ...]:
    """ "Seat 0 (you)" for the human (level None), "Seat 1 (heuristic)" for an AI."""
    return tuple(
        f"Seat {i} ({'you' if level is None else level})" for i, level in enumerate(levels)
    )


def player_counts(rules: Rules, wanted: Sequence[int] = (2, 3, 4)) -> tuple[int, ...]:
    """The player counts from `wanted` these rules can seat."""
    out = []
    for n in wanted:
        try:
            rules.check_players(n)
        except ValueError:
            continue
        out.append(n)
    return tuple(out)
