"""The README's pictures of Play together: `python scripts/together_shots.py [docs/screenshots]`.

Starts the app (its tables in a temporary SQLite file) and Debian's Chromium, seats Ada, Bo
and Chi at a Nigerian table from three phones, plays a few moves and saves the phone to play,
a phone waiting and the projector: `together-phone-turn.png`, `together-phone-waiting.png`,
`together-projector.png`.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from screenshots import CHROMIUM, CHROMIUM_ARGS, serve, shown_code

PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1280, "height": 720}
LEGAL = '.whot-board .card[role="button"][data-legal="true"]'
MARKET = ".whot-board button.draw"


def to_play(phones):
    """The phone that says "Your turn." (each asks the server every second)."""
    while True:
        for phone in phones:
            if phone.get_by_text("Your turn.").count():
                return phone
        phones[0].wait_for_timeout(200)


def turn_of(phone) -> str:
    """The move the phone's table shows (its `data-turn`)."""
    return phone.locator(".whot-board").first.get_attribute("data-turn")


def take(out: Path) -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder:
        os.environ["WHOT_STORE"] = f"sqlite:///{Path(folder) / 'tables.sqlite3'}"
        with serve() as base, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                        args=CHROMIUM_ARGS)  # fmt: skip
            phones = [browser.new_context(viewport=PHONE).new_page() for _ in range(3)]
            ada = phones[0]
            ada.goto(f"{base}/together?preset=nigerian")
            ada.get_by_label("Your name").nth(1).fill("Ada")
            ada.get_by_label("Players").click()
            ada.get_by_role("option", name="3").click()
            ada.get_by_role("button", name="Open the table").click()
            code = shown_code(ada)
            for phone, name in zip(phones[1:], ("Bo", "Chi"), strict=True):
                phone.goto(f"{base}/together?table={code}")
                phone.get_by_label("Your name").fill(name)
                phone.get_by_role("button", name="Sit down").click()
                phone.get_by_text("Waiting for Ada").wait_for()
            ada.get_by_text("Seat 3: Chi").wait_for()
            ada.get_by_role("button", name="Start the game").click()
            projector = browser.new_context(viewport=PROJECTOR).new_page()
            projector.goto(f"{base}/together?table={code}&watch=1&classroom=on")
            turn = None
            for _ in range(4):  # three moves, so that the words say something
                if turn is not None:
                    seen = turn_of(turn)
                    legal = turn.locator(LEGAL)
                    (legal.first if legal.count() else turn.locator(MARKET)).click()
                    if turn.locator(".whot-board button.shape").count():  # a Whot: call
                        turn.locator(".whot-board button.shape").first.click()
                    turn.locator(f'.whot-board:not([data-turn="{seen}"])').wait_for()
                turn = to_play(phones)
            waiting = phones[(phones.index(turn) + 1) % 3]
            waiting.locator(f'.whot-board[data-turn="{turn_of(turn)}"]').wait_for()
            projector.locator("img[alt^='The table: ']:visible").wait_for()
            turn.screenshot(path=str(out / "together-phone-turn.png"))
            waiting.screenshot(path=str(out / "together-phone-waiting.png"))
            projector.screenshot(path=str(out / "together-projector.png"))
            browser.close()


if __name__ == "__main__":
    take(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"))
