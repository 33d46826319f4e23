"""A quiz goes on across a restart of the app's server, in Chromium: the teacher's laptop
sleeps or the app is started again mid-lesson. The room lives in its store, so nothing a
student sent is lost, and the screens already open (a phone, the projector) carry on at the
same address without anyone reloading them: Streamlit reconnects and runs the page again from
its link, which holds the room and the reader's own token."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from browser_support import shots

from whot_core.classroom.questions import stage_spec
from whot_core.classroom.room import Classroom
from whot_core.classroom.sqlite import SqliteStore

pytestmark = pytest.mark.timeout(400)
PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1280, "height": 720}
WAIT = 90_000  # milliseconds: a restart and a reconnection on a loaded machine


@contextlib.contextmanager
def server(store: Path, port: int):
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("WHOT_STORE", f"sqlite:///{store}")
        with shots.serve(port) as base:
            yield base


#: Counts the page's script runs from now on, in `window.runs` (Streamlit marks each on its app
#: element, `data-test-script-state`).
RUNS = """() => {
    window.runs = 0;
    const app = document.querySelector('[data-testid="stApp"]');
    new MutationObserver(() => {
        if (app.dataset.testScriptState === 'running') window.runs += 1;
    }).observe(app, {attributes: true, attributeFilter: ['data-test-script-state']});
}"""


def screen(browser, size: dict):
    page = browser.new_context(viewport=size).new_page()
    page.set_default_timeout(WAIT)
    return page


def send_first_choice(phone) -> None:
    """Tap the first answer offered, then Send, as a student does."""
    phone.get_by_role("button", name="Send my answer").wait_for()
    shots.wait_until_settled(phone)
    phone.locator('[data-testid="stButtonGroup"] button').first.click()
    shots.wait_until_settled(phone)
    phone.get_by_role("button", name="Send my answer").click()
    phone.get_by_text("Answer sent:").wait_for()


def test_a_quiz_goes_on_across_a_restart_without_a_reload(browser, tmp_path):
    store = tmp_path / "rooms.sqlite3"
    rooms = Classroom(SqliteStore(store))
    code, key = rooms.open_room("Restart", [stage_spec("whot", "matching", 0)] * 2)
    zed = rooms.join(code, "Zed")
    port = shots.free_port()
    with server(store, port) as base:
        phone, projector = screen(browser, PHONE), screen(browser, PROJECTOR)
        phone.goto(f"{base}/classroom?room={code}&me={zed.token}")
        projector.goto(f"{base}/classroom?room={code}&key={key}&classroom=on")
        phone.get_by_text("You are in.").wait_for()
        rooms.ask(code, key)
        phone.get_by_text("Question 1.").wait_for()
        send_first_choice(phone)
        sent = phone.get_by_text("Answer sent:").inner_text()
        assert len(rooms.snapshot(code).answers) == 1
    projector.evaluate(RUNS)  # the server stopped: from here, the projector's runs are counted
    with server(store, port):  # the same address: the open screens reconnect to it
        # Neither screen is reloaded. The phone still names the answer it sent (read from the
        # store by the new server), and the projector still holds the room for its teacher.
        phone.get_by_text(sent).wait_for()
        # Its first run on the new server, then the teacher's view: the key is in the browser,
        # not in the address, so the view may take one run more (a click on the screen the old
        # server drew, before the first, was lost).
        projector.wait_for_function("() => window.runs > 0")
        shots.wait_until_settled(projector)
        projector.get_by_role("button", name="Reveal").wait_for()
        shots.wait_until_settled(projector)
        projector.get_by_role("button", name="Reveal").click()
        projector.get_by_text("The answer:").wait_for()
        projector.get_by_text("1 of 1 answered.").wait_for()  # drawn by the new server
        assert [a.member for a in rooms.snapshot(code).answers] == [zed.member]  # nothing lost
        rooms.ask(code, key)
        phone.get_by_text("Question 2.").wait_for()
        send_first_choice(phone)
        assert len(rooms.snapshot(code).answers) == 2
        for page in (phone, projector):
            assert shots.error_boxes(page) == []
