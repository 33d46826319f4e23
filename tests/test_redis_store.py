"""The classroom's Redis store against a real redis-server (Debian's; never a mock): the setting
that names it, a server that cannot be reached, wants a password, is a replica or is full, a
change overtaken between its read and its write, many changes at once from several store objects
(several app processes, as Redis sees them), and a server stopped in the middle of a game and a
quiz, then started again with its append-only file. The rules every store keeps are checked on
Redis by the contract tests (test_classroom.py and test_tables.py, their `backend` fixture);
the changes at once here run on both stores."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import replace

import pytest
from store_support import RedisServer, free_port, require_redis

from whot_core.classroom import table as T
from whot_core.classroom.backends import open_store
from whot_core.classroom.questions import stage_spec
from whot_core.classroom.redis_store import RedisStore
from whot_core.classroom.room import Classroom, Settings
from whot_core.classroom.store import Refused, StoreUnavailable
from whot_core.classroom.table_views import seat_view, spectator_view
from whot_core.whot.engine.rules import Rules

BRITISH = json.dumps(Rules.preset("british").as_dict())
SPECS = [stage_spec("whot", "hold-on", 0), stage_spec("whot", "hold-on", 2)]


@pytest.fixture
def durable(tmp_path):
    """A redis-server of the test's own that writes every change to its append-only file
    before it answers, so it can be killed and started again (on the same port and folder)."""
    require_redis()
    server = RedisServer(tmp_path, persist=True)
    server.start()
    yield server
    server.stop()


def at_once(count: int, action: Callable[[int], object]) -> list[object]:
    """Run `action(n)` for n < count in threads released together: what each returned or raised."""
    gate = threading.Barrier(count)
    results: list[object] = [None] * count

    def run(n: int) -> None:
        gate.wait()
        try:
            results[n] = action(n)
        except Exception as error:
            results[n] = error

    threads = [threading.Thread(target=run, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


# ------------------------------------------------------------------------------ the setting


def test_the_setting_names_a_redis_server_and_a_message_never_shows_its_password(redis_server):
    store = open_store(None, {"WHOT_STORE": redis_server.url})
    assert isinstance(store, RedisStore) and store.url == redis_server.url
    # the server's default user has no password, so it takes any: the store opens
    named = open_store(f"redis://default:hunter2@127.0.0.1:{redis_server.port}/0", {})
    assert repr(named) == f"RedisStore('redis://127.0.0.1:{redis_server.port}/0')"
    with pytest.raises(ValueError, match=r"WHOT_STORE: 'redis:/x' is not a Redis URL"):
        open_store("redis:/x", {})


def test_a_server_that_does_not_answer_is_named_and_nothing_is_saved():
    port = free_port()  # nobody listens there
    with pytest.raises(StoreUnavailable, match=(
        rf"Redis server redis://127.0.0.1:{port}/0 cannot be used: it does not answer .*"
        r"Nothing was saved. .*WHOT_STORE")):  # fmt: skip
        open_store(f"redis://:hunter2@127.0.0.1:{port}/0", {})


def test_a_wrong_password_a_read_only_replica_and_a_full_server_are_named(tmp_path, redis_server):
    locked = RedisServer(tmp_path, options=("--requirepass", "right"))
    locked.start()
    replica = RedisServer(tmp_path / "replica", options=("--replicaof", "127.0.0.1",
                                                         str(redis_server.port)))  # fmt: skip
    (tmp_path / "replica").mkdir()
    replica.start()
    try:
        for url in (locked.url, f"redis://:wrong@127.0.0.1:{locked.port}/0"):
            with pytest.raises(StoreUnavailable, match=r"the password in WHOT_STORE is missing "
                               r"or wrong\. Nothing was saved"):  # fmt: skip
                RedisStore(url)
        full = Classroom(RedisStore(f"redis://:right@127.0.0.1:{locked.port}/0"))
        code, _key = full.open_room("Quiz", SPECS)
        full.store._redis.config_set("maxmemory", 1)
        with pytest.raises(StoreUnavailable, match="it is out of memory"):
            full.join(code, "Ada")
        with pytest.raises(StoreUnavailable, match="it is a read-only replica; name the primary"):
            Classroom(RedisStore(replica.url)).open_room("Quiz", SPECS)
    finally:
        locked.stop()
        replica.stop()


# ------------------------------------------------------------------------ changes at once


def test_many_changes_to_one_table_at_once_none_is_lost(backend):
    """Eight processes (a store object each) append to one table's record at once: every change
    is kept, each on the record the one before it left."""
    first = backend.open()
    code = T.open_table(first, "whot", "Ada", seats=2, rules=BRITISH, seed=1, now=0).code
    stores = [backend.open() for _ in range(8)]

    def append(n: int) -> None:
        for step in range(15):
            stores[n].change_table(code, lambda t, mark=f"{n}.{step}": replace(
                t, moves=(*t.moves, mark)))  # fmt: skip

    assert at_once(8, append) == [None] * 8
    table = first.table(code)
    assert sorted(table.moves) == sorted(f"{n}.{s}" for n in range(8) for s in range(15))
    assert table.version == 1 + 8 * 15


def test_a_change_between_the_read_and_the_write_sends_the_change_back_to_read(redis_server):
    """Another process changes the table while a change is being checked: the change is read
    and checked again on the newer record (WATCH), or, out of time, refused whole."""
    redis_server.flush()
    store, other = RedisStore(redis_server.url), RedisStore(redis_server.url)
    code = T.open_table(store, "whot", "Ada", seats=2, rules=BRITISH, seed=1, now=0).code
    seen: list[tuple[str, ...]] = []

    def mine(table):
        seen.append(table.moves)
        if len(seen) == 1:  # the other process's change lands between the read and the write
            other.change_table(code, lambda t: replace(t, moves=(*t.moves, "theirs")))
        return replace(table, moves=(*table.moves, "mine"))

    assert store.change_table(code, mine).moves == ("theirs", "mine")
    assert seen == [(), ("theirs",)] and store.table(code).version == 3
    seen.clear()
    hurried = RedisStore(redis_server.url, timeout=0)  # no time to read again
    with pytest.raises(StoreUnavailable, match="kept coming first; try again"):
        hurried.change_table(code, mine)
    assert store.table(code).moves == ("theirs", "mine", "theirs")  # theirs only


class Overtaken:
    """A table store whose next change is overtaken: `first` runs between that change's read
    and its write (another process's request arriving at that moment)."""

    def __init__(self, store: RedisStore, first: Callable[[], object]) -> None:
        self.store, self.first = store, first

    def __getattr__(self, name: str):
        return getattr(self.store, name)

    def change_table(self, code: str, change):
        pending = [self.first]

        def overtaken(table):
            while pending:
                pending.pop()()
            return change(table)

        return self.store.change_table(code, overtaken)


def test_a_person_overtaken_while_sitting_down_is_told_the_seat_they_got(redis_server):
    """Bo's sitting down is read again after Chi took the seat Bo's first reading chose: Bo
    gets the next seat, and is told that one (the last run of the change is the one kept)."""
    redis_server.flush()
    store = RedisStore(redis_server.url)
    code = T.open_table(store, "whot", "Ada", seats=3, rules=BRITISH, seed=1, now=0).code
    chi: list[T.Joined] = []
    bo = T.sit(Overtaken(store, lambda: chi.append(T.sit(store, code, "Chi", now=1))), code,
               "Bo", now=1)  # fmt: skip
    seats = [seat.name for seat in store.table(code).seats]
    assert seats == ["Ada", "Chi", "Bo"]
    assert (chi[0].seat, bo.seat) == (1, 2)
    assert T.rejoin(Overtaken(store, lambda: T.touch(store, code, chi[0].token, now=2)), code,
                    bo.token, now=3) == 2  # fmt: skip


def test_a_full_room_and_its_numbers_hold_when_many_join_at_once(backend):
    """Twenty phones join a room of five at once: five get in, each with a number of their own,
    the others are told the room is full."""
    rooms = Classroom(backend.open())
    code, _key = rooms.open_room("Quiz", SPECS, Settings(max_size=5))
    phones = [Classroom(backend.open()) for _ in range(20)]
    results = at_once(20, lambda n: phones[n].join(code, f"Student {n}"))
    joined = [r for r in results if not isinstance(r, Exception)]
    assert len(joined) == 5 and sorted(j.member for j in joined) == [0, 1, 2, 3, 4]
    refusals = [r for r in results if isinstance(r, Exception)]
    assert all(isinstance(r, Refused) and "full" in r.message for r in refusals)
    assert len(rooms.snapshot(code).members) == 5


# --------------------------------------------------------------- the server goes away


def test_the_server_killed_mid_move_changes_nothing_and_a_restart_loses_nothing(durable):
    store = RedisStore(durable.url)
    ada = T.open_table(store, "whot", "Ada", seats=2, rules=BRITISH, seed=3, now=0)
    obi = T.sit(store, ada.code, "Obi", now=1)
    T.start(store, ada.code, ada.token, now=2)
    before = store.table(ada.code)
    mover = {0: ada, 1: obi}[spectator_view(before, 5).turn]
    legal = seat_view(before, mover.token, 5).legal

    def killed_in_the_middle(table):  # the move is checked, then the server dies before EXEC
        durable.stop(kill=True)
        return replace(table, moves=(*table.moves, legal[0]))

    with pytest.raises(StoreUnavailable, match="cannot be used: it does not answer"):
        store.change_table(ada.code, killed_in_the_middle)
    with pytest.raises(StoreUnavailable, match="Nothing was saved"):
        T.move(store, ada.code, mover.token, mover.seat, legal[0], len(before.moves), now=5)
    durable.start()
    assert store.table(ada.code) == before  # nothing half-applied, nothing lost
    T.move(store, ada.code, mover.token, mover.seat, legal[0], len(before.moves), now=6)
    assert store.table(ada.code).version == before.version + 1


def test_a_quiz_goes_on_after_redis_and_the_app_restart(durable):
    rooms = Classroom(RedisStore(durable.url))
    code, key = rooms.open_room("Quiz", SPECS)
    ada = rooms.join(code, "Ada")
    rooms.ask(code, key)
    right = list(rooms.quiz(code, 0).right)
    rooms.answer(code, ada.token, 0, right)
    seen = rooms.snapshot(code)
    durable.stop(kill=True)  # the server dies (killed: no chance to save on the way out)
    with pytest.raises(StoreUnavailable, match="Nothing was saved"):
        rooms.join(code, "Bola")
    durable.start()
    again = Classroom(RedisStore(durable.url))  # the app restarted too: a new store object
    assert again.snapshot(code) == seen
    assert again.member(code, ada.token).name == "Ada"
    bola = again.join(code, "Bola")
    again.answer(code, bola.token, 0, right)
    again.reveal(code, key)
    assert [a.member for a in again.snapshot(code).answers] == [0, 1]
