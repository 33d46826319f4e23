"""The Learn page's path without Streamlit: each game's lessons in order, a stage's place on
it and its link, and the learner's progress along it (stars by tries).

Whot's path is `whot_core.whot.teach.lessons`, Whist's `whot_core.whist.teach.lessons`; a link names
the game (`?game=whist`, Whot without it), the lesson by its id and the stage counted from 1:

    >>> ref = read_stage_link({"game": "whist", "lesson": "trumps", "stage": "2"})[0]
    >>> ref.key, stage_params(ref)
    ('whist:trumps/2', {'game': 'whist', 'lesson': 'trumps', 'stage': '2'})
    >>> ref.next.key, read_stage_link({"lesson": "hold-on"})[0].key
    ('whist:trumps/3', 'hold-on/1')
"""

from __future__ import annotations

import functools
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..toolkit.learning import stars
from ..whist.teach import lessons as whist_lessons
from ..whist.teach.questions import WhistQuestion
from ..whot.app.links import read_choice, read_int
from ..whot.engine.rules import Rules
from ..whot.teach.lessons import LESSONS, Lesson, Posed
from ..whot.teach.practice import Question

__all__ = [
    "GAMES",
    "StageRef",
    "Tries",
    "answer_key",
    "answered",
    "first_unsolved",
    "lesson_progress",
    "lessons_of",
    "path_progress",
    "read_game",
    "read_stage_link",
    "stage_keys",
    "stage_params",
]

#: The games whose lessons the Learn page offers, by the name a link gives (`?game=whist`).
GAMES = {"whot": "Whot", "whist": "Whist"}


def lessons_of(game: str) -> tuple:
    """A game's path of lessons: Whot's (`whot_core.whot.teach.lessons`) or Whist's."""
    return whist_lessons.LESSONS if game == "whist" else LESSONS


# ------------------------------------------------------------------------------- the path


@dataclass(frozen=True)
class StageRef:
    """One stage of a game's path: the lesson's place in the game's lessons and the stage's in
    the lesson (both from 0; links count stages from 1, as a reader does). `own` is a path of
    lessons read from a file (a teacher's upload, or a file a link names), played instead of the
    game's own path."""

    lesson: int
    stage: int
    game: str = "whot"
    own: tuple = ()

    @property
    def lessons(self) -> tuple:
        return self.own or lessons_of(self.game)

    @property
    def of(self) -> Lesson:
        return self.lessons[self.lesson]

    @property
    def question(self) -> Question | WhistQuestion:
        return self.of.stages[self.stage].question

    @property
    def text(self) -> str:
        return self.of.stages[self.stage].text

    def pose(self, rules: Rules) -> Posed:
        """The stage under the learner's rules where it plays the same (`Stage.pose`)."""
        return self.of.stages[self.stage].pose(rules)

    @property
    def key(self) -> str:
        """The stage's key in the progress: `hold-on/2`, a Whist stage `whist:trumps/2`, a stage
        of a lesson file `file:first-lesson/2` (its stars are not the path's)."""
        game = "" if self.game == "whot" else f"{self.game}:"
        return f"{'file:' if self.own else ''}{game}{self.of.id}/{self.stage + 1}"

    @property
    def next(self) -> StageRef | None:
        """The stage after this one along the path (the next lesson's first), or None."""
        if self.stage + 1 < len(self.of.stages):
            return StageRef(self.lesson, self.stage + 1, self.game, self.own)
        if self.lesson + 1 < len(self.lessons):
            return StageRef(self.lesson + 1, 0, self.game, self.own)
        return None

    @property
    def previous(self) -> StageRef | None:
        if self.stage > 0:
            return StageRef(self.lesson, self.stage - 1, self.game, self.own)
        if self.lesson == 0:
            return None
        last = len(self.lessons[self.lesson - 1].stages) - 1
        return StageRef(self.lesson - 1, last, self.game, self.own)


def answer_key(ref: StageRef, question: Question | WhistQuestion) -> str:
    """The key of an answer to a stage: the stage's key, then the rules it was asked under (an
    answer given under other rules is another question's; the stars stay the stage's). Whist
    has one set of rules."""
    if isinstance(question, WhistQuestion):
        return f"{ref.key}|whist"
    rules = zlib.crc32(question.state.rules.to_toml().encode())
    return f"{ref.key}|{rules:08x}"


def stage_params(ref: StageRef) -> dict[str, str]:
    """A stage's own link: `?lesson=<id>&stage=<n>`, n counted from 1, and `game=whist` for a
    Whist stage."""
    game = {} if ref.game == "whot" else {"game": ref.game}
    return game | {"lesson": ref.of.id, "stage": str(ref.stage + 1)}


def read_game(params: Mapping[str, Any]) -> tuple[str, str | None]:
    """The game a link's lessons are about (`game`, Whot by default), and any problem."""
    return read_choice(params, "game", "whot", tuple(GAMES))


def read_stage_link(params: Mapping[str, Any]) -> tuple[StageRef | None, str | None]:
    """The stage a link opens (None without `lesson`), and what was wrong with it in words.
    An unknown lesson opens nothing; a stage beyond the lesson opens its first stage."""
    game, problem = read_game(params)
    if problem or "lesson" not in params:
        return None, problem
    lessons = lessons_of(game)
    ids = [each.id for each in lessons]
    lesson_id, problem = read_choice(params, "lesson", "", ids)
    if problem:
        return None, problem
    index = ids.index(lesson_id)
    stage, problem = read_int(params, "stage", 1, 1, len(lessons[index].stages))
    return StageRef(index, stage - 1, game), problem


@dataclass(frozen=True)
class Tries:
    """A stage's answers so far: the wrong ones, and whether it was answered right."""

    wrong: int = 0
    solved: bool = False

    @property
    def stars(self) -> int:
        """1 to 3 once solved (by the wrong tries before), 0 until then."""
        return stars(self.wrong) if self.solved else 0


def answered(tries: Tries, *, correct: bool) -> Tries:
    """The tries after one more answer. A solved stage keeps its stars: answering again, to
    see another choice explained, changes nothing."""
    if tries.solved:
        return tries
    return Tries(tries.wrong, True) if correct else Tries(tries.wrong + 1, False)


def lesson_progress(
    lesson: int, progress: Mapping[str, Tries], game: str = "whot", own: tuple = ()
) -> tuple[int, int, int]:
    """(stages solved, stars won, stars to win) in one lesson of a game's path (or of `own`,
    lessons from a file)."""
    stages = (own or lessons_of(game))[lesson].stages
    refs = [StageRef(lesson, n, game, own) for n in range(len(stages))]
    done = [progress.get(ref.key, Tries()) for ref in refs]
    return sum(t.solved for t in done), sum(t.stars for t in done), 3 * len(refs)


def path_progress(
    progress: Mapping[str, Tries], game: str = "whot", own: tuple = ()
) -> tuple[int, int]:
    """(stages solved, stages) along a game's whole path (or `own`, lessons from a file)."""
    lessons = own or lessons_of(game)
    totals = [lesson_progress(n, progress, game, own) for n in range(len(lessons))]
    return sum(t[0] for t in totals), sum(len(each.stages) for each in lessons)


def first_unsolved(progress: Mapping[str, Tries], game: str = "whot") -> StageRef:
    """Where to go on: the first stage not yet solved (the first stage once all are)."""
    for lesson, each in enumerate(lessons_of(game)):
        for stage in range(len(each.stages)):
            ref = StageRef(lesson, stage, game)
            if not progress.get(ref.key, Tries()).solved:
                return ref
    return StageRef(0, 0, game)


@functools.cache
def stage_keys() -> dict[str, StageRef]:
    """Every stage of every game's path by its key in the progress (`hold-on/2`,
    `whist:trumps/2`): what a kept progress may name, and where a review goes."""
    return {
        ref.key: ref
        for game in GAMES
        for lesson, each in enumerate(lessons_of(game))
        for ref in (StageRef(lesson, stage, game) for stage in range(len(each.stages)))
    }
