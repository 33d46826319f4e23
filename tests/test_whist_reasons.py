"""The Whist heuristic's reasons are true of the position (`whot_core.whist.players`).

A reason is teaching text: a learner reads "no way to win" or "the highest heart left" and trusts
it. Each reason kind is read back here, its cards and numbers parsed out of the words, and every
claim is checked against the full table (`WhistState`), which the player never sees: a claim that
is true there is true of the position. The audit plays many seeded hands, heuristic against
heuristic and heuristic against random (for positions the heuristic would not reach by itself),
and every reason kind the player has must turn up.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from whot_core.whist import SEATS, Card, Suit, WhistState, new_game
from whot_core.whist.engine.rules import partner, team_of
from whot_core.whist.players import RULES_OF_THUMB, HeuristicPlayer, RandomPlayer

CARD = r"((?:10|[2-9JQKA])[♠♥♣♦])"
SEAT = "(" + "|".join(SEATS) + ")"
SUIT = "(" + "|".join(s.value for s in Suit) + ")"
SINGULAR = "(" + "|".join(s.singular for s in Suit) + ")"
NUMBER = r"(\d+)"


def card(text: str) -> Card:
    return Card.parse(text)


class Table:
    """The facts a reason may claim, read from the full state before the card is played."""

    def __init__(self, state: WhistState) -> None:
        self.state = state
        self.seat = state.current_player
        self.hand = set(state.hand(self.seat))
        self.legal = list(state.legal_moves())
        self.others = {c for s in range(4) if s != self.seat for c in state.hand(s)}
        self.held = self.hand | self.others  # every card not yet played
        self.trump = state.trump
        self.trick = state.trick
        self.led = state.led
        self.winning = state.winning
        self.position = len(self.trick) + 1
        self.opponents = [(self.seat + 1) % 4, (self.seat + 3) % 4]

    def suit_of_hand(self, suit: Suit) -> list[Card]:
        return sorted(c for c in self.hand if c.suit is suit)

    def highest_left(self, c: Card) -> bool:
        """No card of its suit still in any hand is higher: it is the boss."""
        return not any(o.suit is c.suit and o.rank > c.rank for o in self.held)

    def boss_for_seat(self, c: Card) -> bool:
        """No card the seat cannot see is higher in its suit (its own cards do not count)."""
        return not any(o.suit is c.suit and o.rank > c.rank for o in self.others)

    def beats(self, c: Card, best: Card) -> bool:
        if c.suit is best.suit:
            return c.rank > best.rank
        return c.suit is self.trump

    def trumps_in(self, cards) -> int:
        return sum(1 for c in cards if c.suit is self.trump)

    def shown_out(self, seat: int, suit: Suit) -> bool:
        return suit in self.state.shown_out(seat)

    def later_seats(self) -> list[int]:
        """The seats still to play to this trick after this seat."""
        return [(self.seat + k) % 4 for k in range(1, 4 - len(self.trick))]

    def can_beat_later(self, best: Card, seats: list[int]) -> bool:
        """Could one of `seats` legally play a card that beats `best`, as the hands lie?"""
        for s in seats:
            hand = self.state.hand(s)
            follow = [c for c in hand if c.suit is self.led]
            if any(self.beats(c, best) for c in follow or hand):
                return True
        return False

    def side_suits(self) -> list[Suit]:
        return sorted({c.suit for c in self.hand if c.suit is not self.trump}, key=list(Suit).index)


def match(pattern: str, reason: str) -> tuple[str, ...]:
    found = re.fullmatch(pattern, reason)
    assert found, f"the reason does not read as its kind says: {reason!r} !~ {pattern!r}"
    return found.groups()


# ------------------------------------------------------------------ one check for each reason kind


def check_only_card(t: Table, move: Card, reason: str) -> None:
    text, name = match(rf"Only card: the {CARD} is {SEAT}'s only legal card\.", reason)
    assert t.legal == [move] and card(text) == move and name == SEATS[t.seat]


def check_draw_trumps(t: Table, move: Card, reason: str) -> None:
    mine, total, text = match(
        rf"Draw trumps: we hold {NUMBER} of the {NUMBER} trumps still out; lead the {CARD} to "
        "pull the rest.",
        reason,
    )
    assert not t.trick and card(text) == move and move.suit is t.trump
    assert int(mine) == t.trumps_in(t.hand)
    assert int(total) == t.trumps_in(t.held) > int(mine)  # "the rest": some are out


def check_no_trump(t: Table, move: Card, reason: str) -> None:
    suit, count, text, boss = match(
        rf"No trumps: nothing can be ruffed, so length decides; lead {SUIT} \({NUMBER} cards?\), "
        rf"the {CARD}( \(the highest left in the suit\))?\.",
        reason,
    )
    assert t.trump is None and not t.trick and card(text) == move and move.suit.value == suit
    assert int(count) == len(t.suit_of_hand(move.suit))
    assert int(count) == max(len(t.suit_of_hand(s)) for s in t.side_suits())  # the long suit
    assert bool(boss) == t.highest_left(move)


def check_count_trumps(t: Table, move: Card, reason: str) -> None:
    why, text = match(
        r"Count trumps: (no trumps are still out|both opponents have shown out of trumps), so "
        rf"no opponent can ruff the {CARD}; cash it\.",
        reason,
    )
    assert not t.trick and card(text) == move and move.suit is not t.trump
    if why.startswith("no trumps"):
        assert t.trumps_in(t.others) == 0
    else:
        assert all(t.shown_out(o, t.trump) for o in t.opponents)
    assert not any(c.suit is t.trump for o in t.opponents for c in t.state.hand(o))
    assert t.highest_left(move)  # "cash it": a winner


def check_cash_winners(t: Table, move: Card, reason: str) -> None:
    text, suit, out = match(
        rf"Cash a winner: the {CARD} is the highest {SINGULAR} left, and {NUMBER} trumps? still "
        "out may not reach it.",
        reason,
    )
    assert not t.trick and card(text) == move and move.suit.singular == suit
    assert move.suit is not t.trump and t.highest_left(move)
    assert int(out) == t.trumps_in(t.others)


def check_lead_long_suit(t: Table, move: Card, reason: str) -> None:
    assert not t.trick and move.suit is not t.trump
    length = len(t.suit_of_hand(move.suit))
    longest = max(len(t.suit_of_hand(s)) for s in t.side_suits())
    if reason.endswith("though an opponent has shown out of it."):
        suit, text = match(
            rf"Lead from the long suit: {SUIT}, the {CARD}, though an opponent has shown out of "
            r"it\.",
            reason,
        )
        assert any(t.shown_out(o, move.suit) for o in t.opponents)
        assert length == longest
    else:
        which, suit, count, text, out = match(
            r"Lead from (the long suit|the longest suit no opponent has shown out of): "
            rf"{SUIT} \({NUMBER} cards?\), the {CARD}; {NUMBER} trumps? still out\.",
            reason,
        )
        assert int(count) == length
        assert int(out) == t.trumps_in(t.others)
        if which == "the long suit":
            assert length == longest
        else:
            assert not any(t.shown_out(o, move.suit) for o in t.opponents)
            for other in t.side_suits():
                if len(t.suit_of_hand(other)) > length:
                    assert any(t.shown_out(o, other) for o in t.opponents)
    assert card(text) == move and move.suit.value == suit


def check_lead_trump(t: Table, move: Card, reason: str) -> None:
    why, out, text = match(
        r"Lead a trump: (only trumps are left|an opponent has shown out of every side suit, "
        rf"with {NUMBER} trumps? still out); the {CARD}\.",
        reason,
    )
    assert not t.trick and card(text) == move and move.suit is t.trump
    if why.startswith("only"):
        assert all(c.suit is t.trump for c in t.hand)
    else:
        assert t.side_suits()
        for suit in t.side_suits():
            assert any(t.shown_out(o, suit) for o in t.opponents)
        assert int(out) == t.trumps_in(t.others) > 0


def check_second_hand_low(t: Table, move: Card, reason: str) -> None:
    suit, text = match(rf"Second hand low: keep the high {SUIT} for later; the {CARD}\.", reason)
    assert t.position == 2 and card(text) == move and move == min(t.legal)
    assert move.suit is t.led and suit == t.led.value
    assert any(c.suit is t.led and c.rank > move.rank for c in t.hand)


def check_third_hand_high(t: Table, move: Card, reason: str) -> None:
    me, text, who, best = match(
        rf"Third hand high: {SEAT} plays the {CARD} to beat {SEAT}'s {CARD}\.", reason
    )
    assert t.position == 3 and me == SEATS[t.seat] and card(text) == move
    assert (who, card(best)) == (SEATS[t.winning[0]], t.winning[1])
    assert t.beats(move, t.winning[1])


def check_win_cheaply(t: Table, move: Card, reason: str) -> None:
    me, who, best, text = match(
        rf"Win cheaply: last to play, {SEAT} takes {SEAT}'s {CARD} with the {CARD}, the lowest "
        "card that wins.",
        reason,
    )
    assert t.position == 4 and me == SEATS[t.seat] and card(text) == move
    assert (who, card(best)) == (SEATS[t.winning[0]], t.winning[1])
    assert team_of(t.winning[0]) != team_of(t.seat)
    assert t.beats(move, t.winning[1])
    assert not any(t.beats(c, t.winning[1]) for c in t.legal if c.rank < move.rank)


def check_partner_winning(t: Table, move: Card, reason: str) -> None:
    who_seat, best = t.winning
    assert who_seat == partner(t.seat)
    if " takes the trick; " in reason:
        who, text, verb, mine = match(
            rf"Partner is winning: {SEAT}'s {CARD} takes the trick; (play|discard) the {CARD}\.",
            reason,
        )
        # "takes the trick": nobody still to play can beat it, however the hands lie.
        assert not t.can_beat_later(best, t.later_seats())
    elif " should take the trick" in reason:
        who, text, suit, verb, mine = match(
            rf"Partner is winning: {SEAT}'s {CARD} should take the trick, as no higher "
            rf"{SINGULAR} is out; (play|discard) the {CARD}\.",
            reason,
        )
        assert suit == best.suit.singular and t.boss_for_seat(best)
    else:
        who, text, mine = match(
            rf"Partner is winning: {SEAT}'s {CARD} is ahead; discard the {CARD}\.", reason
        )
        verb = "discard"
    assert (who, card(text)) == (SEATS[who_seat], best) and card(mine) == move
    if verb == "play":
        assert move.suit is t.led and move == min(t.legal)
    else:
        assert not any(c.suit is t.led for c in t.hand)


def check_ruff(t: Table, move: Card, reason: str) -> None:
    suit, text, who, best = match(
        rf"Ruff: no {SUIT} left, so the {CARD} trump beats {SEAT}'s {CARD}\.", reason
    )
    assert suit == t.led.value and not any(c.suit is t.led for c in t.hand)
    assert card(text) == move and move.suit is t.trump
    assert (who, card(best)) == (SEATS[t.winning[0]], t.winning[1])
    assert team_of(t.winning[0]) != team_of(t.seat)
    assert t.beats(move, t.winning[1]) and t.winning[1].suit is not t.trump


def check_overruff(t: Table, move: Card, reason: str) -> None:
    who, best, text = match(
        rf"Overruff: {SEAT} trumped with the {CARD}; the {CARD} is higher\.", reason
    )
    assert (who, card(best)) == (SEATS[t.winning[0]], t.winning[1])
    assert team_of(t.winning[0]) != team_of(t.seat)
    assert t.led is not t.trump and t.winning[1].suit is t.trump  # "trumped": a ruff
    assert not any(c.suit is t.led for c in t.hand)
    assert card(text) == move and move.suit is t.trump and move.rank > t.winning[1].rank


def check_follow_low(t: Table, move: Card, reason: str) -> None:
    suit, me, best, text = match(
        rf"Follow low: no {SINGULAR} {SEAT} holds beats the {CARD}; the {CARD}\.", reason
    )
    assert me == SEATS[t.seat] and card(best) == t.winning[1] and card(text) == move
    assert suit == t.led.singular
    assert move.suit is t.led and move == min(t.legal)
    # "no diamond South holds": the words count only the suit led, which South must play.
    assert not any(t.beats(c, t.winning[1]) for c in t.hand if c.suit is t.led)


def check_discard(t: Table, move: Card, reason: str) -> None:
    suit, rest = match(rf"Discard: no {SUIT} left and no way to win; (.+)\.", reason)
    assert suit == t.led.value and not any(c.suit is t.led for c in t.hand)
    assert team_of(t.winning[0]) != team_of(t.seat)
    # "no way to win": no card the seat holds would win the trick as it stands.
    assert not any(t.beats(c, t.winning[1]) for c in t.hand)
    side = t.side_suits()
    weak = [s for s in side if not any(t.boss_for_seat(c) for c in t.suit_of_hand(s))]
    if rest.startswith("throw the") and rest.endswith("from a short weak suit"):
        (text,) = match(rf"throw the {CARD} from a short weak suit", rest)
        assert card(text) == move and move.suit in weak
        assert len(t.suit_of_hand(move.suit)) == min(len(t.suit_of_hand(s)) for s in weak)
        assert move == min(t.suit_of_hand(move.suit))
    elif rest.startswith("only trumps"):
        (text,) = match(rf"only trumps are left, so throw the lowest, the {CARD}", rest)
        assert card(text) == move and all(c.suit is t.trump for c in t.hand)
        assert move == min(t.hand)
    elif rest.startswith(("every suit", "every side suit")):
        which, text, top = match(
            rf"(every suit|every side suit) holds a winner, so throw the {CARD} and keep the "
            rf"{CARD}",
            rest,
        )
        assert side and not weak and card(text) == move and not t.boss_for_seat(move)
        assert card(top).suit is move.suit and t.highest_left(card(top))
        assert (which == "every side suit") == any(c.suit is t.trump for c in t.hand)
    else:
        which, text = match(
            rf"(every card|every card but the trumps) is a winner, so throw the {CARD} from the "
            "shortest suit",
            rest,
        )
        assert card(text) == move and move.suit is not t.trump
        assert (which == "every card") == (not any(c.suit is t.trump for c in t.hand))
        assert all(t.boss_for_seat(c) for s in side for c in t.suit_of_hand(s))
        assert len(t.suit_of_hand(move.suit)) == min(len(t.suit_of_hand(s)) for s in side)


CHECKS = {
    "only_card": check_only_card,
    "draw_trumps": check_draw_trumps,
    "count_trumps": check_count_trumps,
    "no_trump": check_no_trump,
    "cash_winners": check_cash_winners,
    "lead_long_suit": check_lead_long_suit,
    "lead_trump": check_lead_trump,
    "second_hand_low": check_second_hand_low,
    "third_hand_high": check_third_hand_high,
    "win_cheaply": check_win_cheaply,
    "partner_winning": check_partner_winning,
    "ruff": check_ruff,
    "overruff": check_overruff,
    "follow_low": check_follow_low,
    "discard": check_discard,
}


def audit(state: WhistState, decision) -> None:
    """Fail, naming the position, if `decision`'s reason says anything untrue of `state`."""
    rule = decision.details["rule"]
    try:
        CHECKS[rule](Table(state), decision.move, decision.reason)
    except AssertionError as error:
        hands = [[c.ascii for c in h] for h in state.hands]
        raise AssertionError(
            f"{rule}: {decision.reason!r} is not true of the position: hands {hands}, trick "
            f"{[str(c) for _, c in state.trick]}, trump {state.trump}: {error}"
        ) from None


# --------------------------------------------------------------------------------------- tests


def test_every_reason_kind_has_a_check():
    assert CHECKS.keys() == RULES_OF_THUMB.keys()


def audited_games(games: int, seed: int) -> Counter:
    """Play whole seeded games (every trump and the no-trump hand), auditing every heuristic
    decision; half the games seat random players at East and West. The rules seen, counted."""
    seen: Counter = Counter()
    heuristic = HeuristicPlayer()
    for i in range(games):
        state = new_game(seed=seed + i)
        rnd = RandomPlayer(seed=seed + i)
        players = [heuristic] * 4 if i % 2 == 0 else [heuristic, rnd] * 2
        while not state.is_over:
            player = players[state.current_player]
            decision = player.choose(state.view(state.current_player))
            if player is heuristic:
                audit(state, decision)
                seen[decision.details["rule"]] += 1
            state.push(decision.move)
    return seen


def test_every_heuristic_reason_is_true_of_its_position():
    seen = audited_games(60, seed=100)
    assert set(seen) == set(RULES_OF_THUMB), f"never produced: {set(RULES_OF_THUMB) - set(seen)}"


@pytest.mark.parametrize("seed", range(3))
def test_reasons_stay_true_in_random_positions(seed):
    """From positions reached by random play, where every hand is an odd one."""
    rng = random.Random(seed)
    heuristic = HeuristicPlayer()
    for i in range(60):
        state = new_game(seed=seed * 1000 + i)
        for _ in range(rng.randrange(52)):
            moves = state.legal_moves()
            state.push(moves[rng.randrange(len(moves))])
        while not state.is_over and state.hand_number == 1:
            decision = heuristic.choose(state.view(state.current_player))
            audit(state, decision)
            state.push(decision.move)


def test_the_heuristics_reasons_call_the_seats_by_the_names_given():
    """At a table people are called by their names: the same decisions, the names swapped in."""
    names = ("Ada", "Bo", "Chi", "Dan")
    named, plain = HeuristicPlayer(names), HeuristicPlayer()
    state, seen = new_game(seed=11), 0
    while not state.is_over and state.hand_number == 1:
        view = state.view(state.current_player)
        by_name, by_seat = named.choose(view), plain.choose(view)
        assert by_name.move == by_seat.move
        told = by_seat.reason
        for seat, name in zip(SEATS, names, strict=True):
            told = re.sub(rf"\b{seat}\b", name, told)
        assert by_name.reason == told
        seen += any(name in by_name.reason for name in names)
        state = state.apply(by_seat.move)
    assert seen  # some reason names a seat
