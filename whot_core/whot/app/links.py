"""Links: the rules as query parameters (the preset, then only the toggles that differ) and back,
so that a teacher's link reproduces what is on the screen, and each page's own parameters read
safely (`read_int`, `read_choice`, `read_lineup`): a bad value is named as a problem, never fatal.

    >>> from whot_core import Rules
    >>> rules = Rules.preset("nigerian").replace(defence=True)
    >>> params = rules_to_params("nigerian", rules)
    >>> params
    {'preset': 'nigerian', 'defence': 'on'}
    >>> params_to_rules(params).rules == rules
    True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.rules import Rules, value_from_text, value_to_text
from .controls import DEFAULT_PRESET, _apply_changes
from .lineup import LEVELS

__all__ = [
    "RULE_NAMES",
    "SHARED_PARAMS",
    "FromParams",
    "decode_value",
    "encode_value",
    "nearest_option",
    "params_to_rules",
    "read_choice",
    "read_int",
    "read_lineup",
    "rules_to_params",
    "unknown_params",
]


#: Every rule's name, as it appears in links.
RULE_NAMES: tuple[str, ...] = tuple(f.name for f in Rules.fields())


def encode_value(name: str, value: Any) -> str:
    """One toggle's value as URL text (`rules.value_to_text`: the command line's `--set` too)."""
    return value_to_text(value)


def decode_value(name: str, text: str) -> Any:
    """URL text back to a value `Rules.replace` accepts (`rules.value_from_text`)."""
    return value_from_text(name, text)


def rules_to_params(preset: str, rules: Rules) -> dict[str, str]:
    """The preset, then only the toggles that differ from it, in field order."""
    params = {"preset": preset}
    for name, (ours, _) in rules.diff(Rules.preset(preset)).items():
        params[name] = encode_value(name, ours)
    return params


@dataclass(frozen=True)
class FromParams:
    """Rules read from the URL: the preset, the rules, and what could not be used (in words)."""

    preset: str
    rules: Rules
    problems: tuple[str, ...] = ()


def params_to_rules(params: Mapping[str, Any]) -> FromParams:
    """The inverse of `rules_to_params`. Keys that are not rules are left to the pages; a bad
    preset falls back to `DEFAULT_PRESET` and a bad value is skipped, each with a problem."""
    problems = []
    preset = _last(params.get("preset", DEFAULT_PRESET))
    if preset not in Rules.presets():
        problems.append(f"preset: no preset is called {preset!r}; showing {DEFAULT_PRESET}")
        preset = DEFAULT_PRESET
    base = Rules.preset(preset)
    changes = {}
    for f in Rules.fields():
        if f.name in params:
            try:
                changes[f.name] = decode_value(f.name, _last(params[f.name]))
            except ValueError as error:
                problems.append(str(error))
    resolved = _apply_changes(base, changes)
    problems += [f"{name}: {why}" for name, why in resolved.refused.items()]
    return FromParams(preset, resolved.rules, tuple(problems))


def _last(value: Any) -> str:
    """A repeated URL parameter counts once, its last value (as `st.query_params` reads it)."""
    if isinstance(value, list | tuple):
        return str(value[-1]) if value else ""
    return str(value)


def read_int(
    params: Mapping[str, Any], name: str, default: int, low: int, high: int
) -> tuple[int, str | None]:
    """An integer URL parameter within [low, high], else `default` and the problem in words."""
    if name not in params:
        return default, None
    text = _last(params[name]).strip()
    if not (text.lstrip("-").isascii() and text.lstrip("-").isdigit()):
        return default, f"{name}: expected a whole number, not {text!r}"
    value = int(text)
    if not low <= value <= high:
        return default, f"{name}: must be from {low} to {high}, not {value}"
    return value, None


def read_choice(
    params: Mapping[str, Any], name: str, default: str, options: Sequence[str]
) -> tuple[str, str | None]:
    """A URL parameter that must be one of `options`, else `default` and the problem in words."""
    if name not in params:
        return default, None
    text = _last(params[name]).strip()
    if text not in options:
        return default, f"{name}: expected one of {', '.join(options)}, not {text!r}"
    return text, None


#: Parameters every page understands: the rules (preset and toggles) and the presentation.
SHARED_PARAMS = frozenset({"preset", "big", "classroom", "names"} | set(RULE_NAMES))


def unknown_params(params: Mapping[str, Any], page_params: Iterable[str]) -> list[str]:
    """The link's parameters that neither the sidebar nor this page reads, each as a problem."""
    known = SHARED_PARAMS | set(page_params)
    return [f"{name}: not a setting of this page" for name in params if name not in known]


def nearest_option(value: int, options: Sequence[int]) -> int:
    """The option closest to `value` (the smaller on a tie): a link's 300 games on a slider that
    offers 200 or 500 shows 200, rather than failing."""
    return min(options, key=lambda option: (abs(option - value), option))


def read_lineup(
    params: Mapping[str, Any], name: str, default: Sequence[str], allowed: Sequence[int]
) -> tuple[tuple[str, ...], str | None]:
    """AI levels from `search,heuristic,random`: one per seat, a player count in `allowed`."""
    if name not in params:
        return tuple(default), None
    levels = tuple(part.strip().lower() for part in _last(params[name]).split(","))
    unknown = [level for level in levels if level not in LEVELS]
    if unknown:
        return tuple(default), f"{name}: {LEVELS.unknown(unknown[0])}"
    if len(levels) not in allowed:
        counts = ", ".join(map(str, allowed))
        return tuple(default), f"{name}: {len(levels)} players; these rules allow {counts}"
    return levels, None
