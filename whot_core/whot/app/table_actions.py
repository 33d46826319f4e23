"""The Play page's table as controls, without Streamlit: what a click on each card of your hand
does (its move, or the engine's reason why it may not be played), what a click on the market
does, the shapes a Whot may call, the announcement the rules let you choose, the cards that
may go down with it under `multiple_cards`, and the names a screen reader says for each. The
page's component only draws this and sends back a move's text.

    >>> from whot_core import GameState, Rules
    >>> from whot_core.whot.app.play_table import Table
    >>> hands = [["circle 5", "star 7"], ["cross 1"]]
    >>> state = GameState.from_position(Rules.preset("nigerian"), hands, pile=["circle 11"])
    >>> five, seven = hand_actions(Table(state, (None, "heuristic"), seed=0))
    >>> five.label, five.move
    ('circle 5: play it', 'play circle 5')
    >>> seven.move is None, seven.label == f"star 7: cannot be played. {seven.reason}"
    (True, True)
    >>> seven.reason
    'Matching: star 7 does not match circle 11: play a circle, an 11, or a Whot.'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..engine.cards import SHAPES, Card, in_shape_names
from ..engine.moves import Announcement, Move
from ..show.pictures import table_svg
from .play_table import LogEntry, Table, announcement_hint, since_your_move

__all__ = [
    "WIDTHS",
    "AnnouncementChoice",
    "CardAction",
    "MarketAction",
    "Together",
    "announcement_choice",
    "board_data",
    "clicked_move",
    "clicked_width",
    "hand_actions",
    "last_exchange",
    "market_action",
    "shape_choices",
]

#: The key of a card's play that calls nothing (every card but a Whot).
NO_CALL = ""


@dataclass(frozen=True)
class Together:
    """A legal play of several cards that starts with one card of your hand (`multiple_cards`):
    the cards in the order put down (the last on top), the move's text, and the same move with
    the announcement when the rules let you choose to say it (else None), and those `words`."""

    cards: tuple[Card, ...]
    move: str
    said: str | None = None
    words: str | None = None


@dataclass(frozen=True)
class CardAction:
    """One card of your hand as a control.

    `plays` maps a call (`NO_CALL` for a card that calls nothing, each shape's value for a Whot)
    to the move's text; `said` holds the same moves carrying the announcement, when the rules
    let you choose to say it. Both are empty for a card that may not be played, and `reason` is
    the engine's sentence either way, in the reader's shape names. `together` lists the legal
    plays of several cards that start with this one (only under `multiple_cards`): a click then
    asks which cards go down with it.
    """

    index: int
    card: Card
    name: str
    legal: bool
    reason: str
    plays: Mapping[str, str] = field(default_factory=dict)
    said: Mapping[str, str] = field(default_factory=dict)
    together: tuple[Together, ...] = ()

    @property
    def asks_for_a_call(self) -> bool:
        return self.card.is_whot

    @property
    def asks_for_company(self) -> bool:
        """Does a click ask which cards go down with this one (before anything is played)?"""
        return bool(self.together)

    @property
    def move(self) -> str | None:
        """The move one click makes at once; None when nothing is played (a card that may not
        be played), or not yet (a Whot waits for its call)."""
        return self.plays.get(NO_CALL)

    @property
    def label(self) -> str:
        """The accessible name: the card, then what a click does or why it cannot."""
        if not self.legal:
            return f"{self.name}: cannot be played. {self.reason}"
        if self.asks_for_a_call:
            return f"{self.name}: play it, then call a shape"
        if self.asks_for_company:
            return f"{self.name}: play it, alone or with more {self.card.number}s"
        return f"{self.name}: play it"


@dataclass(frozen=True)
class MarketAction:
    """The market as a control: going to market, or taking a waiting pick."""

    size: int
    penalty: int
    reason: str
    move: str = "draw"
    legal: bool = True

    @property
    def button(self) -> str:
        return f"Pick {self.penalty}" if self.penalty else "Go to market"

    @property
    def label(self) -> str:
        does = f"pick {self.penalty}" if self.penalty else "go to market (take one card)"
        return f"market, {self.size} card{'s' if self.size != 1 else ''}: {does}"


@dataclass(frozen=True)
class AnnouncementChoice:
    """What you may say with your card: `words` when the rules leave it to you (and penalise a
    forgotten one), None when there is nothing to choose; `note` says why, or what is said for
    you."""

    words: Announcement | None
    note: str | None


def _live(table: Table) -> bool:
    return table.your_turn and not table.state.is_over


def _judge(table: Table, move: Move) -> tuple[bool, str]:
    state = table.state
    return state.is_legal(move), in_shape_names(state.explain(move), table.nigerian)


def hand_actions(table: Table) -> tuple[CardAction, ...]:
    """Each card of your hand as a control, judged by the engine as it stands now; none while
    it is not your turn or once the game is over (the cards are then only a picture)."""
    if not _live(table):
        return ()
    hand = table.state.hands[table.human]
    words = announcement_choice(table).words
    out = []
    for index, card in enumerate(hand):
        plays: dict[str, str] = {}
        said: dict[str, str] = {}
        legal, reason = False, ""
        for call in SHAPES if card.is_whot else (None,):
            move = Move.play(card, call=call)
            ok, why = _judge(table, move)
            if not reason or (ok and not legal):  # the first legal play's words, or the first
                reason = why
            if ok:
                legal = True
                key = NO_CALL if call is None else call.value
                plays[key] = move.text()
                spoken = move.with_announcement(words) if words is not None else None
                if spoken is not None and table.state.is_legal(spoken):
                    said[key] = spoken.text()
        name = card.name(table.nigerian)
        together = _together(table, card) if legal else ()
        out.append(CardAction(index, card, name, legal, reason, plays, said, together))
    return tuple(out)


def _together(table: Table, first: Card) -> tuple[Together, ...]:
    """The legal plays of several cards that start with `first`, in `legal_moves` order (each
    choice of the last card and of the cards between, those in card order). The words to say
    depend on the cards left after the whole move, so each play carries its own."""
    plain: dict[tuple[Card, ...], str] = {}
    spoken: dict[tuple[Card, ...], Move] = {}
    for move in table.state.legal_moves():
        if len(move.cards) > 1 and move.cards[0] == first:
            if move.announce is None:
                plain[move.cards] = move.text()
            else:
                spoken[move.cards] = move
    return tuple(
        Together(
            cards,
            text,
            spoken[cards].text() if cards in spoken else None,
            str(spoken[cards].announce) if cards in spoken else None,
        )
        for cards, text in plain.items()
    )


def market_action(table: Table) -> MarketAction | None:
    """The market as a control while it is your turn (drawing is always legal then)."""
    if not _live(table):
        return None
    state = table.state
    return MarketAction(state.market_size, state.penalty, _judge(table, Move.draw())[1])


def announcement_choice(table: Table) -> AnnouncementChoice:
    """The announcement your next card calls for, under the rules: a choice under
    `announcements = penalty`, a note when it is said for you, nothing otherwise."""
    if not _live(table):
        return AnnouncementChoice(None, None)
    words, note = announcement_hint(table.state.rules, len(table.state.hands[table.human]))
    return AnnouncementChoice(words, note)


def shape_choices(nigerian: bool = False) -> tuple[tuple[str, str], ...]:
    """The five shapes a Whot may call: (the move's word, the name to show)."""
    return tuple((s.value, s.nigerian_name if nigerian else s.value) for s in SHAPES)


def clicked_move(table: Table, payload: Any) -> Move | None:
    """The move a click on the table asks for, or None when the click is stale (it was made on
    an earlier turn: a double click) or not a move at all. Whether the move is legal is for
    `explorer.choose` to say."""
    if not isinstance(payload, Mapping) or payload.get("turn") != len(table.state.moves):
        return None
    try:
        return Move.parse(payload.get("move"))
    except (TypeError, ValueError):
        return None


def last_exchange(table: Table) -> tuple[LogEntry, ...]:
    """Your last move and everything after it, oldest first: what to show beside the table once
    you have clicked. Before your first move, the deal and the moves after it."""
    for at in range(len(table.log) - 1, -1, -1):
        if table.log[at].seat == table.human:
            return table.log[at:]
    return table.log


#: The other seats a row on a narrow screen's table (`board_data`'s "narrow" picture).
NARROW_ROW = 2
#: The cards a row of your hand on a narrow screen's table: about as wide as the table's centre,
#: so that a long hand does not set the picture's width (and shrink every word) on a phone.
NARROW_HAND = 5


#: The widths a table component reports with a click (`clicked_width`), for `board_data`.
WIDTHS = ("wide", "narrow")


def clicked_width(payload: Any) -> str | None:
    """Whether the component that sent a click was narrower than a phone's ("narrow") or not
    ("wide"), as its click says (`narrow`); None when the click does not say."""
    if not isinstance(payload, Mapping) or not isinstance(payload.get("narrow"), bool):
        return None
    return WIDTHS[payload["narrow"]]


def board_data(table: Table, *, face_up: bool = False, width: str | None = None) -> dict[str, Any]:
    """Everything the table component draws and needs to answer a click without asking the
    server: the table picture with your cards and the market as controls, each card's moves and
    reason, the market, the shapes, and the announcement. JSON-ready. `face_up` shows every
    hand (a teacher's demonstration; `explorer.seats` decides when).

    The table is drawn twice, wide ("svg") and for a phone ("narrow"), for a component whose
    `width` is not known; a component known to be "wide" or "narrow" (`clicked_width`: its last
    click said) gets only its own drawing, as "svg": half the drawing, and half the picture to
    send, at every click after the first."""
    if width not in (None, *WIDTHS):
        raise ValueError(f"width: expected one of {WIDTHS} or None, got {width!r}")
    cards = hand_actions(table)
    market = market_action(table)
    choice = announcement_choice(table)

    def drawn(row: int | None, hand_row: int | None = None) -> str:
        return table_svg(
            table.state,
            table.human,
            nigerian=table.nigerian,
            names=table.names,
            hand=cards or None,
            market=market,
            face_up=face_up,
            row=row,
            hand_row=hand_row,
        )

    crowded = table.state.players > NARROW_ROW + 1

    def narrow() -> str:
        # On a narrow screen (a phone) the other seats sit NARROW_ROW a row and your hand
        # NARROW_HAND cards a row: one long row would draw every word too small to read.
        return drawn(NARROW_ROW if crowded else None, NARROW_HAND)

    return {
        "svg": narrow() if width == "narrow" else drawn(None),
        "narrow": narrow() if width is None else None,
        "turn": len(table.state.moves),
        "live": _live(table),
        "cards": [
            {
                "index": c.index,
                "card": str(c.card),
                "number": c.card.number,
                "name": c.name,
                "legal": c.legal,
                "whot": c.asks_for_a_call,
                "reason": c.reason,
                "label": c.label,
                "plays": dict(c.plays),
                "said": dict(c.said),
                "together": [
                    {
                        "cards": [str(card) for card in t.cards],
                        "move": t.move,
                        "said": t.said,
                        "words": t.words,
                    }
                    for t in c.together
                ],
            }
            for c in cards
        ],
        "market": None
        if market is None
        else {"move": market.move, "label": market.label, "button": market.button},
        "shapes": [{"value": v, "name": n} for v, n in shape_choices(table.nigerian)],
        "announce": None if choice.words is None else str(choice.words),
        "note": choice.note,
        "pile": _pile_words(table),
        # What happened since your move, for the table to announce (its `aria-live` region).
        "news": " ".join(line for entry in since_your_move(table) for line in entry.sentences),
    }


def _pile_words(table: Table) -> str:
    """The top of the pile in words (and the call in force): what a panel over the table,
    which may hide the pile, says the cards go on."""
    top, called = table.state.top, table.state.called
    if top is None:
        return "the empty pile"
    words = top.name(table.nigerian)
    if called is not None:
        shape = called.nigerian_name if table.nigerian else called.value
        words += f", {shape} called"
    return words
