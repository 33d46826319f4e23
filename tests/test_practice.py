"""Practice questions: answers agree with the engine, feedback never crashes, JSON is checked."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from practice_checks import check_question, engine_answer

from whot_core import Card, Effect, GameState, HeldOn, Played, Rules
from whot_core.whot.teach.practice import FOCI, KINDS, Question, ask, generate, idle_reason

PRESETS = Rules.presets()


def player_counts(rules: Rules) -> range:
    return range(rules.min_players, min(4, rules.max_players) + 1)


@pytest.mark.parametrize("name", PRESETS)
def test_generation_never_fails_and_agrees_with_the_engine(name):
    rules = Rules.preset(name)
    for kind in KINDS:
        for players in player_counts(rules):
            for seed in range(5):
                question = generate(rules, kind, seed, players=players)
                assert question.kind == kind and question.state.players == players
                check_question(question)


@pytest.mark.parametrize("kind", KINDS)
def test_the_same_seed_gives_the_same_question(kind):
    rules = Rules.preset("nigerian_street")
    assert generate(rules, kind, 5).to_json() == generate(rules, kind, 5).to_json()


@pytest.mark.parametrize("kind", KINDS)
def test_different_seeds_give_varied_positions(kind):
    rules = Rules.preset("nigerian")
    questions = [generate(rules, kind, seed) for seed in range(12)]
    positions = {(q.state.top, q.state.hands, q.move, q.seat) for q in questions}
    assert len(positions) >= 10
    assert len({q.state.players for q in questions}) > 1  # the player count varies too


def test_the_same_seed_gives_the_same_question_in_another_process():
    """Nothing depends on hash order: a fresh interpreter with another hash seed agrees."""
    code = (
        "from whot_core import Rules; from whot_core.whot.teach.practice import generate; "
        "print(generate(Rules.preset('naija_tournament'), 'hand_sizes', 9, focus='defence')"
        ".to_json(), end='')"
    )
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONHASHSEED": "12345", "PYTHONPATH": str(root)}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    here = generate(Rules.preset("naija_tournament"), "hand_sizes", 9, focus="defence")
    assert out.stdout == here.to_json()


def test_a_question_names_the_seat_and_the_move_it_asks_about():
    question = generate(Rules.preset("nigerian"), "next_player", 3)
    move = str(question.move).removeprefix("play ")
    assert f"Seat {question.state.current_player} plays {move}. Who" in question.prompt
    count = generate(Rules.preset("british"), "count", 3)
    assert f"Seat {count.seat}" in count.prompt and count.move is None


# ------------------------------------------------------------------------------- checking


def test_check_accepts_the_natural_forms_of_an_answer():
    state = GameState.from_position(
        Rules.preset("british"),
        hands=[["circle 5", "circle 11", "star 7"], ["square 2"]],
        pile=["triangle 11"],
    )
    playable = ask("playable", state)
    assert playable.answer == {Card.parse("circle 11")}
    assert playable.check(["circle 11"]).correct
    assert playable.check({Card.parse("circle 11")}).correct
    assert playable.check("circle 11").correct
    assert playable.check(("ball 11",)).correct  # a Nigerian name is the same card
    sizes = ask("hand_sizes", state, "play circle 11")
    assert sizes.check([2, 1]).correct and sizes.check((2, 1)).correct
    assert ask("next_player", state, "draw").check(1).correct
    assert ask("count", state, seat=0).check(5 + 11 + 14).correct
    assert ask("legal", state, "play star 7").check(False).correct


@pytest.mark.parametrize("kind", KINDS)
def test_odd_responses_are_wrong_and_explained_never_raised(kind):
    question = generate(Rules.preset("nigerian_street"), kind, 4)
    odd = [None, 3.5, "xyz", ["circle 99"], {"a": 1}, object(), [True, False], -1, [[1]]]
    for response in odd:
        verdict = question.check(response)
        assert verdict.correct is False and verdict.explanation, response


def test_a_wrong_answer_is_explained_in_the_engines_words():
    state = GameState.from_position(
        Rules.preset("nigerian"),
        hands=[["circle 2", "star 7", "cross 5"], ["square 2", "triangle 4"]],
        pile=["circle 11"],
        market=["cross 3", "star 1", "circle 4"],
    )
    question = ask("hand_sizes", state, "play circle 2")
    verdict = question.check((2, 2))
    assert not verdict.correct
    assert state.explain("play circle 2") in verdict.explanation
    assert "Seat 1 picks two (cross 3, star 1)." in verdict.explanation
    count = ask("count", state, seat=0)
    assert "star 7 counts 7;" in count.check(0).explanation  # nigerian: stars face value


# ----------------------------------------------------------------------------------- JSON


def _data(kind: str = "next_player") -> dict:
    return json.loads(generate(Rules.preset("nigerian"), kind, 2).to_json())


@pytest.mark.parametrize(
    "change, field",
    [
        (lambda d: d.pop("answer"), "answer"),
        (lambda d: d.update(extra=1), "extra"),
        (lambda d: d.update(kind="guess"), "kind"),
        (lambda d: d.update(format="chess"), "format"),
        (lambda d: d.update(version=2), "version"),
        (lambda d: d.update(move=7), "move"),
        (lambda d: d.update(move="play circle 99"), "move"),
        (lambda d: d.update(seat="0"), "seat"),
        (lambda d: d.update(answer=d["answer"] + 1), "answer"),
        (lambda d: d.update(answer=str(d["answer"])), "answer"),
        (lambda d: d["position"].update(moves=["play whot call star"] * 3), "position"),
        (lambda d: d["position"]["rules"].pop("defence"), "position"),
        (lambda d: d.update(position=[]), "position"),
    ],
)
def test_malformed_questions_are_refused_naming_the_field(change, field):
    data = _data()
    change(data)
    with pytest.raises(ValueError, match=field):
        Question.from_json(json.dumps(data))


@pytest.mark.parametrize("text", ["", "{", "[]", "null", "3", b"\xff\xfe"])
def test_text_that_is_not_a_question_is_refused(text):
    with pytest.raises(ValueError, match="question"):
        Question.from_json(text)


def test_a_count_needs_a_seat_and_a_move_question_a_legal_move():
    data = _data("count")
    data["seat"] = 9
    with pytest.raises(ValueError, match="seat"):
        Question.from_json(json.dumps(data))
    data = _data("hand_sizes")
    data["move"] = "play whot call star"  # not in that hand
    with pytest.raises(ValueError, match="move"):
        Question.from_json(json.dumps(data))


@pytest.mark.parametrize("kind", KINDS)
def test_json_round_trip(kind):
    question = generate(Rules.preset("naija_tournament"), kind, 11)
    again = Question.from_json(question.to_json())
    assert again.to_json() == question.to_json()
    assert again.answer == question.answer and again.choices == question.choices
    assert again.prompt == question.prompt


# ---------------------------------------------------------------------------------- focus


def _held_on(state: GameState) -> bool:
    """The last move played the top card and a HeldOn event followed it."""
    events = state.events
    played = max(i for i, e in enumerate(events) if isinstance(e, Played))
    return state.moves[-1].card is not None and any(isinstance(e, HeldOn) for e in events[played:])


def _effects_in_play(question: Question) -> set[Effect | None]:
    """The effects of the move's card, the playable cards, and a top card still acting."""
    state = question.state
    rules = state.rules
    cards = [question.move.card] if question.move is not None else []
    if question.kind == "playable":
        cards += list(question.answer)
    if state.penalty or state.called or (state.moves and _held_on(state)):
        cards.append(state.top)
    return {None if c is None or c.is_whot else rules.effect_of(c.number) for c in cards}


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("kind", ["playable", "legal", "next_player", "hand_sizes"])
def test_an_effect_focus_puts_that_effect_in_play(kind, seed):
    for name, effect in [("nigerian", Effect.PICK_TWO), ("nigerian_1970s", Effect.HOLD_ON)]:
        question = generate(Rules.preset(name), kind, seed, focus=effect.value)
        check_question(question)
        assert effect in _effects_in_play(question) or question.state.penalty


@pytest.mark.parametrize("seed", range(4))
def test_defence_focus_shows_a_pick_under_defence(seed):
    question = generate(Rules.preset("nigerian_street"), "playable", seed, focus="defence")
    picks = {Effect.PICK_TWO, Effect.PICK_THREE}
    assert question.state.penalty or picks & _effects_in_play(question)


@pytest.mark.parametrize("seed", range(4))
def test_whot_focus_shows_a_whot(seed):
    question = generate(Rules.preset("british"), "playable", seed, focus="whot")
    assert question.state.called or Card.parse("whot") in question.answer


@pytest.mark.parametrize("seed", range(3))
def test_exhausted_focus_shows_the_market_running_out(seed):
    question = generate(Rules.preset("british"), "hand_sizes", seed, focus="exhausted")
    after = question.state.apply(question.move)
    new = after.events[len(question.state.events) :]
    assert any(type(e).__name__ in ("Flipped", "Reshuffled", "GameOver") for e in new)


def test_count_focus_on_stars_holds_a_star():
    question = generate(Rules.preset("british"), "count", 1, focus="star_double")
    assert any(card.shape.value == "star" for card in question.state.hand(question.seat))


@pytest.mark.parametrize(
    "preset, focus",
    [
        ("british", "defence"),
        ("british", "hold_on"),
        ("nigerian_1970s", "star8_double"),
        ("nigerian_1970s", "general_market_again"),
        ("british_modern", "announcements"),
        ("british", "specials"),
    ],
)
def test_an_idle_focus_is_refused(preset, focus):
    with pytest.raises(ValueError, match="changes nothing"):
        generate(Rules.preset(preset), "playable", 1, focus=focus)


def test_a_focus_the_kind_cannot_show_or_an_unknown_one_is_refused():
    with pytest.raises(ValueError, match="count"):
        generate(Rules.preset("british"), "legal", 1, focus="star_double")
    with pytest.raises(ValueError, match="focus"):
        generate(Rules.preset("british"), "legal", 1, focus="trumps")


@pytest.mark.parametrize("name", PRESETS)
def test_every_focus_finds_a_position_or_says_why_not(name):
    """A focus that these rules play always finds a position: none is too rare to come up."""
    rules = Rules.preset(name)
    for focus in FOCI:
        for kind in KINDS:
            try:
                question = generate(rules, kind, 0, focus=focus)
            except ValueError as error:
                assert "changes nothing" in str(error) or "cannot show" in str(error), str(error)
            else:
                assert question.answer == engine_answer(question)


def test_every_rules_field_and_effect_is_a_focus():
    names = {f.name for f in Rules.fields()} | {e.value for e in Effect}
    assert names <= set(FOCI)


def test_bad_arguments_are_refused():
    rules = Rules.preset("nigerian")
    with pytest.raises(ValueError, match="kind"):
        generate(rules, "riddle", 1)
    with pytest.raises(ValueError, match="players"):
        generate(rules, "count", 1, players=7)


def test_a_count_on_an_empty_hand_reads_well_and_is_never_generated():
    """The winner's hand is empty: asked by hand, the question says so; generated, never."""
    state = GameState.from_position(
        Rules.preset("nigerian"), hands=[["circle 3"], ["star 4", "cross 10"]], pile=["circle 7"]
    ).apply("play circle 3")
    question = ask("count", state, seat=0)
    assert "Seat 0 has no cards left. What is Seat 0's count?" in question.prompt
    assert question.check(0).explanation == "Right. Seat 0 holds no cards, so the count is 0."
    for seed in range(40):
        question = generate(Rules.preset("british"), "count", seed, focus="match")
        assert question.state.hand(question.seat), seed


def test_which_cards_may_be_played_names_no_call_the_learner_never_made():
    state = GameState.from_position(
        Rules.preset("british"), hands=[["whot", "circle 4"], ["star 4"]], pile=["star 7"]
    )
    question = ask("playable", state)
    explanation = question.check(question.answer).explanation
    assert "whot: Legal. Whot: a Whot can go on any card" in explanation
    assert "you call" not in explanation and "circle." not in explanation


def test_a_focus_on_a_missing_effect_names_the_effect():
    why = idle_reason(Rules.preset("british"), "everyone_picks_two")
    assert why == "no card has the everyone picks two effect"
