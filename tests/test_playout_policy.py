"""The search's playout policy (`playout_move`) is the heuristic without its memory, everywhere.

`playout_move` is the heuristic's score written flat for speed; nothing but this test keeps the two
alike. It compares them at thousands of positions from random play under every preset and under
random rule mixes (hold on that skips, a free follow-up, cross defence, a Whot that cancels a pick,
several cards at once, a count when the market runs dry, no going out on a special card), with the
heuristic's memory of the other seats switched off, and checks that the positions met hands of one
and two cards, a pick to answer, and every special card among the moves weighed.
"""

from __future__ import annotations

import random

import pytest

from whot_core import Effect, GameState, Rules, new_game
from whot_core.whot.players import HeuristicPlayer, candidate_moves, playout_move
from whot_core.whot.players import heuristic as heuristic_module
from whot_core.whot.players.memory import _NO_LACKS


def mixed_rules(rng: random.Random, players: int) -> Rules:
    """A preset with its toggles shaken, valid for `players`."""
    rules = Rules.preset(rng.choice(Rules.presets()))
    changes = {
        "announcements": rng.choice(["none", "informative", "penalty"]),
        "exhausted": rng.choice(["flip", "reshuffle", "count", "count_at_once"]),
        "win_on_special": rng.random() < 0.5,
        "multiple_cards": rng.random() < 0.3,
        "hand_size": rng.choice([3, 4, 5, 6]),
    }
    if rules.specials:
        changes["hold_on"] = rng.choice(["play_again", "skip_next"])
        changes["hold_on_free_follow"] = changes["hold_on"] == "play_again" and rng.random() < 0.4
        picks = {"pick_two", "pick_three"} & {e.value for e in rules.specials.values()}
        defence = bool(picks) and rng.random() < 0.6
        changes["defence"] = defence
        changes["cross_defence"] = defence and rng.random() < 0.5
        changes["whot_cancels_pick"] = defence and rng.random() < 0.5
    try:
        return rules.replace(**changes)
    except ValueError:  # a combination the rules refuse: the preset as it is
        return rules


def positions(rules: Rules, players: int, seed: int, moves: int = 120):
    """Every position of a seeded random game on the player's turn (random plays, sometimes a
    draw), up to `moves` moves."""
    rng = random.Random(seed)
    state = new_game(rules, players=players, seed=seed)
    for _ in range(moves):
        if state.is_over:
            return
        yield state
        legal = candidate_moves(state)
        plays = [m for m in legal if m.card is not None]
        state.push(rng.choice(plays) if plays and rng.random() < 0.85 else legal[-1])


def tables():
    """(rules, players, seed): every preset at 2, 3 and 4 players, then shaken rules."""
    for preset in Rules.presets():
        for players in (2, 3, 4):
            for seed in range(3):
                yield Rules.preset(preset), players, seed
    rng = random.Random(37)
    for seed in range(60):
        players = 2 + seed % 3
        yield mixed_rules(rng, players), players, 100 + seed


def test_the_playout_policy_is_the_heuristic_without_memory(monkeypatch):
    monkeypatch.setattr(heuristic_module, "remembered_lacks_of", lambda view, seat: _NO_LACKS)
    player = HeuristicPlayer()
    rng = random.Random(0)
    compared = 0
    sizes: set[int] = set()
    effects: set[Effect] = set()
    defended = several = 0
    for rules, players, seed in tables():
        for state in positions(rules, players, seed):
            moves = candidate_moves(state)
            seat = state.current_player
            fast = playout_move(state, moves, rng)
            slow = player.choose(state.view(seat)).move
            assert fast == slow, (rules, state, moves)
            compared += 1
            if any(m.card is not None for m in moves):
                sizes.add(len(state.hands[seat]))
            if sum(m.card is not None for m in moves) > 1:
                effects.update(state.rules.effect_of(m.card.number) for m in moves if m.card)
                defended += state.penalty > 0
                several += any(m.more for m in moves)
    assert compared > 8000
    assert {1, 2} <= sizes  # a choice between plays with one card and with two cards in hand
    assert set(Effect) <= effects | {Effect.HOLD_ON}  # every effect was weighed
    assert defended > 20 and several > 20


@pytest.mark.parametrize("players", (2, 3, 4))
def test_a_hold_on_with_only_a_whot_behind_it_is_weighed_alike(players):
    """The case the old, short comparison never met: nothing plain follows circle 1, the Whot
    does; both players play hold on."""
    hands = [["circle 1", "whot", "triangle 11"], ["square 3", "square 7", "square 14"]]
    hands += [["triangle 10", "triangle 12", "triangle 13"], ["square 10", "cross 13"]]
    state = GameState.from_position(
        Rules.preset("nigerian"), hands=hands[:players], pile=["circle 11"]
    )
    moves = candidate_moves(state)
    fast = playout_move(state, moves, random.Random(0))
    assert str(fast) == "play circle 1"
    assert HeuristicPlayer().choose(state.view(0)).move == fast
