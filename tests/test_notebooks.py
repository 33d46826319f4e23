"""The notebooks as a learner opens them: with `make notebooks` (JupyterLab, its root the
repository) on a fresh clone, before anything is run.

- Every link opens: a relative link names a file in the repository, and an anchor names a heading
  of that file (GitHub's heading ids, as the files read on GitHub too).
- Every stored output shows: a fresh clone is not trusted, and JupyterLab then draws no SVG, no
  widget and no script; it shows HTML (sanitized: inline `<svg>` is dropped) and PNG. So each
  picture and widget carries an HTML form of itself, with its pictures as `<img>`.
- The first cell says to run the notebook, and no notebook starts with an empty cell.
- The prose speaks of rules in words: a `Rules` field name, an option value or a preset id
  appears only where the learner is about to type it, as code with a keyword argument or a call
  (`hold_on="skip_next"`, `Rules.preset("nigerian")`), in a cell that also says the rule in the
  sidebar's words; never bare (`hold_on = skip_next`, "the toggle `whot_cards`") and never in a
  heading.

nbval (`make test`) checks that the stored outputs are what the notebooks make today.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from helpers import CODE_NAMES

from whot_core import Rules
from whot_core.whot.engine.rules import (
    rule_label,
    value_words,
)

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
MARKDOWN_LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
HTML_LINK = re.compile(r"""href=["']([^"']+)["']""")
#: What JupyterLab draws only for a trusted output.
UNSAFE = ("image/svg+xml", "application/vnd.jupyter.widget-view+json", "application/javascript")
#: What it shows for any output (HTML through its sanitizer).
SAFE = ("text/html", "image/png", "image/jpeg")
FIELDS = {field.name: field for field in Rules.fields()}
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
FENCED = re.compile(r"^(```|~~~).*?^\1", re.DOTALL | re.MULTILINE)
LINK_TARGET = re.compile(r"\]\([^)]*\)")
NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
#: Code the learner types: a call, or a keyword argument written as Python writes it (no spaces).
TYPED = re.compile(r"\(|^[A-Za-z_]\w*=[^=\s]")
KEYWORD = re.compile(r"([A-Za-z_]\w*)=")


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def text(value) -> str:
    return "".join(value) if isinstance(value, list) else value


def slug(heading: str) -> str:
    """GitHub's id for a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(lines: list[str]) -> set[str]:
    """The ids of the markdown headings in `lines` (a repeated heading gets -1, -2, ...)."""
    found: set[str] = set()
    fenced = False
    for line in lines:
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        match = re.match(r"#{1,6}\s+(.*)", line)
        if match and not fenced:
            base = slug(match[1])
            name, n = base, 0
            while name in found:
                n += 1
                name = f"{base}-{n}"
            found.add(name)
    return found


def headings_of(path: Path) -> set[str]:
    if path.suffix == ".ipynb":
        cells = [c for c in load(path)["cells"] if c["cell_type"] == "markdown"]
        return anchors([line for c in cells for line in text(c["source"]).splitlines()])
    return anchors(path.read_text(encoding="utf-8").splitlines())


def links(path: Path) -> list[str]:
    """Every link target in a notebook's markdown cells and in its HTML outputs."""
    found = []
    for cell in load(path)["cells"]:
        if cell["cell_type"] == "markdown":
            source = text(cell["source"])
            found += MARKDOWN_LINK.findall(source) + HTML_LINK.findall(source)
        for output in cell.get("outputs", []):
            found += HTML_LINK.findall(text(output.get("data", {}).get("text/html", "")))
    return found


def server_root() -> Path:
    """The folder JupyterLab serves as `make notebooks` starts it: the one given as its root, or
    else the folder of the notebook it opens (so links above it do not open)."""
    recipe = re.search(r"(?m)^notebooks:.*\n((?:\t.*\n)+)", (ROOT / "Makefile").read_text())
    assert recipe, "the Makefile has no notebooks target"
    commands = recipe[1].replace("\\\n", " ")
    if "--ServerApp.root_dir=$(CURDIR)" in commands:
        return ROOT
    opened = re.search(r"(\S+\.ipynb)", commands)
    return (ROOT / opened[1]).parent if opened else ROOT


def broken(notebook: Path, target: str) -> str | None:
    """Why the link does not open from the notebook, or None when it does."""
    url = urlparse(target)
    if url.scheme in ("http", "https", "mailto"):
        return None
    if url.scheme or url.netloc:
        return f"{target}: not a link to a file"
    path = (notebook.parent / unquote(url.path)).resolve() if url.path else notebook
    if not path.is_relative_to(server_root()):
        return f"{target}: outside {server_root()}, JupyterLab's root as make notebooks starts it"
    if not path.is_file():
        return f"{target}: no such file"
    if url.fragment and url.fragment not in headings_of(path):
        return f"{target}: no heading with that id in {path.relative_to(ROOT)}"
    return None


def ids(path: Path) -> str:
    return path.name


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=ids)
def test_every_link_in_a_notebook_opens(notebook: Path) -> None:
    problems = [why for target in links(notebook) if (why := broken(notebook, target))]
    assert problems == []


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=ids)
def test_every_stored_output_shows_before_the_notebook_is_trusted(notebook: Path) -> None:
    problems = []
    for number, cell in enumerate(load(notebook)["cells"]):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if any(kind in data for kind in UNSAFE) and not any(kind in data for kind in SAFE):
                problems.append(f"cell {number}: only {sorted(data)}")
            html = text(data.get("text/html", ""))
            if "<svg" in html or "<script" in html:
                problems.append(f"cell {number}: HTML with inline SVG or a script")
    assert problems == []


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=ids)
def test_a_notebook_opens_by_saying_to_run_it_and_has_no_empty_cell(notebook: Path) -> None:
    cells = load(notebook)["cells"]
    assert cells[0]["cell_type"] == "markdown" and "Run All Cells" in text(cells[0]["source"])
    assert all(text(cell["source"]).strip() for cell in cells)


def test_the_link_checker_sees_a_wrong_file_and_a_wrong_heading() -> None:
    notebook = ROOT / "notebooks" / "00_contents.ipynb"
    assert broken(notebook, "../docs/rules.md") is None
    assert broken(notebook, "docs/rules.md") == "docs/rules.md: no such file"
    assert "no heading" in broken(notebook, "../docs/rules.md#no-such-heading")
    assert "outside" in broken(notebook, "../../elsewhere.md")
    assert server_root() == ROOT
    assert slug("Special cards (`specials`)") == "special-cards-specials"
    assert anchors(["# A", "## A", "```", "# not a heading", "```"]) == {"a", "a-1"}


def rule_words(name: str) -> set[str]:
    """What says a rule in words: its label, or the words of one of its values."""
    field = FIELDS[name]
    choices = field.choices if field.kind is not int else ()
    return {rule_label(name)} | {value_words(name, value) for value in choices or ()}


def code_names_in(markdown: str) -> list[str]:
    """Each use of a field name, option value or preset id in a markdown cell that a learner
    should read in words instead (see the module's docstring)."""
    markdown = LINK_TARGET.sub("]", FENCED.sub("", markdown))
    plain = " ".join(CODE_SPAN.sub(" ", markdown).replace("*", "").lower().split())
    found = []
    for line in markdown.splitlines():
        heading = re.match(r"#{1,6}\s", line) is not None
        for span in CODE_SPAN.finditer(line):
            code = span[2].strip()
            names = CODE_NAMES.intersection(NAME.findall(code))
            if names and (heading or not TYPED.search(code)):
                found.append(f"`{code}`" + (" in a heading" if heading else ""))
                continue
            for keyword in KEYWORD.findall(code):
                words = rule_words(keyword) if keyword in FIELDS else set()
                if words and not any(" ".join(w.lower().split()) in plain for w in words):
                    found.append(f"`{code}` with no words for {keyword} in the cell")
        outside = CODE_SPAN.sub(" ", line)
        found += [name for name in NAME.findall(outside) if "_" in name and name in CODE_NAMES]
    return found


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=ids)
def test_the_prose_says_rules_in_words_not_code_names(notebook: Path) -> None:
    problems = [
        f"cell {number}: {name}"
        for number, cell in enumerate(load(notebook)["cells"])
        if cell["cell_type"] == "markdown"
        for name in code_names_in(text(cell["source"]))
    ]
    assert problems == []


def test_the_code_name_check_allows_only_typed_code_after_words() -> None:
    assert code_names_in("That is the toggle `whot_cards`.") == ["`whot_cards`"]
    assert code_names_in("That is `hold_on = skip_next`.") == ["`hold_on = skip_next`"]
    assert code_names_in("Under the nigerian_street preset.") == ["nigerian_street"]
    assert code_names_in("## The `defence` toggle") == ["`defence` in a heading"]
    assert code_names_in('The next player misses a turn (`hold_on="skip_next"`).') == []
    assert code_names_in('In code: `hold_on="skip_next"`.') == [
        '`hold_on="skip_next"` with no words for hold_on in the cell'
    ]
    assert code_names_in('`Rules.preset("nigerian")` plays the web rules.') == []
    assert code_names_in("Turn it over, or [count](../docs/rules.md#when-exhausted).") == []
    assert code_names_in("```python\nrules.replace(defence=True)\n```") == []


#: "seat 1" lower case, as a word (a `GameState`'s or a view's repr, `<GameState ... seat 1 to
#: play>`, is code and is left out before the search).
LOWER_SEAT = re.compile(r"(?<![\w.`])seat \d")
REPR = re.compile(r"<(?:GameState|PlayerView)[^>]*>")


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=ids)
def test_the_prose_and_printed_words_name_a_seat_as_the_tables_do(notebook: Path) -> None:
    """ "Seat 1", as the tables, the narration and Learn say it, mid-sentence too: in the
    markdown and in what a cell prints, never "seat 1"."""
    problems = []
    for number, cell in enumerate(load(notebook)["cells"]):
        texts = [text(cell["source"])] if cell["cell_type"] == "markdown" else []
        texts += [text(out.get("text", "")) for out in cell.get("outputs", [])]
        texts += [
            text(out.get("data", {}).get("text/plain", "")) for out in cell.get("outputs", [])
        ]
        problems += [
            f"cell {number}: {found}"
            for words in texts
            for found in LOWER_SEAT.findall(REPR.sub("", words))
        ]
    assert problems == []
