"""Charts (`whot_core.whot.show.figures`), tested on their data: each trace's x, y and text values
for small inputs whose counts, totals and shares are worked out here by hand. No picture is
compared.
"""

from __future__ import annotations

import math
from types import SimpleNamespace

import pandas as pd
import plotly.graph_objects as go
import plotly.io as pio
import pytest
from helpers import SEARCH_DETAILS, loaded_by

from whot_core import GameState, Rules
from whot_core.whot.players import HeuristicPlayer, SearchPlayer
from whot_core.whot.players.simulate import compare
from whot_core.whot.show import figures
from whot_core.whot.show.figures import comparison_figures, search_figure
from whot_core.whot.show.viewer import searched_words

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


def test_titles_come_in_lines_short_enough_for_a_phone():
    """Plotly never wraps a title: a long one ran off a phone's chart and a projector's."""
    for fig in comparison_figures(fake_comparison()).values():
        text = fig.layout.title.text
        assert all(len(line) <= figures.TITLE_LINE for line in text.split("<br>")), text
    assert figures.lines("a bb ccc dddd", 6) == "a bb<br>ccc<br>dddd"


def _luminance(colour: str) -> float:
    """WCAG's relative luminance of a "#rrggbb" colour."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


@pytest.mark.parametrize("large", [False, True])
def test_every_word_of_a_chart_is_dark_enough_for_a_projector(large):
    """Streamlit's theme draws the axes' words grey (about 3.7:1 on white), washed out on a
    projector: the title, the legend and every axis's ticks and title name their own ink, at
    7:1 or more against the white background."""
    for fig in comparison_figures(fake_comparison(), large=large).values():
        layout = fig.layout
        fonts = [layout.font, layout.title.font, layout.legend.font]
        for name in ("xaxis", "yaxis", "xaxis2", "yaxis2"):
            axis = getattr(layout, name, None)
            if axis is not None and axis.tickfont is not None:
                fonts += [axis.tickfont, axis.title.font]
        for font in fonts:
            assert font.color is not None, fig.layout.title.text
            assert (1.05) / (_luminance(font.color) + 0.05) >= 7, font.color


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
        # Averages, as the page's sentence gives them: 20 of (10, 20, 30); 10 of 5 and 15.
        assert [t.name for t in fig.data] == ["A (average 20 moves)", "B (average 10 moves)"]
        assert [t.marker.pattern.shape for t in fig.data] == ["", "/"]
        # Overlaid histograms bin alone unless grouped: one bin group, so the same bins.
        assert {t.bingroup for t in fig.data} == {"moves"}

    def test_first_seat_bars_with_asymmetric_95_percent_error_bars(self):
        fig = comparison_figures(fake_comparison())["first_seat"]
        (bars,) = [t for t in fig.data if t.type == "bar"]
        assert bars.x == ("A", "B") and bars.y == (0.5, 0.6)
        # A: 0.5 from 0.25 to 0.75, so 0.25 either way; B: 0.6 from 0.3 to 0.8.
        assert bars.error_y.array == pytest.approx((0.25, 0.2))
        assert bars.error_y.arrayminus == pytest.approx((0.25, 0.3))
        assert fig.layout.xaxis.ticktext == ("A<br>50% (25% to 75%)", "B<br>60% (30% to 80%)")

    def test_first_seat_shows_the_fair_share_line(self):
        fig = comparison_figures(fake_comparison())["first_seat"]
        (line,) = fig.layout.shapes
        assert (line.y0, line.y1) == (0.5, 0.5)
        # named in the legend, not on the line, where it sat on a bar's error bar on a phone
        assert not fig.layout.annotations
        assert [t.name for t in fig.data if t.type == "scatter"] == ["even share 50%"]

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
        # A reason a row (standing, the names crossed each other under a phone's chart).
        assert {t.orientation for t in fig.data} == {"h"}
        assert fig.data[0].y == (
            "went to market",
            "pick two / pick three",
            "general market",
            "everyone picks two (a 4)",
            "missed announcement",
        )
        assert fig.layout.yaxis.autorange == "reversed"  # the first reason on top
        assert [t.x for t in fig.data] == [(4.0, 1.5, 0.5, 0.0, 0.0), (2.0, 0.0, 0.0, 3.0, 0.5)]
        # Room after the longest bar (4.0) for its number, and a line's height for each bar.
        assert fig.layout.xaxis.range[1] >= 4.0 * 1.25
        plot = fig.layout.height - fig.layout.margin.t - fig.layout.margin.b
        assert plot >= 10 * fig.layout.font.size * 1.5  # 5 reasons, 2 rule sets
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
        assert figs["draws"].data[0].x[3] == summary.loc["drawn_everyone_picks_two_mean", "1970s"]
        assert all(fig.layout.font.size == 22 for fig in figs.values())


# ------------------------------------------------------------------------------------ search

DETAILS = SEARCH_DETAILS


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

    def test_the_moves_in_the_narration_s_words(self):
        """As Watch's chart and notebook 09's: each move as the narration says it
        (`searched_words`), not the engine's notation."""
        said = searched_words(DETAILS)
        assert dict(said)["play whot call star"] == "play a Whot and call star"
        fig = search_figure(DETAILS, said=said)
        labels = ("play circle 5 (chosen)", "play a Whot and call star", "go to market")
        assert fig.data[0].y == fig.data[1].y == labels
        pick = search_figure(DETAILS, said=searched_words(DETAILS, pick=2))
        assert pick.data[0].y[2] == "take the pick of 2 cards"

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
    assert loaded_by("import plotly", ["plotly", "ipywidgets"]) == ["plotly"]  # the probe sees
    assert loaded_by("import whot_core", ["plotly", "ipywidgets"]) == []
