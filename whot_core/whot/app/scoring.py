"""The Scoring page: a hand counted card by card (`count_up`), a game played to the end to count,
and whole matches played by heuristic players, as tables (`standings_rows`, `results_rows`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine import narrate
from ..engine.matches import Match, game_seed
from ..engine.rules import MatchFormat, Rules
from ..engine.scoring import CardScore, breakdown, hand_points
from ..engine.state import GameState, new_game
from ..players import HeuristicPlayer

__all__ = [
    "SeatCount",
    "count_up",
    "play_match",
    "results_rows",
    "scoring_game",
    "seat_name",
    "standings_rows",
]


@dataclass(frozen=True)
class SeatCount:
    """One seat's count: its cards scored one by one, the total, and the total under the other
    star rule (to show the same hand counted both ways)."""

    seat: int
    cards: tuple[CardScore, ...]
    total: int
    other_total: int


def count_up(state: GameState) -> tuple[SeatCount, ...]:
    """Every seat's hand counted card by card under the state's rules (docs/rules.md, "Scoring")."""
    double = state.rules.star_double
    return tuple(
        SeatCount(
            seat,
            tuple(breakdown(hand, double)),
            hand_points(hand, double),
            hand_points(hand, not double),
        )
        for seat, hand in enumerate(state.hands)
    )


def scoring_game(rules: Rules, players: int, seed: int, max_moves: int = 2000) -> GameState:
    """A game played to the end by heuristic players, to count (stopped after `max_moves`).

    It is the first game of `play_match` with the same seed and players (dealt from the match's
    `game_seed(seed, 1)`): one seed on the Scoring page is one game, counted and then tabled."""
    state = new_game(rules, players=players, seed=game_seed(seed, 1))
    player = HeuristicPlayer()
    for _ in range(max_moves):
        if state.is_over:
            break
        state = state.apply(player.choose(state.view(state.current_player)).move)
    return state


def play_match(rules: Rules, players: int, seed: int, match: MatchFormat | str) -> Match:
    """A whole match in format `match` under `rules`, played by heuristic players."""
    game = Match(rules.replace(match=match), players, seed)
    game.play([HeuristicPlayer() for _ in range(players)])
    return game


def seat_name(player: int) -> str:
    """A player of a match by seat, as the count and the engine's narration call them."""
    return narrate.seat_name(player)


def _has_kitty(game: Match) -> bool:
    """Only rubbers have a kitty (docs/rules.md, "Matches"): no kitty column elsewhere."""
    return game.format in (MatchFormat.SHORT_RUBBER, MatchFormat.LONG_RUBBER)


def standings_rows(game: Match) -> list[dict[str, Any]]:
    """The match table: one row per seat (a kitty column for rubbers only)."""
    rows = []
    for s in game.standings():
        row = {
            "seat": seat_name(s.player),
            "total points": s.total,
            "games won": s.games_won,
            "out in game": "" if s.eliminated_in is None else str(s.eliminated_in),
        }
        if _has_kitty(game):
            row["kitty won"] = str(s.kitty_won)
        rows.append(row | {"match winner": "yes" if s.winner else ""})
    return rows


def results_rows(game: Match) -> list[dict[str, Any]]:
    """Game by game: who played, the points each scored, the running totals, who went out."""
    rows = []
    for r in game.results:
        row = {
            "game": r.number,
            "ended by": r.end_reason.replace("_", " "),
            "points": ", ".join("-" if p is None else str(p) for p in r.points),
            "totals": ", ".join(map(str, r.totals)),
        }
        if _has_kitty(game):
            row["paid the kitty"] = ", ".join(map(seat_name, r.paid))
        rows.append(row | {"out": ", ".join(map(seat_name, r.eliminated))})
    return rows
