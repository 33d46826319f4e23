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
# [← 07 Scoring and matches](07_scoring_and_matches.ipynb) · [Contents](00_contents.ipynb) ·
# [09 Watching the AI think →](09_watching_the_ai.ipynb)
#
# > **Run me:** choose *Run ▸ Run All Cells* first. The pictures show as you open the notebook,
# > but the buttons, sliders and questions need the notebook running.
#
# # 08 Comparing the variants with simulations
#
# The British rulebook has no special cards; Nigerian Whot has five. Does adding them change the
# game? Reading the rules will not tell you how much. Playing 300 games each way will.
#
# First, one deal: the same shuffle (seed 7) under the British rules and under the Nigerian ones,
# the same AI players in both games. `first_difference` plays the two games together and stops
# where they part:

# %%
import pandas as pd
import plotly.io as pio
from IPython.display import HTML

from whot_core import Rules, first_difference, new_game
from whot_core.whot.app.side_by_side import divergence_html
from whot_core.whot.players.simulate import SUMMARY_ROWS, compare, simulate
from whot_core.whot.show.figures import comparison_figures

NAMES = ("the British rules", "the Nigerian rules")
parted = first_difference(Rules.preset("british"), Rules.preset("nigerian"), seed=7, labels=NAMES)
HTML(divergence_html(parted, NAMES))

# %% [markdown]
# The two presets part before anyone plays: they deal different hands. Give the British rules the
# Nigerian special cards and nothing else, and the same deal plays alike until a special card
# makes the difference:

# %%
british_and_specials = Rules.preset("british").replace(specials=Rules.preset("nigerian").specials)
NAMES_2 = ("the British rules", "the British rules with the Nigerian specials")
parted = first_difference(Rules.preset("british"), british_and_specials, seed=7, labels=NAMES_2)
assert parted.kind == "effect" and parted.toggles == ("specials",)
HTML(divergence_html(parted, NAMES_2))

# %% [markdown]
# The explorer's **Side by side** page steps through both games, on past the parting. One deal
# shows *what* changes; the simulations below show *how much*.

# %%
# Charts go out as plotly's own JSON, which JupyterLab draws without the internet; a static view
# (GitHub) cannot run plotly at all, so every chart below has its numbers printed beside it.
pio.renderers.default = "plotly_mimetype"

SEED = 8
GAMES = 300  # per rule set: a few seconds; see "Running more" at the end
PLAYERS = ["heuristic", "heuristic"]  # two AI players following the sources' tips (see 09)

british = Rules.preset("british")
with_specials = british.replace(specials=Rules.preset("nigerian").specials)
with_specials.diff(british)

# %% [markdown]
# The two rule sets differ in one rule only, the special cards (see [04](04_special_cards.ipynb)):
# the same pack, deal, first card, empty market (the pile is turned over) and scoring. `compare`
# plays both on the same 300 game seeds and summarises them side by side:

# %%
specials = compare(
    british, with_specials, PLAYERS, games=GAMES, seed=SEED, labels=("british", "+ specials")
)
ROWS = [
    "moves_mean",
    "moves_median",
    "first_seat_win_rate",
    "first_seat_ci_low",
    "first_seat_ci_high",
]
specials.summary.loc[ROWS].round(3)

# %% [markdown]
# What do the rows mean?

# %%
for row in ROWS:
    print(f"{row:>20}: {SUMMARY_ROWS[row]}")

# %% [markdown]
# Two things stand out.
#
# - **The games get longer**: about 36 moves on average without specials, about 55 with them.
#   Pick two, pick three and general market put cards back into hands.
# - **The leader's advantage shrinks.** Without specials the player who moves first won about 61%
#   of these games, and the 95% interval (55% to 66%) stays above an even share of 50%. With the
#   specials the leader won about 49%, with an interval around 50%.
#
# Careful: these are *simulations* with one kind of AI player, and 300 games is a small sample.
# The intervals say how far chance alone could move each rate; where two intervals overlap, do
# not read much into the difference.

# %%
summary = specials.summary
assert (
    33 < summary.loc["moves_mean", "british"] < 39
    and 52 < summary.loc["moves_mean", "+ specials"] < 58
)
assert 0.58 < summary.loc["first_seat_win_rate", "british"] < 0.64
assert 0.46 < summary.loc["first_seat_win_rate", "+ specials"] < 0.52
assert summary.loc["moves_mean", "+ specials"] > summary.loc["moves_mean", "british"] + 10
assert summary.loc["first_seat_ci_low", "british"] > 0.5
assert (
    summary.loc["first_seat_ci_low", "+ specials"]
    < 0.5
    < summary.loc["first_seat_ci_high", "+ specials"]
)

# %% [markdown]
# ## Same seeds, same deals
#
# Why play both rule sets on the same seeds? So that both face the same deals, and a difference
# comes from the rules rather than the luck of the cards ("common random numbers"). The
# comparison keeps a table of games for each rule set, one row per game with the seed that dealt
# it. Here is the first game's deal under both rule sets:

# %%
british_games, specials_games = specials.games
first_seed = int(british_games.loc[0, "seed"])
same_deal = (
    new_game(british, 2, seed=first_seed).hands == new_game(with_specials, 2, seed=first_seed).hands
)
first_seed, same_deal

# %%
assert same_deal and (british_games["seed"] == specials_games["seed"]).all()

# %% [markdown]
# One row per game, many columns (`help(whot_core.whot.players.simulate)` lists them all). A few:

# %%
specials_games[
    ["game", "leader", "winners", "moves", "drawn_pick", "played_whot", "end_reason"]
].head()

# %% [markdown]
# ## The charts
#
# `whot_core.whot.show.figures.comparison_figures` draws four charts from a comparison. Open the
# notebook in JupyterLab to see them; here first the numbers behind the two we show.

# %%
charts = comparison_figures(specials)
sorted(charts)

# %%
lengths = pd.DataFrame(
    {
        label: games["moves"].describe()
        for label, games in zip(specials.labels, specials.games, strict=True)
    }
)
lengths.loc[["min", "25%", "50%", "75%", "max"]]

# %% tags=["nbval-ignore-output"]
charts["length"]

# %% tags=["nbval-ignore-output"]
charts["first_seat"]

# %% [markdown]
# ## A second question: ending with a count
#
# The web rules reshuffle the pile when the market runs out, and mention that some people "simply
# end the game and count as soon as the market runs out" ([the web rules](../docs/rules.md#sources);
# see [06](06_when_the_market_runs_out.ipynb)). How often would that cut a game short?

# %%
nigerian = Rules.preset("nigerian")
count = compare(
    nigerian,
    nigerian.replace(exhausted="count"),
    PLAYERS,
    games=GAMES,
    seed=SEED,
    labels=("reshuffle", "count"),
)
count.summary.loc[["moves_mean", "check_up_share", "count_share", "refills_mean"]].round(3)

# %% [markdown]
# With the pile shuffled, no game ended in a count, and the market was refilled 0.47 times a game on
# average. That average hides how the refills fall: most games never needed one, and a few long
# games needed several. Here is how many games needed each number of refills:

# %%
reshuffled, counted = count.games
refills = reshuffled["reshuffles"].value_counts().sort_index()
refills

# %% [markdown]
# With the count, a game ends the first time a draw finds the market empty, so only a game's
# **first** refill can become the end of it; the later refills of a long game never happen. About a
# third of the games reached a first refill, and about a third of the games with the count ended
# with one; those games
# were cut short, so the mean game is shorter too. That is when the web rules' tip "Play your high
# numbers early, in case the game ends with a count" ([the web rules](../docs/rules.md#sources),
# "Tips") starts to matter.

# %%
reached_refill = (reshuffled["reshuffles"] > 0).mean()
count_share = count.summary.loc["count_share", "count"]
round(float(reached_refill), 3), round(float(count_share), 3)

# %%
assert count.summary.loc["count_share", "reshuffle"] == 0
assert round(float(count.summary.loc["refills_mean", "reshuffle"]), 2) == 0.47
assert refills[0] > len(reshuffled) / 2 and refills.index.max() >= 2  # most none, some several
assert 0.25 < reached_refill < 0.4 and abs(count_share - reached_refill) < 0.02
assert counted["moves"].mean() < reshuffled["moves"].mean()
assert (counted["reshuffles"] == 0).all()

# %% tags=["nbval-ignore-output"]
comparison_figures(count)["endings"]

# %% [markdown]
# ## One rule set, many games
#
# `simulate` plays one rule set; `compare` is two calls of it. Here are three AI players round a
# table under the Nigerian street rules (defence, star 8, 'semi last card'), 60 games, and the mean
# of a few columns per game:

# %%
street = simulate(Rules.preset("nigerian_street"), ["heuristic"] * 3, games=60, seed=SEED)
street[
    ["moves", "drawn_pick", "played_pick_two", "missed_turns", "announcements_missed"]
].mean().round(2)

# %%
assert (street["announcements_missed"] == 0).all()  # AI players always announce
assert len(street) == 60 and set(street["players"]) == {3}

# %% [markdown]
# ## Running more
#
# 300 games keep this notebook quick; the intervals above are about ±6 percentage points wide.
# For ±2 points, play ten times as many. The same seed gives the same table however it runs, so
# you can spread the games over processes:
#
# ```python
# from concurrent.futures import ProcessPoolExecutor
#
# with ProcessPoolExecutor() as pool:
#     big = compare(british, with_specials, PLAYERS, games=3000, seed=SEED, executor=pool)
# ```
#
# ## Summary
#
# - `compare(rules_a, rules_b, players, games, seed)` plays both rule sets on the same seeds.
# - Read the summary with its intervals, and change one rule at a time.
# - In these simulations the specials make games longer and take away most of the leader's edge;
#   ending with a count cuts about a third of Nigerian games short.
#
# Next: [09 Watching the AI think →](09_watching_the_ai.ipynb) · [Contents](00_contents.ipynb)
