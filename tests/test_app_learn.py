"""The Learn page through Streamlit's AppTest (no browser): every lesson's first stage renders
with its prompt; answers right and wrong are judged, explained and starred; a stage's link opens
it; the preset is offered where a lesson's rule is idle; practice replays a linked question and
moves on; the classroom quiz hides the answer until Reveal (app_pages/shared/learn.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

st = pytest.importorskip("streamlit")
from helpers import markup, send_table_event, table_component  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402
from test_app import open_app  # noqa: E402

from whot_core import Rules  # noqa: E402
from whot_core.learn import boards  # noqa: E402
from whot_core.learn import page as learn  # noqa: E402
from whot_core.whist.teach import lessons as whist_lessons  # noqa: E402
from whot_core.whot.teach.lessons import LESSONS  # noqa: E402
from whot_core.whot.teach.practice import generate  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "app.py"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
TIMEOUT = 90

pytestmark = pytest.mark.usefixtures("fresh_streamlit_caches")


def open_learn(**params: str) -> AppTest:
    """The app opened on a Learn link (Learn is the first page: no switch needed)."""
    return open_app(None, **params)


def words(at: AppTest) -> str:
    """The page's words and pictures (their alt text): markdown, `st.html` and captions."""
    return "\n".join([*markup(at), *(c.value for c in at.caption)])


def board(at: AppTest) -> tuple[object, dict]:
    return table_component(at)


def send(at: AppTest, event: str, value: object) -> AppTest:
    return send_table_event(at, event, value)


def key_of(ref: learn.StageRef, preset: str = "nigerian") -> str:
    """The key of an answer to a stage opened under a preset in the sidebar."""
    return learn.answer_key(ref, ref.pose(Rules.preset(preset)).question)


def choice_button(at: AppTest, ref: learn.StageRef, choice: object):
    question = ref.question
    index = question.choices.index(choice)
    return at.button(key=f"learn.choice.{key_of(ref)}.{index}")


@pytest.mark.parametrize("number", range(len(LESSONS)), ids=[each.id for each in LESSONS])
def test_every_lessons_first_stage_renders_with_its_prompt(number):
    ref = learn.StageRef(number, 0)
    at = open_learn(lesson=ref.of.id)
    text = words(at)
    asked, where = learn.task(ref.question)
    assert asked in text and where in text
    assert ref.text in text
    assert at.query_params["lesson"] == ref.of.id and at.query_params["stage"] == "1"
    _, data = board(at)
    assert data["svg"].startswith("<svg")
    if ref.question.kind == "playable":
        assert data["select"]["button"] == "Check my answer"
    else:
        labels = {b.label for b in at.button}
        assert {learn.choice_label(ref.question, c) for c in ref.question.choices} <= labels


@pytest.mark.parametrize(
    "link, ref, why, label",
    [  # hold on: who plays after circle 1? Seat 0 again. Spades trumps: East's 2♠ ruffs the A♦
        ({}, learn.StageRef(3, 0), "Hold on: Seat 0 plays again", "4. Hold on · 2/15 ★"),
        (
            {"game": "whist"},
            learn.StageRef(1, 0, "whist"),
            "East wins trick 12 with the 2♠",
            "2. Trumps and their rotation · 2/12 ★",
        ),
    ],
    ids=["whot", "whist"],
)
def test_a_wrong_answer_then_the_right_one_gives_two_stars(link, ref, why, label):
    question = ref.question
    at = open_learn(**link, lesson=ref.of.id, stage="1")
    wrong = next(c for c in question.choices if c != question.answer)
    said = learn.choice_label(question, wrong)
    next(b for b in at.button if b.label == said).click().run()
    assert [e.value for e in at.warning] == [f"Not quite: {said} is not the answer. Try again."]
    assert not at.success
    assert at.session_state["learn.progress"].stages[ref.key] == learn.Tries(1, False)
    right_label = learn.choice_label(question, question.answer)
    next(b for b in at.button if b.label == right_label).click().run()
    [right] = at.success
    assert right.value.startswith("**Right!** ") and why in right.value
    assert at.session_state["learn.progress"].stages[ref.key] == learn.Tries(1, True)
    assert "Stage done: **★★☆**" in words(at)
    assert label in at.selectbox(key="learn.lesson").options


def test_an_answer_does_not_draw_the_questions_table_again(monkeypatch):
    """An answer reruns the question with the same table: its drawing (two fifths of an
    answer's server time, docs/performance.md) is kept from the run before, for every
    session; a new stage's table is drawn."""
    ref = learn.StageRef(3, 0)  # hold on: three seats, every hand face up
    at = open_learn(lesson="hold-on", stage="1")
    _, before = board(at)
    drawn = []
    draw = boards.table_svg
    monkeypatch.setattr(boards, "table_svg", lambda *a, **k: drawn.append(1) or draw(*a, **k))
    wrong = next(c for c in ref.question.choices if c != ref.question.answer)
    choice_button(at, ref, wrong).click().run()
    choice_button(at, ref, ref.question.answer).click().run()
    assert at.success and drawn == []
    assert board(at)[1] == before
    at.button(key="learn.next").click().run()
    assert drawn and board(at)[1]["svg"] != before["svg"]


def test_next_goes_to_the_next_stage_and_its_link():
    at = open_learn(lesson="hold-on", stage="5")
    at.button(key="learn.next").click().run()
    assert (at.query_params["lesson"], at.query_params["stage"]) == ("pick-two-and-three", "1")
    at.button(key="learn.previous").click().run()
    assert (at.query_params["lesson"], at.query_params["stage"]) == ("hold-on", "5")


def test_the_cards_marked_on_the_table_are_checked():
    ref = learn.StageRef(1, 0)  # matching: triangle 3, circle 11 and a Whot on triangle 11
    at = open_learn(lesson="matching", stage="1")
    send(at, "answer", {"cards": ["circle 11"], "token": key_of(ref)})
    assert [e.value for e in at.warning] == [
        "Not quite. circle 11, yes. 2 more cards may be played: find them."
    ]
    _, data = board(at)
    assert data["select"]["chosen"] == ["1"]  # the marks stay for the retry
    right = ["triangle 3", "circle 11", "whot"]
    send(at, "answer", {"cards": right, "token": "another/1"})
    assert at.session_state["learn.progress"].stages[ref.key] == learn.Tries(
        1, False
    )  # stale: dropped
    send(at, "answer", {"cards": right, "token": key_of(ref)})
    [right] = at.success
    why = "- Triangle 3: Legal. Matching: triangle 3 has the same shape as triangle 11."
    assert why in right.value
    assert at.session_state["learn.progress"].stages[ref.key] == learn.Tries(1, True)


def test_a_bad_stage_link_is_named_and_the_lesson_opens():
    at = open_learn(lesson="hold-on", stage="12")
    assert any("stage: must be from 1 to 5" in w.value for w in at.warning)
    assert at.query_params["stage"] == "1"


def test_an_idle_lesson_says_so_and_offers_its_preset():
    at = open_learn(preset="british", lesson="hold-on")
    [note] = [i.value for i in at.info if "cannot happen" in i.value]
    assert LESSONS[3].why_idle(Rules.preset("british")) in note
    at.button(key="learn.preset").click().run()
    assert at.selectbox(key="rule.preset").value == "nigerian"
    assert at.query_params["preset"] == "nigerian"
    assert not [i for i in at.info if "cannot happen" in i.value]


def test_a_practice_link_replays_its_question_and_new_question_moves_on():
    at = open_learn(practice="next_player", seed="5", focus="hold_on")
    assert at.segmented_control(key="learn.mode").value == "Practice"
    question = generate(Rules.preset("nigerian"), "next_player", 5, focus="hold_on")
    assert learn.task(question)[0] in words(at)
    answer = next(b for b in at.button if b.label == f"Seat {question.answer}")
    answer.click().run()
    assert at.success and "Practice so far: 1 right of 1" in words(at)
    at.button(key="learn.new").click().run()
    assert at.query_params["seed"] == "6" and at.query_params["focus"] == "hold_on"


def test_practice_follows_the_sidebar_rules_and_kind():
    at = open_learn(preset="british", practice="count", seed="2")
    question = generate(Rules.preset("british"), "count", 2)
    assert learn.task(question)[0] in words(at)
    assert "hold_on" not in at.selectbox(key="learn.focus").options


def test_the_quiz_hides_the_answer_until_reveal_then_shows_what_happens():
    ref = learn.StageRef(4, 0)  # pick two: the sizes after triangle 2
    at = open_learn(lesson=ref.of.id, quiz="on")
    question = ref.question
    right = learn.choice_label(question, question.answer)
    assert right in words(at)  # among the choices, lettered
    assert not at.success and "The answer" not in words(at)
    assert not [b for b in at.button if b.key and b.key.startswith("learn.choice.")]
    at.button(key=f"learn.reveal.{key_of(ref)}").click().run()
    assert [s.value for s in at.success] == [f"**The answer: {right}.**"]
    assert "The table after Seat 0 plays triangle 2." in words(at)
    assert 'alt="The table after Seat 0 plays triangle 2."' in words(at)
    assert at.query_params["quiz"] == "on"


def test_the_quiz_table_has_no_cards_to_mark():
    at = open_learn(lesson="matching", quiz="on")
    _, data = board(at)
    assert "select" not in data and 'role="button"' not in data["svg"]


def test_a_stage_plays_under_the_sidebars_rules_where_it_plays_the_same():
    ref = learn.StageRef(1, 0)  # matching: the same under every preset
    at = open_learn(preset="british", lesson="matching", stage="1")
    assert "Under the sidebar's rules: British (Waddingtons rulebook)." in words(at)
    cards = ["triangle 3", "circle 11", "whot"]
    send(at, "answer", {"cards": cards, "token": key_of(ref, "british")})
    assert at.success and not at.info
    assert at.session_state["learn.progress"].stages[ref.key] == learn.Tries(0, True)


def test_a_stage_that_plays_differently_keeps_its_rules_and_shows_the_difference_after():
    ref = learn.StageRef(3, 2)  # hold_on = skip_next; the sidebar's Nigerian rules play again
    at = open_learn(preset="nigerian", lesson="hold-on", stage="3")
    text = words(at)
    assert (
        "Stage 3 of 5. Under its own rules, Nigerian (web rules), with hold on making the next "
        "player miss a turn. "
        "This position plays differently under the sidebar's rules, shown after your answer."
    ) in text
    assert not [i for i in at.info if "the answer would be" in i.value]  # not before the answer
    there, question = ref.pose(Rules.preset("nigerian")).there, ref.question
    index = question.choices.index(question.answer)
    at.button(key=f"learn.choice.{key_of(ref)}.{index}").click().run()
    assert at.success
    [after] = [i.value for i in at.info if "the answer would be" in i.value]
    assert after.startswith(
        f"**Under the sidebar's rules, Nigerian (web rules), the answer would be: "
        f"Seat {there.answer}.**"
    )
    assert "Hold on: Seat 0 plays again" in after  # the engine's words on the same position


def test_under_an_idle_lesson_the_stage_names_its_rules_once():
    at = open_learn(preset="british", lesson="hold-on", stage="1")
    text = words(at)
    assert "Stage 1 of 5. Under its own rules, Nigerian (web rules)." in text
    assert "plays differently" not in text  # the note above the stage has said why


def test_a_lessons_sources_name_the_rule_books_section_for_a_rule_no_seed_has():
    at = open_learn(lesson="rules-from-programs")
    [sources] = [e for e in at.expander if e.label == "Sources of this lesson"]
    text = "\n".join(m.value for m in sources.markdown)
    assert "- This project's rule book, section \u201cThe start\u201d; the Rules page says:" in text
    assert "#" not in text and "docs/" not in text  # no file a web reader cannot open


def test_a_stage_with_the_same_answer_for_another_reason_says_so_after_the_answer():
    ref = learn.StageRef(12, 1)  # must_play: with nothing that fits, draw (British: you may)
    assert ref.of.id == "house-rules"
    at = open_learn(preset="british", lesson="house-rules", stage="2")
    assert "has the same answer under the sidebar's rules, for another reason" in words(at)
    question = ref.question
    at.button(key=f"learn.choice.{key_of(ref, 'british')}.{question.choices.index(True)}").click()
    at.run()
    [after] = [i.value for i in at.info if "the answer is the same" in i.value]
    assert after.startswith(
        "**Under the sidebar's rules, British (Waddingtons rulebook), the answer is the same, "
        "for another reason.**"
    )


# ---------------------------------------------------------------------------------- Whist


def test_choosing_whist_opens_its_first_lesson_on_the_whist_table():
    at = open_learn()
    at.segmented_control(key="learn.game").set_value("whist").run()
    assert not at.exception
    params = {k: at.query_params[k] for k in ("game", "lesson", "stage")}
    assert params == {"game": "whist", "lesson": "following-suit", "stage": "1"}
    first = whist_lessons.LESSONS[0]
    assert at.selectbox(key="learn.lesson").options[0] == f"1. {first.title} · 0/12 ★"
    _, data = table_component(at, key="learn.board.whist:following-suit/1|whist")
    assert data["svg"].startswith("<svg") and "Whist table: Hand 1" in data["svg"]
    text = words(at)
    assert first.stages[0].text in text and first.stages[0].quote in text
    assert "— Whist as one online game plays it" in text and "seeds/" not in text
    [modes] = [c for c in at.segmented_control if c.key == "learn.mode"]
    assert "Practice" not in modes.options  # no Whist practice


def test_the_cards_chosen_for_a_whist_stage_are_checked_as_a_set():
    ref = learn.StageRef(0, 1, "whist")  # no diamonds: all three cards may be played
    at = open_learn(game="whist", lesson="following-suit", stage="2")
    key = learn.answer_key(ref, ref.question)
    hand = ref.question.choices
    at.button_group(key=f"learn.pick.{key}").set_value(list(hand[:1])).run()
    at.button(key=f"learn.check.{key}").click().run()
    assert (
        at.warning[0].value == f"Not quite. {hand[0]}, yes. 2 more cards may be played: find them."
    )
    at.button_group(key=f"learn.pick.{key}").set_value(list(hand)).run()
    at.button(key=f"learn.check.{key}").click().run()
    [right] = at.success
    assert "No diamonds left, so West may play anything" in right.value
    assert at.session_state["learn.progress"].stages[ref.key] == learn.Tries(1, True)


def test_a_whist_link_opens_its_stage_and_next_keeps_the_game():
    ref = learn.StageRef(2, 1, "whist")
    at = open_learn(game="whist", lesson="no-trump", stage="2")
    assert ref.question.task in words(at) and ref.text in words(at)
    at.button(key="learn.next").click().run()
    assert (at.query_params["game"], at.query_params["lesson"]) == ("whist", "the-book")
    assert at.query_params["stage"] == "1"
    at = open_learn(game="whist", lesson="hold-on")  # a Whot lesson is not a Whist one
    assert any("lesson" in w.value and "following-suit" in w.value for w in at.warning)


def test_the_whist_quiz_reveals_the_table_after_the_card():
    ref = learn.StageRef(3, 0, "whist")  # the score after the hand
    at = open_learn(game="whist", lesson="the-book", quiz="on")
    right = ref.question.say(ref.question.answer)
    assert right in words(at) and not at.success
    at.button(key=f"learn.reveal.{learn.answer_key(ref, ref.question)}").click().run()
    assert [s.value for s in at.success] == [f"**The answer: {right}.**"]
    assert "The table after the 4♠." in words(at)


def test_a_match_stage_asks_who_and_takes_a_seat_for_an_answer():
    """The matches lesson's rubber: who pays a counter into the kitty? (Seat 1, 56 points.)"""
    ref = learn.StageRef(11, 1)
    at = open_learn(preset="british", lesson="matches", stage="2")
    text = words(at)
    assert "Who pays a counter into the kitty?" in text and ref.text in text
    assert {"Seat 0", "Seat 1", "Seat 2", "Nobody"} <= {b.label for b in at.button}
    next(b for b in at.button if b.label == "Seat 1").click().run()
    [right] = at.success
    assert "Seat 1 pays a counter into the kitty" in right.value
    assert at.session_state["learn.progress"].stages[ref.key] == learn.Tries(0, True)


@pytest.mark.parametrize("classroom", ["off", "on"])
def test_a_match_question_shows_the_totals_the_table_cannot(classroom):
    # The table draws the hands, not the match's totals before this game, which the answer
    # needs: on a projector too, where other situations are left to the table.
    at = open_learn(lesson="matches", stage="3", classroom=classroom)
    totals = "Seat 0 has 58 points, Seat 1 has 40 points, Seat 2 has 85 points"
    assert f"Totals before it: {totals}." in words(at)
