"""What every practice question must satisfy, shared by test_practice and test_lessons.

The answers are worked out here again from the question's position through the engine's public API
(legal moves, apply, hand sizes, the current player, and the count written out by hand), not
through `whot_core.whot.teach.practice`, so a wrong answer there cannot hide behind itself.
"""

from __future__ import annotations

from typing import Any

from helpers import points_by_hand

from whot_core import IllegalMove
from whot_core.whot.teach.practice import Question


def engine_answer(question: Question) -> Any:
    """The answer to `question`, recomputed from its state, move and seat."""
    state, move = question.state, question.move
    if question.kind == "playable":
        hand = state.hand(state.current_player)
        legal = state.legal_moves()
        return frozenset(card for card in hand if any(m.card == card for m in legal))
    if question.kind == "legal":  # what `apply` accepts (under informative announcements it
        try:  # takes a move with fitting words, recorded as the plain move: docs/rules.md)
            state.apply(move)
        except IllegalMove:
            return False
        return True
    if question.kind == "next_player":
        return state.apply(move).current_player
    if question.kind == "hand_sizes":
        return tuple(len(hand) for hand in state.apply(move).hands)
    return points_by_hand(state.hand(question.seat), state.rules.star_double)


def wrong_responses(question: Question) -> list[Any]:
    """Responses that must be judged wrong: every other choice, and for `playable` the answer
    with one card too many or one too few."""
    if question.kind != "playable":
        return [choice for choice in question.choices if choice != question.answer]
    answer = question.answer
    out = [answer - {card} for card in answer]
    out += [answer | {card} for card in question.choices if card not in answer]
    return out


def check_question(question: Question) -> None:
    """The answer agrees with the engine, is among the choices, is judged right; every other
    choice is judged wrong with an explanation; the JSON form reads back to the same question."""
    assert question.answer == engine_answer(question), question.prompt
    assert question.prompt and question.choices
    if question.kind == "playable":
        hand = question.state.hand(question.state.current_player)
        assert set(question.choices) == set(hand) and len(question.choices) == len(set(hand))
        assert question.answer <= set(question.choices)
    else:
        assert question.answer in question.choices
        assert len(set(question.choices)) == len(question.choices)
    verdict = question.check(question.answer)
    assert verdict.correct and verdict.explanation
    for response in wrong_responses(question):
        verdict = question.check(response)
        assert not verdict.correct and verdict.explanation, (question.prompt, response)
    text = question.to_json()
    assert Question.from_json(text).to_json() == text
