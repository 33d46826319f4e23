"""AI players: a random one, one that follows the seeds' rules of thumb, and a searching one.

Every player has `choose(view) -> Decision`, where `view` is `state.view(seat)`: a player sees
exactly what that seat may see and nothing else. A `Decision` carries the move, a reason in one or
two plain sentences, and structured details (for the search, every candidate move with its share of
the visits and its estimated chance of winning, ready for a chart).

- `RandomPlayer(seed)`: any legal move, uniformly at random.
- `HeuristicPlayer()`: the tips of the seeds (the "Hints on Play" of seeds/000 and the "Tips" of
  seeds/002), each a named term in a score, and the reason names the one that decided.
- `SearchPlayer(simulations, time_limit, seed)`: information-set Monte Carlo tree search
  (`whot_core.toolkit.search`), with the heuristic as its playout policy and as its guide: the
  heuristic's move gets a head start, and the search departs from it when the simulations clearly
  favour another move.
- `EagerRandomPlayer(seed)`: a random card whenever one fits (the random level, whose games
  end in about a hundred moves rather than thousands).

AI players always make the announcement a play calls for (docs/rules.md, "Announcements"): under
`announcements = penalty` the unannounced twin of a play is never a candidate.

One module a concern, their public names all importable from here:

- `players.common`: the `Player` protocol and `candidate_moves`;
- `players.random`: `RandomPlayer` and `EagerRandomPlayer`;
- `players.heuristic`: `HeuristicPlayer`, `RULES_OF_THUMB`, and `playout_move` (the same score
  for the search's playouts);
- `players.memory`: what each seat could not follow (`lacks_from_events`, `remembered_lacks`,
  `remembered_lacks_of`);
- `players.reasons`: the heuristic's reasons in words and the facts they state
  (`Decision.facts`: the counts, pick sizes and seats a test checks against the engine);
- `players.search`: `SearchPlayer`, `WHOT_HOOKS` and `search_reason`;
- `players.levels`: the AI levels (`LEVELS`: random, heuristic, search), each a player, in the
  registry of every game's levels (`whot_core.toolkit.levels`);
- `players.simulate`: many games into a table (needs pandas; imported only when asked for).

    >>> from whot_core import GameState, Rules
    >>> state = GameState.from_position(Rules.preset("nigerian"),
    ...     hands=[["circle 7", "whot", "star 3"], ["square 3"]], pile=["circle 11"])
    >>> decision = HeuristicPlayer().choose(state.view(0))
    >>> str(decision.move)
    'play circle 7'
    >>> decision.reason
    'Heuristic — keep the Whot: circle 7 matches, so the Whot stays in hand for later.'
"""

from __future__ import annotations

from ...toolkit.decisions import Decision
from .common import Player, candidate_moves
from .heuristic import RULES_OF_THUMB, HeuristicPlayer, playout_move
from .levels import LEVELS
from .memory import lacks_from_events, remembered_lacks, remembered_lacks_of
from .random import EagerRandomPlayer, RandomPlayer
from .search import WHOT_HOOKS, SearchPlayer, search_reason

__all__ = [
    "LEVELS",
    "RULES_OF_THUMB",
    "WHOT_HOOKS",
    "Decision",
    "EagerRandomPlayer",
    "HeuristicPlayer",
    "Player",
    "RandomPlayer",
    "SearchPlayer",
    "candidate_moves",
    "lacks_from_events",
    "playout_move",
    "remembered_lacks",
    "remembered_lacks_of",
    "search_reason",
]
