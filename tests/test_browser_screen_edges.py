"""The screen's edges, measured in Chromium: what the screen contract's pages
(tests/test_browser_screens.py) do not reach. Learn at its own address (`/learn`) with no
"Page not found" popup; Learn's Progress summary whole on a phone, its last heading not cut; the
classroom setting's large print in the sidebar, on Side by side's "parts here" badge and on the
file uploader's note; and on a phone the header's "»" button over a bar of its own, not over
the words scrolled under it.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from browser_support import shots
from screen_measure import CLASSROOM, PHONE, overflow_px, tap_targets

#: The least size of the classroom setting's words beside the page's text: a widget's label
#: (classroom.css, 1.15rem); at a desk Streamlit draws these at 14 px.
CLASSROOM_LABEL_PX = 18

#: Each element's own words (not its children's) in `root`, with its font size and whether its
#: words run past its box (an input's value too): `{text, px, cut}`. Icons are left out (their
#: "words" are the icon's name in its font).
OWN_WORDS = """(root) => {
  const out = [];
  for (const el of root.querySelectorAll('*')) {
    if (el.closest('[data-testid="stIconMaterial"], [role="img"]')) continue;
    const own = [...el.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('');
    const text = (el.matches('input') ? el.value : own).trim();
    if (!text || !el.checkVisibility()) continue;
    out.push({text: text.slice(0, 40), px: parseFloat(getComputedStyle(el).fontSize),
              cut: el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0});
  }
  return out;
}"""


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


def test_the_classroom_setting_prints_the_sidebar_large_and_cuts_no_label(browser_page):
    """The classroom setting's large print stopped at the page: the sidebar a teacher opens on
    the projector stayed at 14 px. Every word of it, its three groups of toggles open, is now
    as large as the page's labels, and none is cut."""
    base, page = browser_page
    open_at(page, base, "/watch?preset=nigerian&classroom=on", CLASSROOM)
    page.locator('[data-testid="stExpandSidebarButton"]').click()
    shots.wait_until_still(page)
    sidebar = page.locator('[data-testid="stSidebar"]')
    for group in ("Pack and deal", "Special cards", "Ending and scoring"):
        sidebar.locator("summary", has_text=group).click()
        shots.wait_until_idle(page)
        shots.wait_until_still(page)
    words = sidebar.evaluate(OWN_WORDS)
    assert len(words) > 40  # the links, labels, help and values of every group
    assert [w for w in words if w["px"] < CLASSROOM_LABEL_PX] == []
    assert [w["text"] for w in words if w["cut"]] == []


def test_the_classroom_setting_prints_badges_and_the_uploaders_note_large(browser_page):
    """Side by side's "a rule of play acts here" badge and the file uploader's own note ("2MB
    per file • JSON") were 14 px on the projector."""
    base, page = browser_page
    open_at(page, base, "/side_by_side?preset=nigerian&seed=0&step=4&classroom=on", CLASSROOM)
    badge = page.locator('[data-testid="stMain"] .stMarkdownBadge', has_text="acts here")
    assert badge.count() == 1
    assert badge.evaluate("b => parseFloat(getComputedStyle(b).fontSize)") >= CLASSROOM_LABEL_PX

    open_at(page, base, "/watch?preset=nigerian&classroom=on", CLASSROOM)
    page.locator('[data-testid="stMain"] summary', has_text="Replay a game record").click()
    shots.wait_until_idle(page)
    note = page.locator('[data-testid="stFileUploaderDropzoneInstructions"]')
    words = note.evaluate(OWN_WORDS)
    assert any("per file" in w["text"] for w in words)
    assert [w for w in words if w["px"] < CLASSROOM_LABEL_PX] == []


#: The header, the "»" button's box, what a tap just right of the button reaches, and the
#: header's background colour.
HEADER = """() => {
  const header = document.querySelector('[data-testid="stHeader"]').getBoundingClientRect();
  const button = document.querySelector('[data-testid="stExpandSidebarButton"]');
  const b = button.getBoundingClientRect();
  const beside = document.elementFromPoint(b.right + 6, (b.top + b.bottom) / 2);
  return {bottom: header.bottom, button: [b.top, b.bottom, b.right],
          beside: Boolean(beside && beside.closest('[data-testid="stHeader"]')),
          colour: getComputedStyle(document.querySelector('[data-testid="stHeader"]'))
            .backgroundColor};
}"""


def test_on_a_phone_the_sidebar_button_stands_on_a_bar_not_over_the_words(browser_page):
    """Scrolled, a phone's page ran under the "»" (open the sidebar) and menu buttons, which
    stood over its words. The header is now an opaque bar the words scroll under, a tap on it
    reaches it (not a word hidden beneath), and the page starts below it."""
    base, page = browser_page
    open_at(page, base, "/watch?preset=nigerian&seed=3&step=3", PHONE)
    close = page.locator('[data-testid="stSidebarCollapseButton"] button')
    if close.is_visible():  # left open by a test before, in this browser
        close.click()
        shots.wait_until_still(page)
    title = page.locator('[data-testid="stMain"] h1').first
    top = title.evaluate("h => h.getBoundingClientRect().top")
    at_top = page.evaluate(HEADER)
    assert top >= at_top["bottom"] - 1  # the title starts under the bar
    page.mouse.move(PHONE[0] / 2, PHONE[1] / 2)
    page.mouse.wheel(0, 700)
    page.wait_for_function("() => document.querySelector('[data-testid=\"stMain\"] h1')"
                           ".getBoundingClientRect().bottom < 0")  # fmt: skip
    header = page.evaluate(HEADER)
    assert header["colour"].startswith("rgb(")  # opaque: not rgba(..., 0) nor transparent
    b_top, b_bottom, _ = header["button"]
    assert b_top >= 0 and b_bottom <= header["bottom"]
    assert header["beside"]


#: Learn's game and mode choices whose words are cut: scrolled out of their box, or past their
#: column's right edge.
CUT_CHOICES = """() => [...document.querySelectorAll(
    '[data-testid="stMain"] :is(.st-key-learn-game, .st-key-learn-mode) button')]
  .filter(b => {
    const column = b.closest('[data-testid="stColumn"]').getBoundingClientRect();
    const group = b.closest('[role="radiogroup"]').getBoundingClientRect();
    const box = b.getBoundingClientRect();
    return b.scrollWidth > b.clientWidth + 1 || box.right > Math.min(column.right, group.right) + 1;
  }).map(b => b.innerText.trim())"""


def test_learns_game_and_mode_choices_are_whole_on_a_laptop_with_the_sidebar_open(browser_page):
    # At 1280 px with the sidebar open (a laptop's default), the choices scrolled sideways
    # in their columns: "Whist" and "Progress" cut, and with the classroom's print "Review" too
    # (a reviewer, in Chromium). They wrap onto a second line where they must.
    base, page = browser_page
    try:
        for path, size in (("/", (1280, 720)), ("/?classroom=on", CLASSROOM), ("/", (1024, 768))):
            open_at(page, base, path, size)
            if "classroom" in path:  # the sidebar starts closed there: a teacher opens it
                page.get_by_test_id("stExpandSidebarButton").click()
                shots.wait_until_still(page)
            assert page.get_by_role("radio").count() >= 6, path  # both groups drawn
            assert page.evaluate(CUT_CHOICES) == [], (path, size)
    finally:
        page.set_viewport_size({"width": 1400, "height": 1000})


#: Each switch (`st.toggle`) in the page's main part: its label's words, its drawn track's box,
#: its input's box (the switch assistive technology reads), and its label's.
SWITCHES = """() => [...document.querySelectorAll(
    '[data-testid="stMain"] label:has(input[role="switch"])')].map(label => {
  const box = el => { const r = el.getBoundingClientRect();
                      return {x: r.x, y: r.y, width: r.width, height: r.height}; };
  const track = label.querySelector(':scope > div:not([data-testid])');
  return {name: label.innerText.trim(), track: box(track),
          input: box(label.querySelector('input')), label: box(label)};
})"""
#: The heading link icons a pointer could reach in the main part: drawn, with a box.
HEADING_LINKS = """() => [...document.querySelectorAll(
    '[data-testid="stMain"] [data-testid="stHeaderActionElements"] a')]
  .map(a => a.getBoundingClientRect()).filter(r => r.width > 0 && r.height > 0).length"""


def test_on_a_phone_a_switch_is_drawn_a_fingers_size_and_no_heading_link_lies_in_wait(
    browser_page,
):
    """A reviewer, at 390x844: a switch was drawn 32x16 px and its input 13x13 (its label took
    the tap, but the switch itself is what a finger aims at), and each heading's link icon, 16x16
    px and invisible without a hover, could be tapped by accident near a heading, moving the page
    to the heading's address. On a phone a switch is 48x24 and its input covers it; a tap at its
    centre flips it; no heading's link icon is drawn (a decision: a phone has no use for it). At
    a desk the icons are Streamlit's, shown on hover."""
    base, page = browser_page
    open_at(page, base, "/play?preset=nigerian&seed=4", PHONE)
    close = page.locator('[data-testid="stSidebarCollapseButton"] button')
    if close.is_visible():  # left open by a test before, in this browser: it covers the page
        close.click()
    shots.wait_until_still(page)
    [switch] = [s for s in page.evaluate(SWITCHES) if s["name"] == "Teacher's view"]
    for part in ("track", "input", "label"):
        assert min(switch[part]["width"], switch[part]["height"]) >= 24, (part, switch)
    track, drawn = switch["track"], switch["input"]
    assert abs(track["y"] - drawn["y"]) <= 3 and abs(track["x"] - drawn["x"]) <= 3
    toggle = page.get_by_role("switch", name="Teacher's view")
    toggle.scroll_into_view_if_needed()
    shots.wait_until_still(page)
    label = page.locator('[data-testid=stMain] label:has(input[aria-label="Teacher\'s view"])')
    centre = label.locator(":scope > div:not([data-testid])").bounding_box()
    page.mouse.click(centre["x"] + centre["width"] / 2, centre["y"] + centre["height"] / 2)
    page.get_by_text("Teacher's view: every hand is face up").wait_for()
    assert toggle.is_checked()
    assert page.locator('[data-testid="stMain"] h1').count() >= 1
    assert page.evaluate(HEADING_LINKS) == 0
    open_at(page, base, "/play?preset=nigerian&seed=4", (1400, 1000))
    assert page.evaluate(HEADING_LINKS) >= 1  # a desk keeps them


#: A slider's thumb and its track (which takes a tap anywhere in its height), each as drawn.
SLIDER_PARTS = """() => [...document.querySelectorAll(
  '[data-testid="stMain"] [data-testid="stSlider"]')].map(s => {
    const size = (el) => { const r = el.getBoundingClientRect(); return [r.width, r.height]; };
    const thumb = s.querySelector('div:has(> div > input[type="range"])');
    return {name: s.querySelector('input').getAttribute('aria-label'), thumb: size(thumb),
            track: size(thumb.parentElement)};
  })"""


def test_on_a_phone_a_radios_options_and_a_sliders_thumb_take_a_finger(browser_page):
    """A reviewer, at 390x844: a radio's options (Play together's game, the Classroom's
    questions) were 22 px tall, and a slider's thumb (Compare's games each, the Classroom's
    points for speed) 12x12, under the 24 px a finger needs. Measured as the screen contract
    measures every tap target, on the pages that have them; a tap at the track's top edge, away
    from the thumb, still moves it."""
    base, page = browser_page
    pages = {
        "/together?preset=nigerian": ["Whot", "Whist"],
        "/classroom?preset=nigerian": ["A lesson", "Practice questions", "My lesson file"],
        "/compare?preset=nigerian&games=1000": [],
    }
    sliders = []
    for path, options in pages.items():
        open_at(page, base, path, PHONE)
        shots.wait_until_still(page)
        targets = tap_targets(page)
        names = [t["name"] for t in targets]
        assert all(option in names for option in options), (path, names)
        small = [t for t in targets if min(t["width"], t["height"]) < 24 or not t["free"]]
        assert small == [], path
        for slider in page.evaluate(SLIDER_PARTS):
            assert min(slider["thumb"]) >= 24 and slider["track"][1] >= 24, (path, slider)
            sliders.append(slider["name"])
    assert sliders == ["Points for speed, at most", "Games each"]
    open_at(page, base, "/classroom?preset=nigerian", PHONE)
    shown = page.locator('[data-testid="stSliderThumbValue"]').first
    before = shown.inner_text()
    track = page.locator('[data-testid="stSlider"] [role="group"] > div').first.bounding_box()
    page.mouse.click(track["x"] + track["width"] * 0.9, track["y"] + 3)
    shots.wait_until_settled(page)
    assert shown.inner_text() != before
