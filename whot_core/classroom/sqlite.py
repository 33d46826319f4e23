"""The classroom's store in an SQLite file (the standard library's `sqlite3`), the default.

WAL mode lets the projector and thirty phones read while one writes; each change is one
`BEGIN IMMEDIATE` transaction, so two answers arriving at once are both kept, one after the
other, and a change that fails leaves nothing behind. A busy or read-only file becomes a
`StoreUnavailable` that says which file and what to do.

    >>> import tempfile, pathlib
    >>> store = SqliteStore(pathlib.Path(tempfile.mkdtemp()) / "rooms.sqlite3")
    >>> store.create_room(RoomRecord("ABCDE", "hash", "Hold on", "{}"))
    >>> store.version("ABCDE"), store.version("ZZZZZ")
    (1, None)
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from .codes import refuse_taken_out
from .store import Answer, Asked, Member, NameTaken, Refused, RoomRecord, StoreUnavailable, TooLate

__all__ = ["SqliteStore"]

T = TypeVar("T")

#: The tables. `name_key` is NULL for a removed member, so that their name is free again.
SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY, key_hash TEXT NOT NULL, title TEXT NOT NULL, settings TEXT NOT NULL,
    phase TEXT NOT NULL, current INTEGER NOT NULL, closed INTEGER NOT NULL,
    version INTEGER NOT NULL, stage INTEGER NOT NULL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS members (
    room TEXT NOT NULL REFERENCES rooms(code) ON DELETE CASCADE, id INTEGER NOT NULL,
    name TEXT NOT NULL, name_key TEXT, token_hash TEXT NOT NULL, joined REAL NOT NULL,
    removed INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (room, id), UNIQUE (room, name_key), UNIQUE (token_hash));
CREATE TABLE IF NOT EXISTS room_tables (
    room TEXT NOT NULL REFERENCES rooms(code) ON DELETE CASCADE, number INTEGER NOT NULL,
    code TEXT NOT NULL, PRIMARY KEY (room, number));
CREATE TABLE IF NOT EXISTS questions (
    room TEXT NOT NULL REFERENCES rooms(code) ON DELETE CASCADE, number INTEGER NOT NULL,
    spec TEXT NOT NULL, state TEXT NOT NULL, opened REAL,
    PRIMARY KEY (room, number));
CREATE TABLE IF NOT EXISTS answers (
    room TEXT NOT NULL REFERENCES rooms(code) ON DELETE CASCADE, number INTEGER NOT NULL,
    member INTEGER NOT NULL, response TEXT NOT NULL, correct INTEGER NOT NULL,
    points INTEGER NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (room, number, member));
CREATE TABLE IF NOT EXISTS late (
    room TEXT NOT NULL REFERENCES rooms(code) ON DELETE CASCADE, number INTEGER NOT NULL,
    member INTEGER NOT NULL, PRIMARY KEY (room, number, member));
"""


class SqliteStore:
    """A `RoomStore` in one SQLite file. One connection a thread (Streamlit serves each
    session in a thread of its own); `timeout` is how long a change waits for another."""

    def __init__(self, path: str | Path, timeout: float = 5.0) -> None:
        self.path = Path(path)
        self.timeout = timeout
        self._local = threading.local()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreUnavailable(self._words(f"its folder cannot be made ({error})")) from None
        self._write(lambda db: db.executescript(SCHEMA) and None, script=True)

    def __repr__(self) -> str:
        return f"SqliteStore({str(self.path)!r})"

    # ------------------------------------------------------------------------ connections

    def _words(self, problem: str) -> str:
        return (
            f"The classroom's database {self.path} cannot be used: {problem}. Nothing was saved. "
            "Set WHOT_STORE to a file this program may write (docs/classroom.md)."
        )

    def _db(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            try:
                db = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None,
                                     check_same_thread=False)  # fmt: skip
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA foreign_keys=ON")
                db.execute("PRAGMA synchronous=NORMAL")
            except sqlite3.Error as error:
                raise StoreUnavailable(self._words(str(error))) from None
            self._local.db = db
        return db

    def close(self) -> None:
        """Close this thread's connection (others close when their threads end)."""
        db = getattr(self._local, "db", None)
        if db is not None:
            db.close()
            self._local.db = None

    @contextmanager
    def _transaction(self, kind: str) -> Iterator[sqlite3.Connection]:
        db = self._db()
        try:
            db.execute(f"BEGIN {kind}")
        except sqlite3.Error as error:
            raise StoreUnavailable(self._words(_problem(error))) from None
        try:
            yield db
            db.execute("COMMIT")
        except BaseException as error:
            if db.in_transaction:
                db.execute("ROLLBACK")
            if isinstance(error, sqlite3.Error):
                raise StoreUnavailable(self._words(_problem(error))) from None
            raise

    def _write(self, change: Callable[[sqlite3.Connection], T], *, script: bool = False) -> T:
        if script:  # executescript commits by itself: the schema is made outside a transaction
            try:
                return change(self._db())
            except sqlite3.Error as error:
                raise StoreUnavailable(self._words(_problem(error))) from None
        with self._transaction("IMMEDIATE") as db:
            return change(db)

    def _read(self, sql: str, args: Sequence[Any]) -> list[tuple]:
        with self._transaction("DEFERRED") as db:
            return db.execute(sql, args).fetchall()

    def _bump(
        self, db: sqlite3.Connection, code: str, sets: str = "", args: Sequence = (), *, stage=False
    ) -> None:
        """Bump the room's version (and its stage: `stage`), with any other change to its row;
        refused if there is no such room."""
        more = (", stage = stage + 1" if stage else "") + (f", {sets}" if sets else "")
        sql = f"UPDATE rooms SET version = version + 1{more} WHERE code = ?"
        if db.execute(sql, (*args, code)).rowcount != 1:
            raise Refused("code", f"there is no room {code}")

    # ------------------------------------------------------------------------------ rooms

    def create_room(self, room: RoomRecord) -> None:
        def change(db: sqlite3.Connection) -> None:
            if db.execute("SELECT 1 FROM rooms WHERE code = ?", (room.code,)).fetchone():
                raise Refused("code", f"{room.code} is taken")
            db.execute(
                "INSERT INTO rooms VALUES (?, ?, ?, ?, ?, ?, ?, 1, 0, ?)",
                (room.code, room.key_hash, room.title, room.settings, room.phase, room.current,
                 int(room.closed), room.created),
            )  # fmt: skip

        self._write(change)

    def room(self, code: str) -> RoomRecord | None:
        rows = self._read("SELECT * FROM rooms WHERE code = ?", (code,))
        if not rows:
            return None
        c, key, title, settings, phase, current, closed, version, stage, created = rows[0]
        return RoomRecord(
            c, key, title, settings, phase, current, bool(closed), version, stage, created
        )

    def version(self, code: str) -> int | None:
        rows = self._read("SELECT version FROM rooms WHERE code = ?", (code,))
        return rows[0][0] if rows else None

    def stage(self, code: str) -> int | None:
        rows = self._read("SELECT stage FROM rooms WHERE code = ?", (code,))
        return rows[0][0] if rows else None

    def set_phase(self, code: str, phase: str) -> None:
        self._write(lambda db: self._bump(db, code, "phase = ?", (phase,), stage=True))

    def close_room(self, code: str) -> None:
        def change(db: sqlite3.Connection) -> None:
            self._bump(db, code, "closed = 1", stage=True)
            db.execute("UPDATE questions SET state = 'skipped' WHERE room = ? AND state = 'open'",
                       (code,))  # fmt: skip

        self._write(change)

    def delete_room(self, code: str) -> None:
        def change(db: sqlite3.Connection) -> None:
            for table in ("answers", "late", "questions", "members", "room_tables"):
                db.execute(f"DELETE FROM {table} WHERE room = ?", (code,))
            if db.execute("DELETE FROM rooms WHERE code = ?", (code,)).rowcount != 1:
                raise Refused("code", f"there is no room {code}")

        self._write(change)

    # ----------------------------------------------------------------------------- tables

    def add_tables(self, code: str, tables: Sequence[str]) -> None:
        def change(db: sqlite3.Connection) -> None:
            self._bump(db, code, stage=True)
            (count,) = db.execute(
                "SELECT COUNT(*) FROM room_tables WHERE room = ?", (code,)
            ).fetchone()
            rows = [(code, count + n, table) for n, table in enumerate(tables)]
            db.executemany("INSERT INTO room_tables VALUES (?, ?, ?)", rows)

        self._write(change)

    def tables(self, code: str) -> list[str]:
        rows = self._read("SELECT code FROM room_tables WHERE room = ? ORDER BY number", (code,))
        return [row[0] for row in rows]

    # -------------------------------------------------------------------------- questions

    def add_questions(self, code: str, specs: Sequence[str]) -> None:
        def change(db: sqlite3.Connection) -> None:
            self._bump(db, code)
            (count,) = db.execute(
                "SELECT COUNT(*) FROM questions WHERE room = ?", (code,)
            ).fetchone()
            db.executemany(
                "INSERT INTO questions VALUES (?, ?, ?, 'waiting', NULL)",
                [(code, count + n, spec) for n, spec in enumerate(specs)],
            )

        self._write(change)

    def questions(self, code: str) -> list[Asked]:
        rows = self._read("SELECT number, spec, state, opened FROM questions WHERE room = ? "
                          "ORDER BY number", (code,))  # fmt: skip
        return [Asked(*row) for row in rows]

    def open_question(self, code: str, number: int, at: float) -> None:
        def change(db: sqlite3.Connection) -> None:
            self._bump(db, code, "phase = 'question', current = ?", (number,), stage=True)
            db.execute("UPDATE questions SET state = 'skipped' WHERE room = ? AND state = 'open'",
                       (code,))  # fmt: skip
            done = db.execute(
                "UPDATE questions SET state = 'open', opened = ? WHERE room = ? AND number = ? "
                "AND state = 'waiting'",
                (at, code, number),
            )
            if done.rowcount != 1:
                raise Refused("question", f"question {number + 1} cannot be asked now")

        self._write(change)

    def end_question(self, code: str, number: int, state: str) -> None:
        def change(db: sqlite3.Connection) -> None:
            self._bump(db, code, stage=True)
            done = db.execute(
                "UPDATE questions SET state = ? WHERE room = ? AND number = ? AND state = 'open'",
                (state, code, number),
            )
            if done.rowcount != 1:
                raise Refused("question", f"question {number + 1} is not being asked")

        self._write(change)

    # ---------------------------------------------------------------------------- members

    def add_member(self, code: str, name: str, name_key: str, token_hash: str, at: float,
                   max_size: int) -> Member:  # fmt: skip
        def change(db: sqlite3.Connection) -> Member:
            self._bump(db, code)
            (closed,) = db.execute("SELECT closed FROM rooms WHERE code = ?", (code,)).fetchone()
            if closed:
                raise Refused("code", f"room {code} is closed")
            (present, last) = db.execute(
                "SELECT COUNT(*) FILTER (WHERE removed = 0), COALESCE(MAX(id), -1) "
                "FROM members WHERE room = ?",
                (code,),
            ).fetchone()
            if present >= max_size:
                raise Refused("code", f"room {code} is full ({max_size} students)")
            taken = "SELECT name FROM members WHERE room = ? AND name_key = ?"
            holder = db.execute(taken, (code, name_key)).fetchone()
            if holder:
                raise NameTaken(holder[0])
            removed = db.execute("SELECT name FROM members WHERE room = ? AND removed = 1 "
                                 "ORDER BY id", (code,))  # fmt: skip
            refuse_taken_out((name for (name,) in removed), name_key)
            member = Member(last + 1, name, token_hash, at)
            db.execute(
                "INSERT INTO members VALUES (?, ?, ?, ?, ?, ?, 0)",
                (code, member.id, name, name_key, token_hash, at),
            )
            return member

        return self._write(change)

    def members(self, code: str) -> list[Member]:
        rows = self._read("SELECT id, name, token_hash, joined, removed FROM members "
                          "WHERE room = ? ORDER BY id", (code,))  # fmt: skip
        return [Member(i, name, token, joined, bool(removed)) for i, name, token, joined, removed
                in rows]  # fmt: skip

    def remove_member(self, code: str, member: int) -> None:
        def change(db: sqlite3.Connection) -> None:
            self._bump(db, code, stage=True)
            done = db.execute(
                "UPDATE members SET removed = 1, name_key = NULL WHERE room = ? AND id = ? "
                "AND removed = 0",
                (code, member),
            )
            if done.rowcount != 1:
                raise Refused("member", "no such student in this room")

        self._write(change)

    # ---------------------------------------------------------------------------- answers

    def add_answer(self, code: str, answer: Answer) -> None:
        def change(db: sqlite3.Connection) -> None:
            self._bump(db, code)
            state = db.execute(
                "SELECT state FROM questions WHERE room = ? AND number = ?", (code, answer.number)
            ).fetchone()
            if state is not None and state[0] in TooLate.WHY:
                raise TooLate(answer.number, state[0])
            if state is None or state[0] != "open":
                why = "it is not being asked" if state else "no such question"
                raise Refused("answer", f"too late for question {answer.number + 1}: {why}")
            present = "SELECT 1 FROM members WHERE room = ? AND id = ? AND removed = 0"
            if not db.execute(present, (code, answer.member)).fetchone():
                raise Refused("member", "you are not in this room")
            done = db.execute(
                "INSERT OR IGNORE INTO answers VALUES (?, ?, ?, ?, ?, ?, ?)",
                (code, answer.number, answer.member, answer.response, int(answer.correct),
                 answer.points, answer.at),
            )  # fmt: skip
            if done.rowcount != 1:
                raise Refused("answer", f"you have answered question {answer.number + 1} already")

        self._write(change)

    def answers(self, code: str) -> list[Answer]:
        rows = self._read("SELECT number, member, response, correct, points, at FROM answers "
                          "WHERE room = ? ORDER BY number, at, member", (code,))  # fmt: skip
        return [Answer(n, m, r, bool(c), p, at) for n, m, r, c, p, at in rows]

    def note_late(self, code: str, number: int, member: int) -> None:
        def change(db: sqlite3.Connection) -> None:
            self._bump(db, code)
            db.execute("INSERT OR IGNORE INTO late VALUES (?, ?, ?)", (code, number, member))

        self._write(change)

    def late(self, code: str) -> list[tuple[int, int]]:
        rows = self._read("SELECT number, member FROM late WHERE room = ? ORDER BY number, member",
                          (code,))  # fmt: skip
        return [(number, member) for number, member in rows]


def _problem(error: sqlite3.Error) -> str:
    """SQLite's complaint in a teacher's words."""
    text = str(error)
    if "locked" in text or "busy" in text:
        return "another program holds it locked; try again in a moment"
    if "readonly" in text or "read-only" in text:
        return "the file (or its folder) is read-only"
    if "unable to open" in text:
        return "the file cannot be opened (check the folder exists and may be written)"
    return text
