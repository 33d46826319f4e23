"""Small helpers shared by several test files (imported as `from helpers import ...`)."""

from __future__ import annotations

from collections.abc import Sequence

from whot_core import Card, GameState, Shape


def points_by_hand(hand: Sequence[Card], star_double: bool) -> int:
    """RULES.md section 7, written out: face value, a Whot 20, stars doubled if the rules say so."""
    total = 0
    for card in hand:
        if card.is_whot:
            total += 20
        elif card.shape is Shape.STAR and star_double:
            total += 2 * card.number
        else:
            total += card.number
    return total


def snapshot(state: GameState) -> tuple:
    """Everything a move could change, public or not, for before/after and replay comparisons."""
    return (
        state.hands,
        state.pile,
        state.market,
        state.called,
        state.penalty,
        state.current_player,
        state.is_over,
        state.winners,
        state.end_reason,
        state.events,
        state.moves,
        state.penalty_points(),
    )
