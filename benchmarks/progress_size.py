"""How big a learner's kept progress gets (docs/learning.md records the figures).

    .venv/bin/python benchmarks/progress_size.py

Builds the largest progresses the Learn page can keep: every stage of both paths missed once then
solved (each one in review), then every practice kind and focus answered `RECENT` times, and
prints the bytes of each as stored in the browser (`to_json`). Nothing here is timed.
"""

from __future__ import annotations

from whot_core.learn import progress as kept
from whot_core.learn.page import MIXED
from whot_core.learn.path import stage_keys
from whot_core.whot.teach.practice import FOCI, KINDS

DAY = 739956  # any day: the size does not depend on it (a day is 6 digits until the year 2738)


def main() -> None:
    right = missed = kept.Progress()
    for key in stage_keys():
        right = kept.with_stage(right, key, correct=True, today=DAY)
        missed = kept.with_stage(missed, key, correct=False, today=DAY)
        missed = kept.with_stage(missed, key, correct=True, today=DAY)
    practised = missed
    for kind in KINDS:
        for focus in (MIXED, *FOCI):
            for n in range(kept.RECENT):
                practised = kept.with_practice(
                    practised, kind, focus, correct=n % 2 == 0, today=DAY
                )
    print(f"stages on both paths: {len(stage_keys())}")
    print(f"whole path, every stage right at once: {len(kept.to_json(right)):,} bytes")
    print(
        f"whole path, every stage missed once (all in review): {len(kept.to_json(missed)):,} bytes"
    )
    print(
        f"and every practice kind and focus, {kept.RECENT} answers each: "
        f"{len(kept.to_json(practised)):,} bytes (the limit read back: {kept.MAX_BYTES:,})"
    )


if __name__ == "__main__":
    main()
