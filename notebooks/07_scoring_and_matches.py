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
# [← 06 When the market runs out](06_when_the_market_runs_out.ipynb) ·
# [Contents](00_contents.ipynb) · [08 Comparing the variants →](08_comparing_variants.ipynb)
#
# > **Run me:** choose *Run ▸ Run All Cells* first. The pictures show as you open the notebook,
# > but the buttons, sliders and questions need the notebook running.
#
# # 07 Scoring and matches
#
# Somebody has just gone out, and you are left holding these four cards. How many points count
# against you?

# %%
import random
from itertools import pairwise

from IPython.display import HTML, display

from whot_core import Card, Match, Rules, breakdown, contrast, hand_points
from whot_core.whot.app.side_by_side import contrast_html
from whot_core.whot.engine.matches import kitty_shares, settle
from whot_core.whot.show.pictures import HandPicture
from whot_core.whot.teach.widgets import practice

SEED = 7
british = Rules.preset("british")
nigerian = Rules.preset("nigerian")
left_over = [Card.parse(text) for text in ["star 4", "whot", "circle 13", "square 2"]]
HandPicture(left_over)

# %%
hand_points(left_over, star_double=True), hand_points(left_over, star_double=False)

# %% [markdown]
# It depends on whose rules you play: 43 under the British rules, 39 under the web rules. The
# difference is the star. Card by card:

# %%
for rules, name in [(british, "british"), (nigerian, "nigerian")]:
    print(f"{name} (star_double = {rules.star_double}):")
    for line in breakdown(left_over, rules.star_double):
        print(f"  {line.card!s:>9}  {line.points:>2}  {line.note}")

# %% [markdown]
# ## The count
#
# At the end of a game every card still in a hand counts against its holder ([docs/rules.md,
# Scoring](../docs/rules.md#scoring-star_double)):
#
# - the four plain shapes count their **face value**;
# - a **Whot counts 20** (all sources);
# - **stars count double** in the British rulebook ("STARS COUNT DOUBLE", [the Waddingtons
#   rulebook](../docs/rules.md#sources), "Scoring"), in the British part of [the Naija Whot app's
#   description](../docs/rules.md#sources) and in the Naija app ("Star card face value is always
#   doubled during card counting", also [the Naija Whot app's
#   description](../docs/rules.md#sources)).
#
# The web rules' count says only "everyone adds up the numbers on their cards (a Whot counts 20)"
# ([the web rules](../docs/rules.md#sources)). Read literally, stars count at face value there, and
# that is what the web rules' preset does. It is a deliberate literal reading ([docs/rules.md,
# Scoring](../docs/rules.md#scoring-star_double)), and the reason for a rule you can switch on or
# off, *stars count double*. In this project's
# pictures a star carries its score in white inside the big star, under the rules in force (its
# number stays in the corners). The printed British cards put it in "the small corner Stars" ([the
# Waddingtons rulebook](../docs/rules.md#sources), "Scoring"). Star 4, with stars double and at face
# value:

# %%
display(HandPicture(left_over[:1], star_double=True, width=90))
display(HandPicture(left_over[:1], star_double=False, width=90))

# %%
assert hand_points(left_over, star_double=True) == 2 * 4 + 20 + 13 + 2 == 43
assert hand_points(left_over, star_double=False) == 4 + 20 + 13 + 2 == 39
assert british.star_double and not nigerian.star_double

# %% [markdown]
# The count decides two things: who wins a game that ends in a count (lowest total, ties share:
# see [06](06_when_the_market_runs_out.ipynb)), and, over several games, who wins a **match**.
#
# ## Matches
#
# A match is several games in a row, scored in one of five ways
# ([docs/rules.md, Matches](../docs/rules.md#matches-match-min_players-max_players);
# [sources](../docs/rules.md#sources)):
#
# | match | source | rule |
# |---|---|---|
# | one game | the Naija Whot app's description (British short game) | first out wins |
# | short or long rubber | the Waddingtons rulebook | 5 or 10 games; lowest wins |
# | elimination at 100 | the Naija Whot app's description (British) | 100 points or more: out |
# | tournament | the Naija Whot app's description (Naija app) | highest count of a game: out |
#
# Between games the **deal passes to the left** ([the Waddingtons
# rulebook](../docs/rules.md#sources): "The player on the LEFT of the dealer for the first game
# deals for the second game"; [the Naija Whot app's description](../docs/rules.md#sources): "the
# turn to deal passes to the left after each hand").
#
# ### One game
#
# The simplest match is no match: "The rules supplied with the cards also describe a short game
# without scoring: there is just one deal and the first player to get rid of all their cards is the
# winner" ([the Naija Whot app's description](../docs/rules.md#sources), "Variations"). That British
# short game is the match of *one game*. The web rules describe only one game, so their preset
# plays it too (in code: `match="single"`):

# %%
Match(nigerian, players=3).games_planned, Match(british.replace(match="single"), 3).games_planned

# %%
assert nigerian.match == "single" and Match(nigerian, players=3).games_planned == 1

# %% [markdown]
# ### Rubbers and the kitty
#
# The bookkeeping of one game in a longer match is a small pure function, `settle`, which we can
# check by hand.
#
# "The score AGAINST each player should be written down at the end of each game. The player with the
# HIGHEST score should place a counter in the pool or kitty ... THE RUBBER WINNER is the player with
# the LOWEST score at the end of a rubber; he of course, takes the pool or kitty" ([the Waddingtons
# rulebook](../docs/rules.md#sources)). Three players have 10, 0 and 5 points; the next game scores
# 12, 0 and 12:

# %%
settle("short_rubber", totals=(10, 0, 5), points=(12, 0, 12), game_number=2)

# %% [markdown]
# New totals 22, 0 and 17. Players 0 and 2 tied for the game's highest score, and both pay a
# counter: the rulebook does not say what a tie does, so that is a decision ([docs/rules.md,
# Matches](../docs/rules.md#matches-match-min_players-max_players)). The rubber is not over after
# game 2 of 5, so there are no winners yet. After the last game the lowest total wins, and equal
# lowest totals share the kitty (another decision):

# %%
last = settle("short_rubber", totals=(30, 20, 20), points=(0, 7, 7), game_number=5)
last.totals, last.winners, kitty_shares(5, last.winners, players=3)

# %%
first = settle("short_rubber", totals=(10, 0, 5), points=(12, 0, 12), game_number=2)
assert first.totals == (22, 0, 17) and first.paid == (0, 2) and first.winners == ()
assert last.totals == (30, 27, 27) and last.winners == (1, 2)
assert sum(kitty_shares(5, last.winners, players=3)) == 5

# %% [markdown]
# Now a whole short rubber, dealt from one seed. The players pick a legal move at random (seeded,
# so this rubber is always the same); the AI players come in [09](09_watching_the_ai.ipynb).

# %%
rng = random.Random(SEED)


def at_random(state):
    """Any legal move, from the seeded random generator `rng`."""
    return rng.choice(state.legal_moves())


rubber = Match(british, players=3, seed=SEED)
rubber.play(at_random)
for game in rubber.results:
    print(
        f"game {game.number}: dealer {game.dealer}, points {game.points}, "
        f"totals {game.totals}, paid {game.paid}"
    )
rubber

# %% [markdown]
# Read the dealers: each game's dealer sits on the left of the last one's (seat + 1, round the
# table). In this rubber each game had one highest scorer, who paid a counter, so the kitty holds
# 5, and the player with the lowest total after five games takes it. Is that right? Check it in
# code:

# %%
dealers = [game.dealer for game in rubber.results]
assert all(b == (a + 1) % 3 for a, b in pairwise(dealers))
assert len(rubber.results) == 5 and rubber.kitty == 5
assert rubber.winners == tuple(p for p in range(3) if rubber.totals[p] == min(rubber.totals))
assert all(
    game.totals[p] == sum(g.points[p] for g in rubber.results[: game.number])
    for game in rubber.results
    for p in range(3)
)

# %% [markdown]
# A long rubber is the same with ten games:

# %%
long_rubber = british.replace(match="long_rubber")
Match(long_rubber, players=3).games_planned

# %%
assert Match(long_rubber, players=3).games_planned == 10 and rubber.games_planned == 5

# %% [markdown]
# ### Elimination at 100
#
# In the British part of [the Naija Whot app's description](../docs/rules.md#sources): "Players who
# have 100 or more penalty points drop out. The last player left in is the winner." That is the
# match of the modern British preset. Here two players cross 100 in the same game, and the third
# wins:

# %%
settle("elimination_100", totals=(95, 70, 99), points=(10, 0, 3), game_number=5)

# %% [markdown]
# If everyone still in would drop out in the same game, the engine lets the lowest total win
# instead (a decision; the source does not say).

# %%
everyone = settle("elimination_100", totals=(95, 99), points=(10, 3), game_number=6)
everyone.winners

# %%
five = settle("elimination_100", totals=(95, 70, 99), points=(10, 0, 3), game_number=5)
assert five.totals == (105, 70, 102) and five.eliminated == (0, 2) and five.winners == (1,)
assert everyone.winners == (1,)

# %% [markdown]
# A whole elimination match between four players. Players who are out sit out the later games:
# their points show as `None`.

# %%
elimination = Match(Rules.preset("british_modern"), players=4, seed=SEED)
elimination.play(at_random)
for game in elimination.results:
    print(f"game {game.number}: points {game.points}, totals {game.totals}, out {game.eliminated}")
elimination.winners

# %%
out = [p for game in elimination.results for p in game.eliminated]
assert sorted([*out, *elimination.winners]) == [0, 1, 2, 3]
assert all(elimination.totals[p] >= 100 for p in out)
assert len(elimination.winners) == 1 and elimination.totals[elimination.winners[0]] < 100

# %% [markdown]
# ### Tournament
#
# The Naija app's tournament: "when game ends, cards are counted and a player with the highest
# number is eliminated" ([the Naija Whot app's description](../docs/rules.md#sources)). Four
# players, so three games:

# %%
settle("tournament", totals=(0, 0, 0, 0), points=(12, 40, 7, 0), game_number=1)

# %%
tournament = Match(Rules.preset("naija_tournament"), players=4, seed=SEED)
tournament.play(at_random)
for game in tournament.results:
    print(f"game {game.number}: points {game.points}, out {game.eliminated}")
tournament.winners

# %% [markdown]
# Players tied for a game's highest count all go out, unless that would leave nobody, in which case
# nobody goes out and another game is played (decisions again: the app does not say).

# %%
assert settle("tournament", (0, 0, 0, 0), (12, 40, 7, 0), 1).eliminated == (1,)
assert settle("tournament", (0, 0, 0), (12, 12, 0), 1).eliminated == (0, 1)
assert settle("tournament", (0, 0), (12, 12), 1).eliminated == ()
assert all(len(game.eliminated) >= 1 for game in tournament.results)
assert len(tournament.winners) == 1

# %% [markdown]
# ## Stars double, side by side
#
# One count under the web rules (stars at face value) and with stars counting double: `contrast`
# finds a position where the doubled stars change who wins.

# %%
NAMES = ("stars at face value", "stars double")
shown = contrast(nigerian, nigerian.replace(star_double=True), "star_double", labels=NAMES)
assert shown.after_a.winners != shown.after_b.winners
HTML(contrast_html(shown, NAMES))

# %% [markdown]
# ## Summary
#
# - Face value; a Whot 20; stars double in the British rules and the Naija app, face value in the
#   web rules' literal count.
# - One game: first out wins. Rubbers: 5 or 10 games, the highest scorer of each game pays the
#   kitty, the lowest total wins it. Elimination: 100 points and you are out. Tournament: the
#   highest count of each game is out.
# - The deal passes to the left after each game.

# %% [markdown]
# ## Practise
#
# Questions on real positions from games the AI plays, checked by the engine: here, what a hand with
# stars counts, under the British rules, where stars count double. Answer with the buttons; **New
# question** moves to the next seed. The same questions, and a path of lessons, are on the
# explorer's Learn page; [11 Practice](11_practice.ipynb) shows how they are made.

# %% tags=["nbval-ignore-output"]
quiz = practice(Rules.preset("british"), "count", focus="star_double", seed=1)
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
# Next: [08 Comparing the variants →](08_comparing_variants.ipynb) · [Contents](00_contents.ipynb)
