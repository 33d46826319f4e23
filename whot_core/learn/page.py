"""The Learn page without Streamlit: the path of lessons and the learner's progress along it,
the links of a stage and of a practice question, and the words of each answer offered; the
pictures a question shows (the table to answer on, and the table after the move) are
`boards`', offered here too.

Every answer is judged by the question itself (`Question.check`, the engine's words); this
module only keeps score. Progress is a mapping from a stage's key to its `Tries`:

    >>> ref = read_stage_link({"lesson": "hold-on", "stage": "2"})[0]
    >>> ref.key, stage_params(ref)
    ('hold-on/2', {'lesson': 'hold-on', 'stage': '2'})
    >>> tries = answered(answered(Tries(), correct=False), correct=True)
    >>> tries.solved, tries.stars
    (True, 2)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..toolkit.sources import SEED_001, SOURCES, source_line
from ..whist.teach import lessons as whist_lessons
from ..whist.teach.questions import WhistQuestion
from ..whot.app.controls import field_label
from ..whot.app.links import read_choice, read_int
from ..whot.app.rule_tables import closest_preset
from ..whot.engine.cards import Card, in_shape_names
from ..whot.engine.effects import Effect
from ..whot.engine.narrate import seat_name
from ..whot.engine.phrases import settings_phrase
from ..whot.engine.rules import Rules
from ..whot.teach.lessons import MatchQuestion, Posed
from ..whot.teach.practice import KINDS, Question, foci, generate, situation
from . import teaching
from .boards import needs_narrow, outcome_svg, question_board, whist_board  # the page's pictures
from .path import (
    GAMES,
    StageRef,
    Tries,
    answer_key,
    answered,
    first_unsolved,
    lesson_progress,
    lessons_of,
    path_progress,
    read_game,
    read_stage_link,
    stage_params,
)

__all__ = [
    "GAMES",
    "KIND_TITLES",
    "MIXED",
    "PRACTICE_SEEDS",
    "Feedback",
    "PracticeLink",
    "StageRef",
    "Tries",
    "answer_key",
    "answered",
    "choice_label",
    "explanation_lines",
    "explanation_markdown",
    "feedback",
    "first_unsolved",
    "focus_label",
    "lesson_progress",
    "lessons_of",
    "needs_narrow",
    "outcome_svg",
    "path_progress",
    "practice_foci",
    "practice_params",
    "practice_question",
    "question_board",
    "read_game",
    "read_practice_link",
    "read_stage_link",
    "rules_words",
    "source_words",
    "stage_params",
    "stage_rules_line",
    "stars_text",
    "task",
    "whist_board",
    "whist_quote",
    "whist_rules_line",
    "whist_source_words",
]

#: What each kind of question asks, as the practice chooser names it.
KIND_TITLES = {
    "playable": "Which cards may be played?",
    "legal": "Is this move legal?",
    "next_player": "Who plays next?",
    "hand_sizes": "How many cards after the move?",
    "count": "What does this hand count?",
}
#: The practice focus that aims at no rule in particular.
MIXED = "mixed"
#: Practice seeds run from 0 to this (a link's seed beyond it is refused).
PRACTICE_SEEDS = 10**6
#: The project's rule book, whose sections a lesson cites for a rule that no seed has.
RULE_BOOK = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


@functools.lru_cache(maxsize=1)
def _rule_book_sections() -> dict[str, str]:
    """The rule book's headings by their link anchors (as GitHub makes them)."""
    text = RULE_BOOK.read_text(encoding="utf-8") if RULE_BOOK.exists() else ""
    headings = re.findall(r"^#+ (.+)$", text, flags=re.MULTILINE)
    return {re.sub(r"[^a-z0-9_ -]", "", h.lower()).replace(" ", "-"): h for h in headings}


def source_words(source: str) -> str:
    """A lesson's source as a reader meets it: a seed by its name and what it is; a section of
    the rule book (a file a web reader cannot open) by its title and the words this app's Rules
    page gives each of its rules (`docs/rules.md#several-cards-at-once-multiple_cards` is the
    section "Several cards at once" and what "Several cards of one number" does)."""
    if source in SOURCES:
        return source_line(source)
    _, _, anchor = source.partition("#")
    heading = _rule_book_sections().get(anchor) if anchor else None
    if not heading:
        return source
    title = re.sub(r" \([^)]*\)$", "", heading)  # the heading's field names are for code
    names = re.search(r"\(([^)]*)\)$", heading)
    fields = {f.name: f for f in Rules.fields()}
    named = [n.strip() for n in names.group(1).split(",")] if names else []
    said = " ".join(f"{field_label(n)}: {fields[n].description}" for n in named if n in fields)
    book = f"This project's rule book, section \u201c{title}\u201d"
    return f"{book}; the Rules page says: {said}" if said else book


def stars_text(won: int, out_of: int = 3) -> str:
    """Stars as text that reads without colour: ★★☆."""
    return "★" * won + "☆" * (out_of - won)


def rules_words(rules: Rules) -> str:
    """Rules as a learner reads them: the closest preset's title, and the toggles that differ
    from it (named, up to two; else how many)."""
    preset = closest_preset(rules)
    changed = rules.diff(Rules.preset(preset))
    title = Rules.preset_info(preset)["title"]
    if not changed:
        return title
    if len(changed) <= 2:
        # in words, not the sidebar's "packs: 2": "with two packs shuffled together"
        return f"{title}, with {settings_phrase({name: v for name, (v, _) in changed.items()})}"
    return f"{title}, with {len(changed)} rules changed"


def stage_rules_line(posed: Posed, chosen: Rules, *, idle_said: bool = False) -> str:
    """Which rules a stage plays under, in a sentence; when not the sidebar's, why not (unless
    the page has just said that the lesson's rule cannot happen under them: `idle_said`)."""
    if posed.under_chosen:
        return f"Under the sidebar's rules: {rules_words(chosen)}."
    own = f"Under its own rules, {rules_words(posed.question.state.rules)}"
    if idle_said:
        return f"{own}."
    why = posed.why.replace("under them", "under the sidebar's rules").replace(
        "in them", "in the sidebar's rules"
    )
    after = ", shown after your answer" if posed.there is not None else ""
    return f"{own}. This position {why}{after}."


# -------------------------------------------------------------------------------- answers


def task(question: Question | MatchQuestion | WhistQuestion) -> tuple[str, str]:
    """The prompt in two parts: the task itself, and the situation before it (what the table
    shows, in words: for a screen reader, and for whoever reads rather than looks)."""
    if isinstance(question, WhistQuestion | MatchQuestion):
        return question.task, question.situation
    where = situation(question.state) if question.kind != "count" else ""
    if where and question.prompt.startswith(where):
        return question.prompt[len(where) :].strip(), where
    return question.prompt, ""


def choice_label(question: Question, choice: Any, nigerian: bool = False) -> str:
    """An answer as a button says it: "Legal", "Seat 2", "Seat 0: 4 · Seat 1: 6", "23", or
    the cards of a `playable` answer (a Whist or a match question says its own answers)."""
    if isinstance(question, WhistQuestion | MatchQuestion):
        return question.say(choice)
    kind = question.kind
    if kind == "legal":
        return "Legal" if choice else "Not legal"
    if kind == "next_player":
        return seat_name(choice)
    if kind == "hand_sizes":
        return " · ".join(f"{seat_name(seat)}: {n}" for seat, n in enumerate(choice))
    if kind == "playable":  # the answer is a set of cards; each choice, one card of the hand
        if isinstance(choice, str):
            choice = [part for part in choice.split(",") if part.strip()]
        cards = sorted(Card.of(card) for card in ([choice] if isinstance(choice, Card) else choice))
        return ", ".join(card.name(nigerian) for card in cards) or "no card (only a draw)"
    return str(choice)


@dataclass(frozen=True)
class Feedback:
    """What the learner reads after an answer: a headline that never gives the answer away
    when it is wrong (what was right and what was not: `whot_core.learn.teaching`), a hint
    from the second wrong try on, and the engine's whole explanation (which does)."""

    correct: bool
    headline: str
    explanation: str
    response: Any = None
    hint: str = ""


def feedback(
    question: Question, response: Any, nigerian: bool = False, *, wrong_before: int = 0
) -> Feedback:
    """The question's verdict on `response`, with a headline for a retry (and a hint when
    `wrong_before`, the wrong tries already made at this question, is one or more)."""
    verdict = question.check(response)
    whot = not isinstance(question, WhistQuestion)  # Whist has no shapes to name
    words = functools.partial(in_shape_names, nigerian=nigerian) if whot else str
    explanation = words(verdict.explanation)
    if verdict.correct:
        return Feedback(True, "Right!", explanation.removeprefix("Right. "), response)
    say = functools.partial(choice_label, question, nigerian=nigerian)
    headline = words(teaching.first_try(question, response, say))
    clue = words(teaching.hint(question, response, say)) if wrong_before else ""
    return Feedback(False, headline, explanation, response, clue)


def explanation_lines(question: Question, text: str, nigerian: bool = False) -> list[str]:
    """An explanation as lines to list: for `playable`, one line for each group of cards with
    the engine's reason (the explanation runs them together), after what comes before the
    first group, if anything; else the text as one line."""
    before, groups = _card_groups(question, text, nigerian)
    return ([before] if before else []) + groups if groups else [text]


def _card_groups(question: Question, text: str, nigerian: bool) -> tuple[str, list[str]]:
    """A `playable` explanation cut into what comes before its first group of cards ("you said
    ... The answer: ...") and the groups ("circle 5, cross 5: Legal. ..."); ("", []) when the
    question is of another kind or no group is found."""
    if question.kind != "playable":
        return "", []
    if isinstance(question, WhistQuestion):
        names = sorted({str(card) for card in question.choices}, key=len, reverse=True)
    else:
        names = sorted({card.name(nigerian) for card in question.choices}, key=len, reverse=True)
    card = "(?:" + "|".join(re.escape(name) for name in names) + ")"
    starts = [m.start() for m in re.finditer(rf"(?:^|(?<= )){card}(?:, {card})*: ", text)]
    if not starts:
        return "", []
    ends = [*starts[1:], len(text)]
    return text[: starts[0]].strip(), [text[a:b].strip() for a, b in zip(starts, ends, strict=True)]


def explanation_markdown(
    question: Question, text: str, nigerian: bool = False, lead: str = ""
) -> str:
    """An explanation as markdown after `lead` (a headline such as "Right!"): one paragraph, or,
    when it gives reasons for two groups of cards or more, a list, a group a line, under the
    lead and what comes before the groups: a class reads each card's reason on its own line
    rather than one run-on block. Every sentence and line starts with a capital ("Right! Ball
    12 counts 12", not "Right! ball 12 counts 12")."""
    before, groups = _card_groups(question, text, nigerian)
    if len(groups) < 2:
        return _sentences(f"{lead} {text}".strip())
    head = _sentences(f"{lead} {before}".strip())
    items = "\n".join(f"- {_sentences(group)}" for group in groups)
    return f"{head}\n\n{items}" if head else items


def _sentences(text: str) -> str:
    """Every sentence with a capital, the first too (the engine's sentences may start with a
    card's name, written in lower case: "circle 12 counts 12")."""
    text = text[:1].upper() + text[1:]
    return _SENTENCE_START.sub(lambda found: found.group(1).upper(), text)


#: A lowercase letter that starts a sentence: after ". ", "! " or "? ", or after a bold
#: headline's "!** " (Learn's "**Right!** square 11 counts 11").
_SENTENCE_START = re.compile(r"(?:(?<=[.!?] )|(?<=[.!?]\*\* ))([a-z])")


# ------------------------------------------------------------------------------- pictures


# ---------------------------------------------------------------------------------- Whist


def whist_quote(quote: str) -> str:
    """A stage's quotation of the seed as markdown: the words as they are, then the source in
    words (the lesson's sources say what it is)."""
    return f"> {quote}\n>\n> — {whist_lessons.SOURCE}"


def whist_rules_line() -> str:
    """Which rules a Whist stage plays under: the seed's, whatever the sidebar says of Whot."""
    return f"The rules: {whist_lessons.SOURCE} (the sidebar's Whot rules do not apply)."


def whist_source_words() -> str:
    """The Whist lessons' source as a reader meets it, and where to look it up."""
    return source_line(SEED_001)


# ------------------------------------------------------------------------------- practice


@dataclass(frozen=True)
class PracticeLink:
    """A practice question's settings from a link, and what was wrong with the link."""

    kind: str
    seed: int
    focus: str
    problems: tuple[str, ...] = ()


def focus_label(focus: str) -> str:
    """A focus as the chooser names it: the sidebar's label for a rule, else its words."""
    if focus == MIXED:
        return "Mixed: any rule"
    if focus in {e.value for e in Effect}:  # a card's effect: "Hold on", not "Hold on does"
        return Effect(focus).title
    if focus == "whot":
        return "The Whot"
    return field_label(focus)  # "Special cards", not the last card-number control's label


def practice_foci(rules: Rules, kind: str) -> tuple[str, ...]:
    """The rules a `kind` question can aim at under `rules` (the mixed choice first): those
    that can happen under them and that this kind of question can show."""
    return (MIXED, *foci(rules, kind))


def read_practice_link(params: Mapping[str, Any], rules: Rules) -> PracticeLink:
    """`?practice=<kind>&seed=<n>&focus=<rule>`: a bad part is named and its default used."""
    problems = []
    kind, problem = read_choice(params, "practice", KINDS[0], KINDS)
    problems.append(problem)
    seed, problem = read_int(params, "seed", 1, 0, PRACTICE_SEEDS)
    problems.append(problem)
    focus, problem = read_choice(params, "focus", MIXED, practice_foci(rules, kind))
    problems.append(problem)
    return PracticeLink(kind, seed, focus, tuple(p for p in problems if p))


def practice_params(kind: str, seed: int, focus: str) -> dict[str, str]:
    params = {"practice": kind, "seed": str(seed)}
    return params if focus == MIXED else params | {"focus": focus}


def practice_question(rules: Rules, kind: str, seed: int, focus: str) -> Question | str:
    """The practice question for these settings, or why there is none (a rule too rare under
    these rules, a player count they cannot seat), in words."""
    try:
        return generate(rules, kind, seed, focus=None if focus == MIXED else focus)
    except ValueError as error:
        return str(error)
