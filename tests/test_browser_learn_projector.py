"""Learn on a classroom projector (1280x720, `classroom=on`), measured in Chromium: every stage
of every lesson, Whot's and Whist's, shows its question, its table and every answer control on
the first screen. The stage's teaching came between the question and the answers and pushed
all but the first of four below it; a question answered on the table had its Check button
under a table as tall as the window (docs/screens.md).
"""

from __future__ import annotations

import pytest
from browser_support import shots
from screen_measure import CLASSROOM

from whot_core.learn import page as learn

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

STAGES = [
    (game, lesson.id, n)
    for game in learn.GAMES
    for lesson in learn.lessons_of(game)
    for n in range(1, len(lesson.stages) + 1)
]


@pytest.mark.parametrize("game", learn.GAMES)
def test_every_stage_has_its_answers_on_a_projectors_first_screen(browser_page, game):
    base, page = browser_page
    width, height = CLASSROOM
    page.set_viewport_size({"width": width, "height": height})
    away, measured = [], 0
    for each, lesson, n in STAGES:
        if each != game:
            continue
        page.goto(f"{base}/?classroom=on&game={game}&lesson={lesson}&stage={n}")
        shots.wait_until_idle(page)
        # the answers and the table drawn (the table's component draws after the page's run)
        page.wait_for_function(f"() => ({MEASURE})().answers.length * ({MEASURE})().tables.length")
        shots.wait_until_still(page)
        found = page.evaluate(MEASURE)
        measured += 1
        bottoms = found["answers"] + found["tables"]
        if max(bottoms) > height:
            away.append(f"{lesson} stage {n}: {found}")
    assert measured > 10
    assert away == [], "past the first screen"
