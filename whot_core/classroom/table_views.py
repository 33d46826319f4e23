"""What each device at a table is shown, as plain data a page draws (no Streamlit here).

A seat's view is built from the engine's own fair view (`state.view(seat)`: Whot's
`PlayerView`, Whist's `WhistView`): its own hand and the public table, never another hand. A
spectator (the projector) gets the public table only. Once the game is over everyone may see
every hand and download the record, which replays on Watch.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..whot.engine.matches import MatchInPlay
from .table import away_seats, game_of, seat_of, state_of
from .table_store import Refused, TableRecord

__all__ = ["SeatView", "TableView", "final_hands", "record_json", "seat_view", "spectator_view",
           "winners"]  # fmt: skip


@dataclass(frozen=True)
class TableView:
    """The public table: what a spectator, and every seat, may see."""

    code: str
    game: str
    phase: str
    version: int
    names: tuple[str, ...]  # each seat's name ("" empty); an AI seat is named by its level
    ai: tuple[bool, ...]  # whether an AI plays the seat now
    away: tuple[int, ...]
    host: int | None
    moves: int  # how many moves have been made: a move sends this back
    turn: int | None
    hand_sizes: tuple[int, ...]
    public: dict[str, Any]  # the game's public facts (Whot's pile top, Whist's trick, ...)


@dataclass(frozen=True)
class SeatView:
    """One seat's view: the public table, its own hand and, on its turn, its legal moves."""

    seat: int
    table: TableView
    hand: tuple[str, ...]
    legal: tuple[str, ...]


def spectator_view(table: TableRecord, now: float) -> TableView:
    state = state_of(table) if table.phase != "seating" else None
    seats = table.seats
    return TableView(
        table.code,
        table.game,
        table.phase,
        table.version,
        tuple(s.name for s in seats),
        tuple(bool(s.level) for s in seats),
        away_seats(table, now),
        table.host,
        len(table.moves),
        None if state is None else state.current_player,
        () if state is None else tuple(state.hand_sizes),
        {} if state is None else _public(table.game, state),
    )


def seat_view(table: TableRecord, token: str, now: float) -> SeatView:
    """The view of the seat whose rejoin token is `token`."""
    seat = seat_of(table, token)
    if seat is None:
        raise Refused("token", "you have no seat at this table")
    public = spectator_view(table, now)
    if table.phase == "seating":
        return SeatView(seat, public, (), ())
    state = state_of(table)
    if isinstance(state, MatchInPlay) and seat not in state.seats:
        return SeatView(seat, public, (), ())  # out of a match: the game goes on without them
    view = state.view(seat)
    record = game_of(table).record
    legal = view.legal_moves() if public.turn == seat and table.phase == "playing" else ()
    return SeatView(seat, public, tuple(map(str, view.hand)), tuple(map(record.move_text, legal)))


def final_hands(table: TableRecord) -> tuple[tuple[str, ...], ...]:
    """Every hand as the game ended: shown to all once it is over, never before."""
    if table.phase != "over":
        raise Refused("code", "the hands are shown when the game is over")
    state = state_of(table)  # of a match, the last game's hands (a player out of it held none)
    return tuple(tuple(map(str, state.hand(seat))) for seat in range(len(table.seats)))


def record_json(table: TableRecord) -> str:
    """The game's record, to download and replay on Watch (after the end only)."""
    if table.phase != "over":
        raise Refused("code", "the record is given when the game is over")
    return game_of(table).record_json(state_of(table))


def winners(table: TableRecord) -> tuple[int, ...]:
    """The seats that won the table's game (or match, or Whist's partnership): none until the
    end."""
    if table.phase != "over":
        return ()
    state = state_of(table)
    return tuple(state.match.winners if isinstance(state, MatchInPlay) else state.winners)


def _public(game: str, state) -> dict[str, Any]:
    if game == "whist":
        return {
            "trick": [(seat, str(card)) for seat, card in state.trick],
            "trump": str(state.trump) if state.trump is not None else None,
            "tricks_won": list(state.tricks_won),
            "scores": list(state.scores),
            "winners": list(state.winners),
        }
    match = state if isinstance(state, MatchInPlay) else None
    state = state.game if match else state
    return {
        **({"game": match.number, "totals": list(match.match.totals)} if match else {}),
        "top": str(state.top) if state.top is not None else None,
        "called": str(state.called) if state.called is not None else None,
        "penalty": state.penalty,
        "market": state.market_size,
        "winners": list(match.match.winners if match else state.winners),
    }
