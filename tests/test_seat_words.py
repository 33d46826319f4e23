"""A seat has one name in everything a learner reads: "Seat 1", as the tables, the narration and
the seat builders (`Levels.seat_name`, `narrate.seat_name`) call it, at the start of a sentence
and in the middle of one ("What is Seat 1's count?", "passes the pick on to Seat 1"), never
"seat 1" beside a "Seat 1" on the table. Learn's lessons, their notes under other rules, the
practice questions with their buttons, first-try feedback and hints, and the AI players'
reasons are read here in full."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import load_script

from whot_core import Rules, new_game
from whot_core.learn import page as learn
from whot_core.whot.players import HeuristicPlayer, SearchPlayer
from whot_core.whot.teach import practice
from whot_core.whot.teach.lessons import LESSONS

#: "seat 1" written lower case (a word, not a field such as `next_seat 1` or `.seat 1`).
_LOWER = re.compile(r"(?<![\w.])seat \d")


def lower_case_seats(text: str) -> list[str]:
    return _LOWER.findall(text)


def assert_seats_named(texts: list[tuple[str, str]]) -> None:
    bad = [(where, text) for where, text in texts if lower_case_seats(text)]
    assert not bad, "\n".join(f"{where}: {text}" for where, text in bad[:10])


def test_the_check_finds_a_lower_case_seat() -> None:
    assert lower_case_seats("What is seat 0's count?") == ["seat 0"]
    assert lower_case_seats("so seat 1 and seat 2 each miss a turn") == ["seat 1", "seat 2"]
    assert lower_case_seats("What is Seat 0's count? Each seat holds 5.") == []


def test_every_lesson_stage_names_its_seats_as_the_table_does() -> None:
    """Every stage's words, task, buttons, answer and explanation (the lesson golden file's
    collector, so the two read the same text)."""
    maker = load_script(
        Path(__file__).resolve().parent / "golden" / "lessons" / "make_lesson_questions.py"
    )
    texts = []
    for game, lessons in maker.lesson_facts().items():
        for lesson in lessons:
            for n, stage in enumerate(lesson["stages"]):
                where = f"{game} {lesson['id']} stage {n}"
                said = [stage["text"], stage["task"], stage["answer"], stage["explanation"]]
                texts += [(where, text) for text in [*said, *stage["choices"]]]
    assert_seats_named(texts)


@pytest.mark.parametrize("preset", Rules.presets())
def test_a_stage_under_other_rules_names_its_seats_as_the_table_does(preset: str) -> None:
    """The note on why a stage keeps its own rules ("comes after Seat 0 plays circle 1: then
    Seat 0 plays under its own rules, Seat 1 under them"; "but there Seat 0 also draws two")."""
    rules = Rules.preset(preset)
    texts = [
        (f"{lesson.id} stage {n}", stage.pose(rules).why)
        for lesson in LESSONS
        for n, stage in enumerate(lesson.stages)
    ]
    assert any("Seat " in why for _, why in texts)  # the notes do name seats
    assert_seats_named(texts)


@pytest.mark.parametrize("preset", Rules.presets())
def test_every_practice_question_names_its_seats_as_the_table_does(preset: str) -> None:
    """Task, buttons (as Learn labels them), the explanation of a right and a wrong answer, and
    Learn's feedback on the wrong one (its headline and, at a second try, its hint)."""
    rules, texts = Rules.preset(preset), []
    for kind in practice.KINDS:
        for seed in range(3):
            try:
                question = practice.generate(rules, kind, seed)
            except ValueError:
                continue
            where = f"{kind}, seed {seed}"
            wrong = next(c for c in question.choices if c != question.answer)
            shown = learn.feedback(question, wrong, wrong_before=1)  # as Learn shows it
            texts += [(where, learn.choice_label(question, c)) for c in question.choices]
            texts += [
                (where, question.prompt),
                (where, question.check(question.answer).explanation),
                (where, shown.headline),
                (where, shown.explanation),
                (where, shown.hint),
            ]
    assert any("Seat " in text for _, text in texts)
    assert_seats_named(texts)


@pytest.mark.parametrize("preset", Rules.presets())
def test_every_ai_reason_names_its_seats_as_the_table_does(preset: str) -> None:
    """The heuristic's reasons over three seeded games at three and four players, and the
    search's over one, as Watch's "Why:" line shows them."""
    rules, texts = Rules.preset(preset), []
    for seed, players, player in ((1, 3, HeuristicPlayer()), (2, 4, HeuristicPlayer()),
                                  (3, 4, HeuristicPlayer()),
                                  (4, 3, SearchPlayer(simulations=30, seed=4))):  # fmt: skip
        state = new_game(rules, players=min(players, rules.max_players), seed=seed)
        while not state.is_over and len(state.moves) < 120:
            decision = player.choose(state.view(state.current_player))
            texts.append((f"seed {seed}, move {len(state.moves)}", decision.reason))
            state = state.apply(decision.move)
    assert_seats_named(texts)
