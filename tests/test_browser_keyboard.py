"""Keyboard alone (Tab, Enter, Space, the arrow keys; no mouse): a whole game of Play (Whot
against the AI), a whole hand of Play Whist, a whole lesson on Learn, and Watch's steps.

Each test reads where the focus is (inside the tables' shadow roots too) and presses keys until
the game or the lesson is over, as a keyboard user would.
"""

from __future__ import annotations

import pytest
from browser_support import shots

pytestmark = pytest.mark.timeout(600)

#: The focused element, looked for inside shadow roots: its tag, classes and data-legal.
FOCUSED = """() => {
  let a = document.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
  if (!a || a === document.body) return null;
  return {tag: a.tagName.toLowerCase(), cls: a.getAttribute('class') || '',
          legal: a.getAttribute('data-legal'), role: a.getAttribute('role'),
          text: (a.getAttribute('aria-label') || a.textContent || '').trim().slice(0, 60)};
}"""


def focused(page) -> dict | None:
    return page.evaluate(FOCUSED)


def tab_until(page, wanted, limit: int = 120) -> dict:
    """Press Tab until `wanted(focused)` holds; the focused element then."""
    for _ in range(limit):
        now = focused(page)
        if now and wanted(now):
            return now
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached it; the focus is on {focused(page)}")


def is_card(now: dict) -> bool:
    return "card" in now["cls"].split()


def test_a_whole_hand_of_play_whist_by_keyboard(browser_page):
    base, page = browser_page
    page.goto(base + "/whist_play?seats=person:Ada,heuristic,heuristic,heuristic&deal=5")
    shots.wait_until_idle(page)
    hand = page.locator(".whist-board .hand button.card")
    for left in range(13, 0, -1):
        hand.nth(left - 1).wait_for()
        assert hand.count() == left
        now = tab_until(page, is_card)
        for _ in range(13):  # along the hand to a card the rules allow
            if now["legal"] == "true":
                break
            page.keyboard.press("ArrowRight")
            now = focused(page)
        assert now["legal"] == "true", now
        page.keyboard.press("Enter" if left % 2 else " ")
        page.wait_for_function(
            """n => [...document.querySelectorAll('*')].filter(e => e.shadowRoot)
                .some(e => e.shadowRoot.querySelectorAll('.hand > .card').length === n)""",
            arg=left - 1,
        )
        shots.wait_until_idle(page)
    assert page.locator("[data-testid='stAlertContentSuccess']").count() == 1
    assert shots.error_boxes(page) == []


#: What a Whot player can act on while the game goes on: a card of the hand, or the market.
WHOT_CONTROLS = ".whot-board [role='button'][data-legal], .whot-board .market[role='button']"


def whot_live(page) -> bool:
    return page.locator(WHOT_CONTROLS).count() > 0


def test_a_whole_game_of_play_by_keyboard(browser_page):
    base, page = browser_page
    page.goto(base + "/play?preset=nigerian&seed=3")
    shots.wait_until_idle(page)
    moves = 0
    for _ in range(300):
        shots.wait_until_idle(page)
        if not whot_live(page):
            break
        legal = page.locator(".whot-board .card[role='button'][data-legal='true']").count()
        if legal:
            tab_until(page, lambda now: is_card(now) and now["legal"] == "true")
        else:
            tab_until(page, lambda now: "market" in now["cls"].split())
        before = page.url
        page.keyboard.press("Enter")
        calls = page.locator(".whot-board .calls:not([hidden])")
        if calls.count():  # a Whot's shapes, or the cards that may go down with this one
            if page.locator(".whot-board .calls .down").count():
                tab_until(page, lambda now: "down" in now["cls"].split())
            page.keyboard.press("Enter")
        page.wait_for_function("u => location.href !== u", arg=before)
        moves += 1
    else:
        raise AssertionError("the game did not end")
    assert moves > 0
    over = page.locator("[data-testid='stAlertContentSuccess'], [data-testid='stAlertContentInfo']")
    assert over.count() >= 1
    assert shots.error_boxes(page) == []


def test_a_whole_lesson_of_learn_by_keyboard(browser_page):
    """Lesson 4, Hold on: who plays next (a choice of seats), which cards may be played (marked
    on the table, then checked), and whether a move is legal; each stage answered right and
    Next pressed, with Tab, Enter and Space only."""
    from whot_core import Rules
    from whot_core.learn import page as learn

    base, page = browser_page
    ref = learn.StageRef(3, 0)
    assert ref.of.id == "hold-on"
    page.goto(base + "/?preset=nigerian&lesson=hold-on&stage=1")
    shots.wait_until_idle(page, tables=1)
    kinds = set()
    for number in range(1, len(ref.of.stages) + 1):
        page.wait_for_url(f"**stage={number}**")
        shots.wait_until_idle(page, tables=1)
        question = ref.pose(Rules.preset("nigerian")).question
        kinds.add(question.kind)
        if question.kind == "playable":
            hand = question.state.hand(question.state.current_player)
            for card in hand:  # along the hand, each card the rules allow marked with Space
                name = f"{card.name()}: select it"
                tab_until(page, lambda now, name=name: now["text"] == name)
                if card in question.answer:
                    page.keyboard.press(" ")
            tab_until(page, lambda now: now["tag"] == "button" and "check" in now["cls"])
        else:
            label = learn.choice_label(question, question.answer)
            tab_until(page, lambda now, label=label: now["tag"] == "button"
                      and now["text"] == label)  # fmt: skip
        page.keyboard.press("Enter")
        page.locator("[data-testid='stAlertContentSuccess']").first.wait_for()
        if ref.next is None or ref.next.lesson != ref.lesson:
            break
        tab_until(page, lambda now: now["tag"] == "button" and now["text"].endswith("Next"))
        page.keyboard.press("Enter")
        ref = ref.next
    assert ref.stage == len(ref.of.stages) - 1  # every stage of the lesson, done
    assert kinds == {"next_player", "playable", "legal"}
    assert page.get_by_text("Stage done: ★★★").count() == 1
    assert shots.error_boxes(page) == []


def test_watchs_steps_by_keyboard_keep_the_focus(browser_page):
    """Enter on Next, again and again, steps on without the focus leaving Next (the step
    controls are changed in place, not drawn anew); the arrow keys move the slider a step."""
    base, page = browser_page
    page.goto(base + "/watch?preset=british&seed=5&seats=heuristic,heuristic&step=0")
    shots.wait_until_idle(page, pictures=1)
    tab_until(page, lambda now: now["tag"] == "button" and now["text"].endswith("Next"))
    for step in (1, 2, 3):
        page.keyboard.press("Enter")
        page.wait_for_url(f"**step={step}")
        shots.wait_until_idle(page, pictures=1)
        now = focused(page)
        assert now and now["tag"] == "button" and now["text"].endswith("Next")
    tab_until(page, lambda now: now["tag"] == "input")
    page.keyboard.press("ArrowRight")
    page.wait_for_url("**step=4")
    shots.wait_until_idle(page, pictures=1)
    assert focused(page)["tag"] == "input"
    assert page.locator("h3").first.inner_text().startswith("Step 4 of ")
