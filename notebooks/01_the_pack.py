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
# [Contents](00_contents.ipynb) · next: [02 Matching and drawing →](02_matching_and_drawing.ipynb)
#
# > **Run me:** choose *Run ▸ Run All Cells* first. The pictures show as you open the notebook,
# > but the buttons, sliders and questions need the notebook running.
#
# # 01 The pack and the deal
#
# Here is a hand of Whot, the six cards dealt to Seat 0 in a British game for three players.
# Everything random in these notebooks takes an explicit seed, so you will see exactly these cards.

# %%
from collections import Counter

from IPython.display import display

from whot_core import SHAPES, Card, Rules, Shape, make_pack, new_game
from whot_core.whot.engine.cards import NUMBERS
from whot_core.whot.engine.narrate import narrate
from whot_core.whot.show.pictures import HandPicture
from whot_core.whot.teach.widgets import practice

SEED = 1
british = Rules.preset("british")
game = new_game(british, players=3, seed=SEED)
HandPicture(game.hands[0])

# %% [markdown]
# No hearts or spades: a Whot card carries a **shape** and a **number**. There are five shapes
# (circle, triangle, cross, square, star) and one wild card, the **Whot**, which has no shape and
# is printed 20. In words the hand reads:

# %%
[str(card) for card in game.hands[0]]

# %% [markdown]
# ## What is in the pack
#
# The three rule documents we follow agree on the pack: the British Waddingtons rulebook ([the
# Waddingtons rulebook](../docs/rules.md#sources), "The Cards in the Pack"), the web rules ([the web
# rules](../docs/rules.md#sources), "What you need") and the long description of British and
# Nigerian Whot ([the Naija Whot app's description](../docs/rules.md#sources), "Players and Cards").
# [docs/rules.md, The pack](../docs/rules.md#the-pack-whot_cards-packs) writes it down once. Let us
# count it ourselves.

# %%
pack = make_pack()
len(pack)

# %%
Counter(card.shape.value for card in pack)

# %% [markdown]
# 54 cards. Is that right? Yes: circles and triangles have 12 cards each, crosses and squares 9,
# stars 7, and there are 5 Whots: 12 + 12 + 9 + 9 + 7 + 5 = 54. Which numbers does each shape have?

# %%
for shape in SHAPES:
    print(f"{shape.value:>8}: {NUMBERS[shape]}")

# %%
assert len(pack) == 12 + 12 + 9 + 9 + 7 + 5 == 54
assert Counter(card.shape for card in pack) == {
    Shape.CIRCLE: 12,
    Shape.TRIANGLE: 12,
    Shape.CROSS: 9,
    Shape.SQUARE: 9,
    Shape.STAR: 7,
    Shape.WHOT: 5,
}

# %% [markdown]
# Three things to notice, all printed in [the Waddingtons rulebook](../docs/rules.md#sources):
#
# - there is **no 6 and no 9** anywhere (so nobody can mistake one for the other, as
#   [the web rules](../docs/rules.md#sources) puts it);
# - the four-sided shapes, crosses and squares, have **no 4, 8 or 12**;
# - stars stop at **8**.
#
# So some card names are simply impossible, and the engine says why:

# %%
for text in ["circle 6", "square 4", "cross 12", "star 10", "whot 7"]:
    try:
        Card.parse(text)
    except ValueError as error:
        print(f"{text:>9}: {error}")

# %%
numbers = {card.number for card in pack}
assert 6 not in numbers and 9 not in numbers
assert not any(c.shape in (Shape.CROSS, Shape.SQUARE) and c.number in (4, 8, 12) for c in pack)
assert max(c.number for c in pack if c.shape is Shape.STAR) == 8

# %% [markdown]
# Here are all the circles and all the stars, laid out in a row:

# %%
circles = [card for card in pack if card.shape is Shape.CIRCLE]
stars = [card for card in pack if card.shape is Shape.STAR]
display(HandPicture(circles, overlap=0.45, width=60))
display(HandPicture(stars, overlap=0, width=60))

# %% [markdown]
# Look at the stars. The number in the corners is the card's number, as on every card; the white
# number inside the big star is twice as large. That white number is only for **scoring** at the end
# of a game, where a star counts double in the British rules; in play only the corner number counts.
# The printed British cards put the score elsewhere: the rulebook says to "use the white numbers in
# the small corner Stars for scoring only" ([the Waddingtons rulebook](../docs/rules.md#sources),
# "Scoring"). We come back to scoring in [07 Scoring and matches](07_scoring_and_matches.ipynb). The
# Whot's 20 is also a score, never a number to match.
#
# ## Four Whots or five
#
# British packs since about 1990 hold only four Whots, 53 cards in all; Nigerian packs kept five
# ([the Naija Whot app's description](../docs/rules.md#sources)). The number of Whots in a pack is
# a rule you can change, and the preset for modern British packs sets it to four:

# %%
modern = Rules.preset("british_modern")
modern.whot_cards, len(make_pack(modern.whot_cards)), modern.pack_size

# %%
assert len(make_pack(4)) == 53 and modern.pack_size == 53

# %% [markdown]
# ## Nigerian names
#
# In Nigeria the shapes are called **ball** (circle), **angle** (triangle), **cross**, **carpet**
# (square) and **star** ([the Naija Whot app's description](../docs/rules.md#sources), "Nigerian
# Whot"). The engine accepts either name and can print either:

# %%
ball = Card.parse("ball 7")
ball, ball == Card.parse("circle 7"), ball.name(nigerian=True), Card.parse("CARPET 3")

# %%
assert Card.parse("angle 1") == Card.parse("triangle 1")
assert Card.parse("carpet 3").name(nigerian=True) == "carpet 3"
HandPicture(["ball 7", "angle 1", "cross 2", "carpet 3", "star 5", "whot"], nigerian=True)

# %% [markdown]
# ## The deal
#
# Who deals? In the British rules every player cuts the pack, and the **lowest card deals**, a Whot
# counting 20, high ([the Waddingtons rulebook](../docs/rules.md#sources), "Dealer and Deal"; [the
# Naija Whot app's description](../docs/rules.md#sources), "Deal"). The player on the dealer's left
# is the **leader** and plays first; play goes to the left, which the engine numbers as seat + 1.
# The game we dealt at the top recorded its cut:

# %%
dealt = game.events[0]
print(narrate([dealt])[0])
dealt.cuts

# %% [markdown]
# Seat 0 cut circle 11, Seat 1 square 5 and Seat 2 a Whot (20). Is Seat 1 the dealer? Yes, 5 is
# the lowest cut, and the leader is Seat 2, on Seat 1's left. (When two players tie for the
# lowest cut, the engine has them cut again: the sources do not say, so that is one of the
# engine's decisions, listed in [the rule book](../docs/rules.md#every-decision-at-a-glance).)

# %%
lowest = min(dealt.cuts, key=lambda cut: cut[1].number)[0]
assert dealt.dealer == lowest == 1
assert dealt.leader == (dealt.dealer + 1) % 3 == game.current_player

# %% [markdown]
# Before the deal comes one more ritual. The dealer shuffles, and the player on the dealer's
# **right** cuts the pack: "THE DEAL is commenced after the pack has been well shuffled and cut by
# the player on the RIGHT of the dealer" ([the Waddingtons rulebook](../docs/rules.md#sources),
# "Dealer and Deal"), and the same in [the Naija Whot app's description](../docs/rules.md#sources)
# ("Deal"): "The dealer shuffles and the player to dealer's right cuts". The right is seat − 1, so
# in our game Seat 0 cuts for dealer Seat 1. Cutting a well-shuffled pack changes no one's chances,
# so the engine's shuffle stands for both; the deal's event names the cutter, and the narration
# above says it.

# %%
print(f"Seat {dealt.cutter} cuts the pack.")

# %%
assert dealt.cutter == (dealt.dealer - 1) % 3 == 0  # the dealer sits on the cutter's left

# %% [markdown]
# The dealer gives one card at a time, starting on the left, until everyone has their hand. How many
# cards? Six in the British rulebook ([the Waddingtons rulebook](../docs/rules.md#sources), "Dealer
# and Deal") and in the British section of [the Naija Whot app's
# description](../docs/rules.md#sources) ("Deal"). That page's Nigerian section gives no number of
# its own. It says "The basic rules are similar to the British printed rules" ([the Naija Whot app's
# description](../docs/rules.md#sources), "Nigerian Whot"), so the preset for Nigerian street
# rules deals six as well. The web rules deal five, and add "(some families deal four or six)"
# ([the web rules](../docs/rules.md#sources)). So the hand size is a rule you can set, from 1 to
# 10 cards.
#
# The rest of the pack goes face down in the middle: the **market**. The British rulebook calls it
# "the unexposed portion of the pack" ([the Waddingtons rulebook](../docs/rules.md#sources),
# "Playing the Game"); the British section of [the Naija Whot app's
# description](../docs/rules.md#sources) calls it the "draw pile".

# %%
nigerian = Rules.preset("nigerian")
{name: Rules.preset(name).hand_size for name in ("british", "nigerian", "nigerian_street")}

# %%
hands_and_market = sum(len(hand) for hand in game.hands) + game.market_size
hands_and_market

# %%
assert [len(hand) for hand in game.hands] == [6, 6, 6]
assert hands_and_market == 54  # every card is somewhere
assert nigerian.replace(hand_size=4).hand_size == 4

# %% [markdown]
# ## The first card
#
# Here the sources part ways ([docs/rules.md, The deal](../docs/rules.md#the-deal-hand_size)). In
# the British rulebook the leader starts the pile with **any card** from their hand; nothing is
# turned up ([the Waddingtons rulebook](../docs/rules.md#sources), "Playing the Game"). In the
# British game we dealt, the pile is empty, and every card in the leader's hand may start it:

# %%
leader_hand = game.hands[game.current_player]
game.top, len(leader_hand), game.explain(f"play {leader_hand[0]}")

# %% [markdown]
# The web rules instead **turn one card up** from the market to start the pile. If that card is
# special (a number with an effect, or a Whot: see [04](04_special_cards.ipynb)) it goes to the
# bottom of the market and the next card is turned ([the web rules](../docs/rules.md#sources), "The
# deal"). How play starts is another rule you can set. Watch the web rules' start in a
# two-player deal:

# %%
turn_up_game = new_game(nigerian, players=2, seed=0)
for line in narrate(turn_up_game.events):
    print(line)

# %% [markdown]
# Triangle 2 is a pick-two card under these rules and the Whot is wild, so both went under, and
# the plain circle 11 starts the pile. Everyone saw the two cards go under; they are now the last
# two cards of the market. Here is the table, with every hand face up:

# %%
turn_up_game

# %%
assert british.start == "leader" and nigerian.start == "turn_up"
assert str(turn_up_game.top) == "circle 11" and nigerian.effect_of(11) is None
assert [str(c) for c in turn_up_game.market[-2:]] == ["triangle 2", "whot"]

# %% [markdown]
# Two more details are the engine's decisions, because the sources are silent ([docs/rules.md, The
# start](../docs/rules.md#the-start-start)): where the leader plays any card to start, the leader
# may draw instead of playing, and then the next player may start the pile with any card; and the
# first card's effect counts (a leading 2 under rules with special cards makes the next player pick
# two).
#
# ## How many players
#
# The British rulebook gives no number of players, but suggests **two packs** "For more than five
# players" ([the Waddingtons rulebook](../docs/rules.md#sources), "Ending a Game"). The British
# section of the long description says "There can be two or more players" ([the Naija Whot app's
# description](../docs/rules.md#sources), "Players and Cards"); the web rules are "for 2 to 4
# players" ([the web rules](../docs/rules.md#sources)). The engine insists only that the pack can
# serve every hand plus one card; nine players of six cards need 55 cards, so one pack will not do:

# %%
try:
    new_game(british, players=9, seed=SEED)
except ValueError as error:
    print(error)

# %% [markdown]
# With two packs shuffled together, 108 cards, the nine players fit, as the British rulebook
# suggests (in code: `packs=2`):

# %%
big_game = new_game(british.replace(packs=2), players=9, seed=SEED)
len(make_pack(5, packs=2)), big_game.market_size

# %%
assert len(make_pack(5, packs=2)) == 108
assert big_game.market_size == 108 - 9 * 6

# %% [markdown]
# ## Summary
#
# - 54 cards (53 with four Whots): five shapes with no 6 or 9, no 4, 8 or 12 on crosses and
#   squares, stars up to 8, and the wild Whot (20).
# - Ball, angle, cross, carpet, star are the Nigerian names of the same shapes.
# - Lowest cut deals; the player on the dealer's right cuts the shuffled pack; the player on
#   the dealer's left leads; play goes left.
# - Deal 6 (British, Nigerian street) or 5 (web rules); start with any card, or turn one up.

# %% [markdown]
# ## Practise
#
# Questions on real positions from games the AI plays, checked by the engine: here, what a hand
# counts, a Whot's 20 included, under the British rules. Answer with the buttons; **New question**
# moves to the next seed. The same questions, and a path of lessons, are on the explorer's Learn
# page; [11 Practice](11_practice.ipynb) shows how they are made.

# %% tags=["nbval-ignore-output"]
quiz = practice(Rules.preset("british"), "count", focus="whot_cards", seed=1)
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
# Next: [02 Matching and drawing →](02_matching_and_drawing.ipynb) · [Contents](00_contents.ipynb)
