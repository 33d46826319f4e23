"""The search chart drawn as SVG (whot_core/whot/show/search_picture.py): what Watch and Whist
show at a search player's step. Parsed back with ElementTree: every value and label is written
as text, the chosen move says so, the bars measure the values, and the words stay inside the
drawing at a size a projector and a phone can read.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from helpers import (
    SEARCH_DETAILS,
    SVG,
    assert_words_fit,
    loaded_by,
    svg_root,
    svg_texts,
    view_width,
    words_of,
)

from whot_core import GameState, Rules
from whot_core.whot.players import SearchPlayer
from whot_core.whot.show.search_picture import (
    NARROW_EMS,
    SIZE,
    search_alt,
    search_rows,
    search_svg,
)

DETAILS = SEARCH_DETAILS
#: The longest words a Whot search writes: a Whot's call and an announcement in the narration's
#: words (Watch's rows, `viewer.search_words`), ten thousand simulations, twelve moves.
SAID = 'play a Whot and call triangle, saying "semi last card"'
LONG = {
    "simulations": 20000,
    "seconds": 12.25,
    "moves": [{"move": SAID, "visits": 10000, "share": 0.5, "win_rate": 0.5}] * 12,
}
#: The narrowest phone window's room for a picture (390 px less the page's margins) and the
#: classroom projector's (1280 px, the sidebar closed), and the least word size on each.
PHONE_ROOM, PROJECTOR_ROOM = 358, 1100
LEAST = {"phone": 11, "projector": 14}
LAYOUTS = pytest.mark.parametrize("narrow", [False, True], ids=["wide", "narrow"])


def bars(root: ET.Element, kind: str) -> list[tuple[float, float | None]]:
    """Each bar group of `kind`: its track's width and its bar's (None when there is no bar)."""
    out = []
    for group in root.iter(f"{SVG}g"):
        if group.get("class") == f"bar {kind}":
            rects = group.findall(f"{SVG}rect")
            out.append(
                (float(rects[0].get("width")), float(rects[1].get("width")) if rects[1:] else None)
            )
    return out


@LAYOUTS
def test_every_value_and_label_is_written_and_the_chosen_move_says_so(narrow):
    root = svg_root(search_svg(DETAILS, narrow=narrow))
    moves = [t for t in root.iter(f"{SVG}text") if "move" in t.get("class", "").split()]
    assert [t.text for t in moves] == ["play circle 5 (chosen)", "play whot call star", "draw"]
    assert [t.get("font-weight") for t in moves] == ["bold", None, None]
    assert svg_texts(root, "share") == ["60% (18)", "40% (12)", "0% (0)"]
    assert svg_texts(root, "value") == ["50%", "25%", "not tried"]
    assert root.find(f"{SVG}title").text == "Search: 30 simulations in 0.50 s"
    words = " ".join(svg_texts(root, "header") + svg_texts(root, "key"))
    assert "share of the simulations (how many)" in words
    assert "estimated chance of winning" in words
    assert svg_texts(root, "scale")[:3] == ["0%", "50%", "100%"]


@LAYOUTS
def test_each_bar_is_its_value_of_the_track_and_an_untried_move_has_none(narrow):
    root = svg_root(search_svg(DETAILS, narrow=narrow))
    shares = [bar / track if bar else 0.0 for track, bar in bars(root, "share")]
    assert shares == pytest.approx([0.6, 0.4, 0.0], abs=1e-3)
    values = bars(root, "value")
    assert [bar / track for track, bar in values[:2]] == pytest.approx([0.5, 0.25], abs=1e-3)
    assert values[2][1] is None  # "not tried", no bar


def test_the_value_named_for_another_game_the_shape_names_and_the_limit():
    whist = svg_root(search_svg(DETAILS, value_label="estimated share of the tricks left"))
    assert " ".join(svg_texts(whist, "header")).endswith("estimated share of the tricks left")
    rows = search_rows(DETAILS, limit=2, nigerian=True)
    assert [row.label for row in rows] == ["play ball 5 (chosen)", "play whot call star"]
    narrow = svg_root(search_svg(DETAILS, limit=2, nigerian=True, narrow=True))
    assert svg_texts(narrow, "move") == ["play ball 5 (chosen)", "play whot call star"]
    untimed = svg_root(search_svg({**DETAILS, "seconds": None}))
    assert untimed.find(f"{SVG}title").text == "Search: 30 simulations"


def test_a_moves_row_and_the_alt_read_the_words_given_for_it():
    """Watch gives each move's words (the narration's, not `play whot call star`); a move
    without words reads as its text, in the reader's shape names."""
    said = (("play whot call star", "play a Whot and call star"), ("draw", "go to market"))
    rows = search_rows(DETAILS, nigerian=True, said=said)
    assert [row.label for row in rows] == [
        "play ball 5 (chosen)",
        "play a Whot and call star",
        "go to market",
    ]
    for narrow in (False, True):
        root = svg_root(search_svg(DETAILS, narrow=narrow, said=said))
        assert svg_texts(root, "move")[1:] == ["play a Whot and call star", "go to market"]
    first = {**DETAILS, "moves": DETAILS["moves"][1:]}
    assert "Chosen: play a Whot and call star, " in search_alt(first, said=said)


def test_only_search_details():
    with pytest.raises(ValueError, match="SearchPlayer"):
        search_svg({"rule": "play", "moves": []})
    with pytest.raises(ValueError, match="no moves"):
        search_svg({"simulations": 0, "moves": []})


def test_the_alt_text_names_the_search_and_its_choice():
    assert search_alt(DETAILS, nigerian=True) == (
        "Search: 30 simulations in 0.50 s. Chosen: play ball 5, 60% (18) of the simulations, "
        "estimated chance of winning 50%."
    )


@pytest.mark.parametrize("large", [False, True], ids=["desk", "projector"])
@pytest.mark.parametrize("details", [DETAILS, LONG], ids=["short", "long"])
@LAYOUTS
def test_no_word_runs_past_the_drawing(details, narrow, large):
    label = "estimated share of the tricks left"
    root = svg_root(search_svg(details, large=large, narrow=narrow, value_label=label))
    # none past the edges; no two of a line overlap (a number and its column's next bar, a
    # label and a bar)
    assert_words_fit(root)


@pytest.mark.parametrize("large", [False, True], ids=["desk", "projector"])
def test_words_are_readable_on_a_phone_and_a_projector(large):
    """The narrow drawing fits a phone's column with every word 11 px or more; the wide one a
    projector's page with every word 14 px or more, however long the moves' words."""
    for details in (DETAILS, LONG):
        narrow = svg_root(search_svg(details, large=large, narrow=True))
        assert view_width(narrow) == NARROW_EMS * SIZE[large]
        shrink = min(1.0, PHONE_ROOM / view_width(narrow))
        assert min(w.size for w in words_of(narrow)) * shrink >= LEAST["phone"]
        if large:
            wide = svg_root(search_svg(details, large=True))
            shrink = min(1.0, PROJECTOR_ROOM / view_width(wide))
            assert min(w.size for w in words_of(wide)) * shrink >= LEAST["projector"]


def test_a_real_search():
    state = GameState.from_position(
        Rules.preset("nigerian"),
        hands=[["circle 7", "circle 3", "star 7", "whot"], ["square 3", "cross 10"]],
        pile=["circle 11"],
        seed=2,
    )
    decision = SearchPlayer(simulations=30, seed=1).choose(state.view(0))
    root = svg_root(search_svg(decision.details, large=True))
    rows = decision.details["moves"]
    assert svg_texts(root, "move")[0] == f"{decision.move} (chosen)"
    assert svg_texts(root, "move")[1:] == [row["move"] for row in rows[1:]]
    shares = [bar / track if bar else 0.0 for track, bar in bars(root, "share")]
    assert sum(shares) == pytest.approx(1.0, abs=1e-3)
    assert {float(t.get("font-size")) for t in root.iter(f"{SVG}text")} >= {SIZE[True]}
    assert min(float(t.get("font-size")) for t in root.iter(f"{SVG}text")) == SIZE[True]


def test_drawing_the_chart_loads_no_charting_library():
    imports = "from whot_core.whot.show.search_picture import search_svg"
    assert loaded_by(imports, ["plotly", "pandas"]) == []
