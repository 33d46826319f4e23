"""How long a game of Whist lasts (`WhistRules.length`, docs/rules.md "Whist"): the seed's game
runs hand after hand to the target; a game of one hand ends after its 13th trick, with a winner
and no next deal. One rule in the engine, so every page, record and link ends the same way."""

from __future__ import annotations

import json
import random

import pytest

from whot_core.whist import GameWon, HandScored, HandStarted, WhistRules, WhistState, new_game
from whot_core.whist.app import table as wt
from whot_core.whist.engine.narrate import narrate
from whot_core.whist.engine.records import WhistRecord
from whot_core.whist.show.pictures import table_facts

ONE_HAND = WhistRules(length="hand")
#: The reviewer's link: Play Whist, deal 1, a person at South, her 13 cards.
SOUTH = ["2D", "3D", "4S", "7S", "4C", "5C", "9D", "QS", "5H", "JC", "QH", "JD", "AH"]
AI = (None, "heuristic", "heuristic", "heuristic")


def played_out(rules: WhistRules, seed: int) -> WhistState:
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    for _ in range(52):
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
    return state


@pytest.mark.parametrize("seed", [1, 2, 9])
def test_a_game_of_one_hand_ends_after_its_thirteenth_trick_with_a_winner(seed):
    state = played_out(ONE_HAND, seed)
    assert state.is_over and state.current_player is None and state.legal_moves() == ()
    assert state.hand_number == 1 and state.hands == ((), (), (), ())  # no second deal
    assert not [e for e in state.events if isinstance(e, HandStarted) and e.hand == 2]
    (scored,) = [e for e in state.events if isinstance(e, HandScored)]
    team = 0 if scored.tricks[0] > scored.tricks[1] else 1
    assert state.winning_team == team and state.events[-1] == GameWon(team, state.scores)
    assert state.scores[team] == scored.points[team] > 0 == state.scores[1 - team]


def test_the_seeds_game_still_deals_the_next_hand():
    state = played_out(WhistRules(), 1)
    assert not state.is_over and state.hand_number == 2
    assert isinstance(state.events[-1], HandStarted)


def test_a_one_hand_record_replays_as_one_hand_and_an_old_record_as_the_whole_game():
    state = played_out(ONE_HAND, 4)
    data = json.loads(state.record().to_json())
    assert data["rules"]["length"] == "hand" and data["result"]["over"] is True
    assert WhistRecord.from_json(json.dumps(data)).replay().is_over
    whole = json.loads(played_out(WhistRules(), 4).record().to_json())
    assert "length" not in whole["rules"]  # the seed's game: records keep the bytes they had
    assert WhistRecord.from_json(json.dumps(whole)).rules.length == "game"


def test_a_one_hand_position_starts_at_nil():
    hands = [["AD", "KS"], ["3D", "QH"], ["7D", "4C"], ["2S", "5H"]]
    with pytest.raises(ValueError, match="one hand starts at 0–0"):
        WhistState.from_position(hands, rules=ONE_HAND, tricks_won=(6, 5), scores=(1, 0),
                                 hand_number=2)  # fmt: skip
    last = [["AD"], ["3D"], ["7D"], ["2S"]]
    state = WhistState.from_position(last, rules=ONE_HAND, trump="spades", tricks_won=(6, 6))
    for card in ("AD", "3D", "7D", "2S"):
        state = state.apply(card)
    assert state.is_over and state.scores == (0, 1)  # East ruffs: East–West 7 tricks to 6


def test_the_rules_say_how_long_the_game_lasts():
    assert ONE_HAND.describe()[-1] == "The game is one hand: the team that scores in it wins."
    assert WhistRules(target=5).describe()[-1].startswith("The first team to 5 points")
    with pytest.raises(ValueError, match="length must be 'game' or 'hand'"):
        WhistRules(length="rubber")


def test_the_reviewers_one_hand_table_ends_with_the_result_and_no_hand_two():
    table = wt.deal(AI, 1, rules=ONE_HAND)
    table, problem = wt.replay(table, SOUTH)
    assert problem is None and table.finished and not table.your_turn
    words = [line for entry in table.log for line in table.sentences(entry)]
    assert not [line for line in words if line.startswith("Hand 2")]
    assert words[-2:] == [
        "East–West take 7 tricks to 6: 1 point past the book. Score 0–1.",
        "East–West win the game 1–0.",
    ]
    facts = table_facts(table.state, table.names)
    assert facts[:2] == ["Hand 1: hearts are trumps", "Game over: East–West win"]
    assert facts[-1] == "Points: N–S 0, E–W 1 (one hand)"
    assert wt.board_data(table, 0)["cards"] == []  # South's hand played out, nothing dealt
    assert wt.play(table, "AS").message == "The play is over: deal again."


def test_a_reason_sits_under_its_own_card_not_under_what_the_card_caused():
    table, _ = wt.replay(wt.deal(AI, 1, rules=ONE_HAND), SOUTH)
    last = len(table.log) - 1  # North's J♥: the last trick, the hand's score, the game's end
    lines = wt.told(table, [last], wt.reasons_shown(table, None))
    assert lines == [
        "- North (Heuristic), out of spades, trumps with the J♥.",
        "  - *Only card: the J♥ is North's only legal card.*",
        "- South wins trick 13 with the A♥: a trump beats every card of the suit led.",
        *(f"- {line}" for line in narrate(table.log[last].events[2:], table.names)),
    ]
    assert len(lines) == 5
