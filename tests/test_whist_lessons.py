"""Whist's Learn path (whot_core.whist.teach.lessons): every stage's answer recomputed here from
seed 001's rules, independently of the engine; its choices hold the answer once; its explanation
says what happens; its quotation is the seed's own words."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from whot_core.learn import page as learn
from whot_core.whist import SEATS, Card, Suit, WhistState
from whot_core.whist.teach.lessons import LESSONS, SOURCE, lesson
from whot_core.whist.teach.questions import ask

ROOT = Path(__file__).resolve().parents[1]
SEEDS = Path(os.environ.get("WHOT_SEEDS", ROOT.parent / "shared" / "seeds"))
ROTATION = (Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS, None)
ORDER = "23456789TJQKA"
STAGES = [(each.id, n, stage) for each in LESSONS for n, stage in enumerate(each.stages)]
IDS = [f"{lesson_id}/{n + 1}" for lesson_id, n, _ in STAGES]


def rank(card: Card) -> int:
    return ORDER.index(card.ascii[:-1].replace("10", "T"))


def may_play(state: WhistState) -> set[Card]:
    """Seed 001: follow suit when you can, else any card."""
    hand = set(state.hand(state.current_player))
    if not state.trick:
        return hand
    led = state.trick[0][1].suit
    return {c for c in hand if c.suit is led} or hand


def trick_winner(trick: list[tuple[int, Card]], trump: Suit | None) -> int:
    """The highest trump, else the highest card of the suit led."""
    led = trick[0][1].suit
    trumps = [(rank(c), s) for s, c in trick if c.suit is trump]
    return max(trumps or [(rank(c), s) for s, c in trick if c.suit is led])[1]


def recomputed(question) -> object:
    state, card = question.state, question.card
    if question.kind == "playable":
        return may_play(state)
    if question.kind == "legal":
        return card in may_play(state)
    winner = trick_winner([*state.trick, (state.current_player, card)], state.trump)
    if question.kind == "winner":
        return winner
    hand = state.hand_number
    if question.kind == "next_trump":
        return ROTATION[hand % 5]
    if question.kind == "next_leader":
        return hand % 4  # South leads hand 1, one seat to the left each hand
    tricks = list(state.tricks_won)
    tricks[winner % 2] += 1
    scores = tuple(s + max(0, t - 6) for s, t in zip(state.scores, tricks, strict=True))
    if question.kind == "score":
        return scores
    return next((team for team in (0, 1) if scores[team] >= 7), None)


def test_five_lessons_of_two_to_four_stages_in_order():
    assert [each.id for each in LESSONS] == [
        "following-suit",
        "trumps",
        "no-trump",
        "the-book",
        "game-to-seven",
    ]
    assert all(2 <= len(each.stages) <= 4 for each in LESSONS)
    assert lesson("trumps") is LESSONS[1]
    with pytest.raises(ValueError, match="following-suit"):
        lesson("bridge")


@pytest.mark.parametrize("lesson_id, n, stage", STAGES, ids=IDS)
def test_every_stage_answer_is_seed_001s(lesson_id, n, stage):
    question = stage.question
    answer = question.answer
    assert (set(answer) if question.kind == "playable" else answer) == recomputed(question)


@pytest.mark.parametrize("lesson_id, n, stage", STAGES, ids=IDS)
def test_the_choices_hold_the_answer_once_and_only_it_is_right(lesson_id, n, stage):
    question = stage.question
    choices = question.choices
    assert len(set(choices)) == len(choices) >= 2
    if question.kind == "playable":  # each choice a card of the hand; the answer, some of them
        assert set(question.answer) <= set(choices) == set(question.state.hand(question.seat))
    else:
        assert choices.count(question.answer) == 1
        for choice in choices:
            verdict = question.check(choice)
            assert verdict.correct == (choice == question.answer)
            said = question.say(choice)
            lead = "Right." if verdict.correct else f"Not quite: you said {said}."
            assert verdict.explanation.startswith(lead)
    assert len({question.say(c) for c in choices}) == len(choices)


@pytest.mark.parametrize("lesson_id, n, stage", STAGES, ids=IDS)
def test_the_explanation_says_what_the_answer_is_about(lesson_id, n, stage):
    question = stage.question
    why, kind, answer = question.explanation(), question.kind, question.answer
    state = question.state
    if kind == "playable":
        lines = learn.explanation_lines(question, why)  # a line for each group of cards
        for card in state.hand(question.seat):
            [line] = [x for x in lines if str(card) in x.partition(": ")[0].split(", ")]
            assert ("must play" in line) == (card not in answer), line
    elif kind == "legal":
        assert why.startswith("Follow suit") != answer
    else:
        assert f"{SEATS[state.current_player]}" in why and str(question.card) in why
        hand = state.hand_number
        if kind == "winner":
            assert re.search(rf"{SEATS[answer]} wins trick \d+ with", why)
        elif kind == "next_trump":
            trumps = f"{answer.value} are trumps" if answer else "no trumps"
            assert f"Hand {hand + 1}: {trumps};" in why
        elif kind == "next_leader":
            assert f"Hand {hand + 1}: " in why and why.endswith(f"{SEATS[answer]} leads.")
        elif kind == "score":
            assert f"Score {answer[0]}–{answer[1]}." in why
        else:
            won = answer is not None
            assert ("win the game" in why) == won and (f"Hand {hand + 1}:" in why) != won


@pytest.mark.parametrize("lesson_id, n, stage", STAGES, ids=IDS)
def test_a_stage_teaches_briefly_in_its_own_words(lesson_id, n, stage):
    sentences = [s for s in re.split(r"(?<=[.:;!?])\s+(?=[A-Z])", stage.text) if s]
    assert 1 <= len(sentences) <= 3 and len(stage.text) <= 320, stage.text
    assert '"' not in stage.text and "seed" not in stage.text


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seeds live beside the repository")
@pytest.mark.parametrize("lesson_id, n, stage", STAGES, ids=IDS)
def test_a_quotation_is_the_seeds_own_words(lesson_id, n, stage):
    [seed] = SEEDS.glob("001_*.txt")
    assert stage.quote and stage.quote in seed.read_text(encoding="utf-8")


def test_the_source_is_named_in_words_with_the_list_of_sources():
    assert SOURCE == "Whist as one online game plays it"
    quoted = learn.whist_quote(LESSONS[0].stages[0].quote)
    assert quoted.startswith("> Each other player")
    assert quoted.endswith("— Whist as one online game plays it")
    assert learn.whist_source_words().startswith("Whist as one online game plays it: a second game")
    assert "seeds/" not in quoted + learn.whist_source_words()


def test_a_question_refuses_what_it_cannot_ask():
    state = LESSONS[3].stages[0].question.state  # the last trick of a hand, East to play
    with pytest.raises(ValueError, match="needs the card"):
        ask("score", state)
    mid = LESSONS[1].stages[0].question.state  # the twelfth trick
    with pytest.raises(ValueError, match="does not end the hand"):
        ask("score", mid, "2S")
    with pytest.raises(ValueError, match="not legal"):
        ask("winner", mid, "KS")
    assert not LESSONS[0].stages[0].question.check(42).correct  # never raises


def test_whist_stages_have_their_own_links_and_progress():
    ref = learn.StageRef(1, 3, "whist")
    assert learn.stage_params(ref) == {"game": "whist", "lesson": "trumps", "stage": "4"}
    assert learn.read_stage_link(learn.stage_params(ref)) == (ref, None)
    assert ref.next == learn.StageRef(2, 0, "whist") and ref.next.previous == ref
    last = learn.StageRef(4, len(LESSONS[4].stages) - 1, "whist")
    assert last.next is None
    assert learn.read_stage_link({"game": "chess", "lesson": "trumps"})[0] is None
    progress = {ref.key: learn.Tries(1, True)}
    assert learn.lesson_progress(1, progress, "whist") == (1, 2, 12)
    assert learn.path_progress(progress, "whist") == (1, sum(len(e.stages) for e in LESSONS))
    assert learn.path_progress(progress) == (0, learn.path_progress({})[1])  # Whot's apart
    assert learn.first_unsolved(progress, "whist") == learn.StageRef(0, 0, "whist")
