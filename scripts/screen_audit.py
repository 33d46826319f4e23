"""The screen audit: per Whot page and screen (desk 1400x1000, classroom 1280x720, phone 390x844),
the smallest word drawn in a table picture, the smallest word of a chart and the chart titles
cut, and the smallest tap target, in CSS pixels:
`python scripts/screen_audit.py` (`--only play watch` for some pages).

It starts the app and Debian's Chromium as scripts/screenshots.py does and measures with
tests/screen_measure.py, the functions the screen contract's browser tests use. The table it
prints is the one in docs/screens.md (before and after the projector-and-phone work).
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = sys.modules.setdefault(name, importlib.util.module_from_spec(spec))
    spec.loader.exec_module(module)
    return module


shots = _load("screenshots", ROOT / "scripts" / "screenshots.py")
measure = _load("screen_measure", ROOT / "tests" / "screen_measure.py")


@dataclass(frozen=True)
class Page:
    """A page to measure: its link, what must show before measuring, a button to press."""

    name: str
    path: str
    tables: int = 0  # interactive tables (inline SVG) to wait for
    pictures: int = 0  # data-URI pictures to wait for
    click: str | None = None
    charts: int = 0  # charts to wait for (after the click, if any)


PAGES = (
    Page("learn", "/?lesson=pick-two-and-three&stage=2", tables=1),
    Page("rules", "/rules?preset=nigerian&must_play=true", pictures=2),
    Page("watch (3 players)", "/watch?preset=nigerian&seed=3&step=3", pictures=1),
    Page(
        "watch (4 players)",
        "/watch?preset=nigerian&seed=3&seats=heuristic,heuristic,heuristic,heuristic&step=3",
        pictures=1,
    ),
    Page("scoring", "/scoring?preset=british&seed=7", pictures=8, charts=2),
    Page(
        "compare",
        "/compare?preset=british&b=preset:nigerian&games=100&seed=3",
        click="Run the comparison",
        charts=8,
    ),
    Page("side by side", "/side_by_side?preset=nigerian&seed=0&step=4", pictures=2),
    Page("side by side (the deal)", "/side_by_side?preset=british&seed=0&step=0", pictures=2),
    Page("play (2 players)", "/play?preset=nigerian&seed=4", tables=1),
    Page("play (3 players)", "/play?preset=nigerian&seed=4&ai=2", tables=1),
    Page("play (6 players, 2 packs)", "/play?preset=british&packs=2&seed=2&ai=5", tables=1),
    Page(
        "whist watch",
        "/whist?deal=3&lineup=search,heuristic,heuristic,heuristic&budget=25&step=8",
        pictures=1,
    ),
)
SCREENS = {"desk": measure.DESK, "classroom": measure.CLASSROOM, "phone": measure.PHONE}


def audit(page, base: str, visit: Page, screen: str) -> tuple[str, str, str]:
    """The smallest table text, chart text (and titles cut) and tap target of one page on one
    screen, as table cells."""
    width, height = SCREENS[screen]
    page.set_viewport_size({"width": width, "height": height})
    joiner = "&" if "?" in visit.path else "?"
    page.goto(base + visit.path + (joiner + "classroom=on" if screen == "classroom" else ""))
    shots.wait_until_idle(page, visit.pictures, 0 if visit.click else visit.charts, visit.tables)
    if visit.click:
        page.get_by_role("button", name=visit.click).click()
        shots.wait_until_idle(page, visit.pictures, visit.charts, tables=visit.tables)
    text = measure.smallest_text(page)
    target = measure.smallest_target(page)
    charts = "-"
    if visit.charts:
        least = min(measure.chart_text(page), key=lambda t: t["px"])
        cut = measure.cut_chart_text(page)
        charts = f"{least['px']:g} ({least['text']!r}); {len(cut)} title{'s' * (len(cut) != 1)} cut"
    return (
        "-" if text is None else f"{text.px:g} ({text.what})",
        charts,
        "-" if target is None else f"{target.px:g} ({target.what})",
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", metavar="NAME", help="pages whose name starts so")
    parser.add_argument("--root", type=Path, help="serve the app from this checkout (main's)")
    args = parser.parse_args(argv)
    if args.root:
        shots.ROOT = args.root.resolve()
    pages = [p for p in PAGES if not args.only or any(p.name.startswith(o) for o in args.only)]
    columns = ("table text", "chart text", "tap target")
    print("| page | screen | " + " | ".join(f"smallest {c}, px" for c in columns) + " |")
    print("|---|---|---|---|---|")
    with shots.serve() as base, shots.browser() as page:
        for visit in pages:
            for screen in SCREENS:
                text, charts, target = audit(page, base, visit, screen)
                print(f"| {visit.name} | {screen} | {text} | {charts} | {target} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
