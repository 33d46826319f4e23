"""Every quotation in the teaching text is the seed's own words (the quotation convention).

A quotation is text in straight double quotes inside a paragraph that names a seed file
(`seeds/00N_<hash>.txt` or `seeds/00N`), or names a seed in words as the notebooks do ("the
Waddingtons rulebook" as a link to docs/rules.md's sources: `SEEDS_IN_WORDS`). It must appear
verbatim in the seed named nearest to it in that paragraph, counted in characters, after
collapsing runs of white space and straightening curly quotes; "..." or "…" stands for omitted
words, and the pieces must appear in order. Inline code
(backticks) is not a quotation, so move texts and project terms go there or in single quotes.

The rule book and the README are held to the letter: there a quotation keeps the seed's own
apostrophes and quotation marks (a straight ' where the seed has ’ fails). In the rule book every
double-quoted span is some seed's words, since double quotes mark a quotation there; the
project's own words go in italics, single quotes or inline code (the engine's output included).

Two more checks keep a quotation honest about where it comes from:
- a section named right after the seed file (`seeds/000_<hash>.txt`, "Scoring") that is a heading
  of that seed must hold the quotation just before the citation;
- a quotation of five words or more that is some seed's words must be in a paragraph that names a
  seed, so that the reader can tell it from the project's own words.

The seeds live outside the repository, in `../shared/seeds/` beside it (the environment variable
`WHOT_SEEDS` points elsewhere, for a checkout that is not beside them); without them the test skips.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SEEDS = Path(os.environ.get("WHOT_SEEDS", ROOT.parent / "shared" / "seeds"))

SEED_NAME = re.compile(r"seeds/(\d{3})(?!\d)(?:_([0-9a-f]+)\.txt)?")
#: The seeds as the notebooks name them for a reader; a name counts as a citation where it is a
#: link to the rule book's list of sources (elsewhere "the web rules" may be just words).
SEEDS_IN_WORDS = {
    "000": "the Waddingtons rulebook",
    "001": "the online game's Whist rules",
    "002": "the web rules",
    "003": "the Naija Whot app's description",
}
SPACE = r"\s+"
SEED_IN_WORDS = re.compile(
    "|".join(
        rf"(?P<s{number}>\[{SPACE.join(map(re.escape, name.split()))}\]\([^)]*#sources\))"
        for number, name in SEEDS_IN_WORDS.items()
    ),
    re.IGNORECASE,
)
CODE_SPAN = re.compile(r"(`+).*?\1", re.DOTALL)
QUOTE = re.compile(r'"([^"]*)"')
ELLIPSIS = re.compile(r"\.\.\.|…")
FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^#{1,6}\s")
CURLY = str.maketrans({"“": '"', "”": '"', "„": '"', "‘": "'", "’": "'"})
#: After a seed's name: `, "Section"` (the backtick closes the file name's code span).
SECTION_AFTER = re.compile(r'`?,\s+"([^"]*)"')
#: A heading line of a seed: short, capitalised, with no sentence punctuation.
HEADING_LINE = re.compile(r"[A-Z][^.:;,!?)|]{0,59}")
#: Lines of the scraped page in seeds/003 that look like headings but are unrelated text
#: ("Kept as they arrived, noise included", seeds/README.md): they do not end a section.
NOISE_LINE = re.compile(r"Whot(?:v| Radio| Mediabase|wi)")
#: A quotation this long that is a seed's words must name its seed.
WORDS_THAT_NEED_A_SOURCE = 5


@dataclass(frozen=True)
class Paragraph:
    """A paragraph of teaching text and the line of its source file where it starts."""

    text: str
    line: int


@dataclass(frozen=True)
class Mention:
    """A seed named in a paragraph: its number ("003"), its full file name if given, its span."""

    number: str
    file_name: str | None
    start: int
    end: int


@dataclass(frozen=True)
class Quotation:
    """Double-quoted text outside inline code, with its span (quotes included)."""

    text: str
    start: int
    end: int
    closed: bool = True


def normalise(text: str, exact: bool = False) -> str:
    """Collapse white space (line breaks don't count) and, unless `exact`, straighten curly
    quotes."""
    return " ".join((text if exact else text.translate(CURLY)).split())


def appears_in(quotation: str, seed_text: str, exact: bool = False) -> bool:
    """Whether the quotation is the seed's words, each piece between ellipses in order; `exact`
    also asks for the seed's own apostrophes and quotation marks, straight or curly."""
    haystack = normalise(seed_text, exact)
    position = 0
    pieces = [piece.strip() for piece in ELLIPSIS.split(normalise(quotation, exact))]
    if not any(pieces):
        return False
    for piece in pieces:
        if not piece:
            continue
        found = haystack.find(piece, position)
        if found < 0:
            return False
        position = found + len(piece)
    return True


def mentions(text: str) -> list[Mention]:
    """Every seed named in the text, code spans included (a file name is usually in backticks)."""
    found = [
        Mention(match[1], f"{match[1]}_{match[2]}.txt" if match[2] else None, *match.span())
        for match in SEED_NAME.finditer(text)
    ]
    for match in SEED_IN_WORDS.finditer(text):
        number = next(name[1:] for name, value in match.groupdict().items() if value)
        found.append(Mention(number, None, *match.span()))
    return sorted(found, key=lambda mention: mention.start)


def quotations(text: str) -> list[Quotation]:
    """Double-quoted spans outside inline code; a last unpaired quote comes back unclosed."""
    masked = CODE_SPAN.sub(lambda match: " " * len(match[0]), text)
    found = [Quotation(match[1], *match.span()) for match in QUOTE.finditer(masked)]
    if masked.count('"') % 2:
        start = masked.rindex('"')
        found.append(Quotation(masked[start + 1 :], start, len(masked), closed=False))
    return found


def distance(quotation: Quotation, mention: Mention) -> int:
    """Characters between a quotation and a seed name, whichever comes first."""
    if mention.start >= quotation.end:
        return mention.start - quotation.end
    return max(quotation.start - mention.end, 0)


def nearest(quotation: Quotation, named: list[Mention]) -> list[Mention]:
    """The seed names nearest the quotation (more than one only on a tie)."""
    best = min(distance(quotation, mention) for mention in named)
    return [mention for mention in named if distance(quotation, mention) == best]


def sections(seed_text: str) -> dict[str, list[str]]:
    """A seed's sections: each heading line with the text up to the next heading (a heading may
    repeat, so each name maps to every section of that name)."""
    found: dict[str, list[str]] = {}
    heading, body = None, []
    for line in [*seed_text.splitlines(), "End"]:
        if (
            HEADING_LINE.fullmatch(line.strip())
            and not line.startswith(("-", "*", "•"))
            and not NOISE_LINE.match(line)
        ):
            if heading is not None:
                found.setdefault(heading, []).append("\n".join(body))
            heading, body = line.strip(), []
        body.append(line)
    return found


def section_problems(paragraph: Paragraph, seeds: dict[str, tuple[str, str]]) -> list[str]:
    """A quotation cited with a section (`seeds/00N_<hash>.txt`, "Section") must be in it."""
    problems = []
    found = quotations(paragraph.text)
    for mention in mentions(paragraph.text):
        after = SECTION_AFTER.match(paragraph.text, mention.end)
        if after is None:
            continue
        bodies = sections(seeds[mention.number][1]).get(normalise(after[1]))
        if bodies is None:  # not a heading of the seed: a quotation, checked as one
            continue
        before = [
            q
            for q in found
            if q.end <= mention.start and not paragraph.text[q.end : mention.start].strip(" (`\n")
        ]
        if before and not any(appears_in(before[-1].text, body) for body in bodies):
            line = paragraph.line + paragraph.text.count("\n", 0, before[-1].start)
            problems.append(
                f'line {line}: "{normalise(before[-1].text)}" is not in the section '
                f'"{normalise(after[1])}" of seeds/{seeds[mention.number][0]}'
            )
    return problems


def unnamed_problems(paragraph: Paragraph, seeds: dict[str, tuple[str, str]]) -> list[str]:
    """Long quotations of a seed's words in a paragraph that names no seed."""
    problems = []
    for quotation in quotations(paragraph.text):
        if len(quotation.text.split()) < WORDS_THAT_NEED_A_SOURCE:
            continue
        quoted = sorted(
            f"seeds/{f}" for f, text in seeds.values() if appears_in(quotation.text, text)
        )
        if quoted:
            line = paragraph.line + paragraph.text.count("\n", 0, quotation.start)
            problems.append(
                f'line {line}: "{normalise(quotation.text)}" is from {" or ".join(quoted)}, '
                "which its paragraph does not name"
            )
    return problems


def check_paragraph(
    paragraph: Paragraph, seeds: dict[str, tuple[str, str]], exact: bool = False
) -> list[str]:
    """Problems with the paragraph's quotations; `seeds` maps a number to (file name, text);
    `exact` holds each quotation to the seed's apostrophes and quotation marks too."""
    named = mentions(paragraph.text)
    if not named:
        return unnamed_problems(paragraph, seeds)
    problems = [
        f"line {paragraph.line}: seeds/{m.file_name or m.number} names no seed file"
        for m in named
        if m.number not in seeds or (m.file_name and m.file_name != seeds[m.number][0])
    ]
    if problems:
        return problems
    for quotation in quotations(paragraph.text):
        line = paragraph.line + paragraph.text.count("\n", 0, quotation.start)
        if not quotation.closed:
            problems.append(f'line {line}: an unpaired " in a paragraph that names a seed')
            continue
        candidates = nearest(quotation, named)
        if any(appears_in(quotation.text, seeds[m.number][1], exact) for m in candidates):
            continue
        seed = " or ".join(sorted({f"seeds/{seeds[m.number][0]}" for m in candidates}))
        if any(appears_in(quotation.text, seeds[m.number][1]) for m in candidates):
            problems.append(
                f'line {line}: "{normalise(quotation.text, exact=True)}" changes an apostrophe '
                f"or quotation mark of {seed} (straight for curly, or curly for straight)"
            )
            continue
        problems.append(f'line {line}: "{normalise(quotation.text)}" is not in {seed}')
    return problems or section_problems(paragraph, seeds)


def project_words(paragraph: Paragraph, seeds: dict[str, tuple[str, str]]) -> list[str]:
    """Double-quoted spans that are no seed's words: where double quotes mark a quotation, the
    project's own words (and the engine's output) must not wear them."""
    return [
        f"line {paragraph.line + paragraph.text.count(chr(10), 0, q.start)}: "
        f'"{normalise(q.text, exact=True)}" is in double quotes but is no seed\'s words'
        for q in quotations(paragraph.text)
        if q.closed and not any(appears_in(q.text, text, exact=True) for _, text in seeds.values())
    ]


def markdown_paragraphs(lines: list[str], first_line: int = 1) -> Iterator[Paragraph]:
    """Blank-line separated paragraphs; a heading stands alone, code fences are skipped."""
    block: list[str] = []
    start = first_line
    in_fence = False
    for number, line in enumerate(lines, first_line):
        if FENCE.match(line):
            in_fence = not in_fence
            line = ""
        elif in_fence:
            line = ""
        if not line.strip() or HEADING.match(line):
            if block:
                yield Paragraph("\n".join(block), start)
            block = []
            if line.strip():
                yield Paragraph(line, number)
            continue
        if not block:
            start = number
        block.append(line)
    if block:
        yield Paragraph("\n".join(block), start)


def notebook_paragraphs(source: str) -> Iterator[Paragraph]:
    """Paragraphs of the markdown cells of a jupytext percent twin (`# ` comment lines)."""
    lines = source.splitlines()
    cell: list[str] = []
    cell_start = 0
    in_markdown = False
    for number, line in enumerate([*lines, "# %%"], 1):
        if line.startswith("# %%"):
            if in_markdown:
                yield from markdown_paragraphs(cell, cell_start)
            in_markdown = line.startswith("# %% [markdown]")
            cell, cell_start = [], number + 1
        elif in_markdown:
            cell.append(line[2:] if line.startswith("# ") else "" if line == "#" else line)


def paragraphs(path: Path) -> Iterator[Paragraph]:
    """The teaching text of a notebook twin or a markdown file."""
    source = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        return notebook_paragraphs(source)
    return markdown_paragraphs(source.splitlines())


def load_seeds(folder: Path) -> dict[str, tuple[str, str]]:
    """Seed number → (file name, text) for every `00N_<hash>.txt` in the folder."""
    return {
        path.name[:3]: (path.name, path.read_text(encoding="utf-8"))
        for path in sorted(folder.glob("[0-9][0-9][0-9]_*.txt"))
    }


#: Files whose quotations keep the seed's apostrophes and quotation marks exactly: every file a
#: reader meets, the notebooks' twins included.
EXACT_FILES = (
    "README.md",
    "docs/rules.md",
    *(path.relative_to(ROOT).as_posix() for path in sorted(ROOT.glob("notebooks/[0-9][0-9]_*.py"))),
)
#: Files where double quotes mark a seed's words only.
QUOTES_ARE_QUOTATIONS = ("docs/rules.md",)


def teaching_files() -> list[Path]:
    """The notebook twins, the README and the rules document (when it exists)."""
    files = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.py"))
    files += [path for path in (ROOT / "README.md", ROOT / "docs" / "rules.md") if path.exists()]
    return files


@pytest.fixture(scope="module")
def seeds() -> dict[str, tuple[str, str]]:
    if not SEEDS.is_dir():
        pytest.skip(f"the seed documents are not at {SEEDS}")
    return load_seeds(SEEDS)


@pytest.mark.parametrize("path", teaching_files(), ids=lambda path: str(path.relative_to(ROOT)))
def test_quotations_are_the_seeds_words(path: Path, seeds: dict[str, tuple[str, str]]) -> None:
    exact = path.relative_to(ROOT).as_posix() in EXACT_FILES
    problems = [problem for p in paragraphs(path) for problem in check_paragraph(p, seeds, exact)]
    if problems:
        where = path.relative_to(ROOT)
        lines = "\n".join(f"  {where} {problem}" for problem in problems)
        pytest.fail(f"{where}: quotations that are not the seed's words:\n{lines}", pytrace=False)


@pytest.mark.parametrize("name", QUOTES_ARE_QUOTATIONS)
def test_double_quotes_hold_only_the_seeds_words(name: str, seeds) -> None:
    problems = [problem for p in paragraphs(ROOT / name) for problem in project_words(p, seeds)]
    assert problems == [], f"{name}: project words in double quotes: {problems}"


# The checker itself, on made-up seeds, so that it can be seen to fail.

FAKE_SEEDS = {
    "000": (
        "000_aaaa.txt",
        "Ending a Game\nTHE WINNER of a game is the player who FIRST plays the LAST card.\n"
        "Scoring\nSTARS COUNT DOUBLE.\n",
    ),
    "003": (
        "003_bbbb.txt",
        "The next player misses a turn.\nIf the STAR 8 is played, ...\n"
        "The 2's had no special function.\n",
    ),
    "002": ("002_dddd.txt", "If you can’t follow it, go to market. Say “Last card” then.\n"),
}


def problems_in(text: str, exact: bool = False) -> list[str]:
    return [
        problem
        for p in markdown_paragraphs(text.splitlines())
        for problem in check_paragraph(p, FAKE_SEEDS, exact)
    ]


def test_exact_quotations_keep_the_seeds_apostrophes_and_quotation_marks() -> None:
    curly = '"If you can’t follow it, go to market." (seeds/002).'
    straight = '"If you can\'t follow it, go to market." (seeds/002).'
    assert problems_in(curly, exact=True) == [] == problems_in(straight)
    wrong = problems_in(straight, exact=True)
    assert wrong and "changes an apostrophe" in wrong[0]
    assert problems_in('"Say “Last card” then." (seeds/002).', exact=True) == []
    assert problems_in("\"Say 'Last card' then.\" (seeds/002).", exact=True)
    # Curling what the seed keeps straight is as wrong.
    assert problems_in('"The 2\'s had no special function." (seeds/003).', exact=True) == []
    assert problems_in('"The 2’s had no special function." (seeds/003).', exact=True)


def test_project_words_in_double_quotes_are_found() -> None:
    def found(text: str) -> list[str]:
        return [
            q for p in markdown_paragraphs(text.splitlines()) for q in project_words(p, FAKE_SEEDS)
        ]

    assert found('The rulebook says "STARS COUNT DOUBLE" (seeds/000).') == []
    assert found('The project reads it as "no Whot card at all".')
    assert found('The narration reads "Seat 0 plays circle 2."')
    assert found("The narration reads `Seat 0 plays circle 2.`, in code: the engine's words.") == []
    assert found("The project reads it as *no Whot card at all*, or 'no Whot'.") == []
    assert found("\"If you can't follow it\" straightens the seed's apostrophe (seeds/002).")


def test_a_seed_named_in_words_is_a_source_for_its_quotations() -> None:
    link = "[the Waddingtons\nrulebook](../docs/rules.md#sources)"
    assert problems_in(f'It says "the player who FIRST plays" ({link}).') == []
    assert problems_in(f'It says "STARS COUNT DOUBLE" ({link}, "Scoring").') == []
    wrong_section = f'It says "STARS COUNT DOUBLE" ({link}, "Ending a Game").'
    assert problems_in(wrong_section)
    web = "[the web rules](../docs/rules.md#sources)"
    assert problems_in(f'"The next player misses a turn" ({web}).')  # 003's words, not 002's


def test_a_verbatim_quotation_passes_across_line_breaks_and_curly_quotes() -> None:
    assert problems_in('It says "the player who FIRST\nplays" (seeds/000_aaaa.txt).') == []
    assert problems_in('`seeds/003`: "The next player misses a turn. If the STAR 8"') == []


def test_a_changed_word_or_capital_fails() -> None:
    assert problems_in('"The next player misses their turn" (seeds/003).')
    assert problems_in('"the winner of a game" (seeds/000).')


def test_an_ellipsis_stands_for_omitted_words_in_order() -> None:
    assert problems_in('"THE WINNER ... the LAST card" (seeds/000).') == []
    assert problems_in('"THE WINNER … FIRST plays" (seeds/000).') == []
    assert problems_in('"the LAST card ... THE WINNER" (seeds/000).')


def test_the_nearest_seed_wins() -> None:
    text = 'Seed seeds/000 is British. "The next player misses a turn" (seeds/003).'
    assert problems_in(text) == []
    moved = 'Seed seeds/003 is Nigerian. "The next player misses a turn" (seeds/000).'
    assert "seeds/000_aaaa.txt" in problems_in(moved)[0]


def test_code_spans_unnamed_paragraphs_and_unknown_seeds() -> None:
    assert problems_in('Say `"check up!"` when you win (seeds/000).') == []
    assert problems_in('Say "check up!" when you win, a project term.') == []
    assert problems_in('Say "check up!" when you win (seeds/000).')
    assert problems_in('"The next player misses a turn" (seeds/003_cccc.txt).')
    assert problems_in('An unpaired " quote (seeds/000).')


def test_notebook_paragraphs_read_only_markdown_cells() -> None:
    source = (
        '# %% [markdown]\n# "THE WINNER\n# of a game"\n#\n# seeds/003\n\n# %%\nx = "seeds/000"\n'
    )
    found = list(notebook_paragraphs(source))
    assert [p.text for p in found] == ['"THE WINNER\nof a game"', "seeds/003"]
    assert [p.line for p in found] == [2, 5]


def test_a_quotation_cited_with_a_section_must_be_in_that_section() -> None:
    # Notebook 02 once cited the rulebook's "three simple rules" to "Playing the Game"; they are
    # in "Object of the Game".
    assert problems_in('"STARS COUNT DOUBLE" (`seeds/000_aaaa.txt`, "Scoring").') == []
    assert problems_in('"THE WINNER of a game" (`seeds/000_aaaa.txt`, "Ending a Game").') == []
    wrong = problems_in('"STARS COUNT DOUBLE" (`seeds/000_aaaa.txt`, "Ending a Game").')
    assert wrong and 'the section "Ending a Game"' in wrong[0]
    # A quoted text after the file name that is no heading is a quotation, checked as one.
    assert problems_in('In `seeds/003_bbbb.txt`, "The next player misses a turn".') == []


def test_a_long_quotation_of_a_seed_must_name_the_seed() -> None:
    unnamed = problems_in('The rulebook: "THE WINNER of a game is the player".')
    assert unnamed and "seeds/000_aaaa.txt" in unnamed[0]
    assert problems_in('The rulebook: "THE WINNER of a game is the player" (seeds/000).') == []
    assert problems_in('Say "the player who FIRST" or "check up", short words.') == []
    assert problems_in('"Words of the project, not of any seed."') == []


def app_texts() -> dict[str, str]:
    """What a learner reads in the app besides the files: each lesson stage's text and each
    sidebar toggle's help."""
    from whot_core.whot.app import controls
    from whot_core.whot.teach.lessons import LESSONS

    texts = {
        f"{lesson.id} stage {n}": s.text
        for lesson in LESSONS
        for n, s in enumerate(lesson.stages, 1)
    }
    texts.update({f"{c.key} help": c.help or "" for c in controls.controls()})
    return texts


@pytest.mark.parametrize("name", list(app_texts()))
def test_the_apps_quotations_are_the_seeds_words(name: str, seeds) -> None:
    text = app_texts()[name]
    problems = [
        q for p in markdown_paragraphs(text.splitlines()) for q in check_paragraph(p, seeds)
    ]
    assert problems == [], f"{name}: {problems}"
