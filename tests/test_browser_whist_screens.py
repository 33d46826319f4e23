"""The screen contract on the Whist pages, measured in Chromium (issue 30's faults 5 and 6).

- Classroom (1280x720, `?classroom=on`): every word in a table picture is at least 14 CSS px
  high (its SVG font size times the scale the picture is drawn at); desk (1400x1000) at least 11.
- Phone (390x844): each card of the hand you play from, and each button, is a tap target of at
  least 24x24 CSS px that its neighbour does not cover.
- On the first screen: the table, what a person acts on (the hand, Hint) and the narration.

The measuring helpers are small and self-contained here (JavaScript run in the page, looking
inside the table component's shadow root, and into pictures drawn as `<img>` data URIs by
drawing the same SVG at the same size off screen).
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.timeout(300)

DESK, CLASSROOM, PHONE = (1400, 1000), (1280, 720), (390, 844)
PLAY = "/whist_play?seats=person:Ada,heuristic,heuristic,heuristic&deal=2"
#: Trick 3: Ada must follow a spade lead, so some cards are raised and the rest veiled.
TRICK = PLAY + "&cards=AD.QD"
#: Whist Watch at step 8: trick 2 just won, its four cards on the table, every hand written.
WATCH = "/whist?deal=3&lineup=search,heuristic,heuristic,heuristic&budget=25&step=8"

#: Every open root of the page: the document and each shadow root under it.
_ROOTS = """
function roots() {
  const found = [document];
  for (let i = 0; i < found.length; i++) {
    for (const el of found[i].querySelectorAll('*')) if (el.shadowRoot) found.push(el.shadowRoot);
  }
  return found;
}
function shown(el) {
  const r = el.getBoundingClientRect();
  const folded = el.closest('details:not([open])');
  if (folded && !el.closest('summary')) return false;
  return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
}
"""

#: The smallest rendered text in the table pictures, in CSS px: inline SVG (the tables you
#: play on) and data-URI <img> pictures, each <text> at its font size times its screen scale.
SMALLEST_TEXT = (
    "() => {"
    + _ROOTS
    + """
  function smallest(svg) {
    let least = Infinity;
    for (const t of svg.querySelectorAll('text')) {
      if (!t.textContent.trim()) continue;
      const m = t.getScreenCTM();
      const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
      least = Math.min(least, px);
    }
    return least;
  }
  let least = Infinity;
  for (const root of roots()) {
    for (const svg of root.querySelectorAll('.picture svg, .hand svg')) {
      if (shown(svg)) least = Math.min(least, smallest(svg));
    }
    for (const img of root.querySelectorAll('img[src^="data:image/svg+xml;base64,"]')) {
      if (!shown(img)) continue;
      const r = img.getBoundingClientRect();
      const box = document.createElement('div');
      box.style.cssText = `position:fixed;left:0;top:0;width:${r.width}px;height:${r.height}px`;
      box.innerHTML = atob(img.src.split(',')[1]);
      const svg = box.querySelector('svg');
      svg.setAttribute('width', r.width);
      svg.setAttribute('height', r.height);
      document.body.appendChild(box);
      least = Math.min(least, smallest(svg));
      box.remove();
    }
  }
  return least === Infinity ? null : least;
}"""
)

#: Each tap target: [what, the side of the largest square of it nobody covers]. A target is a
#: button, or a card the table made a button; a point of it is uncovered when the topmost
#: element there is inside it. The largest square is found on a 2 px grid.
TAP_TARGETS = (
    "() => {"
    + _ROOTS
    + """
  const STEP = 2;
  function square(el, root) {
    const r = el.getBoundingClientRect();
    const cols = Math.floor(r.width / STEP), rows = Math.floor(r.height / STEP);
    let best = 0;
    const prev = new Array(cols + 1).fill(0);
    for (let j = 0; j < rows; j++) {
      let diag = 0;
      for (let i = 1; i <= cols; i++) {
        const x = r.left + (i - 0.5) * STEP, y = r.top + (j + 0.5) * STEP;
        const top = root.elementFromPoint(x, y);
        const mine = top !== null && (top === el || el.contains(top));
        const keep = prev[i];
        prev[i] = mine ? Math.min(prev[i], prev[i - 1], diag) + 1 : 0;
        diag = keep;
        best = Math.max(best, prev[i]);
      }
    }
    return best * STEP;
  }
  const out = [];
  for (const root of roots()) {
    for (const el of root.querySelectorAll('button, [role="button"]')) {
      if (!shown(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.bottom < 0 || r.top > innerHeight || r.right < 0 || r.left > innerWidth) continue;
      const name = el.getAttribute('aria-label') || el.textContent.trim().slice(0, 40);
      out.push([name, square(el, root)]);
    }
  }
  return out;
}"""
)

#: The cards of the hand you play from, as the table component made them buttons.
HAND = ".whist-board .hand button.card"
#: The Hint button this window shows: beside the table, or on a phone above it (the other one is
#: hidden).
HINT = "button:has-text('Hint'):visible"


#: Scroll the window and Streamlit's main area (which scrolls on its own) to y.
SCROLL_TO = """y => { for (const m of document.querySelectorAll('[data-testid="stMain"]')) {
  m.scrollTo(0, y); } window.scrollTo(0, y); }"""


def _open(page, base: str, path: str, size: tuple[int, int]) -> None:
    from browser_support import shots

    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(base + path)
    shots.wait_until_idle(page)
    table = ".whist-board .picture svg, img[alt^='The Whist table: ']:visible"
    page.locator(table).first.wait_for()
    shots.wait_until_idle(page)


def smallest_text(page) -> float:
    return page.evaluate(SMALLEST_TEXT)


#: How far the page scrolls: Streamlit's main area scrolls on its own (the body's height is the
#: window's, or 0), so every tap target below the first screen is reached by scrolling it.
PAGE_HEIGHT = """() => Math.max(document.body.scrollHeight,
  ...[...document.querySelectorAll('[data-testid="stMain"]')].map(m => m.scrollHeight))"""


def tap_targets(page) -> list[tuple[str, float]]:
    """Every tap target scrolled into view in turn (a target off screen cannot be hit-tested)."""
    seen: dict[str, float] = {}
    for y in range(0, page.evaluate(PAGE_HEIGHT) + 1, 600):
        page.evaluate(SCROLL_TO, y)
        for name, side in page.evaluate(TAP_TARGETS):
            seen[name] = max(seen.get(name, 0), side)
    return sorted(seen.items(), key=lambda item: item[1])


def on_first_screen(page, selector: str) -> bool:
    """Whether the element's whole box lies inside the window, unscrolled."""
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 1


@pytest.mark.parametrize(
    ("path", "size", "least"),
    [
        (PLAY + "&classroom=on", CLASSROOM, 14),
        (PLAY, DESK, 11),
        (PLAY, PHONE, 11),
        (TRICK, PHONE, 11),
    ],
)
def test_play_whist_text_is_readable(browser_page, path, size, least):
    base, page = browser_page
    _open(page, base, path, size)
    assert smallest_text(page) >= least


@pytest.mark.parametrize("size", [CLASSROOM, DESK])
def test_the_first_screen_holds_the_table_the_hand_hint_and_the_narration(browser_page, size):
    base, page = browser_page
    _open(page, base, PLAY + ("&classroom=on" if size == CLASSROOM else ""), size)
    assert on_first_screen(page, ".whist-board .picture > svg")
    assert on_first_screen(page, HAND + ":last-child")
    assert on_first_screen(page, HINT)
    assert on_first_screen(page, "text=Since your last card")


@pytest.mark.parametrize(("path", "cards"), [(PLAY, 13), (TRICK, 11)])
def test_every_card_of_a_phone_hand_is_a_whole_tap_target(browser_page, path, cards):
    base, page = browser_page
    _open(page, base, path, PHONE)
    assert page.locator(HAND).count() == cards
    sides = dict(tap_targets(page))
    hand = [name for name in sides if name.endswith(("play it", "cannot be played."))
            or "cannot be played" in name]  # fmt: skip
    assert len(hand) == page.locator(HAND).count()
    assert {name: side for name, side in sides.items() if side < 24} == {}
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]


def test_a_phone_player_taps_a_card_and_it_is_played(browser_page):
    base, page = browser_page
    _open(page, base, PLAY, PHONE)
    legal = page.locator(HAND + "[data-legal='true']").last
    card = legal.get_attribute("data-card")
    legal.click()
    page.locator(f"{HAND}[data-card='{card}']").wait_for(state="detached")
    assert page.locator(HAND).count() == 12


@pytest.mark.parametrize(
    ("screen", "size", "least"),
    [("classroom", CLASSROOM, 14), ("desk", DESK, 11), ("phone", PHONE, 11)],
)
def test_watch_whist_text_is_readable_and_its_table_on_the_first_screen(
    browser_page, screen, size, least
):
    """The Watch diagram (`diagram_svg`: each hand a suit a line, the trick drawn) at the size
    each screen draws it, its narrow drawing on a phone; before, its labels were 4.8 to 7.3 px
    (the four hands fanned face up, `table_svg`). At a desk and on a projector the table, the
    step buttons and what happened are on the first screen."""
    from screen_measure import on_first_screen as whole_on_first_screen
    from screen_measure import table_text

    base, page = browser_page
    _open(page, base, WATCH + ("&classroom=on" if screen == "classroom" else ""), size)
    words = table_text(page)
    assert len(words) > 20, "the page drew no table text to measure"
    assert [f"{w['text']!r} {w['px']} px" for w in words if w["px"] < least] == []
    if screen != "phone":
        table = "img[alt^='The Whist table: ']:visible"
        first = (table, "button:has-text('Next')", "text=What happened")
        away = [s for s in first if not whole_on_first_screen(page.locator(s).first)]
        assert away == [], "not on the first screen"


@pytest.mark.parametrize("path", [PLAY, TRICK])
def test_a_phones_hint_is_whole_on_the_first_screen_whatever_comes_above_it(browser_page, path):
    """On a phone the Hint button sat under the table, the hand and its words, just above the
    fold of a 390x844 screen: a heading one line longer, a hand one row taller or a refusal's
    words put it across the fold (a target cut to a few px on the first screen) or under it.
    Here the page above the table grows by up to 120 px, as a longer heading would make it, and
    the Hint stays whole on the first screen."""
    base, page = browser_page
    _open(page, base, path, PHONE)
    for extra in range(0, 121, 12):
        page.evaluate(f"() => {{ document.querySelector('h1').style.paddingTop = '{extra}px'; }}")
        page.evaluate(SCROLL_TO, 0)
        assert on_first_screen(page, HINT), extra
        sides = dict(tap_targets(page))
        hint = [side for name, side in sides.items() if "Hint" in name]
        assert hint and min(hint) >= 24, (extra, hint)
