"""Many games at once: one table row a game (or a move), and two rule sets side by side.

    >>> from whot_core import Rules
    >>> from whot_core.whot.players.simulate import simulate
    >>> games = simulate(Rules.preset("british"), ["random", "random"], games=4, seed=7)
    >>> len(games), sorted(games.end_reason.unique()) == ["check_up"]
    (4, True)

`simulate` needs pandas (the `sim` extra); `import whot_core` does not, so this module imports it
only when a table is built.

Players
-------
`players` lists one entry per player; player `k` is "p{k}" in the column names. An entry is

* a name: an AI level, `"random"`, `"heuristic"` or `"search"` (`whot_core.whot.players.LEVELS`,
  the levels of the app's pages);
* a factory: any callable called as `factory(seed=...)` that returns a player, for example the
  `RandomPlayer` class or `functools.partial(SearchPlayer, simulations=200)`;
* a player object (anything with `choose(view)`), copied afresh for every game: the way to pass
  a `HeuristicPlayer()` configured by hand.

Every game builds its players anew, and names and factories receive a seed derived from the game's
seed, so a game plays the same wherever and in whatever order it runs. A player object is copied
before each game instead: every game starts it from the same state (a seeded random player passed
as an object replays the same random stream each game; pass a name or factory to vary it). A
`SearchPlayer` with a `time_limit` is the one player whose moves depend on the machine's speed.
The names build `EagerRandomPlayer(seed=...)`, `HeuristicPlayer()` and `SearchPlayer(seed=...)`
(with its default budget of 1,000 simulations a move: slow for big batches); pass the
`RandomPlayer` class for a player that also draws by choice, uniformly at random.
A player's `choose(view)` gets the seat's `PlayerView`, never the full state, and returns a
`Decision` (`.move`, `.reason`) or a bare `Move`.

Seats
-----
With `rotate_seats=True` (the default) player `k` sits in seat `(k + game) % players`, so over a
multiple of `players` games every player sits in every seat equally often. The dealer is cut for as
the rules say (`dealer=None`) unless given, and the *leader* (the seat left of the dealer) moves
first: "first seat" in the columns and in `compare` means the leader, whoever that is.

One row a game: the columns
---------------------------
==========================  ======================================================================
game                        0, 1, ... in the order of the seeds
seed                        the game's seed: `new_game(rules, players, seed, dealer)` deals it again
players                     how many players
seat_p0, seat_p1, ...       the seat of each player
dealer, leader              seats; the leader moves first
leader_player               the player in the leader's seat
end_reason                  `check_up`, `count`, or `move_limit` (stopped after `max_moves`)
winners                     the winning players, a tuple of player indices (several on a tied count;
                            empty at the move limit)
winner_seats                the same, as seats
win_share_p0, ...           1 for a sole winner, 1/k for each of k sharing a count, else 0
first_seat_share            the leader's win share
moves                       moves made (a hold-on follow-up is a move of its own)
turns                       moves, less the follow-ups after a hold on (`play_again`) or a general
                            market under `general_market_again`: the same player's turn goes on
drawn                       cards drawn from the market, for any reason
drawn_market, drawn_pick,   cards drawn per `DrawReason`: by choice, for pick two/three, general
drawn_general_market,       market, the 1970s 4, a missed announcement
drawn_everyone_picks_two,
drawn_announcement
played_hold_on, ...         cards played per effect under these rules (`rules.effect_of`),
played_whot                 counted by card, so a special played as the last card counts too
missed_turns                `MissedTurn` events (picks, suspensions, hold on as `skip_next`)
announcements_missed        plays penalised for a missing "last card" / "semi last card"
flips, reshuffles           times the market was refilled from the pile
points_p0, ...              each player's penalty points for the cards held at the end
==========================  ======================================================================

Every count comes from the finished game's typed events (`state.events`) and its moves.

One row a move (`per_move=True`)
--------------------------------
game, ply (0, 1, ... within the game), seat, player, move (text), kind (`play` or `draw`), card
(text, or None for a draw), special (the card's effect, `whot`, or None), hand_size and top (the
seat's hand size and the top card before the move; top is None before the first card), called
(the shape a Whot on top asked for, or None), reason (the player's `Decision.reason`).

Determinism and executors
-------------------------
Game `i` takes its seed from `(seed, i)` alone (a SHA-256 of both), and its players' seeds from
the game's seed, so any chunk of games can run anywhere: the table is the same run serially, on a
`concurrent.futures.ProcessPoolExecutor`, or on a cluster. Pass any object with the
`concurrent.futures.Executor` interface as `executor`; `simulate` only calls its `submit()` and
the futures' `result()`, and never shuts it down. Chunks of `chunk_size` games are submitted at
once and gathered in game order. What a worker receives is pickled: the rules, the player
entries (names, module-level factories and player classes pickle; lambdas do not) and a few
numbers.

* Dask: `from distributed import Client; client = Client(address)`, then
  `simulate(..., executor=client.get_executor())`. The workers need `whot_core` installed.
* Ray: wrap it in a small `Executor` whose `submit(fn, *args)` returns
  `ray.remote(fn).remote(*args).future()` (an `ObjectRef` turns into a `concurrent.futures.Future`),
  and pass that. Nothing else changes. (Not exercised by this project's tests.)

`compare` runs two rule sets on the same game seeds (common random numbers: the same shuffles and
the same players, so the difference shows the rules rather than the luck of the deal) and
summarises them side by side.
"""

from __future__ import annotations

import copy
import functools
import hashlib
import inspect
import math
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ..engine.cards import CARDS
from ..engine.effects import Effect
from ..engine.events import DrawReason, GameOver, iter_log
from ..engine.moves import Move
from ..engine.rules import HoldOn, Rules
from ..engine.state import GameState, new_game
from ..engine.views import PlayerView

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "SUMMARY_ROWS",
    "Comparison",
    "MoveRow",
    "compare",
    "derive_seed",
    "game_columns",
    "game_stats",
    "move_columns",
    "play_game",
    "seating",
    "simulate",
    "summarize",
    "wilson_interval",
    "win_shares",
]

#: Stop a game after this many moves unless told otherwise: only a guard against players that
#: never finish (one that always draws, under `reshuffle`, plays forever). Random play under the
#: `nigerian` preset can run to tens of thousands of moves, so the guard is set well above that.
DEFAULT_MAX_MOVES = 100_000

#: Games per chunk handed to the executor (and between two progress calls).
DEFAULT_CHUNK_SIZE = 20

MOVE_LIMIT = "move_limit"

_DRAW_REASONS = tuple(reason.value for reason in DrawReason)
_SPECIAL_KINDS = (*(effect.value for effect in Effect), "whot")


class Player(Protocol):
    def choose(self, view: Any) -> Any: ...


PlayerSpec = str | Callable[[int], Player] | Player
Progress = Callable[[int, int], None]


# ------------------------------------------------------------------------------ seeds and seats


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from `parts`, the same in every process and on every machine.

    Python's `hash()` of a string changes between processes, so the seed is a SHA-256 of the parts'
    text instead. 63 bits keep it a positive int64 for pandas.
    """
    text = ":".join(str(part) for part in parts)
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def seating(game: int, players: int, rotate: bool) -> tuple[int, ...]:
    """The seat of each player in game `game`: shifted one seat per game when rotating."""
    if not rotate:
        return tuple(range(players))
    return tuple((k + game) % players for k in range(players))


# ------------------------------------------------------------------------------------ one game


@dataclass(frozen=True, slots=True)
class MoveRow:
    """One move as `play_game` saw it, before the move was made."""

    ply: int
    seat: int
    move: Move
    hand_size: int
    top: str | None
    called: str | None
    reason: str


def play_game(
    state: GameState,
    players: Sequence[Player],
    *,
    max_moves: int = DEFAULT_MAX_MOVES,
    record: bool = False,
) -> tuple[GameState, list[MoveRow]]:
    """Play a copy of `state` until it ends or `max_moves` moves are made; `state` is untouched.

    `players[seat]` chooses for `seat` from `state.view(seat)`, never the full state. A move among
    the legal moves is pushed unchecked (the fast path); anything else goes through `apply`, which
    accepts the other legal spellings (an announcement under `informative`) and raises
    `IllegalMove` naming the rule otherwise. Returns the final state and, when `record`, one
    `MoveRow` a move.
    """
    state = state.clone()
    rows: list[MoveRow] = []
    for ply in range(max_moves):
        seat = state.current_player
        if seat is None:
            break
        # The state's legal moves, shared with the view (which would work out the same ones).
        # The check below uses this tuple, which nothing the player holds can change.
        legal = state.legal_moves()
        view = PlayerView._of(state, seat, legal)
        decision = players[seat].choose(view)
        move = decision if isinstance(decision, Move) else decision.move
        if record:
            top = state.top
            rows.append(
                MoveRow(
                    ply=ply,
                    seat=seat,
                    move=move,
                    hand_size=view.hand_sizes[seat],
                    top=None if top is None else str(top),
                    called=None if state.called is None else state.called.value,
                    reason="" if isinstance(decision, Move) else str(decision.reason),
                )
            )
        if move in legal:
            state.push(move)
        else:
            state = state.apply(move)  # raises IllegalMove with the rule's words
    return state, rows


def game_stats(state: GameState) -> dict[str, Any]:
    """The counts of one game, by seat, from its events and its moves.

    Keys: dealer and leader (for a position set up by hand: no dealer, and the leader is whoever
    moved first), end_reason, winner_seats, points (by seat), moves, turns, drawn (by
    `DrawReason` value), played (by effect value, and `whot`), missed_turns,
    announcements_missed, flips, reshuffles. Works on any state: one not over yet counts as
    stopped at the move limit, with no winners and the points of the cards held now.
    """
    rules = state.rules
    kinds = _special_kinds(rules)
    drawn = dict.fromkeys(_DRAW_REASONS, 0)
    played = dict.fromkeys(_SPECIAL_KINDS, 0)
    missed = flips = reshuffles = announcements_missed = 0
    dealer = leader = None
    over: tuple | None = None
    # The logged tuples, read as `engine.events.to_event` reads them, without building each
    # event: this runs once a game in every simulation.
    for raw in iter_log(state._log):
        kind = raw[0]
        if leader is None and (kind == "played" or kind == "drew"):
            leader = raw[1]  # a position set up by hand: whoever moved first
        if kind == "drew":
            drawn[raw[3]] += raw[5]
        elif kind == "played":
            special = kinds[raw[2]]
            if special is not None:
                played[special] += 1
        elif kind == "missed_turn":
            missed += 1
        elif kind == "announcement_missed":
            announcements_missed += 1
        elif kind == "flipped":
            flips += 1
        elif kind == "reshuffled":
            reshuffles += 1
        elif kind == "dealt":
            dealer, leader = raw[1], raw[2]
        elif kind == "game_over":
            over = GameOver(*raw[1:])
    moves = state.moves
    again = _playing_again(rules)
    follow_ups = sum(1 for move in moves[:-1] if move.card is not None and move.card.code in again)
    return {
        "dealer": dealer,
        "leader": leader,
        "end_reason": over.reason if over else MOVE_LIMIT,
        "winner_seats": over.winners if over else (),
        "points": over.points if over else state.penalty_points(),
        "moves": len(moves),
        "turns": len(moves) - follow_ups,
        "drawn": drawn,
        "played": played,
        "missed_turns": missed,
        "announcements_missed": announcements_missed,
        "flips": flips,
        "reshuffles": reshuffles,
    }


@functools.lru_cache(maxsize=64)
def _special_kinds(rules: Rules) -> tuple[str | None, ...]:
    """By card code: the `played_*` column a play of it counts in (`whot`, or its effect's
    value), or None for a plain card."""
    return tuple(
        "whot" if card.is_whot else None if effect is None else effect.value
        for card, effect in zip(CARDS, rules._effects, strict=True)
    )


@functools.lru_cache(maxsize=64)
def _playing_again(rules: Rules) -> frozenset[int]:
    """The codes of the cards whose play leaves the same player's turn going on: hold on when it
    means playing again, general market when the rules say so."""
    again = set()
    if rules.hold_on is HoldOn.PLAY_AGAIN:
        again.add(Effect.HOLD_ON)
    if rules.general_market_again:
        again.add(Effect.GENERAL_MARKET)
    return frozenset(code for code, effect in enumerate(rules._effects) if effect in again)


# ------------------------------------------------------------------------------------ columns


def game_columns(players: int) -> list[str]:
    """The per-game columns, in order, for `players` players (see the module docstring)."""
    each = range(players)
    return [
        "game",
        "seed",
        "players",
        *(f"seat_p{k}" for k in each),
        "dealer",
        "leader",
        "leader_player",
        "end_reason",
        "winners",
        "winner_seats",
        *(f"win_share_p{k}" for k in each),
        "first_seat_share",
        "moves",
        "turns",
        "drawn",
        *(f"drawn_{reason}" for reason in _DRAW_REASONS),
        *(f"played_{kind}" for kind in _SPECIAL_KINDS),
        "missed_turns",
        "announcements_missed",
        "flips",
        "reshuffles",
        *(f"points_p{k}" for k in each),
    ]


def move_columns() -> list[str]:
    """The per-move columns, in order."""
    return [
        "game",
        "ply",
        "seat",
        "player",
        "move",
        "kind",
        "card",
        "special",
        "hand_size",
        "top",
        "called",
        "reason",
    ]


def win_shares(winner_seats: Sequence[int], seats: Sequence[int]) -> tuple[float, ...]:
    """Each player's share of the win: 1/k for each of k winners (a tied count), else 0.

    `seats[k]` is player k's seat; the winners are seats.
    """
    share = 1.0 / len(winner_seats) if winner_seats else 0.0
    return tuple(share if seat in winner_seats else 0.0 for seat in seats)


def _game_row(game: int, seed: int, seats: tuple[int, ...], stats: dict[str, Any]) -> list:
    n = len(seats)
    player_at = _inverse(seats)
    winner_seats = tuple(stats["winner_seats"])
    shares = win_shares(winner_seats, seats)
    share = 1.0 / len(winner_seats) if winner_seats else 0.0
    leader = stats["leader"]
    drawn = stats["drawn"]
    return [
        game,
        seed,
        n,
        *seats,
        stats["dealer"],
        leader,
        player_at[leader],
        stats["end_reason"],
        tuple(sorted(player_at[s] for s in winner_seats)),
        winner_seats,
        *shares,
        share if leader in winner_seats else 0.0,
        stats["moves"],
        stats["turns"],
        sum(drawn.values()),
        *(drawn[reason] for reason in _DRAW_REASONS),
        *(stats["played"][kind] for kind in _SPECIAL_KINDS),
        stats["missed_turns"],
        stats["announcements_missed"],
        stats["flips"],
        stats["reshuffles"],
        *(stats["points"][seats[k]] for k in range(n)),
    ]


def _move_row(game: int, rules: Rules, player_at: tuple[int, ...], row: MoveRow) -> list:
    card = row.move.card
    return [
        game,
        row.ply,
        row.seat,
        player_at[row.seat],
        str(row.move),
        "draw" if card is None else "play",
        None if card is None else str(card),
        None if card is None else _special_kinds(rules)[card.code],
        row.hand_size,
        row.top,
        row.called,
        row.reason,
    ]


def _inverse(seats: tuple[int, ...]) -> tuple[int, ...]:
    player_at = [0] * len(seats)
    for player, seat in enumerate(seats):
        player_at[seat] = player
    return tuple(player_at)


# ------------------------------------------------------------------------------------ players


def _levels():
    from .. import players  # this module's package: the AI players and their levels

    return players.LEVELS


def _named_player(name: str, seed: int) -> Player:
    return _levels().make(name, seed=seed)


def _make_player(spec: PlayerSpec, seed: int) -> Player:
    if isinstance(spec, str):
        return _named_player(spec, seed)
    if isinstance(spec, type) or not hasattr(spec, "choose"):
        return spec(seed=seed)  # a factory (a player class is one too)
    return copy.deepcopy(spec)


def _check_spec(index: int, spec: object) -> None:
    if isinstance(spec, str):
        if spec not in _levels():
            names = ", ".join(repr(n) for n in _levels())
            raise ValueError(f"players[{index}]: unknown player {spec!r}; the names are {names}")
    elif not (hasattr(spec, "choose") or callable(spec)):
        raise TypeError(
            f"players[{index}] must be a player name, a factory taking seed=..., or an object "
            f"with choose(view), not {type(spec).__name__}"
        )


def _try_players(specs: Sequence[PlayerSpec], seed: int) -> None:
    """Build the first game's players now, so a bad factory fails here and not in a worker."""
    for index, spec in enumerate(specs):
        try:
            player = _make_player(spec, derive_seed(seed, "player", index))
        except TypeError as error:
            raise TypeError(
                f"players[{index}]: a factory is called as factory(seed=...): {error}"
            ) from error
        if not callable(getattr(player, "choose", None)):
            raise TypeError(
                f"players[{index}]: the factory returned {type(player).__name__}, which has no "
                "choose(view)"
            )


# ------------------------------------------------------------------------------------- chunks


@dataclass(frozen=True)
class _Job:
    """Everything a worker needs for a chunk of games: small, and picklable."""

    rules: Rules
    players: tuple[PlayerSpec, ...]
    seed: int
    rotate_seats: bool
    dealer: int | None
    max_moves: int
    per_move: bool


def _run_chunk(job: _Job, start: int, stop: int) -> list[list]:
    """The rows of games `start` to `stop - 1` (module level, so executors can pickle it)."""
    rows: list[list] = []
    for game in range(start, stop):
        rows.extend(_run_game(job, game))
    return rows


def _run_game(job: _Job, game: int) -> list[list]:
    n = len(job.players)
    seed = derive_seed(job.seed, game)
    seats = seating(game, n, job.rotate_seats)
    by_seat: list[Player] = [None] * n  # type: ignore[list-item]
    for k, spec in enumerate(job.players):
        by_seat[seats[k]] = _make_player(spec, derive_seed(seed, "player", k))
    start = new_game(job.rules, players=n, seed=seed, dealer=job.dealer)
    state, moves = play_game(start, by_seat, max_moves=job.max_moves, record=job.per_move)
    if job.per_move:
        player_at = _inverse(seats)
        return [_move_row(game, job.rules, player_at, row) for row in moves]
    return [_game_row(game, seed, seats, game_stats(state))]


def _chunks(games: int, size: int) -> list[tuple[int, int]]:
    return [(start, min(start + size, games)) for start in range(0, games, size)]


# ----------------------------------------------------------------------------------- simulate


def simulate(
    rules: Rules,
    players: Sequence[PlayerSpec],
    games: int,
    seed: int = 0,
    *,
    per_move: bool = False,
    rotate_seats: bool = True,
    dealer: int | None = None,
    max_moves: int = DEFAULT_MAX_MOVES,
    progress: Progress | None = None,
    executor: Executor | None = None,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    first_game: int = 0,
) -> pd.DataFrame:
    """Play `games` games of `rules` between `players`; one row a game (or a move, `per_move`).

    `first_game` numbers the games from there (each game's deal and seats follow from its
    number), so that two runs, one of games 0 to 99 and one of 100 to 199 from `first_game=100`,
    are together exactly the run of games 0 to 199: a comparison can go on until it is sure.

    The same arguments give the same table, whether serial or on any `executor`, and whatever the
    `chunk_size`. `progress(done, total)` is called in game order after each chunk, ending with
    `progress(games, games)`. See the module docstring for the players, the columns and executors.
    """
    run = _planned(locals())  # every argument, as given
    futures = run.submit(executor)
    try:
        return run.table(futures, progress)
    finally:
        _cancel(futures)


def _planned(arguments: dict[str, Any]) -> _Run:
    """`simulate`'s arguments (by name, every one) checked, as the run they ask for: a bad one
    fails here, before any game is played."""
    a = arguments
    _check_arguments(
        a["rules"], a["players"], a["games"], a["seed"], a["max_moves"], a["chunk_size"],
        a["progress"], a["executor"],
    )  # fmt: skip
    job = _Job(
        a["rules"], tuple(a["players"]), a["seed"], a["rotate_seats"], a["dealer"],
        a["max_moves"], a["per_move"],
    )  # fmt: skip
    _try_players(job.players, derive_seed(a["seed"], 0))
    first = a["first_game"]
    if isinstance(first, bool) or not isinstance(first, int) or first < 0:
        raise ValueError(f"first_game must be a whole number, at least 0, not {first!r}")
    return _Run(job, a["games"], first, a["chunk_size"])


@dataclass(frozen=True)
class _Run:
    """One `simulate` call's games in chunks: submitted to an executor (or played here), then
    read back in game order into the table. `compare` submits both of its runs before reading
    either, so that no worker waits between them."""

    job: _Job
    games: int
    first_game: int
    chunk_size: int

    @property
    def chunks(self) -> list[tuple[int, int]]:
        first = self.first_game
        return [(first + a, first + b) for a, b in _chunks(self.games, self.chunk_size)]

    def submit(self, executor: Executor | None) -> list[Future] | None:
        """Hand every chunk to `executor` at once; None without one (`table` plays them)."""
        if executor is None:
            return None
        return [executor.submit(_run_chunk, self.job, a, b) for a, b in self.chunks]

    def table(self, futures: list[Future] | None, progress: Progress | None) -> pd.DataFrame:
        rows: list[list] = []
        for index, (start, stop) in enumerate(self.chunks):
            rows.extend(
                _run_chunk(self.job, start, stop) if futures is None else futures[index].result()
            )
            if progress is not None:
                progress(stop - self.first_game, self.games)
        per_move = self.job.per_move
        columns = move_columns() if per_move else game_columns(len(self.job.players))
        return _frame(rows, columns)


def _cancel(futures: list[Future] | None) -> None:
    """After an error, or once read: leave nothing of a run queued."""
    for future in futures or ():
        future.cancel()


def _frame(rows: list[list], columns: list[str]) -> pd.DataFrame:
    import pandas as pd

    return pd.DataFrame.from_records(rows, columns=columns)


def _check_arguments(
    rules: object,
    players: object,
    games: object,
    seed: object,
    max_moves: object,
    chunk_size: object,
    progress: object,
    executor: object,
) -> None:
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules object, not {type(rules).__name__}")
    if isinstance(players, str | bytes) or not isinstance(players, Sequence):
        raise TypeError('players must be a list with one entry per player, e.g. ["random"] * 2')
    rules.check_players(len(players))
    for index, spec in enumerate(players):
        _check_spec(index, spec)
    for name, value, low in (("games", games, 1), ("max_moves", max_moves, 1)):
        _check_count(name, value, low)
    _check_count("chunk_size", chunk_size, 1)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    if progress is not None and not callable(progress):
        raise TypeError("progress must be a callable progress(done, total), or None")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise TypeError(
            "executor must have submit() like a concurrent.futures.Executor, "
            f"not {type(executor).__name__}"
        )


def _check_count(name: str, value: object, low: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be a whole number, not {value!r}")
    if value < low:
        raise ValueError(f"{name} must be at least {low}, not {value}")


# ------------------------------------------------------------------------------------ compare


def wilson_interval(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion: `successes` out of `n` trials.

    Unlike p ± z·sqrt(p(1-p)/n) it stays inside [0, 1] and is not zero-width at 0 or n successes,
    which matters for small samples. `successes` may be fractional (shared wins count 1/k).
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"n must be a whole number of trials, at least 1, not {n!r}")
    if not 0 <= successes <= n:
        raise ValueError(f"successes must be from 0 to n = {n}, not {successes!r}")
    p = successes / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)  # exact ends, despite rounding
    return low, high


#: The rows of `Comparison.summary`, with what each one means.
SUMMARY_ROWS: dict[str, str] = {
    "games": "games played",
    "moves_mean": "moves per game (mean)",
    "moves_median": "moves per game (median)",
    "turns_mean": "turns per game (mean)",
    "first_seat_win_rate": "the leader's share of wins (finished games)",
    "first_seat_ci_low": "its Wilson 95% interval, low",
    "first_seat_ci_high": "its Wilson 95% interval, high",
    "fair_share": "an even share of wins (1 / players)",
    "check_up_share": "games won by playing the last card",
    "count_share": "games ended by a count",
    "move_limit_share": "games stopped at the move limit",
    "drawn_mean": "cards drawn per game (mean)",
    **{f"drawn_{r}_mean": f"cards drawn per game: {r.replace('_', ' ')}" for r in _DRAW_REASONS},
    "specials_mean": "special cards played per game (mean, Whots apart)",
    "whots_mean": "Whots played per game (mean)",
    "refills_mean": "market refills per game (flips and reshuffles)",
}


@dataclass(frozen=True, eq=False)
class Comparison:
    """Two rule sets played on the same seeds: both tables and a summary side by side."""

    labels: tuple[str, str]
    rules: tuple[Rules, Rules]
    games: tuple[pd.DataFrame, pd.DataFrame]
    summary: pd.DataFrame

    @property
    def changes(self) -> dict[str, tuple[Any, Any]]:
        """The toggles that differ, as `{name: (value in A, value in B)}`."""
        return self.rules[0].diff(self.rules[1])


def summarize(games: pd.DataFrame) -> dict[str, float]:
    """One column of `Comparison.summary` from a per-game table (keys: `SUMMARY_ROWS`)."""
    n = len(games)
    players = int(games["players"].iloc[0])
    finished = games[games["end_reason"] != MOVE_LIMIT]
    wins = float(finished["first_seat_share"].sum())
    if len(finished):
        rate = wins / len(finished)
        low, high = wilson_interval(wins, len(finished))
    else:
        rate = low = high = math.nan
    ends = games["end_reason"].value_counts()
    specials = [f"played_{e.value}" for e in Effect]
    out = {
        "games": float(n),
        "moves_mean": float(games["moves"].mean()),
        "moves_median": float(games["moves"].median()),
        "turns_mean": float(games["turns"].mean()),
        "first_seat_win_rate": rate,
        "first_seat_ci_low": low,
        "first_seat_ci_high": high,
        "fair_share": 1 / players,
        "check_up_share": ends.get("check_up", 0) / n,
        "count_share": ends.get("count", 0) / n,
        "move_limit_share": ends.get(MOVE_LIMIT, 0) / n,
        "drawn_mean": float(games["drawn"].mean()),
        **{f"drawn_{r}_mean": float(games[f"drawn_{r}"].mean()) for r in _DRAW_REASONS},
        "specials_mean": float(games[specials].sum(axis=1).mean()),
        "whots_mean": float(games["played_whot"].mean()),
        "refills_mean": float((games["flips"] + games["reshuffles"]).mean()),
    }
    return {key: float(out[key]) for key in SUMMARY_ROWS}


def compare(
    rules_a: Rules,
    rules_b: Rules,
    players: Sequence[PlayerSpec],
    games: int,
    seed: int = 0,
    *,
    labels: tuple[str, str] = ("A", "B"),
    executor: Executor | None = None,
    progress: Progress | None = None,
    **options: Any,
) -> Comparison:
    """Simulate both rule sets on the same seeds and summarise them side by side.

    `progress(done, total)` counts the games of both runs (total `2 * games`). Other keyword
    arguments (`rotate_seats`, `dealer`, `max_moves`, `chunk_size`) go to `simulate`.
    """
    if len(labels) != 2 or len(set(labels)) != 2:
        raise ValueError(f"labels must be two different names, not {labels!r}")
    if "per_move" in options:
        raise TypeError("compare summarises games; call simulate(per_move=True) for moves")

    def arguments(rules: Rules) -> dict[str, Any]:  # simulate's, its defaults filled in
        given = inspect.signature(simulate).bind(
            rules, players, games, seed, progress=progress, executor=executor, **options
        )
        given.apply_defaults()
        return given.arguments

    runs = [_planned(arguments(rules)) for rules in (rules_a, rules_b)]
    # Both runs' chunks go to the executor before either is read: no worker waits between them.
    futures = [run.submit(executor) for run in runs]
    try:
        tables = [
            run.table(chunks, None if progress is None else _offset(progress, i * games, 2 * games))
            for i, (run, chunks) in enumerate(zip(runs, futures, strict=True))
        ]
    finally:
        for chunks in futures:
            _cancel(chunks)
    summary = _summary_frame(tables, labels)
    return Comparison(tuple(labels), (rules_a, rules_b), tuple(tables), summary)


def _offset(progress: Progress, before: int, total: int) -> Progress:
    def step(done: int, _: int) -> None:
        progress(before + done, total)

    return step


def _summary_frame(tables: list[pd.DataFrame], labels: Sequence[str]) -> pd.DataFrame:
    import pandas as pd

    frame = pd.DataFrame({label: summarize(t) for label, t in zip(labels, tables, strict=True)})
    frame.index.name = "measure"
    return frame
