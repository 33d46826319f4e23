"""The Classroom teacher's key kept out of the link, through Streamlit's AppTest (no browser; the
browser's own storage is `test_browser_classroom_key.py`): the teacher's address is
`?room=CODE&teach=1` after opening the room and after every teacher's action; a session without
the key on that address has no teacher's control, is told why, and gets them only with the
right key; a wrong key is refused, said plainly, and changes nothing; an older link's key is
taken out of the address (app_pages/shared/classroom.py, teacher_key.py)."""

from __future__ import annotations

import html

import pytest

pytest.importorskip("streamlit")
import helpers
from streamlit.testing.v1 import AppTest

from whot_core.classroom.questions import stage_spec
from whot_core.classroom.room import Classroom
from whot_core.classroom.sqlite import SqliteStore

PAGE = "app_pages/shared/classroom.py"
TIMEOUT = 90
TEACHERS = ("Ask", "Next", "Reveal", "Skip", "Podium", "Take out", "Close", "Delete")

pytestmark = pytest.mark.usefixtures("fresh_streamlit_caches")


@pytest.fixture
def rooms(tmp_path, monkeypatch) -> Classroom:
    path = tmp_path / "rooms.sqlite3"
    monkeypatch.setenv("WHOT_STORE", f"sqlite:///{path}")
    return Classroom(SqliteStore(path))


def open_page(**params: str) -> AppTest:
    return helpers.open_app_page(PAGE, TIMEOUT, **params)


def link(at: AppTest) -> dict[str, str]:
    """The page's address, as the browser's address bar shows it."""
    return {k: v[0] if isinstance(v, list) else v for k, v in at.query_params.items()}


def teachers_buttons(at: AppTest) -> list[str]:
    return [b.label for b in at.button if b.label.startswith(TEACHERS)]


def no_key_in(at: AppTest, key: str) -> None:
    address = link(at)
    assert "key" not in address and not any(key in v for v in address.values()), address
    assert address.get("teach") == "1", address


def assert_told_no_key(at: AppTest) -> None:
    said = [html.unescape(m) for m in helpers.markup(at)]
    assert any("does not hold this room's teacher key" in m for m in said), said


def key_form(at: AppTest):
    return at.text_input(key="room.key.typed")


def test_the_teachers_address_never_holds_the_key_through_the_quiz(rooms):
    at = open_page()
    at.button(key="room.open").click().run()
    code, key = link(at)["room"], at.session_state["room.key"]
    assert rooms.teacher(code, key).code == code  # the session holds the room's key
    no_key_in(at, key)
    ada = rooms.join(code, "Ada")
    for button in ("room.ask", "room.reveal", "room.ask", "room.skip", "room.podium"):
        at.button(key=button).click().run()
        assert not at.exception and not at.warning, button
        no_key_in(at, key)
    assert rooms.snapshot(code).room.phase == "podium"
    at.selectbox(key="room.who").set_value(ada.member).run()
    at.button(key="room.remove").click().run()
    no_key_in(at, key)
    at.button(key="room.close").click().run()
    no_key_in(at, key)
    assert rooms.snapshot(code).room.closed
    # The key, for another device, only in a folded box that says not to open it on the wall.
    [box] = [e for e in at.expander if "(not on the projector)" in e.label]
    assert not box.proto.expanded
    assert key in [c.value for c in box.code]


def test_a_session_without_the_key_has_no_teachers_control_until_it_types_the_right_one(rooms):
    code, key = rooms.open_room("Quiz", [stage_spec("whot", "hold-on", 0)] * 2)
    at = open_page(room=code, teach="1")
    at.session_state["seat_keeper.read.teach:" + code] = True  # the browser: no key kept
    at.run()
    assert teachers_buttons(at) == [] and not at.main.expander
    assert_told_no_key(at)
    assert key_form(at).proto.type == key_form(at).proto.PASSWORD
    key_form(at).input(key[:-2] + "xx").run()
    at.button(key="room.key.enter").click().run()
    assert [e.value for e in at.error] == [
        "That is not this room's teacher key. Nothing was changed."
    ]
    assert teachers_buttons(at) == [] and at.session_state["room.key"] == ""
    assert rooms.snapshot(code).room.phase == "lobby" and not rooms.snapshot(code).current
    key_form(at).input(key).run()
    at.button(key="room.key.enter").click().run()
    assert "Ask the first question" in teachers_buttons(at)
    no_key_in(at, key)
    at.button(key="room.ask").click().run()
    assert rooms.snapshot(code).current.number == 0


def test_a_student_on_the_teachers_address_gets_no_control_and_can_join(rooms):
    code, _key = rooms.open_room("Quiz", [stage_spec("whot", "hold-on", 0)])
    at = open_page(room=code, teach="1")
    # Before the browser says what it keeps: nothing but that the page is looking.
    assert teachers_buttons(at) == [] and not at.text_input
    at.session_state["seat_keeper.read.teach:" + code] = True
    at.run()
    at.button(key="room.key.student").click().run()
    assert teachers_buttons(at) == []
    assert [t.label for t in at.text_input] == ["The code on the projector", "Your name"]
    at.text_input(key="room.name").input("Ada").run()
    at.button(key="room.join").click().run()
    assert "me" in link(at) and "teach" not in link(at) and teachers_buttons(at) == []


def test_an_older_link_with_the_key_opens_the_room_and_the_address_drops_it(rooms):
    code, key = rooms.open_room("Quiz", [stage_spec("whot", "hold-on", 0)])
    at = open_page(room=code, key=key)
    assert "Ask the first question" in teachers_buttons(at)
    no_key_in(at, key)


def test_a_wrong_key_in_an_older_link_is_refused_and_shows_no_control(rooms):
    code, key = rooms.open_room("Quiz", [stage_spec("whot", "hold-on", 0)])
    at = open_page(room=code, key=key[:-2] + "xx")
    assert teachers_buttons(at) == [] and "key" not in link(at)
    assert_told_no_key(at)
