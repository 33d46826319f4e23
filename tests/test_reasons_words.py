"""The heuristic's reasons word for word (`players/reasons.py`): one small position for each way a
reason is worded, with the move, the whole sentence a learner reads, and the facts it states.

The words a learner reads are behaviour: a slip in a reason's words (a mutant of
`make mutation MODULE=whot_core/whot/players/reasons.py`, docs/testing.md) must fail a test. Each
position is worked out in its comment; Seat 0 is to play and the market is given, so every draw
is known.
"""

from __future__ import annotations

import pytest

from whot_core import GameState, Move, Rules
from whot_core.whot.players import HeuristicPlayer
from whot_core.whot.players import heuristic as heuristic_module
from whot_core.whot.players import reasons as reasons_module

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
        "put down 2 2s at once (circle 2 + star 2): more cards gone in one turn, and their "
        "picks add up, so Seat 1 picks 4 cards.",
        {"cards": 2, "pick_given": 4, "victim": 1},
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
    (  # A pick two waits on me; circle 2 and star 2 both answer it and score alike.
        "defend, with a tie",
        DEFENCE,
        ["circle 2", "star 2", "cross 10"],
        ["circle 11", "triangle 2"],
        {"penalty": 2},
        "play circle 2",
        "defend the pick: another 2 passes the pick on to Seat 1, who now faces 4 cards; star 2 "
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
        "cross-defend the pick: triangle 5 fits and passes 5 cards on to Seat 1.",
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
    (  # No draw allowed, and circle 7 and triangle 7 tie: nothing lower to weigh against.
        "play when I can, with a tie",
        MUST_PLAY,
        ["circle 7", "triangle 7", "star 4"],
        ["cross 7"],
        {},
        "play circle 7",
        "play when I can: circle 7 fits, and these rules let nobody draw while a card fits; "
        "triangle 7 scores just the same, so either would do.",
        {"only_fit": False, "tie_with": "triangle 7"},
    ),
    (  # Ten triangles could follow triangle 11, the only card that fits: its follow-up term
        # (10) equals the play's, and a tie goes to the play.
        "play when I can, as many follow-ups as the play is worth",
        MUST_PLAY,
        ["triangle 11"] + [f"triangle {n}" for n in (1, 2, 3, 4, 5, 7, 8, 10, 12, 13)],
        ["circle 11"],
        {"nxt": ["square 3", "square 7", "square 10", "square 13"]},
        "play triangle 11",
        "play when I can: triangle 11 is my only card that fits, and these rules let nobody draw "
        "while a card fits.",
        {"only_fit": True},
    ),
    (  # Under cross defence triangle 5 (pick three) passes more on than circle 2 (pick two).
        "cross-defend with the bigger pick",
        DEFENCE.replace(cross_defence=True),
        ["triangle 5", "circle 2", "cross 10"],
        ["circle 11", "triangle 2"],
        {"penalty": 2},
        "play triangle 5",
        "cross-defend the pick: triangle 5 fits and passes 5 cards on to Seat 1.",
        {"next_seat": 1, "pick_faced": 5},
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


CASES += [
    (  # Circle 4 can follow circle 1. Where the rules let nobody go out on a special card, that
        # bars circle 8 only as the last card: with three cards in hand it is not yet.
        f"hold on with a follow-up, {label}",
        rules,
        hand,
        ["circle 11"],
        {"nxt": ["square 3", "square 7", "square 10", "square 13"]},
        "play circle 1",
        "play hold on only with a follow-up: circle 1 lets me play again, and I hold a card to "
        "follow it.",
        {"follow_up": True},
    )
    for label, rules, hand in (
        ("four cards", NIGERIAN, ["circle 1", "circle 4", "triangle 11", "star 4"]),
        ("a plain last card", NIGERIAN.replace(win_on_special=False), ["circle 1", "circle 4"]),
        (
            "three cards",
            NIGERIAN.replace(win_on_special=False),
            ["circle 1", "circle 8", "circle 4"],
        ),
    )
]
CASES += [
    (  # My last card fits (a pick two, or a Whot), but these rules let nobody go out on it.
        f"market, last card {card}, on {matched}",
        NIGERIAN.replace(win_on_special=False),
        [card],
        pile,
        {"market": ["cross 10"]},
        "draw",
        f"go to market: {name} matches {matched}, but it is my last card, and these rules let "
        f"nobody go out on {what}.",
        {"withheld": card},
    )
    for card, name, pile, matched, what in (
        ("circle 2", "circle 2", ["circle 11"], "circle 11", "a special card"),
        ("circle 2", "circle 2", [], "the empty pile", "a special card"),
        ("whot", "the Whot", ["circle 11"], "circle 11", "a Whot"),
    )
]
CASES += [
    (  # The next seat holds one card: make them pick three, or miss a turn.
        f"punish: {what}",
        NIGERIAN,
        [card, "circle 7", "star 7", "triangle 7"],
        ["circle 11"],
        {"nxt": ["square 3"]},
        f"play {card}",
        "use pick and suspension cards when the next player is low: Seat 1 has only 1 card, so "
        f"{card} makes them {what}.",
        {"victim": 1, "victim_cards": 1},
    )
    for card, what in (("circle 5", "pick three"), ("circle 8", "miss a turn"))
]
CASES += [
    (  # Circle 7 keeps circle 4 and star 7 to follow it; circle 4 keeps only circle 7.
        "keep a follow-up",
        NIGERIAN,
        ["circle 4", "circle 7", "star 7", "triangle 3"],
        ["circle 11"],
        {},
        "play circle 7",
        "keep a follow-up: after circle 7 I still hold 2 cards that can follow it.",
        {"followers": 2},
    ),
    (
        "keep a follow-up, the Whot among them",
        NIGERIAN,
        ["circle 4", "circle 7", "star 7", "whot"],
        ["circle 11"],
        {},
        "play circle 7",
        "keep a follow-up: after circle 7 I still hold 3 cards that can follow it, the Whot "
        "among them.",
        {"followers": 3},
    ),
    (
        "keep a follow-up, two Whots among them",
        NIGERIAN,
        ["circle 4", "circle 7", "star 7", "whot", "whot"],
        ["circle 11"],
        {"nxt": ["square 3", "square 7", "square 10", "square 13"]},
        "play circle 7",
        "keep a follow-up: after circle 7 I still hold 4 cards that can follow it, 2 Whots "
        "among them.",
        {"followers": 4},
    ),
    (
        "make them pay",
        NIGERIAN,
        ["circle 14", "circle 3", "square 11"],
        ["circle 11"],
        {},
        "play circle 14",
        "make them pay: circle 14 is general market, which costs the others.",
        {},
    ),
    (
        "keep the Whot",
        NIGERIAN,
        ["circle 4", "whot", "star 7"],
        ["circle 11"],
        {},
        "play circle 4",
        "keep the Whot: circle 4 matches, so the Whot stays in hand for later.",
        {},
    ),
    (
        "play rather than draw",
        NIGERIAN,
        ["circle 4", "star 7"],
        ["circle 11"],
        {},
        "play circle 4",
        "play rather than draw: circle 4 fits, and playing beats going to market.",
        {},
    ),
    (  # Circle 7 and triangle 7 fit cross 7, and each would follow the other: a tie.
        "play rather than draw, with a tie",
        NIGERIAN,
        ["circle 7", "triangle 7", "star 4"],
        ["cross 7"],
        {},
        "play circle 7",
        "play rather than draw: circle 7 fits, and playing beats going to market; triangle 7 "
        "scores just the same, so either would do.",
        {"tie_with": "triangle 7"},
    ),
    (  # Circle 3 then star 3, or star 3 then circle 3: the same cards.
        "several cards, in either order",
        SEVERAL,
        ["circle 3", "star 3", "triangle 4"],
        ["cross 3"],
        {},
        "play circle 3 + star 3",
        "put down 2 3s at once (circle 3 + star 3): more cards gone in one turn; the same cards "
        "in another order score just the same.",
        {"cards": 2},
    ),
    (  # Only the Whot fits; star is the shape held most.
        "the Whot, the only card that fits",
        NIGERIAN,
        ["whot", "star 3", "star 7", "cross 10"],
        ["circle 11"],
        {},
        "play whot call star",
        "play the Whot only when nothing else fits: nothing else matches circle 11, so I play it "
        "and call star, the shape I hold most (2 cards).",
        {"held": 2, "most_held": True, "only_fit": True},
    ),
    (  # Nothing but Whots: the call is the first shape.
        "the Whot, no other shape held",
        NIGERIAN,
        ["whot", "whot"],
        ["circle 11"],
        {"nxt": ["square 3", "square 7", "square 10", "square 13"]},
        "play whot call circle",
        "play the Whot only when nothing else fits: nothing else matches circle 11, so I play it "
        "and call circle (I hold no other shape).",
        {"held": 0, "only_fit": True},
    ),
    (  # Only the Whot fits the call.
        "the Whot on a call",
        NIGERIAN,
        ["whot", "circle 3", "circle 7"],
        ["circle 11", "whot"],
        {"called": "star"},
        "play whot call circle",
        "play the Whot only when nothing else fits: nothing else matches the call (star), so I "
        "play it and call circle, the shape I hold most (2 cards).",
        {"held": 2, "most_held": True, "only_fit": True},
    ),
    (  # Hold on with nothing after it, and nothing else fits.
        "hold on, the only card",
        NIGERIAN,
        ["circle 1", "star 7"],
        ["circle 11"],
        {},
        "play circle 1",
        "play hold on only with a follow-up, unless nothing else fits: nothing would follow "
        "circle 1, but it is my only card that fits, and it still sheds a card before I go to "
        "market.",
        {"followers": 0, "only_fit": True},
    ),
    (  # Circle 1 has nothing to follow it; triangle 11 fits as well.
        "hold on passed over",
        NIGERIAN,
        ["circle 1", "triangle 11", "star 3"],
        ["circle 11"],
        {},
        "play triangle 11",
        "play hold on only with a follow-up: nothing would follow circle 1, so I play triangle "
        "11 instead.",
        {"passed_over": "circle 1", "runner_followers": 0},
    ),
    (  # Circle 8 would follow, but it would be my last card and a special card.
        "hold on, the follow-up may not go out",
        NIGERIAN.replace(win_on_special=False),
        ["circle 1", "circle 8"],
        ["circle 11"],
        {"nxt": ["square 3", "square 7", "square 10", "square 13"]},
        "play circle 1",
        "play hold on only with a follow-up: circle 1 lets me play again, and circle 8 would "
        "follow it, but it will be my last card, and these rules let nobody go out on a special "
        "card or a Whot, so I shall go to market.",
        {"follow_up": False},
    ),
    (  # Star 7 and triangle 14 are both hold on here, and neither would follow the other; with
        # stars doubled both count 14, so they tie, and each beats drawing.
        "hold on alone, when nothing better fits",
        NIGERIAN.replace(star_double=True, specials={7: "hold_on", 14: "hold_on"}),
        ["star 7", "triangle 14", "cross 10"],
        ["triangle 7"],
        {},
        "play triangle 14",
        "play hold on only with a follow-up, unless nothing better fits: nothing would follow "
        "triangle 14, but it still sheds a card before I go to market; star 7 scores just the "
        "same, so either would do.",
        {"followers": 0, "only_fit": False, "tie_with": "star 7"},
    ),
    (  # A count is near; the runner-up puts down square 3 + cross 3 (two cards, not one), so
        # the reason gives circle 14's count alone.
        "shed high numbers early, the runner-up several cards",
        SEVERAL.replace(exhausted="count"),
        ["square 3", "triangle 4", "circle 14", "cross 3"],
        ["circle 3"],
        {"nxt": ["star 4", "square 10", "circle 13"], "market": ["triangle 12"]},
        "play circle 14",
        "shed high numbers early: circle 14 would count 14 if the game ends in a count.",
        {"points": 14},
    ),
    (  # The market's last card: a count may end the game. Triangle 13 keeps triangle 4 to
        # follow it, circle 3 keeps nothing: they differ by more than the count, so the reason
        # does not call them alike.
        "shed high numbers early, the runner-up with no follow-up",
        NIGERIAN.replace(exhausted="count"),
        ["triangle 13", "triangle 4", "circle 3"],
        ["circle 13"],
        {"market": ["cross 1"]},
        "play triangle 13",
        "shed high numbers early: if the game ends in a count, triangle 13 would count 13 and "
        "circle 3 only 3.",
        {"points": 13, "runner_points": 3},
    ),
    (  # Two players, 1 a suspension here: triangle 1 has nothing to follow it, so its effect
        # costs me (-2), a term cross 7 lacks; the count (2.4 more) decides, not that term.
        "shed high numbers early, the runner-up a suspension with no follow-up",
        NIGERIAN.replace(exhausted="count", specials={1: "suspension"}),
        ["cross 7", "triangle 1", "square 13"],
        ["cross 1"],
        {"market": ["circle 4"]},
        "play cross 7",
        "shed high numbers early: if the game ends in a count, cross 7 would count 7 and "
        "triangle 1 only 1.",
        {"points": 7, "runner_points": 1},
    ),
]


def lacking(hands, *moves):
    """Seat 1 to play first on circle 11, then the moves (Seat 1 goes to market at once)."""
    state = GameState.from_position(
        NIGERIAN,
        hands=hands,
        pile=["circle 11"],
        market=["cross 1", "cross 2", "cross 3"],
        to_play=1,
    )
    for move in ("draw", *moves):
        state = state.apply(move)
    return HeuristicPlayer().choose(state.view(0))


def test_the_shape_they_could_not_follow_in_words():
    # Seat 1 went to market on circle 11: circle 4 (a circle) beats triangle 11 (an 11).
    decision = lacking([["circle 4", "triangle 11", "cross 10"], ["square 3", "square 7"]])
    assert decision.move == Move.parse("play circle 4")
    assert decision.reason == (
        "Heuristic — remember what they could not follow: Seat 1 went to market rather than "
        "follow circles before, so circle 4 may stop them."
    )
    assert decision.facts == {"lacked_by": 1}


def test_the_number_they_could_not_follow_in_words():
    # Seat 1 went to market on circle 11, then followed my circle 13 with square 13: of square
    # 11 and square 7, the 11 is what they lacked ("an 11").
    hands = [["circle 13", "square 11", "square 7"], ["square 13", "triangle 3", "star 7"]]
    decision = lacking(hands, "play circle 13", "play square 13")
    assert decision.move == Move.parse("play square 11")
    assert decision.reason == (
        "Heuristic — remember what they could not follow: Seat 1 went to market rather than "
        "follow an 11 before, so square 11 may stop them."
    )


#: The Whot played although another card fits: only when the Whot is not held back (its weight,
#: KEEP_WHOT, set to nothing), so the words for it are checked with that weight off.
WHOT_OVER_OTHERS = [
    (  # Circle 3 keeps star 3 to follow it, but a call of stars suits the hand better.
        ["whot", "circle 3", "star 3", "star 7", "star 4"],
        "play the Whot when it suits my hand best: circle 3 scores less than a Whot calling "
        "star, the shape I hold most (3 cards), so I play it.",
        {"held": 3, "most_held": True, "others_followers": {"circle 3": 1}},
    ),
    (
        ["whot", "circle 3", "triangle 11", "triangle 3", "star 3", "star 7", "star 4"],
        "play the Whot when it suits my hand best: circle 3 and triangle 11 score less than a "
        "Whot calling star, the shape I hold most (3 cards), so I play it.",
        {"held": 3, "most_held": True, "others_followers": {"circle 3": 2, "triangle 11": 1}},
    ),
    (  # After circle 3 only the Whot could follow.
        ["whot", "circle 3", "star 7", "star 4"],
        "play the Whot only when nothing else fits: circle 3 would leave me nothing but the "
        "Whot to follow with, so I play it and call star, the shape I hold most (2 cards).",
        {"held": 2, "most_held": True, "others_followers": {"circle 3": 0}},
    ),
    (
        ["whot", "whot", "circle 3", "star 7", "star 4"],
        "play the Whot only when nothing else fits: circle 3 would leave me nothing but Whots to "
        "follow with, so I play it and call star, the shape I hold most (2 cards).",
        {"held": 2, "most_held": True, "others_followers": {"circle 3": 0}},
    ),
]


@pytest.mark.parametrize(("mine", "reason", "facts"), WHOT_OVER_OTHERS)
def test_the_whot_over_another_card_in_words(monkeypatch, mine, reason, facts):
    monkeypatch.setattr(heuristic_module, "KEEP_WHOT", 0.0)
    nxt = ["square 3", "square 7", "square 10", "square 13"]
    decision = decide(NIGERIAN, mine, ["circle 11"], nxt=nxt)
    assert decision.move == Move.parse("play whot call star")
    assert decision.reason == "Heuristic — " + reason
    assert decision.facts == facts
    assert decision.details["rule"] == "whot_last"


@pytest.mark.parametrize("case", CASES, ids=[case[0] for case in CASES])
def test_the_reason_word_for_word(case):
    _, rules, mine, pile, kwargs, move, reason, facts = case
    decision = decide(rules, mine, pile, **kwargs)
    assert decision.move == Move.parse(move)
    assert decision.reason == "Heuristic — " + reason
    assert decision.facts == facts


def test_the_details_score_every_move_term_by_term():
    """The details a learner can open (the app's and the notebooks' table of scores): the rule
    that decided, its words, and each move's score with its terms, rounded to three decimals.
    Circle 7 and triangle 7 each play (10), keep the other to follow (1) and count 7 (0.05 a
    point: 0.35); drawing scores nothing."""
    decision = decide(NIGERIAN, ["circle 7", "triangle 7", "star 4"], ["cross 7"])
    both = {"play": 10.0, "follow": 1.0, "high_numbers": 0.35}
    assert decision.details == {
        "rule": "play",
        "rule_text": "play a card rather than draw",
        "moves": [
            {"move": "play circle 7", "score": 11.35, "terms": both},
            {"move": "play triangle 7", "score": 11.35, "terms": both},
            {"move": "draw", "score": 0.0, "terms": {"market": 0.0}},
        ],
    }


@pytest.mark.parametrize(
    ("rules", "pile", "kwargs", "rule", "rule_text", "reason"),
    [
        (
            NIGERIAN,
            "cross 7",
            {"market": ["circle 1"]},
            "market",
            "go to market when nothing fits",
            "go to market: nothing in my hand matches cross 7.",
        ),
        (
            DEFENCE,
            "cross 2",
            {"market": ["circle 1", "circle 3"], "penalty": 2},
            "take_pick",
            "take the pick when you cannot defend it",
            "take the pick: nothing answers it, so I draw the 2 cards.",
        ),
    ],
)
def test_the_details_of_a_draw_that_is_the_only_move(rules, pile, kwargs, rule, rule_text, reason):
    # Star 4 and square 13 fit neither cross 7 nor a pick two: drawing is the only move.
    decision = decide(rules, ["star 4", "square 13"], [pile], **kwargs)
    assert decision.move == Move.parse("draw")
    assert decision.reason == "Heuristic — " + reason
    assert decision.details == {
        "rule": rule,
        "rule_text": rule_text,
        "moves": [{"move": "draw", "score": 0.0, "terms": {rule: 0.0}}],
    }


def test_the_whot_calls_the_shape_the_next_seat_lacked_in_words():
    # Seat 1 went to market on star 7 and on square 7; I hold one circle and one star, and only
    # the Whot fits: the call is star, which seat 1 could not follow.
    state = GameState.from_position(
        NIGERIAN,
        hands=[["square 7", "whot", "circle 4", "star 3"], ["cross 10", "triangle 11"]],
        pile=["star 7"],
        market=["cross 1", "triangle 12"],
        to_play=1,
    )
    state = state.apply("draw").apply("play square 7").apply("draw")
    decision = HeuristicPlayer().choose(state.view(0))
    assert decision.move == Move.parse("play whot call star")
    assert decision.reason == (
        "Heuristic — play the Whot only when nothing else fits: nothing else matches square 7, "
        "so I play it and call star: I hold 1 and Seat 1 went to market rather than follow "
        "stars before."
    )
    assert decision.facts == {"held": 1, "lacked_by": 1, "only_fit": True}


def test_a_draw_in_words_is_drawing():
    """`_cards_text` names the move tying with the best; a draw would be named "drawing"."""
    words = reasons_module._cards_text
    assert words(Move.parse("draw")) == "drawing"
    assert words(Move.parse("play whot call cross")) == "the Whot calling cross"


def test_the_only_card_names_play_even_when_they_lack_its_shape():
    """With one move and no draw to weigh, the rule named is the term worth most (play), not
    another term the move also has: Seat 1 went to market on circle 11, and circle 4 is the only
    card I may play, the rules letting nobody draw while a card fits."""
    state = GameState.from_position(
        MUST_PLAY,
        hands=[["circle 4", "star 7"], ["square 3", "square 7"]],
        pile=["circle 11"],
        market=["cross 1", "cross 2"],
        to_play=1,
    )
    decision = HeuristicPlayer().choose(state.apply("draw").view(0))
    assert decision.details["moves"][0]["terms"]["they_lack"] > 0
    assert decision.details["rule"] == "play"
    assert decision.reason == (
        "Heuristic — play when I can: circle 4 is my only card that fits, and these rules let "
        "nobody draw while a card fits."
    )


def test_a_move_text_kept_for_another_move_is_not_reused():
    """`_text` keeps each move's text by the move's id; an entry left by another move (an id
    Python gave again) is not this move's text."""
    move, other = Move.parse("play circle 4"), Move.parse("draw")
    reasons_module._TEXTS[id(move)] = (other, "draw")
    try:
        assert reasons_module._text(move) == "play circle 4"
        assert reasons_module._text(move) == "play circle 4"
    finally:
        reasons_module._TEXTS.pop(id(move), None)


def test_the_details_round_a_score_to_three_decimals():
    """Circle 14 (no effect under these rules) with a count near: 10 for the play and 0.4 a
    point, 5.6, which in binary adds up to 15.600000000000001; the details say 15.6."""
    rules = NIGERIAN.replace(exhausted="count", specials={2: "pick_two"})
    decision = decide(rules, ["circle 14", "star 3"], ["circle 11"], market=["cross 1"])
    assert decision.details["moves"][0] == {
        "move": "play circle 14",
        "score": 15.6,
        "terms": {"play": 10.0, "high_numbers": 5.6},
    }
