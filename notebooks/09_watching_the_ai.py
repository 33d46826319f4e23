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
# [← 08 Comparing the variants](08_comparing_variants.ipynb) · [Contents](00_contents.ipynb)
#
# > **Run me:** choose *Run ▸ Run All Cells* first. The pictures show as you open the notebook,
# > but the buttons, sliders and questions need the notebook running.
#
# # 09 Watching the AI think
#
# Two players, the web rules. Circle 11 is on the pile. You hold circle 2, circle 7, a Whot and
# square 3; your opponent is down to **one card**. What would you play?

# %% jupyter={"source_hidden": true}
# Set-up: imports and helpers (folded; click the bar on the left to read them)
import random

import pandas as pd
import plotly.io as pio
from IPython.display import display

from whot_core import GameState, Rules
from whot_core.whot.players import RULES_OF_THUMB, HeuristicPlayer, SearchPlayer
from whot_core.whot.show.figures import search_figure
from whot_core.whot.show.pictures import TablePicture
from whot_core.whot.show.viewer import frame_caption, play_frames, searched_words
from whot_core.whot.show.widgets import GameViewer

# %%
# Charts go out as plotly's own JSON, which JupyterLab draws without the internet; a static view
# (GitHub) cannot run plotly, so each chart has its numbers printed beside it.
pio.renderers.default = "plotly_mimetype"

SEED = 9
nigerian = Rules.preset("nigerian")
position = GameState.from_position(
    nigerian,
    hands=[["circle 2", "circle 7", "whot", "square 3"], ["triangle 13"]],
    pile=["circle 11"],
    seed=SEED,
)
TablePicture(position, viewer=0)

# %% [markdown]
# That is the table as Seat 0 sees it: its own hand, the pile, the back of the opponent's one
# card, the market. An AI player sees exactly this and nothing more: it is handed
# `position.view(0)`, never the whole state. Ask the two AI players of this project:

# %%
view = position.view(0)
heuristic = HeuristicPlayer().choose(view)
search = SearchPlayer(simulations=1000, seed=SEED).choose(view)
print(heuristic.reason)
print(search.reason)

# %% [markdown]
# Both play circle 2. Is that right? Yes: with two players a pick two makes the opponent draw two
# and miss the turn, so Seat 0 plays again at once, and the opponent's one card becomes three
# ([04](04_special_cards.ipynb)). The web rules' own tip says it: "If the next player is down to
# one or two cards, use a Pick two, Pick three or Suspension on them"
# ([the web rules](../docs/rules.md#sources)).

# %%
assert str(heuristic.move) == str(search.move) == "play circle 2"
assert view.hand_sizes == (4, 1) and not hasattr(view, "hands")  # a view shows no other hand

# %% [markdown]
# The two players reach that move in very different ways.
#
# ## The heuristic: the sources' rules of thumb
#
# `HeuristicPlayer` gives every legal move a score made of named terms, one per rule of thumb, and
# plays the highest. Most of the rules come from the tips printed in the sources: the British
# rulebook's "Hints on Play" ([the Waddingtons rulebook](../docs/rules.md#sources)) and the web
# rules' "Tips" ([the web rules](../docs/rules.md#sources)):

# %%
for name, text in RULES_OF_THUMB.items():
    print(f"{name:>12}: {text}")

# %% [markdown]
# Its decision carries the score of every move, term by term. The reason names the term that
# made the difference between the best move and the runner-up:

# %%
scores = pd.DataFrame(heuristic.details["moves"]).set_index("move")
scores.join(pd.DataFrame(list(scores.pop("terms")), index=scores.index).fillna(0))

# %% [markdown]
# Circle 2 scores 10 for being a play, 2 for its effect, and 60 for **punishing** a player who is
# low on cards; the Whot plays lose 7 each for spending the Whot ("it is sometimes good to hold
# back a "WHOT" Card", [the Waddingtons rulebook](../docs/rules.md#sources)). A draw scores 0.

# %%
assert heuristic.details["rule"] == "punish"
assert max(heuristic.details["moves"], key=lambda m: m["score"])["move"] == "play circle 2"

# %% [markdown]
# ## The search: imagine, play out, count
#
# `SearchPlayer` puts the rules of thumb to the test. It cannot see the opponent's card, so it
# **imagines** one: it deals every card it cannot see at random, consistently with everything it
# has seen. The view
# does that itself (`view.determinize`); here are two imagined deals:

# %%
for seed in (1, 2):
    imagined = view.determinize(random.Random(seed))
    print(
        f"imagined deal {seed}: my hand {[str(c) for c in imagined.hands[0]]}, "
        f"theirs {[str(c) for c in imagined.hands[1]]}"
    )

# %% [markdown]
# Our own hand is always the real one; the opponent's card changes. In each imagined deal the
# search tries a move, plays the game out to the end quickly (with the heuristic's choices), and
# notes who won. Repeated 1,000 times, sharing what it learns in a tree of moves, it counts how
# often each first move led to a win and spends more of its tries on the promising moves. The
# heuristic's own choice gets a head start, so the search keeps it unless the simulations clearly
# favour another move. This is
# information-set Monte Carlo tree search (Cowling, Powley and Whitehouse, 2012); the code is in
# `whot_core/toolkit/search.py`.

# %%
imagined = [view.determinize(random.Random(seed)) for seed in range(20)]
assert all(state.hands[0] == position.hands[0] for state in imagined)
assert len({state.hands[1] for state in imagined}) > 1
assert all(
    state.top == position.top and state.market_size == position.market_size for state in imagined
)

# %% [markdown]
# Its decision carries, for every move, how many of the 1,000 tries went to it and how often they
# won. These numbers are the estimates behind its reason:

# %%
said = dict(searched_words(search.details, pick=view.penalty))  # each move in the narration's words
estimates = pd.DataFrame(search.details["moves"]).replace({"move": said}).set_index("move")
estimates.round(3)

# %% tags=["nbval-ignore-output"]
chart = search_figure(search.details, said=said.items())
chart

# %% [markdown]
# Circle 2 got most of the tries, and the best record: it won well over half of them, while no
# other move came within ten points of it. With a budget of simulations (not of seconds) and a
# seed, the search is fully repeatable:

# %%
again = SearchPlayer(simulations=1000, seed=SEED).choose(view)
same = again.reason == search.reason
print("The same move and reason again:", same)

# %%
assert same and again.details["moves"] == search.details["moves"]
assert estimates["visits"].sum() == 1000 and estimates.index[0] == "play circle 2"
assert "play a Whot and call square" in estimates.index  # the moves in words, the chart's too
assert list(chart.data[0].y) == [m + " (chosen)" * (i == 0) for i, m in enumerate(estimates.index)]
rates = estimates["win_rate"].sort_values(ascending=False)
assert (
    rates.index[0] == "play circle 2"
    and rates.iloc[0] > 0.5
    and rates.iloc[0] - rates.iloc[1] > 0.1
)

# %% [markdown]
# ## When the margin is small
#
# Here the choice was clear. It is not always. Star 3 on the pile, a fresh deal of five cards each,
# and only the Whot fits. The heuristic follows the web rules' tip, "Hold on to your Whot for when
# nothing else fits" ([the web rules](../docs/rules.md#sources)): nothing else fits, so it plays the
# Whot.

# %%
opening = GameState.from_position(
    nigerian,
    hands=[
        ["whot", "circle 5", "circle 10", "cross 7", "square 14"],
        ["triangle 2", "star 1", "cross 3", "square 11", "circle 12"],
    ],
    pile=["star 3"],
    seed=SEED,
)
opening_view = opening.view(0)
print(HeuristicPlayer().choose(opening_view).reason)

# %% [markdown]
# Is that wise? Drawing would keep the Whot for later. The search, run with six different seeds
# (500 simulations each):

# %%
leans = {
    seed: SearchPlayer(simulations=500, seed=seed).choose(opening_view) for seed in range(1, 7)
}
for seed, decision in leans.items():
    print(f"seed {seed}: {decision.reason}")

# %% [markdown]
# The estimates of the sensible moves (the Whot with one call or another, or a draw) lie within
# a few points of each other, closer than a few hundred imagined games can tell apart, and they
# change from seed to seed. Most seeds keep the heuristic's move, even where another move scored a
# little better, and the reason says so: "not clearly enough to overrule the rules of thumb". Treat
# such a reason as a lean, not a proof; a bigger budget narrows the doubt.

# %%
guide = str(HeuristicPlayer().choose(opening_view).move)
kept = [seed for seed, decision in leans.items() if str(decision.move) == guide]
assert len(kept) > len(leans) / 2
assert any("not clearly enough to overrule" in leans[seed].reason for seed in kept)

# %% [markdown]
# ## A whole game, step by step
#
# The search (Seat 0, 200 simulations a move, to keep this quick) against the heuristic (Seat
# 1), under the web rules. `play_frames` records every step: the table after it, what happened in
# words, and the reason the player gave.

# %%
frames = play_frames(
    nigerian, [SearchPlayer(simulations=200, seed=SEED), HeuristicPlayer()], seed=SEED
)
last = frames[-1]
len(frames) - 1, last.state.end_reason, last.state.winners

# %% [markdown]
# The game viewer steps through them: first, previous, next and last buttons, a slider, and a play
# button. It runs in a live notebook only (a widget needs a kernel); below it, the same steps are
# printed for a static reader.

# %% tags=["nbval-ignore-output"]
GameViewer(frames)

# %% tags=["nbval-ignore-output"]
for frame in frames:
    print(frame_caption(frame, len(frames) - 1))
    for sentence in frame.sentences:
        print("   ", sentence)
    if frame.reason:
        print("    why:", frame.reason)

# %% [markdown]
# With two players, every pick two, pick three, suspension and hold on hands the turn straight
# back ([04](04_special_cards.ipynb)), so a player holding several of them can shed a string of
# cards in one go. Find the longest such string in this game:


# %%
def streaks(frames):
    """Stretches of consecutive moves by one seat, longest first: (first step, last step)."""
    found, start = [], 1
    for step in range(2, len(frames) + 1):
        if step == len(frames) or frames[step].seat != frames[start].seat:
            found.append((start, step - 1))
            start = step
    return sorted(found, key=lambda s: (s[0] - s[1], s[0]))


first, final = streaks(frames)[0]
for frame in frames[first : final + 1]:
    print(frame_caption(frame, len(frames) - 1), "|", " ".join(frame.sentences[1:]))

# %% [markdown]
# Every move in that string but the last plays a card that gives the turn back. Here is the table
# just before the string, and at the end of the game:

# %%
display(TablePicture(frames[first - 1].state))
display(TablePicture(last.state))

# %%
GIVE_BACK = {"hold_on", "pick_two", "pick_three", "suspension"}
string = frames[first : final + 1]
assert len(string) >= 3 and len({f.seat for f in string}) == 1
assert all(f.move.card and nigerian.effect_of(f.move.card.number) in GIVE_BACK for f in string[:-1])
assert last.state.is_over and last.state.end_reason == "check_up"

# %% [markdown]
# ## Summary
#
# - Every AI player sees only its seat's view: its hand, the pile, the counts, the public events.
# - `HeuristicPlayer` scores each move with the sources' rules of thumb and names the deciding one.
# - `SearchPlayer` imagines the hidden cards, plays many games out, and picks the move it tried
#   most: the heuristic's choice, unless the simulations clearly favour another. Its per-move
#   estimates are in `decision.details`.
# - With a simulations budget and a seed, both are repeatable.
#
# Next: a second game on the same foundations, [Whist](10_whist.ipynb). Back to the
# [Contents](00_contents.ipynb).
