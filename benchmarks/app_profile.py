"""Where the server's CPU goes for a page load or a click: `python benchmarks/app_profile.py`.

Runs the app under py-spy (`pip install py-spy`, or `--py-spy PATH`), which samples every
thread of the server on the CPU, drives `--times` loads of each page named (or clicks of each
kind named, `benchmarks/app_load.py`'s) in Chromium after a warm-up, and prints the functions
that held the most samples, counted once a stack (inclusive), with their share. `--raw DIR`
keeps py-spy's collapsed stacks, one file a scenario (for a flame graph).

    python benchmarks/app_profile.py --pages play side_by_side --clicks "Watch: Next"
"""

from __future__ import annotations

import argparse
import collections
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from app_load import CLICKS, ROOT, Click, RunsSeen, Server, page_waits, shots, time_load

#: A thread's last frame when it waits (a lock, a socket, a sleep), not working.
_WAITING = (
    "Condition.wait",
    "Event.wait",
    "EpollSelector.select",
    "_worker (concurrent",
    "PollingPathWatcher._schedule.<locals>.task",
)
#: Frames that every stack holds (the thread's start, the event loop): not worth a line.
_PLUMBING = (
    "Thread.run (threading.py",
    "Thread._bootstrap",
    "_run_once",
    "run_forever",
    "_run (asyncio",
)


def profile(py_spy: str, scenario: str, drive, times: int, raw: Path) -> None:
    """Serve the app, drive `scenario` once to warm up, then attach py-spy to the server and
    drive it `times` times: the profile holds neither the start-up nor the first visit."""
    out = raw / f"{scenario.replace(' ', '_').replace(':', '')}.txt"
    with shots.server(ROOT / "app.py") as (base, process), shots.browser() as page:
        seen = RunsSeen()
        seen.watch(page)
        server = Server(base, process.pid)
        drive(page, seen, server)
        command = [py_spy, "record", "--format", "raw", "--rate", "200", "-o", str(out)]
        spy = subprocess.Popen(
            [*command, "--pid", str(process.pid)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        page.wait_for_timeout(1000)  # py-spy attaches
        for _ in range(times):
            drive(page, seen, server)
        spy.send_signal(signal.SIGINT)  # py-spy writes its samples
        spy.wait(timeout=60)
    summarise(scenario, out)


def click_again(page, seen: RunsSeen, server: Server, click: Click) -> None:
    """The click once more on the page as it is (the first time, open the page): a profile
    of clicks holds no page loads beyond the first."""
    if not page.url.startswith(server.base):
        page.goto(server.base + click.path)
        shots.wait_until_idle(page, **click.wait)
        seen.wait_quiet(page)
    count = seen.finished
    click.press(page)
    seen.wait_past(page, count)
    shots.wait_until_idle(page, **click.wait)


def _frame(text: str) -> str:
    """A frame of py-spy's as "function (file)", without the line."""
    function, _, where = text.partition(" (")
    return f"{function} ({where.split(':')[0]})"


def summarise(scenario: str, out: Path, top: int = 40) -> None:
    """The frames that held most samples (each counted once a stack), then those that held
    them themselves. Samples of a thread waiting (py-spy counts some as running) are left out."""
    inclusive: collections.Counter[str] = collections.Counter()
    own: collections.Counter[str] = collections.Counter()
    total = 0
    for line in out.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        frames = [_frame(f) for f in stack.split(";")]
        if frames[-1].startswith(_WAITING):
            continue
        total += int(count)
        own[frames[-1]] += int(count)
        for frame in set(frames):
            if not frame.startswith(_PLUMBING):
                inclusive[frame] += int(count)
    print(f"== {scenario}: {total} samples on the CPU (at 200 a second)")
    for frame, count in inclusive.most_common(top):
        print(f"{count / total:6.1%}  {frame}")
    print("-- own time")
    for frame, count in own.most_common(top // 2):
        print(f"{count / total:6.1%}  {frame}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", nargs="*", default=[])
    parser.add_argument("--clicks", nargs="*", default=[], help="names from app_load's CLICKS")
    parser.add_argument("--times", type=int, default=10)
    parser.add_argument("--py-spy", default=shutil.which("py-spy") or "py-spy")
    parser.add_argument("--raw", type=Path, help="keep py-spy's collapsed stacks here")
    args = parser.parse_args(argv)
    raw = args.raw or Path(tempfile.mkdtemp(prefix="app_profile_"))
    raw.mkdir(parents=True, exist_ok=True)
    clicks = {c.name: c for c in CLICKS}
    for name in args.pages:
        path, wait = page_waits(name)
        profile(
            args.py_spy, f"load {name}",
            lambda p, s, v, path=path, wait=wait: time_load(p, s, v, path, wait),
            args.times, raw,
        )  # fmt: skip
    for name in args.clicks:
        click = clicks[name]
        profile(
            args.py_spy, f"click {name}",
            lambda p, s, v, click=click: click_again(p, s, v, click),
            args.times, raw,
        )  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
