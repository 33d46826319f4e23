"""Which moves the rules allow, and why the others are not allowed: the one place legality lives.

Matching (docs/rules.md, "Matching and drawing"): on the top card play the same shape, the same
number, or a Whot;
after a Whot, the called shape or another Whot. Defence (section 4): a pending pick is answered only
with the same number. Going out on a special card (section 6) and announcements (section 5) are
checked here too. Both the full `GameState` and a player's `PlayerView` ask these functions, so a
player and the engine can never disagree about what is legal.

Cards are codes here (see `cards.py`); the tables are built once at import, as yes/no per card
and as bit masks for the inner loop.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence

from .cards import CARDS, SHAPES, Card, Shape
from .effects import APPLIES_ON_CHECK_UP, EFFECT_TEXT, PICK_SIZE
from .moves import DRAW, PLAYS, WHOT_PLAYS, Announcement, Move
from .rules import Announcements, Exhausted, Rules

__all__ = ["explain_move", "hand_mask", "moves_of_playable", "several_moves", "target_mask"]

WHOT_CODE = len(CARDS) - 1
NO_CARD = -1  # `top` of an empty pile

_SHAPE_OF = tuple(card.shape for card in CARDS)
_NUMBER_OF = tuple(card.number for card in CARDS)

#: OK_ON_CARD[top][code]: may `code` be played on the plain card `top`?
OK_ON_CARD: tuple[tuple[bool, ...], ...] = tuple(
    tuple(
        c == WHOT_CODE or _SHAPE_OF[c] is _SHAPE_OF[t] or _NUMBER_OF[c] == _NUMBER_OF[t]
        for c in range(len(CARDS))
    )
    for t in range(len(CARDS))
)
#: OK_ON_CALL[shape][code]: may `code` answer a Whot's call of `shape`?
OK_ON_CALL: dict[Shape, tuple[bool, ...]] = {
    shape: tuple(c == WHOT_CODE or _SHAPE_OF[c] is shape for c in range(len(CARDS)))
    for shape in SHAPES
}
OK_ANY: tuple[bool, ...] = (True,) * len(CARDS)
#: DEFEND[number][code]: may `code` answer a pending pick of `number`? (Never a Whot.)
DEFEND: dict[int, tuple[bool, ...]] = {
    n: tuple(c != WHOT_CODE and _NUMBER_OF[c] == n for c in range(len(CARDS)))
    for n in set(_NUMBER_OF)
}

_SAY = {2: Announcement.SEMI_LAST_CARD, 1: Announcement.LAST_CARD}

# ------------------------------------------------------------------------ the same, as bit masks
#
# The inner loop of every simulation asks "which cards of this hand may go on the pile?" once per
# move. As bit masks (bit `code` set for each card) that question is one `&` of the hand's mask and
# the target's, with no loop over the hand; the set bits then come out in card order, one per
# distinct card, which is the order and the deduplication `legal_moves` promises.

#: BIT[code]: a card's bit in a mask.
BIT: tuple[int, ...] = tuple(1 << c for c in range(len(CARDS)))


def hand_mask(hand: Iterable[int]) -> int:
    """The mask of the distinct cards in `hand` (codes; two of a card set one bit)."""
    mask = 0
    for code in hand:
        mask |= BIT[code]
    return mask


def _mask(ok: tuple[bool, ...]) -> int:
    return hand_mask(c for c in range(len(CARDS)) if ok[c])


_MASK_ON_CARD = tuple(_mask(ok) for ok in OK_ON_CARD)
_MASK_ON_CALL = {shape: _mask(ok) for shape, ok in OK_ON_CALL.items()}
_MASK_ANY = _mask(OK_ANY)
_MASK_DEFEND = {n: _mask(ok) for n, ok in DEFEND.items()}


def target_mask(
    top: int, called: Shape | None, free: bool, penalty_number: int, rules: Rules | None = None
) -> int:
    """The mask of every card that may go on the pile now, whoever holds it.

    Defence comes first (a pending pick is answered only with its number; under `rules` with
    `cross_defence` by any pick card that fits, with `whot_cancels_pick` by a Whot too), then a
    free follow-up or an empty pile (any card), then a Whot's call, then matching the top card.
    """
    if penalty_number:
        if rules is not None and (rules.cross_defence or rules.whot_cancels_pick):
            return defence_mask(rules, top, penalty_number)
        return _MASK_DEFEND[penalty_number]
    if free or top == NO_CARD:
        return _MASK_ANY
    if called is not None:
        return _MASK_ON_CALL[called]
    return _MASK_ON_CARD[top]


def defence_mask(rules: Rules, top: int, penalty_number: int) -> int:
    """The cards that answer a pick waiting on the player (docs/rules.md, "Defence"): the same
    number; under `cross_defence` any pick card that fits `top` by shape or number; under
    `whot_cancels_pick` a Whot as well."""
    mask = _MASK_DEFEND[penalty_number]
    if rules.cross_defence:
        mask |= rules._pick_mask & _MASK_ON_CARD[top]
    if rules.whot_cancels_pick:
        mask |= BIT[WHOT_CODE]
    return mask


def codes_of(mask: int) -> list[int]:
    """The codes whose bits are set in `mask`, in card order."""
    codes = []
    while mask:
        low = mask & -mask
        codes.append(low.bit_length() - 1)
        mask ^= low
    return codes


#: _PLAYS[code]: the prebuilt moves that play one card: one move, or a Whot's five calls.
_PLAYS: tuple[tuple[Move, ...], ...] = tuple(
    WHOT_PLAYS if c == WHOT_CODE else (PLAYS[c],) for c in range(len(CARDS))
)
#: _PLAYS_SAYING[left][code]: the same, each with the announcement a play leaving `left` cards
#: calls for and then without it (legal, but penalised), for `announcements = penalty`.
_PLAYS_SAYING: dict[int, tuple[tuple[Move, ...], ...]] = {
    left: tuple(
        tuple(variant for m in plays for variant in (m.with_announcement(words), m))
        for plays in _PLAYS
    )
    for left, words in _SAY.items()
}
_ONLY_DRAW = (DRAW,)
#: _ONE_CARD_AND_DRAW[code]: the whole answer when `code` is the only playable card (a third of
#: all turns in random play) and no announcement applies, prebuilt.
_ONE_CARD_AND_DRAW: tuple[tuple[Move, ...], ...] = tuple((*plays, DRAW) for plays in _PLAYS)


def moves_of_playable(rules: Rules, playable: int, left: int) -> tuple[Move, ...]:
    """Every legal move, plays in card order then `draw` (always legal: docs/rules.md, "Matching and
    drawing"; under `must_play` only when no play is), when
    `playable` is `hand_mask(hand) & target_mask(...)` and a play would leave `left` cards.

    Under `announcements = penalty` a play that leaves two cards or one appears twice: with the
    announcement first, then without it (legal, but penalised). States and views keep their
    hands' masks up to date, so this is one `&` and a lookup: the inner loop of every
    simulation, where no Move is built.
    """
    if not playable:
        return _ONLY_DRAW
    if left > 2 and not playable & (playable - 1):  # a single bit: one distinct card to play
        if rules.must_play:
            return _PLAYS[playable.bit_length() - 1]
        return _ONE_CARD_AND_DRAW[playable.bit_length() - 1]
    if left == 0 and not rules.win_on_special:
        playable = _plain_only(rules, playable)
        if not playable:
            return _ONLY_DRAW
    plays = _PLAYS
    if left in _SAY and rules.announcements is Announcements.PENALTY:
        plays = _PLAYS_SAYING[left]
    moves: list[Move] = []
    while playable:  # lowest bit first: card order, each distinct card once
        low = playable & -playable
        moves += plays[low.bit_length() - 1]
        playable ^= low
    if not rules.must_play:
        moves.append(DRAW)
    return tuple(moves)


def _plain_only(rules: Rules, playable: int) -> int:
    """`playable` without Whots and special cards: a last card may not be one of those when
    `win_on_special` is off (docs/rules.md, "When the market runs out")."""
    effects = rules._effects
    for code in codes_of(playable):
        if code == WHOT_CODE or effects[code] is not None:
            playable ^= BIT[code]
    return playable


def explain_move(
    rules: Rules,
    hand: list[int],
    top: int,
    called: Shape | None,
    free: bool,
    penalty: int,
    penalty_number: int,
    move: Move,
    supply: tuple[int, int] | None = None,
) -> tuple[bool, str]:
    """(legal?, one friendly sentence naming the rule). The engine raises with the same words.

    `supply` is (cards in the market, cards under the top card): with it, a draw's sentence
    says what the draw really does when the market is short (a refill, or the count)."""
    if move.card is None:
        return _draw_verdict(rules, hand, (top, called, free, penalty, penalty_number), supply)
    if move.card.code not in hand:
        return False, f"Your hand: you don't hold {move.card}, so you cannot play it."
    several = _several(rules, hand, move) if move.more else None
    if several is not None:
        return False, several
    if penalty_number:
        fits, why = _answer(rules, top, penalty, penalty_number, move)
    else:
        fits, why = _fits_the_pile(move.card, CARDS[top] if top != NO_CARD else None, called, free)
    if not fits:
        return False, why
    if move.more:
        why += (
            f" Multiple cards: the other {move.card.number}s go on it, and {move.cards[-1]} is "
            "the new top card."
        )
    return _after_the_play(rules, hand, move, why, penalty_number)


def _draw_verdict(
    rules: Rules, hand: list[int], table: tuple, supply: tuple[int, int] | None
) -> tuple[bool, str]:
    """A draw: refused under `must_play` when a card fits, else what it draws. `table`: the top
    card, the call, a free follow, the pick waiting and its number."""
    top, called, free, penalty, penalty_number = table
    if rules.must_play:
        playable = hand_mask(hand) & target_mask(top, called, free, penalty_number, rules)
        if len(hand) == 1 and not rules.win_on_special:
            playable = _plain_only(rules, playable)
        if playable:
            first = CARDS[codes_of(playable)[0]]
            return False, (
                f"Must play: you hold a card that fits ({first}), so you must play one; you "
                "may draw only when nothing fits."
            )
        if penalty:
            why = "nothing you hold answers the pick, so you draw {cards}"
        else:
            why = "nothing you hold fits, so you draw {cards}"
    elif penalty:
        why = "you do not answer the pick, so you draw {cards}"
    else:
        why = "you may draw {cards} instead of playing"
    return True, _drawing(rules, why, penalty, supply)


def _fits_the_pile(
    card: Card, top_card: Card | None, called: Shape | None, free: bool
) -> tuple[bool, str]:
    """Whether `card` may go on the pile with no pick waiting, and the rule that says so."""
    if top_card is None:
        return True, "Start of play: any card may start the pile."
    if free and top_card.is_whot:
        return True, "Start card: the Whot turned up calls no shape, so any card may go on it."
    if free:
        return True, "Hold on: your follow-up may be any card."
    if card.is_whot:
        return True, "Whot: a Whot can go on any card, and its player calls the shape to follow."
    if called is not None:
        if card.shape is not called:
            return False, (
                f"The call: the last Whot called {called}, so play a {called} or a Whot; "
                f"{card} is a {card.shape}."
            )
        return True, f"The call: {card} is a {called}, as the Whot called."
    if card.shape is top_card.shape:
        return True, f"Matching: {card} has the same shape as {top_card}."
    if card.number == top_card.number:
        return True, f"Matching: {card} has the same number as {top_card}."
    return False, (
        f"Matching: {card} does not match {top_card}: play a {top_card.shape}, "
        f"{_a(top_card.number)} {top_card.number}, or a Whot."
    )


def _after_the_play(
    rules: Rules, hand: list[int], move: Move, why: str, penalty_number: int
) -> tuple[bool, str]:
    """A play that fits the pile: its announcement, and going out with it."""
    left = len(hand) - len(move.cards)
    said = move.announce
    needed = _SAY.get(left)
    if said is not None and rules.announcements is Announcements.NONE:
        return False, "Announcements: these rules have none, so the move cannot carry one."
    if said is not None and said is not needed:  # the wrong words make any play illegal
        return False, (
            f"Announcements: '{said}' is for a play that leaves {said.cards_left} "
            f"card{'s' if said.cards_left > 1 else ''}; this one leaves {left or 'none'}."
        )
    if left == 0:
        return _going_out(rules, move, why, penalty_number)
    if said is None and needed is not None and rules.announcements is Announcements.PENALTY:
        return True, f"Legal. {why} But say '{needed}', or you will draw two penalty cards."
    return True, f"Legal. {why}"


def _going_out(rules: Rules, move: Move, why: str, penalty_number: int) -> tuple[bool, str]:
    """A play of the last cards: refused on a special card when `win_on_special` is off."""
    card = move.card
    if rules.win_on_special or not (card.is_whot or rules._effects[card.code] is not None):
        return True, _winning(rules, card.code, why, penalty_number)
    if move.more:
        return False, (
            "Going out: these rules let nobody go out on a special card, so you may not "
            "put down your last cards when they are special cards; draw or keep one back."
        )
    return False, (
        "Going out: these rules let nobody go out on a special card, so you may not "
        "play your last card when it is a special card or a Whot; draw instead."
    )


def _drawing(rules: Rules, why: str, penalty: int, supply: tuple[int, int] | None) -> str:
    """A legal draw in words: `why` it is taken (a template naming the `{cards}`), then what it
    does. With `supply` (cards in the market, cards under the top card), a market too short for
    the draw is said: the pile under the top card is turned over or shuffled into a new market,
    or the game ends with a count (`GameState._draw`, docs/rules.md, "When the market runs
    out")."""
    wanted = penalty or 1
    told = why.format(cards=f"all {penalty} penalty cards" if penalty else "one card")
    plain = f"Legal: {told}; it ends your turn."
    if supply is None:
        return plain
    market, under = supply
    exhausted = rules.exhausted
    if market >= wanted:
        if exhausted is Exhausted.COUNT_AT_ONCE and market == wanted:
            return (
                f"Legal, and it ends the game: {told}; the market is then empty, and these rules "
                "count as soon as it is."
            )
        return plain
    has = "is empty" if not market else f"holds only {_cards(market)}"
    refill = not exhausted.counts and under > 0
    if refill and market + under >= wanted:
        how = "turned over" if exhausted is Exhausted.FLIP else "shuffled"
        when = " first" if not market else " when it runs out"
        return (
            f"Legal: {told}: the market {has}, so the pile under the top card is {how} into a "
            f"new market{when}; it ends your turn."
        )
    got = market + (under if refill else 0)
    if exhausted.counts:
        first = f" (you draw {_cards(got)} first)" if got else ""
        return (
            f"Legal, and it ends the game: {told}, but the market {has}, and under these rules "
            f"a draw that finds it empty ends the game with a count{first}."
        )
    short = (
        f"the pile under the top card adds only {_cards(under)}"
        if refill
        else ("nothing is under the top card to refill it")
    )
    drawn = f"you draw {_cards(got)} and " if got else ""
    return (
        f"Legal, and it ends the game: {told}, but the market {has} and {short}, so {drawn}the "
        "game ends with a count."
    )


def _cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _several(rules: Rules, hand: list[int], move: Move) -> str | None:
    """Why a move that puts down several cards is not allowed, or None when it may be."""
    if not rules.multiple_cards:
        return "Several cards at once: these rules put down one card a move."
    held = Counter(hand)
    for card, count in Counter(move.cards).items():
        if held[card.code] < count:
            return f"Your hand: you don't hold {_count_of(count, card)}, so you cannot play them."
    return None


def _count_of(count: int, card: Card) -> str:
    return str(card) if count == 1 else f"{count} of {card}"


def several_moves(rules: Rules, playable: int, hand: Sequence[int]) -> tuple[Move, ...]:
    """`moves_of_playable` under `multiple_cards`: after each card's own plays, the plays that
    put down other cards of its number too (never Whots), one for each choice of the last card
    (the new top) and of the cards between it and the first, those listed in card order."""
    single = moves_of_playable(rules, playable, len(hand) - 1)
    held = Counter(hand)
    penalty_words = rules.announcements is Announcements.PENALTY
    out: list[Move] = []
    for i, move in enumerate(single):
        out.append(move)
        card = move.card
        if card is None or card.is_whot:
            continue
        later = single[i + 1].card if i + 1 < len(single) else None
        if later == card:
            continue  # the same card's other spelling follows: the plays go after it
        out += _more_of(rules, card, held, len(hand), penalty_words)
    return tuple(out)


def _more_of(
    rules: Rules, first: Card, held: Counter, size: int, penalty_words: bool
) -> list[Move]:
    rest = held.copy()
    rest[first.code] -= 1
    same = sorted(
        code
        for code, count in rest.items()
        for _ in range(count)
        if code != WHOT_CODE and _NUMBER_OF[code] == first.number
    )
    if not same:
        return []
    special = rules._effects[first.code] is not None
    choices: dict[tuple[int, ...], None] = {}
    for last_at, last in enumerate(same):
        others = same[:last_at] + same[last_at + 1 :]
        for k in range(len(others) + 1):
            for between in itertools.combinations(others, k):
                choices[(*between, last)] = None
    moves = []
    for codes in sorted(choices, key=lambda c: (len(c), c[-1], c)):
        left = size - 1 - len(codes)
        if left == 0 and special and not rules.win_on_special:
            continue
        play = Move(first, None, None, tuple(CARDS[c] for c in codes))
        if penalty_words and left in _SAY:
            moves.append(play.with_announcement(_SAY[left]))
        moves.append(play)
    return moves


def _answer(
    rules: Rules, top: int, penalty: int, penalty_number: int, move: Move
) -> tuple[bool, str]:
    """May `move` answer the pick of `penalty` cards waiting on the player, and why."""
    card = move.card
    code = card.code
    if code == WHOT_CODE and rules.whot_cancels_pick:
        return True, (
            f"A Whot cancels the pick: nobody draws the {penalty} cards, and the Whot's call "
            "stands."
        )
    if not card.is_whot and card.number == penalty_number:
        return True, f"Defence: another {penalty_number} passes the pick on to the next player."
    size = PICK_SIZE.get(rules._effects[code]) if not card.is_whot else None
    if rules.cross_defence and size and BIT[code] & _MASK_ON_CARD[top]:
        return True, (
            f"Cross defence: {card} is a pick card that fits {CARDS[top]}, so it passes the "
            f"pick on, grown by {size} to {penalty + size}."
        )
    answers = f"another {penalty_number}"
    if rules.cross_defence:
        answers = f"a pick card that fits {CARDS[top]}"
    whot = "or a Whot" if rules.whot_cancels_pick else "never a Whot"
    return False, (
        f"Defence: a pick is waiting on you ({penalty} cards); only {answers} can pass it on "
        f"({whot}). Otherwise draw them all."
    )


def _winning(rules: Rules, code: int, why: str, penalty_number: int) -> str:
    """A legal last card: the sentence names the win, and what becomes of the card's effect
    (the game is over, so an effect aimed at the next player never happens)."""
    if penalty_number:
        card = CARDS[code]
        if card.is_whot:
            why = "A Whot cancels the pick: your Whot answers it, so nobody draws it."
        elif card.number == penalty_number:
            why = f"Defence: another {penalty_number} answers the pick, and nobody draws it."
        else:
            why = "Cross defence: your pick card answers the pick, and nobody draws it."
    text = f"Legal, and it wins. {why} It is your last card: check up!"
    effect = rules._effects[code]
    if effect is None or penalty_number:
        return text
    if effect in APPLIES_ON_CHECK_UP:
        return text + f" Its effect still happens: {EFFECT_TEXT[effect].split(': ', 1)[1]}."
    return text + f" Its effect ({effect.title.lower()}) is not applied: the game is over."


def _a(number: int) -> str:
    """The article before a number said aloud: an 8, an 11, a 5."""
    return "an" if number in (8, 11) else "a"


def canonical(rules: Rules, move: Move) -> Move:
    """The form a move is recorded in: under `informative` the engine itself announces; the
    cards between the first and the last of a multi-card play in card order (their order
    changes nothing)."""
    if move.announce is not None and rules.announcements is Announcements.INFORMATIVE:
        move = move.with_announcement(None)
    if len(move.more) > 2:
        between = tuple(sorted(move.more[:-1], key=lambda c: c.code))
        move = Move(move.card, move.call, move.announce, (*between, move.more[-1]))
    return move
