"""Learn on a classroom projector (1280x720, `classroom=on`) after an answer, measured in
Chromium: every stage of every lesson, Whot's and Whist's, answered wrong and then right, shows
its verdict ("Not quite: ...", then "Right!") on the first screen, under the answers. A Match
question's long explanation ("This game's counts: seat 0 has 0 points, ...") pushed the
verdict past the screen (docs/screens.md): on a projector the verdict is its short line, the
explanation after the stage's Previous and Next.

Apart from `tests/test_browser_learn_projector.py` (the answers before an answer), which walks
the same stages unanswered.
"""

from __future__ import annotations

import re

import pytest
from browser_support import shots
from screen_measure import CLASSROOM

from whot_core import Rules
from whot_core.learn import page as learn
from whot_core.whist.teach.questions import WhistQuestion
from whot_core.whot.app.controls import DEFAULT_PRESET

pytestmark = pytest.mark.timeout(900)  # every stage opened and answered: minutes

#: Each verdict's box (an alert saying `words`): its top and bottom, CSS px.
VERDICT = """(words) => [...document.querySelectorAll(
    '[data-testid="stMain"] [data-testid="stAlertContainer"]')]
  .filter(a => a.innerText.includes(words))
  .map(a => { const r = a.getBoundingClientRect();
              return {top: Math.round(r.top), bottom: Math.round(r.bottom)}; })"""

STAGES = [
    (game, n_lesson, lesson.id, n)
    for game in learn.GAMES
    for n_lesson, lesson in enumerate(learn.lessons_of(game))
    for n in range(len(lesson.stages))
]


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
def test_every_stage_answered_has_its_verdict_on_a_projectors_first_screen(browser_page, game):
    """Each stage in a browser of its own (no progress kept from the stage before: a stage's
    answers kept in the browser once led an answer's run to the path's first stage)."""
    base, first = browser_page
    width, height = CLASSROOM
    away, measured = [], 0
    for each, lesson, lesson_id, n in STAGES:
        if each != game:
            continue
        context = first.context.browser.new_context(viewport={"width": width, "height": height})
        try:
            page = context.new_page()
            page.set_default_timeout(shots.PAGE_TIMEOUT)
            page.goto(f"{base}/?classroom=on&game={game}&lesson={lesson_id}&stage={n + 1}")
            shots.wait_until_idle(page)
            page.locator('[class*="st-key-learn-"] button').first.wait_for()
            # the table drawn (its component draws after the page's run), then nothing moving
            page.locator(".whot-board .picture svg, .whist-board .picture svg").first.wait_for()
            shots.wait_until_settled(page)
            shots.wait_until_still(page)
            question = question_of(game, lesson, n)
            for right in (False, True):
                words = answer(page, question, right)
                found = page.evaluate(VERDICT, words)
                measured += 1
                if len(found) != 1 or found[0]["bottom"] > height:
                    away.append(f"{lesson_id} stage {n + 1}, {words}: {found}")
        finally:
            context.close()
    assert measured > 20
    assert away == [], "the verdict past the first screen"
