"""The mutation score of modules after `mutmut run` (`make mutation`, docs/testing.md).

    .venv/bin/python scripts/mutation_score.py whot_core/whot/players/memory.py whot_core/whot/teach
    .venv/bin/python scripts/mutation_score.py --names whot_core/whot/players/memory.py

With `--names`, print the mutant-name patterns that `mutmut run` takes for those modules (a folder
stands for every module in it). Otherwise print, per module that has results in ./mutants/, how many
mutants were killed out of those checked, and the survivors' names (`mutmut show NAME` shows one).
A module is a path; a folder stands for every module in it.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: mutmut's exit codes (mutmut.stats.status_by_exit_code): 1 and 3 kill a mutant, 0 lets it live;
#: a timeout counts as a kill (the mutant made the tests hang).
KILLED = {1, 3, 36, 24, -24, 152, 255}
SURVIVED = {0}


def modules(paths: list[str]) -> list[Path]:
    out: list[Path] = []
    for path in map(Path, paths):
        out += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return out


def pattern(path: Path) -> str:
    """`whot_core/whot/players/memory.py` -> `whot_core.whot.players.memory.*`; a folder ->
    `pkg.folder.*`."""
    dotted = ".".join(path.with_suffix("").parts) if path.suffix else ".".join(path.parts)
    return f"{dotted}.*"


def score(path: Path) -> tuple[int, int, list[str], Counter] | None:
    """(killed, checked, survivors, every status) from the module's results; None if none."""
    meta = ROOT / "mutants" / f"{path}.meta"
    if not meta.exists():
        return None
    codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
    statuses = Counter(
        "killed" if c in KILLED else "survived" if c in SURVIVED else str(c) for c in codes.values()
    )
    survivors = sorted(name for name, code in codes.items() if code in SURVIVED)
    checked = statuses["killed"] + statuses["survived"]
    return statuses["killed"], checked, survivors, statuses


def main(argv: list[str]) -> int:
    if argv[:1] == ["--names"]:
        print(" ".join(f"'{pattern(Path(p))}'" for p in argv[1:]))
        return 0
    total_killed = total_checked = 0
    for path in modules(argv):
        result = score(path)
        if result is None:
            continue
        killed, checked, survivors, statuses = result
        if not statuses:
            continue
        total_killed += killed
        total_checked += checked
        share = f"{killed / checked:.0%}" if checked else "-"
        other = {k: v for k, v in statuses.items() if k not in ("killed", "survived")}
        extra = f" (also {dict(other)}: 'None' = not run, 33 = no test reaches it)" if other else ""
        print(f"{path}: {killed} of {checked} mutants killed, {share}{extra}")
        for name in survivors:
            print(f"    survived: {name}")
    if total_checked:
        share = total_killed / total_checked
        print(f"in all: {total_killed} of {total_checked} killed, {share:.0%}")
    else:
        print("no results: run `make mutation` first")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
