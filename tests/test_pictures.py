"""Pictures: cards, hands and tables drawn as well-formed, accessible SVG in which shapes, not
colours, carry the meaning (whot_core/whot/show/pictures.py).

Every picture is parsed back with ElementTree and read through the class names the module gives
its parts (`card`, `card-back`, `big-shape`, `corner-number`, `seat`, `market`, `call`, ...).
"""

from __future__ import annotations

import base64
import re
import xml.etree.ElementTree as ET
from types import SimpleNamespace

import pytest
from helpers import badge_margin, loaded_by

from whot_core import CARDS, WHOT, Card, GameState, Rules, Shape, new_game
from whot_core.whot.show.pictures import (
    INK,
    PAPER,
    SHAPE_ELEMENT,
    HandPicture,
    Picture,
    TablePicture,
    back_svg,
    card_repr_html,
    card_svg,
    hand_svg,
    img_tag,
    notebook_html,
    state_repr_html,
    table_svg,
    to_data_uri,
)

NS = "{http://www.w3.org/2000/svg}"
SHAPE_CARDS = [card for card in CARDS if not card.is_whot]

# The element each shape must be drawn with: its tag, and how many points a polygon has.
EXPECTED_ELEMENT = {
    "circle": ("circle", None),
    "triangle": ("polygon", 3),
    "cross": ("polygon", 12),
    "square": ("rect", None),
    "star": ("polygon", 10),
}


# ---------------------------------------------------------------------------------- helpers


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def tag(element: ET.Element) -> str:
    return element.tag.removeprefix(NS)


def classes(element: ET.Element) -> set[str]:
    return set((element.get("class") or "").split())


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [el for el in root.iter() if name in classes(el)]


def texts(root: ET.Element, name: str) -> list[str]:
    return ["".join(el.itertext()) for el in with_class(root, name)]


def point_count(polygon: ET.Element) -> int:
    return len(polygon.get("points").split())


def title(root: ET.Element) -> str:
    return root.find(f"{NS}title").text


def seat_groups(root: ET.Element) -> dict[int, ET.Element]:
    return {int(g.get("data-seat")): g for g in with_class(root, "seat")}


def translation(element: ET.Element) -> tuple[float, float]:
    x, y = re.match(r"translate\(([-\d.]+) ([-\d.]+)\)", element.get("transform")).groups()
    return float(x), float(y)


def card_names(group: ET.Element) -> list[str]:
    return [el.get("data-card") for el in with_class(group, "card")]


def position(preset: str, hands, pile, market=(), **kwargs) -> GameState:
    return GameState.from_position(
        Rules.preset(preset), hands=hands, pile=pile, market=market, **kwargs
    )


THREE_SEATS = {
    "hands": [["circle 5", "star 7"], ["square 2", "cross 3", "triangle 14"], ["whot"]],
    "pile": ["circle 4", "circle 11"],
    "market": ["square 1", "circle 8", "triangle 2"],
}


# ------------------------------------------------------------------------------------ cards


class TestCardFrame:
    @pytest.mark.parametrize("card", CARDS, ids=str)
    def test_every_card_is_an_accessible_svg_naming_the_card(self, card):
        root = parse(card_svg(card))
        assert tag(root) == "svg"
        assert root.get("viewBox") == "0 0 100 150"
        assert root.get("role") == "img"
        assert root.get("aria-label") == str(card)
        assert title(root) == str(card)

    def test_width_sets_the_pixel_size_keeping_two_by_three(self):
        root = parse(card_svg(Card.parse("circle 5"), width=60))
        assert (root.get("width"), root.get("height")) == ("60", "90")

    def test_card_text_is_accepted_like_a_card(self):
        assert card_svg("ball 5") == card_svg(Card.parse("circle 5"))

    def test_pictures_carry_no_ids_so_many_can_share_a_page(self):
        svg = card_svg(WHOT) + back_svg() + table_svg(position("nigerian_street", **THREE_SEATS))
        assert " id=" not in svg


class TestShapesCarryTheMeaning:
    def test_the_documented_mapping_is_the_expected_one(self):
        assert {shape.value: element for shape, element in SHAPE_ELEMENT.items()} == (
            EXPECTED_ELEMENT
        )

    @pytest.mark.parametrize("card", SHAPE_CARDS, ids=str)
    def test_the_big_shape_is_drawn_as_its_geometry(self, card):
        (big,) = with_class(parse(card_svg(card)), "big-shape")
        expected_tag, points = EXPECTED_ELEMENT[card.shape.value]
        assert tag(big) == expected_tag
        assert big.get("data-shape") == card.shape.value
        if points is not None:
            assert point_count(big) == points

    def test_a_square_is_square_and_a_circle_round(self):
        (square,) = with_class(parse(card_svg("square 3")), "big-shape")
        assert square.get("width") == square.get("height")
        (circle,) = with_class(parse(card_svg("circle 3")), "big-shape")
        assert float(circle.get("r")) > 0

    @pytest.mark.parametrize("card", SHAPE_CARDS, ids=str)
    def test_both_corners_repeat_the_shape_under_the_number(self, card):
        corners = with_class(parse(card_svg(card)), "corner-shape")
        assert [c.get("data-shape") for c in corners] == [card.shape.value] * 2

    def test_every_card_is_drawn_in_one_ink_on_paper(self):
        """Nothing is told apart by colour: each card uses only the ink, white and no fill."""
        for card in [*CARDS, "back"]:
            svg = back_svg() if card == "back" else card_svg(card, highlight="illegal")
            colours = {
                el.get(attr)
                for el in parse(svg).iter()
                for attr in ("fill", "stroke")
                if el.get(attr)
            }
            assert colours <= {INK, PAPER, "none"}, card


class TestNumbers:
    @pytest.mark.parametrize("card", CARDS, ids=str)
    def test_the_number_is_written_in_two_corners(self, card):
        root = parse(card_svg(card))
        assert texts(root, "corner-number") == [str(card.number)] * 2
        turned = [g.get("transform") for g in with_class(root, "corner")]
        assert turned[0] is None and turned[1].startswith("rotate(180")

    @pytest.mark.parametrize(
        ("text", "star_double", "score"),
        [
            ("star 4", True, "8"),
            ("star 4", False, "4"),
            ("star 7", True, "14"),
            ("star 1", False, "1"),
        ],
    )
    def test_a_star_shows_its_scoring_number(self, text, star_double, score):
        root = parse(card_svg(text, star_double=star_double))
        assert texts(root, "star-score") == [score]
        assert root.find(f"{NS}desc").text == f"scores {score} at the count"

    @pytest.mark.parametrize("text", ["circle 4", "triangle 8", "square 7", "cross 2"])
    def test_only_stars_carry_a_scoring_number(self, text):
        assert with_class(parse(card_svg(text)), "star-score") == []


class TestWhotCard:
    def test_the_whot_has_its_own_design_with_the_word_and_twenty(self):
        root = parse(card_svg(WHOT))
        assert len(with_class(root, "whot-design")) == 1
        assert texts(root, "whot-word") == ["WHOT"]
        assert texts(root, "corner-number") == ["20", "20"]
        assert with_class(root, "big-shape") == []

    def test_the_whot_design_shows_all_five_shapes_top_and_bottom(self):
        shapes = [el.get("data-shape") for el in with_class(parse(card_svg(WHOT)), "whot-shape")]
        five = ["circle", "triangle", "cross", "square", "star"]
        # The bottom row is the top row turned; the parser sees the same elements again.
        assert shapes == five + five

    def test_no_shape_card_has_the_whot_design(self):
        assert all(with_class(parse(card_svg(c)), "whot-design") == [] for c in SHAPE_CARDS)


class TestNames:
    @pytest.mark.parametrize(
        ("text", "nigerian", "shown"),
        [
            ("circle 5", "ball 5", "ball"),
            ("triangle 1", "angle 1", "angle"),
            ("square 3", "carpet 3", "carpet"),
            ("cross 2", "cross 2", "cross"),
            ("star 7", "star 7", "star"),
        ],
    )
    def test_nigerian_names_label_the_card(self, text, nigerian, shown):
        root = parse(card_svg(text, nigerian=True))
        assert root.get("aria-label") == nigerian
        assert title(root) == nigerian
        assert texts(root, "shape-name") == [shown]

    def test_english_shape_name_by_default_and_none_when_hidden(self):
        assert texts(parse(card_svg("square 3")), "shape-name") == ["square"]
        assert texts(parse(card_svg("square 3", show_name=False)), "shape-name") == []


class TestHighlights:
    def test_a_legal_card_gets_a_thick_solid_frame(self):
        root = parse(card_svg("circle 5", highlight="legal"))
        (frame,) = with_class(root, "highlight-legal")
        (face,) = with_class(root, "card-face")
        assert float(frame.get("stroke-width")) >= 3 * float(face.get("stroke-width"))
        assert frame.get("stroke-dasharray") is None
        assert root.get("aria-label") == "circle 5, legal"

    def test_an_illegal_card_is_greyed_under_a_dashed_frame(self):
        root = parse(card_svg("circle 5", highlight="illegal"))
        (mark,) = with_class(root, "highlight-illegal")
        assert any(el.get("stroke-dasharray") for el in mark.iter())
        assert any(el.get("fill-opacity") for el in mark.iter())
        assert root.get("aria-label") == "circle 5, illegal"

    def test_an_unknown_highlight_is_refused(self):
        with pytest.raises(ValueError, match="highlight"):
            card_svg("circle 5", highlight="shiny")


class TestBack:
    def test_the_back_is_a_card_sized_svg_with_no_face(self):
        root = parse(back_svg(width=50))
        assert root.get("viewBox") == "0 0 100 150"
        assert (root.get("width"), root.get("height")) == ("50", "75")
        assert root.get("aria-label") == "card back"
        assert len(with_class(root, "card-back")) == 1
        assert with_class(root, "corner-number") == []


# ------------------------------------------------------------------------------------ hands


class TestHand:
    HAND = ("circle 5", "star 4", "whot", "square 11")

    def test_one_card_group_per_card_in_order(self):
        root = parse(hand_svg([Card.parse(text) for text in self.HAND]))
        assert card_names(root) == ["circle 5", "star 4", "whot", "square 11"]
        assert root.get("aria-label") == "hand of 4: circle 5, star 4, whot, square 11"

    def test_the_hand_reuses_the_single_card_drawing(self):
        in_hand = with_class(parse(hand_svg(["star 4", "cross 2"])), "card")[1]
        alone = with_class(parse(card_svg("cross 2")), "card")[0]
        del in_hand.attrib["transform"]
        assert ET.tostring(in_hand) == ET.tostring(alone)

    def test_each_card_shows_the_strip_the_next_one_leaves(self):
        """Three cards, 40% overlap: 100 + 2 * 60 card units wide, at 80 px per 100 units."""
        root = parse(hand_svg(["circle 1", "circle 2", "circle 3"], overlap=0.4, width=80))
        assert root.get("viewBox") == "0 0 220 150"
        assert (root.get("width"), root.get("height")) == ("176", "120")
        assert [translation(g) for g in with_class(root, "card")] == [(0, 0), (60, 0), (120, 0)]

    def test_highlights_mark_cards_and_lift_the_legal_ones(self):
        root = parse(hand_svg(self.HAND, highlight={0: "legal", 2: "illegal"}, overlap=0.5))
        groups = with_class(root, "card")
        assert [translation(g) for g in groups] == [(0, 0), (50, 12), (100, 12), (150, 12)]
        assert with_class(groups[0], "highlight-legal")
        assert with_class(groups[2], "highlight-illegal")
        assert not with_class(groups[1], "highlight")

    def test_an_empty_hand_draws_an_empty_slot(self):
        root = parse(hand_svg([]))
        assert card_names(root) == []
        assert len(with_class(root, "empty-slot")) == 1
        assert root.get("aria-label") == "hand of 0: no cards"

    def test_nigerian_names_in_the_hand_label(self):
        root = parse(hand_svg(["circle 5", "square 3"], nigerian=True))
        assert root.get("aria-label") == "hand of 2: ball 5, carpet 3"

    @pytest.mark.parametrize(
        ("options", "message"),
        [
            ({"highlight": {4: "legal"}}, "not a position"),
            ({"highlight": {0: "maybe"}}, "highlight must be"),
            ({"overlap": 1.0}, "overlap"),
        ],
    )
    def test_bad_options_are_refused(self, options, message):
        with pytest.raises(ValueError, match=message):
            hand_svg(self.HAND, **options)


# ------------------------------------------------------------------------------------ table


class TestTableHands:
    def test_a_state_shows_every_hand_face_up(self):
        root = parse(table_svg(position("nigerian_street", **THREE_SEATS)))
        seats = seat_groups(root)
        assert card_names(seats[0]) == ["circle 5", "star 7"]
        assert card_names(seats[1]) == ["square 2", "cross 3", "triangle 14"]
        assert card_names(seats[2]) == ["whot"]
        assert with_class(root, "seat") and not any(
            with_class(seat, "card-back") for seat in seats.values()
        )

    def test_a_viewer_sees_the_other_hands_as_backs(self):
        two_seats = position("nigerian_street", [["circle 5", "star 7"], ["cross 1"]], ["cross 5"])
        two = parse(table_svg(two_seats, viewer=1))
        assert len(with_class(seat_groups(two)[0], "card-back")) == 2  # room for every back
        root = parse(table_svg(position("nigerian_street", **THREE_SEATS), viewer=1))
        seats = seat_groups(root)
        # Three seats or more: a hidden hand is one back, its count written beside it.
        assert len(with_class(seats[0], "card-back")) == 1
        assert texts(seats[0], "seat-label") == ["Seat 0"]
        assert texts(seats[0], "count") == ["2 cards"]
        assert len(with_class(seats[2], "card-back")) == 1
        assert card_names(seats[0]) == card_names(seats[2]) == []
        assert card_names(seats[1]) == ["square 2", "cross 3", "triangle 14"]
        assert texts(seats[1], "seat-label") == ["Seat 1 (you)"]
        assert texts(seats[1], "count") == ["3 cards"]
        assert texts(seats[2], "seat-label") == ["Seat 2"]

    def test_a_player_view_hides_every_hand_but_its_own(self):
        view = position("nigerian_street", **THREE_SEATS).view(2)
        seats = seat_groups(parse(table_svg(view)))
        assert len(with_class(seats[0], "card-back")) == 1
        assert texts(seats[1], "count") == ["3 cards"]
        assert card_names(seats[2]) == ["whot"]

    def test_a_view_cannot_be_drawn_for_another_seat(self):
        view = position("nigerian_street", **THREE_SEATS).view(2)
        with pytest.raises(ValueError, match="seat 2"):
            table_svg(view, viewer=0)

    @pytest.mark.parametrize("viewer", [3, -1, True])
    def test_a_viewer_must_be_a_seat(self, viewer):
        with pytest.raises(ValueError, match="viewer"):
            table_svg(position("nigerian_street", **THREE_SEATS), viewer=viewer)

    def test_the_viewer_sits_at_the_bottom_with_their_left_hand_neighbour_on_the_left(self):
        state = new_game(Rules.preset("british"), players=4, seed=1)
        seats = seat_groups(parse(table_svg(state, viewer=2, face_up=True)))
        xs = {seat: translation(group)[0] for seat, group in seats.items()}
        ys = {seat: translation(group)[1] for seat, group in seats.items()}
        assert max(ys, key=ys.get) == 2
        assert min(ys, key=ys.get) == 0  # opposite the viewer
        assert xs[3] < xs[2] < xs[1]  # seat 3, on seat 2's left, is drawn on the left

    def test_four_hidden_hands_or_more_are_a_roster_in_the_order_they_play_after_you(self):
        """From four players a hidden hand is one line of a roster (its name and count), the
        seat on your left first: your hand keeps its two-player size (issue 30)."""
        state = new_game(Rules.preset("british"), players=4, seed=1)
        root = parse(table_svg(state, viewer=2))
        seats = seat_groups(root)
        lines = [s for s in (3, 0, 1) if "roster-line" in classes(seats[s])]
        assert lines == [3, 0, 1]
        ys = [translation(seats[s])[1] for s in (3, 0, 1)]
        assert ys == sorted(ys)
        assert texts(seats[3], "count") == [f"{len(state.hands[3])} cards"]
        (roster,) = with_class(root, "roster")
        assert with_class(roster, "card-back") == []  # no backs: the counts say it
        assert "roster-line" not in classes(seats[2])  # your own hand, drawn

    @pytest.mark.parametrize("players", [4, 6])
    def test_a_roster_table_is_no_larger_than_a_two_player_one(self, players):
        rules = Rules.preset("british").replace(packs=2)
        for seed in range(4):
            many = new_game(rules, players=players, seed=seed)
            two = new_game(rules, players=2, seed=seed)
            if len(many.hands[0]) != len(two.hands[0]):
                continue
            for narrow in (None, 5):
                big = parse(table_svg(many, 0, hand_row=narrow)).get("viewBox").split()[2:]
                small = parse(table_svg(two, 0, hand_row=narrow)).get("viewBox").split()[2:]
                assert all(float(b) <= float(s) for b, s in zip(big, small, strict=True))

    def test_a_table_writes_no_star_score(self):
        """A table is not being counted: a star's doubled score there would say nothing why
        (the Scoring page's cards, with their captions, show it)."""
        hands = [["star 7", "circle 1"], ["square 2"]]
        doubled = table_svg(position("british", hands, ["star 4"]))
        assert texts(parse(doubled), "star-score") == []
        assert texts(parse(card_svg("star 7", star_double=True)), "star-score") == ["14"]

    def test_names_replace_seat_numbers_and_are_escaped(self):
        state = position("nigerian_street", **THREE_SEATS, to_play=2)
        root = parse(table_svg(state, names=["Ada", "Bola & <Co>", "Chi"]))
        seats = seat_groups(root)
        assert texts(seats[1], "seat-label") == ["Bola & <Co>"]
        assert texts(root, "status") == ["Chi to play"]

    def test_given_names_are_shown_whole_and_say_you_only_once(self):
        # The Play page's names say "(you)" themselves; a panel widens to fit such a label.
        state = position("nigerian_street", **THREE_SEATS, to_play=0)
        names = ["Seat 0 (you)", "Seat 1 (Heuristic)", "Seat 2 (Search)"]
        seats = seat_groups(parse(table_svg(state, viewer=0, names=names)))
        assert texts(seats[0], "seat-label") == ["Seat 0 (you)"]
        assert texts(seats[0], "count") == ["2 cards"]
        assert texts(seats[1], "seat-label") == ["Seat 1 (Heuristic)"]  # a hidden hand: compact
        assert texts(seats[2], "seat-label") == ["Seat 2 (Search)"]
        assert texts(seats[2], "count") == ["1 card"]

    def test_a_panel_keeps_its_width_as_its_hand_changes_size(self):
        # From one card to eight, so that a game's pictures do not jump about as hands change.
        circles = [f"circle {n}" for n in (1, 2, 3, 4, 5, 7, 8, 10)]
        widths = set()
        for size in range(1, 9):
            state = position("nigerian", [circles[:size], ["star 1"]], ["cross 13"])
            root = parse(table_svg(state, names=["Seat 0 (Heuristic)", "Seat 1 (Search)"]))
            widths.add(with_class(seat_groups(root)[0], "seat-frame")[0].get("width"))
        assert len(widths) == 1

    def test_a_long_name_is_shortened_to_fit_its_panel(self):
        root = parse(
            table_svg(position("nigerian_street", **THREE_SEATS), names=["A" * 60, "B", "C"])
        )
        (label,) = texts(seat_groups(root)[0], "seat-label")
        assert label.endswith("…") and len(label) < 40

    def test_names_must_match_the_seats(self):
        with pytest.raises(ValueError, match="3 names"):
            table_svg(position("nigerian_street", **THREE_SEATS), names=["Ada", "Bola"])

    @pytest.mark.parametrize("players", range(2, 11))
    def test_seat_panels_never_overlap(self, players):
        state = new_game(Rules.preset("british").replace(packs=2), players=players, seed=7)
        root = parse(table_svg(state))
        boxes = []
        for group in seat_groups(root).values():
            x, y = translation(group)
            frame = with_class(group, "seat-frame")[0]
            boxes.append((x, y, float(frame.get("width")), float(frame.get("height"))))
        assert len(boxes) == players
        for i, (x1, y1, w1, h1) in enumerate(boxes):
            for x2, y2, w2, h2 in boxes[i + 1 :]:
                assert x1 + w1 <= x2 or x2 + w2 <= x1 or y1 + h1 <= y2 or y2 + h2 <= y1


class TestTableCentre:
    def test_the_market_size_is_written_beside_a_stack_of_backs(self):
        root = parse(table_svg(position("nigerian_street", **THREE_SEATS)))
        (market,) = with_class(root, "market")
        assert texts(market, "market-size") == ["market 3"]
        assert len(with_class(market, "card-back")) == 3

    def test_a_big_market_draws_at_most_four_backs(self):
        state = position("nigerian_street", **{**THREE_SEATS, "market": None})
        (market,) = with_class(parse(table_svg(state)), "market")
        # 54 cards less 6 in hands and 2 on the pile.
        assert texts(market, "market-size") == ["market 46"]
        assert len(with_class(market, "card-back")) == 4

    def test_an_empty_market_is_an_empty_slot(self):
        state = position("nigerian_street", **{**THREE_SEATS, "market": []})
        (market,) = with_class(parse(table_svg(state)), "market")
        assert texts(market, "market-size") == ["market 0"]
        assert with_class(market, "empty-slot") and not with_class(market, "card-back")

    def test_the_pile_top_is_drawn_face_up_with_the_pile_size(self):
        (pile,) = with_class(parse(table_svg(position("nigerian_street", **THREE_SEATS))), "pile")
        assert card_names(pile) == ["circle 11"]
        assert texts(pile, "pile-size") == ["pile 2"]

    def test_a_call_shows_the_called_shape_drawn_and_named(self):
        state = position(
            "british", [["circle 5"], ["square 2"]], ["circle 4", "whot"], called="star"
        )
        root = parse(table_svg(state))
        (call,) = with_class(root, "call")
        assert call.get("data-shape") == "star"
        assert texts(call, "call-text") == ["call: star"]
        (drawn,) = with_class(call, "call-shape")
        assert tag(drawn) == "polygon" and point_count(drawn) == 10

    def test_a_call_uses_the_nigerian_name_when_asked(self):
        state = position("british", [["circle 5"], ["square 2"]], ["whot"], called=Shape.SQUARE)
        (call,) = with_class(parse(table_svg(state, nigerian=True)), "call")
        assert texts(call, "call-text") == ["call: carpet"]

    def test_no_call_without_a_whot_on_top(self):
        assert (
            with_class(parse(table_svg(position("nigerian_street", **THREE_SEATS))), "call") == []
        )

    def test_a_waiting_pick_is_shown(self):
        state = position(
            "nigerian_street", [["circle 5"], ["square 3"]], ["circle 2", "cross 2"], penalty=4
        )
        root = parse(table_svg(state))
        assert texts(root, "penalty") == ["pick 4 (or defend with a 2)"]

    def test_no_pick_shown_without_a_penalty(self):
        assert (
            with_class(parse(table_svg(position("nigerian_street", **THREE_SEATS))), "penalty")
            == []
        )


class TestTableControls:
    """A table you play on: the cards of your hand and the market are buttons (see
    `whot_core.table_actions`, which makes the controls the Play page passes)."""

    HAND = (
        SimpleNamespace(label="circle 5: play it", legal=True, move="play circle 5"),
        SimpleNamespace(label="star 7: cannot be played", legal=False, move=None),
    )
    MARKET = SimpleNamespace(label="market: go to market", legal=True, move="draw")

    def table(self, **options) -> ET.Element:
        state = position("nigerian_street", **THREE_SEATS)
        return parse(table_svg(state, 0, hand=self.HAND, market=self.MARKET, **options))

    def test_each_card_of_your_hand_is_a_named_button_in_the_tab_order(self):
        hand = with_class(seat_groups(self.table())[0], "card")
        assert [c.get("data-card") for c in hand] == ["circle 5", "star 7"]
        for card, control, index in zip(hand, self.HAND, range(2), strict=True):
            assert (card.get("role"), card.get("tabindex")) == ("button", "0")
            assert card.get("aria-label") == control.label
            assert card.get("data-index") == str(index)
            assert card.get("data-legal") == str(control.legal).lower()
        assert hand[0].get("data-move") == "play circle 5"
        assert hand[1].get("data-move") is None  # nothing to play

    def test_a_playable_card_is_framed_and_higher_an_unplayable_one_greyed_and_lower(self):
        five, seven = with_class(seat_groups(self.table())[0], "card")
        assert with_class(five, "highlight-legal") and with_class(seven, "highlight-illegal")
        assert translation(five)[1] < translation(seven)[1]

    def test_the_market_is_a_button_and_nothing_else_is(self):
        root = self.table()
        (market,) = with_class(root, "market")
        assert (market.get("role"), market.get("data-move")) == ("button", "draw")
        assert market.get("aria-label") == "market: go to market"
        buttons = [el for el in root.iter() if el.get("role") == "button"]
        assert len(buttons) == 3
        for other in (1, 2):
            assert not [el for el in seat_groups(root)[other].iter() if el.get("role")]

    def test_without_controls_the_table_is_only_a_picture(self):
        state = position("nigerian_street", **THREE_SEATS)
        assert table_svg(state, 0) == table_svg(state, 0, hand=None, market=None)
        assert 'role="button"' not in table_svg(state, 0)

    def test_one_control_a_card_or_none(self):
        state = position("nigerian_street", **THREE_SEATS)
        with pytest.raises(ValueError, match="one control for each card"):
            table_svg(state, 0, hand=self.HAND[:1])
        with pytest.raises(ValueError, match="one control for each card"):
            table_svg(state.view(1), hand=self.HAND)  # seat 1 holds three cards


class TestHandInRows:
    """A phone's table cuts the hand you play from into rows (`hand_row`), so that a long hand
    does not set the picture's width and shrink every word."""

    def state(self) -> GameState:
        return new_game(Rules.preset("nigerian"), seed=4)

    def test_the_hand_reads_left_to_right_then_down_at_most_hand_row_cards_a_row(self):
        state = self.state()
        hand = [str(card) for card in state.hands[0]]
        assert len(hand) > 4
        root = parse(table_svg(state, 0, hand_row=2))
        cards = with_class(seat_groups(root)[0], "card")
        assert [c.get("data-card") for c in cards] == hand
        rows: dict[float, list[float]] = {}
        for card in cards:
            x, y = translation(card)
            rows.setdefault(y, []).append(x)
        assert len(rows) == -(-len(hand) // 2)
        assert all(len(xs) <= 2 and xs == sorted(xs) for xs in rows.values())
        assert list(rows) == sorted(rows)  # the first cards in the top row

    def test_rows_make_the_table_narrower_and_taller_and_hide_nothing_more(self):
        state = self.state()

        def box(svg: str) -> tuple[float, float]:
            _, _, width, height = map(float, parse(svg).get("viewBox").split())
            return width, height

        one_row, rows = table_svg(state, 0), table_svg(state, 0, hand_row=3)
        assert box(rows)[0] < box(one_row)[0] and box(rows)[1] > box(one_row)[1]
        assert card_names(seat_groups(parse(rows))[1]) == card_names(seat_groups(parse(one_row))[1])
        assert table_svg(state, 0, hand_row=len(state.hands[0])) == one_row


class TestCompactSeats:
    """With three seats or more a hidden hand is one small back with its count, and its name on
    two lines when one would be wider: two such seats take no more width than the table's
    centre, so a three-player table is as wide as a two-player one and the hand you play from
    is drawn as large (issue 30)."""

    NAMES = ("Seat 0 (you)", "Seat 1 (Heuristic)", "Seat 2 (Heuristic)")

    @staticmethod
    def width(svg: str) -> float:
        return float(parse(svg).get("viewBox").split()[2])

    def test_three_seats_are_no_wider_than_two_with_the_same_hand(self):
        for seed in range(6):
            three = new_game(Rules.preset("nigerian"), players=3, seed=seed)
            two = new_game(Rules.preset("nigerian"), players=2, seed=seed)
            assert three.hands[0] == two.hands[0] or len(three.hands[0]) == len(two.hands[0])
            drawn = table_svg(three, 0, names=self.NAMES)
            assert self.width(drawn) <= self.width(table_svg(two, 0, names=self.NAMES[:2]))

    def test_a_long_name_takes_two_lines_that_read_whole(self):
        state = new_game(Rules.preset("nigerian"), players=3, seed=1)
        seats = seat_groups(parse(table_svg(state, 0, names=self.NAMES)))
        (label,) = with_class(seats[1], "seat-label")
        assert [t.text for t in label] == ["Seat 1 ", "(Heuristic)"]
        assert texts(seats[1], "seat-label") == ["Seat 1 (Heuristic)"]
        assert len(with_class(seats[1], "card-back")) == 1
        assert texts(seats[1], "count") == ["5 cards"]
        (own,) = with_class(seats[0], "seat-label")
        assert list(own) == [] and own.text == "Seat 0 (you)"  # not compact: one line

    @pytest.mark.parametrize("players", [3, 4, 6])
    def test_every_word_is_drawn_at_least_14_7_units(self, players):
        """Its font size times the scale of the groups round it (a card's corner included); a
        back's word is its pattern and not measured."""
        state = new_game(Rules.preset("british").replace(packs=2), players=players, seed=3)
        small = []

        def walk(element: ET.Element, scale: float) -> None:
            if "card-back" in classes(element):
                return
            found = re.search(r"scale\(([\d.]+)\)", element.get("transform") or "")
            scale *= float(found.group(1)) if found else 1.0
            words = "".join(element.itertext()).strip() if tag(element) == "text" else ""
            if words and float(element.get("font-size")) * scale < 14.7:
                small.append(words)
            for child in element:
                walk(child, scale)

        walk(parse(table_svg(state, 0)), 1.0)
        assert small == []


def offsets(root: ET.Element) -> dict[ET.Element, tuple[float, float]]:
    """Each element's place in the picture: the translations of it and its groups added up."""
    found: dict[ET.Element, tuple[float, float]] = {}

    def walk(element: ET.Element, x: float, y: float) -> None:
        moved = re.match(r"translate\(([-\d.]+) ([-\d.]+)\)", element.get("transform") or "")
        if moved:
            x, y = x + float(moved.group(1)), y + float(moved.group(2))
        found[element] = (x, y)
        for child in element:
            walk(child, x, y)

    walk(root, 0.0, 0.0)
    return found


class TestRowsOfTwo:
    """Watch's table (`row=2`): every hand face up, the other seats two a row. With four players
    the third other seat sat alone in a second row, the picture as tall as wide (685x681 units),
    drawn at three quarters on a projector, its words 11 px; it now sits right of the centre."""

    NAMES = tuple(f"Seat {seat} (Heuristic)" for seat in range(4))

    @staticmethod
    def box(svg: str) -> tuple[float, float]:
        _, _, width, height = map(float, parse(svg).get("viewBox").split())
        return width, height

    @pytest.mark.parametrize("seed", range(4))
    def test_four_players_are_no_larger_than_three(self, seed):
        """The same picture's size as a three-player table's (a row of two above the centre):
        the odd seat beside the centre takes no row, and the centre narrows so that it and that
        seat are no wider than the row above."""
        four = new_game(Rules.preset("nigerian"), players=4, seed=seed)
        three = new_game(Rules.preset("nigerian"), players=3, seed=seed)
        drawn = table_svg(four, nigerian=True, names=self.NAMES, row=2)
        alike = table_svg(three, nigerian=True, names=self.NAMES[:3], row=2)
        assert self.box(drawn) <= self.box(alike) and self.box(drawn)[1] <= self.box(alike)[1]
        assert drawn == table_svg(four, nigerian=True, names=self.NAMES, row=2)  # deterministic

    def test_the_odd_seat_sits_right_of_the_centre_in_the_order_of_play(self):
        state = new_game(Rules.preset("nigerian"), players=4, seed=1)
        root = parse(table_svg(state, names=self.NAMES, row=2))
        places = offsets(root)
        seats = {index: places[group] for index, group in seat_groups(root).items()}
        (pile,) = with_class(root, "pile")
        assert seats[1][1] == seats[2][1] < seats[3][1] < seats[0][1]  # top row, beside, below
        assert seats[1][0] < seats[2][0] and places[pile][0] < seats[3][0]
        assert seats[3][1] < places[pile][1] + 150 < seats[0][1]  # level with the pile's cards

    @pytest.mark.parametrize(
        "position_of",
        [
            {"preset": "british", "pile": ["circle 4", "whot"], "called": "triangle"},  # widest
            {"preset": "nigerian_street", "pile": ["circle 4", "cross 2"], "penalty": 2},
        ],
        ids=["call", "pick"],
    )
    def test_nothing_of_the_centre_reaches_the_seat_beside_it(self, position_of):
        """The market, the pile, a call, the status and a waiting pick all end left of the odd
        seat's frame, with eight cards in every hand (a panel's steady width)."""
        from whot_core.toolkit.svg import text_width
        from whot_core.whot.show.pictures import CARD_W, PILE_SCALE, STATUS_SIZE

        numbers = (1, 3, 5, 7, 10, 11, 13, 14)
        hands = [[f"{shape} {n}" for n in numbers] for shape in ("square", "triangle", "cross")]
        hands.append([f"circle {n}" for n in numbers])
        state = position(hands=hands, market=["star 2"], to_play=3, **position_of)
        root = parse(table_svg(state, names=self.NAMES, row=2))
        places = offsets(root)
        beside = places[seat_groups(root)[3]][0]
        ends = [places[g][0] + CARD_W * PILE_SCALE for g in with_class(root, "pile")]
        ends += [places[g][0] + CARD_W * PILE_SCALE for g in with_class(root, "market")]
        for call in with_class(root, "call"):
            rect = call.find(f"{NS}rect")
            ends.append(places[call][0] + float(rect.get("x")) + float(rect.get("width")))
        for line in with_class(root, "status"):
            half = text_width(line.text, STATUS_SIZE * 1.08) / 2
            ends.append(places[line][0] + float(line.get("x")) + half)
        for pick in with_class(root, "penalty"):
            rect = pick.find(f"{NS}rect")
            ends.append(places[pick][0] + float(rect.get("x")) + float(rect.get("width")))
        assert len(ends) == 4 and max(ends) <= beside

    def test_a_long_hand_beside_the_centre_would_widen_the_picture_so_it_keeps_its_row(self):
        """Twelve cards in the odd seat's hand, eight in the others': beside the centre it would
        make the picture wider than in rows (drawn smaller at a desk, whose column is narrow)."""
        from whot_core.whot.show.pictures import TABLE_GAP, TABLE_MARGIN

        numbers = (1, 2, 3, 5, 7, 10, 11, 13, 14)
        hands = [[f"{shape} {n}" for n in numbers[:8]] for shape in ("square", "cross", "star")]
        hands[2] = [f"star {n}" for n in (1, 2, 3, 4, 5, 7, 8)] + ["whot"]
        hands.append([f"circle {n}" for n in (*numbers, 4, 8, 12)])
        state = position("british", hands, ["triangle 4"], market=["triangle 5"], to_play=1)
        root = parse(table_svg(state, names=self.NAMES, row=2))
        places = offsets(root)
        seats = {index: places[group] for index, group in seat_groups(root).items()}
        (pile,) = with_class(root, "pile")
        assert seats[1][1] == seats[2][1] < seats[3][1] < places[pile][1]  # a row above the pile
        frames = {i: float(with_class(g, "seat-frame")[0].get("width"))
                  for i, g in seat_groups(root).items()}  # fmt: skip
        widest = max(frames[1] + TABLE_GAP + frames[2], frames[3], frames[0])
        assert self.box(table_svg(state, names=self.NAMES, row=2))[0] <= widest + 2 * TABLE_MARGIN

    def test_on_a_phone_every_seat_keeps_a_row_of_its_own(self):
        state = new_game(Rules.preset("nigerian"), players=4, seed=1)
        root = parse(table_svg(state, names=self.NAMES, row=1))
        rows = {offsets(root)[group][1] for group in seat_groups(root).values()}
        assert len(rows) == 4


class TestTurnAndEnd:
    def test_the_seat_to_play_is_framed_and_badged(self):
        root = parse(table_svg(position("nigerian_street", **THREE_SEATS, to_play=2)))
        seats = seat_groups(root)
        assert [s for s, g in seats.items() if "to-play" in classes(g)] == [2]
        assert "TO PLAY" in "".join(seats[2].itertext())
        assert not any("TO PLAY" in "".join(seats[s].itertext()) for s in (0, 1))
        frames = {
            s: float(with_class(g, "seat-frame")[0].get("stroke-width")) for s, g in seats.items()
        }
        assert frames[2] > frames[0] == frames[1]
        assert texts(root, "status") == ["Seat 2 to play"]

    def test_a_check_up_names_the_winner(self):
        state = position("british", [["circle 5"], ["square 2", "cross 3"]], ["circle 4"])
        after = state.apply("play circle 5")
        root = parse(table_svg(after))
        seats = seat_groups(root)
        assert texts(root, "status") == ["Game over (check up)", "Seat 0 wins"]
        assert "winner" in classes(seats[0]) and "winner" not in classes(seats[1])
        assert texts(seats[0], "no-cards") == ["no cards left"]
        assert not with_class(root, "to-play")

    def test_a_tied_count_shares_the_win(self):
        """Nothing to draw and nothing to turn over: the game ends with a count, 5 against 5."""
        state = position("british", [["circle 5"], ["square 5"]], ["triangle 1"], market=[])
        after = state.apply("draw")
        root = parse(table_svg(after, names=["Ada", "Bola"]))
        assert texts(root, "status") == ["Game over (count)", "Ada and Bola share the win"]
        assert len(with_class(root, "winner")) == 2

    def test_long_names_of_the_winners_are_wrapped_within_the_centre(self):
        """ "Game over" with the Play page's long seat names ran off the table on one line."""
        from whot_core.toolkit.svg import text_width
        from whot_core.whot.show.pictures import CENTRE_W, STATUS_SIZE

        state = position("british", [["circle 5"], ["square 5"]], ["triangle 1"], market=[])
        names = ["Seat 0 (you, the player)", "Seat 1 (heuristic player)"]
        lines = texts(parse(table_svg(state.apply("draw"), names=names)), "status")
        assert lines[0] == "Game over (count)" and len(lines) > 2
        assert " ".join(lines[1:]) == f"{names[0]} and {names[1]} share the win"
        assert all(text_width(line, STATUS_SIZE * 1.08) <= CENTRE_W for line in lines)


def badge_room(root: ET.Element) -> list[tuple[str, float, float]]:
    """Each badge's words and the room its block leaves each side of them when drawn in DejaVu
    Sans Bold, and how far inside its seat's frame it ends (the roster's frame for a roster's
    line: every roster line sits at its left edge)."""
    parent = {child: node for node in root.iter() for child in node}
    found = []
    for badge in with_class(root, "badge"):
        block, words = badge.find(f"{NS}rect"), badge.find(f"{NS}text")
        holder = parent[badge]
        while not any("seat-frame" in classes(r) for r in holder.findall(f"{NS}rect")):
            holder = parent[holder]
        frame = next(r for r in holder.findall(f"{NS}rect") if "seat-frame" in classes(r))
        inside = float(frame.get("width")) - float(block.get("x")) - float(block.get("width"))
        found.append((words.text, badge_margin(badge), inside))
    return found


def finished(players: int, winner: int) -> GameState:
    """A game just won by `winner`'s last card, the others holding two cards each."""
    hands = [[f"triangle {seat + 1}", f"star {seat + 1}"] for seat in range(players)]
    hands[winner] = ["circle 5"]
    state = position("british", hands, ["circle 4"], market=["square 10"], to_play=winner)
    return state.apply("play circle 5")


class TestBadges:
    """WINNER and TO PLAY are words on an ink block: the block holds them with room each side
    (WINNER ran past both ends of its block at the end of a game of Play)."""

    @pytest.mark.parametrize("players", [2, 3, 4, 5])
    @pytest.mark.parametrize("winner", [0, 1])
    @pytest.mark.parametrize("layout", [{}, {"viewer": 0}, {"viewer": 0, "row": 1, "hand_row": 5}])
    def test_a_winners_badge_holds_its_word(self, players, winner, layout):
        root = parse(table_svg(finished(players, winner), **layout))
        rooms = badge_room(root)
        assert [words for words, _, _ in rooms] == ["WINNER"]
        assert all(side >= 4 and inside >= 0 for _, side, inside in rooms), rooms
        if players < 4 or winner == 0 or "viewer" not in layout:  # not a roster's line
            panel = seat_groups(root)[winner]
            (block,) = [b.find(f"{NS}rect") for b in with_class(panel, "badge")]
            (words,) = with_class(panel, "no-cards")  # drawn under the badge, inside the frame
            frame = with_class(panel, "seat-frame")[0]
            badge_bottom = float(block.get("y")) + float(block.get("height"))
            baseline = float(words.get("y"))
            assert badge_bottom + 4 <= baseline - 15 and baseline <= float(frame.get("height"))

    @pytest.mark.parametrize("players", [2, 3, 5])
    def test_the_to_play_badge_holds_its_words(self, players):
        hands = [[f"triangle {seat + 1}", f"star {seat + 1}"] for seat in range(players)]
        for to_play in range(players):
            state = position("british", hands, ["circle 4"], to_play=to_play)
            rooms = badge_room(parse(table_svg(state, 0)))
            assert [words for words, _, _ in rooms] == ["TO PLAY"]
            assert all(side >= 4 and inside >= 0 for _, side, inside in rooms), rooms


def named_cards(words: str, nigerian: bool = False) -> set[str]:
    """The cards of the pack that `words` names ("circle 1" not inside "circle 12")."""
    names = {card.name(nigerian) for card in CARDS}
    return {name for name in names if re.search(rf"\b{re.escape(name)}\b", words)}


class TestTableLabel:
    """A table picture's label (the alt text of its image in the app) says what the picture
    shows to whom it is drawn for: whose turn, the pile, the market, how many cards each seat
    holds, and that seat's own hand; never a card of a hand it hides."""

    def test_it_names_the_turn_the_pile_and_the_market(self):
        state = position("nigerian_street", **THREE_SEATS, to_play=2)
        label = parse(table_svg(state, names=["Ada", "Bola", "Chi"])).get("aria-label")
        assert label.startswith("The table: Chi to play. On the pile: circle 11; 3 cards in the")
        assert "Ada has 2 cards, Bola has 3, Chi has 1." in label
        assert label.endswith("Every hand is face up.")  # and no hand listed: read every step

    def test_a_called_shape_a_waiting_pick_and_nigerian_names(self):
        hands = [["circle 2", "star 1", "star 4", "cross 7", "cross 10"], ["square 2", "square 3"]]
        state = position("nigerian_street", hands, ["circle 4"], ["cross 5", "star 3"])
        label = parse(table_svg(state.apply("play circle 2"), 1, nigerian=True)).get("aria-label")
        assert "On the pile: ball 2; 2 cards in the market. A pick 2 is waiting." in label
        assert label.endswith("Your hand: carpet 2, carpet 3.")
        whot = position("nigerian", [["whot", "star 1"], ["square 3"]], ["circle 4"], ["cross 5"])
        called = table_svg(whot.apply("play whot call star"), nigerian=True)
        assert "On the pile: whot, calling star;" in parse(called).get("aria-label")

    @pytest.mark.parametrize("players", [2, 3, 4])
    @pytest.mark.parametrize("seed", [1, 2])
    def test_a_seats_picture_names_its_own_cards_and_none_of_the_others(self, players, seed):
        state = new_game(Rules.preset("nigerian"), players=players, seed=seed)
        for seat in range(players):
            own = {card.name() for card in state.hand(seat)}
            others = {card.name() for s in range(players) if s != seat for card in state.hand(s)}
            for svg in (table_svg(state, seat), table_svg(state.view(seat), row=1, hand_row=5)):
                label = parse(svg).get("aria-label")
                assert "Your hand: " in label and own <= named_cards(label)
                assert named_cards(label) & (others - own) == set(), label
                assert named_cards(label) <= own | {state.top.name()}

    def test_a_spectators_picture_names_no_hand(self):
        state = new_game(Rules.preset("nigerian"), players=3, seed=4)
        label = parse(table_svg(state, hidden=True)).get("aria-label")
        assert named_cards(label) == {state.top.name()} and "hand" not in label

    def test_the_end_of_a_game_says_who_won(self):
        label = parse(table_svg(finished(3, 1), 0, face_up=True)).get("aria-label")
        assert label.startswith("The table: Game over (check up), Seat 1 wins. On the pile: ")
        assert label.endswith("Every hand is face up.")


class TestDuckTyping:
    """Only the public attributes are read, so any state-like or view-like object draws."""

    RULES = SimpleNamespace(star_double=False)

    def test_a_state_like_object(self):
        hands = (tuple(Card.parse(t) for t in ("star 3", "cross 1")), (Card.parse("circle 2"),))
        fake = SimpleNamespace(
            hands=hands, pile=(Card.parse("cross 7"),), top=Card.parse("cross 7"), called=None,
            market_size=9, penalty=0, current_player=1, is_over=False, winners=(), rules=self.RULES,
        )  # fmt: skip
        root = parse(table_svg(fake))
        assert card_names(seat_groups(root)[0]) == ["star 3", "cross 1"]
        assert texts(root, "market-size") == ["market 9"]

    def test_a_view_like_object(self):
        fake = SimpleNamespace(
            hand=(Card.parse("circle 2"),), hand_sizes=(4, 1), seat=1, pile=(), top=None,
            called=None, market_size=0, penalty=0, current_player=0, is_over=False, winners=(),
            rules=self.RULES,
        )  # fmt: skip
        seats = seat_groups(parse(table_svg(fake)))
        assert len(with_class(seats[0], "card-back")) == 4
        assert card_names(seats[1]) == ["circle 2"]


# ------------------------------------------------------------------------ apps and notebooks


class TestEmbedding:
    def test_a_data_uri_decodes_back_to_the_svg(self):
        svg = card_svg("star 4")
        uri = to_data_uri(svg)
        prefix = "data:image/svg+xml;base64,"
        assert uri.startswith(prefix)
        assert base64.b64decode(uri.removeprefix(prefix)).decode("utf-8") == svg

    def test_an_img_tag_carries_the_uri_and_escaped_alt_text(self):
        svg = back_svg()
        img = ET.fromstring(img_tag(svg, 'the "back" <of> a card', width=40))
        assert img.get("src") == to_data_uri(svg)
        assert img.get("alt") == 'the "back" <of> a card'
        assert img.get("width") == "40"


def pictured(html: str) -> str:
    """The SVG inside a notebook's HTML picture; fails unless the HTML is one <img>, with the
    picture's own label as alt text, which JupyterLab shows in an untrusted notebook."""
    img = ET.fromstring(html)
    assert img.tag == "img" and "<svg" not in html
    svg = base64.b64decode(img.get("src").removeprefix("data:image/svg+xml;base64,")).decode()
    assert img.get("alt") == ET.fromstring(svg).get("aria-label")
    return svg


class TestRichDisplay:
    def test_repr_functions_draw_the_card_and_the_table(self):
        state = position("nigerian_street", **THREE_SEATS)
        assert pictured(card_repr_html(Card.parse("cross 2"))) == card_svg("cross 2")
        assert pictured(state_repr_html(state)) == table_svg(state)
        assert pictured(state_repr_html(state.view(1))) == table_svg(state, viewer=1)

    def test_pictures_draw_themselves_with_their_options(self):
        state = position("nigerian_street", **THREE_SEATS)
        hand = HandPicture(["circle 5", "star 4"], nigerian=True, highlight={1: "legal"})
        assert pictured(hand._repr_html_()) == hand_svg(
            ["circle 5", "star 4"], nigerian=True, highlight={1: "legal"}
        )
        table = TablePicture(state, 1, nigerian=True)
        assert pictured(table._repr_html_()) == table_svg(state, 1, nigerian=True)

    def test_any_picture_shows_as_an_image(self):
        assert pictured(Picture(back_svg())._repr_html_()) == back_svg()
        assert repr(Picture(card_svg("circle 5"))) == "<Picture: circle 5>"

    def test_an_alt_text_with_quotes_is_the_label_unescaped(self):
        svg = card_svg("circle 5").replace('aria-label="circle 5"', "aria-label='a \"round\" 5'")
        assert ET.fromstring(notebook_html(svg)).get("alt") == 'a "round" 5'

    def test_the_core_does_not_import_pictures(self):
        assert loaded_by("import whot_core", ["whot_core.whot.show.pictures"]) == []


class TestNotebookDisplay:
    """Cards, states, views and records draw themselves when they end a notebook cell."""

    def test_card_repr_html_is_the_card_picture(self):
        card = Card.parse("star 4")
        assert pictured(card._repr_html_()) == card_svg(card)

    def test_state_and_view_repr_html_are_tables(self):
        state = new_game(Rules.preset("nigerian"), players=3, seed=4)
        assert pictured(state._repr_html_()) == table_svg(state)
        view = state.view(1)
        assert pictured(view._repr_html_()) == table_svg(view)
        assert table_svg(view).count('class="card-back"') > table_svg(state).count(
            'class="card-back"'
        )

    def test_record_repr_html_shows_the_result_and_final_table(self):
        state = GameState.from_position(
            Rules.preset("british"), hands=[["circle 5"], ["star 7"]], pile=["circle 11"]
        )
        html = state.apply("play circle 5").record()._repr_html_()
        assert "ended by check_up; winners [0]" in html
        pictured(html[html.index("<img") :])
