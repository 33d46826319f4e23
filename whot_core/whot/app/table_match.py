"""A match at the Play table: people and AI players play a rubber, an elimination at 100 or a
tournament (`rules.match`, scored by `engine.matches.Match`) game after game, with the standings
between games. A player who is out sits out the next games; when every person is out the AI
players play on, and each game can still be watched to its end ("continuous play", seeds/003).

`TableMatch` is frozen: it keeps the seats and the finished games, and rebuilds the `Match` from
them when asked (replaying a record is cheap), so the page keeps one value and never mutates it.
It also keeps the people's moves of each finished game: with the seed they are the whole match
so far, which is what a link holds (`replay_match`).

    >>> from whot_core import Rules
    >>> from whot_core.whot.app.seats import read_seats
    >>> rules = Rules.preset("naija_tournament")
    >>> held = TableMatch(rules, read_seats("person:Ada,heuristic,heuristic")[0], seed=2)
    >>> table = held.deal_next(simulations=20)
    >>> table.names
    ('Ada', 'Seat 1 (Heuristic)', 'Seat 2 (Heuristic)')
    >>> held.match().results
    ()
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..engine.matches import Match, game_seed
from ..engine.moves import Move
from ..engine.rules import MatchFormat, Rules
from ..engine.state import GameState
from .play_table import LogEntry, Table, _ai_turns
from .scoring import standings_rows
from .seats import Seat, check_seats, in_game, replay
from .seats import people_moves as people_moves_of

__all__ = ["TableMatch", "is_match", "replay_match"]


def is_match(rules: Rules) -> bool:
    """Do these rules play a match (several games), rather than a single game?"""
    return rules.match is not MatchFormat.SINGLE


@dataclass(frozen=True)
class TableMatch:
    """The match's rules, its seats (match players, in order), its seed, and the final state of
    each game played so far."""

    rules: Rules
    seats: tuple[Seat, ...]
    seed: int
    finished: tuple[GameState, ...] = ()
    people_moves: tuple[tuple[Move, ...], ...] = ()

    def __post_init__(self) -> None:
        check_seats(self.rules, self.seats)

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(seat.label(i, self.seats) for i, seat in enumerate(self.seats))

    def match(self, current: GameState | None = None) -> Match:
        """The `Match` after the finished games (and `current`, when it is over too)."""
        match = Match(self.rules, len(self.seats), self.seed)
        for state in (*self.finished, *([current] if current is not None else [])):
            match.next_game()
            match.record_game(state)
        return match

    def deal_next(self, *, simulations: int = 200, nigerian: bool = False) -> Table:
        """The next game at the table, for the players still in: the AI moves until a person's
        turn (to the end of the game, once every person is out)."""
        match = self.match()
        if match.is_over:
            raise ValueError("the match is over: start a new one")
        state = match.next_game()
        active = match.active
        levels = tuple(self.seats[p].level for p in active)
        labels = tuple(self.labels[p] for p in active)
        people = [seat for seat, level in enumerate(levels) if level is None]
        first = people[0] if people else 0
        seed = game_seed(self.seed, len(match.results) + 1)  # the AI's choices derive from it
        table = Table(
            state, levels, seed, human=first, simulations=simulations, nigerian=nigerian,
            labels=labels,
        )  # fmt: skip
        opening = LogEntry(None, state.view(first).events, names=labels, nigerian=nigerian)
        return _ai_turns(replace(table, log=(opening,)))

    def after(self, final: GameState, people_moves: Sequence[Move] = ()) -> TableMatch:
        """The match with one more game played to its end (and the moves its people made)."""
        if not final.is_over:
            raise ValueError("final: the game is not over yet")
        return replace(
            self,
            finished=(*self.finished, final),
            people_moves=(*self.people_moves, tuple(people_moves)),
        )

    def games(self, current: Table) -> tuple[tuple[Move, ...], ...]:
        """The people's moves game by game, `current` last: with the seed, the link's match."""
        return (*self.people_moves, people_moves_of(current))

    def people_out(self, current: GameState | None = None) -> bool:
        """Is every person out of the match (the AI players play on)?"""
        active = self.match(current).active
        return not any(self.seats[p].is_person for p in active)

    def standings(self, current: GameState | None = None) -> list[dict[str, Any]]:
        """The match table, one row per player by name."""
        rows = standings_rows(self.match(current))
        for row, label in zip(rows, self.labels, strict=True):
            row["player"] = label
        return rows


def replay_match(
    rules: Rules,
    seats: Sequence[Seat],
    seed: int,
    games: Sequence[Sequence[Move]],
    *,
    simulations: int = 200,
    nigerian: bool = False,
) -> tuple[TableMatch, Table, str | None]:
    """A match played again from a link: the people's moves of each game (`games`, the game in
    progress last; none, a match just dealt). Every game but the last must end on its moves;
    a problem stops the replay there, in words, with the match as far as it got."""
    held = TableMatch(rules, tuple(seats), seed)
    table = held.deal_next(simulations=simulations, nigerian=nigerian)
    games = list(games) or [()]
    for number, moves in enumerate(games, start=1):
        table, problem = replay(table, moves)
        if problem:
            return held, table, in_game(problem, number, len(games))
        if number == len(games):
            break
        if not table.state.is_over:
            return held, table, f"moves: game {number} is not over after its moves"
        held = held.after(table.state, moves)
        if held.match().is_over:
            return held, table, f"moves: the match was over after game {number}"
        table = held.deal_next(simulations=simulations, nigerian=nigerian)
    return held, table, None
