"""Whist (seed 001): cards, rules, tricks, scoring, rotations, views and records.

Every expectation is worked out by hand from seeds/001_d8240e92cdace870.txt.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from whot_core.whist import (
    CARDS,
    Card,
    CardPlayed,
    GameWon,
    HandScored,
    HandStarted,
    Suit,
    TrickWon,
    WhistRules,
    WhistState,
    new_game,
)
from whot_core.whist.engine.records import WhistRecord
from whot_core.whot.engine.moves import IllegalMove

# ------------------------------------------------------------------------------------ cards


@pytest.mark.parametrize(
    ("text", "suit", "rank"),
    [
        ("AS", Suit.SPADES, 14),
        ("10H", Suit.HEARTS, 10),
        ("QD", Suit.DIAMONDS, 12),
        ("2C", Suit.CLUBS, 2),
        ("A♠", Suit.SPADES, 14),
        ("td", Suit.DIAMONDS, 10),
        ("K ♥", Suit.HEARTS, 13),
        ("jack of clubs", Suit.CLUBS, 11),
        ("9♢", Suit.DIAMONDS, 9),
    ],
)
def test_card_text_forms(text, suit, rank):
    card = Card.parse(text)
    assert (card.suit, card.rank) == (suit, rank)


def test_every_card_round_trips_through_both_text_forms():
    assert len(set(CARDS)) == 52
    for card in CARDS:
        assert Card.parse(str(card)) is card
        assert Card.parse(card.ascii) is card
        assert Card.parse(card.name) is card


@pytest.mark.parametrize("text", ["1S", "11H", "ZS", "AX", "A", "", "A S H", "15 of clubs"])
def test_bad_card_text_is_a_clear_error(text):
    with pytest.raises(ValueError, match="card"):
        Card.parse(text)


def test_impossible_rank_names_the_rule():
    with pytest.raises(ValueError, match="ranks run from 2 to 14"):
        Card(Suit.SPADES, 15)


# ------------------------------------------------------------------------------------ rules


def test_seed_rules_rotation_and_leaders():
    rules = WhistRules()
    assert [rules.trump_for(h) for h in range(1, 7)] == [
        Suit.HEARTS,
        Suit.SPADES,
        Suit.DIAMONDS,
        Suit.CLUBS,
        None,
        Suit.HEARTS,
    ]
    # South leads hand one, West (on South's left) hand two, and so on round the table.
    assert [rules.leader_for(h) for h in range(1, 6)] == [0, 1, 2, 3, 0]
    assert [rules.points_for(t) for t in (0, 6, 7, 10, 13)] == [0, 0, 1, 4, 7]


@pytest.mark.parametrize(
    ("changes", "error", "field"),
    [
        ({"target": 0}, ValueError, "target"),
        ({"target": "7"}, TypeError, "target"),
        ({"book": 5}, ValueError, "book"),
        ({"first_leader": 4}, ValueError, "first_leader"),
        ({"trumps": ()}, ValueError, "trumps"),
        ({"trumps": ("hearts",)}, TypeError, "trumps"),
        ({"colour": "red"}, TypeError, "colour"),
    ],
)
def test_bad_rules_name_the_field(changes, error, field):
    with pytest.raises(error, match=field):
        WhistRules().replace(**changes)


def test_rules_round_trip_as_data():
    rules = WhistRules(target=5, trumps=(Suit.SPADES, None))
    assert WhistRules.from_dict(json.loads(json.dumps(rules.as_dict()))) == rules


# ------------------------------------------------------------------------------- the deal


def test_a_deal_gives_thirteen_cards_each_from_one_pack():
    state = new_game(seed=11)
    assert [len(h) for h in state.hands] == [13] * 4
    assert sorted(c for h in state.hands for c in h) == sorted(CARDS)
    assert state.trump is Suit.HEARTS and state.current_player == 0
    assert new_game(seed=11).hands == state.hands
    assert new_game(seed=12).hands != state.hands


@pytest.mark.parametrize(
    ("seed", "error"), [(-1, ValueError), (2**64, ValueError), ("11", TypeError), (True, TypeError)]
)
def test_a_seed_is_a_whole_number_from_0_to_2_to_the_64(seed, error):
    with pytest.raises(error, match="seed"):
        new_game(seed=seed)


# ------------------------------------------------------------------------------- trick play


def worked_trick(**options) -> WhistState:
    """Seed 001's worked trick: spades trump, South leads A♦, West 3♦, North 7♦, East void."""
    hands = [["AD", "KC"], ["3D", "QH"], ["7D", "4C"], ["2S", "5C"]]
    return WhistState.from_position(hands, trump="spades", tricks_won=(6, 5), **options)


def play(state: WhistState, *cards: str) -> WhistState:
    for card in cards:
        state = state.apply(card)
    return state


def test_the_seeds_worked_trick_the_lowest_trump_beats_the_ace():
    after = play(worked_trick(), "AD", "3D", "7D", "2S")
    trick = after.last_trick
    assert trick.winner == 3 and trick.winning_card == Card.parse("2S")
    assert after.tricks_won == (6, 6) and after.current_player == 3


def test_the_ace_holds_when_east_discards_instead():
    after = play(worked_trick(), "AD", "3D", "7D", "5C")
    assert after.last_trick.winner == 0 and after.current_player == 0
    assert after.tricks_won == (7, 5)


def test_follow_suit_is_required_and_the_error_names_the_rule():
    state = play(worked_trick(), "AD")
    assert state.legal_moves() == (Card.parse("3D"),)
    with pytest.raises(IllegalMove, match="Follow suit"):
        state.apply("QH")
    assert state.current_player == 1 and len(state.hand(1)) == 2  # untouched


def test_an_explanation_calls_the_seats_by_the_names_given():
    state = play(worked_trick(), "AD")
    names = ("Ada", "Bo", "Chi", "Dan")
    assert state.explain("QH", names).startswith("Follow suit: a diamond was led and Bo holds ")
    assert "West holds" in state.explain("QH")  # the compass names without
    assert state.explain("QH", names).replace("Bo", "West") == state.explain("QH")
    with pytest.raises(ValueError, match="names: give four seat names"):
        state.explain("QH", ("Ada", "Bo"))


def test_a_void_player_may_play_anything():
    state = play(worked_trick(), "AD", "3D", "7D")
    assert set(state.legal_moves()) == {Card.parse("2S"), Card.parse("5C")}
    assert "ruffs" in state.explain("2S")
    assert "trumping is never required" in state.explain("5C")


def test_overtrumping_is_never_required():
    # West is void in diamonds: it ruffs high; East, void too, may underruff.
    hands = [["AD", "KC"], ["9S", "QH"], ["7D", "4C"], ["3S", "5C"]]
    state = WhistState.from_position(hands, trump="spades", tricks_won=(6, 5))
    state = play(state, "AD", "9S", "7D")
    assert Card.parse("3S") in state.legal_moves()
    assert "overtrumping is never required" in state.explain("3S")
    after = state.apply("3S")
    assert after.last_trick.winner == 1  # the higher trump wins


def test_trumps_may_be_led_from_the_first_trick():
    state = new_game(seed=4)
    hearts = [c for c in state.hand(0) if c.suit is Suit.HEARTS]
    assert hearts and set(hearts) <= set(state.legal_moves())
    assert "a trump too" in state.explain(hearts[0])


def test_the_description_says_what_the_engine_allows():
    """The two freedoms a learner from Spades or Hearts might doubt are in the rules' words, and
    the engine agrees: any card leads the first trick; a void seat may underruff or discard."""
    lines = WhistRules().describe()
    (lead,) = [line for line in lines if "first trick" in line]
    assert "trumps included" in lead and "'broken'" in lead
    (void,) = [line for line in lines if "cannot" in line]
    assert "any card" in void and "Nobody ever has to trump, nor to overtrump" in void
    first = new_game(seed=4)
    assert set(first.legal_moves()) == set(first.hand(first.current_player))
    hands = [["AD", "KC"], ["9S", "QH"], ["7D", "4C"], ["3S", "5C"]]
    state = play(WhistState.from_position(hands, trump="spades", tricks_won=(6, 5)), "AD", "9S")
    state = play(state, "7D")
    assert set(state.legal_moves()) == {Card.parse("3S"), Card.parse("5C")}  # under the 9♠


def test_no_trump_hand_only_the_suit_led_wins():
    hands = [["2D", "KC"], ["3D", "QH"], ["AC", "4C"], ["AS", "5C"]]
    state = WhistState.from_position(hands, trump=None, tricks_won=(6, 5))
    after = play(state, "2D", "3D", "AC", "AS")
    assert after.last_trick.winner == 1  # the 3♦: aces of other suits cannot win


def test_cards_out_of_turn_or_not_held_are_refused():
    state = worked_trick()
    with pytest.raises(IllegalMove, match="does not hold"):
        state.apply("AS")
    with pytest.raises(ValueError, match="bad card"):
        state.apply("ZZ")


# ----------------------------------------------------------------------- scoring and the game


def last_trick_of_hand(scores, tricks_won, hand_number=1):
    hands = [["AH"], ["2H"], ["3H"], ["4H"]]
    return WhistState.from_position(
        hands, hand_number=hand_number, scores=scores, tricks_won=tricks_won
    )


def test_scoring_past_the_book():
    # North–South had 7 tricks; South's A♥ takes an 8th: two points past the book of six.
    state = play(last_trick_of_hand((0, 0), (7, 5)), "AH", "2H", "3H", "4H")
    scored = [e for e in state.events if isinstance(e, HandScored)]
    assert scored == [HandScored(1, (8, 5), (2, 0), (2, 0))]
    assert state.scores == (2, 0) and not state.is_over


def test_next_hand_rotates_trump_and_lead():
    state = play(last_trick_of_hand((0, 0), (7, 5)), "AH", "2H", "3H", "4H")
    assert state.hand_number == 2 and state.trump is Suit.SPADES
    assert state.current_player == 1  # West leads hand two
    assert [len(h) for h in state.hands] == [13] * 4
    assert isinstance(state.events[-1], HandStarted)


def test_the_game_ends_when_a_team_reaches_seven():
    state = play(last_trick_of_hand((1, 6), (5, 7), hand_number=5), "AH", "2H", "3H", "4H")
    # East–West took 7 of 12 before; the last trick goes to South: 6–7, East–West score 1.
    assert state.scores == (1, 7)
    assert state.is_over and state.winning_team == 1 and state.winners == (1, 3)
    assert state.returns() == (0.0, 1.0, 0.0, 1.0)
    assert state.current_player is None and state.legal_moves() == ()
    assert isinstance(state.events[-1], GameWon)


@pytest.mark.parametrize(
    ("scores", "hand_number"),
    [((1, 0), 1), ((0, 0), 2), ((1, 2), 2), ((1, 1), 2), ((2, 0), 4), ((0, 1), 3)],
)
def test_a_score_no_hands_could_give_is_refused(scores, hand_number):
    # Each hand gives exactly one team 1 to 7 points (seed 001: "Exactly one team scores per
    # hand"), so after n hands the points are at least n, both teams need two hands, and so on.
    played = {1: "no hand", 2: "one hand"}.get(hand_number, f"{hand_number - 1} hands")
    with pytest.raises(ValueError, match=f"cannot stand after {played}:"):
        last_trick_of_hand(scores, (6, 6), hand_number=hand_number)


@pytest.mark.parametrize(
    ("scores", "hand_number"), [((0, 0), 1), ((0, 1), 2), ((6, 0), 2), ((1, 1), 3), ((2, 1), 3)]
)
def test_a_score_some_hands_could_give_is_accepted(scores, hand_number):
    assert last_trick_of_hand(scores, (6, 6), hand_number=hand_number).scores == scores


def test_a_won_position_is_refused():
    with pytest.raises(ValueError, match="already won"):
        last_trick_of_hand((7, 0), (6, 6))


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        ([["AH"], ["AH"], ["3H"], ["4H"]], "both in"),
        ([["AH", "KH"], ["2H"], ["3H"], ["4H"]], "must hold"),
        ([["AH"], ["2H"], ["3H"]], "four hands"),
    ],
)
def test_impossible_positions_are_refused(hands, message):
    with pytest.raises(ValueError, match=message):
        WhistState.from_position(hands, tricks_won=(6, 6))


# ------------------------------------------------------------------------------- properties


def random_game(seed: int, rules: WhistRules | None = None) -> WhistState:
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    while not state.is_over:
        moves = state.legal_moves()
        state.push(moves[rng.randrange(len(moves))])
    return state


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**9), target=st.integers(1, 9))
def test_random_games_keep_every_rule(seed, target):
    rng = random.Random(seed)
    state = new_game(WhistRules(target=target), seed=seed)
    hand_tricks = 0
    while not state.is_over:
        # 52 cards: in a hand, or played this hand, exactly once.
        held = [c for h in state.hands for c in h]
        assert sorted(held + list(state.played)) == sorted(CARDS)
        moves = state.legal_moves()
        assert moves
        led = state.led
        if led is not None and any(c.suit is led for c in state.hand(state.current_player)):
            assert all(c.suit is led for c in moves)
        state.push(moves[rng.randrange(len(moves))])
        hand_tricks = sum(state.tricks_won)
        assert hand_tricks <= 13
    events = state.events
    hands = [e for e in events if isinstance(e, HandScored)]
    tricks = [e for e in events if isinstance(e, TrickWon)]
    assert len(tricks) == 13 * len(hands)
    for scored in hands:
        assert sum(scored.tricks) == 13
        assert sorted(p > 0 for p in scored.points) == [False, True]  # exactly one team scores
    assert max(state.scores) >= target > min(state.scores)
    assert sum(isinstance(e, CardPlayed) for e in events) == len(state.moves)


def test_determinism_same_seed_same_record():
    assert random_game(21).record().to_json() == random_game(21).record().to_json()


# ----------------------------------------------------------------------------- views (fair)


def test_a_view_shows_only_the_seats_own_hand():
    state = new_game(seed=2)
    view = state.view(1)
    assert view.hand == state.hand(1)
    assert set(view.unseen) == {c for s in (0, 2, 3) for c in state.hand(s)}
    assert not hasattr(view, "hands")
    assert view.legal_moves() == ()  # not West's turn


def test_determinize_keeps_what_the_seat_knows():
    rng = random.Random(3)
    state = random_game_until(5, cards=22)
    for seat in range(4):
        view = state.view(seat)
        for _ in range(20):
            guess = view.determinize(rng)
            assert guess.hand(seat) == state.hand(seat)
            assert guess.hand_sizes == state.hand_sizes
            for other in range(4):
                lacks = set(state.shown_out(other))
                assert not any(c.suit in lacks for c in guess.hand(other))
            assert guess.trick == state.trick and guess.scores == state.scores
            assert guess.seed != state.seed  # later deals are not given away
        with pytest.raises(ValueError, match="determinized"):
            guess.record()


def random_game_until(seed: int, cards: int) -> WhistState:
    rng = random.Random(seed)
    state = new_game(seed=seed)
    for _ in range(cards):
        moves = state.legal_moves()
        state.push(moves[rng.randrange(len(moves))])
    return state


# ---------------------------------------------------------------------------------- records


def test_records_round_trip_and_replay_exactly():
    state = random_game(8)
    text = state.record().to_json()
    record = WhistRecord.from_json(text)
    assert record.replay().scores == state.scores
    assert record.to_json() == text
    position = play(worked_trick(), "AD", "3D")
    again = WhistRecord.from_json(position.record().to_json()).replay()
    assert again.trick == position.trick and again.hands == position.hands


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="whot-game-record"), "format"),
        (lambda d: d.update(version=2), "version"),
        (lambda d: d.pop("result"), "missing"),
        (lambda d: d["moves"].__setitem__(0, "ZZ"), r"moves\[0\]"),
        (lambda d: d["moves"].reverse(), "illegal|result"),
        (lambda d: d["result"].update(scores=[0, 9]), "tampered"),
        (lambda d: d["setup"].update(deal={"seed": "x"}), "seed"),
        (lambda d: d["rules"].update(book=2), "book"),
        (lambda d: d["result"].update(over=1), r"result\.over says 1 but"),
        (lambda d: d["result"].update(hand=float(d["result"]["hand"])), r"result\.hand says"),
        (
            lambda d: d["result"].update(scores=[float(s) for s in d["result"]["scores"]]),
            r"result\.scores says \[7\.0",
        ),
    ],
)
def test_malformed_records_say_what_is_wrong(change, message):
    data = json.loads(random_game(9).record().to_json())
    change(data)
    with pytest.raises(ValueError, match=message):
        WhistRecord.from_json(json.dumps(data))


@pytest.mark.parametrize(
    "name",
    [f.name for f in dataclasses.fields(WhistRules) if f.name not in WhistRules.LATER_TOGGLES],
)
def test_a_record_missing_a_rule_is_refused_not_defaulted(name):
    data = json.loads(random_game(9).record().to_json())
    del data["rules"][name]
    with pytest.raises(ValueError, match=f"rules: missing field '{name}'"):
        WhistRecord.from_json(json.dumps(data))


def test_a_record_nested_too_deeply_is_a_value_error():
    # About 1.2 KB and readable by json, but the setup is copied recursively.
    data = json.loads(worked_trick().record().to_json())
    data["setup"]["position"]["scores"] = json.loads("[" * 600 + "]" * 600)
    with pytest.raises(ValueError, match="nested 603 levels deep"):
        WhistRecord.from_json(json.dumps(data))


def test_not_json_is_a_value_error():
    with pytest.raises(ValueError, match="not valid JSON"):
        WhistRecord.from_json("{")


def test_a_tables_sentences_call_people_by_name_and_ai_seats_by_compass_point():
    from whot_core.whist.app import table as wt

    table = wt.deal((None, "heuristic", None, "random"), seed=3, names=("Ada", "", "Bo"))
    assert table.names == ("Ada", "West (Heuristic)", "Bo", "East (Random)")
    assert table.spoken == ("Ada", "West", "Bo", "East")
    west = wt.deal((None, "heuristic", "heuristic", "heuristic"), seed=3, names=("West",))
    assert west.spoken == west.names  # "West" twice would not say who is meant
