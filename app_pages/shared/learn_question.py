"""One question on the Learn page, wherever it is asked (a lesson's stage, a practice question,
a rule in Review): the prompt, the table, the answer controls beside it, and the engine's
verdict; in the classroom quiz, the choices to call out and a Reveal. An answer is judged here
and kept in the learner's progress (`learn_progress`).

Apart from the page's script because Streamlit compiles a page's script again whenever its
last session has left (its script cache is cleared), and a module is compiled once a process;
the page reads the better for it too."""

import streamlit as st

from app_pages.shared import layout, session
from app_pages.shared import learn_progress as keeping
from app_pages.whist.table_component import whist_table
from app_pages.whot.table_component import clicked, interactive_table
from whot_core.learn import page as learn
from whot_core.learn import progress as kept
from whot_core.whist.teach.questions import WhistQuestion
from whot_core.whot.engine.cards import in_shape_names
from whot_core.whot.teach.lessons import MatchQuestion, same_answer
from whot_core.whot.teach.practice import Question

#: A question's table on a projector: the window less the title and the lesson's row above it,
#: so its words are drawn 14 px high or more (docs/screens.md); the lesson's row shows no labels.
PROJECTOR_TABLE = "calc(100vh - 215px)"


def answers() -> dict[str, learn.Feedback]:
    """This session's feedback on each question answered, by the question's key."""
    return st.session_state.setdefault("learn.answers", {})


def revealed() -> set[str]:
    """The quiz's questions revealed in this session, by key."""
    return st.session_state.setdefault("learn.revealed", set())


def _quiz() -> bool:
    """Whether the classroom quiz is on (the page's switch, drawn above every question)."""
    return bool(st.session_state.get("learn.quiz"))


def _nigerian() -> bool:
    """Whether the sidebar asks for the Nigerian shape names."""
    return session.context().nigerian


def answer(key: str, question: Question, response) -> None:
    """Judge one answer and keep its feedback (a hint from the second wrong try on), and the
    progress: a lesson stage's stars (its key is the stage's, then the rules it plays under),
    a practice question's first answer, a reviewed rule's first answer (`review:<item>|...`)."""
    wrong = st.session_state.setdefault("learn.wrong", {})
    nigerian = _nigerian()
    said = learn.feedback(question, response, nigerian, wrong_before=wrong.get(key, 0))
    given = answers()
    first = key not in given
    given[key] = said
    wrong[key] = wrong.get(key, 0) + (not said.correct)
    stage, _, _ = key.partition("|")
    now, correct = keeping.today(), said.correct
    value = keeping.current()
    if stage.startswith("review:"):
        if first:
            item = stage.removeprefix("review:")
            value = kept.with_review(value, item, correct=correct, today=now)
            st.session_state.setdefault("learn.reviewed", []).append(item)
    elif "/" in stage:
        value = kept.with_stage(value, stage, correct=correct, today=now)
    elif stage.startswith("practice:") and first:
        _, kind, focus, *_ = stage.split(":")
        value = kept.with_practice(value, kind, focus, correct=correct, today=now)
    st.session_state[keeping.PROGRESS] = value


def on_cards(key: str, board: str, question: Question) -> None:
    """The table's check button: the marked cards (a stale answer, for another question, is
    dropped: its token is another question's key)."""
    value = clicked(board, "answer")
    if isinstance(value, dict) and value.get("token") == key:
        answer(key, question, value.get("cards", []))


def show_question(
    key: str,
    question: Question,
    intro: str = "",
    there: Question | None = None,
    intro_note: str = "",
):
    """The prompt, the table, and the answer controls beside it (under it on a phone), then
    the engine's verdict; in the classroom quiz, the choices to call out and a Reveal.
    Returns where the stage's Previous and Next go: under the answers, or in the quiz above
    them, where Reveal's answer cannot push them down. A stage's teaching, `intro`, comes
    first; with large print (a projector) it goes beside the table after the answers and
    Previous and Next, so that the question, the table and every answer are on the projector's
    first screen (docs/screens.md), and the verdict too: there its short line ("Right!", or
    what to try again) stands under the answers, the engine's explanation after Previous and
    Next (a match's long explanation pushed the verdict past the screen). `intro_note` (the
    stage's place and rules) goes under the teaching in small print, on a projector under the
    table; `there` is the same position under the sidebar's rules, shown once the answer is
    known."""
    ctx, quiz = session.context(), _quiz()
    beside = ctx.large
    if intro and not beside:
        st.markdown(intro)
        st.caption(intro_note)
    asked, where = (shape_names(words, question) for words in learn.task(question))
    board_key = f"learn.board.{key}"
    said = answers().get(key)
    prompt = f"#### {asked}" if quiz else f"**{asked}**"
    if not beside:
        st.markdown(prompt)  # above the table, on a phone too
    picture, words = st.columns([2, 1])
    if beside:  # on a projector beside the table, which takes the window's height
        words.markdown(prompt)
    with picture:
        chosen = said.response if question.kind == "playable" and said is not None else ()
        # at least 400 px: a phone's 44vh drew the table's words 10.7 px (docs/screens.md)
        high = PROJECTOR_TABLE if ctx.large else ("50vh" if quiz else "max(44vh, 400px)")
        if isinstance(question, WhistQuestion):  # each hand a suit a line round the trick
            whist_table(
                layout.shared_drawing(learn.whist_board, question),
                key=board_key,
                on_card=lambda: None,
                max_height=high,
                large=ctx.large,
                narrow_max_height="none",  # a phone's drawing, as tall as its width draws it
            )
        else:
            interactive_table(
                question_table(question, key, chosen, select=not quiz),
                key=board_key,
                on_move=lambda: None,
                max_height=high,
                large=ctx.large,
                on_answer=None if quiz else (lambda: on_cards(key, board_key, question)),
                narrow_max_height="none",  # one seat a row: as tall as a phone's width draws it
            )
        if intro and beside:  # under the table, where a projector's screen has room
            st.caption(intro_note)
    with words:
        nav = st.container() if quiz else words
        # On a projector the table says it, but not a match's totals before the game.
        if isinstance(question, MatchQuestion):
            st.caption(question.so_far if beside else where)
        elif where and not (quiz or beside):
            st.caption(where)
        if quiz:
            show_quiz(key, question)
            if key in revealed():  # beside the table, where the class is looking
                show_answer(question)
        else:
            show_choices(key, question)
            show_verdict(key, question, apart=beside)
        if beside and not quiz:  # a projector: the answers, the verdict, the stage's moves,
            nav = st.container()
            show_explanation(key, question)  # then why
        if not quiz and there is not None and said is not None and said.correct:
            show_there(question, there)
        if intro and beside:  # the teaching after them: above, it pushed them off the screen
            st.markdown(intro)
    if quiz and key in revealed():
        show_outcome(question)
        if there is not None:
            show_there(question, there)
    return nav


def question_table(question: Question, key: str, chosen, *, select: bool) -> dict:
    """The question's table data (`question_board`), drawn once a process: an answer reruns
    the question with the same table, and its drawing was two fifths of the answer's CPU
    (py-spy). A question is shared and never changed (a lesson's stage as posed under a set
    of rules, a practice question from the cache), so it is compared by identity."""
    return layout.shared_drawing(
        learn.question_board,
        question,
        nigerian=_nigerian(),
        token=key,
        chosen=tuple(chosen),
        select=select,
    )


def shape_names(text: str, question: Question | WhistQuestion) -> str:
    """Whot's shape names as the sidebar chooses them (Whist has none)."""
    return text if isinstance(question, WhistQuestion) else in_shape_names(text, _nigerian())


def show_there(question: Question, there: Question) -> None:
    """The same position under the sidebar's rules, after the answer: the difference taught."""
    why = explained(there, learn.feedback(there, there.answer, _nigerian()).explanation)
    rules = learn.rules_words(there.state.rules)
    if there.answer == question.answer:
        differs = same_answer(question, there).replace(", but there ", ", but ", 1)
        lead = f"**Under the sidebar's rules, {rules}, the answer is the same{differs}.**"
    else:
        right = learn.choice_label(there, there.answer, _nigerian())
        lead = f"**Under the sidebar's rules, {rules}, the answer would be: {right}.**"
    st.info(f"{lead} {why}", icon=":material/compare_arrows:")


def show_choices(key: str, question: Question | WhistQuestion) -> None:
    if isinstance(question, WhistQuestion) and question.kind == "playable":
        st.pills(
            "Mark every card that may be played now",
            question.choices,
            selection_mode="multi",
            format_func=str,
            key=f"learn.pick.{key}",
        )
        st.button(
            "Check my answer",
            key=f"learn.check.{key}",
            on_click=lambda: answer(key, question, st.session_state[f"learn.pick.{key}"]),
            type="primary",
            width="stretch",
        )
        return
    if question.kind == "playable":
        st.caption("Answer on the table: mark the cards, then press Check my answer.")
        return
    for n, choice in enumerate(question.choices):
        st.button(
            learn.choice_label(question, choice, _nigerian()),
            key=f"learn.choice.{key}.{n}",
            on_click=answer,
            args=(key, question, choice),
            width="stretch",
        )


def explained(question: Question, text: str, lead: str = "") -> str:
    """The engine's explanation as markdown: one line, or a list (a card group a line)."""
    return learn.explanation_markdown(question, text, _nigerian(), lead)


def show_verdict(key: str, question: Question, *, apart: bool = False) -> None:
    """The verdict on the last answer, under the answers: right, with the engine's explanation,
    or what to try again, from the second wrong try with a hint, the answer folded away.
    `apart` (a projector): the verdict alone, "Right!" or what to try again (and the hint);
    `show_explanation` draws the rest after the stage's moves."""
    said = answers().get(key)
    if said is None:
        return
    if said.correct:
        lead = f"**{said.headline}**"
        text = lead if apart else explained(question, said.explanation, lead)
        st.success(text, icon=":material/check_circle:")
        return
    st.warning(said.headline, icon=":material/refresh:")
    if said.hint:
        st.info(said.hint, icon=":material/lightbulb:")
    if not apart:
        why_folded(question, said)


def show_explanation(key: str, question: Question) -> None:
    """What a verdict drawn `apart` left out: the engine's explanation of a right answer, or
    after a wrong one the answer folded away."""
    said = answers().get(key)
    if said is None:
        return
    if said.correct:
        st.markdown(explained(question, said.explanation))
    else:
        why_folded(question, said)


def why_folded(question: Question, said: learn.Feedback) -> None:
    """The engine's explanation of a wrong answer, folded: it gives the answer away."""
    with st.expander("Why (this gives the answer away)"):
        st.markdown(explained(question, said.explanation))


def show_quiz(key: str, question: Question) -> None:
    letters = "ABCDEFGH"
    choices = question.choices
    if question.kind == "playable":
        st.markdown("Call out every card that may be played.")
    else:
        st.markdown(
            "\n".join(
                f"- **{letters[n]}.** {learn.choice_label(question, c, _nigerian())}"
                for n, c in enumerate(choices)
            )
        )
    st.button(
        "Reveal",
        key=f"learn.reveal.{key}",
        type="primary",
        icon=":material/visibility:",
        on_click=revealed().add,
        args=(key,),
        disabled=key in revealed(),
    )


def show_answer(question: Question) -> None:
    """The answer revealed, under the Reveal button: the answer and the engine's explanation."""
    right = learn.choice_label(question, question.answer, _nigerian())
    why = learn.feedback(question, question.answer, _nigerian()).explanation
    st.success(f"**The answer: {right}.**")
    st.markdown(explained(question, why))


def show_outcome(question: Question) -> None:
    """Under the question, once revealed: what happens, as a picture."""
    svg, caption = learn.outcome_svg(question, nigerian=_nigerian())
    narrow = None
    if learn.needs_narrow(question):
        narrow, _ = learn.outcome_svg(question, nigerian=_nigerian(), narrow=True)
    layout.picture(svg, caption, width=session.context().table_px, narrow=narrow)
    st.caption(caption)
