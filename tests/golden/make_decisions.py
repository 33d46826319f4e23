"""Write the golden AI decisions: the heuristic's and the search's choices over seeded games.

    .venv/bin/python tests/golden/make_decisions.py

tests/test_golden_decisions.py replays each game and demands the same decisions: the same move and
the same reason, word for word, at every position recorded. Any change in how the AI players choose
or explain shows as a failing test that names the first decision that differs.

Regenerate ONLY for an intended change in the players (a new rule of thumb, a retuned weight, new
words), and say so in the commit message; the diff of decisions.json is then the review of what
changed. If the test fails and no behaviour was meant to change, fix the players, not the file.
Rerunning this script on unchanged players rewrites the same bytes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))  # run from anywhere in a checkout

from whot_core import GameState, Rules, new_game  # noqa: E402
from whot_core.whot.players import HeuristicPlayer, SearchPlayer, candidate_moves  # noqa: E402

FILE = HERE / "decisions" / "decisions.json"

#: Every preset at 2, 3 and 4 players, one seeded deal each.
SEED = 37
PLAYERS = (2, 3, 4)
#: The heuristic plays every seat for this many moves (or to the end), its decision recorded at
#: each; the search's is recorded too at every `SEARCH_EVERY`-th position with a choice to make.
MOVES = 60
SEARCH_EVERY = 6
#: The search's fixed budget: small, so that the test stays fast; its seed is the move number.
SIMULATIONS = 24


def tables() -> list[tuple[str, int, int]]:
    return [(preset, players, SEED) for preset in Rules.presets() for players in PLAYERS]


def decisions(preset: str, players: int, seed: int):
    """Each recorded decision as `(move number, state before it, kind, decision)`, in order."""
    state = new_game(Rules.preset(preset), players=players, seed=seed)
    heuristic = HeuristicPlayer()
    choices = 0
    for ply in range(MOVES):
        if state.is_over:
            return
        view = state.view(state.current_player)
        decision = heuristic.choose(view)
        yield ply, state, "heuristic", decision
        if len(candidate_moves(view)) > 1:
            if choices % SEARCH_EVERY == 0:
                search = SearchPlayer(simulations=SIMULATIONS, seed=ply)
                yield ply, state, "search", search.choose(view)
            choices += 1
        state.push(decision.move)


def entry(ply: int, state: GameState, kind: str, decision) -> dict:
    return {
        "move_number": ply,
        "seat": state.current_player,
        "player": kind,
        "move": str(decision.move),
        "reason": decision.reason,
    }


def main() -> None:
    out = [
        {
            "preset": preset,
            "players": players,
            "seed": seed,
            "decisions": [entry(*each) for each in decisions(preset, players, seed)],
        }
        for preset, players, seed in tables()
    ]
    FILE.parent.mkdir(exist_ok=True)
    text = json.dumps(out, indent=1, ensure_ascii=False) + "\n"
    FILE.write_bytes(text.encode("utf-8"))  # bytes: no newline translation on any system
    count = sum(len(table["decisions"]) for table in out)
    print(f"{FILE.name}: {count} decisions over {len(out)} games")


if __name__ == "__main__":
    main()
