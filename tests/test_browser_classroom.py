"""The Classroom page in Chromium: a projector and three phones, each a browser context of its
own (its own cookies and session), on the app server the browser tests share (`app_server` in
conftest.py: each test reads only its own rooms in its file).

The class joins (by the typed code and by the link), answers (one right, one wrong, one too
late), the projector's tally follows, Reveal shows the chart and the phones their verdicts,
then the podium and the CSV. A name that is markup is shown as text and runs nothing. A second
test stops the server in the middle of a question and starts it again: the answers are kept and
the quiz goes on. `CLASSROOM_SHOTS=docs/screenshots` saves the README's screenshots."""

from __future__ import annotations

import contextlib
import csv
import io
import os
import re
import sqlite3
from pathlib import Path

import pytest
from browser_support import shots
from screen_measure import table_text

from whot_core.classroom.questions import choice_button, quiz_question, stage_spec
from whot_core.classroom.room import Classroom, Settings
from whot_core.classroom.sqlite import SqliteStore

pytestmark = pytest.mark.timeout(600)
MARKUP = "<img src=x onerror=alert(1)>"
WAIT = 60_000  # milliseconds for a screen to show what another screen did
PROJECTOR = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}
#: The QR code's width on the screen when its image loaded (0 when it did not).
QR_DRAWN = """() => [...document.querySelectorAll('.room-qr img')]
    .map(img => img.complete && img.naturalWidth > 0 ? img.getBoundingClientRect().width : 0)
    .reduce((a, b) => Math.max(a, b), 0)"""


@contextlib.contextmanager
def server(store: Path, port: int | None = None):
    """The app on a free port (or `port`), keeping its rooms in `store`."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("WHOT_STORE", f"sqlite:///{store}")
        with shots.serve(port) as base:
            yield base


#: How far down the page is scrolled (Streamlit scrolls its main section, not the window).
MAIN = '[data-testid="stMain"]'
SCROLLED = "() => document.querySelector('[data-testid=\"stMain\"]').scrollTop"


def screen(browser, size: dict, dialogs: list[str]):
    """A page in a context of its own; every alert it raises is noted (none may be)."""
    page = browser.new_context(viewport=size, accept_downloads=True).new_page()
    page.set_default_timeout(WAIT)
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    return page


def open_room(projector, base: str) -> tuple[str, str]:
    """The teacher opens a room on the first lesson (the pack): its code and the page's URL."""
    projector.goto(f"{base}/classroom?classroom=on")
    shots.wait_until_idle(projector)  # a click during the first run's redraw can be lost
    projector.evaluate(f"() => document.querySelector('{MAIN}').scrollTo(0, 10000)")  # to the
    projector.get_by_role("button", name="Open the room").click()  # form's end, as a teacher
    return shots.shown_code(projector), projector.url


def join(phone, base: str, code: str, name: str, *, typed: bool = False) -> None:
    if typed:
        phone.goto(f"{base}/classroom")
        phone.get_by_label("The code on the projector").fill(code.lower())
    else:
        phone.goto(f"{base}/classroom?room={code}")
    phone.get_by_label("Your name").fill(name)
    phone.get_by_role("button", name="Join").click()
    phone.get_by_text("You are in.").wait_for()


def answers_in(store: Path, code: str) -> list[tuple]:
    """The room's answers (the store may hold other tests' rooms)."""
    db = sqlite3.connect(store)
    return db.execute(
        "SELECT number, member, correct FROM answers WHERE room = ? ORDER BY member", (code,)
    ).fetchall()


def shot(page, name: str, tmp_path: Path) -> None:
    folder = Path(os.environ.get("CLASSROOM_SHOTS") or tmp_path)
    page.screenshot(path=str(folder / f"{name}.png"))


def test_a_class_joins_answers_and_the_projector_reveals(browser, app_server, tmp_path):
    base, store = app_server
    dialogs: list[str] = []
    projector = screen(browser, PROJECTOR, dialogs)
    code, _ = open_room(projector, base)
    assert projector.evaluate(QR_DRAWN) >= 300  # the QR code is drawn, large
    ada, markup, chi = (screen(browser, PHONE, dialogs) for _ in range(3))
    join(ada, base, code, "Ada", typed=True)
    join(markup, base, code, MARKUP)
    join(chi, base, code, "Chi")
    projector.get_by_text("3 students in the room").wait_for()
    names = projector.locator(".room-name").all_inner_texts()
    assert names == ["Ada", MARKUP, "Chi"]  # the name as text, in the page
    assert projector.locator(".room-names img").count() == 0  # and no element made of it
    shot(projector, "classroom-projector-lobby", tmp_path)

    ask = projector.get_by_role("button", name="Ask the first question")
    box = ask.bounding_box()  # beside the code and its QR code, on the first screen
    assert box["y"] + box["height"] <= PROJECTOR["height"] and projector.evaluate(SCROLLED) == 0
    ask.click()
    projector.get_by_text("0 of 3 answered").wait_for()
    quiz = quiz_question(next(iter(_specs(store, code))))
    right = quiz.labels[quiz.right[0]]
    wrong = next(n for n in range(len(quiz.labels)) if (n,) != quiz.right)
    tap = choice_button(quiz, quiz.right[0])  # "C. 26": the letter the projector shows
    ada.get_by_role("button", name=tap, exact=True).click()
    markup.get_by_role("button", name=choice_button(quiz, wrong), exact=True).click()
    for phone in (ada, markup):
        phone.get_by_text("Answer sent: ").wait_for()
    shot(chi, "classroom-phone-question", tmp_path)
    projector.get_by_text("2 of 3 answered").wait_for()
    shot(projector, "classroom-projector-question", tmp_path)

    reveal = projector.get_by_role("button", name="Reveal")
    box = reveal.bounding_box()  # beside the question, on the first screen
    assert box["y"] + box["height"] <= PROJECTOR["height"] and projector.evaluate(SCROLLED) == 0
    projector.mouse.wheel(0, 120)  # the teacher scrolled a little to read the choices
    projector.wait_for_function(f"() => ({SCROLLED})() > 0")
    reveal.click()
    projector.get_by_text(f"The answer: {right}.").wait_for()
    # The answer is shown from the top of the page, not from where the button was.
    projector.wait_for_function(f"() => ({SCROLLED})() === 0")
    projector.locator(".js-plotly-plot").wait_for()
    bars = projector.locator(".js-plotly-plot .bars .point").count()
    assert bars == len(quiz.labels)
    # Chi is too late: the phone's last screen still offers the answers, or has moved on
    late = chi.get_by_role("button", name=tap, exact=True)
    with contextlib.suppress(Exception):
        late.click(timeout=1_000)
    # if the tap arrived after Reveal, the phone says so; if it never left, no answer
    said = chi.get_by_text(
        re.compile(r"No answer from you this time\.|Too late: the teacher revealed")
    )
    said.wait_for()
    # the report says the same as Chi's phone: a tap that came too late is kept as such
    late_said = "Too late" in said.inner_text()
    chi_unanswered = "unanswered (too late)" if late_said else "unanswered"
    assert [(n, m, c) for n, m, c in answers_in(store, code)] == [(0, 0, 1), (0, 1, 0)]
    ada.get_by_text("Right!").wait_for()
    markup.get_by_text("Not this time: you said").wait_for()
    shot(ada, "classroom-phone-verdict", tmp_path)
    shot(projector, "classroom-projector-reveal", tmp_path)
    assert projector.get_by_text("2 of 3 answered.").count() == 1

    report = projector.get_by_text("The teacher's report: each student's answers")
    report.click()  # opened by the teacher after Reveal...
    projector.locator("table.rows-table").first.wait_for()
    projector.get_by_role("button", name="Podium").click()
    projector.locator(".room-step-1").get_by_text("Ada").wait_for()
    ada.get_by_text("You came 1st").wait_for()
    # ...folds again at the next step: it names every student's right and wrong, and the
    # class watches the projector
    assert not projector.locator("table.rows-table").first.is_visible()
    report.click()
    rows = projector.locator("table.rows-table").first
    rows.wait_for()
    assert rows.locator("tbody tr").all_inner_texts()[0].split("\t")[:3] == ["Ada", "1", "0"]
    # The fold opens with an animation and no run: a click while it grows reached the
    # text above the button (no file came in 60 s, in CI and under load).
    shots.wait_until_still(projector)
    with projector.expect_download() as download:
        projector.get_by_role("button", name="Download the report (CSV)").click()
    rows = list(csv.reader(io.StringIO(Path(download.value.path()).read_text("utf-8"))))
    assert [(r[0], r[5]) for r in rows[1:]] == [
        ("Ada", "right"), (MARKUP, "wrong"), ("Chi", chi_unanswered)
    ]  # fmt: skip
    assert shots.error_boxes(projector) == []
    assert dialogs == []  # the markup name ran no script anywhere


def _specs(store: Path, code: str) -> list[str]:
    """The room's questions (the store may hold other tests' rooms)."""
    db = sqlite3.connect(store)
    rows = db.execute("SELECT spec FROM questions WHERE room = ? ORDER BY number", (code,))
    return [spec for (spec,) in rows]


def test_the_server_stops_mid_quiz_and_the_quiz_goes_on(browser, tmp_path):
    store = tmp_path / "rooms.sqlite3"
    dialogs: list[str] = []
    port = shots.free_port()
    projector = screen(browser, PROJECTOR, dialogs)
    ada = screen(browser, PHONE, dialogs)
    with server(store, port) as base:
        code, _ = open_room(projector, base)
        join(ada, base, code, "Ada")
        projector.get_by_role("button", name="Ask the first question").click()
        quiz = quiz_question(_specs(store, code)[0])
        ada.get_by_role("button", name=choice_button(quiz, quiz.right[0]), exact=True).click()
        ada.get_by_text("Answer sent: ").wait_for()
    with server(store, port) as base:  # the same address: the links still open the room
        projector.reload()
        projector.get_by_text("1 of 1 answered").wait_for()
        projector.get_by_role("button", name="Reveal").click()
        ada.reload()
        ada.get_by_text("Right!").wait_for()
        projector.get_by_role("button", name="Next question").click()
        projector.get_by_text("0 of 1 answered").wait_for()
        second = quiz_question(_specs(store, code)[1])
        ada.get_by_role("button", name=choice_button(second, 0), exact=True).wait_for()
    assert answers_in(store, code) == [(0, 0, 1)]
    assert dialogs == []


def test_a_student_who_lost_the_link_finds_the_place_kept_in_the_browser(browser, app_server):
    base, _ = app_server
    dialogs: list[str] = []
    projector = screen(browser, PROJECTOR, dialogs)
    code, _ = open_room(projector, base)
    ada = screen(browser, PHONE, dialogs)
    join(ada, base, code, MARKUP)
    ada.goto(f"{base}/classroom?room={code}")  # the QR code's link again: no token in it
    ada.get_by_text(f"This browser kept a place in this room for {MARKUP}.").wait_for()
    ada.get_by_role("button", name="Back to that place").click()
    ada.get_by_text("You are in.").wait_for()
    projector.get_by_text("1 student in the room").wait_for()  # the same place, not a second
    projector.get_by_text("Students, the room and its data").click()
    shots.wait_until_still(projector)  # the fold opened: its button no longer moving
    projector.get_by_role("button", name="Take out").click()
    ada.goto(f"{base}/classroom?room={code}")
    kept = f"() => JSON.parse(localStorage.getItem('whot-seats') || '{{}}')['room:{code}']"
    ada.get_by_role("button", name="Back to that place").click()  # kept, but taken out:
    ada.get_by_role("button", name="Join").wait_for()  # refused, and forgotten
    ada.wait_for_function(f"() => !({kept[6:]})")
    assert dialogs == []


def test_a_card_question_on_a_phone_has_cards_a_thumb_can_tap(browser, app_server):
    """The cards to tap are as large as the answer buttons (they were 32 px high, their
    names 14 px)."""
    base, store = app_server
    rooms = Classroom(SqliteStore(store))
    code, key = rooms.open_room("Cards", [stage_spec("whot", "matching", 0)], Settings())
    ada = rooms.join(code, "Ada")
    rooms.ask(code, key)
    phone = screen(browser, PHONE, [])
    phone.goto(f"{base}/classroom?room={code}&me={ada.token}")
    pills = phone.locator("[data-testid=stButtonGroup] button")
    pills.first.wait_for()
    quiz = quiz_question(next(iter(_specs(store, code))))
    assert pills.all_inner_texts() == list(quiz.labels)
    for box, size in pills.evaluate_all(
        "bs => bs.map(b => [b.getBoundingClientRect().height,"
        " parseFloat(getComputedStyle(b.querySelector('p')).fontSize)])"
    ):
        assert box >= 44 and size >= 18, (box, size)


def small_words(page, least: float) -> list[str]:
    return [f"{t['text']!r} {t['px']} px" for t in table_text(page) if t["px"] < least]


@pytest.mark.parametrize(("lesson", "stage"), [("hold-on", 0), ("suspension-and-star8", 1)])
def test_a_face_up_table_is_readable_on_a_phone_and_the_projector(
    browser, app_server, lesson, stage
):
    """Every hand face up, three and four players: on a phone the table's words were 8.2 and
    5.5 px (the seats side by side; now one a row), on the projector the four players' 11.4 px
    (now each seat's panel only as wide as its hand): at least 11 px on a phone, 14 px on the
    projector, the question's table and the one shown at Reveal."""
    base, store = app_server
    rooms = Classroom(SqliteStore(store))
    code, key = rooms.open_room("Face up", [stage_spec("whot", lesson, stage)], Settings())
    ada = rooms.join(code, "Ada")
    rooms.ask(code, key)
    phone = screen(browser, PHONE, [])
    phone.goto(f"{base}/classroom?room={code}&me={ada.token}")
    phone.locator("img[alt]:visible").first.wait_for()
    shots.wait_until_settled(phone)
    assert table_text(phone) and small_words(phone, 11) == []
    projector = screen(browser, PROJECTOR, [])
    projector.goto(f"{base}/classroom?room={code}&key={key}&classroom=on")
    shots.wait_until_idle(projector, 1)
    assert table_text(projector) and small_words(projector, 14) == []
    projector.get_by_role("button", name="Reveal").click()
    projector.get_by_text("The answer:").wait_for()
    shots.wait_until_settled(projector)
    assert table_text(projector) and small_words(projector, 14) == []


def bottom(page, selector: str) -> float:
    """How far down the window the last of these elements ends, in pixels."""
    return page.locator(selector).last.evaluate("e => e.getBoundingClientRect().bottom")


def long_file_stage() -> str:
    """A teacher's lesson file whose first stage teaches at length (a file's text has no
    limit): the example file, its first stage's text six sentences long."""
    from whot_core.classroom.questions import file_specs
    from whot_core.whot.teach.lesson_files import EXAMPLE_FILE

    first = "Play a card of the same shape or the same number as the top card of the pile, or a"
    longer = " ".join(["Read the pile's top card first, then your hand, card by card."] * 5)
    text = EXAMPLE_FILE.read_text("utf-8")
    return file_specs(text.replace(first, f"{longer} {first}", 1), "long.toml")[0]


def reveal_with_chart_and_leaders_on_the_first_screen(projector) -> None:
    """Press Reveal on the projector: the page stays at its top, and the answers' chart and the
    three leaders are on its first screen."""
    projector.get_by_role("button", name="Reveal").click()
    projector.locator("table.room-board").wait_for()
    shots.wait_until_settled(projector)
    assert projector.evaluate(SCROLLED) == 0
    assert bottom(projector, ".js-plotly-plot") <= PROJECTOR["height"]
    assert bottom(projector, "table.room-board") <= PROJECTOR["height"]
    assert projector.locator("table.room-board tbody tr").count() == 3


@pytest.mark.parametrize(
    "spec",
    [stage_spec("whot", "the-pack", 2), stage_spec("whot", "suspension-and-star8", 1), "file"],
)
def test_the_projector_shows_the_task_then_the_chart_and_leaders_on_its_first_screen(
    browser, app_server, spec
):
    """The longest stages' teaching (a built-in one's, a teacher's file's), and a wide table of
    four seats with four answers to chart: the task is on a 1280x720 projector's first screen
    while the class answers (the teaching before it pushed it below), and after Reveal the
    answers' chart and the leaders are too (the leaderboard came after the table and the
    explanation, below the fold)."""
    base, store = app_server
    rooms = Classroom(SqliteStore(store))
    spec = long_file_stage() if spec == "file" else spec
    code, key = rooms.open_room("Fold", [spec] * 2, Settings())
    people = [rooms.join(code, name) for name in ("Ada", "Bola", "Chi", "Dayo", "Efe")]
    rooms.ask(code, key)
    quiz = rooms.quiz(code, 0)
    wrong = next(n for n in range(len(quiz.labels)) if (n,) != quiz.right)
    for n, person in enumerate(people):
        rooms.answer(code, person.token, 0, list(quiz.right) if n % 2 == 0 else [wrong])
    projector = screen(browser, PROJECTOR, [])
    projector.goto(f"{base}/classroom?room={code}&key={key}&classroom=on")
    projector.locator(".room-task").wait_for()
    shots.wait_until_settled(projector)
    assert bottom(projector, ".room-task") <= PROJECTOR["height"]
    reveal_with_chart_and_leaders_on_the_first_screen(projector)
    for name in ("Next question", "Podium"):  # whole, not cut to "Next questi..."
        label = projector.get_by_role("button", name=name).locator("p")
        assert label.evaluate("p => p.scrollWidth <= p.clientWidth"), name


@pytest.mark.parametrize("stage", [0, 3])  # the right answer three cards, and six (two lines)
def test_many_answers_to_a_card_question_keep_the_chart_and_leaders_on_the_first_screen(
    browser, app_server, stage
):
    """A card question answered with ten different sets of cards: the chart drew a bar a set,
    400 px tall, and pushed the leaders below a 1280x720 projector's first screen. It now draws
    at most five bars, the right answer among them and the sets given least as one bar; a
    long answer's label (six cards) is shortened, not cut at the chart's left edge."""
    import itertools

    base, store = app_server
    rooms = Classroom(SqliteStore(store))
    spec = stage_spec("whot", "matching", stage)
    code, key = rooms.open_room("Cards", [spec] * 2, Settings())
    quiz = quiz_question(spec)
    assert quiz.many
    others = [list(s) for r in (1, 2) for s in itertools.combinations(range(len(quiz.labels)), r)]
    others = [s for s in others if tuple(s) != quiz.right][:10]
    people = [rooms.join(code, f"Student {n}") for n in range(3 + len(others))]
    rooms.ask(code, key)
    for person, picked in zip(people, [list(quiz.right)] * 3 + others, strict=True):
        rooms.answer(code, person.token, 0, picked)
    assert len(rooms.snapshot(code).distribution(0)) == 11
    projector = screen(browser, PROJECTOR, [])
    projector.goto(f"{base}/classroom?room={code}&key={key}&classroom=on")
    reveal_with_chart_and_leaders_on_the_first_screen(projector)
    ticks = projector.locator(".js-plotly-plot .ytick text").evaluate_all(
        "ticks => ticks.map(t => t.textContent)"
    )
    assert len(ticks) == 5 and "7 other answers" in ticks, ticks
    assert sum(tick.endswith("(right)") for tick in ticks) == 1
    chart = projector.locator(".js-plotly-plot").evaluate("e => e.getBoundingClientRect().left")
    lefts = projector.locator(".js-plotly-plot .ytick text").evaluate_all(
        "ticks => ticks.map(t => t.getBoundingClientRect().left)"
    )
    assert min(lefts) >= chart, (chart, lefts)


def test_the_teachers_form_has_open_the_room_on_a_projectors_first_screen(browser, app_server):
    """Before a room is open: the form's fields one a row put Open the room at 838 px of a
    1280x720 projector; side by side, it is on the first screen whatever the questions' source
    (a lesson, practice questions, a lesson file of one's own)."""
    base, _ = app_server
    projector = screen(browser, PROJECTOR, [])
    projector.goto(f"{base}/classroom?classroom=on")
    shots.wait_until_idle(projector)
    button = projector.get_by_role("button", name="Open the room")
    for source in ("A lesson", "Practice questions", "My lesson file"):
        projector.get_by_text(source, exact=True).click()
        # Still, not only settled: under load the form was measured mid-change (738 px in
        # one CI run, 697 when drawn).
        shots.wait_until_still(projector)
        assert projector.evaluate(SCROLLED) == 0, source
        assert bottom(projector, ".st-key-room-open button") <= PROJECTOR["height"], source
        assert button.is_visible()
