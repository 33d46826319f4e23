"""The Whist page of the explorer, through Streamlit's AppTest (no browser): it renders, steps
card by card and trick by trick, reads and writes its link, shows one seat's fair view, and leaves
the Whot sidebar's settings alone (app_pages/whist/whist.py)."""

from __future__ import annotations

import base64
import re
import sys
from pathlib import Path

import pytest

st = pytest.importorskip("streamlit")
from streamlit.testing.v1 import AppTest  # noqa: E402

from whot_core import GameState, Rules  # noqa: E402
from whot_core.whist import WhistState, new_game  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "app.py"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from helpers import downloads, markup, open_folded, press_step  # noqa: E402

from app_pages.shared import sidebar  # noqa: E402
from whot_core.whot.app import controls  # noqa: E402

TIMEOUT = 90
FAST = {"lineup": "heuristic,random,heuristic,random"}  # no search player: played at once


pytestmark = pytest.mark.usefixtures("fresh_streamlit_caches")


def open_whist(**params: str) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
    at.query_params.update(params)
    open_folded(at)  # the settings and the uploader, as if clicked open
    at.run()
    at.switch_page("app_pages/whist/whist.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def texts(elements) -> list[str]:
    return [element.value for element in elements]


def tables(at: AppTest) -> list[str]:
    """The table pictures on the page, decoded from their data URIs."""
    found = []
    for html in markup(at):
        # the picture as a desk draws it, not a phone's drawing of it again
        pattern = r'<img (?:class="pic-wide" )?src="data:image/svg\+xml;base64,([^"]+)"'
        for data in re.findall(pattern, html):
            found.append(base64.b64decode(data).decode("utf-8"))
    return found


def heading(at: AppTest) -> str:
    (subheader,) = at.subheader
    return subheader.value


class TestWhistPage:
    def test_the_page_shows_the_deal_as_a_picture_with_the_rules_source(self):
        at = open_whist(**FAST)
        assert texts(at.title) == ["Whist: watch a hand"]
        assert heading(at) == "Step 0 of 52: the deal"
        (svg,) = tables(at)
        assert svg.count("data-card=") == 52  # every hand face up
        assert "Whist as one online game plays it" in at.markdown[0].value  # its source, in words
        rules = "".join(texts(at.markdown))  # the rules expander: WhistRules.describe()
        assert "from the very first trick" in rules and "nor to overtrump" in rules
        assert any("hearts are trumps" in c for c in texts(at.caption))

    def test_the_whot_rule_controls_leave_the_sidebar_and_keep_their_values(self):
        def open_groups() -> None:  # the sidebar's groups of toggles, as if clicked open
            for group in controls.GROUPS:
                at.session_state[sidebar.group_key(group)] = True

        at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
        open_groups()
        at.run()
        at.toggle(key="rule.defence").set_value(True).run()
        at.switch_page("app_pages/whist/whist.py").run()
        assert not at.exception
        assert [t.key for t in at.sidebar.toggle] == ["view.large"]
        assert not at.sidebar.selectbox  # no preset, no Whot toggles
        at.switch_page("app_pages/whot/rules.py")
        open_groups()
        at.run()
        assert at.toggle(key="rule.defence").value is True

    def test_stepping_card_by_card_and_trick_by_trick(self):
        at = open_whist(**FAST)
        press_step(at, "whist", "next")
        assert heading(at).startswith("Step 1 of 52: South (Heuristic) plays the ")
        assert any(m.value.startswith("**Why:**") for m in at.markdown)
        press_step(at, "whist", "trick")
        assert heading(at).startswith("Step 4 of 52: ")
        words = "".join(texts(at.markdown))
        assert "wins trick 1" in words
        (svg,) = tables(at)
        assert 'data-complete="true"' in svg  # the won trick stays on the table
        press_step(at, "whist", "last")
        assert heading(at).startswith("Step 52 of 52: ")
        assert at.query_params["step"] == "52"
        press_step(at, "whist", "first")
        assert heading(at) == "Step 0 of 52: the deal"

    def test_a_link_sets_the_players_the_deal_and_the_step(self):
        at = open_whist(deal="9", lineup="random,heuristic,random,heuristic", step="7")
        assert at.number_input(key="whist.seed").value == 9
        assert [at.selectbox(key=f"whist.level.{s}").value for s in range(4)] == [
            "random",
            "heuristic",
            "random",
            "heuristic",
        ]
        assert heading(at).startswith("Step 7 of 52: ")
        params = at.query_params
        assert (params["deal"], params["lineup"], params["step"]) == (
            "9",
            "random,heuristic,random,heuristic",
            "7",
        )

    def test_a_bad_link_is_named_and_the_rest_used(self):
        at = open_whist(lineup="heuristic,cheater,random,random", deal="4")
        (warning,) = texts(at.warning)
        assert "unknown AI level 'cheater'" in warning
        assert at.number_input(key="whist.seed").value == 4
        press_step(at, "whist", "next")
        assert not at.warning

    def test_one_seats_view_hides_the_other_hands_and_their_reasons(self):
        at = open_whist(shown="1", step="2", **FAST)
        (svg,) = tables(at)
        state = new_game(seed=1)
        west = {card.ascii for card in state.hand(1)}
        shown = set(re.findall(r'data-card="([^"]+)"', svg))
        table = shown - west
        assert len(table) == 1  # South's lead; West's own card is the second on the table
        assert shown <= west | {card.ascii for card in state.hand(0)}
        # North, East and South hidden: each hand's count, and no card of it named.
        assert svg.count('data-hidden="true"') == 3 and svg.count("cards hidden") == 3
        assert "13 cards" in svg and "12 cards" in svg  # North and East full, South led
        assert any(m.value.startswith("**Why:**") for m in at.markdown)  # step 2 is West's
        press_step(at, "whist", "next")  # North's card: its reason stays hidden
        assert not any(m.value.startswith("**Why:**") for m in at.markdown)

    def test_a_seats_view_stays_hidden_after_the_step_was_drawn_face_up_for_another(self):
        # A step's drawing is made once for every reader (layout.shared_drawing): the face-up
        # table drawn for one must never be the one a seat's view is given.
        face_up = tables(open_whist(step="2", **FAST))[0]
        assert 'data-hidden="true"' not in face_up
        (west,) = tables(open_whist(shown="1", step="2", **FAST))
        assert west.count('data-hidden="true"') == 3
        assert tables(open_whist(step="2", **FAST)) == [face_up]

    def test_the_last_step_of_one_hand_ends_the_game_with_no_next_hand(self):
        at = open_whist(step="52", **FAST)
        assert heading(at).startswith("Step 52 of 52: ")
        said = texts(at.markdown)
        happened = said[said.index("**What happened**") + 1].splitlines()
        assert "Hand 2" not in "".join(said)
        assert re.fullmatch(r"- (North–South|East–West) win the game [1-7]–0\.", happened[-1])
        caption = " ".join(texts(at.caption))
        assert "Game over" in caption and "(one hand)" in caption
        (svg,) = tables(at)
        assert "Game over" in svg and "Hand 2" not in svg

    def test_a_whole_game_plays_to_the_target(self):
        at = open_whist(length="game", target="1", **FAST)
        press_step(at, "whist", "last")
        words = "".join(texts(at.markdown))
        assert re.search(r"(North–South|East–West) win the game \d+–\d+\.", words)
        (svg,) = tables(at)
        assert "Game over" in svg

    def test_a_search_players_estimates_are_charted(self):
        at = open_whist(lineup="search,heuristic,heuristic,heuristic", budget="25", step="1")
        (chart,) = [html for html in markup(at) if "whot-search" in html]
        assert "estimated share of the tricks left" in chart  # the alt text names the value
        assert not at.get("plotly_chart")
        assert any(m.value.startswith("**Why:** Search") for m in at.markdown)

    def test_the_record_is_offered_for_download(self):
        at = open_whist(**FAST)
        assert downloads(at) == ["Download this game record"]

    def test_a_recorded_game_uploads_and_replays(self):
        state = WhistState.from_position(
            [["AD", "KC"], ["3D", "QH"], ["7D", "4C"], ["2S", "5C"]],
            trump="spades",
            tricks_won=(6, 5),
        ).apply("AD")
        record = state.record().to_json().encode()
        at = open_whist(**FAST)
        at.file_uploader(key="whist.upload").set_value(("game.json", record, "application/json"))
        at.run()
        assert texts(at.info)[0].startswith("Replaying the uploaded record")
        assert heading(at) == "Step 0 of 1: the deal"
        press_step(at, "whist", "next")
        assert heading(at) == "Step 1 of 1: South plays the A♦"
        assert "step" not in at.query_params or at.query_params["step"] == "0"

    def test_a_whot_record_is_refused_with_a_clear_message(self):
        whot = GameState.from_position(
            Rules.preset("british"), hands=[["circle 5"], ["square 5"]], pile=["circle 11"]
        )
        at = open_whist(**FAST)
        upload = ("whot.json", whot.record().to_json().encode(), "application/json")
        at.file_uploader(key="whist.upload").set_value(upload).run()
        assert not at.exception
        (error,) = texts(at.error)
        assert error.startswith("This is not a Whist game record the engine can replay:")
        assert "whist-game-record" in error
        assert len(tables(at)) == 1  # the AI game is still shown
