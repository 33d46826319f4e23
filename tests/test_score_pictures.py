"""Scoring's two charts drawn as SVG (whot_core/whot/show/score_pictures.py): the count at the
end of a game and a match's running totals. Parsed back with ElementTree: every value and label
is written as text, the bars measure the values on one scale, the unusual cards are textured
and not only coloured, and the words stay inside the drawing at a size a projector and a phone
can read.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from types import SimpleNamespace

import pytest
from conftest import cards, position
from helpers import SVG, assert_words_fit, loaded_by, svg_root, svg_texts, view_width, words_of

from whot_core import Match, MatchFormat, Rules
from whot_core.whot.engine.matches import GameResult
from whot_core.whot.engine.scoring import CardScore
from whot_core.whot.show.score_pictures import (
    NARROW_EMS,
    SIZE,
    WIDE_EMS,
    card_label,
    count_alt,
    count_svg,
    standings_alt,
    standings_svg,
)

BRITISH = Rules.preset("british")  # stars count double
NIGERIAN = Rules.preset("nigerian")  # stars at face value
HANDS = (("star 4", "whot", "circle 5"), ("triangle 2",))
#: The narrowest phone window's room for a picture (390 px less the page's margins) and the
#: classroom projector's (1280 px, the sidebar closed); the least word size on each, in px.
PHONE_ROOM, PROJECTOR_ROOM = 358, 1100
LEAST = 14
LAYOUTS = pytest.mark.parametrize("narrow", [False, True], ids=["wide", "narrow"])


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if cls in g.get("class", "").split()]


# ----------------------------------------------------------------------------------- the count


def test_card_label_a_plain_card_a_doubled_star_and_a_whot():
    (circle,) = cards("circle 5")
    (star,) = cards("star 4")
    (whot,) = cards("whot")
    assert card_label(CardScore(circle, 5, 5, "face value")) == "circle 5"
    assert card_label(CardScore(star, 4, 8, "a star counts double")) == "star 4 ×2 = 8"
    assert card_label(CardScore(star, 4, 4, "face value")) == "star 4"
    assert card_label(CardScore(whot, 20, 20, "a Whot counts 20")) == "whot 20"
    assert card_label(CardScore(circle, 5, 5, "face value"), nigerian=True) == "ball 5"


def segments(root: ET.Element) -> list[tuple[str, int, float]]:
    """Each card's part of a bar: its texture class, its points and its width."""
    return [
        (
            g.get("class").split()[1],
            int(g.get("data-points")),
            float(g.find(f"{SVG}rect").get("width")),
        )
        for g in groups(root, "card")
    ]


@LAYOUTS
def test_the_count_writes_every_card_and_every_total(narrow):
    root = svg_root(count_svg(HANDS, BRITISH, narrow=narrow))
    # Seat 0: star 4 doubled is 8, the Whot 20, circle 5 is 5: 33. Seat 1: triangle 2.
    assert svg_texts(root, "player") == ["Seat 0: 33 points", "Seat 1: 2 points"]
    named = " ".join(svg_texts(root, "cards"))  # each player's cards, in lines under their bar
    assert named == "star 4 ×2 = 8, whot 20, circle 5 triangle 2"
    assert root.find(f"{SVG}title").text == (
        "The count: penalty points per player (stars count double, a Whot 20)"
    )
    assert set(svg_texts(root, "points")) <= {"8", "20", "5", "2"}
    assert "20" in svg_texts(root, "points")  # the widest part has its points on it


@LAYOUTS
def test_each_part_of_a_bar_is_its_points_on_one_scale(narrow):
    root = svg_root(count_svg(HANDS, BRITISH, narrow=narrow))
    parts = segments(root)
    assert [points for _, points, _ in parts] == [8, 20, 5, 2]
    per_point = {width / points for _, points, width in parts}
    assert max(per_point) - min(per_point) < 1e-2  # one scale for every player
    room = view_width(root) - 2 * round(SIZE[False] * 0.8)
    assert sum(width for _, _, width in parts[:3]) == pytest.approx(room, abs=0.1)


def test_the_doubled_star_and_the_whot_are_textured_and_the_key_says_so():
    root = svg_root(count_svg(HANDS, BRITISH))
    assert [kind for kind, *_ in segments(root)] == ["doubled", "whot", "face", "face"]
    key = " ".join(svg_texts(root, "key"))
    assert "cross-hatched: a star, counted double" in key
    assert "striped: a Whot, 20 points" in key
    plain = svg_root(count_svg([["circle 3"], ["square 2"]], BRITISH))
    assert svg_texts(plain, "key") == []  # no texture drawn, none named


def test_stars_at_face_value_under_the_web_rules():
    root = svg_root(count_svg([["star 4", "whot"], ["circle 1"]], NIGERIAN))
    assert [(kind, points) for kind, points, _ in segments(root)] == [
        ("face", 4),
        ("whot", 20),
        ("face", 1),
    ]
    assert svg_texts(root, "player") == ["Seat 0: 24 points", "Seat 1: 1 point"]
    assert "stars at face value" in root.find(f"{SVG}title").text


def test_a_state_brings_its_own_hands_and_rules_and_an_empty_hand_says_so():
    state = position(BRITISH, hands=[["star 2"], ["circle 1", "whot"]], pile=["circle 11"])
    root = svg_root(count_svg(state))
    assert svg_texts(root, "player") == ["Seat 0: 4 points", "Seat 1: 21 points"]
    empty = svg_root(count_svg([["circle 3"], []], BRITISH))
    assert svg_texts(empty, "player") == ["Seat 0: 3 points", "Seat 1: 0 points, no cards left"]
    assert len(segments(empty)) == 1


def test_names_nigerian_card_names_and_the_alt_text():
    hands = [["circle 3"], ["square 2"]]
    root = svg_root(count_svg(hands, BRITISH, names=["Ada", "Bola"], nigerian=True))
    assert svg_texts(root, "player") == ["Ada: 3 points", "Bola: 2 points"]
    assert svg_texts(root, "cards") == ["ball 3", "carpet 2"]
    assert count_alt(hands, BRITISH) == (
        "The count: penalty points per player (stars count double, a Whot 20). "
        "Seat 0: 3 points; Seat 1: 2 points."
    )


def test_bad_arguments():
    with pytest.raises(ValueError, match="2 players need 2 names"):
        count_svg(HANDS, BRITISH, names=["Ada"])
    with pytest.raises(TypeError, match="rules"):
        count_svg(HANDS)
    with pytest.raises(TypeError, match="GameState or a list of hands"):
        count_svg("circle 5", BRITISH)


# ------------------------------------------------------------------------------- the standings


def result(number, points, totals, eliminated=(), seats=(0, 1, 2)) -> GameResult:
    return GameResult(
        number=number,
        seed=0,
        dealer=0,
        seats=seats,
        points=points,
        totals=totals,
        paid=(),
        eliminated=eliminated,
        winners=(),
        end_reason="check_up",
    )


def elimination_match() -> SimpleNamespace:
    """Three players. Game 1: 40, 10, 60. Game 2: 70, 5, 30, so player 0 reaches 110 and is
    out. Game 3 (players 1 and 2): 0 and 25, so player 2 reaches 115 and is out: player 1 wins."""
    return SimpleNamespace(
        players=3,
        rules=SimpleNamespace(match=MatchFormat.ELIMINATION_100),
        results=(
            result(1, (40, 10, 60), (40, 10, 60)),
            result(2, (70, 5, 30), (110, 15, 90), eliminated=(0,)),
            result(3, (None, 0, 25), (110, 15, 115), eliminated=(2,), seats=(1, 2)),
        ),
        winners=(1,),
    )


def columns(root: ET.Element) -> list[tuple[int, int, float]]:
    """Each column: its game, its running total and its height."""
    return [
        (
            int(g.get("data-game")),
            int(g.get("data-total")),
            float(g.find(f"{SVG}rect").get("height")),
        )
        for g in groups(root, "game")
    ]


def played(root: ET.Element, players: int) -> list[list[int]]:
    """The running totals drawn, player by player (a player's columns come in game order)."""
    out: list[list[int]] = []
    for game, total, _ in columns(root):
        if game == 1:
            out.append([])
        out[-1].append(total)
    assert len(out) == players
    return out


@LAYOUTS
def test_a_panel_per_player_stops_at_their_elimination(narrow):
    root = svg_root(standings_svg(elimination_match(), narrow=narrow))
    assert " ".join(svg_texts(root, "player")) == (  # a heading may take two lines
        "Player 0: 110 points, out after game 2 Player 1: 15 points, wins "
        "Player 2: 115 points, out after game 3"
    )
    assert played(root, 3) == [[40, 110], [10, 15, 15], [60, 90, 115]]
    assert svg_texts(root, "total") == ["40", "110", "10", "15", "15", "60", "90", "115"]
    assert svg_texts(root, "game-number") == ["1", "2", "3"] * 3


def test_the_columns_are_their_totals_on_one_scale_with_the_hundred_point_line():
    root = svg_root(standings_svg(elimination_match()))
    heights = {height / total for _, total, height in columns(root)}
    assert max(heights) - min(heights) < 1e-2
    limit = [p for p in root.iter(f"{SVG}path") if p.get("class") == "limit"]
    assert len(limit) == 3  # across each player's panel
    assert "Dashed line: 100 points, out." in " ".join(svg_texts(root, "key"))
    assert root.find(f"{SVG}title").text == (
        "Running totals over the games (elimination at 100): Player 1 wins"
    )


def test_names_and_the_alt_text():
    root = svg_root(standings_svg(elimination_match(), names=["Ada", "Bola", "Chidi"]))
    assert root.find(f"{SVG}title").text.endswith("Bola wins")
    assert " ".join(svg_texts(root, "player")).startswith("Ada: 110 points")
    assert standings_alt(elimination_match()) == (
        "Running totals over the games (elimination at 100): Player 1 wins. "
        "Player 0: 110 points, out after game 2; Player 1: 15 points, wins; "
        "Player 2: 115 points, out after game 3."
    )
    with pytest.raises(ValueError, match="3 players need 3 names"):
        standings_svg(elimination_match(), names=["Ada"])


def played_match(match_format: MatchFormat, players: int, seed: int) -> Match:
    rng = random.Random(seed)
    match = Match(BRITISH.replace(match=match_format), players=players, seed=seed)
    match.play(lambda state: rng.choice(state.legal_moves()))
    return match


@pytest.mark.parametrize("match_format", list(MatchFormat))
def test_every_match_format_is_drawn(match_format):
    match = played_match(match_format, 3, 5)
    root = svg_root(standings_svg(match))
    drawn = played(root, 3)
    assert [totals[-1] for totals in drawn] == list(match.totals)  # each ends at the final total
    assert max(map(len, drawn)) == len(match.results)  # a winner plays every game
    limit = [p for p in root.iter(f"{SVG}path") if p.get("class") == "limit"]
    assert bool(limit) == (match_format is MatchFormat.ELIMINATION_100)
    if match_format is not MatchFormat.ELIMINATION_100:
        assert "Dashed" not in " ".join(svg_texts(root, "key"))


def test_an_empty_match_draws_its_players_and_no_column():
    root = svg_root(standings_svg(Match(BRITISH, players=2, seed=1)))
    assert svg_texts(root, "player") == ["Player 0: 0 points", "Player 1: 0 points"]
    assert columns(root) == []


# --------------------------------------------------------------------------------- readability

#: The longest words these charts write: four players, a long rubber's ten games of three-digit
#: totals; a count of long Nigerian names.
LONG_HANDS = [["star 8", "whot", "triangle 14", "circle 13", "square 13", "cross 14"]] * 4


def drawings(large: bool, narrow: bool) -> list[ET.Element]:
    match = played_match(MatchFormat.LONG_RUBBER, 4, 7)
    names = [f"Seat {p}" for p in range(4)]
    return [
        svg_root(count_svg(HANDS, BRITISH, large=large, narrow=narrow)),
        svg_root(count_svg(LONG_HANDS, BRITISH, large=large, narrow=narrow, nigerian=True)),
        svg_root(standings_svg(elimination_match(), large=large, narrow=narrow)),
        svg_root(standings_svg(match, names=names, large=large, narrow=narrow)),
    ]


@pytest.mark.parametrize("large", [False, True], ids=["desk", "projector"])
@LAYOUTS
def test_no_word_runs_past_the_drawing_or_over_another(narrow, large):
    for root in drawings(large, narrow):
        assert view_width(root) == SIZE[large] * (NARROW_EMS if narrow else WIDE_EMS)
        assert_words_fit(root)
        assert min(float(t.get("font-size")) for t in root.iter(f"{SVG}text")) == SIZE[large]


@pytest.mark.parametrize("large", [False, True], ids=["desk", "projector"])
def test_words_are_readable_on_a_phone_and_a_projector(large):
    """The narrow drawing fits a phone's column with every word 14 px or more; the wide one a
    projector's page with every word 14 px or more."""
    for root in drawings(large, narrow=True):
        shrink = min(1.0, PHONE_ROOM / view_width(root))
        assert min(w.size for w in words_of(root)) * shrink >= LEAST
    if large:
        for root in drawings(True, narrow=False):
            shrink = min(1.0, PROJECTOR_ROOM / view_width(root))
            assert min(w.size for w in words_of(root)) * shrink >= LEAST


def test_drawing_the_charts_loads_no_charting_library():
    assert loaded_by("from whot_core.whot.show import score_pictures", ["plotly", "pandas"]) == []
