"""The Play page's game: you against the AI as a `Table`, and the turn loop over it (`new_table`,
`choose`): a legal choice is played and the AI answers; an illegal one changes nothing and says
why, in the engine's words. Also each card's verdict, the announcement due, a hint, and what
happened since your last move."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..engine.cards import Card, Shape, in_shape_names
from ..engine.events import Event
from ..engine.moves import Announcement, Move
from ..engine.narrate import narrate
from ..engine.rules import Announcements, Rules
from ..engine.scoring import hand_points
from ..engine.state import GameState, new_game
from ..players import HeuristicPlayer
from ..players.simulate import derive_seed
from .lineup import LEVELS, make_player, seat_names

__all__ = [
    "LogEntry",
    "Table",
    "Verdict",
    "announcement_hint",
    "choose",
    "final_points",
    "hand_verdicts",
    "hint",
    "new_table",
    "since_your_move",
    "your_move",
]


@dataclass(frozen=True)
class LogEntry:
    """One move of the game as your seat saw it: who moved (None for the deal), its events, the
    AI player's reason, and the names to tell them with. The words are worked out when read, as
    a `viewer.Frame`'s are, so switching to the Nigerian names mid-game retells the whole log."""

    seat: int | None
    events: tuple[Event, ...]
    reason: str | None = None
    names: tuple[str, ...] | None = None
    nigerian: bool = False

    @property
    def sentences(self) -> tuple[str, ...]:
        return tuple(narrate(self.events, self.names, self.nigerian))

    @property
    def why(self) -> str | None:
        """The reason in the shape names the entry is told in (players write the English)."""
        return in_shape_names(self.reason, self.nigerian)


@dataclass(frozen=True)
class Table:
    """You (seat `human`) against AI players: the state, the levels (None for you), the seed the
    AI players' choices derive from, the game so far in words, and the last message.

    Several seats may be people (level None; `explorer.seats` deals such a table): the AI then
    moves until any person's turn, and `human` follows the person to play. `labels` names the
    seats (people's names); without them the seats are "Seat 0 (you)", "Seat 1 (Heuristic)"."""

    state: GameState
    levels: tuple[str | None, ...]
    seed: int
    human: int = 0
    simulations: int = 200
    nigerian: bool = False
    log: tuple[LogEntry, ...] = ()
    message: str | None = None
    labels: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        return self.labels or seat_names(self.levels)

    @property
    def your_turn(self) -> bool:
        return self.state.current_player == self.human

    def told_in(self, nigerian: bool) -> Table:
        """The same table, its log told with the Nigerian shape names or the English ones."""
        log = tuple(replace(entry, nigerian=nigerian) for entry in self.log)
        return replace(self, nigerian=nigerian, log=log)


def new_table(
    rules: Rules,
    ai_levels: Sequence[str],
    seed: int,
    *,
    simulations: int = 200,
    nigerian: bool = False,
) -> Table:
    """Deal a game for you (seat 0) and `ai_levels` AI players; the AI moves until your turn."""
    levels: tuple[str | None, ...] = (None, *ai_levels)
    for level in ai_levels:
        if level not in LEVELS:
            raise ValueError(LEVELS.unknown(level))
    state = new_game(rules, players=len(levels), seed=seed)
    table = Table(state, levels, seed, simulations=simulations, nigerian=nigerian)
    opening = LogEntry(None, state.view(0).events, names=table.names, nigerian=nigerian)
    return _ai_turns(replace(table, log=(opening,)))


def _entry(table: Table, before: GameState, after: GameState, reason: str | None) -> LogEntry:
    # Told as the human's seat sees it: the AI players' drawn cards stay hidden.
    seen = after.view(table.human).events
    events = seen[len(before.events) :]
    return LogEntry(before.current_player, events, reason, table.names, table.nigerian)


def _ai_turns(table: Table, limit: int = 500) -> Table:
    """Let the AI seats move until it is a person's turn (yours, with one person) or the game
    is over; `human` becomes the person to play."""
    state, log = table.state, list(table.log)
    for _ in range(limit):
        seat = state.current_player
        if seat is None or table.levels[seat] is None:
            break
        ply = len(state.moves)
        player = make_player(
            table.levels[seat], derive_seed(table.seed, "play", ply), table.simulations
        )
        decision = player.choose(state.view(seat))
        after = state.apply(decision.move)
        log.append(_entry(table, state, after, decision.reason))
        state = after
    seat = state.current_player
    human = seat if seat is not None and table.levels[seat] is None else table.human
    return replace(table, state=state, log=tuple(log), human=human)


def choose(table: Table, move: Move | str) -> Table:
    """Your move: if the rules allow it, play it and let the AI answer; if not, nothing changes
    and `message` says why, in the engine's words."""
    state = table.state
    if state.is_over:
        return replace(table, message="The game is over: start a new one.")
    if state.current_player != table.human:
        return replace(table, message="It is not your turn yet.")
    move = Move.parse(move) if isinstance(move, str) else move
    legal, why = state.is_legal(move), state.explain(move)
    if not legal:
        return replace(table, message=f"Not allowed. {in_shape_names(why, table.nigerian)}")
    after = state.apply(move)
    moved = replace(
        table,
        state=after,
        log=(*table.log, _entry(table, state, after, None)),
    )
    return replace(_ai_turns(moved), message=None)


@dataclass(frozen=True)
class Verdict:
    """One card of your hand: may it be played now, and why (the engine's sentence)."""

    index: int
    card: Card
    legal: bool
    reason: str


def hand_verdicts(table: Table, call: Shape = Shape.CIRCLE) -> tuple[Verdict, ...]:
    """Each card of your hand judged as a plain play now (a Whot calling `call`)."""
    state = table.state
    hand = state.hands[table.human]
    if not table.your_turn:
        return tuple(Verdict(i, card, False, "Wait for your turn.") for i, card in enumerate(hand))
    out = []
    for i, card in enumerate(hand):
        move = Move.play(card, call=call if card.is_whot else None)
        why = in_shape_names(state.explain(move), table.nigerian)
        out.append(Verdict(i, card, state.is_legal(move), why))
    return tuple(out)


def announcement_hint(rules: Rules, hand_size: int) -> tuple[Announcement | None, str | None]:
    """What playing one card from a hand of `hand_size` asks you to say, and a sentence on it."""
    left = hand_size - 1
    if rules.announcements is Announcements.NONE or left not in (1, 2):
        return None, None
    if rules.announcements is Announcements.INFORMATIVE:
        if left == 1:
            return None, 'Playing now leaves one card: "last card" is said for you (no penalty).'
        return None, None
    words = Announcement.SEMI_LAST_CARD if left == 2 else Announcement.LAST_CARD
    return words, (
        f'Playing now leaves {"two cards" if left == 2 else "one card"}: say "{words}" '
        "with the card, or draw two penalty cards."
    )


def your_move(table: Table, index: int, call: Shape | None = None, say: bool = False) -> Move:
    """The move for a click on card `index` of your hand: a Whot calls `call` (circle if none),
    and `say` adds the announcement the rules ask for (nothing is said when none is due)."""
    hand = table.state.hands[table.human]
    card = hand[index]
    words, _ = announcement_hint(table.state.rules, len(hand))
    return Move.play(
        card,
        call=(call or Shape.CIRCLE) if card.is_whot else None,
        announce=words if say else None,
    )


def since_your_move(table: Table) -> tuple[LogEntry, ...]:
    """What happened after your last move (the deal, if you have not moved yet), oldest first."""
    out: list[LogEntry] = []
    for entry in reversed(table.log):
        if entry.seat == table.human:
            break
        out.append(entry)
    return tuple(reversed(out))


def hint(table: Table) -> str:
    """What the heuristic player would do in your seat, and why."""
    if not table.your_turn:
        return "No hint: it is not your turn."
    reason = HeuristicPlayer().choose(table.state.view(table.human)).reason
    said = reason.removeprefix("Heuristic — ")  # the player's own words, in the first person
    return in_shape_names(f"In your seat, the heuristic player would say: “{said}”", table.nigerian)


def final_points(table: Table) -> str | None:
    """Once the game is over, the points each seat still holds (docs/rules.md, "Scoring"): the
    losers' count, in words. None while the game goes on (the hands are not yet public)."""
    state = table.state
    if not state.is_over:
        return None
    double = state.rules.star_double
    counts = [
        f"{name} {hand_points(hand, double)}"
        for name, hand in zip(table.names, state.hands, strict=True)
        if hand
    ]
    return "Points left in hand: " + ", ".join(counts) + "." if counts else None
