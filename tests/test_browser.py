"""The app in a real browser: `streamlit run` headless on a free local port, driven with Playwright
through Debian's Chromium (`/usr/bin/chromium`; never a downloaded browser).

It proves what AppTest cannot: the card pictures (data-URI images, since `st.html` strips inline
SVG) load and show, no error box appears, a click on a card plays it, and a shared link opens the
Watch page at its step. Without Chromium the tests are skipped, except under CI (the environment
variable CI set), where a missing browser is a failure.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("screenshots", ROOT / "scripts" / "screenshots.py")
shots = sys.modules.setdefault("screenshots", importlib.util.module_from_spec(_spec))
_spec.loader.exec_module(shots)

PNG = b"\x89PNG\r\n\x1a\n"


def _missing() -> str | None:
    if not shots.CHROMIUM.exists():
        return f"{shots.CHROMIUM} is missing (apt-get install chromium)"
    if importlib.util.find_spec("playwright") is None:
        return "the playwright package is missing (the dev extra)"
    return None


@pytest.fixture(scope="module")
def browser_page():
    """One app server and one browser page for the whole module; both always stopped."""
    missing = _missing()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"browser test under CI: {missing}", pytrace=False)
        pytest.skip(missing)
    with shots.serve() as base, shots.browser() as page:
        yield base, page


@pytest.mark.parametrize("visit", shots.VISITS, ids=[v.name for v in shots.VISITS])
def test_every_page_shows_its_pictures_and_no_error(browser_page, visit, tmp_path):
    base, page = browser_page
    report = shots.open_page(page, base, visit)
    assert report["errors"] == []
    assert report["pictures"] >= visit.pictures
    assert report["charts"] >= visit.charts
    # The pictures are images, never inline SVG (which Streamlit would strip).
    assert (
        page.locator("[data-testid='stMain'] svg.card, [data-testid='stMain'] svg g.card").count()
        == 0
    )
    shot = tmp_path / f"{visit.name}.png"
    page.screenshot(path=str(shot))
    assert shot.read_bytes().startswith(PNG)


def test_the_projectors_table_is_drawn_as_large_as_its_box(browser_page, tmp_path):
    # Streamlit styles markdown images `object-fit: scale-down`, which drew the large table at
    # the size written in its SVG, a third of its box. Measured on the pixels: the table's ink
    # must span the box's width or its height (at most 80% of the window's).
    from PIL import Image, ImageOps

    base, page = browser_page
    page.goto(f"{base}/play?preset=nigerian&seed=4&big=on")
    shots.wait_until_idle(page, pictures=2)
    table = page.locator("img[alt='the table']").first
    shot = tmp_path / "table.png"
    table.screenshot(path=str(shot))
    with Image.open(shot) as image:
        ink = ImageOps.invert(image.convert("L")).point(lambda v: 255 if v > 24 else 0)
        left, top, right, bottom = ink.getbbox()
        filled = max((right - left) / image.width, (bottom - top) / image.height)
        assert filled > 0.9, (ink.getbbox(), image.size)
    box = table.bounding_box()
    assert box["height"] > 600 or box["width"] > 700  # the large table, not the normal one
    assert box["height"] <= 0.8 * page.viewport_size["height"] + 1


def test_a_shared_link_opens_watch_at_its_step_and_next_moves_on(browser_page):
    base, page = browser_page
    page.goto(f"{base}/watch?preset=british&seed=5&seats=heuristic,heuristic&step=4")
    shots.wait_until_idle(page, pictures=1)
    heading = page.locator("h3").first
    assert heading.inner_text().startswith("Step 4 of ")
    page.get_by_role("button", name="Next").click()
    page.wait_for_url("**step=5**")
    page.wait_for_function("() => document.querySelector('h3').innerText.startsWith('Step 5 of ')")
    shots.wait_until_idle(page, pictures=1)
    assert shots.error_boxes(page) == []


def test_a_click_on_a_legal_card_plays_it(browser_page):
    base, page = browser_page
    page.goto(f"{base}/play?preset=nigerian&seed=4")
    shots.wait_until_idle(page, pictures=2)
    legal = page.locator("[class*='st-key-play-card'] button[kind='primary']").first
    card = legal.inner_text()
    legal.click()
    page.wait_for_function(
        "(card) => document.body.textContent.includes('Seat 0 (you) plays ' + card)", arg=card
    )
    shots.wait_until_idle(page, pictures=1)
    assert shots.error_boxes(page) == []
