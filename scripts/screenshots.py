"""Screenshots of every page of the explorer, for the README: `python scripts/screenshots.py`.

Starts `streamlit run app.py` headless on a free local port, drives Debian's Chromium
(`/usr/bin/chromium`, never a downloaded browser) with Playwright through every page, checks that
the card pictures are visible and that no error box shows, and saves one PNG a page into
`docs/screenshots/`. The browser test (`tests/test_browser.py`) uses the same functions.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
START_TIMEOUT = 60.0  # seconds for the server to answer its health check
SHOT_HEIGHT = 1700  # Streamlit scrolls inside the page, so a tall window shows the whole page
PAGE_TIMEOUT = 120_000  # milliseconds for a page to finish running (the first game is played)


@dataclass(frozen=True)
class Visit:
    """One page to open: its URL path and query, what to click, what must show."""

    name: str
    path: str
    pictures: int  # at least this many card pictures (data-URI images) must be visible
    click: str | None = None  # a button to press after the page loads
    charts: int = 0  # at least this many plotly charts after the click
    tables: int = 0  # interactive tables (the Play page's component, inline SVG) to show
    width: int = 1400  # the window: a desk's screen, or a classroom projector's 1280x720
    height: int = 1000  # pages longer than a screen get a tall window (SHOT_HEIGHT)


#: The pages in the order of the navigation, at 1400x1000 (the long ones in a tall window, to
#: show them whole), then the pages with a table in the classroom setting at 1280x720. Small
#: settings keep the browser test quick; the Watch link carries a step, as a teacher's would.
VISITS = (
    # Learn, the first page: a stage of the path, opened by its link and answered.
    Visit("learn", "/?lesson=pick-two-and-three&stage=2", 0, click="Seat 0", tables=1),
    Visit("rules", "/rules?preset=nigerian_street&hand_size=5", pictures=0, height=SHOT_HEIGHT),
    # At a search player's step: the table and the search's chart, both SVG pictures.
    Visit("watch", "/watch?preset=nigerian&seed=3&seats=search,heuristic&sims=50&step=3", 2),
    # The cards left, and the two charts (the count, the running totals): SVG pictures too.
    Visit("scoring", "/scoring?preset=british&seed=7", pictures=10, height=SHOT_HEIGHT),
    Visit(
        "compare",
        "/compare?preset=nigerian&games=200",
        0,
        click="Run the comparison",
        charts=4,
        height=SHOT_HEIGHT,
    ),
    # One deal under two rule sets, at the step where the games part (defence, on a pick two).
    Visit(
        "side_by_side",
        "/side_by_side?preset=nigerian&b=preset:naija_tournament&seed=0"
        "&seats=heuristic,heuristic&step=4",
        pictures=2,
    ),
    Visit("play", "/play?preset=nigerian&seed=4", pictures=0, tables=1),
    # Whist, at the end of the first trick: the won trick lies in the middle, its winner framed.
    Visit("whist", "/whist?deal=3&lineup=search,heuristic,heuristic,heuristic&budget=25&step=4", 1),
    # The classroom setting on a projector: large print, the sidebar closed, Nigerian names;
    # Watch's default game of three players.
    Visit(
        "watch-classroom",
        "/watch?preset=nigerian&seed=3&sims=50&step=3&classroom=on",
        1,
        width=1280,
        height=720,
    ),
    Visit(
        "play-classroom",
        "/play?preset=nigerian_street&seed=4&classroom=on&names=nigerian",
        0,
        tables=1,
        width=1280,
        height=720,
    ),
    Visit(
        "whist-classroom",
        "/whist?deal=3&lineup=search,heuristic,heuristic,heuristic&budget=25&step=4&classroom=on",
        1,
        width=1280,
        height=720,
    ),
    # A hot-seat hand on the projector: Ada's, once she asked for it at the pass screen.
    Visit(
        "hand-classroom",
        "/play?preset=nigerian&seed=3&seats=person:Ada,person:Tunde,heuristic&classroom=on",
        0,
        click="Show Ada's hand",
        tables=1,
        width=1280,
        height=720,
    ),
    # Two people and an AI player at one screen: the pass screen hides every hand.
    Visit("pass", "/play?preset=nigerian&seed=3&seats=person:Ada,person:Tunde,heuristic", 0),
    # On a phone (390x844): Play with three players, and Watch.
    Visit("play-phone", "/play?preset=nigerian&seed=4&ai=2", 0, tables=1, width=390, height=844),
    Visit("watch-phone", "/watch?preset=nigerian&seed=3&sims=50&step=3", 1, width=390, height=844),
    # Whist with a person at South, in trick 3: the cards Ada may play (she must follow suit)
    # are raised.
    Visit(
        "whist_play",
        "/whist_play?seats=person:Ada,heuristic,heuristic,heuristic&deal=2&cards=AD.QD",
        pictures=0,
    ),
)


def free_port() -> int:
    """A TCP port nobody listens on now (the OS picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


@contextlib.contextmanager
def serve(port: int | None = None, timeout: float = START_TIMEOUT) -> Iterator[str]:
    """Run the app headless on a free port; yield its base URL; always stop the server."""
    with server(ROOT / "app.py", port, timeout) as (base, _):
        yield base


@contextlib.contextmanager
def server(
    script: Path,
    port: int | None = None,
    timeout: float = START_TIMEOUT,
    options: tuple = (),
    root: Path = ROOT,
) -> Iterator[tuple[str, subprocess.Popen]]:
    """Run a Streamlit script headless on a free port, in `root` so that the settings are that
    checkout's own (`.streamlit/config.toml`, as `make app` reads them: a benchmark times the
    server a reader runs), with `options` for `streamlit run` beside them; yield its base URL and
    the server's process (a benchmark reads its CPU time); always stop the server."""
    port = port or free_port()
    command = [
        sys.executable, "-m", "streamlit", "run", str(script),
        "--server.headless", "true",
        "--server.port", str(port),
        "--server.address", "127.0.0.1",
        "--browser.gatherUsageStats", "false",
        *options,
    ]  # fmt: skip
    process = subprocess.Popen(
        command, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        while not _healthy(f"{base}/_stcore/health"):
            if process.poll() is not None:
                raise RuntimeError(f"streamlit exited early:\n{process.stderr.read()}")
            if time.monotonic() > deadline:
                raise TimeoutError(f"streamlit did not answer {base}/_stcore/health in {timeout}s")
            time.sleep(0.2)
        yield base, process
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextlib.contextmanager
def browser(width: int = 1400, height: int = 1000):
    """A Playwright page in Debian's Chromium, headless."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        try:
            page = chromium.new_page(viewport={"width": width, "height": height})
            page.set_default_timeout(PAGE_TIMEOUT)
            yield page
        finally:
            chromium.close()


_VISIBLE_PICTURES = """() => [...document.querySelectorAll('img[src^="data:image/svg+xml"]')]
    .filter(img => img.complete && img.naturalWidth > 0
            && img.getBoundingClientRect().width > 0).length"""

#: Idle: Streamlit's own run state says no run is going or asked for (a click asks for its
#: rerun at once, before the "Running" status shows: the status alone let a wait end between
#: the two), no "Running" status, no spinner, no grey placeholder left for an element to come,
#: and no element left faded from the run before (Streamlit marks those `data-stale`: axe would
#: measure their contrast at a third of their opacity).
_IDLE = """() => ['notRunning', undefined].includes(
        document.querySelector('[data-testid="stApp"]')?.dataset.testScriptState)
    && !document.querySelector('[data-testid="stStatusWidget"]')
    && !document.querySelector('[data-testid="stSpinner"]')
    && !document.querySelector('[data-testid="stSkeleton"]')
    && !document.querySelector('[data-stale="true"]')"""


#: The Play page's interactive table: its SVG, inside the component's shadow root (Playwright's
#: CSS selectors look inside open shadow roots).
TABLE = ".whot-board .picture svg"


#: Still: idle, and nothing on the page moving to its place: no finite animation running (an
#: expander opening grows for half a second without a run; a spinner's endless one is not
#: waited for).
_STILL = f"""() => ({_IDLE})() && document.getAnimations().every(
    a => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity)"""


def wait_until_settled(page, timeout: int = PAGE_TIMEOUT) -> None:
    """Wait until the app has stopped running and redrawing (a page with no title, too)."""
    page.wait_for_function(_IDLE, timeout=timeout)


def wait_until_still(page, timeout: int = PAGE_TIMEOUT) -> None:
    """Wait until the app is settled and nothing on the page moves, before clicking in a fold
    just opened: Streamlit animates an expander open for half a second and runs nothing
    meanwhile, so `wait_until_settled` passes at once; a click scrolled its button into the
    growing page, the button slid down between the press and the release, and the click
    landed on the text above it (docs/performance.md)."""
    page.wait_for_function(_STILL, timeout=timeout)


def wait_until_idle(
    page, pictures: int = 0, charts: int = 0, timeout: int = PAGE_TIMEOUT, tables: int = 0
) -> None:
    """Wait until the page's title, `pictures` card pictures, `charts` charts and `tables`
    interactive tables show, and the app has stopped running."""
    page.wait_for_selector("h1", timeout=timeout)
    if tables:
        page.locator(TABLE).nth(tables - 1).wait_for(state="visible", timeout=timeout)
    page.wait_for_function(f"() => ({_VISIBLE_PICTURES})() >= {pictures}", timeout=timeout)
    page.wait_for_function(
        f"() => document.querySelectorAll('.js-plotly-plot').length >= {charts}", timeout=timeout
    )
    wait_until_settled(page, timeout)


def shown_code(page) -> str:
    """The room's or table's join code as the page shows it, "2HKMQ": read from the code's
    `aria-label` ("the code 2 H K M Q", spaced so that a screen reader spells it)."""
    label = page.locator(".room-code").get_attribute("aria-label") or ""
    return label.removeprefix("the code ").replace(" ", "")


def visible_pictures(page) -> int:
    """Card pictures (data-URI SVG images) that loaded and take up room on the screen."""
    return page.evaluate(_VISIBLE_PICTURES)


def error_boxes(page) -> list[str]:
    """The text of every error box or exception on the page."""
    return page.evaluate(
        """() => [...document.querySelectorAll(
                '[data-testid="stException"], [data-testid="stAlertContentError"]')]
            .map(el => el.innerText)"""
    )


def open_page(page, base: str, visit: Visit) -> dict[str, int | list[str]]:
    """Open one page in its window size, press its button if any, wait, and report what shows."""
    page.set_viewport_size({"width": visit.width, "height": visit.height})
    page.goto(base + visit.path)
    if visit.click:
        wait_until_idle(page, visit.pictures)
        page.get_by_role("button", name=visit.click).click()
    wait_until_idle(page, visit.pictures, visit.charts, tables=visit.tables)
    return {
        "pictures": visible_pictures(page),
        "charts": page.locator(".js-plotly-plot").count(),
        "tables": page.locator(TABLE).count(),
        "errors": error_boxes(page),
    }


def take_all(out: Path, visits: tuple[Visit, ...] = VISITS) -> dict[str, dict]:
    """Visit every page and save `out/<name>.png`; return what each page showed."""
    out.mkdir(parents=True, exist_ok=True)
    seen = {}
    with serve() as base, browser() as page:
        for visit in visits:
            seen[visit.name] = open_page(page, base, visit)
            page.screenshot(path=str(out / f"{visit.name}.png"))
    return seen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--only", nargs="+", metavar="NAME", help="only these pages' shots")
    args = parser.parse_args(argv)
    visits = tuple(v for v in VISITS if not args.only or v.name in args.only)
    if not CHROMIUM.exists():
        print(f"{CHROMIUM} is missing: install Debian's chromium package", file=sys.stderr)
        return 2
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    for name, report in take_all(args.out, visits).items():
        print(f"{name}: {report}")
        if report["errors"]:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
