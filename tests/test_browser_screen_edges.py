"""The screen's edges, measured in Chromium: what the screen contract's pages
(tests/test_browser_screens.py) do not reach. Learn at its own address (`/learn`) with no
"Page not found" popup; Learn's Progress summary whole on a phone, its last heading not cut.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from browser_support import shots
from screen_measure import PHONE, overflow_px


def open_at(page, base: str, path: str, size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(base + path)
    shots.wait_until_idle(page)


def test_learn_opens_at_its_own_address_with_no_popup(browser_page):
    """`/learn` (every page's address, the first's too) opened Learn under Streamlit's "Page
    not found" popup: Learn is served at the root. Now it leads to the root, the link's
    settings kept, Learn marked in the sidebar as the page shown."""
    base, page = browser_page
    for path in ("/learn?lesson=hold-on&stage=1", "/?lesson=hold-on&stage=1"):
        open_at(page, base, path, (1400, 1000))
        page.get_by_text("Who plays next?").first.wait_for()
        shots.wait_until_settled(page)
        assert page.get_by_role("dialog").count() == 0, path
        assert page.get_by_text("Page not found").count() == 0, path
        assert page.locator("h1").first.inner_text() == "Learn"
        address = urlsplit(page.url)
        assert address.path == "/", path
        assert {k: v for k, v in parse_qs(address.query).items() if k in ("lesson", "stage")} == {
            "lesson": ["hold-on"],
            "stage": ["1"],
        }
        shown = page.locator('[data-testid="stSidebarNavLink"][aria-current="page"]')
        assert shown.inner_text().strip().endswith("Learn"), path


def test_the_progress_summary_fits_a_phone_with_every_heading_whole(browser_page):
    """On a phone Streamlit's data grid scrolled sideways and cut its last heading ("Right at
    the ..."); the summary is a table of the page's words now, its headings wrapped."""
    base, page = browser_page
    open_at(page, base, "/?lesson=hold-on&stage=1", PHONE)
    page.get_by_role("button", name="Seat 0", exact=True).click()  # right at the first try
    page.get_by_text("Stage done").first.wait_for()
    page.locator('[data-testid="stButtonGroup"] button', has_text="Progress").first.click()
    page.locator('[data-testid="stFileUploader"]').wait_for()  # the Progress view is drawn
    shots.wait_until_idle(page)
    heading = page.locator("table.rows-table th", has_text="Right at the first try")
    assert heading.count() == 1
    box = page.locator(".rows-table-box").first
    assert box.evaluate("b => b.scrollWidth - b.clientWidth") <= 0  # nothing scrolls sideways
    assert heading.evaluate("h => h.scrollWidth - h.clientWidth") <= 0
    right = heading.evaluate("h => h.getBoundingClientRect().right")
    assert right <= PHONE[0]
    assert overflow_px(page) == 0
    hold_on = page.locator("table.rows-table tr", has_text="Hold on")
    assert hold_on.locator("td").last.inner_text().strip() == "100%"
    assert hold_on.locator(".share-bar").count() == 1
