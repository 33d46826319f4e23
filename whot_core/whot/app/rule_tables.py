"""The Rules page's words and tables: a toggle's value in words, the toggles that differ from the
preset, the reference table (the preset's decisions marked as such), the rules as sentences, and
the preset closest to a set of rules."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from ..engine.rules import Rules, Specials, value_words
from .controls import field_label, option_label

__all__ = [
    "closest_preset",
    "decided_fields",
    "diff_rows",
    "field_rows",
    "rule_sentences",
    "value_text",
]


def value_text(value: Any, name: str | None = None) -> str:
    """A toggle's value in words: on/off, "1 hold on, 2 pick two", "none"; with the toggle's
    `name`, an option in its own words (`rules.value_words`)."""
    if isinstance(value, Specials):
        return value_words("specials", value)
    if name is not None:
        return value_words(name, value)
    if isinstance(value, StrEnum):
        return option_label(value.value)
    return option_label(value)


def diff_rows(rules: Rules, base: Rules) -> list[dict[str, str]]:
    """One row per toggle that differs from `base`: the toggle, both values, what it does."""
    descriptions = {f.name: f.description for f in Rules.fields()}
    return [
        {
            "toggle": field_label(name),
            "preset": value_text(theirs, name),
            "yours": value_text(ours, name),
            "what it does": descriptions[name],
        }
        for name, (ours, theirs) in rules.diff(base).items()
    ]


def field_rows(rules: Rules, preset: str | None = None) -> list[dict[str, str]]:
    """Every toggle with its value under `rules` and its description: the reference table.
    With a preset, a value that preset's source does not give is marked as a decision."""
    decided = decided_fields(rules, preset) if preset else {}
    return [
        {
            "toggle": field_label(f.name),
            "value": value_text(getattr(rules, f.name), f.name)
            + (" (decision)" if f.name in decided else ""),
            "what it does": f.description,
        }
        for f in Rules.fields()
    ]


def decided_fields(rules: Rules, preset: str) -> dict[str, str]:
    """The preset's decisions (`Rules.preset_decisions`) that `rules` still keeps: a value the
    reader changed is theirs, no longer this project's decision."""
    base = Rules.preset(preset)
    return {
        name: why
        for name, why in Rules.preset_decisions(preset).items()
        if getattr(rules, name) == getattr(base, name)
    }


def rule_sentences(rules: Rules, preset: str, nigerian: bool = False) -> list[str]:
    """`rules.describe()` as markdown list items, a sentence that states one of the preset's
    decided values marked "(a decision)" so that no reader takes it for the source's word."""
    decided = decided_fields(rules, preset)
    return [
        f"- {sentence}" + (" *(a decision: see below)*" if fields & decided.keys() else "")
        for sentence, fields in rules.describe_fields(nigerian)
    ]


def closest_preset(rules: Rules) -> str:
    """The preset that differs from `rules` in the fewest toggles (the first such in order)."""
    return min(Rules.presets(), key=lambda name: len(rules.diff(Rules.preset(name))))
