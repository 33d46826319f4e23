"""Information-set Monte Carlo tree search (Cowling, Powley and Whitehouse 2012), over any game.

A player who cannot see the other hands does not search one game tree but many at once: each
iteration deals the hidden cards at random (`view.determinize(rng)`), walks down one shared tree of
moves using only the moves that this deal allows, adds one new move, plays the game out with a
cheap policy, and credits the result to every move on the way. This is the single-observer variant
(SO-ISMCTS): the tree's nodes are sequences of moves, and a move's selection statistic counts only
the iterations in which it was available (the "subset-armed bandit" of the paper).

The search knows the game only through `whot_core.toolkit.protocol`: a state with `legal_moves`,
`push`, `current_player`, `is_over` and `players`, a view with `determinize`, and `GameHooks`.

A guide may give one move at each node a head start (`GameHooks.root_guide` and `guide_bonus`,
in the spirit of the progressive bias of Chaslot et al. 2008). In a game with as much luck as
Whot, a thousand simulations often cannot tell two sensible moves apart; with a head start the
search keeps the guide's move unless the simulations clearly favour another. The head start is
`guide_bonus / sqrt(n + 1)` after n visits of the node, shrinking as the noise in a mean of n
results does.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from .protocol import GameHooks, InformationSet, returns

__all__ = ["MoveStats", "SearchResult", "ismcts", "search_reason"]

#: The UCB exploration constant for rewards in [0, 1] (the paper uses 0.7 for its card games).
EXPLORATION = 0.7


@dataclass(frozen=True)
class MoveStats:
    """One root move after the search: how often it was chosen and how often that won."""

    move: Hashable
    visits: int
    share: float  # visits / all root visits; the shares sum to 1
    win_rate: float | None  # mean reward of the searching seat after this move; None if unvisited


@dataclass(frozen=True)
class SearchResult:
    """The moves at the root, most visited first, and what the search cost."""

    moves: tuple[MoveStats, ...]
    simulations: int
    seconds: float
    favourite: Hashable | None = None  # the guide's move at the root, given a head start

    @property
    def best(self) -> MoveStats:
        return self.moves[0]


#: The simulations a search runs when given neither a number nor a time limit.
DEFAULT_SIMULATIONS = 1000


class SearchBudget:
    """What every game's search player holds before its first decision: the budget
    (`simulations`, deterministic for a seed, or `time_limit` seconds, or whichever ends first;
    with neither, `DEFAULT_SIMULATIONS`) and the random generator from `seed`, which moves on with
    each decision, so that the same seed replays the same decisions in the same game."""

    def __init__(
        self,
        simulations: int | None = None,
        time_limit: float | None = None,
        seed: int | None = None,
    ) -> None:
        if simulations is None and time_limit is None:
            simulations = DEFAULT_SIMULATIONS
        self.simulations = simulations
        self.time_limit = time_limit
        self.seed = seed
        self._rng = random.Random(seed)


class _Node:
    """One move in the shared tree, credited to the seat that made it."""

    __slots__ = ("available", "children", "move", "parent", "reward", "seat", "visits")

    def __init__(self, move: Hashable, parent: _Node | None, seat: int) -> None:
        self.move = move
        self.parent = parent
        self.seat = seat
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0


def ismcts(
    root: InformationSet,
    hooks: GameHooks | None = None,
    *,
    simulations: int | None = None,
    time_limit: float | None = None,
    rng: random.Random | None = None,
    exploration: float | None = None,
) -> SearchResult:
    """Search from `root` (the searching seat's view, on its turn) within the budget.

    The budget is `simulations` iterations, or `time_limit` seconds, or whichever ends first when
    both are given. With `simulations` alone the result depends only on `rng`'s state.
    """
    if simulations is None and time_limit is None:
        raise ValueError("give a budget: simulations, time_limit or both")
    if simulations is not None and simulations < 1:
        raise ValueError(f"simulations must be at least 1, not {simulations}")
    if time_limit is not None and time_limit <= 0:
        raise ValueError(f"time_limit must be positive, not {time_limit}")
    hooks = hooks or GameHooks()
    rng = rng or random.Random()
    seat = root.seat
    if root.current_player != seat:
        raise ValueError(f"seat {seat} can only search on its own turn")
    c = EXPLORATION if exploration is None else exploration
    start = time.perf_counter()
    tree = _Node(None, None, seat)
    root_moves = list(hooks.candidates(root))  # the seat's own moves: the same in every deal
    favourite = hooks.root_guide(root, root_moves) if hooks.root_guide else None
    deadline = None if time_limit is None else start + time_limit
    limit = simulations if simulations is not None else math.inf
    done = 0
    while done < limit:
        _iterate(root, tree, favourite, hooks, rng, c)
        done += 1
        if deadline is not None and (done & 15) == 0 and time.perf_counter() >= deadline:
            break
    seconds = time.perf_counter() - start
    return SearchResult(_root_stats(root_moves, tree), done, seconds, favourite)


def _iterate(
    root: InformationSet,
    tree: _Node,
    favourite: Hashable | None,
    hooks: GameHooks,
    rng: random.Random,
    c: float,
) -> None:
    """One determinization: select, expand, play out, back up."""
    state = root.determinize(rng)
    candidates = hooks.candidates
    playout = hooks.playout
    bonus = hooks.guide_bonus
    node = tree
    # Selection and expansion, restricted to the moves this deal allows. The move the guide
    # favours (at the root the rules of thumb, below it the playout policy) gets a head start.
    while not state.is_over:
        moves = candidates(state)
        if bonus and node is not tree:
            favourite = playout(state, moves, rng)
        children = node.children
        untried = [m for m in moves if m not in children]
        if untried:
            if bonus and favourite in untried:
                move = favourite
            else:
                move = untried[rng.randrange(len(untried))]
            child = _Node(move, node, state.current_player)
            children[move] = child
            for m in moves:
                if m in children:
                    children[m].available += 1
            state.push(move)
            node = child
            break
        best, best_value = None, -1e9
        for m in moves:
            child = children[m]
            child.available += 1
            visits = child.visits
            value = child.reward / visits + c * math.sqrt(math.log(child.available) / visits)
            if bonus and m == favourite:
                value += bonus / math.sqrt(node.visits + 1)
            if value > best_value:
                best, best_value = child, value
        state.push(best.move)
        node = best
    # Playout with the game's own policy, cut off (and evaluated) if it runs too long.
    steps = hooks.max_playout
    while not state.is_over and steps:
        state.push(playout(state, candidates(state), rng))
        steps -= 1
    rewards = returns(state) if state.is_over else hooks.evaluate(state)
    # Back-propagation: each move is credited with the reward of the seat that made it.
    while node is not tree:
        node.visits += 1
        node.reward += rewards[node.seat]
        node = node.parent
    tree.visits += 1


def _root_stats(moves: list[Hashable], tree: _Node) -> tuple[MoveStats, ...]:
    """Every candidate move at the root, most visited first (ties: better win rate, then order)."""
    total = sum(tree.children[m].visits for m in moves if m in tree.children) or 1
    stats = []
    for m in moves:
        child = tree.children.get(m)
        visits = child.visits if child else 0
        rate = child.reward / visits if visits else None
        stats.append(MoveStats(m, visits, visits / total, rate))
    order = {m: i for i, m in enumerate(moves)}
    stats.sort(key=lambda s: (-s.visits, -(s.win_rate or 0.0), order[s.move]))
    return tuple(stats)


def search_reason(
    result: SearchResult,
    won: str = "won {rate} of",
    chosen: Callable[[Hashable], str] = str,
    other: Callable[[Hashable], str] = str,
) -> str:
    """The search's reason in words: the chosen (most visited) move's record over its
    simulations, and how the next best compared, for any game.

    A game says its moves its own way: `chosen` words the move played ("play circle 7", "play
    the 7♠"), `other` a move it did not play, and `won` the chosen move's record, `{rate}` its
    win rate ("won 53% of", "our side took 53% of the 5 tricks left in").
    """
    best = result.best
    rate = best.win_rate or 0.0
    text = (
        f"Search — {chosen(best.move)}: {won.format(rate=f'{rate:.0%}')} {best.visits:,} "
        f"simulated continuations (of {result.simulations:,} in all)"
    )
    runner = result.moves[1] if len(result.moves) > 1 else None
    if runner is None or runner.win_rate is None:
        return text + "."
    if runner.win_rate <= rate:
        return text + f"; next best was {other(runner.move)} at {runner.win_rate:.0%}."
    if best.move == result.favourite:
        return text + (
            f"; {other(runner.move)} scored {runner.win_rate:.0%} over {runner.visits:,}, not "
            "clearly enough to overrule the rules of thumb."
        )
    return text + (
        f"; {other(runner.move)} scored {runner.win_rate:.0%} but over only {runner.visits:,}."
    )
