"""Measuring a page in Chromium: how large a table picture's words are drawn, how large and how
free each tap target is, what shows on the first screen, and what is cut. The screen contract's
tests (tests/test_browser_screens.py, and the Whist pages') and scripts/screen_audit.py use these.

Every function takes a Playwright page already opened and idle (`shots.wait_until_idle`), and
reads it with JavaScript in the page: sizes are CSS pixels, as a reader sees them.

- Table text: every `<text>` of a table picture, its font size times the picture's rendered
  scale (`getScreenCTM`, which holds the card's own scale: a corner index is measured as drawn).
  A picture is an inline SVG with `role="img"` (the table components, in their shadow roots;
  `role="group"` when it holds buttons) or a data-URI `<img>` (Watch, Rules, Side by side...),
  which is parsed and laid out off screen at the size the `<img>` is drawn. A card back's word
  is left out: it is the back's pattern, the same on every back, and tells nothing.
- Chart text: every word of a plotly chart, its font size as drawn.
- Tap targets: the buttons, links, switches, sliders (a Streamlit slider's thumb: its track
  takes a tap anywhere in its 40 px height), inputs and a table's card controls in the
  page's main part, each with its size (a card of a fanned hand: the strip not under the next
  card) and whether it is what a tap at its centre reaches (`elementFromPoint`).
"""

from __future__ import annotations

from dataclasses import dataclass

#: The three screens of the contract: a desk, a classroom projector and a phone.
DESK, CLASSROOM, PHONE = (1400, 1000), (1280, 720), (390, 844)

#: Every document and open shadow root, for the scripts below.
_ROOTS = """
const roots = [];
const walk = (root) => {
  roots.push(root);
  for (const el of root.querySelectorAll('*')) if (el.shadowRoot) walk(el.shadowRoot);
};
walk(document);
const shown = (el) => {
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && el.checkVisibility({opacityProperty: true,
                                                            visibilityProperty: true});
};
"""

_TABLE_TEXT = (
    "async () => {"
    + _ROOTS
    + """
const out = [];
const measure = (svg, where) => {
  for (const t of svg.querySelectorAll('text')) {
    const words = t.textContent.trim();
    if (!words || t.closest('.card-back')) continue;  // a back's word is its pattern
    const m = t.getScreenCTM();
    if (!m) continue;
    const size = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
    out.push({where, text: words.slice(0, 40), px: Math.round(size * 10) / 10});
  }
};
for (const root of roots) {
  for (const svg of root.querySelectorAll('svg[role="img"], svg[role="group"]')) {
    if (svg.closest('.js-plotly-plot') || svg.parentElement.closest('svg') || !shown(svg)) continue;
    measure(svg, 'inline');
  }
}
const box = document.createElement('div');
box.style.cssText = 'position:fixed;left:-20000px;top:0;visibility:hidden';
document.body.appendChild(box);
try {
  for (const img of document.querySelectorAll('img[src^="data:image/svg+xml"]')) {
    if (!shown(img)) continue;
    const r = img.getBoundingClientRect();
    const text = await (await fetch(img.currentSrc || img.src)).text();
    const svg = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
    svg.setAttribute('width', r.width);
    svg.setAttribute('height', r.height);
    box.replaceChildren(document.importNode(svg, true));
    measure(box.firstChild, 'img ' + (img.alt || '').slice(0, 30));
  }
} finally { box.remove(); }
return out;
}"""
)

_TAP_TARGETS = (
    "() => {"
    + _ROOTS
    + """
const wanted = 'button, [role="button"], a[href], summary, [role="slider"], [role="switch"],'
  + ' [role="combobox"], input[type="text"], input[type="number"], textarea,'
  + ' .steps input[type="range"], [data-testid="stSlider"] div:has(> div > input[type="range"]),'
  + ' label:has(input[type="checkbox"]), label:has(input[type="radio"])';
const main = document.querySelector('[data-testid="stMain"]');
const out = [];
for (const root of roots) {
  const inMain = root === document ? (el) => main.contains(el) : () => main.contains(root.host);
  for (const el of root.querySelectorAll(wanted)) {
    if (!inMain(el) || !shown(el)) continue;
    if (el.matches('a') && el.closest('p, li')) continue;  // a link in a sentence: exempt
    if (el.closest('[aria-hidden="true"], [disabled]')) continue;
    if (!el.matches('label') && el.parentElement && el.parentElement.closest('label')) continue;
    const r = el.getBoundingClientRect();
    let width = r.width;
    // A card of a fanned hand: the strip left of the next card is what a finger reaches.
    const next = el.nextElementSibling;
    if (next && next.matches('[role="button"]') && el.closest('svg')) {
      const n = next.getBoundingClientRect();
      if (n.left > r.left && n.left < r.right && n.top < r.bottom && n.bottom > r.top) {
        width = n.left - r.left;
      }
    }
    el.scrollIntoView({block: 'center', inline: 'center'});
    const b = el.getBoundingClientRect();
    const x = b.left + Math.min(width, b.width) / 2, y = b.top + b.height / 2;
    const hit = root.elementFromPoint(x, y);
    const free = Boolean(hit) && (hit === el || el.contains(hit));
    const name = (el.getAttribute('aria-label') || el.innerText || el.getAttribute('data-testid')
                  || el.tagName).trim().replace(/\\s+/g, ' ').slice(0, 40);
    out.push({name, width: Math.round(width * 10) / 10,
              height: Math.round(r.height * 10) / 10, free});
  }
}
const scroller = main.closest('[data-testid="stAppViewContainer"]') || document.scrollingElement;
for (const s of [main, scroller, document.scrollingElement]) if (s) s.scrollTop = 0;
return out;
}"""
)

_FIRST_SCREEN = """(el) => {
  const r = el.getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1;
}"""

#: Every word a chart draws (titles, tick labels, a bar's text, notes, the legend), its font
#: size times its drawn scale (plotly shrinks a bar's text to fit, with a transform); a word
#: plotly hides (too long for its bar) is not drawn, and not measured.
_CHART_TEXT = """() => {
  const out = [];
  for (const plot of document.querySelectorAll('.js-plotly-plot')) {
    for (const t of plot.querySelectorAll('svg.main-svg text')) {
      const words = t.textContent.trim();
      const r = t.getBoundingClientRect();
      if (!words || !r.width || !t.checkVisibility({opacityProperty: true})) continue;
      if (t.closest('.hoverlayer, .modebar')) continue;
      const m = t.getScreenCTM();
      const size = parseFloat(getComputedStyle(t).fontSize) * (m ? Math.hypot(m.a, m.b) : 1);
      out.push({where: 'chart', text: words.slice(0, 40), px: Math.round(size * 10) / 10});
    }
  }
  return out;
}"""

#: Plotly's titles and axis titles, each with its chart's box: a title wider than its chart, or
#: running past its edge, is cut.
_CUT_CHART_TEXT = """() => {
  const out = [];
  for (const plot of document.querySelectorAll('.js-plotly-plot')) {
    const box = plot.getBoundingClientRect();
    for (const t of plot.querySelectorAll('.gtitle, .xtitle, .ytitle, .annotation-text')) {
      const r = t.getBoundingClientRect();
      if (!r.width) continue;
      if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1
          || r.bottom > box.bottom + 1) out.push(t.textContent.slice(0, 60));
    }
  }
  return out;
}"""

#: The page wider than the window: something runs off its right edge.
_OVERFLOW = """() => {
  const main = document.querySelector('[data-testid="stMain"]');
  return Math.max(main.scrollWidth - main.clientWidth, 0);
}"""


@dataclass(frozen=True)
class Smallest:
    """The least size found, and what it belongs to (for a message that names the culprit)."""

    px: float
    what: str


def table_text(page) -> list[dict]:
    """Each word or number drawn in a table picture: `{where, text, px}`, px its rendered size."""
    return page.evaluate(_TABLE_TEXT)


def chart_text(page) -> list[dict]:
    """Each word or number a chart draws: `{where, text, px}`, px its rendered size."""
    return page.evaluate(_CHART_TEXT)


def tap_targets(page) -> list[dict]:
    """Each tap target in the page's main part: `{name, width, height, free}` (free: a tap at
    its centre reaches it, not a neighbour). Scrolls the page to each, then back to the top."""
    return page.evaluate(_TAP_TARGETS)


def smallest_text(page) -> Smallest | None:
    """The smallest word of any table picture on the page, or None when it draws none."""
    found = table_text(page)
    if not found:
        return None
    least = min(found, key=lambda t: t["px"])
    return Smallest(least["px"], f"{least['text']!r} in {least['where']}")


def smallest_target(page) -> Smallest | None:
    """The tap target with the least side, or None when the page has none."""
    found = tap_targets(page)
    if not found:
        return None
    least = min(found, key=lambda t: min(t["width"], t["height"]))
    side = min(least["width"], least["height"])
    return Smallest(side, f"{least['name']!r} {least['width']}x{least['height']}")


def covered_targets(page) -> list[str]:
    """The tap targets a tap at their centre does not reach (a neighbour lies over them)."""
    return [t["name"] for t in tap_targets(page) if not t["free"]]


def on_first_screen(locator) -> bool:
    """Whether the element is wholly inside the window as the page opens (no scrolling)."""
    return locator.evaluate(_FIRST_SCREEN)


def cut_chart_text(page) -> list[str]:
    """Chart titles, axis titles and notes that run past their chart's edge."""
    return page.evaluate(_CUT_CHART_TEXT)


def overflow_px(page) -> int:
    """How far the page's main part runs past the window's right edge (0: nothing does)."""
    return page.evaluate(_OVERFLOW)
