"""Stepping through a game, for either game's viewer: which step comes next, and one step as HTML.

A game to step through is a sequence of frames, frame 0 the deal and frame k the table after move
k (Whot's `whot_core.whot.show.viewer.Frame`, Whist's `whot_core.whist.show.viewer.Frame`). The
navigation keeps a step within the frames; `step_html` lays out a step the same way for both games:
a caption, the table picture, what happened in sentences, and the AI's reason. Standard library
only.

    >>> frames = ("deal", "move 1", "move 2")
    >>> next_step(2, frames), previous_step(0, frames), clamp_step(9, frames)
    (2, 0, 2)
    >>> "<li>Seat 1 draws.</li>" in step_html("Step 1", "<svg/>", ["Seat 1 draws."], None)
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from .svg import img_tag

__all__ = [
    "clamp_step",
    "first_step",
    "last_step",
    "next_step",
    "picture",
    "previous_step",
    "step_html",
]


def _check_frames(frames: Sequence[Any]) -> int:
    if not frames:
        raise ValueError("frames: there is nothing to show (no frames)")
    return len(frames) - 1


def clamp_step(step: int, frames: Sequence[Any]) -> int:
    """`step` kept within the frames: below 0 gives the first, past the end the last."""
    last = _check_frames(frames)
    if isinstance(step, bool) or not isinstance(step, int):
        raise TypeError(f"step must be a whole number, not {step!r}")
    return min(max(step, 0), last)


def first_step(frames: Sequence[Any]) -> int:
    _check_frames(frames)
    return 0


def last_step(frames: Sequence[Any]) -> int:
    return _check_frames(frames)


def next_step(step: int, frames: Sequence[Any]) -> int:
    """One step on; the last step stays where it is."""
    return clamp_step(step + 1, frames)


def previous_step(step: int, frames: Sequence[Any]) -> int:
    """One step back; the deal stays where it is."""
    return clamp_step(step - 1, frames)


def picture(svg: str, alt: str, inline: bool) -> str:
    """The SVG itself (`inline`), or an `<img>` of it for hosts that strip inline SVG."""
    return svg if inline else img_tag(svg, alt)


def step_html(
    caption: str, svg: str, sentences: Sequence[str], reason: str | None, *, inline: bool = True
) -> str:
    """One step of a game as HTML, for either game's viewer: the caption as a heading, the
    table picture, what happened as a list, and the AI's reason when there is one."""
    parts = [
        '<div class="whot-frame">',
        f'<h4 class="whot-caption">{escape(caption)}</h4>',
        f'<div class="whot-table">{picture(svg, caption, inline)}</div>',
        '<ul class="whot-sentences">',
        *(f"<li>{escape(sentence)}</li>" for sentence in sentences),
        "</ul>",
    ]
    if reason:
        parts.append(f'<p class="whot-reason"><b>Why:</b> {escape(reason)}</p>')
    parts.append("</div>")
    return "\n".join(parts)
