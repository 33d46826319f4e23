"""Practice's multiple choices: for every kind and every focus, under every preset, each question's
choices are distinct, hold the right answer exactly once, make sense for the kind, and every wrong
choice is a slip a learner could make and the explanation can put right.

The slips are worked out here again from the position, not through `whot_core.whot.teach.practice`:
- a count: the stars counted the other way, a Whot counted as nought or as 10, one card left out,
  or one off;
- hand sizes after a move: nothing changes, only the mover's own card counts, the others' draws
  land on the wrong seats, or one seat is a card or two off.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest
from helpers import points_by_hand

from whot_core import Rules
from whot_core.whot.teach.practice import KINDS, Question, foci, generate

PRESETS = Rules.presets()


@cache
def questions(kind: str) -> tuple[Question, ...]:
    """Unfocused questions at 2, 3 and 4 players and focused ones for every focus a preset allows,
    two seeds each (a focus too rare for a seed's games is left out)."""
    out = []
    for name in PRESETS:
        rules = Rules.preset(name)
        for players in (2, 3, 4):
            for seed in range(3):
                out.append(generate(rules, kind, seed, players=players))
        for focus in foci(rules, kind):
            for seed in range(2):
                try:
                    out.append(generate(rules, kind, seed, focus=focus))
                except ValueError:  # not shown in MAX_GAMES games: another test's business
                    continue
    return tuple(out)


def count_slips(question: Question) -> set[int]:
    hand = question.state.hand(question.seat)
    stars = question.state.rules.star_double
    right = question.answer
    whots = sum(card.is_whot for card in hand)
    slips = {points_by_hand(hand, not stars), right - 20 * whots, right - 10 * whots}
    slips |= {right - points_by_hand([card], stars) for card in hand}
    return slips | {right + 1, right - 1}


def is_size_slip(question: Question, sizes: tuple[int, ...]) -> bool:
    before = question.state.hand_sizes
    right = question.answer
    mover = question.state.current_player
    played = question.move.card is not None
    own = list(before)
    own[mover] = before[mover] - len(question.move.cards) if played else right[mover]
    others = [seat for seat in range(len(before)) if seat != mover]
    changes = sorted(right[s] - before[s] for s in others)
    moved = sizes[mover] == right[mover] and sorted(sizes[s] - before[s] for s in others) == changes
    off = [abs(a - b) for a, b in zip(sizes, right, strict=True) if a != b]
    return sizes in (tuple(before), tuple(own)) or moved or (len(off) == 1 and off[0] <= 2)


@pytest.mark.parametrize("kind", KINDS)
def test_choices_are_distinct_and_hold_the_answer_once(kind):
    for question in questions(kind):
        choices = question.choices
        assert len(set(choices)) == len(choices), question.prompt
        if kind == "playable":  # the hand's cards, the answer being those that may be played
            assert set(choices) == set(question.state.hand(question.state.current_player))
            assert question.answer <= set(choices)
        else:
            assert Counter(choices)[question.answer] == 1, (question.prompt, choices)


@pytest.mark.parametrize("kind", ("legal", "next_player"))
def test_yes_no_and_seat_choices_are_all_there_is(kind):
    for question in questions(kind):
        expected = (True, False) if kind == "legal" else tuple(range(question.state.players))
        assert question.choices == expected


def test_count_choices_are_counts_a_slip_gives():
    for question in questions("count"):
        hand = question.state.hand(question.seat)
        assert hand, f"a count asked of a seat with no cards: {question.prompt}"
        assert len(question.choices) == 4
        slips = count_slips(question)
        for choice in question.choices:
            assert choice >= 0, (question.prompt, question.choices)
            assert choice == question.answer or choice in slips, (question.prompt, choice)


def test_hand_size_choices_are_sizes_a_slip_gives_and_a_hand_can_hold():
    for question in questions("hand_sizes"):
        state = question.state
        cards = sum(state.hand_sizes) + state.market_size + len(state.pile)
        assert len(question.choices) == 4
        for sizes in question.choices:
            assert len(sizes) == state.players
            assert min(sizes) >= 0 and sum(sizes) <= cards - 1, (question.prompt, sizes)
            if sizes != question.answer:
                assert is_size_slip(question, sizes), (question.prompt, sizes, question.answer)


def test_every_wrong_choice_is_judged_wrong_and_the_right_answer_given():
    for kind in ("count", "hand_sizes"):
        for question in questions(kind)[::5]:
            said = str(question.answer)
            if kind == "hand_sizes":
                said = ", ".join(
                    f"Seat {seat} has {n} card{'' if n == 1 else 's'}"
                    for seat, n in enumerate(question.answer)
                )
            for choice in question.choices:
                if choice != question.answer:
                    verdict = question.check(choice)
                    assert not verdict.correct
                    assert f"The answer: {said}" in (verdict.explanation)
