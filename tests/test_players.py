"""AI players (`whot_core.whot.players`): the rules of thumb, legality, determinism and fairness.

The heuristic's choices are checked in small hand-built positions where the expected move (and the
rule of thumb the reason must name) follows from the seeds' tips, worked out in each test. The
broad tests play seeded games over random rule combinations and 2 to 6 players and check that no
player ever makes an illegal move, that a seed fixes every decision, and that replacing the hidden
cards with `determinize` never changes a decision (a player sees only its view).
"""

from __future__ import annotations

import pickle
import random

import pytest

from whot_core import Announcement, GameState, Move, Rules, Shape, new_game
from whot_core.whot.players import (
    RULES_OF_THUMB,
    Decision,
    HeuristicPlayer,
    RandomPlayer,
    SearchPlayer,
    candidate_moves,
    lacks_from_events,
    remembered_lacks,
    remembered_lacks_of,
)
from whot_core.whot.players import memory as players_module

NIGERIAN = Rules.preset("nigerian")


def at(rules: Rules | str, hands, pile, market=(), to_play=0, **kwargs) -> GameState:
    rules = Rules.preset(rules) if isinstance(rules, str) else rules
    return GameState.from_position(
        rules, hands=hands, pile=pile, market=market, to_play=to_play, **kwargs
    )


def heuristic(state: GameState) -> Decision:
    return HeuristicPlayer().choose(state.view(state.current_player))


# --------------------------------------------------------------------------- the Whot (000, 002)


class TestWhot:
    def test_holds_the_whot_back_when_another_card_fits(self):
        state = at("nigerian", [["circle 7", "whot", "star 3"], ["square 3"]], ["circle 11"])
        decision = heuristic(state)
        assert decision.move == Move.parse("play circle 7")
        assert "keep the Whot" in decision.reason
        assert decision.details["rule"] == "keep_whot"

    def test_plays_the_whot_when_nothing_else_fits_and_calls_the_shape_held_most(self):
        # Nothing matches circle 11 but the Whot; the rest of the hand is two stars and a cross.
        state = at(
            "nigerian", [["whot", "star 3", "star 7", "cross 10"], ["square 3"]], ["circle 11"]
        )
        decision = heuristic(state)
        assert decision.move == Move.parse("play whot call star")
        assert "nothing else fits" in decision.reason
        assert "star, the shape I hold most (2 cards)" in decision.reason

    def test_plays_the_whot_when_it_is_the_last_card(self):
        state = at("nigerian", [["whot"], ["square 3", "circle 4"]], ["circle 11"])
        decision = heuristic(state)
        assert decision.move.card is not None and decision.move.card.is_whot
        assert "check up" in decision.reason


# ----------------------------------------------------------------------- special cards (002)


class TestSpecials:
    def test_pick_two_punishes_a_next_player_with_one_card(self):
        # circle 2 and circle 7 both fit; the opponent has one card left.
        state = at(
            "nigerian", [["circle 2", "circle 7", "triangle 3"], ["square 3"]], ["circle 11"]
        )
        decision = heuristic(state)
        assert decision.move == Move.parse("play circle 2")
        assert decision.details["rule"] == "punish"
        assert "Seat 1 has only 1 card" in decision.reason
        assert "pick two" in decision.reason

    def test_suspension_punishes_a_low_next_player_in_a_three_player_game(self):
        # Seat 1 (next) has two cards: the 8 makes them miss a turn; cross 13 would not.
        state = at(
            "nigerian",
            [["circle 8", "cross 13", "square 3"], ["star 3", "star 4"], ["square 10"]],
            ["circle 13"],
        )
        decision = heuristic(state)
        assert decision.move == Move.parse("play circle 8")
        assert "miss a turn" in decision.reason

    def test_hold_on_is_not_played_without_a_follow_up(self):
        # circle 1 fits, but nothing in hand would follow it (no circle, no 1, no Whot);
        # triangle 11 fits by number.
        state = at("nigerian", [["circle 1", "triangle 11", "star 4"], ["square 3"]], ["circle 11"])
        decision = heuristic(state)
        assert decision.move == Move.parse("play triangle 11")
        assert decision.details["rule"] == "hold_on"
        assert "only with a follow-up" in decision.reason

    def test_a_lone_hold_on_still_beats_going_to_market(self):
        # circle 1 is the only card that fits and nothing follows it: playing it and then
        # drawing leaves the hand size unchanged, drawing now adds a card.
        state = at("nigerian", [["circle 1", "star 4"], ["square 3"]], ["circle 11"])
        decision = heuristic(state)
        assert decision.move == Move.parse("play circle 1")
        assert decision.details["rule"] == "hold_on"
        assert "unless nothing else fits" in decision.reason

    def test_hold_on_is_played_with_a_follow_up(self):
        # Now circle 4 can follow circle 1: hold on, then play again.
        state = at(
            "nigerian",
            [["circle 1", "circle 4", "triangle 11", "star 4"], ["square 3"]],
            ["circle 11"],
        )
        decision = heuristic(state)
        assert decision.move == Move.parse("play circle 1")
        assert "lets me play again" in decision.reason

    def test_defends_a_pick_under_defence(self):
        rules = Rules.preset("nigerian_street")
        state = at(
            rules,
            [["triangle 2", "star 7", "circle 4"], ["square 3", "cross 2"]],
            ["circle 2"],
            penalty=2,
        )
        decision = heuristic(state)
        assert decision.move.card is not None and str(decision.move.card) == "triangle 2"
        assert "defend the pick" in decision.reason


# ------------------------------------------------------------------- counting and memory (000)


class TestCountingAndMemory:
    def test_sheds_high_numbers_when_a_count_may_end_the_game(self):
        # circle 3 keeps star 3 as a follow-up, triangle 13 counts 13. With the market at its
        # last card under `exhausted = count`, the high card goes first; otherwise the follow-up
        # wins.
        hands = [["circle 3", "triangle 13", "star 3"], ["square 3", "square 5"]]
        counting = at(NIGERIAN.replace(exhausted="count"), hands, ["circle 13"], ["cross 1"])
        decision = heuristic(counting)
        assert decision.move == Move.parse("play triangle 13")
        assert "shed high numbers early" in decision.reason
        assert "count 13" in decision.reason
        relaxed = at(NIGERIAN, hands, ["circle 13"], ["cross 1"])
        assert heuristic(relaxed).move == Move.parse("play circle 3")

    def test_remembers_the_shape_an_opponent_could_not_follow(self):
        # Seat 1 went to market on square 7. Seat 0 can play square 3 (a square: seat 1 had
        # none) or circle 7 (a 7: they had none either, but circle 7 counts more).
        rules = NIGERIAN
        hands = [["square 3", "circle 7", "triangle 4"], ["cross 10", "star 4"]]
        state = at(rules, hands, ["square 7"], ["circle 12", "triangle 12"], to_play=1)
        state = state.apply("draw")
        assert remembered_lacks(state.view(0))[1] == (
            frozenset({Shape.SQUARE}),
            frozenset({7}),
        )
        assert remembered_lacks_of(state.view(0), 1) == remembered_lacks(state.view(0))[1]
        assert remembered_lacks_of(state.view(0), 0) == (frozenset(), frozenset())
        decision = heuristic(state)
        assert decision.move == Move.parse("play square 3")
        assert "could not follow" in decision.reason
        fresh = at(rules, hands, ["square 7"], ["circle 12"])
        assert heuristic(fresh).move == Move.parse("play circle 7")

    def test_the_whot_calls_a_shape_the_next_player_could_not_follow(self):
        # Seat 1 goes to market on star 7, then on square 7. Seat 0 then has only the Whot to
        # play, and holds one circle and one star: a tie on shapes held, broken by the note
        # that seat 1 had no star. Without the note the tie goes to circle (the first shape).
        hands = [["square 7", "whot", "circle 4", "star 3"], ["cross 10", "triangle 11"]]
        state = at(NIGERIAN, hands, ["star 7"], ["cross 1", "triangle 12"], to_play=1)
        state = state.apply("draw").apply("play square 7").apply("draw")
        decision = heuristic(state)
        assert decision.move == Move.parse("play whot call star")
        assert "Seat 1 went to market rather than follow stars before" in decision.reason
        fresh = at(
            NIGERIAN,
            [["whot", "circle 4", "star 3"], ["cross 10", "triangle 11", "cross 1", "triangle 12"]],
            ["star 7", "square 7"],
        )
        assert heuristic(fresh).move == Move.parse("play whot call circle")

    def test_an_opponent_that_plays_the_shape_is_no_longer_noted(self):
        rules = NIGERIAN
        hands = [["square 3", "circle 7", "triangle 4"], ["cross 10", "star 4"]]
        state = at(rules, hands, ["square 7"], ["square 13", "triangle 12"], to_play=1)
        state = state.apply("draw").apply("play square 3").apply("play square 13")
        shapes, numbers = remembered_lacks(state.view(0))[1]
        assert Shape.SQUARE not in shapes
        assert numbers == frozenset({7})

    @pytest.mark.parametrize(
        ("preset", "players", "room"),
        [("nigerian", 2, 4096), ("british", 3, 4096), ("nigerian_1970s", 4, 3)],
    )
    def test_the_memory_reads_on_from_its_notes_and_agrees_with_the_whole_game(
        self, monkeypatch, preset, players, room
    ):
        """In a dealt game `remembered_lacks` (and `remembered_lacks_of`, one seat's) reads only
        the events since an earlier decision's note. At every position, for every seat, it must
        give what reading every event gives: with notes from the positions before (warm), with
        none (cold), and with room for only three notes (cleared again and again)."""
        monkeypatch.setattr(players_module, "_MEMORY_SIZE", room)
        rules = Rules.preset(preset)
        remembered = 0
        for seed in range(4):
            players_module._MEMORY.clear()
            positions = []
            for state in sampled_positions(rules, players, seed, every=1):
                positions.append(state.clone())  # the generator moves one state on in place
                for seat in range(players):
                    view = state.view(seat)
                    whole = lacks_from_events(view.events, seat, players)
                    assert remembered_lacks(view) == whole, (seed, len(state.moves), seat)
                    each = [remembered_lacks_of(view, other) for other in range(players)]
                    assert each == whole, (seed, len(state.moves), seat)
                    remembered += any(any(lack) for lack in whole)
            for state in positions[::7]:
                players_module._MEMORY.clear()
                view = state.view(state.current_player)
                whole = lacks_from_events(view.events, view.seat, players)
                assert remembered_lacks(view) == whole
        assert remembered > 20  # the notes were not all empty


# --------------------------------------------------------------------------- announcements


class TestAnnouncements:
    def test_ai_players_always_announce_under_penalty(self):
        rules = Rules.preset("nigerian_street")
        state = at(rules, [["circle 4", "circle 10"], ["square 3", "cross 2"]], ["circle 11"])
        moves = candidate_moves(state.view(0))
        assert moves == (
            Move.parse("play circle 4, last card"),
            Move.parse("play circle 10, last card"),
            Move.parse("draw"),
        )
        players = [RandomPlayer(seed=1), HeuristicPlayer(), SearchPlayer(simulations=30, seed=1)]
        for player in players:
            move = player.choose(state.view(0)).move
            assert move.announce is Announcement.LAST_CARD, player


# ----------------------------------------------------------------- legality over rule mixes


def random_rules(rng: random.Random, players: int) -> Rules:
    """A preset with random toggles, valid for `players` (two packs above what one can serve)."""
    rules = Rules.preset(rng.choice(Rules.presets()))
    changes = {
        "min_players": 2,
        "max_players": 8,
        "announcements": rng.choice(["none", "informative", "penalty"]),
        "exhausted": rng.choice(["flip", "reshuffle", "count"]),
        "win_on_special": rng.random() < 0.7,
        "start": rng.choice(["leader", "turn_up"]),
        "hand_size": rng.choice([4, 5, 6]),
    }
    if rules.specials:
        changes["hold_on"] = rng.choice(["play_again", "skip_next"])
        changes["hold_on_free_follow"] = False
        if changes["hold_on"] == "play_again" and 1 in rules.specials:
            changes["hold_on_free_follow"] = rng.random() < 0.3
    picks = {"pick_two", "pick_three"} & {e.value for e in rules.specials.values()}
    changes["defence"] = bool(picks) and rng.random() < 0.5
    rules = rules.replace(**changes)
    if players * rules.hand_size + 1 > rules.pack_size:
        rules = rules.replace(packs=2)
    return rules


def mixed_table(rng: random.Random, players: int, seed: int) -> list:
    kinds = [
        lambda s: RandomPlayer(seed=s),
        lambda s: HeuristicPlayer(),
        lambda s: SearchPlayer(simulations=12, seed=s),
    ]
    return [kinds[(seed + seat) % 3](seed * 10 + seat) for seat in range(players)]


class TestLegality:
    @pytest.mark.parametrize("seed", range(10))
    def test_no_player_makes_an_illegal_move(self, seed):
        rng = random.Random(seed)
        players = 2 + seed % 5  # 2 to 6
        rules = random_rules(rng, players)
        table = mixed_table(rng, players, seed)
        state = new_game(rules, players=players, seed=seed)
        for _ in range(60):
            if state.is_over:
                break
            seat = state.current_player
            decision = table[seat].choose(state.view(seat))
            assert decision.move in state.legal_moves(), (rules, decision)
            assert decision.reason
            state = state.apply(decision.move)  # the checked path: raises on an illegal move


# ------------------------------------------------------------------------------ determinism


def game_decisions(make_players, rules: Rules, players: int, seed: int, limit: int = 40):
    table = make_players()
    state = new_game(rules, players=players, seed=seed)
    out = []
    for _ in range(limit):
        if state.is_over:
            break
        seat = state.current_player
        decision = table[seat].choose(state.view(seat))
        out.append((decision.move, decision.reason))
        state.push(decision.move)
    return out


class TestDeterminism:
    def test_a_seed_fixes_every_random_decision(self):
        def make():
            return [RandomPlayer(seed=5), RandomPlayer(seed=6), RandomPlayer(seed=7)]

        assert game_decisions(make, NIGERIAN, 3, seed=2) == game_decisions(make, NIGERIAN, 3, 2)

    def test_different_seeds_give_different_random_games(self):
        a = game_decisions(lambda: [RandomPlayer(seed=1), RandomPlayer(seed=2)], NIGERIAN, 2, 4)
        b = game_decisions(lambda: [RandomPlayer(seed=3), RandomPlayer(seed=4)], NIGERIAN, 2, 4)
        assert a != b

    def test_a_seed_fixes_every_search_decision(self):
        def make():
            return [SearchPlayer(simulations=25, seed=9), HeuristicPlayer()]

        first = game_decisions(make, NIGERIAN, 2, seed=3, limit=16)
        assert first == game_decisions(make, NIGERIAN, 2, seed=3, limit=16)

    def test_the_heuristic_has_no_randomness(self):
        def make():
            return [HeuristicPlayer(), HeuristicPlayer()]

        assert game_decisions(make, NIGERIAN, 2, 8) == game_decisions(make, NIGERIAN, 2, 8)


# --------------------------------------------------------------------------------- fairness


def sampled_positions(rules: Rules, players: int, seed: int, every: int = 5):
    """Positions from a seeded random game (random players), one every few moves."""
    rng = random.Random(seed)
    state = new_game(rules, players=players, seed=seed)
    for ply in range(80):
        if state.is_over:
            return
        if ply % every == 0:
            yield state
        moves = candidate_moves(state)
        plays = [m for m in moves if m.card is not None]
        state.push(rng.choice(plays) if plays and rng.random() < 0.8 else moves[-1])


def untimed(decision: Decision) -> tuple:
    """A decision without the search's wall-clock time (the only thing allowed to differ)."""
    details = {k: v for k, v in decision.details.items() if k != "seconds"}
    return decision.move, decision.reason, details


FAIRNESS_TABLES = [("nigerian", 2, 1), ("nigerian_street", 3, 2), ("british", 4, 3)]


class TestFairness:
    @pytest.mark.parametrize(("preset", "players", "seed"), FAIRNESS_TABLES)
    def test_hidden_cards_never_change_a_decision(self, preset, players, seed):
        rules = Rules.preset(preset)
        makers = [
            lambda: RandomPlayer(seed=11),
            HeuristicPlayer,
            lambda: SearchPlayer(simulations=20, seed=11),
        ]
        checked = 0
        for state in sampled_positions(rules, players, seed):
            seat = state.current_player
            other = state.determinize(seat, random.Random(checked))
            assert other.hands != state.hands or players == 1  # the hidden cards did change
            for make in makers:
                real = make().choose(state.view(seat))
                resampled = make().choose(other.view(seat))
                assert untimed(real) == untimed(resampled), (make, state)
            checked += 1
        assert checked >= 3


# ------------------------------------------------------------------------------- reasons


class TestReasons:
    def test_heuristic_reasons_name_a_rule_of_thumb(self):
        rules_named = set()
        for state in sampled_positions(NIGERIAN, 2, seed=5, every=1):
            decision = heuristic(state)
            assert decision.reason.startswith("Heuristic — ")
            assert decision.details["rule"] in RULES_OF_THUMB
            rules_named.add(decision.details["rule"])
        assert len(rules_named) >= 3

    def test_random_reasons_give_the_number_of_moves(self):
        state = at("nigerian", [["circle 7", "circle 4"], ["square 3"]], ["circle 11"])
        reason = RandomPlayer(seed=0).choose(state.view(0)).reason
        assert reason.startswith("Random: ")
        assert "from 3 legal moves" in reason

    def test_random_words_are_true_of_the_move_chosen_and_kept_in_a_pickle(self):
        state = at("nigerian", [["circle 7", "circle 4"], ["square 3"]], ["circle 11"])
        for seed in range(6):
            decision = RandomPlayer(seed=seed).choose(state.view(0))
            assert decision.reason == (
                f"Random: {decision.move} was picked at random from 3 legal moves."
            )
            listed = [str(move) for move in candidate_moves(state.view(0))]
            assert decision.details == {"moves": listed}
            assert pickle.loads(pickle.dumps(decision)) == decision

    def test_heuristic_details_score_every_candidate(self):
        state = at("nigerian", [["circle 7", "whot", "star 3"], ["square 3"]], ["circle 11"])
        details = heuristic(state).details
        listed = [row["move"] for row in details["moves"]]
        assert listed == [str(m) for m in candidate_moves(state.view(0))]
        best = max(details["moves"], key=lambda row: row["score"])
        assert best["move"] == "play circle 7"


# ---------------------------------------------------------------------- the playout policy


class TestPlayoutPolicy:
    """`playout_move` against the heuristic, position by position: tests/test_playout_policy.py."""

    def test_the_heuristic_beats_random_play(self):
        rules = NIGERIAN
        wins = 0
        for seed in range(10):
            for seat_h in (0, 1):
                table = [RandomPlayer(seed=seed), RandomPlayer(seed=seed)]
                table[seat_h] = HeuristicPlayer()
                state = new_game(rules, players=2, seed=seed)
                while not state.is_over:
                    seat = state.current_player
                    state.push(table[seat].choose(state.view(seat)).move)
                wins += seat_h in state.winners
        assert wins >= 16  # of 20: the benchmark measures about 99%


# ------------------------------------------------------------------------------ the AI levels


@pytest.mark.parametrize("level", ["random", "heuristic", "search"])
def test_a_level_is_the_same_player_on_every_page_and_in_every_table(level):
    """Watch and Play (`make_player`), Side by side (`seat_players`) and `simulate` (a name)
    build a level's player from the one registry, so "random" is one player everywhere."""
    from whot_core.whot.app import lineup
    from whot_core.whot.players import LEVELS
    from whot_core.whot.players.simulate import _make_player
    from whot_core.whot.teach.difference import seat_players

    built = {
        "the registry": LEVELS.make(level, seed=3, simulations=20),
        "Watch and Play": lineup.make_player(level, 3, 20),
        "Side by side": seat_players([level], seed=3, simulations=20)[0],
        "simulate": _make_player(level, 3),
    }
    assert {where: type(player).__name__ for where, player in built.items()} == dict.fromkeys(
        built, type(built["the registry"]).__name__
    )


def test_each_games_levels_say_what_they_do_and_which_takes_a_search_budget():
    from whot_core.toolkit.levels import levels_of
    from whot_core.whist.players import LEVELS as WHIST_LEVELS
    from whot_core.whot.players import LEVELS as WHOT_LEVELS

    for game, levels in (("whot", WHOT_LEVELS), ("whist", WHIST_LEVELS)):
        assert levels_of(game) is levels
        assert levels.names == ("random", "heuristic", "search")
        assert levels.without_search() == ("random", "heuristic")
        assert all(levels[name].description.endswith(".") for name in levels)
        assert levels.help().count("**") == 6
    with pytest.raises(ValueError, match="level 'genius'; use random, heuristic, search"):
        WHOT_LEVELS.make("genius", seed=1)


def test_whot_levels_in_the_words_a_learner_reads_and_built_with_what_they_are_given():
    """The help under the level chooser, word for word; each level's player takes its seed (and
    the search its budget and its options)."""
    from whot_core.whot.players import LEVELS

    assert LEVELS.help() == (
        "**Random**: Plays a random card that fits, and goes to market only when no card does."
        "\n\n**Heuristic**: Plays by the rules of thumb a good player uses, and says which one "
        "decided.\n\n**Search**: Tries each move in many games played on with guesses at the "
        "hidden cards, and plays the one that does best."
    )
    assert LEVELS.make("random", seed=5).seed == 5
    assert type(LEVELS.make("heuristic", seed=5)).__name__ == "HeuristicPlayer"
    assert repr(LEVELS.make("search", seed=7, simulations=20, time_limit=3.0)) == (
        "SearchPlayer(simulations=20, time_limit=3.0, seed=7)"
    )
