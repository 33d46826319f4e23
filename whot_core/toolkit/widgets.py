"""The notebook step viewer both games use: buttons, a slider and Play over a game's frames.

Each game hands it its own `render(frame, total, viewer=)`, which draws one step as HTML; the
stepping itself is `whot_core.toolkit.stepper`'s. Whot's viewer (`whot_core.whot.show.widgets`) and
Whist's (`whot_core.whist.show.widgets`) are this one with their game's pictures. `render_step(i)`
returns the HTML shown, so tests read it without a browser.

A widget also offers a still picture of itself (`still()`, HTML with `<img>` pictures): JupyterLab
draws no widget in a notebook that is not trusted (a fresh clone, before anything is run), but it
shows this HTML, so the stored output still shows the table, under a line asking to run the
notebook. Once the cell runs, the live widget replaces it.

ipywidgets is an optional extra (`notebooks`): this module imports it, and nothing imported by
`import whot_core` imports this module.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from .stepper import clamp_step, last_step, next_step, previous_step

__all__ = ["GameViewer", "Shown"]


#: Above a widget's still picture, which a notebook shows until it is run.
RUN_TO_USE = "Run the notebook (Run ▸ Run All Cells) to use the buttons; until then, a still:"


class Shown:
    """Shared display: a widget object shows its `widget` (a box of controls) in Jupyter, and
    its `still()` where JupyterLab draws no widget (a notebook not yet run and trusted)."""

    widget: w.Widget
    #: What the widget is, for the text stand-in: "a game viewer".
    what = "a widget"

    def still(self) -> str:
        """The widget's current picture as HTML that needs no kernel (pictures as `<img>`)."""
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs: Any):
        bundle = dict(self.widget._repr_mimebundle_(**kwargs) or {})
        bundle["text/html"] = f"<p><i>{escape(RUN_TO_USE)}</i></p>{self.still()}"
        bundle["text/plain"] = f"{self.what.capitalize()}: run the notebook to use it."
        return bundle


class GameViewer(Shown):
    what = "a game viewer"

    """Step through `frames`, any game's, drawing each step with that game's `render`.

    Buttons go to the first, previous, next and last step; the slider picks any step, and the
    Play button runs the slider forward every `interval` milliseconds. The table, the step's
    sentences and the AI's reason show underneath. `viewer` shows one seat's view instead of
    every hand face up.

    `render(frame, total, viewer=)` draws a step as HTML (Whot's
    `whot_core.whot.show.viewer.frame_html`, Whist's `whot_core.whist.show.viewer.frame_html`). The
    controls are in `controls`, a box a subclass may add to.
    """

    def __init__(
        self,
        frames: Sequence[Any],
        *,
        interval: int = 800,
        viewer: int | None = None,
        render: Callable[..., str],
    ) -> None:
        self.frames = tuple(frames)
        last = last_step(self.frames)  # raises ValueError on no frames
        self.viewer = viewer
        self._render = render
        # Labels in characters every font has (no emoji, which some systems draw as boxes).
        self.first = w.Button(description="« First", tooltip="go to the deal")
        self.previous = w.Button(description="‹ Previous", tooltip="one step back")
        self.next = w.Button(description="Next ›", tooltip="one step on")
        self.last = w.Button(description="Last »", tooltip="go to the end of the game")
        self.slider = w.IntSlider(
            value=0,
            min=0,
            max=last,
            description="step",
            layout=w.Layout(flex="1 1 240px", min_width="240px"),
        )
        self.play = w.Play(value=0, min=0, max=last, step=1, interval=interval, description="play")
        # A kernel-side link, so that it also holds without a browser (and in tests).
        self._link = w.link((self.play, "value"), (self.slider, "value"))
        self.html = w.HTML()
        self.first.on_click(lambda _: self.go(0))
        self.previous.on_click(lambda _: self.go(previous_step(self.step, self.frames)))
        self.next.on_click(lambda _: self.go(next_step(self.step, self.frames)))
        self.last.on_click(lambda _: self.go(last))
        self.slider.observe(self._on_slide, names="value")
        self.controls = w.HBox(
            [self.first, self.previous, self.next, self.last, self.play, self.slider],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.widget = w.VBox([self.controls, self.html])
        self._show(0)

    @property
    def step(self) -> int:
        return self.slider.value

    def go(self, step: int) -> None:
        """Show `step` (kept within the game): moves the slider, which redraws."""
        self.slider.value = clamp_step(step, self.frames)

    def render_step(self, step: int) -> str:
        """The HTML shown for `step`: caption, table, sentences and the AI's reason."""
        frame = self.frames[clamp_step(step, self.frames)]
        return self._render(frame, len(self.frames) - 1, viewer=self.viewer)

    def still(self) -> str:
        frame = self.frames[self.step]
        return self._render(frame, len(self.frames) - 1, viewer=self.viewer, inline=False)

    def _on_slide(self, change: dict[str, Any]) -> None:
        self._show(change["new"])

    def _show(self, step: int) -> None:
        self.html.value = self.render_step(step)
        at_start, at_end = step == 0, step == len(self.frames) - 1
        self.first.disabled = self.previous.disabled = at_start
        self.next.disabled = self.last.disabled = at_end
