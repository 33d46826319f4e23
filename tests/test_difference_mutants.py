"""The words of the differences (`teach/difference.py`): a move and where it is made, what the
next player may do, the steps shared, the rules named, and the refusals of `first_difference`.

Written to kill the mutants `make mutation MODULE=whot_core/whot/teach/difference.py` left alive
(docs/testing.md); `tests/test_difference.py` checks that the contrasts and partings are true."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from test_difference import (  # noqa: F401 (fresh_contrasts: a fixture)
    RULE_SETS,
    check_contrast,
    found,
    fresh_contrasts,
)

from whot_core import GameState, Move, Rules, Shape, new_game
from whot_core.toolkit.decisions import Decision
from whot_core.whot.engine.cards import in_nigerian_names
from whot_core.whot.engine.effects import Effect
from whot_core.whot.engine.rules import SPECIAL_NUMBERS
from whot_core.whot.teach import difference
from whot_core.whot.teach.difference import first_difference, first_rule_act, seat_players

NIGERIAN = Rules.preset("nigerian")
STREET = Rules.preset("nigerian_street")
BRITISH = Rules.preset("british")


def at(rules=NIGERIAN, hands=None, pile=("circle 11",), market=("star 7", "star 2"), **table):
    hands = hands or [["circle 3", "star 3", "whot"], ["square 3", "cross 10"]]
    return GameState.from_position(
        rules, hands=hands, pile=list(pile), market=list(market), **table
    )


def whot_calling(state: GameState, shape: str) -> Move:
    return next(
        m for m in state.legal_moves() if m.card and m.card.is_whot and m.call is Shape(shape)
    )


class TestTheLead:
    """`_lead`: the move and where it is made, as a parting's sentence begins."""

    def test_a_play_on_the_top_card_in_either_shape_names(self):
        state = at()
        play = Move.parse("play circle 3")
        assert difference._lead(state, play, False) == "Seat 0 plays circle 3 on circle 11"
        assert difference._lead(state, play, True) == "Seat 0 plays ball 3 on ball 11"

    def test_a_whot_and_its_call(self):
        state = at()
        whot = whot_calling(state, "circle")
        assert difference._lead(state, whot, False) == (
            "Seat 0 plays a Whot on circle 11, calling circle"
        )
        assert difference._lead(state, whot, True) == "Seat 0 plays a Whot on ball 11, calling ball"

    def test_a_play_on_a_whot_names_the_call(self):
        state = at().apply(whot_calling(at(), "circle")).apply("draw")
        assert difference._lead(state, Move.parse("play circle 3"), False) == (
            "Seat 0 plays circle 3 on the Whot that called circle"
        )
        assert difference._lead(state, Move.parse("play circle 3"), True) == (
            "Seat 0 plays ball 3 on the Whot that called ball"
        )

    def test_an_announced_play(self):
        state = at(STREET)
        move = Move.parse("play circle 3, semi last card")
        assert difference._lead(state, move, False) == (
            "Seat 0 plays circle 3 on circle 11 and says 'semi last card'"
        )

    @pytest.mark.parametrize(
        ("market", "words"),
        [
            (["star 7", "star 2"], "Seat 0 goes to market"),
            (["star 7"], "Seat 0 goes to market and takes the market's last card"),
            ([], "Seat 0 goes to market with the market empty"),
        ],
    )
    def test_going_to_market(self, market, words):
        assert difference._lead(at(market=market), Move.draw(), False) == words

    @pytest.mark.parametrize(
        ("market", "words"),
        [
            (["star 7", "star 2", "cross 1"], "Seat 0 draws instead of answering the pick"),
            (["star 7"], "Seat 0 draws instead of answering the pick"),
        ],
    )
    def test_drawing_a_pick(self, market, words):
        hands = [["circle 3", "star 3"], ["square 3", "cross 10"]]
        state = at(STREET, hands, pile=["circle 2"], market=market, penalty=2)
        assert difference._lead(state, Move.draw(), False) == words


class TestTheNextMoves:
    def test_plays_listed_once_each_then_the_draw(self):
        assert difference._next_moves(at(), False) == (
            "Seat 0 may play circle 3 or a Whot, or draw"
        )
        two = at(hands=[["circle 3", "star 3"], ["square 3"]])
        assert difference._next_moves(two, False) == "Seat 0 may play circle 3 or draw"

    def test_only_a_draw(self):
        state = at(hands=[["star 3", "star 4"], ["square 3"]])
        assert difference._next_moves(state, False) == "Seat 0 can only draw"

    def test_must_play(self):
        state = at(NIGERIAN.replace(must_play=True))
        assert difference._next_moves(state, True) == (
            "Seat 0 must play ball 3 or a Whot and may not draw"
        )


class TestWords:
    def test_the_steps_shared(self):
        assert difference._steps(0) == "At the first move"
        assert difference._steps(1) == "After 1 shared move"
        assert difference._steps(2) == "After 2 shared moves"
        assert difference._steps(3) == "After 3 shared moves"

    def test_the_rules_that_make_the_difference(self):
        assert difference._with_toggles("The games part.", ()) == "The games part."
        assert difference._with_toggles("The games part.", ["hold_on"]) == (
            "The games part. The rule that makes the difference: hold on does."
        )
        assert difference._with_toggles("The games part.", ["hold_on", "defence", "must_play"]) == (
            "The games part. The rules that make the difference: hold on does, defence and must "
            "play when a card fits."
        )

    def test_a_reason_without_the_players_name(self):
        assert difference._reason("Heuristic — make them pay: seat 1 has one card.") == (
            "make them pay: seat 1 has one card"
        )
        assert difference._reason("Random: draw was picked at random.") == (
            "Random: draw was picked at random"
        )
        assert difference._reason("Search — play circle 7: won 62% — of 620.") == (
            "play circle 7: won 62% — of 620"
        )

    def test_two_choices_each_with_its_reason(self):
        choices = (
            Decision(Move.draw(), "Heuristic — nothing fits."),
            Decision(Move.parse("play circle 3"), "Random: circle 3 was picked."),
        )
        assert difference._choice_text(3, 1, choices, ("rules A", "rules B"), True) == (
            "After 3 shared moves Seat 1 chooses differently: under rules A it goes to market "
            "(nothing fits); under rules B it plays ball 3 (Random: ball 3 was picked)."
        )

    def test_two_deals_alike_but_for_the_cards(self):
        # British rules, deals 1 and 5: six cards each, the leader starts, the same seat leads.
        one, five = new_game(BRITISH, 2, 1), new_game(BRITISH, 2, 5)
        assert one.hands != five.hands and one.current_player == five.current_player
        assert difference._deal_text(one, five, ("rules A", "rules B"), False) == (
            "The deal differs: the same number of cards, but not the same cards."
        )

    def test_sentences_start_with_capitals(self):
        assert difference._sentence("seat 0 plays. then seat 1! why? a score of 0.5 each") == (
            "Seat 0 plays. Then seat 1! Why? A score of 0.5 each"
        )


class TestFirstDifferenceRefuses:
    def test_equal_rules(self):
        with pytest.raises(ValueError, match=r"^the two rule sets are the same: every deal plays"):
            first_difference(NIGERIAN, NIGERIAN)

    def test_a_level_for_every_seat(self):
        with pytest.raises(ValueError, match=r"^levels: one AI level per seat, so 2, not 1$"):
            first_difference(NIGERIAN, BRITISH, levels=("heuristic",))


@pytest.mark.parametrize(
    ("rules_a", "rules_b", "toggle", "number", "words"),
    [
        ("nigerian", "british", "hand_size", None,
         "Hand size does not act during play: it changes the deal (one deal played under both "
         "rule sets shows it)"),
        ("nigerian", "british", "match", None,
         "Match format does not act during play: it changes how games make a match, not a game"),
        ("nigerian", "british", "nope", None,
         "unknown toggle 'nope'; the ones that act in play are: specials, hold_on, "
         "hold_on_free_follow, defence, cross_defence, whot_cancels_pick, star8_double, "
         "general_market_again, must_play, multiple_cards, win_on_special, announcements, "
         "exhausted, star_double"),
        ("nigerian", "naija_tournament", "specials", None,
         "Special cards: both rule sets give every number the same effect"),
        ("nigerian", "nigerian_1970s", "specials", 1,
         "Special cards: the 1 is hold on under both rule sets; the numbers that differ are 2, "
         "4, 5, 8, 14"),
        ("nigerian", "nigerian_1970s", "specials", 3,
         "Special cards: the 3 is plain under both rule sets; the numbers that differ are 2, 4, "
         "5, 8, 14"),
        ("nigerian", "nigerian_street", "defence", 2,
         "number: only the specials toggle is compared card number by number"),
        ("british", "nigerian", "defence", None, "Defence: off, under both rule sets"),
        ("british", "nigerian_street", "defence", None,
         "Defence changes nothing under rules A: no card is a pick two or a pick three"),
        ("nigerian_street", "british", "defence", None,
         "Defence changes nothing under rules B: no card is a pick two or a pick three"),
    ],
)  # fmt: skip
def test_a_contrast_refused_says_why_word_for_word(rules_a, rules_b, toggle, number, words):
    with pytest.raises(ValueError) as refused:
        difference.contrast(Rules.preset(rules_a), Rules.preset(rules_b), toggle, number=number)
    assert str(refused.value) == words


class TestGamesThatDoNotPart:
    def test_played_alike_to_the_end(self):
        parted = first_difference(NIGERIAN, NIGERIAN.replace(match="tournament"), seed=3)
        assert parted.text == (
            "The two rule sets play the same game from this deal: all 34 moves and everything "
            "they cause are the same. Check up! Seat 0 has no cards left and wins."
        )

    def test_alike_up_to_the_last_move_looked_at(self):
        counted = NIGERIAN.replace(exhausted="count")
        parted = first_difference(NIGERIAN, counted, seed=0, levels="random", max_moves=3)
        assert parted.text == "The two games are still the same after 3 moves, where this stops."


class TestNigerianNames:
    """With `nigerian`, every card and shape a parting names is in Nigerian names (circle is
    ball, triangle angle, square carpet)."""

    @pytest.mark.parametrize(
        ("seed", "start"),
        [
            (0, "ball 11 is turned up to start the pile (the 2 cards turned up first went "
                "under the market)"),
            (4, "ball 4 is turned up to start the pile (the card turned up first went under the "
                "market)"),
        ],
    )  # fmt: skip
    def test_a_deal_that_differs(self, seed, start):
        parted = first_difference(BRITISH, NIGERIAN, seed=seed, nigerian=True)
        assert parted.kind == "deal"
        assert parted.text.startswith(
            "The deal differs: under rules A, 6 cards each and the leader starts the pile; "
            f"under rules B, 5 cards each and {start}. The special cards differ too: "
        )

    def test_a_choice_that_differs(self):
        # Three seats, hold on: play again (A) or skip the next seat (B).
        rules_b = NIGERIAN.replace(hold_on="skip_next")
        parted = first_difference(
            NIGERIAN, rules_b, players=3, seed=1, levels="heuristic", nigerian=True
        )
        assert parted.kind == "choice"
        assert (str(parted.move_a), str(parted.move_b)) == ("play triangle 1", "play triangle 5")
        assert parted.text.startswith(
            "After 18 shared moves Seat 1 chooses differently: under rules A it plays angle 1 ("
        )
        assert "; under rules B it plays angle 5 (" in parted.text
        for state, move, after in [
            (parted.state_a, parted.move_a, parted.after_a),
            (parted.state_b, parted.move_b, parted.after_b),
        ]:
            assert after.events == state.apply(move).events
        reason_a, reason_b = parted.reasons
        assert reason_a.startswith("Heuristic — play hold on only with a follow-up: ")
        assert reason_b.startswith("Heuristic — make them pay: triangle 5 is pick three")

    @staticmethod
    def lines(rules, seed: int, moves: int = 8):
        out = []
        for each in rules:
            state, players = new_game(each, 2, seed), seat_players(("heuristic",) * 2, seed)
            line = [state]
            while not state.is_over and len(line) <= moves:
                seat = state.current_player
                state = state.apply(players[seat].choose(state.view(seat)).move)
                line.append(state)
            out.append(line)
        return out

    def test_the_first_rule_of_play_to_act(self):
        rules = (BRITISH, NIGERIAN)
        lines = self.lines(rules, seed=1)
        act = first_rule_act(rules, lines)
        assert (act.side, act.step) == (0, 1)
        assert act.text == (
            "At move 2 under rules A, Seat 1 plays circle 8 on circle 10: under rules A, nothing "
            "more happens, then Seat 0 plays next; under the rules of play of rules B, Seat 0 "
            "misses a turn, then Seat 1 plays next. The rule that makes the difference: special "
            "cards."
        )
        assert first_rule_act(rules, lines, nigerian=True).text.startswith(
            "At move 2 under rules A, Seat 1 plays ball 8 on ball 10: "
        )
        narrated = first_rule_act(rules, self.lines(rules, seed=0), nigerian=True).text
        assert "then Seat 1 draws 1 card (ball 11), then Seat 1 plays next" in narrated


def test_when_both_games_act_at_the_same_move_rules_a_is_named():
    rules = (BRITISH, NIGERIAN)
    lines = TestNigerianNames.lines(rules, seed=0)
    only_b = first_rule_act(rules, [lines[0][:1], lines[1]])
    only_a = first_rule_act(rules, [lines[0], lines[1][:1]])
    assert (only_a.side, only_a.step) == (0, 3) and (only_b.side, only_b.step) == (1, 3)
    act = first_rule_act(rules, lines)
    assert (act.side, act.step) == (0, 3) and act.text == only_a.text


class TestWhatAMoveDoesInPlay:
    """`_acts`: whether a move on this table does something else under other rules of play."""

    def test_the_count_when_a_draw_ends_the_game(self):
        # An empty market, nothing under the top card: the draw ends the game with a count, and
        # seat 0 wins either way. Its stars counted double or not: 10 or 7 points (seat 1: 15).
        counted = NIGERIAN.replace(exhausted="count")
        hands = [["star 3", "circle 4"], ["cross 10", "square 5"]]
        state = at(counted, hands, market=[])
        doubled = counted.replace(star_double=not counted.star_double)
        assert difference._acts(state, Move.draw(), counted, doubled)

    def test_the_market_as_it_is(self):
        # The market is empty: British rules turn the pile over, counting ends the game.
        hands = [["star 3", "star 4"], ["square 3", "cross 5"]]
        state = at(BRITISH, hands, pile=["circle 10", "circle 7", "circle 11"], market=[])
        assert difference._acts(state, Move.draw(), BRITISH, BRITISH.replace(exhausted="count"))

    def test_the_shape_a_whot_called(self):
        hands = [["circle 1", "star 3", "cross 7"], ["square 3", "cross 10"], ["star 4"]]
        state = at(NIGERIAN, hands, pile=["circle 11", "whot"], called="circle")
        skip = NIGERIAN.replace(hold_on="skip_next")
        assert difference._acts(state, Move.parse("play circle 1"), NIGERIAN, skip)

    def test_a_pick_waiting(self):
        hands = [["whot", "star 3", "cross 7"], ["square 3", "cross 10"]]
        state = at(
            STREET, hands, pile=["circle 2"], market=["star 7", "star 2", "cross 1"], penalty=2
        )
        cancels = STREET.replace(whot_cancels_pick=not STREET.whot_cancels_pick)
        assert difference._acts(state, Move.parse("play whot call star"), STREET, cancels)

    def test_a_table_the_other_rules_cannot_hold_is_no_act(self):
        # A pick waits only under defence: without it the table cannot be set at all.
        hands = [["circle 3", "star 3"], ["square 3", "cross 10"]]
        state = at(STREET, hands, pile=["circle 2"], market=["star 7", "star 2"], penalty=2)
        assert not difference._acts(state, Move.draw(), STREET, STREET.replace(defence=False))


#: One case of `tests/test_difference.py`'s sweep for each toggle and each pair of its values
#: in either order (for special cards, each card number and pair of effects): the sweep, 828
#: contrasts of special cards alone, is left out of a quick mutation pass (`sweep`, MUTATION_QUICK).
ONE_CASE_EACH = [
    *[("specials", n, "british", "nigerian") for n in (1, 2, 5, 8, 14)],
    *[("specials", n, "nigerian", "british") for n in (1, 2, 5, 8, 14)],
    ("specials", 4, "british", "nigerian_1970s"),
    ("specials", 4, "nigerian_1970s", "british"),
    ("hold_on", None, "nigerian", "nigerian+skip_next"),
    ("hold_on", None, "nigerian+skip_next", "nigerian"),
    ("hold_on_free_follow", None, "nigerian", "nigerian_1970s"),
    ("hold_on_free_follow", None, "nigerian_1970s", "nigerian"),
    ("defence", None, "nigerian", "nigerian_street"),
    ("defence", None, "nigerian_street", "nigerian"),
    ("cross_defence", None, "nigerian_street", "street+cross_and_whot"),
    ("cross_defence", None, "street+cross_and_whot", "nigerian_street"),
    ("whot_cancels_pick", None, "nigerian_street", "street+cross_and_whot"),
    ("whot_cancels_pick", None, "street+cross_and_whot", "nigerian_street"),
    ("star8_double", None, "nigerian", "nigerian_street"),
    ("star8_double", None, "nigerian_street", "nigerian"),
    ("general_market_again", None, "nigerian", "street+market_again"),
    ("general_market_again", None, "street+market_again", "nigerian"),
    ("must_play", None, "british", "british+must_play"),
    ("must_play", None, "british+must_play", "british"),
    ("multiple_cards", None, "british", "nigerian+multiple_cards"),
    ("multiple_cards", None, "nigerian+multiple_cards", "british"),
    ("win_on_special", None, "british", "british-win_on_special"),
    ("win_on_special", None, "british-win_on_special", "british"),
    *[("announcements", None, a, b) for a, b in itertools.permutations(
        ("british", "nigerian", "nigerian_street"), 2)],
    *[("exhausted", None, a, b) for a, b in itertools.permutations(
        ("british", "british_modern", "british+count", "british+count_at_once"), 2)],
    ("star_double", None, "british", "nigerian"),
    ("star_double", None, "nigerian", "british"),
]  # fmt: skip


def test_one_contrast_for_each_toggle_and_pair_of_values_is_true():
    """The sweep's checks (`check_contrast`) on `ONE_CASE_EACH`: each is shown, not refused, and
    between them every toggle that acts in play, with every pair of its values."""
    seen = set()
    for case in ONE_CASE_EACH:
        check_contrast(*case)
        shown = found(*case)
        assert not isinstance(shown, str), (case, shown)
        seen.add((case[0], case[1], *map(str, shown.values)))
    assert {toggle for toggle, *_ in seen} == set(difference.PLAY_TOGGLES)
    assert len(seen) == len(ONE_CASE_EACH)


class TestTheChoiceReplayedForTheRulesNamed:
    """At a choice, the rules named are found by replaying the player's choice from a copy kept
    before it chose (`_step`'s snapshot): a search player's generator must not be shared with the
    player that goes on, nor taken from the other game's player, whose simulations ran under
    other rules."""

    def test_must_play_alone_makes_a_search_player_draw_or_play(self):
        rules_b = NIGERIAN.replace(must_play=True, star_double=not NIGERIAN.star_double)
        parted = first_difference(NIGERIAN, rules_b, seed=9, levels="search", simulations=6)
        assert (parted.kind, parted.step) == ("choice", 10)
        assert (str(parted.move_a), str(parted.move_b)) == ("draw", "play circle 3")
        assert parted.toggles == ("must_play",)

    def test_each_replay_of_the_choice_starts_from_the_same_generator(self):
        """Deal 1: at the first move only must play changes the search's choice; each toggle's
        replays (under the rules and with the toggle swapped) start from their own copy of the
        player kept before it chose, so a replay does not move the next one's generator on."""
        rules_b = NIGERIAN.replace(must_play=True, star_double=not NIGERIAN.star_double)
        parted = first_difference(NIGERIAN, rules_b, seed=1, levels="search", simulations=6)
        assert (parted.kind, parted.step, parted.toggles) == ("choice", 0, ("must_play",))
        assert parted.text.endswith(
            " The rule that makes the difference: must play when a card fits."
        )

    def test_both_rules_change_the_first_choice_of_four_search_players(self):
        rules_b = NIGERIAN.replace(multiple_cards=True, hold_on="skip_next")
        parted = first_difference(
            NIGERIAN, rules_b, players=4, seed=2, levels="search", simulations=6
        )
        assert (parted.kind, parted.step) == ("choice", 0)
        assert (str(parted.move_a), str(parted.move_b)) == ("draw", "play whot call star")
        assert parted.toggles == ("hold_on", "multiple_cards")


def shown_at(shown) -> str:
    """The position and move a contrast shows, in one line: the move on the top card, each
    hand, the cards under the top card and the market."""
    state = shown.state_a
    hands = " / ".join(", ".join(map(str, hand)) for hand in state.hands)
    under = ", ".join(map(str, state.pile[:-1]))
    market = ", ".join(map(str, state.market))
    return f"{shown.move} on {state.pile[-1]} | {hands} | under: {under} | market: {market}"


#: Seat limits for the rule sets of `MORE_CASES`: `nigerian@max3` is Nigerian rules for at most
#: three players.
SEAT_LIMITS = {
    "max2": {"max_players": 2},
    "max3": {"max_players": 3},
    "min3": {"min_players": 3},
    "min4": {"min_players": 4},
}


def _without(name: str, number: int) -> Rules:
    specials = dict(RULE_SETS[name].specials)
    del specials[number]
    return RULE_SETS[name].replace(specials=specials)


#: Rule sets whose pick cards differ: Nigerian rules with the 2 plain (only the 5 picks), street
#: rules with the 5 plain (only the 2 picks).
ONE_PICK = {"nigerian-2": _without("nigerian", 2), "street-5": _without("nigerian_street", 5)}


def rules_named(name: str) -> Rules:
    """A rule set of the sweep or of `ONE_PICK`, with its seats limited after an `@`."""
    base, _, seats = name.partition("@")
    rules = ONE_PICK[base] if base in ONE_PICK else RULE_SETS[base]
    return rules.replace(**SEAT_LIMITS[seats]) if seats else rules


#: More contrasts pinned: where a change in the table the search builds for a toggle (how many
#: players, cards in a hand, in the market or under the top card; the cards that carry the
#: toggle; which move is tried first), in the kind of difference it prefers, or in how it ranks
#: positions and settles for the best found when none is perfect (the last four) would show
#: another position. Each would move with one of those changes (found by planting them), which
#: the cases of `ONE_CASE_EACH` do not all notice.
MORE_CASES = [
    ("multiple_cards", None, "british+must_play", "nigerian+multiple_cards"),
    ("multiple_cards", None, "nigerian+multiple_cards", "nigerian_1970s"),
    ("win_on_special", None, "british-win_on_special", "nigerian_1970s"),
    ("win_on_special", None, "british+count_at_once", "nigerian-win_on_special"),
    ("win_on_special", None, "british+count@min4", "british-win_on_special@min4"),
    ("announcements", None, "british+count_at_once", "british+penalty"),
    ("exhausted", None, "british+count_at_once", "british+must_play"),
    ("exhausted", None, "british+count_at_once", "nigerian"),
    ("exhausted", None, "british+count", "nigerian"),
    ("exhausted", None, "british+must_play", "nigerian+count"),
    ("exhausted", None, "british+penalty@max2", "nigerian_street@max2"),
    ("general_market_again", None, "nigerian_street", "street+market_again"),
    ("must_play", None, "british+must_play", "nigerian"),
    ("hold_on_free_follow", None, "nigerian_1970s", "nigerian_street"),
    ("hold_on", None, "nigerian+count", "street+skip_next"),
    ("star_double", None, "british+count_at_once@min3", "nigerian+count@min3"),
    ("star8_double", None, "naija_tournament@max3", "nigerian_street@max3"),
    ("defence", None, "nigerian", "street-5"),
    ("defence", None, "nigerian-2", "street-5"),
    ("specials", 2, "nigerian_street", "british+must_play"),
    ("specials", 5, "british+penalty", "nigerian"),
    ("win_on_special", None, "british+must_play", "british-win_on_special"),
    ("specials", 1, "british", "nigerian_1970s"),
]


def pinned(case):
    """The contrast of a case of `ONE_CASE_EACH` or `MORE_CASES` (ValueError if refused)."""
    toggle, number, name_a, name_b = case
    if name_a in RULE_SETS and name_b in RULE_SETS:
        shown = found(*case)
        if isinstance(shown, str):
            raise ValueError(shown)
        return shown
    return difference.contrast(rules_named(name_a), rules_named(name_b), toggle, number=number)


def test_each_contrast_shows_the_same_position_move_and_words_as_before():
    """`contrast` is seeded: for each of `ONE_CASE_EACH` and `MORE_CASES` it shows the position,
    the move and the sentence kept in tests/golden/contrasts/contrasts.json
    (tests/golden/make_contrasts.py writes it, only for an intended change in the search or the
    words)."""
    golden = Path(__file__).parent / "golden" / "contrasts" / "contrasts.json"
    golden = json.loads(golden.read_text(encoding="utf-8"))
    assert [tuple(row["case"]) for row in golden] == ONE_CASE_EACH + MORE_CASES
    for row in golden:
        shown = pinned(tuple(row["case"]))
        assert shown_at(shown) == row["shown"], row["case"]
        assert shown.text == row["text"], row["case"]


def test_an_effect_that_differs_is_told_in_the_names_asked_for_with_both_states():
    """Where the same move does different things (`effect`): the sentence in Nigerian names, the
    rule named, and the state after the move in each game."""
    rules_b = NIGERIAN.replace(general_market_again=True)
    parted = first_difference(NIGERIAN, rules_b, seed=1, nigerian=True)
    assert (parted.kind, parted.step, parted.toggles) == ("effect", 25, ("general_market_again",))
    assert parted.text == (
        "After 25 shared moves Seat 0 plays carpet 14 on carpet 1: under rules A, general market! "
        "Everyone but Seat 0 draws one, then Seat 1 draws 1 card (angle 4), then Seat 1 plays "
        "next; under rules B, general market! Everyone but Seat 0 draws one, then Seat 1 draws 1 "
        "card (angle 4), then Seat 0 plays next. The rule that makes the difference: general "
        "market plays again."
    )
    assert parted.move_a == parted.move_b
    assert parted.after_a.events == parted.state_a.apply(parted.move_a).events
    assert parted.after_b.events == parted.state_b.apply(parted.move_b).events
    assert (parted.after_a.current_player, parted.after_b.current_player) == (1, 0)


def test_special_cards_without_a_number_compare_the_first_that_differs():
    shown = difference.contrast(BRITISH, NIGERIAN, "specials")
    assert shown.number == 1
    assert shown.values == (None, NIGERIAN.specials[1])


def test_rule_sets_that_seat_no_number_of_players_alike_are_refused():
    two = NIGERIAN.replace(max_players=2)
    three = STREET.replace(min_players=3)
    with pytest.raises(ValueError) as refused:
        difference.contrast(two, three, "defence")
    assert str(refused.value) == "no number of players is allowed by both rule sets"
    assert difference.contrast(two, STREET, "defence").state_a.players == 2  # one number alike


#: Every number special (the ones plain in Nigerian rules a suspension), going out on one allowed:
#: these rules cannot take going out on a special card off alone (nobody could go out).
EVERY_NUMBER_SPECIAL = NIGERIAN.replace(
    specials={n: NIGERIAN.specials.get(n, Effect.SUSPENSION) for n in SPECIAL_NUMBERS}
)


@pytest.mark.parametrize("every_first", [True, False])
def test_going_out_on_a_special_card_is_shown_where_one_side_cannot_change_it_alone(every_first):
    """The other value set alone on one side makes rules nobody can play: the contrast is found
    with the other side's swap alone, and says what the engine did."""
    others = NIGERIAN.replace(win_on_special=False)
    pair = (EVERY_NUMBER_SPECIAL, others) if every_first else (others, EVERY_NUMBER_SPECIAL)
    shown = difference.contrast(*pair, "win_on_special")
    assert (shown.toggle, shown.number, shown.values) == (
        "win_on_special",
        None,
        (every_first, not every_first),
    )
    assert shown_at(shown) == (
        "play circle 8 on circle 11 | circle 8 / cross 2, square 10 | under:  | market: cross 7, "
        "cross 1, cross 3, cross 5, triangle 7"
    )
    allowed = "check up! Seat 0 has no cards left and wins"
    refused = (
        "it is not allowed (going out: these rules let nobody go out on a special card, so you "
        "may not play your last card when it is a special card or a Whot; draw instead)"
    )
    on, off = (allowed, refused) if every_first else (refused, allowed)
    may, may_not = "going out on a special card allowed", "no going out on a special card"
    assert shown.text == (
        f"Seat 0 plays circle 8 on circle 11: under rules A ({may if every_first else may_not}), "
        f"{on}; under rules B ({may_not if every_first else may}), {off}."
    )


def test_a_contrast_in_nigerian_names_is_the_same_sentence_in_those_names():
    """Every card, shape, refusal and next move a contrast names is in the names asked for: with
    `nigerian`, the sentence is the English one with circle, triangle and square as ball, angle
    and carpet (for each case of `ONE_CASE_EACH`)."""
    for toggle, number, name_a, name_b in ONE_CASE_EACH:
        a, b = RULE_SETS[name_a], RULE_SETS[name_b]
        english = difference.contrast(a, b, toggle, number=number).text
        nigerian = difference.contrast(a, b, toggle, number=number, nigerian=True).text
        assert nigerian == in_nigerian_names(english), (toggle, number, name_a, name_b)
    shown = difference.contrast(NIGERIAN, STREET, "defence", nigerian=True)
    assert shown.text.startswith(
        "Seat 0 plays star 5 on ball 5: under rules A (no answering a pick with another card of "
        "its number), Seat 1 picks three (ball 8, cross 1, carpet 11), "
    )


class TestFirstDifferenceDefaults:
    """What `first_difference` does with only the two rule sets given (as the notebooks call
    it): deal 0, two heuristic players, the English names."""

    def test_deal_0_in_english_names(self):
        parted = first_difference(BRITISH, NIGERIAN)
        assert parted.text == first_difference(BRITISH, NIGERIAN, seed=0, nigerian=False).text
        assert parted.text.startswith(
            "The deal differs: under rules A, 6 cards each and the leader starts the pile; under "
            "rules B, 5 cards each and circle 11 is turned up to start the pile (the 2 cards "
            "turned up first went under the market)."
        )

    def test_search_players_search_100_simulations_and_a_fresh_set_chooses_alike(self):
        """With search players and no budget given, each searches 100 simulations (its reason
        says so), in `first_difference` and in `seat_players` alike: a fresh set of players
        makes the same choice, with the same reason, as the game that parted."""
        rules_b = NIGERIAN.replace(multiple_cards=True, hold_on="skip_next")
        parted = first_difference(NIGERIAN, rules_b, players=4, seed=2, levels="search")
        assert (parted.kind, parted.step, parted.toggles) == ("choice", 0, ("hold_on",))
        assert all("(of 100 in all)" in reason for reason in parted.reasons)
        seat = parted.state_a.current_player
        fresh = seat_players(("search",) * 4, 2)[seat].choose(parted.state_a.view(seat))
        assert (fresh.move, fresh.reason) == (parted.move_a, parted.reasons[0])


def test_a_rule_found_responsible_on_the_side_that_can_take_the_other_value():
    """Every number special under rules B: rules A (going out on a special card off) cannot take
    B's special cards alone, but B can take A's, and that changes the deal (the pile starts
    otherwise): special cards are the rule that makes the difference."""
    parted = first_difference(NIGERIAN.replace(win_on_special=False), EVERY_NUMBER_SPECIAL)
    assert (parted.kind, parted.toggles) == ("deal", ("specials",))


def test_a_card_that_does_the_same_with_two_players_is_refused_after_the_search():
    """With two players, a suspension (the next player misses a turn) and hold on (play again)
    both give seat 0 the next turn: no small position shows the 8 differ, and the refusal says
    so."""
    two = NIGERIAN.replace(max_players=2)
    held = two.replace(specials=dict(two.specials) | {8: Effect.HOLD_ON})
    with pytest.raises(ValueError) as refused:
        difference.contrast(two, held, "specials", number=8)
    assert str(refused.value) == (
        "Special cards: no small position shows a difference between these two rule sets"
    )


def test_rules_that_act_only_together_are_all_named_but_the_seats_and_the_match():
    """Deal 45, four random players: with must play and several cards at once, seat 2 picks
    another card at its ninth move; with either alone it would pick the same card as under British
    rules (the pick among the legal moves lands on it). Both are named; the match format and the
    numbers of players, which differ too, change nothing in a game and are not."""
    rules_b = BRITISH.replace(
        must_play=True,
        multiple_cards=True,
        match="tournament",
        min_players=3,
        max_players=BRITISH.max_players - 1,
    )
    assert list(BRITISH.diff(rules_b)) == [
        "must_play", "multiple_cards", "match", "min_players", "max_players"
    ]  # fmt: skip
    parted = first_difference(BRITISH, rules_b, players=4, seed=45, levels="random")
    assert (parted.kind, parted.step) == ("choice", 8)
    assert parted.toggles == ("must_play", "multiple_cards")
    assert parted.text.endswith(
        " The rules that make the difference: must play when a card fits and several cards of "
        "one number."
    )


def test_a_replay_that_ends_before_the_step_or_refuses_its_move_is_a_result_of_its_own():
    """`_step_result`, which `_responsible` asks of each rule set with one toggle swapped: a
    game the swap ends before the parting step is "over" with the table as it stands, and a
    parting move the swap refuses is None, each a result to compare, never a crash."""
    rules = Rules.preset("nigerian")
    game = difference._Game(rules, rules, 2, 3, ("random", "random"), 10)
    state, moves = new_game(rules, 2, 3), []
    while not state.is_over:
        move = state.legal_moves()[0]
        moves.append(move)
        state = state.apply(move)
    ended = difference._step_result(rules, game, tuple(moves), "effect", None, Move.draw())
    assert ended == ("over", difference._public(state))
    start = new_game(rules, 2, 3)
    held = set(start.hand(start.current_player))
    stranger = next(c for c in start.hand(1 - start.current_player) if c not in held)
    refused = Move.parse(f"play {stranger}")
    assert not start.is_legal(refused)
    assert difference._step_result(rules, game, (), "effect", None, refused) is None
    played = start.legal_moves()[0]
    assert difference._step_result(rules, game, (), "effect", None, played) == difference._public(
        start.apply(played)
    )
