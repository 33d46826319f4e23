"""The Learn path's own logic (`teach/lessons.py`): a match question's words, answers and refusals,
a lesson looked up by id, why a lesson cannot apply, and a stage posed under a learner's rules.

Written to kill the mutants `make mutation MODULE=whot_core/whot/teach/lessons.py` left alive
(docs/testing.md); every lesson's words are also pinned whole by
`tests/test_lesson_questions.py`."""

from __future__ import annotations

import pytest

from whot_core import GameState, Rules
from whot_core.whot.teach import lessons as lessons_module
from whot_core.whot.teach.lessons import MatchQuestion, Stage, lesson, same_answer
from whot_core.whot.teach.practice import ask

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
            "This game's counts: Seat 0 has 0 points, Seat 1 has 56 points, Seat 2 has 23 "
            "points. The highest count pays a counter into the kitty. So: Seat 1 pays a counter "
            "into the kitty."
        )

    def test_nobody_drops_out_below_a_hundred(self):
        question = under("elimination_100")
        assert question.task == "Who drops out?"
        assert question.answer == ()
        assert question.choices == ((0,), (1,), (2,), ())
        assert question.explanation() == (
            "This game's counts: Seat 0 has 0 points, Seat 1 has 56 points, Seat 2 has 23 "
            "points. Totals now: Seat 0 has 0 points, Seat 1 has 56 points, Seat 2 has 23 "
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
            "Game 2 of the match is over: Seat 0 went out; Seat 1 holds star 8, whot, circle 13, "
            "cross 7; Seat 2 holds triangle 12, square 11. Totals before it: Seat 0 has 90 "
            "points, Seat 1 has 60 points, Seat 2 has 90 points. Who drops out?"
        )
        assert question.explanation().endswith(" So: Seats 1 and 2 drop out.")  # not "drops"

    def test_a_tournament_eliminates_the_highest_count(self):
        question = under("tournament")
        assert question.task == "Who is eliminated?"
        assert question.answer == (1,)
        assert question.explanation().endswith(
            "The highest count is eliminated. So: Seat 1 is eliminated."
        )

    def test_the_first_game_says_no_totals(self):
        assert RUBBER.prompt == (
            "Game 1 of the match is over: Seat 0 went out; Seat 1 holds star 8, whot, circle 13, "
            "cross 7; Seat 2 holds triangle 12, square 11. Who pays a counter into the kitty?"
        )

    def test_beside_a_table_the_words_leave_the_hands_to_it(self):
        """On a projector the table beside the words shows the hands: the words say only the
        game's number and the totals before it, which the table does not show."""
        assert RUBBER.so_far == "Game 1 of the match is over."
        later = under("elimination_100", totals=(90, 60, 90), number=2)
        assert later.so_far == (
            "Game 2 of the match is over. Totals before it: Seat 0 has 90 points, Seat 1 has "
            "60 points, Seat 2 has 90 points."
        )


class TestAnswersInWords:
    def test_seats_said_as_a_button_says_them(self):
        assert RUBBER.say(()) == "Nobody"
        assert RUBBER.say(2) == "Seat 2"
        assert RUBBER.say([2, 0]) == "Seats 0 and 2"
        assert RUBBER.say((2, 1, 0)) == "Seats 0, 1 and 2"

    def test_a_wrong_answer_is_told_the_right_one(self):
        assert RUBBER.check(0).explanation == (
            "Not quite: you said Seat 0. The answer: Seat 1. This game's counts: Seat 0 has 0 "
            "points, Seat 1 has 56 points, Seat 2 has 23 points. The highest count pays a counter "
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
        assert verdict.correct is False
        assert verdict.explanation.startswith(
            f"That is not an answer here: {why}. The answer: Seat 1. This game's counts: "
        )


def test_the_same_game_under_other_rules_keeps_its_number_and_totals():
    fourth = MatchQuestion(RUBBER.state, (58, 40, 85), 4)
    moved = fourth.under(RULES.replace(match="tournament"))
    assert (moved.number, moved.totals) == (4, (58, 40, 85))
    assert moved.prompt.startswith("Game 4 of the match is over: ")
    assert moved.state.rules.match == "tournament"


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


# ------------------------------------------------------------------ a stage under other rules

#: Why a stage of the path keeps its own rules under a preset, word for word (`Posed.why`, which
#: completes "this position ..."), and whether the same position is shown there after the answer.
KEPT = [
    (
        "defence",
        0,
        "nigerian",
        False,
        "cannot happen under them (a pick only waits for an answer under defence)",
    ),
    (
        "the-pack",
        3,
        "nigerian_street",
        False,
        "cannot happen under them (circle 5 appears 2 times but one pack holds 1)",
    ),
    (
        "several-cards",
        1,
        "nigerian",
        False,
        "cannot happen under them (play circle 2 + triangle 2 is not legal here: Several cards at "
        "once: these rules put down one card a move)",
    ),
    (
        "the-pack",
        3,
        "nigerian",
        False,
        "cannot happen under them (these rules allow 2 to 4 players, not 6)",
    ),
    (
        "house-rules",
        2,
        "nigerian",
        False,
        "comes after Seat 0 goes to market, which ends the game under "
        "its own rules but not under them",
    ),
    (
        "hold-on",
        4,
        "nigerian_street",
        False,
        "comes after Seat 0 plays circle 1, which leaves other cards on the table under them",
    ),
    (
        "hold-on",
        1,
        "british",
        False,
        "comes after Seat 0 plays circle 1: then Seat 0 plays under its own rules, Seat 1 under "
        "them",
    ),
    (
        "rules-from-programs",
        2,
        "nigerian",
        False,
        "comes from a deal, which gives other cards under them",
    ),
    (
        "suspension-and-star8",
        3,
        "british",
        True,
        "has the same answer under them, but there circle 8 is a plain card",
    ),
    (
        "hold-on",
        0,
        "nigerian_street",
        True,
        'has the same answer under them, but there Seat 0 also draws two for not saying "semi '
        'last card"',
    ),
    (
        "announcements",
        1,
        "nigerian",
        True,
        'has the same answer under them, but there Seat 0 does not say "semi last card"',
    ),
    (
        "market-runs-out",
        0,
        "nigerian",
        True,
        "has the same answer under them, but there the pile under the top card is shuffled rather "
        "than turned over",
    ),
    (
        "market-runs-out",
        1,
        "british",
        True,
        "has the same answer under them, but there the pile under the top card is turned over "
        "rather than shuffled",
    ),
    ("house-rules", 1, "nigerian", True, "has the same answer under them, for another reason"),
    (
        "matching",
        4,
        "nigerian_street",
        False,
        "is about the hand size and start, set otherwise in them",
    ),
    ("matches", 0, "nigerian", False, "is about the match format, set otherwise in them"),
    ("whot-and-calls", 4, "nigerian", True, "plays differently under them"),
]


@pytest.mark.parametrize(("lesson_id", "index", "preset", "shown", "why"), KEPT)
def test_why_a_stage_keeps_its_own_rules_word_for_word(lesson_id, index, preset, shown, why):
    stage = lesson(lesson_id).stages[index]
    posed = stage.pose(Rules.preset(preset))
    assert posed.why == why
    assert posed.under_chosen is False and posed.question is stage.question
    assert (posed.there is not None) == shown


@pytest.mark.parametrize("index", [1, 2, 3])
def test_a_match_question_moves_to_rules_with_the_same_match_format(index):
    stage = lesson("matches").stages[index]
    rules = stage.question.state.rules.replace(must_play=True)
    posed = stage.pose(rules)
    assert posed.under_chosen is True and posed.why == ""
    assert isinstance(posed.question, MatchQuestion)
    assert posed.question.state.rules == rules
    assert posed.question.answer == stage.question.answer


STREET = Rules.preset("nigerian_street")
NIGERIAN = Rules.preset("nigerian")
BRITISH = Rules.preset("british")


def count_stage(rules: Rules, hands, pile, market, moves, seat: int) -> Stage:
    """A stage asking `seat`'s count after `moves` from a position set by hand."""
    state = GameState.from_position(rules, hands=hands, pile=pile, market=market)
    for move in moves:
        state = state.apply(move)
    return Stage("Count.", ask("count", state, None, seat))


def test_the_moves_before_a_position_are_named_until_the_rules_part():
    # Three seats under the street rules (hold on: play again). Seat 0 plays circle 3 (the same
    # under skip_next), then seat 1 plays circle 1: it plays again under the street rules, while
    # skip_next passes over seat 2 to seat 0. Both plays leave two cards, announced.
    hands = [
        ["circle 3", "star 3", "cross 7"],
        ["circle 1", "square 3", "cross 10"],
        ["star 4", "triangle 4", "square 2"],
    ]
    moves = ["play circle 3, semi last card", "play circle 1, semi last card"]
    stage = count_stage(STREET, hands, ["circle 11"], ["star 7", "star 2"], moves, seat=0)
    assert stage.pose(STREET.replace(hold_on="skip_next")).why == (
        "comes after Seat 0 plays circle 3 and Seat 1 plays circle 1: then Seat 1 plays under "
        "its own rules, Seat 0 under them"
    )


def test_a_draw_that_ends_the_game_only_under_the_learners_rules():
    # British rules turn the pile over when the market is empty; counting ends the game there.
    hands = [["star 3", "star 4"], ["square 3", "cross 5"]]
    pile = ["circle 10", "circle 7", "circle 11"]
    stage = count_stage(BRITISH, hands, pile, [], ["draw"], seat=1)
    assert not stage.question.state.is_over
    assert stage.pose(BRITISH.replace(exhausted="count")).why == (
        "comes after Seat 0 goes to market, which ends the game under "
        "them but not under its own rules"
    )


class TestTheSameAnswer:
    """`same_answer`: what else a move does under the other rules (it follows "the same
    answer"). Seat 0 holds three cards, so circle 3 leaves two: "semi last card"."""

    HANDS = (["circle 3", "star 3", "cross 7"], ["square 3", "cross 10", "star 4"])

    def asked(self, rules: Rules, move: str, kind="hand_sizes", hands=HANDS, **table):
        table = {"pile": ["circle 11"], "market": ["star 7", "star 2", "triangle 5"], **table}
        state = GameState.from_position(rules, hands=list(hands), **table)
        return ask(kind, state, move)

    @pytest.mark.parametrize(
        ("own", "there", "move", "words"),
        [
            (
                "penalty",
                "informative",
                "play circle 3",
                ', but there Seat 0 draws nothing for not saying "semi last card"',
            ),
            (
                "penalty",
                "informative",
                "play circle 3, semi last card",
                ', but there Seat 0 does not say "semi last card"',
            ),
            (
                "informative",
                "penalty",
                "play circle 3",
                ', but there Seat 0 also draws two for not saying "semi last card"',
            ),
            (
                "informative",
                "penalty",
                "play circle 3, semi last card",
                ', but there Seat 0 also says "semi last card"',
            ),
            ("penalty", "penalty", "play circle 3", ", for another reason"),
            ("informative", "none", "play circle 3", ", for another reason"),
        ],
    )
    def test_what_an_announcement_changes(self, own, there, move, words):
        mine = self.asked(NIGERIAN.replace(announcements=own), move)
        theirs = self.asked(NIGERIAN.replace(announcements=there), move)
        assert same_answer(mine, theirs) == words

    def test_a_missed_announcement_beside_a_said_one_is_not_said_twice(self):
        missed = self.asked(STREET, "play circle 3")
        said = self.asked(STREET, "play circle 3, semi last card")
        assert same_answer(missed, said) == (
            ', but there Seat 0 draws nothing for not saying "semi last card"'
        )
        assert same_answer(said, missed) == (
            ', but there Seat 0 also draws two for not saying "semi last card"'
        )

    @pytest.mark.parametrize(
        ("own", "there", "words"),
        [
            (
                "flip",
                "reshuffle",
                ", but there the pile under the top card is shuffled rather than turned over",
            ),
            (
                "reshuffle",
                "flip",
                ", but there the pile under the top card is turned over rather than shuffled",
            ),
            ("flip", "flip", ", for another reason"),
            ("flip", "count", ", for another reason"),
            ("count", "flip", ", for another reason"),
        ],
    )
    def test_how_the_market_is_refilled(self, own, there, words):
        table = {"hands": (["star 3", "star 4"], ["square 3", "cross 10"]), "market": []}
        table["pile"] = ["circle 10", "circle 7", "circle 11"]
        mine = self.asked(BRITISH.replace(exhausted=own), "draw", **table)
        theirs = self.asked(BRITISH.replace(exhausted=there), "draw", **table)
        assert same_answer(mine, theirs) == words

    def test_what_the_card_played_is_there(self):
        hands = (["circle 8", "star 3", "cross 7"], ["square 3", "cross 10", "star 4"])
        plain = self.asked(BRITISH, "play circle 8", hands=hands)
        suspends = self.asked(NIGERIAN, "play circle 8", hands=hands)
        assert same_answer(plain, suspends) == ", but there circle 8 is suspension"
        assert same_answer(suspends, plain) == ", but there circle 8 is a plain card"
        street = self.asked(STREET, "play circle 8", hands=hands)  # "semi last card" is due
        assert same_answer(plain, street) == (
            ', but there Seat 0 also draws two for not saying "semi last card" and circle 8 is '
            "suspension"
        )

    def test_a_question_with_no_move_to_compare(self):
        legal = self.asked(NIGERIAN, "play circle 3")
        counted = ask("count", legal.state, None, 1)
        assert same_answer(counted, legal) == ", for another reason"
        assert same_answer(RUBBER, RUBBER) == ", for another reason"

    def test_a_move_not_legal_in_its_own_position(self):
        # A "legal" question may ask about a card seat 0 does not hold: nothing to compare.
        hands = (["star 3", "star 5", "cross 7"], ["square 3", "cross 10", "star 4"])
        illegal = self.asked(NIGERIAN, "play circle 3", kind="legal", hands=hands)
        assert not illegal.state.is_legal(illegal.move)
        assert same_answer(illegal, self.asked(NIGERIAN, "play circle 3")) == (
            ", for another reason"
        )

    def test_a_move_not_legal_under_the_other_rules(self):
        # The street rules' announced play is no move at all under British rules (no
        # announcements): a "legal" question asks about it there, and there is nothing to compare.
        said = "play circle 3, semi last card"
        legal_here = self.asked(STREET, said)
        not_there = self.asked(BRITISH, said, kind="legal")
        assert not not_there.state.is_legal(not_there.move)
        assert same_answer(legal_here, not_there) == ", for another reason"
