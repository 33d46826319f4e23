"""The heuristic's terms where the mutation run found no test (docs/testing.md, heuristic.py):
what an answer to a pick is worth under each defence rule, and what each further card of one
number adds when several go down at once (`multiple_cards`), at tables of 2, 3 and 4. The terms
are read from the decision's details, which the Watch page's "why" table shows a learner.
"""

from __future__ import annotations

import pytest

from whot_core import GameState, Rules
from whot_core.whot.engine.rules import Specials
from whot_core.whot.players import HeuristicPlayer
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
