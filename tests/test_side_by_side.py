"""Issue 18 in the explorer: the Side by side page (one deal, two rule sets), the Rules page's
contrasts, and Compare's run until the leader's share is known with its 95% sentences.

The logic is tested on `whot_core.whot.app` directly, the pages through AppTest (the browser
test is in test_browser.py). Every expectation is checked against the engine's own states, not
against stored answers.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pandas as pd
import pytest
from helpers import markup, press_step, shown_step, step_controls, step_moves

from whot_core import Rules
from whot_core.whot import players as app_players
from whot_core.whot.app import comparison as app_comparison
from whot_core.whot.app import side_by_side as app_side_by_side
from whot_core.whot.players.simulate import compare, simulate, wilson_interval
from whot_core.whot.teach.difference import first_difference

P = Rules.preset
ROOT = Path(__file__).resolve().parent.parent


def public(state):
    return state.events, state.hands, state.current_player, state.is_over


# ------------------------------------------------------------------------- one deal, two rules


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize(
    ("a", "b"), [("nigerian", "naija_tournament"), ("british", "british_modern")]
)
def test_the_two_games_are_the_same_until_the_parting_and_differ_there(a, b, seed):
    shown = app_side_by_side.play_side_by_side(P(a), P(b), 2, seed)
    divergence = first_difference(
        P(a), P(b), 2, seed, "heuristic", max_moves=app_side_by_side.SIDE_BY_SIDE_MAX_MOVES
    )
    assert shown.divergence.text == divergence.text
    parting = shown.parting
    if parting is None:  # the deal and every move alike (a Whot more at the market's foot)
        assert divergence.kind == "same"
        assert [public(f.state) for f in shown.frames[0]] == [
            public(f.state) for f in shown.frames[1]
        ]
        return
    for step in range(parting):
        assert public(shown.frame(0, step).state) == public(shown.frame(1, step).state)
        assert shown.phase(step) == "same"
    assert public(shown.frame(0, parting).state) != public(shown.frame(1, parting).state)
    assert shown.phase(parting) == "part"
    assert parting == (0 if divergence.kind == "deal" else divergence.step + 1)
    # each game goes on to its end under its own rules
    for side, rules in enumerate((P(a), P(b))):
        last = shown.frames[side][-1].state
        assert last.rules == rules and (last.is_over or shown.frames[side][-1].stopped)
    assert len(shown.longest) == max(map(len, shown.frames))


@pytest.mark.parametrize("seed", range(3))
def test_when_the_deal_differs_part_goes_where_a_rule_of_play_first_acts(seed):
    """Issue 30, fault 7: British against Nigerian part at the deal, so Part went to step 0."""
    shown = app_side_by_side.play_side_by_side(P("british"), P("nigerian"), 2, seed)
    assert shown.parting == 0 and shown.divergence.kind == "deal"
    act = shown.rule_act
    assert shown.jump == shown.acting == act.step + 1 > 0
    moved = shown.frames[act.side][act.step + 1].state
    assert moved.moves[-1] == shown.frames[act.side][-1].state.moves[act.step]
    assert shown.marker(0) == "Step 0: the deals differ."
    assert shown.jump_label == "Where a rule acts"
    assert shown.status(0).endswith(f"\u201cWhere a rule acts\u201d goes to step {shown.jump}, "
                                    "where a rule of play first acts.")  # fmt: skip
    assert shown.marker(shown.jump) == f"Step {shown.jump}: a rule of play acts."
    assert shown.status(shown.jump) == act.text
    after = shown.status(shown.jump + 1)
    assert after == f"Each game now goes its own way. {act.text}"  # led in once: no "At step"
    assert act.text.startswith(f"At move {shown.jump} under ")


def test_games_alike_at_the_deal_have_no_rule_act():
    shown = app_side_by_side.play_side_by_side(P("nigerian"), P("naija_tournament"))
    assert shown.rule_act is None and shown.jump == shown.parting


def test_a_shorter_game_stays_on_its_last_frame():
    shown = app_side_by_side.play_side_by_side(P("nigerian"), P("naija_tournament"), 2, 0)
    short = min((0, 1), key=lambda side: len(shown.frames[side]))
    end = len(shown.longest) - 1
    assert shown.frame(short, end) is shown.frames[short][-1]
    assert shown.phase(end) == "apart"
    assert shown.divergence.text in shown.status(end)


def test_rule_sets_that_play_alike_never_part():
    rules_b = P("british").replace(win_on_special=False)  # the British rules have no specials
    shown = app_side_by_side.play_side_by_side(P("british"), rules_b, 2, 1)
    assert shown.parting is None
    assert {shown.phase(s) for s in range(len(shown.longest))} == {"same"}
    assert "never part" in shown.marker(0)


def test_the_same_rules_twice_are_refused():
    with pytest.raises(ValueError, match="the same"):
        app_side_by_side.play_side_by_side(P("british"), P("british"))


def test_rule_set_b_defaults_to_another_preset():
    choices = list(app_comparison.comparison_choices(P("british"), "british"))
    assert app_side_by_side.default_other(P("british"), choices) == "preset:nigerian"
    assert app_side_by_side.default_other(P("nigerian"), choices) == "preset:british"


# ------------------------------------------------------------------------ the Rules page's changes


def test_each_change_from_the_preset_is_shown_or_said_why_not():
    preset = P("nigerian_street")
    specials = {n: e for n, e in preset.specials.items() if n != 14}  # the 14 made plain
    rules = preset.replace(hand_size=5, defence=False, specials=specials)
    shown = app_side_by_side.change_contrasts(preset, rules)
    assert [(c.toggle, c.number) for c in shown] == [
        ("hand_size", None),
        ("specials", 14),
        ("defence", None),
    ]
    deal, special, defence = shown
    assert deal.svg_a is None and "does not act during play" in deal.text
    assert "Side by side" in deal.text  # the page that shows a change of the deal
    for change in (special, defence):
        assert change.svg_a.startswith("<svg") and change.svg_b.startswith("<svg")
        assert change.svg_a != change.svg_b  # two different outcomes
        assert "the preset" in change.text and "your rules" in change.text


def test_a_change_at_a_table_of_three_has_a_phones_narrow_drawing_too():
    """A phone draws the narrow pair (one other seat a row): the wide one's words were 8 px."""
    preset = P("nigerian")
    [shown] = app_side_by_side.change_contrasts(preset, preset.replace(must_play=True))
    assert shown.narrow is not None
    for wide, narrow in zip((shown.svg_a, shown.svg_b), shown.narrow, strict=True):
        assert svg_size(narrow)[0] < svg_size(wide)[0] * 0.7  # narrower
        assert svg_size(narrow)[1] > svg_size(wide)[1]  # the seats one under another


def svg_size(svg: str) -> tuple[float, float]:
    width, height = re.search(r'<svg[^>]* width="([\d.]+)" height="([\d.]+)"', svg).groups()
    return float(width), float(height)


def test_no_change_shows_nothing():
    assert app_side_by_side.change_contrasts(P("british"), P("british")) == []


def test_a_change_that_is_idle_says_why():
    preset = P("british")  # no pick card, so defence changes nothing
    [shown] = app_side_by_side.change_contrasts(preset, preset.replace(defence=True))
    assert shown.svg_a is None and "changes nothing" in shown.text


# ---------------------------------------------------------------- compare until the share is known


def test_simulate_numbers_games_on_from_first_game():
    rules, players = P("british"), [app_players.EagerRandomPlayer] * 2
    whole = simulate(rules, players, 30, 4)
    parts = [simulate(rules, players, 12, 4), simulate(rules, players, 18, 4, first_game=12)]
    pd.testing.assert_frame_equal(pd.concat(parts, ignore_index=True), whole)
    with pytest.raises(ValueError, match="first_game"):
        simulate(rules, players, 3, 4, first_game=-1)


@pytest.mark.parametrize(
    # (1.959964 / (2 x w / 100))², rounded up: 1.959964² = 3.841459.
    ("within", "games"),
    [(1, 9604), (2, 2401), (3, 1068), (5, 385), (8, 151)],
)
def test_the_games_needed_are_worked_out_for_the_widest_interval(within, games):
    assert app_comparison.games_needed(within) == games
    # At that many games no share's Wilson interval is wider than stated; at 90% of them the
    # even share's is.
    for share in (0.5, 0.3, 0.1, 0.02):
        low, high = wilson_interval(share * games, games)
        assert 100 * (high - low) / 2 <= within
    fewer = int(0.9 * games)
    low, high = wilson_interval(0.5 * fewer, fewer)
    assert 100 * (high - low) / 2 > within


def test_compare_until_plays_the_games_fixed_in_advance():
    players = [app_players.EagerRandomPlayer] * 2
    seen = []
    result = app_comparison.compare_until(
        P("british"), P("nigerian"), players, 8, 3, batch=40, progress=lambda *a: seen.append(a)
    )
    # 151 games, in batches of 40, 40, 40 and 31: the rule does not look at the share
    assert seen == [(40, 151), (80, 151), (120, 151), (151, 151)]
    assert len(result.games[0]) == len(result.games[1]) == 151
    assert max(app_comparison.leader_half_width(games) for games in result.games) <= 8
    # the same games as a comparison of that many games
    plain = compare(P("british"), P("nigerian"), players, 151, 3)
    for got, want in zip(result.games, plain.games, strict=True):
        pd.testing.assert_frame_equal(got, want)
    pd.testing.assert_frame_equal(result.summary, plain.summary, check_names=False)


def test_compare_until_stops_at_the_cap():
    players = [app_players.EagerRandomPlayer] * 2
    result = app_comparison.compare_until(
        P("british"), P("nigerian"), players, 0.1, batch=30, max_games=70
    )
    assert len(result.games[0]) == 70
    with pytest.raises(ValueError, match="within"):
        app_comparison.compare_until(P("british"), P("nigerian"), players, 0)


# --------------------------------------------------------------------------------- the pages

st = pytest.importorskip("streamlit")
from streamlit.testing.v1 import AppTest  # noqa: E402
from test_app import open_app  # noqa: E402

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
LINK = {
    "preset": "nigerian",
    "b": "preset:naija_tournament",
    "seed": "0",
    "seats": "heuristic,heuristic",
    "step": "4",
}


def tables(at: AppTest) -> list[str]:
    return [html for html in markup(at) if re.search(r'alt="Rule set [AB]\. The table: ', html)]


@pytest.mark.usefixtures("fresh_streamlit_caches")
class TestSideBySidePage:
    def test_the_link_opens_both_tables_at_the_parting_marked_and_explained(self):
        at = open_app("side_by_side", **LINK)
        assert at.title[0].value == "Side by side"
        assert at.selectbox(key="side.b").value == "preset:naija_tournament"
        assert shown_step(at, "side") == 4
        assert len(tables(at)) == 2
        shown = app_side_by_side.play_side_by_side(P("nigerian"), P("naija_tournament"), 2, 0)
        assert shown.parting == 4
        [warning] = at.warning
        assert shown.divergence.text in warning.value and "here the games part" in warning.value
        assert sum("parts here" in m.value for m in at.markdown) == 2
        assert dict(at.query_params) == LINK  # the link reproduces the page

    def test_british_against_nigerian_part_goes_where_a_rule_acts(self):
        at = open_app("side_by_side", preset="british", seed="1")
        assert at.selectbox(key="side.b").value == "preset:nigerian"
        [jump] = [b for b in step_controls(at, "side")[1]["buttons"] if b["name"] == "part"]
        assert jump["label"] == "Where a rule acts" and jump["moves"]  # issue 30, fault 7
        press_step(at, "side", "part")
        shown = app_side_by_side.play_side_by_side(P("british"), P("nigerian"), 2, 1)
        assert shown_step(at, "side") == shown.jump > 0
        assert not step_moves(at, "side", "part")  # there already: shown disabled
        [info] = at.info
        assert shown.rule_act.text in info.value
        assert sum("a rule of play acts here" in m.value for m in at.markdown) == 1

    def test_the_buttons_step_both_tables_together(self):
        at = open_app("side_by_side", **LINK)
        before = tables(at)
        press_step(at, "side", "next")
        assert shown_step(at, "side") == 5
        assert at.query_params["step"] == "5"
        after = tables(at)
        assert len(after) == 2 and after[0] != before[0] and after[1] != before[1]
        assert not at.warning and "parted at step 4" in at.info[0].value
        press_step(at, "side", "first")
        assert shown_step(at, "side") == 0
        assert "they part at step 4" in at.info[0].value
        press_step(at, "side", "part")
        assert shown_step(at, "side") == 4

    def test_changing_rule_set_b_or_the_seats_goes_in_the_link(self):
        at = open_app("side_by_side", preset="british", seats="heuristic,random,heuristic")
        assert at.selectbox(key="side.b").value == "preset:nigerian"
        assert at.selectbox(key="side.players").value == 3
        at.selectbox(key="side.b").set_value("preset:british_modern").run()
        assert at.query_params["b"] == "preset:british_modern"
        assert at.query_params["seats"] == "heuristic,random,heuristic"
        assert len(tables(at)) == 2

    def test_a_seat_level_changes_the_game_and_the_link(self):
        at = open_app("side_by_side", **LINK)
        at.selectbox(key="side.level.1").set_value("random").run()
        assert at.query_params["seats"] == "heuristic,random"
        assert len(tables(at)) == 2
        assert [b.proto.popover.label for b in at.get("popover")] == ["AI: Heuristic, Random"]

    def test_rule_set_b_equal_to_a_asks_for_another(self):
        at = open_app("side_by_side", preset="nigerian", b="preset:nigerian")
        assert "the same as the sidebar's rules" in at.info[0].value
        assert tables(at) == []

    def test_a_bad_rule_set_b_in_the_link_is_named(self):
        at = open_app("side_by_side", preset="british", b="preset:nowhere")
        assert "b: expected one of" in at.warning[0].value
        assert at.selectbox(key="side.b").value == "preset:nigerian"


@pytest.mark.usefixtures("fresh_streamlit_caches")
class TestRulesPageContrasts:
    def test_each_change_shows_two_small_tables_and_its_sentence(self):
        at = open_app("rules", preset="nigerian", defence="on", hand_size="6")
        words = " ".join(m.value for m in at.markdown)
        assert "**Defence.**" in words and "**Hand size.**" in words
        assert "does not act during play" in words
        pictures = [html for html in markup(at) if 'alt="The preset: the table' in html]
        assert len(pictures) == 1  # defence only: the hand size changes the deal
        assert any('alt="Your rules: the table' in html for html in markup(at))

    def test_the_preset_itself_shows_no_contrast(self):
        at = open_app("rules", preset="british")
        assert not any("What each change does" in m.value for m in at.markdown)


@pytest.mark.usefixtures("fresh_streamlit_caches")
class TestCompareUntilKnown:
    def test_the_link_runs_until_the_share_is_known_and_sums_up_first(self):
        at = open_app("compare", preset="british", a="preset:british", within="5")
        assert at.toggle(key="compare.until").value is True
        assert at.select_slider(key="compare.within").value == 5
        at.button(key="compare.run").click().run()
        known = "games each: the leader's share is known to within ±"
        caption = next(c.value for c in at.caption if known in c.value)
        assert caption.startswith("385 games each")
        width = float(caption.split("±")[1].split(" ")[0])
        assert width <= 5
        summary = at.markdown[[m.value.startswith("- Games") for m in at.markdown].index(True)]
        assert 3 <= summary.value.count("- ") <= 5
        assert "the player who moves first in the deal" in summary.value
        assert at.query_params["within"] == "5" and "games" not in at.query_params
