"""Two versions of the app side by side: `python benchmarks/app_ab.py OLD_DIR --pages learn`.

On a shared machine the times of two runs an hour apart do not compare; two servers loaded turn
about in one Chromium, in the same minutes, do. OLD_DIR holds another version of the app, e.g.
`git archive def3049 | tar -x -C /tmp/old`; the new one is this checkout. Each is served with
its own settings (its `.streamlit/config.toml`). For each page named,
after a warm-up of each: `--repeats` loads of old and new turn about (as `app_load.py` times a
load: from `goto` to the page drawn and idle), printed as the median time, the median of
Chromium's JavaScript time (CDP `ScriptDuration`) and the mean of the server's CPU, with the
load average before and after, and the mean of the bytes the page received over the
websocket. Each version's load is timed to what its own `scripts/screenshots.py` says the page
draws (Watch's search chart was a plotly chart, and is a picture now), at the address the new
one's gives.

`--clicks` times clicks the same way (`app_load.CLICKS`, by name: the page opened afresh, then
from the click to settled), with the bytes received after the click. Both versions are waited
for as this checkout's benchmark waits, so a click whose drawing changed kind (Watch's Next,
against a version with a plotly chart) cannot be compared here.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from app_load import (
    CLICKS,
    ROOT,
    SIZES,
    RunsSeen,
    Server,
    load_average,
    open_for_click,
    page_waits,
    settle_click,
    shots,
    time_load,
)


class Received:
    """The bytes a page has received over its websockets."""

    def __init__(self, page) -> None:
        self.bytes = 0
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))

    def _frame(self, payload) -> None:
        self.bytes += len(payload)


def visits_of(checkout: Path) -> dict:
    """The pages `checkout`'s own `scripts/screenshots.py` visits, by name."""
    name = f"screenshots_of_{abs(hash(str(checkout)))}"
    spec = importlib.util.spec_from_file_location(name, checkout / "scripts" / "screenshots.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # a dataclass looks its module up while it is made
    spec.loader.exec_module(module)
    return {visit.name: visit for visit in module.VISITS}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path, help="another version's checkout (its app.py)")
    parser.add_argument("--pages", nargs="*", default=["learn"])
    parser.add_argument("--repeats", type=int, default=6)
    parser.add_argument("--size", choices=SIZES, default="desk", help="the window: desk or phone")
    clicks = {click.name: click for click in CLICKS[1:]}
    parser.add_argument("--clicks", nargs="*", default=[], choices=clicks, metavar="CLICK")
    args = parser.parse_args(argv)
    width, height = SIZES[args.size]
    print(f"{args.old} (old) against {ROOT} (new), {width}x{height}; load average {load_average()}")
    with (
        shots.server(args.old / "app.py", root=args.old) as (old_base, old),
        shots.server(ROOT / "app.py") as (new_base, new),
        shots.browser(width, height) as page,
    ):
        servers = {"old": Server(old_base, old.pid), "new": Server(new_base, new.pid)}
        cdp = page.context.new_cdp_session(page)
        cdp.send("Performance.enable")
        seen = RunsSeen()
        seen.watch(page)
        received = Received(page)
        old_visits = visits_of(args.old)
        for name in args.pages:
            path, new_wait = page_waits(name)
            waits = {"old": page_waits(name, old_visits)[1], "new": new_wait}
            tries: dict[str, list[tuple[float, ...]]] = {"old": [], "new": []}
            for repeat in range(args.repeats + 1):  # the first, a warm-up
                for tag, server in servers.items():
                    before = received.bytes
                    seconds, cpu = time_load(page, seen, server, path, waits[tag])
                    metrics = cdp.send("Performance.getMetrics")["metrics"]
                    script = next(m["value"] for m in metrics if m["name"] == "ScriptDuration")
                    if repeat:
                        tries[tag].append((seconds, script, cpu, received.bytes - before))
            for tag, each in tries.items():
                print(
                    f"{name:<14} {tag}: load {statistics.median(t[0] for t in each) * 1000:5.0f} ms"
                    f", JavaScript {statistics.median(t[1] for t in each) * 1000:5.0f} ms"
                    f", server CPU {statistics.fmean(t[2] for t in each) * 1000:4.0f} ms"
                    f", received {statistics.fmean(t[3] for t in each) / 1000:5.0f} KB",
                    flush=True,
                )
        for name in args.clicks:
            click = clicks[name]
            tries = {"old": [], "new": []}
            for repeat in range(args.repeats + 1):  # the first, a warm-up
                for tag, server in servers.items():
                    open_for_click(page, seen, server, click)
                    before = received.bytes
                    seconds, cpu = settle_click(page, seen, server, click)
                    if repeat:
                        tries[tag].append((seconds, cpu, received.bytes - before))
            for tag, each in tries.items():
                print(
                    f"{name:<20} {tag}: click to settled "
                    f"{statistics.median(t[0] for t in each) * 1000:5.0f} ms"
                    f", server CPU {statistics.fmean(t[1] for t in each) * 1000:4.0f} ms"
                    f", received {statistics.fmean(t[2] for t in each) / 1000:5.0f} KB",
                    flush=True,
                )
    print(f"load average after: {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
