"""Whist players: a random one, one that explains its rules of thumb, and a searching one.

The players follow Whot's (`whot_core.whot.players`): `choose(view) -> Decision`, where `view` is
`state.view(seat)`, and a player sees that view and nothing else. The `Decision` type and the
search (`whot_core.toolkit.search.ismcts` over `whot_core.toolkit.protocol`) are shared.

- `RandomPlayer(seed)`: any legal card, uniformly at random.
- `HeuristicPlayer()`: the classic rules of thumb (`RULES_OF_THUMB`), counting trumps as seed 001
  urges; the reason names the rule that decided, with the cards.
- `SearchPlayer(simulations, time_limit, seed)`: information-set MCTS to the end of the hand, with
  a fast follow-to-win playout and the heuristic's card given a head start.
- `LEVELS`: the AI levels (random, heuristic, search), each one of these players, in the registry
  of every game's levels (`whot_core.toolkit.levels`); `make_player` is `LEVELS.make`.

One module each, as Whot's players: `players.random`, `players.heuristic`, `players.search` and
`players.levels`, their public names all importable from here.

    >>> from whot_core.whist import WhistState
    >>> state = WhistState.from_position(
    ...     [["KD", "3D", "2C"], ["AD", "2H", "3C"], ["6D", "7C", "8C"], ["4H", "5H"]],
    ...     trump="spades", leader=3, trick=["10D"], tricks_won=(5, 5))
    >>> decision = HeuristicPlayer().choose(state.view(0))
    >>> decision.reason
    'Second hand low: keep the high diamonds for later; the 3♦.'

"""

from __future__ import annotations

from ...toolkit.decisions import Decision
from .heuristic import RULES_OF_THUMB, HeuristicPlayer
from .levels import LEVELS, make_player
from .random import RandomPlayer
from .search import GUIDE_BONUS, WHIST_HOOKS, SearchPlayer, playout_move

__all__ = [
    "GUIDE_BONUS",
    "LEVELS",
    "RULES_OF_THUMB",
    "WHIST_HOOKS",
    "Decision",
    "HeuristicPlayer",
    "RandomPlayer",
    "SearchPlayer",
    "make_player",
    "playout_move",
]
