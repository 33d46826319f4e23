"""The Classroom teacher's key in Chromium, on the app server the browser tests share (this test
reads only its own room): the address the projector shows never holds the key, after opening
the room and after each of the teacher's actions; the key is kept in the teacher's own browser,
so a reload of the projector comes back to the teacher's view; another device on the teacher's
address has no control until it types the right key (a wrong one is refused, said plainly, and
changes nothing); the key for it is in a folded box; closing the room forgets it in the browser.
`CLASSROOM_KEY_SHOTS=<folder>` saves the screens, to look at them."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from browser_support import shots

from whot_core.classroom.room import Classroom
from whot_core.classroom.sqlite import SqliteStore

pytestmark = pytest.mark.timeout(600)
WAIT = 60_000
PROJECTOR = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}
MAIN = '[data-testid="stMain"]'
NO_KEY = "This browser does not hold this room's teacher key"
BOX = "Run this room from another device (not on the projector)"
SHOTS = os.environ.get("CLASSROOM_KEY_SHOTS")


def shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


def screen(browser, size: dict):
    page = browser.new_context(viewport=size).new_page()
    page.set_default_timeout(WAIT)
    return page


def kept(page, code: str) -> str | None:
    """The teacher key this browser keeps for room `code` (its localStorage), or None."""
    return page.evaluate(
        f"() => (JSON.parse(localStorage.getItem('whot-seats') || '{{}}')['teach:{code}'] || "
        "{}).token || null"
    )


def teachers_address(page, key: str) -> str:
    """The address the page shows, once written after a run: the teacher's, with no key."""
    page.wait_for_function("() => location.search.includes('teach=1')")
    assert key not in page.url and "key=" not in page.url, page.url
    return page.url


def shown(page, text: str) -> bool:
    """Whether `text` is anywhere on the screen (not in a folded box)."""
    return any(e.is_visible() for e in page.get_by_text(text, exact=True).all())


def test_the_teachers_key_stays_off_the_address_and_in_the_teachers_browser(browser, app_server):
    base, store = app_server
    rooms = Classroom(SqliteStore(store))
    projector = screen(browser, PROJECTOR)
    projector.goto(f"{base}/classroom?classroom=on")
    shots.wait_until_idle(projector)
    projector.evaluate(f"() => document.querySelector('{MAIN}').scrollTo(0, 10000)")
    projector.get_by_role("button", name="Open the room").click()
    code = shots.shown_code(projector)
    projector.wait_for_function(
        f"() => !!(JSON.parse(localStorage.getItem('whot-seats') || '{{}}')['teach:{code}'])"
    )
    key = kept(projector, code)
    assert rooms.teacher(code, key).code == code  # the browser keeps the room's own key
    address = teachers_address(projector, key)
    assert not shown(projector, key)
    # The key for another device: in a folded box, closed, that says not to open it on the wall.
    box = projector.get_by_text(BOX)
    box.wait_for()
    shot(projector, "key_1_projector_lobby")

    ada = rooms.join(code, "Ada")
    projector.get_by_role("button", name="Ask the first question").click()
    projector.get_by_text("0 of 1 answered").wait_for()
    teachers_address(projector, key)
    rooms.answer(code, ada.token, 0, [0])
    projector.reload()  # the projector's reload: the teacher's view, not the join form
    projector.get_by_role("button", name="Reveal").click()
    projector.get_by_text("The answer: ").first.wait_for()
    assert not projector.get_by_role("button", name="Join", exact=True).count()
    teachers_address(projector, key)

    laptop = screen(browser, PHONE)  # another device on the teacher's address
    laptop.goto(address)
    laptop.get_by_text(NO_KEY).wait_for()
    assert not laptop.get_by_role("button", name="Podium").count()
    field = laptop.get_by_label("The room's teacher key")
    assert field.get_attribute("type") == "password"
    before = rooms.version(code)
    field.fill(key[:-2] + ("xx" if not key.endswith("xx") else "yy"))
    laptop.get_by_role("button", name="Run the room").click()
    laptop.get_by_text("That is not this room's teacher key. Nothing was changed.").wait_for()
    assert rooms.version(code) == before and not laptop.get_by_role("button", name="Podium").count()
    assert kept(laptop, code) is None
    shot(laptop, "key_2_laptop_refused")
    projector.get_by_text(BOX).click()  # the teacher reads the key on their own screen
    assert shown(projector, key)
    projector.get_by_text(key, exact=True).scroll_into_view_if_needed()
    shot(projector, "key_2b_projector_box_open")
    field.fill(key)
    laptop.get_by_role("button", name="Run the room").click()
    laptop.get_by_role("button", name="Podium").click()
    laptop.get_by_text(f"Room {code} · the podium", exact=False).wait_for()
    teachers_address(laptop, key)
    assert kept(laptop, code) == key  # this browser keeps it now: its reload comes back too
    shot(laptop, "key_3_laptop_teacher")

    projector.reload()  # the projector follows, and its box is folded again
    projector.get_by_text(f"Room {code} · the podium", exact=False).wait_for()
    assert not shown(projector, key)
    projector.get_by_text("Students, the room and its data").click()
    shots.wait_until_still(projector)
    projector.get_by_role("button", name="Close the room").click()
    projector.get_by_text("This room is closed.").wait_for()
    projector.wait_for_function(
        f"() => !(JSON.parse(localStorage.getItem('whot-seats') || '{{}}')['teach:{code}'])"
    )  # closed: this browser forgets the key
    projector.reload()
    projector.get_by_text(NO_KEY).wait_for()
    shot(projector, "key_4_projector_closed_reload")
