"""The heuristic's terms where the mutation run found no test (docs/testing.md, heuristic.py):
what an answer to a pick is worth under each defence rule, and what each further card of one
number adds when several go down at once (`multiple_cards`), at tables of 2, 3 and 4. The terms
are read from the decision's details, which the Watch page's "why" table shows a learner.

Then the second run's survivors: a count near when the market runs dry, hold on under its rules
(a free follow-up, a hold on that skips), several cards put down in either order, the draw's row
whether it is the only move or not, a Whot called on a shape the next seat could not follow,
`must_play` (moves that are plays only), and the playout policy at a margin of under a point.
"""

from __future__ import annotations

import random

import pytest

from whot_core import GameState, Rules
from whot_core.whot.engine.rules import Specials
from whot_core.whot.players import HeuristicPlayer, candidate_moves, playout_move
from whot_core.whot.players import heuristic as heuristic_module

STREET = Rules.preset("nigerian_street")  # defence on: a 2 answers a 2
NIGERIAN = Rules.preset("nigerian")
#: Nigerian with several cards at once, and 13 made "everyone picks two" (no preset has it
#: on a number a hand can double: it is how the last branch of an effect's value is reached).
SEVERAL = NIGERIAN.replace(
    multiple_cards=True,
    specials=Specials({**dict(NIGERIAN.specials), 13: "everyone_picks_two"}),
)
OTHERS = (["square 3", "square 7", "square 5"], ["triangle 10", "triangle 12", "triangle 11"],
          ["square 10", "square 11", "triangle 3"])  # fmt: skip


def rows(decision) -> dict[str, dict[str, float]]:
    return {row["move"]: row["terms"] for row in decision.details["moves"]}


def decide(rules: Rules, mine: list[str], players: int = 2, **position):
    hands = [mine, *OTHERS][:players]
    state = GameState.from_position(rules, hands=hands, **position)
    return HeuristicPlayer().choose(state.view(0))


class TestAnsweringAPick:
    HAND = ("star 2", "whot", "cross 7", "square 10")

    def facing_two(self, **rules):
        return decide(STREET.replace(**rules), list(self.HAND), pile=["circle 2"], penalty=2)

    def test_plain_defence_every_answer_alike(self):
        decision = self.facing_two()
        assert rows(decision)["play star 2"] == {"defend": heuristic_module.DEFEND}
        assert decision.details["rule"] == "defend"

    def test_cross_defence_a_pick_card_worth_its_size(self):
        decision = self.facing_two(cross_defence=True)
        assert rows(decision)["play star 2"] == {"defend": heuristic_module.DEFEND, "effect": 2.0}

    def test_a_whot_that_cancels_the_pick_is_kept_when_a_pick_card_answers(self):
        decision = self.facing_two(cross_defence=True, whot_cancels_pick=True)
        whot = {"defend": heuristic_module.DEFEND, "keep_whot": heuristic_module.KEEP_WHOT}
        assert rows(decision)["play whot call circle"] == whot
        assert str(decision.move) == "play star 2"
        assert decision.details["rule"] == "keep_whot"
        assert decision.reason == (
            "Heuristic — keep the Whot: star 2 matches, so the Whot stays in hand for later."
        )


@pytest.mark.parametrize("players", (2, 3, 4))
@pytest.mark.parametrize(
    ("number", "other", "added"),
    [
        ("2", "star", lambda players: 2.0),  # pick two: two more cards
        ("5", "star", lambda players: 3.0),  # pick three
        ("8", "star", lambda players: 1.0),  # suspension: one more turn missed
        ("14", "cross", lambda players: players - 1.0),  # general market: a card each
        ("13", "cross", lambda players: 2.0 * (players - 1)),  # everyone picks two
    ],
)
def test_each_further_card_adds_its_effect_again(players, number, other, added):
    mine = [f"circle {number}", f"{other} {number}", "star 4"]
    terms = rows(decide(SEVERAL, mine, players, pile=["circle 11"]))
    one, both = terms[f"play circle {number}"], terms[f"play circle {number} + {other} {number}"]
    assert both["effect"] - one["effect"] == added(players)


# ------------------------------------------------- the second run's survivors (docs/testing.md)

#: Market cards that no hand or pile below holds.
MARKET_OF = ("cross 1", "cross 2", "cross 3", "cross 5", "cross 7", "cross 10", "cross 13",
             "cross 14", "square 1", "square 2")  # fmt: skip


def market_of(size: int) -> list[str]:
    return list(MARKET_OF[:size])


class TestAHighCountWhenTheMarketRunsDry:
    """Under `exhausted = count` a nearly empty market (fewer than 10 cards, docs/rules.md) may
    end the game in a count: circle 13 is then shed before circle 4, which keeps more follow-ups
    (circle 13 and star 4) but counts little."""

    HAND = ("circle 4", "star 4", "circle 13")

    def choice(self, exhausted: str, market: int) -> str:
        rules = NIGERIAN.replace(exhausted=exhausted)
        state = GameState.from_position(
            rules, hands=[list(self.HAND), OTHERS[0]], pile=["circle 11"], market=market_of(market)
        )
        assert state.market_size == market
        return str(HeuristicPlayer().choose(state.view(0)).move)

    def test_a_near_count_sheds_the_high_card(self):
        assert self.choice("count", 9) == "play circle 13"

    def test_ten_cards_left_are_not_near(self):
        assert self.choice("count", 10) == "play circle 4"

    def test_no_count_no_hurry(self):
        assert self.choice("reshuffle", 9) == "play circle 4"


class TestHoldOnUnderItsRules:
    def test_a_free_follow_up_makes_any_card_a_follow_up(self):
        """circle 1 has no follower of its own (no other circle, no other 1); under
        `hold_on_free_follow` any card may follow it, so hold on is worth playing."""
        hand = ["circle 1", "triangle 11", "star 4"]
        free = decide(NIGERIAN.replace(hold_on_free_follow=True), hand, pile=["circle 11"])
        plain = decide(NIGERIAN, hand, pile=["circle 11"])
        assert str(free.move) == "play circle 1"
        assert rows(free)["play circle 1"]["hold_on"] > 0
        assert str(plain.move) == "play triangle 11"

    @pytest.mark.parametrize(("hold_on", "played"), [("play_again", "7"), ("skip_next", "1")])
    def test_a_hold_on_that_skips_punishes_a_low_next_hand(self, hold_on, played):
        """The next seat has one card: a hold on that makes it miss a turn is a suspension, and
        is played on it; one that only lets me play again is not (circle 7 keeps three
        follow-ups)."""
        hand = ["circle 1", "circle 7", "star 7", "triangle 7"]
        hands = [hand, ["square 3"], list(OTHERS[1])]
        state = GameState.from_position(
            NIGERIAN.replace(hold_on=hold_on), hands=hands, pile=["circle 11"]
        )
        decision = HeuristicPlayer().choose(state.view(0))
        assert str(decision.move) == f"play circle {played}"


class TestSeveralCardsAtOnce:
    MULTIPLE = NIGERIAN.replace(multiple_cards=True)

    def test_the_order_of_the_cards_changes_nothing_when_stars_count_double(self):
        """circle 7 + star 7 and star 7 + circle 7 put down the same cards, which count the
        same in a count (the star double) whichever goes first."""
        rules = self.MULTIPLE.replace(star_double=True)
        decision = decide(rules, ["circle 7", "star 7", "triangle 4"], pile=["triangle 7"])
        scores = {row["move"]: row["score"] for row in decision.details["moves"]}
        assert scores["play circle 7 + star 7"] == pytest.approx(scores["play star 7 + circle 7"])
        assert decision.reason.endswith("the same cards in another order score just the same.")

    def test_plain_cards_add_no_effect(self):
        terms = rows(decide(self.MULTIPLE, ["circle 7", "star 7", "star 4"], pile=["circle 11"]))
        assert "effect" not in terms["play circle 7 + star 7"]

    def test_a_second_hold_on_adds_no_effect(self):
        """Hold on happens once however many 1s go down: the second adds a card less to hold
        and its points, no effect."""
        decision = decide(self.MULTIPLE, ["circle 1", "star 1", "circle 4"], pile=["circle 11"])
        one, both = rows(decision)["play circle 1"], rows(decision)["play circle 1 + star 1"]
        assert "effect" not in both
        assert both["hold_on"] == one["hold_on"]

    def test_putting_down_the_last_cards_together_checks_up(self):
        decision = decide(self.MULTIPLE, ["circle 7", "star 7"], pile=["circle 11"])
        assert str(decision.move) == "play circle 7 + star 7"
        assert decision.details["rule"] == "check_up"
        assert rows(decision)["play circle 7 + star 7"] == {"check_up": heuristic_module.WIN}


class TestTheDraw:
    """A draw is the zero of the scale, whether it is the only move or one of several; its term
    is named for why one would draw (market, or taking the pick)."""

    def lone(self, rules: Rules, mine: list[str], **position) -> dict:
        decision = decide(rules, mine, **position)
        assert decision.move.card is None
        (row,) = decision.details["moves"]
        return row

    def among(self, rules: Rules, mine: list[str], **position) -> dict:
        decision = decide(rules, mine, **position)
        assert len(decision.details["moves"]) > 1
        return next(row for row in decision.details["moves"] if row["move"] == "draw")

    def test_going_to_market(self):
        lone = self.lone(NIGERIAN, ["star 7", "cross 7"], pile=["circle 11"])
        among = self.among(NIGERIAN, ["circle 7", "cross 7"], pile=["circle 11"])
        assert lone == among == {"move": "draw", "score": 0.0, "terms": {"market": 0.0}}

    def test_taking_the_pick(self):
        lone = self.lone(STREET, ["star 7", "cross 7"], pile=["circle 2"], penalty=2)
        among = self.among(STREET, ["star 2", "cross 7"], pile=["circle 2"], penalty=2)
        assert lone == among == {"move": "draw", "score": 0.0, "terms": {"take_pick": 0.0}}


def test_a_whot_calls_a_held_shape_the_next_seat_could_not_follow():
    """I call square on my first Whot; Seat 1 goes to market rather than follow it (it lacks
    squares; a call has no number, so no number is noted); seat 2 calls triangle. On my second
    Whot, square (one held, and Seat 1 lacks it) beats circle (two held)."""
    hands = [
        ["whot", "whot", "square 5", "circle 3", "circle 7"],
        ["triangle 12", "triangle 13", "star 4"],
        ["star 3", "whot", "triangle 8"],
    ]
    state = GameState.from_position(NIGERIAN, hands=hands, pile=["cross 11"], market=market_of(3))
    state = state.apply("play whot call square").apply("draw").apply("play whot call triangle")
    decision = HeuristicPlayer().choose(state.view(0))
    assert str(decision.move) == "play whot call square"
    assert "Seat 1 went to market rather than follow squares" in decision.reason


class TestUnderMustPlay:
    """Under `must_play` a draw is refused while a card fits, so the moves may be plays only."""

    MUST = NIGERIAN.replace(must_play=True)

    def test_a_lone_play_is_explained_as_a_play(self):
        decision = decide(self.MUST, ["circle 4", "star 7", "triangle 5"], pile=["circle 11"])
        assert str(decision.move) == "play circle 4"
        assert decision.details["rule"] == "play"
        assert decision.details["moves"][0]["move"] == "play circle 4"

    def test_the_playout_weighs_two_plays(self):
        """circle 4 and circle 7 keep two follow-ups each; circle 7 counts more. The playout
        policy, like the heuristic, sheds it, though circle 4 comes first."""
        hands = [["circle 4", "circle 7", "star 7", "triangle 4"], OTHERS[0]]
        state = GameState.from_position(self.MUST, hands=hands, pile=["circle 11"])
        moves = candidate_moves(state)
        assert [str(m) for m in moves] == ["play circle 4", "play circle 7"]
        assert str(HeuristicPlayer().choose(state.view(0)).move) == "play circle 7"
        assert str(playout_move(state, moves, random.Random(0))) == "play circle 7"


def test_the_playout_agrees_on_a_lone_suspension_at_two_players():
    """With two players circle 8 (a suspension) means playing again with nothing to follow; the
    Whot calling star (five held) scores under a point less. The two scores are written apart
    (`_terms` and `playout_move`): at this margin they must still pick the same move."""
    hand = ["circle 8", "whot", "star 2", "star 3", "star 4", "star 5", "star 7"]
    state = GameState.from_position(NIGERIAN, hands=[hand, OTHERS[0]], pile=["circle 11"])
    chosen = HeuristicPlayer().choose(state.view(0))
    totals = sorted(row["score"] for row in chosen.details["moves"])
    assert totals[-1] - totals[-2] < 1.0  # the margin this test is about
    assert playout_move(state, candidate_moves(state), random.Random(0)) == chosen.move
