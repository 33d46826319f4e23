"""The engine's fast paths agree with the plain definitions they stand in for.

`GameState` keeps a bit mask of each hand's distinct cards beside the hand, so `legal_moves` is one
`&` instead of a loop over the hand; the deal and every reshuffle use a written-out copy of
`random.Random.shuffle`. Both are caches of something simpler, so these tests check them against
the simple thing after every move of many random games, under every preset.
"""

from __future__ import annotations

import random

import pytest

from whot_core import SHAPES, Announcement, Announcements, GameState, Move, Rules, new_game
from whot_core.whot.engine.cards import shuffle_codes
from whot_core.whot.engine.legal import hand_mask

GAMES_PER_PRESET = 30


def legal_by_brute_force(state: GameState) -> tuple[Move, ...]:
    """Every move the checked path accepts, built from the hand card by card: the distinct cards
    in card order (a Whot with each call), each first with the words a `penalty` rules set asks
    for, then `draw`."""
    if state.is_over:
        return ()
    hand = state.hands[state.current_player]
    left = len(hand) - 1
    words = {2: Announcement.SEMI_LAST_CARD, 1: Announcement.LAST_CARD}.get(left)
    penalty = state.rules.announcements is Announcements.PENALTY
    moves = []
    for card in sorted(set(hand)):
        plays = [Move.play(card, call) for call in SHAPES] if card.is_whot else [Move.play(card)]
        for play in plays:
            variants = [play.with_announcement(words), play] if words and penalty else [play]
            moves += [m for m in variants if state.is_legal(m)]
    return (*moves, Move.draw())


def check_masks(state: GameState) -> None:
    """Each seat's mask is exactly the distinct cards of its hand."""
    assert state._masks == [hand_mask(hand) for hand in state._hands]


def random_games(preset: str):
    """States of random games under `preset`, after every move (checked and unchecked)."""
    rules = Rules.preset(preset)
    for seed in range(GAMES_PER_PRESET):
        rng = random.Random(seed)
        state = new_game(rules, players=2 + seed % 3, seed=seed)
        yield state
        while not state.is_over:
            moves = state.legal_moves()  # plays come first, `draw` last
            plays = moves[:-1] if len(moves) > 1 and rng.random() > 0.1 else moves[-1:]
            move = rng.choice(plays)  # usually a play: uniform choice draws so often games drag
            if rng.random() < 0.2:
                state = state.apply(move)
            else:
                state.push(move)
            yield state


#: The presets, nigerian_street marked as a sweep (`sweep`, tests/conftest.py): its games are the
#: longest, two thirds of these tests' time, left out of a quick mutation pass.
PRESETS = [
    pytest.param(p, marks=pytest.mark.sweep) if p == "nigerian_street" else p
    for p in Rules.presets()
]


@pytest.mark.parametrize("preset", PRESETS)
def test_legal_moves_match_a_brute_force_count_after_every_move(preset: str) -> None:
    for state in random_games(preset):
        check_masks(state)
        assert state.legal_moves() == legal_by_brute_force(state)
        if not state.is_over:
            view = state.view(state.current_player)
            assert view.legal_moves() == state.legal_moves()


@pytest.mark.parametrize("preset", PRESETS)
def test_clones_and_guessed_states_keep_their_own_masks(preset: str) -> None:
    rng = random.Random(7)
    for n, state in enumerate(random_games(preset)):
        if state.is_over or n % 9:
            continue
        copy = state.clone()
        copy.push(rng.choice(copy.legal_moves()))
        check_masks(copy)
        check_masks(state)  # the push on the copy left the original's masks alone
        guess = state.determinize(state.current_player, rng)
        check_masks(guess)
        assert guess.legal_moves() == legal_by_brute_force(guess)


def test_two_packs_keep_a_card_in_the_mask_until_its_last_copy_is_played() -> None:
    rules = Rules().replace(packs=2)  # no special cards: every play simply passes the turn
    hands = [["circle 5", "circle 5", "star 7", "cross 2"], ["square 3"]]
    state = GameState.from_position(rules, hands=hands, pile=["circle 1"])
    state.push(Move.parse("play circle 5"))
    state.push(Move.parse("draw"))
    assert Move.parse("play circle 5") in state.legal_moves()
    check_masks(state)
    state.push(Move.parse("play circle 5"))
    check_masks(state)
    assert Move.parse("play circle 5") not in state.legal_moves()


@pytest.mark.parametrize("length", [0, 1, 2, 3, 7, 31, 32, 33, 53, 54, 108, 200])
def test_the_engines_shuffle_is_exactly_the_standard_librarys(length: int) -> None:
    for seed in [0, 1, 2, 99, 2**64 - 1, "whot-reshuffle:5:0"]:
        ours, theirs = list(range(length)), list(range(length))
        rng_ours, rng_theirs = random.Random(seed), random.Random(seed)
        shuffle_codes(rng_ours, ours)
        rng_theirs.shuffle(theirs)
        assert ours == theirs
        assert rng_ours.getstate() == rng_theirs.getstate()  # the same numbers were drawn
