"""Classroom: a teacher opens a room, the class joins from their phones with a code, and the
projector runs a live quiz the engine marks; then the podium and the teacher's report.

The rules and the store are `whot_core.classroom` (no Streamlit); this page draws them. Its
link says who is looking: `?room=CODE&teach=1` is the teacher's (it holds no key: the key that
runs the room is kept in the session and the teacher's browser, `teacher_key.py`),
`?room=CODE&me=TOKEN` a student's (the token brings them back to their place), `?room=CODE`
the join link the QR code holds."""

import functools
import json
import secrets
import time
from html import escape

import streamlit as st

from app_pages.shared import (
    class_tables,
    layout,
    link,
    room_report,
    room_views,
    seat_keeper,
    session,
    teacher_key,
)
from whot_core.classroom.backends import open_store
from whot_core.classroom.codes import Throttle
from whot_core.classroom.questions import (
    LETTERS,
    board_svgs,
    file_specs,
    judge,
    outcome,
    outcome_narrow,
    picked_label,
    practice_spec,
    stage_spec,
    wide_table,
)
from whot_core.classroom.room import Classroom, Settings, Snapshot
from whot_core.classroom.store import Refused, StoreUnavailable
from whot_core.learn import page as learn
from whot_core.learn.path import GAMES, lessons_of
from whot_core.whot.teach.practice import KINDS

ctx = session.context()


@st.cache_resource
def classroom() -> Classroom:
    """One store for every session of this server (its connections are per thread)."""
    return Classroom(open_store())


@st.cache_resource
def throttle() -> Throttle:
    return Throttle()


def fail(error: Exception) -> None:
    """A store that cannot be used, or a bad setting: say so and draw nothing more."""
    st.error(str(error), icon=":material/database:")
    st.stop()


try:
    rooms = classroom()
except (StoreUnavailable, ValueError) as error:
    fail(error)

url = link.url_params("room", "key", "me", "teach")
# Who is looking, from the link on the first run, then as the page sets it (a room opened or
# joined): the room's code, the teacher's key (from an older link: never written back to it),
# a student's rejoin token, whether this is the teacher's address.
for name, param in (("room.code", "room"), ("room.key", "key"), ("room.me", "me")):
    session.init(name, str(url.get(param, "")))
session.init("room.teach", str(url.get("teach", "")) in ("1", "true", "on"))
session.init("room.session", secrets.token_hex(8))
st.session_state.pop(teacher_key.PENDING, None)  # what a run cut short asked is not done
room_views.style()


def base_url() -> str:
    """This page's address as the browser sees it (the join link and QR code hold it)."""
    here = str(st.context.url or "").split("?")[0].rstrip("/")
    return here if here.endswith("/classroom") else f"{here}/classroom"


def join_url(snap: Snapshot) -> str:
    """The room's join link (the QR code holds it), in the room's shape names."""
    return f"{base_url()}?room={snap.room.code}{session.names_param(in_nigerian(snap))}"


def in_nigerian(snap: Snapshot) -> bool:
    """Whether this screen tells the room's questions in the Nigerian shape names (the room's
    choice, made by the teacher when opening it: `session.in_nigerian`)."""
    return session.in_nigerian(snap.settings.nigerian)


# ------------------------------------------------------------------------ choosing questions


def pick_questions(prefix: str) -> list[str]:
    """The teacher's choice of questions, under the sidebar's rules: a lesson's stages,
    practice questions of a kind and focus, or a lesson file of their own."""
    source = st.radio("Questions", ("A lesson", "Practice questions", "My lesson file"),
                      horizontal=True, key=f"{prefix}.source")  # fmt: skip
    if source == "A lesson":
        which, named = st.columns([1, 2])  # side by side: the form's button on the first screen
        game = which.selectbox("Game", tuple(GAMES), format_func=GAMES.get, key=f"{prefix}.game")
        lessons = lessons_of(game)
        n = named.selectbox("Lesson", range(len(lessons)), key=f"{prefix}.lesson",
                            format_func=lambda i: lessons[i].title)  # fmt: skip
        lesson = lessons[n]
        st.caption(f"{len(lesson.stages)} questions, one a stage of the lesson.")
        rules = ctx.rules if game == "whot" else None
        return [stage_spec(game, lesson.id, s, rules) for s in range(len(lesson.stages))]
    if source == "Practice questions":
        kinds, about, many = st.columns([2, 2, 1])
        kind = kinds.selectbox("Kind", KINDS, format_func=learn.KIND_TITLES.get,
                               key=f"{prefix}.kind")  # fmt: skip
        focus = about.selectbox("About", learn.practice_foci(ctx.rules, kind),
                                format_func=learn.focus_label, key=f"{prefix}.focus")  # fmt: skip
        count = many.number_input("How many", 1, 20, 5, key=f"{prefix}.count")
        return [practice_spec(kind, seed, focus, ctx.rules) for seed in range(1, count + 1)]
    upload = st.file_uploader("A lesson file (TOML)", type=["toml"], key=f"{prefix}.file")
    if upload is None:
        layout.example_lesson(f"{prefix}.example")
        return []
    try:
        return file_specs(upload.getvalue().decode("utf-8", "replace"), upload.name)
    except ValueError as error:
        st.error(str(error))
        return []


def open_room_form() -> None:
    # Its fields side by side: Open the room on a 1280x720 projector's first screen (at 838 px)
    st.subheader("Open a room")
    named, most, fast = st.columns([2, 1, 1])
    empty = "Left empty: Whot quiz, or Whist quiz for Whist questions"
    title = named.text_input("Title", max_chars=80, key="room.title", placeholder=empty)
    size = most.number_input("Students at most", 1, 500, 60, key="room.max")
    bonus = fast.slider("Points for speed, at most", 0, 100, 50, step=10, key="room.bonus")
    st.caption("Points for speed: a right answer wins 100 points; a fast one up to this many more.")
    specs = pick_questions("room.new")
    if st.button("Open the room", type="primary", disabled=not specs, key="room.open"):
        try:
            new, key = rooms.open_room(title, specs, Settings(int(size), int(bonus), ctx.nigerian))
        except Refused as error:
            st.error(error.sentence)
            return
        st.session_state.update({"room.code": new, "room.key": key, "room.me": "",
                                 "room.teach": True})  # fmt: skip
        st.rerun()


# ------------------------------------------------------------------------------ joining


def back_to_place(code: str) -> None:
    st.session_state.update({"room.me": st.session_state["room.back"], "room.code": code,
                             "room.key": "", "room.teach": False})  # fmt: skip


def join_form(prefilled: str = "", *, forgetting: bool = False) -> None:
    """The join form; with the room's code, the place this browser kept in it, if any (a
    closed tab or a second scan of the QR code brings the student back)."""
    back = None
    if prefilled:
        back = seat_keeper.kept(f"room:{prefilled.upper()}", forgetting=forgetting)
        if back:
            st.session_state["room.back"] = back["token"]
            room_views.html(f"<p>This browser kept a place in this room for "
                            f"{escape(back['name'])}.</p>")  # fmt: skip
            st.button("Back to that place", type="primary", key="room.back_button",
                      on_click=back_to_place, args=(prefilled.upper(),), width="stretch",
                      icon=":material/event_seat:")  # fmt: skip
    st.subheader("Join a room")
    typed = st.text_input("The code on the projector", prefilled, max_chars=12, key="room.typed")
    name = st.text_input("Your name", max_chars=40, key="room.name")
    if st.button("Join", type="primary", key="room.join", width="stretch"):
        who = st.session_state["room.session"]
        wait = throttle().wait(who, time.time())
        if wait > 0:
            st.warning(f"Too many wrong codes: try again in {wait:.0f} seconds.")
            return
        try:
            joined = rooms.join(typed, name)
        except Refused as error:
            if error.field == "code":
                throttle().failed(who, time.time())
            kept = (back or {}).get("name")  # the name this browser keeps a place for
            room_views.alert(room_views.refused_join(error, kept))  # a name in it: as text
            return
        throttle().succeeded(who)
        room = typed.replace(" ", "").replace("-", "").upper()
        st.session_state.update({"room.me": joined.token, "room.code": room, "room.key": "",
                                 "room.teach": False})  # fmt: skip
        st.rerun()


# -------------------------------------------------------------------------- the teacher


def teacher_view(snap: Snapshot, key: str) -> None:
    room = snap.room
    state = "closed" if room.closed else {"lobby": "students join", "question": "the quiz",
                                          "podium": "the podium"}[room.phase]  # fmt: skip
    st.title(room.title)
    count = len(snap.asked)
    st.caption(f"Room {room.code} · {state} · {count} question{'' if count == 1 else 's'}")
    if room.closed:
        st.info("This room is closed. Its report stays here until you delete it.")
    elif room.phase == "lobby":
        lobby(snap, key)  # its button beside the code, on the first screen
    elif room.phase == "question":
        question_view(snap, key)  # its buttons beside the question, on the first screen
    else:
        room_views.podium(snap.podium())
        room_views.leaderboard(snap.leaderboard())
    if room.phase not in ("lobby", "question"):
        controls(snap, key)
    # Folded while the class can see the screen: it names every student's right and wrong.
    # Folded again at each step of the room (a new key): opened once, it must not stay open on
    # the projector while the class goes on to the next question or to the tables.
    with st.expander("The teacher's report: each student's answers", expanded=room.closed,
                     key=f"room.report.{room.stage}"):  # fmt: skip
        room_report.report_view(rooms, snap)
    class_tables.tables_view(rooms, snap, key, base_url())
    manage(snap, key)
    teacher_key.key_box(room, key, teacher_key.teacher_url(base_url(), room.code))
    room_views.top_when_moved(room.code, room.stage)  # last: it draws nothing, takes no room


def lobby(snap: Snapshot, key: str) -> None:
    """The code, link and QR code for the class; beside them the teacher's button, then who has
    joined (under the tall QR code, the button was below a 1280x720 projector's first screen)."""
    join, who = st.columns([1, 1])
    with join:
        room_views.join_panel(snap.room.code, join_url(snap))
    with who:
        controls(snap, key)
        room_views.names([m.name for m in snap.present])


def question_view(snap: Snapshot, key: str) -> None:
    """The question on the projector: the table beside the live tally and the teacher's Reveal
    and Skip, the task and its choices, then the stage's teaching; after Reveal, the answer,
    the Next question or Podium buttons, the answers' chart, the leaders and the explanation.
    The buttons, the task, the chart and the leaders are on the first screen of a 1280x720
    projector however long the words (the explanation and the teaching come after them)."""
    asked = snap.current
    nigerian = in_nigerian(snap)
    quiz = rooms.quiz(snap.room.code, asked.number, nigerian)
    st.subheader(f"Question {asked.number + 1} of {len(snap.asked)} · {quiz.rule}")
    # Four or more hands face up side by side: the table takes more of the width, or its
    # words are drawn under 14 px (13.5 in three fifths of a projector's width).
    table, words = st.columns([7, 3] if wide_table(quiz) else [3, 2])
    if asked.state == "open":
        with table:
            svg, narrow = board_svgs(quiz, nigerian)
            layout.stage_picture(svg, quiz.situation or "the table", narrow=narrow)
        with words:
            # The tally, the teacher's buttons, the task and its choices first, on the first
            # screen whatever the words' length (a long stage's teaching before the task
            # pushed it below a 720 px projector's fold); then the stage's own words (they
            # say the rule it is played under) and the table in words.
            live_tally(snap)
            controls(snap, key)
            room_views.task(quiz.task)
            if quiz.many:
                st.markdown("Tap every card that may be played: " + ", ".join(quiz.labels) + ".")
            else:
                st.markdown("\n".join(f"- **{LETTERS[n]}.** {label}"
                                      for n, label in enumerate(quiz.labels)))  # fmt: skip
            if quiz.teaching:
                st.caption(quiz.teaching)
            st.caption(quiz.situation)
            st.caption(f"Join late at {join_url(snap)}: code {snap.room.code}")
        return
    if asked.state == "skipped":
        st.info("Skipped: this question counts for nobody.")
        controls(snap, key)
        return
    svg, caption = outcome(quiz, nigerian)
    right = picked_label(quiz, quiz.right)  # as the chart and the phones' verdicts name it
    with table:
        layout.stage_picture(svg, caption, narrow=outcome_narrow(quiz, nigerian))
        st.caption(caption)
    answered, present = snap.tally()
    with words:
        st.success(f"**The answer: {right or 'no card'}.**")
        controls(snap, key)
        if answered:
            chart = snap.distribution(asked.number, nigerian)
            figure = room_views.distribution_chart(chart, ctx.large)
            st.plotly_chart(figure, key=f"room.chart.{asked.number}", config=layout.CHART_CONFIG)
        else:  # a chart of nothing but zeros (or, for cards, of no bar at all) says less
            st.info("Nobody answered this question.")
        # The leaders under the chart, both on a 720 px projector's first screen (under the
        # columns, after the explanation, the leaderboard was below it); then the words.
        room_views.leaderboard(snap.leaderboard(), most=3)
        if answered:
            st.caption(f"{answered} of {present} answered.")
        st.markdown(room_views.answer_explained(quiz, nigerian))


def live_tally(snap: Snapshot) -> None:
    """The "18 of 24 answered" line, kept live by the page's watcher: it redraws only the
    tally while students answer, and the whole page when the teacher moves on."""
    code = snap.room.code
    room_views.watch(
        lambda: rooms.stage(code),
        snap.room.stage,
        room_views.PROJECTOR_POLL,
        draw=lambda: room_views.tally(*rooms.snapshot(code).tally()),
    )


def asking(snap: Snapshot) -> bool:
    """Whether a question is open: the projector then watches its tally (`live_tally`)."""
    current = snap.current
    return snap.room.phase == "question" and current is not None and current.state == "open"


def controls(snap: Snapshot, key: str) -> None:
    """The teacher's buttons: the next step of the quiz."""
    room = snap.room
    if room.closed:
        return
    current = snap.current
    waiting = [q for q in snap.asked if q.state == "waiting"]
    code = room.code
    # A row that wraps: in columns, the words' column cut "Next question" to "Next questi..."
    row = st.container(horizontal=True)

    def act(action, *args) -> None:
        try:
            action(code, key, *args)
        except Refused as error:
            st.session_state["room.refused"] = error.sentence

    if current is not None and current.state == "open" and room.phase == "question":
        row.button("Reveal", type="primary", on_click=act, args=(rooms.reveal,),
                   key="room.reveal", icon=":material/visibility:")  # fmt: skip
        row.button("Skip", on_click=act, args=(rooms.skip,), key="room.skip")
    elif waiting and room.phase != "podium":
        label = "Ask the first question" if current is None else "Next question"
        row.button(label, type="primary", on_click=act, args=(rooms.ask,), key="room.ask",
                   icon=":material/play_arrow:")  # fmt: skip
    if room.phase == "question" and (current is None or current.state != "open"):
        row.button("Podium", on_click=act, args=(rooms.show_podium,), key="room.podium",
                   icon=":material/emoji_events:")  # fmt: skip
    if "room.refused" in st.session_state:
        st.warning(st.session_state.pop("room.refused"))


def manage(snap: Snapshot, key: str) -> None:
    room = snap.room
    with st.expander("Students, the room and its data"):
        present = {m.id: m.name for m in snap.present}
        if present and not room.closed:
            who = st.selectbox("Take a student out", list(present), format_func=present.get,
                               key="room.who")  # fmt: skip
            if st.button("Take out", key="room.remove"):
                rooms.remove(room.code, key, who)
                st.rerun()
        if not room.closed and st.button("Close the room", key="room.close"):
            rooms.close(room.code, key)
            st.rerun()
        st.caption("Deleting forgets the room, its students, their answers and the report.")
        if st.button("Delete the room and its report", key="room.delete"):
            rooms.delete(room.code, key)
            st.session_state.update({"room.code": "", "room.key": "", "room.forget": room.code})
            st.rerun()


# -------------------------------------------------------------------------- a student


def student_view(snap: Snapshot, token: str) -> None:
    try:
        me = rooms.member(snap.room.code, token)
    except Refused as error:
        st.warning(error.sentence)
        join_form(snap.room.code, forgetting=True)  # this browser's kept place is no more
        return
    room = snap.room
    seat_keeper.keep(f"room:{room.code}", token, me.name)
    st.markdown(f"**{room.title}** · room {room.code}")
    st.text(f"You are {me.name}")
    at_table = class_tables.my_table(rooms, room.code, token)
    if room.closed:
        st.info("The room is closed. Thank you for playing!")
        return
    current = snap.current
    if room.phase == "lobby" or current is None:
        if not at_table:  # at a table, the game is what comes next
            st.info("You are in. Watch the projector: the first question comes soon.")
        return
    if room.phase == "podium":
        place = next((p for p in snap.leaderboard() if p.name == me.name), None)
        if place and place.points:
            st.success(f"You came {room_views.ordinal(place.rank)} with {place.points} points.")
        elif place:  # the podium places only those who scored: no "2nd" beside an empty step
            st.info("No points this time: the podium shows who scored.")
        room_views.podium(snap.podium())
        return
    nigerian = in_nigerian(snap)
    quiz = rooms.quiz(room.code, current.number, nigerian)
    mine = next((a for a in snap.answers_to(current.number) if a.member == me.id), None)
    if quiz.teaching:  # the stage's own words: the rule it is played under
        st.markdown(quiz.teaching)
    st.markdown(f"**Question {current.number + 1}.** {quiz.task}")
    if current.state == "open" and mine is None:
        send = functools.partial(rooms.answer, room.code, token, current.number)
        room_views.answer_buttons(send, current.number, quiz)
        svg, narrow = board_svgs(quiz, nigerian)
        layout.picture(svg, quiz.situation or "the table", narrow=narrow)
    elif current.state == "open":
        # Their own answer, no one else's: the verdict waits for Reveal.
        said = picked_label(quiz, json.loads(mine.response)) or "no card"
        st.info(f"Answer sent: {said}. Wait for the teacher to reveal the answer.")
    elif current.state == "skipped":
        late = snap.was_late(current.number, me.id)  # kept in the store: a reload says it too
        st.info("The teacher skipped this question" + (" before your answer arrived." if late
                                                         else "."))  # fmt: skip
    elif mine is None:
        if snap.was_late(current.number, me.id):
            st.warning("Too late: the teacher revealed the answer before yours arrived.")
        elif snap.asked_before_joining(current.number, me):  # "not here yet" in the report
            st.info("You joined after this question was asked: it does not count for you.")
        else:
            st.warning("No answer from you this time.")
        st.markdown(room_views.answer_explained(quiz, nigerian))
    else:
        verdict = judge(quiz, json.loads(mine.response))
        told = functools.partial(learn.explanation_markdown, quiz.question, nigerian=quiz.nigerian)
        if verdict.correct:
            st.success(told(verdict.explanation, lead=f"Right! +{mine.points} points."))
        else:
            # A verdict, not a fault; said once (the engine's own words begin "Not quite:").
            st.warning(told(verdict.explanation.removeprefix("Not quite: "),
                            lead="Not this time:"))  # fmt: skip


# ------------------------------------------------------------------------------ the page


def main() -> None:
    code = st.session_state["room.code"].upper()
    key, token = st.session_state["room.key"], st.session_state["room.me"]
    if not code:
        if gone := st.session_state.pop("room.forget", ""):
            teacher_key.forget(gone)  # a deleted room's key: this browser forgets it (`mount`)
        st.title("Classroom")
        st.markdown("The class answers on their phones; the projector shows the tally, then "
                    "the answer. Every answer is checked by the rules engine.")  # fmt: skip
        join, teach = st.columns([1, 2])  # the teacher's form the wider: its fields side by side
        with join:
            join_form()
        with teach:
            open_room_form()
        return
    try:
        snap = rooms.snapshot(code)
    except Refused as error:
        st.title("Classroom")
        st.warning(error.sentence)
        join_form()
        return
    if key or st.session_state["room.teach"]:
        session.share(room=code, teach=1)  # the key stays out of the link (`teacher_key`)
        if not (key := teacher_key.confirmed(rooms, snap.room, key)):
            return
        teacher_view(snap, key)
        if not asking(snap):  # any change redraws the page (while asking: `live_tally`)
            poll = room_views.PROJECTOR_POLL
            now = (snap.room.version, class_tables.phases(rooms, code))
            room_views.watch(lambda: (rooms.version(code), class_tables.phases(rooms, code)),
                             now, poll)  # fmt: skip
    elif token:
        session.share(room=code, me=token)
        with st.container(key="room-phone"):
            student_view(snap, token)
        room_views.watch(lambda: rooms.stage(code), snap.room.stage, room_views.PHONE_POLL)
    else:
        session.share(room=code)
        st.title(snap.room.title)
        join_form(code)


try:
    main()
    teacher_key.mount()  # last: the teacher's key kept or forgotten by the browser, if asked
except StoreUnavailable as error:
    fail(error)
