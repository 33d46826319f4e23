"""The pictures a Learn question shows, without Streamlit: the table to answer on (the table
component's data, `question_board`; Whist's, `whist_board`) and the table after the move
(`outcome_svg`), each with a phone's drawing where a table of every hand face up needs one
(`needs_narrow`). Learn's page and the classroom's quiz draw the same boards from here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..whist.engine.events import TrickWon
from ..whist.show.diagram import diagram_svg
from ..whist.teach.questions import WhistQuestion
from ..whot.engine.cards import Card
from ..whot.engine.narrate import seat_names
from ..whot.engine.state import GameState
from ..whot.show.pictures import table_svg
from ..whot.teach.practice import Question, seat_does

__all__ = ["needs_narrow", "outcome_svg", "question_board", "whist_board"]


@dataclass(frozen=True)
class _Choice:
    """A card of the hand as a control that only marks the card (see `table_svg`'s `hand`):
    `legal` None, so the card is drawn plain and the picture tells nothing."""

    label: str
    legal: None = None
    move: None = None


def _viewer(question: Question) -> int | None:
    """Whose view the table shows: the player to move for `playable` (their hand is the
    answer), else every hand face up, as a teacher lays out a position."""
    return question.state.current_player if question.kind == "playable" else None


def _names(state: GameState) -> tuple[str, ...]:
    return tuple(seat_names(state.players))


def needs_narrow(question: Question | WhistQuestion) -> bool:
    """Whether a question's tables need a phone's drawing: a Whot table of more than two seats
    with every hand face up (a teacher's position, `_viewer`), whose face-up seats side by side
    draw every word too small on a phone (`_face_up`'s narrow drawing, one seat a row); every
    Whist table (its diagram's narrow drawing, `diagram_svg`)."""
    if isinstance(question, WhistQuestion):
        return True
    return _viewer(question) is None and question.state.players > 2


def _face_up(
    state: GameState, nigerian: bool, names: Sequence[str], *, narrow: bool = False
) -> str:
    """The position with every hand face up, each seat's panel only as wide as its hand (a
    position shown once: `table_svg`'s `steady` off), so that a four-player table's words are
    large enough on a projector; `narrow`, a phone's drawing: one seat a row."""
    row = 1 if narrow and state.players > 2 else None
    return table_svg(state, None, nigerian=nigerian, names=names, row=row, steady=False)


def question_board(
    question: Question,
    *,
    nigerian: bool = False,
    token: str = "",
    chosen: Sequence[Any] = (),
    select: bool = True,
) -> dict[str, Any]:
    """The table component's data for a question: the position, and for `playable` (unless
    `select` is off: a quiz answered aloud) the hand as cards to mark, those in `chosen` (card
    texts) marked already, with a button that sends them. JSON-ready. A Whist question's
    board is the Whist table's data (`whist_board`)."""
    state = question.state
    viewer = _viewer(question)
    names = _names(state)
    if question.kind != "playable" or not select:
        if viewer is None:
            svg = _face_up(state, nigerian, names)
        else:
            svg = table_svg(state, viewer, nigerian=nigerian, names=names)
        narrow = _face_up(state, nigerian, names, narrow=True) if needs_narrow(question) else None
        return {"svg": svg, "narrow": narrow, "turn": 0, "live": False, "cards": [],
                "market": None, "shapes": [], "announce": None, "note": None}  # fmt: skip
    hand = state.hand(state.current_player)
    marked = {str(Card.of(card)) for card in chosen}
    controls = [_Choice(f"{card.name(nigerian)}: select it") for card in hand]
    svg = table_svg(state, viewer, nigerian=nigerian, names=names, hand=controls)
    return {
        "svg": svg,
        "turn": 0,
        "live": False,
        "cards": [
            {"index": i, "name": card.name(nigerian), "card": str(card), "legal": None}
            for i, card in enumerate(hand)
        ],
        "market": None,
        "shapes": [],
        "announce": None,
        "note": "Click or tap each card that may be played now (again to unmark it), then "
        "check. If none may be played, check with none marked.",
        "select": {
            "button": "Check my answer",
            "token": token,
            "chosen": [str(i) for i, card in enumerate(hand) if str(card) in marked],
        },
    }


@dataclass(frozen=True)
class _Marked:
    label: str
    legal: bool
    move: None = None


def outcome_svg(
    question: Question, *, nigerian: bool = False, narrow: bool = False
) -> tuple[str, str]:
    """What happens, as a picture and its caption: the table after the move for a move's
    question (unchanged when the move is refused), the hand with the playable cards framed for
    `playable`, and the position as it is for a count. `narrow`: a phone's drawing of a table
    with every hand face up (one seat a row, `needs_narrow`)."""
    if isinstance(question, WhistQuestion):
        return _whist_outcome(question, narrow=narrow)
    state = question.state
    names = _names(state)
    if question.kind == "playable":
        seat = state.current_player
        marks = [_Marked(str(card), card in question.answer) for card in state.hand(seat)]
        svg = table_svg(state, seat, nigerian=nigerian, names=names, hand=marks)
        return svg, "The cards that may be played are framed and raised; the others greyed."
    if question.move is None:
        return _face_up(state, nigerian, names, narrow=narrow), "The hands counted."
    if not state.is_legal(question.move):
        svg = _face_up(state, nigerian, names, narrow=narrow)
        refused = seat_does(state, question.move, nigerian, may="may not")
        return svg, f"The table stays as it was: {refused}."
    after = state.apply(question.move)
    svg = _face_up(after, nigerian, names, narrow=narrow)
    return svg, f"The table after {seat_does(state, question.move, nigerian)}."


def whist_board(question: WhistQuestion) -> dict[str, Any]:
    """The Whist table component's data for a question: every hand face up, as a teacher lays
    out a position, nothing to click (the answers are buttons). Each hand is written a suit a
    line round the trick (`diagram_svg`, as Whist's Watch page draws it), filling its column
    (`diagram`), with a phone's narrow drawing: the full table's thirteen-card fans drew its
    words 6 to 8 px on a projector (docs/screens.md). JSON-ready."""
    state = question.state
    return {
        "svg": diagram_svg(state),
        "narrow": diagram_svg(state, narrow=True),
        "diagram": True,
        "seat": question.seat,
        "turn": 0,
        "live": False,
        "cards": [],
    }


def _whist_outcome(question: WhistQuestion, *, narrow: bool = False) -> tuple[str, str]:
    """What happens in a Whist question, as the question's diagram (`whist_board`): the cards
    that may be played marked, or the table after the card with the trick it completed (a new
    hand's deal when the hand ended). `narrow`: a phone's drawing."""
    state = question.state
    if question.kind == "playable":
        svg = diagram_svg(state, show_legal=True, narrow=narrow)
        return svg, "The cards that may be played are in bold, underlined."
    after = question.after()
    if after is None:
        refused = f"The table stays as it was: the {question.card} is refused."
        return diagram_svg(state, narrow=narrow), refused
    won = [e for e in after.events_since(state.event_count) if isinstance(e, TrickWon)]
    svg = diagram_svg(after, last_trick=won[-1] if won else None, narrow=narrow)
    return svg, f"The table after the {question.card}."
