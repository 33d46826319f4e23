"""The screen's edges, measured in Chromium: what the screen contract's pages
(tests/test_browser_screens.py) do not reach. Learn at its own address (`/learn`) with no
"Page not found" popup.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from browser_support import shots


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
