"""Charts (`whot_core.whot.show.figures`), tested on their data: each trace's x, y and text values
for small inputs whose counts, totals and shares are worked out here by hand. No picture is
compared.
"""

from __future__ import annotations

import math
import random
import subprocess
import sys
from types import SimpleNamespace

import pandas as pd
import plotly.graph_objects as go
import plotly.io as pio
import pytest
from conftest import cards, position

from whot_core import GameState, Match, MatchFormat, Rules
from whot_core.whot.engine.matches import GameResult
from whot_core.whot.engine.scoring import CardScore
from whot_core.whot.players import HeuristicPlayer, SearchPlayer
from whot_core.whot.players.simulate import compare
from whot_core.whot.show import figures
from whot_core.whot.show.figures import (
    card_label,
    comparison_figures,
    scoring_figure,
    search_figure,
    standings_figure,
)

BRITISH = Rules.preset("british")  # stars count double
NIGERIAN = Rules.preset("nigerian")  # stars at face value


def assert_labelled(fig: go.Figure) -> None:
    """A plain title and both axis titles, in plotly's white look for every kind of trace drawn
    (the module's template carries only the kinds it draws)."""
    assert fig.layout.title.text
    assert fig.layout.xaxis.title.text
    assert fig.layout.yaxis.title.text
    white = pio.templates["plotly_white"]
    assert fig.layout.template.layout == white.layout
    for kind in {trace.type for trace in fig.data}:
        assert fig.layout.template.data[kind] == white.data[kind], kind


# ----------------------------------------------------------------------------------- scoring


class TestCardLabel:
    def test_a_plain_card_a_doubled_star_and_a_whot(self):
        (circle,) = cards("circle 5")
        (star,) = cards("star 4")
        (whot,) = cards("whot")
        assert card_label(CardScore(circle, 5, 5, "face value")) == "circle 5"
        assert card_label(CardScore(star, 4, 8, "a star counts double")) == "star 4 ×2 = 8"
        assert card_label(CardScore(star, 4, 4, "face value")) == "star 4"
        assert card_label(CardScore(whot, 20, 20, "a Whot counts 20")) == "whot 20"
        assert card_label(CardScore(circle, 5, 5, "face value"), nigerian=True) == "ball 5"


class TestScoringFigure:
    hands = (("star 4", "whot", "circle 5"), ("triangle 2",))

    def test_trace_k_holds_every_players_kth_card(self):
        fig = scoring_figure(self.hands, BRITISH)
        # Seat 0: star 4 doubled is 8, the Whot 20, circle 5 is 5: 33. Seat 1: triangle 2.
        assert [trace.x for trace in fig.data] == [(8, 2), (20, None), (5, None)]
        assert [trace.text for trace in fig.data] == [
            ("star 4 ×2 = 8", "triangle 2"),
            ("whot 20", ""),
            ("circle 5", ""),
        ]
        assert all(trace.y == ("Seat 0", "Seat 1") for trace in fig.data)
        assert all(trace.orientation == "h" for trace in fig.data)
        assert fig.layout.barmode == "stack"

    def test_each_bar_ends_with_its_total(self):
        fig = scoring_figure(self.hands, BRITISH)
        assert [(a.y, a.x, a.text) for a in fig.layout.annotations] == [
            ("Seat 0", 33, "total 33"),
            ("Seat 1", 2, "total 2"),
        ]

    def test_the_doubled_star_and_the_whot_are_patterned_not_only_coloured(self):
        fig = scoring_figure(self.hands, BRITISH)
        assert [trace.marker.pattern.shape for trace in fig.data] == [
            ("x", ""),
            ("/", ""),
            ("", ""),
        ]

    def test_hover_gives_the_reason_for_the_points(self):
        fig = scoring_figure(self.hands, BRITISH)
        assert fig.data[0].hovertext == (
            "star 4 ×2 = 8: a star counts double",
            "triangle 2: face value",
        )
        assert fig.data[1].hovertext[0] == "whot 20: a Whot counts 20"

    def test_stars_at_face_value_under_the_web_rules(self):
        fig = scoring_figure([["star 4", "whot"], ["circle 1"]], NIGERIAN)
        assert fig.data[0].x == (4, 1)
        assert fig.data[0].text == ("star 4", "circle 1")
        assert fig.data[0].marker.pattern.shape == ("", "")
        assert [a.text for a in fig.layout.annotations] == ["total 24", "total 1"]
        assert "stars at face value" in fig.layout.title.text

    def test_a_state_brings_its_own_hands_and_rules(self):
        state = position(BRITISH, hands=[["star 2"], ["circle 1", "whot"]], pile=["circle 11"])
        fig = scoring_figure(state)
        assert [trace.x for trace in fig.data] == [(4, 1), (None, 20)]
        assert [a.text for a in fig.layout.annotations] == ["total 4", "total 21"]
        assert "stars count double" in fig.layout.title.text

    def test_a_player_with_no_cards_scores_nothing(self):
        fig = scoring_figure([["circle 3"], []], BRITISH)
        assert fig.data[0].x == (3, None)
        assert [a.text for a in fig.layout.annotations] == ["total 3", "total 0: no cards left"]

    def test_names_and_nigerian_card_names(self):
        hands = [["circle 3"], ["square 2"]]
        fig = scoring_figure(hands, BRITISH, names=["Ada", "Bola"], nigerian=True)
        assert fig.data[0].y == ("Ada", "Bola")
        assert fig.data[0].text == ("ball 3", "carpet 2")

    def test_bad_arguments(self):
        with pytest.raises(ValueError, match="2 players need 2 names"):
            scoring_figure(self.hands, BRITISH, names=["Ada"])
        with pytest.raises(TypeError, match="rules"):
            scoring_figure(self.hands)
        with pytest.raises(TypeError, match="GameState or a list of hands"):
            scoring_figure("circle 5", BRITISH)

    def test_labelled_and_large_for_a_projector(self):
        assert_labelled(scoring_figure(self.hands, BRITISH))
        assert scoring_figure(self.hands, BRITISH).layout.font.size == 15
        assert scoring_figure(self.hands, BRITISH, large=True).layout.font.size == 22


# --------------------------------------------------------------------------------- standings


def result(number, points, totals, eliminated=(), seats=(0, 1, 2)) -> GameResult:
    return GameResult(
        number=number,
        seed=0,
        dealer=0,
        seats=seats,
        points=points,
        totals=totals,
        paid=(),
        eliminated=eliminated,
        winners=(),
        end_reason="check_up",
    )


def elimination_match() -> SimpleNamespace:
    """Three players. Game 1: 40, 10, 60. Game 2: 70, 5, 30, so player 0 reaches 110 and is
    out. Game 3 (players 1 and 2): 0 and 25, so player 2 reaches 115 and is out: player 1 wins."""
    return SimpleNamespace(
        players=3,
        rules=SimpleNamespace(match=MatchFormat.ELIMINATION_100),
        results=(
            result(1, (40, 10, 60), (40, 10, 60)),
            result(2, (70, 5, 30), (110, 15, 90), eliminated=(0,)),
            result(3, (None, 0, 25), (110, 15, 115), eliminated=(2,), seats=(1, 2)),
        ),
        winners=(1,),
    )


class TestStandingsFigure:
    def test_a_line_per_player_stops_at_their_elimination(self):
        fig = standings_figure(elimination_match())
        lines = fig.data[:3]
        assert [t.name for t in lines] == ["Player 0", "Player 1", "Player 2"]
        assert [t.x for t in lines] == [(0, 1, 2), (0, 1, 2, 3), (0, 1, 2, 3)]
        assert [t.y for t in lines] == [(0, 40, 110), (0, 10, 15, 15), (0, 60, 90, 115)]
        assert lines[0].hovertext == ("start: 0", "game 1: +40 → 40", "game 2: +70 → 110")

    def test_eliminations_are_marked_with_words(self):
        marks = standings_figure(elimination_match()).data[3]
        assert marks.name == "eliminated"
        assert (marks.x, marks.y) == ((2, 3), (110, 115))
        assert marks.text == ("Player 0 out", "Player 2 out")
        assert marks.marker.symbol == "x"

    def test_the_hundred_point_line_and_the_winner_in_the_title(self):
        fig = standings_figure(elimination_match())
        (line,) = fig.layout.shapes
        assert (line.y0, line.y1) == (100, 100)
        assert fig.layout.title.text.replace("<br>", " ") == (
            "Running totals over the games (elimination at 100): Player 1 wins"
        )


def test_titles_come_in_lines_short_enough_for_a_phone():
    """Plotly never wraps a title: a long one ran off a phone's chart and a projector's."""
    fig = standings_figure(elimination_match())
    for text in (fig.layout.title.text, fig.layout.yaxis.title.text):
        assert "<br>" in text
        assert all(len(line) <= figures.TITLE_LINE for line in text.split("<br>"))
    assert figures.lines("a bb ccc dddd", 6) == "a bb<br>ccc<br>dddd"

    def test_players_differ_by_symbol_and_dash_not_only_colour(self):
        lines = standings_figure(elimination_match()).data[:3]
        assert len({t.marker.symbol for t in lines}) == 3
        assert len({t.line.dash for t in lines}) == 3

    def test_names(self):
        fig = standings_figure(elimination_match(), names=["Ada", "Bola", "Chidi"])
        assert fig.data[3].text == ("Ada out", "Chidi out")
        assert fig.layout.title.text.endswith("Bola wins")
        with pytest.raises(ValueError, match="3 players need 3 names"):
            standings_figure(elimination_match(), names=["Ada"])

    def test_a_rubber_played_out(self):
        rng = random.Random(3)
        match = Match(BRITISH, players=2, seed=3)  # a short rubber: five games
        match.play(lambda state: rng.choice(state.legal_moves()))
        fig = standings_figure(match)
        assert len(fig.data) == 2  # two lines, nobody eliminated
        assert all(t.x == (0, 1, 2, 3, 4, 5) for t in fig.data)
        assert [t.y[-1] for t in fig.data] == list(match.totals)
        assert fig.layout.shapes == ()  # no 100-point line in a rubber
        assert "short rubber, 5 games" in fig.layout.title.text

    def test_a_tournament_played_out(self):
        rng = random.Random(4)
        match = Match(BRITISH.replace(match="tournament"), players=3, seed=4)
        match.play(lambda state: rng.choice(state.legal_moves()))
        fig = standings_figure(match)
        out = [(r.number, p) for r in match.results for p in r.eliminated]
        assert fig.data[-1].x == tuple(game for game, _ in out)
        assert fig.data[-1].text == tuple(f"Player {p} out" for _, p in out)
        (winner,) = match.winners
        assert fig.data[winner].x[-1] == len(match.results)  # the winner plays every game

    @pytest.mark.parametrize("match_format", list(MatchFormat))
    def test_every_match_format_is_drawn(self, match_format):
        rng = random.Random(5)
        match = Match(BRITISH.replace(match=match_format), players=3, seed=5)
        match.play(lambda state: rng.choice(state.legal_moves()))
        fig = standings_figure(match)
        lines = fig.data[:3]
        assert [t.name for t in lines] == ["Player 0", "Player 1", "Player 2"]
        # Every line ends at the player's final total, after the last game they played.
        assert [t.y[-1] for t in lines] == list(match.totals)
        assert max(t.x[-1] for t in lines) == len(match.results)
        assert len(fig.layout.shapes) == (match_format is MatchFormat.ELIMINATION_100)
        assert_labelled(fig)

    def test_an_empty_match_starts_everyone_at_zero(self):
        fig = standings_figure(Match(BRITISH, players=2, seed=1))
        assert [t.y for t in fig.data] == [(0,), (0,)]
        assert_labelled(fig)


# -------------------------------------------------------------------------------- comparison

ROWS = [
    "first_seat_win_rate",
    "first_seat_ci_low",
    "first_seat_ci_high",
    "fair_share",
    "check_up_share",
    "count_share",
    "move_limit_share",
    "drawn_market_mean",
    "drawn_pick_mean",
    "drawn_general_market_mean",
    "drawn_everyone_picks_two_mean",
    "drawn_announcement_mean",
]


def fake_comparison(b_rate: float = 0.6) -> SimpleNamespace:
    """What the charts read of a `Comparison`: labels, the `moves` column, and summary rows."""
    summary = pd.DataFrame(
        {
            "A": [0.5, 0.25, 0.75, 0.5, 0.75, 0.25, 0.0, 4.0, 1.5, 0.5, 0.0, 0.0],
            "B": [b_rate, 0.3, 0.8, 0.5, 1.0, 0.0, 0.0, 2.0, 0.0, 0.0, 3.0, 0.5],
        },
        index=ROWS,
    )
    games = (pd.DataFrame({"moves": [10, 30, 20]}), pd.DataFrame({"moves": [5, 15]}))
    return SimpleNamespace(labels=("A", "B"), games=games, summary=summary)


class TestComparisonFigures:
    def test_four_labelled_figures(self):
        figs = comparison_figures(fake_comparison())
        assert list(figs) == ["length", "first_seat", "endings", "draws"]
        for fig in figs.values():
            assert_labelled(fig)

    def test_length_is_one_histogram_of_moves_per_rule_set(self):
        fig = comparison_figures(fake_comparison())["length"]
        assert [t.type for t in fig.data] == ["histogram", "histogram"]
        assert [t.x for t in fig.data] == [(10, 30, 20), (5, 15)]
        # Medians: 20 of (10, 20, 30); 10 halfway between 5 and 15.
        assert [t.name for t in fig.data] == ["A (median 20)", "B (median 10)"]
        assert [t.marker.pattern.shape for t in fig.data] == ["", "/"]
        # Overlaid histograms bin alone unless grouped: one bin group, so the same bins.
        assert {t.bingroup for t in fig.data} == {"moves"}

    def test_first_seat_bars_with_asymmetric_95_percent_error_bars(self):
        fig = comparison_figures(fake_comparison())["first_seat"]
        (bars,) = fig.data
        assert bars.x == ("A", "B") and bars.y == (0.5, 0.6)
        # A: 0.5 from 0.25 to 0.75, so 0.25 either way; B: 0.6 from 0.3 to 0.8.
        assert bars.error_y.array == pytest.approx((0.25, 0.2))
        assert bars.error_y.arrayminus == pytest.approx((0.25, 0.3))
        assert fig.layout.xaxis.ticktext == ("A<br>50% (25% to 75%)", "B<br>60% (30% to 80%)")

    def test_first_seat_shows_the_fair_share_line(self):
        fig = comparison_figures(fake_comparison())["first_seat"]
        (line,) = fig.layout.shapes
        assert (line.y0, line.y1) == (0.5, 0.5)
        assert fig.layout.annotations[0].text == "fair share 50%"
        assert fig.layout.annotations[0].bgcolor  # readable where it crosses a bar

    def test_first_seat_with_no_finished_games(self):
        fig = comparison_figures(fake_comparison(b_rate=math.nan))["first_seat"]
        assert fig.data[0].y == (0.5, None)
        assert fig.layout.xaxis.ticktext[1] == "B<br>no finished games"

    def test_endings_are_stacked_shares_with_words(self):
        fig = comparison_figures(fake_comparison())["endings"]
        assert fig.layout.barmode == "stack"
        assert [t.y for t in fig.data] == [(0.75, 1.0), (0.25, 0.0), (0.0, 0.0)]
        assert [t.text for t in fig.data] == [
            ("check up 75%", "check up 100%"),
            ("count 25%", ""),
            ("", ""),
        ]
        assert len({t.marker.pattern.shape for t in fig.data}) == 3

    def test_draws_by_reason_side_by_side(self):
        fig = comparison_figures(fake_comparison())["draws"]
        assert fig.layout.barmode == "group"
        assert fig.data[0].x == (
            "went to market",
            "pick two / pick three",
            "general market",
            "everyone picks two (4)",
            "missed announcement",
        )
        assert [t.y for t in fig.data] == [(4.0, 1.5, 0.5, 0.0, 0.0), (2.0, 0.0, 0.0, 3.0, 0.5)]
        # Plain numbers at the axis' size (the legend names the rule set): the labels were
        # "B: 2.0" shrunk by plotly to a bar's width, unreadably small.
        assert fig.data[1].text == ("2.0", "0.0", "0.0", "3.0", "0.5")
        assert fig.layout.uniformtext.mode == "show"
        assert fig.layout.uniformtext.minsize == fig.layout.font.size

    def test_a_real_comparison_is_charted_from_its_summary(self):
        comparison = compare(
            Rules.preset("nigerian_1970s"),
            BRITISH,
            [HeuristicPlayer(), HeuristicPlayer()],
            games=4,
            seed=1,
            labels=("1970s", "british"),
        )
        figs = comparison_figures(comparison, large=True)
        summary = comparison.summary
        assert figs["first_seat"].data[0].y == tuple(summary.loc["first_seat_win_rate"])
        assert figs["endings"].data[0].y == tuple(summary.loc["check_up_share"])
        assert figs["length"].data[1].x == tuple(comparison.games[1]["moves"])
        assert figs["draws"].data[0].y[3] == summary.loc["drawn_everyone_picks_two_mean", "1970s"]
        assert all(fig.layout.font.size == 22 for fig in figs.values())


# ------------------------------------------------------------------------------------ search

DETAILS = {
    "simulations": 30,
    "seconds": 0.5,
    "moves": [
        {"move": "play circle 5", "visits": 18, "share": 0.6, "win_rate": 0.5},
        {"move": "play whot call star", "visits": 12, "share": 0.4, "win_rate": 0.25},
        {"move": "draw", "visits": 0, "share": 0.0, "win_rate": None},
    ],
}


class TestSearchFigure:
    def test_visit_shares_and_win_chances_side_by_side(self):
        fig = search_figure(DETAILS)
        shares, rates = fig.data
        labels = ("play circle 5 (chosen)", "play whot call star", "draw")
        assert shares.y == rates.y == labels
        assert shares.orientation == rates.orientation == "h"
        assert shares.x == (0.6, 0.4, 0.0)
        assert shares.text == ("60% (18)", "40% (12)", "0% (0)")
        assert rates.x == (0.5, 0.25, None)
        assert rates.text == ("50%", "25%", "not tried")

    def test_title_axes_and_order(self):
        fig = search_figure(DETAILS)
        assert_labelled(fig)
        assert fig.layout.title.text == "Search: 30 simulations in 0.50 s"
        assert fig.layout.xaxis.title.text == "share of the simulations"
        assert fig.layout.xaxis2.title.text == "estimated chance of winning"
        assert fig.layout.yaxis.autorange == "reversed"  # the chosen move on top
        assert fig.data[0].marker.pattern.shape != fig.data[1].marker.pattern.shape

    def test_the_value_can_be_named_for_another_game(self):
        fig = search_figure(DETAILS, value_label="estimated share of the tricks left")
        assert fig.layout.xaxis2.title.text == "estimated share of the tricks left"
        assert fig.data[1].name == "estimated share of the tricks left"

    def test_limit_keeps_the_most_visited(self):
        fig = search_figure(DETAILS, limit=2)
        assert fig.data[0].y == ("play circle 5 (chosen)", "play whot call star")

    def test_nigerian_shape_names(self):
        fig = search_figure(DETAILS, limit=2, nigerian=True)
        assert fig.data[0].y == ("play ball 5 (chosen)", "play whot call star")

    def test_both_share_axes_reach_100_percent_with_room_for_its_label(self):
        fig = search_figure(DETAILS)
        for axis in (fig.layout.xaxis, fig.layout.xaxis2):
            assert tuple(axis.range) == (0, 1) and axis.tickformat == ".0%" and axis.dtick == 0.2
        assert fig.layout.margin.r >= 2 * fig.layout.font.size  # "100%" is not cut to "10"

    def test_only_search_details(self):
        with pytest.raises(ValueError, match="SearchPlayer"):
            search_figure({"rule": "play", "moves": []})
        with pytest.raises(ValueError, match="no moves"):
            search_figure({"simulations": 0, "moves": []})

    def test_a_real_search(self):
        state = GameState.from_position(
            NIGERIAN,
            hands=[["circle 7", "circle 3", "star 7", "whot"], ["square 3", "cross 10"]],
            pile=["circle 11"],
            seed=2,
        )
        decision = SearchPlayer(simulations=30, seed=1).choose(state.view(0))
        fig = search_figure(decision.details, large=True)
        rows = decision.details["moves"]
        assert fig.data[0].y[0] == f"{decision.move} (chosen)"
        assert fig.data[0].y[1:] == tuple(row["move"] for row in rows[1:])
        assert sum(fig.data[0].x) == pytest.approx(1.0)
        assert fig.layout.title.text.startswith("Search: 30 simulations")
        assert fig.layout.font.size == 22
        # the tick labels and axis titles too, on both panels (a theme drew them small)
        for axis in (fig.layout.xaxis, fig.layout.xaxis2, fig.layout.yaxis):
            assert axis.tickfont.size == 22 and axis.title.font.size == 22


def test_importing_whot_core_does_not_load_plotly():
    code = "import sys, whot_core; print('plotly' in sys.modules, 'ipywidgets' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False False"
