"""What every Whot AI player shares: the `Player` protocol, the moves an AI player considers
(`candidate_moves`: it always makes the announcement a play calls for), and a count in words for
the players' reasons."""

from __future__ import annotations

from typing import Protocol

from ...toolkit.decisions import Decision
from ..engine.moves import Move
from ..engine.rules import Announcements

__all__ = ["Player", "candidate_moves"]


class Player(Protocol):
    """Anything that picks a move from what its seat can see."""

    def choose(self, view) -> Decision: ...


def candidate_moves(position) -> tuple[Move, ...]:
    """The legal moves an AI player considers: under `announcements = penalty` a play that leaves
    one or two cards is listed with and without the announcement, and AI players always announce,
    so the unannounced twin is dropped. `position` is a view on its turn or a full state."""
    moves = position.legal_moves()
    if position.rules.announcements is not Announcements.PENALTY:
        return tuple(moves)
    announced = {(m.card, m.call) for m in moves if m.announce is not None}
    if not announced:
        return tuple(moves)
    return tuple(m for m in moves if m.announce is not None or (m.card, m.call) not in announced)


def _count(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"
