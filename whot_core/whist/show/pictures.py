"""Pictures of Whist cards, hands, tricks and tables, drawn as SVG by code.

    >>> from whot_core.whist import Card
    >>> svg = card_svg(Card.parse("QH"))
    >>> svg.startswith("<svg") and 'aria-label="queen of hearts"' in svg
    True

The same principles as Whot's pictures (`whot_core.whot.show.pictures`; both draw with the
primitives of `whot_core.toolkit.svg`): every picture is a standalone, accessible `<svg>` with a
`viewBox`, `role="img"`, an `aria-label` and a `<title>`; no ids, so many pictures can share a page;
class names on the parts for tests and stylesheets.

- Suits are drawn, not typed: a heart, a spade, a club and a diamond are paths, so they look the
  same in every browser and font. Hearts and diamonds are red, spades and clubs near-black, as on
  a real pack; the four shapes also differ, so nothing rests on colour alone.
- Number cards carry their pips in the usual layout (the lower ones turned, as printed); jacks,
  queens and kings a framed panel with the letter, since drawn faces would add nothing to learning
  the rules; an ace one big pip.
- A table is drawn from the seat at the bottom (South unless a viewer is given), play running
  clockwise: the seat on the reader's left plays next. The current trick lies in the middle, each
  card in front of the seat that played it; once a trick is complete it stays there, with its
  winner marked, until the next card is led.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ...toolkit.svg import (  # the primitives Whot's pictures share, by this module's short names
    CARD_H,
    CARD_W,
    INK,
    PAPER,
    TABLE_TINT,
    Picture,
    img_tag,
    notebook_html,
    to_data_uri,
)
from ...toolkit.svg import badge as _badge
from ...toolkit.svg import badge_width as _badge_width
from ...toolkit.svg import card_rect as _card_rect
from ...toolkit.svg import crosshatch as _crosshatch
from ...toolkit.svg import el as _el
from ...toolkit.svg import empty_slot as _empty_slot
from ...toolkit.svg import fit_label as _fit_label
from ...toolkit.svg import framed_back as _framed_back
from ...toolkit.svg import one_card_svg as _one_card_svg
from ...toolkit.svg import outline as _outline
from ...toolkit.svg import rect as _rect
from ...toolkit.svg import svg as _svg
from ...toolkit.svg import text as _text
from ...toolkit.svg import translate as _translate
from ..engine.cards import Card, Suit, rank_word
from ..engine.rules import TEAMS, check_seat_names

__all__ = [
    "BLACK",
    "RED",
    "Picture",
    "back_svg",
    "card_repr_html",
    "card_svg",
    "hand_svg",
    "img_tag",
    "notebook_html",
    "suit_svg",
    "table_facts",
    "table_label",
    "table_repr_html",
    "table_svg",
    "to_data_uri",
    "trick_svg",
]

# ------------------------------------------------------------------------------------ constants

#: The two suit colours: a printed pack's red, and a near-black that is not the Whot maroon.
RED = "#c0192c"
BLACK = "#1b1b1b"
BACK = "#1f3f6e"  # a Whist back is blue, so it is never mistaken for a Whot back

CARD_PX = 100
HAND_CARD_PX = 80
HAND_OVERLAP = 0.55
SEAT_SCALE = 0.6  # the cards in the seats' hands
TRICK_SCALE = 0.7  # the cards in the middle
SEAT_STEP = 22  # the offset between cards in a seat's hand: the corner index stays readable
PANEL_PAD = 8
LINE = 18  # one line of a panel's label
SEAT_CARD_W = CARD_W * SEAT_SCALE
SEAT_CARD_H = CARD_H * SEAT_SCALE
FAN = 12 * SEAT_STEP  # how far a full hand of 13 spreads
# North and South hold their cards in a row, West and East in a column, as a bridge diagram does:
# the table stays about square, so it keeps its size in a notebook or a narrow column.
ROW_W = 2 * PANEL_PAD + SEAT_CARD_W + FAN
ROW_H = 2 * PANEL_PAD + LINE + 4 + SEAT_CARD_H
COLUMN_W = 150
COLUMN_H = 2 * PANEL_PAD + 2 * LINE + 4 + SEAT_CARD_H + FAN
TRICK_W = 320  # the middle area, between the four panels
TRICK_H = 300
GAP = 14
STRIP_H = 52  # the facts above the table: hand, trumps, tricks, points, whose turn

# Each suit as a path in a box from -1 to 1 round its centre; scaled and placed by `_pip`.
_SUIT_PATHS = {
    Suit.HEARTS: (
        "M0 0.95C-0.35 0.62-1 0.18-1-0.38C-1-0.78-0.66-1-0.46-1C-0.22-1-0.04-0.84 0-0.58"
        "C0.04-0.84 0.22-1 0.46-1C0.66-1 1-0.78 1-0.38C1 0.18 0.35 0.62 0 0.95Z"
    ),
    Suit.DIAMONDS: "M0-1L0.74 0L0 1L-0.74 0Z",
    Suit.SPADES: (
        "M0-1C-0.36-0.62-1-0.22-1 0.28C-1 0.64-0.72 0.84-0.46 0.84C-0.27 0.84-0.13 0.76-0.06 0.62"
        "L-0.24 1L0.24 1L0.06 0.62C0.13 0.76 0.27 0.84 0.46 0.84C0.72 0.84 1 0.64 1 0.28"
        "C1-0.22 0.36-0.62 0-1Z"
    ),
    Suit.CLUBS: (
        "M0-1A0.4 0.4 0 0 0-0.3-0.3A0.4 0.4 0 1 0 -0.08 0.32L-0.24 1L0.24 1L0.08 0.32"
        "A0.4 0.4 0 1 0 0.3-0.3A0.4 0.4 0 0 0 0-1Z"
    ),
}

# Pip centres of the number cards, in card units; pips below the middle are drawn turned.
_L, _R = 33, 67
_TWO_COLUMNS = tuple((x, y) for y in (34, 61.3, 88.7, 116) for x in (_L, _R))
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((50, 34), (50, 116)),
    3: ((50, 34), (50, 75), (50, 116)),
    4: ((_L, 34), (_R, 34), (_L, 116), (_R, 116)),
    5: ((_L, 34), (_R, 34), (50, 75), (_L, 116), (_R, 116)),
    6: ((_L, 34), (_R, 34), (_L, 75), (_R, 75), (_L, 116), (_R, 116)),
    7: ((_L, 34), (_R, 34), (50, 54.5), (_L, 75), (_R, 75), (_L, 116), (_R, 116)),
    8: ((_L, 34), (_R, 34), (50, 54.5), (_L, 75), (_R, 75), (50, 95.5), (_L, 116), (_R, 116)),
    9: (*_TWO_COLUMNS, (50, 75)),
    10: (*_TWO_COLUMNS, (50, 47.7), (50, 102.3)),
}
_COURT = {11: "J", 12: "Q", 13: "K"}


# ------------------------------------------------------------------------------------- suits


def suit_colour(suit: Suit) -> str:
    return RED if suit.is_red else BLACK


def _pip(suit: Suit, cx: float, cy: float, size: float, cls: str, *, turned: bool = False) -> str:
    """One suit symbol of half-size `size` centred on (cx, cy)."""
    transform = _translate(cx, cy, size) + (" rotate(180)" if turned else "")
    return _el("path", d=_SUIT_PATHS[suit], fill=suit_colour(suit), transform=transform, cls=cls)


def suit_svg(suit: Suit | str, width: float = 24) -> str:
    """A suit symbol alone, for a caption or a heading ("trumps: ♥")."""
    suit = suit if isinstance(suit, Suit) else Suit.parse(suit)
    return _svg(width, width, (-1.1, -1.1, 2.2, 2.2), suit.value, _pip(suit, 0, 0, 1, "suit"))


# -------------------------------------------------------------------------------------- cards


def _index(card: Card) -> str:
    """The corner index: the rank, and a small suit under it, in the card's colour."""
    colour = suit_colour(card.suit)
    rank = "10" if card.rank == 10 else str(card)[:-1]
    size = 15 if card.rank == 10 else 17
    return _el(
        "g",
        _text(12, 21, rank, size, bold=True, fill=colour, cls="corner-rank"),
        _pip(card.suit, 12, 33, 6, "corner-suit"),
        cls="corner",
    )


def _face(card: Card) -> str:
    """The middle of the card: pips, a court panel, or the ace's one big pip."""
    suit = card.suit
    if card.rank == 14:
        return _pip(suit, CARD_W / 2, CARD_H / 2, 24, "big-pip")
    if card.rank in _COURT:
        colour = suit_colour(suit)
        return _el(
            "g",
            _rect(24, 30, CARD_W - 48, CARD_H - 60, rx=5, **_outline(1.5) | {"stroke": colour}),
            _text(CARD_W / 2, CARD_H / 2 + 12, _COURT[card.rank], 34, bold=True, fill=colour),
            _pip(suit, CARD_W / 2, 45, 7, "court-pip"),
            _pip(suit, CARD_W / 2, CARD_H - 45, 7, "court-pip", turned=True),
            cls="court",
        )
    size = 9.5 if card.rank <= 8 else 8  # the nine and ten nest their middle pips
    return _el(
        "g",
        *(_pip(suit, x, y, size, "pip", turned=y > CARD_H / 2) for x, y in _PIPS[card.rank]),
        cls="pips",
    )


def _card_group(card: Card, *, highlight: str | None = None, transform: str | None = None) -> str:
    """The one card drawing: a <g> in card units (100 x 150), placed by `transform`.

    `highlight` "win" draws a thick frame (the card winning a trick); "legal" the same frame;
    "illegal" veils the face and dashes its edge.
    """
    if highlight not in (None, "win", "legal", "illegal"):
        raise ValueError(f"highlight must be 'win', 'legal', 'illegal' or None, not {highlight!r}")
    half_turn = f"rotate(180 {CARD_W / 2:g} {CARD_H / 2:g})"
    parts = [
        _el("title", card.name),
        _card_rect(1, fill=PAPER, stroke=INK, stroke_width=1.5, cls="card-face"),
        _index(card),
        _el("g", _index(card), transform=half_turn),
        _face(card),
    ]
    if highlight in ("win", "legal"):
        parts.append(_card_rect(3.5, **_outline(5), cls=f"highlight highlight-{highlight}"))
    elif highlight == "illegal":
        parts.append(
            _el(
                "g",
                _card_rect(1, fill=PAPER, fill_opacity=0.6),
                _card_rect(2.5, **_outline(2, "6 4")),
                cls="highlight highlight-illegal",
            )
        )
    return _el("g", *parts, cls="card", data_card=card.ascii, transform=transform)


_BACK_LATTICE = _crosshatch(7, 7, CARD_W - 7, CARD_H - 7, 8)


def _back_group(transform: str | None = None) -> str:
    """A card back: blue with a white lattice inside a white frame."""
    return _framed_back(BACK, _BACK_LATTICE, 0.6, transform=transform)


def card_svg(card: Card | str, *, width: float = CARD_PX, highlight: str | None = None) -> str:
    """One card as a standalone SVG, `width` pixels wide (the height follows, 2:3)."""
    card = Card.of(card)
    body = _card_group(card, highlight=highlight)
    label = card.name if highlight is None else f"{card.name}, {highlight}"
    return _one_card_svg(width, label, body)


def back_svg(width: float = CARD_PX) -> str:
    """A card back as a standalone SVG."""
    return _one_card_svg(width, "card back", _back_group())


def hand_svg(
    cards: Iterable[Card | str],
    *,
    width: float = HAND_CARD_PX,
    overlap: float = HAND_OVERLAP,
    legal: Iterable[Card | str] | None = None,
) -> str:
    """Cards in a row, each overlapping the one before, in the order given (`sort_hand` sorts
    them as players hold them). With `legal`, the cards that may be played sit higher, framed,
    and the others are greyed."""
    hand = [Card.of(card) for card in cards]
    if not 0 <= overlap < 1:
        raise ValueError(f"overlap must be at least 0 and below 1, not {overlap!r}")
    playable = None if legal is None else {Card.of(card) for card in legal}
    lift = 12 if playable is not None else 0
    step = CARD_W * (1 - overlap)
    groups = []
    for i, card in enumerate(hand):
        mark = None if playable is None else ("legal" if card in playable else "illegal")
        y = 0 if mark == "legal" else lift
        groups.append(_card_group(card, highlight=mark, transform=_translate(i * step, y)))
    if not hand:
        groups.append(_empty_slot(0, 0, 1, "no cards"))
    view_w = CARD_W + step * max(len(hand) - 1, 0)
    view_h = CARD_H + lift
    label = f"hand of {len(hand)}: " + (", ".join(str(card) for card in hand) or "no cards")
    scale = width / CARD_W
    return _svg(view_w * scale, view_h * scale, (0, 0, view_w, view_h), label, *groups)


# ------------------------------------------------------------------------------------ tricks


@dataclass(frozen=True)
class _Trick:
    """A trick to draw: (seat, card) in playing order, and its winner once it is complete."""

    cards: tuple[tuple[int, Card], ...]
    number: int | None = None
    winner: int | None = None


def _as_trick(trick: Any) -> _Trick:
    """A finished `Trick` (from `state.last_trick`) or `TrickWon` event, as one shape."""
    if hasattr(trick, "winner"):
        return _Trick(tuple(trick.cards), trick.number, trick.winner)
    if hasattr(trick, "seat") and hasattr(trick, "cards"):
        return _Trick(tuple(trick.cards), trick.trick, trick.seat)
    raise TypeError(f"expected a Trick or a TrickWon event, not {type(trick).__name__}")


# Where each seat's card lies in the middle, by its place round the table (0 at the bottom,
# then clockwise: left, top, right), as the offset of the card's centre from the middle.
_TRICK_SPOTS = ((0, 72), (-88, 0), (0, -72), (88, 0))


def _trick_cards(trick: _Trick, bottom: int) -> str:
    """The trick's cards round the middle of the area, later cards over earlier ones."""
    w, h = CARD_W * TRICK_SCALE, CARD_H * TRICK_SCALE
    parts = []
    for seat, card in trick.cards:
        dx, dy = _TRICK_SPOTS[(seat - bottom) % 4]
        mark = "win" if seat == trick.winner else None
        where = _translate(dx - w / 2, dy - h / 2, TRICK_SCALE)
        parts.append(_card_group(card, highlight=mark, transform=where))
    return "".join(parts)


def trick_svg(
    cards: Sequence[tuple[int, Card | str]] | Any,
    *,
    bottom: int = 0,
    names: Sequence[str] | None = None,
    width: float = 300,
) -> str:
    """A trick on its own: the cards in front of the seats that played them (`bottom` nearest the
    reader), the winner's card framed. `cards` is (seat, card) pairs, or a finished trick
    (`state.last_trick`, or a `TrickWon` event)."""
    names = check_seat_names(names)
    if isinstance(cards, Sequence):
        trick = _Trick(tuple((seat, Card.of(card)) for seat, card in cards))
    else:
        trick = _as_trick(cards)
    body = _el("g", _trick_cards(trick, bottom), transform=_translate(150, 140))
    played = ", ".join(f"{names[s]} {c}" for s, c in trick.cards) or "no cards"
    label = f"trick: {played}"
    if trick.winner is not None:
        label += f"; won by {names[trick.winner]}"
    return _svg(width, width * 280 / 300, (0, 0, 300, 280), label, body)


# ------------------------------------------------------------------------------------- table


def _hands(table: Any, viewer: int | None) -> tuple[list[tuple[Card, ...] | None], list[int], int]:
    """What the picture may show of each hand (None: backs only), the sizes, and the bottom seat.

    A view knows only its own hand, so it can show nothing else, whatever `viewer` says.
    """
    if hasattr(table, "unseen"):  # a WhistView
        if viewer is not None and viewer != table.seat:
            raise ValueError(f"a view for seat {table.seat} cannot show seat {viewer}'s hand")
        sizes = list(table.hand_sizes)
        return [table.hand if s == table.seat else None for s in range(4)], sizes, table.seat
    if viewer is not None and (isinstance(viewer, bool) or viewer not in range(4)):
        raise ValueError(f"viewer must be a seat from 0 to 3, not {viewer!r}")
    hands = [table.hand(s) for s in range(4)]
    shown = [h if viewer is None or s == viewer else None for s, h in enumerate(hands)]
    return shown, [len(h) for h in hands], (viewer or 0)


def _badges(winner: bool, to_play: bool, right: float, y: float) -> tuple[list[str], float]:
    """WINNER and TO PLAY badges ending at `right`; text, so nothing rests on the frame alone."""
    parts = []
    for text, kind in [("WINNER", "winner")] * winner + [("TO PLAY", "to-play")] * to_play:
        right -= _badge_width(text, 10)
        parts.append(_badge(right, y, text, size=10, cls=f"badge badge-{kind}"))
        right -= 6
    return parts, right


def _seat_panel(
    seat: int,
    name: str,
    cards: tuple[Card, ...] | None,
    size: int,
    *,
    column: bool,
    you: bool,
    to_play: bool,
    winner: bool,
    legal: frozenset[Card],
    transform: str,
) -> str:
    """One seat: a frame (thick for the seat to play), the name with its count of cards,
    badges, and the hand face up (the legal cards moved out and framed) or as backs. North and
    South hold their cards in a row, West and East (`column`) in a column."""
    classes = ["seat"] + ["to-play"] * to_play + ["winner"] * winner + ["hidden"] * (cards is None)
    width, height = (COLUMN_W, COLUMN_H) if column else (ROW_W, ROW_H)
    frame = _outline(3.5 if to_play else 1) | {"fill": PAPER}
    parts = [_rect(0, 0, width, height, rx=8, cls="seat-frame", **frame)]
    count = f"{size} card" + ("" if size == 1 else "s")  # in words: "N–S · 1" read as a score
    first = PANEL_PAD + 13
    badges, right = _badges(winner, to_play, width - PANEL_PAD, first + (LINE if column else 0))
    parts += badges
    name = name + (" (you)" if you else "")
    if column:  # the name alone on the first line, the team, count and badges under it
        label = _fit_label(name, "", width - 2 * PANEL_PAD, 12)
        parts.append(_text(PANEL_PAD, first + LINE, count, 12, anchor="start", cls="seat-count"))
    else:
        label = _fit_label(name, f" · {count}", right - PANEL_PAD, 13)
    font = 12 if column else 13
    parts.append(
        _text(PANEL_PAD, first, label, font, bold=to_play, anchor="start", cls="seat-label")
    )
    top = PANEL_PAD + (2 if column else 1) * LINE + 4
    if size == 0:
        parts.append(_text(width / 2, top + 40, "no cards left", 12, cls="no-cards"))
    spread = SEAT_STEP * max(size - 1, 0)
    for i in range(size):
        if column:
            x, y = (width - SEAT_CARD_W) / 2, top + (FAN - spread) / 2 + i * SEAT_STEP
        else:
            x, y = PANEL_PAD + (FAN - spread) / 2 + i * SEAT_STEP, top
        if cards is None:
            parts.append(_back_group(_translate(x, y, SEAT_SCALE)))
            continue
        card = cards[i]
        mark = "legal" if card in legal else None
        if mark:  # lifted out of the hand, as a player offers a card
            x, y = (x - 10, y) if column else (x, y - 6)
        parts.append(_card_group(card, highlight=mark, transform=_translate(x, y, SEAT_SCALE)))
    return _el(
        "g",
        *parts,
        cls=" ".join(classes),
        data_seat=seat,
        data_hidden="true" if cards is None else "false",
        transform=transform,
    )


def table_facts(table: Any, names: Sequence[str] | None = None) -> list[str]:
    """The facts above the table: hand and trumps, whose turn or who won, tricks and points
    (also the picture's text alternative, and the app's caption)."""
    names = check_seat_names(names)
    trump = table.trump
    hand = f"Hand {table.hand_number}: " + (f"{trump.value} are trumps" if trump else "no trumps")
    if table.is_over:
        status = f"Game over: {TEAMS[table.winning_team]} win"
    elif table.current_player is None:  # a hand just ended (the viewer's `HandOver`)
        status = "Hand over"
    else:
        status = f"{names[table.current_player]} to play"
    won, points = table.tricks_won, table.scores
    rules = table.rules
    goal = "one hand" if rules.length == "hand" else f"game to {rules.target}"
    return [
        hand,
        status,
        f"Tricks this hand: N–S {won[0]}, E–W {won[1]}",
        f"Points: N–S {points[0]}, E–W {points[1]} ({goal})",
    ]


def table_label(
    table: Any,
    names: Sequence[str],
    trick: Sequence[tuple[int, Card]] = (),
    shown: Sequence[Sequence[Card] | None] = (None, None, None, None),
    you: int | None = None,
    won_by: int | None = None,
) -> str:
    """A Whist table picture in a few sentences, for a screen reader (the app's image of it has
    these as its alt text): the facts across its top, the trick's cards (and who won it, once
    it is complete: `won_by`), and the hand of `you`
    (the seat the picture is drawn for) when `shown` (what the picture shows of each hand)
    has it. Only what the picture shows: never a hidden hand's cards, and no other hand listed
    (read at every step, so short)."""
    sentences = table_facts(table, names)
    if trick:
        played = ", ".join(f"{names[s]} the {c.name}" for s, c in trick)
        won = "" if won_by is None else f", won by {names[won_by]}"
        sentences.append(f"The trick: {played}{won}")
    if you is not None and shown[you] is not None:
        sentences.append(f"Your hand: {_hand_words(shown[you])}")
    if all(hand is not None for hand in shown):
        sentences.append("Every hand is face up")
    return "The Whist table: " + " ".join(f"{sentence}." for sentence in sentences)


def _hand_words(hand: Sequence[Card]) -> str:
    """A hand in words, a suit at a time, high to low: "spades ace, 9; hearts none; ..."."""
    suits = []
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS):
        ranks = sorted((card.rank for card in hand if card.suit == suit), reverse=True)
        suits.append(f"{suit.value} " + (", ".join(rank_word(r) for r in ranks) or "none"))
    return "; ".join(suits)


def _strip(table: Any, lines: list[str], width: float) -> str:
    """The facts as two lines across the top, the trump suit drawn large at the left so the
    back of a classroom can see it."""
    trump = table.trump
    if trump is None:
        mark = _text(26, 33, "NT", 18, bold=True, cls="trump-none")
    else:
        mark = _el("g", _pip(trump, 26, 26, 17, "trump-suit"), cls="trump", data_suit=trump.value)
    hand, status, tricks, points = lines
    return _el(
        "g",
        _rect(0, 0, width, STRIP_H - 8, rx=8, fill=PAPER, stroke=INK, cls="info-frame"),
        mark,
        _text(52, 19, hand, 14, bold=True, anchor="start", cls="info"),
        _text(width - 10, 19, status, 14, bold=True, anchor="end", cls="info status"),
        _text(52, 37, f"{tricks} · {points}", 13, anchor="start", cls="info"),
        cls="info-box",
    )


def _middle(table: Any, trick: _Trick | None, names: tuple[str, ...], bottom: int) -> str:
    """The middle of the table: the trick (current, or the one just won) and a line about it."""
    parts = [_rect(0, 0, TRICK_W, TRICK_H, rx=12, fill="none", stroke=INK, stroke_opacity=0.25)]
    cx, cy = TRICK_W / 2, TRICK_H / 2
    if trick is None or not trick.cards:
        parts.append(_text(cx, cy + 5, "waiting for a lead", 13, cls="trick-note"))
        return _el("g", *parts, cls="trick")
    parts.append(_el("g", _trick_cards(trick, bottom), transform=_translate(cx, cy)))
    if trick.winner is not None:
        winning = dict(trick.cards)[trick.winner]
        note = f"Trick {trick.number}: {names[trick.winner]} wins with the {winning}"
        if trick.number == 13 and sum(table.tricks_won) == 0:  # the next hand is already dealt
            note = f"Hand {table.hand_number - 1}, trick 13: {names[trick.winner]} wins"
    else:
        seat, card = table.winning
        note = f"{names[seat]} winning with the {card}"
    parts.append(_text(cx, TRICK_H - 8, note, 13, bold=True, cls="trick-note"))
    complete = "true" if trick.winner is not None else "false"
    return _el("g", *parts, cls="trick", data_complete=complete)


def _trick_to_show(table: Any, last_trick: Any) -> _Trick | None:
    """The current trick when one is under way; else the one just won (`last_trick`, or the
    state's own), so the table never hides how the last trick went."""
    if table.trick:
        return _Trick(tuple(table.trick))
    if last_trick is not None:
        return _as_trick(last_trick)
    if table.last_trick is not None:
        return _as_trick(table.last_trick)
    return None


def table_svg(
    table: Any,
    viewer: int | None = None,
    *,
    names: Sequence[str] | None = None,
    last_trick: Any = None,
    show_legal: bool = False,
    width: float | None = None,
) -> str:
    """A whole Whist table from a `WhistState` or a `WhistView`.

    The four seats round the middle, the bottom seat (South, or `viewer`) nearest the reader and
    play going clockwise; the trick in the middle (or the trick just won, its winning card
    framed); hand number, trumps, whose turn, tricks and points across the top; a frame and TO
    PLAY badge on the seat to play, WINNER badges at the end. With `viewer`, the other hands show
    as backs; a view always hides all but its own. `last_trick` (a `Trick` or `TrickWon`) is shown
    when no trick is under way, for the moment after a hand's last trick, when the state has
    already dealt the next hand. `show_legal` moves out and frames the cards the seat to play may
    play, when its hand is shown. `width` is in pixels (the height follows).
    """
    names = check_seat_names(names)
    shown, sizes, bottom = _hands(table, viewer)
    you = bottom if (viewer is not None or hasattr(table, "unseen")) else None
    trick = _trick_to_show(table, last_trick)
    winners = set(table.winners) if table.is_over else set()
    legal: frozenset[Card] = frozenset()
    turn = table.current_player
    if show_legal and turn is not None and shown[turn] is not None:
        legal = frozenset(table.legal_moves())

    total_w = 2 * (COLUMN_W + GAP) + TRICK_W
    total_h = max(2 * (ROW_H + GAP) + TRICK_H, COLUMN_H)
    row_x = (total_w - ROW_W) / 2
    column_y = STRIP_H + (total_h - COLUMN_H) / 2
    spots = {  # each place's panel, top-left corner: bottom, left, top, right
        0: (row_x, STRIP_H + total_h - ROW_H),
        1: (0.0, column_y),
        2: (row_x, float(STRIP_H)),
        3: (total_w - COLUMN_W, column_y),
    }
    middle = _translate(COLUMN_W + GAP, STRIP_H + (total_h - TRICK_H) / 2)
    lines = table_facts(table, names)
    parts = [
        _rect(
            -6, -6, total_w + 12, STRIP_H + total_h + 12, rx=18, fill=TABLE_TINT, cls="table-top"
        ),
        _strip(table, lines, total_w),
        _el("g", _middle(table, trick, names, bottom), transform=middle),
    ]
    for seat in range(4):
        place = (seat - bottom) % 4
        x, y = spots[place]
        parts.append(
            _seat_panel(
                seat,
                names[seat],
                shown[seat],
                sizes[seat],
                column=place % 2 == 1,
                you=seat == you,
                to_play=seat == turn,
                winner=seat in winners,
                legal=legal if seat == turn else frozenset(),
                transform=_translate(x, y),
            )
        )
    played, won_by = (trick.cards, trick.winner) if trick else ((), None)
    label = table_label(table, names, played, shown, you, won_by)
    view = (-12, -12, total_w + 24, STRIP_H + total_h + 24)
    px = width if width is not None else view[2]
    return _svg(px, px * view[3] / view[2], view, label, *parts)


# ------------------------------------------------------------------------------------ notebooks


def card_repr_html(card: Card) -> str:
    """What `Card._repr_html_` returns: the card in Jupyter, as an <img> (`notebook_html`)."""
    return notebook_html(card_svg(card))


def table_repr_html(table: Any, viewer: int | None = None) -> str:
    """What a Whist state's (or a view's) `_repr_html_` returns: the table in Jupyter."""
    return notebook_html(table_svg(table, viewer=viewer))
