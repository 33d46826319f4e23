"""The documents the rules come from, named as a reader can look them up.

The rules come from four documents the user gave the project (the seeds). The repository does
not hold them, so a learner never meets a bare file name: a source is named in words ("the
Waddingtons rulebook"), and linked to docs/rules.md's list of sources (`SOURCES_LINK`), which
says what each file is. Code and docs/rules.md cite a seed by its file name (`SEED_000`, ...).

    >>> source_words(SEED_000)
    'the Waddingtons rulebook'
"""

from __future__ import annotations

__all__ = [
    "ABOUT",
    "SEED_000",
    "SEED_001",
    "SEED_002",
    "SEED_003",
    "SOURCES",
    "SOURCES_LINK",
    "source_line",
    "source_words",
]

SEED_000 = "seeds/000_551b6e752ed410b2.txt"
SEED_001 = "seeds/001_d8240e92cdace870.txt"
SEED_002 = "seeds/002_8af2d548213f4fe5.txt"
SEED_003 = "seeds/003_c8e3da06e53727b9.txt"

#: Each seed as a reader names it: the words that docs/rules.md's list of sources explains.
SOURCES: dict[str, str] = {
    SEED_000: "the Waddingtons rulebook",
    SEED_001: "Whist as one online game plays it",
    SEED_002: "the web game's how-to-play page",
    SEED_003: "the Naija Whot app's description",
}

#: What each source holds, as a clause after its name and a colon (docs/rules.md, "Sources",
#: says the same at more length).
ABOUT: dict[str, str] = {
    SEED_000: "the British rules as Waddingtons printed them (six cards each, no special cards, "
    "stars count double, rubbers)",
    SEED_001: "a second game, not Whot (partners, a trump suit that rotates, first team to seven)",
    SEED_002: "the common Nigerian rules (five cards each, five special cards), with rules some "
    "tables add",
    SEED_003: "the app's rules and settings, and a long description of British and Nigerian "
    "Whot, the 1970s game included",
}

#: Where a learner reads what each source is.
SOURCES_LINK = "docs/rules.md#sources"


def source_line(seed: str) -> str:
    """A seed named and explained in one sentence: "The Waddingtons rulebook: the British
    rules as Waddingtons printed them (...)."."""
    name = source_words(seed)
    return f"{name[:1].upper()}{name[1:]}: {ABOUT[seed]}."


def source_words(seed: str) -> str:
    """A seed's file name as a reader names the document (`SOURCES`); ValueError otherwise."""
    try:
        return SOURCES[seed]
    except KeyError:
        raise ValueError(f"{seed!r} is not one of the sources: {', '.join(SOURCES)}") from None
