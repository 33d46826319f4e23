"""Small wording slips a review of the teaching text found (issue 28): a card named twice, the Whot
written as the card text "whot" in a sentence, a special card put under the market that was never
said to be turned up, and two lesson sentences that do not parse."""

from __future__ import annotations

from pathlib import Path

from whot_core import Card, GameState, Rules
from whot_core.engine.events import PutUnder
from whot_core.engine.narrate import describe_event
from whot_core.lesson_files import builtin_lessons
from whot_core.players import HeuristicPlayer
from whot_core.practice import ask

APP_PAGES = Path(__file__).resolve().parents[1] / "app_pages"


def test_a_count_names_each_card_once():
    state = GameState.from_position(
        Rules.preset("british"), [["star 7", "whot", "circle 3"], ["cross 5"]], ["circle 7"]
    )
    question = ask("count", state, seat=0)
    assert question.check(question.answer).explanation == (
        "Right. star 7 counts double, 14; a Whot counts 20; circle 3 counts 3. Total 37. "
        "Stars count double here."
    )


def test_a_special_card_put_under_the_market_was_turned_up():
    assert describe_event(PutUnder(Card.parse("triangle 2"))) == (
        "triangle 2 is turned up, but it is special, so it goes under the market."
    )


def test_the_whot_s_call_box_names_the_whot_as_a_card():
    source = (APP_PAGES / "table_component.py").read_text(encoding="utf-8")
    assert 'const title = "Your Whot calls:";' in source


def test_the_long_description_of_whot_is_cited_in_sentences_that_parse():
    texts = "\n".join(stage.text for lesson in builtin_lessons() for stage in lesson.stages)
    texts = " ".join(texts.split())
    assert "In the British game, as the long description of Whot tells it, players" in texts
    assert "The long description of Whot says that some Nigerian tables play hold on" in texts
    assert "game of the long description" not in texts
    assert "differently, the long description of Whot says" not in texts


def test_an_ai_that_checks_up_with_the_whot_names_it_as_a_card():
    state = GameState.from_position(
        Rules.preset("nigerian"), [["whot"], ["cross 5", "star 4"]], ["circle 7"]
    )
    decision = HeuristicPlayer().choose(state.view(0))
    assert decision.reason == "Heuristic — check up: the Whot is my last card, so playing it wins."
