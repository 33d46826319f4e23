"""A class under load: `python benchmarks/classroom_load.py` (about four minutes).

One app server (`streamlit run app.py`, its rooms in a temporary SQLite file), a projector and
thirty students answering ten questions:

- the projector is Chromium showing the teacher's page, as in a classroom (the classroom
  setting, 1280x720); the teacher's steps (ask, reveal) go to the store, the projector shows
  them through its watcher, as it shows every other change;
- each student is a Streamlit session kept open over the server's websocket, as a phone's
  browser keeps it, without a browser: it opens the student's page, then asks the page's
  watcher fragment to rerun every time the server says (the `run_every` a phone's browser
  obeys), exactly the requests a phone sends while it waits. A student answers through the
  store (`Classroom.answer`, the call the page's button makes) at a random moment of the
  question, then asks its page to rerun, as a button's click does. So the server does the work
  thirty phones give it; the benchmark does not pay for thirty browsers' drawing.

It prints: errors seen on any screen, answers sent and answers in the report (none lost), the
tally's delay (from an answer sent to the projector showing a count that includes it: median,
p90, max), the server's CPU for an idle minute (the class in the room, no question) and for a
question, and what the clients (this process and Chromium) took of the machine's cores.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))

import screenshots as shots  # noqa: E402
import websockets  # noqa: E402
from streamlit.proto.BackMsg_pb2 import BackMsg  # noqa: E402
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg  # noqa: E402

from whot_core.classroom import report  # noqa: E402
from whot_core.classroom.questions import practice_spec  # noqa: E402
from whot_core.classroom.room import Classroom, Settings  # noqa: E402
from whot_core.classroom.sqlite import SqliteStore  # noqa: E402
from whot_core.whot.engine.rules import Rules  # noqa: E402

#: Records each change of the projector's tally, with the browser's clock (ms since 1970).
TALLY_LOG = """() => {
  window.__tally = []; let last = null;
  new MutationObserver(() => {
    const el = document.querySelector('.room-tally');
    const text = el ? el.textContent : null;
    if (text !== last) { last = text; window.__tally.push([Date.now(), text]); }
  }).observe(document.body, {subtree: true, childList: true, characterData: true});
}"""


class Phone:
    """One student's page, kept open over the websocket as a phone's browser keeps it."""

    def __init__(self, base: str, query: str) -> None:
        self.uri = base.replace("http", "ws", 1) + "/_stcore/stream"
        self.origin = base
        self.query = query
        self.errors: list[str] = []
        self.fragment = ""
        self.interval = 0.0
        self.ws = None
        self.runs = 0
        self.running = False

    def _rerun(self, fragment: str = "") -> bytes:
        msg = BackMsg()
        msg.rerun_script.query_string = self.query
        msg.rerun_script.page_name = "classroom"
        if fragment:
            msg.rerun_script.fragment_id = fragment
            msg.rerun_script.is_auto_rerun = True
        return msg.SerializeToString()

    async def click(self) -> None:
        """A button's click: the whole page reruns."""
        self.running = True
        await self.ws.send(self._rerun())

    async def run(self, stop: asyncio.Event) -> None:
        async with websockets.connect(
            self.uri, subprotocols=["streamlit"], origin=self.origin, max_size=None
        ) as ws:
            self.ws = ws
            await ws.send(self._rerun())
            ticker = asyncio.create_task(self._tick(stop))
            try:
                while not stop.is_set():
                    try:
                        data = await asyncio.wait_for(ws.recv(), 0.5)
                    except TimeoutError:
                        continue
                    self._read(data)
            finally:
                ticker.cancel()

    def _read(self, data: bytes) -> None:
        msg = ForwardMsg()
        msg.ParseFromString(data)
        kind = msg.WhichOneof("type")
        if kind == "auto_rerun":
            self.fragment, self.interval = msg.auto_rerun.fragment_id, msg.auto_rerun.interval
        elif kind == "script_finished":
            self.runs += 1
            self.running = False
        elif kind == "delta" and msg.delta.WhichOneof("type") == "new_element":
            element = msg.delta.new_element
            which = element.WhichOneof("type")
            if which == "exception" or (which == "alert" and element.alert.format == 1):
                self.errors.append(str(getattr(element, which))[:200])

    async def _tick(self, stop: asyncio.Event) -> None:
        """The watcher's reruns, every `interval` seconds, as the browser's timer sends them
        (none while the page is still running: the browser waits for it too)."""
        while not stop.is_set():
            await asyncio.sleep(self.interval or 0.5)
            if self.fragment and not self.running:
                self.running = True
                await self.ws.send(self._rerun(self.fragment))


async def together(jobs: list) -> list:
    """Coroutines run at once, in the loop that awaits this (the students' thread)."""
    return await asyncio.gather(*jobs)


def cpu(process: psutil.Process) -> float:
    times = process.cpu_times()
    return times.user + times.system


def clients_cpu(server: psutil.Process) -> float:
    """This process and its children (Chromium, Playwright's driver), not the server."""
    me = psutil.Process()
    total = cpu(me)
    for child in me.children(recursive=True):
        if child.pid != server.pid:
            with contextlib.suppress(psutil.NoSuchProcess):
                total += cpu(child)
    return total


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--questions", type=int, default=10)
    parser.add_argument("--idle", type=float, default=60.0, help="seconds of the idle measure")
    parser.add_argument("--window", type=float, default=8.0, help="seconds students answer in")
    args = parser.parse_args(argv)
    rng = random.Random(7)
    folder = Path(tempfile.mkdtemp(prefix="whot-load-"))
    store = folder / "rooms.sqlite3"
    os.environ["WHOT_STORE"] = f"sqlite:///{store}"
    rooms = Classroom(SqliteStore(store))
    rules = Rules.preset("nigerian")
    specs = [practice_spec("count", seed, "mixed", rules) for seed in range(1, args.questions + 1)]
    code, key = rooms.open_room("Load", specs, Settings(max_size=args.students))
    students = [rooms.join(code, f"Student {n + 1}") for n in range(args.students)]

    from playwright.sync_api import sync_playwright

    with shots.serve() as base, sync_playwright() as p:
        server = next(c for c in psutil.Process().children(recursive=True)
                      if "streamlit" in " ".join(c.cmdline()))  # fmt: skip
        chromium = p.chromium.launch(
            executable_path=str(shots.CHROMIUM), headless=True, args=shots.CHROMIUM_ARGS
        )
        projector = chromium.new_page(viewport={"width": 1280, "height": 720})
        projector.set_default_timeout(120_000)
        projector.goto(f"{base}/classroom?room={code}&key={key}&classroom=on")
        projector.get_by_text(f"{args.students} students in the room").wait_for()

        loop = asyncio.new_event_loop()
        stop = asyncio.Event()
        phones = [Phone(base, f"room={code}&me={s.token}") for s in students]
        thread = threading.Thread(
            target=loop.run_until_complete,
            args=(together([phone.run(stop) for phone in phones]),),
            daemon=True,
        )
        thread.start()
        deadline = time.monotonic() + 120
        while sum(phone.runs > 0 for phone in phones) < len(phones):
            if time.monotonic() > deadline:
                raise TimeoutError("the students' pages did not all open")
            time.sleep(0.2)
        time.sleep(3)  # every page drawn and its watcher ticking

        wall, server0, clients0 = time.monotonic(), cpu(server), clients_cpu(server)
        time.sleep(args.idle)
        idle_server = cpu(server) - server0
        idle_clients = clients_cpu(server) - clients0
        idle_wall = time.monotonic() - wall

        delays: list[float] = []
        sent = 0
        wall, server0, clients0 = time.monotonic(), cpu(server), clients_cpu(server)
        for number in range(args.questions):
            rooms.ask(code, key)
            projector.get_by_text(f"0 of {args.students} answered").wait_for()
            projector.evaluate(TALLY_LOG)
            quiz = rooms.quiz(code, number)
            times: list[float] = []

            async def answer(student, phone, delay: float, n=number, quiz=quiz, times=times):
                await asyncio.sleep(delay)
                picked = [rng.randrange(len(quiz.labels))]
                sent_at = time.time()  # the phone's request leaves
                await asyncio.to_thread(rooms.answer, code, student.token, n, picked)
                times.append(sent_at)
                await phone.click()

            waits = [rng.uniform(0.3, args.window) for _ in students]
            jobs = [answer(s, ph, w) for s, ph, w in zip(students, phones, waits, strict=True)]
            asyncio.run_coroutine_threadsafe(together(jobs), loop).result(timeout=120)
            sent += len(times)
            projector.get_by_text(f"{args.students} of {args.students} answered").wait_for()
            log = projector.evaluate("() => window.__tally")
            shown = [(ms / 1000, int(text.split(" of ")[0])) for ms, text in log if text]
            if os.environ.get("LOAD_DEBUG"):
                print(sorted(times), shown)
            for k, at in enumerate(sorted(times), start=1):
                seen = next(t for t, count in shown if count >= k and t >= at)
                delays.append(max(0.0, seen - at))
            rooms.reveal(code, key)
            projector.get_by_text("The answer:").wait_for()
        question_wall = time.monotonic() - wall
        question_server = cpu(server) - server0
        question_clients = clients_cpu(server) - clients0
        projector_errors = shots.error_boxes(projector)
        loop.call_soon_threadsafe(stop.set)
        thread.join(timeout=30)
        chromium.close()

    snapshot = rooms.snapshot(code)
    kept = len(snapshot.answers)
    counted = sum(r.right + r.wrong for r in report.by_student(snapshot))
    errors = projector_errors + [e for phone in phones for e in phone.errors]
    cores = psutil.cpu_count()
    print(f"{args.students} students, {args.questions} questions, {cores} cores")
    print(f"errors on any screen: {len(errors)} {errors[:3]}")
    print(f"answers sent {sent}, kept {kept}, in the report {counted}")
    print(f"tally delay: median {statistics.median(delays):.2f} s, p90 "
          f"{percentile(delays, 90):.2f} s, max {max(delays):.2f} s")  # fmt: skip
    print(f"idle: server {idle_server:.2f} s CPU in {idle_wall:.0f} s "
          f"({100 * idle_server / idle_wall:.1f}% of one core)")  # fmt: skip
    print(
        f"a question: server {question_server / args.questions:.2f} s CPU "
        f"({100 * question_server / question_wall:.0f}% of one core while the class answers)"
    )
    print(
        f"clients (this process and Chromium): {100 * idle_clients / idle_wall / cores:.1f}% "
        f"of the cores idle, {100 * question_clients / question_wall / cores:.1f}% answering"
    )
    ok = not errors and sent == kept == counted and percentile(delays, 90) <= 2.0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
