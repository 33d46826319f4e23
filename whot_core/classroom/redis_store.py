"""The classroom's rooms and game tables on a Redis server, for an app run as several processes
on several machines (`WHOT_STORE=redis://host:6379/0`; docs/deploy.md).

Each room is four keys under `whot:room:CODE` (a hash of the room's fields, a hash of its
members, a list of its questions, a hash of its answers); each table one hash under
`whot:table:CODE` (the record as JSON, and its `version` beside it for the cheap read). A
change is optimistic, as Redis does transactions: WATCH the keys, read, check the rules (a
`Refused` here leaves everything as it was), then queue the writes in MULTI/EXEC, which Redis
applies whole or not at all, and only if no watched key changed since the read; when one did
(another process changed the room first), the change is read and checked again. Every change
bumps the version, so two at once never both act on what they read.

    >>> RedisStore.keys_of("ABCDE")[:2], RedisStore.table_key("ABCDE")
    (('whot:room:ABCDE', 'whot:room:ABCDE:members'), 'whot:table:ABCDE')
"""

from __future__ import annotations

import itertools
import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, replace
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import redis
from redis.backoff import NoBackoff
from redis.client import Pipeline
from redis.exceptions import OutOfMemoryError, ReadOnlyError, RedisError, WatchError
from redis.retry import Retry

from .codes import refuse_taken_out
from .store import Answer, Asked, Member, NameTaken, Refused, RoomRecord, StoreUnavailable, TooLate
from .table_store import Seat, TableRecord

__all__ = ["RedisStore"]

T = TypeVar("T")
#: What a change queues once its checks passed: the writes, given the pipeline in MULTI mode.
Writes = Callable[[Pipeline], None]
#: Every key of this app starts so, to share a Redis server (or a database of it) with others.
PREFIX = "whot:"
#: Seconds to reach the server, and to wait for one reply: then the page says it cannot.
CONNECT_TIMEOUT = 2.0
REPLY_TIMEOUT = 5.0


class RedisStore:
    """A `RoomStore` and a `TableStore` on one Redis database, named by a URL
    (`redis://[:password@]host:port/db`, or `rediss://` for TLS). One client for every thread:
    its connection pool is thread-safe. `timeout` is how long a change keeps trying while other
    processes keep changing the same room or table first (SQLite's `timeout` waits for a lock)."""

    def __init__(self, url: str, timeout: float = 5.0) -> None:
        self.url = url
        self.timeout = timeout
        try:
            self._redis = redis.Redis.from_url(
                url,
                decode_responses=True,
                socket_connect_timeout=CONNECT_TIMEOUT,
                socket_timeout=REPLY_TIMEOUT,
                retry=Retry(NoBackoff(), 1),  # one reconnect (a restarted server), then report
            )
        except ValueError as error:
            raise ValueError(f"WHOT_STORE: {shown(url)!r} is not a Redis URL ({error})") from None
        self._call(lambda db: db.ping())  # a wrong address is reported now, not mid-lesson

    def __repr__(self) -> str:
        return f"RedisStore({shown(self.url)!r})"

    def close(self) -> None:
        """Close the client's connections (a new command opens one again)."""
        self._redis.close()

    # ------------------------------------------------------------------------ transactions

    def _words(self, problem: str) -> str:
        return (
            f"The classroom's Redis server {shown(self.url)} cannot be used: {problem}. Nothing "
            "was saved. Check that redis-server runs there and WHOT_STORE names it "
            "(docs/deploy.md)."
        )

    def _call(self, read: Callable[[redis.Redis], T]) -> T:
        """One read (or the ping): a server that cannot be reached becomes `StoreUnavailable`."""
        try:
            return read(self._redis)
        except RedisError as error:
            raise StoreUnavailable(self._words(_problem(error))) from None

    def _write(self, keys: Sequence[str], change: Callable[[Pipeline], tuple[T, Writes]]) -> T:
        """Run `change` on the watched `keys` until it applies: `change` reads through the
        pipeline and checks (raising `Refused`, nothing written), then returns its result and
        its writes, which go in one MULTI/EXEC. A conflict waits a moment and reads again."""
        deadline = time.monotonic() + self.timeout
        for attempt in itertools.count(1):
            try:
                with self._redis.pipeline() as pipe:
                    pipe.watch(*keys)
                    result, writes = change(pipe)
                    pipe.multi()
                    writes(pipe)
                    pipe.execute()
                    return result
            except WatchError:
                if time.monotonic() > deadline:
                    break
                time.sleep(random.uniform(0, 0.002 * min(attempt, 25)))  # spread the retries
            except RedisError as error:
                raise StoreUnavailable(self._words(_problem(error))) from None
        busy = "other changes to the same room or table kept coming first; try again in a moment"
        raise StoreUnavailable(self._words(busy))

    # ------------------------------------------------------------------------------ keys

    @staticmethod
    def keys_of(code: str) -> tuple[str, str, str, str, str, str]:
        """A room's keys: the room, its members, its questions, its answers, its tables, and
        its late answers' notes (a set of "number:member")."""
        room = f"{PREFIX}room:{code}"
        return (room, f"{room}:members", f"{room}:questions", f"{room}:answers",
                f"{room}:tables", f"{room}:late")  # fmt: skip

    def _existing(self, pipe: Pipeline, code: str) -> dict[str, str]:
        """The room's fields, read in the change; refused when there is no such room (as the
        SQLite store's version bump that finds no row)."""
        fields = pipe.hgetall(self.keys_of(code)[0])
        if not fields:
            raise Refused("code", f"there is no room {code}")
        return fields

    def _bump(self, pipe: Pipeline, code: str, *, stage: bool = False, **sets: Any) -> None:
        """Queue the room's version bump (and its stage's: `stage`) with any other field."""
        room = self.keys_of(code)[0]
        pipe.hincrby(room, "version", 1)
        if stage:
            pipe.hincrby(room, "stage", 1)
        if sets:
            pipe.hset(room, mapping={name: str(value) for name, value in sets.items()})

    def _room_write(self, code: str, change: Callable[[Pipeline], tuple[T, Writes]]) -> T:
        return self._write(self.keys_of(code), change)

    # ------------------------------------------------------------------------------ rooms

    def create_room(self, room: RoomRecord) -> None:
        def change(pipe: Pipeline) -> tuple[None, Writes]:
            if pipe.exists(self.keys_of(room.code)[0]):
                raise Refused("code", f"{room.code} is taken")
            fields = _room_fields(replace(room, version=1, stage=0))
            return None, lambda tx: tx.hset(self.keys_of(room.code)[0], mapping=fields)

        self._room_write(room.code, change)

    def room(self, code: str) -> RoomRecord | None:
        fields = self._call(lambda db: db.hgetall(self.keys_of(code)[0]))
        return _room_record(code, fields) if fields else None

    def version(self, code: str) -> int | None:
        return _int(self._call(lambda db: db.hget(self.keys_of(code)[0], "version")))

    def stage(self, code: str) -> int | None:
        return _int(self._call(lambda db: db.hget(self.keys_of(code)[0], "stage")))

    def set_phase(self, code: str, phase: str) -> None:
        def change(pipe: Pipeline) -> tuple[None, Writes]:
            self._existing(pipe, code)
            return None, lambda tx: self._bump(tx, code, stage=True, phase=phase)

        self._room_write(code, change)

    def close_room(self, code: str) -> None:
        def change(pipe: Pipeline) -> tuple[None, Writes]:
            self._existing(pipe, code)
            asked = self._asked(pipe, code)

            def writes(tx: Pipeline) -> None:
                self._bump(tx, code, stage=True, closed=1)
                self._skip_open(tx, code, asked)

            return None, writes

        self._room_write(code, change)

    def delete_room(self, code: str) -> None:
        def change(pipe: Pipeline) -> tuple[None, Writes]:
            self._existing(pipe, code)
            return None, lambda tx: tx.delete(*self.keys_of(code))

        self._room_write(code, change)

    # ----------------------------------------------------------------------------- tables

    def add_tables(self, code: str, tables: Sequence[str]) -> None:
        def change(pipe: Pipeline) -> tuple[None, Writes]:
            self._existing(pipe, code)

            def writes(tx: Pipeline) -> None:
                self._bump(tx, code, stage=True)
                if tables:
                    tx.rpush(self.keys_of(code)[4], *tables)

            return None, writes

        self._room_write(code, change)

    def tables(self, code: str) -> list[str]:
        return list(self._call(lambda db: db.lrange(self.keys_of(code)[4], 0, -1)))

    # -------------------------------------------------------------------------- questions

    def _asked(self, pipe: Pipeline | redis.Redis, code: str) -> list[Asked]:
        texts = pipe.lrange(self.keys_of(code)[2], 0, -1)
        return [Asked(number, **json.loads(text)) for number, text in enumerate(texts)]

    def _set_state(self, tx: Pipeline, code: str, asked: Asked, state: str, **more: Any) -> None:
        changed = replace(asked, state=state, **more)
        tx.lset(self.keys_of(code)[2], asked.number, _asked_json(changed))

    def _skip_open(self, tx: Pipeline, code: str, asked: Sequence[Asked]) -> None:
        """Queue `skipped` for every open question (at most one is open)."""
        for question in asked:
            if question.state == "open":
                self._set_state(tx, code, question, "skipped")

    def add_questions(self, code: str, specs: Sequence[str]) -> None:
        def change(pipe: Pipeline) -> tuple[None, Writes]:
            self._existing(pipe, code)
            new = [_asked_json(Asked(0, spec)) for spec in specs]

            def writes(tx: Pipeline) -> None:
                self._bump(tx, code)
                if new:
                    tx.rpush(self.keys_of(code)[2], *new)

            return None, writes

        self._room_write(code, change)

    def questions(self, code: str) -> list[Asked]:
        return self._call(lambda db: self._asked(db, code))

    def open_question(self, code: str, number: int, at: float) -> None:
        def change(pipe: Pipeline) -> tuple[None, Writes]:
            self._existing(pipe, code)
            asked = self._asked(pipe, code)
            if not 0 <= number < len(asked) or asked[number].state != "waiting":
                raise Refused("question", f"question {number + 1} cannot be asked now")

            def writes(tx: Pipeline) -> None:
                self._bump(tx, code, stage=True, phase="question", current=number)
                self._skip_open(tx, code, asked)
                self._set_state(tx, code, asked[number], "open", opened=at)

            return None, writes

        self._room_write(code, change)

    def end_question(self, code: str, number: int, state: str) -> None:
        def change(pipe: Pipeline) -> tuple[None, Writes]:
            self._existing(pipe, code)
            asked = self._asked(pipe, code)
            if not 0 <= number < len(asked) or asked[number].state != "open":
                raise Refused("question", f"question {number + 1} is not being asked")

            def writes(tx: Pipeline) -> None:
                self._bump(tx, code, stage=True)
                self._set_state(tx, code, asked[number], state)

            return None, writes

        self._room_write(code, change)

    # ---------------------------------------------------------------------------- members

    def _people(self, pipe: Pipeline | redis.Redis, code: str) -> list[dict[str, Any]]:
        """The room's members as stored (with `id` and `name_key`), by number."""
        rows = pipe.hgetall(self.keys_of(code)[1])
        return sorted((json.loads(text) for text in rows.values()), key=lambda row: row["id"])

    def add_member(self, code: str, name: str, name_key: str, token_hash: str, at: float,
                   max_size: int) -> Member:  # fmt: skip
        def change(pipe: Pipeline) -> tuple[Member, Writes]:
            if _flag(self._existing(pipe, code)["closed"]):
                raise Refused("code", f"room {code} is closed")
            people = self._people(pipe, code)
            if sum(not row["removed"] for row in people) >= max_size:
                raise Refused("code", f"room {code} is full ({max_size} students)")
            holder = next((row for row in people if row["name_key"] == name_key), None)
            if holder is not None:
                raise NameTaken(holder["name"])
            refuse_taken_out((row["name"] for row in people if row["removed"]), name_key)
            last = max((row["id"] for row in people), default=-1)
            member = Member(last + 1, name, token_hash, at)
            row = json.dumps({**asdict(member), "name_key": name_key})

            def writes(tx: Pipeline) -> None:
                self._bump(tx, code)
                tx.hset(self.keys_of(code)[1], str(member.id), row)

            return member, writes

        return self._room_write(code, change)

    def members(self, code: str) -> list[Member]:
        people = self._call(lambda db: self._people(db, code))
        return [Member(row["id"], row["name"], row["token_hash"], row["joined"], row["removed"])
                for row in people]  # fmt: skip

    def remove_member(self, code: str, member: int) -> None:
        def change(pipe: Pipeline) -> tuple[None, Writes]:
            self._existing(pipe, code)
            row = next((r for r in self._people(pipe, code) if r["id"] == member), None)
            if row is None or row["removed"]:
                raise Refused("member", "no such student in this room")
            gone = json.dumps({**row, "removed": True, "name_key": None})  # the name is free

            def writes(tx: Pipeline) -> None:
                self._bump(tx, code, stage=True)
                tx.hset(self.keys_of(code)[1], str(member), gone)

            return None, writes

        self._room_write(code, change)

    # ---------------------------------------------------------------------------- answers

    def add_answer(self, code: str, answer: Answer) -> None:
        def change(pipe: Pipeline) -> tuple[None, Writes]:
            self._existing(pipe, code)
            asked = self._asked(pipe, code)
            state = asked[answer.number].state if 0 <= answer.number < len(asked) else None
            if state in TooLate.WHY:
                raise TooLate(answer.number, state)
            if state != "open":
                why = "it is not being asked" if state else "no such question"
                raise Refused("answer", f"too late for question {answer.number + 1}: {why}")
            row = pipe.hget(self.keys_of(code)[1], str(answer.member))
            if row is None or json.loads(row)["removed"]:
                raise Refused("member", "you are not in this room")
            field = f"{answer.number}:{answer.member}"
            if pipe.hexists(self.keys_of(code)[3], field):
                raise Refused("answer", f"you have answered question {answer.number + 1} already")
            text = json.dumps(asdict(answer))

            def writes(tx: Pipeline) -> None:
                self._bump(tx, code)
                tx.hset(self.keys_of(code)[3], field, text)

            return None, writes

        self._room_write(code, change)

    def answers(self, code: str) -> list[Answer]:
        rows = self._call(lambda db: db.hvals(self.keys_of(code)[3]))
        given = [Answer(**json.loads(text)) for text in rows]
        return sorted(given, key=lambda a: (a.number, a.at, a.member))

    def note_late(self, code: str, number: int, member: int) -> None:
        def change(pipe: Pipeline) -> tuple[None, Writes]:
            self._existing(pipe, code)

            def writes(tx: Pipeline) -> None:
                self._bump(tx, code)
                tx.sadd(self.keys_of(code)[5], f"{number}:{member}")

            return None, writes

        self._room_write(code, change)

    def late(self, code: str) -> list[tuple[int, int]]:
        notes = self._call(lambda db: db.smembers(self.keys_of(code)[5]))
        return sorted(tuple(int(n) for n in note.split(":")) for note in notes)

    # ----------------------------------------------------------------------------- tables

    @staticmethod
    def table_key(code: str) -> str:
        return f"{PREFIX}table:{code}"

    def create_table(self, table: TableRecord) -> None:
        key = self.table_key(table.code)

        def change(pipe: Pipeline) -> tuple[None, Writes]:
            if pipe.exists(key):
                raise Refused("code", f"the code {table.code} is taken")
            return None, lambda tx: tx.hset(key, mapping=_table_fields(table))

        self._write([key], change)

    def table(self, code: str) -> TableRecord | None:
        fields = self._call(lambda db: db.hgetall(self.table_key(code)))
        return _table_record(fields) if fields else None

    def table_version(self, code: str) -> int | None:
        return _int(self._call(lambda db: db.hget(self.table_key(code), "version")))

    def change_table(self, code: str, change: Callable[[TableRecord], TableRecord]) -> TableRecord:
        """`TableStore.change_table`; `change` may run more than once (again on the newer
        record when another process changed the table between the read and the write)."""
        key = self.table_key(code)

        def update(pipe: Pipeline) -> tuple[TableRecord, Writes]:
            fields = pipe.hgetall(key)
            if not fields:
                raise Refused("code", f"there is no table {code}")
            old = _table_record(fields)
            changed = replace(change(old), code=code)
            new = replace(changed, version=changed.next_version(old))
            return new, lambda tx: tx.hset(key, mapping=_table_fields(new))

        return self._write([key], update)


# ------------------------------------------------------------------------------- records


def _room_fields(room: RoomRecord) -> dict[str, str]:
    return {name: str(int(value) if isinstance(value, bool) else value)
            for name, value in asdict(room).items() if name != "code"}  # fmt: skip


def _room_record(code: str, fields: dict[str, str]) -> RoomRecord:
    return RoomRecord(
        code,
        fields["key_hash"],
        fields["title"],
        fields["settings"],
        fields["phase"],
        int(fields["current"]),
        _flag(fields["closed"]),
        int(fields["version"]),
        int(fields["stage"]),
        float(fields["created"]),
    )


def _asked_json(asked: Asked) -> str:
    return json.dumps({"spec": asked.spec, "state": asked.state, "opened": asked.opened})


def _table_fields(table: TableRecord) -> dict[str, str]:
    """The record as JSON, and its version beside it (what `table_version` reads)."""
    record = asdict(table)
    version = record.pop("version")
    return {"record": json.dumps(record), "version": str(version)}


def _table_record(fields: dict[str, str]) -> TableRecord:
    record = json.loads(fields["record"])
    seats = tuple(Seat(**seat) for seat in record.pop("seats"))
    moves = tuple(record.pop("moves"))
    return TableRecord(**record, seats=seats, moves=moves, version=int(fields["version"]))


def _int(text: str | None) -> int | None:
    return None if text is None else int(text)


def _flag(text: str) -> bool:
    return text == "1"


def shown(url: str) -> str:
    """The URL without its password, to show in a message or a log.

    >>> shown("redis://:secret@db.school:6379/0")
    'redis://db.school:6379/0'
    """
    parts = urlsplit(url)
    host = parts.hostname or ""
    netloc = f"{host}:{parts.port}" if parts.port else host
    return urlunsplit(parts._replace(netloc=netloc))


def _problem(error: RedisError) -> str:
    """Redis's complaint in a teacher's (or an administrator's) words."""
    text = str(error)
    if isinstance(error, redis.AuthenticationError) or "NOAUTH" in text:
        return "the password in WHOT_STORE is missing or wrong"
    if isinstance(error, redis.ConnectionError):
        return f"it does not answer ({text})"
    if isinstance(error, redis.TimeoutError):
        return "it took too long to answer"
    if isinstance(error, ReadOnlyError):
        return "it is a read-only replica; name the primary server"
    if isinstance(error, OutOfMemoryError):
        return "it is out of memory (its maxmemory setting)"
    if "MISCONF" in text:
        return "it cannot save to its disk (see the server's log)"
    return text
