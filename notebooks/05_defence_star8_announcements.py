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
# [← 04 The Nigerian special cards](04_special_cards.ipynb) · [Contents](00_contents.ipynb) ·
# [06 When the market runs out →](06_when_the_market_runs_out.ipynb)
#
# > **Run me:** choose *Run ▸ Run All Cells* first. The pictures show as you open the notebook,
# > but the buttons, sliders and questions need the notebook running.
#
# # 05 Defence, star 8 and announcements
#
# Nigerian street rules, three players. Seat 0 plays circle 2: pick two. But Seat 1 holds a 2 as
# well, and under these rules it may **answer** it.

# %% jupyter={"source_hidden": true}
# Set-up: imports and helpers (folded; click the bar on the left to read them)
from IPython.display import HTML

from whot_core import (
    Announced,
    AnnouncementMissed,
    DrawReason,
    Drew,
    GameState,
    IllegalMove,
    MissedTurn,
    Rules,
    contrast,
)
from whot_core.whot.app.side_by_side import contrast_html
from whot_core.whot.engine.narrate import narrate
from whot_core.whot.teach.widgets import practice

SEED = 5
street = Rules.preset("nigerian_street")  # the Naija Whot app's description
MARKET = ["cross 3", "star 1", "circle 12", "triangle 8", "square 13", "circle 10", "triangle 3"]


def play(state, move):
    """Make `move`, print what it caused in words, and return the new state."""
    after = state.apply(move)
    for line in narrate(after.events[len(state.events) :]):
        print(line)
    return after


# %%
start = GameState.from_position(
    street,
    hands=[
        ["circle 2", "star 7", "square 10", "circle 3"],
        ["square 2", "triangle 4", "cross 5", "whot"],
        ["cross 7", "triangle 11", "circle 13"],
    ],
    pile=["circle 11"],
    market=MARKET,
    seed=SEED,
)
picked = play(start, "play circle 2")
picked.penalty, [str(move) for move in picked.legal_moves()]

# %% [markdown]
# Nothing has been drawn yet. A penalty of 2 waits on Seat 1, who has exactly two choices: pass it
# on with another 2, or `draw`, which takes the whole penalty. Seat 1 passes it on:

# %%
passed = play(picked, "play square 2")
passed.penalty, [str(move) for move in passed.legal_moves()]

# %% [markdown]
# Now 4 cards wait on Seat 2, who has no 2 and must draw them all:

# %%
drawn = play(passed, "draw")
drawn.current_player, drawn.top, [str(move) for move in drawn.legal_moves()]

# %% [markdown]
# Is that right? Two 2s were played, so 2 + 2 = 4 cards, and Seat 2 drew four. The turn then goes
# on to Seat 0, who plays on square 2 in the ordinary way: square 10 fits (and, as it leaves Seat 0
# with two cards, it needs words, which we come to below).

# %%
assert picked.penalty == 2 and passed.penalty == 4 and drawn.penalty == 0
assert len(drawn.hands[2]) == 3 + 4 and drawn.current_player == 0
assert len(picked.hands[1]) == 4  # nothing is drawn until the victim decides

# %% [markdown]
# ## Defence
#
# This is the Nigerian description of the 2 ([the Naija Whot app's
# description](../docs/rules.md#sources), "Nigerian Whot"): the next player "must either play
# another two, or must draw two cards ... the first player who does not play a two must draw two
# cards for each consecutive two that was played (four cards for two twos, six cards for three twos,
# etc.). After cards have been drawn for the two(s), the next player can play any legal card." The 5
# works the same way, three cards per five. The Naija app has it as a setting: "Defence ---- you can
# now defend special cards (turn it on from settings)" ([the Naija Whot app's
# description](../docs/rules.md#sources), "GAME FEATURES"). The web rules ([the web
# rules](../docs/rules.md#sources), "Other rules you may meet") list it as a common variation:
# "defending a Pick two with another 2 (so the penalty grows)".
#
# In the engine it is the rule *defence* ([docs/rules.md,
# Defence](../docs/rules.md#defence-defence)), on in the Nigerian street rules and in the Naija
# app's preset. Three details:
#
# - the victim's turn is a **choice**: answer, or play `draw`; nothing is drawn automatically;
# - only the **same number** answers: a 2 on a 2, a 5 on a 5; **not a Whot**, and not a 5 on a 2.
#   No source lets those answer; another Whot engine does, and two rules you can switch on copy
#   it, *any fitting pick card defends* and *a Whot cancels a pick*, off in every preset (the
#   same section of docs/rules.md);
# - drawing the penalty **is** the victim's turn: no extra missed turn follows (a decision, since
#   the sources are silent; [docs/rules.md, Every decision at a
#   glance](../docs/rules.md#every-decision-at-a-glance)).
#
# Seat 1 held a Whot and cross 5 as well. Neither would have done:

# %%
for move in ["play whot call square", "play cross 5", "play triangle 4", "draw"]:
    print(f"{move:>22}: {picked.explain(move)}")

# %%
assert not picked.is_legal("play whot call square") and not picked.is_legal("play cross 5")
assert drawn.events[-1] == Drew(2, 4, DrawReason.PICK, 4, drawn.events[-1].cards)
assert not any(isinstance(e, MissedTurn) for e in drawn.events)

# %% [markdown]
# Any rule set can take defence. Here are the web rules with it switched on, so that a 5 on a 5
# passes on six cards:

# %%
defended = Rules.preset("nigerian").replace(defence=True)
fives = GameState.from_position(
    defended,
    hands=[["circle 5", "star 7"], ["triangle 5", "cross 10"], ["square 11", "circle 13"]],
    pile=["circle 11"],
    market=MARKET,
)
fives = play(play(fives, "play circle 5"), "play triangle 5")
fives.penalty

# %%
assert fives.penalty == 3 + 3 and fives.current_player == 2

# %% [markdown]
# ## The star 8
#
# An 8 suspends the next player; in Nigeria, "If the STAR 8 is played, the next two players must
# each miss a turn" ([the Naija Whot app's description](../docs/rules.md#sources)). That is the
# rule *star 8 skips two*, on in the Nigerian street rules. Four players, star 8 on star 2:

# %%
four_players = GameState.from_position(
    street,
    hands=[
        ["star 8", "star 7", "square 10", "circle 3"],
        ["square 2", "triangle 4"],
        ["cross 7", "triangle 11"],
        ["circle 13", "cross 1"],
    ],
    pile=["star 2"],
    market=MARKET,
)
after = play(four_players, "play star 8")
print(f"Seat {after.current_player} plays next.")

# %% [markdown]
# Seats 1 and 2 each miss a turn; Seat 3 plays next. Any other 8 suspends only one player. With two
# players there is only one opponent to skip, so the star 8 is a plain suspension there, and Seat 0
# plays again ([docs/rules.md, Special cards](../docs/rules.md#special-cards-specials)):

# %%
two_players = GameState.from_position(
    street,
    hands=[["star 8", "star 7", "square 10", "circle 3"], ["square 2", "triangle 4"]],
    pile=["star 2"],
)
after = play(two_players, "play star 8")
print(f"Seat {after.current_player} plays next.")

# %%
assert four_players.apply("play star 8").current_player == 3
assert two_players.apply("play star 8").current_player == 0
circle_eight = GameState.from_position(
    street,
    hands=[["circle 8", "star 7", "square 10", "circle 3"], ["square 2"], ["cross 7"]],
    pile=["star 8"],
)
assert circle_eight.apply("play circle 8").current_player == 2  # a plain 8: one missed turn

# %% [markdown]
# ## Announcements
#
# The web rules: "When you have one card left, say “Last card!” so everyone knows" ([the web
# rules](../docs/rules.md#sources), "Last card and check up"), and no penalty for forgetting. In the
# Nigerian description ([the Naija Whot app's description](../docs/rules.md#sources)) a player left
# with two cards "must warn the other players by saying 'semi last card'", a player with one card
# "must warn the others by saying 'last card'", and "A player who omits these warnings is penalised
# by drawing two cards from the stock". The British rulebook has no announcements at all. So the
# rule *announcements* ([docs/rules.md,
# Announcements](../docs/rules.md#announcements-announcements)) has three settings: *none* (the
# British rulebook), *“last card”, no penalty* (the web rules) and *said or draw two* (the
# Nigerian description, and the Nigerian street rules' preset).
#
# In the engine an announcement is **part of the move** that leaves you with two cards or one:
# `play circle 4, semi last card`. Under *said or draw two* the engine offers the move with the
# words and without them; the move without them is legal, and costs two cards:

# %%
three_cards = GameState.from_position(
    street,
    hands=[["circle 4", "star 7", "square 10"], ["square 2", "triangle 4"]],
    pile=["circle 11"],
    market=MARKET,
)
[str(move) for move in three_cards.legal_moves()]

# %%
three_cards.explain("play circle 4")

# %%
forgot = play(three_cards, "play circle 4")

# %%
said = play(three_cards, "play circle 4, semi last card")

# %% [markdown]
# Forgetting left Seat 0 with 2 + 2 = 4 cards instead of 2. The AI players of this project always
# announce; a human in the app or a notebook can forget, and then sees the penalty and why, as
# above. Words that do not fit the hand make the move illegal:

# %%
try:
    three_cards.apply("play circle 4, last card")
except IllegalMove as error:
    print(error)

# %%
assert len(forgot.hands[0]) == 4 and len(said.hands[0]) == 2
assert any(isinstance(e, AnnouncementMissed) for e in forgot.events)
assert any(isinstance(e, Announced) for e in said.events)

# %% [markdown]
# Under *“last card”, no penalty* (the web rules) nobody is penalised: the engine says 'last card'
# for you, the move without words is the normal form, and a move that carries the words is
# accepted too. Under *none* (the British rulebook) a move may not carry words at all.

# %%
web = Rules.preset("nigerian")
two_cards = GameState.from_position(
    web, hands=[["circle 4", "star 7"], ["square 2", "triangle 4"]], pile=["circle 11"]
)
[str(move) for move in two_cards.legal_moves()], narrate(two_cards.apply("play circle 4").events)

# %%
british = Rules.preset("british")
GameState.from_position(
    british, hands=[["circle 4", "star 7"], ["square 2", "triangle 4"]], pile=["circle 11"]
).explain("play circle 4, last card")

# %%
assert two_cards.is_legal("play circle 4, last card")
assert two_cards.apply("play circle 4, last card").moves == two_cards.apply("play circle 4").moves

# %% [markdown]
# Two more decisions of the engine (the sources are silent; [docs/rules.md,
# Announcements](../docs/rules.md#announcements-announcements)): a draw never
# needs words, even if you hold two cards; and the two penalty cards are drawn at the **end** of
# the move, after the card's own effect. A forgotten "last card" on a pick two: Seat 1 is told to
# answer first, then Seat 0 pays.

# %%
late = GameState.from_position(
    street,
    hands=[["circle 2", "star 7"], ["square 3", "triangle 4"]],
    pile=["circle 11"],
    market=MARKET,
)
late = play(late, "play circle 2")

# %%
assert late.penalty == 2 and late.current_player == 1 and len(late.hands[0]) == 1 + 2

# %% [markdown]
# ## The Naija app's settings
#
# The Naija Whot app ([the Naija Whot app's description](../docs/rules.md#sources)) is a program,
# and its rules are settings that a player switches on or off. The Naija app's preset is the app
# with defence and the tournament switched on:

# %%
naija = Rules.preset("naija_tournament")
naija.defence, str(naija.match), {number: str(effect) for number, effect in naija.specials.items()}

# %% [markdown]
# The app's text names its settings, and each is a toggle here. The quotations are the app's words
# in [the Naija Whot app's description](../docs/rules.md#sources): the tournament's from its "HOW TO
# PLAY", the others from "GAME FEATURES".
# - every special card on or off: "You can turn on/off all or any of the special cards(pick two,
#   pick three, general market, hold on, suspension, Whot)". That is the special cards of
#   [04](04_special_cards.ipynb), which number does what: leave a number out and its cards are
#   plain. (The Whot stays wild; 04 explains that decision.)
# - defence: "you can now defend special cards (turn it on from settings)", the rule *defence*
#   above;
# - the tournament, where "when game ends, cards are counted and a player with the highest number
#   is eliminated": the tournament match of [07](07_scoring_and_matches.ipynb);
# - "Continuous play", which "is only available in Tournament mode": "You can decide whether game
#   continues even when you lose". The engine's tournament always plays on until one player is
#   left, whoever is eliminated: the setting switched on. Switched off, the app stops when you, its
#   human player, are out. That concerns the app's player rather than the game, so the engine has
#   no toggle for it.
#
# Here is the app with the pick three and the general market switched off. The 5 is now a plain
# card: nothing waits on Seat 1.

# %%
fewer = naija.replace(specials={n: e for n, e in naija.specials.items() if n not in (5, 14)})


def circle_five(rules):
    """Seat 0 to play circle 5 on circle 11; Seat 1 holds no 5."""
    hands = [["circle 5", "star 7", "square 10"], ["triangle 4", "cross 10"], ["square 11"]]
    return GameState.from_position(rules, hands=hands, pile=["circle 11"], market=MARKET)


with_pick = play(circle_five(naija), "play circle 5")
without = play(circle_five(fewer), "play circle 5")
(with_pick.penalty, with_pick.current_player), (without.penalty, without.current_player)

# %%
assert naija.defence and naija.match == "tournament" and set(fewer.diff(naija)) == {"specials"}
assert with_pick.penalty == 3 and with_pick.current_player == 1
assert without.penalty == 0 and fewer.effect_of(5) is None and fewer.effect_of(14) is None

# %% [markdown]
# ## Defence off and on
#
# The same cards and the same pick three, under the web rules (no defence) and the street rules
# (defence): `contrast` finds the position, the tables show what follows under each.

# %%
NAMES = ("the web rules", "the street rules")
shown = contrast(Rules.preset("nigerian"), street, "defence", labels=NAMES)
assert shown.state_a.hands == shown.state_b.hands and shown.values == (False, True)
HTML(contrast_html(shown, NAMES))

# %% [markdown]
# ## Summary
#
# - Defence: a 2 answers a 2, a 5 a 5 (not a Whot, not a 5 on a 2, unless you switch on the rules
#   that allow them); the penalty grows; the first player who does not answer draws it all, and
#   that is their turn.
# - Star 8 skips two: the star 8 makes the next two players miss a turn (a plain suspension with
#   two players).
# - Announcements: none; 'last card' with no penalty; or 'semi last card' and 'last card', said or
#   draw two.
# - The Naija app's settings: each special card on or off, defence, and the tournament, which here
#   always plays on to the last player.

# %% [markdown]
# ## Practise
#
# Questions on real positions from games the AI plays, checked by the engine: here, how many cards
# each seat holds after a pick is answered or drawn, under the Nigerian street rules, where defence
# is on. Answer with the buttons; **New question** moves to the next seed. The same questions, and a
# path of lessons, are on the explorer's Learn page; [11 Practice](11_practice.ipynb) shows how they
# are made.

# %% tags=["nbval-ignore-output"]
quiz = practice(Rules.preset("nigerian_street"), "hand_sizes", focus="defence", seed=1)
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
# Next: [06 When the market runs out →](06_when_the_market_runs_out.ipynb) ·
# [Contents](00_contents.ipynb)
