"""The AI line-up of the Watch and Play pages: the levels (Whot's, `players.LEVELS`), a player for
a level, the seats' names, and the player counts a set of rules can seat."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.narrate import seat_name
from ..engine.rules import Rules
from ..players import LEVELS

__all__ = ["LEVELS", "make_player", "player_counts", "seat_names"]


#: A player for an AI level: `make_player(level, seed, simulations)`, the search's budget
#: `simulations` a move.
make_player = LEVELS.make


def seat_names(levels: Sequence[str | None]) -> tuple[str, ...]:
    """ "Seat 0 (you)" for the human (level None), "Seat 1 (Heuristic)" for an AI (its level's
    title, as the level's chooser says it)."""
    return tuple(
        f"{seat_name(i)} (you)" if level is None else LEVELS.seat_name(seat_name(i), level)
        for i, level in enumerate(levels)
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
