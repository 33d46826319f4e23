"""Rooms on more than one server (issue 33): two app servers, each `streamlit run app.py` on a
port of its own, share one store, as two processes behind a reverse proxy would (docs/deploy.md).
The teacher's projector opens a room on server A; a phone on server B joins and answers; the
projector's tally, drawn by A, shows the answer kept through B; Reveal on A reaches the phone on
B. Once over one SQLite file, once over a redis-server of the test's own."""

from __future__ import annotations

import contextlib

import pytest
from browser_support import require_browser, shots
from store_support import RedisServer, require_redis

from whot_core.classroom.backends import open_store
from whot_core.classroom.room import Classroom

pytestmark = pytest.mark.timeout(600)
WAIT = 60_000  # milliseconds for a screen to show what another screen (or server) did


@pytest.fixture(params=["sqlite", "redis"])
def store_url(request, tmp_path):
    """The WHOT_STORE both servers are given: one SQLite file, or one Redis server."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'classroom.sqlite3'}"
        return
    require_redis()
    redis = RedisServer(tmp_path)
    redis.start()
    yield redis.url
    redis.stop()


@contextlib.contextmanager
def two_servers(store_url: str):
    """Two app servers on free ports, both keeping rooms in `store_url`: their base URLs."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("WHOT_STORE", store_url)
        with shots.serve() as first, shots.serve() as second:
            yield first, second


def screen(chromium, width: int, height: int):
    """A page in a context of its own (its own cookies: its own Streamlit session)."""
    page = chromium.new_context(viewport={"width": width, "height": height}).new_page()
    page.set_default_timeout(WAIT)
    return page


def test_a_phone_on_one_server_answers_a_projector_on_another(store_url):
    require_browser()
    from playwright.sync_api import sync_playwright

    with two_servers(store_url) as (server_a, server_b), sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(shots.CHROMIUM), headless=True,
                                     args=shots.CHROMIUM_ARGS)  # fmt: skip
        try:
            projector, phone = screen(chromium, 1280, 720), screen(chromium, 390, 844)
            projector.goto(f"{server_a}/classroom?classroom=on")
            projector.get_by_role("button", name="Open the room").click()
            label = projector.locator(".room-code").get_attribute("aria-label")
            code = label.removeprefix("the code ").replace(" ", "")

            phone.goto(f"{server_b}/classroom?room={code}")
            phone.get_by_label("Your name").fill("Ada")
            phone.get_by_role("button", name="Join").click()
            phone.get_by_text("You are in.").wait_for()
            projector.get_by_text("1 student in the room").wait_for()

            projector.get_by_role("button", name="Ask the first question").click()
            projector.get_by_text("0 of 1 answered").wait_for()
            quiz = Classroom(open_store(store_url)).quiz(code, 0)
            right = quiz.labels[quiz.right[0]]
            phone.get_by_role("button", name=right, exact=True).click()  # drawn by server B
            phone.get_by_text("Answer sent.").wait_for()
            projector.get_by_text("1 of 1 answered").wait_for()  # server A read it

            projector.get_by_role("button", name="Reveal").click()
            phone.get_by_text("Right!").wait_for()  # server B saw server A's reveal
            assert shots.error_boxes(projector) == [] and shots.error_boxes(phone) == []
        finally:
            chromium.close()
    answers = Classroom(open_store(store_url)).snapshot(code).answers
    assert [(a.member, a.correct) for a in answers] == [(0, True)]  # kept once, in the store
