"""A teacher's lesson file, uploaded on the Learn page in Chromium, played to its last stage.

The AppTest of the same path (test_app_lesson_files.py) sends the answers to the page directly;
this one clicks as a teacher would: the file chosen in the page's uploader, each card of the
answer marked on the table and checked, each right choice pressed, Next to the following stage.
"""

from __future__ import annotations

import pytest
from browser_support import shots

from whot_core import Rules
from whot_core.learn import page as learn
from whot_core.whot.teach.lesson_files import EXAMPLE_FILE, read_lesson_file

pytestmark = pytest.mark.timeout(300)

CARD = ".whot-board .card[role='button']"
CHECK = ".whot-board button.check"
WAIT = 60_000  # milliseconds


def wait_for_text(page, text: str) -> None:
    page.wait_for_function(
        "(text) => document.body.innerText.includes(text)", arg=text, timeout=WAIT
    )


def test_an_uploaded_lesson_file_plays_to_its_last_stage_by_clicking(browser_page):
    base, page = browser_page
    lesson = read_lesson_file(EXAMPLE_FILE)
    page.goto(f"{base}/?preset=nigerian")
    shots.wait_until_idle(page, tables=1)
    page.get_by_text("Play a lesson file (for teachers)").click()
    page.locator('[data-testid="stFileUploader"] input[type="file"]').set_input_files(EXAMPLE_FILE)
    wait_for_text(page, f"Playing the lesson file {EXAMPLE_FILE.name}")
    for n, stage in enumerate(lesson.stages):
        wait_for_text(page, " ".join(stage.text.split())[:60])
        question = learn.StageRef(0, n, "whot", (lesson,)).pose(Rules.preset("nigerian")).question
        if question.kind == "playable":
            for card in question.answer:
                page.locator(f"{CARD}[data-card='{card}']").click()
            page.locator(CHECK).click()
        else:
            label = learn.choice_label(question, question.answer, True)
            page.get_by_role("button", name=label, exact=True).click()
        wait_for_text(page, "Stage done: ★★★")
        if n + 1 < len(lesson.stages):
            page.get_by_role("button", name="Next").click()
    assert page.get_by_role("button", name="Next").is_disabled()
    count = len(lesson.stages)
    wait_for_text(page, f"the path: {count} of {count} done")
    for n in range(count):  # every stage right at the first try: three stars on each
        assert page.get_by_text(f"{n + 1} ★★★", exact=True).is_visible()
    assert shots.error_boxes(page) == []
