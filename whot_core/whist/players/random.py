"""Whist's random player: any legal card, uniformly at random."""

from __future__ import annotations

import random

from ...toolkit.decisions import Decision
from ..engine.views import WhistView

__all__ = ["RandomPlayer"]


class RandomPlayer:
    """Any legal card, uniformly at random: the floor every other player must beat."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, view: WhistView) -> Decision:
        moves = view.legal_moves()
        move = moves[self._rng.randrange(len(moves))]
        count = f"{len(moves)} legal card{'' if len(moves) == 1 else 's'}"
        reason = f"Random: the {move} was picked at random from {count}."
        return Decision(move, reason, {"moves": [str(m) for m in moves]})

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed!r})"
