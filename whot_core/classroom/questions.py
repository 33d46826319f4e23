"""The questions a room asks, as small JSON specs the store keeps, and the engine's questions
they stand for: a stage of a lesson (Whot's, under the teacher's rules where it plays the same;
Whist's), a practice question of a kind and focus under the teacher's rules, or a stage of a
teacher's own lesson file. Every answer is judged by the question (the Learn page's verdict).

A phone answers by choice numbers: one for most questions, several for "which cards may be
played?" (the cards of the hand that the student taps).

    >>> quiz = quiz_question(stage_spec("whot", "hold-on", 0))
    >>> quiz.rule, quiz.lesson_id, quiz.many
    ('Hold on', 'hold-on', False)
    >>> judge(quiz, [quiz.right[0]]).correct
    True
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..learn.boards import needs_narrow, outcome_svg, question_board, whist_board
from ..learn.page import (
    KIND_TITLES,
    MIXED,
    Feedback,
    choice_label,
    feedback,
    focus_label,
    practice_question,
    task,
)
from ..learn.path import lessons_of
from ..learn.upload import read_lesson_text
from ..whot.engine.cards import in_nigerian_names
from ..whot.engine.rules import Rules
from .store import Refused

__all__ = ["LETTERS", "QuizQuestion", "board_svgs", "choice_button", "file_specs",
           "in_names", "judge", "outcome", "outcome_narrow", "picked_label", "practice_spec",
           "quiz_question", "stage_spec", "teach_again", "wide_table"]  # fmt: skip


@dataclass(frozen=True)
class QuizQuestion:
    """A room's question: the engine's question, the words a phone shows, the rule it is about
    (for the report) and the lesson to teach again when the class misses it (None: no lesson).
    `teaching` is a lesson stage's own text, shown before the task as the Learn page shows it
    (markdown; "" for a practice question): it says the rule the stage is played under, which
    the task's words alone may not (Hold on's stages 1 and 3 ask the same words of the same
    table, under two rules). `nigerian`: its words are in the Nigerian shape names
    (`in_names`)."""

    question: Any
    game: str
    task: str
    situation: str
    labels: tuple[str, ...]
    right: tuple[int, ...]
    many: bool
    rule: str
    lesson_id: str | None
    lesson_title: str | None
    teaching: str = ""
    nigerian: bool = False

    @property
    def asked(self) -> str:
        """The question in plain words, for the report: the stage's teaching (its markdown
        emphasis, the sidebar's words, in quotes), then the task."""
        teaching = re.sub(r"\*([^*]+)\*", r'"\1"', self.teaching)
        return " ".join(part for part in (teaching, self.task) if part)


def stage_spec(game: str, lesson_id: str, stage: int, rules: Rules | None = None) -> str:
    """A stage of a game's lesson (counted from 0), posed under `rules` where it plays the same."""
    toml = rules.to_toml() if rules is not None and game == "whot" else None
    return json.dumps({"from": "stage", "game": game, "lesson": lesson_id, "stage": stage,
                       "rules": toml}, sort_keys=True)  # fmt: skip


def practice_spec(kind: str, seed: int, focus: str, rules: Rules) -> str:
    return json.dumps({"from": "practice", "kind": kind, "seed": seed, "focus": focus,
                       "rules": rules.to_toml()}, sort_keys=True)  # fmt: skip


def file_specs(text: str, name: str) -> list[str]:
    """Every stage of a teacher's lesson file; `LessonFileError` names what is wrong in it."""
    found = read_lesson_text(text, name)
    return [json.dumps({"from": "file", "text": text, "name": name, "stage": n}, sort_keys=True)
            for n in range(len(found.lesson.stages))]  # fmt: skip


def _lesson_for(focus: str, game: str = "whot") -> Any:
    """The first lesson of the path that teaches a practice focus (None: none does)."""
    for each in lessons_of(game):
        if focus in getattr(each, "needs", ()) or focus in getattr(each, "toggles", ()):
            return each
    return None


@functools.lru_cache(maxsize=512)
def quiz_question(spec: str) -> QuizQuestion:
    """The question a spec stands for (built once: the same spec is the same question);
    `Refused("question", ...)` when there is none (a rule that cannot happen under the rules
    chosen, a lesson or stage that does not exist, a lesson file with a mistake)."""
    try:
        return _posed(json.loads(spec))
    except Refused:
        raise
    except (ValueError, KeyError, IndexError, TypeError) as error:
        raise Refused("question", str(error).removeprefix("question: ")) from None


def _posed(data: dict[str, Any]) -> QuizQuestion:
    rules = Rules.from_toml(data["rules"]) if data.get("rules") else None
    if data["from"] == "practice":
        question = practice_question(rules, data["kind"], data["seed"], data["focus"])
        if isinstance(question, str):
            raise Refused("question", question)
        focus = data["focus"]
        lesson = None if focus == MIXED else _lesson_for(focus)
        rule = focus_label(focus) if focus != MIXED else KIND_TITLES[data["kind"]]
        return _quiz(question, "whot", rule, lesson)
    if data["from"] == "file":
        found = read_lesson_text(data["text"], data["name"])
        lesson = found.lesson
        stage = lesson.stages[data["stage"]]
        return _quiz(stage.question, found.game, lesson.title, None, stage.text)
    found = [each for each in lessons_of(data["game"]) if each.id == data["lesson"]]
    if not found:
        raise Refused("question", f"there is no lesson {data['lesson']!r}")
    lesson = found[0]
    stage = lesson.stages[data["stage"]]
    question = stage.pose(rules).question if rules is not None else stage.question
    return _quiz(question, data["game"], lesson.title, lesson, stage.text)


def _quiz(question: Any, game: str, rule: str, lesson: Any, teaching: str = "") -> QuizQuestion:
    what, where = task(question)
    many = question.kind == "playable"
    if many:
        labels = tuple(choice_label(question, [card]) for card in question.choices)
        right = tuple(n for n, card in enumerate(question.choices) if card in question.answer)
    else:
        labels = tuple(choice_label(question, choice) for choice in question.choices)
        right = tuple(n for n, choice in enumerate(question.choices) if choice == question.answer)
    lesson_id, title = (lesson.id, lesson.title) if lesson else (None, None)
    return QuizQuestion(question, game, what, where, labels, right, many, rule, lesson_id, title,
                        teaching.strip())  # fmt: skip


def _response(quiz: QuizQuestion, picked: Sequence[int]) -> Any:
    """The engine's response for choice numbers; `ValueError` for numbers it has no choice for
    (or more than one where one is asked)."""
    choices = quiz.question.choices
    if any(not isinstance(n, int) or isinstance(n, bool) or not 0 <= n < len(choices)
           for n in picked):  # fmt: skip
        raise ValueError(f"answer: choose from 1 to {len(choices)}")
    if quiz.many:
        return [choices[n] for n in sorted(set(picked))]
    if len(picked) != 1:
        raise ValueError("answer: choose one answer")
    return choices[picked[0]]


#: The choices' letters, as the projector lists them and the phones' buttons say them.
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def choice_button(quiz: QuizQuestion, number: int) -> str:
    """A choice as a phone's button says it, with the letter the projector shows beside it
    ("C. 26"): a teacher's "most of you chose C" is what the phones read."""
    return f"{LETTERS[number]}. {quiz.labels[number]}"


def in_names(quiz: QuizQuestion, nigerian: bool) -> QuizQuestion:
    """The quiz told in the shape names the reader picked: its task, situation, choices and
    verdicts (the questions are written with the English names, as the engine's are). Whist's
    cards have no shapes: its quiz is unchanged."""
    if not nigerian or quiz.game != "whot" or quiz.nigerian:
        return quiz
    return replace(
        quiz,
        task=in_nigerian_names(quiz.task),
        situation=in_nigerian_names(quiz.situation),
        labels=tuple(in_nigerian_names(label) for label in quiz.labels),
        rule=in_nigerian_names(quiz.rule),
        teaching=in_nigerian_names(quiz.teaching),
        nigerian=True,
    )


def judge(quiz: QuizQuestion, picked: Sequence[int]) -> Feedback:
    """The engine's verdict on choice numbers, with its explanation (in the quiz's names)."""
    verdict = feedback(quiz.question, _response(quiz, picked))
    if not quiz.nigerian:
        return verdict
    return replace(verdict, headline=in_nigerian_names(verdict.headline),
                   explanation=in_nigerian_names(verdict.explanation),
                   hint=in_nigerian_names(verdict.hint))  # fmt: skip


def picked_label(quiz: QuizQuestion, picked: Sequence[int]) -> str:
    """An answer as the distribution chart names it (in the quiz's names)."""
    if quiz.many:
        label = choice_label(quiz.question, _response(quiz, picked))
        return in_nigerian_names(label) if quiz.nigerian else label
    return quiz.labels[picked[0]]


def teach_again(quiz: QuizQuestion) -> dict[str, str] | None:
    """The Learn page's link parameters of the lesson to teach again."""
    if quiz.lesson_id is None:
        return None
    game = {} if quiz.game == "whot" else {"game": quiz.game}
    return game | {"lesson": quiz.lesson_id}


def board_svgs(quiz: QuizQuestion, nigerian: bool = False) -> tuple[str, str | None]:
    """The table the question is asked on, as the projector and the phones draw it: nothing to
    click (a phone answers with buttons), every hand the task is about face up; and its drawing
    for a phone's narrow window (one seat a row: a face-up table of three or more seats side by
    side draws its words too small there), or None when the one drawing serves both."""
    if quiz.game == "whist":
        board = whist_board(quiz.question)
        return board["svg"], board["narrow"]
    board = question_board(quiz.question, nigerian=nigerian, select=False)
    return board["svg"], board["narrow"]


def outcome(quiz: QuizQuestion, nigerian: bool = False) -> tuple[str, str]:
    """What happens, shown at Reveal: the table after the move (or the playable cards framed),
    and its caption."""
    return outcome_svg(quiz.question, nigerian=nigerian)


def wide_table(quiz: QuizQuestion) -> bool:
    """Whether the question's table is wide: a Whot table of four or more hands face up, side
    by side (a projector gives it more of its width; Whist's diagram has its own narrow one)."""
    return quiz.game == "whot" and needs_narrow(quiz.question) and quiz.question.state.players >= 4


def outcome_narrow(quiz: QuizQuestion, nigerian: bool = False) -> str | None:
    """`outcome`'s picture for a phone's narrow window (one seat a row), or None when the one
    drawing serves both (`learn.page.needs_narrow`)."""
    if not needs_narrow(quiz.question):
        return None
    return outcome_svg(quiz.question, nigerian=nigerian, narrow=True)[0]
