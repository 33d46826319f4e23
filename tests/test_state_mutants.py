"""The game state (`engine/state.py`) where the other tests looked only at part of the answer: the
whole sentence of every refused position, refusals of the wrong kind of argument, and the turn,
hands and log after moves. Written for the mutants of
`make mutation MODULE=whot_core/whot/engine/state.py` (docs/testing.md)."""

from __future__ import annotations

import random
import re

import pytest

from whot_core import Card, GameState, Rules, new_game
from whot_core.whot.engine import state as state_module
from whot_core.whot.engine.events import Announced, Drew, GameOver, Reshuffled
from whot_core.whot.engine.moves import Announcement

BRITISH = Rules.preset("british")
WEB = Rules.preset("nigerian")
STREET = Rules.preset("nigerian_street")
CROSS = STREET.replace(cross_defence=True)
NO_WHOT = BRITISH.replace(whot_cards=0)
SEVENTIES = Rules.preset("nigerian_1970s")

BASE = {"hands": [["circle 5"], ["star 7"]], "pile": ["circle 11"]}


def cards_of(*texts: str) -> tuple[Card, ...]:
    return tuple(Card.parse(text) for text in texts)


def _position(rules: Rules = WEB, **overrides) -> GameState:
    return GameState.from_position(rules, **{**BASE, **overrides})


@pytest.mark.parametrize(
    ("rules", "overrides", "message"),
    [
        (WEB, {"hands": [["circle 5"]]}, "hands: these rules allow 2 to 4 players, not 1"),
        (
            WEB,
            {"hands": [["circle 5"], ["star 7"], ["star 1"], ["star 2"], ["star 3"]]},
            "hands: these rules allow 2 to 4 players, not 5",
        ),
        (
            WEB,
            {"hands": [["circle 5"], []]},
            "hands[1] is empty: a player with no cards has already won",
        ),
        (
            NO_WHOT,
            {"hands": [["circle 5"], ["whot"]]},
            "whot: these rules have no Whot card (whot_cards = 0, the Whot switched off), so no "
            "hand, pile or market may hold one",
        ),
        (
            WEB,
            {"hands": [["circle 5"], ["circle 5"]]},
            "circle 5 appears 2 times but one pack holds 1 (whot_cards = 5, packs = 1)",
        ),
        (
            WEB.replace(packs=2),
            {"hands": [["circle 5", "circle 5"], ["circle 5"]]},
            "circle 5 appears 3 times but 2 packs hold 2 (whot_cards = 5, packs = 2)",
        ),
        (WEB, {"to_play": 2}, "to_play must be a seat from 0 to 1, not 2"),
        (WEB, {"to_play": -1}, "to_play must be a seat from 0 to 1, not -1"),
        (WEB, {"to_play": True}, "to_play must be a seat from 0 to 1, not True"),
        (
            WEB,
            {"pile": ["whot"], "called": "whot"},
            "called must be one of the five shapes, not whot",
        ),
        (
            WEB,
            {"called": "star"},
            "called: a call needs a Whot on top of the pile, not circle 11",
        ),
        (
            WEB,
            {"pile": [], "called": "star"},
            "called: a call needs a Whot on top of the pile, not None",
        ),
        (WEB, {"pile": ["whot"]}, "called: a Whot on top of the pile needs a called shape"),
        (STREET, {"penalty": -2}, "penalty must be a whole number of cards, not -2"),
        (STREET, {"penalty": True}, "penalty must be a whole number of cards, not True"),
        (
            WEB,
            {"penalty": 2, "pile": ["circle 2"]},
            "penalty: a pick only waits for an answer under defence",
        ),
        (STREET, {"penalty": 2}, "penalty: the top card (circle 11) is not a pick card"),
        (STREET, {"penalty": 2, "pile": []}, "penalty: the top card (None) is not a pick card"),
        (
            STREET,
            {"penalty": 3, "pile": ["circle 2"]},
            "penalty: a pick of 2s grows by 2, so not 3",
        ),
        (
            STREET,
            {"penalty": 4, "pile": ["square 5"]},
            "penalty: a pick of 5s grows by 3, so not 4",
        ),
        (
            CROSS,
            {"penalty": 3, "pile": ["circle 2"]},
            "penalty: the circle 2 on top makes 2, and twos and threes below it cannot make 3",
        ),
        (
            CROSS,
            {"penalty": 2, "pile": ["square 5"]},
            "penalty: the square 5 on top makes 3, and twos and threes below it cannot make 2",
        ),
        (
            CROSS,
            {"penalty": 4, "pile": ["square 5"]},
            "penalty: the square 5 on top makes 3, and twos and threes below it cannot make 4",
        ),
    ],
)
def test_an_impossible_position_is_refused_in_a_whole_sentence(rules, overrides, message):
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        _position(rules, **overrides)


@pytest.mark.parametrize(
    ("rules", "overrides"),
    [
        (CROSS, {"penalty": 5, "pile": ["square 5"]}),  # the 5's three and a two
        (CROSS, {"penalty": 6, "pile": ["square 5"]}),  # two 5s
        (CROSS, {"penalty": 2, "pile": ["circle 2"]}),
        (STREET, {"penalty": 4, "pile": ["circle 2"]}),
        (STREET, {"penalty": 3, "pile": ["square 5"]}),
    ],
)
def test_a_pick_the_cards_can_make_is_a_position(rules, overrides):
    state = _position(rules, **overrides)
    assert state.penalty == overrides["penalty"]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: GameState.from_position("nigerian", **BASE),
            "rules must be a Rules object, not str",
        ),
        (
            lambda: GameState.from_position(WEB, hands="circle 5"),
            "hands must be a list of hands, each a list of cards",
        ),
        (lambda: _position(pile="circle 11"), "pile must be a list of cards, not str"),
        (lambda: _position(market=5), "market must be a list of cards, not int"),
        (
            lambda: _position(hands=[["circle 5"], "star 7"]),
            "hands[1] must be a list of cards, not str",
        ),
        (lambda: WEB and _position().apply(5), "a move must be a Move or move text, not int"),
    ],
)
def test_the_wrong_kind_of_argument_is_named_in_a_whole_sentence(call, message):
    with pytest.raises(TypeError, match=f"^{re.escape(message)}$"):
        call()


def test_a_card_that_is_not_one_names_where_it_was():
    with pytest.raises(ValueError, match=r"^pile: ") as error:
        _position(pile=["hexagon 3"])
    assert "hexagon" in str(error.value)


@pytest.mark.parametrize("dealer", [2, -1, True, "0"])
def test_a_dealer_who_is_no_seat_is_refused(dealer):
    with pytest.raises(
        ValueError, match=f"^dealer must be a seat from 0 to 1, not {re.escape(repr(dealer))}$"
    ):
        new_game(WEB, players=2, seed=1, dealer=dealer)


def test_a_finished_game_says_so_for_any_move():
    over = _position().apply("play circle 5")
    assert over.is_over
    assert over.explain("draw") == "The game is over: no more moves."
    assert not over.is_legal("draw")
    assert over.legal_moves() == ()
    assert over.playable_cards() == ()


def _reshuffled(seed: int) -> tuple:
    """A position whose market is empty, so the first draw reshuffles the pile under the top."""
    pile = ["circle 1", "circle 2", "circle 3", "circle 4", "circle 5", "circle 7", "circle 8"]
    state = GameState.from_position(
        STREET,
        hands=[["star 7", "star 3"], ["star 1"]],
        pile=[*pile, "circle 10"],
        market=[],
        seed=seed,
    )
    return state.apply("draw").market


def test_the_seed_of_a_position_decides_its_reshuffles():
    assert _reshuffled(1) == _reshuffled(1)
    assert len({_reshuffled(seed) for seed in range(6)}) > 1


def test_a_position_without_a_seed_is_the_seed_0_position():
    hands = [["circle 5"], ["star 7"]]
    assert (
        GameState.from_position(WEB, hands).market
        == GameState.from_position(WEB, hands, seed=0).market
    )


def test_a_state_says_in_one_line_where_the_game_stands():
    hands = [["circle 5", "star 7", "whot"], ["star 1"]]
    market = ["square 3", "star 2"]
    state = GameState.from_position(WEB, hands, pile=["circle 11"], market=market)
    assert repr(state) == (
        "<GameState 2 players, top circle 11, market 2, hands [3, 1], seat 0 to play>"
    )
    called = GameState.from_position(WEB, hands, pile=["whot"], called="star", market=market)
    assert repr(called) == (
        "<GameState 2 players, top whot call star, market 2, hands [3, 1], seat 0 to play>"
    )
    over = _position().apply("play circle 5")
    assert repr(over) == (
        "<GameState 2 players, top circle 5, market 51, hands [0, 1], over (check_up), winners [0]>"
    )


def test_the_cards_that_fit_are_listed_once_in_card_order():
    state = GameState.from_position(
        WEB.replace(packs=2),
        [["whot", "star 7", "circle 5", "circle 5", "square 11"], ["star 1"]],
        pile=["circle 11"],
    )
    assert [str(card) for card in state.playable_cards()] == ["circle 5", "square 11", "whot"]


def test_a_notebook_draws_the_table_as_a_picture():
    html = _position()._repr_html_()
    assert html.startswith('<img src="data:image/svg+xml;base64,')


def test_a_pickle_made_before_states_kept_their_legal_moves_still_plays():
    state = GameState.from_position(WEB, [["circle 5", "star 7"], ["star 1"]], pile=["circle 11"])
    older = state.__getstate__()
    del older["_legal"]  # as pickles written before states kept their legal moves
    restored = object.__new__(GameState)
    restored.__setstate__(older)
    assert restored.legal_moves() == state.legal_moves()
    assert restored.apply("play circle 5").hands == state.apply("play circle 5").hands


# ------------------------------------------------------ several cards at once (`multiple_cards`)

SEVERAL_FLIP = WEB.replace(multiple_cards=True, exhausted="flip")


def test_several_plain_cards_pass_the_turn_and_leave_the_hand_and_what_all_knew():
    state = GameState.from_position(
        SEVERAL_FLIP,
        hands=[
            ["triangle 3", "circle 12", "star 7", "cross 13"],
            ["circle 7", "square 10", "star 4"],
            ["triangle 7", "cross 10", "square 13"],
        ],
        pile=["circle 3", "square 5", "circle 11"],
        market=[],
    )
    # Seat 0 draws the pile turned over: the circle 3, which everyone saw played.
    drew = state.apply("draw")
    assert drew.view(1).known_cards == (cards_of("circle 3"), (), ())
    before = drew.apply("play circle 7").apply("play triangle 7")
    after = before.apply("play triangle 3 + circle 3")
    assert after.current_player == 1
    assert after.top == Card.parse("circle 3") and after.called is None
    assert after.hands[0] == cards_of("circle 12", "star 7", "cross 13")
    assert after.view(2).known_cards == ((), (), ())
    # Nothing fits the circle 3 in seat 1's hand: the turn after several cards is not free.
    assert [str(m) for m in after.legal_moves()] == ["draw"]
    again = after.apply("draw").apply("draw")
    assert again.current_player == 0
    # The cards put down are gone from the hand's cards that may be played.
    assert [str(m) for m in again.legal_moves()] == ["play circle 12", "draw"]


def test_several_cards_that_leave_one_are_announced_by_their_player():
    state = GameState.from_position(
        WEB.replace(multiple_cards=True),
        hands=[["circle 3", "triangle 3", "star 7"], ["square 10", "star 4"]],
        pile=["circle 11"],
        market=["cross 7", "cross 10"],
    )
    after = state.apply("play circle 3 + triangle 3")
    assert Announced(0, Announcement.LAST_CARD) in after.events
    assert after.current_player == 1


def test_several_cards_without_semi_last_card_draw_two_penalty_cards():
    state = GameState.from_position(
        STREET.replace(multiple_cards=True),
        hands=[["circle 3", "triangle 3", "star 7", "cross 13"], ["square 10", "star 4"]],
        pile=["circle 11"],
        market=["cross 7", "cross 10", "square 11"],
    )
    after = state.apply("play circle 3 + triangle 3")
    assert after.hands[0] == cards_of("star 7", "cross 13", "cross 7", "cross 10")
    assert [e.count for e in after.events if isinstance(e, Drew)] == [2]


def test_the_1970s_4s_that_go_out_on_a_dry_market_end_the_game_once_as_a_check_up():
    state = GameState.from_position(
        SEVENTIES.replace(multiple_cards=True, exhausted="count"),
        hands=[["circle 4", "triangle 4"], ["square 10", "star 7"], ["cross 10"]],
        pile=["circle 11"],
        market=["cross 7", "cross 11", "square 11"],
    )
    after = state.apply("play circle 4 + triangle 4")
    over = [e for e in after.events if isinstance(e, GameOver)]
    assert len(over) == 1 and over[0].reason == "check_up" and after.winners == (0,)


def test_one_seats_hand_as_cards_and_as_codes():
    state = _position(hands=[["circle 5", "star 7"], ["square 13", "whot"]])
    assert state.hand(1) == cards_of("square 13", "whot") == state.hands[1]
    assert state.hand_codes(1) == tuple(card.code for card in cards_of("square 13", "whot"))


def test_a_new_game_by_default_seats_two_and_deals_seed_0():
    default = new_game(WEB)
    assert default.players == 2
    assert default.hands == new_game(WEB, players=2, seed=0).hands
    assert default.hands != new_game(WEB, players=2, seed=1).hands


def test_the_written_out_clone_copies_every_field_and_shares_no_list():
    """`_clone_function` runs once at import to make `GameState.clone`; called again here, so a
    slip in the function it writes shows: every field copied, the lists and each hand new."""
    clone = state_module._clone_function(state_module._FIELDS)
    assert clone.__doc__ == "A copy that shares nothing mutable: cheap, for search."
    game = new_game(WEB, 3, seed=4).apply("draw")
    copied = clone(game)
    assert type(copied) is GameState
    for name, how in state_module._FIELDS.items():
        assert getattr(copied, name) == getattr(game, name), name
        assert (getattr(copied, name) is getattr(game, name)) is (how == state_module.SHARED), name
    assert all(a is not b for a, b in zip(copied._hands, game._hands, strict=True))


def test_a_dealt_game_reshuffles_the_pile_by_its_own_seed():
    """The deal draws the seed of its reshuffles from its own generator (after the cut and the
    shuffle), so each deal reshuffles its own way: seed 2 under british_modern, playing a card
    whenever one fits, first reshuffles 41 cards with these on top."""
    state = new_game(Rules.preset("british_modern"), 2, seed=2)
    while not any(type(e).__name__ == "Reshuffled" for e in state.events):
        moves = state.legal_moves()
        pile = len(state.pile) - 1
        state = state.apply(next((m for m in moves if not m.is_draw), moves[0]))
    assert pile == 41
    assert state.market[-3:] == cards_of("star 5", "cross 5", "triangle 10")


def test_each_reshuffle_of_a_game_has_its_own_order():
    """The reshuffles are counted, and each takes its order from the seed and its number: the
    first three of this game (each seat plays while it holds two cards or more, else draws).
    No card of a reshuffled market is seen by everyone."""
    hands = [["circle 1", "circle 3", "circle 4"], ["triangle 1", "triangle 3", "triangle 4"]]
    pile = ["cross 3", "cross 5", "cross 7", "circle 10"]
    state = GameState.from_position(
        Rules.preset("british_modern"), hands=hands, pile=pile, market=[], seed=5
    )
    markets = []
    while len(markets) < 3:
        moves, hand, before = state.legal_moves(), state.hands[state.current_player], state.events
        state = state.apply(next((m for m in moves if not m.is_draw and len(hand) > 1), moves[-1]))
        if any(isinstance(e, Reshuffled) for e in state.events[len(before) :]):
            markets.append(" ".join(map(str, state.market)))
            assert state.view(0).market_bottom == ()  # nobody has seen a reshuffled card
    assert markets == [
        "circle 1 cross 5 cross 7 circle 10",
        "circle 3 triangle 3 circle 4",
        "triangle 4 circle 3 circle 10 triangle 1 triangle 3",
    ]


def test_a_1970s_4_that_goes_out_alone_on_a_dry_market_ends_the_game_once_as_a_check_up():
    """The check up comes first: everyone picks two, the market runs dry on the way, and the
    game is not then counted as well."""
    state = GameState.from_position(
        SEVENTIES.replace(exhausted="count"),
        hands=[["circle 4"], ["square 10", "star 7"], ["cross 10"]],
        pile=["circle 11"],
        market=["cross 7", "cross 11", "square 11"],
    )
    after = state.apply("play circle 4")
    assert after.hands[2] == cards_of("cross 10", "square 11")
    over = [e for e in after.events if isinstance(e, GameOver)]
    assert len(over) == 1 and over[0].reason == "check_up" and after.winners == (0,)


def _to_a_long_pick(seed: int = 10, players: int = 3):
    """A dealt naija_tournament game (defence: picks grow), played by a fixed simple policy
    (a draw when allowed, six times in ten, else a card at random) up to the first move that
    draws the whole market down to cards everyone saw go under at the deal, with hidden cards
    above them: the position and that move."""
    rng = random.Random(seed)
    state = new_game(Rules.preset("naija_tournament"), players, seed)
    while not state.is_over:
        moves = state.legal_moves()
        draws = [m for m in moves if m.card is None]
        plays = [m for m in moves if m.card is not None]
        move = draws[0] if draws and (not plays or rng.random() < 0.6) else rng.choice(plays)
        seen = len(state.view(0).market_bottom)
        if move.card is None and seen and 0 < state.market_size - seen < state.penalty:
            return state, move
        state = state.apply(move)
    raise AssertionError("no such draw in this game")


def test_a_pick_that_empties_the_market_makes_known_only_the_cards_everyone_saw():
    """The cards drawn from above those everyone saw go under stay the drawer's secret; the
    ones everyone saw become known in the drawer's hand (`_draw_carefully`: a card just above
    the seen ones is not one of them)."""
    state, move = _to_a_long_pick()
    drawer = state.current_player
    seen = state.view(0).market_bottom
    hidden = state.market[: state.market_size - len(seen)]
    after = state.apply(move)
    other = (drawer + 1) % state.players
    known = after.view(other).known_cards[drawer]
    assert set(seen) <= set(known)
    assert not set(hidden) & (set(known) - set(state.view(other).known_cards[drawer]))
