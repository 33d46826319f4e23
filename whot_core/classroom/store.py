"""What the classroom keeps, and the interface of the place that keeps it.

A room is a few small records: the room itself (its code, the hash of the teacher's key, its
settings, where the quiz is and a `version` that every change bumps), its members, the
questions asked in it and the answers given. The room's rules (`whot_core.classroom.room`)
speak only to a `RoomStore`, never to a database, so a second backend (Redis, for play across
devices) is one more class with the same methods: each method is one change, done whole or
not at all, and the conditions that two phones could race on (a name taken, a room full, an
answer after Reveal, a second answer) are checked inside that change.

    >>> Refused("name", "is taken").args[0]
    'name: is taken'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Protocol

__all__ = [
    "Answer",
    "Asked",
    "Member",
    "NameTaken",
    "Refused",
    "RoomRecord",
    "RoomStore",
    "StoreUnavailable",
    "TakenOut",
    "TooLate",
]


class Refused(ValueError):
    """A request the room's rules refuse, naming the field it is about (`code`, `name`,
    `answer`, `key`...). Nothing was changed."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message

    @property
    def sentence(self) -> str:
        """The message as a reader sees it: a capital letter and a full stop (the field's name
        is for code and logs, not for a student's screen)."""
        text = self.message[:1].upper() + self.message[1:]
        return text if text.endswith((".", "!", "?")) else text + "."


class NameTaken(Refused):
    """A name someone in the room has already, whatever its case: told in the room's form
    (`name`, as that student typed it, not as the newcomer did), so that a returning student
    knows it is theirs.

        >>> NameTaken("Ada").sentence
        'Ada is in this room already.'
    """

    def __init__(self, name: str) -> None:
        super().__init__("name", f"{name} is in this room already")
        self.name = name


class TakenOut(Refused):
    """A name the teacher took out of the room, whatever its case: it cannot join the room
    again (a decision of this project: a take-out stands until the teacher deletes the room;
    the name freed would undo it at once, and the teacher would not know). Told in the room's
    spelling of the name, saying why.

        >>> TakenOut("Eve").sentence.startswith("The teacher took Eve out of this room, so that")
        True
    """

    def __init__(self, name: str) -> None:
        super().__init__("name", f"the teacher took {name} out of this room, so that name cannot "
                         "join it again. If that is you, ask your teacher")  # fmt: skip
        self.name = name


class TooLate(Refused):
    """An answer that arrived after its question was revealed or skipped (`state`): refused
    like any other, and told apart so that a phone can say so on that question's own screen.

        >>> TooLate(0, "revealed").args[0]
        'answer: too late for question 1: the answer has been revealed'
    """

    WHY: ClassVar[dict[str, str]] = {
        "revealed": "the answer has been revealed",
        "skipped": "it was skipped",
    }

    def __init__(self, number: int, state: str) -> None:
        super().__init__("answer", f"too late for question {number + 1}: {self.WHY[state]}")
        self.number = number
        self.state = state


class StoreUnavailable(RuntimeError):
    """The store could not be read or written (a locked or read-only database file, a folder
    that cannot be made). The message says where and what to do; nothing was half-written."""


@dataclass(frozen=True)
class RoomRecord:
    """A room as stored. `phase` is `lobby` (students join), `question` (a question is on the
    projector: `current`) or `podium`; a closed room takes no one and no answer, and keeps its
    report until the teacher deletes it. `settings` is JSON text (`room.Settings`). `version`
    counts every change; `stage` only the teacher's (a question asked, revealed or skipped, a
    student removed, the podium, the room closed): what a phone waits for."""

    code: str
    key_hash: str
    title: str
    settings: str
    phase: str = "lobby"
    current: int = -1
    closed: bool = False
    version: int = 0
    stage: int = 0
    created: float = 0.0


@dataclass(frozen=True)
class Member:
    """A student in a room: their number in it, their name as typed, the hash of their rejoin
    token, and whether the teacher removed them (their answers stay in the report)."""

    id: int
    name: str
    token_hash: str
    joined: float
    removed: bool = False


@dataclass(frozen=True)
class Asked:
    """A question of the room, by its number (from 0): what to ask (`spec`, JSON text that
    `whot_core.classroom.questions` turns into the engine's question) and its state:
    `waiting`, `open` (answers taken), `revealed` or `skipped`."""

    number: int
    spec: str
    state: str = "waiting"
    opened: float | None = None


@dataclass(frozen=True)
class Answer:
    """One member's one answer to one question: what they picked (JSON text), the engine's
    verdict, the points it won and when it arrived."""

    number: int
    member: int
    response: str
    correct: bool
    points: int
    at: float


class RoomStore(Protocol):
    """Where rooms live. Every method that changes a room bumps its `version` in the same
    change; `version` is the cheap question a screen asks to learn whether to redraw. Methods
    raise `Refused` when a condition fails (nothing changed) and `StoreUnavailable` when the
    store cannot be reached."""

    def create_room(self, room: RoomRecord) -> None:
        """Keep a new room; `Refused("code", ...)` when the code is taken."""

    def room(self, code: str) -> RoomRecord | None: ...

    def version(self, code: str) -> int | None:
        """The room's change counter (None: no such room)."""

    def stage(self, code: str) -> int | None:
        """The counter of the teacher's changes (None: no such room)."""

    def add_questions(self, code: str, specs: Sequence[str]) -> None:
        """Append questions (in the lobby or between questions)."""

    def questions(self, code: str) -> list[Asked]: ...

    def add_member(self, code: str, name: str, name_key: str, token_hash: str, at: float,
                   max_size: int) -> Member:  # fmt: skip
        """Add a student: refused when the room is closed or full (`max_size` members not
        removed), when a member not removed has the same `name_key` (`NameTaken`), or when the
        teacher took out a member of that name (`TakenOut`: `codes.taken_out_name`)."""

    def members(self, code: str) -> list[Member]: ...

    def remove_member(self, code: str, member: int) -> None: ...

    def open_question(self, code: str, number: int, at: float) -> None:
        """Put question `number` on the projector and take answers to it (the question before
        is done: revealed stays revealed, an open one is skipped)."""

    def add_answer(self, code: str, answer: Answer) -> None:
        """Keep an answer: refused unless its question is open and the member has not
        answered it, and the member is in the room."""

    def answers(self, code: str) -> list[Answer]: ...

    def note_late(self, code: str, number: int, member: int) -> None:
        """Note that a member's answer to question `number` came after it was revealed or
        skipped (refused, `TooLate`): kept with the room, so that their screen still says so
        after a reload. Noted once; refused when there is no such room."""

    def late(self, code: str) -> list[tuple[int, int]]:
        """(question number, member) of every late answer noted, in that order."""

    def end_question(self, code: str, number: int, state: str) -> None:
        """Stop taking answers to an open question: `revealed` or `skipped`; refused when
        the question is not open."""

    def set_phase(self, code: str, phase: str) -> None: ...

    def close_room(self, code: str) -> None: ...

    def delete_room(self, code: str) -> None:
        """Forget the room, its members, questions, answers and its list of tables."""

    def add_tables(self, code: str, tables: Sequence[str]) -> None:
        """Note the game tables the class was split into, by code (a teacher's change: the
        students' screens redraw); refused when there is no such room."""

    def tables(self, code: str) -> list[str]:
        """The codes of the room's game tables, in the order they were added."""
