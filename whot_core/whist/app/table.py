"""Whist at the table: people in any of the four seats, the AI players in the others.

The Whot Play table's counterpart (`whot_core.whot.app.seats`): `deal` seats people (level None,
with a name) and AI levels round the table, and the AI plays until some person's turn; `play`
plays a person's card when the rules allow it, and otherwise changes nothing and says why, in the
engine's words (`WhistState.explain`). Between two people's turns the screen is passed
(`pass_due`). What a click needs is in `board_data`: the table from the viewing seat (the cards
it may play raised), each card's verdict, and the turn. An AI player's reason can name the cards
it still holds, so a seat reads only its own (`reasons_shown`): all of them once the play is
over, or on a teacher's table with every hand face up.

    >>> table = deal((None, "heuristic", "heuristic", "heuristic"), seed=3, names=("Ada",))
    >>> table.names[0], table.state.current_player in (0, None)
    ('Ada', True)
    >>> card = table.state.legal_moves()[0]
    >>> after = play(table, card)
    >>> after.log[-4].seat, after.log[-4].card == card  # Ada's card, then three AI replies
    (0, True)
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ...toolkit.svg import CARD_W
from ..engine.cards import Card
from ..engine.events import Event
from ..engine.narrate import narrate
from ..engine.rules import SEATS, WhistRules
from ..engine.state import WhistState, new_game
from ..players import LEVELS, HeuristicPlayer, make_player
from ..show.pictures import card_svg, table_facts, table_svg
from ..show.seat_table import seat_table_svg

__all__ = [
    "Played",
    "WhistTable",
    "board_data",
    "clicked_card",
    "deal",
    "hint",
    "pass_due",
    "people",
    "people_cards",
    "play",
    "reasons_shown",
    "replay",
    "since_last_card",
    "told",
]


@dataclass(frozen=True)
class Played:
    """One card of the play (None for the deal): who, the card, its events, the AI's reason."""

    seat: int | None
    card: Card | None
    events: tuple[Event, ...]
    reason: str | None = None


@dataclass(frozen=True)
class WhistTable:
    """The game, the four seats' levels (None for a person), their names, the seed the AI's
    choices derive from, the play so far, the person to play (`human`) and the last message.
    How long the game lasts (one hand, or to the target) is the rules' (`WhistRules.length`)."""

    state: WhistState
    levels: tuple[str | None, ...]
    names: tuple[str, ...]
    seed: int
    simulations: int = 100
    human: int = 0
    log: tuple[Played, ...] = ()
    message: str | None = None

    @property
    def finished(self) -> bool:
        """The game is over: a team reached the target, or the game's one hand was played."""
        return self.state.is_over

    @property
    def your_turn(self) -> bool:
        return not self.finished and self.state.current_player == self.human

    @property
    def spoken(self) -> tuple[str, ...]:
        """The names the engine's sentences use (a refusal, a hint, an AI's reason): a person's
        own, an AI seat's compass name ("West's 9♠", not "West (Heuristic)'s 9♠"); the labels
        when that would call two seats alike (a person named West sitting South)."""
        spoken = tuple(
            name if level is None else SEATS[seat]
            for seat, (name, level) in enumerate(zip(self.names, self.levels, strict=True))
        )
        return spoken if len({name.casefold() for name in spoken}) == 4 else self.names

    def sentences(self, entry: Played) -> tuple[str, ...]:
        return tuple(narrate(entry.events, self.names))


def people(table: WhistTable) -> tuple[int, ...]:
    return tuple(seat for seat, level in enumerate(table.levels) if level is None)


def deal(
    levels: Sequence[str | None],
    seed: int,
    *,
    names: Sequence[str] = (),
    rules: WhistRules | None = None,
    simulations: int = 100,
) -> WhistTable:
    """Seat people (None) and AI levels at South, West, North and East (`names[i]` names a
    person; an unnamed seat keeps its compass name, an AI seat adds its level's title, "West
    (Heuristic)") and deal."""
    levels = tuple(levels)
    if len(levels) != 4:
        raise ValueError(f"seats: Whist needs four seats, not {len(levels)}")
    for seat, level in enumerate(levels):
        if level is not None and level not in LEVELS:
            raise ValueError(f"{SEATS[seat]}: {LEVELS.unknown(level)}")
    if None not in levels:
        raise ValueError("seats: at least one seat must be a person (the Whist page watches AIs)")
    given = tuple(names) + ("",) * (4 - len(names))
    labels = tuple(
        (given[s] or SEATS[s]) if level is None else LEVELS.seat_name(SEATS[s], level)
        for s, level in enumerate(levels)
    )
    if len({label.casefold() for label in labels}) != 4:
        raise ValueError("seats: two seats have the same name; give each person their own")
    state = new_game(rules, seed=seed)
    first = levels.index(None)
    table = WhistTable(state, levels, labels, seed, simulations, human=first)
    return _ai_turns(replace(table, log=(Played(None, None, state.events),)))


def _choice_seed(seed: int, ply: int) -> int:
    """The seed of the AI's choice at `ply`: the same in every process (not Python's hash)."""
    digest = hashlib.sha256(f"{seed}:whist-table:{ply}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def _ai_turns(table: WhistTable, limit: int = 60) -> WhistTable:
    """The AI seats play until a person's turn or the end; `human` becomes the person to play."""
    state, log = table.state, list(table.log)
    for _ in range(limit):
        seat = state.current_player
        if table.finished or seat is None or table.levels[seat] is None:
            break
        player = make_player(
            table.levels[seat], _choice_seed(table.seed, len(state.moves)),
            table.simulations, names=table.spoken,
        )  # fmt: skip
        decision = player.choose(state.view(seat))
        before = state.event_count
        state = state.apply(decision.move)
        log.append(
            Played(seat, Card.of(decision.move), state.events_since(before), decision.reason)
        )
        table = replace(table, state=state)
    seat = state.current_player
    human = seat if seat is not None and table.levels[seat] is None else table.human
    return replace(table, state=state, log=tuple(log), human=human)


def play(table: WhistTable, card: Card | str) -> WhistTable:
    """The person to play plays `card`: if the rules allow it, it is played and the AI answers;
    if not, nothing changes and `message` says why, in the engine's words."""
    if table.finished:
        return replace(table, message="The play is over: deal again.")
    state = table.state
    if table.levels[state.current_player] is not None:
        return replace(table, message="It is an AI player's turn.")
    try:
        card = Card.of(card)
    except ValueError as error:
        return replace(table, message=f"Not a card: {error}")
    why = state.explain(card, table.spoken)
    if card not in state.legal_moves():
        return replace(table, message=f"Not allowed. {why}")
    before = state.event_count
    after = state.apply(card)
    entry = Played(state.current_player, card, after.events_since(before))
    moved = replace(table, state=after, log=(*table.log, entry), message=None)
    return _ai_turns(moved)


def pass_due(table: WhistTable, shown: int | None, teacher: bool = False) -> int | None:
    """The person the screen must be passed to before any hand shows, or None (one person, the
    teacher's table, an AI's turn, the play over, or that person's hand already shown)."""
    seat = table.state.current_player
    if teacher or table.finished or len(people(table)) < 2 or seat is None:
        return None
    if table.levels[seat] is not None or seat == shown:
        return None
    return seat


def reasons_shown(table: WhistTable, viewer: int | None) -> dict[int, str]:
    """The AI reasons `viewer` may read, by the entry's place in the log: its own seat's (a
    person has none), every one once the play is over or with every hand face up (None)."""
    open_book = viewer is None or table.finished
    return {
        i: entry.reason
        for i, entry in enumerate(table.log)
        if entry.reason and (open_book or entry.seat == viewer)
    }


def told(table: WhistTable, places: Sequence[int], reasons: dict[int, str]) -> list[str]:
    """The log's entries at `places` as Markdown list lines: each sentence, and an AI player's
    reason (`reasons`, as `reasons_shown` gives them) indented under the sentence of its card,
    not under what the card went on to cause (the trick won, the hand scored)."""
    lines = []
    for at in places:
        for i, line in enumerate(table.sentences(table.log[at])):
            lines.append(f"- {line}")
            if i == 0 and at in reasons:  # an entry with a reason starts with its card
                lines.append(f"  - *{reasons[at]}*")
    return lines


def hint(table: WhistTable) -> str:
    """What the heuristic player would play in the person's seat, and why."""
    if not table.your_turn:
        return "No hint: it is not your turn."
    return HeuristicPlayer(table.spoken).choose(table.state.view(table.human)).reason or ""


def board_data(table: WhistTable, viewer: int | None, *, face_up: bool = False) -> dict[str, Any]:
    """What the Whist table component draws and answers clicks with. JSON-ready.

    With every hand face up (`face_up`, or no viewer) the whole table (`table_svg`). Otherwise
    the table from `viewer`'s seat without its hand (`seat_table_svg`), and the hand apart, card
    by card, for the component to lay out as buttons big enough to tap on any screen: each card's
    picture, and when it is the viewer's turn its verdict in the engine's words (the legal ones
    raised and framed, the others veiled with a dashed edge: never colour alone). Also the facts
    (hand, trumps, tricks, points), what happened since the viewer's last card (the component
    announces it), and the turn (a stale click is dropped)."""
    state = table.state
    live = viewer is not None and table.your_turn and viewer == table.human
    bottom = viewer if viewer is not None else 0
    last = _last(table)
    hand = []
    if face_up or viewer is None:
        svg = table_svg(state, None, names=table.names, last_trick=last)
    else:
        svg = seat_table_svg(state, bottom, names=table.names, last_trick=last)
        legal = set(state.legal_moves()) if live else set()
        for card in state.hand(bottom):
            mark = None if not live else ("legal" if card in legal else "illegal")
            hand.append(
                {"card": card.ascii, "name": card.name, "legal": card in legal,
                 "reason": state.explain(card, table.spoken) if live else "",
                 "svg": card_svg(card, width=CARD_W, highlight=mark)}
            )  # fmt: skip
    news = [
        line
        for at in since_last_card(table, viewer)[-8:]
        for line in table.sentences(table.log[at])
    ]
    return {
        "svg": svg,
        "seat": bottom,
        "turn": len(state.moves),
        "live": live,
        "cards": hand,
        "facts": table_facts(state, table.names),
        "news": " ".join(news),
    }


def _last(table: WhistTable):
    """The trick just won, when a hand's last trick has been taken and the next hand dealt."""
    from ..engine.events import TrickWon

    for entry in reversed(table.log):
        won = [e for e in entry.events if isinstance(e, TrickWon)]
        if won:
            return won[-1]
        if entry.card is not None:
            return None
    return None


def clicked_card(table: WhistTable, payload: Any) -> Card | None:
    """The card a click asks for, or None when the click is stale or not a card."""
    if not isinstance(payload, dict) or payload.get("turn") != len(table.state.moves):
        return None
    try:
        return Card.of(str(payload.get("card")))
    except ValueError:
        return None


def people_cards(table: WhistTable) -> tuple[Card, ...]:
    """The cards the people played, in order: with the seed they reproduce the whole play."""
    return tuple(
        entry.card
        for entry in table.log
        if entry.card is not None and table.levels[entry.seat] is None
    )


def replay(table: WhistTable, cards: Sequence[Card | str]) -> tuple[WhistTable, str | None]:
    """Play the people's `cards` on a freshly dealt table, the AI answering as it did; a card
    that cannot be played stops the replay there, with the problem in the engine's words."""
    for number, card in enumerate(cards, start=1):
        after = play(table, card)
        if after.message:
            return table, f"cards: card {number} ({card}): {after.message}"
        table = after
    return table, None


def since_last_card(table: WhistTable, seat: int | None) -> tuple[int, ...]:
    """The places in the log from `seat`'s last card on (the deal when it has not played)."""
    for at in range(len(table.log) - 1, -1, -1):
        if seat is not None and table.log[at].seat == seat:
            return tuple(range(at, len(table.log)))
    return tuple(range(len(table.log)))
