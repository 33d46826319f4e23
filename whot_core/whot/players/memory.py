"""What an AI player remembers of the others: the shapes and numbers each seat could not follow,
read from the public events (`lacks_from_events`); in a dealt game, read on from an earlier
decision's note rather than from the deal each time (`remembered_lacks`)."""

from __future__ import annotations

from ..engine.cards import CARDS, Card, Shape
from ..engine.events import Dealt, DrawReason, Drew, Flipped, Played, Reshuffled, TurnedUp

__all__ = ["lacks_from_events", "remembered_lacks", "remembered_lacks_of"]


_NO_LACKS: tuple[frozenset[Shape], frozenset[int]] = (frozenset(), frozenset())


def lacks_from_events(
    events, viewer: int, players: int, top: Card | None = None, called: Shape | None = None
):
    """For each seat, the shapes and numbers it could not follow, read from public events.

    A seat that goes to market (`Drew` with reason `market`) could not (or would not) follow the
    top card: its shape, or the called shape after a Whot, and its number. The note stands until
    the seat plays that shape or number again (seeds/000: "note which numbers and symbols your
    opponents cannot follow"). `top` and `called` give the pile before the first event, for
    positions set up by hand (a dealt game starts from its events)."""
    shapes: list[frozenset[Shape]] = [frozenset()] * players
    numbers: list[frozenset[int]] = [frozenset()] * players
    for event in events:
        top, called = _note(event, top, called, shapes, numbers, viewer)
    return list(zip(shapes, numbers, strict=True))


def _note(
    event,
    top: Card | None,
    called: Shape | None,
    shapes: list[frozenset[Shape]],
    numbers: list[frozenset[int]],
    viewer: int | None,
) -> tuple[Card | None, Shape | None]:
    """What one public event teaches about who lacks what, noted in `shapes` and `numbers` (the
    viewer's own draws teach nothing); returns the top card and call after it."""
    if isinstance(event, TurnedUp):
        return _noted(_TURNED_UP, None, event.card, None, top, called, shapes, numbers)
    if isinstance(event, Played):
        return _noted(_PLAYED, event.seat, event.card, event.call, top, called, shapes, numbers)
    if isinstance(event, Drew) and event.reason is DrawReason.MARKET and event.seat != viewer:
        return _noted(_WENT_TO_MARKET, event.seat, None, None, top, called, shapes, numbers)
    return top, called


def _note_raw(
    raw: tuple,
    top: Card | None,
    called: Shape | None,
    shapes: list[frozenset[Shape]],
    numbers: list[frozenset[int]],
) -> tuple[Card | None, Shape | None]:
    """`_note` for one logged tuple (`engine.events.to_event` tells its fields), read without
    building the typed event: the memory reads every move of every game this way."""
    kind = raw[0]
    if kind == "played":
        return _noted(_PLAYED, raw[1], CARDS[raw[2]], raw[3], top, called, shapes, numbers)
    if kind == "drew" and raw[3] == "market":
        return _noted(_WENT_TO_MARKET, raw[1], None, None, top, called, shapes, numbers)
    if kind == "turned_up":
        return _noted(_TURNED_UP, None, CARDS[raw[1]], None, top, called, shapes, numbers)
    return top, called


_TURNED_UP, _PLAYED, _WENT_TO_MARKET = range(3)


def _noted(
    kind: int,
    seat: int | None,
    card: Card | None,
    call: Shape | None,
    top: Card | None,
    called: Shape | None,
    shapes: list[frozenset[Shape]],
    numbers: list[frozenset[int]],
) -> tuple[Card | None, Shape | None]:
    """The rule itself: going to market shows a seat lacks the top card's shape (or the called
    shape) and number; playing a shape or number again takes the note back. The sets are frozen
    and replaced only when they change, so a note can share them with the next."""
    if kind == _TURNED_UP:
        return card, None
    if kind == _PLAYED:
        if not card.is_whot:  # (an empty set first: a shape hashes in Python code)
            if shapes[seat] and card.shape in shapes[seat]:
                shapes[seat] = shapes[seat] - {card.shape}
            if numbers[seat] and card.number in numbers[seat]:
                numbers[seat] = numbers[seat] - {card.number}
        return card, call
    if top is not None:  # went to market
        if called is not None:
            shapes[seat] = shapes[seat] | {called}
        elif not top.is_whot:
            shapes[seat] = shapes[seat] | {top.shape}
            numbers[seat] = numbers[seat] | {top.number}
    return top, called


def remembered_lacks(view) -> list[tuple[frozenset[Shape], frozenset[int]]]:
    """`lacks_from_events` over a view's public events: what each seat could not follow.

    In a dealt game the answer comes from `_memory_of`, which reads only the events since an
    earlier decision of the same game; a position set up by hand is read whole each time.
    """
    memory = _memory_of(view._log, view.players)
    if memory is None:
        events = view.events
        return lacks_from_events(events, view.seat, view.players, *_opening(view, events))
    lacks = list(zip(memory[3], memory[4], strict=True))
    lacks[view.seat] = _NO_LACKS  # a seat's own draws teach it nothing about its own hand
    return lacks


def remembered_lacks_of(view, seat: int) -> tuple[frozenset[Shape], frozenset[int]]:
    """`remembered_lacks(view)[seat]`, without the other seats' (what a player asks at every
    decision, of the next seat)."""
    if seat == view.seat:
        return _NO_LACKS  # a seat's own draws teach it nothing about its own hand
    memory = _memory_of(view._log, view.players)
    if memory is None:
        return remembered_lacks(view)[seat]
    return memory[3][seat], memory[4][seat]


#: `_memory_of`'s notes, by the id of the log entry they were read up to. Each note holds that
#: entry, so while a note is kept its id names that entry and no other. Every seat's view shares
#: the game's (public) log, and so its entries: a note made for one seat serves the others.
#: Cleared when full (the next decision then reads its game once from the start).
_MEMORY: dict[int, tuple] = {}
_MEMORY_SIZE = 4096


def _memory_of(log, players: int) -> tuple | None:
    """What `lacks_from_events` remembers after a view's log `log` (newest entry first, each
    `(entry, older)`): `(log, top, called, shapes by seat, numbers by seat)`, with no viewer
    left out yet.

    Reading a whole game at every decision costs the square of its length, and a long game has
    thousands of moves; here a decision reads back only to the newest entry an earlier decision
    of the same game noted, and goes on from that note. None when the log does not begin with the
    deal: a position set up by hand needs its pile to know the opening top card (`_opening`).
    The result depends only on the log, never on what was noted before: the same decisions
    whichever games came first.
    """
    unread = []
    node = log
    note = None
    while node is not None:
        note = _MEMORY.get(id(node[0]))
        if note is not None:
            break
        unread.append(node[0])
        node = node[1]
    if note is None:
        if not unread or unread[-1][0] != "dealt":
            return None
        top = called = None
        shapes: list[frozenset[Shape]] = [frozenset()] * players
        numbers: list[frozenset[int]] = [frozenset()] * players
    elif not unread:  # nothing new since that decision (a hold on: the same seat again)
        return note
    else:
        _, top, called, shapes, numbers = note
        shapes, numbers = list(shapes), list(numbers)
    for raw in reversed(unread):
        top, called = _note_raw(raw, top, called, shapes, numbers)
    note = (log, top, called, tuple(shapes), tuple(numbers))
    if len(_MEMORY) >= _MEMORY_SIZE:
        _MEMORY.clear()
    _MEMORY[id(log[0])] = note
    return note


def _opening(view, events) -> tuple[Card | None, Shape | None]:
    """The top card (and call) before the first event of a position set up by hand, read back
    from the pile; unknown (None) once the pile has been turned over or reshuffled."""
    if any(isinstance(e, Dealt | Reshuffled | Flipped) for e in events):
        return None, None
    played = sum(isinstance(e, Played) for e in events)
    pile = view.pile
    if len(pile) <= played:
        return None, None
    top = pile[len(pile) - played - 1]
    called = view.called if not played else None
    return (None, None) if top.is_whot and called is None else (top, called)
