"""The rules explorer's logic without Streamlit (`whot_core.whot.app`): controls generated from the
rules' fields, the URL round trip, uploaded files, the AI line-up, the count, matches, comparison
choices, and the Play page's turn loop."""

from __future__ import annotations

import os
import random
import re
from dataclasses import replace
from types import SimpleNamespace

import pytest
from helpers import tables

from whot_core import Announcement, Card, GameState, Move, Rules, Shape
from whot_core.classroom.table_store import Seat as TableSeat
from whot_core.whot import players as app_players
from whot_core.whot.app import comparison as app_comparison
from whot_core.whot.app import controls as app_controls
from whot_core.whot.app import files as app_files
from whot_core.whot.app import html as app_html
from whot_core.whot.app import lineup, links, play_table, rule_tables
from whot_core.whot.app import scoring as app_scoring
from whot_core.whot.app import seats as app_seats
from whot_core.whot.engine.cards import in_nigerian_names
from whot_core.whot.engine.rules import SPECIAL_NUMBERS
from whot_core.whot.players.simulate import compare

PRESETS = Rules.presets()


def nigerian(**toggles) -> Rules:
    return Rules.preset("nigerian").replace(**toggles)


def random_values(rng: random.Random) -> dict:
    """Every control set to a random allowed value, as a user clicking at random would."""
    values = {}
    for control in app_controls.controls():
        if control.widget == "toggle":
            values[control.key] = rng.random() < 0.5
        elif control.widget == "select":
            values[control.key] = rng.choice(control.options)
        else:
            values[control.key] = rng.randint(control.minimum, control.maximum)
    return values


# ------------------------------------------------------------------------------------ controls


class TestControls:
    def test_one_control_per_toggle_and_one_per_special_number(self):
        # 21 fields; `specials` becomes one control per number 1..14 without 6 and 9 (12 of them).
        assert len(Rules.fields()) == 21
        assert len(app_controls.controls()) == 20 + 12
        numbers = [c.number for c in app_controls.controls() if c.field == "specials"]
        assert numbers == [1, 2, 3, 4, 5, 7, 8, 10, 11, 12, 13, 14]

    def test_the_help_text_is_the_fields_own_description(self):
        descriptions = {f.name: f.description for f in Rules.fields()}
        for control in app_controls.controls():
            assert descriptions[control.field] in control.help

    def test_widgets_follow_the_field_kinds(self):
        by_field = {c.field: c for c in app_controls.controls() if c.number is None}
        toggles = sorted(name for name, c in by_field.items() if c.widget == "toggle")
        assert toggles == sorted(
            [
                "hold_on_free_follow",
                "defence",
                "star8_double",
                "general_market_again",
                "win_on_special",
                "star_double",
                "must_play",
                "cross_defence",
                "whot_cancels_pick",
                "multiple_cards",
            ]
        )
        assert by_field["start"].options == ("leader", "turn_up", "turn_up_live")
        assert by_field["whot_cards"].options == (0, 1, 2, 3, 4, 5)
        assert (by_field["hand_size"].widget, by_field["hand_size"].minimum) == ("slider", 1)
        assert by_field["hand_size"].maximum == 10
        card = next(c for c in app_controls.controls() if c.number == 2)
        assert card.options[0] == app_controls.PLAIN and "pick_two" in card.options

    def test_every_control_is_in_one_sidebar_group(self):
        grouped = [name for names in app_controls.GROUPS.values() for name in names]
        assert sorted(grouped) == sorted(f.name for f in Rules.fields())

    def test_values_show_the_presets_toggles(self):
        values = app_controls.control_values(Rules.preset("nigerian"))
        assert values["rule.hand_size"] == 5
        assert values["rule.start"] == "turn_up"
        assert values["rule.specials.1"] == "hold_on"
        assert values["rule.specials.14"] == "general_market"
        assert values["rule.specials.3"] == app_controls.PLAIN
        assert values["rule.defence"] is False

    @pytest.mark.parametrize("preset", PRESETS)
    def test_a_presets_own_values_resolve_to_the_preset(self, preset):
        rules = Rules.preset(preset)
        resolved = app_controls.resolve(rules, app_controls.control_values(rules))
        assert resolved.rules == rules and resolved.refused == {}

    def test_option_labels_read_as_words(self):
        assert app_controls.option_label("play_again") == "play again"
        assert app_controls.option_label(app_controls.PLAIN) == "plain card"
        assert app_controls.option_label(True) == "on"


class TestResolve:
    def test_a_change_that_fits_is_applied(self):
        base = Rules.preset("nigerian")
        values = app_controls.control_values(base) | {"rule.defence": True, "rule.hand_size": 7}
        resolved = app_controls.resolve(base, values)
        assert resolved.rules == nigerian(defence=True, hand_size=7)
        assert resolved.refused == {}

    def test_controls_left_out_keep_the_base_value(self):
        base = Rules.preset("british")
        assert app_controls.resolve(base, {"rule.packs": 2}).rules == base.replace(packs=2)

    def test_the_card_numbers_build_the_specials(self):
        base = Rules.preset("british")
        values = {"rule.specials.7": "pick_two", "rule.specials.13": "suspension"}
        assert dict(app_controls.resolve(base, values).rules.specials) == {
            7: "pick_two",
            13: "suspension",
        }

    def test_defence_without_a_pick_card_is_applied_and_idle(self):
        base = Rules.preset("nigerian")
        values = {
            "rule.specials.2": app_controls.PLAIN,
            "rule.specials.5": app_controls.PLAIN,
            "rule.defence": True,
        }
        resolved = app_controls.resolve(base, values)
        assert resolved.refused == {}
        assert resolved.rules.specials == {1: "hold_on", 8: "suspension", 14: "general_market"}
        assert resolved.rules.defence is True
        assert set(resolved.rules.idle_toggles()) == {"defence"}

    def test_more_minimum_than_maximum_players_is_refused(self):
        base = Rules.preset("nigerian")  # 2 to 4 players
        resolved = app_controls.resolve(base, {"rule.min_players": 5})
        assert resolved.rules.min_players == 2
        assert "Fewest players (5) is more than most players (4)" in resolved.refused["min_players"]

    def test_changes_that_fit_together_are_applied_together(self):
        # Five players fit only with a second pack, and more than the preset's four players:
        # switching all three at once fits, though the player count alone would not.
        base = Rules.preset("nigerian")
        values = {"rule.packs": 2, "rule.min_players": 5, "rule.max_players": 6}
        resolved = app_controls.resolve(base, values)
        assert resolved.refused == {}
        assert (resolved.rules.packs, resolved.rules.min_players) == (2, 5)

    def test_a_change_that_conflicts_with_the_preset_is_refused(self):
        base = Rules.preset("british")  # one pack of 54, 6 cards a hand
        resolved = app_controls.resolve(base, {"rule.min_players": 9})
        assert "9 hands of 6 plus a start card do not fit" in resolved.refused["min_players"]
        assert resolved.rules == base

    def test_any_random_combination_resolves_to_valid_rules(self):
        rng = random.Random(7)
        for _ in range(300):
            preset = rng.choice(PRESETS)
            resolved = app_controls.resolve(Rules.preset(preset), random_values(rng))
            assert isinstance(resolved.rules, Rules)  # constructing it validated it
            for name in resolved.refused:  # a refused change really is not in the rules
                assert name in {f.name for f in Rules.fields()}
            link = links.rules_to_params(preset, resolved.rules)  # the page's link gives them back
            assert links.params_to_rules(link).rules == resolved.rules
            rows = rule_tables.diff_rows(resolved.rules, Rules.preset(preset))
            assert len(rows) == len(resolved.rules.diff(Rules.preset(preset)))
            assert rule_tables.rule_sentences(resolved.rules, preset, nigerian=rng.random() < 0.5)


# ---------------------------------------------------------------------------------------- words


class TestWords:
    def test_specials_in_words(self):
        assert rule_tables.value_text(Rules.preset("nigerian_1970s").specials) == (
            "1 hold on, 4 everyone picks two"
        )
        assert rule_tables.value_text(Rules.preset("british").specials) == "none"

    def test_the_diff_table_has_one_row_per_changed_toggle(self):
        rows = rule_tables.diff_rows(nigerian(defence=True, hand_size=6), Rules.preset("nigerian"))
        assert [(r["toggle"], r["preset"], r["yours"]) for r in rows] == [
            ("Hand size", "5", "6"),
            ("Defence", "off", "on"),
        ]
        assert rows[1]["what it does"].startswith("A pick two can be answered with another 2")

    def test_no_changes_no_rows(self):
        assert rule_tables.diff_rows(Rules.preset("british"), Rules.preset("british")) == []

    def test_the_reference_table_lists_every_toggle(self):
        rows = rule_tables.field_rows(Rules.preset("nigerian"))
        assert len(rows) == len(Rules.fields())
        assert rows[0] == {
            "toggle": "Whot cards per pack",
            "value": "5",
            "what it does": Rules.fields()[0].description,
        }

    def test_a_decided_value_is_marked_wherever_the_preset_is_shown(self):
        # naija_tournament's hand size, start, announcements and reshuffle are decisions.
        rules = Rules.preset("naija_tournament")
        rows = {r["toggle"]: r["value"] for r in rule_tables.field_rows(rules, "naija_tournament")}
        assert rows["Hand size"] == "5 (decision)"
        assert rows["Defence"] == "on"
        lines = rule_tables.rule_sentences(rules, "naija_tournament")
        marked = [line for line in lines if line.endswith("*(a decision: see below)*")]
        assert any("turned up" in line for line in marked)
        assert not any(line.startswith("- 2:") for line in marked)

    def test_a_value_the_reader_changed_is_no_longer_a_decision(self):
        rules = Rules.preset("naija_tournament").replace(start="leader")
        assert "start" not in rule_tables.decided_fields(rules, "naija_tournament")
        assert "hand_size" in rule_tables.decided_fields(rules, "naija_tournament")
        assert rule_tables.decided_fields(Rules.preset("british"), "british") == {}
        # nigerian's stars at face value are the project's literal reading of the web rules.
        assert set(rule_tables.decided_fields(Rules.preset("nigerian"), "nigerian")) == {
            "star_double"
        }
        doubled = Rules.preset("nigerian").replace(star_double=True)
        assert rule_tables.decided_fields(doubled, "nigerian") == {}

    def test_the_closest_preset_is_the_one_with_fewest_differences(self):
        assert rule_tables.closest_preset(nigerian(defence=True)) == "nigerian"
        assert rule_tables.closest_preset(Rules.preset("naija_tournament")) == "naija_tournament"
        assert (
            rule_tables.closest_preset(Rules.preset("british").replace(whot_cards=4)) == "british"
        )


# ---------------------------------------------------------------------------------------- URL


class TestParams:
    def test_an_unchanged_preset_is_just_its_name(self):
        assert links.rules_to_params("british", Rules.preset("british")) == {"preset": "british"}

    def test_only_the_changed_toggles_are_written(self):
        rules = nigerian(defence=True, exhausted="count", hand_size=7)
        assert links.rules_to_params("nigerian", rules) == {
            "preset": "nigerian",
            "hand_size": "7",
            "defence": "on",
            "exhausted": "count",
        }

    def test_specials_are_written_as_number_colon_effect(self):
        rules = nigerian(specials={1: "hold_on", 2: "pick_two", 5: "pick_three", 8: "suspension"})
        assert links.rules_to_params("nigerian", rules)["specials"] == (
            "1:hold_on,2:pick_two,5:pick_three,8:suspension"
        )
        assert links.rules_to_params("nigerian", nigerian(specials={}))["specials"] == "none"

    @pytest.mark.parametrize("preset", PRESETS)
    def test_every_preset_round_trips(self, preset):
        rules = Rules.preset(preset)
        read = links.params_to_rules(links.rules_to_params(preset, rules))
        assert (read.preset, read.rules, read.problems) == (preset, rules, ())

    def test_random_rules_round_trip_through_the_url(self):
        rng = random.Random(11)
        for _ in range(200):
            preset = rng.choice(PRESETS)
            rules = app_controls.resolve(Rules.preset(preset), random_values(rng)).rules
            read = links.params_to_rules(links.rules_to_params(preset, rules))
            assert read.rules == rules and read.problems == ()

    def test_on_off_are_read_in_several_spellings(self):
        assert links.decode_value("defence", "TRUE") is True
        assert links.decode_value("defence", "0") is False
        assert links.decode_value("star_double", "yes") is True

    def test_no_preset_means_the_default_preset(self):
        read = links.params_to_rules({})
        assert (read.preset, read.rules) == (
            app_controls.DEFAULT_PRESET,
            Rules.preset(app_controls.DEFAULT_PRESET),
        )

    def test_an_unknown_preset_falls_back_and_says_so(self):
        read = links.params_to_rules({"preset": "klondike"})
        assert read.preset == app_controls.DEFAULT_PRESET
        assert read.problems == ("preset: no preset is called 'klondike'; showing nigerian",)

    def test_a_bad_value_is_skipped_and_named(self):
        read = links.params_to_rules({"preset": "british", "hand_size": "lots", "packs": "2"})
        assert read.rules == Rules.preset("british").replace(packs=2)
        assert read.problems == ("hand_size: expected a whole number, not 'lots'",)

    def test_a_value_the_rules_refuse_is_named(self):
        read = links.params_to_rules({"preset": "british", "hand_size": "99", "defence": "maybe"})
        assert read.rules == Rules.preset("british")
        assert read.problems == (
            "defence: expected on or off, not 'maybe'",
            "hand_size: Hand size must be from 1 to 10, not 99",
        )

    def test_a_bad_specials_value_is_named(self):
        read = links.params_to_rules({"preset": "british", "specials": "6:pick_two"})
        assert read.rules == Rules.preset("british")
        assert "no card is numbered 6" in read.problems[0]

    def test_the_pages_own_parameters_are_ignored(self):
        read = links.params_to_rules({"preset": "british", "seed": "4", "step": "9"})
        assert read.rules == Rules.preset("british") and read.problems == ()

    def test_a_repeated_parameter_counts_its_last_value(self):
        assert links.params_to_rules({"preset": ["british", "nigerian"]}).preset == "nigerian"

    def test_integers_are_read_within_bounds(self):
        assert links.read_int({"seed": "12"}, "seed", 1, 0, 100) == (12, None)
        assert links.read_int({}, "seed", 1, 0, 100) == (1, None)
        assert links.read_int({"seed": "x"}, "seed", 1, 0, 100) == (
            1,
            "seed: expected a whole number, not 'x'",
        )
        assert links.read_int({"seed": "101"}, "seed", 1, 0, 100) == (
            1,
            "seed: must be from 0 to 100, not 101",
        )

    def test_a_number_snaps_to_the_nearest_option(self):
        options = (10, 100, 200, 500)
        assert links.nearest_option(300, options) == 200
        assert links.nearest_option(350, options) == 200  # a tie goes to the smaller
        assert links.nearest_option(351, options) == 500
        assert links.nearest_option(9999, options) == 500

    def test_a_lineup_names_a_level_per_seat(self):
        read = links.read_lineup
        assert read({"seats": "search,Random"}, "seats", ("heuristic",) * 2, (2, 3)) == (
            ("search", "random"),
            None,
        )
        assert read({"seats": "search,genius"}, "seats", ("heuristic",) * 2, (2, 3))[1] == (
            "seats: unknown AI level 'genius'; use random, heuristic, search"
        )
        assert read({"seats": "search"}, "seats", ("heuristic",) * 2, (2, 3))[1] == (
            "seats: 1 players; these rules allow 2, 3"
        )


# -------------------------------------------------------------------------------------- files


class TestFiles:
    def test_a_saved_rules_file_loads_back(self):
        rules = nigerian(defence=True, exhausted="flip")
        data = rules.to_toml(title="House rules").encode("utf-8")
        assert app_files.read_rules_file(data) == rules

    def test_a_too_large_rules_file_is_refused_before_reading(self):
        with pytest.raises(ValueError, match="This file is 64,001 bytes; a rules file is under"):
            app_files.read_rules_file(b" " * 64_001)

    def test_a_binary_file_is_not_a_rules_file(self):
        with pytest.raises(ValueError, match=r"not text \(UTF-8\)"):
            app_files.read_rules_file(b"\xff\xfe\x00rules")

    def test_broken_toml_says_so(self):
        with pytest.raises(
            ValueError, match="These are not valid rules: this file: not valid TOML"
        ):
            app_files.read_rules_file(b"[rules\nhand_size = 5")

    def test_a_bad_toggle_names_the_toggle(self):
        with pytest.raises(ValueError, match="hand_size: Hand size must be from 1 to 10, not 99"):
            app_files.read_rules_file(b"[rules]\nhand_size = 99\n")

    def test_a_record_loads_and_replays(self):
        state = GameState.from_position(
            Rules.preset("british"),
            hands=[["circle 5", "star 7"], ["square 5"]],
            pile=["circle 11"],
        )
        state = state.apply("play circle 5")
        record = app_files.read_record(state.record().to_json().encode("utf-8"))
        assert record.moves == (Move.parse("play circle 5"),)

    def test_garbage_is_not_a_record(self):
        with pytest.raises(ValueError, match=r"This is not a Whot game record .*not valid JSON"):
            app_files.read_record(b"hello")

    def test_a_whist_record_is_read_by_its_own_type(self):
        from whot_core.whist import new_game as new_whist
        from whot_core.whist.engine.records import WhistRecord

        state = new_whist(seed=3)
        state = state.apply(state.legal_moves()[0])
        record = app_files.read_record(state.record().to_json().encode(), WhistRecord)
        assert record.moves == state.moves
        with pytest.raises(ValueError, match=r"This is not a Whist game record .*missing"):
            app_files.read_record(b'{"format": "whot-game-record"}', WhistRecord)

    def test_a_tampered_result_is_caught(self):
        state = GameState.from_position(
            Rules.preset("british"), hands=[["circle 5"], ["square 5"]], pile=["circle 11"]
        ).apply("play circle 5")
        text = (
            state.record().to_json().replace('"winners": [\n   0\n  ]', '"winners": [\n   1\n  ]')
        )
        assert '"winners": [\n   1' in text
        with pytest.raises(ValueError, match=r"result\.winners says"):
            app_files.read_record(text.encode())

    def test_a_too_large_record_is_refused_before_reading(self):
        with pytest.raises(ValueError, match="a game record may be at most 2,000,000"):
            app_files.read_record(b"{" * 2_000_001)


# ------------------------------------------------------------------------------------ players


class TestPlayers:
    def test_the_eager_random_player_plays_when_a_card_fits(self):
        state = GameState.from_position(
            Rules.preset("british"),
            hands=[["circle 5", "star 7"], ["square 5"]],
            pile=["circle 11"],
        )
        for seed in range(20):
            decision = app_players.EagerRandomPlayer(seed).choose(state.view(0))
            assert decision.move == Move.parse("play circle 5")
            # its words, made when read, name the card it played
            assert decision.reason == (
                "Random: play circle 5 was picked at random from the cards that fit."
            )
            assert decision.details == {}

    def test_the_eager_random_player_draws_when_nothing_fits(self):
        state = GameState.from_position(
            Rules.preset("british"), hands=[["star 7"], ["square 5"]], pile=["circle 11"]
        )
        decision = app_players.EagerRandomPlayer(1).choose(state.view(0))
        assert decision.move.is_draw
        assert decision.reason == "Random: no card fits, so it goes to market."

    def test_levels_make_their_players(self):
        assert type(lineup.make_player("random", 1)).__name__ == "EagerRandomPlayer"
        assert type(lineup.make_player("heuristic", 1)).__name__ == "HeuristicPlayer"
        assert lineup.make_player("search", 1, simulations=30).simulations == 30
        with pytest.raises(ValueError, match="unknown AI level 'genius'"):
            lineup.make_player("genius", 1)

    def test_seat_names_mark_the_human(self):
        assert lineup.seat_names((None, "search")) == ("Seat 0 (you)", "Seat 1 (Search)")

    @pytest.mark.parametrize("level", lineup.LEVELS.names)
    def test_an_ai_seat_is_named_by_its_levels_title_on_every_table(self, level):
        """Its level's title, as the level's chooser says it ("Seat 1 (Heuristic)"), not the id
        a link holds: on Watch and Play, at a shared table of either game."""
        title = lineup.LEVELS.title(level)
        assert title != level and title[0].isupper()
        assert lineup.seat_names((None, level))[1] == f"Seat 1 ({title})"
        assert app_seats.Seat(level).label(1, ()) == f"Seat 1 ({title})"
        for game in ("whot", "whist"):
            assert TableSeat(level, level=level).label(1, game) == f"Seat 1 ({title})"

    def test_people_unnamed_at_one_screen_are_players_and_one_alone_is_you(self):
        seats = (
            app_seats.Seat(),
            app_seats.Seat(name="Ada"),
            app_seats.Seat(),
            app_seats.Seat("random"),
        )
        labels = [seat.label(i, seats) for i, seat in enumerate(seats)]
        assert labels == ["Seat 0 (player)", "Ada", "Seat 2 (player)", "Seat 3 (Random)"]
        assert app_seats.Seat().label(0, seats[:1]) == "Seat 0 (you)"

    @pytest.mark.parametrize("number", range(4))
    def test_an_ai_seat_has_one_name_at_a_shared_table_and_on_play(self, number):
        """Seats are numbered from 0 on every page, a class's tables too (the lessons' "Seat 0")."""
        table_parts = pytest.importorskip("app_pages.shared.table_parts")
        from whot_core.classroom.table_store import TableRecord

        ai = TableSeat("heuristic", level="heuristic")
        table = TableRecord("ABCDE", "whot", "{}", 0, (ai,) * (number + 1), host=None)
        assert table_parts.names_of(table)[number] == ai.label(number, "whot")
        assert ai.label(number, "whot") == app_seats.Seat("heuristic").label(number, ())
        assert ai.label(number, "whot") == f"Seat {number} (Heuristic)"

    def test_a_persons_seat_an_ai_plays_keeps_the_persons_name(self):
        """Away or gone, a person's moves stay theirs: the seat is named for them, not for the
        AI level playing it; an AI's own seat and an empty one have their own names."""
        stand_in = TableSeat("Ada", token_hash="h", level="heuristic")
        assert not stand_in.ai and stand_in.label(2, "whot") == "Ada"
        assert TableSeat("search", level="search").ai
        assert (
            TableSeat().label(1, "whot") == "empty"
            and TableSeat("Bo", token_hash="h").label(1, "whot") == "Bo"
        )

    def test_player_counts_follow_the_rules(self):
        assert lineup.player_counts(Rules.preset("nigerian")) == (2, 3, 4)
        assert lineup.player_counts(Rules.preset("british").replace(min_players=3)) == (3, 4)
        # 4 hands of 10 and a start card need 41 of 54 cards: still fine.
        assert lineup.player_counts(Rules.preset("british").replace(hand_size=10)) == (2, 3, 4)


# ------------------------------------------------------------------------------------ scoring


class TestScoring:
    def test_the_count_card_by_card(self):
        state = GameState.from_position(
            Rules.preset("british"),  # stars double
            hands=[["star 4", "whot"], ["circle 3", "triangle 10"]],
            pile=["cross 1"],
        )
        first, second = app_scoring.count_up(state)
        assert [(s.card, s.points) for s in first.cards] == [
            (Card.parse("star 4"), 8),
            (Card.parse("whot"), 20),
        ]
        assert (first.total, first.other_total) == (28, 24)  # 4 x 2 + 20, or 4 + 20
        assert (second.total, second.other_total) == (13, 13)

    def test_the_scoring_game_is_played_to_the_end(self):
        state = app_scoring.scoring_game(Rules.preset("british"), 3, seed=2)
        assert state.is_over and len(state.winners) >= 1

    def test_a_short_rubber_has_five_games_and_a_row_per_player(self):
        match = app_scoring.play_match(Rules.preset("british"), 3, seed=1, match="short_rubber")
        assert len(app_scoring.results_rows(match)) == 5
        rows = app_scoring.standings_rows(match)
        assert [row["seat"] for row in rows] == ["Seat 0", "Seat 1", "Seat 2"]
        assert "kitty won" in rows[0]  # a rubber has a kitty
        assert sum(row["match winner"] == "yes" for row in rows) >= 1

    @pytest.mark.parametrize("match", ["short_rubber", "elimination_100", "tournament"])
    def test_the_counted_game_is_the_matchs_first_game(self, match):
        """One seed, one game: the count and game 1 of the match (it showed two games)."""
        rules = Rules.preset("british")
        counted = app_scoring.scoring_game(rules, 3, seed=5)
        first = app_scoring.play_match(rules, 3, seed=5, match=match).records[0]
        assert counted.moves == first.moves

    def test_only_a_rubber_has_a_kitty_column(self):
        match = app_scoring.play_match(Rules.preset("british"), 3, seed=1, match="elimination_100")
        assert "kitty won" not in app_scoring.standings_rows(match)[0]
        assert "paid the kitty" not in app_scoring.results_rows(match)[0]

    def test_a_tournament_puts_a_player_out_each_game_until_one_is_left(self):
        match = app_scoring.play_match(Rules.preset("british"), 3, seed=1, match="tournament")
        outs = [row["out in game"] for row in app_scoring.standings_rows(match)]
        assert sorted(o != "" for o in outs) == [False, True, True]


# ------------------------------------------------------------------------------------ compare


class TestComparisonChoices:
    def test_yours_every_preset_and_the_flips_that_fit(self):
        choices = app_comparison.comparison_choices(Rules.preset("british"), "british")
        assert choices["yours"] == "Your rules: British (Waddingtons rulebook)"
        assert choices["preset:nigerian"] == "Nigerian (web rules)"
        flips = sorted(key for key in choices if key.startswith("flip:"))
        # No special cards: defence and the like would change nothing, so they are not offered.
        assert flips == [
            "flip:multiple_cards",
            "flip:must_play",
            "flip:star_double",
            "flip:win_on_special",
        ]

    def test_a_flip_changes_one_toggle(self):
        rules = Rules.preset("nigerian")
        assert app_comparison.choice_rules("flip:defence", rules) == rules.replace(defence=True)
        assert app_comparison.choice_rules("preset:british", rules) == Rules.preset("british")
        assert app_comparison.choice_rules("yours", rules) is rules

    def test_the_label_counts_your_changes(self):
        choices = app_comparison.comparison_choices(nigerian(defence=True, hand_size=6), "nigerian")
        assert choices["yours"] == "Your rules: Nigerian (web rules), with 2 changes"
        assert choices["flip:defence"] == "Your rules with defence switched off"


class TestSimulationPool:
    def test_one_core_means_no_pool(self):
        assert app_comparison.simulation_pool(cores=1) is None

    def test_a_pool_has_a_worker_a_core_up_to_the_cap(self):
        for cores, workers in ((2, 2), (64, app_comparison.MAX_WORKERS)):
            pool = app_comparison.simulation_pool(cores=cores)
            try:
                assert pool._max_workers == workers
                assert pool._mp_context.get_start_method() == "spawn"
            finally:
                pool.shutdown()

    def test_a_comparison_on_the_pool_is_the_serial_one(self):
        a, b = Rules.preset("nigerian"), Rules.preset("british")
        players = [app_players.EagerRandomPlayer] * 2
        pool = app_comparison.simulation_pool(cores=2)
        try:
            pooled = compare(a, b, players, games=12, seed=4, executor=pool, chunk_size=5)
        finally:
            pool.shutdown()
        serial = compare(a, b, players, games=12, seed=4)
        assert pooled.summary.equals(serial.summary)
        for mine, theirs in zip(pooled.games, serial.games, strict=True):
            assert mine.equals(theirs)

    def test_a_worker_has_the_engine_loaded_and_collects_garbage_less_often(self):
        pool = app_comparison.simulation_pool(cores=2)
        try:
            threshold, frozen = pool.submit(_collector_settings).result()
        finally:
            pool.shutdown()
        assert threshold == (50_000, 20, 20)
        assert frozen > 10_000  # the modules loaded at the start, out of the collector's sight

    def test_usable_cores_is_at_least_one(self):
        assert 1 <= app_comparison.usable_cores() <= (os.cpu_count() or 1)


# --------------------------------------------------------------------------------------- play


def table(rules: Rules, hands, pile, market, level="heuristic") -> play_table.Table:
    """You in seat 0 against one AI player, from a set position."""
    state = GameState.from_position(rules, hands=hands, pile=pile, market=market)
    return play_table.Table(state, (None, level), seed=0)


class TestPlay:
    def setup_method(self):
        self.table = table(
            Rules.preset("nigerian"),
            hands=[["circle 5", "star 7", "square 3"], ["circle 7", "triangle 13"]],
            pile=["circle 11"],
            market=["cross 3", "cross 10", "triangle 4", "square 1"],
        )

    def test_an_illegal_card_changes_nothing_and_says_why(self):
        after = play_table.choose(self.table, Move.parse("play star 7"))
        assert after.state is self.table.state
        assert after.message == (
            "Not allowed. Matching: star 7 does not match circle 11: play a circle, an 11, "
            "or a Whot."
        )

    def test_a_legal_card_is_played_and_its_effect_narrated(self):
        after = play_table.choose(self.table, "play circle 5")
        # Pick three: the AI draws the first three market cards and misses its turn, so with two
        # players it is your turn again at once. You are told how many it drew, not which.
        assert after.message is None
        assert after.state.hands[0] == (Card.parse("star 7"), Card.parse("square 3"))
        assert after.your_turn
        assert after.log[-1].seat == 0 and after.log[-1].reason is None
        assert after.log[-1].sentences == (
            "Seat 0 (you) plays circle 5.",
            "Seat 1 (Heuristic) picks three.",
            "Seat 1 (Heuristic) misses a turn.",
        )

    def test_your_own_draws_are_named_but_never_the_ai_players(self):
        table = play_table.new_table(Rules.preset("nigerian"), ["random", "random"], seed=5)
        for _ in range(12):
            if table.state.is_over:
                break
            table = play_table.choose(table, "draw")
        draws = [
            sentence
            for entry in table.log
            for sentence in entry.sentences
            if "goes to market" in sentence or " picks " in sentence or " draws " in sentence
        ]
        mine = [s for s in draws if s.startswith("Seat 0 (you)")]
        theirs = [s for s in draws if not s.startswith("Seat 0 (you)")]
        assert mine and theirs
        assert all(s.endswith(").") for s in mine)  # "... goes to market (cross 1)."
        assert not any(s.endswith(").") for s in theirs)  # "... goes to market."

    def test_after_your_move_the_ai_answers_with_its_reason(self):
        after = play_table.choose(
            self.table, "draw"
        )  # you take square 1 (cross 3 is next for the AI)
        assert after.state.hands[0][-1] == Card.parse("cross 3")
        ai = after.log[-1]
        assert ai.seat == 1 and ai.reason.startswith("Heuristic")
        assert after.your_turn or after.state.is_over

    def test_hand_verdicts_use_the_engines_words(self):
        verdicts = play_table.hand_verdicts(self.table)
        assert [(str(v.card), v.legal) for v in verdicts] == [
            ("circle 5", True),
            ("star 7", False),
            ("square 3", False),
        ]
        assert verdicts[0].reason == "Legal. Matching: circle 5 has the same shape as circle 11."

    def test_a_whot_is_judged_with_the_chosen_call(self):
        t = table(Rules.preset("british"), [["whot", "star 2"], ["circle 7"]], ["circle 11"], [])
        verdict = play_table.hand_verdicts(t, call=Shape.STAR)[0]
        assert verdict.legal and "calls the shape to follow" in verdict.reason

    def test_it_is_not_your_turn_while_the_ai_plays(self):
        state = GameState.from_position(
            Rules.preset("british"),
            hands=[["circle 5"], ["circle 7"]],
            pile=["circle 11"],
            to_play=1,
        )
        waiting = play_table.Table(state, (None, "heuristic"), seed=0)
        assert play_table.choose(waiting, "play circle 5").message == "It is not your turn yet."
        assert play_table.hint(waiting) == "No hint: it is not your turn."
        assert {v.reason for v in play_table.hand_verdicts(waiting)} == {"Wait for your turn."}

    def test_the_game_over_message(self):
        t = table(Rules.preset("british"), [["circle 5"], ["circle 7"]], ["circle 11"], [])
        won = play_table.choose(t, "play circle 5")
        assert won.state.is_over and won.state.winners == (0,)
        assert play_table.choose(won, "draw").message == "The game is over: start a new one."

    def test_a_click_on_a_card_makes_its_move(self):
        assert play_table.your_move(self.table, 0) == Move.parse("play circle 5")
        # Nigerian: announcements are informative, so nothing is said by hand.
        assert play_table.your_move(self.table, 0, say=True) == Move.parse("play circle 5")

    def test_a_whot_calls_the_chosen_shape_and_circle_by_default(self):
        t = table(Rules.preset("british"), [["whot", "star 2"], ["circle 7"]], ["circle 11"], [])
        assert play_table.your_move(t, 0, Shape.STAR) == Move.parse("play whot call star")
        assert play_table.your_move(t, 0) == Move.parse("play whot call circle")

    def test_saying_the_words_adds_the_announcement_the_rules_ask_for(self):
        t = table(
            Rules.preset("nigerian_street"),
            [["circle 3", "circle 4", "star 7"], ["square 5"]],
            ["circle 11"],
            [],
        )
        assert play_table.your_move(t, 0, say=True) == Move.parse("play circle 3, semi last card")
        assert play_table.your_move(t, 0, say=False) == Move.parse("play circle 3")

    def test_since_your_move_is_what_followed_your_last_move(self):
        first = play_table.LogEntry(None, ())
        mine = play_table.LogEntry(0, ())
        theirs = play_table.LogEntry(1, (), "because")
        t = replace(self.table, log=(first,))
        assert play_table.since_your_move(t) == (first,)
        t = replace(self.table, log=(first, mine, theirs, theirs))
        assert play_table.since_your_move(t) == (theirs, theirs)
        assert play_table.since_your_move(replace(self.table, log=(first, mine))) == ()

    def test_a_hint_comes_from_the_heuristic_player(self):
        hint = play_table.hint(self.table)
        assert hint.startswith("In your seat, the heuristic player would say: \u201c")
        assert "Heuristic —" not in hint and hint.endswith("\u201d")

    def test_with_nigerian_names_the_engine_and_the_ai_speak_them_too(self):
        t = replace(self.table, nigerian=True)
        assert play_table.choose(t, "play star 7").message == (
            "Not allowed. Matching: star 7 does not match ball 11: play a ball, an 11, or a Whot."
        )
        assert play_table.hand_verdicts(t)[0].reason == (
            "Legal. Matching: ball 5 has the same shape as ball 11."
        )
        assert "ball 5" in play_table.hint(t) and "circle" not in play_table.hint(t)
        after = play_table.choose(t, "draw")
        ai = after.log[-1]  # the AI plays circle 7 on circle 11, and says why
        assert ai.sentences and ai.why.startswith("Heuristic")
        assert not re.search(r"circle|triangle|square", " ".join((*ai.sentences, ai.why)))
        assert "circle 7" in ai.reason  # the player's own words, kept

    def test_switching_the_names_mid_game_retells_the_whole_log(self):
        after = play_table.choose(self.table, "draw")
        english = [line for entry in after.log for line in (*entry.sentences, entry.why or "")]
        told = after.told_in(True)
        nigerian = [line for entry in told.log for line in (*entry.sentences, entry.why or "")]
        assert told.nigerian and told.state is after.state
        assert nigerian == [in_nigerian_names(line) for line in english] != english
        assert told.told_in(False) == after

    def test_a_new_table_deals_and_lets_the_ai_move_until_your_turn(self):
        t = play_table.new_table(Rules.preset("nigerian"), ["random", "heuristic"], seed=3)
        assert t.names == ("Seat 0 (you)", "Seat 1 (Random)", "Seat 2 (Heuristic)")
        assert t.your_turn or t.state.is_over
        assert t.log[0].seat is None and t.log[0].sentences[0].startswith("Cut for deal")
        with pytest.raises(ValueError, match="unknown AI level"):
            play_table.new_table(Rules.preset("nigerian"), ["genius"], seed=3)

    def test_a_forgotten_announcement_is_penalised_and_narrated(self):
        t = table(
            Rules.preset("nigerian_street"),  # announcements with a penalty
            hands=[["circle 3", "circle 4", "star 7"], ["square 5", "cross 1"]],
            pile=["circle 11"],
            market=["cross 3", "cross 10", "triangle 4"],
        )
        after = play_table.choose(t, "play circle 3")  # leaves two cards without "semi last card"
        assert after.log[-2].sentences == (
            "Seat 0 (you) plays circle 3.",
            'Seat 0 (you) forgot to say "semi last card" and must draw two.',
            "Seat 0 (you) draws 2 penalty cards (cross 3, cross 10).",
        )


class TestAnnouncementHint:
    def test_penalty_rules_ask_for_the_words(self):
        rules = Rules.preset("nigerian_street")
        assert play_table.announcement_hint(rules, 3)[0] == Announcement.SEMI_LAST_CARD
        assert play_table.announcement_hint(rules, 2)[0] == Announcement.LAST_CARD
        assert play_table.announcement_hint(rules, 4) == (None, None)
        assert play_table.announcement_hint(rules, 3)[1] == (
            'Playing now leaves two cards: say "semi last card" with the card, or draw two '
            "penalty cards."
        )

    def test_informative_rules_say_it_for_you(self):
        words, text = play_table.announcement_hint(Rules.preset("nigerian"), 2)
        assert words is None and "said for you" in text
        assert play_table.announcement_hint(Rules.preset("nigerian"), 3) == (None, None)

    def test_no_announcements_no_hint(self):
        assert play_table.announcement_hint(Rules.preset("british"), 2) == (None, None)


# --------------------------------------------------------------------------------------- HTML


class TestHtml:
    def test_a_picture_is_a_data_uri_image_with_alt_text(self):
        html = app_html.picture_html("<svg/>", 'a "table"', width=300)
        assert html.startswith('<div class="whot-pic"><img src="data:image/svg+xml;base64,')
        assert 'alt="a &quot;table&quot;"' in html and "width:300px" in html
        assert "object-fit:contain" in html  # drawn to the width asked, not the SVG's own
        assert "<svg" not in html  # never inline: Streamlit strips it

    def test_a_row_of_cards_with_captions(self):
        cards = [Card.parse("star 4"), Card.parse("whot")]
        html = app_html.cards_html(cards, ["star 4 ×2 = 8", "whot 20"], width=60)
        assert html.count("<figure") == 2
        assert "<figcaption>star 4 ×2 = 8</figcaption>" in html
        assert 'alt="whot"' in html and 'width="60"' in html

    def test_no_cards_says_so(self):
        assert "no cards left" in app_html.cards_html([], [])

    def test_a_table_of_rows_is_text_its_headings_the_keys_and_numbers_aligned_right(self):
        rows = [{"Student": "<b>Ada</b> & co", "Points": 3, "Won": True}, {"Student": "Bola",
                "Points": 0, "Won": False}]  # fmt: skip
        html = app_html.table_html(rows)
        assert "<b>" not in html and "&lt;b&gt;Ada&lt;/b&gt; &amp; co" in html  # text, not markup
        assert "<thead><tr><th>Student</th><th>Points</th><th>Won</th></tr></thead>" in html
        assert html.count("<tr>") == 3
        assert '<td style="text-align:right">3</td>' in html  # a number, read down its column
        assert "<td>True</td>" in html and '<td style="text-align:right">0</td>' in html
        parsed = tables(SimpleNamespace(markdown=[SimpleNamespace(value=html)]))
        assert parsed == [[{"Student": "<b>Ada</b> & co", "Points": "3", "Won": "True"},
                           {"Student": "Bola", "Points": "0", "Won": "False"}]]  # fmt: skip

    def test_a_stacked_table_names_each_cell_for_a_phone(self):
        html = app_html.table_html([{"toggle": "Hand size", "what it does": "<b>5</b>"}],
                                   stacked=True)  # fmt: skip
        assert 'class="rows-table rows-stacked"' in html
        assert '<td data-label="What it does">&lt;b&gt;5&lt;/b&gt;</td>' in html
        assert "data-label" not in app_html.table_html([{"toggle": "Hand size"}])
        parsed = tables(SimpleNamespace(markdown=[SimpleNamespace(value=html)]))
        assert parsed == [[{"Toggle": "Hand size", "What it does": "<b>5</b>"}]]

    def test_a_heading_starts_with_a_capital(self):
        assert "<th>Total points</th>" in app_html.table_html([{"total points": 3}])

    def test_no_rows_no_table(self):
        assert app_html.table_html([]) == ""


def test_special_numbers_are_the_printed_numbers():
    assert SPECIAL_NUMBERS == (1, 2, 3, 4, 5, 7, 8, 10, 11, 12, 13, 14)


def test_a_downloaded_record_is_named_after_its_own_deal():
    from whot_core.whist.players import make_player
    from whot_core.whist.show import viewer as whist_viewer
    from whot_core.whot.engine.state import new_game

    whot = new_game(Rules.preset("british"), players=2, seed=77).record().to_json()
    assert app_files.record_file_name("whot", whot) == "whot-game-77.json"
    players = [make_player("random", seat, 10) for seat in range(4)]
    whist = whist_viewer.play_frames(players, seed=12, hands=1)[-1].state.record().to_json()
    assert app_files.record_file_name("whist", whist) == "whist-game-12.json"
    position = GameState.from_position(
        Rules.preset("british"), hands=[["circle 5"], ["square 5"]], pile=["circle 11"]
    )
    assert app_files.record_file_name("whot", position.record().to_json()) == "whot-game.json"
    assert app_files.record_file_name("whot", "not json") == "whot-game.json"


def test_the_measures_table_says_which_are_shares_and_shows_them_as_percentages():
    import pandas as pd

    summary = pd.DataFrame(
        {"A": [200, 31.25, 0.5, 0.25], "B": [200, 40.0, 0.75, float("nan")]},
        index=["games", "moves_mean", "check_up_share", "first_seat_win_rate"],
    )
    rows = {row["measure"]: row for row in app_comparison.measure_rows(summary)}
    assert rows["games played"] == {"measure": "games played", "A": "200", "B": "200"}
    assert rows["moves per game (mean)"]["A"] == "31.2"
    share = rows["share of games won by playing the last card"]
    assert (share["A"], share["B"]) == ("50.0%", "75.0%")
    leader = rows["the leader's share of wins (finished games)"]
    assert (leader["A"], leader["B"]) == ("25.0%", "—")


def _collector_settings() -> tuple[tuple[int, int, int], int]:
    """What a pool's worker runs: its garbage collector's thresholds and frozen objects."""
    import gc

    return gc.get_threshold(), gc.get_freeze_count()
