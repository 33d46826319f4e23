"""See the difference: what one toggle changes, and one deal played under two rule sets.

`contrast(rules_a, rules_b, toggle)` searches small generated positions (seeded, so always the
same answer) for the first one where the toggle's two values lead to a different outcome, and
says what happens under each:

    >>> from whot_core import Rules
    >>> shown = contrast(Rules.preset("nigerian"), Rules.preset("nigerian_street"), "defence")
    >>> shown.state_a.hands == shown.state_b.hands, str(shown.move)
    (True, 'play star 5')
    >>> print(shown.text)       # doctest: +NORMALIZE_WHITESPACE
    Seat 0 plays star 5 on circle 5: under rules A (no answering a pick with another card of its
    number), Seat 1 picks three (circle 8, cross 1, square 11), then Seat 1 misses a turn, then
    Seat 0 plays next; under rules B (a pick answered with another card of its number), Seat 1
    must answer with the same number or pick 3, then Seat 1 may play cross 5 or draw.

`first_difference(rules_a, rules_b, seed=...)` deals the same cards under both rule sets, lets
the same AI players play, and stops where the two games part, naming the toggles responsible.

Only the engine's public API is used: a contrast is found by playing positions, not written by
hand, so every sentence here is what the engine did.
"""

from __future__ import annotations

import copy
import hashlib
import itertools
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.cards import CARDS, WHOT, Card, Shape, in_shape_names
from ..engine.effects import PICK_SIZE, Effect
from ..engine.events import Event, HeldOn, PenaltyGrows, Played
from ..engine.moves import Announcement, Move
from ..engine.narrate import describe_event, seat_name, seat_names
from ..engine.phrases import setting_phrase
from ..engine.rules import Announcements, Exhausted, Rules, rule_label, value_words
from ..engine.state import GameState, new_game

__all__ = [
    "PLAY_TOGGLES",
    "Contrast",
    "Divergence",
    "RuleAct",
    "contrast",
    "first_difference",
    "first_rule_act",
    "seat_players",
]

#: The toggles that act during play, so that a single position can show them (each declares it).
PLAY_TOGGLES: tuple[str, ...] = tuple(f.name for f in Rules.fields() if f.in_play)

#: Where a toggle that acts at the deal shows: `first_difference` (the Side by side page).
DEAL_SHOWS = "one deal played under both rule sets shows it"

#: The toggles that act before play (the deal) or after it (the match), and where they show.
_NOT_IN_PLAY: dict[str, str] = {
    "whot_cards": f"it changes the pack, so the deal ({DEAL_SHOWS})",
    "packs": f"it changes the pack, so the deal ({DEAL_SHOWS})",
    "hand_size": f"it changes the deal ({DEAL_SHOWS})",
    "start": f"it changes how the first card is laid ({DEAL_SHOWS})",
    "match": "it changes how games make a match, not a game",
    "min_players": "it changes who may sit down, not the play",
    "max_players": "it changes who may sit down, not the play",
}

#: How many generated positions `contrast` tries before it gives up.
_BUDGET = 400
#: After this many positions `contrast` settles for the best found so far (when a toggle acts
#: only together with another one, no position can be perfect).
_PATIENCE = 60
_SAY = {2: Announcement.SEMI_LAST_CARD, 1: Announcement.LAST_CARD}
_LABELS = ("rules A", "rules B")


# ------------------------------------------------------------------------------------ contrast


@dataclass(frozen=True)
class Contrast:
    """One position under two rule sets: the same cards, the same move, different outcomes.

    `after_a`/`after_b` are the states after `move` (None where the move is not allowed)."""

    toggle: str
    number: int | None  # the card number, for `specials`
    values: tuple[Any, Any]  # the toggle's value under rules A and under rules B
    state_a: GameState
    state_b: GameState
    move: Move
    text: str
    after_a: GameState | None
    after_b: GameState | None


@dataclass(frozen=True)
class _Plan:
    """What kind of position shows a toggle: the cards that carry it and the table around."""

    keys: tuple[Card, ...]  # seat 0 holds one of these; empty: any cards
    players: tuple[int, ...]
    hand: tuple[int, int]  # seat 0's hand size, fewest and most
    market: tuple[int, int]
    under: tuple[int, int]  # cards in the pile under the top card
    answer: bool = False  # seat 1 holds another card of the key's number (defence)
    whot_answer: bool = False  # seat 1 holds a Whot (whot_cancels_pick)
    pair: bool = False  # seat 0 holds a card of the top's number and another of that number
    stars: bool = False  # every hand holds a star (star_double)
    draw_first: bool = False  # try `draw` before the plays (the market's end, the count)


def contrast(
    rules_a: Rules,
    rules_b: Rules,
    toggle: str,
    *,
    number: int | None = None,
    labels: Sequence[str] = _LABELS,
    nigerian: bool = False,
) -> Contrast:
    """A small position where `toggle`'s values under `rules_a` and `rules_b` change the outcome.

    The outcome differs when the legal moves differ, when `move` is allowed under one rule set
    only, or when the states after it differ (hands, turn, end of the game, winners, counts,
    market, or the next legal moves). The position is chosen so that the toggle explains the
    difference: where possible, setting it alone to the other value gives the other outcome.
    For `specials`, `number` picks the card number to compare (the first that differs if None).
    ValueError when the toggle cannot differ between these two rule sets, and says why.
    """
    number, va, vb = _values(rules_a, rules_b, toggle, number)
    _check_not_idle(rules_a, rules_b, toggle, number, va, vb, labels)
    hybrid_a = _with_value(rules_a, toggle, number, vb)  # A with only the toggle changed
    hybrid_b = _with_value(rules_b, toggle, number, va)
    plan = _plan(rules_a, rules_b, toggle, number)
    seats = _seat_counts(rules_a, rules_b, plan.players)
    best: tuple[tuple[int, int], dict, Move] | None = None
    for attempt in range(_BUDGET):
        rng = random.Random(f"contrast:{toggle}:{number}:{attempt}")
        position = _position(plan, rng.choice(seats), rng)
        found = _best_move(position, plan, toggle, (va, vb), rules_a, rules_b, hybrid_a, hybrid_b)
        if found is not None and (best is None or found[0] < best[0]):
            best = (found[0], position, found[1])
        if best is not None and (best[0] == (0, 0) or attempt >= _PATIENCE):
            break
    if best is None:
        raise ValueError(
            f"{_named(toggle)}: no small position shows a difference between these two rule sets"
        )
    _, position, move = best
    state_a = GameState.from_position(rules_a, **position)
    state_b = GameState.from_position(rules_b, **position)
    after_a, after_b = _after(state_a, move), _after(state_b, move)
    words = [f"{labels[0]} ({_value_words(toggle, number, va)})"]
    words.append(f"{labels[1]} ({_value_words(toggle, number, vb)})")
    text = _parting_text(
        _lead(state_a, move, nigerian),
        (state_a, state_b),
        (after_a, after_b),
        move,
        words,
        nigerian,
    )
    return Contrast(toggle, number, (va, vb), state_a, state_b, move, text, after_a, after_b)


def _values(rules_a: Rules, rules_b: Rules, toggle: str, number: int | None):
    """(number, value under A, value under B), or ValueError if they cannot differ in play."""
    if toggle in _NOT_IN_PLAY:
        raise ValueError(f"{_named(toggle)} does not act during play: {_NOT_IN_PLAY[toggle]}")
    if toggle not in PLAY_TOGGLES:
        raise ValueError(
            f"unknown toggle {toggle!r}; the ones that act in play are: " + ", ".join(PLAY_TOGGLES)
        )
    if toggle == "specials":
        differing = [
            n
            for n in sorted(set(rules_a.specials) | set(rules_b.specials))
            if rules_a.specials.get(n) != rules_b.specials.get(n)
        ]
        if not differing:
            raise ValueError("Special cards: both rule sets give every number the same effect")
        if number is None:
            number = differing[0]
        elif number not in differing:
            effect = rules_a.specials.get(number)
            what = effect.value.replace("_", " ") if effect else "plain"
            raise ValueError(
                f"Special cards: the {number} is {what} under both rule sets; "
                f"the numbers that differ are {', '.join(map(str, differing))}"
            )
        return number, rules_a.specials.get(number), rules_b.specials.get(number)
    if number is not None:
        raise ValueError("number: only the specials toggle is compared card number by number")
    va, vb = getattr(rules_a, toggle), getattr(rules_b, toggle)
    if va == vb:
        raise ValueError(f"{_named(toggle)}: {value_words(toggle, va)}, under both rule sets")
    return None, va, vb


def _check_not_idle(rules_a, rules_b, toggle, number, va, vb, labels) -> None:
    """ValueError when the toggle changes nothing under one rule set whatever its value there
    (defence without a pick card, hold on without a hold on card, ...)."""
    for label, rules, other in ((labels[0], rules_a, vb), (labels[1], rules_b, va)):
        for candidate in (rules, _with_value(rules, toggle, number, other)):
            why = candidate.idle_toggles().get(toggle) if candidate else None
            if why:
                raise ValueError(f"{_named(toggle)} changes nothing under {label}: {why}")


def _with_value(rules: Rules, toggle: str, number: int | None, value: Any) -> Rules | None:
    """`rules` with the toggle (for `specials`, just one number's effect) set to `value`; None if
    that makes rules that cannot be played."""
    if toggle == "specials":
        items = dict(rules.specials)
        if value is None:
            items.pop(number, None)
        else:
            items[number] = value
        change: dict[str, Any] = {"specials": items}
    else:
        change = {toggle: value}
    try:
        return rules.replace(**change)
    except (TypeError, ValueError):
        return None


def _numbers_with(rules_a: Rules, rules_b: Rules, effects: set[Effect]) -> list[int]:
    """Card numbers carrying one of `effects`: those that do under both rule sets first."""
    a = {n for n, e in rules_a.specials.items() if e in effects}
    b = {n for n, e in rules_b.specials.items() if e in effects}
    return sorted(a & b) or sorted(a | b)


def _cards_numbered(numbers: Sequence[int]) -> tuple[Card, ...]:
    return tuple(c for c in CARDS if not c.is_whot and c.number in numbers)


def _plan(rules_a: Rules, rules_b: Rules, toggle: str, number: int | None) -> _Plan:
    """Guidance for the search: which card carries the toggle, and the table it needs."""
    hold_on = _cards_numbered(_numbers_with(rules_a, rules_b, {Effect.HOLD_ON}))
    if toggle == "specials":
        return _Plan(_cards_numbered([number]), (2, 3), (3, 5), (3, 6), (0, 2))
    if toggle == "hold_on":  # with two players, skipping the next one is playing again
        return _Plan(hold_on, (3, 4), (3, 5), (3, 6), (0, 2))
    if toggle == "hold_on_free_follow":
        return _Plan(hold_on, (2, 3), (3, 5), (3, 6), (0, 2))
    if toggle in ("defence", "cross_defence", "whot_cancels_pick"):
        picks = _cards_numbered(_numbers_with(rules_a, rules_b, set(PICK_SIZE)))
        whot = toggle == "whot_cancels_pick"
        return _Plan(picks, (2, 3), (3, 5), (3, 6), (0, 2), answer=not whot, whot_answer=whot)
    if toggle == "star8_double":  # the second skip needs a third player
        return _Plan((Card(Shape.STAR, 8),), (3, 4), (3, 5), (3, 6), (0, 2))
    if toggle == "general_market_again":
        markets = _cards_numbered(_numbers_with(rules_a, rules_b, {Effect.GENERAL_MARKET}))
        return _Plan(markets, (2, 3), (3, 5), (3, 6), (0, 2))
    if toggle == "win_on_special":  # a last card that is a Whot or a special card
        specials = set(rules_a.specials) | set(rules_b.specials)
        return _Plan((WHOT, *_cards_numbered(sorted(specials))), (2, 3), (1, 1), (2, 5), (0, 2))
    if toggle == "announcements":  # a play that leaves two cards or one
        return _Plan((), (2, 3), (2, 3), (2, 5), (0, 2))
    if toggle == "multiple_cards":  # two cards of one number in seat 0's hand
        return _Plan((), (2, 3), (3, 5), (3, 6), (0, 2), pair=True)
    if toggle == "must_play":  # a hand with a card that fits, and `draw` tried first
        return _Plan((), (2, 3), (3, 5), (3, 6), (0, 2), draw_first=True)
    if toggle == "exhausted":
        if Exhausted.COUNT_AT_ONCE in (rules_a.exhausted, rules_b.exhausted):
            # no game under that rule reaches an empty market: take the market's last card
            return _Plan((), (2, 3), (2, 4), (1, 1), (1, 4), draw_first=True)
        # an empty market and a pile to refill it from
        return _Plan((), (2, 3), (2, 4), (0, 0), (1, 4), draw_first=True)
    # star_double: the market is empty and nothing is under the top card, so a draw ends the
    # game with a count, and the stars in the hands are counted
    return _Plan((), (2, 3), (1, 3), (0, 0), (0, 0), stars=True, draw_first=True)


def _seat_counts(rules_a: Rules, rules_b: Rules, wanted: tuple[int, ...]) -> tuple[int, ...]:
    low = max(rules_a.min_players, rules_b.min_players)
    high = min(rules_a.max_players, rules_b.max_players)
    if low > high:
        raise ValueError("no number of players is allowed by both rule sets")
    fits = tuple(n for n in wanted if low <= n <= high)
    return fits or (low,)


def _position(plan: _Plan, players: int, rng: random.Random) -> dict[str, Any]:
    """A random small position following `plan`: seat 0 to play, every card at most once, and no
    Whot but a key or seat 1's answer to a pick (so it is legal with any number of Whots in the
    pack, but for `whot_cancels_pick`, which needs one)."""
    pool = [c for c in CARDS if not c.is_whot]
    rng.shuffle(pool)

    def take(fits=lambda card: True) -> Card | None:
        for i, card in enumerate(pool):
            if fits(card):
                return pool.pop(i)
        return None

    key = rng.choice(plan.keys) if plan.keys else None
    if key is not None and not key.is_whot:
        pool.remove(key)
    if key is None or key.is_whot:
        top = take()
    else:
        top = take(lambda c: c.shape is key.shape or c.number == key.number)
    hands: list[list[Card]] = [[key] if key is not None else []]
    if plan.pair:
        hands[0] += _some(take(lambda c: c.number == top.number))
        hands[0] += _some(take(lambda c: c.number == top.number))
    for seat in range(players):
        hand = hands[seat] if seat == 0 else []
        if plan.answer and seat == 1 and key is not None:
            hand += _some(take(lambda c: c.number == key.number))
        if plan.whot_answer and seat == 1:
            hand.append(WHOT)
        if plan.stars:
            hand += _some(take(lambda c: c.shape is Shape.STAR))
        size = rng.randint(*plan.hand) if seat == 0 else rng.randint(1, 4)
        while len(hand) < size:
            hand.append(take())
        rng.shuffle(hand)
        if seat:
            hands.append(hand)
    under = [take() for _ in range(rng.randint(*plan.under))]
    market = [take() for _ in range(rng.randint(*plan.market))]
    return {
        "hands": [[str(c) for c in hand] for hand in hands],
        "pile": [str(c) for c in (*under, top)],
        "market": [str(c) for c in market],
    }


def _some(card: Card | None) -> list[Card]:
    return [] if card is None else [card]


def _candidates(states: Sequence[GameState], plan: _Plan) -> list[Move]:
    """Every move legal under either rule set, with the announced form of each near-last play;
    the key card's plays (or `draw`) first."""
    moves = dict.fromkeys(m for state in states for m in state.legal_moves())
    left = len(states[0].hands[0]) - 1
    if left in _SAY:
        for m in list(moves):
            if m.card is not None and m.announce is None:
                moves[m.with_announcement(_SAY[left])] = None
    keys = set(plan.keys)
    first = [m for m in moves if (m.is_draw if plan.draw_first else m.card in keys)]
    return first + [m for m in moves if m not in first]


def _after(state: GameState, move: Move) -> GameState | None:
    return state.apply(move) if state.is_legal(move) else None


def _outcome(state: GameState, move: Move) -> tuple:
    """What `contrast` compares: the legal moves, and what `move` leads to (None: not allowed)."""
    after = _after(state, move)
    if after is None:
        return state.legal_moves(), None
    result = (
        after.hands,
        after.current_player,
        after.is_over,
        after.winners,
        after.penalty_points(),
        after.market,
        after.legal_moves(),
    )
    return state.legal_moves(), result


def _best_move(position, plan, toggle, values, rules_a, rules_b, hybrid_a, hybrid_b):
    """The position's best move for a contrast and its rank (lower is better), or None.

    Rank: how many of the two swaps fail to explain the difference (0: setting the toggle alone
    to the other value gives the other outcome, both ways), then whether the difference is the
    kind wanted (`_wanted`)."""
    state_a = GameState.from_position(rules_a, **position)
    state_b = GameState.from_position(rules_b, **position)
    swap_a = GameState.from_position(hybrid_a, **position) if hybrid_a else None
    swap_b = GameState.from_position(hybrid_b, **position) if hybrid_b else None
    best = None
    for move in _candidates((state_a, state_b), plan):
        out_a, out_b = _outcome(state_a, move), _outcome(state_b, move)
        if out_a[1] == out_b[1]:
            continue  # this move does not show the difference
        out_swap_a = _outcome(swap_a, move) if swap_a else out_b
        out_swap_b = _outcome(swap_b, move) if swap_b else out_a
        if out_swap_a == out_a and out_swap_b == out_b:
            continue  # the toggle changes nothing here: other toggles make the difference
        rank = (
            (out_swap_a != out_b) + (out_swap_b != out_a),
            0 if _wanted(toggle, values, move, out_a[1], out_b[1]) else 1,
        )
        if best is None or rank < best[0]:
            best = (rank, move)
            if rank == (0, 0):
                break
    return best


def _wanted(
    toggle: str, values: tuple, move: Move, after_a: tuple | None, after_b: tuple | None
) -> bool:
    """The clearest kind of difference for the toggle: a move allowed under both with different
    results; for win_on_special the move's legality; for announcements none/informative a
    'last card' said (allowed only where there are announcements), with penalty a play left
    unsaid (two cards drawn); for star_double a count with a different winner."""
    both = after_a is not None and after_b is not None
    if toggle == "win_on_special":
        return True
    if toggle == "announcements":
        if Announcements.PENALTY not in values:
            return move.announce is Announcement.LAST_CARD
        return both and move.announce is None and after_a[0] != after_b[0]
    if toggle == "star_double":
        return both and after_a[3] != after_b[3]
    if toggle in ("must_play", "multiple_cards"):  # the draw, or the several cards, refused
        return (after_a is None) != (after_b is None)
    return both


def _value_words(toggle: str, number: int | None, value: Any) -> str:
    """The value a rule set gives the toggle, as a phrase in words ("stars counting double",
    "no answering a pick with another card of its number"), never its name and value
    ("defence: off"); one card number's effect as "the 2 is pick two"."""
    if toggle == "specials":
        return f"the {number} is " + (value.value.replace("_", " ") if value else "plain")
    return setting_phrase(toggle, value)


def _named(toggle: str) -> str:
    """A toggle's label as a sentence starts with it: "Hold on does", "Special cards"."""
    label = rule_label(toggle)
    return label[:1].upper() + label[1:]


# ------------------------------------------------------------------------- words for a parting


def _lead(state: GameState, move: Move, nigerian: bool) -> str:
    """`seat 0 plays circle 2 on circle 7`: the move and where it is made."""
    seat = seat_name(state.current_player)
    if move.is_draw:
        where = " with the market empty" if not state.market_size else ""
        if state.market_size == 1 and not state.penalty:
            where = " and takes the market's last card"
        if state.penalty:
            return f"{seat} draws instead of answering the pick{where}"
        return f"{seat} goes to market{where}"
    text = f"{seat} plays {_and([_card(c, nigerian) for c in move.cards])}"
    if state.called is not None:
        text += f" on the Whot that called {_shape(state.called, nigerian)}"
    elif state.top is not None:
        text += f" on {state.top.name(nigerian)}"
    if move.call is not None:
        text += f", calling {_shape(move.call, nigerian)}"
    if move.announce is not None:
        text += f" and says '{move.announce.value}'"
    return text


def _shape(shape: Shape, nigerian: bool) -> str:
    return shape.nigerian_name if nigerian else shape.value


def _card(card: Card, nigerian: bool) -> str:
    """A card in a sentence: `circle 5`, or `a Whot` (the card's own name is `whot`)."""
    return "a Whot" if card.is_whot else card.name(nigerian)


def _next_moves(state: GameState, nigerian: bool) -> str:
    """What the player to move may do, in words: each distinct play (a Whot once, whatever it
    calls; several cards put down at once as one play), and whether they may draw."""
    seat = seat_name(state.current_player)
    legal = state.legal_moves()
    plays = dict.fromkeys(
        _and([_card(c, nigerian) for c in m.cards]) for m in legal if m.card is not None
    )
    if not plays:
        return f"{seat} can only draw"
    listed = _or(list(plays))
    if any(m.is_draw for m in legal):
        return f"{seat} may play {listed}{',' * (len(plays) > 1)} or draw"
    return f"{seat} must play {listed} and may not draw"


def _consequence(
    before: GameState, after: GameState | None, show_moves: bool, move: Move, nigerian: bool
) -> str:
    """What the move led to, in the engine's narration: the events after the card itself, who
    plays next, and what that player may then play (if `show_moves`, or to answer a pick)."""
    if after is None:
        why = in_shape_names(before.explain(move), nigerian).rstrip(".")
        return f"it is not allowed ({why[:1].lower()}{why[1:]})"
    names = seat_names(before.players)
    events: list[Event] = list(after.events[len(before.events) :])
    played = 0  # the move's own cards (several, under multiple cards): the lead names them
    while played < len(events) and played < len(move.cards) and isinstance(events[played], Played):
        played += 1
    events = events[played:]
    parts = [_clause(describe_event(e, names, nigerian)) for e in events]
    if not parts:
        parts = ["nothing more happens"]
    seat = after.current_player
    if seat is not None:
        if not any(isinstance(e, (HeldOn, PenaltyGrows)) for e in events):
            parts.append(f"{seat_name(seat)} plays next")
        if show_moves or any(isinstance(e, PenaltyGrows) for e in events):
            parts.append(_next_moves(after, nigerian))
    return ", then ".join(parts)


def _clause(sentence: str) -> str:
    """A narrated sentence as a clause of a longer one ("General market!" as "general
    market!"; a seat's name keeps its capital: "Seat 1 picks three")."""
    sentence = sentence.rstrip(".")
    if sentence.startswith("Seat "):
        return sentence
    return sentence[:1].lower() + sentence[1:]


def _or(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _parting_text(
    lead: str,
    before: Sequence[GameState],
    after: Sequence[GameState | None],
    move: Move,
    labels: Sequence[str],
    nigerian: bool,
) -> str:
    """`Seat 0 plays circle 2 on circle 7: under A, ...; under B, ....`"""
    a, b = after
    same_turn = (
        a is not None
        and b is not None
        and (a.current_player, a.is_over) == (b.current_player, b.is_over)
    )
    show_moves = (
        same_turn and not a.is_over and _next_moves(a, nigerian) != _next_moves(b, nigerian)
    )
    sides = [
        f"under {label}, {_consequence(s, t, show_moves, move, nigerian)}"
        for label, s, t in zip(labels, before, after, strict=True)
    ]
    return _sentence(f"{lead}: {sides[0]}; {sides[1]}.")


def _sentence(text: str) -> str:
    """Capital letters where sentences start (the narration's own sentences stay sentences)."""
    text = text[:1].upper() + text[1:]
    return re.sub(r"([.!?] )([a-z])", lambda m: m.group(1) + m.group(2).upper(), text)


# ---------------------------------------------------------------------------- first_difference


@dataclass(frozen=True)
class Divergence:
    """Where two games dealt alike part. `kind` is `deal` (the deal itself differs), `choice` (a
    player chooses differently), `effect` (the same move does different things) or `same` (the
    games never part). `state_a`/`state_b` are the games at that step, after the `step` shared
    `moves`; `move_a`/`move_b` the move each game makes there and `after_a`/`after_b` the states
    after it (None for a deal, or when the games never part)."""

    step: int
    moves: tuple[Move, ...]
    toggles: tuple[str, ...]
    text: str
    kind: str
    state_a: GameState
    state_b: GameState
    move_a: Move | None = None
    move_b: Move | None = None
    after_a: GameState | None = None
    after_b: GameState | None = None
    reasons: tuple[str, str] | None = None  # the players' reasons at a `choice`


def first_difference(
    rules_a: Rules,
    rules_b: Rules,
    players: int = 2,
    seed: int = 0,
    levels: Sequence[str] | str = ("heuristic", "heuristic"),
    *,
    simulations: int = 100,
    max_moves: int = 2000,
    labels: Sequence[str] = _LABELS,
    nigerian: bool = False,
) -> Divergence:
    """Play the deal `seed` under both rule sets, the same AI level in each seat (seeded alike in
    both games), and stop at the first step where the public information (events, hands, turn,
    end) differs or a player chooses a different move. `toggles` names the fields of
    `rules_a.diff(rules_b)` that make that difference: each is set alone to the other rule set's
    value, on either side, and counted if that changes what happens at that step.
    `levels` is one of random, heuristic, search per seat (one word: every seat); `simulations`
    is the search player's budget; games still alike after `max_moves` moves are reported as
    never parting. ValueError for equal rules or unknown levels."""
    diff = rules_a.diff(rules_b)
    if not diff:
        raise ValueError("the two rule sets are the same: every deal plays out alike")
    levels = _check_levels(levels, players)
    game = _Game(rules_a, rules_b, players, seed, levels, simulations)
    words = (labels, nigerian)
    start_a, start_b = new_game(rules_a, players, seed), new_game(rules_b, players, seed)
    if _public(start_a) != _public(start_b):
        toggles = _responsible(diff, game, (), "deal", None)
        text = _deal_text(start_a, start_b, labels, nigerian)
        return Divergence(0, (), toggles, text, "deal", start_a, start_b)
    seats = (seat_players(levels, seed, simulations), seat_players(levels, seed, simulations))
    states, moves = (start_a, start_b), []
    while not states[0].is_over and len(moves) < max_moves:
        parted = _step(states, seats, moves, (diff, game), words)
        if isinstance(parted, Divergence):
            return parted
        states, move = parted
        moves.append(move)
    return _never_parted(states, moves, nigerian)


def _step(
    states: tuple[GameState, GameState],
    seats: tuple[list, list],
    moves: list[Move],
    cause: tuple[dict, _Game],
    words: tuple[Sequence[str], bool],
) -> Divergence | tuple[tuple[GameState, GameState], Move]:
    """One move in both games: where they part there, else the states after it and the move. `cause`
    is the rules' difference and the deal, to find the toggles responsible."""
    (state_a, state_b), seat, step = states, states[0].current_player, len(moves)
    snapshot = (copy.deepcopy(seats[0][seat]), copy.deepcopy(seats[1][seat]))
    choice_a = seats[0][seat].choose(state_a.view(seat))
    choice_b = seats[1][seat].choose(state_b.view(seat))
    if choice_a.move != choice_b.move:
        toggles = _responsible(*cause, tuple(moves), "choice", (snapshot, None))
        text = _choice_text(step, seat, (choice_a, choice_b), *words)
        return Divergence(
            step,
            tuple(moves),
            toggles,
            _with_toggles(text, toggles),
            "choice",
            state_a,
            state_b,
            choice_a.move,
            choice_b.move,
            state_a.apply(choice_a.move),
            state_b.apply(choice_b.move),
            (choice_a.reason, choice_b.reason),
        )
    after_a, after_b = state_a.apply(choice_a.move), state_b.apply(choice_b.move)
    if _public(after_a) == _public(after_b):
        return (after_a, after_b), choice_a.move
    toggles = _responsible(*cause, tuple(moves), "effect", (snapshot, choice_a.move))
    lead = f"{_steps(step)} {_lead(state_a, choice_a.move, words[1])}"
    text = _parting_text(lead, states, (after_a, after_b), choice_a.move, *words)
    return Divergence(
        step,
        tuple(moves),
        toggles,
        _with_toggles(text, toggles),
        "effect",
        state_a,
        state_b,
        choice_a.move,
        choice_b.move,
        after_a,
        after_b,
    )


def _never_parted(
    states: tuple[GameState, GameState], moves: list[Move], nigerian: bool
) -> Divergence:
    """The games played alike to the end, or to the last move looked at."""
    state_a, state_b = states
    if state_a.is_over:
        end = describe_event(state_a.events[-1], seat_names(state_a.players), nigerian)
        text = (
            f"The two rule sets play the same game from this deal: all {len(moves)} moves and "
            f"everything they cause are the same. {end}"
        )
    else:
        text = f"The two games are still the same after {len(moves)} moves, where this stops."
    return Divergence(len(moves), tuple(moves), (), text, "same", state_a, state_b)


@dataclass(frozen=True)
class RuleAct:
    """Where a rule of play first acts in one of two games dealt differently: in the game under
    rules A (`side` 0) or B (1), at its move `step` (0 the first), which would do otherwise
    under the other rule set's rules of play; `toggles` are those that make the difference."""

    side: int
    step: int
    toggles: tuple[str, ...]
    text: str


def first_rule_act(
    rules: Sequence[Rules],
    lines: Sequence[Sequence[GameState]],
    labels: Sequence[str] = _LABELS,
    nigerian: bool = False,
) -> RuleAct | None:
    """When two rule sets deal differently, the games differ from the start, but the rules of
    play act only later: the earliest move, in either game, that does something else under the
    other rule set's rules of play (its toggles that act in play, on this game's position).
    `lines[side]` holds the game's states, the deal first and one after each move. None when
    no move of either game does."""
    diff = rules[0].diff(rules[1])
    names = [n for n in diff if n in PLAY_TOGGLES]
    found: RuleAct | None = None
    for side, line in enumerate(lines):
        own, other = rules[side], rules[1 - side]
        hybrid = _with_play_rules(own, other, names)
        if hybrid is None:
            continue
        for step, (state, after) in enumerate(itertools.pairwise(line)):
            if found is not None and step >= found.step:
                break
            move = after.moves[-1]
            if _acts(state, move, own, hybrid):
                toggles = tuple(
                    n for n in names
                    if (one := _with_play_rules(own, other, [n])) and _acts(state, move, own, one)
                )  # fmt: skip
                lead = f"At move {step + 1} under {labels[side]}, {_lead(state, move, nigerian)}"
                mirrors = (_mirror(state, own), _mirror(state, hybrid))
                text = _parting_text(
                    lead, mirrors, [_after(m, move) for m in mirrors], move,
                    (labels[side], f"the rules of play of {labels[1 - side]}"), nigerian,
                )  # fmt: skip
                found = RuleAct(side, step, toggles, _with_toggles(text, toggles or names))
                break
    return found


def _with_play_rules(own: Rules, other: Rules, names: Sequence[str]) -> Rules | None:
    """`own` with `other`'s values of `names`; None when the engine refuses them together."""
    try:
        return own.replace(**{n: getattr(other, n) for n in names}) if names else None
    except (TypeError, ValueError):
        return None


def _mirror(state: GameState, rules: Rules) -> GameState:
    """The same table (hands, pile, market, turn, call, pick) under `rules`."""
    return GameState.from_position(
        rules, state.hands, state.pile, state.market, state.current_player, state.called,
        state.penalty,
    )  # fmt: skip


def _acts(state: GameState, move: Move, own: Rules, hybrid: Rules) -> bool:
    """Whether `move` on this table does something else under `hybrid` than under `own`."""
    try:
        return _in_play(_mirror(state, own), move) != _in_play(_mirror(state, hybrid), move)
    except ValueError:
        return False


def _in_play(state: GameState, move: Move) -> tuple:
    """What a move does in play: whether it is allowed, the hands, the market, who plays next,
    and the count only when the game ends there."""
    after = _after(state, move)
    if after is None:
        return (None,)
    count = after.penalty_points() if after.is_over else None
    return after.hands, after.market, after.current_player, after.winners, count


@dataclass(frozen=True)
class _Game:
    """What it takes to replay the deal under other rules."""

    rules_a: Rules
    rules_b: Rules
    players: int
    seed: int
    levels: tuple[str, ...]
    simulations: int


def _check_levels(levels: Sequence[str] | str, players: int) -> tuple[str, ...]:
    from ..players import LEVELS  # lazily, as in `seat_players`

    levels = (levels,) * players if isinstance(levels, str) else tuple(levels)
    if len(levels) != players:
        raise ValueError(f"levels: one AI level per seat, so {players}, not {len(levels)}")
    for level in levels:
        LEVELS[level]  # ValueError naming the levels for an unknown one
    return levels


def _seat_seed(seed: int, seat: int) -> int:
    """A seat's own seed, the same in every process (no `hash()`)."""
    digest = hashlib.sha256(f"first_difference:{seed}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def seat_players(levels: Sequence[str], seed: int, simulations: int = 100) -> list:
    """The AI players `first_difference` seats for the deal `seed`: a fresh set gives the same
    choices again, so a viewer can play each game on to its end (the side-by-side page)."""
    # Imported here: `import whot_core` (which exports this module's names) stays engine-only.
    from ..players import LEVELS

    return [
        LEVELS.make(level, _seat_seed(seed, seat), simulations) for seat, level in enumerate(levels)
    ]


def _public(state: GameState) -> tuple:
    """What the table knows, to compare two games: events, hands, turn and the end."""
    return state.events, state.hands, state.current_player, state.is_over


def _step_result(
    rules: Rules, game: _Game, moves: tuple[Move, ...], kind: str, player, move: Move | None
) -> Any:
    """What happens at the parting step under `rules`: the deal, the player's choice, or what
    the parting move does. A replay these rules do not allow is a result of its own."""
    state = new_game(rules, game.players, game.seed)
    if kind == "deal":
        return _public(state)
    for shared in moves:
        if not state.is_legal(shared):
            return ("not allowed", shared)
        state = state.apply(shared)
    if state.is_over:
        return ("over", _public(state))
    if kind == "choice":
        return copy.deepcopy(player).choose(state.view(state.current_player)).move
    after = _after(state, move)
    return None if after is None else _public(after)


def _responsible(diff: dict, game: _Game, moves: tuple[Move, ...], kind: str, at) -> tuple:
    """The toggles of `diff` that change what happens at the parting step, each set alone to the
    other rule set's value under rules A or under rules B. If none does alone (they act only
    together), every toggle of the diff that acts in play or at the deal."""
    (player_a, player_b), move = at if at is not None else ((None, None), None)
    sides = (
        (game.rules_a, 1, player_a),
        (game.rules_b, 0, player_b),
    )
    found = []
    for name, values in diff.items():
        for rules, other, player in sides:
            try:
                hybrid = rules.replace(**{name: values[other]})
            except (TypeError, ValueError):
                continue
            base = _step_result(rules, game, moves, kind, player, move)
            if _step_result(hybrid, game, moves, kind, player, move) != base:
                found.append(name)
                break
    if found:
        return tuple(found)
    return tuple(name for name in diff if name not in ("match", "min_players", "max_players"))


def _steps(step: int) -> str:
    if step == 0:
        return "At the first move"
    return f"After {step} shared move{'s' if step > 1 else ''}"


def _deal_text(
    state_a: GameState, state_b: GameState, labels: Sequence[str], nigerian: bool
) -> str:
    """Two short sentences: how the deals differ (the cards dealt, how the pile starts, who
    leads: only what differs), then the special cards when they differ too. The tables show
    the hands."""
    words = [_deal_parts(s, nigerian) for s in (state_a, state_b)]
    differ = [key for key in words[0] if words[0][key] != words[1][key]]
    if differ:
        sides = [
            f"under {label}, {_and([parts[key] for key in differ])}"
            for label, parts in zip(labels, words, strict=True)
        ]
        text = _sentence(f"The deal differs: {sides[0]}; {sides[1]}.")
    else:
        text = "The deal differs: the same number of cards, but not the same cards."
    specials = [s.rules.specials for s in (state_a, state_b)]
    if specials[0] != specials[1]:
        said = [
            f"{value_words('specials', value)} under {label}"
            for label, value in zip(labels, specials, strict=True)
        ]
        text += f" The special cards differ too: {said[0]}; {said[1]}."
    return text


def _deal_parts(state: GameState, nigerian: bool) -> dict[str, str]:
    """The deal in words, part by part: the cards dealt, how the pile starts, who leads."""
    rules = state.rules
    turned = sum(1 for e in state.events if type(e).__name__ == "PutUnder")
    if state.top is None:
        start = "the leader starts the pile"
    else:
        start = f"{_card(state.top, nigerian)} is turned up to start the pile"
        if turned:  # no "it": the pile, the card and the market were all "it" once
            cards = "the card" if turned == 1 else f"the {turned} cards"
            start += f" ({cards} turned up first went under the market)"
    return {
        "dealt": f"{rules.hand_size} cards each",
        "pack": f"a pack of {rules.pack_size}",
        "start": start,
        "leads": f"{seat_name(state.current_player)} leads",
    }


def _move_words(move: Move, nigerian: bool) -> str:
    if move.is_draw:
        return "goes to market"
    return f"plays {move.text(nigerian).removeprefix('play ')}"


def _choice_text(
    step: int, seat: int, decisions: Sequence, labels: Sequence[str], nigerian: bool
) -> str:
    """The two choices, each with the player's own reason (its text after the player's name)."""
    sides = [
        f"under {label} it {_move_words(d.move, nigerian)} "
        f"({_reason(in_shape_names(d.reason, nigerian))})"
        for label, d in zip(labels, decisions, strict=True)
    ]
    return f"{_steps(step)} Seat {seat} chooses differently: {sides[0]}; {sides[1]}."


def _reason(reason: str) -> str:
    """`Heuristic — make them pay: ...` as `make them pay: ...`."""
    return reason.split(" — ", 1)[-1].rstrip(".")


def _with_toggles(text: str, toggles: Sequence[str]) -> str:
    if not toggles:
        return text
    names = [rule_label(t) for t in toggles]
    if len(names) == 1:
        return f"{text} The rule that makes the difference: {names[0]}."
    return f"{text} The rules that make the difference: {_and(names)}."


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
