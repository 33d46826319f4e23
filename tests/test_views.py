"""Views and fairness: a seat sees its own hand and the public record, and nothing else.

A player (human, AI or search) must be unable to tell the real game from any state that
`determinize` deals it: same view, same cards in play. Some hidden cards are public all the same
(a pile turned over without shuffling, special cards put under the market at the start), and a
determinized state must keep those where everyone saw them go. `clone` and `apply` must never let
one state change another: search relies on it.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter
from collections.abc import Iterator
from functools import cache

import pytest
from helpers import snapshot

from whot_core import (
    Card,
    DrawReason,
    Drew,
    Flipped,
    GameState,
    Move,
    PutUnder,
    Rules,
    Shape,
    make_pack,
    new_game,
)
from whot_core.whot.engine.cards import shuffle_codes

PRESETS = Rules.presets()


def cards(*texts: str) -> tuple[Card, ...]:
    return tuple(Card.parse(text) for text in texts)


def choose(rng: random.Random, moves: tuple[Move, ...]) -> Move:
    """A random legal move that plays nine times in ten when it can (so games end)."""
    plays = [m for m in moves if not m.is_draw]
    if not plays or rng.random() < 0.1:
        return Move.draw()
    return rng.choice(plays)


def positions(rules: Rules, players: int, seed: int, limit: int = 400) -> Iterator[GameState]:
    """Every position of one seeded random game (each a separate state), the deal first."""
    state = new_game(rules, players=players, seed=seed)
    rng = random.Random(seed)
    yield state
    for _ in range(limit):
        if state.is_over:
            return
        state = state.apply(choose(rng, state.legal_moves()))
        yield state


TABLES = [(preset, players) for preset in PRESETS for players in (2, 4)]


@cache
def sample_positions(preset: str, players: int, count: int = 24) -> tuple[GameState, ...]:
    """About `count` positions spread over one seeded game, the deal and the end included."""
    states = list(positions(Rules.preset(preset), players, seed=10 + players))
    step = max(1, len(states) // count)
    return (*states[::step], states[-1])


def live(states: tuple[GameState, ...]) -> list[GameState]:
    return [state for state in states if not state.is_over]


def multiset(*groups) -> Counter[Card]:
    out: Counter[Card] = Counter()
    for group in groups:
        out.update(group)
    return out


# ------------------------------------------------------------------------------- what a view shows


def two_tables() -> tuple[GameState, GameState]:
    """The same table twice, except for what seat 1 holds (two cards either way)."""
    rules = Rules.preset("british")
    common = {"pile": ["cross 11"], "market": ["circle 12", "star 1", "square 2"]}
    first = GameState.from_position(
        rules, hands=[["circle 3", "star 7"], ["triangle 4", "star 2"]], **common
    )
    second = GameState.from_position(
        rules, hands=[["circle 3", "star 7"], ["circle 4", "star 3"]], **common
    )
    return first, second


class TestWhatAViewShows:
    def test_a_view_holds_the_seats_own_hand_and_only_the_sizes_of_the_others(self) -> None:
        state, _ = two_tables()
        view = state.view(0)
        assert view.seat == 0
        assert view.hand == cards("circle 3", "star 7")
        assert view.hand_sizes == (2, 2)
        assert view.pile == cards("cross 11")
        assert view.market_size == 3
        assert not hasattr(view, "hands") and not hasattr(view, "market")
        assert "triangle 4" not in repr(view) and "star 2" not in repr(view)

    def test_a_seat_cannot_tell_tables_that_differ_only_in_another_hand(self) -> None:
        first, second = two_tables()
        assert first.view(0) == second.view(0)
        assert first.view(1) != second.view(1)

    def test_a_seat_cannot_tell_them_apart_after_the_other_seat_draws(self) -> None:
        first, second = two_tables()
        first, second = (s.apply("draw").apply("draw") for s in (first, second))
        assert first.view(0) == second.view(0)

    def test_the_drawers_own_view_shows_the_card_and_the_others_do_not(self) -> None:
        state, _ = two_tables()
        state = state.apply("draw").apply("draw")  # seat 0 takes circle 12, seat 1 star 1
        mine = [e for e in state.view(0).events if isinstance(e, Drew)]
        theirs = [e for e in state.view(1).events if isinstance(e, Drew)]
        assert mine == [
            Drew(0, 1, DrawReason.MARKET, 1, cards("circle 12")),
            Drew(1, 1, DrawReason.MARKET, 1, None),
        ]
        assert theirs == [
            Drew(0, 1, DrawReason.MARKET, 1, None),
            Drew(1, 1, DrawReason.MARKET, 1, cards("star 1")),
        ]

    def test_a_view_holds_nothing_of_what_another_seat_drew(self) -> None:
        # Two tables where seat 1 draws a different card: seat 0's views are the same object
        # for object, so pickled they are the same bytes. Not only its events: the engine's
        # own log, which names the card, never goes into a view.
        views = []
        for market in (["circle 12", "star 1", "square 2"], ["circle 12", "square 2", "star 1"]):
            state = GameState.from_position(
                Rules.preset("british"),
                hands=[["circle 3", "star 7"], ["triangle 4", "star 2"]],
                pile=["cross 11"],
                market=market,
            )
            state = state.apply("draw").apply("draw")  # circle 12, then star 1 or square 2
            views.append(state.view(0))
        assert pickle.dumps(views[0]) == pickle.dumps(views[1])

    @pytest.mark.parametrize("preset", PRESETS)
    def test_views_of_a_live_game_equal_views_of_its_pickled_copy(self, preset: str) -> None:
        # A state keeps the drawn cards per seat beside its public log, and a pickle flattens
        # and rebuilds both: at every move, every seat's view of either says the same.
        rng = random.Random(5)
        state = new_game(Rules.preset(preset), players=3, seed=5)
        for _ in range(60):
            if state.is_over:
                break
            for seat in range(3):
                assert state.view(seat) == pickle.loads(pickle.dumps(state)).view(seat)
            state.push(choose(rng, state.legal_moves()))

    @pytest.mark.parametrize(("preset", "players"), TABLES)
    def test_view_events_are_the_games_events_with_other_seats_draws_hidden(
        self, preset: str, players: int
    ) -> None:
        state = sample_positions(preset, players)[-1]
        for seat in range(state.players):
            seen = state.view(seat).events
            assert len(seen) == len(state.events)
            for public, real in zip(seen, state.events, strict=True):
                if isinstance(real, Drew) and real.seat != seat:
                    assert public == Drew(real.seat, real.count, real.reason, real.wanted, None)
                else:
                    assert public == real

    @pytest.mark.parametrize(("preset", "players"), TABLES)
    def test_legal_moves_on_a_view_match_the_state_on_that_seats_turn_only(
        self, preset: str, players: int
    ) -> None:
        for state in sample_positions(preset, players):
            for seat in range(state.players):
                view = state.view(seat)
                if seat == state.current_player:
                    assert view.legal_moves() == state.legal_moves()
                    assert view.legal_moves() == state.legal_moves()  # asked again (cached)
                else:
                    for _ in range(2):  # refused every time, not only the first
                        with pytest.raises(ValueError, match=r"turn|over"):
                            view.legal_moves()

    def test_a_seat_outside_the_table_has_no_view(self) -> None:
        state, _ = two_tables()
        with pytest.raises(ValueError, match="seat"):
            state.view(2)


# ------------------------------------------------------------------------------- determinize


class TestDeterminize:
    @pytest.mark.parametrize(("preset", "players"), TABLES)
    def test_a_determinized_state_looks_the_same_to_the_seat(
        self, preset: str, players: int
    ) -> None:
        rng = random.Random(players)
        for state in sample_positions(preset, players):
            for seat in range(state.players):
                assert state.determinize(seat, rng).view(seat) == state.view(seat)

    @pytest.mark.parametrize(("preset", "players"), TABLES)
    def test_a_determinized_state_holds_the_full_pack_and_the_seats_own_hand(
        self, preset: str, players: int
    ) -> None:
        rules = Rules.preset(preset)
        full = Counter(make_pack(rules.whot_cards, rules.packs))
        rng = random.Random(players)
        for state in sample_positions(preset, players):
            for seat in range(state.players):
                guess = state.determinize(seat, rng)
                assert multiset(*guess.hands, guess.pile, guess.market) == full
                assert guess.hands[seat] == state.hands[seat]
                assert [len(h) for h in guess.hands] == [len(h) for h in state.hands]
                assert guess.pile == state.pile
                assert guess.market_size == state.market_size

    def test_different_rngs_deal_the_hidden_cards_differently(self) -> None:
        state = new_game(Rules.preset("nigerian"), players=3, seed=5)
        deals = {
            (guess.hands[1], guess.hands[2], guess.market)
            for guess in (state.determinize(0, random.Random(i)) for i in range(8))
        }
        assert len(deals) == 8

    def test_the_same_rng_seed_deals_the_same_guess(self) -> None:
        state = new_game(Rules.preset("nigerian"), players=3, seed=5)
        one = state.determinize(0, random.Random(42))
        two = state.determinize(0, random.Random(42))
        assert snapshot(one) == snapshot(two)

    def test_the_guessed_hands_are_drawn_from_the_cards_the_seat_cannot_see(self) -> None:
        state = new_game(Rules.preset("british"), players=2, seed=8)  # leader plays any card
        guess = state.determinize(0, random.Random(1))
        seen = Counter(state.hands[0])
        unseen = Counter(make_pack(5, 1)) - seen
        assert Counter(guess.hands[1]) + Counter(guess.market) == unseen

    @pytest.mark.parametrize(("preset", "players"), TABLES)
    def test_one_view_determinized_again_and_again_deals_as_a_fresh_view_would(
        self, preset: str, players: int
    ) -> None:
        """A view works out its unseen cards and public log once and shares them with every
        guess (the search determinizes one view thousands of times). Playing a guess on to the
        end must not change the next guess, and a pickled view must guess the same."""
        for state in live(sample_positions(preset, players, count=6)):
            seat = state.current_player
            view = state.view(seat)
            for i in range(3):
                guess = view.determinize(random.Random(i))
                assert snapshot(guess) == snapshot(state.view(seat).determinize(random.Random(i)))
                while not guess.is_over:
                    guess.push(guess.legal_moves()[-1])  # draw until the game ends
            fresh = state.view(seat).determinize(random.Random(7))
            unpickled = pickle.loads(pickle.dumps(view))
            assert snapshot(unpickled.determinize(random.Random(7))) == snapshot(fresh)

    def test_a_determinized_state_has_no_record(self) -> None:
        """A guess at hidden cards is not a game that happened: it cannot be saved."""
        state = new_game(Rules.preset("british"), players=2, seed=8)
        with pytest.raises(ValueError, match="determinized"):
            state.determinize(0, random.Random(0)).record()


class TestCopyAndPickle:
    """States and views survive `copy.deepcopy` and `pickle` however long the game. Their logs
    are chains of nested pairs, which both would follow one level per event (and give up after
    about a thousand) if the classes did not say how to copy them."""

    @staticmethod
    def long_game() -> GameState:
        state = new_game(Rules.preset("nigerian"), players=2, seed=3)
        rng = random.Random(3)
        while len(state.moves) < 2500:
            assert not state.is_over, "seed 3 ended too soon: choose another"
            state.push(rng.choice(state.legal_moves()))  # drawing this often keeps it going
        return state

    def test_a_long_games_state_deep_copies_and_pickles_to_the_same_game(self) -> None:
        state = self.long_game()
        for other in (copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
            assert other is not state
            assert snapshot(other) == snapshot(state)
            assert other.moves == state.moves
            move = state.legal_moves()[0]
            after = state.apply(move)
            assert snapshot(other.apply(move)) == snapshot(after)
            assert other.record().to_json() == state.record().to_json()
            other.push(other.legal_moves()[-1])
            assert len(state.moves) == 2500  # the copy shares nothing that changes

    def test_a_long_games_view_deep_copies_and_pickles_to_an_equal_view(self) -> None:
        state = self.long_game()
        view = state.view(1)
        assert copy.deepcopy(view) is view  # read-only: nothing to copy
        unpickled = pickle.loads(pickle.dumps(view))
        assert unpickled == view
        assert unpickled.events == view.events
        guess = unpickled.determinize(random.Random(5))
        assert snapshot(guess) == snapshot(view.determinize(random.Random(5)))


def flipped_game() -> GameState:
    """A British game (exhausted = flip) played until just after the pile is turned over.

    Moves are chosen uniformly among all legal moves: drawing that often empties the market.
    """
    state = new_game(Rules.preset("british"), players=2, seed=4)
    rng = random.Random(4)
    for _ in range(1000):
        state = state.apply(rng.choice(state.legal_moves()))
        if any(isinstance(e, Flipped) for e in state.events) or state.is_over:
            break
    assert not state.is_over, "seed 4 ended before the pile was turned over: choose another"
    return state


class TestPublicHiddenCards:
    def test_after_a_flip_everyone_knows_the_whole_market_in_order(self) -> None:
        state = flipped_game()
        (flip,) = [e for e in state.events if isinstance(e, Flipped)]
        for seat in range(state.players):
            view = state.view(seat)
            # The market bottom is listed last drawn first; the market, next drawn first.
            assert tuple(reversed(view.market_bottom)) == state.market
            assert view.market_size == state.market_size <= flip.cards

    def test_determinize_keeps_a_flipped_market_exactly(self) -> None:
        state = flipped_game()
        for seat in range(state.players):
            for i in range(5):
                guess = state.determinize(seat, random.Random(i))
                assert guess.market == state.market

    def test_cards_drawn_from_a_flipped_market_stay_known_in_the_drawers_hand(self) -> None:
        state = flipped_game()
        rng = random.Random(0)
        while not state.is_over and not any(state.view(0).known_cards):
            state = state.apply(Move.draw())  # both seats draw from the known market
        known = state.view(0).known_cards
        assert any(known)
        for seat in range(state.players):
            assert not Counter(known[seat]) - Counter(state.hands[seat])
            for _ in range(5):
                guess = state.determinize(1 - seat, rng)
                assert not Counter(known[seat]) - Counter(guess.hands[seat])

    def test_cards_put_under_at_the_start_are_public_and_stay_at_the_bottom(self) -> None:
        # Each special card turned up goes under the ones before it, so the market ends with
        # them in the order they were turned up, and the last one turned up is drawn last.
        rules = Rules.preset("nigerian")
        state = new_game(rules, players=2, seed=8)
        under = tuple(e.card for e in state.events if isinstance(e, PutUnder))
        assert len(under) >= 2, "seed 8 should put at least two cards under: choose another"
        assert all(card.is_whot or card.number in (1, 2, 5, 8, 14) for card in under)
        k = len(under)
        assert state.market[-k:] == under
        for seat in range(state.players):
            assert state.view(seat).market_bottom == tuple(reversed(under))
            for i in range(5):
                guess = state.determinize(seat, random.Random(i))
                assert guess.market[-k:] == under
                assert guess.view(seat) == state.view(seat)


# ------------------------------------------------------------------------------- no shared state


class TestIndependence:
    @pytest.mark.parametrize(("preset", "players"), TABLES)
    def test_a_move_on_a_clone_leaves_the_original_unchanged(
        self, preset: str, players: int
    ) -> None:
        for state in live(sample_positions(preset, players)):
            before = snapshot(state)
            for move in state.legal_moves():
                copy = state.clone()
                copy.push(move)
                if not copy.is_over:
                    copy.push(Move.draw())  # and a draw after it: the market changes too
                assert snapshot(state) == before

    @pytest.mark.parametrize(("preset", "players"), TABLES)
    def test_a_move_on_the_original_leaves_a_clone_unchanged(
        self, preset: str, players: int
    ) -> None:
        for position in live(sample_positions(preset, players)):
            state = position.clone()  # the shared samples stay as they are
            copy = state.clone()
            before = snapshot(copy)
            state.push(state.legal_moves()[0])
            assert snapshot(copy) == before

    @pytest.mark.parametrize(("preset", "players"), TABLES)
    def test_apply_returns_a_new_state_and_never_changes_the_old_one(
        self, preset: str, players: int
    ) -> None:
        for state in live(sample_positions(preset, players)):
            before = snapshot(state)
            for move in state.legal_moves():
                after = state.apply(move)
                assert after is not state
                assert snapshot(state) == before

    def test_a_rejected_move_changes_nothing(self) -> None:
        state, _ = two_tables()  # circle 3 and star 7 do not match cross 11
        before = snapshot(state)
        with pytest.raises(ValueError, match="Matching"):
            state.apply("play circle 3")
        assert snapshot(state) == before

    def test_a_view_does_not_follow_the_state_it_was_taken_from(self) -> None:
        state, _ = two_tables()
        view = state.view(0)
        state.push(Move.draw())
        assert view.hand == cards("circle 3", "star 7")
        assert view.market_size == 3

    def test_changing_a_records_setup_leaves_the_game_and_its_clones_unchanged(self) -> None:
        state = new_game(Rules.preset("british"), players=2, seed=1)
        copy = state.clone()
        record = state.record()
        record.setup["deal"]["seed"] = 2  # a caller editing the record it was given
        assert state.record().setup == {"deal": {"players": 2, "seed": 1, "dealer": None}}
        assert copy.record().setup == {"deal": {"players": 2, "seed": 1, "dealer": None}}


# ------------------------------------------------------------------- a view on its own


def pickled(view):
    """The view sent elsewhere and read back: it then works out its own legal moves."""
    return pickle.loads(pickle.dumps(view))


#: Every preset, and rules whose legal moves read more of the table: several cards at once (the
#: hand itself), an answer to a pick from another number or a Whot (the rules in the mask).
READ_BACK = {
    **{preset: Rules.preset(preset) for preset in PRESETS},
    "nigerian_several_cards": Rules.preset("nigerian").replace(multiple_cards=True),
    "street_several_cards": Rules.preset("nigerian_street").replace(multiple_cards=True),
    "street_cross_defence": Rules.preset("nigerian_street").replace(cross_defence=True),
    "street_whot_cancels": Rules.preset("nigerian_street").replace(whot_cancels_pick=True),
}


@pytest.mark.parametrize("rules", READ_BACK.values(), ids=READ_BACK.keys())
def test_a_view_read_back_plays_and_explains_as_the_state_on_its_turn(rules: Rules) -> None:
    for state in live(list(positions(rules, players=3, seed=6, limit=80))[::4]):
        view = pickled(state.view(state.current_player))
        assert view.legal_moves() == state.legal_moves()
        assert view.playable_cards() == state.playable_cards()
        hand = state.hands[state.current_player]
        plays = [Move.play(card, call=Shape.STAR if card.is_whot else None) for card in hand]
        for move in [*state.legal_moves(), *plays, Move.draw()]:
            assert view.explain(move) == state.explain(move)
            assert view.explain(str(move)) == state.explain(move)


def test_a_view_of_a_finished_game_refuses_moves_in_a_whole_sentence() -> None:
    state, rng = new_game(Rules.preset("nigerian"), players=2, seed=1), random.Random(0)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
    for act in (
        lambda v: v.legal_moves(),
        lambda v: v.playable_cards(),
        lambda v: v.explain("draw"),
    ):
        with pytest.raises(ValueError) as raised:
            act(pickled(state.view(0)))
        assert str(raised.value) == "the game is over: no more moves"


def test_a_view_says_in_a_line_what_its_seat_sees() -> None:
    view = new_game(Rules.preset("nigerian"), players=3, seed=1).view(0)
    assert repr(view) == (
        "<PlayerView seat 0: hand ['circle 5', 'cross 13', 'cross 11', 'triangle 2', "
        "'circle 2'], top star 7, hands [5, 5, 5], market 38>"
    )


def test_a_determinized_state_of_two_packs_holds_both_packs() -> None:
    rules = Rules.preset("british").replace(packs=2)
    full = Counter(make_pack(rules.whot_cards, packs=2))
    for state in sample_positions_of(rules, players=4):
        for seat in range(4):
            guess = state.determinize(seat, random.Random(seat))
            assert multiset(*guess.hands, guess.pile, guess.market) == full


def sample_positions_of(rules: Rules, players: int) -> list[GameState]:
    return list(positions(rules, players, seed=3, limit=60))[::10]


@pytest.mark.parametrize(("preset", "players"), [("nigerian", 3), ("british", 2)])
def test_a_determinized_state_shows_the_seats_own_draws_and_hides_the_others(
    preset: str, players: int
) -> None:
    # Its events are the view's: the seat's own draws with their cards, the others' hidden.
    for state in sample_positions(preset, players):
        for seat in range(players):
            guess = state.determinize(seat, random.Random(seat))
            assert guess.events == state.view(seat).events
            assert any(isinstance(e, Drew) and e.cards is None for e in guess.events) or not any(
                isinstance(e, Drew) and e.seat != seat for e in state.events
            )


def test_a_determinized_state_reshuffles_with_the_64_bits_drawn_after_its_guess() -> None:
    # "The future reshuffles get a fresh seed from rng": the guess is the shuffle of the cards
    # the seat cannot see, the seed the next 64 random bits. Seat 0 must draw from an empty
    # market: the pile under the top card is shuffled into a new one with that seed.
    rules = Rules.preset("british").replace(exhausted="reshuffle")
    pile = ["circle 1", "circle 10", "triangle 1", "triangle 11", "star 1", "square 7"]
    state = GameState.from_position(
        rules, hands=[["circle 3", "triangle 4"], ["star 2", "cross 5"]], pile=pile, market=[]
    )
    for seed in range(4):
        guess = state.determinize(0, random.Random(seed))
        twin = random.Random(seed)
        shuffle_codes(twin, list(range(len(make_pack()) - 2 - len(pile))))
        same = GameState.from_position(
            rules, hands=guess.hands, pile=pile, market=[], seed=twin.getrandbits(64)
        )
        assert guess.apply("draw").market == same.apply("draw").market
        assert guess.apply("draw").hands[0] == same.apply("draw").hands[0]


@pytest.mark.parametrize(("preset", "players"), TABLES)
def test_every_seat_sees_the_table_as_the_state_shows_it(preset: str, players: int) -> None:
    for state in sample_positions(preset, players):
        for seat in range(players):
            view = state.view(seat)
            seen = (view.pile, view.top, view.called, view.current_player, view.penalty)
            assert seen == (
                state.pile,
                state.top,
                state.called,
                state.current_player,
                state.penalty,
            )
            assert (view.is_over, view.winners, view.end_reason) == (
                state.is_over,
                state.winners,
                state.end_reason,
            )


@pytest.mark.parametrize("seat", [2, -1, True, "0", 1.0])
def test_a_seat_that_is_not_at_the_table_is_refused_in_a_whole_sentence(seat) -> None:
    state, _ = two_tables()
    with pytest.raises(ValueError) as raised:
        state.view(seat)
    assert str(raised.value) == f"seat must be from 0 to 1, not {seat!r}"


def test_a_guess_at_a_position_keeps_its_market_to_the_cards_placed_in_it() -> None:
    # A position set with its market leaves the other cards out of the game; a guess deals the
    # seat's unseen cards to the other hands and a market of the same size, no more.
    state, _ = two_tables()
    for seed in range(5):
        guess = state.determinize(0, random.Random(seed))
        assert guess.market_size == 3 and [len(hand) for hand in guess.hands] == [2, 2]
        assert guess.view(0) == state.view(0)


@pytest.mark.parametrize("pile", [["circle 3"], ["circle 7", "circle 3"]])
@pytest.mark.parametrize("exhausted", ["flip", "reshuffle"])
def test_a_view_says_what_a_draw_from_an_empty_market_does(pile: list[str], exhausted: str):
    # The top card alone: nothing to refill the market with, so the draw ends the game; one
    # card under it: that card becomes the market.
    rules = Rules.preset("british").replace(exhausted=exhausted)
    state = GameState.from_position(
        rules, hands=[["triangle 4", "star 5"], ["circle 1", "square 3"]], pile=pile, market=[]
    )
    said = pickled(state.view(0)).explain("draw")
    assert said == state.explain("draw")
    assert ("nothing is under the top card" in said) == (len(pile) == 1)


@pytest.mark.parametrize("defence", ["cross_defence", "whot_cancels_pick"])
def test_a_view_read_back_answers_a_pick_as_the_rules_allow(defence: str) -> None:
    # Under cross defence a pick three answers a pick two; under `whot_cancels_pick` a Whot does.
    rules = Rules.preset("nigerian_street").replace(**{defence: True})
    hand = ["whot", "circle 5", "triangle 2", "star 7"]
    state = GameState.from_position(
        rules, hands=[hand, ["circle 1", "square 3"]], pile=["circle 2"], penalty=2
    )
    view = pickled(state.view(0))
    assert view.legal_moves() == state.legal_moves()
    assert view.playable_cards() == state.playable_cards()
    answer = Card.parse("circle 5") if defence == "cross_defence" else Card.parse("whot")
    assert answer in view.playable_cards()


def test_a_guess_after_the_pile_is_turned_over_keeps_the_markets_size() -> None:
    # The pile turned over is public, and a position's cards placed nowhere are out of the
    # game: the guess's market is the public cards left and nothing more.
    state = GameState.from_position(
        Rules.preset("british"),
        hands=[["triangle 4", "star 5"], ["circle 1", "square 3"]],
        pile=["circle 8", "circle 7", "circle 3"],
        market=[],
    ).apply("draw")  # the two cards under the top turned over; seat 0 draws one of them
    assert state.market_size == 1 and state.view(1).market_bottom == state.market
    for seat in (0, 1):
        guess = state.determinize(seat, random.Random(seat))
        assert guess.market == state.market
        assert guess.view(seat) == state.view(seat)


def test_a_seat_that_drew_twice_sees_each_of_its_draws_with_its_own_card() -> None:
    state, _ = two_tables()
    state = state.apply("draw").apply("draw").apply("draw")  # circle 12, star 1, square 2
    assert [e for e in state.view(0).events if isinstance(e, Drew)] == [
        Drew(0, 1, DrawReason.MARKET, 1, cards("circle 12")),
        Drew(1, 1, DrawReason.MARKET, 1, None),
        Drew(0, 1, DrawReason.MARKET, 1, cards("square 2")),
    ]
