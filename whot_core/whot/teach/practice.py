"""Practice questions that the engine checks: a real position, one task, feedback in its own words.

A question is a position (a `GameState`), sometimes a move or a seat, and a task of one of five
kinds. The answer is never written by hand: the engine works it out (legal moves, `apply`,
`penalty_points`), and `check` explains any response with the engine's own sentences
(`state.explain`, the events narrated, the scoring breakdown). So a question cannot teach a rule
the engine does not play, as in lichess's Learn path, where the board itself judges each try.

    >>> from whot_core import Rules
    >>> question = generate(Rules.preset("nigerian"), "next_player", seed=7)
    >>> question.check(question.answer).correct
    True
    >>> Question.from_json(question.to_json()).answer == question.answer
    True

`generate` takes its positions from games that AI players play with a seed, so the same seed gives
the same question and other seeds give others; `ask` builds a question on any position (the
lessons build theirs with `GameState.from_position`).
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from whot_core.toolkit.learning import Verdict
from whot_core.toolkit.records import json_text
from whot_core.whot.engine.cards import SHAPES, Card, Shape
from whot_core.whot.engine.effects import Effect
from whot_core.whot.engine.events import Event, Flipped, GameOver, HeldOn, Played, Reshuffled
from whot_core.whot.engine.moves import Announcement, Move
from whot_core.whot.engine.narrate import move_words, narrate, seat_name
from whot_core.whot.engine.records import GameRecord
from whot_core.whot.engine.rules import Announcements, Rules, rule_label
from whot_core.whot.engine.scoring import breakdown
from whot_core.whot.engine.state import GameState, new_game
from whot_core.whot.players import HeuristicPlayer, RandomPlayer

__all__ = [
    "FOCI",
    "KINDS",
    "Question",
    "Verdict",
    "ask",
    "card_reason",
    "foci",
    "generate",
    "idle_reason",
    "seat_does",
    "seats_have",
    "situation",
]

#: The five tasks: which cards may be played, is a move legal, who plays after a move, how many
#: cards each seat holds after a move, and one seat's count.
KINDS = ("playable", "legal", "next_player", "hand_sizes", "count")

FORMAT = "whot-practice-question"
VERSION = 1
#: A question holds one game's record up to its position: far below this (a record's own limit).
MAX_QUESTION_BYTES = 2_000_000
#: Games tried before a focus is given up as too rare under these rules (each about 10-40 ms).
MAX_GAMES = 12
#: A simulated game stops here if nobody has gone out (long games are rare; this bounds the time).
MAX_MOVES = 200
#: Without a focus the question is asked at a step below this, chosen from the seed (or at the
#: game's end, if it comes first): early, middle and late positions alike.
STOP_RANGE = 80
#: Share of seats given a random player rather than the heuristic one: random players draw more,
#: so their games reach the positions the heuristic avoids (an empty market, big hands).
RANDOM_SEATS = 0.35

_MOVE_KINDS = frozenset({"legal", "next_player", "hand_sizes"})
_PICKS = (Effect.PICK_TWO, Effect.PICK_THREE)


# ------------------------------------------------------------------------------------ values


@dataclass(frozen=True, eq=False)
class Question:
    """One task on one position. Build with `ask` or `generate`; the answer is the engine's.

    Two questions are the same question when their `to_json()` texts are equal.
    """

    kind: str
    state: GameState
    move: Move | None
    seat: int | None
    prompt: str
    choices: tuple[Any, ...]
    answer: Any

    def check(self, response: Any) -> Verdict:
        """Judge a learner's response. Never raises: an unreadable response is simply wrong,
        and the explanation says what could not be read."""
        spec = _SPECS[self.kind]
        why = spec.explain(self)
        right = f"The answer: {spec.say(self.answer)}."
        try:
            value = spec.read(response)
        except Exception as error:  # a learner's input may be anything: judge it, never crash
            return Verdict(False, f"That is not an answer here: {error}. {right} {why}")
        if value == self.answer:
            return Verdict(True, f"Right. {why}")
        return Verdict(False, f"Not quite: you said {spec.say(value)}. {right} {why}")

    # ------------------------------------------------------------------------------- JSON

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "kind": self.kind,
            "position": self.state.record().to_dict(),
            "move": None if self.move is None else str(self.move),
            "seat": self.seat,
            "answer": _SPECS[self.kind].to_plain(self.answer),
        }

    def to_json(self) -> str:
        """Deterministic text: the same question always gives the same bytes."""
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=True) + "\n"

    @classmethod
    def from_json(cls, text: str | bytes) -> Question:
        """Read a question and check it against the engine; ValueError names what is wrong."""
        return cls.from_dict(json_text(text, "question", MAX_QUESTION_BYTES))

    @classmethod
    def from_dict(cls, data: Any) -> Question:
        return _read_question(data)


def ask(
    kind: str, state: GameState, move: Move | str | None = None, seat: int | None = None
) -> Question:
    """A question of `kind` on `state`, its answer worked out by the engine.

    `move` is the move asked about (`legal`, `next_player`, `hand_sizes`); `seat` whose count
    (`count`). ValueError says what the kind needs: a live game, a legal move, a seat.
    """
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
    if not isinstance(state, GameState):
        raise TypeError(f"state must be a GameState, not {type(state).__name__}")
    move = _check_move(kind, state, move)
    seat = _check_seat(kind, state, seat)
    spec = _SPECS[kind]
    bare = Question(kind, state, move, seat, "", (), spec.answer(state, move, seat))
    return dataclasses.replace(bare, prompt=spec.prompt(bare), choices=spec.choices(bare))


def _check_move(kind: str, state: GameState, move: Move | str | None) -> Move | None:
    if kind not in _MOVE_KINDS:
        if move is not None:
            raise ValueError(f"move: a {kind} question is not about a move")
        return None
    if move is None:
        raise ValueError(f"move: a {kind} question needs the move it asks about")
    move = Move.parse(move) if isinstance(move, str) else move
    if not isinstance(move, Move):
        raise TypeError(f"move must be a Move or move text, not {type(move).__name__}")
    if state.is_over:
        raise ValueError("state: the game is over, so no move can be asked about")
    if kind != "legal":
        if not state.is_legal(move):
            raise ValueError(f"move: {move} is not legal here: {state.explain(move)}")
        if kind == "next_player" and state.apply(move).is_over:
            raise ValueError(f"move: {move} ends the game, so nobody plays next")
    return move


def _check_seat(kind: str, state: GameState, seat: int | None) -> int | None:
    if kind != "count":
        if seat is not None:
            raise ValueError(f"seat: a {kind} question is not about one seat")
        if state.is_over:
            raise ValueError(f"state: the game is over, so a {kind} question has no answer")
        return None
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        raise ValueError(f"seat must be a seat from 0 to {state.players - 1}, not {seat!r}")
    return seat


# ----------------------------------------------------------------------- the five kinds


@dataclass(frozen=True)
class _Spec:
    """What one kind of question needs: its answer from the engine, its words and choices, how
    to read a response, and how its answer is written in JSON."""

    answer: Callable[[GameState, Move | None, int | None], Any]
    prompt: Callable[[Question], str]
    choices: Callable[[Question], tuple[Any, ...]]
    explain: Callable[[Question], str]
    read: Callable[[Any], Any]
    say: Callable[[Any], str]
    to_plain: Callable[[Any], Any]


def seat_does(state: GameState, move: Move, nigerian: bool = False, *, may: str = "") -> str:
    """A move of the player to play, as the narration says it: "Seat 0 plays circle 1" (the
    seat named as everywhere, `seat_name`); `may="may not"` gives "Seat 0 may not play circle
    1"."""
    seat = seat_name(state.current_player)
    does = move_words(move, nigerian, base=bool(may), pick=state.penalty)
    return f"{seat} {may} {does}" if may else f"{seat} {does}"


def _may(q: Question) -> str:
    """The legal question's task: "May Seat 0 play circle 1 now?"."""
    does = move_words(q.move, base=True, pick=q.state.penalty)
    return f"May {seat_name(q.state.current_player)} {does} now?"


def situation(state: GameState) -> str:
    """Where play stands, as the player to move sees the table (their hand shown)."""
    seat = state.current_player
    top = state.top
    where = "with nothing on the pile yet" if top is None else f"on {top}"
    if state.called is not None:
        where += f" (the Whot calls {state.called})"
    text = f"{seat_name(seat)} to play {where}."
    if state.penalty:
        text += f" A pick of {state.penalty} cards is waiting on them."
    if _held_on(state):
        text += " They held on, so they play again."
    cards = ", ".join(map(str, state.hand(seat)))
    return f"{text} {seat_name(seat)} holds {cards}."


def _held_on(state: GameState) -> bool:
    """Whether the player to move held on and plays again: the last move played the top card,
    and a HeldOn event followed it (the events are read only then: they cost a whole log)."""
    top = state.top
    if top is None or top.is_whot or state.rules.effect_of(top.number) is not Effect.HOLD_ON:
        return False
    moves = state.moves
    if not moves or moves[-1].card != top:
        return False
    for event in reversed(state.events):
        if isinstance(event, HeldOn):
            return True
        if isinstance(event, Played):
            return False
    return False


def _outcome(state: GameState, move: Move) -> tuple[GameState, tuple[Event, ...]]:
    """The state after `move`, and the events it caused (what the narration reads aloud)."""
    before = len(state.events)
    after = state.apply(move)
    return after, after.events[before:]


def _what_happens(q: Question) -> tuple[GameState, str]:
    """The engine's verdict on the move, then its events in words."""
    after, events = _outcome(q.state, q.move)
    return after, f"{q.state.explain(q.move)} Then: {' '.join(narrate(events))}"


# --- playable


def _playable_answer(state: GameState, move: None, seat: None) -> frozenset[Card]:
    return frozenset(m.card for m in state.legal_moves() if m.card is not None)


def _distinct_hand(state: GameState) -> tuple[Card, ...]:
    return tuple(dict.fromkeys(state.hand(state.current_player)))


def _playable_explain(q: Question) -> str:
    """Each card of the hand with the engine's reason it may or may not be played."""
    reasons: dict[str, list[str]] = {}
    for card in _distinct_hand(q.state):
        reasons.setdefault(card_reason(q.state, card), []).append(str(card))
    return " ".join(f"{', '.join(cards)}: {why}" for why, cards in reasons.items())


def card_reason(state: GameState, card: Card) -> str:
    """The engine's reason that a card of the hand to play may or may not be played now."""
    move = next((m for m in state.legal_moves() if m.card == card), None) or _a_play(card, state)
    return state.explain(move)


def _a_play(card: Card, state: GameState) -> Move:
    """Playing `card` as a move (a Whot needs a call: the shape called now, else circle)."""
    return Move.play(card, call=(state.called or SHAPES[0]) if card.is_whot else None)


def _read_cards(response: Any) -> frozenset[Card]:
    if isinstance(response, str):
        response = [part for part in response.split(",") if part.strip()]
    if isinstance(response, Card):
        response = [response]
    if not isinstance(response, Iterable):
        raise TypeError(f"expected cards, like ['circle 5', 'whot'], not {response!r}")
    return frozenset(Card.of(item) for item in response)


def _say_cards(cards: frozenset[Card]) -> str:
    return ", ".join(map(str, sorted(cards))) if cards else "no card (only a draw)"


_PLAYABLE = _Spec(
    answer=_playable_answer,
    prompt=lambda q: f"{situation(q.state)} Which of these cards may be played now?",
    choices=lambda q: _distinct_hand(q.state),
    explain=_playable_explain,
    read=_read_cards,
    say=_say_cards,
    to_plain=lambda cards: [str(c) for c in sorted(cards)],
)

# --- legal

_YES = {"yes": True, "true": True, "legal": True, "no": False, "false": False, "illegal": False}


def _read_bool(response: Any) -> bool:
    if isinstance(response, bool):
        return response
    if isinstance(response, str) and response.strip().lower() in _YES:
        return _YES[response.strip().lower()]
    raise TypeError(f"expected True (legal) or False (not legal), not {response!r}")


def _legal_explain(q: Question) -> str:
    if not q.answer:
        return q.state.explain(q.move)
    return _what_happens(q)[1]


_LEGAL = _Spec(
    answer=lambda state, move, seat: state.is_legal(move),
    prompt=lambda q: f"{situation(q.state)} {_may(q)}",
    choices=lambda q: (True, False),
    explain=_legal_explain,
    read=_read_bool,
    say=lambda value: "legal" if value else "not legal",
    to_plain=bool,
)

# --- next_player


def _read_int(response: Any) -> int:
    if isinstance(response, str) and response.strip().isascii() and response.strip().isdigit():
        return int(response.strip())
    if isinstance(response, bool) or not isinstance(response, int):
        raise TypeError(f"expected a whole number, not {response!r}")
    return response


def _next_explain(q: Question) -> str:
    after, text = _what_happens(q)
    return f"{text} Next to play: {seat_name(after.current_player)}."


_NEXT = _Spec(
    answer=lambda state, move, seat: state.apply(move).current_player,
    prompt=lambda q: f"{situation(q.state)} {seat_does(q.state, q.move)}. Who plays next?",
    choices=lambda q: tuple(range(q.state.players)),
    explain=_next_explain,
    read=_read_int,
    say=seat_name,
    to_plain=int,
)

# --- hand_sizes


def _read_sizes(response: Any) -> tuple[int, ...]:
    if not isinstance(response, list | tuple):
        raise TypeError(f"expected one number per seat, like (5, 3), not {response!r}")
    return tuple(_read_int(n) for n in response)


def _sizes_choices(q: Question) -> tuple[tuple[int, ...], ...]:
    """The right sizes and the usual slips: nothing changes, only the mover's card counts, the
    draws land on the wrong seat, one card too many or too few for someone."""
    before = q.state.hand_sizes
    right = q.answer
    mover = q.state.current_player
    own = list(before)
    own[mover] = right[mover] if q.move.card is None else before[mover] - 1
    deltas = [a - b for a, b in zip(right, before, strict=True)]
    others = [s for s in range(len(before)) if s != mover]
    shifted = list(before)
    for i, seat in enumerate(others):
        shifted[others[(i + 1) % len(others)]] += deltas[seat]
    shifted[mover] += deltas[mover]
    slips = [tuple(before), tuple(own), tuple(shifted)]
    slips += [_nudge(right, seat, step) for step in (1, -1, 2) for seat in range(len(right))]
    return _four(right, slips, lambda sizes: min(sizes) >= 0)


def _nudge(sizes: tuple[int, ...], seat: int, step: int) -> tuple[int, ...]:
    out = list(sizes)
    out[seat] += step
    return tuple(out)


def _four(right: Any, slips: Iterable[Any], ok: Callable[[Any], bool]) -> tuple[Any, ...]:
    """The right answer and the first three distinct, sensible slips, in sorted order."""
    chosen = [right]
    for slip in slips:
        if len(chosen) == 4:
            break
        if slip not in chosen and ok(slip):
            chosen.append(slip)
    return tuple(sorted(chosen))


def _sizes_explain(q: Question) -> str:
    after, text = _what_happens(q)
    return f"{text} After it, {_say_sizes(after.hand_sizes)}."


def seats_have(values: Sequence[int], unit: str) -> str:
    """A number for each seat, in one form wherever a learner reads such a list: "Seat 0 has
    7 cards, Seat 1 has 1 card" (`unit` "card"; "point" for counts and totals)."""
    return ", ".join(
        f"{seat_name(seat)} has {n:,} {unit}{'' if n == 1 else 's'}"
        for seat, n in enumerate(values)
    )


def _say_sizes(sizes: Sequence[int]) -> str:
    return seats_have(sizes, "card")


def _sizes_prompt(q: Question) -> str:
    return (
        f"{situation(q.state)} Now {_say_sizes(q.state.hand_sizes)}. "
        f"{seat_does(q.state, q.move)}. "
        "How many cards does each seat hold after it?"
    )


_SIZES = _Spec(
    answer=lambda state, move, seat: state.apply(move).hand_sizes,
    prompt=_sizes_prompt,
    choices=_sizes_choices,
    explain=_sizes_explain,
    read=_read_sizes,
    say=_say_sizes,
    to_plain=list,
)

# --- count


def _count_choices(q: Question) -> tuple[int, ...]:
    """The right count and the usual slips: stars counted the other way, a Whot counted at
    face value nought or 10, one card forgotten."""
    hand = q.state.hand(q.seat)
    star_double = q.state.rules.star_double
    flipped = sum(s.points for s in breakdown(hand, not star_double))
    whots = sum(card.is_whot for card in hand)
    biggest = max((s.points for s in breakdown(hand, star_double)), default=0)
    right = q.answer
    slips = [flipped, right - 20 * whots, right - 10 * whots, right - biggest, right + 1, right - 1]
    slips += [right + k for k in (2, 3, 5)]
    return _four(right, slips, lambda n: n >= 0)


def _count_explain(q: Question) -> str:
    """The count card by card (scoring's breakdown), then the total and the star rule."""
    hand = q.state.hand(q.seat)
    if not hand:
        return f"{seat_name(q.seat)} holds no cards, so the count is 0."
    star_double = q.state.rules.star_double
    lines = [
        "a Whot counts 20"
        if s.card.is_whot
        else f"{s.card} counts {'double, ' if s.points != s.face else ''}{s.points}"
        for s in breakdown(hand, star_double)
    ]
    lines[0] = lines[0].replace("a Whot", "A Whot", 1)  # a card's text starts lowercase
    text = f"{'; '.join(lines)}. Total {sum(s.points for s in breakdown(hand, star_double))}."
    if any(card.shape is Shape.STAR for card in hand):
        text += " Stars count double here." if star_double else " Stars count face value here."
    return text


def _count_prompt(q: Question) -> str:
    cards = ", ".join(map(str, q.state.hand(q.seat)))
    lead = "The game is over." if q.state.is_over else "Suppose the game ended now with a count."
    holds = f"holds {cards}" if cards else "has no cards left"
    return f"{lead} {seat_name(q.seat)} {holds}. What is {seat_name(q.seat)}'s count?"


_COUNT = _Spec(
    answer=lambda state, move, seat: state.penalty_points()[seat],
    prompt=_count_prompt,
    choices=_count_choices,
    explain=_count_explain,
    read=_read_int,
    say=str,
    to_plain=int,
)

_SPECS: dict[str, _Spec] = {
    "playable": _PLAYABLE,
    "legal": _LEGAL,
    "next_player": _NEXT,
    "hand_sizes": _SIZES,
    "count": _COUNT,
}


# ------------------------------------------------------------------------------ JSON reading


def _read_question(data: Any) -> Question:
    """A question from plain data: every field checked, the position rebuilt by replaying its
    record, and the stored answer compared with the engine's."""
    if not isinstance(data, dict):
        raise ValueError("question: expected a JSON object")
    expected = {"format", "version", "kind", "position", "move", "seat", "answer"}
    if set(data) != expected:
        missing, extra = sorted(expected - set(data)), sorted(set(data) - expected)
        raise ValueError(f"question: missing fields {missing}, unknown fields {extra}")
    if data["format"] != FORMAT:
        raise ValueError(f"question: format must be {FORMAT!r}, not {data['format']!r}")
    if data["version"] != VERSION or isinstance(data["version"], bool):
        raise ValueError(f"question: version {data['version']!r} is not supported (only 1)")
    kind = data["kind"]
    if kind not in KINDS:
        raise ValueError(f"question: kind must be one of {', '.join(KINDS)}, not {kind!r}")
    state = _read_position(data["position"])
    move = _read_field("move", data["move"], str, Move.parse)
    seat = _read_field("seat", data["seat"], int, int)
    try:
        question = ask(kind, state, move, seat)
    except (TypeError, ValueError) as error:
        raise ValueError(f"question: {error}") from None
    _check_answer(question, data["answer"])
    return question


def _read_position(plain: Any) -> GameState:
    try:
        return GameRecord.from_dict(plain).replay()
    except (TypeError, ValueError) as error:
        raise ValueError(f"question: position: {error}") from None


def _read_field(name: str, plain: Any, kind: type, convert: Callable[[Any], Any]) -> Any:
    if plain is None:
        return None
    if isinstance(plain, bool) or not isinstance(plain, kind):
        raise ValueError(f"question: {name} must be {kind.__name__} or null, not {plain!r}")
    try:
        return convert(plain)
    except (TypeError, ValueError) as error:
        raise ValueError(f"question: {name}: {error}") from None


def _check_answer(question: Question, plain: Any) -> None:
    spec = _SPECS[question.kind]
    if json.dumps(plain, sort_keys=True) != json.dumps(spec.to_plain(question.answer)):
        raise ValueError(
            f"question: answer says {plain!r} but the engine gives "
            f"{spec.to_plain(question.answer)!r} (tampered or wrong question)"
        )


# ------------------------------------------------------------------------------- generating


@dataclass(frozen=True)
class _Ask:
    """A candidate question: a position, the move or seat asked about, and the position
    before it (to see what the last move did)."""

    state: GameState
    move: Move | None
    seat: int | None
    before: GameState | None


@dataclass(frozen=True)
class _Focus:
    """A rule a question can aim at: the kinds it suits, whether a candidate shows it, and why
    it is idle under some rules (None when it is not)."""

    kinds: frozenset[str]
    shows: Callable[[_Ask], bool]
    idle: Callable[[Rules], str | None]


def generate(
    rules: Rules, kind: str, seed: int, players: int | None = None, focus: str | None = None
) -> Question:
    """A question on a real position of a game that AI players play with `seed`.

    `players` defaults to a number chosen from the seed (2 to 4, as the rules allow); `focus`
    (a rule's field name or an effect's name) aims the question at that rule, and ValueError
    says why when these rules leave the rule idle. The same arguments give the same question.
    """
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
    wanted = _focus(rules, kind, focus)
    rng = random.Random(f"whot-practice:{kind}:{focus}:{seed}:{players}")
    if players is None:
        players = rng.randint(rules.min_players, min(4, rules.max_players))
    rules.check_players(players)
    found = _unfocused(rules, players, kind, rng) if focus is None else None
    for _ in range(0 if focus is None else MAX_GAMES):
        steps = list(_play(rules, players, rng))
        order = list(range(len(steps)))
        rng.shuffle(order)
        found = _pick([steps[i] for i in order], kind, wanted, rng)
        if found is not None:
            break
    if found is None:
        raise ValueError(
            f"focus: no position showing {_focus_words(focus)} came up in {MAX_GAMES} games "
            "under these rules (try another seed)"
        )
    return ask(kind, found.state, found.move, found.seat)


def _unfocused(rules: Rules, players: int, kind: str, rng: random.Random) -> _Ask:
    """The position at a step chosen from the seed (or the game's end, if it comes first); if
    the kind cannot be asked there, the nearest earlier position where it can."""
    stop = rng.randrange(STOP_RANGE)
    steps = []
    for step in _play(rules, players, rng):
        steps.append(step)
        if len(steps) > stop:
            break
    found = _pick(steps[::-1], kind, lambda candidate: True, rng)
    assert found is not None, "the first position of a game suits every kind"
    return found


def _play(rules: Rules, players: int, rng: random.Random) -> Iterator[_Ask]:
    """Every position of one seeded game, each with the move its player chose there (the
    final position with none), as the game is played: a caller may stop early."""
    state = new_game(rules, players, rng.getrandbits(64))
    seats = [
        RandomPlayer(rng.getrandbits(32)) if rng.random() < RANDOM_SEATS else HeuristicPlayer()
        for _ in range(players)
    ]
    before = None
    for _ in range(MAX_MOVES):
        if state.is_over:
            break
        move = seats[state.current_player].choose(state.view(state.current_player)).move
        yield _Ask(state, move, None, before)
        before, state = state, state.apply(move)
    yield _Ask(state, None, None, before)


def _pick(steps: list[_Ask], kind: str, wanted: Callable[[_Ask], bool], rng) -> _Ask | None:
    """The first candidate, position by position, that suits `kind` and shows the focus."""
    for step in steps:
        for candidate in _candidates(kind, step, rng):
            if _suits(kind, candidate) and wanted(candidate):
                return candidate
    return None


def _candidates(kind: str, step: _Ask, rng: random.Random) -> list[_Ask]:
    """What could be asked at one position, the likeliest first: the move the player chose,
    then the other legal moves (and, for `legal`, the illegal plays of the hand)."""
    state = step.state
    if kind == "count":  # an empty hand (the winner's) counts 0: nothing to work out
        seats = list(range(state.players))
        rng.shuffle(seats)  # a seat with no cards has nothing to count
        return [_Ask(state, None, seat, step.before) for seat in seats if state.hand(seat)]
    if step.move is None:  # the final position: only a count is asked there
        return []
    if kind == "playable":
        return [_Ask(state, None, None, step.before)]
    others = [m for m in state.legal_moves() if m != step.move]
    rng.shuffle(others)
    moves = [step.move, *others]
    if kind == "legal":
        wrong = _illegal_moves(state)
        rng.shuffle(wrong)
        moves = [*moves, *wrong] if rng.random() < 0.5 else [*wrong, *moves]
    return [_Ask(state, move, None, step.before) for move in moves]


def _illegal_moves(state: GameState) -> list[Move]:
    """Plays of the hand's cards that the rules refuse here, and (under `penalty`) legal plays
    with the wrong announcement."""
    legal = state.legal_moves()
    playable = {m.card for m in legal}
    wrong = [_a_play(c, state) for c in _distinct_hand(state) if c not in playable]
    if state.rules.announcements is Announcements.PENALTY:
        for move in legal:
            if move.announce is not None:
                other = _other_words(move.announce)
                wrong.append(move.with_announcement(other))
    return wrong


def _other_words(words: Announcement) -> Announcement:
    if words is Announcement.LAST_CARD:
        return Announcement.SEMI_LAST_CARD
    return Announcement.LAST_CARD


def _suits(kind: str, candidate: _Ask) -> bool:
    """Whether `ask` would accept the candidate (a next player needs a game that goes on)."""
    if kind != "next_player":
        return True
    return not candidate.state.apply(candidate.move).is_over


# ----------------------------------------------------------------------------------- focus


def idle_reason(rules: Rules, focus: str) -> str | None:
    """Why `focus` (a name in FOCI) changes nothing under `rules`, or None if it can matter:
    its card is missing, or `rules.idle_toggles()` names it. The lessons ask the same."""
    if focus not in FOCI:
        raise ValueError(f"focus must be one of {', '.join(sorted(FOCI))}, not {focus!r}")
    return FOCI[focus].idle(rules) or rules.idle_toggles().get(focus)


def foci(rules: Rules, kind: str) -> tuple[str, ...]:
    """The rules a `kind` question can aim at under `rules`: those that can happen under them
    and that this kind can show (the player limits, which any position shows, left out)."""
    return tuple(
        name
        for name in sorted(FOCI)
        if kind in FOCI[name].kinds
        and name not in ("min_players", "max_players")
        and idle_reason(rules, name) is None
    )


def _focus(rules: Rules, kind: str, focus: str | None) -> Callable[[_Ask], bool]:
    """The test a candidate must pass to show `focus`; ValueError if the rules leave it idle
    or the kind cannot show it."""
    if focus is None:
        return lambda candidate: True
    why = idle_reason(rules, focus)
    if why:
        raise ValueError(f"focus: {_focus_words(focus)} changes nothing under these rules: {why}")
    spec = FOCI[focus]
    if kind not in spec.kinds:
        kinds = ", ".join(k for k in KINDS if k in spec.kinds)
        raise ValueError(f"focus: a {kind} question cannot show {_focus_words(focus)}; ask {kinds}")
    return spec.shows


def _focus_words(focus: str) -> str:
    """A focus as a learner reads it: a rule's label, an effect's name, or the Whot."""
    if focus in {e.value for e in Effect}:
        return Effect(focus).title.lower()
    if focus == "whot":
        return "the Whot"
    return rule_label(focus)


def _effect(rules: Rules, card: Card | None) -> Effect | None:
    if card is None or card.is_whot:
        return None
    return rules.effect_of(card.number)


def _involved(candidate: _Ask) -> list[Card]:
    """The cards a question is about: the move's card, the playable cards, the counted hand,
    and a top card whose effect is still live (a pick waiting, a call, a hold on)."""
    state = candidate.state
    if candidate.seat is not None:
        return list(state.hand(candidate.seat))
    cards = []
    if candidate.move is not None:
        cards.append(candidate.move.card)
    else:
        cards += [m.card for m in state.legal_moves()]
    if state.penalty or state.called or _held_on(state):
        cards.append(state.top)
    return [card for card in cards if card is not None]


def _has_effect(*effects: Effect) -> Callable[[_Ask], bool]:
    def shows(candidate: _Ask) -> bool:
        rules = candidate.state.rules
        return any(_effect(rules, card) in effects for card in _involved(candidate))

    return shows


def _needs_effect(*effects: Effect) -> Callable[[Rules], str | None]:
    names = " or ".join(e.title.lower() for e in effects)

    def idle(rules: Rules) -> str | None:
        if set(rules.specials.values()) & set(effects):
            return None
        return f"no card has the {names} effect"

    return idle


def _never(rules: Rules) -> None:
    return None


def _shows_whot(candidate: _Ask) -> bool:
    return any(card.is_whot for card in _involved(candidate))


def _shows_last_card(candidate: _Ask) -> bool:
    state = candidate.state
    return len(state.hand(state.current_player)) == 1


def _shows_announcement(candidate: _Ask) -> bool:
    """A play that leaves one or two cards: the words are due."""
    state = candidate.state
    if candidate.move is not None and candidate.move.card is None:
        return False
    return len(state.hand(state.current_player)) in (2, 3)


def _no_announcements(rules: Rules) -> str | None:
    if rules.announcements is Announcements.NONE:
        return "these rules have no announcements"
    return None


def _shows_empty_market(candidate: _Ask) -> bool:
    """The market runs out: turned over, shuffled, or the game ends with a count."""
    if candidate.move is not None:
        events = _outcome(candidate.state, candidate.move)[1]
    else:
        events = _recent(candidate)
    return any(
        isinstance(e, Flipped | Reshuffled) or (isinstance(e, GameOver) and e.reason == "count")
        for e in events
    )


def _recent(candidate: _Ask) -> tuple[Event, ...]:
    """The events of the move that led to the candidate's position."""
    if candidate.before is None:
        return ()
    return candidate.state.events[len(candidate.before.events) :]


def _shows_a_pair(candidate: _Ask) -> bool:
    """The player to move holds a fitting card and another of its number (not Whots)."""
    state = candidate.state
    hand = [card for card in state.hand(state.current_player) if not card.is_whot]
    numbers = [card.number for card in hand]
    return any(numbers.count(card.number) > 1 for card in state.playable_cards() if card in hand)


def _shows_a_fit(candidate: _Ask) -> bool:
    """The player to move holds a card that fits: `must_play` forbids the draw."""
    return bool(candidate.state.playable_cards())


def _shows_first_move(candidate: _Ask) -> bool:
    return not candidate.state.moves


def _shows_first_round(candidate: _Ask) -> bool:
    return len(candidate.state.moves) < candidate.state.players


def _shows_twin(candidate: _Ask) -> bool:
    """With two packs, a hand holding two of one card; with one pack, any position."""
    state = candidate.state
    if state.rules.packs == 1:
        return True
    seat = candidate.seat if candidate.seat is not None else state.current_player
    hand = state.hand(seat)
    return len(set(hand)) < len(hand)


def _shows_follow_up(candidate: _Ask) -> bool:
    """The play after a hold on: this position, or a hold on card being played."""
    if _held_on(candidate.state):
        return True
    return candidate.move is not None and _has_effect(Effect.HOLD_ON)(candidate)


def _shows_star(candidate: _Ask) -> bool:
    return any(card.shape is Shape.STAR for card in _involved(candidate))


def _shows_pick(candidate: _Ask) -> bool:
    return candidate.state.penalty > 0 or _has_effect(*_PICKS)(candidate)


def _shows_star8(candidate: _Ask) -> bool:
    return Card.parse("star 8") in _involved(candidate)


def _star8_idle(rules: Rules) -> str | None:
    return None if rules.specials.get(8) is Effect.SUSPENSION else "8 is not a suspension card"


def _no_specials(rules: Rules) -> str | None:
    return None if rules.specials else "no number has a special effect"


_ALL = frozenset(KINDS)
_PLAYS = frozenset({"playable", "legal", "next_player", "hand_sizes"})


def _foci() -> dict[str, _Focus]:
    """Every focus: each effect by name, each rules field, and the Whot."""
    foci = {
        effect.value: _Focus(_ALL, _has_effect(effect), _needs_effect(effect)) for effect in Effect
    }
    hold_on = foci[Effect.HOLD_ON.value]
    general_market = foci[Effect.GENERAL_MARKET.value]
    foci |= {
        "whot": _Focus(_ALL, _shows_whot, _never),
        "whot_cards": _Focus(_ALL, _shows_whot, _never),
        "packs": _Focus(_ALL, _shows_twin, _never),
        "hand_size": _Focus(_ALL, _shows_first_round, _never),
        "start": _Focus(_PLAYS, _shows_first_move, _never),
        "specials": _Focus(_ALL, _has_effect(*Effect), _no_specials),
        "hold_on_free_follow": _Focus(_PLAYS, _shows_follow_up, hold_on.idle),
        "defence": _Focus(_ALL, _shows_pick, _needs_effect(*_PICKS)),
        "cross_defence": _Focus(_ALL, _shows_pick, _needs_effect(*_PICKS)),
        "whot_cancels_pick": _Focus(_ALL, _shows_pick, _needs_effect(*_PICKS)),
        "star8_double": _Focus(_ALL, _shows_star8, _star8_idle),
        "general_market_again": general_market,
        "win_on_special": _Focus(_PLAYS, _shows_last_card, _never),
        "must_play": _Focus(frozenset({"legal", "playable"}), _shows_a_fit, _never),
        "multiple_cards": _Focus(_PLAYS, _shows_a_pair, _never),
        "announcements": _Focus(_PLAYS, _shows_announcement, _no_announcements),
        "exhausted": _Focus(
            frozenset({"next_player", "hand_sizes", "count"}), _shows_empty_market, _never
        ),
        "star_double": _Focus(frozenset({"count"}), _shows_star, _never),
        "match": _Focus(frozenset({"count"}), lambda c: c.state.is_over, _never),
        "min_players": _Focus(_ALL, lambda c: True, _never),
        "max_players": _Focus(_ALL, lambda c: True, _never),
    }
    return foci


#: What `focus` may name: every `Rules` field, every effect, and `whot`.
FOCI: dict[str, _Focus] = _foci()
