"""Write the golden contrasts: the position and move `contrast` shows for each case of
`ONE_CASE_EACH` (tests/test_difference_mutants.py), one toggle and pair of values each, and of
`MORE_CASES`, and the sentence the learner reads under it.

    .venv/bin/python tests/golden/make_contrasts.py

`contrast` is seeded, so it always shows the same position; the learner sees it drawn, with its
sentence. tests/test_difference_mutants.py demands the same position, move and sentence.
Regenerate ONLY for an intended change in how contrasts are searched, and say so in the commit
message; the diff of contrasts/contrasts.json is then the review of what changed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent.parent), str(HERE.parent)]  # run from anywhere in a checkout

from test_difference_mutants import MORE_CASES, ONE_CASE_EACH, pinned, shown_at  # noqa: E402

FILE = HERE / "contrasts" / "contrasts.json"


def main() -> None:
    rows = []
    for case in ONE_CASE_EACH + MORE_CASES:
        shown = pinned(case)
        rows.append({"case": list(case), "shown": shown_at(shown), "text": shown.text})
    lines = ",\n".join(json.dumps(row) for row in rows)  # one contrast a line
    FILE.write_text(f"[\n{lines}\n]\n", encoding="utf-8")
    print(f"wrote {len(rows)} contrasts to {FILE}")


if __name__ == "__main__":
    main()
