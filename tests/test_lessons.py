"""The Learn path: lessons in order, every stage's answer the engine's, every rule taught."""

from __future__ import annotations

import dataclasses
import enum
import re

import pytest
from helpers import points_by_hand
from practice_checks import check_question

from whot_core import Rules
from whot_core.engine import rules as rules_module
from whot_core.engine.rules import Announcements, Exhausted, HoldOn, Start, value_words
from whot_core.explorer.learn import source_words, stage_rules_line
from whot_core.lessons import LESSONS, Lesson, MatchQuestion, lesson, stars
from whot_core.toolkit.sources import SEED_000, SEED_002, SEED_003

IDS = (
    "the-pack",
    "matching",
    "whot-and-calls",
    "hold-on",
    "pick-two-and-three",
    "suspension-and-star8",
    "general-market",
    "defence",
    "announcements",
    "market-runs-out",
    "scoring",
    "matches",
    "house-rules",
    "rules-from-programs",
    "several-cards",
)
STAGES = [(each.id, i, stage) for each in LESSONS for i, stage in enumerate(each.stages)]


def check_match_question(question: MatchQuestion) -> None:
    """The answer worked out by hand from the finished game: each seat's count (a Whot 20,
    stars doubled if the rules say so), then the format's rule (docs/rules.md, "Matches")."""
    state, match = question.state, question.state.rules.match
    assert state.is_over
    points = [points_by_hand(state.hand(seat), state.rules.star_double) for seat in range(3)]
    top = max(points)
    if match in ("short_rubber", "long_rubber", "tournament"):  # the game's highest count
        expected = tuple(seat for seat, p in enumerate(points) if p == top)
    else:  # elimination at 100: the totals after this game
        totals = [t + p for t, p in zip(question.totals, points, strict=True)]
        expected = tuple(seat for seat, t in enumerate(totals) if t >= 100)
    assert question.answer == expected, question.prompt
    assert question.answer in question.choices and len(set(question.choices)) == len(
        question.choices
    )
    assert question.check(question.answer).correct
    for choice in question.choices:
        verdict = question.check(choice)
        assert verdict.correct == (choice == question.answer) and verdict.explanation
    assert not question.check("seat one").correct


def check_any(question) -> None:
    if isinstance(question, MatchQuestion):
        check_match_question(question)
    else:
        check_question(question)


def test_the_lessons_follow_the_notebooks_order():
    assert tuple(each.id for each in LESSONS) == IDS
    assert all(isinstance(each, Lesson) for each in LESSONS)


@pytest.mark.parametrize("each", LESSONS, ids=lambda each: each.id)
def test_a_lesson_is_short_and_cites_its_sources(each):
    assert 2 <= len(each.stages) <= 5
    assert each.title and each.toggles
    assert each.sources
    for source in each.sources:  # a seed, or the rule book's section that names a program
        if not re.fullmatch(r"seeds/00[023]_[0-9a-f]{16}\.txt", source):
            assert source.startswith("docs/rules.md#"), source
            words = source_words(source)
            assert words.startswith("This project's rule book, docs/rules.md, section"), source
    assert each.toggles <= {f.name for f in Rules.fields()}
    assert each.preset in Rules.presets()


def test_every_toggle_is_taught_by_some_lesson():
    taught = set().union(*(each.toggles for each in LESSONS))
    fields = {f.name for f in Rules.fields()} - {"min_players", "max_players"}
    assert fields <= taught, fields - taught


def test_every_way_to_start_hold_on_announce_and_end_is_played_by_some_stage():
    played = [stage.question.state.rules for _, _, stage in STAGES]
    for name, kind in (
        ("start", Start),
        ("hold_on", HoldOn),
        ("announcements", Announcements),
        ("exhausted", Exhausted),
    ):
        assert {getattr(rules, name) for rules in played} == set(kind), name


@pytest.mark.parametrize("lesson_id, index, stage", STAGES, ids=lambda v: str(v)[:24])
def test_every_stage_agrees_with_the_engine(lesson_id, index, stage):
    check_any(stage.question)


@pytest.mark.parametrize("lesson_id, index, stage", STAGES, ids=lambda v: str(v)[:24])
def test_a_stage_teaches_briefly_before_its_task(lesson_id, index, stage):
    sentences = [s for s in re.split(r"(?<=[.:;!?])\s+(?=[A-Z])", stage.text) if s]
    assert 1 <= len(sentences) <= 3 and len(stage.text) <= 320, stage.text
    assert '"' not in stage.text  # no quotation: the words are this project's own


@pytest.mark.parametrize("lesson_id, index, stage", STAGES, ids=lambda v: str(v)[:24])
def test_a_stage_plays_a_preset_or_a_preset_with_one_toggle_changed(lesson_id, index, stage):
    rules = stage.question.state.rules
    assert min(len(rules.diff(Rules.preset(name))) for name in Rules.presets()) <= 1


def test_a_lesson_on_a_missing_card_does_not_apply_and_offers_a_preset():
    british = Rules.preset("british")
    for lesson_id in ("hold-on", "pick-two-and-three", "suspension-and-star8", "defence"):
        each = lesson(lesson_id)
        assert not each.applies_to(british)
        assert "no card" in each.why_idle(british)
        assert each.applies_to(Rules.preset(each.preset))
    assert not lesson("announcements").applies_to(british)
    assert not lesson("defence").applies_to(Rules.preset("nigerian_1970s"))  # no 2 or 5 picks
    assert lesson("pick-two-and-three").applies_to(Rules.preset("nigerian_1970s"))  # the 4


def test_a_lesson_on_the_basics_applies_to_every_preset():
    for lesson_id in ("the-pack", "matching", "whot-and-calls", "market-runs-out", "scoring"):
        assert all(lesson(lesson_id).applies_to(Rules.preset(n)) for n in Rules.presets())


def test_each_lesson_applies_to_some_preset_it_offers_and_the_ids_are_links():
    for each in LESSONS:
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", each.id)
        assert lesson(each.id) is each
    with pytest.raises(ValueError, match="the-pack"):
        lesson("chess")


def test_stars_reward_few_tries():
    assert [stars(n) for n in range(4)] == [3, 2, 1, 1]


# ----------------------------------------------------------------- under the learner's rules


@pytest.mark.parametrize("preset", Rules.presets())
@pytest.mark.parametrize("lesson_id, index, stage", STAGES, ids=lambda v: str(v)[:24])
def test_a_stage_moves_to_the_learners_rules_only_where_it_plays_the_same(
    lesson_id, index, stage, preset
):
    rules = Rules.preset(preset)
    own = stage.question
    posed = stage.pose(rules)
    if posed.under_chosen:
        asked = posed.question
        assert asked.state.rules == rules
        assert all(getattr(rules, f) == getattr(own.state.rules, f) for f in stage.teaches)
        check_any(asked)
        assert asked.state.hands == own.state.hands and asked.state.pile == own.state.pile
        assert (asked.answer, asked.choices) == (own.answer, own.choices)
        assert asked.check(asked.answer).explanation == own.check(own.answer).explanation
        assert not posed.why and posed.there is None
    else:
        assert posed.question is own and posed.why
        if posed.there is not None:  # the same position plays differently under the preset
            there = posed.there
            assert there.state.rules == rules
            check_any(there)
            assert there.state.hands == own.state.hands
            assert (there.answer, there.choices, there.check(there.answer).explanation) != (
                own.answer,
                own.choices,
                own.check(own.answer).explanation,
            )


def test_a_stage_under_its_own_rules_is_itself():
    for _, _, stage in STAGES:
        posed = stage.pose(stage.question.state.rules)
        assert posed.under_chosen and posed.question is stage.question


def test_the_learners_rules_are_used_wherever_the_stage_plays_the_same():
    """The basics move to every preset; a stage on one toggle's value stays where it differs."""
    basics = lesson("matching").stages[0]
    assert all(basics.pose(Rules.preset(name)).under_chosen for name in Rules.presets())
    skip = lesson("hold-on").stages[2]  # hold_on = skip_next
    posed = skip.pose(Rules.preset("nigerian"))
    assert not posed.under_chosen and posed.there.answer != posed.question.answer
    assert skip.pose(Rules.preset("nigerian").replace(hold_on="skip_next")).under_chosen
    two_packs = lesson("the-pack").stages[3]
    posed = two_packs.pose(Rules.preset("british"))
    assert posed.there is None and "cannot happen" in posed.why and "circle 5" in posed.why
    dealt = lesson("rules-from-programs").stages[2]  # a deal, not a position
    posed = dealt.pose(Rules.preset("nigerian"))
    assert posed.there is None and "other cards" in posed.why


def test_a_stage_about_a_rules_value_stays_where_the_sidebar_sets_it_otherwise():
    """The web rules' deal of five, the British start and the match formats are what those
    stages' words are about: they move only to rules with the same values."""
    deal = lesson("matching").stages[4]  # "Here nobody has played yet under the web rules"
    assert deal.teaches == {"hand_size", "start"}
    posed = deal.pose(Rules.preset("british"))
    assert not posed.under_chosen and posed.there is None
    assert posed.why == "is about rules set otherwise in them: hand size and start"
    assert deal.pose(Rules.preset("naija_tournament")).under_chosen  # five cards, turned up
    rubber = lesson("matches").stages[0]
    assert not rubber.pose(Rules.preset("nigerian")).under_chosen
    assert rubber.pose(Rules.preset("british").replace(must_play=True)).under_chosen
