"""Whist players (`whot_core.whist.players`): rules of thumb, legality, fairness and search.

Each rule of thumb is checked in a small hand-built position (South is seat 0 and play runs South,
West, North, East) where the right card follows from the rule, worked out in the test. The broad
tests play seeded hands and check that no player makes an illegal move, that a seed fixes every
decision, that a new deal of the hidden cards never changes the heuristic's choice, and that no
reason names a card the seat cannot see.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from whot_core.whist import CARDS, Card, WhistState, new_game
from whot_core.whist.engine.views import deal_unseen
from whot_core.whist.players import (
    LEVELS,
    RULES_OF_THUMB,
    Decision,
    HeuristicPlayer,
    RandomPlayer,
    SearchPlayer,
    make_player,
)

CARD_TEXT = re.compile(r"(?:10|[2-9JQKA])[♠♥♣♦]")


def position(hands, **kwargs) -> WhistState:
    return WhistState.from_position(hands, **kwargs)


def heuristic(state: WhistState) -> Decision:
    return HeuristicPlayer().choose(state.view(state.current_player))


def full_hands(south: list[str]) -> list[list[str]]:
    """South's 13 cards as given; the other 39 dealt in turn to West, North and East."""
    own = {Card.parse(c) for c in south}
    rest = [c for c in CARDS if c not in own]
    return [south] + [[c.ascii for c in rest[i::3]] for i in range(3)]


def random_positions(count: int, seed: int = 0):
    """Positions reached by random play from new games, at every stage of a hand."""
    rng = random.Random(seed)
    for i in range(count):
        state = new_game(seed=seed * 1000 + i)
        for _ in range(rng.randrange(52)):
            moves = state.legal_moves()
            state.push(moves[rng.randrange(len(moves))])
        yield state


# ----------------------------------------------------------------------------- rules of thumb


class TestFollowing:
    def test_second_hand_low(self):
        # East leads the 10♦; South, second to play, keeps the K♦ and plays the 3♦.
        state = position(
            [["KD", "3D", "2C"], ["AD", "2H", "3C"], ["6D", "7C", "8C"], ["4H", "5H"]],
            trump="spades",
            leader=3,
            trick=["10D"],
            tricks_won=(5, 5),
        )
        decision = heuristic(state)
        assert decision.move == Card.parse("3D")
        assert decision.details["rule"] == "second_hand_low"
        assert decision.reason.startswith("Second hand low")
        assert "3♦" in decision.reason

    def test_third_hand_high_beats_second_hand(self):
        # South led the 4♦, West put up the 10♦: North, third, plays the K♦ to beat it.
        state = position(
            [["AS", "3H"], ["QD", "4C"], ["KD", "5D", "2C"], ["6D", "7H", "8H"]],
            trump="spades",
            leader=0,
            trick=["4D", "10D"],
            tricks_won=(5, 5),
        )
        decision = heuristic(state)
        assert decision.move == Card.parse("KD")
        assert decision.details["rule"] == "third_hand_high"
        assert decision.reason == "Third hand high: North plays the K♦ to beat West's 10♦."

    def test_third_hand_high_plays_the_cheaper_of_touching_cards(self):
        # K♦ and Q♦ are equals (no unseen card between them): the Q♦ does the same job.
        state = position(
            [["AS", "3H"], ["AD", "4C"], ["KD", "QD", "2C"], ["6D", "7H", "8H"]],
            trump="spades",
            leader=0,
            trick=["4D", "10D"],
            tricks_won=(5, 5),
        )
        decision = heuristic(state)
        assert decision.move == Card.parse("QD")
        assert decision.details["rule"] == "third_hand_high"

    def test_fourth_hand_wins_cheaply(self):
        # West's 10♦ is winning; South, last, wins with the J♦ and keeps the A♦.
        state = position(
            [["AD", "JD", "2C"], ["5H", "6H"], ["8C", "9C"], ["7H", "8H"]],
            trump="spades",
            leader=1,
            trick=["10D", "3D", "4D"],
            tricks_won=(5, 5),
        )
        decision = heuristic(state)
        assert decision.move == Card.parse("JD")
        assert decision.details["rule"] == "win_cheaply"

    def test_does_not_overtake_partners_winner(self):
        # North's K♦ is winning and South plays last: the 2♦, not the A♦.
        state = position(
            [["AD", "2D", "4C"], ["5H", "6H"], ["8C", "9C"], ["7H", "8H"]],
            trump="spades",
            leader=1,
            trick=["5D", "KD", "3D"],
            tricks_won=(5, 5),
        )
        decision = heuristic(state)
        assert decision.move == Card.parse("2D")
        assert decision.details["rule"] == "partner_winning"
        assert decision.reason.startswith("Partner is winning")

    def test_partner_winning_discard_keeps_the_trump(self):
        # South is void in diamonds with partner winning: discard the 4♣, do not ruff.
        state = position(
            [["AS", "4C", "9H"], ["5H", "6H"], ["8C", "9C"], ["7H", "8H"]],
            trump="spades",
            leader=1,
            trick=["5D", "KD", "3D"],
            tricks_won=(5, 5),
        )
        decision = heuristic(state)
        assert decision.move == Card.parse("4C")
        assert decision.reason == "Partner is winning: North's K♦ takes the trick; discard the 4♣."

    def test_ruff_when_an_opponent_is_winning(self):
        # East leads the A♦ and South has no diamonds: the 2♠ trump wins (seed 001's trick).
        state = position(
            [["2S", "5H", "7C"], ["3D", "6H", "8C"], ["7D", "9H", "10C"], ["JH", "QC"]],
            trump="spades",
            leader=3,
            trick=["AD"],
            tricks_won=(5, 5),
        )
        decision = heuristic(state)
        assert decision.move == Card.parse("2S")
        assert decision.details["rule"] == "ruff"
        # North and East are still to play: the words say what the 2♠ does now, no more.
        assert decision.reason == "Ruff: no diamonds left, so the 2♠ trump beats East's A♦."

    def test_overruff(self):
        # East ruffed West's A♦ with the 5♠: South overruffs with the 7♠, not the 2♠.
        state = position(
            [["7S", "2S", "4C"], ["6H", "8C"], ["9H", "10C"], ["JH", "QC"]],
            trump="spades",
            leader=1,
            trick=["AD", "3D", "5S"],
            tricks_won=(5, 5),
        )
        decision = heuristic(state)
        assert decision.move == Card.parse("7S")
        assert decision.details["rule"] == "overruff"
        assert "5♠" in decision.reason

    def test_discards_from_a_short_weak_suit_when_it_cannot_win(self):
        # East's 5♠ ruff cannot be beaten (South has no trump): discard the lone 3♣, keep the
        # boss A♥ and the hearts.
        state = position(
            [["AH", "4H", "3C"], ["6H", "8C"], ["9H", "10C"], ["JH", "QC"]],
            trump="spades",
            leader=1,
            trick=["AD", "3D", "5S"],
            tricks_won=(5, 5),
        )
        decision = heuristic(state)
        assert decision.move == Card.parse("3C")
        assert decision.details["rule"] == "discard"
        assert decision.reason == (
            "Discard: no diamonds left and no way to win; throw the 3♣ from a short weak suit."
        )

    def test_keeps_a_winner_when_every_suit_holds_one(self):
        # Notebook 10's no-trump hand, trick 8: East leads the 4♦ and South plays the 7♦; West
        # has no diamond. The A♠, K♠, A♥ and A♣ are gone, so West's Q♠, K♥ and K♣ are each the
        # highest left in their suits, and no suit is weak. West threw the K♥, a winner,
        # "from a short weak suit". Keep the winners: throw the 8♠, the lowest card of the
        # shortest suit whose lowest card is not a winner (spades, 2 cards, against 3 clubs).
        state = position(
            [
                ["JS", "10S", "9S", "6C", "QD"],
                ["QS", "8S", "KH", "KC", "QC", "10C"],
                ["10H", "6H", "4H", "8C", "5C", "3C"],
                ["QH", "JC", "7C", "10D", "6D"],
            ],
            trump=None,
            hand_number=5,
            leader=3,
            trick=["4D", "7D"],
            tricks_won=(5, 2),
            scores=(2, 3),
        )
        decision = heuristic(state)
        assert decision.move == Card.parse("8S")
        assert decision.details["rule"] == "discard"
        assert decision.reason == (
            "Discard: no diamonds left and no way to win; every suit holds a winner, so throw "
            "the 8♠ and keep the Q♠."
        )

    def test_throws_from_the_shortest_suit_when_every_card_is_a_winner(self):
        # No-trump, West void in diamonds holding only bosses (the A♠; the K♣ and Q♣ with the
        # A♣ gone): a winner must go, and the clubs keep two tricks.
        state = position(
            [["3H", "8D"], ["AS", "KC", "QC"], ["4H", "5H", "6H"], ["4D", "5D"]],
            trump=None,
            leader=3,
            trick=["3D", "7D"],
            tricks_won=(5, 5),
        )
        decision = heuristic(state)
        assert decision.move == Card.parse("AS")
        assert decision.reason == (
            "Discard: no diamonds left and no way to win; every card is a winner, so throw the "
            "A♠ from the shortest suit."
        )


class TestLeading:
    def test_draws_trumps_when_strong(self):
        south = ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "2H", "3H", "2C", "3C", "4D", "5D"]
        state = position(full_hands(south), trump="spades", leader=0)
        decision = heuristic(state)
        assert decision.move == Card.parse("AS")
        assert decision.details["rule"] == "draw_trumps"
        assert decision.reason == (
            "Draw trumps: we hold 7 of the 13 trumps still out; lead the A♠ to pull the rest."
        )

    def test_leads_from_the_long_suit(self):
        # Two small trumps, no ace: lead clubs, the five-card suit, top of the K-Q sequence.
        south = ["2S", "3S", "KC", "QC", "9C", "7C", "4C", "JH", "8H", "5H", "10D", "6D", "3D"]
        state = position(full_hands(south), trump="spades", leader=0)
        decision = heuristic(state)
        assert decision.move == Card.parse("KC")
        assert decision.details["rule"] == "lead_long_suit"
        assert decision.reason.startswith("Lead from the long suit: clubs (5 cards), the K♣")

    def test_counts_trumps_and_cashes_a_safe_winner(self):
        # Every spade has been played: nobody can ruff, so the A♦ is safe to cash.
        state = position(
            [["AD", "5C", "2H"], ["3D", "4D", "6C"], ["7C", "8C", "3H"], ["9D", "10D", "9H"]],
            trump="spades",
            leader=0,
            tricks_won=(6, 4),
        )
        decision = heuristic(state)
        assert decision.move == Card.parse("AD")
        assert decision.details["rule"] == "count_trumps"
        assert decision.details["trumps_out"] == 0
        assert "no trumps are still out" in decision.reason

    def test_no_trump_runs_the_long_suit_from_the_top(self):
        south = ["AC", "KC", "QC", "5C", "4C", "3C", "7H", "6H", "2H", "9D", "8D", "JS", "10S"]
        state = position(full_hands(south), trump=None, leader=0)
        decision = heuristic(state)
        assert decision.move == Card.parse("AC")
        assert decision.details["rule"] == "no_trump"
        assert decision.reason.startswith("No trumps:")

    def test_no_trump_prefers_length_to_a_lone_ace(self):
        south = ["AS", "KC", "QC", "JC", "5C", "4C", "7H", "6H", "2H", "9D", "8D", "3D", "2D"]
        state = position(full_hands(south), trump="no-trump", leader=0)
        decision = heuristic(state)
        assert decision.move == Card.parse("KC")
        assert "clubs (5 cards)" in decision.reason

    def test_every_rule_named_in_a_decision_is_listed(self):
        for state in random_positions(40, seed=3):
            decision = heuristic(state)
            assert decision.details["rule"] in RULES_OF_THUMB
            assert decision.details["rule_text"] == RULES_OF_THUMB[decision.details["rule"]]


# ------------------------------------------------------------------ legality, determinism, fairness


def play_hand(state: WhistState, players) -> list[Decision]:
    number = state.hand_number
    decisions = []
    while not state.is_over and state.hand_number == number:
        seat = state.current_player
        view = state.view(seat)
        decision = players[seat].choose(view)
        assert decision.move in view.legal_moves(), decision
        assert isinstance(decision.reason, str) and decision.reason
        decisions.append(decision)
        state.push(decision.move)
    return decisions


class TestLegalAndDeterministic:
    def test_random_and_heuristic_never_play_an_illegal_card(self):
        for seed in range(12):
            state = new_game(seed=seed)
            h, r = HeuristicPlayer(), RandomPlayer(seed=seed)
            while not state.is_over:  # whole games: every trump and the no-trump hand
                play_hand(state, [h, r, h, r] if seed % 2 else [r, h, r, h])

    def test_search_never_plays_an_illegal_card(self):
        for state in random_positions(15, seed=5):
            seat = state.current_player
            decision = SearchPlayer(simulations=30, seed=1).choose(state.view(seat))
            assert decision.move in state.legal_moves()

    def test_the_same_seed_gives_the_same_decisions(self):
        def run(seed):
            state = new_game(seed=4)
            players = [SearchPlayer(simulations=25, seed=seed), RandomPlayer(seed=seed)] * 2
            return [(d.move, d.reason) for d in play_hand(state, players)]

        assert run(9) == run(9)

    def test_random_player_says_it_is_random(self):
        state = new_game(seed=1)
        decision = RandomPlayer(seed=0).choose(state.view(0))
        assert decision.reason.startswith("Random:")
        assert "13 legal cards" in decision.reason


class TestFairness:
    def test_another_deal_of_the_hidden_cards_never_changes_the_heuristic(self):
        rng = random.Random(7)
        for state in random_positions(60, seed=11):
            seat = state.current_player
            view = state.view(seat)
            expected = HeuristicPlayer().choose(view)
            for _ in range(2):
                other = view.determinize(rng).view(seat)
                again = HeuristicPlayer().choose(other)
                assert (again.move, again.reason, again.details) == (
                    expected.move,
                    expected.reason,
                    expected.details,
                )

    def test_reasons_never_name_a_card_the_seat_cannot_see(self):
        players = [HeuristicPlayer(), SearchPlayer(simulations=20, seed=2)]
        for state in random_positions(40, seed=13):
            seat = state.current_player
            view = state.view(seat)
            visible = {str(c) for c in view.hand} | {str(c) for c in view.played}
            for player in players:
                reason = player.choose(view).reason
                named = set(CARD_TEXT.findall(reason))
                assert named <= visible, (reason, named - visible)


# --------------------------------------------------------------------------------- the search


class TestSearch:
    def test_draws_the_last_trump_before_cashing_the_side_winner(self):
        # Spades are trumps and the Q♠ is the only one out. A♠ first drops it and the K♥ (the
        # boss heart) wins too: both tricks whoever holds what. K♥ first loses to a ruff
        # whenever the Q♠ sits with a diamond rather than a heart.
        state = position(
            [["AS", "KH"], ["QS", "5D"], ["2H", "3H"], ["4H", "6D"]],
            trump="spades",
            leader=0,
            tricks_won=(6, 5),
        )
        decision = SearchPlayer(simulations=300, seed=3).choose(state.view(0))
        assert decision.move == Card.parse("AS")
        assert decision.details["moves"][0]["win_rate"] == pytest.approx(1.0)
        assert decision.reason.startswith("Search — play the A♠")

    def test_details_have_the_shape_the_search_figure_reads(self):
        state = new_game(seed=2)
        details = SearchPlayer(simulations=120, seed=0).choose(state.view(0)).details
        assert {"simulations", "seconds", "guide", "moves"} <= details.keys()
        assert details["simulations"] == 120
        rows = details["moves"]
        assert [row["move"] for row in rows].count(rows[0]["move"]) == 1
        assert len(rows) == len(state.legal_moves())
        assert sum(row["share"] for row in rows) == pytest.approx(1.0)
        assert sum(row["visits"] for row in rows) == 120
        for row in rows:
            assert set(row) == {"move", "visits", "share", "win_rate"}
            assert row["win_rate"] is None or 0.0 <= row["win_rate"] <= 1.0
        visits = [row["visits"] for row in rows]
        assert visits == sorted(visits, reverse=True)
        from whot_core.whot.show.figures import search_figure

        assert len(search_figure(details).data) == 2

    def test_a_single_legal_card_is_not_searched(self):
        state = position(
            [["AD"], ["3D"], ["7D"], ["2S"]], trump="spades", leader=0, tricks_won=(6, 6)
        )
        decision = SearchPlayer(seed=0).choose(state.view(0))
        assert decision.move == Card.parse("AD")
        assert decision.details["simulations"] == 0


# ----------------------------------------------------------------------- dealing the hidden cards


class TestDealUnseen:
    def test_sizes_and_shown_out_suits_are_respected_and_a_seed_fixes_the_deal(self):
        rng = random.Random(0)
        for state in random_positions(40, seed=17):
            seat = state.current_player
            view = state.view(seat)
            for _ in range(5):
                det = view.determinize(rng)
                for other in range(4):
                    hand = det.hand(other)
                    assert len(hand) == view.hand_sizes[other]
                    assert not set(c.suit for c in hand) & set(view.shown_out(other))
            a = view.determinize(random.Random(5)).hands
            assert a == view.determinize(random.Random(5)).hands

    def test_one_void_seat_gets_every_consistent_deal_equally_often(self):
        # West has shown out of spades; the 2♠ and 3♠ must go to North or East.
        spades, hearts = [0, 1], [13, 14, 15, 16]
        rng = random.Random(1)
        counts = Counter(
            tuple(map(tuple, deal_unseen(spades + hearts, 0, [40, 41], [2] * 4, [0, 1, 0, 0], rng)))
            for _ in range(7200)
        )
        assert len(counts) == 36  # 6 ways for West's two hearts, then 6 splits of the rest
        assert min(counts.values()) > 140 and max(counts.values()) < 260  # about 200 each

    def test_tight_voids_are_always_dealt(self):
        # West may hold only hearts, North only spades: the deal is forced.
        rng = random.Random(2)
        for _ in range(50):
            hands = deal_unseen([0, 1, 13, 14, 26, 27], 0, [40, 41], [2] * 4, [0, 13, 14, 0], rng)
            assert hands[1] == [13, 14] and hands[2] == [0, 1] and hands[3] == [26, 27]


def test_make_player_gives_each_level_and_names_a_wrong_one():
    view = new_game(seed=3).view(0)
    kinds = {level: type(make_player(level, seed=1, simulations=20)) for level in LEVELS}
    assert kinds == {"random": RandomPlayer, "heuristic": HeuristicPlayer, "search": SearchPlayer}
    search = make_player("search", seed=1, simulations=20)
    assert search.simulations == 20
    assert search.choose(view).move in view.legal_moves()
    with pytest.raises(ValueError, match="unknown AI level 'cheater'"):
        make_player("cheater", seed=1)
