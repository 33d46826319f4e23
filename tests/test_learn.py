"""The Learn page's logic without Streamlit (whot_core.learn.page): the path and its links,
stars by tries, the words of each answer, the table a question is answered on (which must not
give the answer away), the picture of what happens, and practice links."""

from __future__ import annotations

import json

import pytest

from whot_core import Card, Rules
from whot_core.learn import page as learn
from whot_core.toolkit.svg import picture_label
from whot_core.whot.teach.lessons import LESSONS
from whot_core.whot.teach.practice import FOCI, KINDS, generate, idle_reason

REFS = [learn.StageRef(n, s) for n, each in enumerate(LESSONS) for s in range(len(each.stages))]


# ---------------------------------------------------------------------------- the path


def test_next_and_previous_walk_the_whole_path_in_order():
    walked = [learn.StageRef(0, 0)]
    while walked[-1].next is not None:
        walked.append(walked[-1].next)
    assert walked == REFS
    back = [REFS[-1]]
    while back[-1].previous is not None:
        back.append(back[-1].previous)
    assert back == REFS[::-1]


@pytest.mark.parametrize("ref", REFS, ids=lambda ref: ref.key)
def test_every_stage_link_opens_its_stage(ref):
    params = learn.stage_params(ref)
    assert params == {"lesson": ref.of.id, "stage": str(ref.stage + 1)}
    assert learn.read_stage_link(params) == (ref, None)


@pytest.mark.parametrize(
    ("params", "opens", "problem"),
    [
        ({}, None, None),
        ({"lesson": "nope"}, None, "lesson: expected one of the-pack"),
        ({"lesson": "hold-on", "stage": "9"}, learn.StageRef(3, 0), "stage: must be from 1 to 5"),
        ({"lesson": "hold-on", "stage": "x"}, learn.StageRef(3, 0), "stage: expected a whole"),
        ({"lesson": "hold-on"}, learn.StageRef(3, 0), None),
    ],
)
def test_a_bad_stage_link_is_named(params, opens, problem):
    ref, said = learn.read_stage_link(params)
    assert ref == opens
    assert (said is None) if problem is None else said.startswith(problem)


def test_stars_go_by_wrong_tries_and_a_solved_stage_keeps_them():
    tries = learn.Tries()
    assert tries.stars == 0 and not tries.solved
    assert learn.answered(tries, correct=True).stars == 3
    once = learn.answered(tries, correct=False)
    assert once == learn.Tries(1, False) and once.stars == 0
    assert learn.answered(once, correct=True).stars == 2
    thrice = learn.answered(learn.answered(once, correct=False), correct=False)
    solved = learn.answered(thrice, correct=True)
    assert solved.stars == 1
    assert learn.answered(solved, correct=False) == solved  # trying others changes nothing


def test_progress_along_a_lesson_and_the_path():
    first, second = learn.StageRef(0, 0), learn.StageRef(0, 1)
    progress = {first.key: learn.Tries(0, True), second.key: learn.Tries(2, True)}
    stages = len(LESSONS[0].stages)
    assert learn.lesson_progress(0, progress) == (2, 3 + 1, 3 * stages)
    assert learn.path_progress(progress) == (2, len(REFS))
    assert learn.first_unsolved(progress) == learn.StageRef(0, 2)
    assert learn.first_unsolved({}) == learn.StageRef(0, 0)
    everything = {ref.key: learn.Tries(0, True) for ref in REFS}
    assert learn.path_progress(everything) == (len(REFS), len(REFS))
    assert learn.stars_text(2) == "★★☆"


def test_a_stage_names_the_rules_it_plays_under():
    assert learn.rules_words(LESSONS[0].stages[0].question.state.rules) == (
        "British (Waddingtons rulebook)"
    )
    assert learn.rules_words(LESSONS[0].stages[3].question.state.rules) == (
        "British (Waddingtons rulebook), with two packs shuffled together"
    )
    rules = Rules.preset("british").replace(packs=2, must_play=True, defence=True)
    assert learn.rules_words(rules) == "British (Waddingtons rulebook), with 3 rules changed"
    assert learn.source_words(LESSONS[0].sources[0]) == (
        "The Waddingtons rulebook: the British rules as Waddingtons printed them (six cards "
        "each, no special cards, stars count double, rubbers)."
    )


# ----------------------------------------------------------------------------- answers


@pytest.mark.parametrize("ref", REFS, ids=lambda ref: ref.key)
def test_every_choice_has_words_and_only_the_answer_is_right(ref):
    question = ref.question
    right = learn.feedback(question, question.answer)
    assert right.correct and right.headline == "Right!" and right.explanation
    labels = [learn.choice_label(question, choice) for choice in question.choices]
    assert len(set(labels)) == len(labels) and all(labels)
    if question.kind == "playable":
        return  # the choices are the hand's cards, one of many possible answers
    for choice in question.choices:
        said = learn.feedback(question, choice)
        assert said.correct == (choice == question.answer)
        if not said.correct:  # the headline leaves the answer to the retry; the rest says it
            assert said.headline.startswith("Not quite")
            assert learn.choice_label(question, question.answer) not in said.headline
            assert "The answer:" in said.explanation


def test_a_match_question_says_its_seats_in_words():
    """The matches lesson asks who pays, drops out or is eliminated: seats, or nobody."""
    refs = [r for r in REFS if r.question.kind == "match"]
    assert len(refs) == 3
    question = refs[0].question
    labels = [learn.choice_label(question, c) for c in question.choices]
    assert labels == ["Seat 0", "Seat 1", "Seat 2", "Nobody"]
    asked, where = learn.task(question)
    assert asked == "Who pays a counter into the kitty?" and where.startswith("Game 1 of the")
    said = learn.feedback(question, (0,))
    assert said.headline == "Not quite: Seat 0 is not the answer. Try again."
    assert "Seat 1 pays a counter into the kitty" in said.explanation


def test_choice_words_for_each_kind():
    sizes = next(r.question for r in REFS if r.question.kind == "hand_sizes")
    assert learn.choice_label(sizes, (4, 6, 2)) == "Seat 0: 4 · Seat 1: 6 · Seat 2: 2"
    legal = next(r.question for r in REFS if r.question.kind == "legal")
    assert [learn.choice_label(legal, c) for c in (True, False)] == ["Legal", "Not legal"]
    playable = next(r.question for r in REFS if r.question.kind == "playable")
    assert learn.choice_label(playable, ["star 7", "circle 3"]) == "circle 3, star 7"
    assert learn.choice_label(playable, ["circle 3"], nigerian=True) == "ball 3"
    assert learn.choice_label(playable, []) == "no card (only a draw)"


def test_the_marked_cards_are_judged_as_a_set():
    ref = learn.StageRef(1, 0)  # matching: triangle 3, circle 11 and a Whot on triangle 11
    question = ref.question
    assert question.answer == {Card.of("triangle 3"), Card.of("circle 11"), Card.of("whot")}
    assert learn.feedback(question, ["whot", "circle 11", "triangle 3"]).correct
    wrong = learn.feedback(question, ["circle 11"])
    assert not wrong.correct
    assert wrong.headline == "Not quite. circle 11, yes. 2 more cards may be played: find them."
    assert not learn.feedback(question, ["not a card"]).correct  # judged, never raised


def test_the_task_is_the_prompt_without_the_situation_the_table_shows():
    question = learn.StageRef(1, 1).question  # may Seat 0 play star 7?
    asked, where = learn.task(question)
    assert asked == "May Seat 0 play star 7 now?"
    assert where.startswith("Seat 0 to play on triangle 11.")
    assert f"{where} {asked}" == question.prompt
    count = learn.StageRef(0, 0).question
    assert learn.task(count) == (count.prompt, "")


# ---------------------------------------------------------------------------- pictures


def test_the_table_to_mark_cards_on_gives_nothing_away():
    question = learn.StageRef(7, 0).question  # defence: Seat 1 to play, a pick two waiting
    board = learn.question_board(question, token="t", chosen=["circle 7"])
    json.dumps(board)  # the component's data is JSON
    hand = question.state.hand(1)
    assert [c["card"] for c in board["cards"]] == [str(card) for card in hand]
    assert all(c["legal"] is None for c in board["cards"])
    assert "highlight" not in board["svg"] and "data-legal" not in board["svg"]
    assert board["svg"].count('role="button"') == len(hand)
    assert board["select"] == {"button": "Check my answer", "token": "t", "chosen": ["1"]}
    assert board["live"] is False and board["market"] is None
    others = question.state.hand(0)
    assert all(f'data-card="{card}"' not in board["svg"] for card in others if card not in hand)


def test_a_quiz_table_and_other_questions_have_no_controls():
    playable = learn.StageRef(1, 0).question
    assert "select" not in learn.question_board(playable, select=False)
    legal = learn.StageRef(1, 1).question
    board = learn.question_board(legal)
    assert "select" not in board and 'role="button"' not in board["svg"]
    for card in (*legal.state.hand(0), *legal.state.hand(1)):  # every hand face up
        assert f'data-card="{card}"' in board["svg"]


def test_what_happens_after_the_move():
    sizes = learn.StageRef(4, 0).question  # pick two: the next player draws two
    svg, caption = learn.outcome_svg(sizes)
    assert caption == "The table after Seat 0 plays triangle 2."
    after = sizes.state.apply(sizes.move)
    assert "Seat 1 has 5" in picture_label(svg) and after.hand_sizes[1] == 5
    refused = learn.StageRef(1, 1).question  # star 7 on triangle 11
    assert learn.outcome_svg(refused)[1] == "The table stays as it was: Seat 0 may not play star 7."
    playable = learn.StageRef(1, 0).question
    svg, _ = learn.outcome_svg(playable)
    assert svg.count("highlight-legal") == len(playable.answer)


# ---------------------------------------------------------------------------- practice


def test_practice_foci_are_the_live_rules_this_kind_can_show():
    nigerian, british = Rules.preset("nigerian"), Rules.preset("british")
    foci = learn.practice_foci(nigerian, "legal")
    assert foci[0] == learn.MIXED and "hold_on" in foci and "star_double" not in foci  # a count
    assert all("legal" in FOCI[f].kinds and idle_reason(nigerian, f) is None for f in foci[1:])
    assert "hold_on" not in learn.practice_foci(british, "legal")  # no hold on card there
    assert "star_double" in learn.practice_foci(british, "count")
    assert learn.focus_label(learn.MIXED) == "Mixed: any rule"
    assert [learn.focus_label(f) for f in ("hold_on", "whot", "specials", "star8_double")] == [
        "Hold on",
        "The Whot",
        "Special cards",
        "Star 8 skips two",
    ]


def test_a_practice_link_replays_its_question():
    rules = Rules.preset("nigerian")
    params = learn.practice_params("next_player", 12, "hold_on")
    assert params == {"practice": "next_player", "seed": "12", "focus": "hold_on"}
    link = learn.read_practice_link(params, rules)
    assert link == learn.PracticeLink("next_player", 12, "hold_on")
    question = learn.practice_question(rules, link.kind, link.seed, link.focus)
    assert question.to_json() == generate(rules, "next_player", 12, focus="hold_on").to_json()
    assert learn.practice_params("count", 3, learn.MIXED) == {"practice": "count", "seed": "3"}


def test_a_bad_practice_link_is_named_and_its_defaults_used():
    link = learn.read_practice_link(
        {"practice": "guess", "seed": "-4", "focus": "hold_on"}, Rules.preset("british")
    )
    assert (link.kind, link.seed, link.focus) == (KINDS[0], 1, learn.MIXED)
    assert [p.split(":")[0] for p in link.problems] == ["practice", "seed", "focus"]


def test_a_focus_these_rules_leave_idle_is_a_message_not_an_error():
    said = learn.practice_question(Rules.preset("british"), "legal", 1, "defence")
    assert isinstance(said, str) and said.startswith("focus: defence changes nothing")


def test_a_playable_explanation_is_listed_card_group_by_card_group():
    question = learn.StageRef(1, 0).question  # triangle 3, circle 11, star 7, cross 5, whot
    said = learn.feedback(question, ["circle 11"])
    lines = learn.explanation_lines(question, said.explanation)
    assert lines[0] == "Not quite: you said circle 11. The answer: circle 11, triangle 3, whot."
    assert [line.split(":")[0] for line in lines[1:]] == [
        "triangle 3", "circle 11", "star 7", "cross 5", "whot"
    ]  # fmt: skip
    assert " ".join(lines) == said.explanation
    street = learn.StageRef(7, 0).question  # a Whot and two cards share one reason
    text = learn.feedback(street, street.answer, nigerian=True).explanation
    lines = learn.explanation_lines(street, text, nigerian=True)
    assert lines[1].startswith("ball 7, whot, ball 5: Defence: a pick is waiting on you")
    legal = learn.StageRef(1, 1).question
    assert learn.explanation_lines(legal, "One line.") == ["One line."]


def test_an_explanation_in_markdown_lists_card_groups_under_the_headline():
    question = learn.StageRef(1, 0).question  # triangle 3, circle 11, star 7, cross 5, whot
    said = learn.feedback(question, ["circle 11"])
    text = said.explanation.removeprefix("Not quite: ")
    shown = learn.explanation_markdown(question, text, lead="Not this time:")
    head, items = shown.split("\n\n")
    assert head == "Not this time: you said circle 11. The answer: circle 11, triangle 3, whot."
    assert [line[:2] for line in items.splitlines()] == ["- "] * 5  # a card group a line
    assert items.splitlines()[0].startswith("- Triangle 3: ")  # a line starts with a capital
    right = learn.feedback(question, question.answer).explanation
    assert learn.explanation_markdown(question, right).startswith("- Triangle 3: ")  # no lead


def test_an_explanation_in_markdown_starts_each_sentence_with_a_capital():
    counts = (generate(Rules.preset("nigerian"), "count", seed) for seed in range(40))
    count = next(q for q in counts if learn.feedback(q, q.answer).explanation[0].islower())
    right = learn.feedback(count, count.answer).explanation  # "circle 8 counts 8; ..."
    shown = learn.explanation_markdown(count, right, lead="Right! +120 points.")
    assert shown.startswith(f"Right! +120 points. {right[0].upper()}{right[1:12]}")
    assert shown.lower() == f"right! +120 points. {right}".lower()  # nothing else changed
    bold = learn.explanation_markdown(count, right, lead="**Right!**")  # Learn's own headline
    assert bold.startswith(f"**Right!** {right[0].upper()}{right[1:12]}")
    wrong = count.check(count.answer + 1).explanation.removeprefix("Not quite: ")
    shown = learn.explanation_markdown(count, wrong, lead="Not this time:")
    assert shown.startswith(f"Not this time: you said {count.answer + 1}. The answer: ")
    assert ". The answer: " in shown and f"{count.answer}. {right[0].upper()}" in shown
