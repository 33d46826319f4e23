"""A class on one laptop: `python benchmarks/app_class.py --sessions 30 --seconds 60`.

One app server and `--sessions` students: a third on Watch (Next), a third on Play (a legal
card, else the market), a third on Learn (a wrong answer to a stage's question). Each acts every
five seconds, at its own offset, for `--seconds`; a student whose game is over opens the page
again (a new session, a new game).

By default each student is a Streamlit session held over the server's websocket without a
browser (`st_client.py`): it opens its page, finds the widget in what the server sent (the
Next button, the table component and its legal cards, the answer's button), and sends the
`BackMsg` a browser sends for that click, with the fragment's id. Click to settled is from the
request sent to the server's message that the run has finished. So thirty students cost this
machine little and the figures are the server's. `--browser` drives thirty contexts of one
headless Chromium instead (the click to the page drawn and idle): on two cores the browsers
take half of them, and that measures the clients as much as the server.

Printed: errors (an error box, or a click not settled in 30 s), the median and p90 click to
settled, overall and by page (target: p90 at most 2 s, no error), the server's CPU per
interaction, and the share of the machine's cores the clients (this process and, with
`--browser`, Playwright and Chromium) took while the class acted; the load average before and
after (other work on the machine slows everything).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import signal
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import st_client
from app_load import ROOT, cpu_seconds, finished_run, load_average, shots
from streamlit.proto.WidgetStates_pb2 import WidgetState

EVERY = 5.0  # seconds between two actions of one student
SETTLE_TIMEOUT = 30.0  # a click not settled by then counts as an error
FIRST_LOAD_TIMEOUT = 120.0  # a page's first load, with others arriving at once
ARRIVING = 5  # sessions opening their page at once, before the class acts
P90_TARGET = 2.0
KINDS = {
    "watch": ("/watch?preset=nigerian&seed=5&seats=heuristic,heuristic", {"pictures": 1}),
    "play": ("/play?preset=nigerian&seed=4", {"tables": 1}),
    "learn": ("/?lesson=hold-on&stage=1", {"tables": 1}),
}
_IDLE = f"() => ({shots._IDLE})() && document.querySelector('h1') !== null"


def tree_cpu(root: int, leave_out: int) -> float:
    """CPU seconds of process `root` and its descendants, without `leave_out`'s branch."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    parent = int(stat.read().rpartition(")")[2].split()[1])
            except OSError:
                continue
            children.setdefault(parent, []).append(int(entry))
    total, todo = 0.0, [root]
    while todo:
        pid = todo.pop()
        if pid == leave_out:
            continue
        try:
            total += cpu_seconds(pid)
        except OSError:
            continue
        todo.extend(children.get(pid, ()))
    return total


@dataclass
class Student:
    """One browser context on one page, counting the server's finished runs it receives."""

    kind: str
    page: object = None
    finished: int = 0
    times: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    reloads: int = 0

    def on_frame(self, payload) -> None:
        if isinstance(payload, bytes) and finished_run(payload):
            self.finished += 1

    async def settle(self, count: int, timeout: float = SETTLE_TIMEOUT) -> None:
        deadline = time.monotonic() + timeout
        while self.finished <= count:
            if time.monotonic() > deadline:
                raise TimeoutError("no finished run")
            await asyncio.sleep(0.01)
        remaining = max(1.0, deadline - time.monotonic()) * 1000
        await self.page.wait_for_function(_IDLE, timeout=remaining)
        if KINDS[self.kind][1].get("tables"):
            await self.page.locator(shots.TABLE).first.wait_for(timeout=remaining)

    async def open(self, base: str) -> None:
        count = self.finished
        await self.page.goto(base + KINDS[self.kind][0])
        await self.settle(count, FIRST_LOAD_TIMEOUT)

    async def press(self) -> bool:
        """Make this student's click; False when there is none to make (a game ended)."""
        page = self.page
        if self.kind == "watch":
            button = page.get_by_role("button", name="Next", exact=True)
            if await button.is_disabled():
                return False
            await button.click()
        elif self.kind == "play":
            cards = page.locator(".whot-board .card[role='button'][data-legal='true']")
            market = page.locator(".whot-board .market[role='button']")
            if await cards.count():
                whot = await cards.first.get_attribute("data-card") == "whot"
                await cards.first.click()
                if whot:
                    await (
                        page.locator(".whot-board .calls")
                        .get_by_role("button", name="circle")
                        .click()
                    )
            elif await market.count():
                await market.click()
            else:
                return False
        else:  # a wrong answer, each time judged and answered with "Try again"
            await page.get_by_role("button", name="Seat 1", exact=True).click()
        return True

    async def act(self, base: str, start: float, offset: float, until: float) -> None:
        """Act every `EVERY` seconds from `start + offset` until `until`; a student whose click
        took longer skips the turns it missed (the class does not queue up)."""
        loop = asyncio.get_running_loop()
        at = start + offset
        while at < until:
            await asyncio.sleep(max(0.0, at - loop.time()))
            await self.turn(base)
            while at <= loop.time():
                at += EVERY

    async def turn(self, base: str) -> None:
        """One click, timed to settled; a finished game's page is opened again instead."""
        count, begin = self.finished, time.perf_counter()
        try:
            if not await self.press():
                self.reloads += 1
                await self.open(base)
                return
            await self.settle(count)
        except Exception as error:  # a timeout or a vanished element: an error seen
            self.errors.append(f"{self.kind}: {type(error).__name__}")
            return
        self.times.append(time.perf_counter() - begin)
        boxes = await self.page.evaluate(ERRORS)
        self.errors.extend(f"{self.kind}: {text[:80]}" for text in boxes)


@dataclass
class WsStudent:
    """One student as a Streamlit session over the websocket (no browser)."""

    kind: str
    base: str
    session: st_client.Session | None = None
    times: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    reloads: int = 0
    opens: list[float] = field(default_factory=list)

    async def open(self) -> None:
        if self.session is not None:
            self.errors.extend(f"{self.kind}: {e}" for e in self.session.page.errors)
            await self.session.close()
        self.session = st_client.Session(self.base, KINDS[self.kind][0])
        self.opens.append(await self.session.open(FIRST_LOAD_TIMEOUT))

    def press(self) -> tuple[WidgetState, str] | None:
        """This student's click as the widget's state and its fragment; None when there is
        none to make (a game ended)."""
        page = self.session.page
        if self.kind == "watch":
            button = page.find("button", "Next")
            if button is None or button.disabled:
                return None
            return st_client.trigger(button), button.fragment
        if self.kind == "play":
            table = page.find("bidi_component")
            data = table.data() if table is not None else None
            move = play_move(data) if data else None
            if move is None:
                return None
            event = {"move": move, "turn": data["turn"]}
            return st_client.component_event(table, "move", event), table.fragment
        button = page.find("button", "Seat 1")  # a wrong answer, judged and retried
        return (st_client.trigger(button), button.fragment) if button else None

    async def act(self, start: float, offset: float, until: float) -> None:
        """As `Student.act`: every `EVERY` seconds, skipping the turns a slow click missed."""
        loop = asyncio.get_running_loop()
        at = start + offset
        while at < until:
            await asyncio.sleep(max(0.0, at - loop.time()))
            await self.turn()
            while at <= loop.time():
                at += EVERY

    async def turn(self) -> None:
        seen = len(self.session.page.errors)
        try:
            click = self.press()
            if click is None:
                self.reloads += 1
                await self.open()
                return
            self.times.append(await self.session.click(*click, SETTLE_TIMEOUT))
        except Exception as error:  # a timeout, or the connection lost: an error seen
            self.errors.append(f"{self.kind}: {type(error).__name__}")
            return
        self.errors.extend(f"{self.kind}: {e}" for e in self.session.page.errors[seen:])


def play_move(data: dict) -> str | None:
    """The first legal card's play (a Whot calls circle), else the market's draw, as the
    browser's table sends it; None when the game is over."""
    for card in data.get("cards", ()):
        if card["legal"]:
            return card["plays"].get("") or card["plays"]["circle"]
    market = data.get("market")
    return market["move"] if market else None


async def run_ws_class(
    base: str, server_pid: int, sessions: int, seconds: float, profile: Path | None = None
) -> dict:
    kinds = list(KINDS)
    students = [WsStudent(kinds[i % len(kinds)], base) for i in range(sessions)]
    for first in range(0, sessions, ARRIVING):  # a class arrives a few at a time
        await asyncio.gather(*(s.open() for s in students[first:][:ARRIVING]))
    print(f"  {sessions} sessions open", flush=True)
    spy = None if profile is None else await asyncio.to_thread(py_spy, server_pid, profile)
    server, clients, wall = await class_acts(students, server_pid, seconds, WsStudent.act)
    if spy is not None:
        spy.send_signal(signal.SIGINT)  # py-spy writes its samples
        await asyncio.to_thread(spy.wait, 60)
    for s in students:
        await s.open()  # the errors of its last page, then closed below
        await s.session.close()
    return summary(students, server, clients, wall)


def py_spy(pid: int, out: Path) -> subprocess.Popen:
    """py-spy sampling the server's threads at 200 Hz into `out` (collapsed stacks) until it is
    sent SIGINT; it attaches within the second this waits."""
    found = shutil.which("py-spy") or Path(sys.executable).parent / "py-spy"
    if not Path(found).exists():
        raise SystemExit("--profile needs py-spy: pip install py-spy")
    command = [str(found), "record"]
    spy = subprocess.Popen(
        [*command, "--format", "raw", "--rate", "200", "-o", str(out), "--pid", str(pid)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    time.sleep(1.0)
    return spy


def summary(students: list, server: float, clients: float, wall: float) -> dict:
    return {
        "times": [t for s in students for t in s.times],
        "by kind": {k: [t for s in students if s.kind == k for t in s.times] for k in KINDS},
        "errors": [e for s in students for e in s.errors],
        "reloads": sum(s.reloads for s in students),
        "server": server,
        "clients": clients,
        "wall": wall,
    }


ERRORS = """() => [...document.querySelectorAll(
    '[data-testid="stException"], [data-testid="stAlertContentError"]')].map(el => el.innerText)"""


async def arrive(browser, student: Student, base: str) -> None:
    """A student's own browser context, on their page."""
    context = await browser.new_context(viewport={"width": 1400, "height": 1000})
    student.page = await context.new_page()
    student.page.set_default_timeout(FIRST_LOAD_TIMEOUT * 1000)
    student.page.on("websocket", lambda ws: ws.on("framereceived", student.on_frame))
    await student.open(base)
    student.page.set_default_timeout(SETTLE_TIMEOUT * 1000)


async def progress(students: list[Student], every: float = 10.0) -> None:
    """Say every `every` seconds how many clicks have settled and how many failed."""
    while True:
        await asyncio.sleep(every)
        settled = sum(len(s.times) for s in students)
        errors = sum(len(s.errors) for s in students)
        print(f"  {settled} clicks settled, {errors} errors", flush=True)


async def run_class(base: str, server_pid: int, sessions: int, seconds: float) -> dict:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(
            executable_path=str(shots.CHROMIUM), headless=True, args=shots.CHROMIUM_ARGS
        )
        kinds = list(KINDS)
        students = [Student(kinds[i % len(kinds)]) for i in range(sessions)]
        for first in range(0, sessions, ARRIVING):  # a class arrives a few at a time
            await asyncio.gather(*(arrive(browser, s, base) for s in students[first:][:ARRIVING]))
            print(f"  {min(first + ARRIVING, sessions)} sessions open", flush=True)

        def act(student, start, offset, end):
            return student.act(base, start, offset, end)

        server, clients, wall = await class_acts(students, server_pid, seconds, act)
        await browser.close()
    return summary(students, server, clients, wall)


async def class_acts(students, server_pid: int, seconds: float, act) -> tuple[float, float, float]:
    """Every student acting for `seconds` from one start, their turns spread over `EVERY`
    (`act(student, start, offset, end)`): the server's CPU, the clients' CPU and the wall time
    it took, both drivers measured alike."""
    start = asyncio.get_running_loop().time() + 1.0
    server_before = cpu_seconds(server_pid)
    clients_before = tree_cpu(os.getpid(), server_pid)
    wall = time.perf_counter()
    report = asyncio.create_task(progress(students))
    await asyncio.gather(*(act(s, start, EVERY * i / len(students), start + seconds)
                           for i, s in enumerate(students)))  # fmt: skip
    report.cancel()
    return (cpu_seconds(server_pid) - server_before,
            tree_cpu(os.getpid(), server_pid) - clients_before,
            time.perf_counter() - wall)  # fmt: skip


def p90(times: list[float]) -> float:
    ordered = sorted(times)
    return statistics.quantiles(ordered, n=10)[-1] if len(ordered) > 1 else float("nan")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument(
        "--browser", action="store_true", help="Chromium contexts instead of websocket sessions"
    )
    parser.add_argument(
        "--profile",
        type=Path,
        help="py-spy the server while the class acts (websocket sessions): its collapsed "
        "stacks to this file, and the costliest functions printed",
    )
    args = parser.parse_args(argv)
    if args.browser and not shots.CHROMIUM.exists():
        print(f"{shots.CHROMIUM} is missing: no class figures")
        return 0
    how = "browser contexts in one Chromium" if args.browser else "websocket sessions, no browser"
    print(
        f"A class of {args.sessions} ({how}) for {args.seconds:.0f} s; "
        f"load average {load_average()}"
    )
    with shots.server(ROOT / "app.py") as (base, process):
        if args.browser:
            seen = asyncio.run(run_class(base, process.pid, args.sessions, args.seconds))
        else:
            seen = asyncio.run(
                run_ws_class(base, process.pid, args.sessions, args.seconds, args.profile)
            )
    times, errors = sorted(seen["times"]), seen["errors"]
    acted = len(times) + seen["reloads"]
    cores = os.cpu_count() or 1
    print(
        f"clicks settled: {len(times)}, errors: {len(errors)} (target 0: "
        f"{'met' if not errors else 'NOT MET'}), pages opened again at a game's end: "
        f"{seen['reloads']}"
    )
    for error in sorted(set(errors))[:10]:
        print(f"  error: {error} (x{errors.count(error)})")
    print(
        f"click to settled: median {statistics.median(times):.2f} s, p90 {p90(times):.2f} s "
        f"(target <= {P90_TARGET} s: {'met' if p90(times) <= P90_TARGET else 'NOT MET'}), "
        f"max {times[-1]:.2f} s"
    )
    for kind, own in seen["by kind"].items():
        if own:
            print(
                f"  {kind:<6} {len(own):3d} clicks: median {statistics.median(own):.2f} s, "
                f"p90 {p90(own):.2f} s, max {max(own):.2f} s"
            )
    print(
        f"server CPU per interaction: {seen['server'] / max(acted, 1) * 1000:.0f} ms "
        f"({seen['server'] / seen['wall']:.0%} of one core over {seen['wall']:.0f} s)"
    )
    clients = "Chromium, Playwright, this script" if args.browser else "this script"
    print(f"the clients ({clients}) took {seen['clients'] / seen['wall'] / cores:.0%} "
          f"of the {cores} cores")  # fmt: skip
    print(f"load average after: {load_average()}")
    if args.profile is not None and not args.browser:
        from app_profile import summarise

        summarise(f"the server while {args.sessions} sessions act", args.profile, top=30)
    return 0 if not errors else 1


if __name__ == "__main__":
    sys.exit(main())
