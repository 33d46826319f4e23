"""Whot's AI levels, weakest first, in the registry of every game's levels
(`whot_core.toolkit.levels`): what the app's pages, a link, `simulate` and the Side by side
page call a player by, and what a learner reads about each."""

from __future__ import annotations

from ...toolkit.levels import levels_of
from .heuristic import HeuristicPlayer
from .random import EagerRandomPlayer
from .search import SearchPlayer

__all__ = ["LEVELS"]

#: Whot's AI levels; `LEVELS.make(level, seed, simulations)` builds a player.
LEVELS = levels_of("whot")
LEVELS.add(
    "random",
    "Plays a random card that fits, and goes to market only when no card does.",
    lambda seed, simulations: EagerRandomPlayer(seed),
)
LEVELS.add(
    "heuristic",
    "Plays by the rules of thumb a good player uses, and says which one decided.",
    lambda seed, simulations: HeuristicPlayer(),
)
LEVELS.add(
    "search",
    "Tries each move in many games played on with guesses at the hidden cards, and plays the "
    "one that does best.",
    lambda seed, simulations, **search: SearchPlayer(simulations=simulations, seed=seed, **search),
    searches=True,
)
