"""The small game protocol the search is written over, so that it can serve a second game later.

Information-set search (`whot_core.toolkit.search`) needs only a few things from a game, in the
spirit of OpenSpiel's `State`: the legal moves, a fast in-place `push`, a cheap `clone`, whose turn
it is, whether the game is over, what each seat gets at the end (`returns`), what one seat may see
(`view`) and a way to sample the hidden cards consistently with that view (`determinize`).
Whot's `GameState` and `PlayerView` already fit; `returns` below adapts its `winners`.

Nothing here imports the Whot engine: Whist's state offers the same methods and plugs straight in.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, Self, runtime_checkable

__all__ = [
    "GameHooks",
    "InformationSet",
    "SearchableState",
    "returns",
    "uniform_playout",
]


@runtime_checkable
class SearchableState(Protocol):
    """A full game state the search may play forward (a determinization: every card known)."""

    @property
    def players(self) -> int: ...

    @property
    def current_player(self) -> int | None:
        """The seat to move, or None once the game is over."""
        ...

    @property
    def is_over(self) -> bool: ...

    def legal_moves(self) -> Sequence[Hashable]: ...

    def clone(self) -> Self: ...

    def push(self, move: Hashable) -> None:
        """Make a legal move in place, unchecked (the fast path)."""
        ...

    def view(self, seat: int) -> InformationSet: ...


@runtime_checkable
class InformationSet(Protocol):
    """What one seat knows: its view of the game, which can be filled in at random."""

    seat: int

    @property
    def current_player(self) -> int | None: ...

    def legal_moves(self) -> Sequence[Hashable]: ...

    def determinize(self, rng: random.Random) -> SearchableState:
        """A full state this seat cannot tell from the real one, hidden cards dealt by `rng`."""
        ...


def returns(state: SearchableState) -> tuple[float, ...]:
    """Each seat's reward at the end of a game: 1 for a sole winner, 1/k each for k winners.

    A game whose state offers `returns()` itself (OpenSpiel style) is asked directly; otherwise
    the state's `winners` (a tuple of seats, as in Whot) are shared out. A live game returns zeros.
    """
    own = getattr(state, "returns", None)
    if callable(own):
        return tuple(float(r) for r in own())
    winners = state.winners if state.is_over else ()  # type: ignore[attr-defined]
    if not winners:
        return (0.0,) * state.players
    share = 1.0 / len(winners)
    return tuple(share if seat in winners else 0.0 for seat in range(state.players))


def uniform_playout(state: SearchableState, moves: Sequence[Hashable], rng: random.Random):
    """The plainest playout policy: any candidate move, uniformly at random."""
    return moves[rng.randrange(len(moves))]


def _all_legal(position) -> Sequence[Hashable]:
    return position.legal_moves()


@dataclass(frozen=True)
class GameHooks:
    """The game-specific knowledge a search may use, each with a game-agnostic default.

    - `candidates(position)`: the moves worth considering in a state, or in the root's view
      (default: all legal moves). Whot drops the unannounced twin of a play: AI players announce.
    - `playout(state, moves, rng)`: the move a simulated player makes once the tree ends.
    - `evaluate(state)`: per-seat rewards for a playout cut off after `max_playout` moves
      (default: `returns`, zeros for a live game).
    - `root_guide(view, moves)`: the move a cheap player would make at the root, or None.
    - `guide_bonus`: a head start added to the selection value of the guide's move (at the root
      `root_guide`'s, below it the playout policy's), `guide_bonus / sqrt(n + 1)` after n visits
      of the node, so that the search leaves the guide only when the simulations clearly favour
      another move. 0 turns guidance off.
    """

    candidates: Callable[[Any], Sequence[Hashable]] = _all_legal
    playout: Callable[[SearchableState, Sequence[Hashable], random.Random], Hashable] = (
        uniform_playout
    )
    evaluate: Callable[[SearchableState], tuple[float, ...]] = returns
    max_playout: int = 400
    root_guide: Callable[[InformationSet, Sequence[Hashable]], Hashable] | None = None
    guide_bonus: float = 0.0
