"""What a comparison found: the paired tests of every measure, the plain summary, the charts'
readings, and the measures of a rule set (seats, skill, the worth of a special card)."""

from __future__ import annotations

import functools
import math
import re
from concurrent.futures import ThreadPoolExecutor

import pandas as pd
import pytest
from helpers import code_names

from whot_core import Rules, new_game
from whot_core.whot.app import comparison as app_comparison
from whot_core.whot.app import readings as app_readings
from whot_core.whot.app import verdict as app_verdict
from whot_core.whot.engine.effects import Effect
from whot_core.whot.players import LEVELS
from whot_core.whot.players.heuristic import HeuristicPlayer
from whot_core.whot.players.rule_measures import (
    Share,
    Without,
    _share_of,
    seat_shares,
    skill_share,
    special_worth,
)
from whot_core.whot.players.simulate import MOVE_LIMIT, compare, simulate, wilson_interval

P = Rules.preset
LABELS = ("the British rules", "the Nigerian rules")


@pytest.fixture(scope="module")
def british_nigerian():
    return compare(P("british"), P("nigerian"), ["random"] * 2, 200, 1, labels=LABELS)


@pytest.fixture(scope="module")
def same_rules():
    return compare(P("british"), P("british"), ["random"] * 2, 60, 1, labels=("A", "B"))


def test_each_measure_is_compared_deal_by_deal(british_nigerian):
    tests = app_verdict.paired_tests(british_nigerian, 1)
    a, b = british_nigerian.games
    moves = tests["moves"]
    assert moves.mean_a == pytest.approx(a["moves"].mean())
    assert moves.difference == pytest.approx((b["moves"] - a["moves"]).mean())
    assert moves.low < moves.difference < moves.high and moves.differs
    assert moves.method == "paired t test" and tests["count"].method == "McNemar's exact test"
    # the correction: each adjusted p at least the p, and the order of the ps kept
    assert all(t.adjusted >= t.p for t in tests.values())
    # the leader's share counts only the deals finished under both rule sets
    finished = (a["end_reason"] != "move_limit") & (b["end_reason"] != "move_limit")
    assert tests["leader"].mean_a == pytest.approx(a["first_seat_share"][finished].mean())


def test_the_same_rules_differ_in_nothing(same_rules):
    tests = app_verdict.paired_tests(same_rules)
    assert not any(t.differs for t in tests.values())
    assert all(t.p == 1.0 and t.difference == 0 for t in tests.values())
    summary = app_verdict.plain_summary(same_rules, tests)
    assert "about as long" in summary[0] and "no clear difference" in summary[0]
    assert all("a clear difference" not in sentence for sentence in summary)


def test_the_plain_summary_gives_sizes_and_defines_its_terms(british_nigerian):
    summary = app_verdict.plain_summary(british_nigerian, seed=1)
    assert 3 <= len(summary) <= 5
    length, leader, draws, *rest = summary
    a, b = (g["moves"].mean() for g in british_nigerian.games)
    assert length.startswith("Games under the Nigerian rules last about ")
    said = re.search(
        r"about ([\d.]+) times as long as .*\(([\d.]+) against ([\d.]+) moves on average", length
    )
    assert said, length
    times, b_said, a_said = (float(x) for x in said.groups())
    assert b_said == pytest.approx(b, abs=0.5) and a_said == pytest.approx(a, abs=0.5)
    assert f"{b_said / a_said:.1f}" == f"{times:.1f}"  # the means shown divide to the ratio said
    assert "very likely between" in length and "a move is one card played" in length
    assert "The leader (the player who moves first in the deal)" in leader
    assert "an even share would be 50%" in leader
    assert "comes from pick two and pick three" in draws
    # every player's draws in a game, and said so (the measure is not one player's)
    drawn = [g["drawn"].mean() for g in british_nigerian.games]
    assert draws.startswith(f"In a game the players draw {drawn[0]:.0f} cards from the market "
                            f"between them under ")  # fmt: skip
    assert f" and {drawn[1]:.0f} under " in draws
    assert "real choice" in rest[-1]
    for sentence in summary:
        assert not code_names(sentence), sentence
        assert sentence.endswith(".") and len(sentence.split()) < 70


def test_the_full_table_has_every_measure_in_words(british_nigerian):
    tests = app_verdict.paired_tests(british_nigerian, 1)
    rows = app_verdict.verdict_rows(british_nigerian, tests)
    assert len(rows) == len(tests)
    moves = next(r for r in rows if r["measure"] == "moves per game")
    assert moves["clear?"] == "yes" and moves["p, corrected"] == "below 0.001"
    for row in rows:
        assert not code_names(row["measure"]), row


def test_the_readings_say_what_the_charts_show(british_nigerian):
    tests = app_verdict.paired_tests(british_nigerian, 1)
    assert app_readings.endings_reading(british_nigerian, tests).startswith(
        "Under both rule sets every"
    )
    lead = app_readings.lead_reading(british_nigerian, tests)
    a, b = (g["lead_changes"].mean() for g in british_nigerian.games)
    assert f"{a:.1f} times a game under the British rules and {b:.1f}" in lead
    seats = app_readings.seats_reading(british_nigerian)
    shares = seat_shares(british_nigerian.games[0])
    assert f"under the British rules, {100 * shares[0]:.0f}%" in seats


def test_seat_shares_count_wins_in_order_of_play():
    games = pd.DataFrame(
        {
            "players": [3, 3, 3, 3],
            "leader": [1, 2, 0, 1],
            "winner_seats": [(1,), (0,), (2,), (2, 0)],
            "end_reason": ["check_up", "check_up", "check_up", "count"],
        }
    )
    # Game 1: the leader won. Game 2: seat 0 is 1 after the leader 2. Game 3: seat 2 is 2 after
    # the leader 0. Game 4 (leader 1): seats 2 and 0 share, positions 1 and 2, half each.
    assert seat_shares(games) == pytest.approx([1 / 4, 1.5 / 4, 1.5 / 4])


def test_a_player_without_a_card_never_chooses_it_while_another_card_will_do():
    rules = P("nigerian")
    player, other = Without("heuristic", Effect.PICK_TWO, seed=1), HeuristicPlayer()
    narrowed = forced = 0
    for seed in range(12):
        state = new_game(rules, 2, seed=seed)
        while not state.is_over and len(state.moves) < 300:
            seat = state.current_player
            legal = state.legal_moves()
            twos = [m for m in legal if m.card is not None and m.card.number == 2]
            others = [m for m in legal if m.card is not None and m.card.number != 2]
            move = player.choose(state.view(seat)).move
            if twos and others:
                narrowed += 1
                assert move not in twos
            elif twos and move in twos:
                forced += 1  # the only card it could play
            if seat == 1:
                move = other.choose(state.view(seat)).move
            state = state.apply(move)
    assert narrowed > 5 and forced > 0


def test_special_worth_plays_each_effect_of_the_rules():
    worth = special_worth(P("nigerian"), 20, 1)
    assert list(worth) == [
        Effect.HOLD_ON,
        Effect.PICK_TWO,
        Effect.PICK_THREE,
        Effect.SUSPENSION,
        Effect.GENERAL_MARKET,
    ]
    assert all(0 <= s.low <= s.share <= s.high <= 1 for s in worth.values())
    assert special_worth(P("british"), 20, 1) == {}


def test_short_labels_drop_the_source_in_brackets():
    assert app_comparison.short_labels(
        "preset:british", "preset:nigerian", P("british"), "british"
    ) == (
        "British",
        "Nigerian",
    )
    mine = P("nigerian").replace(defence=True)
    assert app_comparison.short_labels("yours", "preset:nigerian", mine, "nigerian") == (
        "Your rules (Nigerian, 1 change)",
        "Nigerian",
    )
    # Your rules unchanged are the preset: the two names alike say that they are the same rules.
    same = app_comparison.short_labels("yours", "preset:nigerian", P("nigerian"), "nigerian")
    assert same == ("Nigerian", "Nigerian")


def test_a_toggle_is_named_short_and_plain_in_the_summary():
    nigerian = P("nigerian")
    labels = app_comparison.short_labels("yours", "flip:defence", nigerian, "nigerian")
    assert labels == ("Nigerian", "Nigerian with defence on")
    mine = nigerian.replace(defence=True, hand_size=6)
    assert app_comparison.short_labels("flip:defence", "flip:must_play", mine, "nigerian") == (
        "Your rules (Nigerian, 2 changes) with defence off",
        "Your rules (Nigerian, 2 changes) with “must play when a card fits” on",
    )
    result = compare(nigerian, nigerian.replace(defence=True), ["random"] * 2, 40, 1, labels=labels)
    summary = app_verdict.plain_summary(result, app_verdict.paired_tests(result, 1), 1)
    length = summary[0]
    assert "under Nigerian with defence on" in length and "under Nigerian" in length
    for sentence in summary:
        assert "Your rules:" not in sentence and "switched" not in sentence
        assert not code_names(sentence), sentence


def test_no_clear_difference_still_says_how_large_it_could_be():
    nigerian = P("nigerian")
    labels = ("Nigerian", "Nigerian with defence on")
    result = compare(
        nigerian, nigerian.replace(defence=True), ["random"] * 2, 150, 1, labels=labels
    )
    tests = app_verdict.paired_tests(result, 1)
    summary = app_verdict.plain_summary(result, tests, 1)
    assert not tests["moves"].differs and not tests["leader"].differs
    length, leader = summary[:2]
    assert "no clear difference; under Nigerian with defence on a game could be anywhere from " in (
        length
    )
    low, high = sorted(round(abs(v)) for v in (tests["moves"].low, tests["moves"].high))
    assert f"{low} moves" in length and f"{high} moves" in length
    assert "could be anywhere from " in leader and "points" in leader


def test_the_leaders_share_counts_only_deals_finished_under_both():
    # A move limit of 60 stops many Nigerian games, few British ones.
    result = compare(P("british"), P("nigerian"), ["random"] * 2, 80, 2, max_moves=60)
    a, b = result.games
    finished = (a["end_reason"] != "move_limit") & (b["end_reason"] != "move_limit")
    assert 0 < finished.sum() < len(a)
    leader = app_verdict.paired_tests(result, 1)["leader"]
    assert leader.mean_a == pytest.approx(a["first_seat_share"][finished].mean())
    assert leader.mean_b == pytest.approx(b["first_seat_share"][finished].mean())
    assert app_verdict.paired_tests(result, 1)["move_limit"].mean_b > 0.2


def test_the_lead_for_good_chart_names_the_averages_its_sentence_gives(british_nigerian):
    from whot_core.whot.app.readings import decided_reading
    from whot_core.whot.show.measure_figures import decided_figure

    tests = app_verdict.paired_tests(british_nigerian, 1)
    fig = decided_figure(british_nigerian.games, LABELS)
    said = decided_reading(british_nigerian, tests)
    for trace, mean in zip(fig.data, (tests["decided_at"].mean_a, tests["decided_at"].mean_b),
                           strict=True):  # fmt: skip
        assert trace.name.endswith(f"(average {mean:.0%})")
        assert f"{100 * mean:.0f}%" in said
    a, b = (g["decided_at"] for g in british_nigerian.games)
    assert len(fig.data[0].x) == len(fig.data[1].x) == (a.notna() & b.notna()).sum()


def test_the_even_share_is_named_in_the_legend_not_over_the_bars():
    from whot_core.whot.players.rule_measures import Share
    from whot_core.whot.show.measure_figures import clear_of_line, seats_figure, skill_figure

    seats = seats_figure(("British", "Nigerian"), [[0.52, 0.48], [0.55, 0.45]])
    assert not any("even share" in (a.text or "") for a in seats.layout.annotations)
    line = [t for t in seats.data if t.name == "even share 50%"]
    assert len(line) == 1 and line[0].line.dash == "dash" and seats.layout.showlegend
    assert [s.y0 for s in seats.layout.shapes] == [0.5]
    skill = skill_figure(("A", "B"), [Share(0.6, 0.5, 0.7, 100)] * 2)
    assert not skill.layout.annotations and skill.data[-1].name.startswith("even share 50%")
    # A label just under the line goes inside its bar: the line would cross it above the bar.
    assert [list(t.textposition) for t in seats.data if t.type == "bar"] == [
        ["outside", "inside"], ["outside", "inside"]]  # fmt: skip
    assert clear_of_line([0.05, 0.2, 0.24, 0.25, 0.3], 0.25) == [
        "outside", "inside", "inside", "outside", "outside"]  # fmt: skip


# ------------------------------------------------ rule_measures: the shares, skill and worth


class _Counting(ThreadPoolExecutor):
    """An executor that counts the chunks handed to it: a measure that is given one must
    play its games there."""

    def __init__(self) -> None:
        super().__init__(max_workers=1)
        self.submitted = 0

    def submit(self, *args, **kwargs):
        self.submitted += 1
        return super().submit(*args, **kwargs)


def _share_by_hand(table, player: int) -> Share:
    finished = table[table["end_reason"] != MOVE_LIMIT]
    wins = float(finished[f"win_share_p{player}"].sum())
    low, high = wilson_interval(wins, len(finished))
    return Share(wins / len(finished), low, high, len(finished))


def test_skill_is_the_heuristic_players_share_against_the_random_one():
    rules, seen = P("nigerian"), []
    share, table = skill_share(rules, 12, 2, progress=lambda done, total: seen.append(done))
    expected = simulate(rules, ["heuristic", "random"], 12, 2)
    pd.testing.assert_frame_equal(table, expected)
    assert share == _share_by_hand(expected, 0) and 0 < share.games <= 12
    assert seen and seen[-1] == 12  # its progress is reported
    assert skill_share(rules, 12)[0] == skill_share(rules, 12, 0)[0]  # the seed's default: 0
    with _Counting() as executor:
        on_executor = skill_share(rules, 12, 2, executor=executor)[0]
    assert executor.submitted > 0 and on_executor == share


def test_no_finished_game_gives_no_share_rather_than_a_division_by_zero():
    table = pd.DataFrame(
        {"players": [2, 2], "leader": [0, 1], "winner_seats": [(), ()],
         "end_reason": [MOVE_LIMIT, MOVE_LIMIT], "win_share_p0": [0.0, 0.0]}
    )  # fmt: skip
    assert all(math.isnan(s) for s in seat_shares(table)) and len(seat_shares(table)) == 2
    nothing = _share_of(table, 0)
    assert nothing.games == 0 and all(
        math.isnan(x) for x in (nothing.share, nothing.low, nothing.high)
    )


def test_a_special_cards_worth_is_the_share_of_the_player_who_may_not_play_it():
    rules = P("nigerian")
    worth = special_worth(rules, 16, 3)
    restricted = functools.partial(Without, "heuristic", Effect.PICK_TWO)
    table = simulate(rules, [restricted, "heuristic"], 16, 3)
    assert worth[Effect.PICK_TWO] == _share_by_hand(table, 0)
    assert special_worth(rules, 6) == special_worth(rules, 6, 0)  # the seed's default: 0
    with _Counting() as executor:
        assert special_worth(rules, 6, 0, executor=executor) == special_worth(rules, 6, 0)
    assert executor.submitted >= len(worth)


def test_a_player_without_a_card_plays_as_its_level_with_the_seed_given():
    """Where the effect's cards are not among its moves, the player is its level's player of
    that seed, move for move (the seed is handed on; by default 0)."""
    rules = P("nigerian")
    views = []
    for seed in range(4, 8):
        state = new_game(rules, 2, seed=seed)
        while not state.is_over and len(state.moves) < 60:
            views.append(state.view(state.current_player))
            state = state.apply(state.legal_moves()[0])
    plain = [v for v in views if all(
        m.card is None or rules.effect_of(m.card.number) is not Effect.PICK_TWO
        for m in v.legal_moves())]  # fmt: skip
    assert len(plain) > 20

    def moves(player) -> list:
        return [player.choose(view).move for view in plain]

    assert moves(Without("random", Effect.PICK_TWO, seed=5)) == moves(LEVELS.make("random", seed=5))
    assert moves(Without("random", Effect.PICK_TWO)) == moves(LEVELS.make("random", seed=0))
    assert moves(Without("random", Effect.PICK_TWO, seed=5)) != moves(
        Without("random", Effect.PICK_TWO, seed=6)
    )


def test_the_seats_shares_of_a_single_game():
    """A table of one game (a comparison of one deal): its row names the number of players."""
    one = pd.DataFrame(
        {"players": [3], "leader": [2], "winner_seats": [(0,)], "end_reason": ["check_up"]}
    )
    assert seat_shares(one) == [0.0, 1.0, 0.0]  # seat 0 plays after the leader, seat 2


def test_the_lead_changes_chart_names_its_last_bar_twenty_or_more():
    from whot_core.whot.show.measure_figures import lead_changes_figure

    table = pd.DataFrame({"lead_changes": [0, 3, 20, 31, 45]})
    fig = lead_changes_figure([table], ["A"])
    assert fig.data[0].x == (0, 3, 20)  # 31 and 45 share the last bar with 20
    assert fig.data[0].y == pytest.approx((0.2, 0.2, 0.6))
    assert fig.layout.xaxis.tickvals == (0, 5, 10, 15, 20)
    assert fig.layout.xaxis.ticktext[-1] == "20+" and fig.layout.xaxis.range[1] > 20


def test_the_means_beside_a_ratio_divide_to_it():
    """ "about 2.4 times as long (143 against 58 moves on average)" read as 2.47: the means are
    rounded finely enough that a reader dividing them gets the ratio said (of the means)."""
    assert app_verdict._means_as_read(142.6, 58.4, 142.6 / 58.4) == "142.6 against 58.4"
    assert app_verdict._means_as_read(143.2, 57.9, 143.2 / 57.9) == "143 against 58"
    assert app_verdict._means_as_read(58.4, 142.6, 58.4 / 142.6) == "58.4 against 142.6"
