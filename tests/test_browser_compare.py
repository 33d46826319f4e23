"""Compare in Chromium at the three screens of issue 30 (fault 9): after a run, the plain
summary is on the first screen, before the charts, in text large enough for the screen, and no
sentence runs off its side."""

from __future__ import annotations

import pytest
from browser_support import shots

#: (window width, height, the link's extra, the smallest text in CSS px).
SCREENS = {
    "desk": (1400, 1000, "", 11),
    "classroom": (1280, 720, "&classroom=on", 14),
    "phone": (390, 844, "", 11),
}

SUMMARY = """() => {
    const heading = [...document.querySelectorAll('h3')]
        .find(h => h.innerText.startsWith('What changes for a player'));
    if (!heading) return null;
    const items = [...heading.closest('[data-testid="stVerticalBlock"]').querySelectorAll('li')];
    const chart = document.querySelector('.js-plotly-plot');
    return {
        top: heading.getBoundingClientRect().top,
        chart: chart.getBoundingClientRect().top,
        sizes: items.map(li => parseFloat(getComputedStyle(li).fontSize)),
        right: Math.max(...items.map(li => li.getBoundingClientRect().right)),
        text: items.map(li => li.innerText),
        width: innerWidth,
        height: innerHeight,
    };
}"""


@pytest.mark.timeout(300)
@pytest.mark.parametrize("screen", list(SCREENS))
def test_the_summary_comes_first_and_reads_on_every_screen(browser_page, screen):
    base, page = browser_page
    width, height, extra, smallest = SCREENS[screen]
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{base}/compare?preset=british&b=preset:nigerian&games=100&seed=3{extra}")
    shots.wait_until_idle(page)
    page.get_by_role("button", name="Run the comparison").click()
    shots.wait_until_idle(page, charts=8, timeout=240_000)
    shown = page.evaluate(SUMMARY)
    assert shown is not None, "no summary"
    assert 3 <= len(shown["text"]) <= 5
    assert shown["text"][0].startswith("Games under Nigerian last about")
    assert 0 <= shown["top"] < shown["height"]  # on the first screen, without scrolling
    assert shown["top"] < shown["chart"]  # before the charts
    assert min(shown["sizes"]) >= smallest
    assert shown["right"] <= shown["width"]
    assert page.locator(".modebar-btn").count() == 0  # no plotly toolbar: its buttons are 22 px
    assert shots.error_boxes(page) == []
