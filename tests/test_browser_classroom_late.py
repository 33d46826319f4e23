"""A late answer in Chromium, where its timing is real: a student marks a card, the teacher
reveals, the student taps Send a moment later (before the phone's next look at the room). The
store refuses the answer; the phone says so at once, on the revealed question, and the next
question shows nothing of it (a reviewer saw "No answer from you", then the refusal under the
next question's buttons)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from browser_support import shots

from whot_core.classroom.questions import stage_spec
from whot_core.classroom.room import Classroom
from whot_core.classroom.sqlite import SqliteStore

pytestmark = pytest.mark.timeout(300)
PHONE = {"width": 390, "height": 844}
TOO_LATE = "Too late: the teacher revealed the answer before yours arrived."
#: Where to save the phone's screens, when set (to look at them).
SHOTS = os.environ.get("CLASSROOM_LATE_SHOTS")


def shot(phone, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        phone.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def test_a_send_after_reveal_is_refused_on_the_revealed_question_at_once(browser, app_server):
    base, store = app_server
    rooms = Classroom(SqliteStore(store))
    # Cards to tap, then Send: the reviewer's case. A few tries, in case the phone happens
    # to look at the room between Reveal and the tap (it then rightly shows no buttons).
    code, key = rooms.open_room("Quiz", [stage_spec("whot", "matching", 0)] * 4)
    zed = rooms.join(code, "Zed")
    phone = browser.new_context(viewport=PHONE).new_page()
    phone.set_default_timeout(60_000)
    phone.goto(f"{base}/classroom?room={code}&me={zed.token}")
    phone.get_by_text("You are in.").wait_for()
    for number in range(3):
        rooms.ask(code, key)
        phone.get_by_text(f"Question {number + 1}.").wait_for()
        send = phone.get_by_role("button", name="Send my answer")
        send.wait_for()
        phone.locator('[data-testid="stButtonGroup"] button').first.click()
        shots.wait_until_settled(phone)
        rooms.reveal(code, key)
        try:
            send.click(timeout=1_500)
        except Exception:  # the phone redrew the revealed question first: try again
            continue
        phone.get_by_text(TOO_LATE).wait_for(timeout=10_000)
        assert not phone.get_by_text("No answer from you this time.").count()
        assert rooms.snapshot(code).answers == ()  # the server refused it
        shot(phone, "late_1_revealed")
        phone.reload()  # the store keeps the note: a reload says it too, not "No answer"
        phone.get_by_text(TOO_LATE).wait_for(timeout=30_000)
        assert not phone.get_by_text("No answer from you this time.").count()
        rooms.ask(code, key)
        phone.get_by_text(f"Question {number + 2}.").wait_for()
        phone.get_by_role("button", name="Send my answer").wait_for()
        shots.wait_until_settled(phone)
        shot(phone, "late_2_next_question")
        assert "too late" not in phone.locator('[data-testid="stMain"]').inner_text().lower()
        return
    pytest.fail("the phone never showed Send between Reveal and the tap")
