"""The engine's table has one owner: `GameState`'s fields are declared once (state.py, `_FIELDS`)
and written only in state.py; effects and views go through the state's narrow API."""

from __future__ import annotations

import ast
import pickle
import random
from pathlib import Path

import pytest

from whot_core import GameState, Rules, new_game
from whot_core.whot.engine import state as state_module

WHOT = Path(state_module.__file__).resolve().parents[1]  # whot_core/whot/


def _positions():
    rules = Rules.preset("nigerian")
    game = new_game(rules, players=3, seed=4)
    rng = random.Random(4)
    for _ in range(12):
        game.push(rng.choice(game.legal_moves()))
    placed = GameState.from_position(rules, hands=[["circle 5", "star 7"], ["square 5"]])
    return {
        "dealt": new_game(rules, players=3, seed=4),
        "played": game,
        "placed": placed,
        "cloned": game.clone(),
        "determinized": game.view(game.current_player).determinize(random.Random(1)),
        "unpickled": pickle.loads(pickle.dumps(game)),
    }


@pytest.mark.parametrize("how", list(_positions()))
def test_every_declared_field_is_set_however_the_state_was_made(how):
    state = _positions()[how]
    assert set(GameState.__slots__) == set(state_module._FIELDS)
    for name in state_module._FIELDS:
        getattr(state, name)  # AttributeError if a way of making states forgot a field


def test_a_clone_shares_no_list_a_move_changes():
    game = _positions()["played"]
    copy = game.clone()
    for name, how in state_module._FIELDS.items():
        if how != state_module.SHARED:
            assert getattr(copy, name) == getattr(game, name)
            assert getattr(copy, name) is not getattr(game, name), name
    before = (game.hands, game.pile, game.market, game.events)
    copy.push(copy.legal_moves()[-1])
    assert (game.hands, game.pile, game.market, game.events) == before


def _writes_to_state_fields(path: Path) -> list[str]:
    """`state.<field> = ...` (or `+=`) anywhere in `path`, for the fields of `_FIELDS`."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        targets = node.targets if isinstance(node, ast.Assign) else []
        if isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        for target in targets:
            if (
                isinstance(target, ast.Attribute)
                and isinstance(target.value, ast.Name)
                and target.value.id == "state"
                and target.attr in state_module._FIELDS
            ):
                found.append(f"{path.name}:{node.lineno} state.{target.attr}")
    return found


def test_only_state_py_writes_the_states_fields():
    owner = Path(state_module.__file__).resolve()
    writes = [
        write
        for path in sorted(WHOT.rglob("*.py"))
        if path.resolve() != owner
        for write in _writes_to_state_fields(path)
    ]
    assert writes == []
