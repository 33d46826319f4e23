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
# [← 03 The Whot card and calls](03_the_whot_card.ipynb) · [Contents](00_contents.ipynb) ·
# [05 Defence, star 8 and announcements →](05_defence_star8_announcements.ipynb)
#
# > **Run me:** choose *Run ▸ Run All Cells* first. The pictures show as you open the notebook,
# > but the buttons, sliders and questions need the notebook running.
#
# # 04 The Nigerian special cards
#
# Three players, Nigerian rules. Circle 11 is on the pile and Seat 0 plays circle 2. Watch what
# happens to Seat 1:

# %% jupyter={"source_hidden": true}
# Set-up: imports and helpers (folded; click the bar on the left to read them)
from IPython.display import HTML

from whot_core import Drew, GameState, MissedTurn, Rules, contrast
from whot_core.whot.app.side_by_side import contrast_html
from whot_core.whot.engine.effects import EFFECT_TEXT
from whot_core.whot.engine.narrate import narrate
from whot_core.whot.teach.widgets import practice

SEED = 4
nigerian = Rules.preset("nigerian")  # the web rules
MARKET = ["cross 3", "star 1", "circle 12", "triangle 8", "square 13", "circle 10", "triangle 3"]


def table(first_hand, rules=nigerian, players=3, pile=("circle 11",)):
    """Seat 0 holds `first_hand` and is to play; the other hands and the market are fixed."""
    others = [["square 2", "triangle 4"], ["cross 5", "triangle 11", "circle 13"]][: players - 1]
    return GameState.from_position(
        rules, hands=[first_hand, *others], pile=list(pile), market=MARKET, seed=SEED
    )


def play(state, move):
    """Make `move`, print what it caused in words, and return the new state."""
    after = state.apply(move)
    for line in narrate(after.events[len(state.events) :]):
        print(line)
    return after


# %%
start = table(["circle 2", "star 7", "square 10"])
after_two = play(start, "play circle 2")

# %%
after_two

# %% [markdown]
# Seat 1 took the market's first two cards and lost its turn; Seat 2 is to play. Under these rules a
# **2 is a pick two**. In the British rulebook no card does anything special ([the Waddingtons
# rulebook](../docs/rules.md#sources)); in Nigeria "some of the cards have special effects, which
# vary a little from place to place" ([the Naija Whot app's description](../docs/rules.md#sources),
# "Nigerian Whot"). The web rules list five ([the web rules](../docs/rules.md#sources), "Special
# cards"), and so does the rules object:

# %%
for number, effect in nigerian.specials.items():
    print(f"{number:>2} → {EFFECT_TEXT[effect]}")

# %%
assert [str(c) for c in after_two.hands[1]] == ["square 2", "triangle 4", "cross 3", "star 1"]
assert after_two.current_player == 2
assert any(isinstance(e, MissedTurn) and e.seat == 1 for e in after_two.events)
assert dict(Rules.preset("british").specials) == {}

# %% [markdown]
# The special cards are **data**: a map from card number to effect, any entry of which can be
# changed or removed ([docs/rules.md, Special cards](../docs/rules.md#special-cards-specials)). We
# go through them one at a time, always from the same
# table: Seat 0 to play on circle 11, Seat 1 holding two cards, Seat 2 three.
#
# ## 1: Hold on
#
# "You play again straight away. If you can’t follow it, go to market" ([the web
# rules](../docs/rules.md#sources)). The card that follows must match the 1 in the usual way ([the
# Naija Whot app's description](../docs/rules.md#sources): "The next card played after a 'HOLD ON'
# ... has to follow the normal rules").

# %%
held = play(table(["circle 1", "circle 7", "square 10"]), "play circle 1")
held.current_player, [str(move) for move in held.legal_moves()]

# %% [markdown]
# Still Seat 0's turn. Circle 7 follows circle 1 (same shape); square 10 does not. If Seat 0
# cannot or will not follow, it draws one card, and that ends the turn:

# %%
held.explain("play square 10")

# %%
after_draw = play(held, "draw")
print(f"Seat {after_draw.current_player} plays next.")

# %%
assert held.current_player == 0 and not held.is_legal("play square 10")
assert after_draw.current_player == 1 and len(after_draw.hands[0]) == 3

# %% [markdown]
# Some people play hold on differently: the **next player misses a turn** ([the Naija Whot app's
# description](../docs/rules.md#sources): "Some play that 'HOLD ON' means that just the next player
# misses a turn"). Here that is the rule *hold on does*, set to *the next player misses a turn*
# (in code: `hold_on="skip_next"`):

# %%
skip = nigerian.replace(hold_on="skip_next")
skipped = play(table(["circle 1", "circle 7", "square 10"], rules=skip), "play circle 1")
print(f"Seat {skipped.current_player} plays next.")

# %%
assert skipped.current_player == 2

# %% [markdown]
# The same sentence of [the Naija Whot app's description](../docs/rules.md#sources) goes on: "while
# 'SUSPENSION' causes all the other players to wait while the player of the 8 plays another card".
# In that variant the 1 and the 8 swap jobs: the 1 skips the next player, and the 8 lets its player
# go again. No toggle is needed for it, because the specials are data: map the 8 to hold on and the
# 1 to suspension. Same table, Seat 0 plays circle 8 and is still to play:

# %%
swapped = nigerian.replace(specials={**nigerian.specials, 1: "suspension", 8: "hold_on"})
eight_again = play(table(["circle 8", "circle 7", "square 10"], rules=swapped), "play circle 8")
eight_again.current_player, [str(move) for move in eight_again.legal_moves()]

# %% [markdown]
# The follow-up matches the 8 in the usual way: circle 7 may follow, square 10 may not. Side by
# side, who plays after a 1 and after an 8 in the three versions:

# %%
versions = {"Nigerian": nigerian, "hold on skips the next": skip, "8 plays again": swapped}
next_seat = {}
for label, rules in versions.items():
    next_seat[label] = tuple(
        table([card, "circle 7", "square 10"], rules=rules).apply(f"play {card}").current_player
        for card in ("circle 1", "circle 8")
    )
    print(
        f"{label:>22}: after circle 1 Seat {next_seat[label][0]}, after circle 8 Seat "
        f"{next_seat[label][1]}"
    )

# %%
assert next_seat == {"Nigerian": (0, 2), "hold on skips the next": (2, 2), "8 plays again": (2, 0)}
assert eight_again.is_legal("play circle 7") and not eight_again.is_legal("play square 10")

# %% [markdown]
# ## 2 and 5: Pick two, pick three
#
# "The next player takes two cards from the market and misses their turn"; a 5 makes them take three
# ([the web rules](../docs/rules.md#sources), "Special cards"). In these rules the victim has no
# say: the cards are drawn at once, as part of the move that played the 2 or the 5 ([docs/rules.md,
# Special cards](../docs/rules.md#special-cards-specials)). Pick two we saw at the top; here is pick
# three:

# %%
after_five = play(table(["circle 5", "circle 7", "square 10"]), "play circle 5")
len(after_five.hands[1]), after_five.current_player

# %%
assert len(after_five.hands[1]) == 2 + 3 and after_five.current_player == 2

# %% [markdown]
# Could Seat 1 have answered the 2 with a 2 of its own? Not under these rules; the web rules say
# plainly "Our game uses the simpler rule" ([the web rules](../docs/rules.md#sources), "Common
# questions"). Many people do play that defence, though: it is the first topic of
# [05](05_defence_star8_announcements.ipynb).
#
# ## 8: Suspension
#
# "The next player misses their turn" ([the web rules](../docs/rules.md#sources), "Special cards");
# in the Nigerian table of [the Naija Whot app's description](../docs/rules.md#sources), "The next
# player misses a turn".

# %%
after_eight = play(table(["circle 8", "circle 7", "square 10"]), "play circle 8")
print(f"Seat {after_eight.current_player} plays next.")

# %%
assert after_eight.current_player == 2 and len(after_eight.hands[1]) == 2

# %% [markdown]
# ## 14: General market
#
# "Every other player takes one card from the market. Then the next player carries on as usual"
# ([the web rules](../docs/rules.md#sources)). They draw in turn order, starting on the left of the
# player of the 14 ([docs/rules.md, Special cards](../docs/rules.md#special-cards-specials)):

# %%
after_fourteen = play(table(["circle 14", "circle 7", "square 10"]), "play circle 14")
print(f"Seat {after_fourteen.current_player} plays next.")

# %%
drawers = [e.seat for e in after_fourteen.events if isinstance(e, Drew)]
assert drawers == [1, 2] and after_fourteen.current_player == 1

# %% [markdown]
# Under "Other rules you may meet", the web rules mention "the player who plays General market going
# again" ([the web rules](../docs/rules.md#sources)). That is the rule *general market plays
# again*, off in every preset; switched on (in code: `general_market_again=True`), Seat 0 plays
# again once the others have drawn:

# %%
again = nigerian.replace(general_market_again=True)
after = play(table(["circle 14", "circle 7", "square 10"], rules=again), "play circle 14")
print(f"Seat {after.current_player} plays next.")

# %%
assert table(["circle 14", "square 10"], rules=again).apply("play circle 14").current_player == 0

# %% [markdown]
# ## With two players
#
# When the only opponent misses a turn, the turn comes straight back. So with two players a pick
# two, a pick three or a suspension lets you **play again** ([the web
# rules](../docs/rules.md#sources): "With two players, a Pick two, Pick three or Suspension means
# you play again"; [the Naija Whot app's description](../docs/rules.md#sources): "in a two-player
# game, there is no difference between 'HOLD ON' and 'SUSPENSION'"). That is not a separate rule; it
# follows from the missed turn:

# %%
duel = table(["circle 8", "circle 7", "square 10"], players=2)
after = play(duel, "play circle 8")
print(f"Seat {after.current_player} plays next.")

# %%
assert duel.apply("play circle 8").current_player == 0
assert duel.apply("play circle 8").hands[1] == duel.hands[1]  # Seat 1 only missed a turn

# %% [markdown]
# ## Going out on a special card
#
# "A special card can be your last card, and you still win at once" ([the web
# rules](../docs/rules.md#sources)). The game ends the moment the hand is empty ("check up!"), so
# the card's effect is **not applied**: nobody picks two.

# %%
last_two = play(table(["circle 2"]), "play circle 2")
last_two.winners, [len(hand) for hand in last_two.hands]

# %%
assert last_two.is_over and last_two.winners == (0,) and len(last_two.hands[1]) == 2

# %% [markdown]
# None of our sources forbids going out on a special card, but some players (and one public Whot
# engine) do. To reproduce them, the rule *may go out on a special card*, on in every preset, can
# be switched off (in code: `win_on_special=False`). Then the last card may not be a special card
# or a Whot, and a player whose last card is one must draw. No source plays this way
# ([docs/rules.md, Going out](../docs/rules.md#going-out-win_on_special)):

# %%
strict = nigerian.replace(win_on_special=False)
table(["circle 2"], rules=strict).explain("play circle 2")

# %%
assert [str(m) for m in table(["circle 2"], rules=strict).legal_moves()] == ["draw"]

# %% [markdown]
# ## The 1970s: only two special cards
#
# Israel Ameh's account of Nigerian Whot in the 1970s and 1980s has only two special cards ([the
# Naija Whot app's description](../docs/rules.md#sources)): the 1, hold on, after which the same
# player "can play any card he/she desires", and the 4: "Every player except the one who played the
# 4 must draw two cards from the stock. (Even if the 4 is played as the winner's final card.)" The
# 2, 5, 8 and 14 are plain. That is the Nigerian 1970s preset, where the rule *free follow-up
# after hold on* is on:

# %%
seventies = Rules.preset("nigerian_1970s")
dict(seventies.specials), seventies.hold_on_free_follow

# %% [markdown]
# After a 1970s hold on, square 10 and star 7 may both follow circle 1, though neither matches it:

# %%
free = play(table(["circle 1", "star 7", "square 10"], rules=seventies), "play circle 1")
[str(move) for move in free.legal_moves()]

# %% [markdown]
# The same account says a player with two cards can "end the game by playing the 1, saying 'hold
# on', then saying 'last card' and then check up" ([the Naija Whot app's
# description](../docs/rules.md#sources), "Nigerian Whot"). Let us try:

# %%
finish = play(table(["circle 1", "star 7"], rules=seventies), "play circle 1")
finish = play(finish, "play star 7")

# %% [markdown]
# And the 4 as the winning card: the others still pick two, which changes their count at the end.

# %%
four = play(table(["circle 4"], rules=seventies), "play circle 4")
four.winners, four.penalty_points()

# %% [markdown]
# Is Seat 1's count right? It held square 2 and triangle 4 and picked cross 3 and star 1; the
# 1970s preset counts stars double, so 2 + 4 + 3 + 2 × 1 = 11.

# %%
assert free.is_legal("play square 10") and free.is_legal("play star 7")
assert finish.winners == (0,)
assert four.winners == (0,) and len(four.hands[1]) == 4 and len(four.hands[2]) == 5
assert four.penalty_points()[1] == 2 + 4 + 3 + 2 * 1

# %% [markdown]
# ## Any number, any effect
#
# The Naija app lets you move the effects around: "The above configuration is by default. They can
# be changed to any number of your choice", and each can be turned off ([the Naija Whot app's
# description](../docs/rules.md#sources)). Because the specials are data, a house rule is one line.
# Here 7 is pick two and 11 a suspension, and nothing else is special:

# %%
house = nigerian.replace(specials={7: "pick_two", 11: "suspension"})
for line in house.describe():
    if line[0].isdigit():  # the sentences about numbered cards
        print(line)

# %%
after_seven = play(table(["circle 7", "square 10"], rules=house), "play circle 7")

# %%
assert len(after_seven.hands[1]) == 4 and after_seven.current_player == 2
assert house.effect_of(2) is None and house.effect_of(7) == "pick_two"

# %% [markdown]
# The Whot is not among the effects. In every preset here it is wild, and no effect can be given
# to its 20:

# %%
try:
    nigerian.replace(specials={20: "hold_on"})
except ValueError as error:
    print(error)

# %% [markdown]
# That is how this project plays, and where the sources agree: the British rulebook, the web rules
# and the long description all make the Whot wild. The Naija app is the exception: among the cards
# you can switch off it lists the Whot, "You can turn on/off all or any of the special cards(pick
# two, pick three, general market, hold on, suspension, Whot)" ([the Naija Whot app's
# description](../docs/rules.md#sources), "GAME FEATURES"). It does not say what a Whot that is not
# wild may match, so the engine has no such switch: keeping the Whot wild is a **decision**.
#
# When a game starts with a card turned up, a special card or a Whot turned up goes under the
# market, as we saw in [01](01_the_pack.ipynb).

# %% [markdown]
# ## One card, two rule sets
#
# `contrast` finds a small position where two sets of rules lead to different outcomes: here the
# 2, plain in the British rules and a pick two in the Nigerian ones. The same cards, the
# same move; the tables show what the move leads to under each.

# %%
NAMES = ("British", "Nigerian")
shown = contrast(Rules.preset("british"), nigerian, "specials", number=2, labels=NAMES)
assert shown.state_a.hands == shown.state_b.hands and shown.after_a.hands != shown.after_b.hands
HTML(contrast_html(shown, NAMES))

# %% [markdown]
# ## Summary
#
# | card | effect | source | rules you can change |
# |---|---|---|---|
# | 1 | hold on: play again, matching as usual | web, Naija | hold on does; free follow-up |
# | 2 | pick two: the next player draws 2, misses the turn | web, Naija | defence (05) |
# | 5 | pick three: the next player draws 3, misses the turn | web, Naija | defence (05) |
# | 8 | suspension: the next player misses a turn | web, Naija | star 8 skips two (05) |
# | 14 | general market: everyone else draws 1 | web, Naija | general market plays again |
# | 8 and 1 | a variant: the 8 plays again, the 1 skips the next | Naija | the special cards |
# | 4 | 1970s: everyone else picks two, even after the last card | Naija | the special cards |
#
# (Sources: web is [the web rules](../docs/rules.md#sources), Naija [the Naija Whot app's
# description](../docs/rules.md#sources).) Going out on a special card wins at once, without its
# effect, unless the rule *may go out on a special card* is switched off.

# %% [markdown]
# ## Practise
#
# Questions on real positions from games the AI plays, checked by the engine: here, who plays after
# a special card, under the web rules. Answer with the buttons; **New question** moves to the next
# seed. The same questions, and a path of lessons, are on the explorer's Learn page; [11
# Practice](11_practice.ipynb) shows how they are made.

# %% tags=["nbval-ignore-output"]
quiz = practice(Rules.preset("nigerian"), "next_player", focus="specials", seed=1)
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
# Next: [05 Defence, star 8 and announcements →](05_defence_star8_announcements.ipynb) ·
# [Contents](00_contents.ipynb)
