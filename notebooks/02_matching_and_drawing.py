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
# [← 01 The pack and the deal](01_the_pack.ipynb) · [Contents](00_contents.ipynb) ·
# [03 The Whot card and calls →](03_the_whot_card.ipynb)
#
# > **Run me:** choose *Run ▸ Run All Cells* first. The pictures show as you open the notebook,
# > but the buttons, sliders and questions need the notebook running.
#
# # 02 Matching and drawing
#
# Circle 11 is on the pile and it is your turn. You hold circle 5, square 11, star 3, a Whot and
# triangle 14. What may you play?

# %% jupyter={"source_hidden": true}
# Set-up: imports and helpers (folded; click the bar on the left to read them)
from itertools import pairwise

from whot_core import Drew, GameState, IllegalMove, Played, Rules
from whot_core.whot.engine.narrate import narrate
from whot_core.whot.show.pictures import Picture, hand_svg
from whot_core.whot.show.viewer import explore_position
from whot_core.whot.show.widgets import PositionExplorer
from whot_core.whot.teach.widgets import practice

# %%
SEED = 2
british = Rules.preset("british")  # no special cards: only matching matters here
position = GameState.from_position(
    british,
    hands=[
        ["circle 5", "square 11", "star 3", "whot", "triangle 14"],
        ["cross 2", "star 7", "circle 13"],
    ],
    pile=["circle 11"],
    market=["cross 3", "star 1", "circle 4", "triangle 8", "square 13", "circle 12"],
)
position

# %% [markdown]
# The picture shows both hands face up (a teaching view; at a real table you see only your own),
# the pile with circle 11 on top, and the market, face down. Ask the engine for the legal moves:

# %%
[str(move) for move in position.legal_moves()]

# %% [markdown]
# Circle 5 (same shape), square 11 (same number), the Whot (five ways, one per shape it may call),
# or `draw`. Star 3 and triangle 14 are missing. Is that right? Yes: star 3 is neither a circle
# nor an 11, and neither is triangle 14.
#
# ## The rule
#
# On the top card of the pile you may play ([docs/rules.md, Matching and
# drawing](../docs/rules.md#matching-and-drawing)):
#
# 1. a card of the **same shape**, any number;
# 2. a card of the **same number**, any shape;
# 3. a **Whot**, which goes on anything (the subject of [03](03_the_whot_card.ipynb)).
#
# These are the "three simple rules" of the British rulebook ([the Waddingtons
# rulebook](../docs/rules.md#sources), "Object of the Game"; they are listed under "Playing the
# Game"). They are also the web rules' step "Match the pile" ([the web
# rules](../docs/rules.md#sources)) and the Naija app's "same type(Image) or same number" ([the
# Naija Whot app's description](../docs/rules.md#sources)). All sources agree. The engine explains
# each card in one sentence:

# %%
for card in position.hands[0]:
    move = f"play {card} call square" if card.is_whot else f"play {card}"
    print(f"{move:>22}: {position.explain(move)}")

# %% [markdown]
# The same answer as a picture: the cards you may play are lifted and framed, the others greyed
# with a dashed frame.

# %%
hand = position.hands[0]
playable = set(position.playable_cards())
marks = {i: "legal" if card in playable else "illegal" for i, card in enumerate(hand)}
Picture(hand_svg(hand, highlight=marks))

# %%
assert {str(c) for c in position.playable_cards()} == {"circle 5", "square 11", "whot"}
assert not position.is_legal("play star 3") and not position.is_legal("play triangle 14")
assert position.is_legal("play circle 5") and position.is_legal("play square 11")

# %% [markdown]
# Trying an illegal card anyway raises `IllegalMove`, with the same words:

# %%
try:
    position.apply("play star 3")
except IllegalMove as error:
    print(error)

# %% [markdown]
# ### Only the big number matches
#
# A star shows two numbers. In this project's pictures the card's number is in the corners and its
# score is the white number inside the big star; on the printed British cards the score is in "the
# small corner Stars" ([the Waddingtons rulebook](../docs/rules.md#sources), "Scoring"). Only the
# card's number counts in play. The rulebook says of the white numbers: "These white numbers MUST
# NOT be used in play" ([the Waddingtons rulebook](../docs/rules.md#sources)), and the long
# description agrees: "the small number is the point value of the card, used in scoring" ([the Naija
# Whot app's description](../docs/rules.md#sources), "Players and Cards"). Star 4 scores 8 at the
# end, but it does not match circle 8:

# %%
stars = GameState.from_position(
    british, hands=[["star 4", "circle 2"], ["cross 2"]], pile=["circle 8"]
)
stars.explain("play star 4")

# %%
assert not stars.is_legal("play star 4")

# %% [markdown]
# ## Drawing
#
# Instead of playing you may **draw** one card from the market ('go to market', as players say in
# Nigeria). Drawing **ends your turn**: you never draw and play in the same turn ([the Waddingtons
# rulebook](../docs/rules.md#sources): "He cannot DRAW a card and PLAY a card in the SAME TURN";
# [the web rules](../docs/rules.md#sources): "That ends your turn").
#
# May you draw when you could play? Here the sources differ:
#
# - the British rulebook says yes: "Even when a player CAN follow the Call he is NOT COMPELLED to
#   do so" ([the Waddingtons rulebook](../docs/rules.md#sources), "Playing the Game");
# - so do the web rules: "Taking a card is always allowed" ([the web
#   rules](../docs/rules.md#sources), "Common questions"), and the British section of the long
#   description: "If you cannot or do not wish to play a card at your turn, you draw one card" ([the
#   Naija Whot app's description](../docs/rules.md#sources));
# - the Naija app's text reads the other way: "When it is your turn, you must drop a card that is of
#   same type(Image) or same number ... If you don't have any matching card to play, you must pick a
#   card from the MARKET DECK" ([the Naija Whot app's description](../docs/rules.md#sources), "HOW
#   TO PLAY").
#
# Every preset here lets you draw at any turn. For the Naija app's preset, made from the app's
# settings, that is a **decision** ([docs/rules.md, Matching and
# drawing](../docs/rules.md#matching-and-drawing)), not the app's own words. The app's rule is
# there too, as a rule you can switch on by itself: *must play when a card fits*, off in every
# preset.
#
# Our player could play circle 5, but draws instead:

# %%
position.explain("draw")

# %%
for name in Rules.presets():  # the same hand and pile under every preset: draw is always there
    same = GameState.from_position(Rules.preset(name), hands=position.hands, pile=["circle 11"])
    assert same.is_legal("play circle 5") and same.is_legal("draw"), name

# %%
after = position.apply("draw")
[str(card) for card in after.hands[0]], after.current_player

# %% [markdown]
# Seat 0 took the market's first card, cross 3, and it is now Seat 1's turn. Seat 0 may not follow
# up by playing the cross 3 it just drew: it is no longer Seat 0's turn at all.

# %%
try:
    after.view(0).legal_moves()
except ValueError as error:
    print(error)

# %%
assert len(after.hands[0]) == len(position.hands[0]) + 1
assert str(after.hands[0][-1]) == "cross 3"
assert after.current_player == 1
assert position.hands[0] == after.hands[0][:-1]  # `apply` returns a new state; the old one stays

# %% [markdown]
# ### A drawn card is private
#
# The British rulebook asks you to draw "taking care not to disclose it to the other players" ([the
# Waddingtons rulebook](../docs/rules.md#sources)). The engine keeps that secret: the full game log
# names the card, but Seat 1's view of the same events does not.

# %%
print("The whole truth:", narrate(after.events))
print("What Seat 1 saw:", narrate(after.view(1).events))

# %%
assert "cross 3" in narrate(after.events)[0]
assert "cross 3" not in narrate(after.view(1).events)[0]

# %% [markdown]
# ## A few turns in slow motion
#
# Let two players follow the simplest possible plan: play the first card that fits, otherwise go
# to market. Here are the first ten moves of a two-player British game.


# %%
def first_fit(state):
    """The first legal play in card order, else draw (the last legal move is always `draw`)."""
    return state.legal_moves()[0]


game = GameState.from_position(
    british,
    hands=[["circle 5", "triangle 5", "star 2", "cross 10"], ["circle 3", "square 7", "star 8"]],
    pile=["circle 11"],
    seed=SEED,
)
for _ in range(10):
    before = len(game.events)
    game = game.apply(first_fit(game))
    print(f"{game.moves[-1]!s:>22}  |  {' '.join(narrate(game.events[before:]))}")
    if game.is_over:
        break

# %% [markdown]
# Read it line by line. Seat 0 matches circle 11 with circle 5 (shape); Seat 1 answers circle 3
# (shape again); Seat 0 has no circle and no 3, and so on. Each draw passes the turn, and whoever
# empties their hand first wins ("check up!"), the subject of
# [06](06_when_the_market_runs_out.ipynb) and [07](07_scoring_and_matches.ipynb). Here is the
# table where we stopped:

# %%
game

# %%
# Drawing ends the turn: with two players and no special cards, the seats simply alternate.
actors = [e.seat for e in game.events if isinstance(e, Played | Drew)]
assert len(actors) == 10 and all(a != b for a, b in pairwise(actors))

# %% [markdown]
# ## Try it yourself
#
# The position explorer asks the engine the same questions for any top card and any hand: pick a
# top card (and the call, if it is a Whot), type a hand, and it shows which cards may be played
# and why the others may not. It runs in a live notebook only; a static reader sees the printed
# answer for its starting position underneath.

# %% tags=["nbval-ignore-output"]
PositionExplorer(british, top="triangle 8", hand="triangle 2, circle 8, star 8, cross 7, whot")

# %%
report = explore_position(
    british, "triangle 8", ["triangle 2", "circle 8", "star 8", "cross 7", "whot"]
)
for verdict in report:
    print(f"{'yes' if verdict.legal else 'no':>3}  {verdict.card!s:>10}: {verdict.reason}")
marks = {i: "legal" if verdict.legal else "illegal" for i, verdict in enumerate(report)}
Picture(hand_svg([verdict.card for verdict in report], highlight=marks))

# %% [markdown]
# Triangle 2 shares the shape, circle 8 and star 8 the number, the Whot goes anywhere; cross 7
# has neither. Type a card that does not exist, square 8 say, and the explorer answers with the
# engine's objection instead ([01](01_the_pack.ipynb)):

# %%
try:
    explore_position(british, "triangle 8", ["square 8", "cross 7"])
except ValueError as error:
    print(error)

# %%
assert [str(card) for card in report.playable] == ["triangle 2", "circle 8", "star 8", "whot"]

# %% [markdown]
# ## Summary
#
# - Play a card of the same shape, the same number, or a Whot; only the big number counts.
# - Or draw one card; drawing ends the turn; a drawn card stays private. Every preset allows a draw
#   even when you could play (the Naija app's text says you must play if you can).

# %% [markdown]
# ## Practise
#
# Questions on real positions from games the AI plays, checked by the engine: here, which cards of a
# hand may be played, under the web rules. Answer with the buttons; **New question** moves to the
# next seed. The same questions, and a path of lessons, are on the explorer's Learn page; [11
# Practice](11_practice.ipynb) shows how they are made.

# %% tags=["nbval-ignore-output"]
quiz = practice(Rules.preset("nigerian"), "playable", seed=4)
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
# Next: [03 The Whot card and calls →](03_the_whot_card.ipynb) · [Contents](00_contents.ipynb)
