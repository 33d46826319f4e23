"""What the AI players share (`players/common.py`: the candidate moves, a count in words) and the
random players (`players/random.py`): which move each picks for a seed, and its words.

Written to kill the mutants `make mutation MODULE=whot_core/whot/players/common.py` (and
`.../random.py`) left alive (docs/testing.md)."""

from __future__ import annotations

import random

from whot_core import GameState, Move, Rules, new_game
from whot_core.whot.players import EagerRandomPlayer, RandomPlayer, candidate_moves
from whot_core.whot.players.common import _count

NIGERIAN = Rules.preset("nigerian")
PENALTY = NIGERIAN.replace(announcements="penalty")


def at(rules: Rules, hands, pile=("circle 11",)) -> GameState:
    return GameState.from_position(rules, hands=hands, pile=list(pile), market=None)


def moves(*texts: str) -> tuple[Move, ...]:
    return tuple(Move.parse(text) for text in texts)


class TestCandidateMoves:
    def test_without_penalties_every_legal_move_is_a_candidate(self):
        state = at(NIGERIAN, [["circle 4", "circle 10"], ["square 3", "cross 2"]])
        assert candidate_moves(state.view(0)) == moves("play circle 4", "play circle 10", "draw")
        assert candidate_moves(state) == state.legal_moves()

    def test_under_penalty_the_unannounced_twin_is_dropped(self):
        # Two cards: each play leaves one, so "last card" is due; the star cannot follow.
        state = at(PENALTY, [["circle 4", "circle 10"], ["square 3", "cross 2"]])
        legal = state.legal_moves()
        assert Move.parse("play circle 4") in legal  # the engine lists the unannounced play too
        assert candidate_moves(state) == moves(
            "play circle 4, last card", "play circle 10, last card", "draw"
        )
        assert candidate_moves(state.view(0)) == candidate_moves(state)

    def test_under_penalty_with_nothing_to_announce_every_move_stays(self):
        hand = ["circle 4", "circle 10", "star 3", "star 5", "cross 7"]
        state = at(PENALTY, [hand, ["square 3", "cross 2"]])
        assert all(move.announce is None for move in state.legal_moves())
        assert candidate_moves(state) == state.legal_moves()
        assert len(candidate_moves(state)) == 3  # circle 4, circle 10, draw

    def test_each_whot_call_keeps_its_announced_play_and_the_draw_stays(self):
        # Three cards: "semi last card" is due after any play; each of the Whot's calls is kept
        # announced, its unannounced twin dropped.
        state = at(PENALTY, [["circle 4", "whot", "star 3"], ["square 3", "cross 2"]])
        chosen = candidate_moves(state)
        assert Move.parse("draw") in chosen
        assert all(move.announce is not None for move in chosen if not move.is_draw)
        unannounced = [m for m in state.legal_moves() if not m.is_draw and m.announce is None]
        assert unannounced and not set(unannounced) & set(chosen)
        assert len(chosen) == len(state.legal_moves()) - len(unannounced)


def test_a_count_in_words_is_singular_for_one_and_grouped_by_thousands():
    assert _count(1, "legal move") == "1 legal move"
    assert _count(0, "card") == "0 cards"
    assert _count(3, "legal move") == "3 legal moves"
    assert _count(1234, "card") == "1,234 cards"


class TestRandomPlayer:
    def test_the_seed_picks_the_move_uniformly_among_the_candidates(self):
        state = at(PENALTY, [["circle 4", "circle 10"], ["square 3", "cross 2"]])
        listed = candidate_moves(state.view(0))
        for seed in range(8):
            picked = RandomPlayer(seed=seed).choose(state.view(0)).move
            assert picked == listed[random.Random(seed).randrange(len(listed))]

    def test_the_generator_moves_on_with_each_decision(self):
        state = new_game(NIGERIAN, players=2, seed=3)
        view = state.view(state.current_player)
        listed = candidate_moves(view)
        player, rng = RandomPlayer(seed=4), random.Random(4)
        for _ in range(6):
            assert player.choose(view).move == listed[rng.randrange(len(listed))]

    def test_the_words_count_the_moves_it_picked_from(self):
        state = at(NIGERIAN, [["star 3", "star 5"], ["square 3", "cross 2"]])
        decision = RandomPlayer(seed=1).choose(state.view(0))
        assert decision.move == Move.draw()
        assert decision.reason == "Random: draw was picked at random from 1 legal move."
        assert decision.details == {"moves": ["draw"]}

    def test_the_text_form_names_the_seed(self):
        assert repr(RandomPlayer(seed=12)) == "RandomPlayer(seed=12)"
        assert repr(RandomPlayer()) == "RandomPlayer(seed=None)"


class TestEagerRandomPlayer:
    def test_it_plays_a_random_card_that_fits_and_never_draws_by_choice(self):
        state = at(NIGERIAN, [["circle 4", "circle 10", "cross 11", "star 3"], ["square 3"]])
        plays = moves("play circle 4", "play circle 10", "play cross 11")
        assert [m for m in candidate_moves(state.view(0)) if not m.is_draw] == list(plays)
        for seed in range(8):
            decision = EagerRandomPlayer(seed=seed).choose(state.view(0))
            assert decision.move == plays[random.Random(seed).randrange(3)]
            assert decision.reason == (
                f"Random: {decision.move} was picked at random from the cards that fit."
            )
            assert decision.details == {}

    def test_with_no_card_that_fits_it_goes_to_market(self):
        state = at(NIGERIAN, [["star 3", "star 5"], ["square 3", "cross 2"]])
        decision = EagerRandomPlayer(seed=2).choose(state.view(0))
        assert decision.move == Move.draw()
        assert decision.reason == "Random: no card fits, so it goes to market."

    def test_the_generator_moves_on_with_each_decision(self):
        state = at(NIGERIAN, [["circle 4", "circle 10", "cross 11", "star 3"], ["square 3"]])
        plays = moves("play circle 4", "play circle 10", "play cross 11")
        player, rng = EagerRandomPlayer(seed=5), random.Random(5)
        for _ in range(6):
            assert player.choose(state.view(0)).move == plays[rng.randrange(3)]

    def test_the_text_form_names_the_seed(self):
        assert repr(EagerRandomPlayer(seed=3)) == "EagerRandomPlayer(seed=3)"
        assert repr(EagerRandomPlayer()) == "EagerRandomPlayer(seed=None)"
