"""Whist players: a random one, one that explains its rules of thumb, and a searching one.

The players follow Whot's (`whot_core.whot.players`): `choose(view) -> Decision`, where `view` is
`state.view(seat)`, and a player sees that view and nothing else. The `Decision` type and the
search (`whot_core.toolkit.search.ismcts` over `whot_core.toolkit.protocol`) are shared.

- `RandomPlayer(seed)`: any legal card, uniformly at random.
- `HeuristicPlayer()`: the classic rules of thumb (`RULES_OF_THUMB`), counting trumps as seed 001
  urges; the reason names the rule that decided, with the cards.
- `SearchPlayer(simulations, time_limit, seed)`: information-set MCTS to the end of the hand, with
  a fast follow-to-win playout and the heuristic's card given a head start.
- `LEVELS`: the AI levels (random, heuristic, search), each one of these players, in the registry
  of every game's levels (`whot_core.toolkit.levels`); `make_player` is `LEVELS.make`.

    >>> from whot_core.whist import WhistState
    >>> state = WhistState.from_position(
    ...     [["KD", "3D", "2C"], ["AD", "2H", "3C"], ["6D", "7C", "8C"], ["4H", "5H"]],
    ...     trump="spades", leader=3, trick=["10D"], tricks_won=(5, 5))
    >>> decision = HeuristicPlayer().choose(state.view(0))
    >>> decision.reason
    'Second hand low: keep the high diamonds for later; the 3♦.'

"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...toolkit.decisions import Decision
from ...toolkit.decisions import search_details as _search_details
from ...toolkit.levels import levels_of
from ...toolkit.protocol import GameHooks
from ...toolkit.search import MoveStats, SearchResult, ismcts, search_reason
from ..engine.cards import CARDS, RANK_OF, SUIT_OF, SUITS
from ..engine.rules import SEATS, check_seat_names, partner, team_of
from ..engine.state import beats, trick_winner
from ..engine.views import WhistView, deal_unseen

__all__ = [
    "GUIDE_BONUS",
    "LEVELS",
    "RULES_OF_THUMB",
    "WHIST_HOOKS",
    "Decision",
    "HeuristicPlayer",
    "RandomPlayer",
    "SearchPlayer",
    "make_player",
    "playout_move",
]

# ----------------------------------------------------------------------------------- random


class RandomPlayer:
    """Any legal card, uniformly at random: the floor every other player must beat."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, view: WhistView) -> Decision:
        moves = view.legal_moves()
        move = moves[self._rng.randrange(len(moves))]
        count = f"{len(moves)} legal card{'' if len(moves) == 1 else 's'}"
        reason = f"Random: the {move} was picked at random from {count}."
        return Decision(move, reason, {"moves": [str(m) for m in moves]})

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed!r})"


# -------------------------------------------------------------------------------- heuristic

#: The rules of thumb, by the name a decision's details give them (in the order they are tried).
RULES_OF_THUMB: dict[str, str] = {
    "only_card": "play the only legal card",
    "draw_trumps": (
        "lead trumps when you hold most of those still out, so that your side-suit winners "
        "cannot be ruffed"
    ),
    "count_trumps": (
        "count the trumps as they fall, 'the single most valuable habit in Whist', in the "
        "words of the online game's rules: "
        "once the last enemy trump is gone, side-suit winners are safe to cash"
    ),
    "no_trump": (
        "on the no-trump hand nothing can be ruffed, so length and high cards decide, as the "
        "online game's rules say: "
        "cash the long suit's winners and keep leading it"
    ),
    "cash_winners": "lead a boss card, the highest left in its suit, while no one can ruff it",
    "lead_long_suit": "lead from your longest side suit: its small cards may become winners",
    "lead_trump": "lead a trump when only trumps are left, or every side suit would be ruffed",
    "second_hand_low": "second hand low: keep your high cards for later; partner plays last",
    "third_hand_high": "third hand high: play high to win the trick or force out a higher card",
    "win_cheaply": "in fourth seat, win with the cheapest card that does it",
    "partner_winning": "do not overtake a partner who is sure to win: play low or discard",
    "ruff": (
        "void in the suit led, trump it when an opponent is winning: 'the lowliest trump beats "
        "the mightiest side-suit ace', as the online game's rules put it"
    ),
    "overruff": "when an opponent has trumped, trump higher if you can",
    "follow_low": "when you cannot win the trick, follow with your lowest card",
    "discard": (
        "when you cannot win, discard the lowest card of a short weak suit; keep trumps, and "
        "keep winners while a smaller card can go"
    ),
}

_SUIT_NAMES = tuple(suit.value for suit in SUITS)


def _card(code: int) -> str:
    return str(CARDS[code])


def _cards_of(codes: Sequence[int], suit: int) -> list[int]:
    return [c for c in codes if SUIT_OF[c] == suit]


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


class _Reading:
    """What the heuristic reads from a view, once per decision: all of it public.

    Codes are the engine's card indices (`Card.code`); `unseen` holds the cards in the other three
    hands (which of them holds which stays hidden), so a card is a *boss* when no unseen card of
    its suit is higher.
    """

    __slots__ = (
        "enemies_void",
        "hand",
        "names",
        "seat",
        "trick",
        "trump",
        "unseen",
        "unseen_by_suit",
        "view",
        "voids",
    )

    def __init__(self, view: WhistView, names: Sequence[str] = SEATS) -> None:
        self.view = view
        self.names = names
        self.seat = view.seat
        self.hand = sorted(c.code for c in view.hand)
        self.unseen = frozenset(c.code for c in view.unseen)
        self.unseen_by_suit = [sum(1 for c in self.unseen if SUIT_OF[c] == s) for s in range(4)]
        trump = view.trump
        self.trump = -1 if trump is None else SUITS.index(trump)
        self.trick = [c.code for _, c in view.trick]
        self.voids = [{SUITS.index(s) for s in view.shown_out(seat)} for seat in range(4)]
        opponents = [(self.seat + 1) % 4, (self.seat + 3) % 4]
        self.enemies_void = [all(s in self.voids[o] for o in opponents) for s in range(4)]

    # What the seat can work out about the cards still out.

    def is_boss(self, code: int) -> bool:
        """No card still out in the other hands beats `code` in its own suit."""
        top = SUIT_OF[code] * 13 + 12
        return not any(c in self.unseen for c in range(code + 1, top + 1))

    def cheapest_equal(self, code: int, hand: Sequence[int]) -> int:
        """The lowest card of `hand` as good as `code`: no unseen card lies between them."""
        best = code
        c = code - 1
        while c >= SUIT_OF[code] * 13 and c not in self.unseen:
            if c in hand:
                best = c
            c -= 1
        return best

    @property
    def trumps_out(self) -> int:
        """Trumps in the other three hands (partner's included: they are hidden too)."""
        return self.unseen_by_suit[self.trump] if self.trump >= 0 else 0

    @property
    def enemy_trumps_possible(self) -> bool:
        """Could an opponent still hold a trump? Not once none are out, or both showed out."""
        return self.trump >= 0 and self.trumps_out > 0 and not self.enemies_void[self.trump]

    def safe_to_cash(self, suit: int) -> bool:
        """Can a boss card of `suit` be led without an opponent ruffing it, as far as we know?"""
        if not self.enemy_trumps_possible or suit == self.trump:
            return True
        opponents = [(self.seat + 1) % 4, (self.seat + 3) % 4]
        if any(suit in self.voids[o] for o in opponents):
            return False
        return self.unseen_by_suit[suit] >= 4  # enough out that both opponents likely follow


class HeuristicPlayer:
    """The classic rules of thumb of trick play, tried in order (see `RULES_OF_THUMB`).

    Leading: draw trumps when strong, cash safe winners (counting trumps to know when they are
    safe), lead from the long suit, or (on the no-trump hand) run the long suit. Following: second
    hand low, third hand high, win cheaply in fourth seat, never overtake a partner's sure winner,
    ruff or overruff an opponent's winner when void, else discard from a short weak suit.
    Deterministic: every tie is broken by suit and rank, never by set or dict order.

    `names` are the seats' names its reasons use (a table's players' own; South, West, North and
    East without).
    """

    def __init__(self, names: Sequence[str] | None = None) -> None:
        self.names = check_seat_names(names)

    def choose(self, view: WhistView) -> Decision:
        moves = view.legal_moves()
        if not moves:
            raise ValueError(f"{self.names[view.seat]} has no card to play: it is not their turn")
        r = _Reading(view, self.names)
        legal = [m.code for m in moves]
        if len(legal) == 1:
            code, rule = legal[0], "only_card"
            reason = f"Only card: the {_card(code)} is {self.names[r.seat]}'s only legal card."
        elif not r.trick:
            code, rule, reason = _lead(r)
        else:
            code, rule, reason = _follow(r, legal)
        details = {
            "rule": rule,
            "rule_text": RULES_OF_THUMB[rule],
            "trumps_out": r.trumps_out,
            "moves": [str(m) for m in moves],
        }
        return Decision(CARDS[code], reason, details)

    def __repr__(self) -> str:
        return "HeuristicPlayer()"


def _suit_rank(r: _Reading, suit: int) -> tuple:
    """Sort key for choosing a suit to lead: longer first, then stronger, then suit order."""
    cards = _cards_of(r.hand, suit)
    return (-len(cards), -max(RANK_OF[c] for c in cards), suit)


def _lead_card(r: _Reading, cards: list[int]) -> int:
    """From one suit: the top of a sequence (a boss, or two touching cards), else the lowest."""
    top = cards[-1]
    low_end = r.cheapest_equal(top, cards)
    if r.is_boss(top) or low_end != top:
        return top
    return cards[0]


def _lead(r: _Reading) -> tuple[int, str, str]:
    hand, trump = r.hand, r.trump
    suits = sorted({SUIT_OF[c] for c in hand})
    side = [s for s in suits if s != trump]
    trumps = _cards_of(hand, trump) if trump >= 0 else []
    out = r.trumps_out
    # Draw trumps: we hold at least as many as are still out, and an opponent may hold some.
    if trumps and r.enemy_trumps_possible and len(trumps) >= max(out, 2):
        card = _lead_card(r, trumps)
        total = len(trumps) + out
        reason = (
            f"Draw trumps: we hold {len(trumps)} of the {total} trumps still out; lead the "
            f"{_card(card)} to pull the rest."
        )
        return card, "draw_trumps", reason
    if trump < 0:  # no-trump: run the long suit, cashing its winners first
        long = min(side, key=lambda s: _suit_rank(r, s))
        cards = _cards_of(hand, long)
        card = _lead_card(r, cards)
        boss = " (the highest left in the suit)" if r.is_boss(card) else ""
        reason = (
            f"No trumps: nothing can be ruffed, so length decides; lead {_SUIT_NAMES[long]} "
            f"({_count(len(cards), 'card')}), the {_card(card)}{boss}."
        )
        return card, "no_trump", reason
    bosses = [c for s in side for c in _cards_of(hand, s)[-1:] if r.is_boss(c)]
    if bosses:
        safe_now = [c for c in bosses if not r.enemy_trumps_possible]
        if safe_now:
            card = min(safe_now, key=lambda c: _suit_rank(r, SUIT_OF[c]))
            why = (
                "no trumps are still out" if out == 0 else "both opponents have shown out of trumps"
            )
            reason = f"Count trumps: {why}, so no opponent can ruff the {_card(card)}; cash it."
            return card, "count_trumps", reason
        safe = [c for c in bosses if r.safe_to_cash(SUIT_OF[c])]
        if safe:
            card = min(safe, key=lambda c: _suit_rank(r, SUIT_OF[c]))
            reason = (
                f"Cash a winner: the {_card(card)} is the highest {SUITS[SUIT_OF[card]].singular} "
                f"left, and {_count(out, 'trump')} still out may not reach it."
            )
            return card, "cash_winners", reason
    # Lead from the long suit, avoiding suits an opponent has shown out of while it may ruff.
    opponents = [(r.seat + 1) % 4, (r.seat + 3) % 4]
    fair = [
        s for s in side if not (r.enemy_trumps_possible and any(s in r.voids[o] for o in opponents))
    ]
    if fair:
        long = min(fair, key=lambda s: _suit_rank(r, s))
        cards = _cards_of(hand, long)
        card = _lead_card(r, cards)
        longest = max(len(_cards_of(hand, s)) for s in side)
        which = (
            "the long suit"
            if len(cards) == longest
            else "the longest suit no opponent has shown out of"
        )
        reason = (
            f"Lead from {which}: {_SUIT_NAMES[long]} ({_count(len(cards), 'card')}), "
            f"the {_card(card)}; {_count(out, 'trump')} still out."
        )
        return card, "lead_long_suit", reason
    if trumps:
        card = _lead_card(r, trumps)
        why = (
            "only trumps are left"
            if not side
            else f"an opponent has shown out of every side suit, with {_count(out, 'trump')} "
            "still out"
        )
        return card, "lead_trump", f"Lead a trump: {why}; the {_card(card)}."
    long = min(side, key=lambda s: _suit_rank(r, s))
    card = _cards_of(hand, long)[0]
    reason = (
        f"Lead from the long suit: {_SUIT_NAMES[long]}, the {_card(card)}, though an opponent "
        "has shown out of it."
    )
    return card, "lead_long_suit", reason


def _partner_holds(r: _Reading, best: int) -> str | None:
    """Will partner's card, now winning, hold against the players still to come?

    "sure" when no card the seat cannot see could beat it, "likely" when only a ruff by an
    opponent who has not shown out of the suit led could, None when it may well lose.
    """
    if not r.is_boss(best):
        return None
    trump, led = r.trump, SUIT_OF[r.trick[0]]
    if trump < 0 or SUIT_OF[best] == trump:
        return "sure"
    later = [(r.seat + k) % 4 for k in range(1, 4 - len(r.trick))]
    # Only the opponents still to play can ruff it (partner has played).
    later = [s for s in later if team_of(s) != team_of(r.seat)]
    if not r.enemy_trumps_possible or not later:
        return "sure"
    if not any(led in r.voids[s] for s in later) and r.unseen_by_suit[led] >= len(later):
        return "likely"
    return None


def _follow(r: _Reading, legal: list[int]) -> tuple[int, str, str]:
    trick, trump, seat = r.trick, r.trump, r.seat
    view = r.view
    me = r.names[seat]
    led = SUIT_OF[trick[0]]
    position = len(trick) + 1
    win_seat, best = trick_winner(trick, view.leader, trump)
    partner_wins = win_seat == partner(seat)
    who = r.names[win_seat]
    following = SUIT_OF[legal[0]] == led
    beating = [c for c in legal if beats(c, best, trump)]
    low = legal[0]
    holds = None
    if partner_wins:
        holds = "sure" if position == 4 else _partner_holds(r, best)
    if holds:
        card = low if following else _discard(r, legal)
        verb = "play" if following else "discard"
        takes = (
            "takes the trick"
            if holds == "sure"
            else f"should take the trick, as no higher {SUITS[SUIT_OF[best]].singular} is out"
        )
        reason = f"Partner is winning: {who}'s {_card(best)} {takes}; {verb} the {_card(card)}."
        return card, "partner_winning", reason
    if following:
        if position == 2:
            card = low
            high = _SUIT_NAMES[led] if len(legal) > 1 else "cards"
            reason = f"Second hand low: keep the high {high} for later; the {_card(card)}."
            return card, "second_hand_low", reason
        if beating:  # partner can be winning here only in third seat, and not surely
            top = beating[-1]
            card = beating[0] if position == 4 else r.cheapest_equal(top, beating)
            if position == 4:
                reason = (
                    f"Win cheaply: last to play, {me} takes {who}'s {_card(best)} with the "
                    f"{_card(card)}, the lowest card that wins."
                )
                return card, "win_cheaply", reason
            reason = f"Third hand high: {me} plays the {_card(card)} to beat {who}'s {_card(best)}."
            return card, "third_hand_high", reason
        suit = SUITS[led].singular
        reason = f"Follow low: no {suit} {me} holds beats the {_card(best)}; the {_card(low)}."
        return low, "follow_low", reason
    # Void in the suit led.
    trumps = [c for c in legal if SUIT_OF[c] == trump]
    if trumps and not partner_wins:
        over = [c for c in trumps if beats(c, best, trump)]
        if over:
            card = over[0]
            if SUIT_OF[best] == trump:
                reason = (
                    f"Overruff: {who} trumped with the {_card(best)}; the {_card(card)} is higher."
                )
                return card, "overruff", reason
            reason = (
                f"Ruff: no {_SUIT_NAMES[led]} left, so the {_card(card)} trump beats {who}'s "
                f"{_card(best)}."
            )
            return card, "ruff", reason
    card = _discard(r, legal)
    if partner_wins:
        reason = f"Partner is winning: {who}'s {_card(best)} is ahead; discard the {_card(card)}."
        return card, "partner_winning", reason
    reason = (
        f"Discard: no {_SUIT_NAMES[led]} left and no way to win; {_discard_why(r, legal, card)}."
    )
    return card, "discard", reason


def _discard(r: _Reading, legal: list[int]) -> int:
    """The lowest card of the shortest side suit without a boss card; trumps last.

    When every side suit holds a boss, the lowest card that is not one, so that no winner is
    thrown while a smaller card can go: from the shortest suit whose lowest card is not a boss.
    """
    suits = sorted({SUIT_OF[c] for c in legal})

    def key(suit: int) -> tuple:
        cards = _cards_of(legal, suit)
        boss = any(r.is_boss(c) for c in cards)
        return (suit == r.trump, r.is_boss(cards[0]), boss, len(cards), RANK_OF[cards[0]], suit)

    return _cards_of(legal, min(suits, key=key))[0]


def _discard_why(r: _Reading, legal: list[int], card: int) -> str:
    """Why `_discard` threw `card`, in words true of the hand."""
    suit = SUIT_OF[card]
    cards = _cards_of(legal, suit)
    if suit == r.trump:
        return f"only trumps are left, so throw the lowest, the {_card(card)}"
    if not any(r.is_boss(c) for c in cards):
        return f"throw the {_card(card)} from a short weak suit"
    trumps = any(SUIT_OF[c] == r.trump for c in legal)
    if not r.is_boss(card):
        suits = "every side suit" if trumps else "every suit"
        return f"{suits} holds a winner, so throw the {_card(card)} and keep the {_card(cards[-1])}"
    cards_word = "every card but the trumps" if trumps else "every card"
    return f"{cards_word} is a winner, so throw the {_card(card)} from the shortest suit"


# ------------------------------------------------------------------------------ the search

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


class SearchPlayer:
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
        if simulations is None and time_limit is None:
            simulations = 1000
        self.simulations = simulations
        self.time_limit = time_limit
        self.seed = seed
        self._rng = random.Random(seed)
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



#: Whist's AI levels, weakest first (the same names as Whot's), in the registry of every game's
#: levels: `LEVELS.make(level, seed, simulations, names=...)` builds a player, the heuristic
#: calling the seats by `names`.
LEVELS = levels_of("whist")
LEVELS.add(
    "random",
    "Plays any card it may, at random.",
    lambda seed, simulations, names=None: RandomPlayer(seed),
)
LEVELS.add(
    "heuristic",
    "Plays by the rules of thumb a good Whist player uses, and says which one decided.",
    lambda seed, simulations, names=None: HeuristicPlayer(names),
)
LEVELS.add(
    "search",
    "Tries each card in many deals of the hidden cards, played to the end of the hand, and "
    "plays the one that takes most tricks for its side.",
    lambda seed, simulations, names=None: SearchPlayer(simulations=simulations, seed=seed),
    searches=True,
)
make_player = LEVELS.make
