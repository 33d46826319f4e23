"""A learner's kept progress (whot_core.learn.progress) and Review's schedule
(whot_core.learn.review): the value round-trips as text, anything else is refused naming the part,
a miss comes back at once and a right answer later, and the summary says what was done."""

from __future__ import annotations

import json

import pytest

from whot_core.learn import progress as kept
from whot_core.learn.path import Tries, stage_keys
from whot_core.learn.review import INTERVALS, Box, after_answer, due_now, next_due

DAY = 739956  # 6 December 2026


# ----------------------------------------------------------------------------- the schedule


def test_a_miss_goes_to_box_one_due_at_once_wherever_it_was():
    for box in (None, Box(1, DAY), Box(3, DAY + 5), Box(5, DAY + 16)):
        assert after_answer(box, correct=False, today=DAY) == Box(1, DAY)


def test_a_right_answer_moves_up_a_box_each_due_later_than_the_last():
    box, dues = Box(1, DAY), []
    for n in range(2, len(INTERVALS) + 1):
        box = after_answer(box, correct=True, today=DAY)
        assert box.box == n
        dues.append(box.due - DAY)
    assert dues == list(INTERVALS[1:]) and dues == sorted(set(dues)) and dues[0] >= 1


def test_a_right_answer_in_the_last_box_or_outside_review_leaves_review():
    assert after_answer(Box(len(INTERVALS), DAY), correct=True, today=DAY) is None
    assert after_answer(None, correct=True, today=DAY) is None


def test_only_rules_due_today_or_before_are_due_the_longest_overdue_first():
    boxes = {
        "b/1": Box(2, DAY),
        "a/1": Box(1, DAY),
        "late/1": Box(1, DAY - 3),
        "x/1": Box(3, DAY + 1),
    }
    assert due_now(boxes, today=DAY) == ["late/1", "a/1", "b/1"]
    assert due_now(boxes, today=DAY + 1) == ["late/1", "a/1", "b/1", "x/1"]
    assert due_now({}, today=DAY) == []


def test_next_due_skips_what_this_sitting_answered_then_takes_the_longest_ago():
    boxes = {"a/1": Box(1, DAY), "b/1": Box(1, DAY)}
    assert next_due(boxes, today=DAY) == "a/1"
    assert next_due(boxes, today=DAY, answered=["a/1"]) == "b/1"
    assert next_due(boxes, today=DAY, answered=["a/1", "b/1"]) == "a/1"
    assert next_due(boxes, today=DAY, answered=["a/1", "b/1", "a/1"]) == "b/1"
    assert next_due({"a/1": Box(2, DAY + 1)}, today=DAY) is None


# ------------------------------------------------------------------------------ recording


def test_a_stage_missed_then_solved_has_two_stars_and_is_in_review():
    progress = kept.with_stage(kept.Progress(), "hold-on/2", correct=False, today=DAY)
    progress = kept.with_stage(progress, "hold-on/2", correct=True, today=DAY)
    assert progress.stages["hold-on/2"] == Tries(1, True)
    assert progress.review == {"hold-on/2": Box(1, DAY)}


def test_a_stage_right_at_once_is_not_in_review():
    progress = kept.with_stage(kept.Progress(), "hold-on/2", correct=True, today=DAY)
    assert progress.stages["hold-on/2"].stars == 3 and progress.review == {}


def test_practice_keeps_the_last_answers_and_a_miss_goes_to_review():
    progress = kept.Progress()
    for n in range(kept.RECENT + 3):
        progress = kept.with_practice(progress, "count", "mixed", correct=n % 3 != 0, today=DAY)
    recent = progress.practice["count:mixed"]
    assert recent == tuple(n % 3 != 0 for n in range(3, kept.RECENT + 3))
    assert progress.review == {"practice:count:mixed": Box(1, DAY)}


def test_a_review_answer_moves_the_box_and_counts_as_practice():
    progress = kept.with_practice(kept.Progress(), "legal", "mixed", correct=False, today=DAY)
    progress = kept.with_review(progress, "practice:legal:mixed", correct=True, today=DAY)
    assert progress.review["practice:legal:mixed"] == Box(2, DAY + INTERVALS[1])
    assert progress.practice["legal:mixed"] == (False, True)
    progress = kept.with_stage(progress, "hold-on/1", correct=False, today=DAY)
    progress = kept.with_review(progress, "hold-on/1", correct=False, today=DAY + 2)
    assert progress.review["hold-on/1"] == Box(1, DAY + 2)
    assert progress.stages["hold-on/1"] == Tries(1, False)  # review leaves the stars alone


def test_the_rule_missed_most_is_the_lowest_share_right():
    progress = kept.Progress()
    for focus, answers in {"hold_on": "1100", "pick_two": "1000", "mixed": "0000"}.items():
        for right in answers:
            progress = kept.with_practice(progress, "legal", focus, correct=right == "1", today=DAY)
    foci = ("mixed", "hold_on", "pick_two", "suspension")
    assert kept.missed_most(progress, "legal", foci) == "pick_two"
    assert kept.missed_most(kept.Progress(), "legal", foci) is None


# ---------------------------------------------------------------------------------- as text


def whole_path() -> kept.Progress:
    progress = kept.Progress()
    for key in stage_keys():
        progress = kept.with_stage(progress, key, correct=False, today=DAY)
        progress = kept.with_stage(progress, key, correct=True, today=DAY)
    return progress


def test_the_whole_path_round_trips_and_stays_small():
    progress = whole_path()
    text = kept.to_json(progress)
    assert kept.from_json(text) == progress and kept.to_json(kept.from_json(text)) == text
    assert len(text) < kept.MAX_BYTES / 4


def good() -> dict:
    return json.loads(kept.to_json(kept.with_stage(kept.Progress(), "hold-on/2", correct=False,
                                                   today=DAY)))  # fmt: skip


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (lambda d: d.update(format="something"), "progress: not a saved progress"),
        (lambda d: d.update(version=2), "version: expected 1"),
        (lambda d: d.update(extra=1), "progress: unknown parts ['extra']"),
        (lambda d: d.update(stages=[]), "stages: expected a mapping"),
        (lambda d: d["stages"].update({"hold-on/99": [0, True]}), "stages['hold-on/99']"),
        (lambda d: d["stages"].update({"hold-on/2": [-1, True]}), "stages['hold-on/2']"),
        (lambda d: d["stages"].update({"hold-on/2": [1, "yes"]}), "stages['hold-on/2']"),
        (lambda d: d["stages"].update({"hold-on/2": [True, True]}), "stages['hold-on/2']"),
        (lambda d: d.update(practice={"count:nope": "1"}), "practice['count:nope']"),
        (lambda d: d.update(practice={"count:mixed": "12"}), "practice['count:mixed']"),
        (lambda d: d.update(practice={"count:mixed": "1" * 11}), "practice['count:mixed']"),
        (lambda d: d["review"].update({"hold-on/2": [6, DAY]}), "review['hold-on/2']"),
        (
            lambda d: d["review"].update({"practice:x:mixed": [1, DAY]}),
            "review['practice:x:mixed']",
        ),
        (lambda d: d["review"].update({"hold-on/2": [1, "today"]}), "review['hold-on/2']"),
    ],
)
def test_a_tampered_progress_is_refused_naming_the_part(change, named):
    data = good()
    change(data)
    with pytest.raises(kept.ProgressError, match="^" + named.replace("[", r"\[")):
        kept.from_json(json.dumps(data))


@pytest.mark.parametrize("text", ["", "not json", "[1]", "null", 5, None, "{" * 100_000, b"\xff"])
def test_anything_else_is_refused_not_crashed_on(text):
    with pytest.raises(kept.ProgressError, match="progress"):
        kept.from_json(text)


# ------------------------------------------------------------------------------ the summary


def test_the_summary_counts_each_lessons_stages_stars_and_first_try_share():
    progress = kept.with_stage(kept.Progress(), "hold-on/1", correct=True, today=DAY)
    progress = kept.with_stage(progress, "hold-on/2", correct=False, today=DAY)
    progress = kept.with_stage(progress, "hold-on/2", correct=True, today=DAY)
    progress = kept.with_stage(progress, "hold-on/3", correct=False, today=DAY)
    line = next(x for x in kept.lesson_lines(progress) if "Hold on" in x.rule)
    assert (line.done, line.stars, line.stars_of) == (2, 5, 3 * line.of)
    assert line.accuracy == pytest.approx(1 / 3)
    assert all(x.accuracy is None for x in kept.lesson_lines(progress, "whist"))


def test_the_practice_summary_is_the_share_right_of_the_last_answers():
    progress = kept.Progress()
    for right in (True, False, True, True):
        progress = kept.with_practice(progress, "count", "mixed", correct=right, today=DAY)
    [line] = kept.practice_lines(progress)
    assert line.accuracy == 0.75 and line.done == 4
    assert "What does this hand count?" in line.rule and "code" not in line.rule
