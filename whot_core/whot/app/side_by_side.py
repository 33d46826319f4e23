"""Side by side: one deal played under two rule sets, stepped together (the Side by side page),
and each change from a preset shown in one small position (the Rules page).

Both come from `whot_core.whot.teach.difference`: `first_difference` finds where the two games part
and says why; `contrast` finds a position where one toggle's two values lead to different outcomes.
Nothing here is written per rule: the pictures are the engine's states, the words its own.

    >>> from whot_core import Rules
    >>> shown = play_side_by_side(Rules.preset("nigerian"), Rules.preset("naija_tournament"))
    >>> shown.divergence.toggles, shown.parting        # the first step whose tables differ
    (('defence',), 4)
    >>> shown.phase(3), shown.phase(4), shown.phase(5)
    ('same', 'part', 'apart')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from ..engine.narrate import seat_name
from ..engine.rules import Rules
from ..show.pictures import notebook_html, table_svg
from ..show.viewer import Frame, play_frames
from ..teach.difference import (
    DEAL_SHOWS,
    Contrast,
    Divergence,
    RuleAct,
    contrast,
    first_difference,
    first_rule_act,
    seat_players,
)
from ..teach.practice import seat_does
from .controls import field_label
from .lineup import LEVELS

__all__ = [
    "SIDE_BY_SIDE_MAX_MOVES",
    "SIDE_BY_SIDE_SIMULATIONS",
    "ChangeShown",
    "SideBySide",
    "change_contrasts",
    "contrast_html",
    "default_other",
    "divergence_html",
    "play_side_by_side",
]

#: Each game stops after this many moves, as on the Watch page: long enough for any sensible
#: game, short enough that stepping through it stays possible (a decision; RULES.md has no cap).
SIDE_BY_SIDE_MAX_MOVES = 600

#: The search player's budget on this page: both games and the search for the parting replay
#: its choices, so it is smaller than the Watch page's default (a decision, for speed).
SIDE_BY_SIDE_SIMULATIONS = 50


@dataclass(frozen=True, eq=False)
class SideBySide:
    """The same deal under rules A and rules B: each game's frames, and where they part.

    `frames[0]` is the game under rules A, `frames[1]` under rules B; the games share their
    first `divergence.step` moves. `parting` is the first step whose tables differ (0 when the
    deal itself differs), None when the two games are the same to the end. When the deal
    differs, `rule_act` is where a rule of play first acts in either game (`first_rule_act`),
    and `acting` that step: the button `jump_label` goes there."""

    labels: tuple[str, str]
    frames: tuple[tuple[Frame, ...], tuple[Frame, ...]]
    divergence: Divergence
    rule_act: RuleAct | None = None

    @property
    def acting(self) -> int | None:
        """The step after the move where a rule of play first acts (deals that differ only)."""
        return None if self.rule_act is None else self.rule_act.step + 1

    @property
    def jump(self) -> int | None:
        """Where the button `jump_label` goes: the parting, or where a rule first acts after a deal
        that differs (the parting is then the deal itself, step 0)."""
        return self.acting if self.acting is not None else self.parting

    @property
    def jump_label(self) -> str:
        """The words on the button that goes to `jump`: what is there."""
        return "Where a rule acts" if self.acting is not None else "Where they part"

    @property
    def parting(self) -> int | None:
        kind = self.divergence.kind
        if kind == "same":
            return None
        return 0 if kind == "deal" else self.divergence.step + 1

    @property
    def longest(self) -> tuple[Frame, ...]:
        """The longer game's frames: the steps both tables walk through together."""
        return max(self.frames, key=len)

    def frame(self, side: int, step: int) -> Frame:
        """Game `side`'s frame at `step`; a game that ended earlier stays on its last frame."""
        frames = self.frames[side]
        return frames[min(max(step, 0), len(frames) - 1)]

    def phase(self, step: int) -> str:
        """`same` before the games part (or when they never do), `part` at the step where they
        part, `apart` after it."""
        if self.parting is None or step < self.parting:
            return "same"
        return "part" if step == self.parting else "apart"

    def marker(self, step: int) -> str:
        """A few words on where this step is against the parting (the explanation box leads)."""
        parting, phase = self.parting, self.phase(step)
        if self.acting is not None and step == self.acting:
            return f"Step {step}: a rule of play acts."
        if self.acting is not None and step == 0:
            return "Step 0: the deals differ."
        if parting is None:
            return f"Step {step}: the two games never part."
        if phase == "same":
            return f"Step {step}: both games still the same; they part at step {parting}."
        if phase == "part":
            return f"Step {step}: here the games part."
        return f"Step {step}: the games parted at step {parting}."

    def status(self, step: int) -> str:
        """What follows the marker: the Divergence's words at the parting and after it."""
        parting, phase = self.parting, self.phase(step)
        if self.acting is not None:
            if step == self.acting:
                return self.rule_act.text
            if step > self.acting:
                # the text says where itself ("At move 2 under rules B, ..."): no second lead-in
                return f"Each game now goes its own way. {self.rule_act.text}"
            return (
                f"{self.divergence.text} \u201c{self.jump_label}\u201d goes to step "
                f"{self.acting}, where a rule of play first acts."
            )
        if parting is None:
            return self.divergence.text
        if phase == "same":
            return f"\u201c{self.jump_label}\u201d goes to that step."
        if phase == "part":
            return self.divergence.text
        return f"Each game now goes its own way. {self.divergence.text}"


def play_side_by_side(
    rules_a: Rules,
    rules_b: Rules,
    players: int = 2,
    seed: int = 0,
    levels: Sequence[str] | str = ("heuristic", "heuristic"),
    *,
    simulations: int = SIDE_BY_SIDE_SIMULATIONS,
    labels: tuple[str, str] = ("rules A", "rules B"),
    nigerian: bool = False,
    max_moves: int = SIDE_BY_SIDE_MAX_MOVES,
) -> SideBySide:
    """Deal `seed` under both rule sets, let the same AI players play each game to its end,
    and find where they part (`first_difference`, whose players these are).

    ValueError when the rule sets are the same or a level is unknown (`first_difference`'s)."""
    levels = (levels,) * players if isinstance(levels, str) else tuple(levels)
    divergence = first_difference(
        rules_a,
        rules_b,
        players,
        seed,
        levels,
        simulations=simulations,
        labels=labels,
        nigerian=nigerian,
        max_moves=max_moves,
    )
    names = tuple(LEVELS.seat_name(seat_name(i), level) for i, level in enumerate(levels))
    games = tuple(
        play_frames(
            rules,
            seat_players(levels, seed, simulations),
            seed,
            names=names,
            nigerian=nigerian,
            max_moves=max_moves,
        )
        for rules in (rules_a, rules_b)
    )
    act = None
    if divergence.kind == "deal":
        lines = [[frame.state for frame in game] for game in games]
        act = first_rule_act((rules_a, rules_b), lines, labels, nigerian)
    return SideBySide(tuple(labels), games, divergence, act)


def default_other(rules: Rules, choices: Sequence[str]) -> str:
    """Rule set B's first choice: the Nigerian preset, or the British one when A is already
    Nigerian (a comparison of a rule set with itself shows nothing)."""
    if rules == Rules.preset("nigerian") and "preset:british" in choices:
        return "preset:british"
    return "preset:nigerian" if "preset:nigerian" in choices else choices[0]


# ------------------------------------------------------------------- the Rules page's changes


@dataclass(frozen=True)
class ChangeShown:
    """One change from the preset in a small position: the sentence, and the tables after the
    same move under the preset (`svg_a`) and under your rules (`svg_b`). For a change that no
    position can show, `text` says why and the pictures are None."""

    toggle: str
    number: int | None
    title: str
    text: str
    svg_a: str | None = None
    svg_b: str | None = None
    move: str | None = None
    allowed: tuple[bool, bool] = (True, True)  # is the move allowed under each rule set
    #: what each picture shows: "the table after seat 0 plays circle 1"
    captions: tuple[str, str] = ("", "")
    #: the same two tables with one other seat a row, for a phone's narrow window, where the
    #: row of two seats draws its words too small to read; None with two players
    narrow: tuple[str, str] | None = None


def outcome_caption(state, move, allowed: bool, nigerian: bool = False) -> str:
    """What a table after `move` shows, in the narration's words: "the table after seat 0 plays
    circle 1", or "the table as it was, since seat 0 may not play circle 1"."""
    if allowed:
        return f"the table after {seat_does(state, move, nigerian)}"
    return f"the table as it was, since {seat_does(state, move, nigerian, may='may not')}"


def change_contrasts(preset: Rules, rules: Rules, *, nigerian: bool = False) -> list[ChangeShown]:
    """Each change of `rules` from `preset` (each card number apart, for the special cards) as
    a `contrast`; a change that acts only at the deal, or that is idle, as the reason why."""
    out = []
    labels = ("the preset", "your rules")
    for name in rules.diff(preset):
        numbers: list[int | None] = [None]
        if name == "specials":
            every = sorted(set(preset.specials) | set(rules.specials))
            numbers = [n for n in every if preset.specials.get(n) != rules.specials.get(n)]
        for number in numbers:
            title = field_label(name) + (f": the {number}" if number is not None else "")
            try:
                shown = contrast(
                    preset, rules, name, number=number, labels=labels, nigerian=nigerian
                )
            except ValueError as error:
                out.append(ChangeShown(name, number, title, _why_not(str(error))))
                continue
            tables = [
                after if after is not None else before
                for before, after in (
                    (shown.state_a, shown.after_a),
                    (shown.state_b, shown.after_b),
                )
            ]
            pictures = [table_svg(table, nigerian=nigerian) for table in tables]
            narrow = None
            if len(tables[0].hand_sizes) > 2:
                narrow = tuple(table_svg(table, nigerian=nigerian, row=1) for table in tables)
            move = shown.move.text(nigerian)
            allowed = (shown.after_a is not None, shown.after_b is not None)
            captions = tuple(
                outcome_caption(state, shown.move, ok, nigerian)
                for state, ok in zip((shown.state_a, shown.state_b), allowed, strict=True)
            )
            out.append(
                ChangeShown(
                    name, number, title, shown.text, *pictures, move, allowed, captions, narrow
                )
            )
    return out


def _why_not(message: str) -> str:
    """The engine's reason, as a sentence for a reader."""
    text = message.strip().rstrip(".").replace(DEAL_SHOWS, "the Side by side page shows it")
    return f"No single position shows this change. {text[:1].upper()}{text[1:]}."


# ---------------------------------------------------------------------------- for the notebooks


def pair_html(states: Sequence, captions: Sequence[str], text: str, *, nigerian=False) -> str:
    """Two tables side by side (each an <img>, which JupyterLab shows before the notebook is
    trusted) under a sentence, each captioned."""
    figures = "".join(
        '<figure style="margin:0;flex:1 1 320px;max-width:480px">'
        f"{notebook_html(table_svg(state, nigerian=nigerian))}"
        f"<figcaption><b>{escape(caption)}</b></figcaption></figure>"
        for state, caption in zip(states, captions, strict=True)
    )
    return f'<p>{escape(text)}</p><div style="display:flex;flex-wrap:wrap;gap:16px">{figures}</div>'


def contrast_html(shown: Contrast, labels=("rules A", "rules B"), *, nigerian=False) -> str:
    """A `contrast` in a notebook: its sentence, and the table after the move under each rule
    set (the table before it where the move is not allowed)."""
    states, captions = [], []
    for label, before, after in zip(
        labels, (shown.state_a, shown.state_b), (shown.after_a, shown.after_b), strict=True
    ):
        states.append(before if after is None else after)
        allowed = after is not None
        captions.append(f"{label}: {outcome_caption(before, shown.move, allowed, nigerian)}")
    return pair_html(states, captions, shown.text, nigerian=nigerian)


def divergence_html(parted: Divergence, labels=("rules A", "rules B"), *, nigerian=False) -> str:
    """A `first_difference` in a notebook: its sentence, and the two tables where the games
    part (after the parting move, or the deals when the deal itself differs)."""
    states = (parted.after_a or parted.state_a, parted.after_b or parted.state_b)
    where = "the deal" if parted.kind == "deal" else f"after step {parted.step + 1}"
    if parted.kind == "same":
        where = "the end"
    captions = [f"{label}: {where}" for label in labels]
    return pair_html(states, captions, parted.text, nigerian=nigerian)
