"""The accessibility audit: axe-core (the `axe-playwright-python` package, over Debian's
Chromium) on every page of the app, at desk (1400x1000) and phone (390x844) size, and on the two
tables you play at, mid-game. No serious or critical violation of WCAG 2.2 A or AA may remain.

axe reads inside the tables' open shadow roots, so the project's own markup (its table
components, its HTML and SVG) is audited with Streamlit's. What the audit found, what was fixed
and what is Streamlit's own is in docs/accessibility.md; today nothing of Streamlit's needs to be
left out (its grey captions, 3.9:1, are drawn darker by the app's page style).
"""

from __future__ import annotations

import pytest
from browser_support import ROOT, shots

pytestmark = pytest.mark.timeout(300)

#: WCAG 2.0, 2.1 and 2.2, levels A and AA: the tags axe-core gives those rules.
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
SERIOUS = {"serious", "critical"}
DESK, PHONE = (1400, 1000), (390, 844)


def _pages() -> list[str]:
    import sys

    sys.path.insert(0, str(ROOT))
    from app import PAGES

    return [f"/{page.url_path}" for page in PAGES]


#: Mid-game tables: Ada must follow suit at Whist (legal cards raised, the rest veiled), and a
#: Whot game against the AI with a hand of buttons.
PLAYING = [
    "/whist_play?seats=person:Ada,heuristic,heuristic,heuristic&deal=2&cards=AD.QD",
    "/play?preset=nigerian&seed=3",
]


def violations(page) -> list[str]:
    """Each serious or critical WCAG A/AA violation as 'rule: selector' (one per element)."""
    from axe_playwright_python.sync_playwright import Axe

    options = {"runOnly": {"type": "tag", "values": WCAG_AA}, "resultTypes": ["violations"]}
    found = Axe().run(page, options=options).response["violations"]
    return [
        f"{rule['id']}: {node['target']}"
        for rule in found
        if rule["impact"] in SERIOUS
        for node in rule["nodes"]
    ]


@pytest.mark.parametrize("size", [DESK, PHONE], ids=["desk", "phone"])
@pytest.mark.parametrize("path", _pages() + PLAYING)
def test_no_serious_wcag_violation(browser_page, path, size):
    base, page = browser_page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(base + path)
    shots.wait_until_idle(page)
    assert violations(page) == []
