"""What the charts drawn as SVG pictures share (the search's chart, the count, a match's
running totals): words wrapped to a width, and a page that stacks lines of words and drawn parts
from the top down, then closes as one accessible picture. Standard library only.

    >>> wrap("share of the simulations", 15, 100)
    ['share of', 'the', 'simulations']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .svg import PAPER, rect, svg, text, text_width

__all__ = ["BOLD", "WORDS", "Page", "wrap"]

#: Streamlit's own text colour: a chart's words read as the page's do.
WORDS = "#31333F"
#: A bold word is about this much wider than a plain one (DejaVu Sans).
BOLD = 1.1


def wrap(words: str | Sequence[str], size: float, room: float, *, bold: bool = False,
         join: str = " ") -> list[str]:  # fmt: skip
    """`words` (a text, or its words) in lines no wider than `room` at `size`, joined by `join`;
    a word longer than `room` keeps a line alone rather than being cut."""
    widen = BOLD if bold else 1.0
    lines: list[str] = []
    for word in words.split() if isinstance(words, str) else words:
        if lines and text_width(f"{lines[-1]}{join}{word}", size) * widen <= room:
            lines[-1] += f"{join}{word}"
        else:
            lines.append(word)
    return lines


@dataclass
class Page:
    """A chart's drawing as it grows: its parts in order and the baseline reached (`y`)."""

    size: float
    width: float
    parts: list[str] = field(default_factory=list)
    y: float = 0.0

    @property
    def pad(self) -> float:
        return round(self.size * 0.8)

    def lines(self, lines: Sequence[str], x: float, *, size: float | None = None,
              bold: bool = False, **attrs: object) -> None:  # fmt: skip
        """Lines of words under what is drawn, left-aligned at `x` (at the page's size unless
        `size` says)."""
        size = size or self.size
        for line in lines:
            self.y += size * 1.25
            self.parts.append(
                text(x, self.y, line, size, bold=bold, fill=WORDS, anchor="start", **attrs)
            )

    def title(self, title: str) -> None:
        """The chart's title, bold and a fifth larger, wrapped to the page."""
        size = round(self.size * 1.2)
        room = self.width - 2 * self.pad
        self.lines(wrap(title, size, room, bold=True), self.pad, bold=True, size=size)
        self.y += self.size * 0.5

    def finish(self, label: str, desc: str, defs: str = "", height: float | None = None) -> str:
        """The whole picture on white paper: `label` names it, `desc` says how to read it."""
        height = self.y + self.pad if height is None else height
        return svg(
            self.width,
            height,
            (0, 0, self.width, height),
            label,
            defs,
            rect(0, 0, self.width, height, fill=PAPER),
            *self.parts,
            desc=desc,
        )
