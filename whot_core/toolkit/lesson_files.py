"""Lesson files: what every game's lesson file shares, read and checked field by field.

A lesson is a TOML file in data/lessons/ (or one a teacher writes): the lesson's facts at the
top (`game`, `id`, `title`, ...), then one `[[stages]]` table a stage, each a position, a task and
the words. Each game reads its own stages (`whot_core.whot.teach.lesson_files`,
`whot_core.whist.teach.lesson_files`); this module reads the TOML, takes each field with its type,
refuses a key nobody reads, and names the file, the stage and the field in every error:

    >>> read_toml('id = "x"\\ntitle = 3', "mine.toml")
    {'id': 'x', 'title': 3}
    >>> try:
    ...     Table({"title": 3}, "mine.toml").text("title")
    ... except LessonFileError as error:
    ...     print(error)
    mine.toml: title: expected text, not 3

The built-in lessons are the numbered files of each game (`whot-01-the-pack.toml`, ...), in the
order of their numbers (`path_files`); any other file there is a lesson a link may name.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

__all__ = [
    "LESSONS_DIR",
    "MAX_LESSON_BYTES",
    "LessonFileError",
    "Table",
    "check_expected",
    "path_files",
    "read_toml",
    "shipped",
    "stage_tables",
    "words",
]

LESSONS_DIR = Path(__file__).resolve().parents[2] / "data" / "lessons"
#: A lesson file is a few kilobytes; an upload larger than this is refused before it is read.
MAX_LESSON_BYTES = 200_000


class LessonFileError(ValueError):
    """A lesson file that cannot be played. `str()` starts with where the problem is, as
    "hold-on.toml: stage 2: hands: ...", and `file`, `stage` (counted from 1; None for the
    lesson's own fields) and `field` name it for a program."""

    def __init__(self, file: str, stage: int | None, field: str, words: str) -> None:
        where = [file] + ([f"stage {stage}"] if stage is not None else []) + [field]
        super().__init__(f"{': '.join(p for p in where if p)}: {words}")
        self.file, self.stage, self.field, self.words = file, stage, field, words


def read_toml(text: str | bytes, file: str) -> dict[str, Any]:
    """A lesson file's TOML as a table; LessonFileError when it is not TOML text."""
    if isinstance(text, bytes):
        if len(text) > MAX_LESSON_BYTES:
            raise LessonFileError(file, None, "", f"larger than {MAX_LESSON_BYTES} bytes")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise LessonFileError(file, None, "", "a lesson file must be UTF-8 text") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise LessonFileError(file, None, "", f"not valid TOML: {error}") from None


def words(text: str) -> str:
    """Teaching text as a learner reads it: the file's line breaks and indents are one space."""
    return " ".join(text.split())


class Table:
    """One TOML table of a lesson file (the lesson's fields, or one stage's), read field by
    field. Each reader takes one key and checks its type; `done` refuses any key left unread
    (a misspelt field is an error, never silently ignored)."""

    def __init__(self, data: dict[str, Any], file: str, stage: int | None = None) -> None:
        self.data, self.file, self.stage = data, file, stage
        self.read: set[str] = set()

    def error(self, field: str, words: str) -> LessonFileError:
        return LessonFileError(self.file, self.stage, field, words)

    def has(self, key: str) -> bool:
        return key in self.data

    def take(self, key: str, default: Any = ..., check: Callable[[Any], bool] | None = None,
             expected: str = "") -> Any:  # fmt: skip
        """The value of `key`: required without a default; `check` says whether its type is
        right, `expected` what it should be in words."""
        self.read.add(key)
        if key not in self.data:
            if default is ...:
                raise self.error(key, "missing; every " + ("stage" if self.stage else "lesson")
                                 + f" needs {expected or 'it'}")  # fmt: skip
            return default
        value = self.data[key]
        if check is not None and not check(value):
            raise self.error(key, f"expected {expected}, not {value!r}")
        return value

    def text(self, key: str, default: Any = ...) -> str:
        value = self.take(key, default, _is_text, "text")
        if isinstance(value, str) and not value.strip() and default is ...:
            raise self.error(key, "empty; write the words")
        return value

    def whole(self, key: str, default: Any = ..., low: int = 0) -> int:
        value = self.take(key, default, _is_whole, "a whole number")
        if isinstance(value, int) and value < low:
            raise self.error(key, f"expected a whole number from {low}, not {value}")
        return value

    def texts(self, key: str, default: Any = ...) -> list[str]:
        return self.take(key, default, _is_texts, "a list of text")

    def wholes(self, key: str, default: Any = ...) -> list[int]:
        return self.take(key, default, _is_wholes, "a list of whole numbers")

    def hands(self, key: str, default: Any = ...) -> list[list[str]]:
        return self.take(key, default, _is_hands, "a list of hands, each a list of cards")

    def table(self, key: str, default: Any = ...) -> dict[str, Any]:
        return self.take(key, default, lambda v: isinstance(v, dict), "a table")

    def choice(self, key: str, allowed: Iterable[str], default: Any = ...) -> str:
        allowed = tuple(allowed)
        value = self.text(key, default)
        if value not in allowed:
            raise self.error(key, f"{value!r} is not one of {', '.join(allowed)}")
        return value

    def done(self) -> None:
        """Refuse any key no reader took."""
        unknown = sorted(set(self.data) - self.read)
        if unknown:
            raise self.error(unknown[0], f"not a field of a {'stage' if self.stage else 'lesson'}"
                             f" (the fields are: {', '.join(sorted(self.read))})")  # fmt: skip


def stage_tables(top: Table) -> list[Table]:
    """The `[[stages]]` tables of a lesson, each a `Table` that knows its number."""
    stages = top.take("stages", check=_is_tables, expected="one [[stages]] table a stage")
    if not stages:
        raise top.error("stages", "no stage; write one [[stages]] table a stage")
    return [Table(data, top.file, n) for n, data in enumerate(stages, 1)]


def check_expected(table: Table, question: Any) -> None:
    """Refuse a stage whose `expect` (what its writer expects) is not the engine's answer,
    saying the engine's answer and its reason (any game's question: `check` judges it)."""
    if table.has("expect"):
        expected = table.take("expect")
        verdict = question.check(expected)
        if not verdict.correct:
            _, _, why = verdict.explanation.partition("The answer: ")
            raise table.error("expect", f"the engine does not give {expected!r}. The answer: {why}")


def path_files(game: str, folder: Path = LESSONS_DIR) -> list[Path]:
    """A game's built-in lessons in order: its numbered files, `whot-01-the-pack.toml`, ..."""
    return sorted(
        path for path in folder.glob(f"{game}-*.toml") if path.stem.split("-")[1].isdigit()
    )


def shipped(name: str, folder: Path = LESSONS_DIR) -> Path:
    """The file a link names (`?lesson_file=first-lesson`): a lesson file in data/lessons/,
    by its name without `.toml` and never a path elsewhere. ValueError when there is none."""
    files = {path.stem: path for path in folder.glob("*.toml")}
    if name not in files:
        raise ValueError(f"no lesson file {name!r} in data/lessons; the files are: "
                         f"{', '.join(sorted(files))}")  # fmt: skip
    return files[name]


def _is_text(value: Any) -> bool:
    return isinstance(value, str)


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_texts(value: Any) -> bool:
    return isinstance(value, list) and all(map(_is_text, value))


def _is_wholes(value: Any) -> bool:
    return isinstance(value, list) and all(map(_is_whole, value))


def _is_hands(value: Any) -> bool:
    return isinstance(value, list) and all(map(_is_texts, value))


def _is_tables(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(each, dict) for each in value)
