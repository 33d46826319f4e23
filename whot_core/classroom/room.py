"""A room's rules, over any `RoomStore`: a teacher opens a room and holds its key; students
join with the code and a name and get a rejoin token; the teacher asks, reveals, skips,
removes and closes, and nobody else can; each student answers each question once, before
Reveal, and the engine judges the answer when it arrives.

    >>> import tempfile, pathlib
    >>> from whot_core.classroom.sqlite import SqliteStore
    >>> from whot_core.classroom.questions import stage_spec
    >>> rooms = Classroom(SqliteStore(pathlib.Path(tempfile.mkdtemp()) / "r.sqlite3"))
    >>> code, key = rooms.open_room("Hold on", [stage_spec("whot", "hold-on", 0)])
    >>> ada = rooms.join(code, "Ada")
    >>> rooms.ask(code, key)
    >>> rooms.answer(code, ada.token, 0, [rooms.quiz(code, 0).right[0]]).correct
    True
    >>> rooms.reveal(code, key)
    >>> [(row.name, row.points) for row in rooms.snapshot(code).leaderboard()]
    [('Ada', 150)]
"""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, replace

from ..learn.page import Feedback
from . import table as tables
from .codes import clean_code, clean_name, digest, matches, name_key, new_code, new_secret
from .questions import QuizQuestion, in_names, judge, picked_label, quiz_question
from .seating import groups
from .store import Answer, Asked, Member, Refused, RoomRecord, RoomStore, TooLate
from .table_games import GAMES

__all__ = ["Classroom", "Joined", "Place", "Settings", "Snapshot"]

#: Points for a right answer; the speed bonus comes on top, falling to nothing at `SPEED_WINDOW`.
RIGHT_POINTS = 100
SPEED_WINDOW = 20.0


@dataclass(frozen=True)
class Settings:
    """A room's settings: how many students at most, the most points a fast right answer adds
    (0: speed does not count), and whether the room reads in the Nigerian shape names (the
    teacher's choice when opening it: a phone that types the code reads what the projector
    says, not its own sidebar's default)."""

    max_size: int = 60
    speed_bonus: int = 50
    nigerian: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.max_size <= 500:
            raise Refused("max_size", "a room takes 1 to 500 students")
        if not 0 <= self.speed_bonus <= RIGHT_POINTS:
            raise Refused("speed_bonus", f"from 0 to {RIGHT_POINTS} points")
        if not isinstance(self.nigerian, bool):
            raise Refused("nigerian", "the shape names are Nigerian (true) or not (false)")


def points(correct: bool, seconds: float, bonus: int) -> int:
    """A right answer's points: `RIGHT_POINTS`, and up to `bonus` more the faster it came."""
    if not correct:
        return 0
    return RIGHT_POINTS + round(bonus * max(0.0, 1 - seconds / SPEED_WINDOW))


@dataclass(frozen=True)
class Joined:
    """A student's place: their number in the room and their rejoin token (kept by their
    browser and in their link; the store keeps only its hash)."""

    member: int
    name: str
    token: str


@dataclass(frozen=True)
class Place:
    """A row of the leaderboard."""

    rank: int
    name: str
    points: int
    right: int


@dataclass(frozen=True)
class Snapshot:
    """Everything a screen draws of a room, read at one version."""

    room: RoomRecord
    members: tuple[Member, ...]
    asked: tuple[Asked, ...]
    answers: tuple[Answer, ...]
    #: (question number, member) of each answer refused for coming after Reveal or Skip.
    late: tuple[tuple[int, int], ...] = ()

    @property
    def settings(self) -> Settings:
        return Settings(**json.loads(self.room.settings))

    @property
    def present(self) -> tuple[Member, ...]:
        return tuple(m for m in self.members if not m.removed)

    @property
    def current(self) -> Asked | None:
        number = self.room.current
        return self.asked[number] if 0 <= number < len(self.asked) else None

    def asked_before_joining(self, number: int, member: Member) -> bool:
        """Whether question `number` was put to the class before `member` joined: one they did
        not answer is "not here yet" for them (the report, their phone), never unanswered."""
        opened = self.asked[number].opened
        return opened is not None and opened < member.joined

    def was_late(self, number: int, member: int) -> bool:
        """Whether this member's answer to question `number` came too late (and was refused)."""
        return (number, member) in self.late

    def answers_to(self, number: int) -> tuple[Answer, ...]:
        return tuple(a for a in self.answers if a.number == number)

    def tally(self) -> tuple[int, int]:
        """(answered, present) for the question being asked: "18 of 24 answered"."""
        current = self.current
        present = {m.id for m in self.present}
        done = {a.member for a in self.answers_to(current.number)} if current else set()
        return len(done & present), len(present)

    def distribution(self, number: int, nigerian: bool = False) -> list[tuple[str, int, bool]]:
        """Each answer given to a question, how many gave it and whether it is right: the
        choices in their order (with the ones nobody gave); for a question of several cards, the
        sets given, most given first, and the right set even when nobody gave it. Named in the
        Nigerian shape names with `nigerian`."""
        quiz = in_names(quiz_question(self.asked[number].spec), nigerian)
        given = [json.loads(a.response) for a in self.answers_to(number)]
        if not quiz.many:
            counts = Counter(picked[0] for picked in given)
            return [(label, counts[n], (n,) == quiz.right) for n, label in enumerate(quiz.labels)]
        counts = Counter(tuple(sorted(set(picked))) for picked in given)
        counts[tuple(sorted(quiz.right))] += 0  # the answer has its row, at 0 if nobody gave it
        rows = [(picked_label(quiz, list(p)), n, p == quiz.right) for p, n in counts.items()]
        return sorted(rows, key=lambda row: (-row[1], row[0]))

    def leaderboard(self) -> list[Place]:
        """Students by points, then right answers, then name; equal scores share a rank."""
        scores = {m.id: [0, 0] for m in self.present}
        for a in self.answers:
            if a.member in scores and self.asked[a.number].state == "revealed":
                scores[a.member][0] += a.points
                scores[a.member][1] += a.correct
        names = {m.id: m.name for m in self.present}
        order = sorted(scores, key=lambda m: (-scores[m][0], -scores[m][1], names[m].casefold()))
        places: list[Place] = []
        for member in order:
            won, right = scores[member]
            same = places and (places[-1].points, places[-1].right) == (won, right)
            rank = places[-1].rank if same else len(places) + 1
            places.append(Place(rank, names[member], won, right))
        return places

    def podium(self) -> list[Place]:
        """The first three places (more when tied), who scored at all."""
        return [p for p in self.leaderboard() if p.rank <= 3 and p.points > 0]


def _by_hand(present: Sequence[Member], chosen: Mapping[int, int],
             size: int) -> list[tuple[Member, ...]]:  # fmt: skip
    """The teacher's own tables (member number to table number), checked: every student
    present at one table, none of more than `size`; in the order of the tables' numbers."""
    ids = {m.id for m in present}
    if set(chosen) != ids:
        missing = ", ".join(m.name for m in present if m.id not in chosen)
        raise Refused("tables", f"give every student a table (not yet: {missing})" if missing
                      else "a table is given to someone who is not in the room")  # fmt: skip
    tables: dict[int, list[Member]] = {}
    for member in present:
        tables.setdefault(chosen[member.id], []).append(member)
    full = [number for number, people in tables.items() if len(people) > size]
    if full:
        raise Refused("tables", f"table {full[0]} has {len(tables[full[0]])} students; "
                      f"a table seats at most {size}")  # fmt: skip
    return [tuple(tables[number]) for number in sorted(tables)]


def seat_key(room: str, member: int) -> str:
    """Who a seat at a class's table is kept for (`Seat.reserved`)."""
    return f"room:{room}:member:{member}"


#: The games' names in a room's title.
GAME_NAMES = {"whot": "Whot", "whist": "Whist"}


def default_title(games: Iterable[str]) -> str:
    """A room's title when the teacher gives none, after its questions' games: "Whist quiz" for
    a Whist room, "Whot and Whist quiz" for both (a Whist room was once called "Whot quiz")."""
    chosen = set(games)
    named = [name for game, name in GAME_NAMES.items() if game in chosen]
    return f"{' and '.join(named) or 'Whot'} quiz"


class Classroom:
    """The room's rules. `clock` gives the time in seconds (the speed bonus's clock)."""

    def __init__(self, store: RoomStore, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock

    # ------------------------------------------------------------------------ the teacher

    def open_room(self, title: str, specs: Sequence[str] = (),
                  settings: Settings = Settings()) -> tuple[str, str]:  # fmt: skip
        """A new room with these questions: its join code and the teacher's key."""
        # A spec the engine cannot pose is refused before the room exists.
        posed = [quiz_question(spec) for spec in specs]
        key = new_secret()
        named = title.strip()[:80] or default_title(q.game for q in posed)
        record = RoomRecord("", digest(key), named,
                            json.dumps(asdict(settings)), created=self.clock())  # fmt: skip
        for _ in range(20):  # a code taken already: draw another
            code = new_code()
            try:
                self.store.create_room(replace(record, code=code))
            except Refused:
                continue
            if specs:
                self.store.add_questions(code, list(specs))
            return code, key
        raise Refused("code", "no free code was found; try again")

    def teacher(self, code: str, key: str) -> RoomRecord:
        """The room, when `key` is its teacher's; `Refused` otherwise."""
        room = self._room(code)
        if not key or not matches(key, room.key_hash):
            raise Refused("key", "only the room's teacher key can do that")
        return room

    def add_questions(self, code: str, key: str, specs: Sequence[str]) -> None:
        self._open_room(self.teacher(code, key))
        for spec in specs:
            quiz_question(spec)
        self.store.add_questions(code, list(specs))

    def ask(self, code: str, key: str, number: int | None = None) -> None:
        """Put a question on the projector (by default the next one not asked)."""
        room = self._open_room(self.teacher(code, key))
        asked = self.store.questions(room.code)
        if number is None:
            waiting = [q.number for q in asked if q.state == "waiting"]
            if not waiting:
                raise Refused("question", "every question has been asked")
            number = waiting[0]
        self.store.open_question(room.code, number, self.clock())

    def reveal(self, code: str, key: str) -> None:
        room = self._open_room(self.teacher(code, key))
        self.store.end_question(room.code, room.current, "revealed")

    def skip(self, code: str, key: str) -> None:
        room = self._open_room(self.teacher(code, key))
        self.store.end_question(room.code, room.current, "skipped")

    def remove(self, code: str, key: str, member: int) -> None:
        self.store.remove_member(self.teacher(code, key).code, member)

    def show_podium(self, code: str, key: str) -> None:
        room = self._open_room(self.teacher(code, key))
        if room.phase == "question" and self.store.questions(code)[room.current].state == "open":
            self.store.end_question(room.code, room.current, "revealed")
        self.store.set_phase(room.code, "podium")

    def close(self, code: str, key: str) -> None:
        """Close the room: no one joins or answers any more; the report stays."""
        self.store.close_room(self.teacher(code, key).code)

    def delete(self, code: str, key: str) -> None:
        """Forget the room and everything in it, report and all."""
        self.store.delete_room(self.teacher(code, key).code)

    def split_into_tables(self, code: str, key: str, *, size: int, game: str = "whot",
                          rules: str = "{}", shuffle: bool = True, seed: int | None = None,
                          by_hand: Mapping[int, int] | None = None) -> list[str]:  # fmt: skip
        """Seat the students present at game tables of at most `size`, as even as possible
        (`seating.groups`), in the order they joined or shuffled, or `by_hand` (each student's
        member number to a table number: every student present once, at most `size` a
        table), each table started at once with AI players in the seats left (a table needs
        two players; Whist four). Each student's screen then shows their table (`take_seat`).
        The new tables' codes; a second split opens new tables (the students' screens show
        the newest)."""
        room = self._open_room(self.teacher(code, key))
        if game not in GAMES:
            raise Refused("game", f"there is no game {game!r}; choose {' or '.join(GAMES)}")
        allowed = GAMES[game].seat_range(GAMES[game].read_rules(rules))
        if size not in range(1, allowed.stop):
            raise Refused("size", f"a {GAMES[game].title} table seats 1 to {allowed.stop - 1} "
                          "students under these rules")  # fmt: skip
        present = [m for m in self.store.members(room.code) if not m.removed]
        if not present:
            raise Refused("size", "nobody is in the room yet")
        rng = random.Random(seed) if seed is not None else random.SystemRandom()
        seated = (groups(present, size, rng if shuffle else None) if by_hand is None
                  else _by_hand(present, by_hand, size))  # fmt: skip
        opened: list[str] = []
        try:
            for group in seated:
                people = [(m.name, seat_key(room.code, m.id)) for m in group]
                deal = None if seed is None else rng.randrange(2**63)  # a seed: the same tables
                opened.append(tables.open_kept(self.store, game, people, now=self.clock(),
                                               seats=max(len(group), allowed.start),
                                               rules=rules, seed=deal,
                                               nigerian=self._settings(room).nigerian))  # fmt: skip
            self.store.add_tables(room.code, opened)
        except Exception:  # nothing half-made: tables the room does not list are closed
            for table in opened:
                with contextlib.suppress(Exception):
                    self.store.change_table(table, lambda t: replace(t, phase="closed"))
            raise
        return opened

    # ------------------------------------------------------------------------ the students

    def my_table(self, code: str, token: str) -> tuple[str, int] | None:
        """The newest table with a seat kept for this student (its code and the seat), if any."""
        member = self.member(code, token)
        kept = seat_key(clean_code(code), member.id)
        for table_code in reversed(self.store.tables(clean_code(code))):
            table = self.store.table(table_code)
            if table is None or table.phase == "closed":
                continue
            for number, seat in enumerate(table.seats):
                if seat.reserved == kept:
                    return table_code, number
        return None

    def take_seat(self, code: str, token: str) -> tables.Joined:
        """The student takes the seat kept for them at their table: the table's rejoin token
        (a new one each time: the device that takes it last has the seat)."""
        found = self.my_table(code, token)
        if found is None:
            raise Refused("table", "no table has a seat kept for you")
        member = self.member(code, token)
        return tables.claim(self.store, found[0], seat_key(clean_code(code), member.id),
                            now=self.clock())  # fmt: skip

    def join(self, code: str, name: str) -> Joined:
        room = self._open_room(self._room(clean_code(code)))
        name = clean_name(name)
        token = new_secret()
        member = self.store.add_member(room.code, name, name_key(name), digest(token),
                                       self.clock(), self._settings(room).max_size)  # fmt: skip
        return Joined(member.id, member.name, token)

    def member(self, code: str, token: str) -> Member:
        """The student a rejoin token belongs to, in this room; `Refused` when none does (or the
        teacher removed them)."""
        for member in self.store.members(clean_code(code)):
            if matches(token or "", member.token_hash):
                if member.removed:
                    raise Refused("token", "the teacher has taken you out of this room")
                return member
        raise Refused("token", "this link does not name a student of this room; join again")

    def answer(self, code: str, token: str, number: int, picked: Sequence[int]) -> Feedback:
        """Keep a student's answer to question `number` with the engine's verdict; refused
        after Reveal, twice, or for a question not being asked. The verdict is the student's
        to see only after Reveal (the page keeps it until then)."""
        code = clean_code(code)
        member = self.member(code, token)
        asked = self.store.questions(code)
        if not 0 <= number < len(asked):
            raise Refused("answer", "no such question")
        quiz = quiz_question(asked[number].spec)
        try:
            verdict = judge(quiz, list(picked))
        except ValueError as error:
            raise Refused("answer", str(error).removeprefix("answer: ")) from None
        now = self.clock()
        seconds = now - (asked[number].opened or now)
        won = points(verdict.correct, seconds, self._settings(self._room(code)).speed_bonus)
        response = json.dumps(sorted(set(picked)) if quiz.many else list(picked))
        try:
            self.store.add_answer(code, Answer(number, member.id, response, verdict.correct,
                                               won, now))  # fmt: skip
        except TooLate:  # kept with the room: the phone says so after a reload too
            self.store.note_late(code, number, member.id)
            raise
        return verdict

    # ------------------------------------------------------------------------------ views

    def version(self, code: str) -> int | None:
        return self.store.version(code)

    def stage(self, code: str) -> int | None:
        return self.store.stage(code)

    def snapshot(self, code: str) -> Snapshot:
        room = self._room(code)
        return Snapshot(room, tuple(self.store.members(code)), tuple(self.store.questions(code)),
                        tuple(self.store.answers(code)), tuple(self.store.late(code)))  # fmt: skip

    def quiz(self, code: str, number: int, nigerian: bool = False) -> QuizQuestion:
        """The room's question `number`, told in the Nigerian shape names with `nigerian`."""
        return in_names(quiz_question(self.store.questions(code)[number].spec), nigerian)

    # -------------------------------------------------------------------------- helpers

    def _room(self, code: str) -> RoomRecord:
        room = self.store.room(code)
        if room is None:
            raise Refused("code", f"there is no room {code}; check the code on the projector")
        return room

    @staticmethod
    def _open_room(room: RoomRecord) -> RoomRecord:
        if room.closed:
            raise Refused("code", f"room {room.code} is closed")
        return room

    @staticmethod
    def _settings(room: RoomRecord) -> Settings:
        return Settings(**json.loads(room.settings))
