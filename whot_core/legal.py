"""Which moves the rules allow, and why the others are not allowed: the one place legality lives.

Matching (RULES.md section 2): on the top card play the same shape, the same number, or a Whot;
after a Whot, the called shape or another Whot. Defence (section 4): a pending pick is answered only
with the same number. Going out on a special card (section 6) and announcements (section 5) are
checked here too. Both the full `GameState` and a player's `PlayerView` ask these functions, so a
player and the engine can never disagree about what is legal.

Cards are codes here (see `cards.py`); the tables are built once at import.
"""

from __future__ import annotations

from .cards import CARDS, SHAPES, Shape
from .moves import DRAW, PLAYS, WHOT_PLAYS, Announcement, Move
from .rules import Announcements, Rules

__all__ = ["explain_move", "legal_moves", "playable_codes"]

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


def _moves_table(ok: tuple[bool, ...]) -> tuple[tuple[Move, ...], ...]:
    """The prebuilt moves each card code offers on one target: (), one play, or five Whot calls."""
    return tuple(
        () if not ok[c] else WHOT_PLAYS if c == WHOT_CODE else (PLAYS[c],)
        for c in range(len(CARDS))
    )


# The same lookups as above, giving moves instead of yes/no, so legal_moves allocates no Move.
_ON_CARD = tuple(_moves_table(ok) for ok in OK_ON_CARD)
_ON_CALL = {shape: _moves_table(ok) for shape, ok in OK_ON_CALL.items()}
_ON_ANY = _moves_table(OK_ANY)
_DEFEND = {n: _moves_table(ok) for n, ok in DEFEND.items()}
_ONLY_DRAW = (DRAW,)
#: SAYING[left][move]: `move` with the announcement a play leaving `left` cards calls for.
_SAYING = {
    left: {m: m.with_announcement(words) for m in (*PLAYS, *WHOT_PLAYS) if m.card}
    for left, words in _SAY.items()
}


def playable_codes(
    hand: list[int], top: int, called: Shape | None, free: bool, penalty_number: int
) -> list[int]:
    """The cards of `hand` that may go on the pile now (with repeats, in hand order)."""
    table = _table(top, called, free, penalty_number)
    return [c for c in hand if table[c]]


def _table(top: int, called: Shape | None, free: bool, penalty_number: int):
    if penalty_number:
        return _DEFEND[penalty_number]
    if free or top == NO_CARD:
        return _ON_ANY
    if called is not None:
        return _ON_CALL[called]
    return _ON_CARD[top]


def legal_moves(
    rules: Rules,
    hand: list[int],
    top: int,
    called: Shape | None,
    free: bool,
    penalty_number: int,
) -> tuple[Move, ...]:
    """Every legal move, plays in card order then `draw` (always legal: RULES.md section 2).

    Under `announcements = penalty` a play that leaves two cards or one appears twice: with the
    announcement first, then without it (legal, but penalised).
    """
    # This is the inner loop of every simulation: table lookups, no Move is built here.
    table = _table(top, called, free, penalty_number)
    codes = [c for c in hand if table[c]]
    if not codes:
        return _ONLY_DRAW
    left = len(hand) - 1
    if left == 0 and not rules.win_on_special:
        effects = rules._effects
        codes = [c for c in codes if c != WHOT_CODE and effects[c] is None]
    if len(codes) == 1:
        moves = list(table[codes[0]])
    else:
        codes.sort()
        moves = []
        previous = -1
        for c in codes:
            if c != previous:  # two packs, or two Whots: one move per distinct card
                moves += table[c]
                previous = c
    if left in _SAYING and rules.announcements is Announcements.PENALTY:
        saying = _SAYING[left]
        moves = [variant for m in moves for variant in (saying[m], m)]
    moves.append(DRAW)
    return tuple(moves)


def explain_move(
    rules: Rules,
    hand: list[int],
    top: int,
    called: Shape | None,
    free: bool,
    penalty: int,
    penalty_number: int,
    move: Move,
) -> tuple[bool, str]:
    """(legal?, one friendly sentence naming the rule). The engine raises with the same words."""
    if move.card is None:
        if penalty:
            return True, (
                f"Legal: drawing takes all {penalty} penalty cards and ends your turn "
                "(defence: you did not answer the pick)."
            )
        return True, "Legal: you may always draw one card instead of playing; it ends your turn."
    card = move.card
    code = card.code
    if code not in hand:
        return False, f"Your hand: you don't hold {card}, so you cannot play it."
    top_card = CARDS[top] if top != NO_CARD else None
    if penalty_number:
        if card.is_whot or card.number != penalty_number:
            return False, (
                f"Defence: a pick is waiting on you ({penalty} cards); only another "
                f"{penalty_number} can pass it on (never a Whot). Otherwise draw them all."
            )
        why = f"Defence: another {penalty_number} passes the pick on to the next player."
    elif free or top_card is None:
        why = (
            "Hold on: your follow-up may be any card."
            if free and top_card is not None
            else "Start of play: any card may start the pile."
        )
    elif card.is_whot:
        why = f"Whot: a Whot can go on any card; you call {move.call}."
    elif called is not None:
        if card.shape is not called:
            return False, (
                f"The call: the last Whot called {called}, so play a {called} or a Whot; "
                f"{card} is a {card.shape}."
            )
        why = f"The call: {card} is a {called}, as the Whot called."
    elif card.shape is top_card.shape:
        why = f"Matching: {card} has the same shape as {top_card}."
    elif card.number == top_card.number:
        why = f"Matching: {card} has the same number as {top_card}."
    else:
        return False, (
            f"Matching: {card} does not match {top_card}: play a {top_card.shape}, "
            f"{_a(top_card.number)} {top_card.number}, or a Whot."
        )
    left = len(hand) - 1
    if left == 0:
        if not rules.win_on_special and (card.is_whot or rules._effects[code] is not None):
            return False, (
                "Going out (win_on_special is off): you may not play your last card when it is "
                "a special card or a Whot; draw instead."
            )
        return True, f"Legal, and it wins. {why} It is your last card: check up!"
    said = move.announce
    needed = _SAY.get(left)
    if said is not None:
        if rules.announcements is Announcements.NONE:
            return False, "Announcements: these rules have none, so the move cannot carry one."
        if said is not needed:
            return False, (
                f"Announcements: '{said}' is for a play that leaves {said.cards_left} "
                f"card{'s' if said.cards_left > 1 else ''}; this one leaves {left}."
            )
    elif needed is not None and rules.announcements is Announcements.PENALTY:
        return True, f"Legal. {why} But say '{needed}', or you will draw two penalty cards."
    return True, f"Legal. {why}"


def _a(number: int) -> str:
    """The article before a number said aloud: an 8, an 11, a 5."""
    return "an" if number in (8, 11) else "a"


def canonical(rules: Rules, move: Move) -> Move:
    """The form a move is recorded in: under `informative` the engine itself announces."""
    if move.announce is not None and rules.announcements is Announcements.INFORMATIVE:
        return move.with_announcement(None)
    return move
