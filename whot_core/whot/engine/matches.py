"""Matches: several games in a row, scored as docs/rules.md, "Matches" says.

`rules.match` picks the format:

- `single`: one game; its winners win the match.
- `short_rubber` / `long_rubber` (seeds/000_551b6e752ed410b2.txt): 5 / 10 games. Penalty points add
  up; after each game the highest scorer of that game pays one counter into the kitty; after the
  last game the lowest total wins the rubber and takes the kitty.
- `elimination_100` (seeds/003_c8e3da06e53727b9.txt, the British description): totals add up; a
  player whose total reaches 100 or more drops out; the last one left wins.
- `tournament` (seeds/003_c8e3da06e53727b9.txt, the Naija app): after each game the player with the
  highest count in that game is eliminated, until one is left.

Decisions where the sources are silent (they are this project's, not the sources'):

- Rubber: players tied for the highest score of a game each pay one counter. Players tied for the
  lowest total share the rubber and the kitty equally (a share may be a fraction of a counter).
- Elimination at 100: if every player still in would drop out in the same game, the one(s) with the
  lowest total win instead of dropping out.
- Tournament: players tied for the highest count are all eliminated, unless that would eliminate
  everyone left; then nobody is eliminated and another game is played.
- Formats that eliminate players play down to two players, so they need `min_players = 2`.

Dealing (docs/rules.md, "The deal" and "Matches"): the first game's dealer is chosen by the cut;
after each game
the deal passes to the next player still in, to the left of the previous dealer. Players who are
out sit out: the game's seats 0..k-1 are the players still in, in clockwise order (match player
order). Each game is dealt with a seed derived from the match seed and the game number, so the same
match seed plays the same match.

The bookkeeping is small pure functions (`settle`, `next_dealer`, `highest`, `kitty_shares`, ...)
that work on numbers alone; `Match` deals the games and feeds them the results.

    >>> import random
    >>> from whot_core import Rules
    >>> rng = random.Random(1)
    >>> match = Match(Rules.preset("british"), players=3, seed=1)
    >>> match.games_planned
    5
    >>> winners = match.play(lambda state: rng.choice(state.legal_moves()))
    >>> len(match.results), match.is_over, match.kitty >= 5
    (5, True, True)
    >>> settle("short_rubber", totals=(10, 0, 5), points=(12, 0, 12), game_number=1)
    Settlement(totals=(22, 0, 17), paid=(0, 2), eliminated=(), winners=())
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from .moves import IllegalMove, Move
from .records import GameRecord
from .rules import MatchFormat, Rules
from .state import GameState, new_game

__all__ = [
    "ELIMINATION_LIMIT",
    "GameResult",
    "Match",
    "MatchInPlay",
    "Settlement",
    "Standing",
    "add_points",
    "game_seed",
    "games_planned",
    "highest",
    "kitty_shares",
    "lowest",
    "next_dealer",
    "settle",
]

#: A player whose total reaches this drops out of an `elimination_100` match.
ELIMINATION_LIMIT = 100

#: Games in a rubber (seeds/000_551b6e752ed410b2.txt).
RUBBER_GAMES = {MatchFormat.SHORT_RUBBER: 5, MatchFormat.LONG_RUBBER: 10}

#: Formats in which players drop out during the match.
ELIMINATING = frozenset({MatchFormat.ELIMINATION_100, MatchFormat.TOURNAMENT})

Points = tuple[int | None, ...]


# ------------------------------------------------------------------------------ bookkeeping


@dataclass(frozen=True)
class Settlement:
    """What one game changes in a match (match player indices throughout).

    `totals` are the running totals after the game, `paid` the players who put a counter in the
    kitty, `eliminated` those who dropped out in this game, and `winners` the match's winners once
    this game ends the match (empty while it goes on).
    """

    totals: tuple[int, ...]
    paid: tuple[int, ...]
    eliminated: tuple[int, ...]
    winners: tuple[int, ...]

    @property
    def ends_match(self) -> bool:
        return bool(self.winners)


def games_planned(match: MatchFormat | str) -> int | None:
    """How many games the format plays: 1, 5 or 10, or None when elimination decides."""
    match = MatchFormat(match)
    if match is MatchFormat.SINGLE:
        return 1
    return RUBBER_GAMES.get(match)


def add_points(totals: Sequence[int], points: Points) -> tuple[int, ...]:
    """The running totals after one game; a player sitting out (None) keeps their total."""
    _check_lengths(totals, points)
    return tuple(total + (p or 0) for total, p in zip(totals, points, strict=True))


def highest(points: Points) -> tuple[int, ...]:
    """The players with the highest count in one game (several when tied); None sits out."""
    played = {player: p for player, p in enumerate(points) if p is not None}
    if not played:
        return ()
    top = max(played.values())
    return tuple(player for player, p in played.items() if p == top)


def lowest(totals: Sequence[int], among: Iterable[int]) -> tuple[int, ...]:
    """The players of `among` with the lowest total (several when tied)."""
    among = sorted(among)
    if not among:
        return ()
    low = min(totals[player] for player in among)
    return tuple(player for player in among if totals[player] == low)


def settle(
    match: MatchFormat | str,
    totals: Sequence[int],
    points: Points,
    game_number: int,
    game_winners: Sequence[int] = (),
) -> Settlement:
    """Score one game of a match: who pays the kitty, who drops out, and who wins.

    `totals` are the totals before the game and `points` the game's count per match player, None
    for a player who sat out (the players with points are the ones still in). `game_number`
    counts from 1; `game_winners` are the game's winners, which only a `single` game needs.
    """
    match = MatchFormat(match)
    after = add_points(totals, points)
    active = tuple(player for player, p in enumerate(points) if p is not None)
    if len(active) < 2:
        raise ValueError(f"points: a game needs at least two players, not {len(active)}")
    if match is MatchFormat.SINGLE:
        if not game_winners:
            raise ValueError("game_winners: a single game needs the game's winners")
        return Settlement(after, (), (), tuple(sorted(game_winners)))
    if match in RUBBER_GAMES:
        last = game_number >= RUBBER_GAMES[match]
        return Settlement(after, highest(points), (), lowest(after, active) if last else ())
    if match is MatchFormat.ELIMINATION_100:
        out = tuple(player for player in active if after[player] >= ELIMINATION_LIMIT)
        left = tuple(player for player in active if player not in out)
        if not left:  # everyone would drop out: the lowest total wins (a decision)
            winners = lowest(after, active)
            return Settlement(after, (), tuple(p for p in out if p not in winners), winners)
        return Settlement(after, (), out, left if len(left) == 1 else ())
    # Tournament: the game's highest count is out, unless everyone left tied (a decision).
    out = highest(points)
    if len(out) == len(active):
        out = ()
    left = tuple(player for player in active if player not in out)
    return Settlement(after, (), out, left if len(left) == 1 else ())


def next_dealer(previous: int, active: Iterable[int], players: int) -> int:
    """The player still in who sits nearest to the left of the previous dealer (who may be out)."""
    active = set(active)
    for step in range(1, players + 1):
        player = (previous + step) % players
        if player in active:
            return player
    raise ValueError("active: nobody is left to deal")


def game_seed(match_seed: int, number: int) -> int:
    """The seed that deals game `number` of a match: fixed by the match seed and the number."""
    return random.Random(f"whot-match:{match_seed}:{number}").getrandbits(64)


def kitty_shares(kitty: int, winners: Sequence[int], players: int) -> tuple[Fraction, ...]:
    """Each player's share of the kitty: the winners split it equally, the others get nothing."""
    if not winners:
        return (Fraction(0),) * players
    share = Fraction(kitty, len(winners))
    return tuple(share if player in winners else Fraction(0) for player in range(players))


def _check_lengths(totals: Sequence[int], points: Points) -> None:
    if len(totals) != len(points):
        raise ValueError(
            f"points: {len(points)} entries for {len(totals)} players (one per match player, "
            "None for a player sitting out)"
        )


# ------------------------------------------------------------------------------ results


@dataclass(frozen=True)
class GameResult:
    """One game of a match, in match player indices (seats are the game's own numbering).

    `seats[s]` is the match player in seat `s`; `points` and `totals` have one entry per match
    player (`points` is None for a player sitting out); `totals` are the running totals after
    this game.
    """

    number: int
    seed: int
    dealer: int
    seats: tuple[int, ...]
    points: Points
    totals: tuple[int, ...]
    paid: tuple[int, ...]
    eliminated: tuple[int, ...]
    winners: tuple[int, ...]
    end_reason: str

    def as_dict(self) -> dict[str, Any]:
        """Plain data (int, str, list, None) for JSON."""
        return {
            "number": self.number,
            "seed": self.seed,
            "dealer": self.dealer,
            "seats": list(self.seats),
            "points": list(self.points),
            "totals": list(self.totals),
            "paid": list(self.paid),
            "eliminated": list(self.eliminated),
            "winners": list(self.winners),
            "end_reason": self.end_reason,
        }


@dataclass(frozen=True)
class Standing:
    """One player's line in the match table."""

    player: int
    total: int
    games_won: int
    eliminated_in: int | None
    kitty_won: Fraction
    winner: bool


# ------------------------------------------------------------------------------ the match

Chooser = Callable[[GameState], Move | str]


class Match:
    """Games in a row under `rules.match`, dealt from one seed.

    Either drive it game by game (`next_game()`, play the state to the end, `record_game(state)`)
    or let `play(choose)` do all of it. Players are numbered 0..players-1 clockwise, for the whole
    match; each game seats the players still in.
    """

    def __init__(self, rules: Rules, players: int, seed: int = 0) -> None:
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules object, not {type(rules).__name__}")
        rules.check_players(players)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed must be an int, not {type(seed).__name__}")
        if rules.match in ELIMINATING and rules.min_players > 2:
            raise ValueError(
                f"min_players: a {rules.match.value} match plays down to two players, but these "
                f"rules need at least {rules.min_players}"
            )
        self.rules = rules
        self.players = players
        self.seed = seed
        self._results: list[GameResult] = []
        self._records: list[GameRecord] = []
        self._totals = (0,) * players
        self._active = tuple(range(players))
        self._kitty = 0
        self._winners: tuple[int, ...] = ()
        self._dealt: tuple[GameState, int, tuple[int, ...]] | None = None  # state, dealer, seats

    # ------------------------------------------------------------------------------ reading

    @property
    def format(self) -> MatchFormat:
        return self.rules.match

    @property
    def games_planned(self) -> int | None:
        """5 or 10 for a rubber, 1 for a single game, None when elimination decides."""
        return games_planned(self.rules.match)

    @property
    def is_over(self) -> bool:
        return bool(self._winners)

    @property
    def winners(self) -> tuple[int, ...]:
        """The match's winners (several when tied); empty while the match goes on."""
        return self._winners

    @property
    def results(self) -> tuple[GameResult, ...]:
        return tuple(self._results)

    @property
    def records(self) -> tuple[GameRecord, ...]:
        """Each recorded game as a `GameRecord`, which replays it move by move."""
        return tuple(self._records)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's penalty points so far."""
        return self._totals

    @property
    def kitty(self) -> int:
        """Counters paid into the kitty so far (rubbers only)."""
        return self._kitty

    @property
    def active(self) -> tuple[int, ...]:
        """The players still in, in clockwise order."""
        return self._active

    def standings(self) -> tuple[Standing, ...]:
        """One row per player, in player order."""
        shares = kitty_shares(self._kitty, self._winners, self.players)
        out = {}
        for result in self._results:
            for player in result.eliminated:
                out[player] = result.number
        return tuple(
            Standing(
                player=player,
                total=self._totals[player],
                games_won=sum(player in result.winners for result in self._results),
                eliminated_in=out.get(player),
                kitty_won=shares[player],
                winner=player in self._winners,
            )
            for player in range(self.players)
        )

    def copy(self) -> Match:
        """An independent copy: recording a game in it leaves this match as it was."""
        twin = copy.copy(self)
        twin._results, twin._records = list(self._results), list(self._records)
        return twin

    # ------------------------------------------------------------------------------ playing

    def next_game(self) -> GameState:
        """Deal the next game to the players still in."""
        if self.is_over:
            raise RuntimeError(f"the match is over (winners {list(self._winners)})")
        number = len(self._results) + 1
        if self._dealt is not None:
            raise RuntimeError(f"game {number} was dealt but not recorded yet: call record_game")
        seats = self._active
        seed = game_seed(self.seed, number)
        if self._results:
            dealer = next_dealer(self._results[-1].dealer, seats, self.players)
            state = new_game(self.rules, players=len(seats), seed=seed, dealer=seats.index(dealer))
        else:
            state = new_game(self.rules, players=len(seats), seed=seed, dealer=None)
            dealer = seats[state.events[0].dealer]  # the cut chose the first dealer
        self._dealt = (state, dealer, seats)
        return state

    def record_game(self, final_state: GameState) -> GameResult:
        """Score the game dealt by `next_game`, played to its end, and move the match on."""
        if not isinstance(final_state, GameState):
            raise TypeError(f"final_state must be a GameState, not {type(final_state).__name__}")
        if self._dealt is None:
            raise RuntimeError("no game is waiting to be recorded: call next_game() first")
        dealt, dealer, seats = self._dealt
        number = len(self._results) + 1
        if not final_state.is_over:
            raise ValueError(f"final_state: game {number} is not over yet")
        record = final_state.record()
        if final_state.rules != self.rules or record.setup != dealt.record().setup:
            raise ValueError(f"final_state: this is not game {number} as the match dealt it")
        points: list[int | None] = [None] * self.players
        for seat, p in enumerate(final_state.penalty_points()):
            points[seats[seat]] = p
        game_winners = tuple(sorted(seats[seat] for seat in final_state.winners))
        settled = settle(self.rules.match, self._totals, tuple(points), number, game_winners)
        result = GameResult(
            number=number,
            seed=game_seed(self.seed, number),
            dealer=dealer,
            seats=seats,
            points=tuple(points),
            totals=settled.totals,
            paid=settled.paid,
            eliminated=settled.eliminated,
            winners=game_winners,
            end_reason=final_state.end_reason or "",
        )
        self._results.append(result)
        self._records.append(record)
        self._totals = settled.totals
        self._kitty += len(settled.paid)
        self._active = tuple(p for p in self._active if p not in settled.eliminated)
        self._winners = settled.winners
        self._dealt = None
        return result

    def play(self, choose: Chooser | Sequence[Any]) -> tuple[int, ...]:
        """Play the rest of the match; return its winners.

        `choose` is either a function `choose(state) -> Move` that sees the whole state (fine for
        random or scripted play), or a sequence of player objects indexed by match player, each
        with `.choose(view)` returning a decision with `.move` (or a Move); a player only sees
        `state.view(seat)` for its own seat. Every move is checked; an illegal one raises
        IllegalMove naming the game and the player.
        """
        decide = self._decider(choose)
        if self._dealt is not None:
            raise RuntimeError(
                f"game {len(self._results) + 1} was dealt but not recorded: record it first"
            )
        while not self.is_over:
            state = self.next_game()
            seats = self._active
            while not state.is_over:
                player = seats[state.current_player]
                move = decide(state, player)
                try:
                    state = state.apply(move)
                except IllegalMove as error:
                    raise IllegalMove(
                        f"game {len(self._results) + 1}, player {player} "
                        f"(seat {state.current_player}): {error}"
                    ) from None
            self.record_game(state)
        return self._winners

    def _decider(self, choose: Chooser | Sequence[Any]) -> Callable[[GameState, int], Any]:
        if isinstance(choose, Sequence) and not isinstance(choose, str):
            if len(choose) != self.players:
                raise ValueError(
                    f"choose: {len(choose)} player objects for a match of {self.players} players"
                )
            for i, player in enumerate(choose):
                if not callable(getattr(player, "choose", None)):
                    raise TypeError(f"choose[{i}] has no choose(view) method")

            def by_players(state: GameState, player: int) -> Move | str:
                view = state.view(state.current_player)
                return _move_of(choose[player].choose(view))

            return by_players
        if callable(choose):
            return lambda state, player: choose(state)
        raise TypeError(
            "choose must be a function choose(state) -> Move or a sequence of player objects, "
            f"not {type(choose).__name__}"
        )

    # ------------------------------------------------------------------------------ output

    def as_dict(self) -> dict[str, Any]:
        """The match as plain data: rules, players, seed, and each game's result and record."""
        return {
            "format": "whot-match",
            "version": 1,
            "rules": self.rules.as_dict(),
            "players": self.players,
            "seed": self.seed,
            "games": [
                {"result": result.as_dict(), "record": record.to_dict()}
                for result, record in zip(self._results, self._records, strict=True)
            ],
            "totals": list(self._totals),
            "kitty": self._kitty,
            "winners": list(self._winners),
        }

    def to_json(self) -> str:
        """Deterministic text: the same match seed and moves always give the same bytes."""
        return json.dumps(self.as_dict(), indent=1, ensure_ascii=True) + "\n"

    def __repr__(self) -> str:
        played = len(self._results)
        planned = self.games_planned
        games = f"{played} of {planned} games" if planned else f"{played} games"
        status = f"winners {list(self._winners)}" if self.is_over else f"in {list(self._active)}"
        return (
            f"<Match {self.rules.match.value}, {self.players} players, {games}, "
            f"totals {list(self._totals)}, kitty {self._kitty}, {status}>"
        )


# ------------------------------------------------------------------------- move by move


@dataclass(frozen=True)
class MatchInPlay:
    """A match as one position that moves on a move at a time, for a table that keeps a
    match as its move texts alone (a table played from several devices): the game in play,
    which match players sit in it (`seats[s]` is the player in the game's seat `s`), and the
    games finished before it.

    A game's last move deals the next game at once (a decision: at a table of several devices
    nobody waits on a button that a player who has gone away would have to press; the pages
    show how the last game ended above the new deal). Once the match is over, `game` stays the
    last game, over.

        >>> from whot_core import Rules
        >>> position = MatchInPlay.start(Rules.preset("british"), players=2, seed=4)
        >>> position.seats, position.number, position.is_over
        ((0, 1), 1, False)
    """

    game: GameState
    seats: tuple[int, ...]
    finished: tuple[GameState, ...]
    match: Match = field(compare=False, repr=False)  # the finished games scored; never mutated

    @classmethod
    def start(cls, rules: Rules, players: int, seed: int) -> MatchInPlay:
        match = Match(rules, players, seed)
        return cls(match.next_game(), match.active, (), match)

    @property
    def number(self) -> int:
        """The game in play's number in the match, from 1 (the last one, once it is over)."""
        return len(self.finished) + (0 if self.is_over else 1)

    @property
    def is_over(self) -> bool:
        return self.match.is_over

    @property
    def current_player(self) -> int | None:
        """The match player whose turn it is; None once the match is over."""
        return None if self.is_over else self.seats[self.game.current_player]

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move of the match, game after game."""
        played = self.finished if self.is_over else (*self.finished, self.game)
        return tuple(move for game in played for move in game.moves)

    def view(self, player: int):
        """What match player `player` sees of the game in play (they must be in it)."""
        return self.game.view(self.seats.index(player))

    def hand(self, player: int) -> tuple:
        """Match player `player`'s hand in the game in play: none when they are out of it."""
        return self.game.hand(self.seats.index(player)) if player in self.seats else ()

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """Each match player's cards in the game in play (0 for a player out of it)."""
        return tuple(len(self.hand(player)) for player in range(self.match.players))

    def apply(self, move: Move | str) -> MatchInPlay:
        """The match after `move` in the game in play (IllegalMove names what was wrong); a
        game's last move scores it and deals the next, unless the match is over."""
        if self.is_over:
            raise IllegalMove(f"{move}: the match is over")
        game = self.game.apply(move)
        if not game.is_over:
            return replace(self, game=game)
        match = self.match.copy()
        match.record_game(game)
        finished = (*self.finished, game)
        if match.is_over:
            return MatchInPlay(game, self.seats, finished, match)
        return MatchInPlay(match.next_game(), match.active, finished, match)


def _move_of(decision: Any) -> Move | str:
    """A player's decision may be a Move (or move text) or an object carrying `.move`."""
    if isinstance(decision, Move | str):
        return decision
    move = getattr(decision, "move", None)
    if move is None:
        raise TypeError(
            f"a player's choose(view) must return a Move or a decision with .move, "
            f"not {type(decision).__name__}"
        )
    return move
