"""Whist's heuristic player: the classic rules of thumb of trick play, counting trumps as seed
001 urges; the reason names the rule that decided, with the cards."""

from __future__ import annotations

from collections.abc import Sequence

from ...toolkit.decisions import Decision
from ..engine.cards import CARDS, RANK_OF, SUIT_OF, SUITS
from ..engine.rules import SEATS, check_seat_names, partner, team_of
from ..engine.state import beats, trick_winner
from ..engine.views import WhistView

__all__ = ["RULES_OF_THUMB", "HeuristicPlayer"]

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


_Choice = tuple[int, str, str]  # the card's code, the rule of thumb, the reason


def _lead(r: _Reading) -> _Choice:
    """The card to lead: the first rule of thumb that applies, in `RULES_OF_THUMB`'s order."""
    hand, trump = r.hand, r.trump
    side = [s for s in sorted({SUIT_OF[c] for c in hand}) if s != trump]
    trumps = _cards_of(hand, trump) if trump >= 0 else []
    if trump < 0:
        return _draw_trumps(r, trumps) or _run_long_suit(r, side)
    return (
        _draw_trumps(r, trumps)
        or _cash_a_boss(r, side)
        or _lead_long_suit(r, side)
        or _lead_trump(r, side, trumps)
        or _lead_ruffable_suit(r, side)
    )


def _draw_trumps(r: _Reading, trumps: list[int]) -> _Choice | None:
    """Draw trumps: we hold at least as many as are still out, and an opponent may hold some."""
    out = r.trumps_out
    if not (trumps and r.enemy_trumps_possible and len(trumps) >= max(out, 2)):
        return None
    card = _lead_card(r, trumps)
    reason = (
        f"Draw trumps: we hold {len(trumps)} of the {len(trumps) + out} trumps still out; lead "
        f"the {_card(card)} to pull the rest."
    )
    return card, "draw_trumps", reason


def _run_long_suit(r: _Reading, side: list[int]) -> _Choice:
    """No-trump: run the long suit, cashing its winners first."""
    long = min(side, key=lambda s: _suit_rank(r, s))
    cards = _cards_of(r.hand, long)
    card = _lead_card(r, cards)
    boss = " (the highest left in the suit)" if r.is_boss(card) else ""
    reason = (
        f"No trumps: nothing can be ruffed, so length decides; lead {_SUIT_NAMES[long]} "
        f"({_count(len(cards), 'card')}), the {_card(card)}{boss}."
    )
    return card, "no_trump", reason


def _cash_a_boss(r: _Reading, side: list[int]) -> _Choice | None:
    """A side suit's highest card left, when no opponent can ruff it (or it may not reach)."""
    bosses = [c for s in side for c in _cards_of(r.hand, s)[-1:] if r.is_boss(c)]
    out = r.trumps_out
    if bosses and not r.enemy_trumps_possible:
        card = min(bosses, key=lambda c: _suit_rank(r, SUIT_OF[c]))
        why = "no trumps are still out" if out == 0 else "both opponents have shown out of trumps"
        reason = f"Count trumps: {why}, so no opponent can ruff the {_card(card)}; cash it."
        return card, "count_trumps", reason
    safe = [c for c in bosses if r.safe_to_cash(SUIT_OF[c])]
    if not safe:
        return None
    card = min(safe, key=lambda c: _suit_rank(r, SUIT_OF[c]))
    reason = (
        f"Cash a winner: the {_card(card)} is the highest {SUITS[SUIT_OF[card]].singular} "
        f"left, and {_count(out, 'trump')} still out may not reach it."
    )
    return card, "cash_winners", reason


def _lead_long_suit(r: _Reading, side: list[int]) -> _Choice | None:
    """The long suit, avoiding suits an opponent has shown out of while it may ruff."""
    opponents = [(r.seat + 1) % 4, (r.seat + 3) % 4]
    fair = [
        s for s in side if not (r.enemy_trumps_possible and any(s in r.voids[o] for o in opponents))
    ]
    if not fair:
        return None
    long = min(fair, key=lambda s: _suit_rank(r, s))
    cards = _cards_of(r.hand, long)
    card = _lead_card(r, cards)
    longest = max(len(_cards_of(r.hand, s)) for s in side)
    which = (
        "the long suit"
        if len(cards) == longest
        else "the longest suit no opponent has shown out of"
    )
    reason = (
        f"Lead from {which}: {_SUIT_NAMES[long]} ({_count(len(cards), 'card')}), "
        f"the {_card(card)}; {_count(r.trumps_out, 'trump')} still out."
    )
    return card, "lead_long_suit", reason


def _lead_trump(r: _Reading, side: list[int], trumps: list[int]) -> _Choice | None:
    """A trump, when only trumps are left or every side suit would be ruffed."""
    if not trumps:
        return None
    card = _lead_card(r, trumps)
    why = (
        "only trumps are left"
        if not side
        else f"an opponent has shown out of every side suit, with {_count(r.trumps_out, 'trump')} "
        "still out"
    )
    return card, "lead_trump", f"Lead a trump: {why}; the {_card(card)}."


def _lead_ruffable_suit(r: _Reading, side: list[int]) -> _Choice:
    """Nothing better: the long suit's lowest card, though an opponent may ruff it."""
    long = min(side, key=lambda s: _suit_rank(r, s))
    card = _cards_of(r.hand, long)[0]
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
