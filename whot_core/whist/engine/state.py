"""A game of Whist: the deals, the tricks, the scores, and what a card played does to the table.

    >>> state = new_game(seed=1)
    >>> state.hand_number, state.trump, state.current_player      # hearts first; South leads
    (1, <Suit.HEARTS: 'hearts'>, 0)
    >>> [len(hand) for hand in state.hands]
    [13, 13, 13, 13]
    >>> lead = state.legal_moves()[0]
    >>> after = state.apply(lead)
    >>> after.trick == ((0, lead),) and state.trick == ()          # apply never changes `state`
    True

A game runs hand after hand until a team has `rules.target` points at the end of a hand, or
for one hand when `rules.length` is "hand" (no next deal: the game is over). `apply`
is the checked path and returns a new state; `push` is the fast unchecked path that changes the
state in place, for simulations and search (as in Whot's `engine.state`). A `WhistState` sees every
hand; a player sees only `state.view(seat)`.

Each hand's deal comes from the game's seed and the hand's number alone, so the same seed and
cards give the same game everywhere (`random.Random` seeded with text hashes it with SHA-512).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from ...toolkit.errors import IllegalMove
from ...toolkit.records import check_seed
from .cards import CARDS, RANK_OF, SUIT_OF, SUITS, Card, Suit, sort_hand
from .events import Event, to_event
from .rules import SEATS, TEAMS, WhistRules, check_seat_names, team_of

__all__ = ["HAND_TRICKS", "Trick", "WhistState", "new_game"]

#: Tricks in a hand: 52 cards, four to a trick.
HAND_TRICKS = 13


def new_game(rules: WhistRules | None = None, seed: int = 0) -> WhistState:
    """Deal the first hand with `seed`; the same rules and seed always give the same game."""
    check_seed(seed)
    return WhistState._from_setup(rules or WhistRules(), {"deal": {"seed": seed}})


def deal(seed: int, hand: int, leader: int) -> list[list[int]]:
    """The 52 codes dealt one at a time clockwise, starting with the leader (left of the dealer).

    Each hand sorted by code, so that legal moves come in a fixed order.
    """
    order = list(range(52))
    random.Random(f"whist deal {seed} {hand}").shuffle(order)
    hands: list[list[int]] = [[], [], [], []]
    for i, code in enumerate(order):
        hands[(leader + i) % 4].append(code)
    for held in hands:
        held.sort()
    return hands


def beats(code: int, best: int, trump: int) -> bool:
    """Does `code` beat the card now winning the trick? A higher card of the winning card's suit
    does, and so does any trump over a card that is not a trump."""
    suit, best_suit = SUIT_OF[code], SUIT_OF[best]
    if suit == best_suit:
        return RANK_OF[code] > RANK_OF[best]
    return suit == trump


def trick_winner(codes: Sequence[int], leader: int, trump: int) -> tuple[int, int]:
    """(seat, code) of the card winning the trick so far: the highest trump played, else the
    highest card of the suit led. Cards of any other suit never win."""
    best = 0
    for i in range(1, len(codes)):
        if beats(codes[i], codes[best], trump):
            best = i
    return (leader + best) % 4, codes[best]


def _suit_index(suit: Suit | None) -> int:
    return -1 if suit is None else SUITS.index(suit)


class Trick:
    """A finished trick, as the table shows it: who led, the four cards in order, and who won."""

    __slots__ = ("cards", "leader", "number", "winner")

    def __init__(self, number: int, leader: int, codes: Sequence[int], winner: int) -> None:
        self.number = number
        self.leader = leader
        self.cards: tuple[tuple[int, Card], ...] = tuple(
            ((leader + i) % 4, CARDS[c]) for i, c in enumerate(codes)
        )
        self.winner = winner

    @property
    def winning_card(self) -> Card:
        return dict(self.cards)[self.winner]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Trick):
            return NotImplemented
        return (self.number, self.leader, self.cards, self.winner) == (
            other.number,
            other.leader,
            other.cards,
            other.winner,
        )

    def __hash__(self) -> int:
        return hash((self.number, self.leader, self.cards, self.winner))

    def __repr__(self) -> str:
        played = ", ".join(f"{SEATS[s]} {c}" for s, c in self.cards)
        return f"<Trick {self.number}: {played}; won by {SEATS[self.winner]}>"


class TableFacts:
    """What everyone at the table sees, shared by `WhistState` and `WhistView` (one definition).

    Subclasses keep `_trick` (codes in playing order), `_leader`, `_turn`, `_trump` (a suit index,
    -1 for no-trump), `_hand_no`, `_tricks`, `_scores`, `_done` (this hand's finished tricks as
    (leader, codes, winner)), `_voids` (a bit per suit a seat showed out of), `_over` and `_log`.
    """

    __slots__ = ()

    players = 4

    @property
    def current_player(self) -> int | None:
        """The seat to play, or None once the game is over."""
        return None if self._over else self._turn

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def hand_number(self) -> int:
        """The hand being played (or the last one, once the game is over), from 1."""
        return self._hand_no

    @property
    def trump(self) -> Suit | None:
        """This hand's trump suit; None on a no-trump hand."""
        return None if self._trump < 0 else SUITS[self._trump]

    @property
    def leader(self) -> int:
        """The seat that led (or is to lead) the current trick."""
        return self._leader

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The cards played to the current trick so far, as (seat, card) in playing order."""
        leader = self._leader
        return tuple(((leader + i) % 4, CARDS[c]) for i, c in enumerate(self._trick))

    @property
    def led(self) -> Suit | None:
        """The suit led to the current trick, or None before its first card."""
        return SUITS[SUIT_OF[self._trick[0]]] if self._trick else None

    @property
    def winning(self) -> tuple[int, Card] | None:
        """(seat, card) now winning the current trick, or None before its first card."""
        if not self._trick:
            return None
        seat, code = trick_winner(self._trick, self._leader, self._trump)
        return seat, CARDS[code]

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """This hand's finished tricks, first first."""
        before = sum(self._tricks) - len(self._done)  # tricks of a set position's past
        return tuple(
            Trick(before + i + 1, leader, codes, winner)
            for i, (leader, codes, winner) in enumerate(self._done)
        )

    @property
    def last_trick(self) -> Trick | None:
        """The most recently finished trick of this hand, or None before the first."""
        if not self._done:
            return None
        leader, codes, winner = self._done[-1]
        return Trick(sum(self._tricks), leader, codes, winner)

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks taken this hand by North–South and by East–West."""
        return tuple(self._tricks)  # type: ignore[return-value]

    @property
    def scores(self) -> tuple[int, int]:
        """Points of North–South and of East–West so far."""
        return tuple(self._scores)  # type: ignore[return-value]

    @property
    def winning_team(self) -> int | None:
        """0 (North–South) or 1 (East–West) once the game is over; None while it is live."""
        if not self._over:
            return None
        return 0 if self._scores[0] >= self._scores[1] else 1

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats of the winning partnership; empty while the game is live."""
        team = self.winning_team
        return () if team is None else (team, team + 2)

    def returns(self) -> tuple[float, ...]:
        """1 for each seat of the winning team, 0 for the others (zeros while live): the
        protocol's reward, so that partners share one win rather than half a win each."""
        team = self.winning_team
        return tuple(1.0 if team is not None and team_of(s) == team else 0.0 for s in range(4))

    def shown_out(self, seat: int) -> tuple[Suit, ...]:
        """The suits `seat` is known to lack this hand: it did not follow when they were led."""
        return tuple(suit for i, suit in enumerate(SUITS) if self._voids[seat] >> i & 1)

    @property
    def played(self) -> tuple[Card, ...]:
        """Every card played this hand, finished tricks and the current one, in order."""
        codes = [c for _, done, _ in self._done for c in done] + list(self._trick)
        return tuple(CARDS[c] for c in codes)

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything that happened, in order (all of it public in Whist)."""
        return tuple(to_event(entry) for entry in self._log)

    def events_since(self, start: int) -> tuple[Event, ...]:
        """The events from index `start` on: what a viewer adds after each step."""
        return tuple(to_event(entry) for entry in self._log[start:])

    @property
    def event_count(self) -> int:
        return len(self._log)

    def _legal_codes(self, hand: Sequence[int]) -> list[int]:
        """Follow suit when you can; otherwise any card (seed 001: trumping is never required)."""
        if self._trick:
            led = SUIT_OF[self._trick[0]]
            follow = [c for c in hand if SUIT_OF[c] == led]
            if follow:
                return follow
        return list(hand)

    def _explain(
        self, hand: Sequence[int], seat: int, card: Card, names: Sequence[str] = SEATS
    ) -> tuple[bool, str]:
        """(legal, one friendly sentence naming the rule) for `seat` playing `card`."""
        who = names[seat]
        if self._over:
            return False, "The game is over: no more cards are played."
        if seat != self._turn:
            return False, f"It is {names[self._turn]}'s turn, not {who}'s: play goes clockwise."
        if card.code not in hand:
            return False, f"{who} does not hold the {card}."
        trump = self.trump
        if not self._trick:
            if card.suit is trump:
                return True, (
                    f"Leading: {who} may lead any card, a trump too: Whist has no rule "
                    "against leading trumps."
                )
            return True, f"Leading: {who} may lead any card."
        led = SUITS[SUIT_OF[self._trick[0]]]
        if card.suit is led:
            return True, f"Following suit: {card} is a {led.singular}, the suit led."
        holding = [CARDS[c] for c in hand if SUIT_OF[c] == SUIT_OF[self._trick[0]]]
        if holding:
            listed = ", ".join(str(c) for c in sort_hand(holding))
            return False, (
                f"Follow suit: a {led.singular} was led and {who} holds {led.value} ({listed}), "
                f"so {who} must play one of them."
            )
        if card.suit is trump:
            _, best = self.winning  # type: ignore[misc]
            if best.suit is trump and best.rank > card.rank:
                return True, (
                    f"No {led.value} left, so {who} may play anything: {card} is a trump under "
                    f"the {best} and will not win, but overtrumping is never required."
                )
            return True, (
                f"No {led.value} left, so {who} may play anything: {card} is a trump and "
                "ruffs the trick."
            )
        return True, (
            f"No {led.value} left, so {who} may play anything: discarding the {card} is legal "
            "(trumping is never required)."
        )


class WhistState(TableFacts):
    """A whole game: four hands, the trick on the table, the tricks and scores, and the log."""

    __slots__ = (
        "_done",
        "_hand_no",
        "_hands",
        "_leader",
        "_log",
        "_moves",
        "_origin",
        "_over",
        "_scores",
        "_seed",
        "_trick",
        "_tricks",
        "_trump",
        "_turn",
        "_voids",
        "rules",
    )

    rules: WhistRules

    # ------------------------------------------------------------------------------ construction

    @classmethod
    def _from_setup(cls, rules: WhistRules, setup: dict[str, Any]) -> WhistState:
        if not isinstance(rules, WhistRules):
            raise TypeError(f"rules must be WhistRules, not {type(rules).__name__}")
        state = object.__new__(cls)
        state.rules = rules
        state._origin = setup
        state._moves = []
        state._log = []
        state._over = False
        state._scores = [0, 0]
        if "deal" in setup:
            state._seed = setup["deal"]["seed"]
            state._start_hand(1)
        else:
            state._set_position(**setup["position"])
        return state

    @classmethod
    def from_position(
        cls,
        hands: Sequence[Iterable[Card | str]],
        *,
        rules: WhistRules | None = None,
        trump: Suit | str | None = "rotation",
        leader: int | None = None,
        trick: Iterable[Card | str] = (),
        hand_number: int = 1,
        scores: tuple[int, int] = (0, 0),
        tricks_won: tuple[int, int] = (0, 0),
        seed: int = 0,
    ) -> WhistState:
        """Any position, for teaching and tests.

        `hands` holds South's, West's, North's and East's cards; `trick` the cards already played
        to the current trick, led by `leader` (default: the rotation's leader for `hand_number`).
        Cards in no hand and not in the trick were played in earlier tricks, whose winners
        `tricks_won` counts. `trump` is a suit, `"no-trump"` or None, or by default the
        rotation's for `hand_number`. Later hands are dealt from `seed`.

            >>> s = WhistState.from_position(
            ...     [["AD", "KS"], ["3D", "QH"], ["7D", "4C"], ["2S", "5H"]],
            ...     trump="spades", tricks_won=(6, 5))
            >>> s = s.apply("AD").apply("3D").apply("7D").apply("2S")
            >>> s.last_trick
            <Trick 12: South A♦, West 3♦, North 7♦, East 2♠; won by East>
            >>> s.current_player                       # the winner leads the next trick
            3
        """
        rules = rules or WhistRules()
        if not isinstance(rules, WhistRules):
            raise TypeError(f"rules must be WhistRules, not {type(rules).__name__}")
        if isinstance(hand_number, bool) or not isinstance(hand_number, int) or hand_number < 1:
            raise ValueError(f"hand_number counts from 1, not {hand_number!r}")
        if isinstance(trump, Suit):
            trump_name = trump.value
        elif trump is None or trump == "no-trump":
            trump_name = "no-trump"
        elif trump == "rotation":
            rotation = rules.trump_for(hand_number)
            trump_name = rotation.value if rotation else "no-trump"
        elif isinstance(trump, str):
            trump_name = Suit.parse(trump).value
        else:
            raise TypeError(f"trump must be a Suit, a suit name or None, not {trump!r}")
        if isinstance(hands, (str, bytes)) or len(hands) != 4:
            raise ValueError("hands: give four hands, South's, West's, North's and East's")
        position = {
            "hands": [[Card.of(c).ascii for c in hand] for hand in hands],
            "trick": [Card.of(c).ascii for c in trick],
            "trump": trump_name,
            "leader": rules.leader_for(hand_number) if leader is None else leader,
            "hand_number": hand_number,
            "scores": list(scores),
            "tricks_won": list(tricks_won),
            "seed": seed,
        }
        return cls._from_setup(rules, {"position": position})

    def _start_hand(self, number: int) -> None:
        """Deal hand `number` and set its trump and opening leader."""
        rules = self.rules
        self._hand_no = number
        self._trump = _suit_index(rules.trump_for(number))
        self._leader = self._turn = rules.leader_for(number)
        self._hands = deal(self._seed, number, self._leader)
        self._trick = []
        self._tricks = [0, 0]
        self._done = []
        self._voids = [0, 0, 0, 0]
        self._log.append(("deal", number, self._trump, self._leader))

    def _set_position(
        self,
        hands: list[list[str]],
        trick: list[str],
        trump: str,
        leader: int,
        hand_number: int,
        scores: list[int],
        tricks_won: list[int],
        seed: int,
    ) -> None:
        rules = self.rules
        for name, value in (("leader", leader), ("seed", seed)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} must be an int, not {type(value).__name__}")
        if not 0 <= leader <= 3:
            raise ValueError(f"leader must be a seat from 0 to 3, not {leader}")
        for name, pair in (("scores", scores), ("tricks_won", tricks_won)):
            if len(pair) != 2 or any(
                isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in pair
            ):
                raise ValueError(f"{name} must be two whole numbers of at least 0, not {pair!r}")
        if rules.length == "hand" and any(scores):
            raise ValueError(
                f"scores: a game of one hand starts at 0–0, not {scores[0]}–{scores[1]}"
            )
        if max(scores) >= rules.target:
            raise ValueError(
                f"scores: a team with {max(scores)} points has already won (target {rules.target})"
            )
        if not _scores_fit(hand_number - 1, scores):
            raise ValueError(
                f"scores: {scores[0]} and {scores[1]} points cannot stand after "
                f"{_hands_text(hand_number - 1)}: each hand gives one team 1 to 7 points, the "
                "other none"
            )
        codes = [[Card.parse(c).code for c in hand] for hand in hands]
        trick_codes = [Card.parse(c).code for c in trick]
        seen: dict[int, str] = {}
        for where, group in [(SEATS[s], codes[s]) for s in range(4)] + [("the trick", trick_codes)]:
            for code in group:
                if code in seen:
                    raise ValueError(
                        f"{CARDS[code]} is both in {seen[code]} and in {where}: a pack has one"
                    )
                seen[code] = where
        if len(trick_codes) > 3:
            raise ValueError("trick: at most three cards can be on the table; the fourth ends it")
        left = HAND_TRICKS - sum(tricks_won)
        if left < 1:
            raise ValueError(f"tricks_won: {sum(tricks_won)} tricks taken leaves none to play")
        for i in range(4):
            seat = (leader + i) % 4
            expected = left - 1 if i < len(trick_codes) else left
            if len(codes[seat]) != expected:
                played = " (it has played to this trick)" if i < len(trick_codes) else ""
                raise ValueError(
                    f"hands: {SEATS[seat]} must hold {expected} cards{played}, with "
                    f"{sum(tricks_won)} tricks taken, not {len(codes[seat])}"
                )
        self._seed = seed
        self._hand_no = hand_number
        self._trump = -1 if trump == "no-trump" else SUITS.index(Suit.parse(trump))
        self._leader = leader
        self._turn = (leader + len(trick_codes)) % 4
        self._hands = [sorted(hand) for hand in codes]
        self._trick = trick_codes
        self._tricks = list(tricks_won)
        self._scores = list(scores)
        self._done = []
        self._voids = [0, 0, 0, 0]
        if trick_codes:
            led = SUIT_OF[trick_codes[0]]
            for i, code in enumerate(trick_codes[1:], start=1):
                if SUIT_OF[code] != led:
                    self._voids[(leader + i) % 4] |= 1 << led
            for i, code in enumerate(trick_codes[1:], start=1):
                seat = (leader + i) % 4
                if SUIT_OF[code] != led and any(SUIT_OF[c] == led for c in codes[seat]):
                    raise ValueError(
                        f"trick: {SEATS[seat]} played {CARDS[code]} while holding a "
                        f"{SUITS[led].singular}: follow suit"
                    )

    # ---------------------------------------------------------------------------------- reading

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's cards, South first, sorted as players hold them."""
        return tuple(sort_hand(CARDS[c] for c in hand) for hand in self._hands)

    def hand(self, seat: int) -> tuple[Card, ...]:
        return sort_hand(CARDS[c] for c in self._hands[seat])

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(hand) for hand in self._hands)

    @property
    def moves(self) -> tuple[Card, ...]:
        """Every card played in the game, in order: what a record stores."""
        return tuple(CARDS[c] for c in self._moves)

    @property
    def seed(self) -> int:
        return self._seed

    def legal_moves(self) -> tuple[Card, ...]:
        """The cards the player to move may play, in code order; empty once the game is over."""
        if self._over:
            return ()
        return tuple(CARDS[c] for c in self._legal_codes(self._hands[self._turn]))

    def explain(self, move: Card | str, names: Sequence[str] | None = None) -> str:
        """Why playing `move` now is or is not legal, in one sentence naming the rule. `names`
        are the four seats' names in seat order (the players' own at a table; South, West,
        North and East without)."""
        card = Card.of(move)
        return self._explain(self._hands[self._turn], self._turn, card, check_seat_names(names))[1]

    def view(self, seat: int):
        """What `seat` may see: its own hand and the table, never the other hands."""
        from .views import WhistView

        return WhistView._of(self, seat)

    def record(self):
        from .records import WhistRecord

        return WhistRecord.of(self)

    # ------------------------------------------------------------------------------------ moves

    def apply(self, move: Card | str) -> WhistState:
        """The state after the player to move plays `move`: checked, and `self` is unchanged.

        Raises IllegalMove naming the rule when the card may not be played.
        """
        card = Card.of(move)
        legal, why = self._explain(self._hands[self._turn], self._turn, card)
        if not legal:
            raise IllegalMove(why)
        after = self.clone()
        after.push(card)
        return after

    def push(self, card: Card) -> None:
        """Play `card` for the player to move, in place and unchecked (the fast path)."""
        self._play(card.code)

    def _play(self, code: int) -> None:
        seat = self._turn
        self._hands[seat].remove(code)
        self._moves.append(code)
        trick = self._trick
        led = SUIT_OF[trick[0]] if trick else -1
        if led >= 0 and SUIT_OF[code] != led:
            self._voids[seat] |= 1 << led
        self._log.append(("play", seat, code, led, self._trump))
        trick.append(code)
        if len(trick) < 4:
            self._turn = (seat + 1) % 4
            return
        winner, best = trick_winner(trick, self._leader, self._trump)
        self._tricks[winner % 2] += 1
        self._done.append((self._leader, tuple(trick), winner))
        self._log.append(
            ("trick", winner, best, sum(self._tricks), self._leader, tuple(trick), self._trump)
        )
        self._trick = []
        self._leader = self._turn = winner
        if not self._hands[winner]:
            self._end_hand()

    def _end_hand(self) -> None:
        """Count the tricks, score past the book, and end the game (a team at the target, or a
        game of one hand) or deal the next hand."""
        rules = self.rules
        points = [rules.points_for(t) for t in self._tricks]
        self._scores = [s + p for s, p in zip(self._scores, points, strict=True)]
        self._log.append(("hand", self._hand_no, *self._tricks, *points, *self._scores))
        if max(self._scores) >= rules.target or rules.length == "hand":
            self._over = True
            team = 0 if self._scores[0] >= self._scores[1] else 1
            self._log.append(("game", team, *self._scores))
        else:
            self._start_hand(self._hand_no + 1)

    def clone(self) -> WhistState:
        """A copy that moves independently (the log and move list are copied, not shared)."""
        other = object.__new__(WhistState)
        other.rules = self.rules
        other._origin = self._origin
        other._seed = self._seed
        other._hand_no = self._hand_no
        other._trump = self._trump
        other._leader = self._leader
        other._turn = self._turn
        other._over = self._over
        other._hands = [hand[:] for hand in self._hands]
        other._trick = self._trick[:]
        other._tricks = self._tricks[:]
        other._scores = self._scores[:]
        other._done = self._done[:]
        other._voids = self._voids[:]
        other._log = self._log[:]
        other._moves = self._moves[:]
        return other

    # -------------------------------------------------------------------------------- pictures

    def _repr_html_(self) -> str:
        from ..show.pictures import table_repr_html

        return table_repr_html(self)

    def __repr__(self) -> str:
        if self._over:
            team = self.winning_team
            return f"<WhistState: {TEAMS[team]} won {self._scores[0]}–{self._scores[1]}>"
        trump = self.trump.value if self.trump else "no-trump"
        return (
            f"<WhistState: hand {self._hand_no} ({trump}), trick {sum(self._tricks) + 1}, "
            f"{SEATS[self._turn]} to play, score {self._scores[0]}–{self._scores[1]}>"
        )


def _hands_text(hands: int) -> str:
    """ "no hand", "one hand", "3 hands": how an error names the hands played."""
    return {0: "no hand", 1: "one hand"}.get(hands, f"{hands} hands")


def _scores_fit(hands_played: int, scores: Sequence[int]) -> bool:
    """Whether a score can stand after `hands_played` hands: each hand gives exactly one team
    1 to 7 points (13 tricks, six of them the book), so a team that won `h` of them holds from
    `h` to `7 h` points, and the two teams' hands add up to the hands played."""

    def hands_for(points: int) -> range:
        return range(0, 1) if points == 0 else range(-(-points // 7), points + 1)

    return any(hands_played - h in hands_for(scores[1]) for h in hands_for(scores[0]))
