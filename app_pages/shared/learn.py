"""Learn: the path of lessons, endless practice, and a classroom quiz, every answer checked by
the engine. The logic (progress, stars, links, the pictures) is in `whot_core.learn.page`."""

import zlib

import streamlit as st

from app_pages.shared import layout, link, records, session
from app_pages.shared import learn_progress as keeping
from app_pages.shared import learn_question as asking
from app_pages.shared.session import PERSIST
from whot_core import Rules
from whot_core.learn import page as learn
from whot_core.learn import progress as kept
from whot_core.learn import review
from whot_core.learn import upload as lesson_upload
from whot_core.learn.path import stage_keys
from whot_core.whot.app import controls as app_controls
from whot_core.whot.app import links as app_links
from whot_core.whot.engine.cards import in_shape_names
from whot_core.whot.teach.practice import KINDS, Question

ctx = session.context()
#: The modes of each game's Learn page (Whist has no practice questions).
MODES = {
    "whot": ("Lessons", "Practice", "Review", "Progress"),
    "whist": ("Lessons", "Review", "Progress"),
}

# ----------------------------------------------------------------- settings from the link

url = link.url_params("game", "lesson", "stage", "practice", "seed", "focus", "quiz", "lesson_file")
ref, problem = learn.read_stage_link(url)
link.url_problem(problem)


def open_lesson_file(found: "lesson_upload.LessonFile", stage: int = 0) -> None:
    """Play a lesson read from a file (an upload, or a file of data/lessons/ a link names)."""
    st.session_state.update(
        {"learn.file": found, "learn.game": found.game, "learn.mode": "Lessons"}
    )
    st.session_state.update({"learn.lesson": 0, "learn.stage": stage})


if "lesson_file" in url and "learn.file_linked" not in st.session_state:  # once a session
    st.session_state["learn.file_linked"] = True
    try:
        found = lesson_upload.read_shipped(str(url["lesson_file"]))
    except ValueError as error:
        link.url_problem(f"lesson_file: {error}")
    else:
        stages = len(found.lesson.stages)
        stage, problem = app_links.read_int(url, "stage", 1, 1, stages)
        link.url_problem(problem)
        open_lesson_file(found, stage - 1)
        ref = None
session.init("learn.game", ref.game if ref else learn.read_game(url)[0])
session.init("learn.mode", "Practice" if "practice" in url else "Lessons")
session.init("learn.quiz", url.get("quiz") == "on")
if "learn.lesson" not in st.session_state:
    game = st.session_state["learn.game"]
    start = ref or learn.first_unsolved(keeping.current().stages, game)
    st.session_state["learn.lesson"] = start.lesson
    st.session_state["learn.stage"] = start.stage
practice_link = learn.read_practice_link(url, ctx.rules)
if "learn.kind" not in st.session_state and "practice" in url:
    for each in practice_link.problems:
        link.url_problem(each)
session.init("learn.kind", practice_link.kind)
session.init("learn.seed", practice_link.seed)
session.init("learn.focus", practice_link.focus)
link.show_url_problems()


def stars_kept() -> dict[str, learn.Tries]:
    """Each stage's tries as kept now: read at each use, because an answer in a fragment
    replaces the kept progress after this script's top ran."""
    return keeping.current().stages


answers = asking.answers()

# The question, the table and the answer must share one screen: a tighter top on this page.
# The browser's store draws nothing, and within a lesson takes no gap between its neighbours.
st.markdown(
    "<style>[data-testid='stMainBlockContainer'] { padding-top: 2.5rem; }"
    " .st-key-learn-store { display: none; }</style>",
    unsafe_allow_html=True,
)


def switch_game() -> None:
    """Another game's path: its first stage not yet solved, in its lessons (Whist has no
    practice questions)."""
    game = st.session_state["learn.game"] or "whot"
    st.session_state.pop("learn.file", None)  # another game: back to its path
    start = learn.first_unsolved(stars_kept(), game)
    st.session_state.update({"learn.lesson": start.lesson, "learn.stage": start.stage})
    if st.session_state["learn.mode"] not in MODES[game]:
        st.session_state["learn.mode"] = "Lessons"


top = st.columns([1.2, 1.5, 3.6, 2.3], vertical_alignment="center")
top[0].title("Learn")
top[1].segmented_control(
    "Game",
    tuple(learn.GAMES),
    key="learn.game",
    format_func=learn.GAMES.get,
    label_visibility="collapsed",
    required=True,
    on_change=switch_game,
)
game = st.session_state["learn.game"] or "whot"
top[2].segmented_control(
    "Mode", MODES[game], key="learn.mode", label_visibility="collapsed", required=True
)
with top[3]:
    layout.toggle(
        "Classroom quiz",
        "Hides the answer until Reveal.",
        key="learn.quiz",
    )
mode = st.session_state["learn.mode"] or "Lessons"
quiz = bool(st.session_state["learn.quiz"])


# -------------------------------------------------------------------------------- lessons


def go(target: "learn.StageRef | None") -> None:
    if target is not None:
        st.session_state["learn.lesson"] = target.lesson
        st.session_state["learn.stage"] = target.stage


def switch_preset(name: str) -> None:
    st.session_state["rule.preset"] = name
    st.session_state.update(app_controls.control_values(Rules.preset(name)))


def lesson_label(n: int, kept_now: dict[str, learn.Tries]) -> str:
    """A lesson's label with its stars as they were when the selector was drawn (a label
    function must give the same words for as long as its selector is on screen)."""
    _, won, out_of = learn.lesson_progress(n, kept_now, game, own)
    return f"{n + 1}. {(own or learn.lessons_of(game))[n].title} · {won}/{out_of} ★"


def load_lesson_upload() -> None:
    """The lesson uploader's callback: play a good file, or say what is wrong with it."""
    data = records.read_upload("learn.upload")
    st.session_state.pop("learn.upload_problem", None)
    if data is None:
        return
    name = st.session_state["learn.upload"].name
    try:
        open_lesson_file(lesson_upload.read_lesson_text(data, name))
    except ValueError as error:
        st.session_state["learn.upload_problem"] = str(error)


def leave_lesson_file() -> None:
    st.session_state.pop("learn.file", None)
    go(learn.first_unsolved(stars_kept(), game))


def lesson_file_box() -> None:
    """Where a teacher uploads a lesson file, and the example to start one from."""
    refused = st.session_state.get("learn.upload_problem")
    title = "Play a lesson file (for teachers)"
    box = layout.folded_box(
        title, "learn.file_box", open_now=bool(refused), icon=":material/upload_file:"
    )
    with box as drawn:
        if not drawn:  # drawn only while open: an uploader costs every load its drawing
            return
        st.file_uploader(
            "A lesson file (.toml)",
            type=["toml"],
            key="learn.upload",
            on_change=load_lesson_upload,
            max_upload_size=1,
        )
        layout.example_lesson("learn.example")
        if refused:
            st.error(f"This lesson file cannot be played: {refused}")


def lessons_view() -> None:
    if file is not None:
        note, back = st.columns([4, 2], vertical_alignment="center")
        note.info(f"Playing the lesson file **{file.name}**.", icon=":material/description:")
        back.button("Back to the lessons", key="learn.leave_file", on_click=leave_lesson_file)
    lesson_path()
    lesson_file_box()  # below the lesson: the table and its answer keep the first screen


#: The store's problem to tell as this run began (`keeping.show_problem`, above the fragments).
_problem_at_start = st.session_state.get(keeping.PROBLEM)


def app_changed() -> bool:
    """Whether a click in a fragment changed what the rest of the app shows (a lesson switched
    the sidebar's preset; the browser's copy could not be read, which the page says above):
    then the whole app reruns, not the fragment alone. An answer's progress is not such a
    change: the fragment draws the browser's store (`keeping.keep_in_browser`) itself."""
    problem = st.session_state.get(keeping.PROBLEM)
    return st.session_state.get(session.PRESET) != ctx.preset or problem != _problem_at_start


@st.fragment
def lesson_path() -> None:
    """The lesson, its stage, the question and its answer: an answer or a step reruns only
    this (and writes the link, which `app.py` writes after a whole run, and the progress to
    the browser: an answer cost a whole run when the store was drawn outside)."""
    if app_changed():
        st.rerun()
    draw_lesson_path()
    keeping.keep_in_browser(go_on)


def draw_lesson_path() -> None:
    """The lesson's part of `lesson_path`, above the store."""
    # The lesson's and stage's values sent with their selectors, as in a whole run
    # (`session.keep_page_settings`): their labels carry the stars, and a selector whose labels
    # changed in a fragment's run, its value not sent, went back to its first choice in the
    # browser (the next answer then opened the first lesson).
    for key in ("learn.lesson", "learn.stage"):
        st.session_state[key] = st.session_state[key]
    lessons = own or learn.lessons_of(game)
    kept_now = stars_kept()
    solved, total = learn.path_progress(kept_now, game, own)
    # The stages on a row of their own (room for the stars); on a projector beside the lesson,
    # so that the table below is drawn large enough to read from the back of the room.
    choose = st.columns([3, 2]) if ctx.large else (st.columns([3, 2])[0], st.container())
    choose[0].selectbox(
        "Lesson",
        range(len(lessons)),
        key="learn.lesson",
        persist_state=PERSIST,  # chosen in this fragment, it outlives a visit to another page
        format_func=lambda n: lesson_label(n, kept_now),
        label_visibility="collapsed" if ctx.large else "visible",
        on_change=lambda: st.session_state.update({"learn.stage": 0}),
    )
    lesson = lessons[st.session_state["learn.lesson"]]
    count = len(lesson.stages)
    st.session_state["learn.stage"] = min(st.session_state["learn.stage"], count - 1)
    at = st.session_state["learn.lesson"]

    def stage_label(n: int) -> str:
        won = kept_now.get(learn.StageRef(at, n, game, own).key)
        return f"{n + 1} {learn.stars_text(won.stars) if won and won.solved else ''}".strip()

    choose[1].segmented_control(
        f"Stage (the path: {solved} of {total} done)",
        range(count),
        key="learn.stage",
        format_func=stage_label,
        required=True,
        label_visibility="collapsed" if ctx.large else "visible",
    )
    ref = learn.StageRef(at, st.session_state["learn.stage"], game, own)
    if file is None:
        session.share(**learn.stage_params(ref), **({"quiz": "on"} if quiz else {}))
    elif file.shipped:  # a file of data/lessons/ has a link; an upload has none
        shipped = {"lesson_file": file.shipped, "stage": ref.stage + 1}
        session.share(**shipped, **({"quiz": "on"} if quiz else {}))
    link.write_url()
    if game == "whist":
        stage = lesson.stages[ref.stage]
        question, there = stage.question, None
        intro = ref.text + (f"\n\n{learn.whist_quote(stage.quote)}" if stage.quote else "")
        intro_note = f"Stage {ref.stage + 1} of {count}. {learn.whist_rules_line()}"
    else:
        question, there, intro, intro_note = whot_stage(ref, lesson, count)
    key = learn.answer_key(ref, question)
    words = asking.show_question(key, question, intro, there, intro_note)
    tries = kept_now.get(ref.key, learn.Tries())
    if tries.solved:
        words.markdown(f"Stage done: **{learn.stars_text(tries.stars)}**")
    nav = words.columns(2)
    nav[0].button(
        "Previous",
        key="learn.previous",
        icon=":material/chevron_left:",
        on_click=go,
        args=(ref.previous,),
        disabled=ref.previous is None,
        width="stretch",
    )
    nav[1].button(
        "Next",
        key="learn.next",
        icon=":material/chevron_right:",
        on_click=go,
        args=(ref.next,),
        disabled=ref.next is None,
        width="stretch",
        type="primary" if tries.solved or quiz else "secondary",
    )
    with st.expander("Sources of this lesson"):
        if game == "whist":
            st.markdown(f"- {learn.whist_source_words()}")
        else:
            st.markdown("\n".join(f"- {learn.source_words(s)}" for s in lesson.sources))


def whot_stage(ref: "learn.StageRef", lesson, count: int):
    """A Whot stage under the sidebar's rules where it plays the same (else its own, saying
    why), and a lesson whose rule cannot happen under them offers its preset: the question,
    the position under the sidebar's rules to show after the answer, the teaching and the
    note under it."""
    why = lesson.why_idle(ctx.rules)
    if why:
        title = Rules.preset_info(lesson.preset)["title"]
        note, offer = st.columns([4, 2])
        note.info(
            f"Under the sidebar's rules this lesson's rule cannot happen: {why}. Its stages "
            f"play under the rules they name.",
            icon=":material/info:",
        )
        offer.button(
            f"Switch the sidebar to {title}",
            key="learn.preset",
            on_click=switch_preset,
            args=(lesson.preset,),
        )
    posed = ref.pose(ctx.rules)
    intro = in_shape_names(ref.text, ctx.nigerian)
    where = learn.stage_rules_line(posed, ctx.rules, idle_said=bool(why))
    return posed.question, posed.there, intro, f"Stage {ref.stage + 1} of {count}. {where}"


# ------------------------------------------------------------------------------- practice


def new_question() -> None:
    st.session_state["learn.seed"] = (st.session_state["learn.seed"] + 1) % learn.PRACTICE_SEEDS


@st.fragment
def practice_view() -> None:
    """A practice question and its answer: an answer or a new question reruns only this, and
    the progress it changed is written to the browser from here (`lesson_path` says why)."""
    if app_changed():
        st.rerun()
    draw_practice()
    keeping.keep_in_browser(go_on)


def draw_practice() -> None:
    """The practice's part of `practice_view`, above the store."""
    cols = st.columns([3, 3, 2, 2])
    # Chosen in this fragment, each outlives a visit to another page (`session.PERSIST`).
    cols[0].selectbox("Question", KINDS, key="learn.kind", format_func=learn.KIND_TITLES.get,
                      persist_state=PERSIST)  # fmt: skip
    kind = st.session_state["learn.kind"]
    foci = learn.practice_foci(ctx.rules, kind)
    if st.session_state["learn.focus"] not in foci:
        st.session_state["learn.focus"] = learn.MIXED
    cols[1].selectbox(
        "Focus (one rule, or mixed)",
        foci,
        key="learn.focus",
        format_func=learn.focus_label,
        persist_state=PERSIST,
    )
    cols[2].number_input("Seed", 0, learn.PRACTICE_SEEDS, key="learn.seed", persist_state=PERSIST)
    cols[3].button(
        "New question",
        key="learn.new",
        on_click=new_question,
        type="primary",
        icon=":material/casino:",
        width="stretch",
    )
    worst = kept.missed_most(keeping.current(), kind, foci)
    if worst is not None:
        st.button(
            f"Aim at the rule I miss most: {learn.focus_label(worst)}",
            key="learn.worst",
            icon=":material/target:",
            on_click=lambda: st.session_state.update({"learn.focus": worst}),
        )
    seed, focus = int(st.session_state["learn.seed"]), st.session_state["learn.focus"]
    session.share(**learn.practice_params(kind, seed, focus), **({"quiz": "on"} if quiz else {}))
    link.write_url()
    question = practice_question(ctx.rules.to_toml(), kind, seed, focus)
    if isinstance(question, str):
        st.warning(f"No question: {question}")
        return
    key = f"practice:{kind}:{focus}:{seed}:{rules_tag()}"
    asking.show_question(key, question)
    done = [a for k, a in answers.items() if k.startswith("practice:")]
    if done:
        st.caption(
            f"Practice so far: {sum(a.correct for a in done)} right of {len(done)} "
            "answers (the last answer to each question counts)."
        )


def rules_tag() -> str:
    """The sidebar's rules in a question's key: an answer under other rules is another's."""
    return f"{zlib.crc32(ctx.rules.to_toml().encode()):08x}"


@st.cache_resource(max_entries=64, show_spinner="Playing a game to find a question…")
def practice_question(rules_toml: str, kind: str, seed: int, focus: str) -> Question | str:
    return learn.practice_question(Rules.from_toml(rules_toml), kind, seed, focus)


# -------------------------------------------------------------------------------- review


def review_view() -> None:
    """The rules this learner missed, due today by Review's schedule (`whot_core.learn.review`):
    one at a time, its first answer moving it along the boxes; Next brings the next one."""
    boxes = {
        k: b
        for k, b in keeping.current().review.items()
        if k.startswith("whist:") == (game == "whist")
    }
    due = review.due_now(boxes, today=keeping.today())
    reviewed = st.session_state.setdefault("learn.reviewed", [])
    st.markdown(
        f"**Review: {len(due)} due today** ({len(boxes) - len(due)} more later). A rule you "
        "miss comes back soon; one you answer right comes back later, then no more."
    )
    at = st.session_state.get("learn.review_at")
    other_game = at is not None and at[0].startswith("whist:") != (game == "whist")
    if at is None or other_game or (at[0] not in boxes and at[1] not in answers):
        item = review.next_due(boxes, today=keeping.today(), answered=reviewed)
        if item is None:
            st.info("Nothing to review now. Missed stages and practice questions come back here.",
                    icon=":material/event_available:")  # fmt: skip
            return
        at = (item, f"review:{item}|{reviewed.count(item)}|{rules_tag()}")
        st.session_state["learn.review_at"] = at
    item, key = at
    if item.startswith(kept.PRACTICE):
        kind, _, focus = item.removeprefix(kept.PRACTICE).partition(":")
        aim = focus if focus in learn.practice_foci(ctx.rules, kind) else learn.MIXED
        seed = zlib.crc32(key.encode()) % learn.PRACTICE_SEEDS
        question = practice_question(ctx.rules.to_toml(), kind, seed, aim)
        intro = f"Practice: {learn.KIND_TITLES[kind]} ({learn.focus_label(focus)})"
    else:
        ref = stage_keys()[item]
        question = ref.question if ref.game == "whist" else ref.pose(ctx.rules).question
        intro = f"**{ref.of.title}, stage {ref.stage + 1}.** {ref.text}"
    if isinstance(question, str):
        st.warning(f"No question under the sidebar's rules: {question}")
    else:
        asking.show_question(key, question, intro)

    def next_one() -> None:
        reviewed.append(item)
        st.session_state.pop("learn.review_at", None)

    st.button("Next to review", key="learn.review_next", icon=":material/chevron_right:",
              on_click=next_one, type="primary" if key in answers else "secondary")  # fmt: skip


def go_on(found: "kept.Progress") -> None:
    """Where a restored progress goes on: its first stage not solved, unless a link named one."""
    url = st.session_state.get(session.URL, {})
    if "lesson" not in url and "lesson_file" not in url and "learn.file" not in st.session_state:
        go(learn.first_unsolved(found.stages, st.session_state.get("learn.game") or "whot"))


def take_next() -> None:
    """The summary's next lesson: the first stage not yet solved, in Lessons."""
    go(learn.first_unsolved(keeping.current().stages, game))
    st.session_state["learn.mode"] = "Lessons"


file: "lesson_upload.LessonFile | None" = st.session_state.get("learn.file")
own = (file.lesson,) if file is not None else ()
if file is not None:
    game = file.game
keeping.show_problem()
if mode == "Practice" and game == "whot":
    practice_view()  # the store drawn in the fragment
elif mode == "Review" and file is None:
    review_view()
    keeping.keep_in_browser(go_on)
elif mode == "Progress" and file is None:
    keeping.summary_view(game, go_on, take_next)
    keeping.keep_in_browser(go_on)
else:
    lessons_view()  # the store drawn in the fragment
