"""Each of the heuristic's scoring terms decides a move on its own, at tables of 2, 3 and 4.

Every position is built so that one term tips the choice: the move, the rule of thumb the details
name and the reason's words are checked, and where the term has a weight of its own
(`players.heuristic`'s constants) the weight is set to nothing to show that the move then changes.
The seats after the next one hold cards that play no part (`FILLER`), so that a slip between "the
next seat" and "the previous seat" shows: with two players they are the same seat, with three or
four they are not.
"""

from __future__ import annotations

import pytest

from whot_core import GameState, Move, Rules, Shape
from whot_core.whot.players import HeuristicPlayer, remembered_lacks
from whot_core.whot.players import heuristic as heuristic_module

NIGERIAN = Rules.preset("nigerian")
TABLES = (2, 3, 4)
#: The next seat's hand when its size does not matter: more than a low hand (two cards).
NEXT = ["square 3", "square 7", "square 14"]
#: The hands of the seats after the next one, which play no part.
FILLER = (["triangle 10", "triangle 12", "triangle 13"], ["square 10", "square 13", "cross 13"])


def table(players: int, mine, nxt=NEXT, *, rules=NIGERIAN, pile=("circle 11",), **kwargs):
    """Seat 0 to play `mine` at a table of `players`, the next seat holding `nxt`."""
    hands = [mine, nxt, *FILLER][:players]
    return GameState.from_position(rules, hands=hands, pile=list(pile), **kwargs)


def decide(state: GameState):
    return HeuristicPlayer().choose(state.view(state.current_player))


def played(decision) -> str:
    return str(decision.move)


#: Terms with a weight of their own: (term, my hand, the move, the reason after "Heuristic — ",
#: the weight, and the move once that weight is set to nothing). The next seat holds `NEXT`
#: unless the term is about it.
WEIGHED = [
    (
        "keep_whot",
        ["circle 7", "whot", "star 3"],
        "play circle 7",
        "keep the Whot: circle 7 matches, so the Whot stays in hand for later.",
        "KEEP_WHOT",
        "play whot call circle",
    ),
    (
        "whot_last",
        ["whot", "star 3", "star 7", "cross 10"],
        "play whot call star",
        "play the Whot only when nothing else fits: nothing else matches circle 11, so I play it "
        "and call star, the shape I hold most (2 cards).",
        "CALL_HELD",
        "play whot call circle",  # the first shape
    ),
    (  # circle 7 keeps three followers (circle 2, star 7, triangle 7), circle 2 only one:
        # only the next seat's single card makes circle 2 worth more.
        "punish",
        ["circle 2", "circle 7", "star 7", "triangle 7"],
        "play circle 2",
        "use pick and suspension cards when the next player is low: Seat 1 has only 1 card, so "
        "circle 2 makes them pick two.",
        "PUNISH",
        "play circle 7",
    ),
    (
        "hold_on",
        ["circle 1", "circle 4", "triangle 11", "star 4"],
        "play circle 1",
        "play hold on only with a follow-up: circle 1 lets me play again, and I hold a card to "
        "follow it.",
        "HOLD_ON_FOLLOW",
        "play circle 4",
    ),
    (  # circle 3 and circle 13 each keep the other as a follower: only the count differs.
        "high_numbers",
        ["circle 3", "circle 13", "star 5"],
        "play circle 13",
        "shed the higher count: circle 13 and circle 3 are alike by every other rule of thumb, "
        "and if the game ends in a count, circle 13 would count 13 and circle 3 only 3.",
        "POINTS_WEIGHT",
        "play circle 3",  # a tie: the first listed
    ),
    (
        "follow",
        ["circle 7", "circle 4", "star 4"],
        "play circle 4",
        "keep a follow-up: after circle 4 I still hold 2 cards that can follow it.",
        "FOLLOW",
        "play circle 7",
    ),
    (
        "play",
        ["circle 7", "star 4"],
        "play circle 7",
        "play rather than draw: circle 7 fits, and playing beats going to market.",
        "PLAY",
        "draw",
    ),
]


@pytest.mark.parametrize("players", TABLES)
@pytest.mark.parametrize(
    ("term", "mine", "move", "reason", "weight", "without"), WEIGHED, ids=[c[0] for c in WEIGHED]
)
def test_a_weighed_term_alone_decides(
    players, term, mine, move, reason, weight, without, monkeypatch
):
    state = table(players, mine, ["square 3"] if term == "punish" else NEXT)
    decision = decide(state)
    assert played(decision) == move
    assert decision.details["rule"] == term
    assert decision.reason == "Heuristic — " + reason
    # (a play worth nothing still sheds its points: `play` must go below a draw's nought)
    monkeypatch.setattr(heuristic_module, weight, -1.0 if term == "play" else 0.0)
    assert played(decide(state)) == without


@pytest.mark.parametrize("players", TABLES)
class TestEachTermDecides:
    def test_check_up_plays_the_last_card(self, players):
        decision = decide(table(players, ["circle 7"]))
        assert played(decision) == "play circle 7"
        assert decision.details["rule"] == "check_up"
        assert decision.reason == (
            "Heuristic — check up: circle 7 is my last card, so playing it wins."
        )

    def test_defend_passes_the_pick_on(self, players):
        state = table(
            players,
            ["triangle 2", "star 7", "circle 4"],
            rules=Rules.preset("nigerian_street"),
            pile=("circle 2",),
            penalty=2,
        )
        decision = decide(state)
        assert decision.move.card is not None and str(decision.move.card) == "triangle 2"
        assert decision.details["rule"] == "defend"
        assert decision.reason == (
            "Heuristic — defend the pick: another 2 passes the pick on to Seat 1, who now faces "
            "4 cards."
        )

    def test_take_the_pick_when_nothing_answers_it(self, players):
        state = table(
            players,
            ["star 7", "circle 4"],
            rules=Rules.preset("nigerian_street"),
            pile=("circle 2",),
            penalty=2,
        )
        decision = decide(state)
        assert decision.move == Move.draw()
        assert decision.details["rule"] == "take_pick"
        assert decision.reason == (
            "Heuristic — take the pick: nothing answers it, so I draw the 2 cards."
        )

    def test_market_when_nothing_fits(self, players):
        decision = decide(table(players, ["star 7", "cross 5"]))
        assert decision.move == Move.draw()
        assert decision.details["rule"] == "market"
        assert decision.reason == (
            "Heuristic — go to market: nothing in my hand matches circle 11."
        )

    def test_a_whot_is_a_follow_up_for_hold_on(self, players):
        # Nothing plain follows circle 1, but the Whot does: hold on, then the Whot or market.
        decision = decide(table(players, ["circle 1", "whot", "triangle 11"]))
        assert played(decision) == "play circle 1"
        assert decision.details["rule"] == "hold_on"
        assert "lets me play again" in decision.reason

    def test_effect_general_market_costs_the_others(self, players):
        decision = decide(table(players, ["circle 14", "circle 7"]))
        assert played(decision) == "play circle 14"
        assert decision.details["rule"] == "effect"
        assert decision.reason == (
            "Heuristic — make them pay: circle 14 is general market, which costs the others."
        )
        rows = {row["move"]: row["terms"] for row in decision.details["moves"]}
        assert rows["play circle 14"]["effect"] == players - 1  # a card for each other player

    def test_several_cards_of_one_number_at_once(self, players):
        rules = NIGERIAN.replace(multiple_cards=True)
        state = table(players, ["circle 7", "star 7", "star 4"], rules=rules)
        decision = decide(state)
        assert played(decision) == "play circle 7 + star 7"
        assert decision.reason == (
            "Heuristic — put down 2 7s at once (circle 7 + star 7): more cards gone in one turn."
        )
        rows = {row["move"]: row["terms"] for row in decision.details["moves"]}
        assert rows["play circle 7 + star 7"]["several"] == 3.0  # one card less to hold
        assert "several" not in rows["play circle 7"]


# ------------------------------------------------------------- the next seat, not the previous


@pytest.mark.parametrize("players", (3, 4))
def test_a_low_previous_seat_is_not_punished(players):
    """The same hand as `test_punish_a_low_next_seat`, but the low seat plays before me."""
    hands = [["circle 2", "circle 7", "star 7", "triangle 7"], NEXT, *FILLER][:players]
    hands[-1] = ["square 13"]
    state = GameState.from_position(NIGERIAN, hands=hands, pile=["circle 11"])
    decision = decide(state)
    assert played(decision) == "play circle 7"
    assert decision.details["rule"] == "follow"


@pytest.mark.parametrize("players", (2, 3, 4))
def test_a_suspension_without_a_follow_up_is_worth_it_only_when_it_skips_someone_else(players):
    """With two players a suspension means playing again, worth it only with a follow-up; at a
    bigger table it makes the next player miss a turn."""
    decision = decide(table(players, ["circle 8", "triangle 11"]))
    if players == 2:
        assert played(decision) == "play triangle 11"
    else:
        assert played(decision) == "play circle 8"
        assert decision.reason == (
            "Heuristic — make them pay: circle 8 is suspension, which costs the others."
        )


def remembering(players: int) -> GameState:
    """The previous seat goes to market on circle 7 (it lacks circles and 7s); I play square 7;
    the next seat goes to market on it (it lacks squares and 7s); the others play squares up to
    square 13. Then I choose between square 11 (a square: the next seat lacks them) and circle
    13 (a circle: only the previous seat lacks them; it counts more)."""
    prev = players - 1
    squares = {3: [["square 13", "triangle 10"]], 4: [["square 3", "triangle 10"], ["square 13"]]}
    hands = [
        ["square 7", "square 11", "circle 13", "triangle 4"],
        ["triangle 12", "triangle 13", "star 4"],
        *squares[players],
    ]
    market = ["cross 1", "cross 2", "cross 3"]
    state = GameState.from_position(
        NIGERIAN, hands=hands, pile=["circle 7"], market=market, to_play=prev
    )
    state = state.apply("draw").apply("play square 7").apply("draw")
    state = state.apply("play square 13" if players == 3 else "play square 3")
    if players == 4:
        state = state.apply("play square 13")
    assert state.current_player == 0
    return state


@pytest.mark.parametrize("players", (3, 4))
class TestMemoryOfTheNextSeat:
    def test_each_seat_is_remembered_for_what_it_could_not_follow(self, players):
        lacks = remembered_lacks(remembering(players).view(0))
        assert lacks[1] == (frozenset({Shape.SQUARE}), frozenset({7}))
        assert lacks[players - 1] == (frozenset({Shape.CIRCLE}), frozenset({7}))
        assert lacks[0] == (frozenset(), frozenset())
        if players == 4:
            assert lacks[2] == (frozenset(), frozenset())

    def test_the_heuristic_plays_what_the_next_seat_lacks(self, players):
        decision = decide(remembering(players))
        assert played(decision) == "play square 11"
        assert decision.details["rule"] == "they_lack"
        assert decision.reason == (
            "Heuristic — remember what they could not follow: Seat 1 went to market rather than "
            "follow squares before, so square 11 may stop them."
        )
