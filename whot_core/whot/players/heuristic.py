"""The heuristic player: `HeuristicPlayer` scores every candidate move with named terms, one per
rule of thumb (`RULES_OF_THUMB`, most of them the seeds' tips), plays the highest total and names
the term that decided in its reason (the words and the facts they state: `players.reasons`).
`playout_move` is the same score written flat, for the search's playouts."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from ...toolkit.decisions import Decision
from ..engine.cards import CARDS, Card, Shape
from ..engine.effects import PICK_SIZE, Effect
from ..engine.moves import Move
from ..engine.rules import HoldOn, Rules
from ..engine.scoring import card_points
from .common import candidate_moves
from .memory import _NO_LACKS, remembered_lacks_of
from .reasons import RULES_OF_THUMB, explained, only_draw_explained
from .reasons import total as _total

__all__ = ["RULES_OF_THUMB", "HeuristicPlayer", "playout_move"]


# Weights of the terms (a play scores about 10, a draw 0). Only their order matters much:
# winning > defending > punishing a low hand > any ordinary play > a Whot > drawing.
WIN = 1000.0
DEFEND = 500.0
PUNISH = 60.0
PLAY = 10.0
KEEP_WHOT = -7.0
HOLD_ON_FOLLOW = 2.0
HOLD_ON_ALONE = -9.0
FOLLOW = 1.0
THEY_LACK_SHAPE = 2.0
THEY_LACK_NUMBER = 1.0
CALL_HELD = 1.0
CALL_LACKED = 1.5
POINTS_WEIGHT = 0.05
POINTS_WEIGHT_COUNT = 0.4
SEVERAL = 3.0
LOW_HAND = 2


# Card facts by code (an index into CARDS), so that the playouts never hash an enum.
_WHOT = len(CARDS) - 1
_SHAPE_INDEX = {shape: i for i, shape in enumerate(Shape)}
_SHAPE = tuple(_SHAPE_INDEX[card.shape] for card in CARDS)
_WHOT_SHAPE = _SHAPE_INDEX[Shape.WHOT]
_SHAPE_OF_CARD = tuple(card.shape for card in CARDS)
_NUMBER = tuple(card.number for card in CARDS)


class _Table:
    """What the heuristic weighs, read once per decision from a view or a determinized state
    (`hand` is the hand's card codes)."""

    __slots__ = (
        "by_number",
        "by_shape",
        "called",
        "effects",
        "hand",
        "hold_on_free",
        "lacks",
        "next_seat",
        "next_size",
        "penalty",
        "players",
        "points",
        "points_weight",
        "rules",
        "seat",
        "top",
        "two",
    )

    def __init__(
        self,
        rules: Rules,
        seat: int,
        hand: Sequence[int],
        sizes: Sequence[int],
        top: Card | None,
        called: Shape | None,
        penalty: int,
        market_size: int,
        lacks: tuple[frozenset[Shape], frozenset[int]] = _NO_LACKS,
    ) -> None:
        self.rules = rules
        self.seat = seat
        self.hand = hand
        self.players = players = len(sizes)
        self.two = players == 2
        self.next_seat = (seat + 1) % players
        self.next_size = sizes[self.next_seat]
        self.top = top
        self.called = called
        self.penalty = penalty
        self.lacks = lacks
        self.effects, self.points, self.hold_on_free = _rule_tables(rules)
        self.points_weight = _points_weight(rules, market_size)
        self.by_shape, self.by_number = _hand_counts(hand)

    def followers(self, code: int) -> int:
        return _followers(self.by_shape, self.by_number, self.hand, code)

    def held(self, shape: Shape) -> int:
        return self.by_shape[_SHAPE_INDEX[shape]]


_RULE_CACHE: dict[int, tuple[Rules, tuple]] = {}


def _rule_tables(rules: Rules) -> tuple:
    """Per-code effects and points, and whether hold on's follow-up is free; cached per rules
    object because the playouts ask at every move."""
    hit = _RULE_CACHE.get(id(rules))
    if hit is None or hit[0] is not rules:
        effects = rules._effects  # each card code's effect, None for a Whot or a plain card
        points = tuple(card_points(card, rules.star_double) for card in CARDS)
        free = rules.hold_on_free_follow
        if rules.hold_on is HoldOn.SKIP_NEXT:  # a skipping hold on is a suspension
            effects = tuple(Effect.SUSPENSION if e is Effect.HOLD_ON else e for e in effects)
        hit = (rules, (effects, points, free))
        if len(_RULE_CACHE) > 64:
            _RULE_CACHE.clear()
        _RULE_CACHE[id(rules)] = hit
    return hit[1]


def _terms(t: _Table, move: Move) -> list[tuple[str, float]]:
    """The named terms of a move's score. Their sum ranks the moves; the largest difference
    between the chosen move and the runner-up names the rule of thumb that decided."""
    card = move.card
    if card is None:
        return [("take_pick" if t.penalty else "market", 0.0)]
    if len(t.hand) == 1 + len(move.more):  # every card in hand goes down
        return [("check_up", WIN)]
    if move.more:
        return _several_terms(t, move)
    if t.penalty:
        return _defence_terms(t, card)
    code = card.code
    if code == _WHOT:
        held = t.held(move.call)
        terms = [("play", PLAY), ("keep_whot", KEEP_WHOT), ("whot_last", CALL_HELD * held)]
        if held and t.lacks[0] and move.call in t.lacks[0]:  # (a shape hashes in Python code)
            terms.append(("they_lack", CALL_LACKED))
        return terms
    terms = [("play", PLAY)]
    followers = t.followers(code)
    effect = t.effects[code]
    if effect is not None:
        terms.append(_effect_term(t, code, effect, followers))
        if t.next_size <= LOW_HAND and (effect in PICK_SIZE or effect is Effect.SUSPENSION):
            terms.append(("punish", PUNISH))
    if followers:
        terms.append(("follow", FOLLOW * followers))
    shapes, numbers = t.lacks
    if shapes and _SHAPE_OF_CARD[code] in shapes:
        terms.append(("they_lack", THEY_LACK_SHAPE))
    if numbers and _NUMBER[code] in numbers:
        terms.append(("they_lack", THEY_LACK_NUMBER))
    terms.append(("high_numbers", t.points_weight * t.points[code]))
    return terms


def _several_terms(t: _Table, move: Move) -> list[tuple[str, float]]:
    """Several cards of one number at once (`multiple_cards`): the first card's own terms, and
    for each other card one card less to hold, its points, and its effect again (effects add
    up; hold on happens once)."""
    terms = _terms(t, Move(move.card))
    effect = t.effects[move.card.code]
    for card in move.more:
        terms.append(("several", SEVERAL))
        terms.append(("high_numbers", t.points_weight * t.points[card.code]))
        if effect is not None and effect is not Effect.HOLD_ON:
            terms.append(("effect", _effect_value(t, effect)))
    return terms


def _effect_value(t: _Table, effect: Effect) -> float:
    """What one more card of an effect costs the others, in the units of `_effect_term`."""
    if effect in PICK_SIZE:
        return float(PICK_SIZE[effect])
    if effect is Effect.GENERAL_MARKET:
        return 1.0 * (t.players - 1)
    if effect is Effect.EVERYONE_PICKS_TWO:
        return 2.0 * (t.players - 1)
    return 1.0  # one more player misses a turn


def _defence_terms(t: _Table, card: Card) -> list[tuple[str, float]]:
    """Answering a pick. Under plain defence every answer is alike. Under `cross_defence` a
    bigger pick card passes more cards on; under `whot_cancels_pick` a Whot only drops the
    pick, so a pick card that passes it on is better and the Whot is kept when one can."""
    if card.is_whot:
        return [("defend", DEFEND), ("keep_whot", KEEP_WHOT)]
    if t.rules.cross_defence:
        return [("defend", DEFEND), ("effect", float(PICK_SIZE[t.effects[card.code]]))]
    return [("defend", DEFEND)]


def _effect_term(t: _Table, code: int, effect: Effect, followers: int) -> tuple[str, float]:
    """What a special card is worth by itself: hold on needs a follow-up; picks and markets cost
    the others cards; with two players a suspension means playing again."""
    if effect is Effect.HOLD_ON:
        follow = len(t.hand) - 1 if t.hold_on_free else followers + t.by_shape[_WHOT_SHAPE]
        return ("hold_on", HOLD_ON_FOLLOW if follow else HOLD_ON_ALONE)
    if effect is Effect.PICK_TWO:
        return ("effect", 2.0)
    if effect is Effect.PICK_THREE:
        return ("effect", 3.0)
    if effect is Effect.GENERAL_MARKET:
        return ("effect", 1.0 * (t.players - 1))
    if effect is Effect.EVERYONE_PICKS_TWO:
        return ("effect", 2.0 * (t.players - 1))
    # Suspension: with two players it means playing again, worth it only with a follow-up.
    return ("effect", (1.0 if followers else -2.0) if t.two else 1.0)


class HeuristicPlayer:
    """The seeds' rules of thumb as a score: every candidate move gets named terms (hold back the
    Whot, punish a low next hand, hold on only with a follow-up, shed high numbers, ...), the
    highest total is played, and the reason names the term that made the difference."""

    def choose(self, view) -> Decision:
        moves = candidate_moves(view)
        if len(moves) == 1 and moves[0].card is None:
            return _only_draw(view, moves[0])
        seat = view.seat
        table = _Table(
            view.rules,
            seat,
            view.hand_codes(),
            view.hand_sizes,
            view.top,
            view.called,
            view.penalty,
            view.market_size,
            remembered_lacks_of(view, (seat + 1) % view.players),
        )
        terms = [_terms(table, m) for m in moves]
        totals = list(map(_total, terms))
        best = max(range(len(moves)), key=totals.__getitem__)  # the first of equal totals
        # The words are worked out when first read: a simulation reads none of them.
        return Decision(moves[best], explain=lambda: explained(view, table, moves, terms, best))

    def __repr__(self) -> str:
        return "HeuristicPlayer()"


def _only_draw(view, move: Move) -> Decision:
    """The decision when drawing is the only move (a quarter of all turns): what `choose` would
    weigh and say, without reading the hand or the memory, which cannot change a lone move."""
    return Decision(move, explain=lambda: only_draw_explained(view, move))


def _hand_counts(codes: Iterable[int]) -> tuple[list[int], list[int]]:
    """How many cards of each shape and each number a hand (its card codes) holds: what the
    heuristic and its fast playout twin both count followers with."""
    by_shape = [0] * len(_SHAPE_INDEX)
    by_number = [0] * 21
    for code in codes:
        by_shape[_SHAPE[code]] += 1
        by_number[_NUMBER[code]] += 1
    return by_shape, by_number


def _followers(by_shape: list[int], by_number: list[int], hand: Sequence[int], code: int) -> int:
    """How many other plain cards in `hand` (card codes, counted by `_hand_counts`) could be
    played on the card `code`. A card of the same shape and number (from another pack) is in
    both counts, so each copy of `code` is taken off once."""
    return by_shape[_SHAPE[code]] + by_number[_NUMBER[code]] - hand.count(code) - 1


def _points_weight(rules: Rules, market_size: int) -> float:
    """What a card's points weigh in a move's score: more when a count is near, for a count
    ends the game when the market runs dry under `exhausted = count` (or `count_at_once`,
    which does not wait for a draw)."""
    return POINTS_WEIGHT_COUNT if market_size < 10 and rules.exhausted.counts else POINTS_WEIGHT


def playout_move(state, moves: Sequence[Move], rng: random.Random) -> Move:
    """The heuristic's move on a full (determinized) state: the search's playout policy.

    The same score as `HeuristicPlayer` (the terms of `_terms`, summed without their names), less
    the memory of public events, written flat because it runs at every move of every playout.
    It reads the sampled state directly: that is the search's own sample, not the real game.
    """
    if len(moves) == 1 or (len(moves) == 2 and moves[1].card is None):
        return moves[0]  # one play and `draw`: every play scores above a draw
    sizes = state.hand_sizes
    seat = state.current_player
    rules = state.rules
    if rules.multiple_cards or (state.penalty and (rules.cross_defence or rules.whot_cancels_pick)):
        return _scored_move(state, moves, sizes, seat)  # answers and sets that differ in worth
    if sizes[seat] == 1 or state.penalty:
        return moves[0]  # plays come first: the card that checks up, or the defence
    hand = state.hand_codes(seat)
    effects, points, free = _rule_tables(rules)
    players = len(sizes)
    low_next = sizes[(seat + 1) % players] <= LOW_HAND
    weight = _points_weight(rules, state.market_size)
    by_shape, by_number = _hand_counts(hand)
    best, best_score = moves[0], -1e9
    for move in moves:
        card = move.card
        if card is None:
            score = 0.0
        elif (code := card.code) == _WHOT:
            score = PLAY + KEEP_WHOT + CALL_HELD * by_shape[_SHAPE_INDEX[move.call]]
        else:
            followers = _followers(by_shape, by_number, hand, code)
            score = PLAY + FOLLOW * followers + weight * points[code]
            effect = effects[code]
            if effect is not None:
                if effect is Effect.HOLD_ON:
                    follow = len(hand) - 1 if free else followers + by_shape[_WHOT_SHAPE]
                    score += HOLD_ON_FOLLOW if follow else HOLD_ON_ALONE
                elif effect is Effect.PICK_TWO:
                    score += 2.0 + (PUNISH if low_next else 0.0)
                elif effect is Effect.PICK_THREE:
                    score += 3.0 + (PUNISH if low_next else 0.0)
                elif effect is Effect.GENERAL_MARKET:
                    score += 1.0 * (players - 1)
                elif effect is Effect.EVERYONE_PICKS_TWO:
                    score += 2.0 * (players - 1)
                else:  # suspension
                    score += ((1.0 if followers else -2.0) if players == 2 else 1.0) + (
                        PUNISH if low_next else 0.0
                    )
        if score > best_score:
            best, best_score = move, score
    return best


def _scored_move(state, moves: Sequence[Move], sizes: Sequence[int], seat: int) -> Move:
    """`playout_move` by the heuristic's own terms (without memory), where its flat score would
    not tell the moves apart: several cards of one number at once (each card put down adds), and
    a pick answered under cross defence (a bigger pick passes more on) or with a Whot that only
    cancels it (kept when a pick card can answer)."""
    table = _Table(
        state.rules,
        seat,
        state.hand_codes(seat),
        sizes,
        state.top,
        state.called,
        state.penalty,
        state.market_size,
    )
    totals = [_total(_terms(table, move)) for move in moves]
    return moves[max(range(len(moves)), key=totals.__getitem__)]  # the first of equal totals
