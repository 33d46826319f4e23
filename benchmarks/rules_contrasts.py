"""How fast the Rules page finds its contrasts: `python benchmarks/rules_contrasts.py`.

Two figures:

1. `app.change_contrasts` for one change from a preset, every preset and every value a
   sidebar control can take that differs from the preset's (the search over small positions and
   the two pictures): the median and the slowest, uncached.
2. The Rules page's whole rerun (AppTest) with three changes: the first visit, which finds the
   contrasts, and the next, served from `st.cache_data`; and the same without any change, which
   has no contrast to find (the difference is the contrasts' cost).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app_caches import clear_app_caches  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402

from whot_core import Rules  # noqa: E402
from whot_core.whot.app import controls, side_by_side  # noqa: E402
from whot_core.whot.teach.difference import PLAY_TOGGLES  # noqa: E402


def single_changes(preset: str) -> list[tuple[str, Rules]]:
    """Each play toggle set to each other value its control offers (one at a time)."""
    base = Rules.preset(preset)
    out = []
    for control in controls.controls():
        name = control.field
        if name not in PLAY_TOGGLES or name == "specials":
            continue
        options = control.options or (True, False)
        for value in options:
            try:
                rules = base.replace(**{name: value})
            except (TypeError, ValueError):
                continue
            if rules != base:
                out.append((f"{preset}: {name}={value}", rules))
    specials = dict(base.specials)
    specials.pop(2, None) if 2 in specials else specials.update({2: "pick_two"})
    out.append((f"{preset}: the 2 changed", base.replace(specials=specials)))
    return out


def contrast_times() -> list[tuple[float, str]]:
    times = []
    for preset in Rules.presets():
        for label, rules in single_changes(preset):
            start = time.perf_counter()
            side_by_side.change_contrasts(Rules.preset(preset), rules)
            times.append((time.perf_counter() - start, label))
    return times


CHANGED = {"preset": "nigerian_street", "defence": "off", "hold_on": "skip_next", "hand_size": "5"}


def page_times(link: dict, tries: int = 3) -> tuple[list[float], list[float]]:
    first, again = [], []
    for _ in range(tries):
        clear_app_caches()
        at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
        at.query_params.update(link)
        start = time.perf_counter()
        at.run()
        first.append(time.perf_counter() - start)
        start = time.perf_counter()
        at.run()
        again.append(time.perf_counter() - start)
    return first, again


def main() -> None:
    times = contrast_times()
    seconds = [t for t, _ in times]
    slowest = max(times)
    print(
        f"change_contrasts, one change ({len(times)} changes over {len(Rules.presets())} presets):"
        f" median {statistics.median(seconds) * 1000:.0f} ms, slowest "
        f"{slowest[0] * 1000:.0f} ms ({slowest[1]})"
    )
    for what, link in (("3 changes", CHANGED), ("no change", {"preset": "nigerian_street"})):
        first, again = page_times(link)
        print(
            f"Rules page rerun, {what}: first visit {statistics.median(first):.2f} s, "
            f"next {statistics.median(again):.2f} s (medians of {len(first)})"
        )


if __name__ == "__main__":
    main()
