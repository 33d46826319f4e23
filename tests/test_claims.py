"""Every fact an AI reason states is true of its position (`Decision.facts`, players/reasons.py).

A learner reads "after circle 1 I still hold 3 cards that can follow it", "another 2 passes the
pick on to Seat 1, who now faces 4 cards" or "nothing in my hand matches circle 4" and trusts it.
The heuristic gives each number, seat and "nothing fits" it states as a fact beside its words.
Here every fact is worked out again from the engine's public API, apart from the player's own
counting: followers by matching (a Whot follows anything), the pick and the seat from the state
after the move, "nothing fits" from the legal moves. The words must state the same facts.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from whot_core import GameState, Rules, new_game
from whot_core.whot.engine.cards import Card
from whot_core.whot.engine.effects import PICK_SIZE, Effect
from whot_core.whot.engine.events import DrawReason, Drew, HeldOn, MissedTurn
from whot_core.whot.engine.moves import Move
from whot_core.whot.engine.scoring import card_points
from whot_core.whot.players import HeuristicPlayer, SearchPlayer

PLAYER = HeuristicPlayer()
GAMES_PER_PRESET = 340  # six presets: 2,040 games
MOVES_PER_GAME = 400


def claims_rules(preset: str, rng: random.Random) -> Rules:
    """A preset with random toggles, short hands so that many games fit in a few seconds."""
    rules = Rules.preset(preset)
    picks = {Effect.PICK_TWO, Effect.PICK_THREE} & set(rules.specials.values())
    defence = bool(picks) and rng.random() < 0.6
    changes = {
        "hand_size": rng.choice([3, 4, 5]),
        "win_on_special": rng.random() < 0.5,
        "defence": defence,
        "cross_defence": defence and rng.random() < 0.5,
        "whot_cancels_pick": defence and rng.random() < 0.3,
        "multiple_cards": rng.random() < 0.3,
        "must_play": rng.random() < 0.3,
        "announcements": rng.choice(["none", "informative", "penalty"]),
        "exhausted": rng.choice(["flip", "reshuffle", "count", "count_at_once"]),
        "star8_double": rng.random() < 0.2,
        "general_market_again": rng.random() < 0.2,
    }
    if rules.specials:
        changes["hold_on"] = rng.choice(["play_again", "skip_next"])
        changes["hold_on_free_follow"] = changes["hold_on"] == "play_again" and rng.random() < 0.3
    return rules.replace(**changes)


# ------------------------------------------------------------------- the facts, worked out again


def follows(card: Card, on: Card) -> bool:
    """May `card` follow `on` by the matching rule: same shape, same number, or a Whot."""
    return card.is_whot or card.shape is on.shape or card.number == on.number


def without(hand: list[Card], cards: tuple[Card, ...]) -> list[Card]:
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return rest


@dataclass
class Turn:
    """One decision: the full state before it, the move and the state after it."""

    before: GameState
    seat: int
    move: Move
    after: GameState

    @property
    def hand(self) -> list[Card]:
        return list(self.before.hand(self.seat))

    @property
    def rest(self) -> list[Card]:
        return without(self.hand, self.move.cards)

    @property
    def plays(self) -> set[Card]:
        return {m.card for m in self.before.legal_moves() if m.card is not None}

    @property
    def next_in_turn(self) -> int:
        return (self.seat + 1) % self.before.players

    @property
    def new_events(self) -> list:
        """The events the move made."""
        return list(self.after.events[len(self.before.events) :])

    def effect(self, card: Card) -> Effect | None:
        effect = self.before.rules.effect_of(card.number) if not card.is_whot else None
        if effect is Effect.HOLD_ON and self.before.rules.hold_on == "skip_next":
            return Effect.SUSPENSION
        return effect


def check_followers(turn: Turn, value: int, facts: dict) -> None:
    card = turn.move.card
    assert value == sum(follows(c, card) for c in turn.rest)


def check_runner_followers(turn: Turn, value: int, facts: dict) -> None:
    passed = Card.parse(facts["passed_over"])
    assert passed in turn.plays
    assert value == sum(follows(c, passed) for c in without(turn.hand, (passed,)))


def check_passed_over(turn: Turn, value: str, facts: dict) -> None:
    assert "runner_followers" in facts


def check_follow_up(turn: Turn, value: bool, facts: dict) -> None:
    after = turn.after
    if not after.is_over:
        assert after.current_player == turn.seat, "hold on: the same seat plays again"
        assert any(m.card is not None for m in after.legal_moves()) is value, "a card follows"


def check_only_fit(turn: Turn, value: bool, facts: dict) -> None:
    assert (turn.plays == {turn.move.card}) is value


def check_next_seat(turn: Turn, value: int, facts: dict) -> None:
    if not turn.after.is_over:
        assert turn.after.current_player == value


def check_pick_faced(turn: Turn, value: int, facts: dict) -> None:
    if not turn.after.is_over:
        assert turn.after.penalty == value


def check_pick_dropped(turn: Turn, value: int, facts: dict) -> None:
    assert turn.before.penalty == value
    assert turn.after.penalty == 0


def check_other_answers(turn: Turn, value: int, facts: dict) -> None:
    assert value == len({c for c in turn.plays if not c.is_whot})


def check_pick_drawn(turn: Turn, value: int, facts: dict) -> None:
    assert turn.before.penalty == value
    drawn = [
        e
        for e in turn.after.events[len(turn.before.events) :]
        if isinstance(e, Drew) and e.seat == turn.seat
    ]
    assert sum(e.count for e in drawn) == value


def check_pick_owed(turn: Turn, value: int, facts: dict) -> None:
    assert turn.before.penalty == value
    assert turn.before.market_size < value, "else the market surely holds them all"


def check_nothing_fits(turn: Turn, value: bool, facts: dict) -> None:
    before = turn.before
    assert value and turn.plays == set() and before.playable_cards() == ()
    if before.called is not None:  # matching worked out here too, where the pile tells it
        assert not any(c.is_whot or c.shape is before.called for c in turn.hand)
    elif before.top is not None and not before.penalty and not before.top.is_whot:
        assert not any(follows(c, before.top) for c in turn.hand)


def check_withheld(turn: Turn, value: str, facts: dict) -> None:
    card = Card.parse(value)
    assert turn.hand == [card], "the withheld card is the last card"
    assert card in turn.before.playable_cards(), "it fits the pile"
    assert not turn.before.rules.win_on_special
    assert card.is_whot or turn.before.rules.effect_of(card.number) is not None


def check_victim(turn: Turn, value: int, facts: dict) -> None:
    assert value == turn.next_in_turn
    effect, after = turn.effect(turn.move.card), turn.after
    if after.is_over:
        return
    if effect in PICK_SIZE:
        faces = after.current_player == value and after.penalty > 0
        drew = after.hand_sizes[value] > turn.before.hand_sizes[value]
        assert faces or drew, "the next seat picks"
    else:
        assert effect is Effect.SUSPENSION and after.current_player != value


def check_victim_cards(turn: Turn, value: int, facts: dict) -> None:
    assert turn.before.hand_sizes[facts["victim"]] == value


def check_lacked_by(turn: Turn, value: int, facts: dict) -> None:
    assert value == turn.next_in_turn
    went = [
        e
        for e in turn.before.events
        if isinstance(e, Drew) and e.seat == value and e.reason is DrawReason.MARKET
    ]
    assert went, "that seat went to market before"


def check_points(turn: Turn, value: int, facts: dict) -> None:
    assert value == card_points(turn.move.card, turn.before.rules.star_double)


def check_runner_points(turn: Turn, value: int, facts: dict) -> None:
    stars = turn.before.rules.star_double
    assert any(card_points(c, stars) == value for c in turn.plays - {turn.move.card})
    assert value < facts["points"]


def check_held(turn: Turn, value: int, facts: dict) -> None:
    assert value == sum(c.shape is turn.move.call for c in turn.rest)


def check_most_held(turn: Turn, value: bool, facts: dict) -> None:
    counts = Counter(c.shape for c in turn.rest if not c.is_whot)
    assert value and all(n <= facts["held"] for n in counts.values())


def check_others_followers(turn: Turn, value: dict, facts: dict) -> None:
    others = {c for c in turn.plays if not c.is_whot}
    assert {Card.parse(text) for text in value} == others
    for text, n in value.items():
        card = Card.parse(text)
        plain = [c for c in without(turn.hand, (card,)) if not c.is_whot]
        assert n == sum(follows(c, card) for c in plain)


def check_skipped(turn: Turn, value: list, facts: dict) -> None:
    """The seats that miss a turn, in order: several cards of one number at once add their
    suspensions (never round to the player), while hold on happens once."""
    missed = [e.seat for e in turn.new_events if isinstance(e, MissedTurn)]
    assert missed == value
    assert turn.seat not in value


def check_plays_again(turn: Turn, value: bool, facts: dict) -> None:
    """Hold on put down several times at once happens once: one hold on, the same seat again."""
    assert value and len(turn.move.cards) > 1
    assert sum(isinstance(e, HeldOn) for e in turn.new_events) == 1
    if not turn.after.is_over:
        assert turn.after.current_player == turn.seat


def check_pick_given(turn: Turn, value: int, facts: dict) -> None:
    """Several pick cards at once, no defence: the next seat is asked for all their cards."""
    assert turn.before.penalty == 0 and not turn.before.rules.defence
    asked = [
        e.wanted
        for e in turn.new_events
        if isinstance(e, Drew) and e.seat == facts["victim"] and e.reason is DrawReason.PICK
    ]
    assert asked == [value]


def check_each_draws(turn: Turn, value: int, facts: dict) -> None:
    """Several general markets (or 1970s 4s) at once: every other seat is asked for `value`
    cards in all (unless the market runs dry on the way and the game ends)."""
    rounds = (DrawReason.GENERAL_MARKET, DrawReason.EVERYONE_PICKS_TWO)
    asked = Counter()
    for e in turn.new_events:
        if isinstance(e, Drew) and e.reason in rounds:
            asked[e.seat] += e.wanted
    others = [s for s in range(turn.before.players) if s != turn.seat]
    if not turn.after.is_over:
        assert all(asked[s] == value for s in others), asked
    assert turn.seat not in asked


def check_cards(turn: Turn, value: int, facts: dict) -> None:
    assert value == len(turn.move.cards)
    assert turn.after.hand_sizes[turn.seat] <= len(turn.hand) - value


def check_wins(turn: Turn, value: bool, facts: dict) -> None:
    assert turn.after.is_over and turn.seat in turn.after.winners


def check_tie_with(turn: Turn, value: str, facts: dict) -> None:
    texts = {" + ".join(map(str, m.cards)) for m in turn.before.legal_moves()}
    texts |= {f"the Whot calling {m.call}" for m in turn.before.legal_moves() if m.call}
    assert value in texts


CHECKS: dict[str, Callable[[Turn, object, dict], None]] = {
    "followers": check_followers,
    "runner_followers": check_runner_followers,
    "passed_over": check_passed_over,
    "follow_up": check_follow_up,
    "only_fit": check_only_fit,
    "next_seat": check_next_seat,
    "pick_faced": check_pick_faced,
    "pick_dropped": check_pick_dropped,
    "other_answers": check_other_answers,
    "pick_drawn": check_pick_drawn,
    "pick_owed": check_pick_owed,
    "nothing_fits": check_nothing_fits,
    "withheld": check_withheld,
    "victim": check_victim,
    "victim_cards": check_victim_cards,
    "lacked_by": check_lacked_by,
    "points": check_points,
    "runner_points": check_runner_points,
    "held": check_held,
    "most_held": check_most_held,
    "others_followers": check_others_followers,
    "skipped": check_skipped,
    "plays_again": check_plays_again,
    "pick_given": check_pick_given,
    "each_draws": check_each_draws,
    "cards": check_cards,
    "wins": check_wins,
    "tie_with": check_tie_with,
}


def said(name: str, value: object) -> str | None:
    """The words a fact must appear as in the reason (None: a fact the words hold otherwise)."""
    if name == "followers":
        return "nothing would follow" if value == 0 else f"{value:,} card"
    if name in ("next_seat", "victim"):
        return f"Seat {value}"
    if name in ("pick_faced", "pick_dropped", "pick_drawn", "pick_owed", "pick_given"):
        return f"{value} cards"
    if name == "skipped":
        return " and ".join(f"Seat {s}" for s in value[-2:])
    if name == "each_draws":
        return f"draws {value} card"
    if name == "plays_again":
        return "I play again just once"
    if name == "lacked_by":
        return f"Seat {value} went to market rather than follow"
    if name == "points":
        return f"count {value}"
    if name == "runner_points":
        return f"only {value}"
    if name == "withheld":
        return "the Whot" if value == "whot" else value
    if name in ("tie_with", "passed_over"):
        return str(value)
    if name == "victim_cards":
        return f"only {value} card"
    if name == "others_followers" and not any(value.values()):
        return "nothing but"
    if name == "held":
        return "no other shape" if value == 0 else f"{value}"
    return None


def audit(turn: Turn, decision) -> list[str]:
    """Every fact of `decision` checked against `turn`, and found in its words; the fact names."""
    facts = decision.facts
    assert "crosss" not in decision.reason, "the plural of cross is crosses"
    told = {"skipped", "plays_again", "pick_given", "pick_faced", "each_draws"}
    if turn.move.more and turn.effect(turn.move.card) is not None and "wins" not in facts:
        assert facts.keys() & told, f"what the effects come to is no fact: {decision.reason!r}"
    for name, value in facts.items():
        try:
            assert name in CHECKS, f"no check for the fact {name!r}"
            CHECKS[name](turn, value, facts)
            words = said(name, value)
            assert words is None or words in decision.reason, f"the words do not say {words!r}"
        except AssertionError as error:
            hands = [[str(c) for c in h] for h in turn.before.hands]
            raise AssertionError(
                f"{name}={value!r} is not true: {decision.reason!r}, {turn.move}, hands {hands}, "
                f"top {turn.before.top}, call {turn.before.called}, pick {turn.before.penalty}, "
                f"rules {turn.before.rules.diff(Rules())}: {error}"
            ) from None
    return list(facts)


def audited_games(preset: str, games: int, seed: int) -> Counter:
    seen: Counter = Counter()
    rng = random.Random(f"{preset} {seed}")
    for i in range(games):
        rules = claims_rules(preset, rng)
        players = rng.randint(2, min(4, rules.max_players))
        state = new_game(rules, players=players, seed=seed + i)
        for _ in range(MOVES_PER_GAME):
            if state.is_over:
                break
            seat = state.current_player
            decision = PLAYER.choose(state.view(seat))
            after = state.apply(decision.move)
            seen.update(audit(Turn(state, seat, decision.move, after), decision))
            state = after
    return seen


# --------------------------------------------------------------------------------------- tests


def test_every_fact_an_ai_reason_states_is_true_of_its_position():
    seen: Counter = Counter()
    for preset in Rules.presets():
        seen += audited_games(preset, GAMES_PER_PRESET, seed=1)
    assert set(CHECKS) - set(seen) == set(), "every kind of fact turns up"


def first_decision(rules: Rules, players: int, seed: int, pick: Callable) -> tuple[Turn, object]:
    """The first heuristic decision of a seeded game that `pick(state, decision)` accepts."""
    state = new_game(rules, players=players, seed=seed)
    while not state.is_over:
        seat = state.current_player
        decision = PLAYER.choose(state.view(seat))
        after = state.apply(decision.move)
        if pick(state, decision):
            return Turn(state, seat, decision.move, after), decision
        state = after
    raise AssertionError("no such decision")


def test_a_whot_in_hand_is_counted_among_the_followers():
    # British, 2 players, seed 12, first move: circle 1, and star 1, circle 12 and a Whot follow.
    turn, decision = first_decision(Rules.preset("british"), 2, 12, lambda s, d: True)
    assert str(turn.move) == "play circle 1"
    assert "I still hold 3 cards that can follow it, the Whot among them." in decision.reason
    assert decision.facts["followers"] == 3
    audit(turn, decision)


def test_going_to_market_names_the_last_special_card_that_may_not_go_out():
    # Nigerian with no going out on a special card, 4 players, seed 2: circle 1 is the last
    # card and fits circle 4, but may not be played.
    rules = Rules.preset("nigerian").replace(win_on_special=False)

    def withheld(state, decision) -> bool:
        return decision.move.card is None and bool(state.playable_cards())

    turn, decision = first_decision(rules, 4, 2, withheld)
    assert turn.hand == [Card.parse("circle 1")] and turn.before.top == Card.parse("circle 4")
    assert decision.reason == (
        "Heuristic — go to market: circle 1 matches circle 4, but it is my last card, and these "
        "rules let nobody go out on a special card."
    )
    assert decision.facts == {"withheld": "circle 1"}
    audit(turn, decision)


@pytest.mark.parametrize("cross", [False, True])
def test_a_defence_names_the_pick_the_next_seat_now_faces(cross):
    rules = Rules.preset("nigerian").replace(defence=True, cross_defence=cross)
    hands = [["circle 2", "star 7", "cross 11"], ["square 2", "triangle 4"], ["star 3"]]
    state = GameState.from_position(rules, hands, ["triangle 2"], to_play=0, penalty=2)
    decision = PLAYER.choose(state.view(0))
    after = state.apply(decision.move)
    assert after.penalty == 4 and after.current_player == 1
    assert decision.reason == (
        "Heuristic — defend the pick: another 2 passes the pick on to Seat 1, who now faces "
        "4 cards."
    )
    assert decision.facts == {"next_seat": 1, "pick_faced": 4}
    audit(Turn(state, 0, decision.move, after), decision)


@pytest.mark.parametrize(
    "hand, pile, reason, facts",
    [
        # cross 7 and square 7 score alike term by term (each keeps the other as a follow-up,
        # each counts 7): nothing set them apart, and drawing is what cross 7 beat.
        (
            ["cross 7", "square 7", "circle 3"],
            "triangle 7",
            "play rather than draw: cross 7 fits, and playing beats going to market; square 7 "
            "scores just the same, so either would do.",
            {"tie_with": "square 7"},
        ),
        # circle 4 and circle 3 are alike but for their count: a 4 is no high number.
        (
            ["circle 3", "circle 4", "square 10"],
            "circle 7",
            "shed the higher count: circle 4 and circle 3 are alike by every other rule of thumb, "
            "and if the game ends in a count, circle 4 would count 4 and circle 3 only 3.",
            {"points": 4, "runner_points": 3},
        ),
    ],
)
def test_a_tie_or_a_count_alone_is_named_for_what_decided(hand, pile, reason, facts):
    state = GameState.from_position(Rules.preset("nigerian"), [hand, ["star 4"]], [pile])
    decision = PLAYER.choose(state.view(0))
    assert decision.reason == "Heuristic — " + reason
    assert decision.facts == facts


def test_the_search_players_counts_are_its_own_and_its_only_move_is_the_only_one():
    """The search's reason states its simulations and the chosen move's visits (its details hold
    the same numbers), or that a move is the only one: the legal moves say how many there are."""
    seen = Counter()
    for i, preset in enumerate(Rules.presets()):
        rules = Rules.preset(preset).replace(announcements="penalty", hand_size=3)
        player = SearchPlayer(simulations=6, seed=i)
        state = new_game(rules, players=2 + i % 3, seed=i)
        for _ in range(60):
            if state.is_over:
                break
            decision = player.choose(state.view(state.current_player))
            facts, legal = decision.facts, state.legal_moves()
            if "legal_moves" in facts:
                assert facts["legal_moves"] == len(legal)
                assert ("the only move," in decision.reason) is (len(legal) == 1)
            else:
                visits = {row["move"]: row["visits"] for row in decision.details["moves"]}
                assert facts["visits"] == visits[str(decision.move)] <= facts["simulations"]
                assert f"of {facts['visits']:,} simulated" in decision.reason
                assert f"(of {facts['simulations']:,} in all)" in decision.reason
            seen.update(facts)
            state = state.apply(decision.move)
    assert {"legal_moves", "visits"} <= set(seen)


SEVERAL = [
    ["circle {n}", "triangle {n}", "cross 10", "cross 11", "cross 13"],
    ["star 4", "star 5"],
]


@pytest.mark.parametrize(
    "number, changes, players, said",
    [
        (1, {}, 2, "but hold on happens only once, so I play again just once."),
        (1, {"hold_on": "skip_next"}, 3, "only once, so Seat 1 misses just one turn."),
        (2, {}, 2, "and their picks add up, so Seat 1 picks 4 cards."),
        (2, {"defence": True}, 2, "and their picks add up, so Seat 1 now faces 4 cards."),
        (8, {}, 3, "their suspensions add up, so Seat 1 and Seat 2 each miss a turn."),
        (8, {}, 2, "their suspensions add up, but never as far as me, so Seat 1 misses a turn."),
        (14, {}, 3, "so every other player draws 2 cards."),
    ],
)
def test_several_cards_at_once_say_what_their_effects_come_to(number, changes, players, said):
    """Hold on happens once, picks and suspensions add up (never round to the player), and each
    general market is a round of draws (effects.apply_several), so "their effects add up" is
    not said of every card."""
    rules = Rules.preset("nigerian").replace(multiple_cards=True, **changes)
    hands = [[text.format(n=number) for text in SEVERAL[0]], *SEVERAL[1:]]
    hands += [["star 7", "cross 5", "cross 7"]] * (players - 2)
    state = GameState.from_position(rules, hands, ["circle 7"])
    decision = PLAYER.choose(state.view(0))
    assert len(decision.move.cards) == 2
    assert "add up" not in decision.reason or number != 1
    assert decision.reason.endswith(said)
    audit(Turn(state, 0, decision.move, state.apply(decision.move)), decision)


def test_a_hold_on_that_skips_is_named_hold_on_and_what_it_does_here():
    rules = Rules.preset("nigerian").replace(hold_on="skip_next")
    hands = [["square 1", "square 7", "cross 10", "triangle 12"], ["star 4", "star 5", "circle 3"]]
    state = GameState.from_position(rules, hands, ["square 3"])
    decision = PLAYER.choose(state.view(0))
    assert decision.reason == (
        "Heuristic — make them pay: square 1 is hold on, which under these rules makes the next "
        "player miss a turn."
    )


@pytest.mark.parametrize(
    "changes, answers",
    [
        ({}, "unless they answer with another 5."),
        ({"cross_defence": True}, "unless they answer with a pick card that fits circle 5."),
        ({"whot_cancels_pick": True}, "unless they answer with another 5 or a Whot."),
    ],
)
def test_a_pick_under_defence_says_the_next_player_may_answer_it(changes, answers):
    rules = Rules.preset("nigerian").replace(defence=True, **changes)
    hands = [["circle 5", "cross 10", "triangle 12", "cross 13"], ["star 4", "star 5"]]
    state = GameState.from_position(rules, hands, ["circle 7"])
    decision = PLAYER.choose(state.view(0))
    assert decision.reason.endswith("so circle 5 makes them pick three " + answers)
