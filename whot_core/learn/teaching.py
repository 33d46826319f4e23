"""Feedback that teaches: a wrong answer judged part by part, then a hint, before the answer.

A learner who marks one of the two cards that may be played was right about that one: they read
"triangle 3, yes" and how many more may be played, not "you said triangle 3" as if it were wrong.
A card marked that may not be played is named with the engine's reason. After a second wrong try
comes a hint: the cards not yet marked that may be played, each with its reason; for a seat by
seat answer, what each seat had before; for a single choice, two choices the answer is among.
Only what the learner said is called right or wrong, and every reason is the engine's own.

    >>> from whot_core import GameState, Rules
    >>> state = GameState.from_position(Rules.preset("nigerian"),
    ...     hands=[["triangle 3", "circle 11", "star 5"], ["square 2"]], pile=["triangle 11"])
    >>> from whot_core.whot.teach.practice import ask
    >>> question = ask("playable", state)
    >>> first_try(question, ["triangle 3"])
    'Not quite. triangle 3, yes. 1 more card may be played: find it.'
    >>> hint(question, ["triangle 3"])
    'Hint: circle 11 may be played too. Matching: circle 11 has the same number as triangle 11.'

"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..whist.engine.rules import TEAMS
from ..whist.teach.questions import WhistQuestion
from ..whot.engine.cards import Card
from ..whot.engine.narrate import seat_name
from ..whot.teach.lessons import MatchQuestion
from ..whot.teach.practice import card_reason

__all__ = ["Judged", "first_try", "hint", "judge"]


@dataclass(frozen=True)
class Judged:
    """A wrong answer in parts: those said that are right, those said that are wrong (`extra`:
    a card that may not be played, a seat's wrong number), and the right ones not said
    (`missing`). A card is a part of a set of cards; `(seat, number)` of a number by seat."""

    right: tuple[Any, ...]
    extra: tuple[Any, ...]
    missing: tuple[Any, ...]


def _by_part(question: Any) -> str:
    """How an answer splits into parts: a set of cards, a number by seat (or team), or one."""
    if question.kind == "playable":
        return "cards"
    if question.kind in ("hand_sizes", "score") and not isinstance(question, MatchQuestion):
        return "seats"
    return "one"


def _cards(question: Any, response: Any) -> set:
    if isinstance(response, str | Card) or not isinstance(response, Iterable):
        response = [response]
    card = type(next(iter(question.choices)))
    return {card.of(each) for each in response}


def judge(question: Any, response: Any) -> Judged | None:
    """A response in parts (None when it cannot be read, or is not split: a single choice)."""
    by = _by_part(question)
    try:
        if by == "cards":
            said, answer = _cards(question, response), set(question.answer)
            order = sorted(said | answer)
            return Judged(*(tuple(c for c in order if c in part)
                            for part in (said & answer, said - answer, answer - said)))  # fmt: skip
        if by == "seats":
            said, answer = tuple(int(n) for n in response), tuple(question.answer)
            if len(said) != len(answer):
                return None
            pairs = list(enumerate(said))
            right = tuple(p for p in pairs if p[1] == answer[p[0]])
            extra = tuple(p for p in pairs if p[1] != answer[p[0]])
            return Judged(right, extra, tuple((seat, answer[seat]) for seat, _ in extra))
    except (TypeError, ValueError):
        return None
    return None


def _seat(question: Any, seat: int) -> str:
    return TEAMS[seat] if isinstance(question, WhistQuestion) else seat_name(seat)


def _reason(question: Any, card: Any) -> str:
    """The engine's reason for one card, without a leading "Legal." (the sentence says so)."""
    if isinstance(question, WhistQuestion):
        why = question.state.explain(card)
    else:
        why = card_reason(question.state, card)
    return why.removeprefix("Legal. ").replace("Legal, and it wins. ", "It would win. ", 1)


def _card_parts(question: Any, judged: Judged) -> list[str]:
    parts = []
    if judged.right:
        parts.append(f"{', '.join(map(str, judged.right))}, yes.")
    parts += [f"{card} may not be played. {_reason(question, card)}" for card in judged.extra]
    return parts


def first_try(question: Any, response: Any, say: Callable[[Any], str] = str) -> str:
    """A wrong answer's feedback at the first try: what was right, what was wrong (with the
    engine's reason for a card), how many are missing; never the answer itself. `say` words
    one choice (the page's button label)."""
    judged = judge(question, response)
    if judged is None:
        return f"Not quite: {_said(say, response)} is not the answer. Try again."
    if _by_part(question) == "cards":
        parts = _card_parts(question, judged)
        n = len(judged.missing)
        if n:
            them = "it" if n == 1 else "them"
            parts.append(f"{n} more card{'' if n == 1 else 's'} may be played: find {them}.")
        return " ".join(["Not quite.", *parts])
    right = [f"{_seat(question, s)}: {n}, yes" for s, n in judged.right]
    wrong = [f"{_seat(question, s)}: not {n}" for s, n in judged.extra]
    return f"Not quite. {'; '.join(right + wrong)}. Try again."


def _said(say: Callable[[Any], str], response: Any) -> str:
    try:
        return say(response)
    except (TypeError, ValueError, KeyError, IndexError, AttributeError):
        return repr(response)


def hint(question: Any, response: Any, say: Callable[[Any], str] = str) -> str:
    """A hint after a second wrong try, before the answer: the cards that may be played but are
    not marked, each with the engine's reason; what each seat wrongly answered had before the
    move (or the hand); else two choices, one of them the answer (the other choice of two)."""
    judged = judge(question, response)
    if judged is not None and _by_part(question) == "cards":
        parts = [f"{card} may be played too. {_reason(question, card)}" for card in judged.missing]
        return "Hint: " + (" ".join(parts) or "unmark the cards that may not be played.")
    if judged is not None:
        whist = isinstance(question, WhistQuestion)
        before = question.state.scores if whist else question.state.hand_sizes
        had = "; ".join(f"{_seat(question, s)} had {before[s]}" for s, _ in judged.extra)
        return f"Hint: before the {'hand' if whist else 'move'}, {had}."
    if _by_part(question) == "cards":  # a response that names no card of the hand
        return "Hint: mark each card of the hand that may be played now, then check."
    others = [c for c in question.choices if c not in (question.answer, response)]
    if not others:
        return f"Hint: {_said(say, response)} is not the answer: try the other choice."
    pair = [c for c in question.choices if c in (question.answer, others[0])]
    return f"Hint: the answer is {_said(say, pair[0])} or {_said(say, pair[1])}."
