"""Fingerprints of what the players decide, to show that a speed-up changed no decision.

    .venv/bin/python benchmarks/decision_hashes.py

Prints three SHA-256 digests (first 16 hex digits), each over fixed work:

* `decisions`: every heuristic decision (move, reason and details as JSON) of 40 games of each
  preset, two and four players, from the public API (`state.view`, `choose`, `state.apply`);
* `games`: `simulate` tables, one row a game, for each preset with heuristic players and with
  uniformly random players (`RandomPlayer`);
* `moves`: `simulate` tables, one row a move (the players' reasons included), for each preset.

docs/performance.md records the digests; a change that keeps them keeps every decision, reason
and count. Nothing here is timed.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from whot_core import Rules, new_game
from whot_core.whot.players import HeuristicPlayer, RandomPlayer
from whot_core.whot.players.simulate import simulate


def _digest(parts) -> str:
    sha = hashlib.sha256()
    for part in parts:
        sha.update(part.encode("utf-8"))
        sha.update(b"\n")
    return sha.hexdigest()[:16]


def decision_lines(games: int = 40):
    """One line of text per heuristic decision, over every preset, two and four players."""
    player = HeuristicPlayer()
    for preset in Rules.presets():
        rules = Rules.preset(preset)
        for players in (2, 4):
            for seed in range(games):
                state = new_game(rules, players=players, seed=seed)
                for _ in range(2_000):
                    if state.is_over:
                        break
                    decision = player.choose(state.view(state.current_player))
                    yield json.dumps(
                        [str(decision.move), decision.reason, decision.details], sort_keys=True
                    )
                    state = state.apply(decision.move)


def table_lines(per_move: bool):
    for preset in Rules.presets():
        rules = Rules.preset(preset)
        # The uniformly random player, drawing by choice too (not the random level's): its
        # games under some presets run to thousands of moves.
        for name, player in (("heuristic", "heuristic"), ("random", RandomPlayer)):
            if per_move and player is RandomPlayer:
                continue
            table = simulate(rules, [player] * 3, games=30, seed=5, per_move=per_move)
            yield f"{preset} {name}"
            yield table.to_csv(index=False)


def main() -> None:
    print(f"decisions {_digest(decision_lines())}")
    print(f"games     {_digest(table_lines(per_move=False))}")
    print(f"moves     {_digest(table_lines(per_move=True))}")


if __name__ == "__main__":
    main()
