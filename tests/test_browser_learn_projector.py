"""Learn on a classroom projector (1280x720, `classroom=on`), measured in Chromium: every stage
of every lesson, Whot's and Whist's, shows its question, its table and every answer control on
the first screen. The stage's teaching came between the question and the answers and pushed
all but the first of four below it; a question answered on the table had its Check button
under a table as tall as the window (docs/screens.md).
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

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


@pytest.mark.parametrize("game", learn.GAMES)
def test_every_stage_has_its_answers_on_a_projectors_first_screen(browser_page, game):
    """The path's first stage opened by its link, then each next one by the Next button (a
    rerun of the lesson's part alone: a page load a stage took five times as long, and measured
    the same, every stage, when this was written)."""
    base, page = browser_page
    width, height = CLASSROOM
    page.set_viewport_size({"width": width, "height": height})
    path = [(lesson, n) for each, lesson, n in STAGES if each == game]
    away = []
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
    assert len(path) > 10
    assert away == [], "past the first screen"
