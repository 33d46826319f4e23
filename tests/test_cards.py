"""Cards and shapes (RULES.md sections 1 and 11): text forms, the pack, order, and bad input."""

from __future__ import annotations

import dataclasses
import operator
import random
from collections import Counter

import pytest

from whot_core import CARDS, SHAPES, WHOT, Card, Shape, make_pack
from whot_core.whot.engine.cards import (
    in_nigerian_names,
    in_shape_names,
    pack_codes,
    shuffle_codes,
)

# RULES.md section 1, typed out by hand: the numbers printed on each shape.
PACK_TABLE: dict[str, tuple[int, ...]] = {
    "circle": (1, 2, 3, 4, 5, 7, 8, 10, 11, 12, 13, 14),
    "triangle": (1, 2, 3, 4, 5, 7, 8, 10, 11, 12, 13, 14),
    "cross": (1, 2, 3, 5, 7, 10, 11, 13, 14),
    "square": (1, 2, 3, 5, 7, 10, 11, 13, 14),
    "star": (1, 2, 3, 4, 5, 7, 8),
}
NIGERIAN = {
    "circle": "ball",
    "triangle": "angle",
    "cross": "cross",
    "square": "carpet",
    "star": "star",
}

#: Every distinct card's text, written from the table (49 numbered cards and the Whot).
ALL_TEXTS: list[str] = [f"{shape} {n}" for shape, numbers in PACK_TABLE.items() for n in numbers]
ALL_TEXTS.append("whot")


# ------------------------------------------------------------------------------ text forms


class TestTextForms:
    def test_the_distinct_cards_are_exactly_the_table(self):
        assert len(ALL_TEXTS) == 50
        assert sorted(str(card) for card in CARDS) == sorted(ALL_TEXTS)

    @pytest.mark.parametrize("text", ALL_TEXTS)
    def test_text_round_trips(self, text):
        card = Card.parse(text)
        assert str(card) == text
        assert Card.parse(str(card)) == card

    @pytest.mark.parametrize("card", CARDS, ids=str)
    def test_every_card_round_trips_through_its_text(self, card):
        assert Card.parse(str(card)) == card
        assert Card.parse(card.name(nigerian=True)) == card

    @pytest.mark.parametrize("text", ALL_TEXTS)
    def test_parsing_ignores_case_and_spacing(self, text):
        expected = Card.parse(text)
        assert Card.parse(text.upper()) == expected
        assert Card.parse(text.title()) == expected
        assert Card.parse("  " + text.replace(" ", "   ") + "\t") == expected

    @pytest.mark.parametrize("text", ["whot", "whot 20", "WHOT", "Whot 20", "  whot   20 "])
    def test_whot_is_written_with_or_without_its_20(self, text):
        card = Card.parse(text)
        assert card == WHOT
        assert card.shape is Shape.WHOT
        assert card.number == 20
        assert str(card) == "whot"

    @pytest.mark.parametrize(
        ("alias", "english"),
        [
            ("ball 7", "circle 7"),
            ("angle 1", "triangle 1"),
            ("carpet 3", "square 3"),
            ("cross 2", "cross 2"),
            ("star 8", "star 8"),
            ("Ball 14", "circle 14"),
            ("CARPET 13", "square 13"),
            ("angle 12", "triangle 12"),
        ],
    )
    def test_nigerian_aliases_parse_to_the_english_card(self, alias, english):
        assert Card.parse(alias) == Card.parse(english)
        assert str(Card.parse(alias)) == english

    @pytest.mark.parametrize(
        ("text", "nigerian"),
        [
            ("circle 7", "ball 7"),
            ("triangle 1", "angle 1"),
            ("square 3", "carpet 3"),
            ("cross 2", "cross 2"),
            ("star 8", "star 8"),
            ("whot", "whot"),
        ],
    )
    def test_name_in_nigerian(self, text, nigerian):
        card = Card.parse(text)
        assert card.name(nigerian=True) == nigerian
        assert card.name() == text

    def test_repr_is_parseable_text(self):
        assert repr(Card.parse("ball 7")) == "Card.parse('circle 7')"
        assert repr(WHOT) == "Card.parse('whot')"


# ---------------------------------------------------------------------------------- the pack


class TestPack:
    @pytest.mark.parametrize(
        ("whot_cards", "packs", "size"),
        [(5, 1, 54), (4, 1, 53), (5, 2, 108), (4, 2, 106), (0, 1, 49), (0, 2, 98)],
    )
    def test_pack_sizes(self, whot_cards, packs, size):
        assert len(make_pack(whot_cards, packs)) == size

    def test_default_pack_is_the_54_card_pack(self):
        assert len(make_pack()) == 54

    @pytest.mark.parametrize(("whot_cards", "packs"), [(5, 1), (4, 1), (5, 2), (4, 2)])
    def test_count_per_shape(self, whot_cards, packs):
        counts = Counter(card.shape for card in make_pack(whot_cards, packs))
        expected = {
            Shape.CIRCLE: 12 * packs,
            Shape.TRIANGLE: 12 * packs,
            Shape.CROSS: 9 * packs,
            Shape.SQUARE: 9 * packs,
            Shape.STAR: 7 * packs,
            Shape.WHOT: whot_cards * packs,
        }
        assert counts == expected

    @pytest.mark.parametrize(("whot_cards", "packs"), [(5, 1), (4, 1), (5, 2), (4, 2)])
    def test_each_numbered_card_appears_once_per_pack(self, whot_cards, packs):
        counts = Counter(str(card) for card in make_pack(whot_cards, packs))
        expected = dict.fromkeys(ALL_TEXTS, packs) | {"whot": whot_cards * packs}
        assert counts == expected

    def test_no_six_or_nine_anywhere(self):
        assert not [card for card in make_pack() if card.number in (6, 9)]

    def test_crosses_and_squares_have_no_4_8_or_12(self):
        four_sided = [c for c in make_pack() if c.shape in (Shape.CROSS, Shape.SQUARE)]
        assert len(four_sided) == 18
        assert not [c for c in four_sided if c.number in (4, 8, 12)]

    def test_stars_run_only_to_8(self):
        stars = sorted(c.number for c in make_pack() if c.shape is Shape.STAR)
        assert stars == [1, 2, 3, 4, 5, 7, 8]

    def test_whot_is_the_only_20(self):
        assert [c for c in make_pack() if c.number == 20] == [WHOT] * 5


# ------------------------------------------------------------------------- impossible cards


class TestBadCards:
    @pytest.mark.parametrize(
        ("text", "named"),
        [
            ("square 4", "square 4"),
            ("cross 8", "cross 8"),
            ("square 12", "square 12"),
            ("star 12", "star 12"),
            ("star 10", "star 10"),
            ("circle 6", "circle 6"),
            ("triangle 9", "triangle 9"),
            ("circle 0", "circle 0"),
            ("circle 15", "circle 15"),
            ("carpet 4", "square 4"),
            ("whot 5", "whot 5"),
            ("whot 20 20", "whot 20 20"),
            ("hexagon 3", "hexagon"),
            ("circle", "circle"),
            ("circle five", "circle five"),
            ("circle -5", "circle -5"),
            ("circle 5.0", "circle 5.0"),
            ("circle 5 7", "circle 5 7"),
            ("5 circle", "5"),
        ],
    )
    def test_impossible_card_is_a_value_error_naming_it(self, text, named):
        with pytest.raises(ValueError, match=named.replace(".", r"\.")):
            Card.parse(text)

    @pytest.mark.parametrize("text", ["", "   ", "\t\n"])
    def test_empty_text_is_a_value_error(self, text):
        with pytest.raises(ValueError, match="empty"):
            Card.parse(text)

    def test_unicode_superscript_digit_names_the_card(self):
        with pytest.raises(ValueError, match="circle ²"):
            Card.parse("circle ²")

    @pytest.mark.parametrize("thing", [5, None, b"circle 5", ["circle", 5]])
    def test_non_text_is_a_type_error(self, thing):
        with pytest.raises(TypeError):
            Card.parse(thing)

    @pytest.mark.parametrize(
        ("shape", "number", "error"),
        [
            ("circle", 5, TypeError),
            (Shape.CIRCLE, "5", TypeError),
            (Shape.CIRCLE, True, TypeError),
            (Shape.CIRCLE, 5.0, TypeError),
            (Shape.CIRCLE, 6, ValueError),
            (Shape.STAR, 14, ValueError),
            (Shape.WHOT, 5, ValueError),
        ],
    )
    def test_constructor_validates(self, shape, number, error):
        with pytest.raises(error):
            Card(shape, number)

    def test_constructor_builds_the_same_card_as_parse(self):
        assert Card(Shape.SQUARE, 13) == Card.parse("carpet 13")
        assert Card(Shape.WHOT, 20) == WHOT


# ------------------------------------------------------------------------------ value type


class TestValueType:
    def test_equal_cards_hash_alike(self):
        assert {Card.parse("circle 5"), Card.parse("ball 5"), Card.parse("CIRCLE 5")} == {
            Card(Shape.CIRCLE, 5)
        }
        counts = {Card.parse("whot"): 1}
        assert counts[Card.parse("whot 20")] == 1

    def test_different_cards_differ(self):
        assert Card.parse("circle 5") != Card.parse("triangle 5")
        assert Card.parse("circle 5") != Card.parse("circle 7")
        assert Card.parse("circle 5") != "circle 5"

    def test_cards_are_immutable(self):
        card = Card.parse("circle 5")
        with pytest.raises(dataclasses.FrozenInstanceError):
            card.number = 7  # type: ignore[misc]

    def test_sorting_goes_by_shape_then_number(self):
        mixed = [
            "whot",
            "star 1",
            "square 14",
            "cross 1",
            "triangle 14",
            "circle 14",
            "circle 2",
            "triangle 1",
            "star 8",
        ]
        expected = [
            "circle 2",
            "circle 14",
            "triangle 1",
            "triangle 14",
            "cross 1",
            "square 14",
            "star 1",
            "star 8",
            "whot",
        ]
        assert [str(c) for c in sorted(Card.parse(t) for t in mixed)] == expected

    def test_order_of_every_pair_follows_shape_order_then_number(self):
        shape_order = ["circle", "triangle", "cross", "square", "star", "whot"]

        def key(card: Card) -> tuple[int, int]:
            return shape_order.index(card.shape.value), card.number

        for a in CARDS:
            for b in CARDS:
                assert (a < b) == (key(a) < key(b))
                assert (a <= b) == (key(a) <= key(b))
                assert (a > b) == (key(a) > key(b))
                assert (a >= b) == (key(a) >= key(b))

    def test_comparing_with_a_non_card_is_a_type_error(self):
        with pytest.raises(TypeError):
            _ = Card.parse("circle 5") < 5  # type: ignore[operator]

    @pytest.mark.parametrize(
        ("compare", "sign"),
        [(operator.lt, "<"), (operator.le, "<="), (operator.gt, ">"), (operator.ge, ">=")],
    )
    def test_every_comparison_with_a_non_card_is_refused_by_python(self, compare, sign):
        # Python's own refusal: the card declines, so the other side is asked, and an int or
        # a string cannot compare itself with a card either.
        for other in (5, "circle 5"):
            with pytest.raises(TypeError, match=f"'{sign}' not supported between instances"):
                compare(Card.parse("circle 5"), other)

    def test_is_whot(self):
        assert WHOT.is_whot
        assert not Card.parse("star 8").is_whot


# ------------------------------------------------------------------------------------ shapes


class TestShapes:
    @pytest.mark.parametrize("card", CARDS, ids=str)
    def test_card_shape_is_a_shape(self, card):
        assert isinstance(card.shape, Shape)

    @pytest.mark.parametrize(
        ("text", "shape"),
        [
            ("circle", Shape.CIRCLE),
            ("ball", Shape.CIRCLE),
            ("Triangle", Shape.TRIANGLE),
            ("ANGLE", Shape.TRIANGLE),
            ("cross", Shape.CROSS),
            ("square", Shape.SQUARE),
            (" carpet ", Shape.SQUARE),
            ("Star", Shape.STAR),
            ("whot", Shape.WHOT),
        ],
    )
    def test_shape_parse_with_aliases(self, text, shape):
        assert Shape.parse(text) is shape

    @pytest.mark.parametrize("text", ["hexagon", "", "circles", "ball 5"])
    def test_unknown_shape_is_a_value_error_naming_it(self, text):
        with pytest.raises(ValueError, match=f"unknown shape {text!r}"):
            Shape.parse(text)

    def test_shape_text_and_nigerian_name(self):
        assert [str(s) for s in SHAPES] == ["circle", "triangle", "cross", "square", "star"]
        assert [s.nigerian_name for s in SHAPES] == [NIGERIAN[str(s)] for s in SHAPES]

    def test_sentences_in_nigerian_names(self):
        text = "Square 5 does not match circle 12: play a circle; they lack triangles."
        assert in_nigerian_names(text) == (
            "Carpet 5 does not match ball 12: play a ball; they lack angles."
        )
        # Whole words only; cross, star and whot are the same in both.
        assert in_nigerian_names("squarely, circles, cross 3, star 7, whot") == (
            "squarely, balls, cross 3, star 7, whot"
        )

    def test_sentences_in_the_shape_names_the_reader_picked(self):
        text = "Play a square or a circle 5."
        assert in_shape_names(text, nigerian=True) == "Play a carpet or a ball 5."
        assert in_shape_names(text, nigerian=False) == text
        assert in_shape_names(None, nigerian=True) is None
        assert in_shape_names("", nigerian=True) == ""

    def test_the_callable_shapes_exclude_whot(self):
        assert Shape.WHOT not in SHAPES
        assert len(SHAPES) == 5


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("circle 6", "circle 6 does not exist: there are no 6s or 9s in a Whot pack"),
        ("triangle 9", "triangle 9 does not exist: there are no 6s or 9s in a Whot pack"),
        ("cross 4", "cross 4 does not exist: crosses and squares have no 4, 8 or 12"),
        ("square 8", "square 8 does not exist: crosses and squares have no 4, 8 or 12"),
        ("cross 12", "cross 12 does not exist: crosses and squares have no 4, 8 or 12"),
        ("star 10", "star 10 does not exist: stars only go up to 8"),
        ("star 12", "star 12 does not exist: stars only go up to 8"),
        (
            "circle 15",
            "circle 15 does not exist: circles are numbered "
            "1, 2, 3, 4, 5, 7, 8, 10, 11, 12, 13, 14",
        ),
    ],
)
def test_a_card_that_does_not_exist_is_refused_saying_why(text, why):
    with pytest.raises(ValueError) as raised:
        Card.parse(text)
    assert str(raised.value) == why


@pytest.mark.parametrize(
    ("build", "refusal"),
    [
        (lambda: Card("circle", 5), "card shape must be a Shape, not str"),
        (lambda: Card(Shape.CIRCLE, "5"), "card number must be an int, not str"),
        (lambda: Card(Shape.CIRCLE, 5.0), "card number must be an int, not float"),
        (lambda: Card.parse(5), "card text must be a str, not int"),
        (lambda: Card.parse(None), "card text must be a str, not NoneType"),
        (lambda: Card.of(5), "a card must be a Card or card text, not int"),
        (lambda: Card.of(["circle", 5]), "a card must be a Card or card text, not list"),
        (lambda: Card.parse("  "), "empty card text: expected something like 'circle 5' or 'whot'"),
        (
            lambda: Card.parse("hexagon 3"),
            "unknown shape 'hexagon': expected one of angle, ball, carpet, circle, cross, square, "
            "star, triangle, whot",
        ),
        (
            lambda: Shape.parse("Circles"),
            "unknown shape 'Circles': expected one of angle, ball, carpet, circle, cross, square, "
            "star, triangle, whot",
        ),
    ],
)
def test_a_card_given_wrongly_is_refused_in_a_whole_sentence(build, refusal):
    with pytest.raises((TypeError, ValueError)) as raised:
        build()
    assert str(raised.value) == refusal


@pytest.mark.parametrize("length", [0, 1, 2, 3, 5, 54, 108])
def test_a_seeded_shuffle_of_the_pack_is_the_standard_librarys(length):
    # A game's seed names its deal: the engine's shuffle must put the cards in the order
    # `random.shuffle` does and draw the same random numbers (the next shuffle depends on them).
    for seed in (0, 1, 7, "whot-reshuffle:3:1"):
        ours, theirs = list(pack_codes(packs=2)[:length]), list(pack_codes(packs=2)[:length])
        mine, standard = random.Random(seed), random.Random(seed)
        shuffle_codes(mine, ours)
        standard.shuffle(theirs)
        assert ours == theirs
        assert mine.getstate() == standard.getstate()


def test_a_seeded_shuffle_can_leave_any_card_in_any_place():
    orders = set()
    for seed in range(200):
        codes = [0, 1, 2]
        shuffle_codes(random.Random(seed), codes)
        orders.add(tuple(codes))
    assert len(orders) == 6
