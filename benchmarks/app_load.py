"""A page load and a click against Streamlit's own floor: `python benchmarks/app_load.py`.

One run serves the app and, beside it, a bare Streamlit page (`benchmarks/bare_page.py`: a title
and a line, and a button that only reruns), and opens both in one headless Chromium. For every
page of the app at a desk's size (1400x1000) and a phone's (390x844), and for the bare page: the
median of three loads after a warm-up, from `goto` to the page drawn and idle, and the CPU the
server's process spent on each load (user + system time, read from `/proc/<pid>/stat`). For each
kind of click on a table (Next on Watch, a card on Play, an answer on Learn, again and a
learner's first, a step on Side by side, a Whist step and a Whist card), and for the bare
page's button: the median of three clicks after a warm-up, from the click to the server's run
finished and the page idle, and the server's CPU. Each figure is printed beside its ratio to
the bare page's and the issue's target for it.

The bare page is served twice: under the app's own settings (`.streamlit/config.toml`, which
the targets are held to) and under Streamlit's defaults, which end every run with a full garbage
collection: the last column is the server's CPU as a ratio to that floor, a new app's.

Two anchors for a page load. The first, the original: the bare page at `/`. But the app's pages
other than Learn are opened at their own address (`/watch`, `/play`, ...), where Streamlit's
frontend first tries the page's path as the server's base (a refused health check) before the
page's run, which no page at `/` pays. So the second anchor is a bare page at its own address:
the second page of a bare two-page app (`benchmarks/bare_pages.py`, at `/second`; its first
page, at `/`, for Learn). Each page's line gives both ratios: "x bare /" against the first,
"x bare own address" against the second.

The machine is shared, so the times swing from run to run: the ratios, measured in the same
minutes, are what the targets hold; the load average is printed with them.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))

import screenshots as shots  # noqa: E402
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg  # noqa: E402

import app  # noqa: E402

BARE = Path(__file__).resolve().parent / "bare_page.py"
#: A bare app of two pages: the floor for a page at its own address (`/second`).
BARE_PAGES = Path(__file__).resolve().parent / "bare_pages.py"
#: Streamlit's own settings where the app's `.streamlit/config.toml` changes them: the bare page
#: is also served under these, Streamlit's floor as a new app has it.
STREAMLIT_DEFAULTS = ("--runner.postScriptGC", "true", "--runner.magicEnabled", "true")
SIZES = {"desk": (1400, 1000), "phone": (390, 844)}
TARGETS = {"load": 1.3, "load CPU": 1.5, "click": 1.5, "click CPU": 1.5}
TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process `pid` so far (its threads included)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def cpu_after_work(pid: int, quiet: float = 0.1, longest: float = 5.0) -> float:
    """The server's CPU seconds once it has stopped working (none spent for `quiet` seconds):
    Streamlit tells the browser a run has finished before its own clean-up after the run."""
    deadline, spent = time.monotonic() + longest, cpu_seconds(pid)
    while time.monotonic() < deadline:
        time.sleep(quiet)
        before, spent = spent, cpu_seconds(pid)
        if spent == before:
            break
    return spent


def load_average() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def finished_run(payload: bytes) -> bool:
    """Whether a websocket message from the server says a run (of the page, or a fragment)
    has finished."""
    return ForwardMsg.FromString(payload).WhichOneof("type") == "script_finished"


@dataclass
class RunsSeen:
    """Counts the server's finished script runs (a whole rerun or a fragment's) that reach a
    page over its websocket: a click has settled when a new one came and the page is idle."""

    finished: int = 0

    def watch(self, page) -> None:
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))

    def _frame(self, payload) -> None:
        if isinstance(payload, bytes) and finished_run(payload):
            self.finished += 1

    def wait_past(self, page, count: int, timeout: float = 120.0) -> None:
        deadline = time.monotonic() + timeout
        while self.finished <= count:
            if time.monotonic() > deadline:
                raise TimeoutError("the server's run did not finish")
            page.wait_for_timeout(5)

    def wait_quiet(self, page, quiet_ms: int = 300) -> None:
        """Wait until no run has finished for `quiet_ms` (a page may rerun once after idle)."""
        seen = -1
        while seen != self.finished:
            seen = self.finished
            page.wait_for_timeout(quiet_ms)


@dataclass(frozen=True)
class Click:
    """A click to time: the page it is made on, how to make it, what the page shows after."""

    name: str
    path: str
    press: Callable
    wait: dict = field(default_factory=dict)
    after: dict | None = None  # what shows after the click, when more than before it
    forget: bool = False  # the page opened with nothing in the browser's storage


def _button(name: str) -> Callable:
    return lambda page: page.get_by_role("button", name=name, exact=True).click()


def _whot_card(page) -> None:
    """A legal card of the hand (a Whot calls circle), else the market."""
    cards = page.locator(".whot-board .card[role='button'][data-legal='true']")
    if not cards.count():
        page.locator(".whot-board .market[role='button']").click()
        return
    whot = cards.first.get_attribute("data-card") == "whot"
    cards.first.click()
    if whot:
        page.locator(".whot-board .calls").get_by_role("button", name="circle").click()


def _whist_card(page) -> None:
    cards = page.locator(".whist-board button.card[data-legal='true']")
    cards.last.click(position={"x": 4, "y": 12})  # the corner a fanned card shows


VISITS = {v.name: v for v in shots.VISITS}
CLICKS = (
    Click("bare rerun", "/?button=on", _button("Rerun")),  # the first: on the bare page
    Click(  # to a move of the search player's: its chart is drawn (a picture, as the table)
        "Watch: Next",
        VISITS["watch"].path.replace("step=3", "step=2"),
        _button("Next"),
        {"pictures": 1},
        after={"pictures": 2},
    ),
    Click("Play: a card", "/play?preset=nigerian&seed=4", _whot_card, {"tables": 1}),
    Click("Learn: an answer", "/?lesson=hold-on&stage=1", _button("Seat 0"), {"tables": 1}),
    Click(  # a learner's first answer to the stage: it changes the progress the browser keeps
        "Learn: a first answer",
        "/?lesson=hold-on&stage=1",
        _button("Seat 0"),
        {"tables": 1},
        forget=True,
    ),
    Click("Side by side: Next", VISITS["side_by_side"].path, _button("Next"), {"pictures": 2}),
    Click("Whist: Next", VISITS["whist"].path, _button("Next"), {"pictures": 1}),
    Click("Play Whist: a card", VISITS["whist_play"].path, _whist_card),
)


def page_waits(name: str, visits: dict | None = None) -> tuple[str, dict]:
    """The app page's address (the screenshots' visit, from `visits`: by default this
    checkout's) and what shows once it is loaded; a page the screenshots do not visit (the
    Classroom page: its first screen is a form) is timed at its own address, drawn and idle."""
    visit = (VISITS if visits is None else visits).get(name)
    if visit is None:
        return f"/{name}", {}
    charts = 0 if visit.click else visit.charts  # Compare draws its charts after a click
    return visit.path, {"pictures": visit.pictures, "tables": visit.tables, "charts": charts}


@dataclass(frozen=True)
class Server:
    base: str
    pid: int


@contextlib.contextmanager
def servers() -> Iterator[tuple[Server, Server, Server, Server]]:
    """The app, the bare page under the app's settings, the bare page under Streamlit's
    defaults, and the bare two-page app under the app's settings, each on its own server."""
    with (
        shots.server(ROOT / "app.py") as (base, app),
        shots.server(BARE) as (floor, bare),
        shots.server(BARE, options=STREAMLIT_DEFAULTS) as (default_floor, default_bare),
        shots.server(BARE_PAGES) as (pages_floor, bare_pages),
    ):
        yield (
            Server(base, app.pid),
            Server(floor, bare.pid),
            Server(default_floor, default_bare.pid),
            Server(pages_floor, bare_pages.pid),
        )


#: A bare page at its own address with about as many elements as one of the app's pages
#: (`bare_pages.py`): 30 lines of text and 10 toggles, about 45 messages.
SIZED = "/second?lines=30&toggles=10"


def at_own_address(path: str) -> bool:
    """Whether an app page's address is its own (`/watch?...`), not the app's root (`/?...`)."""
    return path.split("?", 1)[0].strip("/") != ""


def time_load(page, seen: RunsSeen, server: Server, path: str, wait: dict) -> tuple[float, float]:
    """Seconds and server CPU seconds from `goto` to the page drawn and idle."""
    count, cpu = seen.finished, cpu_after_work(server.pid)
    start = time.perf_counter()
    page.goto(server.base + path)
    seen.wait_past(page, count)
    shots.wait_until_idle(page, **wait)
    return time.perf_counter() - start, cpu_after_work(server.pid) - cpu


def time_click(page, seen: RunsSeen, server: Server, click: Click) -> tuple[float, float]:
    """Open the click's page afresh, then seconds and server CPU from the click to settled."""
    open_for_click(page, seen, server, click)
    return settle_click(page, seen, server, click)


def open_for_click(page, seen: RunsSeen, server: Server, click: Click) -> None:
    """Open the click's page afresh, drawn and quiet (`forget`: with the browser's storage of
    the server's address emptied first, as at a first visit: Learn's answer then changes the
    progress; the health check's address is the same origin, and runs no app)."""
    if click.forget:
        page.goto(server.base + "/_stcore/health")
        page.evaluate("() => localStorage.clear()")
    page.goto(server.base + click.path)
    shots.wait_until_idle(page, **click.wait)
    seen.wait_quiet(page)


def settle_click(page, seen: RunsSeen, server: Server, click: Click) -> tuple[float, float]:
    """Seconds and server CPU from the click to settled, on its page already open."""
    count, cpu = seen.finished, cpu_after_work(server.pid)
    start = time.perf_counter()
    click.press(page)
    seen.wait_past(page, count)
    shots.wait_until_idle(page, **(click.after or click.wait))
    return time.perf_counter() - start, cpu_after_work(server.pid) - cpu


def medians(
    repeats: int, measure: Callable[..., tuple[float, float]], *args
) -> tuple[float, float]:
    """Median seconds, and mean CPU seconds (the kernel counts in 10 ms ticks: a mean of the
    tries is finer than their median), of `repeats` tries after one warm-up."""
    measure(*args)
    tries = [measure(*args) for _ in range(repeats)]
    return statistics.median(t for t, _ in tries), statistics.fmean(c for _, c in tries)


def verdict(ratio: float, target: float) -> str:
    """The ratio as printed, judged as printed (1.5000001 is 1.50, which meets 1.5)."""
    met = round(ratio, 2) <= target
    return f"{ratio:4.2f}x (target <= {target}x: {'met' if met else 'NOT MET'})"


def row(
    name: str,
    figures: tuple,
    floor: tuple,
    kind: str,
    default_floor: tuple,
    own: tuple | None = None,
) -> str:
    """A page's or a click's figures, each as a ratio to the bare page's beside its target;
    the CPU also as a ratio to the bare page's under Streamlit's default settings; and, for a
    page load, as a ratio to a bare page at the same kind of address (`own`: the bare two-page
    app's page at `/second` for a page at its own address, its first page for one at `/`)."""
    (seconds, cpu), (bare_seconds, bare_cpu) = figures, floor
    least = 1 / TICK / 3  # a bare page's CPU can round to no tick at all
    line = (
        f"{name:<20} {seconds * 1000:5.0f} ms x bare /: "
        f"{verdict(seconds / bare_seconds, TARGETS[kind])}"
        f"  CPU {cpu * 1000:4.0f} ms "
        f"{verdict(cpu / max(bare_cpu, least), TARGETS[kind + ' CPU'])}"
        f" {cpu / max(default_floor[1], least):4.2f}x Streamlit's defaults"
    )
    if own is not None:
        line += (
            f" | x bare own address: {verdict(seconds / own[0], TARGETS[kind])}"
            f", CPU {verdict(cpu / max(own[1], least), TARGETS[kind + ' CPU'])}"
        )
    return line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3, help="tries after the warm-up")
    parser.add_argument("--pages", nargs="+", default=[p.url_path for p in app.PAGES])
    parser.add_argument("--clicks", action=argparse.BooleanOptionalAction, default=True)
    args = parser.parse_args(argv)
    if not shots.CHROMIUM.exists():
        print(f"{shots.CHROMIUM} is missing: no page-load figures")
        return 0
    print(f"Page loads and clicks against a bare Streamlit page; load average {load_average()}")
    print(
        "The bare page is served under the app's settings (the ratios and targets) and under "
        "Streamlit's defaults (Streamlit's defaults column); CPU: the server's, a mean of the "
        "tries. Two anchors for a load: 'x bare /' (the original: a bare page at /) and 'x bare "
        "own address' (a bare two-page app's page at the same kind of address as ours: /second "
        "for a page at its own address, / for Learn). 'bare, own, sized' is no anchor: a bare "
        "page at its own address with as many elements as ours, for what size alone costs"
    )
    with servers() as (ours, bare, default_bare, bare_pages), shots.browser() as page:
        seen = RunsSeen()
        seen.watch(page)
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            floor = medians(args.repeats, time_load, page, seen, bare, "/", {})
            default_floor = medians(args.repeats, time_load, page, seen, default_bare, "/", {})
            own = {
                False: medians(args.repeats, time_load, page, seen, bare_pages, "/", {}),
                True: medians(args.repeats, time_load, page, seen, bare_pages, "/second", {}),
            }
            sized = medians(args.repeats, time_load, page, seen, bare_pages, SIZED, {})
            print(f"-- {size} ({width}x{height}); load, median of {args.repeats} after a warm-up")
            print(row("bare page", floor, floor, "load", default_floor))
            print(row("bare, its defaults", default_floor, floor, "load", default_floor))
            print(row("bare two-page, /", own[False], floor, "load", default_floor))
            print(row("bare two-page, own", own[True], floor, "load", default_floor))
            # Not an anchor: what sheer size costs a bare page (its own-address ratio)
            print(row("bare, own, sized", sized, floor, "load", default_floor, own[True]))
            for name in args.pages:
                path, wait = page_waits(name)
                figures = medians(args.repeats, time_load, page, seen, ours, path, wait)
                anchor = own[at_own_address(path)]
                print(row(name, figures, floor, "load", default_floor, anchor), flush=True)
        if args.clicks:
            page.set_viewport_size(dict(zip(("width", "height"), SIZES["desk"], strict=True)))
            print(f"-- clicks at desk size, click to settled; load average {load_average()}")
            bare_click = CLICKS[0]
            floor = medians(args.repeats, time_click, page, seen, bare, bare_click)
            default_floor = medians(args.repeats, time_click, page, seen, default_bare, bare_click)
            print(row(bare_click.name, floor, floor, "click", default_floor))
            print(row("bare, its defaults", default_floor, floor, "click", default_floor))
            for click in CLICKS[1:]:
                figures = medians(args.repeats, time_click, page, seen, ours, click)
                print(row(click.name, figures, floor, "click", default_floor), flush=True)
    print(f"load average after: {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
