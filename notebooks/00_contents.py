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
# # Whot, by example
#
# > **Run me:** choose *Run ▸ Run All Cells* first. The pictures show as you open the notebook,
# > but the buttons, sliders and questions need the notebook running.
#
# Whot is a shedding card game: match the card on the pile by shape or by number, and be the first
# to get rid of your cards. It was made in Britain in the 1930s and is Nigeria's national card
# game today, and the rules differ from table to table. These notebooks teach every rule, one idea
# at a time, by playing it out. Here is a Nigerian table, dealt a moment ago, with every hand face
# up:

# %%
from pathlib import Path

from whot_core import Rules, new_game

SEED = 0
table = new_game(Rules.preset("nigerian"), players=3, seed=SEED)
table

# %% [markdown]
# Seat 1 is to play on the turned-up card. Which of its cards may it play, and what happens next?
# By the end of [02](02_matching_and_drawing.ipynb) you will know; by the end of
# [07](07_scoring_and_matches.ipynb), you will know every rule of every variant here.

# %%
[str(move) for move in table.legal_moves()]

# %% [markdown]
# ## The notebooks
#
# - [01 The pack and the deal](01_the_pack.ipynb): 54 (or 53) cards, the Nigerian names, who
#   deals, the first card ([docs/rules.md, The pack](../docs/rules.md#the-pack-whot_cards-packs) and
#   [docs/rules.md, The deal](../docs/rules.md#the-deal-hand_size)).
# - [02 Matching and drawing](02_matching_and_drawing.ipynb): same shape, same number or a Whot;
#   or draw, which ends the turn. With a position explorer.
# - [03 The Whot card and calls](03_the_whot_card.ipynb): the wild card, calling a shape, a Whot
#   on a Whot.
# - [04 The Nigerian special cards](04_special_cards.ipynb): hold on, pick two, pick three,
#   suspension, general market, going out on a special card, the 1970s 4.
# - [05 Defence, star 8 and announcements](05_defence_star8_announcements.ipynb): answering a pick
#   with a pick, the star 8, 'semi last card' and 'last card'.
# - [06 When the market runs out](06_when_the_market_runs_out.ipynb): check up; flip, reshuffle
#   or count; sharing a count.
# - [07 Scoring and matches](07_scoring_and_matches.ipynb): the count, stars double or not,
#   rubbers and the kitty, elimination at 100, tournaments.
# - [08 Comparing the variants](08_comparing_variants.ipynb): what a rule changes, measured over
#   hundreds of simulated games.
# - [09 Watching the AI think](09_watching_the_ai.ipynb): a rule-of-thumb player and a searching
#   one, their reasons, and a whole game step by step, with a game viewer.
# - [10 Whist](10_whist.ipynb): a second game, from [the online game's Whist
#   rules](../docs/rules.md#sources): following suit, ruffing, rotating trumps, the book, what a
#   seat may see, and a hand to watch.
# - [11 Practice](11_practice.ipynb): questions on real positions that the engine answers and
#   explains, under any rules, aimed at one rule or any, replayed from a seed; the Learn path's
#   lessons; the practice widget every rule notebook (01 to 07) ends with.
#
# Each notebook opens with an example, then states the rule and plays it out in small steps, with
# links to the sections of the project's rule book, [docs/rules.md](../docs/rules.md), that it
# teaches. The cells that start with `assert` check what the text claims: if a rule changed, the
# notebook would stop there. Everything random is seeded, so the outputs you see are the outputs
# you will get.
#
# ## Where the rules come from
#
# The rules of Whot are taken from three documents, named in words throughout and listed with what
# each one is in [the rule book's sources](../docs/rules.md#sources):
#
# - **the Waddingtons rulebook**: the **British** rules, as printed with the cards;
# - **the web rules**: "How to play Whot", the common **Nigerian** rules of a web game;
# - **the Naija Whot app's description**: a page mixing a **Naija Whot app**'s rules with a long
#   description of British and Nigerian Whot, including the 1970s version.
#
# They disagree in many places, and that is the point. The project's rule book,
# [docs/rules.md](../docs/rules.md), says what each source says, and wherever the sources are
# silent the engine makes a **decision**, listed there and pointed out in these notebooks as they
# come up. Each variant is a **preset**: a set of rules, each of which you can also change by
# itself. The six presets, with the source each follows:

# %%
SOURCES = {"000": "Waddingtons", "002": "web rules", "003": "Naija app"}  # the seed files
for name in Rules.presets():
    info = Rules.preset_info(name)
    source = SOURCES[info["source"].removeprefix("seeds/")[:3]]
    print(f"{name:>16}  ({source})  {info['summary']}")

# %% [markdown]
# Two presets differ in only some of their rules. Here are the rules where the British rulebook
# and the web rules part, as the engine names them:


# %%
def plain(value):
    """A toggle's value as it reads in a preset file: `flip`, `6`, `{2: pick_two, ...}`."""
    if isinstance(value, dict) or hasattr(value, "items"):
        return "{" + ", ".join(f"{k}: {v}" for k, v in value.items()) + "}"
    return str(value)


for name, (british, nigerian) in Rules.preset("british").diff(Rules.preset("nigerian")).items():
    print(f"{name:>13}:  british {plain(british):<14} nigerian {plain(nigerian)}")

# %%
notebooks = sorted(path.name for path in Path().glob("[0-9][0-9]_*.ipynb"))[1:]  # after this one
assert len(notebooks) == 11, notebooks
assert len(Rules.presets()) == 6
assert table.current_player == 1 and table.top is not None

# %% [markdown]
# ## How to use them
#
# Run each notebook from the top (in JupyterLab: *Run → Run All Cells*), change an example, and
# run it again. The pictures are drawn by `whot_core.whot.show.pictures`, and the rules live in the
# package, so what you see is what the engine does.
#
# Start here: [01 The pack and the deal →](01_the_pack.ipynb)
