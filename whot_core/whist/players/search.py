"""Whist's search player: information-set MCTS (`whot_core.toolkit.search`) to the end of the
hand, with a fast follow-to-win playout and the heuristic's card given a head start."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...toolkit.decisions import Decision
from ...toolkit.decisions import search_details as _search_details
from ...toolkit.protocol import GameHooks
from ...toolkit.search import MoveStats, SearchBudget, SearchResult, ismcts, search_reason
from ..engine.cards import CARDS, RANK_OF, SUIT_OF, SUITS
from ..engine.state import beats, trick_winner
from ..engine.views import WhistView, deal_unseen
from .heuristic import HeuristicPlayer, _count

__all__ = ["GUIDE_BONUS", "WHIST_HOOKS", "SearchPlayer", "playout_move"]

#: The head start of the heuristic's card at the root, in reward (share of the tricks left)
#: after n visits: `GUIDE_BONUS / sqrt(n + 1)` (see `GameHooks`). Measured with
#: benchmarks/whist_ladder.py, 40 deals x 2 seatings against two heuristics at 1,000 simulations:
#: the search team took 54.0% ± 1.9% of the tricks with this bonus and `playout_move`, 52.4% ±
#: 1.6% with no bonus, and 52.0% ± 1.4% with uniform random playouts (faster, 101 against 167 ms
#: a move, but weaker at the same count). At 0.5 s a move: 53.8% ± 2.4%, +0.62 points a hand.
GUIDE_BONUS = 0.5


class _HandPlay:
    """One determinized deal, played to the end of the current hand: the search's state.

    The search plays only the rest of this hand (`is_over` is "the hand is finished"), and each
    seat's reward is its team's share of the tricks still to play from the search's root, so the
    rewards are in [0, 1] and partners share them. Moves are card codes (ints hash fast).
    """

    __slots__ = ("base", "hands", "leader", "left", "live", "trick", "trump", "turn", "won")

    players = 4

    def __init__(self) -> None:
        self.hands: list[list[int]] = []
        self.trick: list[int] = []
        self.leader = self.turn = 0
        self.trump = -1
        self.won = [0, 0]
        self.base = 1  # tricks still to play at the root
        self.left = 0  # cards still to play this hand
        self.live = 0  # bit mask of the cards not yet played

    @property
    def current_player(self) -> int | None:
        return None if self.left == 0 else self.turn

    @property
    def is_over(self) -> bool:
        return self.left == 0

    def legal_moves(self) -> list[int]:
        hand = self.hands[self.turn]
        if self.trick:
            led = SUIT_OF[self.trick[0]]
            follow = [c for c in hand if SUIT_OF[c] == led]
            if follow:
                return follow
        return hand[:]

    def clone(self) -> _HandPlay:
        other = _HandPlay()
        other.hands = [h[:] for h in self.hands]
        other.trick = self.trick[:]
        other.leader, other.turn, other.trump = self.leader, self.turn, self.trump
        other.won = self.won[:]
        other.base, other.left, other.live = self.base, self.left, self.live
        return other

    def push(self, code: int) -> None:
        self.hands[self.turn].remove(code)
        self.live &= ~(1 << code)
        self.left -= 1
        trick = self.trick
        trick.append(code)
        if len(trick) < 4:
            self.turn = (self.turn + 1) % 4
            return
        winner, _ = trick_winner(trick, self.leader, self.trump)
        self.won[winner % 2] += 1
        self.trick = []
        self.leader = self.turn = winner

    def view(self, seat: int):  # the protocol asks for it; the search never calls it
        raise NotImplementedError("a search state is not viewed")

    def returns(self) -> tuple[float, ...]:
        ns, ew = self.won[0] / self.base, self.won[1] / self.base
        return (ns, ew, ns, ew)


class _HandRoot:
    """The searching seat's view as the protocol's information set for a hand-long search: it
    deals the hidden cards (`deal_unseen`, as `WhistView.determinize` does) into a `_HandPlay`."""

    __slots__ = ("cards", "own", "seat", "sizes", "trick", "view", "voids")

    def __init__(self, view: WhistView) -> None:
        self.view = view
        self.seat = view.seat
        self.own = [c.code for c in view.hand]
        self.cards = [c.code for c in view.unseen]
        self.sizes = view.hand_sizes
        self.voids = [sum(1 << SUITS.index(s) for s in view.shown_out(seat)) for seat in range(4)]
        self.trick = [c.code for _, c in view.trick]

    @property
    def current_player(self) -> int | None:
        return self.view.current_player

    def legal_moves(self) -> list[int]:
        return [c.code for c in self.view.legal_moves()]

    def determinize(self, rng: random.Random) -> _HandPlay:
        view = self.view
        state = _HandPlay()
        state.hands = deal_unseen(self.cards, self.seat, self.own, self.sizes, self.voids, rng)
        state.trick = self.trick[:]
        state.leader, state.turn = view.leader, view.current_player
        trump = view.trump
        state.trump = -1 if trump is None else SUITS.index(trump)
        state.left = sum(self.sizes)
        state.base = (state.left + len(self.trick) + 3) // 4
        live = 0
        for hand in state.hands:
            for c in hand:
                live |= 1 << c
        state.live = live
        return state


def _is_top(code: int, live: int, mine: int) -> bool:
    """Is `code` the highest of its suit among the cards other players still hold?"""
    above = ((1 << (SUIT_OF[code] * 13 + 13)) - 1) & ~((1 << (code + 1)) - 1)
    return not (live & ~mine & above)


def playout_move(state: _HandPlay, moves: Sequence[int], rng: random.Random) -> int:
    """The search's playout policy, cheap enough for every card of every simulation.

    Lead: a card that is highest in its suit among the others' cards, else a random card.
    Follow: if partner is winning last or with a top card, play low; otherwise win with the
    cheapest card that beats the trick (the highest in second or third seat only when it is a top
    card), else play low. Void: ruff or overruff as cheaply as possible, else discard the lowest
    side card. Moves are in code order, so the first card of a suit is its lowest.
    """
    if len(moves) == 1:
        return moves[0]
    trick = state.trick
    trump = state.trump
    if not trick:
        mine = 0
        for c in moves:
            mine |= 1 << c
        tops = [c for c in moves if _is_top(c, state.live, mine)]
        pool = tops or moves
        return pool[rng.randrange(len(pool))]
    seat = state.turn
    win_seat, best = trick_winner(trick, state.leader, trump)
    last = len(trick) == 3
    mine = 0
    for c in state.hands[seat]:
        mine |= 1 << c
    if win_seat % 2 == seat % 2 and (last or _is_top(best, state.live, mine)):
        side = [c for c in moves if SUIT_OF[c] != trump]
        return (side or moves)[0] if SUIT_OF[moves[0]] != SUIT_OF[trick[0]] else moves[0]
    winners = [c for c in moves if beats(c, best, trump)]
    if winners:
        if last or (SUIT_OF[winners[0]] == trump and SUIT_OF[trick[0]] != trump):
            return winners[0]
        top = winners[-1]
        if _is_top(top, state.live, mine):
            return top
    if SUIT_OF[moves[0]] == SUIT_OF[trick[0]]:
        return moves[0]
    side = [c for c in moves if SUIT_OF[c] != trump]
    return min(side or moves, key=lambda c: (RANK_OF[c], c))


def _heuristic_code(root: _HandRoot, moves: Sequence[int]) -> int:
    return HeuristicPlayer().choose(root.view).move.code


WHIST_HOOKS = GameHooks(
    playout=playout_move,
    max_playout=60,
    root_guide=_heuristic_code,
    guide_bonus=GUIDE_BONUS,
)


class SearchPlayer(SearchBudget):
    """Information-set MCTS (`whot_core.toolkit.search.ismcts`) over the rest of the current hand.

    Each simulation deals the hidden cards consistently with what the seat has seen, plays the
    hand out, and scores each seat its team's share of the tricks still to play: a hand's tricks
    are Whist's whole score (seed 001), and searching past the hand would only add the noise of
    deals nobody has seen. The budget is `simulations` (deterministic for a seed) or `time_limit`
    seconds or whichever ends first; with neither, 1,000 simulations.
    """

    def __init__(
        self,
        simulations: int | None = None,
        time_limit: float | None = None,
        seed: int | None = None,
        hooks: GameHooks | None = None,
    ) -> None:
        super().__init__(simulations, time_limit, seed)
        self.hooks = hooks or WHIST_HOOKS

    def choose(self, view: WhistView) -> Decision:
        moves = view.legal_moves()
        if len(moves) == 1:
            only = moves[0]
            result = SearchResult((MoveStats(only, 0, 1.0, None),), 0, 0.0, None)
            return Decision(
                only,
                f"Search — play the {only}: it is the only legal card, so there is nothing "
                "to search.",
                _search_details(result),
            )
        raw = ismcts(
            _HandRoot(view),
            self.hooks,
            simulations=self.simulations,
            time_limit=self.time_limit,
            rng=self._rng,
        )
        result = SearchResult(
            tuple(MoveStats(CARDS[s.move], s.visits, s.share, s.win_rate) for s in raw.moves),
            raw.simulations,
            raw.seconds,
            None if raw.favourite is None else CARDS[raw.favourite],
        )
        tricks_left = (sum(view.hand_sizes) + len(view.trick) + 3) // 4
        details = _search_details(result)
        details["tricks_left"] = tricks_left
        return Decision(result.best.move, _search_reason(result, tricks_left), details)

    def __repr__(self) -> str:
        return (
            f"SearchPlayer(simulations={self.simulations!r}, time_limit={self.time_limit!r}, "
            f"seed={self.seed!r})"
        )


def _search_reason(result: SearchResult, tricks_left: int) -> str:
    """Whot's sentence (`toolkit.search.search_reason`), in a trick game's words."""
    took = f"our side took {{rate}} of the {_count(tricks_left, 'trick')} left in"
    return search_reason(result, took, lambda card: f"play the {card}", lambda card: f"the {card}")
