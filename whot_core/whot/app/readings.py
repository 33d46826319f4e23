"""One line under each chart of the Compare page, saying what it shows in a player's words: the
seats' balance, real choices, lead changes, when the winner becomes clear, how games end, how
much skill matters and what each special card is worth.

Each reading takes the numbers its chart draws (and the paired tests of `app.verdict`), so the
words and the picture cannot disagree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...toolkit.significance import PairedTest, shares
from ..engine.effects import Effect
from ..players.rule_measures import SKILL_PLAYERS, Share, seat_shares
from ..players.simulate import MOVE_LIMIT, Comparison

__all__ = [
    "choice_reading",
    "decided_reading",
    "endings_reading",
    "lead_reading",
    "seats_reading",
    "skill_reading",
    "skill_test",
    "worth_reading",
]


def _pc(value: float) -> str:
    return f"{100 * value:.0f}%"


def _clear(test: PairedTest | None) -> str:
    if test is None:
        return ""
    return " (a clear difference)" if test.differs else " (no clear difference)"


def seats_reading(result: Comparison) -> str:
    """Each seat's share of wins in order of play, under both rule sets."""
    said = []
    for label, games in zip(result.labels, result.games, strict=True):
        row = seat_shares(games)
        said.append(f"under {label}, {', '.join(_pc(s) for s in row)}")
    fair = _pc(1 / len(row))
    return (
        f"Wins by seat, the leader first and then in order of play: {'; '.join(said)}. An even "
        f"share is {fair} each."
    )


def _under_both(labels: Sequence[str], values: tuple[str, str], test: PairedTest) -> str:
    """`values[0] under A and values[1] under B`, and whether they differ clearly."""
    return f"{values[0]} under {labels[0]} and {values[1]} under {labels[1]}{_clear(test)}"


def choice_reading(result: Comparison, tests: Mapping[str, PairedTest]) -> str:
    test = tests["choice"]
    shown = (f"{_pc(test.mean_a)} of moves", _pc(test.mean_b))
    return (
        f"A player may choose between two or more moves on "
        f"{_under_both(result.labels, shown, test)}; on the others the move is forced."
    )


def lead_reading(result: Comparison, tests: Mapping[str, PairedTest]) -> str:
    test = tests["lead_changes"]
    shown = (f"{test.mean_a:.1f} times a game", f"{test.mean_b:.1f}")
    return (
        "The lead (held by the player with the fewest cards, alone) changes hands "
        f"{_under_both(result.labels, shown, test)}: the more it changes, the more a game swings."
    )


def decided_reading(result: Comparison, tests: Mapping[str, PairedTest]) -> str:
    test = tests.get("decided_at")
    if test is None:
        return "No game had a sole winner, so there is no moment when the winner became clear."
    shown = (f"{_pc(test.mean_a)} of the way into a game", _pc(test.mean_b))
    return (
        f"On average the winner takes the lead for good {_under_both(result.labels, shown, test)}"
        ": the later, the longer a game stays open."
    )


def endings_reading(result: Comparison, tests: Mapping[str, PairedTest]) -> str:
    """How the games ended: by the last card, by a count, at the move limit."""
    said = []
    for key, words in (("count", "by a count"), ("move_limit", "at the move limit")):
        test = tests.get(key)
        if test is not None and (test.mean_a or test.mean_b):
            a, b = result.labels
            said.append(
                f"{_pc(test.mean_a)} of games end {words} under {a} and {_pc(test.mean_b)} "
                f"under {b}{_clear(test)}"
            )
    if not said:
        return "Under both rule sets every game ended when a player played their last card."
    text = "; ".join(said) + "; the rest end when a player plays their last card."
    return text[:1].upper() + text[1:]


def skill_test(tables: Sequence[Any], seed: int = 0) -> PairedTest | None:
    """The stronger player's win share, deal by deal (deals finished under both), B against A."""
    a, b = tables
    keep = (a["end_reason"] != MOVE_LIMIT) & (b["end_reason"] != MOVE_LIMIT)
    if not keep.any():
        return None
    return shares(a["win_share_p0"][keep], b["win_share_p0"][keep], seed)


def skill_reading(labels: Sequence[str], skill: Sequence[Share], test: PairedTest | None) -> str:
    strong, weak = SKILL_PLAYERS
    said = [
        f"{_pc(s.share)} of games under {label} (very likely {_pc(s.low)} to {_pc(s.high)})"
        for label, s in zip(labels, skill, strict=True)
    ]
    return (
        f"Against the {weak} player, the {strong} player (it follows the sources' tips) wins "
        f"{said[0]} and {said[1]}{_clear(test)}: the further above 50%, the more skill matters."
    )


def worth_reading(labels: Sequence[str], worth: Sequence[Mapping[Effect, Share]]) -> str:
    """The most valuable special card under each rule set that has any."""
    said = []
    for label, found in zip(labels, worth, strict=True):
        if not found:
            said.append(f"{label} has no special cards")
            continue
        effect, share = min(found.items(), key=lambda item: item[1].share)
        points = round(100 * (0.5 - share.share))
        said.append(
            f"under {label}, the most valuable is {effect.title.lower()}: a player who may not "
            f"use it wins {_pc(share.share)} (very likely {_pc(share.low)} to {_pc(share.high)}),"
            f" so it is worth about {points} points of a player's share of wins"
        )
    text = "; ".join(said)
    return f"{text[:1].upper()}{text[1:]}."
