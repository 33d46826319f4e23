"""Feedback that teaches (whot_core.learn.teaching, through `page.feedback`): over generated
questions of every kind, and every Whist lesson's question, each wrong answer is judged part by
part: every wrong part is named, only what the learner said is called right or wrong, the first
try never gives the answer away, and the hint after a second wrong try says only true things."""

from __future__ import annotations

import re

import pytest
from practice_checks import wrong_responses

from whot_core import Rules
from whot_core.learn import page as learn
from whot_core.learn import teaching
from whot_core.whist.teach import lessons as whist_lessons
from whot_core.whot.teach.practice import KINDS, generate

PRESETS = ("nigerian", "british", "naija_tournament")


def questions(kind: str):
    for name in PRESETS:
        for seed in range(6):
            yield generate(Rules.preset(name), kind, seed)


def whist_questions():
    for lesson in whist_lessons.LESSONS:
        for stage in lesson.stages:
            yield stage.question


def named(text: str, cards, words: str) -> set:
    """The cards that `text` says `words` of ("star 5 may not be played")."""
    return {card for card in cards if re.search(rf"(^|[ .]){re.escape(str(card))}{words}", text)}


def check_cards(question, response) -> None:
    said = teaching._cards(question, response)
    answer = set(question.answer)
    judged = teaching.judge(question, response)
    assert set(judged.right) == said & answer
    assert set(judged.extra) == said - answer and set(judged.missing) == answer - said
    said_back = learn.feedback(question, response)
    first, clue = said_back.headline, learn.feedback(question, response, wrong_before=1).hint
    hand = set(question.choices)
    # every wrong part named, nothing else called wrong; what is right only if it was said
    assert named(first, hand, " may not be played") == said - answer, first
    yes = re.match(r"Not quite\. (.*?), yes\.", first)
    assert set(yes.group(1).split(", ") if yes else ()) == {str(c) for c in said & answer}
    # the first try gives away no card that was not said, only how many are missing
    assert named(first, hand, " may be played too") == set()
    missing = len(answer - said)
    assert (f"{missing} more card" in first) == bool(missing), first
    assert said_back.hint == ""
    # the hint names each missing card, with the engine's reason, and no other
    assert named(clue, hand, " may be played too") == answer - said, clue
    assert clue.startswith("Hint: ")


def check_one(question, response) -> None:
    say = learn.choice_label(question, response)
    first = learn.feedback(question, response).headline
    assert first == f"Not quite: {say} is not the answer. Try again."
    clue = learn.feedback(question, response, wrong_before=1).hint
    right = learn.choice_label(question, question.answer)
    if len(question.choices) == 2:
        assert clue == f"Hint: {say} is not the answer: try the other choice."
    else:
        offered = re.fullmatch(r"Hint: the answer is (.*) or (.*)\.", clue).groups()
        assert right in offered and say not in offered, clue


def check_seats(question, response) -> None:
    first = learn.feedback(question, response).headline
    clue = learn.feedback(question, response, wrong_before=1).hint
    whist = question.kind == "score"
    before = question.state.scores if whist else question.state.hand_sizes
    for seat, (n, right) in enumerate(zip(response, question.answer, strict=True)):
        name = teaching._seat(question, seat)
        assert (f"{name}: {n}, yes" in first) == (n == right), first
        assert (f"{name}: not {n}" in first) == (n != right), first
        assert (f"{name} had {before[seat]}" in clue) == (n != right), clue
    assert str(question.answer) not in first


def check(question, response) -> None:
    if question.kind == "playable":
        check_cards(question, response)
    elif question.kind in ("hand_sizes", "score"):
        check_seats(question, response)
    else:
        check_one(question, response)


@pytest.mark.parametrize("kind", KINDS)
def test_every_wrong_answer_is_judged_part_by_part(kind):
    checked = 0
    for question in questions(kind):
        for response in wrong_responses(question):
            check(question, response)
            checked += 1
    assert checked >= 18


def test_every_wrong_answer_to_a_whist_lesson_is_judged_part_by_part():
    kinds = set()
    for question in whist_questions():
        if question.kind == "playable":
            answer = question.answer
            responses = [answer - {c} for c in answer]
            responses += [answer | {c} for c in question.choices if c not in answer]
        else:
            responses = [c for c in question.choices if c != question.answer]
        for response in responses:
            check(question, response)
            kinds.add(question.kind)
    assert {"playable", "legal", "winner"} <= kinds


def test_a_partly_right_answer_says_what_was_right_and_how_many_are_missing():
    question = next(q for q in questions("playable") if len(q.answer) >= 2)
    one = sorted(question.answer)[0]
    said = learn.feedback(question, [one])
    assert said.headline.startswith(f"Not quite. {one}, yes. {len(question.answer) - 1} more card")
    assert "you said" not in said.headline


def test_a_right_answer_has_no_hint_and_says_right():
    question = next(questions("next_player"))
    said = learn.feedback(question, question.answer, wrong_before=3)
    assert said.correct and said.headline == "Right!" and said.hint == ""


def test_an_unreadable_answer_is_wrong_and_named_not_crashed_on():
    question = next(questions("playable"))
    said = learn.feedback(question, "no such card", wrong_before=1)
    assert not said.correct and "is not the answer" in said.headline and said.hint
