"""The players' memory (`players/memory.py`) event by event: who went to market on what, what a
play takes back, whose draws teach nothing, and the top card a hand-set position starts from.

Written to kill the mutants `make mutation MODULE=whot_core/whot/players/memory.py` left alive
(docs/testing.md): each test states one rule of the memory with three or four seats, so that the
next, the previous and the viewer's own seat differ. Two paths are checked: typed events
(`lacks_from_events`) and the game's logged tuples, read on from an earlier note
(`remembered_lacks` in a dealt game)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from whot_core import Card, GameState, Rules, Shape
from whot_core.whot.engine.events import (
    Dealt,
    DrawReason,
    Drew,
    Flipped,
    Played,
    Reshuffled,
    TurnedUp,
    chain_of,
    to_event,
)
from whot_core.whot.players import lacks_from_events, remembered_lacks, remembered_lacks_of
from whot_core.whot.players import memory as memory_module

NOTHING = (frozenset(), frozenset())
CIRCLE, STAR, SQUARE, CROSS = Shape.CIRCLE, Shape.STAR, Shape.SQUARE, Shape.CROSS


def card(text: str) -> Card:
    return Card.parse(text)


def lacks(shapes=(), numbers=()) -> tuple[frozenset, frozenset]:
    return frozenset(shapes), frozenset(numbers)


# ---------------------------------------------------------------- logged tuples, as the engine logs


def dealt() -> tuple:
    return ("dealt", 0, 1, (), 3)


def turned_up(text: str) -> tuple:
    return ("turned_up", card(text).code)


def played(seat: int, text: str, call: Shape | None = None) -> tuple:
    return ("played", seat, card(text).code, call)


def drew(seat: int, reason: str = "market", count: int = 1) -> tuple:
    return ("drew", seat, None, reason, count, count)


def dealt_view(raws: list[tuple], seat: int, players: int) -> SimpleNamespace:
    """What the memory reads of a view in a dealt game: its log (newest first), seat and players;
    `events` as the typed events, for the reading of a game whole."""
    return SimpleNamespace(
        _log=chain_of(raws),
        seat=seat,
        players=players,
        events=tuple(to_event(raw, seat) for raw in raws),
    )


@pytest.fixture(autouse=True)
def empty_memory():
    memory_module._MEMORY.clear()
    yield
    memory_module._MEMORY.clear()


# Each story: the logged tuples after the deal, the viewer, the number of seats, and what every
# seat is then known to lack (the viewer's own entry is always empty).
STORIES = {
    "market on a plain card: its shape and number": (
        [turned_up("circle 5"), drew(1)],
        0,
        3,
        [NOTHING, lacks({CIRCLE}, {5}), NOTHING],
    ),
    "the previous seat is not the next": (
        [turned_up("circle 5"), drew(3), played(3, "star 5"), drew(1)],
        0,
        4,
        [NOTHING, lacks({STAR}, {5}), NOTHING, lacks({CIRCLE})],
    ),
    "market after a call: the called shape only": (
        [turned_up("circle 5"), played(1, "whot", STAR), drew(2)],
        0,
        3,
        [NOTHING, NOTHING, lacks({STAR})],
    ),
    "market on a Whot with no call: nothing": (
        [turned_up("whot"), drew(1)],
        0,
        3,
        [NOTHING, NOTHING, NOTHING],
    ),
    "a pick taken is not a market": (
        [turned_up("circle 2"), drew(1, "pick", 2), drew(2, "general_market")],
        0,
        3,
        [NOTHING, NOTHING, NOTHING],
    ),
    "the viewer's own market teaches it nothing": (
        [turned_up("circle 5"), drew(0), drew(2)],
        0,
        3,
        [NOTHING, NOTHING, lacks({CIRCLE}, {5})],
    ),
    "playing the shape takes the shape back, not the number": (
        [turned_up("circle 5"), drew(1), played(2, "circle 8"), played(1, "circle 11")],
        0,
        3,
        [NOTHING, lacks((), {5}), NOTHING],
    ),
    "playing the number takes the number back, not the shape": (
        [turned_up("circle 5"), drew(1), played(2, "star 5"), played(1, "square 5")],
        2,
        3,
        [NOTHING, lacks({CIRCLE}), NOTHING],
    ),
    "a Whot played takes nothing back": (
        [turned_up("circle 5"), drew(1), played(1, "whot", CIRCLE)],
        0,
        3,
        [NOTHING, lacks({CIRCLE}, {5}), NOTHING],
    ),
    "another seat's play takes nothing back": (
        [turned_up("circle 5"), drew(1), played(2, "circle 5")],
        0,
        3,
        [NOTHING, lacks({CIRCLE}, {5}), NOTHING],
    ),
    "notes add up": (
        [turned_up("circle 5"), drew(1), played(2, "star 7"), drew(1)],
        0,
        3,
        [NOTHING, lacks({CIRCLE, STAR}, {5, 7}), NOTHING],
    ),
    "a play after a call ends the call": (
        [turned_up("circle 5"), played(1, "whot", STAR), played(2, "star 4"), drew(1)],
        0,
        3,
        [NOTHING, lacks({STAR}, {4}), NOTHING],
    ),
}


@pytest.mark.parametrize("story", STORIES)
def test_typed_events_and_logged_tuples_tell_the_same_story(story):
    raws, viewer, players, expected = STORIES[story]
    events = [to_event(raw, viewer) for raw in raws]
    assert lacks_from_events(events, viewer, players) == expected
    view = dealt_view([dealt(), *raws], viewer, players)
    assert remembered_lacks(view) == expected
    assert [remembered_lacks_of(view, seat) for seat in range(players)] == expected


@pytest.mark.parametrize("story", STORIES)
def test_the_memory_reads_on_from_a_note_one_event_at_a_time(story):
    """Each decision reads only the events after the last note: built up one logged tuple at a
    time (each log shares the older entries), every step agrees with reading the game whole;
    asking twice at one position gives the same (nothing new to read)."""
    raws, viewer, players, _ = STORIES[story]
    log = [dealt()]
    for raw in raws:
        log.append(raw)
        view = dealt_view(log, viewer, players)
        whole = lacks_from_events(view.events, viewer, players)
        assert remembered_lacks(view) == whole
        assert remembered_lacks(view) == whole


def test_a_note_read_on_from_keeps_every_seat_apart():
    """The notes after the first decision are copied before they grow: another seat's note (or
    an earlier position's) is not changed by what comes after."""
    raws = [dealt(), turned_up("circle 5"), drew(1)]
    first = dealt_view(raws, 0, 3)
    assert remembered_lacks(first) == [NOTHING, lacks({CIRCLE}, {5}), NOTHING]
    chain = first._log
    later = ("drew", 2, None, "market", 1, 1)
    view = SimpleNamespace(_log=(later, chain), seat=0, players=3, events=())
    assert remembered_lacks(view) == [NOTHING, lacks({CIRCLE}, {5}), lacks({CIRCLE}, {5})]
    assert remembered_lacks(first) == [NOTHING, lacks({CIRCLE}, {5}), NOTHING]


def test_the_memory_forgets_its_notes_when_full(monkeypatch):
    """With room for one note, the second decision clears the first: the game is read again from
    the deal, with the same answer."""
    monkeypatch.setattr(memory_module, "_MEMORY_SIZE", 1)
    raws = [dealt(), turned_up("circle 5"), drew(1), played(2, "star 7"), drew(1)]
    for end in range(2, len(raws) + 1):
        view = dealt_view(raws[:end], 0, 3)
        assert remembered_lacks(view) == lacks_from_events(view.events, 0, 3)
        assert len(memory_module._MEMORY) == 1


def test_a_full_memory_keeps_its_notes_until_full(monkeypatch):
    monkeypatch.setattr(memory_module, "_MEMORY_SIZE", 3)
    raws = [dealt(), turned_up("circle 5"), drew(1), drew(2)]
    for end in range(2, len(raws) + 1):
        remembered_lacks(dealt_view(raws[:end], 0, 3))
    assert len(memory_module._MEMORY) == 3


def test_the_note_of_a_dealt_game_needs_its_deal():
    """A log that does not begin with the deal (a position set up by hand) is read whole from
    its events, with the pile before them."""
    raws = [turned_up("circle 5"), drew(1)]
    view = SimpleNamespace(
        _log=chain_of(raws),
        seat=0,
        players=3,
        events=tuple(to_event(raw, 0) for raw in raws),
        pile=(card("circle 5"),),
        called=None,
    )
    assert remembered_lacks(view) == [NOTHING, lacks({CIRCLE}, {5}), NOTHING]
    assert remembered_lacks_of(view, 1) == lacks({CIRCLE}, {5})
    assert remembered_lacks_of(view, 0) == NOTHING
    assert memory_module._MEMORY == {}


# ------------------------------------------------------------------ typed events with a given pile


MARKET = DrawReason.MARKET


def market(seat: int) -> Drew:
    return Drew(seat, 1, MARKET, 1, None)


def test_the_given_top_card_is_what_the_first_market_lacks():
    assert lacks_from_events([market(1)], 0, 3, top=card("square 10")) == [
        NOTHING,
        lacks({SQUARE}, {10}),
        NOTHING,
    ]


def test_the_given_call_is_what_the_first_market_lacks():
    assert lacks_from_events([market(2)], 0, 3, top=card("whot"), called=CROSS) == [
        NOTHING,
        NOTHING,
        lacks({CROSS}),
    ]


def test_without_a_top_card_a_market_teaches_nothing():
    assert lacks_from_events([market(1)], 0, 3) == [NOTHING] * 3


def test_a_turned_up_card_replaces_the_given_call():
    events = [TurnedUp(card("star 4")), market(1)]
    assert lacks_from_events(events, 0, 3, top=card("whot"), called=CROSS) == [
        NOTHING,
        lacks({STAR}, {4}),
        NOTHING,
    ]


def test_the_viewer_none_counts_every_market():
    events = [TurnedUp(card("star 4")), market(0)]
    assert lacks_from_events(events, None, 2) == [lacks({STAR}, {4}), NOTHING]


# ------------------------------------------------------ a position set up by hand: the opening card


def hand_set(pile, called=None, moves=(), players=3, market=("cross 1", "cross 2", "cross 3")):
    hands = [["circle 4", "triangle 14"], ["square 14", "triangle 13"], ["star 7", "cross 14"]]
    state = GameState.from_position(
        Rules.preset("nigerian"),
        hands=hands[:players],
        pile=pile,
        market=list(market),
        called=called,
    )
    for move in moves:
        state = state.apply(move)
    return state


def test_a_hand_set_position_starts_from_its_top_card():
    state = hand_set(["star 8", "circle 10"], moves=["play circle 4", "draw"])
    # Seat 1 went to market on circle 4 (played on circle 10): circles and 4s.
    assert remembered_lacks(state.view(0))[1] == lacks({CIRCLE}, {4})
    state = hand_set(["star 8", "circle 10"], moves=["draw", "draw"])
    # Nothing played: both markets were on circle 10, the top of the pile as set up.
    assert remembered_lacks(state.view(2))[0] == lacks({CIRCLE}, {10})
    assert remembered_lacks(state.view(2))[1] == lacks({CIRCLE}, {10})
    # A seat's own market teaches it nothing about its own hand.
    assert remembered_lacks(state.view(0)) == [NOTHING, lacks({CIRCLE}, {10}), NOTHING]


def test_a_hand_set_call_stands_until_a_card_is_played():
    state = hand_set(["star 8", "whot"], called="square", moves=["draw"])
    assert remembered_lacks(state.view(1))[0] == lacks({SQUARE})
    state = hand_set(["star 8", "whot"], called="square", moves=["draw", "draw"])
    assert remembered_lacks(state.view(2))[1] == lacks({SQUARE})


def test_the_opening_read_back_from_the_pile():
    """`_opening`: the top card before the first event, read back under the cards played since;
    the call only when nothing was played since; unknown after a turn-over or a reshuffle, or
    when the pile does not reach back that far."""
    opening = memory_module._opening
    pile = (card("star 8"), card("circle 10"), card("circle 1"))
    view = SimpleNamespace(pile=pile, called=None)
    one_play = [Played(0, card("circle 1"), None)]
    assert opening(view, one_play) == (card("circle 10"), None)
    assert opening(view, []) == (card("circle 1"), None)
    two_plays = one_play * 2
    assert opening(view, two_plays) == (card("star 8"), None)
    assert opening(view, one_play * 3) == (None, None)
    assert opening(view, one_play * 4) == (None, None)
    for reset in (Dealt(0, 1, (), 2), Reshuffled(5), Flipped(5)):
        assert opening(view, [reset]) == (None, None)
    whot = SimpleNamespace(pile=(card("star 8"), card("whot")), called=STAR)
    assert opening(whot, []) == (card("whot"), STAR)
    assert opening(whot, [market(1)]) == (card("whot"), STAR)
    assert opening(whot, [Played(1, card("whot"), CROSS)]) == (card("star 8"), None)
    uncalled = SimpleNamespace(pile=(card("star 8"), card("whot")), called=None)
    assert opening(uncalled, []) == (None, None)
    under_whot = SimpleNamespace(pile=(card("whot"), card("star 3")), called=STAR)
    assert opening(under_whot, [Played(0, card("star 3"), None)]) == (None, None)


def test_each_decision_reads_only_the_events_since_the_last_note(monkeypatch):
    """What the note is for: a long game read whole at every decision costs the square of its
    length. After a note at one position, the next position's memory reads only the entries
    added since (here one), and asking again at the same position reads none."""
    reads = []
    real = memory_module._note_raw

    def counted(raw, *rest):
        reads.append(raw)
        return real(raw, *rest)

    monkeypatch.setattr(memory_module, "_note_raw", counted)
    raws = [dealt(), turned_up("circle 5"), drew(1), played(2, "star 7"), drew(1)]
    remembered_lacks(dealt_view(raws[:3], 0, 3))
    assert reads == raws[:3]
    chain = chain_of(raws[:3])
    seat_1 = [lacks({CIRCLE}, {5}), lacks({CIRCLE, STAR}, {5, 7})]
    for raw, expected in zip(raws[3:], seat_1, strict=True):
        reads.clear()
        chain = (raw, chain)
        view = SimpleNamespace(_log=chain, seat=0, players=3, events=())
        assert remembered_lacks(view)[1] == expected
        assert reads == [raw]
        reads.clear()
        assert remembered_lacks_of(view, 1) == expected
        assert reads == []
