"""Whist's AI levels, each one of its players, in the registry of every game's levels."""

from __future__ import annotations

from ...toolkit.levels import levels_of
from .heuristic import HeuristicPlayer
from .random import RandomPlayer
from .search import SearchPlayer

__all__ = ["LEVELS", "make_player"]

#: Whist's AI levels, weakest first (the same names as Whot's), in the registry of every game's
#: levels: `LEVELS.make(level, seed, simulations, names=...)` builds a player, the heuristic
#: calling the seats by `names`; the search also takes its own options (`time_limit`, `hooks`).
LEVELS = levels_of("whist")
LEVELS.add(
    "random",
    "Plays any card it may, at random.",
    lambda seed, simulations, names=None: RandomPlayer(seed),
)
LEVELS.add(
    "heuristic",
    "Plays by the rules of thumb a good Whist player uses, and says which one decided.",
    lambda seed, simulations, names=None: HeuristicPlayer(names),
)
LEVELS.add(
    "search",
    "Tries each card in many deals of the hidden cards, played to the end of the hand, and "
    "plays the one that takes most tricks for its side.",
    lambda seed, simulations, names=None, **search: SearchPlayer(
        simulations=simulations, seed=seed, **search
    ),
    searches=True,
)
make_player = LEVELS.make
