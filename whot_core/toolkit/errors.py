"""The error both games raise for a move their rules do not allow.

Whot's engine re-exports it (`whot_core.IllegalMove`, `whot_core.whot.engine.moves.IllegalMove`) and
Whist's raises the same class, so one `except IllegalMove` serves either game.
"""

from __future__ import annotations

__all__ = ["IllegalMove"]


class IllegalMove(ValueError):
    """A move the rules do not allow here. The message names the rule broken."""
