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
# [← 02 Matching and drawing](02_matching_and_drawing.ipynb) · [Contents](00_contents.ipynb) ·
# [04 The Nigerian special cards →](04_special_cards.ipynb)
#
# > **Run me:** choose *Run ▸ Run All Cells* first. The pictures show as you open the notebook,
# > but the buttons, sliders and questions need the notebook running.
#
# # 03 The Whot card and calls
#
# Triangle 11 is on the pile. You hold a Whot, square 2, square 7 and star 5: no triangle, no 11.
# Without the Whot you would have to go to market. With it, you have five more choices:

# %%
from whot_core import Card, GameState, Move, Rules, Shape
from whot_core.whot.engine.narrate import narrate
from whot_core.whot.show.pictures import HandPicture
from whot_core.whot.teach.widgets import practice

SEED = 3
british = Rules.preset("british")
start = GameState.from_position(
    british,
    hands=[
        ["whot", "square 2", "square 7", "star 5"],
        ["triangle 13", "square 5", "whot", "circle 4"],
        ["cross 7", "triangle 1", "circle 13"],
    ],
    pile=["triangle 11"],
    market=["cross 3", "star 1", "circle 12", "triangle 8", "square 13", "circle 10"],
    seed=SEED,
)
HandPicture(start.hands[0])

# %%
[str(move) for move in start.legal_moves()]

# %% [markdown]
# A Whot goes on **any** card, and whoever plays it **calls a shape**: one of circle, triangle,
# cross, square or star. The next card must be of that shape, or another Whot ([docs/rules.md,
# Matching and drawing](../docs/rules.md#matching-and-drawing); [the Waddingtons
# rulebook](../docs/rules.md#sources), "WHOT Cards"; [the web rules](../docs/rules.md#sources),
# "Call with a Whot"; [the Naija Whot app's description](../docs/rules.md#sources), "Play"). The
# Naija app calls the Whot the "Crown" ([the Naija Whot app's
# description](../docs/rules.md#sources), "HOW TO PLAY").
#
# Which shape? The British rulebook suggests a shape you are *flush* in (one you hold many of), or
# one that "a player who appears to be winning does not hold" ([the Waddingtons
# rulebook](../docs/rules.md#sources), "WHOT Cards"); the web rules' tip is "call the one you have
# the most of" ([the web rules](../docs/rules.md#sources), "Tips"). We hold two squares, so we call
# square:

# %%
called = start.apply("play whot call square")
called

# %% [markdown]
# The pile now shows the Whot and, beside it, the call. Seat 1 is next. Seat 1 holds triangle 13,
# which would have matched the triangle 11 under the Whot, but that no longer matters: only a
# square or a Whot will do.

# %%
[str(move) for move in called.legal_moves()]

# %%
called.explain("play triangle 13")

# %%
assert called.called is Shape.SQUARE and called.top.is_whot
assert {str(m) for m in called.legal_moves() if m.card and not m.card.is_whot} == {"play square 5"}
assert not called.is_legal("play triangle 13")

# %% [markdown]
# ## The call stays until it is answered
#
# What if the next players cannot answer the call? They draw, and the call **stays in force**
# until somebody plays a card that satisfies it, however many players draw meanwhile
# ([docs/rules.md, Matching and drawing](../docs/rules.md#matching-and-drawing)). Seat 1 chooses to
# draw (remember, every preset here lets you draw at any turn), and so does
# Seat 2, which has no square at all. The turn comes back to Seat 0, still facing the square call:

# %%
state = called.apply("draw").apply("draw")
state.current_player, state.called, [str(move) for move in state.legal_moves()]

# %%
state = state.apply("play square 7")
for line in narrate(state.events):
    print(line)
print("The call now:", state.called)

# %% [markdown]
# Seat 0 answered its own call with square 7, and the call is gone: the pile's top is now an
# ordinary card, and the next player matches square 7 in the usual way.

# %%
assert state.called is None and str(state.top) == "square 7"
assert state.current_player == 1
assert state.explain("play square 5") == "Legal. Matching: square 5 has the same shape as square 7."

# %% [markdown]
# ## A Whot on a Whot
#
# A Whot may go on another Whot, and its player may **change the call** or keep it ([the Waddingtons
# rulebook](../docs/rules.md#sources): "a subsequent player may play on to that WHOT card another
# WHOT card and Call for Circles, or any other symbol. On the other hand, he may ... let the Call
# remain at Squares"). Back to the square call: Seat 1 holds a Whot too, and calls circle, which
# suits Seat 2's circle 13 (not that Seat 1 knows).

# %%
switched = called.apply("play whot call circle")
switched.called, [str(move) for move in switched.legal_moves()][:2]

# %%
kept = called.apply("play whot call square")
kept.called

# %%
assert switched.called is Shape.CIRCLE and switched.is_legal("play circle 13")
assert kept.called is Shape.SQUARE

# %% [markdown]
# ## What a call may not be
#
# A call is one of the five shapes. "Whot" is not a shape, so nobody can call for Whots; a Whot
# must always call; and only a Whot calls. The engine refuses to even read such moves:

# %%
for text in ["play whot", "play whot call whot", "play circle 5 call star"]:
    try:
        Move.parse(text)
    except ValueError as error:
        print(f"{text!r}: {error}")

# %% [markdown]
# Nigerian names work in calls as well: calling "carpet" is calling square.

# %%
Move.parse("play whot call carpet"), Move.parse("play whot call carpet").text(nigerian=True)

# %%
assert Move.parse("play whot call carpet") == Move.parse("play whot call square")
assert Move.parse("play whot call ball").call is Shape.CIRCLE

# %% [markdown]
# ## The Whot's number
#
# A Whot is printed 20 ([the web rules](../docs/rules.md#sources): "A Whot (number 20)"), but the 20
# is a score, not a number to match: no other card has a 20, and the Whot matches everything anyway.
# At the end of a game a Whot still in your hand counts 20 against you, which is why the British
# rulebook warns that it is "sometimes good to hold back a "WHOT" Card, but if held at the end of
# the game it counts 20 points against you" ([the Waddingtons rulebook](../docs/rules.md#sources),
# "Hints on Play").

# %%
whot = Card.parse("whot 20")
whot, whot.number, whot.shape

# %%
assert whot == Card.parse("whot") and whot.number == 20 and whot.shape is Shape.WHOT

# %% [markdown]
# ## Summary
#
# - A Whot goes on any card and calls one of the five shapes.
# - The next card must be that shape or a Whot; the call lasts until a card answers it.
# - A Whot on a Whot may change the call or keep it.
# - "Whot" is not a shape; the 20 is only a score.

# %% [markdown]
# ## Practise
#
# Questions on real positions from games the AI plays, checked by the engine: here, whether a play
# with a Whot (and its call) is legal, under the British rules. Answer with the buttons; **New
# question** moves to the next seed. The same questions, and a path of lessons, are on the
# explorer's Learn page; [11 Practice](11_practice.ipynb) shows how they are made.

# %% tags=["nbval-ignore-output"]
quiz = practice(Rules.preset("british"), "legal", focus="whot", seed=1)
quiz

# %% [markdown]
# For a static reader, the first question and the engine's answer:

# %%
question = quiz.question
print(question.prompt)
print(question.check(question.answer).explanation)

# %%
assert question.check(question.answer).correct

# %% [markdown]
# Next: [04 The Nigerian special cards →](04_special_cards.ipynb) · [Contents](00_contents.ipynb)
