"""The words and values of the engine's longest functions over many inputs, for
tests/test_pinned_words.py: splitting such a function must keep every output byte for byte.

    python tests/pinned_words.py    # write tests/golden/pinned/words.json (only on purpose)

The golden file holds a SHA-256 of each function's outputs and how many there are: the outputs
themselves run to megabytes. When a digest differs, `outputs(name)` on both commits shows where.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
import random
import sys
from pathlib import Path

from whot_core import Move, Rules, new_game
from whot_core.whot.engine.cards import Shape
from whot_core.whot.engine.moves import Announcement

GOLDEN = Path(__file__).parent / "golden" / "pinned" / "words.json"


def rule_sets() -> list[Rules]:
    """Every preset, and every preset with each toggle set to each of its values (those valid)."""
    out = []
    for preset in Rules.presets():
        base = Rules.preset(preset)
        out.append(base)
        for field in Rules.fields():
            if field.choices is not None:
                values = field.choices
            elif field.kind is bool:
                values = (True, False)
            elif field.kind is int and field.minimum is not None:
                values = range(field.minimum, min(field.maximum or field.minimum, 12) + 1)
            else:
                continue
            for value in values:
                with contextlib.suppress(ValueError):
                    out.append(base.replace(**{field.name: value}))
    return out


def describe() -> list:
    return [
        [[text, sorted(fields)] for text, fields in rules.describe_fields(nigerian)]
        for rules in rule_sets()
        for nigerian in (False, True)
    ]


def _play(card, **more) -> Move:
    return Move(card, call=Shape.CIRCLE if card.is_whot else None, **more)


def _moves_to_explain(state) -> list[Move]:
    """The draw; every card of the hand alone, with each announcement, and with the others of
    its number; a card of the market (not in the hand)."""
    hand = state.hands[state.current_player]
    moves = [Move.draw()]
    for card in dict.fromkeys(hand):
        moves.append(_play(card))
        moves += [_play(card, announce=said) for said in Announcement]
        same = tuple(c for c in hand if c.number == card.number and c != card)
        if same and not card.is_whot:
            moves.append(_play(card, more=same))
    moves += [_play(card) for card in state.market[:1]]
    return moves


def explain() -> list:
    out = []
    for index, rules in enumerate(rule_sets()[::5]):
        rng = random.Random(index)
        players = min(max(2 + index % 3, rules.min_players), rules.max_players)
        state = new_game(rules, players=players, seed=index)
        for _ in range(20):
            if state.is_over:
                break
            for move in _moves_to_explain(state):
                try:
                    out.append([str(move), state.is_legal(move), state.explain(move)])
                except (TypeError, ValueError) as error:
                    out.append([str(move), type(error).__name__, str(error)])
            state = state.apply(rng.choice(state.legal_moves()))
    return out


def first_difference() -> list:
    from whot_core.whot.teach.difference import first_difference as first

    out = []
    nigerian = Rules.preset("nigerian")
    pairs = [(nigerian, Rules.preset(p)) for p in Rules.presets() if p != "nigerian"]
    for field in Rules.fields():  # each toggle changed alone from nigerian, where it may be
        for rules in rule_sets():
            changed = nigerian.diff(rules) if rules.min_players <= 3 else {}
            if list(changed) == [field.name]:
                pairs.append((nigerian, rules))
                break
    for index, (a, b) in enumerate(pairs):
        for seed in (index, index + 1, index + 50):
            players = min(max(2 + seed % 2, b.min_players), b.max_players)
            found = first(a, b, players, seed, "heuristic", nigerian=bool(seed % 2))
            out.append([found.step, found.kind, list(found.toggles), found.text])
    return out


def search_figure() -> list:
    """Every sixth combination of the figure's inputs (plotly is slow to build a figure)."""
    from whot_core.whot.show.figures import search_figure as figure

    rng = random.Random(3)
    moves = ["play star 7", "play whot, call circle", "draw"] * 5
    rows = [
        {
            "move": move,
            "visits": rng.randrange(1, 500),
            "share": rng.random(),
            "win_rate": None if i % 4 == 3 else rng.random(),
        }
        for i, move in enumerate(moves)
    ]
    labels = ("estimated chance of winning", "share of the tricks")
    inputs = itertools.product((1, 5, 14), (None, 2.25), (False, True), (None, 3, 12), labels)
    out = []
    for index, (count, seconds, large, limit, label) in enumerate(inputs):
        if index % 6 == 0:
            details = {"simulations": 1000 * count, "moves": rows[:count], "seconds": seconds}
            fig = figure(
                details, large=large, limit=limit, value_label=label, nigerian=bool(index % 4)
            )
            shown = fig.to_dict()
            shown["layout"].pop("template", None)  # plotly's own default look, not ours
            out.append(json.dumps(shown, sort_keys=True, default=str))
    return out


def whist_decisions() -> list:
    from whot_core.whist import new_game as whist_game
    from whot_core.whist.players import HeuristicPlayer

    out = []
    player = HeuristicPlayer()
    for seed in range(40):
        state = whist_game(seed=seed)
        for _ in range(52 * 3):
            if state.is_over:
                break
            decision = player.choose(state.view(state.current_player))
            out.append([str(decision.move), decision.reason])
            state = state.apply(decision.move)
    return out


PINNED = {
    "describe": describe,
    "explain": explain,
    "first_difference": first_difference,
    "search_figure": search_figure,
    "whist_decisions": whist_decisions,
}


def outputs(name: str) -> list:
    return PINNED[name]()


def digest(values: list) -> dict:
    text = json.dumps(values, ensure_ascii=False, sort_keys=True)
    return {"count": len(values), "sha256": hashlib.sha256(text.encode()).hexdigest()}


if __name__ == "__main__":
    names = sys.argv[1:] or list(PINNED)
    golden = json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}
    for name in names:
        golden[name] = digest(outputs(name))
        print(name, golden[name])
    GOLDEN.write_text(json.dumps(golden, indent=2, sort_keys=True) + "\n")
