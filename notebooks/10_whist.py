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
# [← 09 Watching the AI think](09_watching_the_ai.ipynb) · [Contents](00_contents.ipynb) ·
# [11 Practice →](11_practice.ipynb)
#
# > **Run me:** choose *Run ▸ Run All Cells* first. The pictures show as you open the notebook,
# > but the buttons, sliders and questions need the notebook running.
#
# # 10 Whist: tricks, trumps and the book
#
# The documents this project follows include a second game: Whist as one online version plays
# it ([the online game's Whist rules](../docs/rules.md#sources)). Four players, partners sitting
# opposite: South and North against West and East. All 52 cards are dealt, 13 each, aces high.
# Each player in turn plays one card to the *trick*; the best card takes all four. Here are
# South's 13 cards from a seeded deal, sorted as a player holds them: suit by suit, highest first.

# %%
from whot_core.whist import SEATS, Card, Suit, WhistRules, WhistState, new_game, sort_hand
from whot_core.whist.engine.narrate import narrate
from whot_core.whist.players import HeuristicPlayer
from whot_core.whist.show.pictures import Picture, hand_svg, table_svg, trick_svg
from whot_core.whist.show.viewer import finished_trick, play_frames
from whot_core.whist.show.widgets import GameViewer

dealt = new_game(seed=2)
Picture(hand_svg(sort_hand(dealt.hand(0))))

# %%
assert [len(dealt.hand(seat)) for seat in range(4)] == [13, 13, 13, 13]

# %% [markdown]
# Within a suit the order is A, K, Q, J, 10 down to 2 ([the online game's Whist
# rules](../docs/rules.md#sources), "Setup & dealing").
#
# Now the Whist rules' own example, "A worked trick". Spades are trumps, and South leads the ace
# of diamonds. (A card, a hand or a table left as the last line of a code cell shows as a
# picture.)

# %%
Card.parse("AD")

# %%
trick = WhistState.from_position(
    [["AD", "KC"], ["3D", "QH"], ["7D", "4C"], ["2S", "5C"]],
    trump="spades",
    tricks_won=(6, 5),  # eleven tricks are already over: two cards each are left
)
start = trick.event_count
for card in ("AD", "3D", "7D"):
    trick = trick.apply(card)
print("\n".join(narrate(trick.events_since(start))))

# %% [markdown]
# The table now, every hand face up. The three diamonds lie in the middle, each in front of the
# seat that played it; East is to play, and the cards East may play are raised and framed.

# %%
Picture(table_svg(trick, show_legal=True))

# %% [markdown]
# West and North *follow suit*: they hold diamonds, so they must play one. East has none. What
# may East play?

# %%
for card in trick.legal_moves():
    print(f"{card}: {trick.explain(card)}")

# %% [markdown]
# Either card is legal: a player who cannot follow may trump (*ruff*) or throw away any other card,
# and trumping is never required ([the online game's Whist rules](../docs/rules.md#sources), "Trick
# play"). If East ruffs:

# %%
ruffed = trick.apply("2S")
print("\n".join(narrate(ruffed.events_since(ruffed.event_count - 2))))
assert ruffed.last_trick.winner == SEATS.index("East")

# %% [markdown]
# The worked trick, with the winning card framed:

# %%
Picture(trick_svg(ruffed.last_trick))

# %% [markdown]
# The lowest trump beats the highest diamond. Had East thrown the 5♣ instead, South's ace would
# have held, because a card of a third suit can never win:

# %%
discarded = trick.apply("5C")
print(discarded.last_trick)
assert discarded.last_trick.winner == SEATS.index("South")
Picture(trick_svg(discarded.last_trick))

# %% [markdown]
# ## Follow suit, always
#
# Following suit is the one rule the engine enforces on every card. Try to play the Q♥ for West
# while West still holds a diamond:

# %%
led = WhistState.from_position(
    [["AD", "KC"], ["3D", "QH"], ["7D", "4C"], ["2S", "5C"]], trump="spades", tricks_won=(6, 5)
).apply("AD")
print(led.explain("QH"))
assert "Follow suit" in led.explain("QH")

# %% [markdown]
# So West's hand offers one card: the 3♦ is raised, the Q♥ greyed. As the Whist rules put it, "the
# game will only offer you cards of the led suit while you hold any" ([the online game's Whist
# rules](../docs/rules.md#sources), "Trick play").

# %%
assert led.legal_moves() == (Card.parse("3D"),)
Picture(hand_svg(led.hand(1), legal=led.legal_moves(), overlap=0))

# %% [markdown]
# ## Trumps from the first trick, and no need to overtrump
#
# Back to the first deal. It is hand 1, so hearts are trumps, and South leads the very first
# trick. May South lead a heart?

# %%
dealt.trump, dealt.explain(Card.parse("3H"))

# %% [markdown]
# Yes. Some trick-taking games forbid leading a trump until trumps are *broken* (someone has
# trumped); this Whist does not: "There is no "breaking" rule in Whist: unlike Spades or Hearts,
# trumps may be led from the very first trick" ([the online game's Whist
# rules](../docs/rules.md#sources), "Trick play"). Every one of South's 13 cards is a legal lead,
# the hearts included.

# %%
assert dealt.trump is Suit.HEARTS and sum(dealt.tricks_won) == 0 and not dealt.trick
assert set(dealt.legal_moves()) == set(dealt.hand(0))
assert any(card.suit is Suit.HEARTS for card in dealt.legal_moves())

# %% [markdown]
# Nor must a player out of the suit led beat a trump already played. Spades are trumps; South
# leads the A♦, and West, out of diamonds, ruffs with the 9♠. North has no diamond either. What
# may North play?

# %%
under = (
    WhistState.from_position(
        [["AD", "KC", "QC"], ["9S", "5H", "4H"], ["2S", "KS", "7C"], ["7D", "3C", "8H"]],
        trump="spades",
        tricks_won=(5, 5),  # ten tricks are over: three cards each are left
    )
    .apply("AD")
    .apply("9S")
)
for card in under.legal_moves():
    print(f"{card}: {under.explain(card)}")

# %% [markdown]
# Any of the three: overtrump with the K♠, discard the 7♣, or play the 2♠ under West's 9♠ and lose.
# "Overtrumping is never required — you may play a low trump under an opponent's higher trump if you
# wish (it still loses)" ([the online game's Whist rules](../docs/rules.md#sources), "Trick play").

# %%
lost = under.apply("2S").apply("7D")
assert set(under.legal_moves()) == {Card.parse(text) for text in ("2S", "KS", "7C")}
assert lost.last_trick.winner == SEATS.index("West")

# %% [markdown]
# ## Trumps rotate, and so does the lead
#
# Traditional Whist turns up the dealer's last card to choose trumps. This version uses a
# fixed rotation instead, so everyone knows the trump before seeing a card: hearts, spades,
# diamonds, clubs, then a hand with **no trumps** at all. The opening lead moves one seat to the
# left each hand: South, then West, North, East.

# %%
rules = WhistRules()
for hand in range(1, 7):
    trump = rules.trump_for(hand)
    name = trump.value if trump else "no trump"
    print(f"hand {hand}: {name:9}  led by {SEATS[rules.leader_for(hand)]}")
assert rules.trump_for(5) is None and rules.leader_for(2) == SEATS.index("West")

# %% [markdown]
# ## A no-trump hand
#
# With no trumps, a player out of the suit led can only discard: the highest card of the suit led
# wins every trick. Long suits and high cards decide. Here four rule-of-thumb players play one whole
# no-trump hand (the cards of a seeded deal, dealt with no trump, the fifth hand: after four hands
# the score is 3 to 2, since each hand gives points to one team only). Their rules of thumb are the
# classic ones of Whist, such as *second hand low* and *third hand high*; the Whist rules give none
# of them, except counting the trumps, which comes below.

# %%
deal = play_frames([HeuristicPlayer()] * 4, seed=4, hands=1)[0].state.hands
no_trump = WhistState.from_position(deal, trump=None, hand_number=5, leader=0, scores=(3, 2))
frames = play_frames([HeuristicPlayer()] * 4, start=no_trump, hands=1)
for frame in frames[1:9]:
    print(f"{SEATS[frame.seat]:5} {frame.move!s:4} {frame.reason}")

# %% [markdown]
# Every trick went to a card of the suit led: nobody could ruff.

# %%
tricks = [e for f in frames for e in f.events if type(e).__name__ == "TrickWon"]
assert len(tricks) == 13
assert all(e.card.suit is e.cards[0][1].suit for e in tricks)
print(frames[-1].sentences[-2])

# %% [markdown]
# The first trick in which someone could not follow: East led the 4♦, and West and North, out of
# diamonds, threw the 8♠ and the 3♣: each kept its high cards for later. South's 7♦ took it.

# %%
off_suit = next(t for t in tricks if any(c.suit is not t.cards[0][1].suit for _, c in t.cards))
assert (off_suit.trick, SEATS[off_suit.seat], str(off_suit.card)) == (8, "South", "7♦")
assert [str(card) for _, card in off_suit.cards[2:]] == ["8♠", "3♣"]
Picture(trick_svg(off_suit))

# %% [markdown]
# ## The book: only tricks past six score
#
# The two teams share 13 tricks, so one of them always takes seven or more. The first six tricks,
# the *book*, score nothing; each trick past them scores a point. 7–6 gives one point, 13–0 gives
# seven. The first team to **7 points** at the end of a hand wins the game.

# %%
for tricks_taken in (6, 7, 8, 10, 13):
    points = rules.points_for(tricks_taken)
    print(f"{tricks_taken:2} tricks: {points} point{'' if points == 1 else 's'}")
assert [rules.points_for(t) for t in (6, 7, 13)] == [0, 1, 7]

# %% [markdown]
# Exactly one team scores each hand, so the two can never reach seven together: a finished game
# always has a clear winner. A whole game between four rule-of-thumb players:

# %%
game = play_frames([HeuristicPlayer()] * 4, seed=11)
for event in (e for f in game for e in f.events if type(e).__name__ == "HandScored"):
    print("\n".join(narrate([event])))
print(game[-1].sentences[-1])
assert game[-1].state.is_over and max(game[-1].state.scores) >= 7 > min(game[-1].state.scores)

# %% [markdown]
# ## What a seat may see
#
# At a real table you see your own cards and every card played, and nothing more. The engine gives
# each player exactly that: `state.view(seat)` is one seat's *view*, and it is all an AI player
# gets to choose from (the engine's design, `whot_core/whist/engine/views.py`). Here is South's view
# in the middle of a hearts hand (hearts are trumps): North led the K♦, East, out of diamonds,
# ruffed with the 3♥, and South must follow with a diamond.

# %%
hearts = play_frames([HeuristicPlayer()] * 4, seed=11, hands=1)
now = hearts[26].state
print("\n".join(hearts[25].sentences + hearts[26].sentences))
Picture(table_svg(now.view(0), show_legal=True))

# %% [markdown]
# South's own seven cards are face up, the other hands are backs. A view knows how many cards each
# seat holds, and which cards are still out (all 52, less its own and those played), but not who
# holds which:

# %%
view = now.view(0)
print("hand sizes:", dict(zip(SEATS, view.hand_sizes, strict=True)))
print("cards South cannot place:", len(view.unseen))
assert view.hand == now.hand(0) and len(view.unseen) == 19
assert set(view.unseen) == set(now.hand(1) + now.hand(2) + now.hand(3))
assert set(view.legal_moves()) == {Card.parse("10D"), Card.parse("4D")}

# %% [markdown]
# ## Count the trumps
#
# Counting trumps is "the single most valuable habit in Whist" ([the online game's Whist
# rules](../docs/rules.md#sources), "The rotating trump suit"): once the last enemy trump is gone,
# your winners in the other suits can no longer be ruffed. The rule-of-thumb player counts them
# from what its view has shown it, and says so in its reasons:

# %%
counted = [f.reason for f in hearts if f.reason and "trumps still out" in f.reason]
print("\n".join(counted[:4]))
assert counted
assert hearts[0].state.trump is Suit.HEARTS

# %% [markdown]
# ## Watch a hand
#
# Four rule-of-thumb players play a game of one hand (hearts are trumps), and the game viewer
# steps through it card by card: first, previous, next and last buttons, a slider and a play
# button, as in [09](09_watching_the_ai.ipynb). The *seat* menu switches between every hand face up
# (*Everyone*) and one seat's view: pick West, and West's cards stay face up while the other hands
# turn to backs. Under the table: what happened, and the reason the player gave. The last step
# shows the hand's last trick, every hand played out, and who won the hand.
#
# The viewer needs a live notebook (a widget needs a kernel); below it, the hand's thirteen tricks
# are printed for a static reader.

# %%
watch = play_frames([HeuristicPlayer()] * 4, seed=2, rules=WhistRules(length="hand"))
len(watch) - 1, watch[0].state.trump

# %% tags=["nbval-ignore-output"]
GameViewer(watch)

# %%
for frame in watch:
    won = finished_trick(frame)
    if won:
        cards = ", ".join(f"{SEATS[seat]} {card}" for seat, card in won.cards)
        ruff = " with a ruff" if won.by_trump else ""
        print(f"trick {won.trick:2}: {cards:40} {SEATS[won.seat]} wins{ruff}")
print("\n".join(watch[-1].sentences[-2:]))
assert watch[-1].state.is_over and watch[-1].state.scores == (3, 0)

# %% [markdown]
# [← 09 Watching the AI think](09_watching_the_ai.ipynb) · [Contents](00_contents.ipynb) ·
# [11 Practice →](11_practice.ipynb)
