"""What an AI player of either game returns: the move, a reason in words, and details.

Every player has `choose(view) -> Decision`. `search_details` turns a search's result into the
details a chart reads (the same shape for Whot and Whist).

    >>> Decision("play circle 5", "It matches.").details
    {}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .search import SearchResult

__all__ = ["Decision", "search_details", "stat_row"]


@dataclass(frozen=True)
class Decision:
    """A player's choice: the move, a short reason in plain words, and structured details."""

    move: Any  # the game's move (a Whot `Move`, a Whist `Card`)
    reason: str
    details: dict[str, Any] = field(default_factory=dict)


def stat_row(move: Any, visits: int, share: float, rate: float | None) -> dict[str, Any]:
    """One candidate move's row of the details (`rate` None: never simulated)."""
    return {"move": str(move), "visits": visits, "share": share, "win_rate": rate}


def search_details(result: SearchResult) -> dict[str, Any]:
    """A search's numbers as plain data: simulations, seconds, the guide's move, and each
    candidate move's visits, share of the visits and win rate (most visited first)."""
    return {
        "simulations": result.simulations,
        "seconds": result.seconds,
        "guide": None if result.favourite is None else str(result.favourite),
        "moves": [stat_row(s.move, s.visits, s.share, s.win_rate) for s in result.moves],
    }
