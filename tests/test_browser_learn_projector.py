"""Learn on a classroom projector (1280x720, `classroom=on`), measured in Chromium: every stage
of every lesson, Whot's and Whist's, shows its question, its table and every answer control on
the first screen; and, answered wrong and then right, its verdict ("Not quite: ...", then
"Right!") under the answers on that screen too. The stage's teaching came between the question
and the answers and pushed all but the first of four below it; a question answered on the table
had its Check button under a table as tall as the window; a Match question's long explanation
("This game's counts: ...") pushed the verdict past the screen (docs/screens.md).
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from browser_support import shots
from screen_measure import CLASSROOM

from whot_core import Rules
from whot_core.learn import page as learn
from whot_core.whist.teach.questions import WhistQuestion
from whot_core.whot.app.controls import DEFAULT_PRESET

pytestmark = pytest.mark.timeout(600)  # every stage of a path, answered twice: minutes

#: The bottom of each answer control, CSS px: the choice buttons and Whist's Check my answer
#: (Streamlit's, by their keys), and the Check button of a Whot table's cards (in the table's
#: shadow root); with the question's prompt and the table's picture.
MEASURE = """() => {
  const bottom = (el) => Math.round(el.getBoundingClientRect().bottom);
  const answers = [...document.querySelectorAll(
    '[class*="st-key-learn-choice-"] button, [class*="st-key-learn-check-"] button')];
  const tables = [];
  for (const host of document.querySelectorAll('[data-testid="stBidiComponentIsolated"]')) {
    const root = host.shadowRoot || host;
    answers.push(...root.querySelectorAll('button.check'));
    tables.push(...root.querySelectorAll('.whot-board .picture svg, .whist-board .picture svg'));
  }
  return {answers: answers.map(bottom), tables: tables.map(bottom)};
}"""

#: Each verdict's box (an alert saying `words`): its top and bottom, CSS px.
VERDICT = """(words) => [...document.querySelectorAll(
    '[data-testid="stMain"] [data-testid="stAlertContainer"]')]
  .filter(a => a.innerText.includes(words))
  .map(a => { const r = a.getBoundingClientRect();
              return {top: Math.round(r.top), bottom: Math.round(r.bottom)}; })"""

STAGES = [
    (game, lesson.id, n)
    for game in learn.GAMES
    for lesson in learn.lessons_of(game)
    for n in range(1, len(lesson.stages) + 1)
]

#: The answers and tables `MEASURE` finds, as elements: marked before a step to the next stage,
#: so that the step's wait ends on the next stage's own (their keys name the stage).
_FOUND = MEASURE.replace(
    "return {answers: answers.map(bottom), tables: tables.map(bottom)};",
    "return [...answers, ...tables];",
)
MARK_SHOWN = f"() => {{ for (const el of ({_FOUND})()) el.dataset.measured = 'yes'; }}"
NEXT_SHOWN = f"""() => {{ const found = ({_FOUND})();
    return found.length > 0 && found.every(el => !el.dataset.measured); }}"""
#: Back to the top of every scrolled part: the first screen is what a projector shows on
#: arrival (the Next button is pressed without scrolling to it, and this makes sure).
TO_TOP = "() => { for (const el of document.querySelectorAll('*')) el.scrollTop = 0; }"


def settled(page) -> None:
    """The page idle, its answers and its table drawn (the table's component draws after the
    page's run), nothing moving."""
    shots.wait_until_idle(page)
    page.wait_for_function(f"() => ({MEASURE})().answers.length * ({MEASURE})().tables.length")
    shots.wait_until_still(page)


def question_of(game: str, lesson: int, stage: int):
    """The stage's question as the page poses it under the sidebar's default rules."""
    ref = learn.StageRef(lesson, stage, game)
    return ref.question if game == "whist" else ref.pose(Rules.preset(DEFAULT_PRESET)).question


def exactly(words: str) -> re.Pattern:
    return re.compile(rf"^\s*{re.escape(words)}\s*$")


def answer(page, question, right: bool) -> str:
    """Answer as a learner does, right or (when `right` is false) wrong: a choice's button; the
    cards marked on a Whot table (a wrong answer marks none, or one when none is right), then
    its Check button; a Whist hand's cards chosen, then Check my answer. Returns the verdict's
    first words."""
    if question.kind != "playable":
        chosen = (
            question.answer if right else next(c for c in question.choices if c != question.answer)
        )
        choices = page.locator('[class*="st-key-learn-choice-"] button')
        choices.filter(has_text=exactly(learn.choice_label(question, chosen))).click()
    elif isinstance(question, WhistQuestion):
        for card in question.answer if right else ():
            pills = page.locator('[class*="st-key-learn-pick-"] button')
            pills.filter(has_text=exactly(str(card))).click()
            shots.wait_until_settled(page)
        page.locator('[class*="st-key-learn-check-"] button').click()
    else:
        if question.answer:  # none marked is wrong
            marks = question.answer if right else ()
        else:  # none may be played: a card marked is wrong, and unmarked for the right answer
            marks = question.state.hand(question.state.current_player)[:1]
        board = page.locator(".whot-board")
        for card in marks:
            board.locator(
                f'.card[role="button"][aria-label="{card.name(False)}: select it"]'
            ).click()
        board.locator("button.check").click()
    words = "Right!" if right else "Not quite"
    page.locator('[data-testid="stAlertContainer"]', has_text=words).first.wait_for()
    shots.wait_until_settled(page)
    shots.wait_until_still(page)
    return words


@pytest.mark.parametrize("game", learn.GAMES)
def test_every_stage_has_its_answers_then_its_verdict_on_a_projectors_first_screen(
    browser_page, game
):
    """The path's first stage opened by its link, then each next one by the Next button (a
    rerun of the lesson's part alone: a page load a stage took five times as long, and measured
    the same, every stage, when this was written). At each stage the answers are measured, then
    it is answered wrong and right and each verdict measured. One session walks the path: a
    stage opened afresh in a browser that kept the stages before once led an answer's run to the
    path's first stage (not reproduced since; docs/screens.md)."""
    base, page = browser_page
    width, height = CLASSROOM
    page.set_viewport_size({"width": width, "height": height})
    path = [(lesson, n) for each, lesson, n in STAGES if each == game]
    numbers = {lesson.id: at for at, lesson in enumerate(learn.lessons_of(game))}
    away, late = [], []
    for at, (lesson, n) in enumerate(path):
        if at == 0:
            page.goto(f"{base}/?classroom=on&game={game}&lesson={lesson}&stage={n}")
        else:
            page.evaluate(MARK_SHOWN)
            page.locator('[class*="st-key-learn-next"] button').dispatch_event("click")
            page.wait_for_function(NEXT_SHOWN)
        settled(page)
        page.evaluate(TO_TOP)
        shown = parse_qs(urlsplit(page.url).query)
        assert (shown["lesson"], shown["stage"]) == ([lesson], [str(n)]), "Next went elsewhere"
        found = page.evaluate(MEASURE)
        if max(found["answers"] + found["tables"]) > height:
            away.append(f"{lesson} stage {n}: {found}")
        question = question_of(game, numbers[lesson], n - 1)
        for right in (False, True):
            words = answer(page, question, right)
            page.evaluate(TO_TOP)
            boxes = page.evaluate(VERDICT, words)
            if len(boxes) != 1 or boxes[0]["bottom"] > height:
                late.append(f"{lesson} stage {n}, {words}: {boxes}")
    assert len(path) > 10
    assert away == [], "past the first screen"
    assert late == [], "the verdict past the first screen"
