"""The Play Whist table from one seat (whot_core/whist/show/seat_table.py): a column for each
seat in playing order from the viewer's left, each saying in words who it is and how many cards
it holds, the trick under the seats that played it, no hand's faces, and no word smaller than
the size that stays readable at a projector and on a phone."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from whot_core.whist import new_game
from whot_core.whist.show.seat_table import MIN_TEXT, seat_table_svg

NS = "{http://www.w3.org/2000/svg}"


def played(state, cards: int):
    for _ in range(cards):
        state = state.apply(state.legal_moves()[0])
    return state


def columns(svg: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    return [e for e in root.iter() if "seat" in e.get("class", "").split()]


def words(column: ET.Element) -> list[str]:
    return [t.text for t in column.iter(f"{NS}text")]


@pytest.mark.parametrize("you", range(4))
def test_the_seats_go_in_playing_order_from_your_left_and_say_who_they_are(you) -> None:
    cols = columns(seat_table_svg(new_game(seed=1), you))
    assert [int(c.get("data-seat")) for c in cols] == [(you + k) % 4 for k in (1, 2, 3, 0)]
    assert [words(c)[-2] if "TO PLAY" in words(c) else words(c)[-1] for c in cols] == [
        "13 cards"
    ] * 4
    who = [next(w for w in words(c) if w in ("you", "partner", "opponent")) for c in cols]
    assert who == ["opponent", "partner", "opponent", "you"]


def test_the_trick_lies_under_the_seats_that_played_it_and_no_hand_shows() -> None:
    state = played(new_game(seed=2), 2)
    svg = seat_table_svg(state, 0, names=("Ada", "West", "North", "East"))
    cards = {
        int(c.get("data-seat")): [
            g.get("data-card") for g in c.iter(f"{NS}g") if g.get("data-card")
        ]
        for c in columns(svg)
    }
    expected = {seat: [card.ascii] for seat, card in state.trick}
    assert {s: c for s, c in cards.items() if c} == expected
    assert "winning with the" in svg


def test_a_won_trick_stays_with_its_winner_framed_and_named() -> None:
    state = played(new_game(seed=2), 4)
    assert not state.trick and state.last_trick is not None
    svg = seat_table_svg(state, 0)
    winner = state.last_trick.winner
    [column] = [c for c in columns(svg) if c.get("data-seat") == str(winner)]
    assert "highlight-win" in ET.tostring(column, encoding="unicode")
    assert "won the trick with the" in svg


def test_no_word_is_smaller_than_the_readable_size() -> None:
    root = ET.fromstring(seat_table_svg(played(new_game(seed=3), 3), 1))
    sizes = [float(t.get("font-size")) for t in root.iter(f"{NS}text")]
    assert sizes and min(sizes) >= MIN_TEXT >= 14


def test_a_long_name_is_cut_within_its_column() -> None:
    names = ("A" * 40, "West (Heuristic)", "North", "East")
    [you] = [
        c
        for c in columns(seat_table_svg(new_game(seed=1), 0, names=names))
        if c.get("data-seat") == "0"
    ]
    assert words(you)[0].endswith("…") and len(words(you)[0]) < 15
    [west] = [
        c
        for c in columns(seat_table_svg(new_game(seed=1), 0, names=names))
        if c.get("data-seat") == "1"
    ]
    assert words(west)[:2] == ["West", "(Heuristic)"]


def test_a_seat_outside_the_table_is_refused() -> None:
    with pytest.raises(ValueError, match="you must be a seat"):
        seat_table_svg(new_game(seed=1), 4)
