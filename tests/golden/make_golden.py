"""Write the golden game records in this folder: seeded random games under every preset.

    .venv/bin/python tests/golden/make_golden.py

tests/test_golden.py replays each record and demands the same bytes back, so any change in what a
move does (a deal, an effect, a draw, a count, the record format) shows up as a failing golden test.

Regenerate ONLY for an intended rule change (a new ruling in RULES.md, a corrected effect, a new
record version), and say so in the commit message along with the rule that changed. If a golden
test fails and no rule was meant to change, the engine has a bug: fix the engine, not the files.
Rerunning this script on an unchanged engine rewrites the same bytes.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))  # run from anywhere in a checkout

from whot_core import GameState, Move, Rules, new_game  # noqa: E402

#: (preset, players, seed): two and four players under every preset (all six seat both), plus
#: three players where it adds a rule at work. Seeds were picked so that, between them, the games
#: turn the pile over (british), reshuffle it, put special cards under at the start, end with a
#: count (nigerian 4p, nigerian_street 4p, naija_tournament 4p), miss an announcement
#: (nigerian_street), defend picks, and make everyone pick two (nigerian_1970s).
GAMES: tuple[tuple[str, int, int], ...] = (
    ("british", 2, 6),
    ("british", 4, 2),
    ("british", 3, 4),
    ("british_modern", 2, 2),
    ("british_modern", 4, 3),
    ("nigerian", 2, 5),
    ("nigerian", 4, 4),
    ("nigerian_street", 2, 10),
    ("nigerian_street", 4, 2),
    ("nigerian_street", 3, 5),
    ("nigerian_1970s", 2, 9),
    ("nigerian_1970s", 4, 3),
    ("naija_tournament", 2, 8),
    ("naija_tournament", 4, 9),
)

#: The random player draws although it could play this often, so games end in a few hundred moves.
DRAW_ANYWAY = 0.1
#: How often it says a required "semi last card" / "last card"; otherwise it is penalised.
ANNOUNCE = 0.8

#: A game longer than this is not written: it would be a poor golden file (and likely a bug).
MOVE_BOUND = 5000


def file_name(preset: str, players: int, seed: int) -> str:
    return f"{preset}_{players}p_seed{seed}.json"


def choose(rng: random.Random, moves: tuple[Move, ...]) -> Move:
    """A random legal move: a play when there is one (nine times in ten), usually announced when
    the rules ask for it; otherwise `draw`."""
    plays = [m for m in moves if not m.is_draw]
    if not plays or rng.random() < DRAW_ANYWAY:
        return Move.draw()
    said = [m for m in plays if m.announce is not None]
    if said and rng.random() < ANNOUNCE:
        plays = said
    return rng.choice(plays)


def play(preset: str, players: int, seed: int) -> GameState:
    """One game to the end: the deal and the player both seeded with `seed`."""
    state = new_game(Rules.preset(preset), players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(MOVE_BOUND):
        if state.is_over:
            return state
        state = state.apply(choose(rng, state.legal_moves()))
    raise RuntimeError(f"{preset} {players}p seed {seed} did not end in {MOVE_BOUND} moves")


def main() -> None:
    for old in HERE.glob("*.json"):
        old.unlink()
    for preset, players, seed in GAMES:
        text = play(preset, players, seed).record().to_json()
        path = HERE / file_name(preset, players, seed)
        path.write_bytes(text.encode("utf-8"))  # bytes: no newline translation on any system
        print(f"{path.name}: {text.count(chr(10))} lines")


if __name__ == "__main__":
    main()
