"""The clicks `make bench` times (benchmarks/app_load.py's `CLICKS`) still find what they press.

The benchmark finds each click's target by a selector or a button's name. When a page changes
(Play Whist's cards became button elements, without the `role` attribute the benchmark's
selector named), the click waits for ever and `make bench` stops there: no test noticed. Here
each click is made once, in the same browser as the other browser tests, and the page must run
again and show no error: nothing is timed.
"""

from __future__ import annotations

import sys

import pytest
from browser_support import ROOT, shots  # the fixtures live in conftest.py

sys.path.insert(0, str(ROOT / "benchmarks"))
import app_load

#: Every click but the first, which is the bare page's (it runs on another server).
APP_CLICKS = {click.name: click for click in app_load.CLICKS[1:]}
#: A target that is missing fails in seconds, not the benchmark's two minutes.
PRESS_TIMEOUT_MS = 15_000


@pytest.mark.timeout(240)
@pytest.mark.parametrize("name", APP_CLICKS)
def test_each_timed_click_presses_its_target_and_the_page_runs_again(browser_page, name):
    base, page = browser_page
    click = APP_CLICKS[name]
    seen = app_load.RunsSeen()
    seen.watch(page)
    page.goto(base + click.path)
    shots.wait_until_idle(page, **click.wait)
    seen.wait_quiet(page)
    before = seen.finished
    page.set_default_timeout(PRESS_TIMEOUT_MS)
    try:
        click.press(page)
        seen.wait_past(page, before, timeout=PRESS_TIMEOUT_MS / 1000)
    finally:
        page.set_default_timeout(shots.PAGE_TIMEOUT)
    shots.wait_until_idle(page, **(click.after or click.wait))
    assert shots.error_boxes(page) == []
