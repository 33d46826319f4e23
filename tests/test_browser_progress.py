"""Learn progress kept in a real browser (Chromium, localStorage): stars survive a reload and a
new browser context with the same storage (a closed and reopened browser), Review counts the
miss, the downloaded file restores the progress in a fresh context, Start over clears it, and a
tampered stored value is refused with a message, the learner starting clean.
(app_pages/shared/learn_progress.py; tests/test_app_learn_progress.py checks the same without a
browser.)"""

from __future__ import annotations

import json

from browser_support import shots
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from whot_core.learn import progress as kept
from whot_core.learn.path import Tries

KEY = "whot-learn.progress"  # progress_store.js
STORED = f"() => localStorage.getItem({json.dumps(KEY)})"


def wait_for_text(page, text: str) -> None:
    page.wait_for_function("(text) => document.body.innerText.includes(text)", arg=text)
    shots.wait_until_idle(page)


def open_page(page, url: str) -> None:
    page.goto(url)
    shots.wait_until_idle(page)


def mode(page, name: str) -> None:
    page.locator('[data-testid="stButtonGroup"] button', has_text=name).first.click()
    shots.wait_until_idle(page)


def stored(page) -> kept.Progress | None:
    text = page.evaluate(STORED)
    return None if text is None else kept.from_json(text)


def wait_stored(page, present: bool = True) -> None:
    page.wait_for_function(f"() => ({STORED})() {'!==' if present else '==='} null")


def test_progress_survives_a_reload_a_new_context_a_moved_file_and_start_over(
    browser_page, tmp_path
):
    base, page = browser_page
    open_page(page, f"{base}/?lesson=hold-on&stage=1")
    wait_for_text(page, "Who plays next?")
    page.get_by_role("button", name="Seat 1", exact=True).click()
    wait_for_text(page, "Not quite: Seat 1 is not the answer. Try again.")
    page.get_by_role("button", name="Seat 0", exact=True).click()
    wait_for_text(page, "Stage done: ★★☆")
    page.wait_for_function(f"() => (({STORED})() || '').includes('hold-on/1')")
    assert stored(page).stages["hold-on/1"] == Tries(1, True)

    # A reload: the same stars, read back from the browser.
    open_page(page, f"{base}/?lesson=hold-on&stage=1")
    wait_for_text(page, "Stage done: ★★☆")

    # The browser closed and opened again: a new context with the same storage goes on.
    browser = page.context.browser
    state = page.context.storage_state()
    again = browser.new_context(storage_state=state, viewport={"width": 1400, "height": 1000})
    try:
        other = again.new_page()
        other.set_default_timeout(shots.PAGE_TIMEOUT)  # as the shared page: a loaded machine
        open_page(other, f"{base}/")
        wait_for_text(other, "(the path: 1 of")
        mode(other, "Review")
        wait_for_text(other, "Review: 1 due today")
        mode(other, "Progress")
        with other.expect_download() as download:
            other.get_by_text("Download my progress").click()
        moved = tmp_path / "progress.json"
        download.value.save_as(moved)
        assert kept.from_json(moved.read_text()) == stored(other)

        # Start over: asked first, then the browser forgets it.
        other.get_by_role("button", name="Start over").click()
        wait_for_text(other, "Forget every star")
        other.get_by_role("button", name="Yes, start over").click()
        wait_stored(other, present=False)
        mode(other, "Lessons")
        wait_for_text(other, "(the path: 0 of")
        assert shots.error_boxes(other) == []
    finally:
        again.close()

    # The file moved to a fresh browser restores the progress there.
    fresh = browser.new_context(viewport={"width": 1400, "height": 1000})
    try:
        there = fresh.new_page()
        there.set_default_timeout(shots.PAGE_TIMEOUT)  # as the shared page: a loaded machine
        open_page(there, f"{base}/")
        mode(there, "Progress")
        # Drawn and settled: the file goes to the uploader the page keeps, not to one that a
        # late rerun replaces (the click's rerun may not have begun when `mode` returns).
        wait_for_text(there, "kept in this browser only")
        there.locator('[data-testid="stFileUploader"] input[type="file"]').set_input_files(moved)
        wait_stored(there)
        assert stored(there).stages["hold-on/1"] == Tries(1, True)
        mode(there, "Lessons")
        wait_for_text(there, "(the path: 1 of")
    finally:
        fresh.close()


def runs_finished(payload) -> list[int]:
    """The end of a run a websocket message says (a whole run's, or a fragment's), if any."""
    if not isinstance(payload, bytes):
        return []
    msg = ForwardMsg.FromString(payload)
    return [msg.script_finished] if msg.WhichOneof("type") == "script_finished" else []


def test_an_answer_is_kept_in_the_browser_by_the_lessons_run_alone(browser_page):
    """An answer reruns the lesson (a fragment) and that run writes the progress to the
    browser: the whole page, sidebar and all, does not run again for it (it did, a second run
    for every answer that changed the stars: docs/performance.md, eleventh session)."""
    base, page = browser_page
    context = page.context.browser.new_context(viewport={"width": 1400, "height": 1000})
    try:
        tab = context.new_page()  # a first visit: nothing kept yet
        tab.set_default_timeout(shots.PAGE_TIMEOUT)
        finished: list[int] = []
        tab.on("websocket", lambda ws: ws.on("framereceived", lambda p: finished.extend(
            runs_finished(p))))  # fmt: skip
        open_page(tab, f"{base}/?lesson=hold-on&stage=1")
        wait_for_text(tab, "Who plays next?")
        before = len(finished)
        tab.get_by_role("button", name="Seat 1", exact=True).click()
        wait_for_text(tab, "Not quite: Seat 1 is not the answer. Try again.")
        wait_stored(tab)
        assert stored(tab).stages["hold-on/1"] == Tries(1, False)
        tab.get_by_role("button", name="Seat 0", exact=True).click()
        wait_for_text(tab, "Stage done: ★★☆")
        tab.wait_for_function(f"() => (({STORED})() || '').includes('[1,true]')")
        assert stored(tab).stages["hold-on/1"] == Tries(1, True)
        shots.wait_until_idle(tab)
        assert finished[before:]
        assert set(finished[before:]) == {ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY}
        # The stars changed the lesson's label in the fragment's run: the lesson stays chosen
        # at the next click, and after a reload, whose stored copy is read back in one.
        for reload in (False, True):
            if reload:
                open_page(tab, f"{base}/?lesson=hold-on&stage=1")
                wait_for_text(tab, "Stage done: ★★☆")
            lesson = tab.locator(".st-key-learn-lesson input")
            assert lesson.input_value() == "4. Hold on · 2/15 ★"
            tab.get_by_role("button", name="Seat 2", exact=True).click()
            wait_for_text(tab, "Not quite: Seat 2 is not the answer. Try again.")
            assert "lesson=hold-on&stage=1" in tab.url
            assert lesson.input_value() == "4. Hold on · 2/15 ★"
    finally:
        context.close()


def test_a_tampered_stored_value_is_refused_and_the_learner_starts_clean(browser_page, tmp_path):
    base, page = browser_page
    bad = json.dumps({"format": kept.FORMAT, "version": 1, "stages": {"hold-on/1": [0, "x"]}})
    context = page.context.browser.new_context(viewport={"width": 1400, "height": 1000})
    try:
        tab = context.new_page()
        tab.set_default_timeout(shots.PAGE_TIMEOUT)  # as the shared page: a loaded machine
        open_page(tab, f"{base}/?lesson=hold-on&stage=1")  # the app's origin, to store in
        tab.evaluate(f"(bad) => localStorage.setItem({json.dumps(KEY)}, bad)", bad)
        open_page(tab, f"{base}/?lesson=hold-on&stage=1")
        wait_for_text(tab, "could not be read")
        wait_for_text(tab, "you start clean")
        wait_stored(tab, present=False)  # the bad value is forgotten
        assert "(the path: 0 of" in tab.inner_text("body")
        assert shots.error_boxes(tab) == []
        # A bad file is refused the same way, and leaves the progress there as it was.
        tab.get_by_role("button", name="Seat 0", exact=True).click()
        wait_for_text(tab, "Stage done: ★★★")
        mode(tab, "Progress")
        moved = tmp_path / "edited.json"
        moved.write_text(bad)
        tab.locator('[data-testid="stFileUploader"]').wait_for()  # the Progress view is drawn
        shots.wait_until_idle(tab)  # and its run over: a file given mid-run was lost under load
        tab.locator('[data-testid="stFileUploader"] input[type="file"]').set_input_files(moved)
        wait_for_text(tab, "The progress in that file could not be read")
        wait_for_text(tab, "your progress here is unchanged")
        assert stored(tab).stages["hold-on/1"] == Tries(0, True)
    finally:
        context.close()
