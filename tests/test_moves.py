"""Moves as values (RULES.md section 11): text forms, aliases, bad text, equality and hashing."""

from __future__ import annotations

import dataclasses

import pytest

from whot_core import WHOT, Announcement, Card, Move, Shape

CANONICAL_TEXTS = [
    "draw",
    "play circle 5",
    "play triangle 14",
    "play star 8",
    "play whot call circle",
    "play whot call triangle",
    "play whot call cross",
    "play whot call square",
    "play whot call star",
    "play circle 5, last card",
    "play circle 5, semi last card",
    "play whot call star, last card",
    "play whot call cross, semi last card",
]


class TestText:
    @pytest.mark.parametrize("text", CANONICAL_TEXTS)
    def test_text_round_trips(self, text):
        move = Move.parse(text)
        assert str(move) == text
        assert Move.parse(str(move)) == move

    @pytest.mark.parametrize(
        ("text", "canonical"),
        [
            ("play ball 5", "play circle 5"),
            ("play angle 1", "play triangle 1"),
            ("play carpet 3", "play square 3"),
            ("play whot call carpet", "play whot call square"),
            ("play whot call ball", "play whot call circle"),
            ("play whot 20 call star", "play whot call star"),
            ("PLAY Circle 5", "play circle 5"),
            ("  play   circle   5  ", "play circle 5"),
            ("Draw", "draw"),
            ("play ball 5,   LAST   card", "play circle 5, last card"),
            ("play circle 5,semi last card", "play circle 5, semi last card"),
        ],
    )
    def test_aliases_case_and_spacing_read_to_the_canonical_text(self, text, canonical):
        assert str(Move.parse(text)) == canonical

    def test_parsed_fields(self):
        move = Move.parse("play whot call carpet, semi last card")
        assert move.card == WHOT
        assert move.call is Shape.SQUARE
        assert move.announce is Announcement.SEMI_LAST_CARD
        assert not move.is_draw

    def test_draw_has_no_card(self):
        move = Move.parse("draw")
        assert move.is_draw
        assert (move.card, move.call, move.announce) == (None, None, None)

    def test_text_in_nigerian(self):
        assert Move.parse("play circle 7").text(nigerian=True) == "play ball 7"
        assert Move.parse("play whot call square").text(nigerian=True) == "play whot call carpet"
        assert Move.parse("draw").text(nigerian=True) == "draw"

    def test_announcement_counts_cards_left(self):
        assert Announcement.SEMI_LAST_CARD.cards_left == 2
        assert Announcement.LAST_CARD.cards_left == 1


class TestBadText:
    @pytest.mark.parametrize(
        "text",
        [
            "",
            "   ",
            "play",
            "jump",
            "jump circle 5",
            "circle 5",
            "play whot",  # a Whot must call
            "play whot 20",
            "play whot call",
            "play whot call whot",  # whot is not a shape
            "play whot call hexagon",
            "play whot call star circle",
            "play circle 5 call star",  # only a Whot calls
            "play call star",
            "play circle 6",
            "play square 4",
            "play hexagon 3",
            "play circle 5 7",
            "play circle 5, first card",
            "play circle 5, last",
            "play circle 5, last card, last card",
            "play circle 5 last card",
            "draw, last card",
            "draw 2",
            "draw circle 5",
            "play circle 5,",  # a comma promises an announcement
            "play circle ５",  # fullwidth digit
        ],
    )
    def test_bad_text_is_a_value_error(self, text):
        with pytest.raises(ValueError):
            Move.parse(text)

    @pytest.mark.parametrize(
        ("text", "named"),
        [
            ("play whot", "call a shape"),
            ("play whot call whot", "whot is not a shape"),
            ("play circle 5 call star", "only a Whot"),
            ("jump", "jump"),
            ("play circle 5, first card", "last card"),
            ("play square 4", "square 4"),
            ("play circle 5,", "comma"),
        ],
    )
    def test_bad_text_message_says_what_is_wrong(self, text, named):
        with pytest.raises(ValueError, match=named):
            Move.parse(text)

    @pytest.mark.parametrize("thing", [None, 5, b"draw", ["draw"]])
    def test_non_text_is_a_type_error(self, thing):
        with pytest.raises(TypeError):
            Move.parse(thing)

    def test_constructor_validates_like_parse(self):
        with pytest.raises(ValueError):
            Move(WHOT)
        with pytest.raises(ValueError):
            Move(WHOT, Shape.WHOT)
        with pytest.raises(ValueError):
            Move(Card.parse("circle 5"), Shape.STAR)
        with pytest.raises(ValueError):
            Move(None, Shape.STAR)
        with pytest.raises(ValueError):
            Move(None, None, Announcement.LAST_CARD)
        with pytest.raises(TypeError):
            Move("circle 5")  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            Move(Card.parse("circle 5"), None, "last card")  # type: ignore[arg-type]


class TestValues:
    def test_equal_moves_compare_and_hash_alike(self):
        a = Move.parse("play ball 5")
        b = Move.play(Card.parse("circle 5"))
        c = Move(Card(Shape.CIRCLE, 5))
        assert a == b == c
        assert hash(a) == hash(b) == hash(c)
        assert Move.parse("draw") == Move.draw() == Move()

    def test_moves_dedupe_in_sets(self):
        texts = ["draw", "DRAW", "play ball 5", "play circle 5", "play whot call carpet"]
        moves = {Move.parse(t) for t in texts}
        texts += ["play whot call square", "play whot 20 call square"]
        assert moves == {Move.parse(t) for t in texts}
        assert len(moves) == 3

    def test_moves_work_as_dict_keys(self):
        counts = {Move.parse("play whot call star"): 1}
        assert counts[Move.play(WHOT, call=Shape.STAR)] == 1

    @pytest.mark.parametrize(
        ("a", "b"),
        [
            ("play circle 5", "play circle 5, last card"),
            ("play circle 5, last card", "play circle 5, semi last card"),
            ("play whot call star", "play whot call circle"),
            ("play circle 5", "play triangle 5"),
            ("play circle 5", "draw"),
        ],
    )
    def test_different_moves_differ(self, a, b):
        assert Move.parse(a) != Move.parse(b)
        assert len({Move.parse(a), Move.parse(b)}) == 2

    def test_moves_are_immutable(self):
        move = Move.parse("play circle 5")
        with pytest.raises((dataclasses.FrozenInstanceError, AttributeError)):
            move.card = WHOT  # type: ignore[misc]

    def test_with_announcement_is_a_new_move(self):
        plain = Move.parse("play circle 5")
        said = plain.with_announcement(Announcement.LAST_CARD)
        assert str(said) == "play circle 5, last card"
        assert str(plain) == "play circle 5"
        assert said.with_announcement(None) == plain

    def test_repr_is_parseable_text(self):
        assert (
            repr(Move.parse("play ball 5, last card")) == "Move.parse('play circle 5, last card')"
        )
