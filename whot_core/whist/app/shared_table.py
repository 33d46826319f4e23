"""A Whist game played from several devices, as each seat and a spectator may see it: the
counterpart of `whot_core.whot.app.shared_table`.

A table across devices keeps only its rules, seed and card texts. Each page replays them here
into the Play Whist page's own `WhistTable`, from one seat, so its drawing (the table from that
seat, the hand apart as buttons), clicks and hints serve a phone unchanged. Whist's events are
all public (every card is played face up), so a seat and a spectator read the same sentences;
what differs is the picture: a seat sees its own hand, a spectator none until the end.

    >>> from whot_core.whist import WhistRules
    >>> table = seat_table(WhistRules(), 3, (), ("Ada", "Bo", "Chi", "Dee"), (False,) * 4, 0)
    >>> len(table.log), table.human
    (1, 0)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.cards import Card
from ..engine.rules import WhistRules
from ..engine.state import new_game
from ..show.seat_table import seat_table_svg
from .table import Played, WhistTable, _last

__all__ = ["seat_table", "spectator_svg"]


def seat_table(
    rules: WhistRules,
    seed: int,
    moves: Sequence[str],
    names: Sequence[str],
    ai: Sequence[bool],
    seat: int,
) -> WhistTable:
    """The Play Whist page's table for `seat` after `moves` (each checked by the engine), its
    log one entry a card; `ai` marks the seats an AI plays. The whole game is played (not one
    hand): a table ends when the engine says the game is over."""
    state = new_game(rules, seed=seed)
    log = [Played(None, None, state.events)]
    for text in moves:
        mover, before = state.current_player, state.event_count
        state = state.apply(text)
        log.append(Played(mover, Card.of(text), state.events_since(before)))
    levels = tuple("AI" if is_ai else None for is_ai in ai)
    return WhistTable(state, levels, tuple(names), seed, human=seat, log=tuple(log))


def spectator_svg(table: WhistTable) -> str:
    """The table as a projector shows it: every seat and the trick, no hand (until the end,
    when the page draws every hand face up)."""
    return seat_table_svg(table.state, None, names=table.names, last_trick=_last(table))
