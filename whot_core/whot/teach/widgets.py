"""The practice widget for notebooks: endless questions of one kind (`practice`), each answer
checked by the engine, as on the app's Learn page.

ipywidgets is an optional extra (`notebooks`): this module imports it, `import whot_core` does not
import this module. Display a widget by leaving it last in a cell, or with `display(widget)`.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from ...toolkit import widgets as shared
from ..engine.cards import in_shape_names
from ..engine.narrate import seat_name
from ..engine.rules import Rules
from ..show.pictures import notebook_html, table_svg
from .practice import KINDS, Question, Verdict, foci, generate

__all__ = ["Practice", "practice"]

#: The verdict's colours: right and wrong.
RIGHT, WRONG = "#0b6e2e", "#9b1c1c"
#: After a first wrong answer: the answer waits for a second try.
TRY_AGAIN = "Not quite. Look at the table again and have another try."

MIXED = "mixed"


def practice(
    rules: Rules,
    kind: str = "playable",
    *,
    focus: str | None = None,
    seed: int = 1,
    nigerian: bool = False,
) -> Practice:
    """A practice widget: endless questions of `kind` from `whot_core.whot.teach.practice.generate`
    under `rules`, aimed at `focus` (a rule, or None for any), from `seed` on; each answer checked
    by the engine, as on the explorer's Learn page.

        >>> from whot_core import Rules
        >>> quiz = practice(Rules.preset("nigerian"), "next_player", seed=3)
        >>> quiz.answer(quiz.question.answer).correct
        True
        >>> quiz.new.click()
        >>> quiz.seed.value
        4
    """
    return Practice(rules, kind, focus=focus, seed=seed, nigerian=nigerian)


class Practice(shared.Shown):
    """The question's table and prompt, its answers as buttons (for `playable`, a toggle for
    each card of the hand and a Check button), and the engine's verdict underneath. A first
    wrong answer only says so, for a second try; a second one (or a right one) shows the
    engine's explanation with the answer. The kind, the focus and the seed are controls; New
    question moves to the next seed. The session's score counts first answers; a question
    missed at the first try waits in `missed`, and Again brings the oldest one back."""

    what = "a practice question"

    def __init__(
        self,
        rules: Rules,
        kind: str = "playable",
        *,
        focus: str | None = None,
        seed: int = 1,
        nigerian: bool = False,
    ) -> None:
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules object, not {type(rules).__name__}")
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
        self.rules = rules
        self.nigerian = nigerian
        self.kind = w.Dropdown(options=KINDS, value=kind, description="question")
        self.focus = w.Dropdown(description="focus")
        self._set_foci(MIXED if focus is None else focus)
        self.seed = w.BoundedIntText(value=seed, min=0, max=10**6, description="seed")
        self.new = w.Button(description="New question", button_style="primary")
        self.new.on_click(lambda _: setattr(self.seed, "value", self.seed.value + 1))
        self.table = w.HTML()
        self.answers = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.verdict = w.HTML()
        self.score = w.HTML()
        self.again = w.Button(description="Again: a question I missed", disabled=True)
        self.again.on_click(lambda _: self.review())
        self.kind.observe(self._on_kind, names="value")
        for control in (self.focus, self.seed):
            control.observe(lambda _: self._quiet or self.ask(), names="value")
        top = w.HBox([self.kind, self.focus, self.seed, self.new])
        bottom = w.HBox([self.score, self.again])
        self.widget = w.VBox([top, self.table, self.answers, self.verdict, bottom])
        self.question: Question | None = None
        self.misses = 0  # wrong answers to the question shown
        self.first_right = self.first_answers = 0  # the session's score, first answers only
        #: Questions missed at the first try, oldest first: (kind, focus, seed).
        self.missed: list[tuple[str, str, int]] = []
        self._quiet = False  # while Again sets the controls, ask once at the end
        self.ask()

    def _set_foci(self, value: str) -> None:
        options = (MIXED, *foci(self.rules, self.kind.value))
        if value not in options:
            raise ValueError(
                f"focus: {value!r} cannot be shown by a {self.kind.value} question under these"
                f" rules; choose one of {', '.join(options)}"
            )
        self.focus.options = options
        self.focus.value = value

    def _on_kind(self, _change: Any) -> None:
        keep = self.focus.value
        self.focus.unobserve_all("value")
        self._set_foci(keep if keep in (MIXED, *foci(self.rules, self.kind.value)) else MIXED)
        self.focus.observe(lambda _: self._quiet or self.ask(), names="value")
        if not self._quiet:
            self.ask()

    def review(self) -> Question | None:
        """Bring back the oldest question missed at the first try (it leaves `missed`; missed
        again, it goes back at the end)."""
        if not self.missed:
            return self.question
        kind, focus, seed = self.missed.pop(0)
        self._quiet = True
        try:
            self.kind.value, self.focus.value, self.seed.value = kind, focus, seed
        finally:
            self._quiet = False
        self._show_score()
        return self.ask()

    def _show_score(self) -> None:
        right, answered = self.first_right, self.first_answers
        self.score.value = (
            f"<p>This session: {right} right of {answered} at the first try.</p>"
            if answered
            else ""
        )
        self.again.description = f"Again: a question I missed ({len(self.missed)})"
        self.again.disabled = not self.missed

    def ask(self) -> Question | None:
        """Generate the question for the controls' values and show it (None, and the reason
        shown, when these rules never showed the focus in the games tried)."""
        focus = None if self.focus.value == MIXED else self.focus.value
        self.verdict.value = ""
        self.misses = 0
        self._answered = False
        try:
            self.question = generate(self.rules, self.kind.value, self.seed.value, focus=focus)
        except ValueError as error:
            self.question = None
            self.table.value = f'<p class="whot-error">{escape(str(error))}</p>'
            self.answers.children = ()
            return None
        question = self.question
        self.table.value = self._question_html(question, inline=True)
        self.answers.children = self._answer_controls(question)
        return question

    def _question_html(self, question: Question, *, inline: bool) -> str:
        viewer = question.state.current_player if question.kind == "playable" else None
        svg = table_svg(question.state, viewer, nigerian=self.nigerian)
        picture = svg if inline else notebook_html(svg)
        prompt = escape(in_shape_names(question.prompt, self.nigerian))
        return f'<div class="whot-table">{picture}</div><p><b>{prompt}</b></p>'

    def still(self) -> str:
        if self.question is None:
            return self.table.value
        choices = "; ".join(  # an answer may itself be a list: "5, 7"
            in_shape_names(_say(self.question.kind, choice), self.nigerian)
            for choice in self.question.choices
        )
        lead = "The cards to mark" if self.question.kind == "playable" else "The answers"
        return self._question_html(self.question, inline=False) + (
            f"<p>{lead}: {escape(choices)}.</p>"
        )

    def _answer_controls(self, question: Question) -> tuple[w.Widget, ...]:
        if question.kind == "playable":
            self.cards = [
                w.ToggleButton(description=card.name(self.nigerian), value=False)
                for card in question.choices
            ]
            check = w.Button(description="Check", button_style="info")
            check.on_click(lambda _: self.answer(self.marked()))
            return (*self.cards, check)
        buttons = []
        for choice in question.choices:
            button = w.Button(description=_say(question.kind, choice))
            button.on_click(lambda _, choice=choice: self.answer(choice))
            buttons.append(button)
        return tuple(buttons)

    def marked(self) -> list[str]:
        """The cards toggled on, for a `playable` question."""
        pairs = zip(self.question.choices, self.cards, strict=True)
        return [str(card) for card, toggle in pairs if toggle.value]

    def answer(self, response: Any) -> Verdict:
        """Check `response` (as `Question.check` reads it) and show the engine's verdict; after
        a first wrong answer, only that it is wrong, so that the learner can try again."""
        if self.question is None:
            raise ValueError("there is no question to answer: change the focus or the seed")
        verdict = self.question.check(response)
        if self.misses == 0 and not self._answered:
            self._answered = True
            self.first_answers += 1
            self.first_right += verdict.correct
            asked = (self.kind.value, self.focus.value, self.seed.value)
            if not verdict.correct and asked not in self.missed:
                self.missed.append(asked)
            self._show_score()
        if not verdict.correct:
            self.misses += 1
        if self.misses == 1 and not verdict.correct:
            words = TRY_AGAIN
        else:
            words = in_shape_names(verdict.explanation, self.nigerian)
        colour = RIGHT if verdict.correct else WRONG
        self.verdict.value = f'<p style="color:{colour}">{escape(words)}</p>'
        return verdict


def _say(kind: str, choice: Any) -> str:
    """An answer as its button says it."""
    if kind == "legal":
        return "legal" if choice else "not legal"
    if kind == "next_player":
        return seat_name(choice)
    if kind == "hand_sizes":
        return ", ".join(map(str, choice))
    return str(choice)
