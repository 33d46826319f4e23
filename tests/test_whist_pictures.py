"""Whist pictures: cards, hands, tricks and tables as well-formed, accessible SVG that shows each
seat only what it may see (whot_core/whist/show/pictures.py).

Pictures are parsed back with ElementTree and read through their class names and data
attributes (`card` with `data-card`, `card-back`, `pip`, `seat` with `data-seat`, `trick`, ...).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from helpers import badge_margin

from whot_core.whist import CARDS, Card, Suit, WhistState, new_game
from whot_core.whist.engine.cards import rank_word
from whot_core.whist.engine.records import WhistRecord
from whot_core.whist.players import HeuristicPlayer, RandomPlayer
from whot_core.whist.show.diagram import diagram_svg
from whot_core.whist.show.pictures import (
    BLACK,
    RED,
    back_svg,
    card_svg,
    hand_svg,
    notebook_html,
    suit_svg,
    table_svg,
    trick_svg,
)
from whot_core.whist.show.seat_table import seat_table_svg
from whot_core.whist.show.viewer import play_frames

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def classes(element: ET.Element) -> set[str]:
    return set(element.get("class", "").split())


def having(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in classes(e)]


def cards_shown(root: ET.Element) -> list[str]:
    return [e.get("data-card") for e in having(root, "card")]


def label(panel: ET.Element) -> str:
    (text,) = having(panel, "seat-label")
    return text.text


def seat(root: ET.Element, index: int) -> ET.Element:
    (panel,) = [e for e in having(root, "seat") if e.get("data-seat") == str(index)]
    return panel


def played(state: WhistState, cards: int, seed: int = 0) -> WhistState:
    players = [RandomPlayer(seed=seed + s) for s in range(4)]
    for _ in range(cards):
        state = state.apply(
            players[state.current_player].choose(state.view(state.current_player)).move
        )
    return state


# ------------------------------------------------------------------------------------- cards


@pytest.mark.parametrize("card", CARDS, ids=str)
def test_every_card_is_accessible_svg_with_its_pips(card: Card) -> None:
    root = parse(card_svg(card))
    assert root.get("role") == "img"
    assert root.get("aria-label") == card.name
    assert root.find(f"{NS}title").text == card.name
    (face,) = having(root, "card")
    assert face.get("data-card") == card.ascii
    pips = having(root, "pip")
    if card.rank <= 10:
        assert len(pips) == card.rank  # a number card shows as many pips as its number
    else:
        assert pips == []
        assert len(having(root, "big-pip" if card.rank == 14 else "court")) == 1
    colour = RED if card.suit.is_red else BLACK
    assert {p.get("fill") for p in having(root, "corner-suit") + pips} == {colour}
    ranks = [e.text for e in having(root, "corner-rank")]
    assert ranks == [str(card)[:-1]] * 2  # top left, and turned in the bottom right


def test_card_text_is_accepted_and_bad_input_named() -> None:
    assert card_svg("QH") == card_svg(Card.parse("Q♥"))
    with pytest.raises(ValueError, match="1H"):
        card_svg("1H")
    with pytest.raises(ValueError, match="highlight"):
        card_svg("QH", highlight="shiny")


def test_the_four_suits_are_four_different_shapes() -> None:
    paths = {parse(suit_svg(suit)).find(f".//{NS}path").get("d") for suit in Suit}
    assert len(paths) == 4
    assert parse(suit_svg("hearts")).get("aria-label") == "hearts"


def test_a_back_shows_no_card() -> None:
    root = parse(back_svg())
    assert root.get("aria-label") == "card back"
    assert cards_shown(root) == []
    assert len(having(root, "card-back")) == 1


def test_a_hand_marks_the_legal_cards() -> None:
    hand = ["AS", "10S", "3H", "KD"]
    root = parse(hand_svg(hand, legal=["AS", "10S"]))
    assert cards_shown(root) == ["AS", "10S", "3H", "KD"]
    assert len(having(root, "highlight-legal")) == 2
    assert len(having(root, "highlight-illegal")) == 2
    assert parse(hand_svg([])).get("aria-label") == "hand of 0: no cards"
    with pytest.raises(ValueError, match="overlap"):
        hand_svg(hand, overlap=1)


# ------------------------------------------------------------------------------------ tricks


def test_a_finished_trick_frames_its_winner() -> None:
    state = played(new_game(seed=4), 4)
    trick = state.last_trick
    root = parse(trick_svg(trick))
    assert sorted(cards_shown(root)) == sorted(card.ascii for _, card in trick.cards)
    (won,) = [e for e in having(root, "card") if having(e, "highlight-win")]
    assert won.get("data-card") == trick.winning_card.ascii
    assert root.get("aria-label").endswith(
        f"won by {['South', 'West', 'North', 'East'][trick.winner]}"
    )


def test_a_trick_in_progress_has_no_winner_yet() -> None:
    root = parse(trick_svg([(0, "AS"), (1, "2S")]))
    assert cards_shown(root) == ["AS", "2S"]
    assert having(root, "highlight-win") == []


# ------------------------------------------------------------------------------------- table


def test_a_state_shows_every_hand_and_a_viewer_only_their_own() -> None:
    state = new_game(seed=1)
    everything = parse(table_svg(state))
    assert sorted(cards_shown(everything)) == sorted(card.ascii for card in CARDS)
    for viewer in range(4):
        root = parse(table_svg(state, viewer=viewer))
        assert sorted(cards_shown(root)) == sorted(c.ascii for c in state.hand(viewer))
        assert seat(root, viewer).get("data-hidden") == "false"
        for other in set(range(4)) - {viewer}:
            assert seat(root, other).get("data-hidden") == "true"
            assert len(having(seat(root, other), "card-back")) == 13


def test_a_view_shows_only_its_seat_and_the_table() -> None:
    state = played(new_game(seed=2), 6)
    for s in range(4):
        view = state.view(s)
        root = parse(table_svg(view))
        public = {card.ascii for _, card in state.trick}
        own = {card.ascii for card in view.hand}
        assert set(cards_shown(root)) == own | public
        assert "(you)" in label(seat(root, s))
        assert f'alt="{root.get("aria-label")}"' in view._repr_html_()
    with pytest.raises(ValueError, match="view for seat 1"):
        table_svg(state.view(1), viewer=2)


def test_the_seat_to_play_and_the_facts_are_shown() -> None:
    state = played(new_game(seed=5), 2)
    root = parse(table_svg(state, show_legal=True))
    turn = state.current_player
    assert "to-play" in classes(seat(root, turn))
    assert len(having(root, "badge-to-play")) == 1
    legal = {card.ascii for card in state.legal_moves()}
    framed = {
        e.get("data-card") for e in having(seat(root, turn), "card") if having(e, "highlight-legal")
    }
    assert framed == legal
    info = " ".join(e.text for e in having(root, "info"))
    assert "Hand 1" in info and "hearts are trumps" in info
    assert having(root, "trump")[0].get("data-suit") == "hearts"
    note = having(root, "trick-note")[0].text
    winner, card = state.winning
    assert note == f"{['South', 'West', 'North', 'East'][winner]} winning with the {card}"


def test_a_won_trick_stays_on_the_table_until_the_next_lead() -> None:
    state = played(new_game(seed=6), 4)
    root = parse(table_svg(state))
    (trick,) = having(root, "trick")
    assert trick.get("data-complete") == "true"
    assert len(having(trick, "card")) == 4
    # After the hand's last trick the next hand is dealt; the finished trick is passed in.
    frames = play_frames([HeuristicPlayer()] * 4, seed=6, hands=1)
    last = frames[-1]
    (won,) = [e for e in last.events if type(e).__name__ == "TrickWon"]
    root = parse(table_svg(last.state, last_trick=won))
    assert having(root, "trick")[0].get("data-complete") == "true"
    assert having(root, "trick-note")[0].text.startswith("Hand 1, trick 13: ")
    assert "waiting for a lead" in table_svg(last.state)


def test_game_over_names_the_winners() -> None:
    frames = play_frames([HeuristicPlayer()] * 4, seed=3)
    final = frames[-1].state
    root = parse(table_svg(final))
    winners = {int(e.get("data-seat")) for e in having(root, "winner") if "seat" in classes(e)}
    assert winners == set(final.winners)
    assert having(root, "badge-to-play") == []
    assert any("Game over" in e.text for e in having(root, "info"))
    for drawing in (root, parse(diagram_svg(final)), parse(diagram_svg(final, narrow=True))):
        margins = [badge_margin(b) for b in having(drawing, "badge-winner")]
        assert len(margins) == 2 and min(margins) >= 3  # WINNER inside its block, with room


def test_names_are_checked_and_shown() -> None:
    state = new_game(seed=0)
    names = ["Ada", "Bola", "Chidi", "Dayo"]
    root = parse(table_svg(state, names=names))
    assert label(seat(root, 2)).startswith("Chidi")
    with pytest.raises(ValueError, match="names"):
        table_svg(state, names=["Ada"])
    with pytest.raises(ValueError, match="viewer"):
        table_svg(state, viewer=4)


def test_the_same_table_draws_the_same_bytes() -> None:
    one = played(new_game(seed=8), 9)
    two = played(new_game(seed=8), 9)
    assert table_svg(one) == table_svg(two)
    assert table_svg(one) != table_svg(played(new_game(seed=8), 10))


def test_notebook_reprs_draw_cards_states_and_records() -> None:
    assert Card.parse("7D")._repr_html_() == notebook_html(card_svg("7D"))
    state = played(new_game(seed=9), 3)
    assert state._repr_html_() == notebook_html(table_svg(state))
    record = state.record()
    assert isinstance(record, WhistRecord)
    html = record._repr_html_()
    assert "<svg" not in html and notebook_html(table_svg(record.replay())) in html


def place(panel: ET.Element) -> tuple[float, float]:
    x, y = panel.get("transform").removeprefix("translate(").removesuffix(")").split()
    return float(x), float(y)


@pytest.mark.parametrize("viewer", [None, 0, 1, 2, 3])
def test_the_viewer_sits_at_the_bottom_and_play_goes_clockwise(viewer) -> None:
    root = parse(table_svg(new_game(seed=1), viewer=viewer))
    me = viewer or 0
    spots = {s: place(seat(root, s)) for s in range(4)}
    left, across, right = (me + 1) % 4, (me + 2) % 4, (me + 3) % 4
    assert spots[me][1] == max(y for _, y in spots.values())  # nearest the reader
    assert spots[across][1] == min(y for _, y in spots.values())
    assert spots[left][0] == min(x for x, _ in spots.values())  # the next to play, on the left
    assert spots[right][0] == max(x for x, _ in spots.values())


RANK_WORDS = {rank_word(rank): rank for rank in range(2, 15)}
_RANK = "|".join(RANK_WORDS)
SUIT_GROUP = re.compile(rf"\b(spades|hearts|clubs|diamonds) ((?:{_RANK})(?:, (?:{_RANK}))*)")


def cards_named(label: str) -> tuple[set[Card], set[Card]]:
    """The cards a table's label names: by their names ("the ace of spades", in the trick),
    and anywhere a hand is written a suit at a time ("spades ace, nine; hearts none; ...")."""
    by_name = {card for card in CARDS if re.search(rf"\b{card.name}\b", label)}
    in_hands = {
        Card(Suit(suit), RANK_WORDS[word])
        for suit, ranks in SUIT_GROUP.findall(label)
        for word in ranks.split(", ")
    }
    return by_name, in_hands


@pytest.mark.parametrize("seed", [1, 2])
def test_a_seats_picture_names_its_own_hand_and_no_other(seed) -> None:
    """A table drawn for one seat names in its label (the app's alt text) that seat's hand when
    the picture shows it, and never a card of a hand hidden from it; the trick's cards are on the
    table for everyone."""
    state = new_game(seed=seed)
    for _ in range(2):  # two cards in the trick
        state = state.apply(state.legal_moves()[0])
    trick = {card for _, card in state.trick}
    for seat in range(4):
        own = set(state.hand(seat))
        drawn = {
            "Play Whist": seat_table_svg(state, seat),  # the hand is drawn apart, as buttons
            "diagram": diagram_svg(state, seat),
            "phone diagram": diagram_svg(state, seat, narrow=True),
            "table": table_svg(state, seat),
            "view": table_svg(state.view(seat)),
        }
        for what, svg in drawn.items():
            label = parse(svg).get("aria-label")
            assert label.startswith("The Whist table: Hand 1: ") and " to play." in label
            by_name, in_hands = cards_named(label)
            assert by_name == trick, what
            assert in_hands == (set() if what == "Play Whist" else own), what
            assert label.count("Your hand:") == (what != "Play Whist"), what
            assert "Every hand" not in label, what


def test_the_label_says_whose_turn_and_who_won_the_trick() -> None:
    frames = play_frames([HeuristicPlayer()] * 4, seed=3, hands=1)
    label = parse(table_svg(frames[4].state, last_trick=None)).get("aria-label")
    assert label.startswith("The Whist table: Hand 1: hearts are trumps. West to play. ")
    assert label.endswith(", won by West. Every hand is face up.")
