"""A learner's progress as one small value that outlives the page: the stages done with their
stars, the last practice answers of each kind and focus, and the rules in review (`review`).

It is kept in the learner's own browser (the Learn page writes it to localStorage; docs say why)
and carried to another device as a file, so it is read back from text anyone could have edited:
`from_json` checks every part and raises ProgressError naming it, and the page then starts clean.

    >>> kept = with_stage(Progress(), "hold-on/2", correct=False, today=739956)
    >>> kept = with_stage(kept, "hold-on/2", correct=True, today=739956)
    >>> kept.stages["hold-on/2"].stars, list(kept.review)
    (2, ['hold-on/2'])
    >>> from_json(to_json(kept)) == kept
    True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

from ..toolkit.records import json_text
from ..whot.teach.practice import FOCI, KINDS
from .page import KIND_TITLES, MIXED, focus_label
from .path import Tries, answered, lessons_of, stage_keys
from .review import INTERVALS, Box, after_answer

__all__ = ["FORMAT", "MAX_BYTES", "RECENT", "Progress", "ProgressError", "RuleLine",
           "from_json", "lesson_lines", "missed_most", "practice_key", "practice_lines", "to_json",
           "with_practice", "with_review", "with_stage"]  # fmt: skip

FORMAT = "whot-learn-progress"
VERSION = 1
#: The practice answers kept for each kind and focus: "recent accuracy" is over these.
RECENT = 10
#: A kept progress is far below this (docs/learn.md measures the whole path); larger is refused.
MAX_BYTES = 64_000
#: Wrong tries counted on one stage (more earn one star all the same).
MAX_WRONG = 999
#: A review item that is a practice kind and focus, not a stage: `practice:playable:mixed`.
PRACTICE = "practice:"


class ProgressError(ValueError):
    """A kept progress that cannot be read, naming the part that is wrong."""


@dataclass(frozen=True)
class Progress:
    """Stage keys (`hold-on/2`, `whist:trumps/2`) to their tries; practice keys
    (`playable:mixed`) to their last answers, oldest first, True for right; review items (a
    stage key, or `practice:` and a practice key) to their Leitner box."""

    stages: Mapping[str, Tries] = field(default_factory=dict)
    practice: Mapping[str, tuple[bool, ...]] = field(default_factory=dict)
    review: Mapping[str, Box] = field(default_factory=dict)


def practice_key(kind: str, focus: str) -> str:
    return f"{kind}:{focus}"


def _reviewed(progress: Progress, item: str, box: Box | None) -> dict[str, Box]:
    review = {k: v for k, v in progress.review.items() if k != item}
    return review if box is None else review | {item: box}


def with_stage(progress: Progress, key: str, *, correct: bool, today: int) -> Progress:
    """After an answer to a stage of the path: its tries (`answered`), and a miss in review.
    A right answer on the path leaves the review alone: only Review's own answers move a box."""
    tries = answered(progress.stages.get(key, Tries()), correct=correct)
    stages = dict(progress.stages) | {key: tries}
    if correct:
        return replace(progress, stages=stages)
    box = after_answer(progress.review.get(key), correct=False, today=today)
    return replace(progress, stages=stages, review=_reviewed(progress, key, box))


def with_practice(
    progress: Progress, kind: str, focus: str, *, correct: bool, today: int
) -> Progress:
    """After a practice answer: the last `RECENT` answers of its kind and focus, and a miss in
    review."""
    key = practice_key(kind, focus)
    recent = (*progress.practice.get(key, ()), correct)[-RECENT:]
    practice = dict(progress.practice) | {key: recent}
    if correct:
        return replace(progress, practice=practice)
    item = PRACTICE + key
    box = after_answer(progress.review.get(item), correct=False, today=today)
    return replace(progress, practice=practice, review=_reviewed(progress, item, box))


def with_review(progress: Progress, item: str, *, correct: bool, today: int) -> Progress:
    """After the first answer to a rule brought back by Review: its box moves (`after_answer`),
    and a practice item's answer counts among its kind's recent answers too."""
    box = after_answer(progress.review.get(item), correct=correct, today=today)
    if item.startswith(PRACTICE):
        kind, _, focus = item.removeprefix(PRACTICE).partition(":")
        progress = with_practice(progress, kind, focus, correct=correct, today=today)
    return replace(progress, review=_reviewed(progress, item, box))


# -------------------------------------------------------------------------------- as text


def to_json(progress: Progress) -> str:
    """Compact, sorted text: the same progress always gives the same bytes. Only the games'
    own paths are kept: a lesson file's stars last the visit (its stages may change)."""
    path = stage_keys()
    stages = {k: t for k, t in progress.stages.items() if k in path}
    review = {k: b for k, b in progress.review.items() if k in path or k.startswith(PRACTICE)}
    progress = Progress(stages, progress.practice, review)
    data = {
        "format": FORMAT,
        "version": VERSION,
        "stages": {k: [t.wrong, t.solved] for k, t in sorted(progress.stages.items())},
        "practice": {
            k: "".join("1" if r else "0" for r in v) for k, v in sorted(progress.practice.items())
        },
        "review": {k: [b.box, b.due] for k, b in sorted(progress.review.items())},
    }
    return json.dumps(data, separators=(",", ":"), ensure_ascii=True)


def from_json(text: Any) -> Progress:
    """A kept progress read back, every part checked; ProgressError names what is wrong."""
    try:
        data = json_text(text, "progress", MAX_BYTES)
    except ValueError as error:
        raise ProgressError(str(error)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ProgressError(f"progress: not a saved progress (format is not {FORMAT!r})")
    if data.get("version") != VERSION:
        raise ProgressError(f"version: expected {VERSION}, not {data.get('version')!r}")
    extra = set(data) - {"format", "version", "stages", "practice", "review"}
    if extra:
        raise ProgressError(f"progress: unknown parts {sorted(extra)}")
    return Progress(
        {k: _tries(k, v) for k, v in _part(data, "stages").items()},
        {k: _recent(k, v) for k, v in _part(data, "practice").items()},
        {k: _box(k, v) for k, v in _part(data, "review").items()},
    )


def _part(data: dict, name: str) -> dict:
    part = data.get(name, {})
    if not isinstance(part, dict):
        raise ProgressError(f"{name}: expected a mapping, not {type(part).__name__}")
    return part


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _tries(key: str, value: Any) -> Tries:
    if key not in stage_keys():
        raise ProgressError(f"stages[{key!r}]: not a stage of the path")
    if not (
        isinstance(value, list)
        and len(value) == 2
        and _whole(value[0], 0, MAX_WRONG)
        and isinstance(value[1], bool)
    ):
        raise ProgressError(f"stages[{key!r}]: expected [wrong tries, solved], not {value!r}")
    return Tries(value[0], value[1])


def _known_practice(key: str) -> bool:
    kind, _, focus = key.partition(":")
    return kind in KINDS and (focus == MIXED or focus in FOCI)


def _recent(key: str, value: Any) -> tuple[bool, ...]:
    if not _known_practice(key):
        raise ProgressError(f"practice[{key!r}]: not a practice kind and focus")
    if not (isinstance(value, str) and 0 < len(value) <= RECENT and set(value) <= {"0", "1"}):
        raise ProgressError(f"practice[{key!r}]: expected up to {RECENT} answers as 1s and 0s")
    return tuple(c == "1" for c in value)


def _box(key: str, value: Any) -> Box:
    stage = key in stage_keys()
    if not (stage or (key.startswith(PRACTICE) and _known_practice(key.removeprefix(PRACTICE)))):
        raise ProgressError(f"review[{key!r}]: not a stage or a practice kind and focus")
    if not (
        isinstance(value, list)
        and len(value) == 2
        and _whole(value[0], 1, len(INTERVALS))
        and _whole(value[1], 1, date.max.toordinal())
    ):
        raise ProgressError(f"review[{key!r}]: expected [box 1 to {len(INTERVALS)}, day due]")
    return Box(value[0], value[1])


# -------------------------------------------------------------------------- the summary


@dataclass(frozen=True)
class RuleLine:
    """One line of a learner's summary: a lesson or a practice kind and focus, how much of it
    is done (stages; for practice, answers), its stars (lessons) and the recent accuracy (the
    share right at the first try; None before any answer)."""

    rule: str
    done: int
    of: int
    stars: int
    stars_of: int
    accuracy: float | None


def lesson_lines(progress: Progress, game: str = "whot") -> list[RuleLine]:
    """A line for each lesson of a game's path: stages done, stars, and the share of the stages
    answered so far that were right at the first try."""
    lines = []
    refs = [ref for ref in stage_keys().values() if ref.game == game]
    for n, lesson in enumerate(lessons_of(game)):
        tries = [progress.stages.get(ref.key, Tries()) for ref in refs if ref.lesson == n]
        tried = [t for t in tries if t.solved or t.wrong]
        first = sum(t.solved and not t.wrong for t in tried)
        lines.append(
            RuleLine(
                f"{n + 1}. {lesson.title}",
                sum(t.solved for t in tries),
                len(tries),
                sum(t.stars for t in tries),
                3 * len(tries),
                first / len(tried) if tried else None,
            )
        )
    return lines


def practice_lines(progress: Progress) -> list[RuleLine]:
    """A line for each practice kind and focus answered: the last answers' share right."""
    lines = []
    for key, recent in sorted(progress.practice.items()):
        kind, _, focus = key.partition(":")
        rule = f"{KIND_TITLES[kind]} · {focus_label(focus)}"
        lines.append(RuleLine(rule, len(recent), RECENT, 0, 0, sum(recent) / len(recent)))
    return lines


def missed_most(progress: Progress, kind: str, foci: tuple[str, ...]) -> str | None:
    """Of `foci` (rules a `kind` question can aim at), the one missed most lately: the lowest
    share right among the last answers, then the most misses; None before any miss."""
    missed = []
    for focus in foci:
        recent = progress.practice.get(practice_key(kind, focus), ())
        if focus != MIXED and not all(recent):
            missed.append((sum(recent) / len(recent), -recent.count(False), focus))
    return min(missed)[2] if missed else None
