"""How fast the explorer answers: `python benchmarks/app_speed.py`.

Four figures; the machine may be busy, so each is several tries (a median, or every try):

1. A step on the Watch page: the server's whole rerun (app.py, the sidebar, the page) timed with
   AppTest, and, when Chromium is there, the time from a click on Next to the new step on screen.
2. Compare, 2 x 1,000 games, with the page's default players (random: a card that fits, drawn
   only when none does) and with heuristic players: a new comparison, from the click to the
   charts drawn, with the page's workers loaded (as they are by the time a reader has chosen),
   for three seeds (the process's very first also loads what a first comparison loads); then a
   revisit served from `st.cache_data`.
3. Start-up: from launching `streamlit run` to the health check answering, and to the first page
   drawn in the browser.
4. Learn: the server's rerun that shows each stage of the path (all of them, once each), and a
   practice question (New question, each a new seed: a seeded game is played to find it).

`--learn` prints only the Learn figures.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests"))  # `helpers.press_step`: a press of the step controls
sys.path.insert(0, str(ROOT))

import screenshots as shots  # noqa: E402
from app_caches import clear_app_caches, hush_streamlit  # noqa: E402
from helpers import press_step  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402

import app  # noqa: E402


def _app(page: str, **params: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=300)
    at.query_params.update(params)
    at.run()
    at.switch_page(next(p.path for p in app.PAGES if p.url_path == page)).run()
    return at


def watch_step_server(steps: int) -> list[float]:
    """Seconds per Next click, server side (the default line-up: search, heuristic, heuristic)."""
    at = _app("watch", preset="nigerian", seed="1")
    times = []
    for _ in range(steps):
        start = time.perf_counter()
        press_step(at, "watch", "next")
        times.append(time.perf_counter() - start)
    return times


def learn_stages_server() -> list[float]:
    """Seconds to show each stage of the path: choose it, then the server's whole rerun."""
    from whot_core.whot.teach.lessons import LESSONS

    hush_streamlit()  # a new AppTest sets its session state, which warns outside a server
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=300)
    at.run()  # Learn is the first page
    times = []
    for lesson, each in enumerate(LESSONS):
        for stage in range(len(each.stages)):
            hush_streamlit()  # setting session state outside a server warns
            at.session_state["learn.lesson"] = lesson
            at.session_state["learn.stage"] = stage
            start = time.perf_counter()
            at.run()
            times.append(time.perf_counter() - start)
            assert not at.exception and at.query_params["stage"] == str(stage + 1)
    return times


def practice_server(questions: int) -> list[float]:
    """Seconds per New question in practice (each a new seed, so never from the cache)."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=300)
    at.query_params.update({"practice": "playable", "seed": "1"})
    at.run()
    times = []
    for _ in range(questions):
        start = time.perf_counter()
        at.button(key="learn.new").click().run()
        times.append(time.perf_counter() - start)
        assert not at.exception
    return times


def _wait_for_workers() -> None:
    """Wait until the page's worker pool (opened with the page) has every worker loaded."""
    from app_pages.whot import comparing

    hush_streamlit()  # the cached pool, asked for outside a server, warns
    pool = comparing.simulation_pool()
    if pool is not None:
        for future in [pool.submit(time.sleep, 0.2) for _ in range(pool._max_workers)]:
            future.result()


def compare_runs(games: int, level: str, seed: int) -> tuple[float, float]:
    """Seconds for a new comparison of 2 x `games` at the players' `level` (a seed not run
    before in this process: nothing cached), click to the charts drawn, and for the cached
    revisit."""
    clear_app_caches()
    at = _app("compare", level=level, seed=str(seed))
    at.select_slider(key="compare.games").set_value(games).run()
    _wait_for_workers()  # a reader takes longer to choose than a worker to load
    start = time.perf_counter()
    at.button(key="compare.run").click().run()
    first = time.perf_counter() - start
    assert len(at.get("plotly_chart")) == 4
    at.switch_page("app_pages/whot/rules.py").run()
    start = time.perf_counter()
    at.switch_page("app_pages/whot/compare.py").run()
    again = time.perf_counter() - start
    assert len(at.get("plotly_chart")) == 4
    return first, again


def browser_figures(steps: int) -> dict[str, float | list[float]]:
    """Start-up to health and to the first page drawn; Next click to the new step on screen."""
    with shots.browser() as page:  # already open, as a user's browser would be
        start = time.perf_counter()
        with shots.serve() as base:
            healthy = time.perf_counter() - start
            page.goto(base + "/")
            shots.wait_until_idle(page)
            first_page = time.perf_counter() - start
            page.goto(f"{base}/watch?preset=nigerian&seed=1&seats=heuristic,heuristic,heuristic")
            shots.wait_until_idle(page, pictures=1)
            shown, settled = [], []
            for step in range(1, steps + 1):
                begin = time.perf_counter()
                page.get_by_role("button", name="Next").click()
                page.wait_for_function(
                    "(n) => document.querySelector('h3').innerText.startsWith('Step ' + n + ' of')",
                    arg=step,
                )
                shown.append(time.perf_counter() - begin)
                shots.wait_until_idle(page, pictures=1)
                settled.append(time.perf_counter() - begin)
    return {"health": healthy, "first_page": first_page, "shown": shown, "settled": settled}


def _ms(values: list[float]) -> str:
    return f"median {statistics.median(values) * 1000:.0f} ms (max {max(values) * 1000:.0f} ms)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--learn", action="store_true", help="only the Learn page's figures")
    args = parser.parse_args(argv)
    stages = learn_stages_server()
    print(f"Learn, a stage shown, server rerun (AppTest, {len(stages)} stages): {_ms(stages)}")
    print(f"Learn, a new practice question, server rerun: {_ms(practice_server(args.steps))}")
    if args.learn:
        return 0
    print(f"Watch step, server rerun (AppTest): {_ms(watch_step_server(args.steps))}")
    for level in ("random", "heuristic"):
        runs = [compare_runs(args.games, level, seed) for seed in (1, 2, 3)]
        firsts = " ".join(f"{first:.2f}" for first, _ in runs)
        revisit = statistics.median(again for _, again in runs)
        print(
            f"Compare 2 x {args.games:,} games, {level} players, click to charts: {firsts} s "
            f"(seeds 1, 2, 3), revisit median {revisit * 1000:.0f} ms"
        )
    if shots.CHROMIUM.exists():
        seen = browser_figures(args.steps)
        print(
            f"Start-up: health check after {seen['health']:.2f} s, "
            f"first page drawn after {seen['first_page']:.2f} s"
        )
        print(f"Watch step in Chromium, click to the new step's heading: {_ms(seen['shown'])}")
        print(f"Watch step in Chromium, click to the page idle again: {_ms(seen['settled'])}")
    else:
        print(f"{shots.CHROMIUM} is missing: no browser figures")
    return 0


if __name__ == "__main__":
    sys.exit(main())
