"""The rules of a game table that people join from their own devices.

Each action is one atomic change of the table's record (`TableStore.change_table`): it checks
everything first and raises `Refused(field, message)` naming what was wrong, and then nothing
has changed. A person acts with the rejoin token `sit` gave them (the store keeps its hash
only); the host is the person who opened the table, or the next person after them.

A move is the game's own move text, checked by the game's engine on the server against the
state replayed from the record; the page sends the number of moves it had seen, so a second
click on an old screen (or two clicks at once) finds the table moved on and is refused. After
a person's move every AI seat whose turn follows moves at once, deterministically from the
table's seed and the move number.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from .codes import clean_name, digest, name_key, new_code, new_secret
from .table_games import GAMES, TableGame
from .table_store import Refused, Seat, TableRecord, TableStore

__all__ = ["AWAY_AFTER", "KEEP_EMPTY", "Joined", "away_seats", "claim", "close_if_abandoned",
           "hand_to_ai", "leave", "move", "open_kept", "open_table", "rejoin", "seat_of",
           "set_ai", "sit", "start", "touch"]  # fmt: skip

#: Seconds without a sign of life before a person's seat shows as away (a decision).
AWAY_AFTER = 60.0
#: Seconds an empty table is kept for its people to come back, then closed (a decision).
KEEP_EMPTY = 600.0
#: The level that takes over the seat of a person who leaves during play (a decision).
STAND_IN = "heuristic"
#: How many times a new table draws a code before giving up (31**5 codes: never in practice).
_CODE_TRIES = 20


@dataclass(frozen=True)
class Joined:
    """What a person gets on sitting down: the table, their seat and their rejoin token (the
    only copy: the store keeps its hash)."""

    code: str
    seat: int
    token: str


def game_of(table: TableRecord) -> TableGame:
    return GAMES[table.game]


def state_of(table: TableRecord):
    """The game as its engine replays it from the table's record."""
    return game_of(table).replay(table.rules, len(table.seats), table.seed, table.moves)


# ------------------------------------------------------------------------------- opening


def open_table(store: TableStore, game: str, host_name: str, *, seats: int, now: float,
               rules: str = "{}", seed: int | None = None,
               nigerian: bool = False) -> Joined:  # fmt: skip
    """A new table of `seats` empty seats with `host_name` in the first: the host. `nigerian`:
    every seat reads the table in the Nigerian shape names (the opener's), whatever link
    brought it there."""
    if game not in GAMES:
        raise Refused("game", f"there is no game {game!r}; choose {' or '.join(GAMES)}")
    try:
        allowed = GAMES[game].seat_range(GAMES[game].read_rules(rules))
    except (ValueError, TypeError, KeyError) as error:
        raise Refused("rules", f"these rules cannot be read: {error}") from None
    if seats not in allowed:
        raise Refused("seats", f"{GAMES[game].title} under these rules is for "
                      f"{allowed.start} to {allowed.stop - 1} players")  # fmt: skip
    name = clean_name(host_name)
    token = new_secret()
    table_seats = (Seat(name, digest(token), seen=now),) + (Seat(),) * (seats - 1)
    seed = random.SystemRandom().randrange(2**63) if seed is None else seed
    for _ in range(_CODE_TRIES):
        code = new_code()
        try:
            store.create_table(TableRecord(code, game, rules, seed, table_seats, 0, created=now,
                                           nigerian=bool(nigerian)))  # fmt: skip
        except Refused:
            continue
        return Joined(code, 0, token)
    raise Refused("code", "no free table code was found; try again")


def open_kept(store: TableStore, game: str, people: Sequence[tuple[str, str]], *, seats: int,
              now: float, rules: str = "{}", seed: int | None = None,
              level: str = STAND_IN, nigerian: bool = False) -> str:  # fmt: skip
    """A table a teacher opens for a group of a class, started at once: a seat kept for each
    of `people` (their name, and who may `claim` the seat), AI players of `level` in the
    rest. The first seat is the host. Its code."""
    if not people or len(people) > seats:
        raise Refused("seats", f"a table of {seats} seats is for 1 to {seats} people")
    if level not in GAMES[game].levels:
        raise Refused("level", GAMES[game].levels.unknown(level))
    kept = tuple(
        Seat(clean_name(name), digest(new_secret()), seen=now, reserved=reserved)
        for name, reserved in people
    )  # a token nobody holds until the seat is claimed
    ai = tuple(Seat(level, level=level) for _ in range(seats - len(kept)))
    joined = open_table(store, game, kept[0].name, seats=seats, now=now, rules=rules, seed=seed,
                        nigerian=nigerian)  # fmt: skip

    def change(table: TableRecord) -> TableRecord:
        table = replace(table, seats=kept + ai, host=0, phase="playing")
        return _ai_moves(table, state_of(table))

    store.change_table(joined.code, change)
    return joined.code


def claim(store: TableStore, code: str, reserved: str, *, now: float) -> Joined:
    """The student a seat was kept for takes it, with a new rejoin token (one given before
    stops working; an AI playing the seat meanwhile stops). Only the classroom's page calls
    this, after checking the student's own token: `reserved` is who they are there."""
    token = new_secret()
    found: list[int] = []

    def change(table: TableRecord) -> TableRecord:
        _still_open(table, now)
        number = next((n for n, s in enumerate(table.seats) if reserved and s.reserved == reserved),
                      None)  # fmt: skip
        if number is None:
            raise Refused("seat", "no seat at this table is kept for you")
        found.append(number)
        seat = replace(table.seats[number], token_hash=digest(token), level="", seen=now)
        return replace(table.with_seat(number, seat), empty_since=None)

    store.change_table(code, change)
    return Joined(code, found[-1], token)  # the last run of `change` is the one kept


def sit(store: TableStore, code: str, name: str, *, now: float, seat: int | None = None) -> Joined:
    """Sit down at a table that is still seating: in `seat`, or the first empty one."""
    name = clean_name(name)
    token = new_secret()
    chosen: list[int] = []

    def change(table: TableRecord) -> TableRecord:
        _still_open(table, now)
        if table.phase != "seating":
            raise Refused("code", "this table's game has started; ask for a seat at the next one")
        if any(s.name and name_key(s.name) == name_key(name) for s in table.seats):
            raise Refused("name", f"someone at this table is called {name} already")
        empty = [n for n, s in enumerate(table.seats) if s.empty]
        if not empty:
            raise Refused("seat", "this table is full")
        number = empty[0] if seat is None else _seat_number(table, seat)
        if not table.seats[number].empty:
            raise Refused("seat", f"seat {number} is taken; choose an empty one")
        chosen.append(number)
        host = number if table.host is None else table.host
        return replace(table.with_seat(number, Seat(name, digest(token), seen=now)),
                       host=host, empty_since=None)  # fmt: skip

    store.change_table(code, change)
    return Joined(code, chosen[-1], token)  # the last run of `change` is the one kept


def set_ai(store: TableStore, code: str, token: str, seat: int, level: str, *, now: float) -> None:
    """The host puts an AI of `level` in an empty seat (or, with `level` "", empties it again)."""

    def change(table: TableRecord) -> TableRecord:
        _still_open(table, now)
        _host(table, token)
        number = _seat_number(table, seat)
        if table.phase != "seating":
            raise Refused("code", "seats are set before the game starts")
        if table.seats[number].person:
            raise Refused("seat", f"seat {number} has a person in it")
        if level and level not in game_of(table).levels:
            raise Refused("level", game_of(table).levels.unknown(level))
        return table.with_seat(number, Seat(level, level=level) if level else Seat())

    store.change_table(code, change)


def start(store: TableStore, code: str, token: str, *, now: float) -> TableRecord:
    """The host starts the game once every seat is filled; AI seats to move first move."""

    def change(table: TableRecord) -> TableRecord:
        _still_open(table, now)
        _host(table, token)
        if table.phase != "seating":
            raise Refused("code", "this table's game has started already")
        empty = [n for n, s in enumerate(table.seats) if s.empty]
        if empty:
            raise Refused("seat", f"fill every seat first (empty: {', '.join(map(str, empty))})")
        return _ai_moves(replace(table, phase="playing"), state_of(table))

    return store.change_table(code, change)


# ---------------------------------------------------------------------------------- play


def move(store: TableStore, code: str, token: str, seat: int, text: str, seen: int, *,
         now: float) -> TableRecord:  # fmt: skip
    """Play `text` for `seat`, whose page had seen `seen` moves. Refused for another seat,
    out of turn, an illegal move or an old screen; then the AI seats that follow move."""

    def change(table: TableRecord) -> TableRecord:
        _still_open(table, now)
        mine = _seat_of_token(table, token)
        if _seat_number(table, seat) != mine:
            raise Refused("seat", "you may only move for your own seat")
        if table.phase != "playing":
            raise Refused("move", "the game is not being played now")
        if seen != len(table.moves):
            raise Refused("seen", "the table has moved on since your screen was drawn; look again")
        state = state_of(table)
        if state.current_player != mine:
            raise Refused("move", "it is not your turn")
        try:
            after = state.apply(text)
        except ValueError as error:
            raise Refused("move", str(error)) from None
        played = replace(table, moves=(*table.moves, _text(game_of(table), after)))
        return _touched(_ai_moves(played, after), mine, now)

    return store.change_table(code, change)


def _text(game: TableGame, state) -> str:
    """The last move as the game's record writes it."""
    return game.record.move_text(state.moves[-1])


def _ai_moves(table: TableRecord, state) -> TableRecord:
    """Every AI seat whose turn it is moves, until a person's turn or the end."""
    game = game_of(table)
    moves = list(table.moves)
    while not state.is_over and table.seats[state.current_player].level:
        seat = state.current_player
        player = game.levels.make(table.seats[seat].level, seed=_ai_seed(table.seed, len(moves)))
        state = state.apply(player.choose(state.view(seat)).move)
        moves.append(_text(game, state))
    return replace(table, moves=tuple(moves), phase="over" if state.is_over else table.phase)


def _ai_seed(seed: int, number: int) -> int:
    """An AI seat's seed for move `number`: fixed by the table's seed, different each move."""
    return random.Random(f"table {seed} move {number}").randrange(2**63)


# ------------------------------------------------------------------ leaving and coming back


def leave(store: TableStore, code: str, token: str, *, now: float) -> TableRecord:
    """A person leaves. Before the game their seat empties; during it an AI stands in (a
    decision: the others can play on). The next person after them becomes host; when nobody
    is left the table is kept `KEEP_EMPTY` seconds, then closed."""

    def change(table: TableRecord) -> TableRecord:
        mine = _seat_of_token(table, token)
        # During play the seat keeps its person's name (their moves stay theirs in the words)
        # and loses their token: an AI plays it to the end.
        gone = Seat(table.seats[mine].name, level=STAND_IN)
        seat = Seat() if table.phase == "seating" else gone
        left = table.with_seat(mine, seat)
        people = [n for n, s in enumerate(left.seats) if s.person]
        host = table.host
        if host == mine:
            later = [n for n in people if n > mine] + [n for n in people if n < mine]
            host = later[0] if later else None
        left = replace(left, host=host, empty_since=None if people else now)
        if table.phase == "playing":
            left = _ai_moves(left, state_of(left))
        return left

    return store.change_table(code, change)


def close_if_abandoned(store: TableStore, code: str, *, now: float) -> TableRecord:
    """Close a table nobody has sat at for `KEEP_EMPTY` seconds (the pages call this when they
    read a table, so no timer process is needed)."""

    def change(table: TableRecord) -> TableRecord:
        if _abandoned(table, now):
            return replace(table, phase="closed")
        raise Refused("code", "this table still has people, or is kept for them a while")

    return store.change_table(code, change)


def touch(store: TableStore, code: str, token: str, *, now: float) -> None:
    """A person's page is still there: their seat is not away."""
    store.change_table(code, lambda table: _touched(table, _seat_of_token(table, token), now))


def away_seats(table: TableRecord, now: float, after: float = AWAY_AFTER) -> tuple[int, ...]:
    """The people's seats not seen for `after` seconds."""
    return tuple(n for n, s in enumerate(table.seats) if s.person and now - s.seen >= after)


def hand_to_ai(store: TableStore, code: str, token: str, seat: int, level: str, *,
               now: float, after: float = AWAY_AFTER) -> TableRecord:  # fmt: skip
    """The host lets an AI of `level` play an away person's seat; the person keeps their
    token and takes the seat back with `rejoin`."""

    def change(table: TableRecord) -> TableRecord:
        _still_open(table, now)
        _host(table, token)
        number = _seat_number(table, seat)
        if number not in away_seats(table, now, after):
            raise Refused("seat", f"seat {number} is not away")
        if level not in game_of(table).levels:
            raise Refused("level", game_of(table).levels.unknown(level))
        taken = table.with_seat(number, replace(table.seats[number], level=level))
        return _ai_moves(taken, state_of(taken)) if table.phase == "playing" else taken

    return store.change_table(code, change)


def rejoin(store: TableStore, code: str, token: str, *, now: float) -> int:
    """A person comes back with their rejoin token: their seat is theirs again."""
    found: list[int] = []

    def change(table: TableRecord) -> TableRecord:
        _still_open(table, now)
        number = seat_of(table, token)
        if number is None:
            raise Refused("token", "this rejoin link is not for a seat at this table")
        found.append(number)
        back = replace(table.seats[number], level="", seen=now)
        return replace(table.with_seat(number, back), empty_since=None)

    store.change_table(code, change)
    return found[-1]  # the last run of `change` is the one kept


# ------------------------------------------------------------------------------- checks


def seat_of(table: TableRecord, token: str) -> int | None:
    """The seat whose rejoin token is `token` (an AI standing in keeps it), or None."""
    hashed = digest(token)
    return next((n for n, s in enumerate(table.seats) if s.token_hash == hashed), None)


def _seat_of_token(table: TableRecord, token: str) -> int:
    number = seat_of(table, token)
    if number is None or not table.seats[number].person:
        raise Refused("token", "you have no seat at this table")
    return number


def _seat_number(table: TableRecord, seat: object) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(table.seats):
        raise Refused("seat", f"a seat is a number from 1 to {len(table.seats)}")
    return seat


def _host(table: TableRecord, token: str) -> None:
    if table.host is None or seat_of(table, token) != table.host:
        raise Refused("token", "only the table's host may do this")


def _abandoned(table: TableRecord, now: float) -> bool:
    return table.empty_since is not None and now - table.empty_since >= KEEP_EMPTY


def _still_open(table: TableRecord, now: float) -> None:
    if table.phase == "closed" or _abandoned(table, now):
        raise Refused("code", "this table is closed")


def _touched(table: TableRecord, seat: int, now: float) -> TableRecord:
    return table.with_seat(seat, replace(table.seats[seat], seen=now))
