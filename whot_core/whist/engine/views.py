"""What one Whist seat may see, and full states that seat cannot tell from the real one.

A seat sees its own 13 cards and everything played face up: the tricks, who played what, and so
which suits each player has shown out of. It never sees another hand, nor a later deal.

`view.determinize(rng)` deals every card the seat cannot see at random to the other three seats,
each getting as many as it holds and none of a suit it has shown out of, for information-set
search (Cowling, Powley and Whitehouse 2012). Later hands get a fresh random seed too: the real
seed would tell the searcher the next deals.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from .cards import CARDS, SUIT_OF, Card, sort_hand
from .rules import SEATS, WhistRules
from .state import TableFacts, WhistState

__all__ = ["WhistView", "deal_unseen"]


class WhistView(TableFacts):
    """Everything `seat` may know about a game of Whist, and nothing else. Read-only."""

    __slots__ = (
        "_done",
        "_hand",
        "_hand_no",
        "_leader",
        "_log",
        "_over",
        "_scores",
        "_sizes",
        "_trick",
        "_tricks",
        "_trump",
        "_turn",
        "_unseen",
        "_voids",
        "rules",
        "seat",
    )

    rules: WhistRules
    seat: int

    @classmethod
    def _of(cls, state: WhistState, seat: int) -> WhistView:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
            raise ValueError(f"seat must be from 0 to 3, not {seat!r}")
        view = object.__new__(cls)
        view.rules = state.rules
        view.seat = seat
        view._hand = tuple(state._hands[seat])
        view._sizes = tuple(len(hand) for hand in state._hands)
        # The cards still held by the others: as a set, this is what the seat can work out
        # (all 52 less its own and those played); which of them each holds stays hidden.
        view._unseen = tuple(sorted(c for s in range(4) if s != seat for c in state._hands[s]))
        view._trick = tuple(state._trick)
        view._leader = state._leader
        view._turn = state._turn
        view._trump = state._trump
        view._hand_no = state._hand_no
        view._tricks = tuple(state._tricks)
        view._scores = tuple(state._scores)
        view._done = tuple(state._done)
        view._voids = tuple(state._voids)
        view._over = state._over
        view._log = tuple(state._log)
        return view

    @property
    def hand(self) -> tuple[Card, ...]:
        """This seat's cards, sorted as players hold them."""
        return sort_hand(CARDS[c] for c in self._hand)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return self._sizes

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The cards held by the other three seats, which this seat cannot place."""
        return tuple(CARDS[c] for c in self._unseen)

    def legal_moves(self) -> tuple[Card, ...]:
        """This seat's legal cards when it is to play; empty otherwise."""
        if self._over or self._turn != self.seat:
            return ()
        return tuple(CARDS[c] for c in self._legal_codes(self._hand))

    def explain(self, move: Card | str) -> str:
        """Why this seat may or may not play `move` now, naming the rule."""
        return self._explain(self._hand, self.seat, Card.of(move))[1]

    def determinize(self, rng: random.Random) -> WhistState:
        """A full state this seat cannot tell from the real one: the hidden cards dealt at random
        (respecting hand sizes and shown-out suits), and a fresh seed for later deals."""
        hands = deal_unseen(self._unseen, self.seat, self._hand, self._sizes, self._voids, rng)
        state = object.__new__(WhistState)
        state.rules = self.rules
        state._origin = {"determinized": True}
        state._seed = rng.getrandbits(63)
        state._hand_no = self._hand_no
        state._trump = self._trump
        state._leader = self._leader
        state._turn = self._turn
        state._over = self._over
        state._hands = hands
        state._trick = list(self._trick)
        state._tricks = list(self._tricks)
        state._scores = list(self._scores)
        state._done = list(self._done)
        state._voids = list(self._voids)
        state._log = list(self._log)
        state._moves = []
        return state

    def _repr_html_(self) -> str:
        from ..show.pictures import table_repr_html

        return table_repr_html(self, viewer=self.seat)

    def __repr__(self) -> str:
        return f"<WhistView of {SEATS[self.seat]}: hand {self._hand_no}, {len(self._hand)} cards>"


def deal_unseen(
    unseen: Sequence[int],
    seat: int,
    own: Sequence[int],
    sizes: Sequence[int],
    voids: Sequence[int],
    rng: random.Random,
) -> list[list[int]]:
    """Deal `unseen` codes to the seats other than `seat`, `sizes[s]` each, giving no seat a card
    of a suit it has shown out of (bit i of `voids[s]` for suit i).

    Without shown-out suits this is a plain shuffle. With them, the shuffle is dealt the same way
    and then repaired: each card a seat may not hold is swapped with a random card of another seat
    that may take it and that gives back a card the first seat may hold. A swap never misplaces a
    card, so this ends after a few swaps; with one seat void it gives every consistent deal the
    same chance. In the rare deal where no single swap repairs a card, the cards are dealt again
    one at a time (`_deal_checked`), each to a seat for which the rest can still be dealt. The
    real deal satisfies every constraint, so a deal always exists.
    """
    others = [s for s in range(4) if s != seat]
    hands: list[list[int]] = [[], [], [], []]
    hands[seat] = sorted(own)
    cards = list(unseen)
    rng.shuffle(cards)
    start = 0
    for s in others:
        hands[s] = cards[start : start + sizes[s]]
        start += sizes[s]
    if any(voids[s] for s in others) and not _repair(hands, others, voids, rng):
        return _deal_checked(cards, seat, own, sizes, voids, rng)
    for s in others:
        hands[s].sort()
    return hands


def _repair(hands: list[list[int]], others: list[int], voids: Sequence[int], rng) -> bool:
    """Swap away every card dealt to a seat that has shown out of its suit (see `deal_unseen`);
    False if some card has no swap that fixes it."""
    for s in others:
        void = voids[s]
        if not void:
            continue
        hand = hands[s]
        for i in range(len(hand)):
            suit = SUIT_OF[hand[i]]
            if not void >> suit & 1:
                continue
            swaps = [
                (t, j)
                for t in others
                if t != s and not voids[t] >> suit & 1
                for j, code in enumerate(hands[t])
                if not void >> SUIT_OF[code] & 1
            ]
            if not swaps:
                return False
            t, j = swaps[rng.randrange(len(swaps))]
            hand[i], hands[t][j] = hands[t][j], hand[i]
    return True


def _deal_checked(
    cards: list[int],
    seat: int,
    own: Sequence[int],
    sizes: Sequence[int],
    voids: Sequence[int],
    rng: random.Random,
) -> list[list[int]]:
    """Deal `cards` (already shuffled) one at a time, each to a random seat (weighted by the room
    it has) among those for which the rest can still be dealt: a check of Hall's condition over
    the few subsets of three seats, so a deal never gets stuck."""
    others = [s for s in range(4) if s != seat]
    hands: list[list[int]] = [[], [], [], []]
    hands[seat] = sorted(own)
    room = {s: sizes[s] for s in others}
    # Suit counts of the cards not yet dealt, for the feasibility check.
    left = [0, 0, 0, 0]
    for code in cards:
        left[SUIT_OF[code]] += 1
    groups = [g for k in (0, 1, 2) for g in combinations(others, k)]
    for code in cards:
        suit = SUIT_OF[code]
        left[suit] -= 1
        options = [s for s in others if room[s] and not voids[s] >> suit & 1]
        rng.shuffle(options)
        weights = [room[s] for s in options]
        choice = None
        while options:
            pick = rng.choices(range(len(options)), weights)[0]
            s = options[pick]
            room[s] -= 1
            if _feasible(left, room, voids, groups):
                choice = s
                break
            room[s] += 1
            del options[pick], weights[pick]
        if choice is None:  # impossible when the view is consistent
            raise ValueError("no deal of the hidden cards fits the suits shown out")
        hands[choice].append(code)
    for s in others:
        hands[s].sort()
    return hands


def _feasible(left: list[int], room: dict[int, int], voids: Sequence[int], groups) -> bool:
    """Can the suits in `left` still fill `room` exactly? Hall's condition: for each group of
    seats, the cards that only that group may take must fit in its room."""
    for group in groups:
        only = 0
        for suit in range(4):
            if left[suit] and all(voids[s] >> suit & 1 for s in room if s not in group):
                only += left[suit]
        if only > sum(room[s] for s in group):
            return False
    return True
