"""The app in a real browser: `streamlit run` headless on a free local port, driven with Playwright
through Debian's Chromium (`/usr/bin/chromium`; never a downloaded browser).

It proves what AppTest cannot: the card pictures (data-URI images, since `st.html` strips inline
SVG) load and show, no error box appears, a shared link opens the Watch page at its step, and the
Play page's table answers the mouse and the keyboard: a click on a card of your hand plays it, an
illegal card says why without asking the server, and a Whot calls the shape chosen. Without
Chromium the tests are skipped, except under CI (the environment variable CI set), where a missing
browser is a failure.
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
    assert report["tables"] >= visit.tables
    # The pictures are images, never inline SVG in the page (which Streamlit would strip); the
    # Play page's table is drawn inside its component's shadow root, out of this query's reach.
    inline = "[data-testid='stMain'] svg.card, [data-testid='stMain'] svg g.card"
    assert page.evaluate(f"() => document.querySelectorAll({inline!r}).length") == 0
    shot = tmp_path / f"{visit.name}.png"
    page.screenshot(path=str(shot))
    assert shot.read_bytes().startswith(PNG)


def test_the_projectors_table_is_drawn_as_large_as_its_box(browser_page, tmp_path):
    # Streamlit styles markdown images `object-fit: scale-down`, which drew the large table at
    # the size written in its SVG, a third of its box. Measured on the pixels: the table's ink
    # must span the box's width or its height (at most 80% of the window's).
    from PIL import Image, ImageOps

    base, page = browser_page
    page.goto(f"{base}/watch?preset=nigerian&seed=4&seats=heuristic,heuristic&big=on")
    shots.wait_until_idle(page, pictures=1)
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


# ------------------------------------------------------------------------- the Play table

CARD = ".whot-board .card[role='button']"
SAID = ".whot-board .said"
CALLS = ".whot-board .calls"
#: What has the focus, looking inside shadow roots: a card's name, a shape, or a class.
FOCUSED = """() => {
    let at = document.activeElement;
    while (at && at.shadowRoot && at.shadowRoot.activeElement) at = at.shadowRoot.activeElement;
    if (!at) return null;
    return at.getAttribute('data-card') || at.getAttribute('data-shape')
        || (at.className.baseVal ?? at.className);
}"""


def open_play(page, base: str, seed: int) -> None:
    page.goto(f"{base}/play?preset=nigerian&seed={seed}")
    shots.wait_until_idle(page, tables=1)


def wait_for_text(page, text: str) -> None:
    page.wait_for_function("(text) => document.body.innerText.includes(text)", arg=text)
    shots.wait_until_idle(page, tables=1)


def whot_seed() -> int:
    """The first deal in which you may open with a Whot (computed, as the page deals it)."""
    from whot_core import Rules
    from whot_core import explorer as ex
    from whot_core.explorer import table_actions as actions

    for seed in range(100):
        table = ex.new_table(Rules.preset("nigerian"), ["heuristic"], seed, simulations=100)
        if any(a.card.is_whot and a.legal for a in actions.hand_actions(table)):
            return seed
    raise AssertionError("no deal with a Whot to play")


def in_view(page, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"]


def test_a_click_on_a_legal_card_plays_it(browser_page):
    base, page = browser_page
    open_play(page, base, 4)
    # The hand is on the table, in view without scrolling, and drawn once.
    assert in_view(page, ".whot-board .seat[data-seat='0']")
    assert page.locator("[class*='st-key-play-card']").count() == 0
    legal = page.locator(f"{CARD}[data-legal='true']").first
    card = legal.get_attribute("data-card")
    assert legal.get_attribute("aria-label") == f"{card}: play it"
    legal.click()
    wait_for_text(page, f"Seat 0 (you) plays {card}.")
    heading = page.get_by_text("Your move and the replies")
    assert heading.is_visible() and in_view(page, ".whot-board .picture svg")
    box = heading.bounding_box()
    assert box["y"] + box["height"] <= page.viewport_size["height"]  # beside the table
    assert shots.error_boxes(page) == []


#: Counts the messages the page sends its server (Streamlit talks over one WebSocket).
COUNT_SENDS = """(() => {
    const send = WebSocket.prototype.send;
    window.__sent = 0;
    WebSocket.prototype.send = function (...args) {
        window.__sent += 1;
        return send.apply(this, args);
    };
})();"""


def test_an_illegal_card_says_why_at_once_without_asking_the_server(browser_page):
    base, page = browser_page
    page.add_init_script(COUNT_SENDS)
    open_play(page, base, 4)
    before = page.evaluate("() => window.__sent")
    illegal = page.locator(f"{CARD}[data-legal='false']").first
    card = illegal.get_attribute("data-card")
    label = illegal.get_attribute("aria-label")
    assert label.startswith(f"{card}: cannot be played. Matching: {card} does not match ")
    illegal.click()
    assert page.locator(SAID).inner_text() == label.replace(": cannot", " cannot", 1)
    shots.wait_until_idle(page, tables=1)
    assert page.evaluate("() => window.__sent") == before  # the reason came with the table
    assert page.get_by_text("Seat 0 (you) plays").count() == 0
    page.locator(f"{CARD}[data-legal='true']").first.click()  # a legal card does ask it
    wait_for_text(page, "Seat 0 (you) plays")
    assert page.evaluate("() => window.__sent") > before


def test_a_whot_waits_for_a_shape_chosen_with_the_mouse(browser_page):
    base, page = browser_page
    open_play(page, base, whot_seed())
    whot = page.locator(f"{CARD}[data-card='whot']")
    whot.click()
    calls = page.locator(CALLS)
    assert calls.is_visible()
    shapes = calls.locator("button.shape")
    assert shapes.all_inner_texts() == ["circle", "triangle", "cross", "square", "star"]
    calls.get_by_role("button", name="Cancel").click()
    assert calls.is_hidden()
    whot.click()
    whot.click()  # clicking the Whot again does not take it back: the shapes stay open
    assert calls.is_visible() and page.get_by_text("plays a Whot").count() == 0
    calls.get_by_role("button", name="star").click()
    wait_for_text(page, "Seat 0 (you) plays a Whot and calls star.")
    assert shots.error_boxes(page) == []


def test_a_whot_with_the_keyboard(browser_page):
    base, page = browser_page
    open_play(page, base, whot_seed())
    page.locator("[class*='st-key-play-new'] button").focus()
    for _ in range(30):  # Tab through the market and your cards to the Whot
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED) == "whot":
            break
    assert page.evaluate(FOCUSED) == "whot"
    page.keyboard.press("Enter")
    assert page.evaluate(FOCUSED) == "circle"  # the first shape to call
    page.keyboard.press("Escape")  # closes the shapes, back on the Whot, nothing played
    assert page.locator(CALLS).is_hidden() and page.evaluate(FOCUSED) == "whot"
    page.keyboard.press(" ")
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED) == "triangle"
    page.keyboard.press("Enter")
    wait_for_text(page, "Seat 0 (you) plays a Whot and calls triangle.")
    assert page.evaluate(FOCUSED) is not None  # the focus comes back to the new table


# ------------------------------------------------------------- two people at one screen


def show_hand_of(page, name: str) -> None:
    """On the pass screen for `name`: no table at all; press to show their hand."""
    page.get_by_text(f"Pass the screen to {name}").wait_for()
    shots.wait_until_idle(page)
    assert page.locator(shots.TABLE).count() == 0
    page.get_by_role("button", name=f"Show {name}'s hand").click()
    shots.wait_until_idle(page, tables=1)


def play_by_click(page) -> None:
    """Click a legal card of the hand shown (a Whot calls circle), else the market."""
    legal = page.locator(f"{CARD}[data-legal='true']")
    if legal.count():
        card = legal.first
        whot = card.get_attribute("data-card") == "whot"
        card.click()
        if whot:
            page.locator(CALLS).get_by_role("button", name="circle").click()
    else:
        page.locator(".whot-board .market[role='button']").click()


def test_two_people_play_by_clicks_passing_the_screen(browser_page):
    base, page = browser_page
    page.goto(f"{base}/play?preset=nigerian&seed=3&seats=person:Ada,person:Tunde,heuristic")
    shots.wait_until_idle(page)
    handed = []
    for _ in range(12):
        heading = page.get_by_text("Pass the screen to ")
        if heading.count():
            name = heading.inner_text().removeprefix("Pass the screen to ")
            handed.append(name)
            show_hand_of(page, name)
            assert page.get_by_text(f"{name}, this is your hand").count() == 1
        # Only the hand of the person shown is face up.
        assert page.locator(".whot-board .seat[data-hidden='false']").count() == 1
        before = page.url
        play_by_click(page)
        page.wait_for_url(lambda url, before=before: url != before)  # the move is in the link
        shots.wait_until_idle(page)
        if len(handed) >= 4:
            break
    assert {"Ada", "Tunde"} <= set(handed) and len(handed) >= 4
    assert "moves=" in page.url and shots.error_boxes(page) == []


def test_a_person_at_south_plays_whist_by_clicks(browser_page):
    base, page = browser_page
    # Trick 3: Ada must follow a spade lead, so her other cards say why they cannot be played.
    link = "/whist_play?seats=person:Ada,heuristic,heuristic,heuristic&deal=2&cards=AD.QD"
    page.goto(base + link)
    page.locator(".whist-board .picture svg").wait_for(state="visible")
    shots.wait_until_idle(page)
    cards = ".whist-board .card[role='button']"
    illegal = page.locator(f"{cards}[data-legal='false']").last
    illegal.click()
    said = page.locator(".whist-board .said").inner_text()
    assert said.startswith("The ") and "Follow suit: a spade was led and South holds spades" in said
    legal = page.locator(f"{cards}[data-legal='true']").last
    card = legal.get_attribute("data-card")
    legal.click(position={"x": 4, "y": 12})  # the corner a fanned card shows
    page.wait_for_url(lambda url: url.endswith(f".{card}") or f".{card}&" in url)
    shots.wait_until_idle(page)
    assert shots.error_boxes(page) == []
