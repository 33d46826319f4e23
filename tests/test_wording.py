"""Small wording slips a review of the teaching text found (issue 28): a card named twice, the Whot
written as the card text "whot" in a sentence, a special card put under the market that was never
said to be turned up, and two lesson sentences that do not parse."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from whot_core import Card, GameState, Rules
from whot_core.learn import page as learn
from whot_core.learn.page import stage_rules_line
from whot_core.whot.app.side_by_side import change_contrasts
from whot_core.whot.engine.events import PutUnder
from whot_core.whot.engine.narrate import describe_event, narrate
from whot_core.whot.players import HeuristicPlayer
from whot_core.whot.teach.lesson_files import builtin_lessons
from whot_core.whot.teach.practice import ask, generate

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
        "Turned up: triangle 2, a special card, so it goes under the market."
    )


def test_the_whot_s_call_box_names_the_whot_as_a_card():
    source = (APP_PAGES / "whot" / "table_component.js").read_text(encoding="utf-8")
    assert 'const title = "Your Whot calls:";' in source
    # the panel's words too: the card's own name, "whot", is the engine's and reads lower case
    assert '"Choose the shape your Whot calls (Escape cancels)."' in source
    assert "your ${card.name} calls" not in source


def test_the_long_description_of_whot_is_cited_in_sentences_that_parse():
    texts = "\n".join(stage.text for lesson in builtin_lessons() for stage in lesson.stages)
    texts = " ".join(texts.split())
    assert "In the British game, as the long description of Whot tells it, players" in texts
    assert "The long description of Whot says that some Nigerian tables play hold on" in texts
    assert "game of the long description" not in texts
    assert "differently, the long description of Whot says" not in texts


#: The app's pages by the names a reader knows them by (app.py's titles).
PAGES = ("Learn", "Rules", "Watch", "Scoring", "Compare", "Side by side", "Play", "Whist",
         "Play Whist", "Classroom", "Play together")  # fmt: skip


def test_no_lesson_sends_its_reader_to_another_page():
    """A reviewer: the Pack's first stage said "(stars have a rule of their own: see Scoring)".
    A stage is read on the Learn page and on a phone in a classroom quiz, which reaches no other
    page: it says what it means where it is read."""
    pages = "|".join(map(re.escape, PAGES))
    sends = re.compile(rf"\b(see|open|on) (the )?({pages})\b(?! (card|cards|shape|rules)\b)")
    found = [
        (lesson.id, n + 1, match.group(0))
        for lesson in builtin_lessons()
        for n, stage in enumerate(lesson.stages)
        for match in sends.finditer(" ".join(stage.text.split()))
    ]
    assert found == []


def test_the_pack_names_the_nigerian_shapes_and_the_players_in_plain_words():
    """A reviewer: "the long description of Whot" read as a source's name used as a phrase;
    the Pack says the facts plainly (the lesson file's `sources` name the seeds)."""
    [pack] = [lesson for lesson in builtin_lessons() if lesson.id == "the-pack"]
    texts = " ".join(" ".join(stage.text for stage in pack.stages).split())
    assert "long description" not in texts
    assert "In Nigeria the shapes are called ball, angle, cross, carpet and star:" in texts
    assert (
        "The web rules are for 2 to 4 players; other accounts of the game allow two or more."
        in texts
    )
    assert "counts its number against you (a star too, or double under some rules)." in texts


def test_an_ai_that_checks_up_with_the_whot_names_it_as_a_card():
    state = GameState.from_position(
        Rules.preset("nigerian"), [["whot"], ["cross 5", "star 4"]], ["circle 7"]
    )
    decision = HeuristicPlayer().choose(state.view(0))
    assert decision.reason == "Heuristic — check up: the Whot is my last card, so playing it wins."


# ------------------------------------------------ moves in the narration's words, numbers apart

RUN_TOGETHER = re.compile(r"\b[Ss]eat \d+ \d+")  # "Seat 0 7, Seat 1 6"


@pytest.mark.parametrize("preset", Rules.presets())
def test_a_practice_task_says_the_move_as_the_narration_does(preset):
    """The Learn page shows the situation apart, so the task must name its seat, and no move
    is written as code ("They play 'play circle 1'"); lists of numbers say whose each is."""
    for kind in ("legal", "next_player", "hand_sizes"):
        for seed in range(4):
            question = generate(Rules.preset(preset), kind, seed)
            task, _ = learn.task(question)
            seat = question.state.current_player
            assert task.startswith((f"May Seat {seat} ", f"Seat {seat} ", "Now Seat 0 has ")), task
            assert "'" not in task and not task.startswith("They"), task
            said = question.prompt + question.check(question.choices[0]).explanation
            assert not RUN_TOGETHER.search(said), said


def test_the_practice_tasks_in_words():
    state = GameState.from_position(
        Rules.preset("nigerian"), [["circle 1", "whot", "cross 10"], ["star 4"]], ["circle 7"]
    )
    assert ask("next_player", state, "play circle 1").prompt.endswith(
        "Seat 0 plays circle 1. Who plays next?"
    )
    assert ask("legal", state, "play whot call star").prompt.endswith(
        "May Seat 0 play a Whot and call star now?"
    )
    sizes = ask("hand_sizes", state, "draw")
    assert sizes.prompt.endswith(
        "Now Seat 0 has 3 cards, Seat 1 has 1 card. Seat 0 goes to market. How many cards does "
        "each seat hold after it?"
    )
    assert sizes.check(sizes.answer).explanation.endswith(
        "After it, Seat 0 has 4 cards, Seat 1 has 1 card."
    )
    _svg, caption = learn.outcome_svg(ask("next_player", state, "play circle 1"))
    assert caption == "The table after Seat 0 plays circle 1."
    refused = ask("legal", state, "play cross 10")
    assert learn.outcome_svg(refused)[1] == (
        "The table stays as it was: Seat 0 may not play cross 10."
    )


def test_the_rules_page_captions_say_the_move_in_words():
    preset = Rules.preset("nigerian")
    [shown] = change_contrasts(preset, preset.replace(multiple_cards=True))
    assert shown.captions == (
        "the table as it was, since Seat 0 may not play circle 11 and triangle 11",
        "the table after Seat 0 plays circle 11 and triangle 11",
    )
    page = (APP_PAGES / "whot" / "rules.py").read_text(encoding="utf-8")
    assert "shown.captions" in page and "is not allowed" not in page


def test_a_count_that_ends_the_game_says_whose_each_number_is():
    state = GameState.from_position(
        Rules.preset("nigerian").replace(exhausted="count"),
        [["circle 3", "cross 10"], ["star 4"]],
        ["circle 7"],
        market=[],
    )
    assert narrate(state.apply("draw").events)[-1] == (
        "The market has run out, and these rules end the game there: count (Seat 0 has 13 "
        "points, Seat 1 has 4 points). Seat 1 wins."
    )


# ---------------------------------------------------------------------------- stacked colons


def test_a_stage_under_its_own_rules_says_why_in_a_sentence_of_its_own():
    lesson = next(x for x in builtin_lessons() if x.id == "hold-on")
    posed = lesson.stages[2].pose(Rules.preset("nigerian"))
    line = stage_rules_line(posed, Rules.preset("nigerian"))
    assert line.endswith(
        "with hold on making the next player miss a turn. This position plays differently "
        "under the sidebar's rules, shown after your answer."
    )


def test_a_change_no_position_shows_is_said_in_two_sentences():
    preset = Rules.preset("nigerian")
    [shown] = change_contrasts(preset, preset.replace(hand_size=7))
    assert shown.text == (
        "No single position shows this change. Hand size does not act during play: it changes "
        "the deal (the Side by side page shows it)."
    )
