"""Moves (`engine/moves.py`) where the other tests looked at part of the answer: the whole message
of each refused move, moves built directly, and a move's text in both namings. Written for the
mutants of `make mutation MODULE=whot_core/whot/engine/moves.py` (docs/testing.md)."""

from __future__ import annotations

import re

import pytest

from whot_core import Card, Move, Shape
from whot_core.whot.engine.moves import DRAW, PLAYS, WHOT_PLAYS, Announcement

WHOT = Card.parse("whot")
FIVE = Card.parse("circle 5")
EXPECTED = "expected 'draw', 'play circle 5' or 'play whot call star'"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("play circle 5,", "bad move 'play circle 5,': nothing follows the comma"),
        ("draw, last card", "bad move 'draw, last card': a draw has no announcement"),
        ("market, last card", "bad move 'market, last card': a draw has no announcement"),
        ("jump", f"bad move 'jump': {EXPECTED}"),
        ("play", f"bad move 'play': {EXPECTED}"),
        ("", f"bad move '': {EXPECTED}"),
        (
            "play whot call star circle",
            "bad move 'play whot call star circle': 'call' is followed by one shape",
        ),
        ("play whot call", "bad move 'play whot call': 'call' is followed by one shape"),
        (
            "play circle 2 + ",
            "bad move 'play circle 2 + ': '+' joins two cards, as 'play circle 2 + star 2'",
        ),
        (
            "play + circle 2",
            "bad move 'play + circle 2': '+' joins two cards, as 'play circle 2 + star 2'",
        ),
        (
            "play circle 2 + star 2 call star",
            "bad move 'play circle 2 + star 2 call star': several cards at once are never Whots",
        ),
        (
            "play circle 5, first card",
            "bad move 'play circle 5, first card': the announcement is 'last card' or 'semi last "
            "card'",
        ),
        (
            "play whot",
            "a Whot must call a shape: circle, triangle, cross, square or star (whot is not a "
            "shape)",
        ),
        ("play circle 5 call star", "only a Whot calls a shape; circle 5 cannot call star"),
        (
            "play circle 2 + star 3",
            "several cards at once must share one number: play circle 2 + star 3 does not",
        ),
        ("play circle 2 + whot", "several cards at once are never Whots"),
    ],
)
def test_a_bad_move_is_refused_in_a_whole_sentence(text, message):
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        Move.parse(text)


@pytest.mark.parametrize(
    ("build", "error", "message"),
    [
        (lambda: Move.parse(5), TypeError, "move text must be a str, not int"),
        (lambda: Move(None, Shape.STAR), ValueError, "a draw has no call and no announcement"),
        (
            lambda: Move(None, None, Announcement.LAST_CARD),
            ValueError,
            "a draw has no call and no announcement",
        ),
        (lambda: Move("circle 5"), TypeError, "move card must be a Card, not str"),
        (
            lambda: Move(FIVE, None, "last card"),
            TypeError,
            "announce must be an Announcement or None",
        ),
        (lambda: Move(FIVE, None, None, [FIVE]), TypeError, "more must be a tuple of Cards"),
        (lambda: Move(FIVE, None, None, ("circle 5",)), TypeError, "more must be a tuple of Cards"),
        (
            lambda: Move(WHOT, Shape.STAR, None, (FIVE,)),
            ValueError,
            "several cards at once are never Whots",
        ),
    ],
)
def test_a_move_built_wrongly_is_refused_in_a_whole_sentence(build, error, message):
    with pytest.raises(error, match=f"^{re.escape(message)}$"):
        build()


def test_the_words_said_may_be_spaced_and_cased_freely():
    move = Move.parse("  PLAY Circle 5 ,  Semi   Last  Card ")
    assert move == Move(FIVE, None, Announcement.SEMI_LAST_CARD)
    assert Move.parse("market") is DRAW
    assert Move.parse(" Draw ") is DRAW


@pytest.mark.parametrize(
    ("text", "plain", "nigerian"),
    [
        ("draw", "draw", "draw"),
        ("play circle 5, last card", "play circle 5, last card", "play ball 5, last card"),
        ("play whot call circle", "play whot call circle", "play whot call ball"),
        ("play circle 2 + star 2", "play circle 2 + star 2", "play ball 2 + star 2"),
    ],
)
def test_a_move_reads_in_both_namings(text, plain, nigerian):
    move = Move.parse(text)
    assert move.text() == str(move) == plain
    assert move.text(nigerian=True) == nigerian
    assert repr(move) == f"Move.parse({plain!r})"


def test_a_moves_cards_and_kind():
    assert DRAW.cards == () and DRAW.is_draw and Move.draw() is DRAW
    play = Move.parse("play circle 2 + star 2 + square 2")
    assert [str(c) for c in play.cards] == ["circle 2", "star 2", "square 2"]
    assert not play.is_draw
    assert Move.play(WHOT, Shape.STAR, Announcement.LAST_CARD) == Move.parse(
        "play whot call star, last card"
    )
    assert play.with_announcement(Announcement.LAST_CARD).more == play.more
    assert [a.cards_left for a in Announcement] == [2, 1]


def test_the_prebuilt_plays_are_one_per_card_and_one_per_call():
    assert [str(m) for m in WHOT_PLAYS] == [
        f"play whot call {s}" for s in ("circle", "triangle", "cross", "square", "star")
    ]
    assert str(PLAYS[FIVE.code]) == "play circle 5"
    assert [m.card.code for m in PLAYS[:-1]] == list(range(len(PLAYS) - 1))
