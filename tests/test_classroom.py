"""The classroom's rules and its stores, against real databases: joining, answering, revealing,
points, the report, the teacher's key, and what happens when the database is busy. A test that
takes `backend` runs on each store, an SQLite file and a Redis server (conftest.py); the Redis
store's own tests (a server that goes away) are in test_redis_store.py."""

from __future__ import annotations

import csv
import io
import sqlite3
import threading

import pytest

from whot_core.classroom import report
from whot_core.classroom.backends import open_store, store_path
from whot_core.classroom.codes import ALPHABET, Throttle, clean_code, new_code
from whot_core.classroom.questions import practice_spec, quiz_question, stage_spec
from whot_core.classroom.room import RIGHT_POINTS, Classroom, Settings
from whot_core.classroom.sqlite import SqliteStore
from whot_core.classroom.store import NameTaken, Refused, StoreUnavailable, TakenOut, TooLate
from whot_core.whot.engine.rules import Rules

MARKUP = "<img src=x onerror=alert(1)>"
#: Three stages about two rules: hold on (twice) and the pack.
SPECS = [stage_spec("whot", "hold-on", 0), stage_spec("whot", "hold-on", 2),
         stage_spec("whot", "the-pack", 0)]  # fmt: skip


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def path(tmp_path):
    return tmp_path / "rooms.sqlite3"


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def rooms(backend, clock):
    return Classroom(backend.open(), clock)


def right(rooms, code, number):
    return list(rooms.quiz(code, number).right)


def wrong(rooms, code, number):
    quiz = rooms.quiz(code, number)
    return [next(n for n in range(len(quiz.labels)) if (n,) != quiz.right)]


# ---------------------------------------------------------------------------------- codes


def test_codes_have_no_look_alike_characters_and_typed_codes_are_read_kindly():
    assert not set("0O1IL") & set(ALPHABET)
    assert all(set(new_code()) <= set(ALPHABET) for _ in range(50))
    assert clean_code(" abc-de ") == "ABCDE"
    with pytest.raises(Refused, match=r"code: .*has no 0, O"):
        clean_code("AB0O2")
    with pytest.raises(Refused, match="code"):
        clean_code("ABCD")


def test_many_wrong_codes_from_one_session_are_slowed_down_and_a_right_one_clears_it():
    throttle = Throttle(free=3)
    for n in range(3):
        assert throttle.wait("s", 100.0 + n) == 0
        throttle.failed("s", 100.0 + n)
    assert throttle.wait("s", 102.0) == 5.0  # three wrong tries: the next waits 5 s, then 10...
    assert throttle.wait("s", 105.0) == 2.0
    throttle.failed("s", 108.0)
    assert throttle.wait("s", 108.0) == 10.0
    assert throttle.wait("other", 103.0) == 0
    throttle.succeeded("s")
    assert throttle.wait("s", 103.0) == 0


# -------------------------------------------------------------------------------- joining


def test_a_student_joins_with_a_name_and_comes_back_with_their_token(rooms, backend):
    code, _key = rooms.open_room("Hold on", SPECS)
    ada = rooms.join(code.lower(), "  Ada   Obi ")
    assert ada.name == "Ada Obi"
    assert rooms.member(code, ada.token).id == ada.member
    again = Classroom(backend.open())  # a restart: a new store on the same data
    assert again.member(code, ada.token).name == "Ada Obi"
    with pytest.raises(Refused, match="token"):
        again.member(code, "a-made-up-token")


@pytest.mark.parametrize(
    ("name", "problem"),
    [("", "type a name"), ("   ", "type a name"), ("x" * 31, "at most 30"),
     ("Ada\u200b", "invisible"), ("Ada\x07", "control")],
)  # fmt: skip
def test_a_bad_name_is_refused_naming_the_field_and_nobody_joins(rooms, name, problem):
    code, _ = rooms.open_room("Quiz", SPECS)
    before = rooms.version(code)
    with pytest.raises(Refused, match=f"name: .*{problem}"):
        rooms.join(code, name)
    assert rooms.snapshot(code).members == () and rooms.version(code) == before


def test_a_name_is_unique_in_a_room_whatever_its_case_and_markup_is_kept_as_text(rooms):
    code, _key = rooms.open_room("Quiz", SPECS)
    rooms.join(code, "Ada")
    with pytest.raises(NameTaken) as taken:  # said as the room has it, not as typed
        rooms.join(code, "  ADA ")
    assert (taken.value.field, taken.value.name) == ("name", "Ada")
    assert taken.value.sentence == "Ada is in this room already."
    assert rooms.join(code, MARKUP).name == MARKUP
    other, _ = rooms.open_room("Another class", SPECS)
    assert rooms.join(other, "Ada").member == 0  # another room: the name is free


def test_a_wrong_code_a_full_room_and_a_closed_room_are_refused(rooms):
    with pytest.raises(Refused, match="code: there is no room"):
        rooms.join("ABCDE", "Ada")
    code, key = rooms.open_room("Quiz", SPECS, Settings(max_size=2))
    rooms.join(code, "Ada")
    bola = rooms.join(code, "Bola")
    with pytest.raises(Refused, match=r"code: .*full"):
        rooms.join(code, "Chi")
    rooms.remove(code, key, bola.member)  # a place taken out is free again (not the name)
    rooms.join(code, "Chi")
    rooms.close(code, key)
    with pytest.raises(Refused, match="closed"):
        rooms.join(code, "Dayo")
    assert len(rooms.snapshot(code).present) == 2


@pytest.mark.parametrize("again", ["Eve", "eve", " EVE "])
def test_a_name_taken_out_cannot_join_the_room_again_and_is_told_why(rooms, again):
    """A reviewer: "Eve", taken out, came back at once as "eve", and the teacher was not told.
    A decision: a name the teacher took out is refused in that room, whatever its case, saying
    why in the room's spelling; nobody joins and nothing changes. Another name, another room
    and the place itself are free."""
    code, key = rooms.open_room("Quiz", SPECS, Settings(max_size=2))
    rooms.join(code, "Ada")
    eve = rooms.join(code, "Eve")
    rooms.remove(code, key, eve.member)
    before = rooms.version(code)
    with pytest.raises(TakenOut) as out:
        rooms.join(code, again)
    assert (out.value.field, out.value.name) == ("name", "Eve")
    assert out.value.sentence == (
        "The teacher took Eve out of this room, so that name cannot join it again. If that is "
        "you, ask your teacher."
    )
    assert rooms.version(code) == before
    assert [(m.name, m.removed) for m in rooms.snapshot(code).members] == [
        ("Ada", False), ("Eve", True)]  # fmt: skip
    with pytest.raises(NameTaken):  # a name present is still told as taken, not taken out
        rooms.join(code, "ADA")
    assert rooms.join(code, "Eve Obi").name == "Eve Obi"  # the place taken out is free
    other, _ = rooms.open_room("Another class", SPECS)
    assert rooms.join(other, "eve").name == "eve"


def test_a_removed_student_cannot_answer_and_their_token_says_so(rooms):
    code, key = rooms.open_room("Quiz", SPECS)
    ada = rooms.join(code, "Ada")
    rooms.remove(code, key, ada.member)
    rooms.ask(code, key)
    with pytest.raises(Refused, match="taken you out"):
        rooms.answer(code, ada.token, 0, right(rooms, code, 0))


# --------------------------------------------------------------------------- the teacher


@pytest.mark.parametrize("action", ["ask", "reveal", "skip", "remove", "close", "delete",
                                    "show_podium", "add_questions"])  # fmt: skip
def test_only_the_teachers_key_can_run_the_room(rooms, action):
    code, key = rooms.open_room("Quiz", SPECS)
    ada = rooms.join(code, "Ada")
    rooms.ask(code, key)
    args = {"remove": (ada.member,), "add_questions": (SPECS[:1],)}.get(action, ())
    before = rooms.version(code)
    for wrong_key in ("", ada.token, key[:-1] + ("x" if key[-1] != "x" else "y")):
        with pytest.raises(Refused, match="key: only the room's teacher key"):
            getattr(rooms, action)(code, wrong_key, *args)
    assert rooms.version(code) == before
    getattr(rooms, action)(code, key, *args)  # the teacher's own key does it
    assert rooms.version(code) != before


def test_a_question_the_engine_cannot_pose_is_refused_before_the_room_exists(rooms, backend):
    rare = practice_spec("next_player", 1, "hold_on", Rules.preset("british"))
    with pytest.raises(Refused, match=r"question: .*no card has the hold on effect"):
        rooms.open_room("Quiz", [SPECS[0], rare])
    with pytest.raises(Refused, match="question: there is no lesson 'nope'"):
        rooms.open_room("Quiz", [stage_spec("whot", "nope", 0)])
    assert backend.records() == 0


# ------------------------------------------------------------------------------- answers


def test_answers_are_judged_by_the_engine_counted_once_and_refused_after_reveal(rooms, clock):
    code, key = rooms.open_room("Quiz", SPECS)
    ada, bola, chi = (rooms.join(code, name) for name in ("Ada", "Bola", "Chi"))
    with pytest.raises(Refused, match=r"answer: too late .*not being asked"):
        rooms.answer(code, ada.token, 0, right(rooms, code, 0))
    rooms.ask(code, key)
    assert rooms.answer(code, ada.token, 0, right(rooms, code, 0)).correct
    verdict = rooms.answer(code, bola.token, 0, wrong(rooms, code, 0))
    assert not verdict.correct and "The answer:" in verdict.explanation
    with pytest.raises(Refused, match="answered question 1 already"):
        rooms.answer(code, ada.token, 0, wrong(rooms, code, 0))
    assert rooms.snapshot(code).tally() == (2, 3)
    rooms.reveal(code, key)
    with pytest.raises(Refused, match="revealed"):
        rooms.answer(code, chi.token, 0, right(rooms, code, 0))  # late
    snapshot = rooms.snapshot(code)
    assert [(a.member, a.correct) for a in snapshot.answers] == [(0, True), (1, False)]
    chart = snapshot.distribution(0)
    assert sum(n for _, n, _ in chart) == 2
    assert [ok for _, n, ok in chart if n] == [True, False] or [ok for _, n, ok in chart if n] == [
        False, True]  # fmt: skip
    assert sum(1 for _, _, ok in chart if ok) == 1


def test_an_answer_names_a_choice_of_the_question(rooms):
    code, key = rooms.open_room("Quiz", SPECS)
    ada = rooms.join(code, "Ada")
    rooms.ask(code, key)
    for picked in ([], [0, 1], [99], [-1], ["0"]):
        with pytest.raises(Refused, match="answer: choose"):
            rooms.answer(code, ada.token, 0, picked)
    assert rooms.snapshot(code).answers == ()


def test_an_answer_for_another_student_or_room_is_refused(rooms):
    code, key = rooms.open_room("Quiz", SPECS)
    other, _other_key = rooms.open_room("Quiz", SPECS)
    rooms.join(code, "Ada")
    intruder = rooms.join(other, "Bola")
    rooms.ask(code, key)
    with pytest.raises(Refused, match="token"):  # a token is its own student's, in its own room
        rooms.answer(code, intruder.token, 0, right(rooms, code, 0))
    from whot_core.classroom.store import Answer

    with pytest.raises(Refused, match="member: you are not in this room"):
        rooms.store.add_answer(code, Answer(0, 7, "[0]", True, 100, 0.0))
    assert rooms.snapshot(code).answers == ()


def test_thirty_students_answering_at_the_same_instant_are_all_counted(rooms, backend):
    code, key = rooms.open_room("Quiz", SPECS)
    joined = [rooms.join(code, f"Student {n}") for n in range(30)]
    rooms.ask(code, key)
    picked = right(rooms, code, 0)
    start = threading.Barrier(len(joined))
    errors: list[Exception] = []

    def answer(student):
        mine = Classroom(backend.open())  # each phone's request: its own connection
        start.wait()
        try:
            mine.answer(code, student.token, 0, picked)
        except Exception as error:
            errors.append(error)

    threads = [threading.Thread(target=answer, args=(s,)) for s in joined]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert rooms.snapshot(code).tally() == (30, 30)
    assert rooms.version(code) >= 30 + 30 + 2


# -------------------------------------------------------------------------------- points


def test_a_right_answer_scores_and_a_fast_one_more_unless_speed_is_off(backend, clock):
    rooms = Classroom(backend.open(), clock)
    code, key = rooms.open_room("Quiz", SPECS, Settings(speed_bonus=50))
    slow_code, slow_key = rooms.open_room("Quiz", SPECS, Settings(speed_bonus=0))
    students = {name: rooms.join(code, name) for name in ("Ada", "Bola", "Chi")}
    dayo = rooms.join(slow_code, "Dayo")
    rooms.ask(code, key)
    rooms.ask(slow_code, slow_key)
    rooms.answer(code, students["Ada"].token, 0, right(rooms, code, 0))  # at once: full bonus
    clock.now += 10
    rooms.answer(code, students["Bola"].token, 0, right(rooms, code, 0))  # half the window
    rooms.answer(code, students["Chi"].token, 0, wrong(rooms, code, 0))
    rooms.answer(slow_code, dayo.token, 0, right(rooms, code, 0))
    assert [a.points for a in rooms.snapshot(code).answers] == [150, 125, 0]
    assert [a.points for a in rooms.snapshot(slow_code).answers] == [RIGHT_POINTS]
    with pytest.raises(Refused, match="speed_bonus"):
        Settings(speed_bonus=-1)


def test_the_leaderboard_counts_revealed_questions_shares_ranks_and_the_podium(rooms, clock):
    code, key = rooms.open_room("Quiz", SPECS, Settings(speed_bonus=0))
    ada, bola, chi, _dayo = (rooms.join(code, n) for n in ("Ada", "Bola", "Chi", "Dayo"))
    rooms.ask(code, key)
    for student in (ada, bola, chi):
        rooms.answer(code, student.token, 0, right(rooms, code, 0))
    assert rooms.snapshot(code).leaderboard()[0].points == 0  # not before Reveal
    rooms.reveal(code, key)
    rooms.ask(code, key)
    rooms.answer(code, ada.token, 1, right(rooms, code, 1))
    rooms.answer(code, bola.token, 1, wrong(rooms, code, 1))
    rooms.reveal(code, key)
    board = [(p.rank, p.name, p.points) for p in rooms.snapshot(code).leaderboard()]
    assert board == [(1, "Ada", 200), (2, "Bola", 100), (2, "Chi", 100), (4, "Dayo", 0)]
    rooms.show_podium(code, key)
    snapshot = rooms.snapshot(code)
    assert snapshot.room.phase == "podium"
    assert [p.name for p in snapshot.podium()] == ["Ada", "Bola", "Chi"]


def test_an_answer_after_reveal_or_skip_is_refused_as_too_late_naming_why(rooms):
    # Each store tells a late answer apart (the phone says so on that question's screen).
    code, key = rooms.open_room("Quiz", SPECS)
    ada = rooms.join(code, "Ada")
    with pytest.raises(Refused) as waiting:
        rooms.answer(code, ada.token, 1, right(rooms, code, 1))  # not asked yet: not late
    assert not isinstance(waiting.value, TooLate)
    for number, end in enumerate((rooms.reveal, rooms.skip)):
        rooms.ask(code, key)
        end(code, key)
        with pytest.raises(TooLate) as late:
            rooms.answer(code, ada.token, number, right(rooms, code, number))
        assert (late.value.field, late.value.number) == ("answer", number)
        assert late.value.state == ("revealed", "skipped")[number]
    assert rooms.snapshot(code).answers == ()


def test_a_late_answer_is_kept_with_the_room_so_a_reloaded_phone_still_says_so(backend, clock):
    # The "Too late" lived in the phone's session: a reload showed "No answer from you". Each
    # store keeps it, noted once, through a restart, for that student only, until the room
    # is deleted.
    rooms = Classroom(backend.open(), clock)
    code, key = rooms.open_room("Quiz", SPECS)
    ada, bola = rooms.join(code, "Ada"), rooms.join(code, "Bola")
    for number, end in enumerate((rooms.reveal, rooms.skip)):
        rooms.ask(code, key)
        end(code, key)
        before = rooms.version(code)
        for _ in range(2):  # a second tap: noted once
            with pytest.raises(TooLate):
                rooms.answer(code, ada.token, number, right(rooms, code, number))
        assert rooms.version(code) > before  # a change to the room: its screens may redraw
    with pytest.raises(Refused):
        rooms.answer(code, bola.token, 2, right(rooms, code, 2))  # not asked yet: not late
    rooms.store.close()
    snap = Classroom(backend.open(), clock).snapshot(code)
    assert snap.late == ((0, ada.member), (1, ada.member)) and snap.answers == ()
    assert snap.was_late(0, ada.member) and not snap.was_late(0, bola.member)
    assert not snap.was_late(2, ada.member)
    rooms = Classroom(backend.open(), clock)
    rooms.delete(code, key)
    assert rooms.store.late(code) == []


def answered_rightly(rooms) -> tuple[str, str]:
    """A room where Ada has answered the first question rightly: its code and key."""
    code, key = rooms.open_room("Quiz", SPECS)
    ada = rooms.join(code, "Ada")
    rooms.ask(code, key)
    rooms.answer(code, ada.token, 0, right(rooms, code, 0))
    return code, key


def test_skipping_a_question_leaves_it_out_and_asking_moves_on(rooms):
    code, key = answered_rightly(rooms)
    rooms.skip(code, key)
    rooms.ask(code, key)
    assert [q.state for q in rooms.snapshot(code).asked] == ["skipped", "open", "waiting"]
    assert rooms.snapshot(code).leaderboard()[0].points == 0
    with pytest.raises(Refused, match="question 1 cannot be asked now"):
        rooms.ask(code, key, 0)
    # the refused change left the open question open: nothing half-done
    assert [q.state for q in rooms.snapshot(code).asked] == ["skipped", "open", "waiting"]


# -------------------------------------------------------------------------------- report


def test_the_report_per_student_and_rule_the_most_missed_and_the_csv(rooms):
    code, key = rooms.open_room("Quiz", SPECS, Settings(speed_bonus=0))
    ada, bola, chi = (rooms.join(code, n) for n in ("Ada", "=HYPERLINK(1)", MARKUP))
    for number, answers in enumerate([(ada, bola), (ada,), (ada, bola, chi)]):
        rooms.ask(code, key)
        for student in answers:
            good = student is ada or number == 2
            rooms.answer(
                code,
                student.token,
                number,
                right(rooms, code, number) if good else wrong(rooms, code, number),
            )
        rooms.reveal(code, key)
    rooms.close(code, key)
    snapshot = rooms.snapshot(code)
    rows = [(r.name, r.right, r.wrong, r.unanswered, r.points) for r in report.by_student(snapshot)]
    assert rows == [("Ada", 3, 0, 0, 300), ("=HYPERLINK(1)", 1, 1, 1, 100), (MARKUP, 1, 0, 2, 100)]
    rules = [(r.rule, r.right, r.wrong, r.unanswered, r.link) for r in report.by_rule(snapshot)]
    assert rules == [("Hold on", 2, 1, 3, {"lesson": "hold-on"}),
                     ("The pack", 3, 0, 0, {"lesson": "the-pack"})]  # fmt: skip
    assert [r.rule for r in report.missed(snapshot)] == ["Hold on"]
    table = list(csv.reader(io.StringIO(report.csv_text(snapshot))))
    assert table[0] == ["student", "question", "rule", "task", "answer", "result", "points"]
    assert len(table) == 1 + 3 * 3
    assert table[2][:3] == ["'=HYPERLINK(1)", "1", "Hold on"] and table[2][5] == "wrong"
    assert table[3][0] == MARKUP and table[3][4:] == ["", "unanswered", "0"]
    quiz = quiz_question(SPECS[0])
    assert table[1][4] == quiz.labels[quiz.right[0]] and table[1][5] == "right"
    # Hold on's stages 1 and 3: the same words of the same table, two rules, two answers; the
    # task says the stage's teaching first, so the report tells them apart (in plain words).
    first, third = table[1][3], table[4][3]
    assert quiz.task in first and quiz_question(SPECS[1]).task in third and first != third
    assert "misses a turn" in third and "misses a turn" not in first and "*" not in third


def test_a_question_asked_before_a_student_joined_is_not_counted_against_them(rooms, clock):
    # A careful teacher's count: Bola came at question 2, Chi and Dee while question 3 was on
    # the projector (Chi answered it: it counts; Dee did not: not here yet, as 1 and 2 are).
    code, key = rooms.open_room("Quiz", SPECS, Settings(speed_bonus=0))
    ada = rooms.join(code, "Ada")
    people = {"Ada": ada}
    for number in range(3):
        clock.now += 5
        if number == 1:
            people["Bola"] = rooms.join(code, "Bola")
            clock.now += 5
        rooms.ask(code, key)
        if number == 2:
            clock.now += 5
            people |= {name: rooms.join(code, name) for name in ("Chi", "Dee")}
            rooms.answer(code, people["Chi"].token, 2, wrong(rooms, code, 2))
        rooms.answer(code, ada.token, number, right(rooms, code, number))
        rooms.reveal(code, key)
    snapshot = rooms.snapshot(code)
    rows = [(r.name, r.right, r.wrong, r.unanswered, r.not_here)
            for r in report.by_student(snapshot)]  # fmt: skip
    assert rows == [("Ada", 3, 0, 0, 0), ("Bola", 0, 0, 2, 1), ("Chi", 0, 1, 0, 2),
                    ("Dee", 0, 0, 0, 3)]  # fmt: skip
    # Hold on (questions 1 and 2): Ada twice, Bola's 2 unanswered; Chi and Dee not due
    rules = [(r.rule, r.right, r.wrong, r.unanswered) for r in report.by_rule(snapshot)]
    assert rules == [("Hold on", 2, 0, 1), ("The pack", 1, 1, 1)]
    table = list(csv.reader(io.StringIO(report.csv_text(snapshot))))
    results = {(row[0], row[1]): row[5] for row in table[1:]}
    assert [results[name, "1"] for name in people] == ["right"] + ["not here yet"] * 3
    assert [results[name, "3"] for name in people] == ["right", "unanswered", "wrong",
                                                       "not here yet"]  # fmt: skip


def test_a_student_taken_out_leaves_the_counts_and_keeps_the_answers_they_gave(rooms):
    # Bola answered question 1 (wrong), missed question 2, then was taken out before question
    # 3: the live tally and the leaderboard leave Bola out; the report keeps Bola's wrong
    # answer but counts questions 2 and 3 for nobody ("taken out"), here and in each rule's.
    code, key = rooms.open_room("Quiz", SPECS, Settings(speed_bonus=0))
    ada, bola = rooms.join(code, "Ada"), rooms.join(code, "Bola")
    for number in range(3):
        rooms.ask(code, key)
        rooms.answer(code, ada.token, number, right(rooms, code, number))
        if number == 0:
            rooms.answer(code, bola.token, 0, wrong(rooms, code, 0))
        if number == 1:
            rooms.remove(code, key, bola.member)
        if number == 2:
            assert rooms.snapshot(code).tally() == (1, 1)
        rooms.reveal(code, key)
    snapshot = rooms.snapshot(code)
    assert [p.name for p in snapshot.leaderboard()] == ["Ada"]
    rows = [(r.name, r.right, r.wrong, r.unanswered, r.not_here, r.taken_out)
            for r in report.by_student(snapshot)]  # fmt: skip
    assert rows == [("Ada", 3, 0, 0, 0, 0), ("Bola", 0, 1, 0, 0, 2)]
    rules = [(r.rule, r.right, r.wrong, r.unanswered) for r in report.by_rule(snapshot)]
    assert rules == [("Hold on", 2, 1, 0), ("The pack", 1, 0, 0)]
    table = list(csv.reader(io.StringIO(report.csv_text(snapshot))))
    assert [(r[0], r[1], r[5]) for r in table[1:] if r[0] == "Bola"] == [
        ("Bola", "1", "wrong"), ("Bola", "2", "taken out"), ("Bola", "3", "taken out")]  # fmt: skip


def test_a_late_answer_is_unanswered_in_the_report_and_said_to_have_come_too_late(rooms):
    # Refused after Reveal, it counts as unanswered; the report says it came too late (the
    # teacher sees the student tried), in the student's row and in the CSV.
    code, key = rooms.open_room("Quiz", SPECS[:2], Settings(speed_bonus=0))
    ada, bola = rooms.join(code, "Ada"), rooms.join(code, "Bola")
    for number in range(2):
        rooms.ask(code, key)
        rooms.answer(code, ada.token, number, right(rooms, code, number))
        rooms.reveal(code, key)
        if number == 0:
            with pytest.raises(TooLate):
                rooms.answer(code, bola.token, 0, right(rooms, code, 0))
    snapshot = rooms.snapshot(code)
    rows = [(r.name, r.right, r.wrong, r.unanswered, r.too_late)
            for r in report.by_student(snapshot)]  # fmt: skip
    assert rows == [("Ada", 2, 0, 0, 0), ("Bola", 0, 0, 2, 1)]
    table = list(csv.reader(io.StringIO(report.csv_text(snapshot))))
    assert [(r[1], r[5]) for r in table[1:] if r[0] == "Bola"] == [
        ("1", "unanswered (too late)"), ("2", "unanswered")]  # fmt: skip
    assert [r[5] for r in table[1:] if r[0] == "Ada"] == ["right", "right"]


def test_the_report_is_kept_after_closing_until_the_teacher_deletes_it(rooms, backend):
    code, key = answered_rightly(rooms)
    rooms.reveal(code, key)
    rooms.close(code, key)
    with pytest.raises(Refused, match="closed"):
        rooms.ask(code, key)
    later = Classroom(backend.open())
    assert report.by_student(later.snapshot(code))[0].right == 1
    later.delete(code, key)
    assert later.version(code) is None
    assert backend.records() == 0  # no row (or key) of the room, its members or answers left


# --------------------------------------------------------------------------------- store


def test_the_version_rises_with_every_change_and_the_stage_with_the_teachers(rooms):
    code, key = rooms.open_room("Quiz", SPECS)
    seen = [(rooms.version(code), rooms.stage(code))]
    ada = rooms.join(code, "Ada")
    seen.append((rooms.version(code), rooms.stage(code)))
    rooms.snapshot(code)
    rooms.member(code, ada.token)
    seen.append((rooms.version(code), rooms.stage(code)))
    rooms.ask(code, key)
    seen.append((rooms.version(code), rooms.stage(code)))
    rooms.answer(code, ada.token, 0, right(rooms, code, 0))
    seen.append((rooms.version(code), rooms.stage(code)))
    rooms.reveal(code, key)
    seen.append((rooms.version(code), rooms.stage(code)))
    versions, stages = zip(*seen, strict=True)
    assert versions[0] < versions[1] == versions[2] < versions[3] < versions[4] < versions[5]
    assert stages[0] == stages[1] == stages[2] < stages[3] == stages[4] < stages[5]


def test_a_restart_mid_quiz_loses_nothing(backend, clock):
    rooms = Classroom(backend.open(), clock)
    code, key = rooms.open_room("Quiz", SPECS)
    ada = rooms.join(code, "Ada")
    rooms.ask(code, key)
    rooms.answer(code, ada.token, 0, right(rooms, code, 0))
    rooms.store.close()
    again = Classroom(backend.open(), clock)
    bola = again.join(code, "Bola")
    again.answer(code, bola.token, 0, wrong(again, code, 0))
    again.reveal(code, key)
    assert [(a.member, a.correct) for a in again.snapshot(code).answers] == [(0, True), (1, False)]


def test_the_database_is_in_wal_mode(path):
    Classroom(SqliteStore(path)).open_room("Quiz", SPECS)
    assert sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_a_locked_database_gives_a_clear_message_and_nothing_half_written(path):
    rooms = Classroom(SqliteStore(path, timeout=0.05))
    code, _key = rooms.open_room("Quiz", SPECS)
    before = rooms.version(code)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreUnavailable, match=r"rooms.sqlite3 cannot be used: .*locked.*"
                           "Nothing was saved"):  # fmt: skip
            rooms.join(code, "Ada")
    finally:
        holder.execute("ROLLBACK")
    assert rooms.version(code) == before and rooms.snapshot(code).members == ()
    assert rooms.join(code, "Ada").member == 0  # once free, the same request works


def test_a_database_that_cannot_be_opened_or_made_names_the_file(tmp_path):
    folder = tmp_path / "a-folder.sqlite3"
    folder.mkdir()
    with pytest.raises(StoreUnavailable, match=r"a-folder.sqlite3 cannot be used: .*WHOT_STORE"):
        SqliteStore(folder)
    a_file = tmp_path / "file"
    a_file.write_text("")
    with pytest.raises(StoreUnavailable, match="folder cannot be made"):
        SqliteStore(a_file / "rooms.sqlite3")


def test_the_store_is_set_by_one_setting_with_a_default_in_the_users_data_folder(tmp_path):
    assert store_path("", {"HOME": "/home/ada"}).as_posix() == (
        "/home/ada/.local/share/whot/classroom.sqlite3")  # fmt: skip
    target = tmp_path / "here" / "r.sqlite3"
    store = open_store(None, {"WHOT_STORE": f"sqlite:///{target}"})
    assert isinstance(store, SqliteStore) and store.path == target and target.exists()
    with pytest.raises(ValueError, match="WHOT_STORE: 'mongodb' is not a store here"):
        open_store("mongodb://localhost", {})
    with pytest.raises(ValueError, match=r"WHOT_STORE: .*sqlite:///"):
        open_store("sqlite:/x", {})


def test_a_quiz_in_the_nigerian_names_says_them_in_every_word_a_student_reads():
    # Every Whot lesson's stages: the task, the situation, each choice, the rule and the
    # verdicts, right or wrong. Whist's quiz has no shapes and stays as it is.
    import re

    from whot_core.classroom.questions import in_names, judge, picked_label
    from whot_core.learn.path import lessons_of
    from whot_core.whot.engine.cards import in_nigerian_names

    english = re.compile(r"\b(circle|triangle|square)s?\b", re.IGNORECASE)
    told = 0
    for lesson in lessons_of("whot"):
        for number in range(len(lesson.stages)):
            quiz = quiz_question(stage_spec("whot", lesson.id, number))
            assert in_names(quiz, False) is quiz
            named = in_names(quiz, True)
            assert in_names(named, True) is named  # told once, never twice
            assert named.labels == tuple(in_nigerian_names(label) for label in quiz.labels)
            assert (named.right, named.many) == (quiz.right, quiz.many)
            wrong = next((n for n in range(len(quiz.labels)) if (n,) != quiz.right), None)
            picks = [list(quiz.right)] + ([[wrong]] if wrong is not None and not quiz.many else [])
            verdicts = [judge(named, picked) for picked in picks]
            assert [v.correct for v in verdicts] == [judge(quiz, p).correct for p in picks]
            words = [named.task, named.situation, *named.labels, named.rule, named.teaching,
                     *(picked_label(named, p) for p in picks),
                     *(v.headline + v.explanation + v.hint for v in verdicts)]  # fmt: skip
            assert not any(english.search(w) for w in words), (lesson.id, number, words)
            told += english.search(quiz.task + quiz.situation + " ".join(quiz.labels)) is not None
    assert told >= 10  # the English questions name shapes: there was something to tell
    whist = quiz_question(stage_spec("whist", lessons_of("whist")[0].id, 0))
    assert in_names(whist, True) is whist


def test_no_stage_a_phone_shows_in_the_quiz_points_to_a_sidebar():
    # A phone in a quiz has no sidebar (it has only the question): a stage's words that sent
    # the student there ("In the sidebar, that is ...") were not true on the phone. They name
    # the rules' setting instead, which holds on Learn's page and on a phone alike.
    from whot_core.learn.path import GAMES, lessons_of

    said = [(lesson.id, number, quiz_question(stage_spec(game, lesson.id, number)).teaching)
            for game in GAMES for lesson in lessons_of(game)
            for number in range(len(lesson.stages))]  # fmt: skip
    assert [(lesson, n) for lesson, n, words in said if "sidebar" in words.lower()] == []
    settings = [words for _, _, words in said if "the rules' settings" in words]
    assert len(settings) == 4 and all("*" in words for words in settings)  # the setting named


def test_a_room_keeps_the_shape_names_it_was_opened_with(rooms):
    code, _ = rooms.open_room("Quiz", SPECS, Settings(nigerian=True))
    assert rooms.snapshot(code).settings.nigerian is True
    plain, _ = rooms.open_room("Quiz", SPECS)
    assert rooms.snapshot(plain).settings.nigerian is False  # and rooms kept before the setting
    with pytest.raises(Refused, match="shape names"):
        Settings(nigerian="yes")


def test_the_report_of_a_room_in_the_nigerian_names_says_them(rooms):
    import re

    pack = [stage_spec("whot", "the-pack", 0)]
    code, key = rooms.open_room("Quiz", pack, Settings(nigerian=True))
    ada = rooms.join(code, "Ada")
    rooms.ask(code, key)
    rooms.answer(code, ada.token, 0, wrong(rooms, code, 0))
    rooms.reveal(code, key)
    text = report.csv_text(rooms.snapshot(code))
    english = quiz_question(pack[0])
    assert re.search(r"\b(circle|triangle|square)\b", english.task)  # a task to tell
    assert not re.search(r"\b(circle|triangle|square)\b", text) and "angle" in text


def test_a_room_left_untitled_is_named_after_its_questions_game(rooms):
    """The title the teacher gave, else "Whot quiz", "Whist quiz" or both games' names (a Whist
    room was once called "Whot quiz"); a title of spaces is no title."""
    from whot_core.learn.path import lessons_of

    whist = [stage_spec("whist", lessons_of("whist")[0].id, 0)]
    for title, specs, named in [("Hold on", SPECS, "Hold on"), ("", SPECS, "Whot quiz"),
                                ("  ", whist, "Whist quiz"), ("", SPECS + whist,
                                "Whot and Whist quiz"), ("", [], "Whot quiz")]:  # fmt: skip
        code, _ = rooms.open_room(title, specs)
        assert rooms.snapshot(code).room.title == named
