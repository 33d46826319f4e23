"""The mutation score of modules after `mutmut run` (`make mutation`, docs/testing.md).

    .venv/bin/python scripts/mutation_score.py whot_core/whot/players/memory.py \
        whot_core/whot/engine
    .venv/bin/python scripts/mutation_score.py --names whot_core/whot/players/memory.py
    .venv/bin/python scripts/mutation_score.py --tests whot_core/whot/players/memory.py

With `--names`, print the mutant-name patterns that `mutmut run` takes for those modules (a folder
stands for every module in it). With `--tests`, print the test files that cover them (`FOCUSED`;
`make mutation` passes them in `MUTATION_TESTS`, and tests/conftest.py deselects the rest); nothing
when one of the modules has none named, and then every test in `[tool.mutmut]` runs.

Otherwise print, per module that has results in ./mutants/, how many mutants were killed, judged
equivalent (docs/testing.md), survived or not run, the score (killed among those run and not
equivalent) and the survivors' names (`mutmut show NAME` shows one).
A module is a path; a folder stands for every module in it.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: mutmut's exit codes (mutmut.stats.status_by_exit_code): 1 and 3 kill a mutant, 0 lets it live;
#: a timeout counts as a kill (the mutant made the tests hang), and so does -9, the SIGKILL that
#: follows a timeout's SIGXCPU when the hung test does not stop (mutmut calls it "segfault").
KILLED = {1, 3, 36, 24, -24, 152, 255, -9}
SURVIVED = {0}

#: The fast tests that cover each module, for `make mutation`: every mutant of the module runs
#: only those of them that reach the mutated function. Each file must also be in
#: `pytest_add_cli_args_test_selection` (pyproject.toml).
#: The play-by-play scenarios of the rules, which most of the engine's modules meet.
_SCENARIOS = (
    "tests/test_scenarios_specials.py",
    "tests/test_scenarios_house_rules.py",
    "tests/test_scenarios_matching.py",
    "tests/test_scenarios_ending.py",
)
# The engine's rules, state and legality leave out tests/test_properties.py: its random games take
# 40 s a mutant on a loaded machine, and a mutant that every move reaches would run them whole.
FOCUSED: dict[str, tuple[str, ...]] = {
    "whot_core/whot/players/memory.py": (
        "tests/test_memory_mutants.py",
        "tests/test_players.py",
        "tests/test_heuristic_terms.py",
    ),
    "whot_core/whot/players/heuristic.py": (
        "tests/test_heuristic_mutants.py",
        "tests/test_heuristic_terms.py",
        "tests/test_golden_decisions.py",
        "tests/test_playout_policy.py",
        "tests/test_decisions.py",
    ),
    "whot_core/whot/players/reasons.py": (
        "tests/test_reasons_words.py",
        "tests/test_golden_decisions.py",
        "tests/test_heuristic_terms.py",
    ),
    "whot_core/whot/players/search.py": (
        "tests/test_search_mutants.py",
        "tests/test_search.py",
    ),
    "whot_core/whot/players/common.py": (
        "tests/test_random_mutants.py",
        "tests/test_players.py",
    ),
    "whot_core/whot/players/random.py": (
        "tests/test_random_mutants.py",
        "tests/test_players.py",
    ),
    "whot_core/whot/players/simulate.py": ("tests/test_simulate.py",),
    "whot_core/whot/players/levels.py": ("tests/test_players.py",),
    "whot_core/whot/players/rule_measures.py": ("tests/test_verdict.py",),
    "whot_core/whot/teach/lessons.py": (
        "tests/test_lessons_mutants.py",
        "tests/test_lessons.py",
        "tests/test_lesson_questions.py",
    ),
    "whot_core/whot/teach/difference.py": (
        "tests/test_difference_mutants.py",
        "tests/test_difference.py",
    ),
    "whot_core/whot/teach/practice.py": (
        "tests/test_practice_mutants.py",
        "tests/test_practice.py",
        "tests/test_practice_choices.py",
    ),
    "whot_core/whot/engine/effects.py": (
        "tests/test_effects_mutants.py",
        "tests/test_scenarios_specials.py",
        "tests/test_scenarios_house_rules.py",
        "tests/test_scenarios_matching.py",
        "tests/test_scenarios_ending.py",
        "tests/test_golden.py",
    ),
    "whot_core/whot/engine/narrate.py": (
        "tests/test_narrate_words.py",
        "tests/test_scenarios_specials.py",
        "tests/test_scenarios_house_rules.py",
        "tests/test_scenarios_matching.py",
        "tests/test_scenarios_ending.py",
        "tests/test_practice_mutants.py",
    ),
    "whot_core/whot/engine/scoring.py": (
        "tests/test_scoring_mutants.py",
        "tests/test_scenarios_ending.py",
        "tests/test_golden.py",
        "tests/test_claims.py",
    ),
    "whot_core/whot/engine/state.py": (
        "tests/test_state_mutants.py",
        "tests/test_positions.py",
        "tests/test_moves.py",
        "tests/test_views.py",
        "tests/test_records.py",
        "tests/test_golden.py",
        "tests/test_engine_speedups.py",
        *_SCENARIOS,
    ),
    "whot_core/whot/engine/legal.py": (
        "tests/test_legal_mutants.py",
        "tests/test_moves.py",
        "tests/test_positions.py",
        "tests/test_engine_speedups.py",
        *_SCENARIOS,
        "tests/test_golden.py",
    ),
    "whot_core/whot/engine/rules.py": (
        "tests/test_rules_mutants.py",
        "tests/test_rules.py",
        *_SCENARIOS,
        "tests/test_golden.py",
    ),
    "whot_core/whot/engine/cards.py": (
        "tests/test_cards.py",
        "tests/test_moves.py",
        "tests/test_positions.py",
    ),
    "whot_core/whot/engine/events.py": (
        "tests/test_narrate_words.py",
        "tests/test_views.py",
        "tests/test_records.py",
        *_SCENARIOS,
    ),
    "whot_core/whot/engine/records.py": (
        "tests/test_records.py",
        "tests/test_golden.py",
    ),
    "whot_core/whot/engine/views.py": (
        "tests/test_views.py",
        "tests/test_engine_speedups.py",
        "tests/test_positions.py",
    ),
    "whot_core/whot/engine/matches.py": ("tests/test_matches.py",),
    "whot_core/whot/engine/moves.py": (
        "tests/test_moves_mutants.py",
        "tests/test_moves.py",
        "tests/test_records.py",
        "tests/test_positions.py",
        "tests/test_properties.py",
    ),
}


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


def equivalent() -> set[str]:
    """The survivors judged equivalent (they change nothing a user could see): the mutant names
    in backquotes in docs/testing.md's section "Equivalent mutants", each given with its reason."""
    text = (ROOT / "docs" / "testing.md").read_text(encoding="utf-8")
    _, _, section = text.partition("### Equivalent mutants")
    section = section.split("\n#", 1)[0]
    return set(re.findall(r"`(whot_core\.[\w.]+__mutmut_\d+)`", section))


def score(path: Path, judged: set[str]) -> tuple[Counter, list[str]] | None:
    """Each status's count among the module's mutants (killed, equivalent, survived, not run,
    unreached) and the survivors not judged equivalent; None if it has no results."""
    meta = ROOT / "mutants" / f"{path}.meta"
    if not meta.exists():
        return None
    codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
    statuses: Counter = Counter()
    survivors = []
    for name, code in sorted(codes.items()):
        if code in KILLED:
            statuses["killed"] += 1
        elif code in SURVIVED and name in judged:
            statuses["equivalent"] += 1
        elif code in SURVIVED:
            statuses["survived"] += 1
            survivors.append(name)
        elif code is None:
            statuses["not run"] += 1
        elif code == 33:
            statuses["reached by no test"] += 1
        else:
            statuses[f"exit code {code}"] += 1
    return statuses, survivors


def main(argv: list[str]) -> int:
    if argv[:1] == ["--names"]:
        print(" ".join(f"'{pattern(Path(p))}'" for p in argv[1:]))
        return 0
    if argv[:1] == ["--tests"]:
        paths = [path.as_posix() for path in modules(argv[1:])]
        if all(path in FOCUSED for path in paths):  # else every test: one module needs them
            print(" ".join(sorted({test for path in paths for test in FOCUSED[path]})))
        return 0
    judged = equivalent()
    total: Counter = Counter()
    for path in modules(argv):
        result = score(path, judged)
        if result is None or not result[0]:
            continue
        statuses, survivors = result
        total += statuses
        print(f"{path}: {_summary(statuses)}")
        for name in survivors:
            print(f"    survived: {name}")
    print(f"in all: {_summary(total)}" if total else "no results: run `make mutation` first")
    return 0


def _summary(statuses: Counter) -> str:
    """One module's line: how many were killed of its mutants, the score (the killed among the
    mutants killed or survived, the equivalent left out), then the other statuses' counts."""
    mutants = sum(statuses.values())
    judged = statuses["killed"] + statuses["survived"]
    share = f"{statuses['killed'] / judged:.1%}" if judged else "-"
    rest = ", ".join(
        f"{count} {status}" for status, count in statuses.items() if status != "killed" and count
    )
    line = f"{statuses['killed']} killed of {mutants} mutants, {share} of those judged"
    return f"{line}; {rest}" if rest else line


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
