"""Notebook widget for Whist: step through a game, from every seat or from one.

The shared `whot_core.toolkit.widgets.GameViewer` does the stepping (buttons, slider, Play, and
`whot_core.toolkit.stepper`'s step navigation), as for Whot's; this one hands it Whist's step HTML
(`whot_core.whist.show.viewer.frame_html`) and adds a seat control: everyone's hands face up, or one
seat's fair view, the other hands as backs. As with Whot's, `render_step(i)` returns the HTML
shown, so tests read it without a browser.

ipywidgets is an optional extra (`notebooks`): `import whot_core.whist` does not import this
module. Display a viewer by leaving it last in a cell, or with `display(viewer)`.

    >>> from whot_core.whist.players import HeuristicPlayer
    >>> from whot_core.whist.show.viewer import play_frames
    >>> viewer = GameViewer(play_frames([HeuristicPlayer()] * 4, seed=2, hands=1))
    >>> viewer.next.click()
    >>> viewer.step, viewer.seat.value
    (1, 'Everyone')
    >>> viewer.seat.value = "North"
    >>> viewer.viewer
    2
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from ...toolkit import widgets as shared
from ...toolkit.stepper import last_step
from .viewer import Frame, frame_html

__all__ = ["EVERYONE", "GameViewer"]

EVERYONE = "Everyone"


class GameViewer(shared.GameViewer):
    """Step through Whist `frames` (from `whist.viewer.play_frames` or `frames_from_record`).

    The controls are Whot's viewer's (first, previous, next, last, Play, a slider) and a `seat`
    dropdown: "Everyone" shows all four hands face up, a seat's name shows what that seat may see
    (its own hand at the bottom, the others as backs, the table). `viewer` picks the seat to open
    on (0 South, 1 West, 2 North, 3 East; None for everyone).
    """

    def __init__(
        self, frames: Sequence[Frame], *, interval: int = 800, viewer: int | None = None
    ) -> None:
        frames = tuple(frames)
        last_step(frames)  # raises ValueError on no frames, before the dropdown needs frame 0
        wrong = next((f for f in frames if not isinstance(f, Frame)), None)
        if wrong is not None:
            raise TypeError(
                "frames: expected Whist frames (whot_core.whist.show.viewer.play_frames or "
                f"frames_from_record), not {type(wrong).__module__}.{type(wrong).__name__}"
            )
        if viewer is not None and (isinstance(viewer, bool) or viewer not in range(4)):
            raise ValueError(f"viewer must be a seat from 0 to 3 or None, not {viewer!r}")
        # The options are names, "Everyone" first: option i + 1 is seat i. (A None value would
        # read to ipywidgets as "nothing selected".)
        self.seat = w.Dropdown(
            options=(EVERYONE, *frames[0].names),
            index=0 if viewer is None else viewer + 1,
            description="seat",
        )
        super().__init__(frames, interval=interval, viewer=viewer, render=frame_html)
        self.seat.observe(self._on_seat, names="index")
        self.controls.children = (*self.controls.children, self.seat)

    def show_seat(self, seat: int | str | None) -> None:
        """Show one seat's view, by number (0 South ... 3 East) or name ("North"), or everyone's
        (None, "Everyone"): moves the dropdown, which redraws."""
        if isinstance(seat, str):
            if seat not in self.seat.options:
                choices = ", ".join(self.seat.options)
                raise ValueError(f"seat must be one of {choices}, not {seat!r}")
            self.seat.value = seat
            return
        if seat is not None and (isinstance(seat, bool) or seat not in range(4)):
            raise ValueError(f"seat must be a seat from 0 to 3 or None, not {seat!r}")
        self.seat.index = 0 if seat is None else seat + 1

    def _on_seat(self, change: dict[str, Any]) -> None:
        index = change["new"]
        self.viewer = None if index == 0 else index - 1
        self._show(self.step)
