"""The Classroom page through Streamlit's AppTest (no browser): a teacher opens a room, a
student joins from its link and answers, the projector's tally and Reveal, the phone's verdict,
the teacher's key, wrong codes slowed down, and a database (an SQLite file, a Redis server) that
cannot be used (app_pages/shared/classroom.py)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

st = pytest.importorskip("streamlit")
import helpers  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402

from whot_core.classroom.questions import (  # noqa: E402
    picked_label,
    quiz_question,
    stage_spec,
)
from whot_core.classroom.room import Classroom  # noqa: E402
from whot_core.classroom.sqlite import SqliteStore  # noqa: E402
from whot_core.classroom.store import TooLate  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PAGE = "app_pages/shared/classroom.py"
TIMEOUT = 90
MARKUP = "<img src=x onerror=alert(1)>"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

pytestmark = pytest.mark.usefixtures("fresh_streamlit_caches")


@pytest.fixture
def store_file(tmp_path, monkeypatch):
    path = tmp_path / "rooms.sqlite3"
    monkeypatch.setenv("WHOT_STORE", f"sqlite:///{path}")
    return path


def open_page(**params: str) -> AppTest:
    return helpers.open_app_page(PAGE, TIMEOUT, **params)


def param(at: AppTest, name: str) -> str:
    value = at.query_params[name]
    return value[0] if isinstance(value, list) else value


def markup(at: AppTest) -> str:
    return "\n".join(helpers.markup(at))


def open_room(store_file) -> tuple[AppTest, str, str]:
    """A teacher opens a room on the first lesson's stages (the sidebar's rules)."""
    at = open_page()
    at.button(key="room.open").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at, param(at, "room"), at.session_state["room.key"]  # the key: never in the link


def test_the_page_offers_to_join_and_to_open_a_room(store_file):
    at = open_page()
    assert [t.value for t in at.title] == ["Classroom"]
    assert {"Join", "Open the room"} <= {b.label for b in at.button}
    assert not store_file.exists() or Classroom(SqliteStore(store_file)).store.room("X") is None


def test_a_room_opened_shows_its_code_link_and_qr_code_and_keeps_the_key_out_of_the_link(
    store_file,
):
    at, code, key = open_room(store_file)
    page = markup(at)
    assert f'aria-label="the code {" ".join(code)}"' in page
    assert f"/classroom?room={code}" in page
    assert 'alt="QR code of' in page and 'src="data:image/svg+xml;charset=utf-8,' in page
    assert "0 students in the room" in page
    assert [b.label for b in at.button if b.label.startswith("Ask")] == ["Ask the first question"]
    assert Classroom(SqliteStore(store_file)).teacher(code, key).code == code
    assert key not in str(at.query_params) and param(at, "teach") == "1"


def test_a_student_joins_answers_and_sees_the_verdict_only_after_reveal(store_file):
    projector, code, _key = open_room(store_file)
    phone = open_page(room=code)
    phone.text_input(key="room.name").input(MARKUP).run()
    phone.button(key="room.join").click().run()
    assert param(phone, "me") and "key" not in phone.query_params
    assert [t.value for t in phone.text] == [f"You are {MARKUP}"]  # text, never markup
    projector.run()
    assert "&lt;img src=x onerror=alert(1)&gt;" in markup(projector) and MARKUP not in markup(
        projector
    )  # fmt: skip
    projector.button(key="room.ask").click().run()
    assert "0 of 1 answered" in markup(projector)
    phone.run()
    quiz = Classroom(SqliteStore(store_file)).quiz(code, 0)
    choices = [b.label for b in phone.button if b.key.startswith("room.choice.")]
    assert choices == [f"{'ABCDEFGH'[n]}. {label}" for n, label in enumerate(quiz.labels)]
    assert all(f"**{choice[0]}.** {choice[3:]}" in markup(projector) for choice in choices)
    wrong = next(n for n in range(len(quiz.labels)) if (n,) != quiz.right)
    phone.button(key=f"room.choice.0.{wrong}").click().run()
    assert [i.body for i in phone.info] == [  # their own answer, named as they chose it
        f"Answer sent: {quiz.labels[wrong]}. Wait for the teacher to reveal the answer."
    ]
    assert not phone.success and not phone.error  # no verdict before Reveal
    projector.run()
    assert "1 of 1 answered" in markup(projector)
    projector.button(key="room.reveal").click().run()
    assert [s.body for s in projector.success] == [f"**The answer: {quiz.labels[quiz.right[0]]}.**"]
    assert len(projector.get("plotly_chart")) == 1
    phone.run()
    assert phone.warning and phone.warning[0].body.startswith("Not this time: you said ")
    assert quiz_question.cache_info().currsize >= 1


def test_the_projector_names_only_students_who_scored(store_file):
    # A class watches the wall: the leaderboard and the podium name who scored, never a
    # student at 0 points (their phone tells them), and the podium has no empty step.
    projector, code, _key = open_room(store_file)
    ada, bola = open_page(room=code), open_page(room=code)
    for phone, name in ((ada, "Ada"), (bola, "Bola")):
        phone.text_input(key="room.name").input(name).run()
        phone.button(key="room.join").click().run()
    projector.run()
    projector.button(key="room.ask").click().run()
    quiz = Classroom(SqliteStore(store_file)).quiz(code, 0)
    wrong = next(n for n in range(len(quiz.labels)) if (n,) != quiz.right)
    for phone, choice in ((ada, quiz.right[0]), (bola, wrong)):
        phone.run()
        phone.button(key=f"room.choice.0.{choice}").click().run()
    projector.run()
    projector.button(key="room.reveal").click().run()
    board = re.search(r'<table class="room-board">.*?</table>', markup(projector)).group()
    assert "Ada" in board and "Bola" not in board
    projector.button(key="room.podium").click().run()
    podium = re.search(r'<div class="room-podium">.*</div>', markup(projector)).group()
    assert "Ada" in podium and "Bola" not in podium
    assert "room-step-1" in podium and "room-step-2" not in podium and "2nd" not in podium
    bola.run()
    assert [i.body for i in bola.info] == ["No points this time: the podium shows who scored."]


def card_question_asked(rooms: Classroom):
    """A room asking one question of several cards (the first stage of matching), Ada in it:
    the room's code and key, Ada, and the question."""
    code, key = rooms.open_room("Cards", [stage_spec("whot", "matching", 0)])
    ada = rooms.join(code, "Ada")
    rooms.ask(code, key)
    return code, key, ada, rooms.quiz(code, 0)


def test_a_card_questions_answer_is_named_alike_on_the_projector_and_the_phones(store_file):
    code, key, ada, quiz = card_question_asked(rooms := Classroom(SqliteStore(store_file)))
    assert quiz.many and len(quiz.right) > 1  # several cards: an order to agree on
    rooms.answer(code, ada.token, 0, [])
    rooms.reveal(code, key)
    projector, phone = open_page(room=code, key=key), open_page(room=code, me=ada.token)
    named = picked_label(quiz, quiz.right)  # the chart's label for the right answer
    assert [s.body for s in projector.success] == [f"**The answer: {named}.**"]
    assert f"The answer: {named}." in phone.warning[0].body


def test_a_stage_asked_under_another_rule_says_so_on_the_projector_and_the_phones(store_file):
    # Hold on's stages 1 and 3 ask the same words of the same table ("Seat 0 plays circle 1.
    # Who plays next?"), but stage 3 plays hold on as "the next player misses a turn": the
    # stage's own teaching, shown before the task, is what tells the class which.
    from whot_core.whot.teach.lessons import lesson

    rooms = Classroom(SqliteStore(store_file))
    specs = [stage_spec("whot", "hold-on", n) for n in (0, 2)]
    code, key = rooms.open_room("Hold on", specs)
    ada = rooms.join(code, "Ada")
    first, third = (quiz_question(spec) for spec in specs)
    assert first.task == third.task and first.right != third.right
    stages = lesson("hold-on").stages
    for number, stage in enumerate((stages[0], stages[2])):
        rooms.ask(code, key)
        projector, phone = open_page(room=code, key=key), open_page(room=code, me=ada.token)
        for screen in (projector, phone):
            assert stage.text.strip() in shown_words(screen), shown_words(screen)
        said = "misses a turn" if number else "play again at once"
        assert all(said in shown_words(screen) for screen in (projector, phone))
        rooms.reveal(code, key)


def test_a_phone_names_the_cards_it_sent_and_nobody_elses_before_reveal(store_file):
    code, _key, ada, quiz = card_question_asked(rooms := Classroom(SqliteStore(store_file)))
    bola = rooms.join(code, "Bola")
    rooms.answer(code, bola.token, 0, list(quiz.right))  # Bola's answer, before Ada's
    phone = open_page(room=code, me=ada.token)
    mine = [n for n in range(len(quiz.labels)) if n not in quiz.right][:1]
    phone.button_group(key="room.cards.0").set_value(mine).run()
    phone.button(key="room.send.0").click().run()
    said = picked_label(quiz, mine)
    assert [i.body for i in phone.info] == [
        f"Answer sent: {said}. Wait for the teacher to reveal the answer."
    ]
    assert picked_label(quiz, quiz.right) not in markup(phone) + phone.info[0].body


def test_a_student_who_joined_after_the_question_is_not_told_they_gave_no_answer(store_file):
    # A reviewer saw "No answer from you this time." on the phone of a student who joined
    # after Reveal; the report counts that question "not here yet", and the phone says so too.
    clock = iter(range(1000, 2000, 10)).__next__  # each step later than the one before
    rooms = Classroom(SqliteStore(store_file), clock=lambda: float(clock()))
    code, key = rooms.open_room("Quiz", [stage_spec("whot", "hold-on", 0)] * 2)
    ada = rooms.join(code, "Ada")
    rooms.ask(code, key)
    rooms.reveal(code, key)
    cy = rooms.join(code, "Cy")
    late_joiner, early = open_page(room=code, me=cy.token), open_page(room=code, me=ada.token)
    assert not late_joiner.warning
    assert [i.body for i in late_joiner.info] == [
        "You joined after this question was asked: it does not count for you."
    ]
    assert [w.body for w in early.warning] == ["No answer from you this time."]


def test_an_answer_after_reveal_is_refused_on_that_questions_screen_and_not_after(store_file):
    # The student chose, the teacher revealed, then the student's tap arrived: the store
    # refuses it, the phone says so at once on the revealed question, and the next question's
    # buttons carry nothing of it.
    rooms = Classroom(SqliteStore(store_file))
    code, key = rooms.open_room("Quiz", [stage_spec("whot", "hold-on", 0)] * 3)
    zed = rooms.join(code, "Zed")
    rooms.ask(code, key)
    phone = open_page(room=code, me=zed.token)
    assert phone.button(key="room.choice.0.0").label  # the buttons are on the phone
    rooms.reveal(code, key)
    phone.button(key="room.choice.0.0").click().run()
    assert not phone.exception
    assert [w.body for w in phone.warning] == [
        "Too late: the teacher revealed the answer before yours arrived."
    ]
    assert rooms.snapshot(code).answers == ()  # refused by the server, not only the page
    phone.run()  # a redraw of the same screen keeps saying it
    assert [w.body for w in phone.warning][:1] == [
        "Too late: the teacher revealed the answer before yours arrived."
    ]
    reloaded = open_page(room=code, me=zed.token)  # a new session: the store remembers it
    assert [w.body for w in reloaded.warning][:1] == [
        "Too late: the teacher revealed the answer before yours arrived."
    ]
    rooms.ask(code, key)
    phone.run()
    assert not phone.warning and "too late" not in markup(phone).lower()
    assert [b.key for b in phone.button if b.key.startswith("room.choice.1.")]
    rooms.reveal(code, key)  # no answer sent to this one: nothing was late
    phone.run()
    assert [w.body for w in phone.warning] == ["No answer from you this time."]
    # a question skipped before the answer came says that, in its own words
    rooms.ask(code, key)
    phone.run()
    rooms.skip(code, key)
    phone.button(key="room.choice.2.0").click().run()
    assert [i.body for i in phone.info] == [
        "The teacher skipped this question before your answer arrived."
    ]


def test_a_question_nobody_answered_says_so_and_its_chart_keeps_the_answer(store_file):
    code, key, _ada, quiz = card_question_asked(rooms := Classroom(SqliteStore(store_file)))
    assert quiz.many  # a question of several cards: its chart's rows are the sets given
    named = picked_label(quiz, quiz.right)
    assert rooms.snapshot(code).distribution(0) == [(named, 0, True)]
    rooms.reveal(code, key)
    projector = open_page(room=code, key=key)
    assert [i.body for i in projector.info] == ["Nobody answered this question."]
    assert not projector.get("plotly_chart")
    # one answer, a wrong one: the right set keeps its row, at 0
    code, key, ada, _quiz = card_question_asked(rooms)
    rooms.answer(code, ada.token, 0, [])
    chart = rooms.snapshot(code).distribution(0)
    assert chart == [(picked_label(quiz, []), 1, False), (named, 0, True)]


def students(projector) -> list:
    """The report's table of students, its heading row first."""
    from helpers import tables

    return next(t for t in tables(projector) if t and "Student" in t[0])


def extra_column_says(
    projector, name: str, unanswered: list[str], counted: list[str], caption: str
) -> None:
    """After a run: the students' table has the column `name` between Unanswered and Points,
    these counts in both, and a caption under it that starts with `caption` (what it counts)."""
    from helpers import column

    projector.run()
    rows = students(projector)
    assert list(rows[0]) == ["Student", "Right", "Wrong", "Unanswered", name, "Points"]
    assert column(rows, "Unanswered") == unanswered
    assert column(rows, name) == counted
    assert any(c.value.startswith(caption) for c in projector.caption)


def bola_joins_after_question_1(rooms, code, key, number, bola, revealed):
    if number == 0 and revealed:
        rooms.join(code, "Bola")


def bola_is_taken_out_before_answering(rooms, code, key, number, bola, revealed):
    if number == 0 and not revealed:
        rooms.remove(code, key, bola.member)  # not the class's miss


def bola_answers_after_reveal(rooms, code, key, number, bola, revealed):
    if revealed:
        with pytest.raises(TooLate):  # refused
            rooms.answer(code, bola.token, number, [0])


@pytest.mark.parametrize(
    ("name", "bola_does", "unanswered", "counted", "caption"),
    [
        ("Not here yet", bola_joins_after_question_1, ["0", "1"], ["0", "1"],
         "Not here yet: questions asked before the student joined"),
        ("Taken out", bola_is_taken_out_before_answering, ["0", "0"], ["0", "2"],
         "Taken out: questions a student you took out did not answer"),
        ("Too late", bola_answers_after_reveal, ["0", "2"], ["0", "2"],
         "Too late: of the unanswered, answers that arrived after"),
    ],
)  # fmt: skip
def test_the_report_has_a_column_for_an_answer_missing_for_a_reason(
    store_file, name, bola_does, unanswered, counted, caption
):
    """Ada answers both questions; Bola's missing answers have a reason the report names in a
    column of its own, shown only once some student has one."""
    clock = iter(range(1000, 2000, 10)).__next__  # each step later than the one before
    rooms = Classroom(SqliteStore(store_file), clock=lambda: float(clock()))
    code, key = rooms.open_room("Quiz", [stage_spec("whot", "hold-on", 0)] * 2)
    ada = rooms.join(code, "Ada")
    bola = None if bola_does is bola_joins_after_question_1 else rooms.join(code, "Bola")
    projector = open_page(room=code, key=key)
    assert name not in students(projector)[0]  # no such case yet: no such column
    for number in range(2):
        rooms.ask(code, key)
        rooms.answer(code, ada.token, number, [0])
        bola_does(rooms, code, key, number, bola, revealed=False)
        rooms.reveal(code, key)
        bola_does(rooms, code, key, number, bola, revealed=True)
    extra_column_says(projector, name, unanswered, counted, caption)


def test_the_reports_rule_table_names_a_lesson_only_where_it_is_not_the_rule(store_file):
    from helpers import tables

    from whot_core import Rules
    from whot_core.classroom.questions import practice_spec

    rooms = Classroom(SqliteStore(store_file))
    nigerian = Rules.preset("nigerian")
    # A stage of the lesson "The pack" (its rule is the lesson's name); a practice question on
    # pick two (the lesson that teaches it: "Pick two and pick three").
    pick_two = practice_spec("legal", 1, "pick_two", nigerian)
    for spec in (stage_spec("whot", "the-pack", 1), pick_two):
        code, key = rooms.open_room("Report", [spec])
        ada = rooms.join(code, "Ada")
        rooms.ask(code, key)
        rooms.answer(code, ada.token, 0, [0])
        rooms.reveal(code, key)
        quiz = rooms.quiz(code, 0)
        projector = open_page(room=code, key=key)
        rule_table = next(t for t in tables(projector) if t and "Rule" in t[0])
        shown = quiz.lesson_title and quiz.lesson_title != quiz.rule
        expected = ["Rule", "Right", "Wrong", "Unanswered"] + (["Lesson"] if shown else [])
        assert list(rule_table[0]) == expected, (quiz.rule, quiz.lesson_title)
        if shown:
            assert rule_table[0]["Lesson"] == quiz.lesson_title


def test_only_the_teachers_link_shows_the_teachers_buttons(store_file):
    _, code, key = open_room(store_file)
    student = open_page(room=code)
    assert not [b for b in student.button if b.label.startswith(("Ask", "Reveal", "Close"))]
    forged = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    forged.query_params.update(room=code, key=key[:-2] + "xx")
    forged.switch_page(PAGE)
    forged.run()
    assert [w.body for w in forged.warning] == ["That teacher key does not run this room."]
    assert not [b for b in forged.button if b.label.startswith(("Ask", "Reveal", "Close"))]


def test_a_wrong_code_is_named_and_many_are_slowed_down(store_file):
    at = open_page()
    at.text_input(key="room.name").input("Ada").run()
    for _ in range(3):
        at.text_input(key="room.typed").input("ZZZZZ").run()
        at.button(key="room.join").click().run()
        assert refusals(at) and refusals(at)[0].startswith("There is no room ZZZZZ")
    at.text_input(key="room.typed").input("ZZZZY").run()
    at.button(key="room.join").click().run()  # the 4th try, at once: it must wait
    assert not refusals(at) and not at.error
    assert at.warning and at.warning[0].body.startswith("Too many wrong codes: try again in")


def test_a_name_taken_in_the_room_is_said_as_the_room_has_it_with_the_way_back(store_file):
    # The name as its student typed it ("Ada", not the newcomer's "ADA"), and how a returning
    # student gets their place back: the browser they joined with keeps it and offers it at
    # the room's link (a new device cannot take it).
    _projector, code, _key = open_room(store_file)
    first, second = open_page(room=code), open_page(room=code)
    for phone, name in ((first, "Ada"), (second, "ADA")):
        phone.text_input(key="room.name").input(name).run()
        phone.button(key="room.join").click().run()
    assert not refusals(first)
    [said] = refusals(second)
    assert said.startswith("Ada is in this room already. If that is you, open the room's link")
    assert "on the phone or computer you joined with: it offers Back to that place." in said
    assert "ADA" not in said and "me" not in second.query_params  # not seated


def refusals(at) -> list[str]:
    """The join form's refusals: boxes of escaped text (`room_views.alert`), a name in them
    shown as text (Streamlit's own boxes read Markdown: a name became a link there)."""
    import html

    found = re.findall(r'<div role="alert"[^>]*>(.*?)</div>', markup(at), flags=re.S)
    return [html.unescape(words) for words in found]


def test_a_name_taken_out_is_refused_on_the_phone_in_words_and_its_markup_as_text(store_file):
    """A joke name taken out ("[Bo](https://...)") tried again in capitals: the phone says the
    teacher took that name out, the name as the room has it, as text: no link is made of it
    (Streamlit's error box read it as Markdown, a link to the address in it)."""
    name = "[Bo](https://example.com/b)"
    _projector, code, key = open_room(store_file)
    rooms = Classroom(SqliteStore(store_file))
    rooms.remove(code, key, rooms.join(code, name).member)
    phone = open_page(room=code)
    phone.text_input(key="room.name").input(name.upper()).run()
    phone.button(key="room.join").click().run()
    [said] = refusals(phone)
    assert said == (f"The teacher took {name} out of this room, so that name cannot join it "
                    "again. If that is you, ask your teacher.")  # fmt: skip
    assert not phone.error and "me" not in phone.query_params  # not seated
    [box] = [m for m in helpers.markup(phone) if 'role="alert"' in m]
    assert "<a" not in box and "[Bo](https://example.com/b)" in box


def test_a_taken_name_this_browser_kept_a_place_for_points_to_its_button():
    from app_pages.shared.room_views import refused_join
    from whot_core.classroom.store import NameTaken, Refused

    assert refused_join(NameTaken("Ada"), "ada") == (
        "Ada is in this room already: if that is you, tap Back to that place, above.")  # fmt: skip
    assert refused_join(NameTaken("Ada"), "Bola").startswith("Ada is in this room already. If")
    assert refused_join(Refused("code", "there is no room ZZZZZ")) == "There is no room ZZZZZ."
    from whot_core.classroom.store import TakenOut

    assert refused_join(TakenOut("Eve"), "Eve").startswith("The teacher took Eve out of this")


def test_a_database_that_cannot_be_used_is_named_on_the_page(tmp_path, monkeypatch):
    folder = tmp_path / "not-a-file.sqlite3"
    folder.mkdir()
    monkeypatch.setenv("WHOT_STORE", f"sqlite:///{folder}")
    at = open_page()
    assert at.error and "not-a-file.sqlite3 cannot be used" in at.error[0].body
    assert "WHOT_STORE" in at.error[0].body


def test_a_redis_server_that_does_not_answer_is_named_on_the_page_without_its_password(
    monkeypatch,
):
    from store_support import free_port

    port = free_port()  # nobody listens there
    monkeypatch.setenv("WHOT_STORE", f"redis://:hunter2@127.0.0.1:{port}/0")
    at = open_page()
    assert at.error and f"redis://127.0.0.1:{port}/0 cannot be used" in at.error[0].body
    assert "does not answer" in at.error[0].body and "hunter2" not in at.error[0].body


ENGLISH_SHAPES = re.compile(r"\b(circle|triangle|square)s?\b", re.IGNORECASE)


def shown_words(at: AppTest) -> str:
    """Every word the page shows, the pictures' data left out."""
    words = helpers.markup(at) + [b.label for b in at.button]
    words += [e.body for kind in (at.success, at.warning, at.info) for e in kind]
    words += [c.value for c in at.caption] + [s.value for s in at.subheader]
    return re.sub(r"data:image[^\"')]*", "", "\n".join(words))


def test_a_class_in_nigerian_names_reads_them_on_the_projector_and_every_phone(store_file):
    # The room keeps the names the teacher opened it with (and its join link carries them): a
    # phone that types the code reads them too. The question, its choices, the answer and the
    # verdict all say "ball" and "angle" where the English say "circle" and "triangle".
    projector = open_page(names="nigerian")
    projector.button(key="room.open").click().run()
    code = param(projector, "room")
    assert f"/classroom?room={code}&amp;names=nigerian" in markup(projector) or (
        f"/classroom?room={code}&names=nigerian" in markup(projector))  # fmt: skip
    phone = open_page(room=code)  # the code typed on the page: no names in this link
    phone.text_input(key="room.name").input("Ada").run()
    phone.button(key="room.join").click().run()
    projector.run()
    projector.button(key="room.ask").click().run()
    phone.run()
    english = Classroom(SqliteStore(store_file)).quiz(code, 0)
    assert ENGLISH_SHAPES.search(english.task + " ".join(english.labels))  # a question to tell
    for screen in (projector, phone):
        assert not ENGLISH_SHAPES.search(shown_words(screen)), shown_words(screen)
    assert re.search(r"\b(ball|angle|carpet)\b", shown_words(phone))
    wrong = next(n for n in range(len(english.labels)) if (n,) != english.right)
    phone.button(key=f"room.choice.0.{wrong}").click().run()
    projector.run()
    projector.button(key="room.reveal").click().run()
    phone.run()
    assert phone.warning and phone.warning[0].body.startswith("Not this time: you said ")
    for screen in (projector, phone):
        assert not ENGLISH_SHAPES.search(shown_words(screen)), shown_words(screen)
    projector.button(key="room.podium").click().run()
    phone.run()  # no points: no "You came 2nd" beside a podium that places only who scored
    assert not phone.success and [i.body for i in phone.info] == [
        "No points this time: the podium shows who scored."]  # fmt: skip
    assert "Nobody scored" in markup(projector) and "2nd" not in markup(projector)
    assert '<table class="room-board">' not in markup(projector)  # nobody named at 0 points


def test_the_answers_chart_names_each_answer_at_the_projectors_size():
    # The answers are the chart's ticks: set on the axes, at the classroom's 22 px (Streamlit's
    # chart theme would draw them at 12 px), and no negative count when nobody has answered.
    from app_pages.shared.room_views import distribution_chart

    for large, size in ((True, 22), (False, 15)):
        figure = distribution_chart([("14", 0, False), ("26", 0, True)], large)
        assert figure.layout.yaxis.tickfont.size == size == figure.layout.xaxis.tickfont.size
        assert list(figure.layout.yaxis.ticktext) == ["14", "26 (right)"]
        assert figure.layout.xaxis.range[0] == 0  # no "-1" when nobody has answered
        bars = figure.data[0]  # each count upright after its bar, at the ticks' size
        assert (bars.textposition, bars.textangle, bars.textfont.size) == ("outside", 0, size)
    counts = distribution_chart([("A", 1, False), ("B", 12, True), ("C", 0, False)], True)
    assert counts.layout.xaxis.range[1] > 12  # room for the longest bar's count


def test_the_answers_chart_draws_five_bars_at_most_the_right_answer_among_them():
    # Ten sets of cards given: the four given most (the right one kept, even given by nobody),
    # in their order, then the rest as one bar; five answers or fewer drawn as they are.
    from app_pages.shared.room_views import CHART_ROWS, chart_rows, distribution_chart

    rows = [(f"set {n}", 10 - n, False) for n in range(9)] + [("the right set", 0, True)]
    bars = chart_rows(rows)
    assert bars == [*rows[:3], rows[-1], ("6 other answers", 7 + 6 + 5 + 4 + 3 + 2, False)]
    assert sum(n for _, n, _ in bars) == sum(n for _, n, _ in rows)
    assert chart_rows(rows[:CHART_ROWS]) == rows[:CHART_ROWS]
    choices = [("A", 1, False), ("B", 0, False), ("C", 4, True), ("D", 2, False), ("E", 3, False),
               ("F", 0, False)]  # fmt: skip
    assert [label for label, _, _ in chart_rows(choices)] == ["A", "C", "D", "E", "2 other answers"]
    assert len(distribution_chart(rows, True).data[0].y) == CHART_ROWS


def test_a_long_answer_is_shortened_after_a_whole_card_and_its_bars_stay_apart():
    # Six cards' names ran past the chart's left edge, their start cut off.
    from app_pages.shared.room_views import LABEL_CHARS, distribution_chart

    six = "circle 11, triangle 3, cross 5, square 10, star 7, whot"
    five = "circle 11, triangle 3, cross 5, square 10, star 7"
    figure = distribution_chart([(six, 3, True), (five, 1, False), ("cross 5", 1, False)], True)
    shown = ["circle 11, triangle 3, … (right)", "circle 11, triangle 3, cross 5, …", "cross 5"]
    assert list(figure.layout.yaxis.ticktext) == shown
    assert all(len(text) <= LABEL_CHARS for text in figure.layout.yaxis.ticktext)
    assert list(figure.data[0].y) == [0, 1, 2]  # three bars, whatever their labels
    assert list(figure.data[0].customdata) == [six, five, "cross 5"]  # whole in the hover


def test_a_table_opened_in_the_nigerian_names_reads_them_at_a_seat_joined_by_code(store_file):
    # Obi typed the table's code: his link has no names, the table has the opener's.
    import json
    import time

    from whot_core.classroom import table as tables
    from whot_core.classroom.sqlite_tables import SqliteTableStore
    from whot_core.classroom.table_views import seat_view
    from whot_core.whot.engine.rules import Rules

    store = SqliteTableStore(store_file)
    rules = json.dumps(Rules.preset("nigerian").as_dict())
    seen = {}
    for nigerian in (True, False):
        ada = tables.open_table(store, "whot", "Ada", seats=2, rules=rules, seed=5, now=time.time(),
                                nigerian=nigerian)  # fmt: skip
        obi = tables.sit(store, ada.code, "Obi", now=time.time())
        tables.start(store, ada.code, ada.token, now=time.time())
        for _ in range(6):  # a few moves, so that the story names cards
            table = store.table(ada.code)
            mover = next(j for j in (ada, obi) if seat_view(table, j.token, time.time()).legal)
            legal = seat_view(table, mover.token, time.time()).legal
            tables.move(store, ada.code, mover.token, mover.seat, legal[0], len(table.moves),
                        now=time.time())  # fmt: skip
        at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
        at.query_params.update({"table": ada.code, "me": obi.token})
        at.switch_page("app_pages/shared/together.py")
        at.run()
        assert not at.exception, [e.value for e in at.exception]
        seen[nigerian] = shown_words(at) + " ".join(c.value for c in at.get("text"))
    assert re.search(r"\b(ball|angle|carpet)s?\b", seen[True]), seen[True]
    assert not ENGLISH_SHAPES.search(seen[True]), seen[True]
    assert ENGLISH_SHAPES.search(seen[False]), seen[False]  # the same words said in English
