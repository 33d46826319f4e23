"""What a game table that people join from their own devices keeps, and the store it lives in.

A table is one record: its join code, game and rules, its seats (empty, a person, or an AI
level), host, phase, the moves so far as the game's own move texts (the record Watch replays
is made from them) and a `version` that every change bumps, so a page that saw version N
knows at once whether anything moved. The rules of a table are in `table.py`; a store only
keeps records and changes one atomically (`change`), so two clicks at once cannot both act.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Protocol

from .store import Refused, StoreUnavailable
from .table_games import GAMES

__all__ = ["PHASES", "Refused", "Seat", "StoreUnavailable", "TableRecord", "TableStore"]

#: A table's phases, in order: people sit down, they play, the game is over (or closed).
PHASES = ("seating", "playing", "over", "closed")


@dataclass(frozen=True)
class Seat:
    """One seat: empty (no name, no level), a person (a name and the hash of their rejoin
    token) or an AI level. `seen` is when the person's page last asked for the table.
    `reserved` names the classroom student the seat was kept for (`room:CODE:member:N`, see
    `table.claim`) when a teacher split a class into tables."""

    name: str = ""
    token_hash: str = ""
    level: str = ""
    seen: float = 0.0
    reserved: str = ""

    @property
    def empty(self) -> bool:
        return not self.name and not self.level

    @property
    def person(self) -> bool:
        return bool(self.token_hash) and not self.level

    @property
    def ai(self) -> bool:
        """An AI's own seat (set by the host), not a person's that an AI plays for them."""
        return bool(self.level) and self.name in ("", self.level)

    def label(self, number: int, game: str) -> str:
        """The seat's name at a table of `game`, in its games' words and in the teacher's
        report: the person's (also while an AI plays for them, or after they left: their moves
        stay theirs), "Seat 2 (Heuristic)" for an AI's own (its level's title, as the Play page
        names it), or "empty"."""
        if self.empty:
            return "empty"
        if not self.ai:
            return self.name
        return GAMES[game].levels.seat_name(f"Seat {number}", self.level)


@dataclass(frozen=True)
class TableRecord:
    """One table, as the store keeps it."""

    code: str
    game: str  # "whot" or "whist" (`table_games.GAMES`)
    rules: str  # the rules as JSON (`Rules.as_dict`)
    seed: int  # deals the cards and seeds the AI seats' choices
    seats: tuple[Seat, ...]
    host: int | None  # the seat that may start and hand seats to an AI; None when nobody sits
    phase: str = "seating"
    moves: tuple[str, ...] = ()  # the game's own move texts, in order
    version: int = 1
    created: float = 0.0
    empty_since: float | None = None  # when the last person left (the table is kept a while)
    nigerian: bool = False  # told in the Nigerian shape names (the opener's choice) at every seat

    def with_seat(self, number: int, seat: Seat) -> TableRecord:
        seats = list(self.seats)
        seats[number] = seat
        return replace(self, seats=tuple(seats))

    def next_version(self, old: TableRecord) -> int:
        """This record's version as a change of `old`: one more, unless only a person's sign of
        life (`Seat.seen`) changed. Every screen at a table redraws when the version moves, so a
        phone saying "still here" every few seconds must not redraw them all."""
        unseen = tuple(replace(seat, seen=0.0) for seat in self.seats)
        before = tuple(replace(seat, seen=0.0) for seat in old.seats)
        same = replace(self, seats=unseen, version=0) == replace(old, seats=before, version=0)
        return old.version if same else old.version + 1


class TableStore(Protocol):
    """Where tables live: an SQLite file (`sqlite_tables.SqliteTableStore`), a Redis server
    (`redis_store.RedisStore`), or any store that can read a record and change it in one atomic
    step. Raises `StoreUnavailable` when it cannot be reached, with nothing changed."""

    def create_table(self, table: TableRecord) -> None:
        """Keep a new table; `Refused("code", ...)` if the code is taken."""

    def table(self, code: str) -> TableRecord | None: ...

    def table_version(self, code: str) -> int | None:
        """The table's version, cheaply: what a watching page polls."""

    def change_table(self, code: str, change: Callable[[TableRecord], TableRecord]) -> TableRecord:
        """Read the table, apply `change` and keep what it returns with the version bumped
        (`TableRecord.next_version`: not for a sign of life alone), all
        in one transaction: a `Refused` raised by `change` leaves the table as it was. A store
        may run `change` more than once (Redis, when another process changed the table between
        the read and the write): the last run is the one kept."""
