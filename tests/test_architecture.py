"""The package's layout is a set of import rules; these tests read every module's imports (with
`ast`, so without running them) and hold the rules:

- `engine/` (Whot's rules) imports only the standard library, `engine/` and `toolkit/`;
- `toolkit/` (what both games share) imports no game;
- `whist/` imports only `toolkit/` and itself, and never a private name from outside itself;
- nothing in `engine/`, `players/` or `show/` imports `whist/`;
- `import whot_core` loads none of the optional extras;
- the old module paths (`whot_core.state`, ...) still import, as the same module, with a warning.
- no module is over `MAX_LINES` lines, except those in `LONG_MODULES`, each with its reason;
- README's Architecture section has a line for every folder, names every module of the split
  folders, and each arrow of its diagram is an import.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from whot_core._moved import MOVED

PACKAGE = Path(__file__).resolve().parent.parent / "whot_core"
STANDARD_LIBRARY = sys.stdlib_module_names | {"__future__"}
#: What Jupyter calls to draw an object: the engine's one way to reach its pictures, lazily.
DISPLAY_HOOKS = {"_repr_svg_", "_repr_html_"}


@dataclass(frozen=True)
class Import:
    """One import statement's target, resolved to an absolute module name."""

    importer: str  # the importing module, e.g. "whot_core.engine.state"
    module: str  # the imported module, e.g. "whot_core.engine.cards"
    names: tuple[str, ...]  # the names taken from it (empty for `import x`)
    function: str | None  # the function the import sits in, None at module level
    line: int

    def __str__(self) -> str:
        where = f" (in {self.function})" if self.function else ""
        return f"{self.importer}:{self.line} imports {self.module} {list(self.names)}{where}"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def package_of(path: Path) -> str:
    name = module_name(path)
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def is_module(name: str) -> bool:
    path = PACKAGE.parent.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


class _Collector(ast.NodeVisitor):
    def __init__(self, path: Path) -> None:
        self.path = path
        self.importer = module_name(path)
        self.functions: list[str] = []
        self.found: list[Import] = []

    def _add(self, module: str, names: tuple[str, ...], line: int) -> None:
        function = self.functions[-1] if self.functions else None
        self.found.append(Import(self.importer, module, names, function, line))

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.functions.append(node.name)
        self.generic_visit(node)
        self.functions.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(alias.name, (), node.lineno)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level == 0:
            base = node.module or ""
        else:
            parts = package_of(self.path).split(".")
            parts = parts[: len(parts) - (node.level - 1)]
            base = ".".join(parts + ([node.module] if node.module else []))
        for alias in node.names:
            submodule = f"{base}.{alias.name}"
            if is_module(submodule):  # `from . import effects`: a module, not a name
                self._add(submodule, (), node.lineno)
            else:
                self._add(base, (alias.name,), node.lineno)


def imports(folder: str) -> Iterator[Import]:
    """Every import in the modules under whot_core/<folder>, at any depth in the code."""
    root = PACKAGE / folder
    paths = sorted(root.rglob("*.py")) if root.is_dir() else [root.with_suffix(".py")]
    assert paths, folder
    for path in paths:
        collector = _Collector(path)
        collector.visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
        yield from collector.found


def within(module: str, *folders: str) -> bool:
    return any(module == f"whot_core.{f}" or module.startswith(f"whot_core.{f}.") for f in folders)


def top(module: str) -> str:
    return module.partition(".")[0]


# ------------------------------------------------------------------------------ the collector


def test_the_collector_resolves_relative_and_lazy_imports():
    found = list(imports("engine/state"))
    assert any(i.module == "whot_core.engine.effects" and not i.names for i in found)  # `from .`
    assert any(i.module == "whot_core.toolkit.errors" for i in imports("engine/moves"))
    lazy = [i for i in found if i.module == "whot_core.show.pictures"]
    assert lazy and all(i.function == "_repr_html_" for i in lazy)


# ---------------------------------------------------------------------------------- the rules


def test_the_engine_imports_only_the_standard_library_itself_and_the_toolkit():
    wrong = [
        str(i)
        for i in imports("engine")
        if top(i.module) not in STANDARD_LIBRARY
        and not within(i.module, "engine", "toolkit")
        # Jupyter's display hooks draw with show.pictures, imported only when called.
        and not (i.module == "whot_core.show.pictures" and i.function in DISPLAY_HOOKS)
    ]
    assert wrong == []


def test_the_toolkit_imports_no_game():
    wrong = [
        str(i)
        for i in imports("toolkit")
        if top(i.module) not in STANDARD_LIBRARY | {"ipywidgets"}
        and not within(i.module, "toolkit")
    ]
    assert wrong == []


def test_whist_imports_only_the_toolkit_and_itself():
    wrong = [
        str(i)
        for i in imports("whist")
        if top(i.module) == "whot_core" and not within(i.module, "whist", "toolkit")
    ]
    assert wrong == []


def test_whist_takes_no_private_name_from_outside_whist():
    wrong = [
        str(i)
        for i in imports("whist")
        if top(i.module) == "whot_core"
        and not within(i.module, "whist")
        and (
            any(name.startswith("_") for name in i.names)
            or any(part.startswith("_") for part in i.module.split("."))
        )
    ]
    assert wrong == []


@pytest.mark.parametrize("folder", ["engine", "players", "show", "toolkit"])
def test_whots_modules_do_not_import_whist(folder):
    assert [str(i) for i in imports(folder) if within(i.module, "whist")] == []


def test_import_whot_core_loads_no_optional_extra():
    code = (
        "import sys, whot_core\n"
        "heavy = ('plotly', 'pandas', 'ipywidgets', 'streamlit')\n"
        "print(sorted(m for m in sys.modules if m.partition('.')[0] in heavy))\n"
        "faces = ('whot_core.show', 'whot_core.whist', 'whot_core.players')\n"
        "print(sorted(m for m in sys.modules if m.startswith(faces)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split("\n")[:2] == ["[]", "[]"]


# -------------------------------------------------------------------------- module length

#: A module longer than this is hard to take in at one reading: split it by concern.
MAX_LINES = 500

#: The modules over `MAX_LINES` today, and why each is still one module (paths under whot_core/).
LONG_MODULES = {
    "engine/rules.py": "the `Rules` toggles with their metadata, values as text and the rules in "
    "sentences; the sentences could become a module of their own",
    "engine/state.py": "one class, `GameState`: its methods are the rules of play in order",
    "engine/matches.py": "the match formats and their bookkeeping, just over the limit",
    "players/simulate.py": "many games into tables: seeds, rows, the job runner and the summary; "
    "not split yet",
    "show/pictures.py": "the SVG of cards, hands and the table; cards and tables could be split",
    "show/figures.py": "the plotly charts of scoring, search and comparison, just over the limit",
    "whist/state.py": "one class, `WhistState`, with the trick it builds on",
    "whist/players.py": "Whist's three players; could be split like players/ was",
    "whist/pictures.py": "Whist's SVG pictures, most of it layout constants and one table",
    "practice.py": "the practice questions' five kinds, each a checker and its words",
    "difference.py": "`contrast` and `first_difference` with their words; two concerns, not split "
    "yet",
}


def module_lengths() -> dict[str, int]:
    """Every module of the package, as a path under whot_core/, with its number of lines."""
    return {
        path.relative_to(PACKAGE).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for path in sorted(PACKAGE.rglob("*.py"))
    }


def test_no_module_is_longer_than_the_limit_unless_listed_with_a_reason():
    lengths = module_lengths()
    too_long = {m: n for m, n in lengths.items() if n > MAX_LINES and m not in LONG_MODULES}
    assert too_long == {}, f"split these by concern, or list them with a reason: {too_long}"


def test_every_listed_long_module_is_still_long():
    """A module split since (or gone) leaves the list, so the list stays the truth."""
    lengths = module_lengths()
    assert [m for m in LONG_MODULES if lengths.get(m, 0) <= MAX_LINES] == []
    assert all(reason.strip() for reason in LONG_MODULES.values())


# ------------------------------------------------------------------------------ the old paths


def test_every_moved_module_has_its_old_name():
    moved = {
        module_name(path)
        for folder in ("engine", "show")
        for path in (PACKAGE / folder).glob("*.py")
        if path.name != "__init__.py"
    }
    moved |= {"whot_core.toolkit.protocol", "whot_core.toolkit.search"}
    moved |= {"whot_core.players.simulate"}
    assert set(MOVED.values()) == moved
    for old, new in MOVED.items():
        assert not is_module(old), f"{old} is still a module of its own"
        assert old.rpartition(".")[2] == new.rpartition(".")[2]


OLD_PATHS = """
import json, sys, warnings
from whot_core._moved import MOVED
report = {}
for old, new in MOVED.items():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        exec(f"import {old}")  # an import statement, as a user would write it
    module = sys.modules[old]
    report[old] = {
        "same": module is sys.modules[new] is sys.modules[old],
        "spec": module.__spec__.name,
        "warnings": [(w.category.__name__, str(w.message), w.filename) for w in caught],
    }
print(json.dumps(report))
"""


def test_old_paths_give_the_same_module_with_a_deprecation_warning():
    out = subprocess.run(
        [sys.executable, "-c", OLD_PATHS], capture_output=True, text=True, check=True
    )
    report = __import__("json").loads(out.stdout)
    assert set(report) == set(MOVED)
    for old, new in MOVED.items():
        seen = report[old]
        assert seen["same"], old
        assert seen["spec"] == new, old  # the module still says where it lives
        deprecations = [w for w in seen["warnings"] if w[0] == "DeprecationWarning"]
        assert len(deprecations) == 1, (old, seen["warnings"])
        _, message, filename = deprecations[0]
        assert old in message and new in message
        assert filename == "<string>"  # the warning points at the import statement


def test_an_old_path_works_in_a_from_import_and_as_an_attribute():
    code = (
        "import warnings\n"
        "warnings.simplefilter('error')\n"
        "import whot_core\n"
        "from whot_core.engine import state\n"
        "with warnings.catch_warnings(record=True) as caught:\n"
        "    warnings.simplefilter('always')\n"
        "    from whot_core.state import GameState\n"
        "    from whot_core import rules\n"
        "    attribute = whot_core.cards\n"
        "from whot_core.engine import cards, rules as new_rules\n"
        "print(GameState is state.GameState, rules is new_rules, attribute is cards)\n"
        "print(len([w for w in caught if w.category is DeprecationWarning]))\n"
        "try:\n"
        "    whot_core.no_such_module\n"
        "except AttributeError as error:\n"
        "    print(error)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines() == [
        "True True True",
        "3",
        "module 'whot_core' has no attribute 'no_such_module'",
    ]


def test_the_new_paths_import_without_a_warning():
    news = ", ".join(sorted(MOVED.values()))
    code = f"import warnings; warnings.simplefilter('error'); import whot_core, {news}"
    subprocess.run([sys.executable, "-c", code], check=True)


# ------------------------------------------------------------------- README's Architecture

README = PACKAGE.parent / "README.md"
#: The diagram's nodes that are parts of the package, and the modules each stands for.
DIAGRAM_PARTS = {
    "engine": ("engine",),
    "toolkit": ("toolkit",),
    "whist": ("whist",),
    "players": ("players",),
    "show": ("show",),
    "explorer": ("explorer",),
    "teaching": ("practice", "lessons", "difference"),
}


def architecture_section() -> str:
    text = README.read_text(encoding="utf-8")
    return text.split("\n## Architecture\n", 1)[1].split("\n## ", 1)[0]


def test_the_architecture_section_has_a_line_for_every_folder_and_module_it_splits():
    section = architecture_section()
    folders = sorted(p.parent.name for p in PACKAGE.glob("*/__init__.py"))
    assert [f for f in folders if f"- `whot_core/{f}/`" not in section] == []
    split = ("engine", "players", "explorer")
    modules = [p.stem for folder in split for p in (PACKAGE / folder).glob("*.py")]
    named = set(re.findall(r"`(?:\w+\.)?(\w+)`", section))  # `simulate` or `players.simulate`
    assert [m for m in modules if m != "__init__" and m not in named] == []


def test_every_arrow_of_the_architecture_diagram_is_an_import():
    # An arrow points from a part to a part built on it: the second imports the first.
    diagram = architecture_section().split("```mermaid", 1)[1].split("```", 1)[0]
    arrows = re.findall(r"^\s*(\w+)(?:\[[^\]]*\])? --> (\w+)", diagram, re.MULTILINE)
    arrows = [(a, b) for a, b in arrows if a in DIAGRAM_PARTS and b in DIAGRAM_PARTS]
    assert len(arrows) >= 8
    for source, user in arrows:
        found = [
            i
            for folder in DIAGRAM_PARTS[user]
            for i in imports(folder)
            if within(i.module, *DIAGRAM_PARTS[source])
        ]
        assert found, f"the diagram says {user} is built on {source}, but it imports none of it"
