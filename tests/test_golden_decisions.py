"""Golden decisions: the heuristic's and the search's choices over seeded games, pinned.

tests/golden/decisions/decisions.json was written by tests/golden/make_decisions.py: every preset
at 2, 3 and 4 players, the heuristic playing every seat, its decision (move and reason) at every
position and the search's (24 simulations) at some. Replaying must give the same decisions; the
first that differs fails its game's test, naming the position, the old and the new move and both
reasons. Regenerate the file only for an intended change in the players (see make_decisions.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import load_script

from whot_core import GameState

GOLDEN = Path(__file__).resolve().parent / "golden"
MAKER = load_script(GOLDEN / "make_decisions.py")
STORED = json.loads(MAKER.FILE.read_text(encoding="utf-8"))


def position_text(state: GameState) -> str:
    """What the seat to play saw: its hand, the pile, a pick or call, and every hand's size."""
    seat = state.current_player
    hand = ", ".join(str(card) for card in state.hands[seat])
    pile = f"top {state.top}" + (f", {state.called} called" if state.called else "")
    pick = f", a pick of {state.penalty} to answer" if state.penalty else ""
    sizes = ", ".join(str(len(each)) for each in state.hands)
    return f"seat {seat} holds {hand}; {pile}{pick}; hand sizes {sizes}; market {state.market_size}"


def first_difference(table: dict) -> str | None:
    """The first decision that differs from the stored one, in words; None when all agree."""
    stored = table["decisions"]
    now = MAKER.decisions(table["preset"], table["players"], table["seed"])
    for number, (old, (ply, state, kind, decision)) in enumerate(zip(stored, now, strict=False)):
        new = MAKER.entry(ply, state, kind, decision)
        if new != old:
            return (
                f"decision {number} ({table['preset']}, {table['players']} players, seed "
                f"{table['seed']}, move {ply}, the {kind}'s) differs.\n"
                f"position: {position_text(state)}\n"
                f"old: {old['player']} at move {old['move_number']}: {old['move']}\n"
                f"     {old['reason']}\n"
                f"new: {new['move']}\n"
                f"     {new['reason']}"
            )
    count = sum(1 for _ in MAKER.decisions(table["preset"], table["players"], table["seed"]))
    if count != len(stored):
        return f"{len(stored)} decisions stored, {count} made now"
    return None


def test_the_file_holds_every_preset_at_two_three_and_four_players():
    assert [(t["preset"], t["players"], t["seed"]) for t in STORED] == MAKER.tables()
    kinds = {entry["player"] for table in STORED for entry in table["decisions"]}
    assert kinds == {"heuristic", "search"}
    assert sum(len(table["decisions"]) for table in STORED) > 500


@pytest.mark.parametrize("table", STORED, ids=[f"{t['preset']}-{t['players']}p" for t in STORED])
def test_the_players_make_the_stored_decisions(table):
    problem = first_difference(table)
    assert problem is None, problem
