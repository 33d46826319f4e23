"""The package's layout is a set of import rules; these tests read every module's imports (with
`ast`, so without running them) and hold the rules:

- the package's top level holds the toolkit, the games, `learn/`, `__init__` and `__main__`;
- every game (`whot/`, `whist/`) has the same parts: `engine/`, `players/`, `show/`, `teach/`,
  `app/`;
- within a game, each part imports only the parts below it (`PART_USES`): the engine the
  standard library and the toolkit only, the players and the pictures their engine and the
  toolkit; no game imports another, and no game takes a private name from outside itself;
- `toolkit/` imports no game; only the app's pages and `classroom/` import `learn/`, the one
  part built on both games; only the app's pages import `classroom/` (the rooms, over the
  Learn path); nothing inside the package imports its top level, the public face;
- `import whot_core` loads none of the optional extras;
- no module (of the package or of `app_pages/`) is over `MAX_LINES` lines, except those in
  `LONG_MODULES`, each with its reason;
- README's Architecture section has a line for every part, names every module of Whot's split
  parts, and its diagram's arrows are exactly the imports between parts.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "whot_core"
STANDARD_LIBRARY = sys.stdlib_module_names | {"__future__"}
#: What Jupyter calls to draw an object: the engine's one way to reach its pictures, lazily.
DISPLAY_HOOKS = {"_repr_svg_", "_repr_html_"}
#: The games, each a package of the same parts.
GAMES = ("whot", "whist")
#: A game's parts, and the parts of the same game each may import (besides itself and the
#: toolkit). The engine's display hooks may also import its `show.pictures` (`DISPLAY_HOOKS`).
PART_USES = {
    "engine": (),
    "players": ("engine",),
    "show": ("engine",),
    "teach": ("engine", "players", "show"),
    "app": ("engine", "players", "show", "teach"),
}
PARTS = tuple(PART_USES)
#: What the package's top level holds.
TOP_LEVEL = {"__init__.py", "__main__.py", "toolkit", "learn", "classroom", *GAMES}


@dataclass(frozen=True)
class Import:
    """One import statement's target, resolved to an absolute module name."""

    importer: str  # the importing module, e.g. "whot_core.whot.engine.state"
    module: str  # the imported module, e.g. "whot_core.whot.engine.cards"
    names: tuple[str, ...]  # the names taken from it (empty for `import x`)
    function: str | None  # the function the import sits in, None at module level
    line: int

    def __str__(self) -> str:
        where = f" (in {self.function})" if self.function else ""
        return f"{self.importer}:{self.line} imports {self.module} {list(self.names)}{where}"


def module_name(path: Path, root: Path = PACKAGE) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def package_of(path: Path, root: Path = PACKAGE) -> str:
    name = module_name(path, root)
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def is_module(name: str, root: Path = PACKAGE) -> bool:
    path = root.parent.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


class _Collector(ast.NodeVisitor):
    def __init__(self, path: Path, root: Path = PACKAGE) -> None:
        self.path = path
        self.root = root
        self.importer = module_name(path, root)
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
            parts = package_of(self.path, self.root).split(".")
            parts = parts[: len(parts) - (node.level - 1)]
            base = ".".join(parts + ([node.module] if node.module else []))
        for alias in node.names:
            submodule = f"{base}.{alias.name}"
            if is_module(submodule, self.root):  # `from . import effects`: a module, not a name
                self._add(submodule, (), node.lineno)
            else:
                self._add(base, (alias.name,), node.lineno)


@cache
def _tree(text: str, name: str) -> ast.Module:
    """The syntax tree of a module's text, parsed once a run: a dozen tests here walk every
    module of the package, and parsing it was most of their time. Keyed by the text itself, so
    a copy with a planted import is parsed afresh; the checks only read a tree."""
    return ast.parse(text, name)


def parsed(path: Path) -> ast.Module:
    """The syntax tree of the module at `path`, as it reads now."""
    return _tree(path.read_text(encoding="utf-8"), str(path))


def imports(folder: str, root: Path = PACKAGE) -> Iterator[Import]:
    """Every import in the modules under whot_core/<folder> (`whot/engine`, `toolkit`, or one
    module, `whot/engine/state`), at any depth in the code."""
    base = root / folder
    paths = sorted(base.rglob("*.py")) if base.is_dir() else [base.with_suffix(".py")]
    assert paths, folder
    for path in paths:
        collector = _Collector(path, root)
        collector.visit(parsed(path))
        yield from collector.found


def within(module: str, *folders: str) -> bool:
    """Whether `module` is in one of `folders` (`whot.engine`, `toolkit`) of the package."""
    return any(module == f"whot_core.{f}" or module.startswith(f"whot_core.{f}.") for f in folders)


def top(module: str) -> str:
    return module.partition(".")[0]


def game_import_problems(game: str, part: str, found: Iterator[Import]) -> list[str]:
    """The imports of `found` (a part's) that break its game's layering."""
    allowed = [f"{game}.{p}" for p in (part, *PART_USES[part])] + ["toolkit"]
    wrong = []
    for i in found:
        if part == "engine" and top(i.module) not in STANDARD_LIBRARY | {"whot_core"}:
            wrong.append(str(i))  # the engine: the standard library and the package only
        elif top(i.module) != "whot_core" or within(i.module, *allowed):
            continue
        elif (
            part == "engine"
            and i.function in DISPLAY_HOOKS
            and i.module == (f"whot_core.{game}.show.pictures")
        ):
            continue  # Jupyter's display hooks draw with the game's pictures, when called
        else:
            wrong.append(str(i))
    return wrong


# ------------------------------------------------------------------------------ the collector


def test_the_collector_resolves_relative_and_lazy_imports():
    found = list(imports("whot/engine/state"))
    assert any(i.module == "whot_core.whot.engine.effects" and not i.names for i in found)
    assert any(i.module == "whot_core.toolkit.errors" for i in imports("whot/engine/moves"))
    lazy = [i for i in found if i.module == "whot_core.whot.show.pictures"]
    assert lazy and all(i.function == "_repr_html_" for i in lazy)
    # `from .. import players` in players/simulate.py: the package, as a module
    simulate = list(imports("whot/players/simulate"))
    assert any(i.module == "whot_core.whot.players" and not i.names for i in simulate)


# ------------------------------------------------------------------------------- the shape


def test_the_top_level_holds_only_the_toolkit_the_games_learn_and_the_classroom():
    entries = {p.name for p in PACKAGE.iterdir() if p.name != "__pycache__"}
    assert entries == TOP_LEVEL


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_same_parts(game):
    folder = PACKAGE / game
    parts = {p.name for p in folder.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert parts == set(PARTS)
    assert all((folder / part / "__init__.py").is_file() for part in PARTS)
    modules = {p.name for p in folder.glob("*.py")}
    assert modules == {"__init__.py"}, "a game's modules live in its parts"


# ---------------------------------------------------------------------------------- the rules


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("part", PARTS)
def test_each_part_of_a_game_imports_only_the_parts_below_it_and_the_toolkit(game, part):
    assert game_import_problems(game, part, imports(f"{game}/{part}")) == []


@pytest.mark.parametrize("game", GAMES)
def test_no_game_imports_another(game):
    others = [g for g in GAMES if g != game]
    assert [str(i) for i in imports(game) if within(i.module, *others)] == []


#: The libraries the toolkit may import besides the standard library, each inside the function
#: that needs it: ipywidgets (the step viewer), scipy and numpy (the paired statistics).
TOOLKIT_LIBRARIES = {"ipywidgets", "scipy", "numpy"}


def test_the_toolkit_imports_no_game():
    wrong = [
        str(i)
        for i in imports("toolkit")
        if top(i.module) not in STANDARD_LIBRARY | TOOLKIT_LIBRARIES
        and not within(i.module, "toolkit")
    ]
    assert wrong == []


def test_nothing_in_the_package_imports_the_learn_path_or_the_top_level():
    """`learn/` sits over both games and only the pages use it; the top level is the public
    face, importing it from inside would tie every part to Whot's engine and teaching."""
    wrong = [
        str(i)
        for folder in ("toolkit", *GAMES)
        for i in imports(folder)
        if within(i.module, "learn") or i.module == "whot_core"
    ]
    assert wrong == []


def test_nothing_in_the_package_imports_the_classroom():
    """The classroom (rooms, their store and reports) sits over the Learn path; the games and
    the Learn path know nothing of rooms, so a game is taught the same with or without one."""
    wrong = [
        str(i)
        for folder in ("toolkit", "learn", *GAMES)
        for i in imports(folder)
        if within(i.module, "classroom")
    ]
    assert wrong == []


@pytest.mark.parametrize("game", GAMES)
def test_no_game_takes_a_private_name_from_outside_itself(game):
    wrong = [
        str(i)
        for i in imports(game)
        if top(i.module) == "whot_core"
        and not within(i.module, game)
        and (
            any(name.startswith("_") for name in i.names)
            or any(part.startswith("_") for part in i.module.split("."))
        )
    ]
    assert wrong == []


def test_import_whot_core_loads_no_optional_extra():
    code = (
        "import sys, whot_core\n"
        "heavy = ('plotly', 'pandas', 'ipywidgets', 'streamlit')\n"
        "print(sorted(m for m in sys.modules if m.partition('.')[0] in heavy))\n"
        "faces = ('whot_core.whot.show', 'whot_core.whot.players', 'whot_core.whot.app',\n"
        "         'whot_core.whist', 'whot_core.learn', 'whot_core.classroom')\n"
        "print(sorted(m for m in sys.modules if m.startswith(faces)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split("\n")[:2] == ["[]", "[]"]


# ------------------------------------------------------------------- the rules catch a mistake

#: A wrong import planted in a copy of a part, for each rule: (game, part, the line added).
PLANTED = {
    "the engine takes a third-party library": ("whot", "engine", "import plotly"),
    "the engine takes its players": ("whist", "engine", "from ..players import make_player"),
    "the players take the pictures": ("whot", "players", "from ..show import pictures"),
    "the pictures take the players": ("whist", "show", "from ..players import LEVELS"),
    "teaching takes the app": ("whot", "teach", "from ..app import controls"),
    "a game takes the other game": ("whist", "app", "from ...whot.engine import cards"),
}


@pytest.mark.parametrize("case", PLANTED)
def test_a_planted_wrong_import_breaks_the_layering(case, tmp_path):
    game, part, line = PLANTED[case]
    module = tmp_path / "whot_core" / game / part / "planted.py"
    module.parent.mkdir(parents=True)
    module.write_text(line + "\n", encoding="utf-8")
    found = list(imports(f"{game}/{part}", root=tmp_path / "whot_core"))
    assert found, case
    assert game_import_problems(game, part, iter(found)) != []


@pytest.mark.parametrize(
    ("folder", "line", "part"),
    [("toolkit", "from ..whist import WhistRules", "whist"),  # the toolkit takes a game
     ("learn", "from ..classroom import room", "classroom")],  # the Learn path takes the rooms
)  # fmt: skip
def test_a_planted_import_of_a_part_above_is_seen(tmp_path, folder, line, part):
    planted = tmp_path / "whot_core" / folder / "planted.py"
    planted.parent.mkdir(parents=True)
    planted.write_text(line + "\n", encoding="utf-8")
    [found] = imports(folder, root=tmp_path / "whot_core")
    assert within(found.module, part)


# ------------------------------------------------------------------------------- AI levels

#: The names the app, a link and `simulate` give the AI players.
LEVEL_NAMES = {"random", "heuristic", "search"}
#: The one module that turns a level's name into a player: each game registers its levels there.
LEVEL_REGISTRY = "whot_core/toolkit/levels.py"


def _names_a_level(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return node.value in LEVEL_NAMES
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_names_a_level(element) for element in node.elts)
    return False


def level_branches(path: Path, root: Path = ROOT) -> list[str]:
    """Where a module branches on a level's name: compares with one (`level == "random"`,
    `name in ("heuristic", "search")`), matches one (`case "search":`), or looks a player up in
    a table keyed by them (`{"random": ...}`)."""
    tree = parsed(path)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            named = (node.left, *node.comparators)
        elif isinstance(node, ast.MatchValue):
            named = (node.value,)
        elif isinstance(node, ast.Dict):
            named = tuple(key for key in node.keys if key is not None)
        else:
            continue
        if any(map(_names_a_level, named)):
            found.append(f"{path.relative_to(root).as_posix()}:{node.lineno}")
    return found


def test_only_the_level_registry_branches_on_a_levels_name():
    """A level means one player everywhere: a page, a link, `simulate` and the Side by side
    page all ask the registry (`toolkit.levels`), none decides for itself what "random" is."""
    paths = [ROOT / "app.py", *PACKAGE.rglob("*.py"), *(ROOT / "app_pages").rglob("*.py")]
    wrong = [
        where
        for path in paths
        if path.relative_to(ROOT).as_posix() != LEVEL_REGISTRY
        for where in level_branches(path)
    ]
    assert wrong == []


def test_a_planted_branch_on_a_levels_name_is_seen(tmp_path):
    planted = {
        "if level == 'random':\n    player = None\n": 1,
        "fast = name in ('random', 'heuristic')\n": 1,
        "match level:\n    case 'search':\n        pass\n": 1,
        "PLAYERS = {'heuristic': object}\n": 1,
        # naming a level is not branching on it: a default, a registration
        "default = ('search', 'heuristic')\nLEVELS.add('random', 'Plays.', print)\n": 0,
    }
    for code, branches in planted.items():
        module = tmp_path / "planted.py"
        module.write_text(code, encoding="utf-8")
        assert len(level_branches(module, tmp_path)) == branches, code


# -------------------------------------------------------------------------- module length

#: A module longer than this is hard to take in at one reading: split it by concern.
MAX_LINES = 500

#: The modules over `MAX_LINES` today, and why each is still one module (paths in the repo).
LONG_MODULES = {
    "whot_core/whot/engine/rules.py": "the `Rules` toggles with their metadata, values as text "
    "and the rules in sentences; the sentences could become a module of their own",
    "whot_core/whot/engine/state.py": "one class, `GameState`: its methods are the rules of play "
    "in order",
    "whot_core/whot/engine/matches.py": "the match formats and their bookkeeping, just over the "
    "limit",
    "whot_core/whot/players/simulate.py": "many games into tables: seeds, rows, the job runner "
    "and the summary; not split yet",
    "whot_core/whot/show/pictures.py": "the SVG of cards, hands and the table; cards and tables "
    "could be split",
    "whot_core/whot/teach/practice.py": "the practice questions' five kinds, each a checker and "
    "its words",
    "whot_core/whot/teach/difference.py": "`contrast` and `first_difference` with their words; "
    "two concerns, not split yet",
    "whot_core/whist/engine/state.py": "one class, `WhistState`, with the trick it builds on",
    "whot_core/whist/show/pictures.py": "Whist's SVG pictures, most of it layout constants and "
    "one table",
    "whot_core/whot/players/reasons.py": "the heuristic's reasons, each with the facts the claims "
    "test checks; the several-cards and pick reasons could move to a module of their own",
}


def module_lengths() -> dict[str, int]:
    """Every module of the package and of the app's pages, as a path in the repository, with its
    number of lines."""
    return {
        path.relative_to(ROOT).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for folder in (PACKAGE, ROOT / "app_pages")
        for path in sorted(folder.rglob("*.py"))
    }


def test_no_module_is_longer_than_the_limit_unless_listed_with_a_reason():
    lengths = module_lengths()
    assert any(m.startswith("app_pages/") for m in lengths)
    too_long = {m: n for m, n in lengths.items() if n > MAX_LINES and m not in LONG_MODULES}
    assert too_long == {}, f"split these by concern, or list them with a reason: {too_long}"


def test_every_listed_long_module_is_still_long():
    """A module split since (or gone) leaves the list, so the list stays the truth."""
    lengths = module_lengths()
    assert [m for m in LONG_MODULES if lengths.get(m, 0) <= MAX_LINES] == []
    assert all(reason.strip() for reason in LONG_MODULES.values())


# ---------------------------------------------------------------------------- the app's pages

#: Every page's address as it was before the pages were sorted by game: a link keeps working.
PAGES_ROOT = ROOT / "app_pages"
#: The pages' folders: the part both games share, and one a game.
PAGE_FOLDERS = ("shared", *GAMES)
#: The pages over both games, and Learn's question on screen (either game's table): they alone
#: of the shared part import a game's pages' modules (as `learn/` in the package).
BOTH_GAMES_PAGES = {
    "app_pages.shared.learn",
    "app_pages.shared.learn_question",
    "app_pages.shared.together",
}

PAGE_ADDRESSES = {
    "learn",
    "rules",
    "watch",
    "scoring",
    "compare",
    "side_by_side",
    "play",
    "together",
    "whist",
    "whist_play",
    "classroom",
}


def test_every_page_keeps_its_address_and_has_its_file():
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import app

    assert {page.url_path for page in app.PAGES} == PAGE_ADDRESSES
    assert [page.path for page in app.PAGES if not (ROOT / page.path).is_file()] == []
    assert [page.url_path for page in app.PAGES if page.default] == ["learn"]
    # A page's file is named by its address: Streamlit's tests find a page by its file's name
    # before the app has run once (AppTest.switch_page), and two files named play.py would meet.
    assert [page.path for page in app.PAGES if Path(page.path).stem != page.url_path] == []
    helpers = page_helpers()
    assert {"app_pages.shared.session", "app_pages.whot.table_component"} <= helpers
    scripts = {
        p.relative_to(ROOT).as_posix()
        for p in PAGES_ROOT.glob("*/*.py")
        if p.name != "__init__.py" and module_name(p, PAGES_ROOT) not in helpers
    }
    assert scripts == {page.path for page in app.PAGES}


def page_helpers() -> set[str]:
    """The modules of `app_pages/` that `app.py` or a module of `app_pages/` imports: the pages'
    helpers. Every other module there is a page, run by the navigation."""
    found = [i.module for folder in PAGE_FOLDERS for i in imports(folder, PAGES_ROOT)]
    collector = _Collector(ROOT / "app.py", PAGES_ROOT)
    collector.visit(parsed(ROOT / "app.py"))
    found += [i.module for i in collector.found]
    return {m for m in found if top(m) == "app_pages"}


def page_import_problems(folder: str, found: Iterator[Import]) -> list[str]:
    """The imports of `found` (of the modules in `app_pages/<folder>`) that break the pages'
    layering: a game's pages and helpers import the shared part and their own game's, never the
    other game's; the shared part imports no game's, except the pages over both games."""
    others = [game for game in GAMES if game != folder]
    return [
        str(i)
        for i in found
        if any(f"{i.module}.".startswith(f"app_pages.{other}.") for other in others)
        and i.importer not in BOTH_GAMES_PAGES
    ]


@pytest.mark.parametrize("folder", PAGE_FOLDERS)
def test_the_pages_of_a_game_import_the_shared_part_never_the_other_game(folder):
    found = list(imports(folder, PAGES_ROOT))
    assert any(i.module.startswith("app_pages.shared.") for i in found)
    assert page_import_problems(folder, iter(found)) == []


#: An import planted in a copy of the pages' folders: (folder, module, the line, allowed).
PLANTED_PAGES = {
    "Whist takes Whot's": ("whist", "page", "from app_pages.whot import games", False),
    "Whot takes Whist's": ("whot", "page", "import app_pages.whist.table_component", False),
    "shared takes Whot's": ("shared", "helper", "from app_pages.whot.comparing import x", False),
    "Learn takes Whist's": ("shared", "learn", "from app_pages.whist import table_component", True),
}


@pytest.mark.parametrize("case", PLANTED_PAGES)
def test_a_planted_import_of_another_games_pages_is_seen(case, tmp_path):
    folder, name, line, allowed = PLANTED_PAGES[case]
    root = tmp_path / "app_pages"
    for part in PAGE_FOLDERS:
        (root / part).mkdir(parents=True)
        (root / part / "__init__.py").write_text("", encoding="utf-8")
    for helper in ("whot/games", "whot/comparing", "whist/table_component"):
        (root / f"{helper}.py").write_text("", encoding="utf-8")
    (root / folder / f"{name}.py").write_text(line + "\n", encoding="utf-8")
    [found] = imports(f"{folder}/{name}", root)
    assert found.module.startswith("app_pages.wh"), found
    assert page_import_problems(folder, iter([found])) == ([] if allowed else [str(found)])


# ------------------------------------------------------------------- README's Architecture

README = ROOT / "README.md"
#: The diagram's nodes that are parts of the package, and the folders each stands for.
DIAGRAM_PARTS = {
    "toolkit": ("toolkit",),
    **{part: tuple(f"{game}.{part}" for game in GAMES) for part in PARTS},
    "learn": ("learn",),
    "classroom": ("classroom",),
}


def architecture_section() -> str:
    text = README.read_text(encoding="utf-8")
    return text.split("\n## Architecture\n", 1)[1].split("\n## ", 1)[0]


def diagram_arrows(section: str) -> set[tuple[str, str]]:
    """The diagram's arrows between parts of the package: (from, to)."""
    diagram = section.split("```mermaid", 1)[1].split("```", 1)[0]
    arrows = re.findall(r"^\s*(\w+)(?:\[[^\]]*\])? --> (\w+)", diagram, re.MULTILINE)
    return {(a, b) for a, b in arrows if a in DIAGRAM_PARTS and b in DIAGRAM_PARTS}


def part_of(module: str) -> str | None:
    """The diagram's node for a module of the package (None for the top level)."""
    for node, folders in DIAGRAM_PARTS.items():
        if within(module, *folders):
            return node
    return None


def import_arrows() -> set[tuple[str, str]]:
    """Each import between two parts, as an arrow from the imported part to the importer (the
    engine's display hooks left out: Jupyter calls them, nothing is built on them)."""
    arrows = set()
    for node, folders in DIAGRAM_PARTS.items():
        for folder in folders:
            for i in imports(folder.replace(".", "/")):
                source = part_of(i.module)
                if source and source != node and i.function not in DISPLAY_HOOKS:
                    arrows.add((source, node))
    return arrows


def test_the_architecture_section_has_a_line_for_every_part_and_module_it_splits():
    section = architecture_section()
    folders = ["toolkit", "learn", "classroom"]
    folders += [f"{game}/{part}" for game in GAMES for part in PARTS]
    assert [f for f in folders if f"`whot_core/{f}/`" not in section] == []
    split = ("whot/engine", "whot/players", "whot/app", "whot/teach", "learn", "classroom")
    modules = [p.stem for folder in split for p in (PACKAGE / folder).glob("*.py")]
    named = set(re.findall(r"`(?:\w+\.)?(\w+)`", section))  # `simulate` or `players.simulate`
    assert [m for m in modules if m != "__init__" and m not in named] == []


def test_the_architecture_diagram_has_exactly_the_imports_between_parts():
    # An arrow points from a part to a part built on it: the second imports the first.
    drawn, found = diagram_arrows(architecture_section()), import_arrows()
    assert len(drawn) >= 10
    assert sorted(drawn - found) == [], "the diagram draws these, but no module imports so"
    assert sorted(found - drawn) == [], "modules import so, but the diagram does not draw these"


def test_the_diagram_check_sees_a_missing_and_a_made_up_arrow():
    section = architecture_section()
    found = import_arrows()
    an_arrow = "    toolkit --> engine\n"
    assert an_arrow in section
    assert diagram_arrows(section.replace(an_arrow, "")) != found
    made_up = section.replace(an_arrow, an_arrow + "    app --> engine\n")
    assert diagram_arrows(made_up) - found == {("app", "engine")}
