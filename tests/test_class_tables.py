"""A class split into game tables (issue 33): the groups, the tables the teacher opens with a
seat kept for each student, a student taking their seat from the classroom's screen, and the
report's winners. Tests that take `backend` run on an SQLite file and on a real Redis server
(conftest.py)."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from whot_core.classroom import report
from whot_core.classroom import table as T
from whot_core.classroom.room import Classroom, seat_key
from whot_core.classroom.seating import groups
from whot_core.classroom.store import Refused
from whot_core.classroom.table_views import seat_view, spectator_view, winners
from whot_core.whot.engine.rules import Rules

#: British rules, one game, two cards each: short games.
QUICK = json.dumps(Rules.preset("british").replace(match="single", hand_size=2).as_dict())


@pytest.fixture
def rooms(backend):
    return Classroom(backend.open(), clock=lambda: 1000.0)


def class_of(rooms, *names):
    code, key = rooms.open_room("Tables")
    return code, key, {name: rooms.join(code, name) for name in names}


def refused(field, action):
    with pytest.raises(Refused) as caught:
        action()
    assert caught.value.field == field
    return caught.value


# -------------------------------------------------------------------------------- groups


@pytest.mark.parametrize("people", range(1, 26))
@pytest.mark.parametrize("size", [2, 3, 4])
def test_groups_seat_everyone_once_as_evenly_as_tables_of_that_size_allow(people, size):
    found = groups(range(people), size)
    sizes = [len(group) for group in found]
    assert sorted(p for group in found for p in group) == list(range(people))
    assert max(sizes) <= size and max(sizes) - min(sizes) <= 1
    assert len(found) == -(-people // size)  # as few tables as the size allows
    assert [p for group in found for p in group] == list(range(people))  # in order


def test_shuffled_groups_depend_on_the_seed_only():
    one, two = (groups(range(12), 3, random.Random(5)) for _ in range(2))
    assert one == two and one != groups(range(12), 3)
    assert sorted(p for group in one for p in group) == list(range(12))


def test_a_table_seats_at_least_one():
    with pytest.raises(ValueError, match="size"):
        groups(range(3), 0)


# ------------------------------------------------------------------------------- the split


def test_the_teacher_splits_the_class_and_each_table_has_a_seat_kept_for_its_students(rooms):
    code, key, joined = class_of(rooms, "Ada", "Bo", "Chi", "Dayo", "Eze")
    codes = rooms.split_into_tables(code, key, size=2, rules=QUICK, shuffle=False)
    assert rooms.store.tables(code) == codes and len(codes) == 3
    people = Counter()
    for table_code in codes:
        table = rooms.store.table(table_code)
        assert table.phase == "playing" and table.host == 0
        kept = [s for s in table.seats if s.reserved]
        people.update(s.name for s in kept)
        assert 1 <= len(kept) <= 2 and len(table.seats) == 2  # a lone student gets an AI
        assert all(s.level == "heuristic" for s in table.seats if not s.reserved)
    assert people == Counter(list(joined))
    lone = rooms.store.table(codes[-1])  # Eze and an AI: the report names it as its table does
    assert report.by_table([lone])[0].players == "Eze, Seat 1 (Heuristic)"
    ada = joined["Ada"]
    table_code, seat = rooms.my_table(code, ada.token)
    assert rooms.store.table(table_code).seats[seat].reserved == seat_key(code, ada.member)


def test_a_student_takes_their_seat_and_plays_from_it(rooms):
    code, key, joined = class_of(rooms, "Ada", "Bo")
    (table_code,) = rooms.split_into_tables(code, key, size=2, rules=QUICK, seed=3)
    seats = {name: rooms.take_seat(code, j.token) for name, j in joined.items()}
    assert {s.code for s in seats.values()} == {table_code}
    for _ in range(200):
        table = rooms.store.table(table_code)
        if table.phase == "over":
            break
        view = spectator_view(table, 1000)
        mover = next(s for s in seats.values() if s.seat == view.turn)
        legal = seat_view(table, mover.token, 1000).legal
        play = next((m for m in legal if not m.startswith("draw")), legal[0])  # short games
        T.move(rooms.store, table_code, mover.token, mover.seat, play, view.moves, now=1000)
    table = rooms.store.table(table_code)
    assert table.phase == "over" and winners(table)
    row = report.by_table([table])[0]
    assert row.state == "over" and row.won == table.seats[winners(table)[0]].name
    assert set(row.players.split(", ")) == {"Ada", "Bo"}


def test_a_seat_is_taken_only_by_its_student_and_a_second_device_replaces_the_first(rooms):
    code, key, joined = class_of(rooms, "Ada", "Bo", "Chi")
    rooms.split_into_tables(code, key, size=3, rules=QUICK, shuffle=False)
    ada, bo = joined["Ada"], joined["Bo"]
    first = rooms.take_seat(code, ada.token)
    again = rooms.take_seat(code, ada.token)  # her tablet, after her phone
    assert again.seat == first.seat and again.token != first.token
    table = rooms.store.table(first.code)
    assert T.seat_of(table, again.token) == first.seat and T.seat_of(table, first.token) is None
    refused("seat", lambda: T.claim(rooms.store, first.code, seat_key(code, 99), now=1000))
    refused("seat", lambda: T.claim(rooms.store, first.code, "", now=1000))
    refused("token", lambda: rooms.take_seat(code, "not a token"))
    rooms.remove(code, key, bo.member)
    refused("token", lambda: rooms.take_seat(code, bo.token))


def test_only_the_teacher_splits_and_bad_requests_change_nothing(rooms, backend):
    code, key, _ = class_of(rooms)
    refused("size", lambda: rooms.split_into_tables(code, key, size=2))  # nobody yet
    rooms.join(code, "Ada")
    refused("key", lambda: rooms.split_into_tables(code, "not the key", size=2))
    refused("size", lambda: rooms.split_into_tables(code, key, size=0))
    refused("size", lambda: rooms.split_into_tables(code, key, size=99, rules=QUICK))
    refused("game", lambda: rooms.split_into_tables(code, key, size=2, game="poker"))
    assert rooms.store.tables(code) == []
    rooms.close(code, key)
    refused("code", lambda: rooms.split_into_tables(code, key, size=2))
    assert rooms.store.tables(code) == []


def test_a_whist_class_plays_in_fours_with_ai_players_in_the_seats_left(rooms):
    code, key, _ = class_of(rooms, *"ABCDEF")
    codes = rooms.split_into_tables(code, key, size=4, game="whist", shuffle=False)
    sizes = [sum(bool(s.reserved) for s in rooms.store.table(c).seats) for c in codes]
    assert sizes == [3, 3] and all(len(rooms.store.table(c).seats) == 4 for c in codes)


def test_a_second_split_sends_students_to_their_new_table(rooms):
    code, key, joined = class_of(rooms, "Ada", "Bo", "Chi", "Dayo")
    first = rooms.split_into_tables(code, key, size=2, rules=QUICK, shuffle=False)
    second = rooms.split_into_tables(code, key, size=4, rules=QUICK, shuffle=False)
    assert rooms.store.tables(code) == first + second
    assert rooms.my_table(code, joined["Ada"].token)[0] == second[0]


def test_the_room_keeps_its_tables_across_a_restart_and_forgets_them_when_deleted(backend):
    rooms = Classroom(backend.open(), clock=lambda: 1000.0)
    code, key, joined = class_of(rooms, "Ada", "Bo")
    codes = rooms.split_into_tables(code, key, size=2, rules=QUICK)
    again = Classroom(backend.open(), clock=lambda: 1000.0)  # a new store on the same data
    assert again.store.tables(code) == codes
    assert again.my_table(code, joined["Bo"].token) is not None
    again.delete(code, key)
    assert again.store.tables(code) == []


def test_a_table_left_unclaimed_shows_its_student_away_so_the_host_may_hand_it_on(rooms):
    code, key, joined = class_of(rooms, "Ada", "Bo")
    (table_code,) = rooms.split_into_tables(code, key, size=2, rules=QUICK, shuffle=False)
    ada = rooms.take_seat(code, joined["Ada"].token)
    later = 1000 + T.AWAY_AFTER
    assert T.away_seats(rooms.store.table(table_code), later) == (0, 1)
    T.hand_to_ai(rooms.store, table_code, ada.token, 1, "heuristic", now=later)
    assert rooms.store.table(table_code).seats[1].level == "heuristic"
    bo = rooms.take_seat(code, joined["Bo"].token)  # Bo arrives: the seat is his again
    assert bo.seat == 1 and rooms.store.table(table_code).seats[1].level == ""


def test_the_teacher_seats_the_class_by_hand(rooms):
    code, key, joined = class_of(rooms, "Ada", "Bo", "Chi", "Dayo")
    ids = {name: j.member for name, j in joined.items()}
    chosen = {ids["Ada"]: 2, ids["Bo"]: 1, ids["Chi"]: 2, ids["Dayo"]: 1}
    first, second = rooms.split_into_tables(code, key, size=2, rules=QUICK, by_hand=chosen)
    assert [s.name for s in rooms.store.table(first).seats] == ["Bo", "Dayo"]
    assert [s.name for s in rooms.store.table(second).seats] == ["Ada", "Chi"]


def test_seats_by_hand_must_seat_everyone_once_within_the_size(rooms):
    code, key, joined = class_of(rooms, "Ada", "Bo", "Chi")
    ids = [j.member for j in joined.values()]
    missing = refused("tables", lambda: rooms.split_into_tables(
        code, key, size=2, rules=QUICK, by_hand={ids[0]: 1, ids[1]: 1}))  # fmt: skip
    assert "Chi" in missing.message
    refused("tables", lambda: rooms.split_into_tables(
        code, key, size=2, rules=QUICK, by_hand={**dict.fromkeys(ids, 1)}))  # fmt: skip
    stranger = {ids[0]: 1, ids[1]: 2, ids[2]: 2, 99: 3}  # 99 is nobody in the room
    refused("tables", lambda: rooms.split_into_tables(
        code, key, size=2, rules=QUICK, by_hand=stranger))  # fmt: skip
    assert rooms.store.tables(code) == []


def test_a_class_in_the_nigerian_names_plays_its_tables_in_them(rooms):
    from whot_core.classroom.room import Settings

    for nigerian in (True, False):
        code, key = rooms.open_room("Tables", settings=Settings(nigerian=nigerian))
        for name in ("Ada", "Bo", "Chi"):
            rooms.join(code, name)
        codes = rooms.split_into_tables(code, key, size=2, rules=QUICK, shuffle=False)
        assert [rooms.store.table(c).nigerian for c in codes] == [nigerian] * len(codes)
