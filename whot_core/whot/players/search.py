"""The searching player: `SearchPlayer` runs information-set Monte Carlo tree search
(`whot_core.toolkit.search`) over Whot through `WHOT_HOOKS`: heuristic playouts (`playout_move`),
cut off after `MAX_PLAYOUT` moves and scored from the hand sizes, and the heuristic's move as the
guide that gets a head start."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from ...toolkit.decisions import Decision, search_details, stat_row
from ...toolkit.protocol import GameHooks
from ...toolkit.search import SearchBudget, ismcts, search_reason
from ..engine.moves import Move
from ..engine.narrate import move_words
from .common import candidate_moves
from .heuristic import HeuristicPlayer, playout_move

__all__ = [
    "EVAL_SLOPE",
    "GUIDE_BONUS",
    "MAX_PLAYOUT",
    "WHOT_HOOKS",
    "SearchPlayer",
    "search_reason",
]


#: Playouts stop after this many moves (a tenth of heuristic games run longer) and are
#: scored by `_evaluate`.
MAX_PLAYOUT = 100
EVAL_SLOPE = 0.12
#: The search's head start for the heuristic's move: `GUIDE_BONUS / sqrt(n + 1)` in win rate after
#: n visits (see `GameHooks`). Tuned on 160 two-player `nigerian` positions whose moves were valued
#: by 2,500 paired determinizations each. Mean regret per decision: heuristic 0.017; unguided
#: search at 1,000 simulations 0.017; guided, at 50 / 200 / 1,000 / 3,000 simulations, 0.018 /
#: 0.014 / 0.010 / 0.009 (a fixed head start of 0.06 gave 0.026 / 0.018 / 0.010 / 0.010).
GUIDE_BONUS = 2.0


def _evaluate(state) -> tuple[float, ...]:
    """A playout cut off before the end: each seat's chance from its hand size alone.

    Fewer cards is better, but only mildly: in heuristic self-play over 3,000 two-player
    `nigerian` games a seat four cards ahead went on to win about 61% of the time, which a
    softmax over hand sizes with slope 0.12 per card reproduces."""
    weights = [math.exp(-EVAL_SLOPE * len(hand)) for hand in state.hands]
    total = sum(weights)
    return tuple(w / total for w in weights)


def _heuristic_move(view, moves: Sequence[Move]) -> Move:
    return HeuristicPlayer().choose(view).move


def _words(view) -> Callable[[Move], str]:
    """A move as the reason says it: in the narration's words (`move_words`: "play a Whot and
    call square", "take the pick of 2 cards"), as Watch's step heading and chart say it, never
    the engine's notation ("play whot call square", "draw")."""
    return lambda move: move_words(move, base=True, pick=view.penalty)


WHOT_HOOKS = GameHooks(
    candidates=candidate_moves,
    playout=playout_move,
    evaluate=_evaluate,
    max_playout=MAX_PLAYOUT,
    root_guide=_heuristic_move,
    guide_bonus=GUIDE_BONUS,
)


class SearchPlayer(SearchBudget):
    """Information-set MCTS over the view, with heuristic playouts and the heuristic as guide.

    The budget is `simulations` (fully deterministic for a given seed) or `time_limit` seconds
    (only the number of simulations varies), or whichever ends first if both are given; with
    neither, 1,000 simulations. The random generator comes from `seed` and moves on with each
    decision, so the same seed replays the same decisions in the same game.
    """

    hooks: GameHooks = WHOT_HOOKS

    def choose(self, view) -> Decision:
        moves = candidate_moves(view)
        if len(moves) == 1:
            only = moves[0]
            legal = len(view.legal_moves())  # more: the same play unannounced, not a candidate
            why = "" if legal == 1 else " worth making (unannounced it would cost two cards)"
            return Decision(
                only,
                f"Search — {_words(view)(only)} is the only move{why}, so there is nothing to "
                "search.",
                {
                    "simulations": 0,
                    "seconds": 0.0,
                    "guide": None,
                    "moves": [stat_row(only, 0, 1.0, None)],
                },
                facts={"legal_moves": legal},
            )
        result = ismcts(
            view,
            self.hooks,
            simulations=self.simulations,
            time_limit=self.time_limit,
            rng=self._rng,
        )
        best = result.best
        facts = {"simulations": result.simulations, "visits": best.visits}
        words = _words(view)
        reason = search_reason(result, chosen=words, other=words)
        return Decision(best.move, reason, search_details(result), facts=facts)

    def __repr__(self) -> str:
        return (
            f"SearchPlayer(simulations={self.simulations!r}, time_limit={self.time_limit!r}, "
            f"seed={self.seed!r})"
        )
