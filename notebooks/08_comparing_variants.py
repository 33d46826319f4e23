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
from whot_core.whot.app import readings
from whot_core.whot.app.side_by_side import divergence_html, play_side_by_side
from whot_core.whot.app.verdict import paired_tests, plain_summary, verdict_rows
from whot_core.whot.players.rule_measures import seat_shares, skill_share, special_worth
from whot_core.whot.players.simulate import SUMMARY_ROWS, compare, simulate
from whot_core.whot.show import measure_figures
from whot_core.whot.show.figures import comparison_figures

NAMES = ("the British rules", "the Nigerian rules")
parted = first_difference(Rules.preset("british"), Rules.preset("nigerian"), seed=7, labels=NAMES)
HTML(divergence_html(parted, NAMES))

# %% [markdown]
# The two presets part before anyone plays: they deal different hands. The rules of play act
# later; `play_side_by_side` plays both games on and finds the first move, in either game, that
# the other rule set's rules of play would make do something else:

# %%
shown = play_side_by_side(Rules.preset("british"), Rules.preset("nigerian"), seed=7, labels=NAMES)
print(shown.rule_act.text)

# %%
assert shown.rule_act.toggles == ("specials",) and shown.jump > 0

# %% [markdown]
# Give the British rules the
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
# The intervals say how far chance alone could move each rate. Is the difference between the two
# real, then? The next section answers deal by deal.

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
# ## Deal by deal: is the difference real?
#
# Both rule sets played the same 300 deals, so every deal gives a *pair* of games, and the fair
# question is how the two games of each deal differ. `paired_tests` asks it of every measure:
#
# - for a yes-or-no each deal (did the leader win? did the game end by a count?), McNemar's exact
#   test, which looks only at the deals where the two games disagree;
# - for a number each deal (moves, cards drawn), the paired t test on the differences;
# - for each, the mean difference with a 95% interval from a bootstrap of the deals (seeded);
# - and a correction for testing a dozen measures at once (Benjamini–Hochberg): a difference is
#   called *clear* when its corrected p is below 0.05.
#
# Every number comes from `scipy.stats`; this is the table under the explorer's Compare page.

# %%
tests = paired_tests(specials, seed=SEED)
pd.DataFrame(verdict_rows(specials, tests))

# %% [markdown]
# The same in a player's words: the summary the Compare page opens with.

# %%
for sentence in plain_summary(specials, tests, seed=SEED):
    print(sentence)

# %% [markdown]
# Read aloud: with the specials a game lasts about 1.6 times as long (55 against 36 moves on
# average, very likely between 1.4 and 1.75 times). The leader's share falls from 61% to 49%,
# 11 points (very likely between 4 and 19), a clear fall even after the correction for the
# twelve measures. The players draw 35 cards between them in a game instead of 13, and 86% of the
# extra is for pick two and pick three. No game ended by a count under either rule set.

# %%
leader, moves = tests["leader"], tests["moves"]
assert moves.differs and moves.low > 10 and 1.3 < moves.mean_b / moves.mean_a < 1.8
assert leader.differs and -0.2 < leader.difference < -0.05 and leader.high < 0
assert round(moves.mean_b) == 55 and round(moves.mean_a) == 36
assert tests["drawn"].differs and tests["drawn"].mean_b > 2 * tests["drawn"].mean_a
assert tests["count"].p == 1 and not tests["count"].differs  # no count under either

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
# ## What designers measure
#
# Game designers judge a rule set by more than its length: is every seat's chance the same? does a
# move offer a real choice? does the lead change hands, and how late does the winner become clear?
# does skill matter? what is each special card worth? `whot_core.whot.players.rule_measures`
# measures these, `whot_core.whot.show.measure_figures` charts them, and each chart has its
# one-line reading (`whot_core.whot.app.readings`), printed here beside it.

# %%
print(readings.seats_reading(specials))
print(readings.choice_reading(specials, tests))
print(readings.lead_reading(specials, tests))
print(readings.decided_reading(specials, tests))

# %% tags=["nbval-ignore-output"]
measure_figures.seats_figure(specials.labels, [seat_shares(g) for g in specials.games])

# %% tags=["nbval-ignore-output"]
measure_figures.lead_changes_figure(specials.games, specials.labels)

# %% [markdown]
# Read aloud: with two players the leader's edge is the second player's loss, so the seats chart
# repeats the leader's story (61% and 39% without the specials, 49% and 51% with them). With the
# specials a move is a real choice more often (80% of moves against 70%: a special card is one
# more thing to weigh), the lead changes hands twice as often (4.9 times a game against 2.5), and
# the winner takes the lead for good later (71% of the way into a game against 57%): the game
# stays open longer.
#
# **Skill** is the heuristic player's share of wins against the random one, on the same deals
# under each rule set; a **special card's worth** is how far below an even share a player falls
# who may not use it (it plays that card only when no other card will do), 150 games a card.

# %%
skill = [skill_share(rules, GAMES, SEED) for rules in (british, with_specials)]  # 300 each
skill_shares = [share for share, _ in skill]
skill_diff = readings.skill_test([table for _, table in skill], SEED)
worth = [special_worth(rules, 150, SEED) for rules in (british, with_specials)]
print(readings.skill_reading(specials.labels, skill_shares, skill_diff))
print(readings.worth_reading(specials.labels, worth))

# %% [markdown]
# Read aloud: skill matters more with the specials. The heuristic player wins 75% of its games
# against the random one (very likely 69% to 79%), against 65% without them (59% to 70%), a
# clear difference. At 150 games a card the worths are rough: a player who may not use general
# market or pick two wins about 43%, so each is worth about 7 points of a player's share of wins,
# but every interval still reaches 50%: play more games to be sure.

# %% tags=["nbval-ignore-output"]
measure_figures.skill_figure(specials.labels, skill_shares)

# %% tags=["nbval-ignore-output"]
measure_figures.worth_figure(specials.labels, worth)

# %%
assert tests["choice"].differs and tests["choice"].mean_b > tests["choice"].mean_a
assert tests["lead_changes"].mean_b > 1.5 * tests["lead_changes"].mean_a
assert all(share.low > 0.5 for share in skill_shares)  # skill matters under both
assert worth[0] == {} and min(s.share for s in worth[1].values()) < 0.45
assert all(s.high > 0.5 for s in worth[1].values())  # 150 games a card: none sure yet
assert skill_diff.differs and skill_shares[1].share > skill_shares[0].share

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
# For ±2 points whatever the share, `games_needed(2)` (in `whot_core.whot.app`) says 2,401
# finished games, fixed before a game is played: the explorer's "run until known" plays that
# many. The same seed gives the same table however it runs, so
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
