"""The panel over Play's table (the shapes a Whot calls; why a card may not be played), measured
in Chromium: in a dark theme it is the page's colours, its words readable (it was white under
near-white words); on a phone a tap on a card that may not be played says why over the table,
just above the hand, where the player is looking (the line under the table was below the
screen, and the tap seemed to do nothing)."""

from __future__ import annotations

import pytest
from browser_support import require_browser, shots
from screen_measure import DESK, PHONE

#: A deal whose hand holds a Whot (the second card) and cards that may not be played.
PLAY = "/play?preset=nigerian&seed=1&seats=person%2Cheuristic"
TABLE = "[data-testid=stBidiComponentIsolated] .whot-board"
CALLS = f"{TABLE} .calls"

#: The contrast (WCAG) of an element's text against a panel's background, and of a focused
#: button's outline against it.
CONTRAST = """([text, panel]) => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => {
    v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }).reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a, b) => {
    const [x, y] = [lum(rgb(a)), lum(rgb(b))].sort((m, n) => n - m);
    return (x + 0.05) / (y + 0.05);
  };
  const back = getComputedStyle(panel).backgroundColor;
  return {text: ratio(getComputedStyle(text).color, back), back};
}"""


@pytest.fixture(scope="module")
def served():
    require_browser()
    with shots.serve() as base:
        yield base


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_the_shapes_a_whot_calls_read_in_either_theme(served, browser, scheme):
    context = browser.new_context(
        viewport={"width": DESK[0], "height": DESK[1]}, color_scheme=scheme
    )
    page = context.new_page()
    page.goto(served + PLAY)
    shots.wait_until_idle(page, tables=1)
    whot = page.locator(f"{TABLE} .card[role=button][data-card^='whot']").first
    whot.focus()
    page.keyboard.press("Enter")  # by keyboard: the first shape takes a visible focus ring
    calls = page.locator(CALLS)
    calls.wait_for()
    title = page.locator(f"{CALLS} #whot-call-title")
    assert title.inner_text() == "Your Whot calls:"
    found = page.evaluate(CONTRAST, [title.element_handle(), calls.element_handle()])
    assert found["text"] >= 4.5, found
    dark = page.locator(TABLE).evaluate("b => b.classList.contains('dark')")
    assert dark == (scheme == "dark")
    ring = page.locator(f"{CALLS} button:focus-visible").evaluate(
        "b => getComputedStyle(b).outlineColor"
    )
    # the focus ring against the panel: #1558d6 on a dark one was 2.9:1, under 3:1
    assert ring == ("rgb(138, 180, 248)" if dark else "rgb(21, 88, 214)")
    context.close()


def test_on_a_phone_a_card_that_may_not_be_played_says_why_above_the_hand(served, browser):
    context = browser.new_context(
        viewport={"width": PHONE[0], "height": PHONE[1]}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.goto(served + PLAY)
    shots.wait_until_idle(page, tables=1)
    card = page.locator(f"{TABLE} .card[role=button][data-legal='false']").first
    name = card.get_attribute("data-card")
    card.scroll_into_view_if_needed()  # the hand at the foot of the screen, as a player sees it
    shots.wait_until_still(page)
    box = card.bounding_box()
    page.touchscreen.tap(box["x"] + 8, box["y"] + box["height"] / 2)  # its strip left showing
    note = page.locator(CALLS)
    note.wait_for()
    said = note.locator(".put").inner_text()
    assert said.startswith(f"{name[0].upper()}{name[1:]} cannot be played. ")
    where, hand = note.bounding_box(), card.bounding_box()
    assert where["y"] >= 0 and where["y"] + where["height"] <= hand["y"] + 1  # above the hand
    assert hand["y"] + hand["height"] / 2 <= PHONE[1]  # the hand still in sight
    assert page.locator(f"{TABLE} .said").inner_text() == said  # the status line says it too
    note.get_by_role("button", name="OK").tap()
    assert note.is_hidden()
    context.close()
