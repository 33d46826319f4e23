# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# [← 10 Whist](10_whist.ipynb) · [Contents](00_contents.ipynb)
#
# > **Run me:** choose *Run ▸ Run All Cells* first. The pictures show as you open the notebook,
# > but the buttons, sliders and questions need the notebook running.
#
# # 11 Practice: questions the engine checks
#
# Each rule notebook ends with a practice widget. This notebook shows where its questions come
# from. Here is one: a position from a game that AI players played under the web rules, and one
# task about it.

# %%
from whot_core import Rules
from whot_core.learn.page import KIND_TITLES
from whot_core.whot.show.pictures import Picture, table_svg
from whot_core.whot.teach.lessons import LESSONS, stars
from whot_core.whot.teach.practice import KINDS, Question, foci, generate
from whot_core.whot.teach.widgets import practice

nigerian = Rules.preset("nigerian")  # the web rules
question = generate(nigerian, "next_player", seed=7)
print(question.prompt)
Picture(table_svg(question.state))

# %% [markdown]
# Nobody wrote the answer down: the engine works it out, by playing the move on the position.
# `check` judges a response and explains it in the engine's own words, right or wrong.

# %%
print(question.answer)
print(question.check(question.answer).explanation)

# %%
wrong = next(seat for seat in question.choices if seat != question.answer)
verdict = question.check(wrong)
print(verdict.correct)
print(verdict.explanation)

# %%
assert question.check(question.answer).correct and not verdict.correct
assert question.answer == question.state.apply(question.move).current_player

# %% [markdown]
# ## Five kinds of question
#
# `KINDS` names them, as `generate` takes them: which cards may be played now
# (`kind="playable"`, an answer that is a set of cards), whether a move is legal (`kind="legal"`),
# who plays after a move (`kind="next_player"`), how many cards each seat holds after a move
# (`kind="hand_sizes"`), and what one seat's hand counts (`kind="count"`).
# Each comes with the choices a quiz offers: the right answer and the usual slips.

# %%
for kind in KINDS:
    asked = generate(nigerian, kind, seed=1)
    print(f"{KIND_TITLES[kind]} (the kind {kind!r}) {asked.prompt}")
    print(f"  choices {asked.choices}; answer {asked.answer}")

# %% [markdown]
# ## A focus, and the rules in force
#
# A question can aim at one rule (`focus`): the generator plays seeded games until a position shows
# it. `foci(rules, kind)` lists the rules a kind of question can show under some rules: under the
# British rulebook ([the Waddingtons rulebook](../docs/rules.md#sources)) there is no hold on card,
# so no question can be about it, and asking says why.

# %%
british = Rules.preset("british")
print(foci(british, "legal"))
print(generate(nigerian, "legal", seed=2, focus="hold_on").prompt)
try:
    generate(british, "legal", seed=2, focus="hold_on")
except ValueError as error:
    print(error)

# %%
assert "hold_on" in foci(nigerian, "legal") and "hold_on" not in foci(british, "legal")

# %% [markdown]
# ## A seed replays a question
#
# The same rules, kind, focus and seed give the same question, byte for byte, so a link (the
# explorer's `?practice=next_player&seed=7`) or a seed in a worksheet replays it. A question is
# saved as JSON and read back checked against the engine; a damaged one is refused.

# %%
again = generate(nigerian, "next_player", seed=7)
print(again.to_json() == question.to_json())
print(Question.from_json(question.to_json()).answer)
try:
    Question.from_json('{"format": "whot-practice-question", "version": 1}')
except ValueError as error:
    print(error)

# %%
assert generate(nigerian, "next_player", seed=8).to_json() != question.to_json()

# %% [markdown]
# ## The Learn path
#
# The lessons (`whot_core.whot.teach.lessons.LESSONS`) follow these notebooks' order. Each stage is
# a small position built by hand, a sentence or two of teaching, and one question, judged the same
# way. Stars go by tries: three at the first try, two after one wrong answer, one after more.

# %%
for number, lesson in enumerate(LESSONS, 1):
    print(f"{number:2}. {lesson.title:40} {len(lesson.stages)} stages  ({lesson.id})")
print(sum(len(lesson.stages) for lesson in LESSONS), "stages in all")
print([stars(wrong) for wrong in range(4)])

# %%
stage = LESSONS[3].stages[0]
print(stage.text)
print(stage.question.prompt)
print(stage.question.check(stage.question.answer).explanation)

# %% [markdown]
# A stage is written under the rules its text names. `stage.pose(rules)` sets the same position
# under other rules, and keeps it there when they agree on the rules its words are about
# (`stage.teaches`) and the engine plays it the same way (the same answer, the same
# explanation). The Learn page does this with the sidebar's rules. Under British rules a 1 is a
# plain card, so this stage keeps its own rules, and `there` is the same position under British
# rules, which the page shows after the answer.

# %%
posed = stage.pose(Rules.preset("british"))
print(posed.under_chosen, posed.why)
print(posed.there.check(posed.there.answer).explanation)

# %%
assert not posed.under_chosen and posed.there.answer != stage.question.answer
assert LESSONS[1].stages[0].pose(Rules.preset("british")).under_chosen  # matching: the same

# %% [markdown]
# ## Practise
#
# The widget every rule notebook ends with: choose the kind and the focus, answer with the
# buttons (for `playable`, toggle the cards, then Check), and press **New question** for the next
# seed. The explorer's Learn page (`make app`, the first page) has the same questions, the lessons
# and a classroom quiz that hides the answer until the teacher reveals it.

# %% tags=["nbval-ignore-output"]
quiz = practice(nigerian, "hand_sizes", focus="general_market", seed=3)
quiz

# %%
print(quiz.question.prompt)
print(quiz.answer(quiz.question.answer).explanation)

# %%
assert quiz.answer(quiz.question.answer).correct

# %% [markdown]
# ## Summary
#
# - `generate(rules, kind, seed, players=None, focus=None)` asks a question on a real position,
#   under any rules, about one rule or any; the seed replays it.
# - The answer is the engine's; `check` explains any response in the engine's words.
# - The lessons are the same kind of question on positions built by hand, in the notebooks' order.
#
# [← 10 Whist](10_whist.ipynb) · [Contents](00_contents.ipynb)
