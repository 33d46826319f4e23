"""The Whist Watch page's picture, `diagram_svg` (issue 30): each hand written a suit a line, the
trick's cards drawn in the order played, every word large enough for a projector and a phone."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from whot_core.toolkit.chart_page import BOLD
from whot_core.toolkit.svg import text_width
from whot_core.whist import new_game
from whot_core.whist.players.heuristic import HeuristicPlayer
from whot_core.whist.show.diagram import MIN_TEXT, NARROW_W, WIDE_W, diagram_svg
from whot_core.whist.show.viewer import finished_trick, frame_diagram, play_frames

NS = "{http://www.w3.org/2000/svg}"


def classes(element: ET.Element) -> set[str]:
    return set((element.get("class") or "").split())


def seats(root: ET.Element) -> dict[int, ET.Element]:
    return {int(g.get("data-seat")): g for g in root.iter() if "seat" in classes(g)}


def offset(element: ET.Element) -> tuple[float, float]:
    x, y = re.match(r"translate\(([-\d.]+) ([-\d.]+)", element.get("transform")).groups()
    return float(x), float(y)


def drawn_words(root: ET.Element) -> list[tuple[str, float]]:
    """Every word and its size in the picture's units: its font size times the scale of the
    groups round it (a trick card's corner index included)."""
    found = []

    def walk(element: ET.Element, scale: float) -> None:
        scaled = re.search(r"scale\(([\d.]+)\)", element.get("transform") or "")
        scale *= float(scaled.group(1)) if scaled else 1.0
        if element.tag == f"{NS}text":
            words = "".join(element.itertext()).strip()
            if words:
                found.append((words, float(element.get("font-size")) * scale))
        for child in element:
            walk(child, scale)

    walk(root, 1.0)
    return found


@pytest.fixture(scope="module")
def frames():
    return play_frames([HeuristicPlayer() for _ in range(4)], seed=3, hands=1)


@pytest.mark.parametrize("narrow", [False, True])
@pytest.mark.parametrize("step", [0, 6, 8, 52])
def test_every_word_is_at_least_min_text_units(frames, step, narrow):
    root = ET.fromstring(frame_diagram(frames[step], narrow=narrow))
    small = [(w, size) for w, size in drawn_words(root) if size < MIN_TEXT]
    assert small == []


@pytest.mark.parametrize("narrow", [False, True])
def test_each_hand_is_written_a_suit_a_line_high_to_low(narrow):
    state = new_game(seed=1)
    root = ET.fromstring(diagram_svg(state, narrow=narrow))
    for seat, group in seats(root).items():
        written = [t.get("data-card") for t in group.iter(f"{NS}tspan") if t.get("data-card")]
        assert sorted(written) == sorted(card.ascii for card in state.hand(seat))
        for line in (g for g in group.iter() if "suit-line" in classes(g)):
            ranks = [t.text for t in line.iter(f"{NS}tspan")]
            order = "AKQJ1098765432".replace("10", "T")
            assert ranks == sorted(ranks, key=lambda r: order.index("T" if r == "10" else r))


def test_north_above_west_and_east_beside_south_below():
    root = ET.fromstring(diagram_svg(new_game(seed=1)))
    at = {seat: offset(group) for seat, group in seats(root).items()}
    south, west, north, east = (at[s] for s in range(4))
    assert north[1] < west[1] == east[1] < south[1]
    assert west[0] < east[0]


def test_a_viewer_sits_at_the_bottom_and_the_other_hands_are_hidden():
    state = new_game(seed=1)
    svg = diagram_svg(state, 1)
    root = ET.fromstring(svg)
    at = {seat: offset(group) for seat, group in seats(root).items()}
    assert max(at, key=lambda s: at[s][1]) == 1  # West at the bottom
    named = set(re.findall(r'data-card="([^"]+)"', svg))
    assert named == {card.ascii for card in state.hand(1)}
    assert svg.count("cards hidden") == 3


def test_the_trick_is_drawn_in_the_order_played_its_winner_framed(frames):
    frame = frames[8]  # trick 2 complete
    root = ET.fromstring(frame_diagram(frame))
    (trick,) = [g for g in root.iter() if "trick" in classes(g)]
    assert trick.get("data-complete") == "true"
    cards = [g for g in trick.iter() if "card" in classes(g)]
    assert len(cards) == 4
    xs = [offset(card)[0] for card in cards]
    assert xs == sorted(xs)
    framed = [c for c in cards if any("highlight-win" in classes(e) for e in c.iter())]
    assert len(framed) == 1


def test_the_narrow_drawing_is_narrower_for_a_phone():
    state = new_game(seed=1)
    widths = [
        float(ET.fromstring(diagram_svg(state, narrow=n)).get("viewBox").split()[2])
        for n in (False, True)
    ]
    assert widths[1] < widths[0]
    assert widths == [WIDE_W + 16, NARROW_W + 16]  # and a margin each side


LONG_NAMES = ("South (Search)", "West (Heuristic)", "North (Heuristic)", "East (Heuristic)")


def text_spans(root: ET.Element) -> list[tuple[str, float, float]]:
    """Every line of words and its left and right edges in the picture's units, its width
    estimated as the drawing estimates it (`text_width`, a bold line a tenth wider; a line
    drawn to a `textLength` that wide)."""
    found = []

    def walk(element: ET.Element, dx: float) -> None:
        moved = re.match(r"translate\(([-\d.]+) ", element.get("transform") or "")
        dx += float(moved.group(1)) if moved else 0.0
        if element.tag == f"{NS}text":
            words = "".join(element.itertext()).strip()
            size = float(element.get("font-size"))
            width = text_width(words, size) * (BOLD if element.get("font-weight") else 1.0)
            width = float(element.get("textLength") or width)
            x = dx + float(element.get("x") or element.find(f"{NS}tspan").get("x"))
            anchor = element.get("text-anchor") or "start"
            left = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
            found.append((words, left, left + width))
            return
        for child in element:
            walk(child, dx)

    walk(root, 0.0)
    return found


@pytest.mark.parametrize(
    ("step", "words"),
    [
        (2, "West (Heuristic) winning with the Q♣"),
        (4, "Trick 1: West (Heuristic) wins with the Q♣"),
        (8, "Trick 2: West (Heuristic) wins with the A♠"),
        (52, "Trick 13: West (Heuristic) wins with the 10♥"),
    ],
)
def test_no_line_of_the_phone_drawing_is_wider_than_it_with_long_names(frames, step, words):
    """The words about the trick wrap rather than being cut ("East (Heuristic) wins wit…"):
    every line inside the drawing, and the trick's lines read as the whole sentence."""
    frame = frames[step]
    svg = diagram_svg(frame.table, names=LONG_NAMES, last_trick=finished_trick(frame), narrow=True)
    root = ET.fromstring(svg)
    left, _, width, _ = (float(v) for v in root.get("viewBox").split())
    lines = text_spans(root)
    assert [w for w, a, b in lines if a < left or b > left + width] == []
    note = [t.text for t in root.iter(f"{NS}text") if "trick-note" in classes(t)]
    assert " ".join(note) == words


@pytest.mark.parametrize("narrow", [False, True])
def test_show_legal_marks_the_cards_the_seat_to_play_may_play_and_no_other(frames, narrow):
    """A Learn question's answer on its diagram (`learn.outcome_svg`): the ranks the seat to
    play may play bold and underlined; the rest of its hand and the other hands plain."""
    frame = next(
        f
        for f in frames[1:]
        if len(f.table.legal_moves()) < len(f.table.hand(f.table.current_player))
    )
    table = frame.table
    root = ET.fromstring(diagram_svg(table, show_legal=True, narrow=narrow))
    marked = {
        t.get("data-card")
        for t in root.iter(f"{NS}tspan")
        if t.get("data-card")
        and t.get("font-weight") == "bold"
        and t.get("text-decoration") == "underline"
    }
    assert marked == {card.ascii for card in table.legal_moves()}
    plain = ET.fromstring(diagram_svg(table, narrow=narrow))
    assert not [t for t in plain.iter(f"{NS}tspan") if t.get("font-weight") == "bold"]
