"""A lesson file a teacher brings: uploaded on the Learn page, named by a link
(`?lesson_file=example-first-lesson`, a file in data/lessons/), or checked on the command line
(`python -m whot_core lesson check FILE`). Each is read by its game's reader (the file's `game`,
Whot unless it says `"whist"`), so all three accept and refuse the same files:

    >>> found = read_shipped("example-first-lesson")
    >>> found.game, found.lesson.title, len(found.lesson.stages)
    ('whot', 'Your first Whot lesson', 3)
    >>> summary(found)[1]
    '  stage 1 (playable): circle 7, square 10'
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..toolkit.lesson_files import LessonFileError, read_toml, shipped
from ..whist.teach import lesson_files as whist_files
from ..whot.teach import lesson_files as whot_files
from .page import choice_label

__all__ = ["LessonFile", "LessonFileError", "read_lesson_path", "read_lesson_text", "read_shipped",
           "summary"]  # fmt: skip

#: Each game's reader of lesson files, by the name a file's `game` gives.
READERS = {"whot": whot_files.read_lesson, "whist": whist_files.read_lesson}


@dataclass(frozen=True)
class LessonFile:
    """A lesson read from a file: its game, the lesson, and the file's name (`shipped`: the
    name a link gives, when it is one of data/lessons/)."""

    game: str
    lesson: Any
    name: str
    shipped: str = ""


def read_lesson_text(data: str | bytes, name: str, link_name: str = "") -> LessonFile:
    """A lesson file's text read by its game's reader; LessonFileError names the problem."""
    game = read_toml(data, name).get("game", "whot")
    if game not in READERS:
        raise LessonFileError(name, None, "game", f"{game!r} is not a game here; the games are: "
                              f"{', '.join(READERS)}")  # fmt: skip
    return LessonFile(game, READERS[game](data, name), name, link_name)


def read_lesson_path(path: str | Path) -> LessonFile:
    path = Path(path)
    return read_lesson_text(path.read_bytes(), str(path))


def read_shipped(name: str) -> LessonFile:
    """A lesson file of data/lessons/ by the name a link gives (no `.toml`)."""
    path = shipped(name)
    return read_lesson_text(path.read_bytes(), path.name, name)


def summary(found: LessonFile) -> list[str]:
    """A good file in a few lines: the lesson, then each stage's task and the engine's answer."""
    lesson = found.lesson
    game = "Whist" if found.game == "whist" else "Whot"
    lines = [f"{found.name}: a {game} lesson, {lesson.title!r} (id {lesson.id}), "
             f"{len(lesson.stages)} stages, every answer the engine's:"]  # fmt: skip
    for n, stage in enumerate(lesson.stages, 1):
        question = stage.question
        lines.append(f"  stage {n} ({question.kind}): {choice_label(question, question.answer)}")
    return lines
