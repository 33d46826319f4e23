"""Game tables in the classroom's SQLite file, beside its rooms.

A table is one row; its seats and moves are JSON columns. `change_table` reads the row and
writes the changed one inside one `BEGIN IMMEDIATE` transaction (`SqliteStore._write`): a
second move sent at the same moment waits, then sees the first one's version and is refused.

    >>> import tempfile, pathlib
    >>> store = SqliteTableStore(pathlib.Path(tempfile.mkdtemp()) / "classroom.sqlite3")
    >>> store.create_table(TableRecord("ABCDE", "whot", "{}", 1, (Seat(), Seat()), None))
    >>> store.table_version("ABCDE"), store.table_version("ZZZZZ")
    (1, None)
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from dataclasses import asdict, replace
from pathlib import Path

from .sqlite import SqliteStore
from .table_store import Refused, Seat, TableRecord

__all__ = ["SqliteTableStore"]

TABLES_SCHEMA = """
CREATE TABLE IF NOT EXISTS game_tables (
    code TEXT PRIMARY KEY, game TEXT NOT NULL, rules TEXT NOT NULL, seed INTEGER NOT NULL,
    seats TEXT NOT NULL, host INTEGER, phase TEXT NOT NULL, moves TEXT NOT NULL,
    version INTEGER NOT NULL, created REAL NOT NULL, empty_since REAL,
    nigerian INTEGER NOT NULL DEFAULT 0);
"""
_COLUMNS = (
    "code, game, rules, seed, seats, host, phase, moves, version, created, empty_since, nigerian"
)
#: Columns added after the first schema: a file made before them gains each, with its default.
_ADDED = {"nigerian": "INTEGER NOT NULL DEFAULT 0"}


class SqliteTableStore(SqliteStore):
    """A `TableStore` (and the classroom's `RoomStore`) in one SQLite file."""

    def __init__(self, path: str | Path, timeout: float = 5.0) -> None:
        super().__init__(path, timeout)
        self._write(lambda db: db.executescript(TABLES_SCHEMA) and None, script=True)
        have = {row[1] for row in self._read("PRAGMA table_info(game_tables)", ())}
        if set(_ADDED) - have:  # a file an earlier version made: written only then
            self._write(_add_columns)

    def __repr__(self) -> str:
        return f"SqliteTableStore({str(self.path)!r})"

    def create_table(self, table: TableRecord) -> None:
        def insert(db: sqlite3.Connection) -> None:
            if db.execute("SELECT 1 FROM game_tables WHERE code = ?", (table.code,)).fetchone():
                raise Refused("code", f"the code {table.code} is taken")
            marks = ",".join("?" * len(_COLUMNS.split(", ")))
            db.execute(f"INSERT INTO game_tables ({_COLUMNS}) VALUES ({marks})", _row(table))

        self._write(insert)

    def table(self, code: str) -> TableRecord | None:
        rows = self._read(f"SELECT {_COLUMNS} FROM game_tables WHERE code = ?", (code,))
        return _record(rows[0]) if rows else None

    def table_version(self, code: str) -> int | None:
        rows = self._read("SELECT version FROM game_tables WHERE code = ?", (code,))
        return rows[0][0] if rows else None

    def change_table(self, code: str, change: Callable[[TableRecord], TableRecord]) -> TableRecord:
        def update(db: sqlite3.Connection) -> TableRecord:
            row = db.execute(f"SELECT {_COLUMNS} FROM game_tables WHERE code = ?", (code,))
            found = row.fetchone()
            if found is None:
                raise Refused("code", f"there is no table {code}")
            old = _record(found)
            changed = replace(change(old), code=code)
            new = replace(changed, version=changed.next_version(old))
            sets = ", ".join(f"{name} = ?" for name in _COLUMNS.split(", ")[1:])
            db.execute(f"UPDATE game_tables SET {sets} WHERE code = ?", (*_row(new)[1:], code))
            return new

        return self._write(update)


def _add_columns(db: sqlite3.Connection) -> None:
    """Bring a file made by an earlier version up to this schema: its tables are kept, each
    with the new columns' defaults (a restart with a newer app loses nothing)."""
    have = {row[1] for row in db.execute("PRAGMA table_info(game_tables)")}
    for name, kind in _ADDED.items():
        if name not in have:
            db.execute(f"ALTER TABLE game_tables ADD COLUMN {name} {kind}")


def _row(table: TableRecord) -> tuple:
    seats = json.dumps([asdict(seat) for seat in table.seats])
    return (
        table.code,
        table.game,
        table.rules,
        table.seed,
        seats,
        table.host,
        table.phase,
        json.dumps(list(table.moves)),
        table.version,
        table.created,
        table.empty_since,
        int(table.nigerian),
    )


def _record(row: tuple) -> TableRecord:
    code, game, rules, seed, seats, host, phase, moves, version, created, empty_since, names = row
    return TableRecord(
        code,
        game,
        rules,
        seed,
        tuple(Seat(**seat) for seat in json.loads(seats)),
        host,
        phase,
        tuple(json.loads(moves)),
        version,
        created,
        empty_since,
        bool(names),
    )
