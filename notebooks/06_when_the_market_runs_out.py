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
# [← 05 Defence, star 8 and announcements](05_defence_star8_announcements.ipynb) ·
# [Contents](00_contents.ipynb) · [07 Scoring and matches →](07_scoring_and_matches.ipynb)
#
# > **Run me:** choose *Run ▸ Run All Cells* first. The pictures show as you open the notebook,
# > but the buttons, sliders and questions need the notebook running.
#
# # 06 How a game ends, and when the market runs out
#
# A British game, late on. The market is empty. Four cards lie on the pile: circle 3 (played
# first), circle 7, triangle 7 and, on top, triangle 11. Seat 0 cannot follow triangle 11 and must
# go to market. What does it draw?

# %% jupyter={"source_hidden": true}
# Set-up: imports and helpers (folded; click the bar on the left to read them)
from IPython.display import HTML

from whot_core import Flipped, GameState, Reshuffled, Rules, contrast
from whot_core.whot.app.side_by_side import contrast_html
from whot_core.whot.engine.narrate import narrate
from whot_core.whot.engine.scoring import count_winners
from whot_core.whot.teach.widgets import practice

SEED = 4
british = Rules.preset("british")
HANDS = [["square 2", "star 7"], ["triangle 4", "cross 5", "square 13"]]
PILE = ["circle 3", "circle 7", "triangle 7", "triangle 11"]  # bottom first, top last


def play(state, move):
    """Make `move`, print what it caused in words, and return the new state."""
    after = state.apply(move)
    for line in narrate(after.events[len(state.events) :]):
        print(line)
    return after


# %%
empty = GameState.from_position(british, hands=HANDS, pile=PILE, market=[], seed=SEED)
empty

# %%
flipped = play(empty, "draw")
[str(card) for card in flipped.pile], [str(card) for card in flipped.market]

# %% [markdown]
# Circle 3, the first card ever played. The British rulebook says: "If the pack should be exhausted
# before a game ends, the last Call card is left FACE UPWARDS on the table, and the remainder of the
# pack turned FACE DOWNWARDS (without shuffling)" ([the Waddingtons
# rulebook](../docs/rules.md#sources), "Ending a Game"). The top card stays; the pile under it is
# turned over as it lies, so its bottom card, the first one played, is now on top of the market;
# then come circle 7 and triangle 7.

# %%
assert any(isinstance(e, Flipped) for e in flipped.events)
assert [str(c) for c in flipped.pile] == ["triangle 11"]
assert str(flipped.hands[0][-1]) == "circle 3"
assert [str(c) for c in flipped.market] == ["circle 7", "triangle 7"]

# %% [markdown]
# Because nothing was shuffled, every player who watched the pile knows what the market holds
# now, and in which order. The engine keeps track of that public knowledge: Seat 1's view knows
# which card Seat 0 just drew, and what lies in the market.

# %%
seat_1 = flipped.view(1)
seat_1.known_cards, seat_1.market_bottom

# %%
assert [str(c) for c in seat_1.known_cards[0]] == ["circle 3"]

# %% [markdown]
# What happens is a rule you can set, *when the market runs out* ([docs/rules.md, When the market
# runs out](../docs/rules.md#when-the-market-runs-out-exhausted)), with four choices
# ([sources](../docs/rules.md#sources)):
#
# | choice | source | what happens |
# |---|---|---|
# | turn the pile over | the Waddingtons rulebook | a draw turns over the pile under the top card |
# | shuffle the pile | the web rules, the Naija Whot app's description | a draw shuffles that pile |
# | count when a draw finds it empty | a variation the web rules mention | that draw ends the game |
# | count as soon as it is empty | the same sentence, read another way | the emptying move ends it |
#
# ## Reshuffle
#
# The web rules: "every card in the pile except the top one is shuffled to make a new market" ([the
# web rules](../docs/rules.md#sources)); the British part of [the Naija Whot app's
# description](../docs/rules.md#sources) says the same. Same table, with the pile shuffled instead
# (in code: `exhausted="reshuffle"`):

# %%
reshuffle = british.replace(exhausted="reshuffle")
shuffled = play(
    GameState.from_position(reshuffle, hands=HANDS, pile=PILE, market=[], seed=SEED), "draw"
)
[str(card) for card in shuffled.market]

# %% [markdown]
# This time Seat 0 drew triangle 7, not circle 3: the order is a matter of chance. The engine
# draws that chance from the game's seed and the number of the reshuffle, so the same game always
# reshuffles the same way: a decision, made so that games replay exactly ([docs/rules.md, When the
# market runs out](../docs/rules.md#when-the-market-runs-out-exhausted)).

# %%
again = GameState.from_position(reshuffle, hands=HANDS, pile=PILE, market=[], seed=SEED)
same = again.apply("draw").market == shuffled.market
print("The same reshuffle again:" if same else "A different reshuffle:", same)

# %%
assert any(isinstance(e, Reshuffled) for e in shuffled.events) and same
assert str(shuffled.hands[0][-1]) == "triangle 7"
assert sorted(map(str, [*shuffled.market, shuffled.hands[0][-1]])) == sorted(PILE[:-1])

# %% [markdown]
# ## Count
#
# Under "Other rules you may meet", the web rules mention "ending the game with a count as soon as
# the market runs out" ([the web rules](../docs/rules.md#sources)). That sentence reads two ways:
# the game ends when someone must draw from the empty market, or at the end of the move that draws
# its last card. The engine has both, as two choices of the same rule; the second reading is this
# project's decision. Here is the first, *count when a draw finds it empty*:

# %%
count = british.replace(exhausted="count")
counted = play(GameState.from_position(count, hands=HANDS, pile=PILE, market=[]), "draw")
counted.end_reason, counted.winners, counted.penalty_points()

# %% [markdown]
# Seat 0 holds square 2 and star 7: 2 + 2 × 7 = 16 (British stars count double); Seat 1 holds
# 4 + 5 + 13 = 22. The **lowest** count wins, so Seat 0 wins without going out. Scoring is the
# subject of [07](07_scoring_and_matches.ipynb).

# %%
assert counted.is_over and counted.end_reason == "count"
assert counted.penalty_points() == (2 + 2 * 7, 4 + 5 + 13) and counted.winners == (0,)

# %% [markdown]
# ## Nothing left to turn over
#
# Whether the pile is turned over or shuffled, a pile that is only its top card leaves nothing to
# turn over or shuffle.
# The web rules: "In the rare case where there is nothing to shuffle, the game stops and everyone
# adds up the numbers on their cards ... The lowest total wins" ([the web
# rules](../docs/rules.md#sources)). [docs/rules.md, When the market runs
# out](../docs/rules.md#when-the-market-runs-out-exhausted) applies the same to every rule set:

# %%
bare = GameState.from_position(british, hands=HANDS, pile=["triangle 11"], market=[])
bare = play(bare, "draw")

# %%
assert bare.end_reason == "count" and bare.winners == (0,)

# %% [markdown]
# And a penalty bigger than what is left is drawn **as far as it goes**, then the count ends the
# game ([docs/rules.md, When the market runs
# out](../docs/rules.md#when-the-market-runs-out-exhausted)). Under the web rules, Seat 0 starts the
# pile with circle 5 (pick
# three), but the market holds a single card and there is nothing under the 5 to shuffle:

# %%
nigerian = Rules.preset("nigerian")
short = GameState.from_position(
    nigerian,
    hands=[["circle 5", "star 7", "cross 10"], ["triangle 4", "cross 3", "square 13"]],
    pile=[],
    market=["square 1"],
)
short = play(short, "play circle 5")

# %%
assert len(short.hands[1]) == 4 and short.end_reason == "count"

# %% [markdown]
# ## Sharing a count
#
# When the lowest totals are equal, those players share the win ([docs/rules.md, When the market
# runs out](../docs/rules.md#when-the-market-runs-out-exhausted)). Under the
# web rules stars count at face value, so circle 4 + star 3 and triangle 4 + cross 3 both make 7:

# %%
tie = GameState.from_position(
    nigerian,
    hands=[["circle 4", "star 3"], ["triangle 4", "cross 3"]],
    pile=["triangle 11"],
    market=[],
)
tie = play(tie, "draw")
tie.winners

# %%
assert tie.winners == (0, 1) and tie.penalty_points() == (7, 7)
assert count_winners((12, 5, 5, 30)) == (1, 2)

# %% [markdown]
# ## Check up
#
# The usual ending is much simpler. "THE WINNER of a game is the player who FIRST plays the LAST
# card from his hand" ([the Waddingtons rulebook](../docs/rules.md#sources)); "When you play your
# final card, say “Check up!”: you have won" ([the web rules](../docs/rules.md#sources)). Seat 0
# holds one card, square 2, which matches square 13:

# %%
last = GameState.from_position(
    british, hands=[["square 2"], ["triangle 4", "cross 5"]], pile=["square 13"]
)
last = play(last, "play square 2")
last.end_reason, last.winners, last.legal_moves()

# %% [markdown]
# The game is over at once: no more legal moves, and the others are left with their cards, which
# count against them. As we saw in [04](04_special_cards.ipynb), this holds even when the last card
# is a special card (its effect is not applied, except the 1970s 4).

# %%
assert last.is_over and last.end_reason == "check_up" and last.winners == (0,)
assert last.legal_moves() == () and last.penalty_points() == (0, 4 + 5)

# %% [markdown]
# ## Flip or count, side by side
#
# The same empty market under the British rules, which turn the pile over, and with a count when a
# draw finds it empty: `contrast` finds the position, the tables show what the draw leads to under
# each.

# %%
NAMES = ("exhausted = flip", "exhausted = count")
shown = contrast(british, british.replace(exhausted="count"), "exhausted", labels=NAMES)
assert shown.after_b.is_over and not shown.after_a.is_over
HTML(contrast_html(shown, NAMES))

# %% [markdown]
# ## Summary
#
# - First out wins at once: "check up".
# - When a draw finds the market empty: turn the pile under the top card over, unshuffled; or
#   shuffle it; or end the game with a count. Or end it with a count as soon as a move empties it.
# - Nothing to turn over, or a penalty bigger than the cards left: the game ends with a count.
# - The lowest count wins; equal lowest counts share the win.

# %% [markdown]
# ## Practise
#
# Questions on real positions from games the AI plays, checked by the engine: here, what drawing
# from an empty market does, under the British rules, where the pile is turned over. Answer with the
# buttons; **New question** moves to the next seed. The same questions, and a path of lessons, are
# on the explorer's Learn page; [11 Practice](11_practice.ipynb) shows how they are made.

# %% tags=["nbval-ignore-output"]
quiz = practice(Rules.preset("british"), "hand_sizes", focus="exhausted", seed=1)
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
# Next: [07 Scoring and matches →](07_scoring_and_matches.ipynb) · [Contents](00_contents.ipynb)
