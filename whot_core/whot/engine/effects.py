"""What special cards do (docs/rules.md, "Special cards").

A rules object maps card numbers to these effects, so a house rule is a change of data, never a new
branch of code. Each effect below is one small function over the engine's state; `state.py` looks
the function up by the card's code and calls it after the card is on the pile.

The functions read the table's fields (`state._players`, `state._over`: they run inside the
engine's move, where a property's call would cost) but change the table only through the state's
narrow API for effects: `_note` an event, `_give_turn`, `_pick_waits`, `_draw`. The state owns its
fields (state.py, `_FIELDS`). An event is a small tuple pushed on the log (events.py reads it).
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Protocol

from .cards import CARDS, Shape

if TYPE_CHECKING:
    from .state import GameState

__all__ = ["EFFECT_TEXT", "Effect"]


class Effect(StrEnum):
    """The effects a card number can carry. The Whot (20) is not one of them: every preset plays
    it as wild (the Naija app of seeds/003 can switch it off; see docs/rules.md)."""

    HOLD_ON = "hold_on"
    PICK_TWO = "pick_two"
    PICK_THREE = "pick_three"
    SUSPENSION = "suspension"
    GENERAL_MARKET = "general_market"
    EVERYONE_PICKS_TWO = "everyone_picks_two"

    @property
    def title(self) -> str:
        return self.value.replace("_", " ").capitalize()


#: One plain sentence per effect, for rule descriptions and the app.
EFFECT_TEXT: dict[Effect, str] = {
    Effect.HOLD_ON: "hold on: the same player plays again",
    Effect.PICK_TWO: "pick two: the next player draws two cards and misses the turn",
    Effect.PICK_THREE: "pick three: the next player draws three cards and misses the turn",
    Effect.SUSPENSION: "suspension: the next player misses a turn",
    Effect.GENERAL_MARKET: "general market: every other player draws one card",
    Effect.EVERYONE_PICKS_TWO: "everyone picks two: every other player draws two cards",
}

#: Cards a pick effect makes the victim draw.
PICK_SIZE: dict[Effect, int] = {Effect.PICK_TWO: 2, Effect.PICK_THREE: 3}

_STAR_8 = CARDS.index(next(c for c in CARDS if c.shape is Shape.STAR and c.number == 8))


class _Effect(Protocol):
    def __call__(self, state: GameState, seat: int, code: int) -> None: ...


def hold_on(state: GameState, seat: int, code: int) -> None:
    """`play_again`: the same player goes on; `skip_next`: the next player misses a turn."""
    rules = state.rules
    if rules.hold_on == "skip_next":
        _skip(state, seat, 1)
        return
    state._note(("hold_on", seat))
    state._give_turn(seat, free=rules.hold_on_free_follow)


def pick(state: GameState, seat: int, code: int, times: int = 1) -> None:
    """Pick two / pick three. With defence the penalty grows and waits for the victim's answer.
    `times` cards of the number put down at once add up (`multiple_cards`)."""
    size = PICK_SIZE[state.rules._effects[code]] * times
    victim = (seat + 1) % state._players
    rules = state.rules
    if rules.defence:
        waiting = state._pick_waits(size, CARDS[code].number)
        if rules.cross_defence or rules.whot_cancels_pick:  # the event says what may answer
            whot = rules.whot_cancels_pick and rules.whot_cards > 0
            state._note(("penalty_grows", victim, waiting, rules.cross_defence, whot))
        else:
            state._note(("penalty_grows", victim, waiting))
        state._give_turn(victim)
        return
    if not state._draw(victim, size, "pick"):
        return
    state._note(("missed_turn", victim))
    state._give_turn(seat + 2)


def suspension(state: GameState, seat: int, code: int) -> None:
    """The next player misses a turn; the star 8 skips two opponents under `star8_double`."""
    skips = 2 if code == _STAR_8 and state.rules.star8_double else 1
    _skip(state, seat, min(skips, state._players - 1))


def general_market(state: GameState, seat: int, code: int) -> None:
    """Every other player draws one, in turn order from the left; then play goes on."""
    _everyone_draws(state, seat, 1, "general_market")
    if not state._over:
        state._give_turn(seat if state.rules.general_market_again else seat + 1)


def everyone_picks_two(state: GameState, seat: int, code: int) -> None:
    """The 1970s 4: every other player draws two (even after the winner's last card)."""
    _everyone_draws(state, seat, 2, "everyone_picks_two")
    if not state._over:
        state._give_turn(seat + 1)


def apply_several(state: GameState, seat: int, codes: list[int], effect: Effect) -> None:
    """The effect of several cards of one number put down at once (`multiple_cards`): picks add
    their sizes (one victim), suspensions their skips (never reaching the player), general
    markets and the 1970s 4 a round of draws each; hold on happens once."""
    times = len(codes)
    if effect is Effect.HOLD_ON:
        hold_on(state, seat, codes[-1])
    elif effect in PICK_SIZE:
        pick(state, seat, codes[-1], times)
    elif effect is Effect.SUSPENSION:
        double = state.rules.star8_double
        skips = sum(2 if code == _STAR_8 and double else 1 for code in codes)
        _skip(state, seat, min(skips, state._players - 1))
    else:
        count = 1 if effect is Effect.GENERAL_MARKET else 2
        for _ in range(times):
            if not _everyone_draws(state, seat, count, effect.value):
                return  # the market ran dry: the game is over
        if state._over:
            return  # the 1970s 4s of a player who went out
        again = effect is Effect.GENERAL_MARKET and state.rules.general_market_again
        state._give_turn(seat if again else seat + 1)


def _skip(state: GameState, seat: int, skips: int) -> None:
    players = state._players
    for k in range(1, skips + 1):
        state._note(("missed_turn", (seat + k) % players))
    state._give_turn(seat + skips + 1)


def _everyone_draws(state: GameState, seat: int, count: int, reason: str) -> bool:
    """Every other player draws `count`, in turn order from the left; False if the market ran
    dry on the way."""
    state._note((reason, seat))
    players = state._players
    return all(state._draw((seat + k) % players, count, reason) for k in range(1, players))


#: What each effect does: the engine calls EFFECTS[effect](state, seat, code).
EFFECTS: dict[Effect, _Effect] = {
    Effect.HOLD_ON: hold_on,
    Effect.PICK_TWO: pick,
    Effect.PICK_THREE: pick,
    Effect.SUSPENSION: suspension,
    Effect.GENERAL_MARKET: general_market,
    Effect.EVERYONE_PICKS_TWO: everyone_picks_two,
}

#: Effects that still happen when the card is the player's last (docs/rules.md, "Special cards", the
#: 1970s 4).
APPLIES_ON_CHECK_UP: frozenset[Effect] = frozenset({Effect.EVERYONE_PICKS_TWO})
