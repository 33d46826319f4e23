"""A game table joined from several devices: its rules over a real store, no browser. A test that
takes `store` runs on each backend, an SQLite file and a Redis server (conftest.py)."""

from __future__ import annotations

import json
import sqlite3
import threading

import pytest

from whot_core.classroom import table as T
from whot_core.classroom.sqlite_tables import SqliteTableStore
from whot_core.classroom.table_store import Refused, StoreUnavailable
from whot_core.classroom.table_views import final_hands, record_json, seat_view, spectator_view
from whot_core.whist.engine.records import WhistRecord
from whot_core.whot.engine.records import GameRecord
from whot_core.whot.engine.rules import Rules

#: The British rules as one game (the preset plays a rubber: the match tests name their rules).
BRITISH = json.dumps(Rules.preset("british").replace(match="single").as_dict())


@pytest.fixture
def store(backend):
    return backend.open()


def whot_table(store, seed=3):
    """Ada (host, seat 0), Obi (seat 1) and an AI (seat 2), started."""
    ada = T.open_table(store, "whot", "Ada", seats=3, rules=BRITISH, seed=seed, now=0)
    obi = T.sit(store, ada.code, "Obi", now=1)
    T.set_ai(store, ada.code, ada.token, 2, "heuristic", now=2)
    T.start(store, ada.code, ada.token, now=3)
    return ada, obi


def play_first_legal(store, joined, now=10.0):
    view = seat_view(store.table(joined.code), joined.token, now)
    return T.move(store, joined.code, joined.token, joined.seat, view.legal[0],
                  view.table.moves, now=now)  # fmt: skip


def refused(field, action):
    with pytest.raises(Refused) as caught:
        action()
    assert caught.value.field == field
    return caught.value


def test_a_whole_whot_game_two_people_and_an_ai(store):
    ada, obi = whot_table(store)
    people = {0: ada, 1: obi}
    for _ in range(2000):
        table = store.table(ada.code)
        if table.phase == "over":
            break
        turn = spectator_view(table, 10).turn
        assert turn in people  # the AI never waits for anyone
        play_first_legal(store, people[turn])
    table = store.table(ada.code)
    assert table.phase == "over"
    assert any(len(m) for m in table.moves)
    record = GameRecord.from_json(record_json(table))
    final = record.replay()
    assert final.is_over and tuple(final.moves) == tuple(T.state_of(table).moves)
    assert [str(m) for m in final.moves] == list(table.moves)
    assert final_hands(table) == tuple(tuple(map(str, final.hand(s))) for s in range(3))


@pytest.mark.parametrize("preset", ["naija_tournament", "british"])
def test_a_whole_match_two_people_and_an_ai(store, preset):
    # A tournament puts a player out after each game: that seat is never asked to move again,
    # sees no hand and is refused a move; the record is the match's, every game in it.
    rules = json.dumps(Rules.preset(preset).as_dict())
    ada = T.open_table(store, "whot", "Ada", seats=3, rules=rules, seed=2, now=0)
    obi = T.sit(store, ada.code, "Obi", now=1)
    T.set_ai(store, ada.code, ada.token, 2, "heuristic", now=2)
    T.start(store, ada.code, ada.token, now=3)
    people, games = {0: ada, 1: obi}, set()
    for _ in range(3000):
        table = store.table(ada.code)
        if table.phase == "over":
            break
        view = spectator_view(table, 10)
        games.add(view.public["game"])
        for out in (n for n, size in enumerate(view.hand_sizes) if size == 0):
            assert view.turn != out
            if out in people:
                assert seat_view(table, people[out].token, 10).hand == ()
                with pytest.raises(Refused, match="not your turn"):
                    T.move(store, ada.code, people[out].token, out, "draw", view.moves, now=10)
        play_first_legal(store, people[view.turn])
    table = store.table(ada.code)
    match = json.loads(record_json(table))
    assert table.phase == "over" and match["format"] == "whot-match"
    assert sorted(games) == list(range(1, len(match["games"]) + 1))
    assert len(match["games"]) == (5 if preset == "british" else 2)
    played = [m for game in match["games"] for m in GameRecord.from_dict(game["record"]).moves]
    assert [GameRecord.move_text(m) for m in played] == list(table.moves)
    assert spectator_view(table, 10).public["winners"] == match["winners"]


def test_ai_seats_play_their_own_moves_only(store):
    ada, obi = whot_table(store)
    before = store.table(ada.code)
    play_first_legal(store, {0: ada, 1: obi}[spectator_view(before, 4).turn])
    after = store.table(ada.code)
    assert len(after.moves) > len(before.moves)
    assert spectator_view(after, 4).turn in (0, 1) or after.phase == "over"
    assert after.version == before.version + 1


def test_a_whist_hand_with_two_people_and_two_ais(store):
    south = T.open_table(store, "whist", "South", seats=4, seed=7, now=0)
    north = T.sit(store, south.code, "North", seat=2, now=0)
    T.set_ai(store, south.code, south.token, 1, "heuristic", now=0)
    T.set_ai(store, south.code, south.token, 3, "random", now=0)
    T.start(store, south.code, south.token, now=0)
    people = {0: south, 2: north}
    while store.table(south.code).phase == "playing":
        table = store.table(south.code)
        play_first_legal(store, people[spectator_view(table, 0).turn])
        if len(store.table(south.code).moves) >= 52:
            break
    table = store.table(south.code)
    assert len(table.moves) >= 52
    final = WhistRecord.of(T.state_of(table))
    assert [WhistRecord.move_text(m) for m in final.moves] == list(table.moves)


def test_seating_refusals(store):
    ada = T.open_table(store, "whot", "Ada", seats=2, rules=BRITISH, seed=1, now=0)
    refused("name", lambda: T.sit(store, ada.code, "ADA", now=0))
    taken = refused("seat", lambda: T.sit(store, ada.code, "Obi", seat=0, now=0))
    assert str(taken).endswith("seat 0 is taken; choose an empty one")  # numbered as screens do
    T.sit(store, ada.code, "Obi", now=0)
    refused("seat", lambda: T.sit(store, ada.code, "Eze", now=0))  # full
    refused("seats", lambda: T.open_table(store, "whot", "Ada", seats=1, rules=BRITISH, now=0))
    refused("game", lambda: T.open_table(store, "chess", "Ada", seats=2, now=0))
    assert [s.name for s in store.table(ada.code).seats] == ["Ada", "Obi"]


def test_a_markup_name_is_kept_as_text(store):
    ada = T.open_table(store, "whot", "Ada", seats=2, rules=BRITISH, seed=1, now=0)
    T.sit(store, ada.code, "<b>Obi</b>", now=0)
    assert spectator_view(store.table(ada.code), 0).names[1] == "<b>Obi</b>"


def test_only_the_host_sets_seats_and_starts_and_only_when_filled(store):
    ada = T.open_table(store, "whot", "Ada", seats=3, rules=BRITISH, seed=1, now=0)
    obi = T.sit(store, ada.code, "Obi", now=0)
    refused("token", lambda: T.set_ai(store, ada.code, obi.token, 2, "random", now=0))
    refused("token", lambda: T.start(store, ada.code, obi.token, now=0))
    empty = refused("seat", lambda: T.start(store, ada.code, ada.token, now=0))
    assert str(empty).endswith("fill every seat first (empty: 2)")  # seats numbered from 0
    refused("level", lambda: T.set_ai(store, ada.code, ada.token, 2, "genius", now=0))
    person = refused("seat", lambda: T.set_ai(store, ada.code, ada.token, 1, "random", now=0))
    assert str(person).endswith("seat 1 has a person in it")
    assert store.table(ada.code).phase == "seating"


def test_moves_refused_with_nothing_changed(store):
    ada, obi = whot_table(store)
    table = store.table(ada.code)
    turn = spectator_view(table, 5).turn
    mover, other = (ada, obi) if turn == 0 else (obi, ada)
    legal = seat_view(table, mover.token, 5).legal
    seen = len(table.moves)
    refused("move", lambda: T.move(store, ada.code, other.token, other.seat, legal[0], seen, now=5))
    refused("seat", lambda: T.move(store, ada.code, other.token, mover.seat, legal[0], seen, now=5))
    refused("token", lambda: T.move(store, ada.code, "forged", mover.seat, legal[0], seen, now=5))
    refused("move", lambda: T.move(store, ada.code, mover.token, mover.seat, "play star 99", seen,
                                   now=5))  # fmt: skip
    hidden = [str(c) for c in T.state_of(table).hand(other.seat)]
    refused("move", lambda: T.move(store, ada.code, mover.token, mover.seat,
                                   f"play {hidden[0]}", seen, now=5))  # fmt: skip
    assert store.table(ada.code) == table
    T.move(store, ada.code, mover.token, mover.seat, legal[0], seen, now=5)
    again = store.table(ada.code)
    refused("seen", lambda: T.move(store, ada.code, mover.token, mover.seat, legal[0], seen, now=6))
    assert store.table(ada.code) == again


def test_two_moves_at_once_exactly_one_applies(store):
    ada, obi = whot_table(store)
    table = store.table(ada.code)
    mover = {0: ada, 1: obi}[spectator_view(table, 5).turn]
    legal = seat_view(table, mover.token, 5).legal
    texts = [legal[0], legal[-1]]
    results: list[str] = []
    gate = threading.Barrier(2)

    def click(text):
        gate.wait()
        try:
            T.move(store, ada.code, mover.token, mover.seat, text, len(table.moves), now=5)
            results.append("moved")
        except Refused as refusal:
            results.append(refusal.field)

    threads = [threading.Thread(target=click, args=(text,)) for text in texts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == ["moved", "seen"]
    assert store.table(ada.code).version == table.version + 1


def test_a_new_store_on_the_same_data_resumes_the_table(backend):
    first = backend.open()
    ada, obi = whot_table(first)
    play_first_legal(first, {0: ada, 1: obi}[spectator_view(first.table(ada.code), 5).turn])
    before = first.table(ada.code)
    first.close()
    again = backend.open()
    assert again.table(ada.code) == before
    play_first_legal(again, {0: ada, 1: obi}[spectator_view(before, 5).turn])
    assert len(again.table(ada.code).moves) > len(before.moves)


def test_a_seat_view_never_holds_another_seats_cards(store):
    ada, obi = whot_table(store)
    for step in range(12):
        table = store.table(ada.code)
        if table.phase != "playing":
            break
        state = T.state_of(table)
        for joined in (ada, obi):
            shown = repr(seat_view(table, joined.token, 5))
            assert all(f"'{card}'" in shown for card in state.hand(joined.seat))
            for other in {0, 1, 2} - {joined.seat}:
                for card in state.hand(other):
                    if str(card) == "whot":  # five alike (and the game's name): they name no seat
                        continue
                    assert f"'{card}'" not in shown, (step, joined.seat, other, card)
        spectator = repr(spectator_view(table, 5))
        hands = [c for s in range(3) for c in state.hand(s) if str(c) != "whot"]
        assert not any(f"'{c}'" in spectator for c in hands)
        play_first_legal(store, {0: ada, 1: obi}[spectator_view(table, 5).turn])
    refused("code", lambda: final_hands(store.table(ada.code)))
    refused("code", lambda: record_json(store.table(ada.code)))


def test_the_host_leaving_passes_the_table_on(store):
    ada = T.open_table(store, "whot", "Ada", seats=3, rules=BRITISH, seed=1, now=0)
    obi = T.sit(store, ada.code, "Obi", now=0)
    eze = T.sit(store, ada.code, "Eze", now=0)
    T.leave(store, ada.code, ada.token, now=1)
    table = store.table(ada.code)
    assert table.host == obi.seat and table.seats[0].empty
    T.sit(store, ada.code, "Zed", now=2)  # seat 0 again: the host passes on after the leaver
    T.leave(store, ada.code, obi.token, now=3)
    assert store.table(ada.code).host == eze.seat


def test_leaving_during_play_leaves_the_name_and_hands_the_seat_to_an_ai_for_good(store):
    ada, obi = whot_table(store)
    T.leave(store, ada.code, obi.token, now=10)
    seat = store.table(ada.code).seats[obi.seat]
    assert (seat.name, seat.level, seat.token_hash) == ("Obi", T.STAND_IN, "")
    refused("token", lambda: T.rejoin(store, ada.code, obi.token, now=11))


def test_everyone_leaving_keeps_the_table_a_while_then_closes_it(store):
    ada = T.open_table(store, "whot", "Ada", seats=2, rules=BRITISH, seed=1, now=0)
    T.leave(store, ada.code, ada.token, now=100)
    assert store.table(ada.code).host is None
    refused("code", lambda: T.close_if_abandoned(store, ada.code, now=100 + T.KEEP_EMPTY - 1))
    obi = T.sit(store, ada.code, "Obi", now=101)  # kept open: someone may sit again
    back = store.table(ada.code)
    assert back.host == obi.seat and back.empty_since is None


def test_an_empty_table_closes_after_the_set_time(store):
    ada = T.open_table(store, "whot", "Ada", seats=2, rules=BRITISH, seed=1, now=0)
    T.leave(store, ada.code, ada.token, now=100)
    refused("code", lambda: T.sit(store, ada.code, "Obi", now=100 + T.KEEP_EMPTY))
    assert T.close_if_abandoned(store, ada.code, now=100 + T.KEEP_EMPTY).phase == "closed"
    refused("code", lambda: T.sit(store, ada.code, "Obi", now=100))


def test_a_sign_of_life_is_kept_without_redrawing_every_screen(store):
    # Every screen redraws when the version moves; a phone's "still here" must not move it,
    # and anything else (here: a move) must.
    ada, obi = whot_table(store)
    before = store.table(ada.code)
    T.touch(store, ada.code, obi.token, now=50.0)
    after = store.table(ada.code)
    assert after.seats[obi.seat].seen == 50.0 and after.version == before.version
    mover = {0: ada, 1: obi}[spectator_view(after, 50).turn]
    legal = seat_view(after, mover.token, 50).legal
    T.move(store, ada.code, mover.token, mover.seat, legal[0], len(after.moves), now=51.0)
    assert store.table(ada.code).version == before.version + 1


def test_away_seat_handed_to_an_ai_and_taken_back(store):
    ada, obi = whot_table(store)
    later = 3 + T.AWAY_AFTER
    T.touch(store, ada.code, ada.token, now=later)
    assert spectator_view(store.table(ada.code), later).away == (obi.seat,)
    refused("seat", lambda: T.hand_to_ai(store, ada.code, ada.token, ada.seat, "random",
                                         now=later))  # fmt: skip
    refused("token", lambda: T.hand_to_ai(store, ada.code, obi.token, obi.seat, "random",
                                          now=later))  # fmt: skip
    T.hand_to_ai(store, ada.code, ada.token, obi.seat, "random", now=later)
    table = store.table(ada.code)
    assert spectator_view(table, later).turn != obi.seat or table.phase == "over"
    assert T.rejoin(store, ada.code, obi.token, now=later + 1) == obi.seat
    assert store.table(ada.code).seats[obi.seat].person


def test_store_unavailable_mid_move_changes_nothing(tmp_path):
    store = SqliteTableStore(tmp_path / "classroom.sqlite3")
    ada, obi = whot_table(store)
    table = store.table(ada.code)
    mover = {0: ada, 1: obi}[spectator_view(table, 5).turn]
    legal = seat_view(table, mover.token, 5).legal
    blocker = sqlite3.connect(store.path, timeout=0)
    blocker.execute("BEGIN EXCLUSIVE")
    slow = SqliteTableStore(store.path, timeout=0.05)
    try:
        with pytest.raises(StoreUnavailable):
            T.move(slow, ada.code, mover.token, mover.seat, legal[0], len(table.moves), now=5)
    finally:
        blocker.rollback()
        blocker.close()
    assert store.table(ada.code) == table


def test_a_table_keeps_the_shape_names_it_was_opened_with(store):
    # Every seat reads the table in the opener's names, whatever link brought it there.
    named = T.open_table(store, "whot", "Ada", seats=2, now=1, nigerian=True)
    plain = T.open_table(store, "whot", "Obi", seats=2, now=1)
    assert store.table(named.code).nigerian is True and store.table(plain.code).nigerian is False
    T.sit(store, named.code, "Obi", now=2)  # a change keeps them
    assert store.table(named.code).nigerian is True


def test_a_file_from_before_the_shape_names_opens_with_its_tables(tmp_path):
    # A file an earlier version made (no names column): its tables are kept, in English names,
    # and new tables keep theirs: upgrading the app loses nothing.
    path = tmp_path / "old.sqlite3"
    old = SqliteTableStore(path)
    joined = T.open_table(old, "whot", "Ada", seats=2, now=1)
    with sqlite3.connect(path) as db:
        db.execute("ALTER TABLE game_tables DROP COLUMN nigerian")
    before = {row[1] for row in sqlite3.connect(path).execute("PRAGMA table_info(game_tables)")}
    assert "nigerian" not in before
    again = SqliteTableStore(path)
    kept = again.table(joined.code)
    assert kept.seats[0].name == "Ada" and kept.nigerian is False
    named = T.open_table(again, "whot", "Obi", seats=2, now=2, nigerian=True)
    assert SqliteTableStore(path).table(named.code).nigerian is True
