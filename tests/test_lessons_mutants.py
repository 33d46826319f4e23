"""The Learn path's own logic (`teach/lessons.py`): a match question's words, answers and refusals,
a lesson looked up by id, why a lesson cannot apply, and a stage posed under a learner's rules.

Written to kill the mutants `make mutation MODULE=whot_core/whot/teach/lessons.py` left alive
(docs/testing.md); every lesson's words are also pinned whole by
`tests/test_lesson_questions.py`."""

from __future__ import annotations

import pytest

from whot_core import Rules
from whot_core.whot.teach import lessons as lessons_module
from whot_core.whot.teach.lessons import MatchQuestion, lesson

#: The first match question of the lesson on matches: a short rubber's game 1 at three seats,
#: seat 0 went out; seat 1 holds star 8, whot, circle 13, cross 7 (56 points: the star 8 counts
#: double, 16); seat 2 holds triangle 12, square 11 (23 points).
RUBBER = lesson("matches").stages[1].question
RULES = RUBBER.state.rules


def under(match: str, totals=(0, 0, 0), number: int = 1) -> MatchQuestion:
    return MatchQuestion(RUBBER.under(RULES.replace(match=match)).state, totals, number)


class TestAMatchQuestion:
    def test_the_counts_and_who_pays(self):
        assert RUBBER.points == (0, 56, 23)
        assert RUBBER.answer == (1,)
        assert RUBBER.choices == ((0,), (1,), (2,), ())

    def test_a_long_rubber_pays_as_the_short_one(self):
        question = under("long_rubber")
        assert question.task == "Who pays a counter into the kitty?"
        assert question.answer == (1,)
        assert question.explanation() == (
            "This game's counts: seat 0 has 0 points, seat 1 has 56 points, seat 2 has 23 "
            "points. The highest count pays a counter into the kitty. So: Seat 1 pays a counter "
            "into the kitty."
        )

    def test_nobody_drops_out_below_a_hundred(self):
        question = under("elimination_100")
        assert question.task == "Who drops out?"
        assert question.answer == ()
        assert question.choices == ((0,), (1,), (2,), ())
        assert question.explanation() == (
            "This game's counts: seat 0 has 0 points, seat 1 has 56 points, seat 2 has 23 "
            "points. Totals now: seat 0 has 0 points, seat 1 has 56 points, seat 2 has 23 "
            "points; 100 or more drops out. So nobody drops out."
        )
        assert question.check(()).explanation.startswith("Right. This game's counts:")
        assert question.say(question.answer) == "Nobody"

    def test_two_seats_dropping_out_are_one_more_choice(self):
        question = under("elimination_100", totals=(90, 60, 90), number=2)
        assert question.settlement.totals == (90, 116, 113)
        assert question.answer == (1, 2)
        assert question.choices == ((0,), (1,), (2,), (1, 2), ())
        assert question.check([2, 1]).correct
        assert question.say(question.answer) == "Seats 1 and 2"
        assert question.prompt == (
            "Game 2 of the match is over: seat 0 went out; seat 1 holds star 8, whot, circle 13, "
            "cross 7; seat 2 holds triangle 12, square 11. Totals before it: seat 0 has 90 "
            "points, seat 1 has 60 points, seat 2 has 90 points. Who drops out?"
        )

    def test_a_tournament_eliminates_the_highest_count(self):
        question = under("tournament")
        assert question.task == "Who is eliminated?"
        assert question.answer == (1,)
        assert question.explanation().endswith(
            "The highest count is eliminated. So: Seat 1 is eliminated."
        )

    def test_the_first_game_says_no_totals(self):
        assert RUBBER.prompt == (
            "Game 1 of the match is over: seat 0 went out; seat 1 holds star 8, whot, circle 13, "
            "cross 7; seat 2 holds triangle 12, square 11. Who pays a counter into the kitty?"
        )


class TestAnswersInWords:
    def test_seats_said_as_a_button_says_them(self):
        assert RUBBER.say(()) == "Nobody"
        assert RUBBER.say(2) == "Seat 2"
        assert RUBBER.say([2, 0]) == "Seats 0 and 2"
        assert RUBBER.say((2, 1, 0)) == "Seats 0, 1 and 2"

    def test_a_wrong_answer_is_told_the_right_one(self):
        assert RUBBER.check(0).explanation == (
            "Not quite: you said Seat 0. The answer: Seat 1. This game's counts: seat 0 has 0 "
            "points, seat 1 has 56 points, seat 2 has 23 points. The highest count pays a counter "
            "into the kitty. So: Seat 1 pays a counter into the kitty."
        )
        assert not RUBBER.check(0).correct
        assert RUBBER.check(1).correct and RUBBER.check((1,)).correct

    @pytest.mark.parametrize(
        ("response", "why"),
        [
            (True, "a seat is a number"),
            (3, "seats run from 0 to 2"),
            (-1, "seats run from 0 to 2"),
            ("x", "invalid literal for int() with base 10: 'x'"),
        ],
    )
    def test_what_is_no_answer_says_why(self, response, why):
        verdict = RUBBER.check(response)
        assert not verdict.correct
        assert verdict.explanation.startswith(
            f"That is not an answer here: {why}. The answer: Seat 1. This game's counts: "
        )


class TestAMatchQuestionRefused:
    def test_a_single_game_names_nobody(self):
        with pytest.raises(ValueError, match=r"^match: one game names nobody$"):
            RUBBER.under(RULES.replace(match="single"))

    def test_a_total_for_every_seat(self):
        message = r"^state: a match question needs a finished game and every total$"
        with pytest.raises(ValueError, match=message):
            MatchQuestion(RUBBER.state, (0, 0))
        with pytest.raises(ValueError, match=message):
            MatchQuestion(RUBBER.state, (0, 0, 0, 0))


class TestLessonsByName:
    def test_an_unknown_id_lists_the_lessons(self):
        with pytest.raises(ValueError) as raised:
            lesson("nope")
        assert str(raised.value) == (
            "unknown lesson 'nope'; the lessons are: the-pack, matching, whot-and-calls, "
            "hold-on, pick-two-and-three, suspension-and-star8, general-market, defence, "
            "announcements, market-runs-out, scoring, matches, house-rules, "
            "rules-from-programs, several-cards"
        )

    def test_the_path_is_read_when_asked_for_and_nothing_else_is(self):
        assert [each.id for each in lessons_module.LESSONS][:2] == ["the-pack", "matching"]
        with pytest.raises(AttributeError, match="has no attribute 'NOPE'"):
            _ = lessons_module.NOPE


class TestWhyALessonIsIdle:
    def test_every_rule_it_needs_missing_is_named_once(self):
        picks = lesson("pick-two-and-three")
        assert picks.why_idle(Rules.preset("british")) == (
            "no card has the pick two effect; no card has the pick three effect; no card has "
            "the everyone picks two effect"
        )
        assert not picks.applies_to(Rules.preset("british"))
        assert picks.why_idle(Rules.preset("nigerian")) is None
        assert picks.applies_to(Rules.preset("nigerian"))

    def test_a_lesson_that_needs_nothing_always_applies(self):
        assert lesson("the-pack").why_idle(Rules.preset("british")) is None
        assert lesson("the-pack").applies_to(Rules.preset("british"))
