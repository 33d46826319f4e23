"""The random players: `RandomPlayer` picks any candidate move (the floor every other player
must beat); `EagerRandomPlayer` plays a random card whenever one fits (the app's random level)."""

from __future__ import annotations

import random

from ...toolkit.decisions import Decision
from .common import _count, candidate_moves

__all__ = ["EagerRandomPlayer", "RandomPlayer"]

_PICKED = "Random: {} was picked at random from the cards that fit."


class RandomPlayer:
    """Any candidate move, uniformly at random: the floor every other player must beat."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, view) -> Decision:
        moves = candidate_moves(view)
        move = moves[self._rng.randrange(len(moves))]

        def explain() -> tuple[str, dict]:  # words only when read: a simulation reads none
            reason = f"Random: {move} was picked at random from {_count(len(moves), 'legal move')}."
            return reason, {"moves": [str(m) for m in moves]}

        return Decision(move, explain=explain)

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed!r})"


class EagerRandomPlayer:
    """A random player that plays whenever it can: a random legal card, and draws only when no
    card fits. A uniformly random player draws by choice so often that a game under the Nigerian
    preset runs to thousands of moves; this one finishes a game in about a hundred, fast enough
    for the Compare page's thousands of games."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, view) -> Decision:
        moves = candidate_moves(view)
        plays = [move for move in moves if not move.is_draw]
        if not plays:
            return Decision(moves[0], "Random: no card fits, so it goes to market.")
        move = plays[self._rng.randrange(len(plays))]
        return Decision(move, explain=lambda: (_PICKED.format(move), {}))

    def __repr__(self) -> str:
        return f"EagerRandomPlayer(seed={self.seed!r})"
