"""The Learn path: lessons in order, every stage's answer the engine's, every rule taught."""

from __future__ import annotations

import dataclasses
import re

import pytest
from helpers import code_names, points_by_hand
from practice_checks import check_question

from whot_core import Rules
from whot_core.learn.page import source_words, stage_rules_line
from whot_core.toolkit.sources import SEED_000, SEED_002, SEED_003
from whot_core.whot.engine import rules as rules_module
from whot_core.whot.engine.rules import Announcements, Exhausted, HoldOn, Start, value_words
from whot_core.whot.teach.lessons import LESSONS, Lesson, MatchQuestion, lesson, stars

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
            assert words.startswith("This project's rule book, section \u201c"), source
            assert "docs/" not in words and "the Rules page says: " in words, source
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


def test_a_stage_posed_again_under_equal_rules_is_the_same_question():
    """A page keeps the table it drew of a question (compared by identity) from one run to
    the next: a stage posed again under equal rules (read afresh, as each run reads the
    sidebar's) gives the same question, also one moved to those rules, and the same position
    under them (`there`)."""
    basics = lesson("matching").stages[0]
    skip = lesson("hold-on").stages[2]
    for stage, name in ((basics, "nigerian"), (basics, "british"), (skip, "nigerian")):
        posed = stage.pose(Rules.preset(name))
        again = stage.pose(Rules.from_toml(Rules.preset(name).to_toml()))
        assert again.question is posed.question and again.there is posed.there
    moved = basics.pose(Rules.preset("nigerian"))
    assert moved.under_chosen and moved.question is not basics.question
    assert skip.pose(Rules.preset("nigerian")).there is not None


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
    assert posed.why == "is about the hand size and start, set otherwise in them"
    assert deal.pose(Rules.preset("naija_tournament")).under_chosen  # five cards, turned up
    rubber = lesson("matches").stages[0]
    assert not rubber.pose(Rules.preset("nigerian")).under_chosen
    assert rubber.pose(Rules.preset("british").replace(must_play=True)).under_chosen


# ------------------------------------------------------------- what a learner reads (issue 28)


def learner_texts(stage, rules):
    """What a learner reads of one stage under one rule set: its teaching, the rules line, the
    prompt, the explanation of a right and of a wrong answer, and of the sidebar's outcome."""
    posed = stage.pose(rules)
    texts = [stage.text, stage_rules_line(posed, rules)]
    for question in (posed.question, posed.there):
        if question is None:
            continue
        wrong = next(c for c in (*question.choices, ()) if c != question.answer)
        texts += [question.prompt]
        texts += [question.check(r).explanation for r in (question.answer, wrong)]
    return texts


@pytest.mark.parametrize("preset", Rules.presets())
def test_no_code_names_in_what_a_learner_reads(preset):
    rules = Rules.preset(preset)
    found = []
    for each in LESSONS:
        read = [each.title, each.why_idle(rules) or "", *map(source_words, each.sources)]
        for n, stage in enumerate(each.stages):
            for text in read + learner_texts(stage, rules):
                found += [f"{each.id} {n + 1}: {name!r} in {text!r}" for name in code_names(text)]
    assert not found, "\n".join(found)


def test_the_code_names_pattern_finds_fields_values_and_seed_paths():
    text = "Under hold_on = skip_next, see seeds/003, packs = 2 or win_on_special; turn_up_live."
    assert sorted(code_names(text)) == sorted(
        ["hold_on", "hold_on =", "skip_next", "seeds/", "packs =", "win_on_special", "turn_up_live"]
    )
    assert code_names("hold on does: the next player misses a turn; two packs; defence") == []


# --------------------------------------------------------------- why a stage keeps its rules


def _table(state):
    return (state.hands, state.pile, state.current_player, state.called, state.is_over)


@pytest.mark.parametrize("preset", Rules.presets())
@pytest.mark.parametrize("lesson_id, index, stage", STAGES, ids=lambda v: str(v)[:24])
def test_why_a_stage_keeps_its_rules_is_true_of_its_position(lesson_id, index, stage, preset):
    """A deal is named only for a dealt stage whose deal differs; moves that lead elsewhere are
    named with the seat that plays next or the game that ends; a rule only when it differs."""
    rules = Rules.preset(preset)
    posed = stage.pose(rules)
    why, own = posed.why, stage.question.state
    record = own.record()
    start = dataclasses.replace(record, moves=())
    if why.startswith("comes from a deal"):
        assert "deal" in record.setup
        assert _table(dataclasses.replace(start, rules=rules).replay()) != _table(start.replay())
    elif why.startswith("comes after"):
        assert record.moves and _table(dataclasses.replace(start, rules=rules).replay()) == _table(
            start.replay()
        )
        there = dataclasses.replace(record, rules=rules).replay()
        if "ends the game under its own rules" in why:
            assert own.is_over and not there.is_over
        seats = re.search(r"then Seat (\d+) plays under its own rules, Seat (\d+) under", why)
        if seats:
            assert (own.current_player, there.current_player) == tuple(map(int, seats.groups()))
    elif why.startswith("is about"):
        differ = {f for f in stage.teaches if getattr(rules, f) != getattr(own.rules, f)}
        assert differ and all(rules_module.rule_label(f) in why for f in differ)
    elif why.startswith("cannot happen"):
        assert posed.there is None
    elif why.startswith("has the same answer under them"):
        _check_same_answer(stage.question, posed.there, why.removeprefix("has the same answer"))
    else:
        assert why in ("", "plays differently under them")


def _check_same_answer(own, there, why: str) -> None:
    """Issue 28: "for another reason" only where the engine gives another reason (its first
    sentence after "Right."); else each difference named is one the engine shows."""
    assert there.answer == own.answer
    mine, theirs = (q.check(q.answer).explanation for q in (own, there))
    if why == " under them, for another reason":
        assert mine.split(". ")[1] != theirs.split(". ")[1], (mine, theirs)
        return
    assert why.startswith(" under them, but there "), why
    for part in why.removeprefix(" under them, but there ").split(" and "):
        said = re.fullmatch(r'Seat (\d) also draws two for not saying "(.+)"', part)
        quiet = re.fullmatch(r'Seat (\d) does not say "(.+)"', part)
        card = re.fullmatch(r"(.+) is a plain card", part)
        pile = re.fullmatch(r"the pile under the top card is (.+) rather than (.+)", part)
        if said:
            missed = f'Seat {said[1]} forgot to say "{said[2]}"'
            assert missed in theirs and missed not in mine
        elif quiet:
            words = f'Seat {quiet[1]}: "{quiet[2].capitalize()}!"'
            assert words in mine and words not in theirs
        elif card:
            assert str(own.move.card) == card[1]
            assert own.state.rules.effect_of(own.move.card.number) is not None
            assert there.state.rules.effect_of(own.move.card.number) is None
        elif pile:
            assert f"is {pile[1]}." in theirs and f"is {pile[2]}." in mine
        else:
            raise AssertionError(f"not checked: {part!r}")


def test_a_position_set_by_hand_is_never_said_to_come_from_a_deal():
    """Issue 28, item 3: the count-at-once stage is set up by hand; what differs elsewhere is
    that the draw ends the game there, and the hold on stages after circle 1 who plays."""
    count_at_once = lesson("house-rules").stages[2]
    for preset in Rules.presets():
        why = count_at_once.pose(Rules.preset(preset)).why
        assert why == (
            "comes after Seat 0 goes to market, which ends the game under "
            "its own rules but not under them"
        )
    for index in (1, 3):
        why = lesson("hold-on").stages[index].pose(Rules.preset("british")).why
        assert why == (
            "comes after Seat 0 plays circle 1: then Seat 0 plays under its own rules, "
            "Seat 1 under them"
        )


# ----------------------------------------------------------------- sentences true of the rules


def test_matching_names_the_whot_and_the_learner_plays_it():
    """Issue 28, item 4: a card that matches neither shape nor number may still be a Whot."""
    first, second = lesson("matching").stages[:2]
    assert "Whot" in first.text and "unless it is a Whot" in second.text
    assert any(card.is_whot for card in first.question.answer)


@pytest.mark.parametrize("lesson_id, index, stage", STAGES, ids=lambda v: str(v)[:24])
def test_a_count_by_number_says_what_a_star_counts(lesson_id, index, stage):
    """Issue 28, item 5: 'its number' is not what a star counts where stars count double."""
    if "its number" in stage.text:
        assert "circle, triangle, cross or square" in stage.text, stage.text


def test_the_two_readings_of_count_as_soon_as_the_market_runs_out_name_each_other():
    """Issue 28, item 6 (docs/rules.md, "When the market runs out": two readings)."""
    readings = [value_words("exhausted", v) for v in ("count", "count_at_once")]
    stages = [
        s for _, _, s in STAGES if s.question.state.rules.exhausted in ("count", "count_at_once")
    ]
    assert len(stages) == 2
    for stage in stages:
        assert "two readings" in stage.text and all(r in stage.text for r in readings)
    at_once = next(s for s in stages if s.question.state.rules.exhausted == "count_at_once")
    assert "decision" in at_once.text


@pytest.mark.parametrize(
    "lesson_id, index",
    [
        ("suspension-and-star8", 2),  # the star 8 with two players
        ("announcements", 3),  # words that do not fit make the play illegal
        ("house-rules", 0),  # the Naija app's tournament leaves must play off
        ("scoring", 2),  # the web rules' stars at face value
    ],
)
def test_a_decision_of_this_project_is_called_one(lesson_id, index):
    assert "decision of this project" in lesson(lesson_id).stages[index].text


def test_the_star_8_with_two_players_keeps_the_rule_its_text_is_about():
    """Its text is about the star 8 that skips two: under rules without that, the stage keeps
    its own rules (the answer is the same there, but the text would not be about them)."""
    stage = lesson("suspension-and-star8").stages[2]
    assert stage.question.state.rules.star8_double
    for preset in Rules.presets():
        posed = stage.pose(Rules.preset(preset))
        assert posed.under_chosen is Rules.preset(preset).star8_double, preset


def test_must_play_says_the_naija_tournament_preset_leaves_it_off():
    text = lesson("house-rules").stages[0].text
    assert "Naija app's tournament" in text and "No preset plays so" in text
    assert not Rules.preset("naija_tournament").must_play


#: How a stage's text names each seed (docs/rules.md, "Sources").
NAMED = {
    SEED_000: ("British rulebook", "Waddingtons"),
    SEED_002: ("web rules",),
    SEED_003: ("Naija app", "long description", "1970s", "Israel Ameh"),
}


@pytest.mark.parametrize("lesson_id, index, stage", STAGES, ids=lambda v: str(v)[:24])
def test_a_stage_cites_only_its_lessons_sources(lesson_id, index, stage):
    sources = lesson(lesson_id).sources
    for seed, names in NAMED.items():
        if any(name in stage.text for name in names):
            assert seed in sources, f"{lesson_id} {index + 1} names {seed}"


def test_several_cards_cites_the_rule_book_for_a_rule_no_seed_has():
    assert lesson("several-cards").sources == (
        "docs/rules.md#several-cards-at-once-multiple_cards",
    )
    words = source_words(lesson("several-cards").sources[0])
    assert words.startswith("This project's rule book, section “Several cards at once”")
    assert "Several cards of one number: A play may put down several cards" in words


#: Each seed rule issue 28 found untaught, with the lesson that teaches it and words it uses.
SEED_RULES = {
    "cutting for the first dealer": ("matching", "the lowest cut deals (a Whot counts 20)"),
    "the cut by the player on the dealer's right": ("matching", "dealer's right cuts"),
    "play and the deal go to the left": ("matching", "goes to the left, and so does the next deal"),
    "the star's small number is never used in play": ("the-pack", "never for play"),
    "the highest score pays a counter": ("matches", "puts a counter into the kitty"),
    "drawn cards stay hidden, never discarded": ("matching", "hidden, and cards are never"),
    "2 to 4 players in the web rules, two or more elsewhere": ("the-pack", "2 to 4 players"),
    "a special card turned up goes under": ("matching", "turned up goes under the market"),
    "the Nigerian shape names": ("the-pack", "ball, angle, cross, carpet and star"),
    "the British short game": ("matches", "The short game is one deal: the first player out wins"),
    "the 8 that lets its player play again": ("suspension-and-star8", "the 8 lets its player play"),
    "the 1970s finish": ("hold-on", "could finish at once"),
    "the Naija app's movable specials": ("suspension-and-star8", "move any special card"),
    "the Naija app's switchable specials": ("suspension-and-star8", "or switch it off"),
    "the Naija app's Crown": ("whot-and-calls", "calls the Whot Crown"),
}


@pytest.mark.parametrize("rule", SEED_RULES)
def test_every_seed_rule_is_taught(rule):
    lesson_id, words = SEED_RULES[rule]
    assert any(words in stage.text for stage in lesson(lesson_id).stages), rule


def test_a_stage_that_speaks_of_the_stars_small_number_is_true_of_its_table():
    """A table draws no star's score (test_pictures: a table is not counted), so a stage that
    says a star card shows a small number says too that its table leaves it out, else the
    learner looks for a number the star drawn beside the words does not have."""
    from whot_core.learn.page import question_board

    said = 0
    for each in LESSONS:
        for stage in each.stages:
            if "small number" not in stage.text or isinstance(stage.question, MatchQuestion):
                continue
            said += 1
            drawn = "star-score" in question_board(stage.question, select=False)["svg"]
            assert drawn or "leave it out" in stage.text, (each.id, stage.text)
    assert said  # the pack's stage 3 speaks of it


def test_the_new_stages_act_their_rules():
    """The rules a stage can act, acted: the star's small number does not match (star 5 counts
    10, circle 10 still may not go on it), the 1970s finish wins, the swapped 8 plays again."""
    star = lesson("the-pack").stages[2].question
    assert star.state.top.shape.value == "star" and {str(c) for c in star.answer} == {"triangle 5"}
    finish = lesson("hold-on").stages[4].question
    assert finish.answer and finish.state.apply(finish.move).winners == (0,)
    assert len(finish.state.record().setup["position"]["hands"][0]) == 2  # from two cards
    swapped = lesson("suspension-and-star8").stages[4].question
    assert swapped.answer == 0 and swapped.state.rules.effect_of(8) == "hold_on"


def test_the_matches_lesson_asks_who_pays_who_drops_out_who_is_eliminated():
    asked = {
        s.question.state.rules.match: s.question
        for s in lesson("matches").stages
        if isinstance(s.question, MatchQuestion)
    }
    assert set(asked) == {"short_rubber", "elimination_100", "tournament"}
    assert asked["short_rubber"].task == "Who pays a counter into the kitty?"
    assert asked["elimination_100"].answer == (2,)  # 85 + 23, though Seat 1 counts most
    assert asked["elimination_100"].points[1] > asked["elimination_100"].points[2]
    tournament = asked["tournament"]
    assert tournament.answer == (1,)  # the star 7 doubled: 19 against 17
    face = tournament.under(tournament.state.rules.replace(star_double=False))
    assert face.answer == (2,)
    assert asked["short_rubber"].say((0, 2)) == "Seats 0 and 2" and tournament.say(()) == "Nobody"
