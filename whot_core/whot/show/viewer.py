"""Step through a game, and ask which cards of a hand may be played: the logic behind the notebook
widgets (`whot_core.whot.show.widgets`) and the app's viewer pages, in plain Python.

A game becomes a tuple of `Frame`s: frame 0 is the deal, frame k the table after move k, with the
events that move caused, in words, and (for AI players) the reason the player gave.

    >>> from whot_core import Rules
    >>> from whot_core.whot.players import HeuristicPlayer
    >>> players = [HeuristicPlayer(), HeuristicPlayer()]
    >>> frames = play_frames(Rules.preset("british"), players, seed=2)
    >>> frames[0].move is None and frames[-1].state.is_over
    True
    >>> next_step(len(frames) - 1, frames) == len(frames) - 1   # the last step stays the last
    True

The position explorer sets up a two-player position and asks the engine itself, through
`state.legal_moves()` and `state.explain(move)`, so its words are the engine's own (one source of
truth):

    >>> report = explore_position(Rules.preset("british"), "circle 5", ["circle 2", "star 7"])
    >>> [(str(v.card), v.legal) for v in report]
    [('circle 2', True), ('star 7', False)]
    >>> report[1].reason
    'Matching: star 7 does not match circle 5: play a circle, a 5, or a Whot.'

`frame_html` and `exploration_html` render both as HTML: inline SVG for Jupyter, or `<img>` data
URIs (`inline=False`) where inline SVG is stripped (Streamlit's `st.html`). Standard library only.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from html import escape
from typing import Any

from ...toolkit.stepper import (  # shared with Whist's viewer; re-exported here
    clamp_step,
    first_step,
    last_step,
    next_step,
    previous_step,
    step_html,
)
from ...toolkit.stepper import picture as _picture
from ..engine.cards import CARDS, SHAPES, Card, Shape, in_shape_names
from ..engine.events import Event
from ..engine.moves import IllegalMove, Move
from ..engine.narrate import move_words, narrate, seat_name, seat_names
from ..engine.records import GameRecord
from ..engine.rules import Rules
from ..engine.state import GameState, new_game
from .pictures import card_svg, hand_svg, table_svg

__all__ = [
    "DEFAULT_MAX_MOVES",
    "CardVerdict",
    "Exploration",
    "Frame",
    "card_choices",
    "clamp_step",
    "exploration_html",
    "explore_position",
    "first_step",
    "frame_caption",
    "frame_html",
    "frames_from_record",
    "last_step",
    "next_step",
    "parse_hand",
    "play_frames",
    "previous_step",
    "search_words",
    "searched_words",
    "step_html",
]

#: `play_frames` stops a game after this many moves: a viewer of 2,000 steps is already too long
#: to step through, and random play under some presets can run for tens of thousands of moves.
DEFAULT_MAX_MOVES = 2000


# ----------------------------------------------------------------------------------- frames


@dataclass(frozen=True, eq=False)
class Frame:
    """One step of a game: the table after the step, and what the step was.

    `step` 0 is the deal (`move` and `seat` None); step k is the k-th move, made by `seat`.
    `reason` and `details` are the AI player's `Decision` (None when the game came from a record
    or from bare moves). `note` is a sentence the game itself does not say (the move cap stopped
    the game; the game starts from a set position), and `stopped` is True when the cap stopped it.

    `events` (the typed events the step added) and `sentences` (those events in words, then the
    note) are worked out when first read: reading every state's events eagerly would cost time
    quadratic in the length of the game.
    """

    step: int
    state: GameState
    move: Move | None = None
    seat: int | None = None
    reason: str | None = None
    details: Mapping[str, Any] | None = None
    names: tuple[str, ...] | None = None
    nigerian: bool = False
    note: str | None = None
    stopped: bool = False
    previous: GameState | None = field(default=None, repr=False)

    @cached_property
    def events(self) -> tuple[Event, ...]:
        """The events of this step alone (the log only grows, so they are its tail)."""
        before = 0 if self.previous is None else len(self.previous.events)
        return self.state.events[before:]

    @cached_property
    def sentences(self) -> tuple[str, ...]:
        said = narrate(self.events, self.names, self.nigerian)
        return (*said, self.note) if self.note else tuple(said)

    @property
    def why(self) -> str | None:
        """The AI player's reason in the frame's shape names (players write the English ones)."""
        return in_shape_names(self.reason, self.nigerian)

    def seat_name(self, seat: int) -> str:
        return self.names[seat] if self.names is not None else seat_name(seat)


def _names(names: Sequence[str] | None, players: int) -> tuple[str, ...] | None:
    return None if names is None else tuple(seat_names(players, names))


def _opening_note(state: GameState, names: tuple[str, ...] | None) -> str | None:
    """A set position has no deal to narrate: say so, and who plays first."""
    if state.events or state.is_over:
        return None
    who = names[state.current_player] if names else seat_name(state.current_player)
    return f"The game starts from a set position; {who} plays first."


def _stop_note(moves: int) -> str:
    return (
        f"Stopped after {moves:,} moves (the max_moves cap): the game is not finished, so it "
        "has no winner."
    )


def frames_from_record(
    record: GameRecord, names: Sequence[str] | None = None, nigerian: bool = False
) -> tuple[Frame, ...]:
    """Every step of a recorded game, replayed move by move; frame 0 is the deal."""
    if not isinstance(record, GameRecord):
        raise TypeError(f"record must be a GameRecord, not {type(record).__name__}")
    states = record.states()
    start = next(states)
    labels = _names(names, start.players)
    frames = [Frame(0, start, names=labels, nigerian=nigerian, note=_opening_note(start, labels))]
    before = start
    for step, (move, after) in enumerate(zip(record.moves, states, strict=True), start=1):
        frames.append(
            Frame(
                step,
                after,
                move,
                before.current_player,
                names=labels,
                nigerian=nigerian,
                previous=before,
            )
        )
        before = after
    return tuple(frames)


def play_frames(
    rules: Rules,
    players: Sequence[Any],
    seed: int = 0,
    *,
    dealer: int | None = None,
    start: GameState | None = None,
    max_moves: int = DEFAULT_MAX_MOVES,
    names: Sequence[str] | None = None,
    nigerian: bool = False,
) -> tuple[Frame, ...]:
    """Deal a game (or take `start`) and let `players[seat]` play each seat to the end.

    A player is any object with `choose(view)` returning a `Decision` (`.move`, `.reason`,
    `.details`) or a bare `Move`; it sees only `state.view(seat)`. Players are used as given, so a
    seeded player's random stream carries on from where it was. Every move is checked: an
    illegal one raises IllegalMove naming the step and the seat. After `max_moves` moves an
    unfinished game stops, and its last frame says so.
    """
    if start is None:
        state = new_game(rules, players=len(players), seed=seed, dealer=dealer)
    elif not isinstance(start, GameState):
        raise TypeError(f"start must be a GameState, not {type(start).__name__}")
    elif start.rules != rules:
        raise ValueError("start: the position was set up under other rules than `rules`")
    elif start.players != len(players):
        raise ValueError(f"players: the position has {start.players} seats, not {len(players)}")
    else:
        state = start
    if isinstance(max_moves, bool) or not isinstance(max_moves, int) or max_moves < 1:
        raise ValueError(f"max_moves must be a whole number, at least 1, not {max_moves!r}")
    for i, player in enumerate(players):
        if not callable(getattr(player, "choose", None)):
            raise TypeError(f"players[{i}] has no choose(view) method")
    labels = _names(names, state.players)
    frames = [Frame(0, state, names=labels, nigerian=nigerian, note=_opening_note(state, labels))]
    step = 0
    while not state.is_over and step < max_moves:
        step += 1
        seat = state.current_player
        decision = players[seat].choose(state.view(seat))
        move, reason, details = _unpack(decision)
        try:
            after = state.apply(move)
        except IllegalMove as error:
            raise IllegalMove(f"step {step}, seat {seat} played {move}: {error}") from None
        stopped = step == max_moves and not after.is_over
        frames.append(
            Frame(
                step,
                after,
                move if isinstance(move, Move) else Move.parse(move),
                seat,
                reason,
                details,
                labels,
                nigerian,
                note=_stop_note(step) if stopped else None,
                stopped=stopped,
                previous=state,
            )
        )
        state = after
    return tuple(frames)


def _unpack(decision: Any) -> tuple[Move | str, str | None, Mapping[str, Any] | None]:
    """(move, reason, details) from a Decision, or from a bare move."""
    if isinstance(decision, Move | str):
        return decision, None, None
    move = getattr(decision, "move", None)
    if not isinstance(move, Move | str):
        raise TypeError(
            f"choose(view) must return a Decision or a Move, not {type(decision).__name__}"
        )
    return move, getattr(decision, "reason", None), getattr(decision, "details", None)


# --------------------------------------------------------------------------------- captions


def frame_caption(frame: Frame, total: int | None = None) -> str:
    """A heading for the frame: "Step 3 of 40: Seat 1 plays a Whot and calls star", the move in
    the narration's words (`move_words`, as the sentences under it say it), or the deal."""
    of = f" of {total}" if total is not None else ""
    if frame.move is None:
        what = "the deal" if frame.events else "the starting position"
        return f"Step 0{of}: {what}"
    action = move_words(frame.move, frame.nigerian, pick=_pick(frame))
    return f"Step {frame.step}{of}: {frame.seat_name(frame.seat)} {action}"


def _pick(frame: Frame) -> int:
    """The cards waiting on the player who made the frame's move (0: none, or not known)."""
    return frame.previous.penalty if frame.previous is not None else 0


def search_words(frame: Frame) -> tuple[tuple[str, str], ...]:
    """The words of each move the frame's search tried, by the move's text, for its chart's
    rows (`searched_words`). Empty when the frame has no search."""
    return searched_words(frame.details or {}, frame.nigerian, pick=_pick(frame))


def searched_words(
    details: Mapping[str, Any], nigerian: bool = False, *, pick: int = 0
) -> tuple[tuple[str, str], ...]:
    """The words of each move a search's `details` tried, by the move's text, for a chart's
    rows: the narration's ("play a Whot and call square", "take the pick of 2 cards" when
    `pick` cards wait on the player), not the engine's notation (`play whot call square`)."""
    return tuple(
        (m["move"], move_words(Move.parse(m["move"]), nigerian, base=True, pick=pick))
        for m in details.get("moves", ())
    )


# --------------------------------------------------------------------------- position explorer


@dataclass(frozen=True)
class CardVerdict:
    """May this card of the hand be played, and why (the engine's own sentence)?

    `moves` are the legal moves that play it: one, five for a Whot (one per call), two under
    `announcements = penalty` (with and without the announcement); empty when it may not.
    """

    card: Card
    legal: bool
    reason: str
    moves: tuple[Move, ...]


@dataclass(frozen=True, eq=False)
class Exploration(Sequence[CardVerdict]):
    """What the explorer found: one verdict per card of the hand, in hand order (iterate or
    index it like a list), every legal move, and why drawing is allowed."""

    state: GameState
    verdicts: tuple[CardVerdict, ...]
    legal_moves: tuple[Move, ...]
    draw_reason: str

    def __getitem__(self, index):  # type: ignore[override]
        return self.verdicts[index]

    def __len__(self) -> int:
        return len(self.verdicts)

    def __iter__(self) -> Iterator[CardVerdict]:
        return iter(self.verdicts)

    @property
    def playable(self) -> tuple[Card, ...]:
        """The cards that may be played, in hand order (repeats kept)."""
        return tuple(v.card for v in self.verdicts if v.legal)


def _whot_call(hand: Sequence[Card]) -> Shape:
    """The call used to explain a Whot: the shape held most (ties in the rulebook's order), or
    circle for a hand of Whots alone. Any call is equally legal; this one reads naturally."""
    held = Counter(card.shape for card in hand if not card.is_whot)
    return max(SHAPES, key=lambda shape: (held[shape], -SHAPES.index(shape)))


def _opponent_card(rules: Rules, used: Sequence[Card]) -> Card:
    """A card for the second seat that the packs still hold (it never affects legality)."""
    counts = Counter(used)
    for card in CARDS:
        if not card.is_whot and counts[card] < rules.packs:
            return card
    raise ValueError("the position uses every card of the packs")  # pragma: no cover


def explore_position(
    rules: Rules,
    top: Card | str | None,
    hand: Sequence[Card | str],
    called: Shape | str | None = None,
    penalty: int = 0,
) -> Exploration:
    """Which cards of `hand` may go on `top` (None: the start of play), and why.

    The position is a two-player game with seat 0 to play (`GameState.from_position`), so the
    rules and the words are the engine's own; impossible positions raise its ValueError (a Whot
    on top needs `called`; `penalty` needs defence and a pick card on top). A card's verdict
    explains the plain play, without an announcement: under `announcements = penalty` the
    sentence then warns what to say.
    """
    cards = [Card.of(card) for card in hand]
    if not cards:
        raise ValueError("hand: choose at least one card")
    pile = [] if top is None else [Card.of(top)]
    other = _opponent_card(rules, [*cards, *pile])
    state = GameState.from_position(
        rules,
        hands=[cards, [other]],
        pile=pile,
        market=None,
        to_play=0,
        called=called,
        penalty=penalty,
    )
    moves = state.legal_moves()
    call = _whot_call(cards)
    verdicts = []
    for card in cards:
        plays = tuple(m for m in moves if m.card == card)
        plain = Move.play(card, call=call if card.is_whot else None)
        verdicts.append(CardVerdict(card, bool(plays), state.explain(plain), plays))
    return Exploration(state, tuple(verdicts), moves, state.explain(Move.draw()))


_SEPARATORS = re.compile(r"[,;\n]+")


def parse_hand(text: str) -> tuple[Card, ...]:
    """Cards from text separated by commas, semicolons or new lines: "ball 5, star 7; whot"."""
    if not isinstance(text, str):
        raise TypeError(f"hand text must be a str, not {type(text).__name__}")
    pieces = [piece.strip() for piece in _SEPARATORS.split(text)]
    out = []
    for i, piece in enumerate(p for p in pieces if p):
        try:
            out.append(Card.parse(piece))
        except ValueError as error:
            raise ValueError(f"card {i + 1} ({piece!r}): {error}") from None
    return tuple(out)


def card_choices(nigerian: bool = False) -> list[str]:
    """Every distinct card's text, circles first and the Whot last: a top-card menu."""
    return [card.name(nigerian) for card in CARDS]


# ----------------------------------------------------------------------------------- HTML


def frame_html(
    frame: Frame,
    total: int | None = None,
    *,
    inline: bool = True,
    viewer: int | None = None,
) -> str:
    """The frame as HTML: a caption, the table, the step in sentences, and the AI's reason.

    `total` is the last step's number, for "Step 3 of 40". Every hand is face up unless `viewer`
    names the seat whose view to show. `inline=False` gives an `<img>` for hosts that strip SVG.
    """
    svg = table_svg(frame.state, viewer, nigerian=frame.nigerian, names=frame.names)
    return step_html(frame_caption(frame, total), svg, frame.sentences, frame.why, inline=inline)


def exploration_html(report: Exploration, *, inline: bool = True, nigerian: bool = False) -> str:
    """The explorer's answer as HTML: the top card (and call), the hand with the cards that may
    be played raised and framed, a table saying yes or no and why for each card, the legal
    moves, and why drawing is allowed. Words say what the highlights show."""
    state = report.state
    star_double = state.rules.star_double
    hand = [v.card for v in report.verdicts]
    marks = {i: "legal" if v.legal else "illegal" for i, v in enumerate(report.verdicts)}
    top = state.top
    if top is None:
        on = "No card on the pile yet: the leader starts it."
    else:
        on = f"On the pile: {top.name(nigerian)}"
        if state.called is not None:
            shape = state.called.nigerian_name if nigerian else state.called.value
            on += f", calling {shape}"
        if state.penalty:
            on += f"; a pick of {state.penalty} is waiting"
        on += "."
    pictures = []
    if top is not None:
        pictures.append(
            _picture(card_svg(top, nigerian=nigerian, star_double=star_double), str(top), inline)
        )
    hand_label = "hand: " + ", ".join(card.name(nigerian) for card in hand)
    pictures.append(
        _picture(
            hand_svg(hand, nigerian=nigerian, star_double=star_double, highlight=marks),
            hand_label,
            inline,
        )
    )
    rows = [
        f"<tr><td>{escape(v.card.name(nigerian))}</td><td>{'yes' if v.legal else 'no'}</td>"
        f"<td>{escape(in_shape_names(v.reason, nigerian))}</td></tr>"
        for v in report.verdicts
    ]
    draw = in_shape_names(report.draw_reason, nigerian)
    moves = ", ".join(m.text(nigerian) for m in report.legal_moves)
    return "\n".join(
        [
            '<div class="whot-explorer">',
            f'<p class="whot-top">{escape(on)}</p>',
            f'<div class="whot-pictures">{" ".join(pictures)}</div>',
            '<table class="whot-verdicts">',
            "<tr><th>card</th><th>may be played?</th><th>why</th></tr>",
            *rows,
            "</table>",
            f'<p class="whot-moves"><b>Legal moves ({len(report.legal_moves)}):</b> '
            f"{escape(moves)}</p>",
            f'<p class="whot-draw"><b>Draw:</b> {escape(draw)}</p>',
            "</div>",
        ]
    )
