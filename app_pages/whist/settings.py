"""The Whist pages' game settings, the same on Whist (watching AI players) and Play Whist: how
long the game is, and the target, which a game of one hand has no use for (the team that scores
in it wins, whatever the target: `WhistRules.length`)."""

from __future__ import annotations

from typing import Any

from whot_core.whist import WhistRules

#: The game's length as the pages' radio names it (`WhistRules.length`).
LENGTHS = {"hand": "One hand (52 cards)", "game": "A whole game"}


def target_words(length: str) -> str:
    """What the Game to box does under `length`: the seed's target, or why one hand has none."""
    if length == "hand":
        return "Game to: no effect on one hand (the team that scores in it wins)."
    target = WhistRules().target
    return (
        f"Game to: {target} points in the online game whose rules this follows; fewer is shorter."
    )


def target_input(where: Any, key: str, length: str, *, disabled: bool = False, **options) -> None:
    """The Game to box in `where` (a column), disabled under one hand, where it has no effect;
    its words (`target_words`) go under it, in the page's caption."""
    where.number_input("Game to", 1, 13, key=key, disabled=disabled or length == "hand", **options)
