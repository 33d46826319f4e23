"""Notebook widgets: step through a game, and explore which cards of a hand may be played (the
practice widget is teaching's: `whot_core.whot.teach.widgets`).

The widgets only wire ipywidgets controls to `whot_core.whot.show.viewer` and show the HTML it
renders (inline SVG, which a live widget displays; a notebook not yet run shows each widget's
`still()`, its pictures as `<img>`); every rule and every sentence comes from there. Each widget
has a method returning the HTML it shows (`GameViewer.render_step(i)`,
`PositionExplorer.refresh()`), so tests can read it without a
browser.

ipywidgets is an optional extra (`notebooks`): this module imports it, `import whot_core` does not
import this module. Display a widget by leaving it last in a cell, or with `display(widget)`.

    >>> from whot_core import Rules
    >>> from whot_core.whot.show.viewer import play_frames
    >>> from whot_core.whot.players import HeuristicPlayer
    >>> viewer = GameViewer(play_frames(Rules.preset("british"), [HeuristicPlayer()] * 2, seed=2))
    >>> viewer.next.click()
    >>> viewer.step
    1
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from ...toolkit import widgets as shared
from ..engine.cards import SHAPES, Card
from ..engine.rules import Rules
from .viewer import (
    Frame,
    card_choices,
    exploration_html,
    explore_position,
    frame_html,
    parse_hand,
)

__all__ = ["GameViewer", "PositionExplorer"]

NO_CALL = "no call"


class GameViewer(shared.GameViewer):
    """Step through Whot `frames` (from `viewer.play_frames` or `viewer.frames_from_record`).

    Buttons go to the first, previous, next and last step; the slider picks any step, and the
    Play button runs the slider forward every `interval` milliseconds. The table, the step's
    sentences and the AI's reason show underneath. `viewer` shows one seat's view instead of
    every hand face up.

    `render(frame, total, viewer=)` draws a step as HTML: Whot's `viewer.frame_html` unless
    another is given. The controls are in `controls`, a box a subclass may add to; the stepping
    is the shared `whot_core.toolkit.widgets.GameViewer`, which Whist's viewer uses too.
    """

    def __init__(
        self,
        frames: Sequence[Frame],
        *,
        interval: int = 800,
        viewer: int | None = None,
        render: Callable[..., str] = frame_html,
    ) -> None:
        super().__init__(frames, interval=interval, viewer=viewer, render=render)


class PositionExplorer(shared.Shown):
    """Pick a top card (and the call when it is a Whot), type a hand, and see which cards may be
    played and why, in the engine's own words (`viewer.explore_position`).

    The hand is card text separated by commas ("ball 5, star 7, whot"). Under defence a waiting
    pick can be set too. Mistakes (an impossible card, a card twice in one pack) are shown as the
    engine's message instead of an answer.
    """

    what = "a position explorer"

    def __init__(
        self,
        rules: Rules,
        *,
        top: Card | str | None = "circle 5",
        hand: str = "circle 2, star 5, whot, square 7",
        nigerian: bool = False,
    ) -> None:
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules object, not {type(rules).__name__}")
        self.rules = rules
        self.nigerian = nigerian
        names = card_choices(nigerian)
        shape_names = [s.nigerian_name if nigerian else s.value for s in SHAPES]
        self.top = w.Dropdown(options=["no card (start of play)", *names], description="top card")
        if top is not None:
            self.top.value = (top if isinstance(top, Card) else Card.parse(top)).name(nigerian)
        self.call = w.Dropdown(options=[NO_CALL, *shape_names], description="call")
        self.hand = w.Text(value=hand, description="hand", continuous_update=False)
        self.penalty = w.BoundedIntText(
            value=0, min=0, max=60, description="pick waiting", disabled=not rules.defence
        )
        self.html = w.HTML()
        self.top.observe(self._on_top, names="value")
        for control in (self.call, self.hand, self.penalty):
            control.observe(lambda _: self.refresh(), names="value")
        self.widget = w.VBox([w.HBox([self.top, self.call, self.penalty]), self.hand, self.html])
        self._on_top(None)

    def _on_top(self, _change: Any) -> None:
        """A Whot on top needs a call, and any other card must have none: the call follows."""
        whot = self.top.value == "whot"
        self.call.disabled = not whot
        if whot and self.call.value == NO_CALL:
            self.call.value = self.call.options[1]  # the observer refreshes
        elif not whot and self.call.value != NO_CALL:
            self.call.value = NO_CALL  # the observer refreshes
        else:
            self.refresh()

    def refresh(self) -> str:
        """Ask the engine about the position on screen, show the answer and return its HTML."""
        self.html.value = self.render()
        return self.html.value

    def still(self) -> str:
        return self.render(inline=False)

    def render(self, *, inline: bool = True) -> str:
        """The HTML for the controls' current values, without showing it (`inline=False`: the
        pictures as `<img>`)."""
        top = None if self.top.index == 0 else self.top.value
        call = None if self.call.value == NO_CALL else self.call.value
        try:
            report = explore_position(
                self.rules, top, parse_hand(self.hand.value), call, self.penalty.value
            )
        except ValueError as error:
            return f'<p class="whot-error"><b>Not a possible position:</b> {escape(str(error))}</p>'
        return exploration_html(report, inline=inline, nigerian=self.nigerian)
