"""A class split into tables, in Chromium: the teacher's projector splits three students into
tables of two (one table gets an AI player), each phone shows its table and its table-mates, a
student taps "Go to my seat" and lands at their seat on the Play together page, the projector
follows a table by its link, and a finished game's winner reaches the teacher's list by itself. (The
rules of the split are tested without a browser in tests/test_class_tables.py.)"""

from __future__ import annotations

import time

import pytest
from browser_support import shots
from test_browser_classroom import MARKUP, PHONE, PROJECTOR, join, screen

from whot_core.classroom import table as T
from whot_core.classroom.sqlite_tables import SqliteTableStore
from whot_core.classroom.table_views import seat_view, spectator_view, winners

pytestmark = pytest.mark.timeout(600)


def test_the_teacher_splits_the_class_and_each_student_finds_their_seat(browser, app_server):
    base, path = app_server
    dialogs: list[str] = []
    projector = screen(browser, PROJECTOR, dialogs)
    projector.goto(f"{base}/classroom?classroom=on&preset=british&hand_size=2")  # short games
    shots.wait_until_idle(projector)
    projector.get_by_role("button", name="Open the room").click()
    code = shots.shown_code(projector)
    phones = {name: screen(browser, PHONE, dialogs) for name in ("Ada", "Bo", MARKUP)}
    for name, phone in phones.items():
        join(phone, base, code, name)
    projector.get_by_text("3 students in the room").wait_for()
    projector.get_by_text("Play at tables").click()
    sizes = projector.get_by_role("radiogroup", name="Students a table, at most")
    sizes.get_by_text("2", exact=True).click()
    projector.get_by_text("in the order they joined").click()
    projector.get_by_role("button", name="Split the class into tables").click()
    projector.get_by_text("Show on the projector").nth(1).wait_for()  # two tables

    store = SqliteTableStore(path)
    first, second = (store.table(c) for c in store.tables(code))
    assert [s.name for s in first.seats] == ["Ada", "Bo"]
    assert second.seats[0].name == MARKUP and second.seats[1].level == "heuristic"
    phones["Ada"].get_by_text(f"Your table: {first.code}").wait_for()  # the phone followed
    phones["Ada"].get_by_text("With Bo.").wait_for()
    shots.wait_until_settled(phones["Ada"])  # the whole run drawn: no quiz promised
    assert phones["Ada"].get_by_text("the first question comes soon").count() == 0
    phones[MARKUP].get_by_text("With an AI player (Heuristic).").wait_for()
    # and what that level's name means, which a student has not read anywhere
    phones[MARKUP].get_by_text("Plays by the rules of thumb a good player uses").wait_for()

    ada = phones["Ada"]
    ada.get_by_role("button", name="Go to my seat").click()
    ada.get_by_text(f"Table {first.code}").wait_for()
    ada.get_by_text("you are Seat 0").wait_for()
    # her seat's own link, to come back (written by the run: waited for, not read at once)
    ada.wait_for_url(lambda url: "/together" in url and "me=" in url)
    assert store.table(first.code).seats[0].seen > 0

    with projector.context.expect_page() as opened:
        projector.get_by_role("link", name="Show on the projector").first.click()
    follow = opened.value
    follow.get_by_text(f"Table {first.code}").wait_for()
    follow.get_by_text("to play.").wait_for()
    assert MARKUP in projector.inner_text("body")  # the name, as text

    # The game at Ada's table ends (played through the store): the teacher's list says who
    # won without a reload.
    now = time.time()
    people = [T.claim(store, first.code, seat.reserved, now=now) for seat in first.seats]
    while (table := store.table(first.code)).phase == "playing":
        view = spectator_view(table, now)
        mover = people[view.turn]
        legal = seat_view(table, mover.token, now).legal
        play = next((m for m in legal if not m.startswith("draw")), legal[0])
        T.move(store, first.code, mover.token, mover.seat, play, view.moves, now=now)
    won = table.seats[winners(table)[0]].name
    projector.get_by_text(f"over: {won} won").wait_for()
    for page in (projector, follow, *phones.values()):
        assert shots.error_boxes(page) == []
    assert dialogs == []
