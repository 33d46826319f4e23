"""Game state: the deal, whose turn it is, and what a move does to the table.

    >>> rules = Rules.preset("nigerian")
    >>> state = GameState.from_position(
    ...     rules, hands=[["circle 5", "star 7"], ["square 5"]], pile=["circle 11"])
    >>> [str(m) for m in state.legal_moves()]
    ['play circle 5', 'draw']
    >>> after = state.apply(Move.parse("play circle 5"))
    >>> after.hands[1], after.current_player        # pick three: seat 1 drew three, seat 0 again
    ...                                             # doctest: +ELLIPSIS
    ((Card.parse('square 5'), ...), 0)

`apply` is the checked path and returns a new state; `push` is the fast unchecked path that changes
the state in place, for simulations and search (as python-chess separates `push_san` from `push`).
A `GameState` sees everything; a player sees only `state.view(seat)`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from . import effects as fx
from .cards import CARDS, SHAPES, WHOT, Card, Shape, pack_codes, shuffle_codes
from .events import Event, chain_of, iter_log, to_event, with_draws
from .legal import (
    BIT,
    NO_CARD,
    WHOT_CODE,
    canonical,
    codes_of,
    explain_move,
    hand_mask,
    moves_of_playable,
    several_moves,
)
from .moves import Announcement, IllegalMove, Move
from .records import check_seed
from .rules import Announcements, Exhausted, Rules, Start, packs_text
from .scoring import POINTS_BY_CODE, count_winners
from .views import PlayerView, TableFacts

__all__ = ["GameState", "new_game"]

_NUMBER_OF = tuple(card.number for card in CARDS)
#: _ONE_CARD[code]: `(code,)`, prebuilt for the log of a one-card draw (the commonest move).
_ONE_CARD = tuple((code,) for code in range(len(CARDS)))
_SAY = {2: Announcement.SEMI_LAST_CARD, 1: Announcement.LAST_CARD}


#: How a copy takes a field: shared, since nothing changes it in place (numbers, tuples, the
#: rules, the logs as immutable chains); a new list (a move changes it in place); new lists.
SHARED, LIST, LISTS = "shared", "list", "lists"

#: The state's fields, declared once: `__slots__` and `clone` are made from this table, and
#: `GameState._fresh` is the one place the fields are first written.
_FIELDS: dict[str, str] = {
    "rules": SHARED,
    "_actions": SHARED,  # `rules._actions`: the effect function of each card code, or None
    "_origin": SHARED,  # the setup (a deal or a position), for records
    "_log": SHARED,  # the events, newest first, a chain of pairs (draws without their cards)
    "_moves": SHARED,  # the moves played, newest first, a chain of pairs
    "_players": SHARED,
    "_hands": LISTS,  # each seat's card codes, in the order received
    "_masks": LIST,  # each hand's distinct cards as bits (`hand_mask`), kept with the hand
    "_drawn": LIST,  # each seat's drawn cards, a chain (newest first) of a tuple a draw
    "_legal": SHARED,  # `legal_moves()`, a tuple kept from its first ask until the next move
    "_known": SHARED,  # the cards every seat knows each hand holds, a tuple of tuples
    "_pile": LIST,  # card codes, bottom first
    "_market": LIST,  # card codes, the top last
    "_public_bottom": SHARED,  # how many of the market's bottom cards everyone has seen
    "_turn": SHARED,
    "_called": SHARED,  # the shape a Whot on top asks for
    "_free": SHARED,  # the player to move may play any card (hold on, a Whot turned up)
    "_penalty": SHARED,  # cards the player to move must pick unless they defend
    "_penalty_number": SHARED,  # the number that made that pick, else 0
    "_over": SHARED,
    "_winners": SHARED,
    "_end": SHARED,  # why the game ended: "check_up" or "count"
    "_seed": SHARED,  # the seed of the reshuffles
    "_reshuffles": SHARED,  # how many reshuffles so far
}

#: What `_fresh` gives the fields its caller does not name (`None` known cards and draws: none).
_START: dict[str, Any] = {
    "log": None,
    "moves": None,
    "drawn": None,
    "known": None,
    "public_bottom": 0,
    "called": None,
    "free": False,
    "penalty": 0,
    "penalty_number": 0,
    "over": False,
    "winners": (),
    "end": None,
    "reshuffles": 0,
}


def _clone_function(fields: dict[str, str]):
    """`GameState.clone`, written out one line a field from `fields`, as `dataclasses` writes a
    class's `__init__`: a loop over the names would make `clone`, which search calls at every
    step, twice as slow (benchmarks/engine.py)."""
    copy = {SHARED: "self.{0}", LIST: "self.{0}[:]", LISTS: "[part[:] for part in self.{0}]"}
    lines = [f"    new.{name} = {copy[how].format(name)}" for name, how in fields.items()]
    source = "\n".join(["def clone(self):", "    new = object.__new__(GameState)", *lines])
    namespace: dict[str, Any] = {}
    exec(source + "\n    return new\n", globals(), namespace)
    clone = namespace["clone"]
    clone.__doc__ = "A copy that shares nothing mutable: cheap, for search."
    return clone


def new_game(rules: Rules, players: int = 2, seed: int = 0, dealer: int | None = None) -> GameState:
    """Shuffle with `seed`, cut for the dealer (unless given), deal, and turn up a start card.

    The same rules, players, seed and dealer always give the same deal.
    """
    return GameState._from_setup(
        rules, {"deal": {"players": players, "seed": seed, "dealer": dealer}}
    )


class GameState(TableFacts):
    """A whole game: every hand, the pile, the market, the turn and the log of events."""

    __slots__ = tuple(_FIELDS)

    rules: Rules

    # ------------------------------------------------------------------------------ construction

    @classmethod
    def from_position(
        cls,
        rules: Rules,
        hands: Sequence[Sequence[Card | str]],
        pile: Sequence[Card | str] = (),
        market: Sequence[Card | str] | None = None,
        to_play: int = 0,
        called: Shape | str | None = None,
        penalty: int = 0,
        seed: int = 0,
    ) -> GameState:
        """Any position, for teaching and tests.

        `pile` runs bottom to top; `market` lists the next card drawn first. Without a market the
        rest of the packs are shuffled with `seed`; with one, cards placed nowhere are out of this
        game. `penalty` is a pick waiting on `to_play` under defence (the top card's number).
        Impossible positions raise ValueError: a card more often than the packs hold it, a call
        with no Whot on top, an empty hand.
        """
        position = {
            "hands": hands,
            "pile": pile,
            "market": market,
            "to_play": to_play,
            "called": called,
            "penalty": penalty,
        }
        return cls._from_setup(rules, {"position": position, "seed": seed})

    @classmethod
    def _from_setup(cls, rules: Rules, setup: dict[str, Any]) -> GameState:
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules object, not {type(rules).__name__}")
        if "deal" in setup:
            return cls._dealt(rules, setup, **setup["deal"])
        position = _check_position(rules, seed=setup["seed"], **setup["position"])
        return cls._placed(rules, {"position": position, "seed": setup["seed"]})

    @classmethod
    def _fresh(
        cls,
        rules: Rules,
        origin: dict[str, Any],
        hands: list[list[int]],
        pile: list[int],
        market: list[int],
        turn: int,
        seed: int,
        **table: Any,
    ) -> GameState:
        """A state of `rules` from `origin` (its setup, for records): the one place a state's
        fields are first written, for a deal, a position and a determinization (views.py).

        `hands`, `pile` and `market` are lists of card codes (the market's top last); `table` may
        name any other field of `_FIELDS` without its underscore, and the fields not named start
        as a new game's do (`_START`). `_masks[seat]` is `hand_mask` of `_hands[seat]` (the
        distinct cards as bits, for `legal_moves`); every change to a hand updates its mask."""
        state = object.__new__(cls)
        state.rules = rules
        state._actions = rules._actions
        state._origin = origin
        state._players = len(hands)
        state._hands = hands
        state._masks = [hand_mask(hand) for hand in hands]
        state._legal = None  # `legal_moves()`, kept from its first ask until the next move
        state._pile = pile
        state._market = market
        state._turn = turn
        state._seed = seed
        for name, value in (_START | table).items():
            setattr(state, f"_{name}", value)
        if state._known is None:
            state._known = ((),) * len(hands)
        if state._drawn is None:
            state._drawn = [None] * len(hands)
        return state

    @classmethod
    def _dealt(
        cls, rules: Rules, origin: dict[str, Any], players: int, seed: int, dealer: int | None
    ) -> GameState:
        rules.check_players(players)
        check_seed(seed)
        rng = random.Random(seed)
        pack = list(pack_codes(rules.whot_cards, rules.packs))
        cuts: tuple = ()
        if dealer is None:
            dealer, cuts = _cut_for_deal(rng, pack, players)
        elif isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
            raise ValueError(f"dealer must be a seat from 0 to {players - 1}, not {dealer!r}")
        shuffle_codes(rng, pack)
        reshuffle_seed = rng.getrandbits(64)
        hands: list[list[int]] = [[] for _ in range(players)]
        for i in range(rules.hand_size * players):  # one card at a time, from the dealer's left
            hands[(dealer + 1 + i) % players].append(pack.pop())
        turn = (dealer + 1) % players
        cutter = (dealer - 1) % players  # the dealer's right cuts the shuffled pack (000, 003)
        state = cls._fresh(
            rules,
            origin,
            hands,
            pile=[],
            market=pack,  # the end of the list is the top of the market
            turn=turn,
            seed=reshuffle_seed,
            log=(("dealt", dealer, turn, cuts, cutter), None),
        )
        if rules.start is Start.TURN_UP:
            state._turn_up()
        elif rules.start is Start.TURN_UP_LIVE:
            state._turn_up_live(dealer)
        return state

    def _turn_up(self) -> None:
        """Turn up a plain start card; special cards and Whots go to the bottom of the market."""
        market, effects = self._market, self.rules._effects
        for _ in range(len(market)):
            code = market.pop()
            if code == WHOT_CODE or effects[code] is not None:
                market.insert(0, code)
                self._public_bottom += 1  # everyone saw it go under
                self._log = (("put_under", code), self._log)
                continue
            self._pile.append(code)
            self._log = (("turned_up", code), self._log)
            return
        # No plain card at all (every number special): the leader plays any card instead.

    def _turn_up_live(self, dealer: int) -> None:
        """`start = turn_up_live`: the top card of the market starts the pile, whatever it is,
        and acts as if the dealer had just played it (docs/rules.md, "The start"). Hold on and a
        Whot do nothing; on a Whot no shape is called, so the leader may play any card."""
        code = self._market.pop()
        self._pile.append(code)
        self._log = (("turned_up", code), self._log)
        if code == WHOT_CODE:
            self._free = True
            return
        effect = self.rules._effects[code]
        if effect is None or effect is fx.Effect.HOLD_ON:
            return
        self._actions[code](self, dealer, code)
        if effect is fx.Effect.GENERAL_MARKET and not self._over:
            self._turn = (dealer + 1) % self._players  # general_market_again: not for a start

    @classmethod
    def _placed(cls, rules: Rules, origin: dict[str, Any]) -> GameState:
        position, seed = origin["position"], origin["seed"]
        hands = [[Card.parse(t).code for t in hand] for hand in position["hands"]]
        pile = [Card.parse(t).code for t in position["pile"]]
        if position["market"] is None:
            rest = Counter(pack_codes(rules.whot_cards, rules.packs))
            rest.subtract(c for hand in hands for c in hand)
            rest.subtract(pile)
            market = sorted(rest.elements())
            shuffle_codes(random.Random(seed), market)
        else:
            market = [Card.parse(t).code for t in reversed(position["market"])]
        return cls._fresh(
            rules,
            origin,
            hands,
            pile,
            market,
            turn=position["to_play"],
            seed=seed,
            called=Shape(position["called"]) if position["called"] else None,
            penalty=position["penalty"],
            penalty_number=_NUMBER_OF[pile[-1]] if position["penalty"] else 0,
        )

    #: `clone()`: a copy that shares nothing mutable: cheap, for search.
    clone = _clone_function(_FIELDS)

    __copy__ = clone

    def __deepcopy__(self, memo: dict) -> GameState:
        """`clone()`, which is a deep copy already: what it shares (the logs, the rules) is never
        changed. `copy.deepcopy` itself would recurse once per event down the logs."""
        return self.clone()

    def __getstate__(self) -> dict[str, Any]:
        """For pickle: the logs as flat tuples, oldest first. As chains of nested pairs a long
        game's logs are too deep for pickle to recurse through."""
        state = {name: getattr(self, name) for name in GameState.__slots__}
        state["_log"] = tuple(iter_log(self._log))
        state["_moves"] = tuple(iter_log(self._moves))
        state["_drawn"] = [tuple(iter_log(chain)) for chain in self._drawn]
        state["_legal"] = None  # worked out again when asked
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self._legal = None  # (absent from pickles made before states kept their legal moves)
        for name, value in state.items():
            setattr(self, name, value)
        self._log = chain_of(state["_log"])
        self._moves = chain_of(state["_moves"])
        self._drawn = [chain_of(cards) for cards in state["_drawn"]]

    # ------------------------------------------------------------------------------- reading

    @property
    def players(self) -> int:
        return self._players

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every hand, in the order the cards were received."""
        return tuple(tuple(CARDS[c] for c in hand) for hand in self._hands)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """One seat's hand (`hands[seat]` without building the others: for playouts)."""
        return tuple(map(CARDS.__getitem__, self._hands[seat]))

    def hand_codes(self, seat: int) -> tuple[int, ...]:
        """One seat's hand as card codes (`Card.code`): what a playout policy counts with, at
        every move of every playout, without making the cards."""
        return tuple(self._hands[seat])

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds (as `PlayerView.hand_sizes`)."""
        return tuple(map(len, self._hands))

    @property
    def market(self) -> tuple[Card, ...]:
        """The market, next card drawn first."""
        return tuple(CARDS[c] for c in reversed(self._market))

    @property
    def market_size(self) -> int:
        return len(self._market)

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything that happened, oldest first, as typed events."""
        drawn = dict(enumerate(self._drawn))
        return tuple(to_event(raw) for raw in with_draws(self._log, drawn))

    @property
    def public_events(self) -> tuple[Event, ...]:
        """What everyone at the table saw, oldest first: every drawn card hidden. A spectator's
        screen (a projector over a game played from phones) may tell no seat's draws."""
        return tuple(to_event(raw) for raw in iter_log(self._log))

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves played so far, oldest first."""
        return tuple(iter_log(self._moves))

    def penalty_points(self) -> tuple[int, ...]:
        """Each seat's count of the cards it holds now (docs/rules.md, "Scoring")."""
        points = POINTS_BY_CODE[self.rules.star_double]
        return tuple(sum(points[c] for c in hand) for hand in self._hands)

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move for the player to move (empty once the game is over).

        Worked out once a position: a player asks, then `apply` checks its move against the same
        tuple (and `push` forgets it)."""
        legal = self._legal
        if legal is None:
            if self._over:
                return ()
            seat = self._turn
            playable = self._playable(self._masks[seat])
            if self.rules.multiple_cards:
                legal = several_moves(self.rules, playable, self._hands[seat])
            else:
                legal = moves_of_playable(self.rules, playable, len(self._hands[seat]) - 1)
            self._legal = legal
        return legal

    def playable_cards(self) -> tuple[Card, ...]:
        """The distinct cards the player to move could play now, in card order."""
        if self._over:
            return ()
        return tuple(CARDS[c] for c in codes_of(self._playable(self._masks[self._turn])))

    def explain(self, move: Move | str) -> str:
        """One friendly sentence: why `move` is or is not legal now, naming the rule."""
        return self._judge(_as_move(move))[1]

    def is_legal(self, move: Move | str) -> bool:
        return self._judge(_as_move(move))[0]

    def _judge(self, move: Move) -> tuple[bool, str]:
        if self._over:
            return False, "The game is over: no more moves."
        return explain_move(
            self.rules,
            self._hands[self._turn],
            self._pile[-1] if self._pile else NO_CARD,
            self._called,
            self._free,
            self._penalty,
            self._penalty_number,
            move,
            (len(self._market), max(len(self._pile) - 1, 0)),
        )

    # ------------------------------------------------------------------------------- moving

    def apply(self, move: Move | str) -> GameState:
        """The state after `move`, checked against the rules; `self` is left unchanged.

        Raises IllegalMove (a ValueError) whose message names the rule broken.
        """
        move = _as_move(move)
        legal = self.legal_moves()
        for listed in legal:  # most often the very object `legal_moves()` gave the player
            if listed is move:
                break
        else:
            move = self._checked(move, legal)
        new = self.clone()
        new.push(move)
        return new

    def _checked(self, move: Move, legal: tuple[Move, ...]) -> Move:
        """`move` as `push` takes it, or IllegalMove naming the rule it breaks. Only here, when the
        move is not one of the legal moves' own objects, is it compared by value (`==` on a Move
        runs Python code) and, when that fails too, explained: a refused move, or another legal
        spelling of one (an announcement under `informative`)."""
        if move in legal:
            return move
        ok, why = self._judge(move)
        if not ok:
            raise IllegalMove(why)
        return canonical(self.rules, move)

    def push(self, move: Move) -> None:
        """Make `move` in place WITHOUT checking it: the fast path for simulation and search.

        Only pass moves from `legal_moves()`; anything else leaves the state undefined.
        """
        self._legal = None
        self._moves = (move, self._moves)
        card = move.card
        if card is None:
            self._draw_turn()
        elif move.more:
            self._play_several(move)
        else:
            self._play(card.code, move)
        if not self._market and not self._over and self.rules.exhausted is Exhausted.COUNT_AT_ONCE:
            self._finish("count", None)  # the market ran out: count now (docs/rules.md)

    def _draw_turn(self) -> None:
        seat = self._turn
        if self._penalty:
            wanted, self._penalty, self._penalty_number = self._penalty, 0, 0
            self._draw(seat, wanted, "pick")
        else:
            self._draw(seat, 1, "market")
        self._free = False
        if not self._over:
            self._turn = (seat + 1) % self._players

    def _play(self, code: int, move: Move) -> None:
        """`move` puts the card `code` on the pile. A play that leaves two cards or fewer goes on
        in `_play_near_the_end`, so the common case here is short."""
        seat = self._turn
        hand = self._hands[seat]
        hand.remove(code)
        if code not in hand:  # the last of its kind (two packs, or several Whots)
            self._masks[seat] ^= BIT[code]
        if self._known[seat] and code in self._known[seat]:
            self._forget(seat, code)
        self._pile.append(code)
        self._called = move.call
        self._free = False
        self._log = (("played", seat, code, move.call), self._log)
        if self._penalty_number and code == WHOT_CODE:  # whot_cancels_pick: the pick is dropped
            self._log = (("pick_cancelled", seat, self._penalty), self._log)
            self._penalty = self._penalty_number = 0
        left = len(hand)
        if left <= 2:
            self._play_near_the_end(seat, code, left, move.announce)
            return
        action = self._actions[code]
        if action is None:
            self._turn = (seat + 1) % self._players
        else:
            action(self, seat, code)

    def _play_several(self, move: Move) -> None:
        """`multiple_cards`: the move's cards go on the pile in order, the last on top, and their
        effects add up (docs/rules.md, "Multiple cards"). Announcements count the cards left
        after the whole move."""
        seat = self._turn
        hand = self._hands[seat]
        codes = [card.code for card in move.cards]
        for code in codes:
            hand.remove(code)
            if code not in hand:
                self._masks[seat] ^= BIT[code]
            if self._known[seat] and code in self._known[seat]:
                self._forget(seat, code)
            self._pile.append(code)
            self._log = (("played", seat, code, None), self._log)
        self._called = None
        self._free = False
        left = len(hand)
        effect = self.rules._effects[codes[0]]
        if not left:  # check up: the effects are not applied, except the 1970s 4
            self._penalty = self._penalty_number = 0
            if effect in fx.APPLIES_ON_CHECK_UP:
                self._over = True
                fx.apply_several(self, seat, codes, effect)
            self._finish("check_up", (seat,))
            return
        missing = self._announce(seat, left, move.announce) if left <= 2 else None
        if effect is None:
            self._turn = (seat + 1) % self._players
        else:
            fx.apply_several(self, seat, codes, effect)
        if missing is not None and not self._over:
            self._log = (("announcement_missed", seat, missing), self._log)
            self._draw(seat, 2, "announcement")

    def _play_near_the_end(
        self, seat: int, code: int, left: int, said: Announcement | None
    ) -> None:
        """The rest of a play that leaves `left` (0, 1 or 2) cards: check up, or the card's effect
        with the announcement the rules ask for (docs/rules.md, "Announcements" and "When the market
        runs out")."""
        action = self._actions[code]
        if not left:  # check up: the effect is not applied, except the 1970s 4
            self._penalty = self._penalty_number = 0
            if self.rules._effects[code] in fx.APPLIES_ON_CHECK_UP:
                self._over = True  # already won: a dry market below stops the draws, no count
                action(self, seat, code)
            self._finish("check_up", (seat,))
            return
        missing = self._announce(seat, left, said)
        if action is None:
            self._turn = (seat + 1) % self._players
        else:
            action(self, seat, code)
        if missing is not None and not self._over:
            self._log = (("announcement_missed", seat, missing), self._log)
            self._draw(seat, 2, "announcement")

    def _announce(self, seat: int, left: int, said: Announcement | None) -> Announcement | None:
        """Log the announcement a play calls for; return the words missed under `penalty`."""
        mode = self.rules.announcements
        if mode is Announcements.NONE:
            return None
        needed = _SAY[left]
        if mode is Announcements.INFORMATIVE:
            if needed is Announcement.LAST_CARD:
                self._log = (("announced", seat, needed), self._log)
            return None
        if said is None:
            return needed
        self._log = (("announced", seat, said), self._log)
        return None

    # ------------------------------------------- what a card's effect may do (effects.py)

    def _note(self, event: tuple) -> None:
        """Log `event`, a small tuple (events.py reads it)."""
        self._log = (event, self._log)

    def _give_turn(self, seat: int, free: bool = False) -> None:
        """`seat` (counted on round the table) moves next; `free`: with any card it likes."""
        self._turn = seat % self._players
        self._free = free

    def _pick_waits(self, size: int, number: int) -> int:
        """Under defence: a pick of `size` more cards, made by `number`s, waits for the next
        player's answer. Returns the whole pick waiting."""
        self._penalty += size
        self._penalty_number = number
        return self._penalty

    # ------------------------------------------------------------------ mechanics of drawing

    def _draw(self, seat: int, wanted: int, reason: str) -> bool:
        """`seat` takes `wanted` cards, refilling the market as the rules say. If it cannot be
        refilled the game ends with a count (after the winner's last card the draw just stops).
        Returns False when the market ran dry."""
        market = self._market
        if len(market) - wanted >= self._public_bottom:
            # The common case, kept quick: every card comes from the hidden part of the market,
            # so none needs a refill and no one learns what was drawn.
            if wanted == 1:
                code = market.pop()
                got = _ONE_CARD[code]
                self._hands[seat].append(code)
                self._masks[seat] |= BIT[code]
            else:
                got = tuple(market[: -wanted - 1 : -1])  # the top `wanted` cards, top first
                del market[-wanted:]
                self._hands[seat].extend(got)
                self._masks[seat] |= hand_mask(got)
            self._log = (("drew", seat, None, reason, wanted, wanted), self._log)
            self._drawn[seat] = (got, self._drawn[seat])
            return True
        return self._draw_carefully(seat, wanted, reason)

    def _draw_carefully(self, seat: int, wanted: int, reason: str) -> bool:
        """`_draw` one card at a time: the market runs out on the way, or public cards are drawn."""
        market = self._market
        got = []
        for _ in range(wanted):
            if not market:
                if not self._refill():
                    break
                market = self._market
            code = market.pop()
            if len(market) < self._public_bottom:  # a card everyone saw go under or turned over
                self._public_bottom = len(market)
                self._learn(seat, code)
            got.append(code)
        self._hands[seat].extend(got)
        self._masks[seat] |= hand_mask(got)
        self._log = (("drew", seat, None, reason, wanted, len(got)), self._log)
        self._drawn[seat] = (tuple(got), self._drawn[seat])
        if len(got) < wanted:
            if not self._over:
                self._finish("count", None)
            return False
        return True

    def _refill(self) -> bool:
        """Make a new market from the pile under the top card; False if the rules say count."""
        exhausted = self.rules.exhausted
        if exhausted.counts or len(self._pile) <= 1:
            return False
        rest, self._pile = self._pile[:-1], self._pile[-1:]
        if exhausted is Exhausted.FLIP:
            rest.reverse()  # no shuffle: the first card played is the next card drawn
            self._public_bottom = len(rest)
            self._log = (("flipped", len(rest)), self._log)
        else:
            shuffle_codes(random.Random(f"whot-reshuffle:{self._seed}:{self._reshuffles}"), rest)
            self._public_bottom = 0
            self._log = (("reshuffled", len(rest)), self._log)
        self._reshuffles += 1
        self._market = rest
        return True

    def _learn(self, seat: int, code: int) -> None:
        known = list(self._known)
        known[seat] = (*known[seat], code)
        self._known = tuple(known)

    def _forget(self, seat: int, code: int) -> None:
        mine = list(self._known[seat])
        mine.remove(code)
        known = list(self._known)
        known[seat] = tuple(mine)
        self._known = tuple(known)

    def _finish(self, reason: str, winners: tuple[int, ...] | None) -> None:
        points = self.penalty_points()
        self._over = True
        self._end = reason
        self._winners = winners if winners is not None else count_winners(points)
        self._penalty = self._penalty_number = 0
        by_rule = reason == "count" and self.rules.exhausted.counts
        self._log = (("game_over", reason, self._winners, points, by_rule), self._log)

    # ------------------------------------------------------------------ fairness, records, text

    def view(self, seat: int):
        """What `seat` may see: its own hand, the pile, counts, and public events only.

        On its turn the view shares the state's legal moves (the same for both), so that the
        player's choice and `apply`'s check of it work them out once."""
        legal = self.legal_moves() if seat == self._turn and not self._over else None
        return PlayerView._of(self, seat, legal)

    def determinize(self, seat: int, rng: random.Random):
        """A full state `seat` cannot tell from this one: the hidden cards resampled with `rng`."""
        return self.view(seat).determinize(rng)

    def record(self):
        """This game as a `GameRecord` (rules, setup, moves, result), ready for `to_json()`."""
        from .records import GameRecord

        return GameRecord.of(self)

    def _repr_html_(self) -> str:
        """The table drawn in a notebook, every hand face up."""
        from ..show.pictures import state_repr_html

        return state_repr_html(self)

    def __repr__(self) -> str:
        top = self.top
        status = (
            f"over ({self._end}), winners {list(self._winners)}"
            if self._over
            else f"seat {self._turn} to play"
        )
        call = f" call {self._called}" if self._called else ""
        return (
            f"<GameState {self._players} players, top {top}{call}, market "
            f"{len(self._market)}, hands {[len(h) for h in self._hands]}, {status}>"
        )


# ----------------------------------------------------------------------------------- helpers


def _as_move(move: Move | str) -> Move:
    if isinstance(move, Move):
        return move
    if isinstance(move, str):
        return Move.parse(move)
    raise TypeError(f"a move must be a Move or move text, not {type(move).__name__}")


def _cut_for_deal(rng: random.Random, pack: list[int], players: int):
    """Each player cuts; the lowest deals (a Whot counts 20). Ties cut again among themselves."""
    contenders = list(range(players))
    while True:
        cut = rng.sample(pack, len(contenders))
        low = min(_NUMBER_OF[c] for c in cut)
        cuts = tuple(zip(contenders, cut, strict=True))
        contenders = [seat for seat, c in cuts if _NUMBER_OF[c] == low]
        if len(contenders) == 1:
            return contenders[0], cuts


def _cards_of(where: str, items: Iterable[Card | str]) -> list[Card]:
    if isinstance(items, str) or not isinstance(items, Sequence):
        raise TypeError(f"{where} must be a list of cards, not {type(items).__name__}")
    out = []
    for item in items:
        try:
            out.append(Card.of(item))
        except (TypeError, ValueError) as error:
            raise type(error)(f"{where}: {error}") from None
    return out


def _check_position(rules, hands, pile, market, to_play, called, penalty, seed) -> dict:
    """Validate a from_position request; return it as plain data (card text) for records."""
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules object, not {type(rules).__name__}")
    check_seed(seed)
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise TypeError("hands must be a list of hands, each a list of cards")
    hand_cards = [_cards_of(f"hands[{i}]", hand) for i, hand in enumerate(hands)]
    players = len(hand_cards)
    if not rules.min_players <= players <= rules.max_players:
        raise ValueError(
            f"hands: these rules allow {rules.min_players} to {rules.max_players} players, "
            f"not {players}"
        )
    for i, hand in enumerate(hand_cards):
        if not hand:
            raise ValueError(f"hands[{i}] is empty: a player with no cards has already won")
    pile_cards = _cards_of("pile", pile)
    market_cards = None if market is None else _cards_of("market", market)
    everything = Counter(c for hand in hand_cards for c in hand)
    everything.update(pile_cards)
    everything.update(market_cards or ())
    for card, count in sorted(everything.items()):
        held = rules.whot_cards * rules.packs if card.is_whot else rules.packs
        if not held:
            raise ValueError(
                f"{card}: these rules have no Whot card (whot_cards = 0, the Whot switched "
                "off), so no hand, pile or market may hold one"
            )
        if count > held:
            raise ValueError(
                f"{card} appears {count} times but {packs_text(rules.packs)} "
                f"{'holds' if rules.packs == 1 else 'hold'} {held} "
                f"(whot_cards = {rules.whot_cards}, packs = {rules.packs})"
            )
    if isinstance(to_play, bool) or not isinstance(to_play, int) or not 0 <= to_play < players:
        raise ValueError(f"to_play must be a seat from 0 to {players - 1}, not {to_play!r}")
    top = pile_cards[-1] if pile_cards else None
    if called is not None:
        called = Shape.parse(called) if isinstance(called, str) else called
        if called not in SHAPES:
            raise ValueError(f"called must be one of the five shapes, not {called}")
        if top != WHOT:  # by value: a Card built by hand is as good as Card.parse("whot")
            raise ValueError(f"called: a call needs a Whot on top of the pile, not {top}")
    elif top == WHOT:
        raise ValueError("called: a Whot on top of the pile needs a called shape")
    if isinstance(penalty, bool) or not isinstance(penalty, int) or penalty < 0:
        raise ValueError(f"penalty must be a whole number of cards, not {penalty!r}")
    if penalty:
        if not rules.defence:
            raise ValueError("penalty: a pick only waits for an answer under defence")
        if top is None or top.is_whot or rules.effect_of(top.number) not in fx.PICK_SIZE:
            raise ValueError(f"penalty: the top card ({top}) is not a pick card")
        size = fx.PICK_SIZE[rules.effect_of(top.number)]
        if rules.cross_defence and (penalty < size or penalty - size == 1):
            raise ValueError(  # the top card's size, then any number of twos and threes
                f"penalty: the {top} on top makes {size}, and twos and threes below it cannot "
                f"make {penalty}"
            )
        if not rules.cross_defence and penalty % size:
            raise ValueError(f"penalty: a pick of {top.number}s grows by {size}, so not {penalty}")
    return {
        "hands": [[str(c) for c in hand] for hand in hand_cards],
        "pile": [str(c) for c in pile_cards],
        "market": None if market_cards is None else [str(c) for c in market_cards],
        "to_play": to_play,
        "called": called.value if called else None,
        "penalty": penalty,
    }
