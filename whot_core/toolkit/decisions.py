"""What an AI player of either game returns: the move, a reason in words, details, and facts.

Every player has `choose(view) -> Decision`. `search_details` turns a search's result into the
details a chart reads (the same shape for Whot and Whist).

    >>> Decision("play circle 5", "It matches.").details
    {}

A player whose words cost more than its choice (the heuristic's: a simulation of thousands of
games reads none of them) may give `explain` instead, a function returning the reason and the
details. It runs the first time either is read, once, so nobody pays for words nobody reads:

    >>> said = Decision("draw", explain=lambda: ("Nothing fits.", {"rule": "market"}))
    >>> said.reason, said.details
    ('Nothing fits.', {'rule': 'market'})
    >>> said == Decision("draw", "Nothing fits.", {"rule": "market"})
    True

`facts` are what the reason states, as data (a count, a pick size, a seat, "nothing fits"), so
that a test can hold each one against the engine. The words are built from them, and `explain`
may give them as a third item:

    >>> said = Decision("draw", explain=lambda: ("Nothing fits.", {}, {"nothing_fits": True}))
    >>> said.facts
    {'nothing_fits': True}
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .search import SearchResult

__all__ = ["Decision", "search_details", "stat_row"]


class Decision:
    """A player's choice: the move, a short reason in plain words, structured details, and the
    facts the reason states (empty for a player that states none).

    Immutable and compared by value, like a frozen dataclass; the words may come later from
    `explain` (see the module's docstring)."""

    __slots__ = ("_details", "_explain", "_facts", "_reason", "move")

    def __init__(
        self,
        move: Any,  # the game's move (a Whot `Move`, a Whist `Card`)
        reason: str | None = None,
        details: dict[str, Any] | None = None,
        *,
        explain: Callable[[], tuple] | None = None,
        facts: dict[str, Any] | None = None,
    ) -> None:
        if (reason is None) == (explain is None):
            raise TypeError("a Decision takes a reason or explain, one of the two")
        _set = object.__setattr__
        _set(self, "move", move)
        _set(self, "_reason", reason)
        _set(self, "_details", {} if details is None and explain is None else details)
        _set(self, "_facts", {} if facts is None and explain is None else facts)
        _set(self, "_explain", explain)

    def _words(self) -> None:
        reason, details, *facts = self._explain()  # (reason, details) or (..., facts)
        object.__setattr__(self, "_reason", reason)
        object.__setattr__(self, "_details", details)
        object.__setattr__(self, "_facts", facts[0] if facts else {})
        object.__setattr__(self, "_explain", None)

    @property
    def reason(self) -> str:
        if self._explain is not None:
            self._words()
        return self._reason

    @property
    def details(self) -> dict[str, Any]:
        if self._explain is not None:
            self._words()
        return self._details

    @property
    def facts(self) -> dict[str, Any]:
        """What the reason states, by name: the numbers and seats its words are built from."""
        if self._explain is not None:
            self._words()
        return self._facts

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a Decision is immutable: cannot set {name!r}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Decision):
            return NotImplemented
        mine = (self.move, self.reason, self.details, self.facts)
        return mine == (other.move, other.reason, other.details, other.facts)

    __hash__ = None  # type: ignore[assignment]  (its details are a dict)

    def __reduce__(self):  # a pickle holds the words, never the function that makes them
        return (_decided, (self.move, self.reason, self.details, self.facts))

    def __repr__(self) -> str:
        return f"Decision(move={self.move!r}, reason={self.reason!r}, details={self.details!r})"


def _decided(move: Any, reason: str, details: dict, facts: dict) -> Decision:
    """A decision read back from a pickle."""
    return Decision(move, reason, details, facts=facts)


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
