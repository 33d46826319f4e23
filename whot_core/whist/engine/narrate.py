"""Whist events in plain words, for the notebook and the app.

>>> from whot_core.whist import WhistState
>>> s = WhistState.from_position(
...     [["AD", "KS"], ["3D", "QH"], ["7D", "4C"], ["2S", "5H"]],
...     trump="spades", tricks_won=(6, 5))
>>> start = s.event_count
>>> for card in ("AD", "3D", "7D", "2S"):
...     s = s.apply(card)
>>> for line in narrate(s.events_since(start)):
...     print(line)
South leads the A♦.
West follows with the 3♦.
North follows with the 7♦.
East, out of diamonds, trumps with the 2♠.
East wins trick 12 with the 2♠: a trump beats every card of the suit led.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .events import CardPlayed, Event, GameWon, HandScored, HandStarted, TrickWon
from .rules import SEATS, TEAMS

__all__ = ["narrate", "say"]


def say(event: Event, names: Sequence[str] = SEATS) -> str:
    """One event as one sentence."""
    if isinstance(event, CardPlayed):
        who, card = names[event.seat], event.card
        if event.leads:
            return f"{who} leads the {card}."
        if event.follows:
            return f"{who} follows with the {card}."
        if event.ruffs:
            return f"{who}, out of {event.led.value}, trumps with the {card}."
        return f"{who}, out of {event.led.value}, discards the {card}."
    if isinstance(event, TrickWon):
        text = f"{names[event.seat]} wins trick {event.trick} with the {event.card}"
        if event.by_trump:
            return text + ": a trump beats every card of the suit led."
        return text + "."
    if isinstance(event, HandStarted):
        trump = f"{event.trump.value} are trumps" if event.trump else "no trumps"
        return f"Hand {event.hand}: {trump}; {names[event.leader]} leads."
    if isinstance(event, HandScored):
        ns, ew = event.tricks
        team = 0 if ns > ew else 1
        points = event.points[team]
        return (
            f"{TEAMS[team]} take {max(ns, ew)} tricks to {min(ns, ew)}: "
            f"{points} point{'s' if points != 1 else ''} past the book. "
            f"Score {event.scores[0]}–{event.scores[1]}."
        )
    if isinstance(event, GameWon):
        return f"{TEAMS[event.team]} win the game {max(event.scores)}–{min(event.scores)}."
    raise TypeError(f"not a Whist event: {event!r}")


def narrate(events: Iterable[Event], names: Sequence[str] = SEATS) -> list[str]:
    """Events in order, a sentence each."""
    return [say(event, names) for event in events]
