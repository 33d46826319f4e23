"""Seats at the Play table: any mix of people and AI players at one screen.

A seat is a person (with a name) or an AI player (its level). `deal` seats them at a `Table`;
the AI moves until some person's turn, and the table's `human` follows the person to play.
Between two people's turns the screen must be passed: `pass_due` says to whom, and until that
person asks for their hand nothing of any hand is shown. Each person sees only their seat's
view: `told_to` retells the game from one seat (other seats' drawn cards hidden), and
`hidden_cards` lists what a seat may not see (the tests look for those names in the page).

The link holds the set-up (`seats_text`, `read_seats`) and a game in progress by the people's
moves (`people_moves`, `replay`): the AI players' moves follow from the seed, as they did.

    >>> from whot_core import Rules
    >>> seats = read_seats("person:Ada,person:Tunde,heuristic")[0]
    >>> [seat.label(i, seats) for i, seat in enumerate(seats)]
    ['Ada', 'Tunde', 'Seat 2 (Heuristic)']
    >>> table = deal(Rules.preset("nigerian"), seats, seed=1, simulations=20)
    >>> table.names[table.human] in ("Ada", "Tunde")
    True
    >>> pass_due(table, shown=None) == table.human
    True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..engine.cards import Card
from ..engine.moves import Move
from ..engine.narrate import narrate, seat_name
from ..engine.rules import Rules
from ..engine.state import new_game
from .lineup import LEVELS
from .play_table import LogEntry, Table, _ai_turns, choose

__all__ = [
    "MAX_NAME",
    "PERSON",
    "SEAT_KINDS",
    "Seat",
    "check_name",
    "check_seats",
    "deal",
    "games_text",
    "hidden_cards",
    "in_game",
    "moves_text",
    "pass_due",
    "people",
    "people_moves",
    "read_games",
    "read_moves",
    "read_seats",
    "replay",
    "seats_of",
    "seats_text",
    "sentences_for",
    "told_to",
]

#: What a seat may be: a person, or an AI player of one of the levels.
PERSON = "person"
SEAT_KINDS = (PERSON, *LEVELS)

#: The longest name a person may give (it must fit the seat's label on the table).
MAX_NAME = 16

_NAME = re.compile(r"[A-Za-z0-9À-ÿ' .-]*")


@dataclass(frozen=True)
class Seat:
    """One seat: `level` None for a person (named `name`, or unnamed), else an AI level."""

    level: str | None = None
    name: str = ""

    @property
    def is_person(self) -> bool:
        return self.level is None

    @property
    def kind(self) -> str:
        return PERSON if self.level is None else self.level

    def label(self, index: int, seats: Sequence[Seat]) -> str:
        """The name on the table: a person's name; "Seat 0 (you)" for the one person unnamed
        (as Play always said), "Seat 0 (player)" when several are (each is "you" in turn; a
        name has no brackets, so no person's name is one of these); an AI's, its
        level's title: "Seat 1 (Heuristic)"."""
        if self.level is not None:
            return LEVELS.seat_name(seat_name(index), self.level)
        if self.name:
            return self.name
        alone = sum(seat.is_person for seat in seats) == 1
        return f"{seat_name(index)} ({'you' if alone else 'player'})"


def check_name(where: str, name: str) -> None:
    """Raise ValueError unless `name` is a person's name that fits a seat's label: up to
    `MAX_NAME` letters, digits, spaces, hyphens or apostrophes (the Whist table's too)."""
    if len(name) > MAX_NAME or not _NAME.fullmatch(name):
        raise ValueError(
            f"{where}: a name is up to {MAX_NAME} letters, digits, spaces, hyphens or "
            f"apostrophes, not {name!r}"
        )


def check_seats(rules: Rules, seats: Sequence[Seat]) -> None:
    """Raise ValueError naming what is wrong: the rules' player count, an unknown level, no
    person at all (that is a game to watch), a name too long or with odd characters, or two
    people with the same name (the pass screen would not say whose turn it is)."""
    rules.check_players(len(seats))
    names = []
    for index, seat in enumerate(seats):
        if seat.level is not None and seat.level not in LEVELS:
            raise ValueError(f"seat {index}: {LEVELS.unknown(seat.level)}")
        if seat.is_person and seat.name:
            check_name(f"seat {index}", seat.name)
            names.append(seat.name.casefold())
    if not any(seat.is_person for seat in seats):
        raise ValueError(
            "seats: at least one seat must be a person (the Watch page plays AI games)"
        )
    if len(names) != len(set(names)):
        raise ValueError("seats: two people have the same name; give each person their own")


def deal(
    rules: Rules,
    seats: Sequence[Seat],
    seed: int,
    *,
    simulations: int = 200,
    nigerian: bool = False,
) -> Table:
    """Deal a game for these seats; the AI moves until the first person's turn."""
    seats = tuple(seats)
    check_seats(rules, seats)
    levels = tuple(seat.level for seat in seats)
    labels = tuple(seat.label(i, seats) for i, seat in enumerate(seats))
    first = next(i for i, seat in enumerate(seats) if seat.is_person)
    state = new_game(rules, players=len(seats), seed=seed)
    table = Table(
        state, levels, seed, human=first, simulations=simulations, nigerian=nigerian, labels=labels
    )
    opening = LogEntry(None, state.view(first).events, names=table.names, nigerian=nigerian)
    return _ai_turns(replace(table, log=(opening,)))


def seats_of(table: Table) -> tuple[Seat, ...]:
    """The seats a table was dealt for (a person's name is their label; an unnamed person's
    label, "Seat 0 (you)", holds brackets, which a name may not)."""
    return tuple(
        Seat(level, name if level is None and "(" not in name else "")
        for level, name in zip(table.levels, table.names, strict=True)
    )


def people(table: Table) -> tuple[int, ...]:
    """The seats that are people."""
    return tuple(i for i, level in enumerate(table.levels) if level is None)


def pass_due(table: Table, shown: int | None, teacher: bool = False) -> int | None:
    """The person the screen must be passed to before anything of a hand is shown, or None.

    Due when several people sit at the table, the game goes on, and the person to play is not
    the one whose hand is shown (`shown`). With one person, never (as Play always was); under
    the teacher's switch, never (every hand is face up anyway)."""
    seat = table.state.current_player
    if teacher or len(people(table)) < 2 or seat is None or table.levels[seat] is not None:
        return None
    return None if seat == shown else seat


def told_to(table: Table, viewer: int | None) -> Table:
    """The table as `viewer` may see it: `human` is that seat and every log entry is retold
    from its view (other seats' drawn cards hidden). `viewer` None tells everything: for a
    finished game, or the teacher's table."""
    events = table.state.events if viewer is None else table.state.view(viewer).events
    log, at = [], 0
    for entry in table.log:
        seen = events[at : at + len(entry.events)]
        at += len(entry.events)
        log.append(replace(entry, events=tuple(seen)))
    return replace(table, human=table.human if viewer is None else viewer, log=tuple(log))


def hidden_cards(table: Table, viewer: int) -> tuple[Card, ...]:
    """The cards in other seats' hands that `viewer` has not seen: none of them may be named
    on `viewer`'s screen (nor on a pass screen, which shows nobody's hand)."""
    view = table.state.view(viewer)
    out = []
    for seat, hand in enumerate(table.state.hands):
        if seat != viewer:
            known = list(view.known_cards[seat])
            for card in hand:
                if card in known:
                    known.remove(card)
                else:
                    out.append(card)
    return tuple(out)


def sentences_for(table: Table, viewer: int | None) -> tuple[str, ...]:
    """Every sentence of the game as `viewer` may read it (for tests and the record's page)."""
    told = told_to(table, viewer)
    return tuple(
        line for entry in told.log for line in narrate(entry.events, told.names, told.nigerian)
    )


# ------------------------------------------------------------------------------------ links


def seats_text(seats: Sequence[Seat]) -> str:
    """The seats for a link: `person:Ada,person,heuristic` (a person, named or not; a level)."""
    return ",".join(
        f"{PERSON}:{seat.name}" if seat.is_person and seat.name else seat.kind for seat in seats
    )


def read_seats(text: str) -> tuple[tuple[Seat, ...], str | None]:
    """The inverse of `seats_text`; on a bad part, no seats and the problem in words."""
    seats = []
    for part in text.split(","):
        kind, _, name = part.strip().partition(":")
        kind = kind.strip().lower()
        if kind == PERSON:
            seats.append(Seat(None, name.strip()))
        elif kind in LEVELS and not name:
            seats.append(Seat(kind))
        else:
            return (), f"seats: expected person, person:Name or an AI level, not {part!r}"
    return tuple(seats), None


def people_moves(table: Table) -> tuple[Move, ...]:
    """The moves the people made, in order: with the seed they reproduce the whole game (each
    entry of the log after the deal is one move, by `entry.seat`). Nothing for a table set up
    from a position rather than dealt (its log does not start at a deal)."""
    movers = [entry.seat for entry in table.log[1:]]
    if not table.log or table.log[0].seat is not None or len(movers) != len(table.state.moves):
        return ()
    return tuple(
        move
        for move, seat in zip(table.state.moves, movers, strict=True)
        if seat is not None and table.levels[seat] is None
    )


def moves_text(moves: Sequence[Move]) -> str:
    """Moves for a link, `;` between them (a move's text may hold a comma)."""
    return ";".join(move.text() for move in moves)


def read_moves(text: str) -> tuple[tuple[Move, ...], str | None]:
    """The inverse of `moves_text`; on a bad move, the moves before it and the problem."""
    out: list[Move] = []
    for part in filter(None, (p.strip() for p in text.split(";"))):
        try:
            out.append(Move.parse(part))
        except ValueError as error:
            return tuple(out), f"moves: {error}"
    return tuple(out), None


def games_text(games: Sequence[Sequence[Move]]) -> str:
    """A match's moves for a link: each game's people's moves (`moves_text`), `|` between
    games, the game in progress last. One game alone is just its moves."""
    return "|".join(moves_text(moves) for moves in games)


def in_game(problem: str, number: int, games: int) -> str:
    """A problem with a link's moves, naming the game when the link holds several."""
    return problem.replace("moves: ", f"moves: game {number}: ", 1) if games > 1 else problem


def read_games(text: str) -> tuple[tuple[tuple[Move, ...], ...], str | None]:
    """The inverse of `games_text`; on a bad move, the games up to it and the problem (naming
    the game when there are several)."""
    out: list[tuple[Move, ...]] = []
    parts = text.split("|")
    for number, part in enumerate(parts, start=1):
        moves, problem = read_moves(part)
        out.append(moves)
        if problem:
            return tuple(out), in_game(problem, number, len(parts))
    return tuple(out), None


def replay(table: Table, moves: Sequence[Move]) -> tuple[Table, str | None]:
    """Play the people's `moves` on a freshly dealt table, the AI answering as it did. A move
    that cannot be played stops the replay there, with the problem in the engine's words."""
    for number, move in enumerate(moves, start=1):
        if table.state.is_over:
            return table, f"moves: the game was over before move {number} ({move})"
        after = choose(table, move)
        if after.message:
            return table, f"moves: move {number} ({move}) cannot be played. {after.message}"
        table = after
    return table, None
