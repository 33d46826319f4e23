"""The browser's CPU for a click: `python benchmarks/click_cpu.py --clicks "Watch: Next"`.

A click's time to settled swings by a quarter from run to run on a shared machine (other
sessions' browsers take the cores), more than most changes move it. The CPU time of the page's
main thread in Chromium swings less: it counts what the browser did for the click, not how long
it waited for a core. For each click named (`app_load.CLICKS`), this checkout and any OTHER
checkouts (e.g. `git archive main | tar -x -C /tmp/old`) are served side by side, and the click
is made turn about on each after a warm-up, each time under a Chromium trace; the thread time of
every task on the renderer's main thread (the trace's `tdur`) is summed from the press to the
page settled, and split by what the task ran first: React's work (Streamlit drawing the
elements), a style recalculation (a frame's task starts with one: its layout and paint count
there), a layout or a paint of their own, garbage collection, or the rest (the websocket's
messages, a component's own script, the benchmark's polling). The bare page's rerun
(`bare_page.py`) is the floor.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from app_load import BARE, CLICKS, ROOT, RunsSeen, Server, load_average, open_for_click, shots

#: Enough to see each task, its thread time and the JavaScript it ran; little overhead.
CATEGORIES = ["toplevel", "devtools.timeline", "v8.execute"]
#: What a task ran, by the first of these events inside it (React's scheduler runs its work
#: from a message to itself: a task whose first JavaScript is react-dom's).
KINDS = {"UpdateLayoutTree": "style", "Layout": "layout", "Paint": "paint", "MinorGC": "gc",
         "MajorGC": "gc"}  # fmt: skip
#: The trace's names for a task the main thread runs from its queue.
TASKS = ("RunTask", "ThreadControllerImpl::RunTask")
PARTS = ("react", "style", "layout", "paint", "gc", "other")


def main_thread(events: list[dict]) -> tuple[int, int]:
    """The (pid, tid) of the renderer's main thread with the most events: the page's."""
    names = {
        (e["pid"], e["tid"]): e["args"]["name"]
        for e in events
        if e.get("ph") == "M" and e.get("name") == "thread_name"
    }
    mains = Counter(
        (e["pid"], e["tid"])
        for e in events
        if names.get((e["pid"], e["tid"])) == "CrRendererMain" and e.get("ph") == "X"
    )
    return mains.most_common(1)[0][0]


def task_kind(inside: Iterable[dict]) -> str:
    """What a task ran, from the events inside it in order: React's work, a style
    recalculation, a layout, a paint, garbage collection, or other."""
    for event in inside:
        if event["name"] == "FunctionCall":
            url = event.get("args", {}).get("data", {}).get("url", "")
            return "react" if "react-dom" in url.rsplit("/", 1)[-1] else "other"
        if event["name"] in KINDS:
            return KINDS[event["name"]]
    return "other"


def cpu_by_kind(trace: Mapping) -> Counter:
    """Milliseconds of the main thread's CPU (thread time) by what each task ran."""
    events = trace["traceEvents"]
    thread = main_thread(events)
    mine = sorted(
        (e for e in events if (e["pid"], e["tid"]) == thread and e.get("ph") == "X" and "dur" in e),
        key=lambda e: (e["ts"], -e["dur"]),
    )
    spent: Counter = Counter()
    end = -1
    for at, task in enumerate(mine):
        if task["ts"] < end or task["name"] not in TASKS:
            continue  # inside a task already counted, or not a task
        end = task["ts"] + task["dur"]
        inside = (e for e in mine[at + 1 :] if e["ts"] < end)
        spent[task_kind(inside)] += task.get("tdur", task["dur"]) / 1000
    return spent


def traced_click(page, seen: RunsSeen, server: Server, click) -> Counter:
    """Open the click's page afresh, then make the click under a trace: its CPU by kind."""
    open_for_click(page, seen, server, click)
    browser = page.context.browser
    browser.start_tracing(page=page, categories=CATEGORIES)
    count = seen.finished
    click.press(page)
    seen.wait_past(page, count)
    shots.wait_until_idle(page, **(click.after or click.wait))
    return cpu_by_kind(json.loads(browser.stop_tracing()))


def line(name: str, tag: str, tries: list[Counter]) -> str:
    """The medians of a version's tries: the whole main thread's CPU and its parts."""
    whole = statistics.median(sum(t.values()) for t in tries)
    parts = ", ".join(f"{p} {statistics.median(t[p] for t in tries):4.1f}" for p in PARTS)
    return f"{name:<20} {tag:<14} main thread CPU {whole:5.1f} ms ({parts})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("others", nargs="*", type=Path, help="other checkouts (their app.py)")
    clicks = {click.name: click for click in CLICKS[1:]}
    parser.add_argument("--clicks", nargs="+", required=True, choices=clicks, metavar="CLICK")
    parser.add_argument("--repeats", type=int, default=12)
    args = parser.parse_args(argv)
    print(f"load average {load_average()}")
    with contextlib.ExitStack() as stack:
        servers = {}
        for tag, script, root in [
            ("bare rerun", BARE, ROOT),
            ("this", ROOT / "app.py", ROOT),
            *((str(other), other / "app.py", other) for other in args.others),
        ]:
            base, process = stack.enter_context(shots.server(script, root=root))
            servers[tag] = Server(base, process.pid)
        page = stack.enter_context(shots.browser())
        seen = RunsSeen()
        seen.watch(page)
        for name in args.clicks:
            tries: dict[str, list[Counter]] = {tag: [] for tag in servers}
            for repeat in range(args.repeats + 1):  # the first, a warm-up
                for tag, server in servers.items():
                    click = CLICKS[0] if tag == "bare rerun" else clicks[name]
                    spent = traced_click(page, seen, server, click)
                    if repeat:
                        tries[tag].append(spent)
            for tag, each in tries.items():
                print(line(name, tag, each), flush=True)
    print(f"load average after: {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
