"""What comes back in Review, and when: Leitner boxes, counted in days.

Only a miss puts a rule in review: a stage answered wrong, or a practice question of one kind and
focus answered wrong. It goes into box 1, due at once (it comes back in this visit's Review). A
right first answer in Review moves it up a box, due later (`INTERVALS`: 1, 3, 7, then 16 days);
a right answer in box 5 takes it out of review (learned). A miss anywhere sends it back to box 1.
So a rule a learner keeps missing comes back often, and one they now know comes back rarely, then
never; a rule never missed never comes back at all (the path already has it).

    >>> from datetime import date
    >>> day = date(2026, 12, 6).toordinal()
    >>> missed = after_answer(None, correct=False, today=day)
    >>> missed, after_answer(missed, correct=True, today=day)
    (Box(box=1, due=739956), Box(box=2, due=739957))
    >>> due_now({"hold-on/2": missed}, today=day)
    ['hold-on/2']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

__all__ = ["INTERVALS", "Box", "after_answer", "due_now", "next_due"]

#: Days until a rule in box 1, 2, ... 5 is due again: box 1 at once (a miss comes back soon).
INTERVALS = (0, 1, 3, 7, 16)


@dataclass(frozen=True)
class Box:
    """A rule in review: its Leitner box (1 to 5) and the day it is due (a date's ordinal)."""

    box: int
    due: int


def after_answer(box: Box | None, *, correct: bool, today: int) -> Box | None:
    """Where a rule goes after an answer on day `today` (None: not in review). A miss goes to
    box 1, due today; a right answer moves a rule in review up a box, due `INTERVALS` days on,
    and out of review after box 5; a right answer to a rule not in review leaves it out."""
    if not correct:
        return Box(1, today + INTERVALS[0])
    if box is None or box.box >= len(INTERVALS):
        return None
    return Box(box.box + 1, today + INTERVALS[box.box])


def due_now(boxes: Mapping[str, Box], *, today: int) -> list[str]:
    """The rules due on day `today`: the longest overdue first, then the lowest box (the most
    often missed), then by name (so the order never depends on the mapping's)."""
    due = [(box.due, box.box, key) for key, box in boxes.items() if box.due <= today]
    return [key for _, _, key in sorted(due)]


def next_due(boxes: Mapping[str, Box], *, today: int, answered: Sequence[str] = ()) -> str | None:
    """The rule to review next: the first due one not yet answered in this sitting (`answered`,
    oldest first), else the due one answered longest ago, so that a miss comes back after the
    others rather than at once. None when nothing is due."""
    due = due_now(boxes, today=today)
    if not due:
        return None
    fresh = [key for key in due if key not in answered]
    if fresh:
        return fresh[0]
    order = {key: n for n, key in enumerate(answered)}
    return min(due, key=lambda key: order[key])
