"""What a Learn path needs whatever the game: a verdict on one answer, and stars for a stage.

Whot's practice questions and lessons (`whot_core.whot.teach.practice`,
`whot_core.whot.teach.lessons`) and Whist's lessons (`whot_core.whist.teach.lessons`) judge answers
with these, so the two paths give the same feedback and the same stars:

    >>> [stars(n) for n in range(4)]
    [3, 2, 1, 1]
    >>> Verdict(True, "Right. East ruffs.").correct
    True
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Verdict", "stars"]


@dataclass(frozen=True)
class Verdict:
    """The judgement of one response: right or not, and why in the engine's words."""

    correct: bool
    explanation: str


def stars(wrong_tries: int) -> int:
    """Stars for a stage, as on the Learn path: three at the first try, two after one wrong
    try, one after more (a wrong try is allowed and explained, never punished further)."""
    return 3 if wrong_tries <= 0 else 2 if wrong_tries == 1 else 1
