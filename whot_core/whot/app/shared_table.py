"""A Whot game played from several devices, as each seat and a spectator may see it.

A table across devices keeps only its rules, seed and move texts (`whot_core.classroom.table`).
Each page replays them here into the Play page's own `Table`, told from one seat's view, so the
one-screen table's drawing, clicks, hints and narration serve a phone unchanged; the spectator
(a projector) gets the public events only, every drawn card hidden. Under match rules the moves
are the whole match (`MatchInPlay`): the page shows the game in play, whose players are the
table's seats still in (`Replayed.seats`), and the match so far.

    >>> from whot_core import Rules
    >>> game = replay(Rules.preset("british"), 2, seed=3, moves=())
    >>> game.movers, len(game.bounds), game.seats
    ((), 1, (0, 1))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.events import Event
from ..engine.matches import MatchInPlay
from ..engine.narrate import narrate
from ..engine.rules import MatchFormat, Rules
from ..engine.state import GameState, new_game
from .play_table import LogEntry, Table

__all__ = ["Replayed", "replay", "rules_title", "seat_table", "spectator_lines"]


@dataclass(frozen=True)
class Replayed:
    """A game replayed from its move texts: the game in play, who made each of its moves (by
    the game's seat), and after each step (the deal, then every move) how many events the game
    had logged; the table seat in each of the game's seats, and, under match rules, the match."""

    state: GameState
    movers: tuple[int, ...]
    bounds: tuple[int, ...]
    seats: tuple[int, ...]
    match: MatchInPlay | None = None

    @property
    def is_over(self) -> bool:
        """Is the table's game (or its match) over?"""
        return self.state.is_over

    def seat_in_game(self, seat: int) -> int | None:
        """The game's seat of table seat `seat`; None when they are out of the match."""
        return self.seats.index(seat) if seat in self.seats else None

    @property
    def turn(self) -> int | None:
        """The table seat whose turn it is; None once it is over."""
        return None if self.is_over else self.seats[self.state.current_player]


def replay(rules: Rules, players: int, seed: int, moves: Sequence[str]) -> Replayed:
    """The game after `moves`, each checked by the engine (an illegal one raises IllegalMove);
    under match rules, the match, its game in play told from that game's deal."""
    single = rules.match is MatchFormat.SINGLE
    position = new_game(rules, players=players, seed=seed) if single else (
        MatchInPlay.start(rules, players, seed))  # fmt: skip

    def game(p) -> GameState:
        return p if single else p.game

    movers, bounds = [], [len(game(position).public_events)]
    for text in moves:
        before = position
        position = position.apply(text)
        if game(position).moves:  # a move of the same game
            movers.append(game(before).current_player)
            bounds.append(len(game(position).public_events))
        else:  # a match's next game was dealt: its story starts again
            movers, bounds = [], [len(game(position).public_events)]
    if single:
        return Replayed(position, tuple(movers), tuple(bounds), tuple(range(players)))
    return Replayed(position.game, tuple(movers), tuple(bounds), position.seats, position)


def rules_title(rules: Rules) -> str:
    """The rules' name for the people at a table: a preset's title, or house rules. A preset
    played as one game or as another match keeps its name (the page says how long it plays)."""
    for name in Rules.presets():
        if Rules.preset(name).replace(match=rules.match) == rules:
            return Rules.preset_info(name)["title"]
    return "house rules"


def _log(game: Replayed, events: Sequence[Event], names: Sequence[str], nigerian: bool):
    """The game as log entries (the deal, then one a move), cut from `events` at its bounds."""
    starts = (0, *game.bounds)
    seats: tuple[int | None, ...] = (None, *game.movers)
    return tuple(
        LogEntry(seat, tuple(events[a:b]), None, tuple(names), nigerian)
        for seat, a, b in zip(seats, starts, game.bounds, strict=False)
    )


def seat_table(
    game: Replayed,
    seat: int,
    names: Sequence[str],
    ai: Sequence[bool],
    seed: int,
    *,
    nigerian: bool = False,
) -> Table:
    """The Play page's table for `seat`: its hand, its legal moves on its turn, and the game
    told as that seat saw it (other seats' drawn cards hidden, no AI player's reasons, which
    can give away cards). `ai` marks the seats an AI plays."""
    events = game.state.view(seat).events
    levels = tuple("AI" if is_ai else None for is_ai in ai)
    return Table(
        game.state,
        levels,
        seed,
        human=seat,
        nigerian=nigerian,
        log=_log(game, events, names, nigerian),
        labels=tuple(names),
    )


def spectator_lines(
    game: Replayed, names: Sequence[str], nigerian: bool = False
) -> tuple[str, ...]:
    """The game in sentences as a spectator may read it: every drawn card hidden."""
    return tuple(
        line
        for entry in _log(game, game.state.public_events, names, nigerian)
        for line in narrate(entry.events, entry.names, nigerian)
    )
