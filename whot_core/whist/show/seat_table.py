"""The Whist table as one seat plays at it: the Play Whist page's picture, drawn for every screen.

The full table (`pictures.table_svg`) draws four hands round the middle, which makes each card
and word small: at a projector its labels were 7 px, on a phone a hand's card 12 px wide. At the
table you play on, only your own hand needs its faces, and the app draws it apart, card by card,
as buttons to tap (`whot_core.whist.app.table.board_data`). This picture holds the rest, in
words large enough for the back of a room and for a phone:

- one column for each seat, in the order they play from your left: the seat on your left, your
  partner across, the seat on your right, and you. Each column names the seat, says who it is to
  you (partner, opponent, you), how many cards it holds, and whether it is to play (a thick frame
  and a TO PLAY badge: words, not only a frame);
- under each seat, the card it played to the trick under way (or to the trick just won, the
  winner's card framed and named under the columns).

    >>> from whot_core.whist import new_game
    >>> svg = seat_table_svg(new_game(seed=1), 0)
    >>> 'data-seat="0"' in svg and "13 cards" in svg and "partner" in svg
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...toolkit.svg import (
    CARD_H,
    CARD_W,
    PAPER,
    TABLE_TINT,
    badge,
    el,
    outline,
    rect,
    svg,
    translate,
)
from ...toolkit.svg import text as _text
from ..engine.rules import TEAMS, check_seat_names, partner
from .pictures import card_svg, table_label

__all__ = ["MIN_TEXT", "seat_table_svg"]

#: The smallest font in the picture, in its units: drawn at 440 units wide on a 390 px phone it
#: is still 11 px, and at the projector's 460 px or more, 14.
MIN_TEXT = 14
NAME = 15  # a seat's name
COLUMN_W = 104
GAP = 8
WIDTH = 4 * COLUMN_W + 3 * GAP
PAD = 6
LINE = 19
TRICK_SCALE = 0.96  # the trick's cards: a corner index of 17 units stays 16 on screen
CARD_TOP = PAD + 5 * LINE + 10  # two name lines, who, cards, the badge
SLOT_H = CARD_H * TRICK_SCALE
COLUMN_H = CARD_TOP + SLOT_H + PAD


def _width(words: str, size: float) -> float:
    """A closer width than the toolkit's `text_width` (which errs wide, for badges): DejaVu
    Sans's lower case averages about 0.55 em, so "(Heuristic)" keeps its line in a column."""
    return 0.55 * size * len(words)


def _lines(words: str, room: float, size: float, most: int = 2) -> list[str]:
    """`words` broken at spaces into at most `most` lines that fit `room` (the last one cut
    with an ellipsis when even that is not enough)."""
    lines: list[str] = []
    for word in words.split():
        if lines and _width(f"{lines[-1]} {word}", size) <= room:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    if len(lines) > most:
        lines[most - 1 :] = [" ".join(lines[most - 1 :])]
    cut = lines[-1]
    while len(cut) > 1 and _width(cut, size) > room:
        cut = cut[:-2] + "…"
    lines[-1] = cut
    return lines


def _who(seat: int, you: int | None) -> str:
    if you is None:  # a spectator's table: the partnership
        return TEAMS[seat % 2]
    if seat == you:
        return "you"
    return "partner" if seat == partner(you) else "opponent"


def _column(
    seat: int, name: str, size: int, you: int | None, *, to_play: bool, card: Any, won: bool
) -> str:
    """A seat's column: its name, who it is to you, its cards, the badge, its card in the trick."""
    frame = outline(3.5 if to_play else 1) | {"fill": PAPER}
    parts = [rect(0, 0, COLUMN_W, COLUMN_H, rx=8, cls="seat-frame", **frame)]
    y = PAD + NAME
    for line in _lines(name, COLUMN_W - 2 * PAD, NAME):
        parts.append(_text(PAD, y, line, NAME, bold=to_play, anchor="start", cls="seat-label"))
        y += LINE
    y = PAD + NAME + 2 * LINE
    cards = f"{size} card" + ("" if size == 1 else "s")
    parts.append(_text(PAD, y, _who(seat, you), MIN_TEXT, anchor="start", cls="seat-who"))
    parts.append(_text(PAD, y + LINE, cards, MIN_TEXT, anchor="start", cls="seat-count"))
    if to_play:
        parts.append(badge(PAD, y + 2 * LINE + 2, "TO PLAY", size=MIN_TEXT, cls="badge"))
    x = (COLUMN_W - CARD_W * TRICK_SCALE) / 2
    if card is None:
        slot = el("rect", x=x, y=CARD_TOP, width=CARD_W * TRICK_SCALE, height=SLOT_H, rx=8,
                  cls="empty-slot", **outline(1.5, "6 4"))  # fmt: skip
        parts.append(slot)
    else:
        drawn = card_svg(card, width=CARD_W * TRICK_SCALE, highlight="win" if won else None)
        parts.append(el("g", drawn, transform=translate(x, CARD_TOP)))
    classes = "seat" + " to-play" * to_play
    return el("g", *parts, cls=classes, data_seat=seat, transform=translate(0, 0))


def seat_table_svg(
    table: Any,
    you: int | None,
    *,
    names: Sequence[str] | None = None,
    last_trick: Any = None,
    width: float = WIDTH,
) -> str:
    """The table from `you`'s seat, as the Play Whist page draws it beside `you`'s own hand:
    a column for each seat in playing order from `you`'s left, and the trick under way (or the
    one just won) under the seats that played it. `last_trick` as for `table_svg`. With `you`
    None, a spectator's table (a projector over a game played from phones): South first, each
    seat marked by its partnership."""
    names = check_seat_names(names)
    if you is not None and (isinstance(you, bool) or you not in range(4)):
        raise ValueError(f"you must be a seat from 0 to 3, not {you!r}")
    trick = list(table.trick) if table.trick else []
    winner = None
    if not trick:
        done = last_trick if last_trick is not None else table.last_trick
        if done is not None:
            trick = list(done.cards)
            winner = done.winner if hasattr(done, "winner") else done.seat
    played = dict(trick)
    order = [(you + k) % 4 for k in (1, 2, 3, 0)] if you is not None else [0, 1, 2, 3]
    sizes = (
        table.hand_sizes if hasattr(table, "hand_sizes") else [len(table.hand(s)) for s in range(4)]
    )
    parts = [rect(-4, -4, WIDTH + 8, COLUMN_H + 2 * LINE + 28, rx=12, fill=TABLE_TINT)]
    for place, seat in enumerate(order):
        column = _column(
            seat, names[seat], sizes[seat], you,
            to_play=seat == table.current_player, card=played.get(seat), won=seat == winner,
        )  # fmt: skip
        parts.append(el("g", column, transform=translate(place * (COLUMN_W + GAP), 0)))
    if winner is not None:
        note = f"{names[winner]} won the trick with the {played[winner]}"
    elif trick:
        seat, card = table.winning
        note = f"{names[seat]} winning with the {card}"
    else:
        note = "Waiting for a lead"
    for i, line in enumerate(_lines(note, WIDTH - 2 * PAD, NAME)):
        y = COLUMN_H + LINE + i * LINE
        parts.append(_text(WIDTH / 2, y, line, NAME, bold=True, cls="trick-note"))
    height = COLUMN_H + 2 * LINE + 24
    label = table_label(table, names, trick, won_by=winner)  # the hand is drawn apart
    view = (-4, -4, WIDTH + 8, height + 4)
    return svg(width, width * view[3] / view[2], view, label, *parts)
