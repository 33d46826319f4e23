"""Legality (`engine/legal.py`) in the words a learner reads: the whole sentence `explain` gives for
each kind of move, allowed or refused, and what a draw does when the market is short (each such
sentence agrees with what the draw then does). Written for the mutants of
`make mutation MODULE=whot_core/whot/engine/legal.py` (docs/testing.md)."""

from __future__ import annotations

import re

import pytest

from whot_core import GameState, IllegalMove, Rules

WEB = Rules.preset("nigerian")
STREET = Rules.preset("nigerian_street")
BRITISH = Rules.preset("british")
SEVENTIES = Rules.preset("nigerian_1970s")
CROSS = STREET.replace(cross_defence=True)
CANCELS = STREET.replace(whot_cancels_pick=True)
NO_SPECIAL_WIN = STREET.replace(win_on_special=False)
MUST = WEB.replace(must_play=True)

THREE = ["star 7", "circle 1", "square 3"]
SAY_TWO = " But say 'semi last card', or you will draw two penalty cards."
WINS = "Legal, and it wins. "
CHECK_UP = " It is your last card: check up!"


def _state(rules: Rules, hand: list[str], pile: list[str], **more) -> GameState:
    return GameState.from_position(rules, hands=[hand, ["star 1"]], pile=pile, **more)


@pytest.mark.parametrize(
    ("rules", "hand", "pile", "more", "move", "sentence"),
    [
        (
            WEB,
            THREE,
            ["circle 11"],
            {},
            "play star 7",
            "Matching: star 7 does not match circle 11: play a circle, an 11, or a Whot.",
        ),
        (
            WEB,
            THREE,
            ["circle 8"],
            {},
            "play star 7",
            "Matching: star 7 does not match circle 8: play a circle, an 8, or a Whot.",
        ),
        (
            WEB,
            THREE,
            ["circle 10"],
            {},
            "play star 7",
            "Matching: star 7 does not match circle 10: play a circle, a 10, or a Whot.",
        ),
        (
            WEB,
            THREE,
            ["circle 11"],
            {},
            "play circle 1",
            "Legal. Matching: circle 1 has the same shape as circle 11.",
        ),
        (
            WEB,
            ["star 7", "square 11", "square 3"],
            ["circle 11"],
            {},
            "play square 11",
            "Legal. Matching: square 11 has the same number as circle 11.",
        ),
        (
            WEB,
            THREE,
            ["whot"],
            {"called": "circle"},
            "play star 7",
            "The call: the last Whot called circle, so play a circle or a Whot; star 7 is a star.",
        ),
        (
            WEB,
            THREE,
            ["whot"],
            {"called": "circle"},
            "play circle 1",
            "Legal. The call: circle 1 is a circle, as the Whot called.",
        ),
        (
            WEB,
            ["star 7", "whot", "square 3"],
            ["circle 8"],
            {},
            "play whot call star",
            "Legal. Whot: a Whot can go on any card, and its player calls the shape to follow.",
        ),
        (WEB, THREE, [], {}, "play star 7", "Legal. Start of play: any card may start the pile."),
        (
            WEB,
            THREE,
            ["circle 11"],
            {},
            "play circle 3",
            "Your hand: you don't hold circle 3, so you cannot play it.",
        ),
        (
            WEB,
            THREE,
            ["circle 11"],
            {},
            "draw",
            "Legal: you may draw one card instead of playing; it ends your turn.",
        ),
        (
            STREET,
            THREE,
            ["circle 2"],
            {"penalty": 2},
            "draw",
            "Legal: you do not answer the pick, so you draw all 2 penalty cards; it ends your "
            "turn.",
        ),
        (
            STREET,
            ["star 7", "star 2", "square 3"],
            ["circle 2"],
            {"penalty": 2},
            "play star 2",
            "Legal. Defence: another 2 passes the pick on to the next player." + SAY_TWO,
        ),
        (
            STREET,
            ["star 7", "star 2", "square 3"],
            ["circle 2"],
            {"penalty": 2},
            "play star 7",
            "Defence: a pick is waiting on you (2 cards); only another 2 can pass it on (never a "
            "Whot). Otherwise draw them all.",
        ),
        (
            CROSS,
            THREE,
            ["circle 2"],
            {"penalty": 2},
            "play star 7",
            "Defence: a pick is waiting on you (2 cards); only a pick card that fits circle 2 can "
            "pass it on (never a Whot). Otherwise draw them all.",
        ),
        (
            CROSS,
            ["star 7", "circle 5", "square 3"],
            ["circle 2"],
            {"penalty": 2},
            "play circle 5",
            "Legal. Cross defence: circle 5 is a pick card that fits circle 2, so it passes the "
            "pick "
            "on, grown by 3 to 5." + SAY_TWO,
        ),
        (
            CROSS,
            ["star 7", "star 5", "square 3"],
            ["circle 2"],
            {"penalty": 2},
            "play star 5",
            "Defence: a pick is waiting on you (2 cards); only a pick card that fits circle 2 can "
            "pass it on (never a Whot). Otherwise draw them all.",
        ),
        (
            CANCELS,
            ["star 7", "whot", "square 3"],
            ["circle 2"],
            {"penalty": 2},
            "play whot call star",
            "Legal. A Whot cancels the pick: nobody draws the 2 cards, and the Whot's call stands."
            + SAY_TWO,
        ),
        (
            CANCELS,
            ["star 7", "whot", "square 3"],
            ["circle 2"],
            {"penalty": 2},
            "play star 7",
            "Defence: a pick is waiting on you (2 cards); only another 2 can pass it on (or a "
            "Whot). Otherwise draw them all.",
        ),
        (
            STREET,
            ["star 7", "whot", "square 3"],
            ["circle 2"],
            {"penalty": 2},
            "play whot call star",
            "Defence: a pick is waiting on you (2 cards); only another 2 can pass it on (never a "
            "Whot). Otherwise draw them all.",
        ),
        (
            STREET,
            ["star 7", "circle 4", "square 3"],
            ["circle 2"],
            {},
            "play circle 4",
            "Legal. Matching: circle 4 has the same shape as circle 2." + SAY_TWO,
        ),
        (
            STREET,
            ["star 7", "circle 4"],
            ["circle 2"],
            {},
            "play circle 4",
            "Legal. Matching: circle 4 has the same shape as circle 2. But say 'last card', or you "
            "will draw two penalty cards.",
        ),
        (
            STREET,
            ["star 7", "circle 4", "square 3"],
            ["circle 2"],
            {},
            "play circle 4, semi last card",
            "Legal. Matching: circle 4 has the same shape as circle 2.",
        ),
        (
            STREET,
            ["star 7", "circle 4", "square 3"],
            ["circle 2"],
            {},
            "play circle 4, last card",
            "Announcements: 'last card' is for a play that leaves 1 card; this one leaves 2.",
        ),
        (
            STREET,
            ["star 7", "circle 4"],
            ["circle 2"],
            {},
            "play circle 4, semi last card",
            "Announcements: 'semi last card' is for a play that leaves 2 cards; this one leaves 1.",
        ),
        (
            STREET,
            ["circle 4"],
            ["circle 2"],
            {},
            "play circle 4, last card",
            "Announcements: 'last card' is for a play that leaves 1 card; this one leaves none.",
        ),
        (
            BRITISH,
            ["star 7", "circle 4"],
            ["circle 2"],
            {},
            "play circle 4, last card",
            "Announcements: these rules have none, so the move cannot carry one.",
        ),
        (
            STREET,
            ["circle 4"],
            ["circle 2"],
            {},
            "play circle 4",
            WINS + "Matching: circle 4 has the same shape as circle 2." + CHECK_UP,
        ),
        (
            STREET,
            ["circle 14"],
            ["circle 2"],
            {},
            "play circle 14",
            WINS
            + "Matching: circle 14 has the same shape as circle 2."
            + CHECK_UP
            + " Its effect (general market) is not applied: the game is over.",
        ),
        (
            NO_SPECIAL_WIN,
            ["circle 14"],
            ["circle 2"],
            {},
            "play circle 14",
            "Going out: these rules let nobody go out on a special card, so you may not play your "
            "last card when it is a special card or a Whot; draw instead.",
        ),
        (
            NO_SPECIAL_WIN,
            ["whot"],
            ["circle 2"],
            {},
            "play whot call star",
            "Going out: these rules let nobody go out on a special card, so you may not play your "
            "last card when it is a special card or a Whot; draw instead.",
        ),
        (
            STREET,
            ["circle 2"],
            ["square 2"],
            {"penalty": 2},
            "play circle 2",
            WINS + "Defence: another 2 answers the pick, and nobody draws it." + CHECK_UP,
        ),
        (
            CANCELS,
            ["whot"],
            ["square 2"],
            {"penalty": 2},
            "play whot call star",
            WINS + "A Whot cancels the pick: your Whot answers it, so nobody draws it." + CHECK_UP,
        ),
        (
            CROSS,
            ["square 5"],
            ["square 2"],
            {"penalty": 2},
            "play square 5",
            WINS
            + "Cross defence: your pick card answers the pick, and nobody draws it."
            + CHECK_UP,
        ),
        (
            SEVENTIES,
            ["circle 4"],
            ["circle 2"],
            {},
            "play circle 4",
            WINS
            + "Matching: circle 4 has the same shape as circle 2."
            + CHECK_UP
            + " Its effect still happens: every other player draws two cards.",
        ),
        (
            WEB,
            ["circle 8"],
            ["circle 2"],
            {},
            "play circle 8",
            WINS
            + "Matching: circle 8 has the same shape as circle 2."
            + CHECK_UP
            + " Its effect (suspension) is not applied: the game is over.",
        ),
        (
            MUST,
            THREE,
            ["circle 11"],
            {},
            "draw",
            "Must play: you hold a card that fits (circle 1), so you must play one; you may draw "
            "only when nothing fits.",
        ),
        (
            MUST,
            ["star 7", "square 3"],
            ["circle 11"],
            {},
            "draw",
            "Legal: nothing you hold fits, so you draw one card; it ends your turn.",
        ),
        (
            MUST.replace(defence=True),
            ["star 7", "square 3"],
            ["circle 2"],
            {"penalty": 2},
            "draw",
            "Legal: nothing you hold answers the pick, so you draw all 2 penalty cards; it ends "
            "your turn.",
        ),
        (
            MUST.replace(win_on_special=False),
            ["circle 14"],
            ["circle 2"],
            {},
            "draw",
            "Legal: nothing you hold fits, so you draw one card; it ends your turn.",
        ),
        (
            WEB,
            [*THREE, "square 1"],
            ["circle 11"],
            {},
            "play circle 1 + square 1",
            "Several cards at once: these rules put down one card a move.",
        ),
    ],
)
def test_every_kind_of_move_is_explained_in_a_whole_sentence(
    rules, hand, pile, more, move, sentence
):
    state = _state(rules, hand, pile, **more)
    assert state.explain(move) == sentence
    legal = not sentence.startswith(
        (
            "Matching:",
            "The call:",
            "Your hand:",
            "Defence:",
            "Announcements:",
            "Going out:",
            "Must play:",
            "Several",
        )
    )
    assert state.is_legal(move) is legal
    if not legal:
        with pytest.raises(IllegalMove, match="^" + sentence.split(":")[0]):
            state.apply(move)


MULTI = WEB.replace(multiple_cards=True)
THREES = ["circle 3", "square 3", "star 3", "star 7"]
SAME_THREE = (
    "Legal. Matching: circle 3 has the same shape as circle 11. Multiple cards: the other 3s go on "
    "it, and square 3 is the new top card."
)


@pytest.mark.parametrize(
    ("rules", "hand", "move", "sentence"),
    [
        (MULTI, THREES, "play circle 3 + square 3", SAME_THREE),
        (MULTI, THREES, "play circle 3 + star 3 + square 3", SAME_THREE),
        (
            MULTI,
            ["circle 3", "square 3", "star 7"],
            "play circle 3 + star 3",
            "Your hand: you don't hold star 3, so you cannot play them.",
        ),
        (
            MULTI.replace(packs=2),
            ["circle 3", "circle 3", "star 7"],
            "play circle 3 + circle 3 + circle 3",
            "Your hand: you don't hold 3 of circle 3, so you cannot play them.",
        ),
        (
            MULTI,
            ["circle 3", "square 3"],
            "play circle 3 + square 3",
            "Legal, and it wins. Matching: circle 3 has the same shape as circle 11. Multiple "
            "cards: "
            "the other 3s go on it, and square 3 is the new top card. It is your last card: check "
            "up!",
        ),
        (
            MULTI.replace(win_on_special=False),
            ["circle 2", "square 2"],
            "play circle 2 + square 2",
            "Going out: these rules let nobody go out on a special card, so you may not put down "
            "your last cards when they are special cards; draw or keep one back.",
        ),
        (
            STREET.replace(multiple_cards=True),
            ["circle 3", "square 3", "star 7"],
            "play circle 3 + square 3",
            "Legal. Matching: circle 3 has the same shape as circle 11. Multiple cards: the other "
            "3s "
            "go on it, and square 3 is the new top card. But say 'last card', or you will draw two "
            "penalty cards.",
        ),
    ],
)
def test_several_cards_at_once_are_explained_in_a_whole_sentence(rules, hand, move, sentence):
    state = _state(rules, hand, ["circle 11"])
    assert state.explain(move) == sentence
    assert state.is_legal(move) is sentence.startswith("Legal")


@pytest.mark.parametrize(
    ("rules", "hand", "moves"),
    [
        (
            MULTI,
            THREES,
            [
                "play circle 3",
                "play circle 3 + square 3",
                "play circle 3 + star 3",
                "play circle 3 + star 3 + square 3",
                "play circle 3 + square 3 + star 3",
                "draw",
            ],
        ),
        (MULTI, ["circle 3", "square 3"], ["play circle 3", "play circle 3 + square 3", "draw"]),
        (MULTI.replace(win_on_special=False), ["circle 2", "square 2"], ["play circle 2", "draw"]),
        (
            MULTI.replace(win_on_special=False),
            ["circle 2", "square 2", "star 2"],
            ["play circle 2", "play circle 2 + square 2", "play circle 2 + star 2", "draw"],
        ),
        (
            STREET.replace(multiple_cards=True),
            ["circle 3", "square 3", "star 7"],
            [
                "play circle 3, semi last card",
                "play circle 3",
                "play circle 3 + square 3, last card",
                "play circle 3 + square 3",
                "draw",
            ],
        ),
        (
            MULTI,
            ["circle 3", "whot", "star 7"],
            [
                "play circle 3",
                *(f"play whot call {s}" for s in ("circle", "triangle", "cross", "square", "star")),
                "draw",
            ],
        ),
        (
            MULTI.replace(packs=2),
            ["circle 3", "circle 3", "star 7"],
            ["play circle 3", "play circle 3 + circle 3", "draw"],
        ),
    ],
)
def test_several_cards_at_once_are_listed_once_each_in_order(rules, hand, moves):
    state = _state(rules, hand, ["circle 11"])
    assert [str(move) for move in state.legal_moves()] == moves


def test_the_cards_between_the_first_and_the_last_are_recorded_in_card_order():
    hand = ["circle 3", "triangle 3", "square 3", "star 3", "star 7"]
    state = _state(MULTI, hand, ["circle 11"])
    after = state.apply("play circle 3 + star 3 + triangle 3 + square 3")
    assert str(after.moves[-1]) == "play circle 3 + triangle 3 + star 3 + square 3"
    assert str(after.top) == "square 3"
    after = state.apply("play circle 3 + triangle 3 + star 3")
    assert str(after.moves[-1]) == "play circle 3 + triangle 3 + star 3"


def test_an_announcement_under_informative_rules_is_recorded_without_it():
    state = _state(WEB, ["star 7", "circle 4"], ["circle 2"])
    after = state.apply("play circle 4, last card")
    assert str(after.moves[-1]) == "play circle 4"


DRAW_ONE = "you may draw one card instead of playing"
DRAW_PICK = "you do not answer the pick, so you draw all {} penalty cards"
ENDS = "Legal, and it ends the game: "
COUNTS = "and under these rules a draw that finds it empty ends the game with a count"


@pytest.mark.parametrize(
    ("exhausted", "pile", "market", "penalty", "sentence"),
    [
        ("flip", ["circle 11"], ["square 3"], 0, f"Legal: {DRAW_ONE}; it ends your turn."),
        (
            "flip",
            ["circle 11"],
            [],
            0,
            f"{ENDS}{DRAW_ONE}, but the market is empty and nothing is under the top card to "
            f"refill "
            "it, so the game ends with a count.",
        ),
        (
            "flip",
            ["circle 3", "circle 11"],
            [],
            0,
            f"Legal: {DRAW_ONE}: the market is empty, so the pile under the top card is turned "
            f"over "
            "into a new market first; it ends your turn.",
        ),
        (
            "reshuffle",
            ["circle 3", "circle 11"],
            [],
            0,
            f"Legal: {DRAW_ONE}: the market is empty, so the pile under the top card is shuffled "
            "into a new market first; it ends your turn.",
        ),
        (
            "flip",
            ["circle 4", "square 2"],
            ["square 3"],
            2,
            f"Legal: {DRAW_PICK.format(2)}: the market holds only 1 card, so the pile under the "
            f"top "
            "card is turned over into a new market when it runs out; it ends your turn.",
        ),
        (
            "reshuffle",
            ["circle 4", "circle 12", "square 2"],
            ["square 3"],
            4,
            f"{ENDS}{DRAW_PICK.format(4)}, but the market holds only 1 card and the pile under the "
            "top card adds only 2 cards, so you draw 3 cards and the game ends with a count.",
        ),
        (
            "flip",
            ["circle 4", "square 2"],
            [],
            2,
            f"{ENDS}{DRAW_PICK.format(2)}, but the market is empty and the pile under the top card "
            "adds only 1 card, so you draw 1 card and the game ends with a count.",
        ),
        (
            "reshuffle",
            ["square 2"],
            ["square 3"],
            2,
            f"{ENDS}{DRAW_PICK.format(2)}, but the market holds only 1 card and nothing is under "
            f"the "
            "top card to refill it, so you draw 1 card and the game ends with a count.",
        ),
        (
            "reshuffle",
            ["square 2"],
            ["square 3", "square 5", "star 2"],
            2,
            f"Legal: {DRAW_PICK.format(2)}; it ends your turn.",
        ),
        (
            "count",
            ["circle 3", "circle 11"],
            [],
            0,
            f"{ENDS}{DRAW_ONE}, but the market is empty, {COUNTS}.",
        ),
        (
            "count",
            ["circle 3", "circle 11"],
            ["square 3"],
            0,
            f"Legal: {DRAW_ONE}; it ends your turn.",
        ),
        (
            "count",
            ["circle 4", "square 2"],
            ["square 3"],
            2,
            f"{ENDS}{DRAW_PICK.format(2)}, but the market holds only 1 card, {COUNTS} (you draw 1 "
            "card first).",
        ),
        (
            "count_at_once",
            ["circle 11"],
            ["square 3"],
            0,
            f"{ENDS}{DRAW_ONE}; the market is then empty, and these rules count as soon as it is.",
        ),
        (
            "count_at_once",
            ["circle 11"],
            ["square 3", "square 5"],
            0,
            f"Legal: {DRAW_ONE}; it ends your turn.",
        ),
        (
            "count_at_once",
            ["circle 4", "square 2"],
            [],
            2,
            f"{ENDS}{DRAW_PICK.format(2)}, but the market is empty, {COUNTS}.",
        ),
    ],
)
def test_a_draw_from_a_short_market_says_what_it_will_do(
    exhausted, pile, market, penalty, sentence
):
    rules = STREET.replace(exhausted=exhausted)
    state = _state(rules, ["star 7", "circle 1"], pile, market=market, penalty=penalty)
    assert state.explain("draw") == sentence
    after = state.apply("draw")
    assert after.is_over is sentence.startswith(ENDS)
    drawn = len(after.hands[0]) - 2
    said = re.search(r"you draw (\d+) cards? (first|and the game)", sentence)
    if said:
        assert drawn == int(said.group(1))
    elif not after.is_over:
        assert drawn == (penalty or 1)


def test_a_several_card_play_written_in_another_order_keeps_its_announcement():
    rules = STREET.replace(multiple_cards=True)
    hand = ["circle 3", "triangle 3", "square 3", "star 3", "star 7", "circle 1"]
    state = _state(rules, hand, ["circle 11"])
    after = state.apply("play circle 3 + star 3 + triangle 3 + square 3, semi last card")
    assert str(after.moves[-1]) == (
        "play circle 3 + triangle 3 + star 3 + square 3, semi last card"
    )
    assert len(after.hands[0]) == 2  # said in time: no penalty cards


# A slip in this loop (`mask ^= low` written `&=`) never ends: the time limit fails the test at
# once rather than after the whole run's ten minutes.
@pytest.mark.timeout(10)
def test_the_codes_of_a_mask_come_out_in_card_order():
    from whot_core.whot.engine.legal import codes_of, hand_mask

    assert codes_of(0) == []
    assert codes_of(hand_mask([30, 3, 17, 3])) == [3, 17, 30]
    assert codes_of(1 << 49) == [49]


def test_several_cards_under_must_play_follow_the_last_cards_two_spellings_once():
    # Under `must_play` no draw closes the list: the last card's plays end it.
    rules = STREET.replace(must_play=True, multiple_cards=True)
    state = _state(rules, ["circle 3", "triangle 3", "cross 13"], ["circle 7"])
    assert [str(m) for m in state.legal_moves()] == [
        "play circle 3, semi last card",
        "play circle 3",
        "play circle 3 + triangle 3, last card",
        "play circle 3 + triangle 3",
    ]


MUST_FIT = (
    "Must play: you hold a card that fits ({}), so you must play one; you may draw only when "
    "nothing fits."
)


@pytest.mark.parametrize(
    ("rules", "hand", "pile", "more", "sentence"),
    [
        # After a Whot, the called shape fits.
        (MUST, ["star 3", "circle 7"], ["whot"], {"called": "star"}, MUST_FIT.format("star 3")),
        # A pick waits: only its number answers, not the top card's shape.
        (
            STREET.replace(must_play=True),
            ["circle 3", "square 13"],
            ["circle 2"],
            {"penalty": 2},
            "Legal: nothing you hold answers the pick, so you draw all 2 penalty cards; it ends "
            "your turn.",
        ),
        # Under cross defence any pick card that fits answers.
        (
            CROSS.replace(must_play=True),
            ["circle 5", "square 13"],
            ["circle 2"],
            {"penalty": 2},
            MUST_FIT.format("circle 5"),
        ),
        # A special card fits as well as a plain one while cards are left after it, even where
        # no one may go out on one.
        (
            MUST.replace(win_on_special=False),
            ["circle 2", "square 11"],
            ["circle 7"],
            {},
            MUST_FIT.format("circle 2"),
        ),
        # A last card that is plain may go out even when special cards may not.
        (
            MUST.replace(win_on_special=False),
            ["circle 3"],
            ["circle 7"],
            {},
            MUST_FIT.format("circle 3"),
        ),
    ],
)
def test_under_must_play_a_draw_is_refused_while_a_card_fits(rules, hand, pile, more, sentence):
    market = ["cross 7", "cross 10", "triangle 11"]
    assert _state(rules, hand, pile, market=market, **more).explain("draw") == sentence


def test_under_must_play_the_free_follow_up_of_hold_on_is_a_card_that_fits():
    rules = SEVENTIES.replace(must_play=True)
    hand = ["circle 1", "square 13", "cross 13"]
    state = _state(rules, hand, ["circle 7"], market=["cross 7"]).apply("play circle 1")
    assert state.current_player == 0
    assert state.explain("draw") == MUST_FIT.format("cross 13")


def test_a_whot_turned_up_to_start_lets_any_card_go_on_it():
    from whot_core import Card, new_game

    state = new_game(WEB.replace(start="turn_up_live"), players=2, seed=3)
    assert state.top == Card.parse("whot") and state.called is None  # the deal of seed 3
    assert state.explain("play cross 11") == (
        "Legal. Start card: the Whot turned up calls no shape, so any card may go on it."
    )
    assert state.is_legal("play cross 11")


def test_a_plain_last_card_is_a_legal_move_where_special_cards_may_not_go_out():
    """`moves_of_playable` with no card left after the play: only the special cards and Whots are
    taken out, so a plain last card that fits is listed, and then the draw."""
    state = _state(NO_SPECIAL_WIN, ["circle 3"], ["circle 11"])
    assert [str(m) for m in state.legal_moves()] == ["play circle 3", "draw"]
    special = _state(NO_SPECIAL_WIN, ["circle 2"], ["circle 11"])
    assert [str(m) for m in special.legal_moves()] == ["draw"]


def test_without_rules_a_pick_is_answered_only_with_its_number():
    """`target_mask` with no rules given (its default): a pick waiting is answered only by a card
    of the pick's number, as under rules with neither cross defence nor a Whot to cancel it."""
    from whot_core import Card
    from whot_core.whot.engine.cards import CARDS
    from whot_core.whot.engine.legal import codes_of, target_mask

    top = Card.parse("circle 2").code
    answers = [str(CARDS[c]) for c in codes_of(target_mask(top, None, False, 2))]
    assert answers == ["circle 2", "triangle 2", "cross 2", "square 2", "star 2"]
    assert target_mask(top, None, False, 2) == target_mask(top, None, False, 2, STREET)
