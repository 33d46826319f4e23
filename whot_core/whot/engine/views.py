"""What one seat may see, and full states that seat cannot tell from the real one.

A player (human or AI) gets a `PlayerView`: its own hand, the pile, how many cards everyone holds,
the market's size, and the public events (other seats' drawn cards hidden). Some hidden cards are
public all the same: cards that went under the market at the start, or a pile turned over without
shuffling, are seen by everyone, and so is who draws them. The view keeps track of those.

`view.determinize(rng)` deals every card the seat cannot see at random, consistently with all of
that, for information-set search (Cowling, Powley and Whitehouse 2012).
"""

from __future__ import annotations

import random

from .cards import CARDS, Card, Shape, pack_codes, shuffle_codes
from .events import Event, chain_of, iter_log, to_event, with_draws
from .legal import (
    NO_CARD,
    codes_of,
    explain_move,
    moves_of_playable,
    several_moves,
    target_mask,
)
from .moves import Move
from .narrate import seat_name
from .rules import Rules

__all__ = ["PlayerView", "TableFacts"]


class TableFacts:
    """What everyone at the table sees, shared by `GameState` and `PlayerView` (one definition).

    Subclasses keep `_pile` (codes, bottom first), `_called`, `_turn`, `_over`, `_penalty`,
    `_penalty_number`, `_free`, `_winners` and `_end`.
    """

    __slots__ = ()

    def _playable(self, mask: int) -> int:
        """`mask` (a hand's distinct cards as bits, see legal.py) less every card that may not go
        on the pile now: what the state and a view both work out their legal moves from."""
        pile = self._pile
        top = pile[-1] if pile else NO_CARD
        return mask & target_mask(top, self._called, self._free, self._penalty_number, self.rules)

    @property
    def pile(self) -> tuple[Card, ...]:
        """The played cards, bottom first; the last is the top card."""
        return tuple(CARDS[c] for c in self._pile)

    @property
    def top(self) -> Card | None:
        return CARDS[self._pile[-1]] if self._pile else None

    @property
    def called(self) -> Shape | None:
        """The shape a Whot on top asks for, or None."""
        return self._called

    @property
    def current_player(self) -> int | None:
        """The seat to move, or None once the game is over."""
        return None if self._over else self._turn

    @property
    def penalty(self) -> int:
        """Cards the player to move must pick unless they defend (defence only), else 0."""
        return self._penalty

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats (several when a count ties); empty while the game is live."""
        return self._winners

    @property
    def end_reason(self) -> str | None:
        """`check_up`, `count`, or None while the game is live."""
        return self._end


class PlayerView(TableFacts):
    """Everything `seat` may know about a game, and nothing else. Read-only."""

    __slots__ = (
        "_called",
        "_drawn",
        "_end",
        "_entries",
        "_free",
        "_hand",
        "_known",
        "_legal",
        "_log",
        "_market_public",
        "_mask",
        "_over",
        "_penalty",
        "_penalty_number",
        "_pile",
        "_sizes",
        "_turn",
        "_unseen_codes",
        "_winners",
        "market_size",
        "rules",
        "seat",
    )

    rules: Rules
    seat: int
    market_size: int

    @classmethod
    def _of(cls, state, seat: int, legal: tuple[Move, ...] | None = None) -> PlayerView:
        """`state.view(seat)`. `legal`, when given, is `state.legal_moves()` on `seat`'s turn,
        already worked out by the caller (the view would find the same moves)."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state._players:
            raise ValueError(f"seat must be from 0 to {state._players - 1}, not {seat!r}")
        view = object.__new__(cls)
        view.rules = state.rules
        view.seat = seat
        view._hand = tuple(state._hands[seat])
        view._mask = state._masks[seat]  # the hand's distinct cards as bits (see legal.py)
        view._pile = tuple(state._pile)
        view._sizes = tuple(map(len, state._hands))
        view.market_size = len(state._market)
        public = state._public_bottom  # most often none: no slice to make
        view._market_public = tuple(state._market[:public]) if public else ()
        view._known = state._known
        view._turn = state._turn
        view._called = state._called
        view._free = state._free
        view._penalty = state._penalty
        view._penalty_number = state._penalty_number
        view._over = state._over
        view._winners = state._winners
        view._end = state._end
        view._log = state._log  # public: a draw is logged without its cards
        view._drawn = state._drawn[seat]  # the cards this seat drew, which it saw
        view._entries = None  # the log as a list, oldest first, built when first read
        view._unseen_codes = None  # the cards this seat cannot see, built when first asked
        view._legal = legal  # the legal moves, worked out on the first ask if not given
        return view

    # -------------------------------------------------------------------------------- reading

    @property
    def hand(self) -> tuple[Card, ...]:
        return tuple(CARDS[c] for c in self._hand)

    def hand_codes(self) -> tuple[int, ...]:
        """This seat's hand as card codes (`Card.code`), in the order received: what a player
        counts with at every decision, without making the cards."""
        return self._hand

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return self._sizes

    @property
    def players(self) -> int:
        return len(self._sizes)

    @property
    def known_cards(self) -> tuple[tuple[Card, ...], ...]:
        """Cards every seat knows to be in each hand (drawn from a market everyone had seen)."""
        return tuple(tuple(CARDS[c] for c in known) for known in self._known)

    @property
    def market_bottom(self) -> tuple[Card, ...]:
        """The bottom cards of the market that everyone has seen, the last drawn first."""
        return tuple(CARDS[c] for c in self._market_public)

    @property
    def events(self) -> tuple[Event, ...]:
        """The public events, oldest first, with other seats' drawn cards hidden."""
        return tuple(to_event(raw, viewer=self.seat) for raw in self._visible_log())

    def _visible_log(self) -> list[tuple]:
        if self._entries is None:
            self._entries = with_draws(self._log, {self.seat: self._drawn})
        return self._entries

    def legal_moves(self) -> tuple[Move, ...]:
        """The seat's legal moves; only when it is this seat's turn. The same as the state's
        `legal_moves()` at that moment (the same hand mask through the same functions)."""
        if self._legal is None:
            self._check_turn()
            playable = self._playable(self._mask)
            if self.rules.multiple_cards:
                self._legal = several_moves(self.rules, playable, self._hand)
            else:
                self._legal = moves_of_playable(self.rules, playable, len(self._hand) - 1)
        return self._legal

    def playable_cards(self) -> tuple[Card, ...]:
        """The distinct cards of the hand that fit the pile now, in card order, as the state's
        `playable_cards`: before the rule on going out, so under `win_on_special` off a last card
        that is special (or a Whot) is here though `legal_moves` has no play of it."""
        self._check_turn()
        return tuple(CARDS[c] for c in codes_of(self._playable(self._mask)))

    def explain(self, move: Move | str) -> str:
        from .state import _as_move

        self._check_turn()
        return explain_move(
            self.rules,
            list(self._hand),
            self._pile[-1] if self._pile else NO_CARD,
            self._called,
            self._free,
            self._penalty,
            self._penalty_number,
            _as_move(move),
            (self.market_size, max(len(self._pile) - 1, 0)),
        )[1]

    def _check_turn(self) -> None:
        if self._over:
            raise ValueError("the game is over: no more moves")
        if self._turn != self.seat:
            raise ValueError(f"it is {seat_name(self._turn)}'s turn, not {seat_name(self.seat)}'s")

    def _public(self) -> tuple:
        return (
            self.rules,
            self.seat,
            self._hand,
            self._pile,
            self._sizes,
            self.market_size,
            self._market_public,
            self._known,
            self._turn,
            self._called,
            self._free,
            self._penalty,
            self._penalty_number,
            self._over,
            self._winners,
            self._end,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayerView):
            return NotImplemented
        return self._public() == other._public() and self._visible_log() == other._visible_log()

    __hash__ = None  # type: ignore[assignment]

    def __copy__(self) -> PlayerView:
        return self  # read-only: a copy would be the same view

    def __deepcopy__(self, memo: dict) -> PlayerView:
        return self

    def __getstate__(self) -> dict:
        """For pickle: the log as a flat tuple, oldest first (as a chain of nested pairs a long
        game's log is too deep for pickle to recurse through), without the caches."""
        state = {name: getattr(self, name) for name in PlayerView.__slots__}
        state["_log"] = tuple(iter_log(self._log))
        state["_drawn"] = tuple(iter_log(self._drawn))
        state.update(_entries=None, _unseen_codes=None, _legal=None)  # built again
        return state

    def __setstate__(self, state: dict) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)
        self._log = chain_of(state["_log"])
        self._drawn = chain_of(state["_drawn"])

    def _repr_html_(self) -> str:
        """The table as this seat sees it: the other hands as card backs."""
        from ..show.pictures import state_repr_html

        return state_repr_html(self)

    def __repr__(self) -> str:
        return (
            f"<PlayerView seat {self.seat}: hand {[str(c) for c in self.hand]}, top {self.top}, "
            f"hands {list(self._sizes)}, market {self.market_size}>"
        )

    # ---------------------------------------------------------------------------- determinize

    def determinize(self, rng: random.Random):
        """A full `GameState` this seat cannot tell from the real one: every card the seat cannot
        see is dealt at random (consistent with the public knowledge), and the future reshuffles
        get a fresh seed from `rng`. Its view for this seat equals this view."""
        from .state import GameState

        rules = self.rules
        pool = self._unseen()
        shuffle_codes(rng, pool)  # the same as rng.shuffle(pool), a third faster
        hands = []
        for seat, size in enumerate(self._sizes):
            if seat == self.seat:
                hands.append(list(self._hand))
                continue
            hand = list(self._known[seat])
            take = size - len(hand)
            hand += pool[:take]
            del pool[:take]
            hands.append(hand)
        hidden_market = self.market_size - len(self._market_public)
        market = list(self._market_public) + pool[:hidden_market]
        # The seat's own draws as they were; the others' are not known, and stay hidden.
        drawn = [self._drawn if seat == self.seat else None for seat in range(len(hands))]
        return GameState._fresh(
            rules,
            {"determinized": self.seat},
            hands,
            list(self._pile),
            market,
            self._turn,
            seed=rng.getrandbits(64),
            log=self._log,  # the public log, shared: never changed
            drawn=drawn,
            known=self._known,
            public_bottom=len(self._market_public),
            called=self._called,
            free=self._free,
            penalty=self._penalty,
            penalty_number=self._penalty_number,
            over=self._over,
            winners=self._winners,
            end=self._end,
        )

    def _unseen(self) -> list[int]:
        """The codes of every card this seat cannot see, in code order (the same for every
        determinization of this view, so worked out once)."""
        if self._unseen_codes is None:
            rules = self.rules
            left = [0] * len(CARDS)
            for code in pack_codes(rules.whot_cards, rules.packs):
                left[code] += 1
            seen = [self._hand, self._pile, self._market_public]
            seen += [known for seat, known in enumerate(self._known) if seat != self.seat]
            for cards in seen:
                for code in cards:
                    left[code] -= 1
            self._unseen_codes = [code for code, n in enumerate(left) for _ in range(n)]
        return self._unseen_codes[:]
