"""The heuristic's reasons word for word (`players/reasons.py`): one small position for each way a
reason is worded, with the move, the whole sentence a learner reads, and the facts it states.

The words a learner reads are behaviour: a slip in a reason's words (a mutant of
`make mutation MODULE=whot_core/players/reasons.py`, docs/testing.md) must fail a test. Each
position is worked out in its comment; seat 0 is to play and the market is given, so every draw
is known.
"""

from __future__ import annotations

import pytest

from whot_core import GameState, Move, Rules
from whot_core.players import HeuristicPlayer

NIGERIAN = Rules.preset("nigerian")
SEVERAL = NIGERIAN.replace(multiple_cards=True)
DEFENCE = NIGERIAN.replace(defence=True)
MUST_PLAY = NIGERIAN.replace(must_play=True)
#: The next seat's hand when it plays no part: three plain squares.
NEXT = ["square 3", "square 7", "square 10"]


def decide(rules, mine, pile, nxt=NEXT, market=(), **kwargs):
    state = GameState.from_position(
        rules, hands=[mine, nxt], pile=list(pile), market=list(market), **kwargs
    )
    return HeuristicPlayer().choose(state.view(0))


# (what the position shows, rules, my hand, pile, keyword arguments, move, reason after
# "Heuristic — ", facts)
CASES = [
    (  # Circle 3 fits circle 11 by its shape, and star 3 goes down with it.
        "several cards",
        SEVERAL,
        ["circle 3", "star 3", "cross 10"],
        ["circle 11"],
        {},
        "play circle 3 + star 3",
        "put down 2 3s at once (circle 3 + star 3): more cards gone in one turn.",
        {"cards": 2},
    ),
    (  # Two pick twos: the pick adds up.
        "several special cards",
        SEVERAL,
        ["circle 2", "star 2", "cross 10"],
        ["circle 11"],
        {},
        "play circle 2 + star 2",
        "put down 2 2s at once (circle 2 + star 2): more cards gone in one turn and their "
        "effects add up.",
        {"cards": 2},
    ),
    (
        "check up with several cards",
        SEVERAL,
        ["circle 3", "star 3"],
        ["circle 11"],
        {},
        "play circle 3 + star 3",
        "check up: circle 3 + star 3 are my last cards, so putting them down wins.",
        {"wins": True},
    ),
    (
        "check up",
        NIGERIAN,
        ["circle 3"],
        ["circle 11"],
        {},
        "play circle 3",
        "check up: circle 3 is my last card, so playing it wins.",
        {"wins": True},
    ),
    (  # A star is called: neither circle 3 nor square 13 is a star.
        "market on a call",
        NIGERIAN,
        ["circle 3", "square 13"],
        ["circle 11", "whot"],
        {"called": "star", "market": ["cross 1"]},
        "draw",
        "go to market: nothing in my hand matches the call (star).",
        {"nothing_fits": True},
    ),
    (  # Nothing fits circle 11.
        "market on a card",
        NIGERIAN,
        ["star 3", "square 13"],
        ["circle 11"],
        {"market": ["cross 1"]},
        "draw",
        "go to market: nothing in my hand matches circle 11.",
        {"nothing_fits": True},
    ),
    (  # My last card is a pick two: it fits, but may not go out.
        "market, last card special",
        NIGERIAN.replace(win_on_special=False),
        ["circle 2"],
        ["circle 11"],
        {"market": ["cross 10"]},
        "draw",
        "go to market: circle 2 matches circle 11, but it is my last card, and these rules let "
        "nobody go out on a special card.",
        {"withheld": "circle 2"},
    ),
    (
        "market, last card a Whot",
        NIGERIAN.replace(win_on_special=False),
        ["whot"],
        ["circle 11"],
        {"market": ["cross 10"]},
        "draw",
        "go to market: the Whot matches circle 11, but it is my last card, and these rules let "
        "nobody go out on a Whot.",
        {"withheld": "whot"},
    ),
    (  # A pick two waits on me; circle 2 and star 2 both answer it and score alike.
        "defend, with a tie",
        DEFENCE,
        ["circle 2", "star 2", "cross 10"],
        ["circle 11", "triangle 2"],
        {"penalty": 2},
        "play circle 2",
        "defend the pick: another 2 passes the pick on to seat 1, who now faces 4 cards; star 2 "
        "scores just the same, so either would do.",
        {"next_seat": 1, "pick_faced": 4, "tie_with": "star 2"},
    ),
    (  # Triangle 5 (pick three) answers triangle 2's pick two: 2 + 3 cards.
        "cross-defend",
        DEFENCE.replace(cross_defence=True),
        ["triangle 5", "cross 10"],
        ["circle 11", "triangle 2"],
        {"penalty": 2},
        "play triangle 5",
        "cross-defend the pick: triangle 5 fits and passes 5 cards on to seat 1.",
        {"next_seat": 1, "pick_faced": 5},
    ),
    (
        "the Whot cancels the pick",
        DEFENCE.replace(whot_cancels_pick=True),
        ["whot", "cross 10"],
        ["circle 11", "triangle 2"],
        {"penalty": 2},
        "play whot call circle",
        "cancel the pick: no pick card of mine answers it, so the Whot drops the 2 cards and I "
        "call circle.",
        {"pick_dropped": 2, "other_answers": 0},
    ),
    (
        "take the pick",
        DEFENCE,
        ["star 7", "cross 10"],
        ["circle 11", "triangle 2"],
        {"penalty": 2, "market": ["cross 1", "circle 4", "circle 7"]},
        "draw",
        "take the pick: nothing answers it, so I draw the 2 cards.",
        {"nothing_fits": True, "pick_drawn": 2},
    ),
    (  # One card in the market for a pick of two.
        "take the pick from a short market",
        DEFENCE,
        ["star 7", "cross 10"],
        ["circle 11", "triangle 2"],
        {"penalty": 2, "market": ["cross 1"]},
        "draw",
        "take the pick: nothing answers it, so I take the pick of 2 cards, as many as the "
        "market can give.",
        {"nothing_fits": True, "pick_owed": 2},
    ),
    (
        "take the pick, the answer being my last card",
        DEFENCE.replace(win_on_special=False),
        ["star 2"],
        ["circle 11", "triangle 2"],
        {"penalty": 2, "market": ["cross 1", "circle 4"]},
        "draw",
        "take the pick: star 2 would answer it, but it is my last card, and these rules let "
        "nobody go out on a special card, so I draw the 2 cards.",
        {"withheld": "star 2", "pick_drawn": 2},
    ),
    (  # The next seat holds one card: pick three it.
        "punish with pick three",
        NIGERIAN,
        ["circle 5", "circle 7", "star 7", "triangle 7"],
        ["circle 11"],
        {"nxt": ["square 3"]},
        "play circle 5",
        "use pick and suspension cards when the next player is low: seat 1 has only 1 card, so "
        "circle 5 makes them pick three.",
        {"victim": 1, "victim_cards": 1},
    ),
    (
        "punish with a suspension",
        NIGERIAN,
        ["circle 8", "circle 7", "star 7", "triangle 7"],
        ["circle 11"],
        {"nxt": ["square 3"]},
        "play circle 8",
        "use pick and suspension cards when the next player is low: seat 1 has only 1 card, so "
        "circle 8 makes them miss a turn.",
        {"victim": 1, "victim_cards": 1},
    ),
    (  # No draw while a card fits: circle 4 is the only one.
        "play when I can, the only card",
        MUST_PLAY,
        ["circle 4", "star 7"],
        ["circle 11"],
        {},
        "play circle 4",
        "play when I can: circle 4 is my only card that fits, and these rules let nobody draw "
        "while a card fits.",
        {"only_fit": True},
    ),
    (  # Circle 4 and circle 7 keep star 3 company alike; only the count sets them apart.
        "shed the higher count",
        MUST_PLAY,
        ["circle 4", "circle 7", "star 3"],
        ["circle 11"],
        {},
        "play circle 7",
        "shed the higher count: circle 7 and circle 4 are alike by every other rule of thumb, "
        "and if the game ends in a count, circle 7 would count 7 and circle 4 only 4.",
        {"points": 7, "runner_points": 4},
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[case[0] for case in CASES])
def test_the_reason_word_for_word(case):
    _, rules, mine, pile, kwargs, move, reason, facts = case
    decision = decide(rules, mine, pile, **kwargs)
    assert decision.move == Move.parse(move)
    assert decision.reason == "Heuristic — " + reason
    assert decision.facts == facts
