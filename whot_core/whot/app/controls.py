"""The rules sidebar's controls: one `Control` per toggle, generated from `Rules.fields()` (its
description is the help text), with its section (`GROUPS`) and label; the values the controls
hold for a rules object (`control_values`), and back again (`resolve`: changes that do not fit
together are refused one by one, each with the engine's own reason)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from typing import Any

from ..engine.effects import Effect
from ..engine.rules import (
    SPECIAL_NUMBERS,
    TOGGLE_GROUPS,
    Rules,
    Specials,
    rule_label,
    value_words,
)

__all__ = [
    "DEFAULT_PRESET",
    "GROUPS",
    "PLAIN",
    "Control",
    "Resolved",
    "control_values",
    "controls",
    "field_label",
    "option_label",
    "refusal_reason",
    "resolve",
]


#: The preset the app opens with: the web rules, which have the most special cards to explore.
DEFAULT_PRESET = "nigerian"

#: The option of a card-number control that means "no effect".
PLAIN = "plain"

#: The sidebar's sections, and which toggles each holds: each toggle declares its section.
GROUPS: dict[str, tuple[str, ...]] = {
    group: tuple(f.name for f in Rules.fields() if f.group == group) for group in TOGGLE_GROUPS
}

_BOOL_TEXT = {True: "on", False: "off"}


@dataclass(frozen=True)
class Control:
    """One widget of the rules sidebar.

    `key` is the widget's key; `field` the `Rules` field it sets (the card-number controls all set
    `specials`, one number each: `number`). `widget` is "toggle", "select" or "slider".
    """

    key: str
    field: str
    widget: str
    label: str
    help: str
    group: str
    options: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    number: int | None = None


def field_label(name: str) -> str:
    """A toggle's name as the sidebar shows it: its label (`rules.rule_label`), capitalised."""
    label = rule_label(name)
    return label[:1].upper() + label[1:]


@cache
def controls() -> tuple[Control, ...]:
    """Every control, in the order of `Rules.fields()`, built from the fields' own metadata."""
    out = []
    for f in Rules.fields():
        group = f.group
        if f.kind is Specials:
            effects = (PLAIN, *(e.value for e in Effect))
            for number in SPECIAL_NUMBERS:
                out.append(
                    Control(
                        key=f"rule.specials.{number}",
                        field="specials",
                        widget="select",
                        label=f"Card {number}",
                        help=f"{f.description} What every {number} does.",
                        group=group,
                        options=effects,
                        number=number,
                    )
                )
        elif f.kind is bool:
            out.append(
                Control(
                    f"rule.{f.name}", f.name, "toggle", field_label(f.name), f.description, group
                )
            )
        elif f.choices is not None:
            options = tuple(c.value if isinstance(c, StrEnum) else c for c in f.choices)
            out.append(
                Control(
                    f"rule.{f.name}",
                    f.name,
                    "select",
                    field_label(f.name),
                    f.description,
                    group,
                    options=options,
                )
            )
        else:
            out.append(
                Control(
                    f"rule.{f.name}",
                    f.name,
                    "slider",
                    field_label(f.name),
                    f.description,
                    group,
                    minimum=f.minimum,
                    maximum=f.maximum,
                )
            )
    return tuple(out)


def control_values(rules: Rules) -> dict[str, Any]:
    """What each control shows for `rules`: {widget key: value}."""
    out: dict[str, Any] = {}
    for control in controls():
        value = getattr(rules, control.field)
        if control.number is not None:
            effect = value.get(control.number)
            out[control.key] = PLAIN if effect is None else effect.value
        elif isinstance(value, StrEnum):
            out[control.key] = value.value
        else:
            out[control.key] = value
    return out


def option_label(value: Any, name: str | None = None) -> str:
    """An option as a reader says it: the toggle `name`'s words for it (`rules.value_words`:
    `skip_next` -> "the next player misses a turn"), else `pick_two` -> "pick two" and
    `plain` -> "plain card"."""
    if value == PLAIN:
        return "plain card"
    if isinstance(value, bool):
        return _BOOL_TEXT[value]
    if name is not None and name != "specials":
        return value_words(name, value)
    return str(value).replace("_", " ")


def _values_to_fields(values: Mapping[str, Any], base: Rules) -> dict[str, Any]:
    """Control values (missing ones read from `base`) as one value per `Rules` field."""
    fields: dict[str, Any] = {}
    defaults = control_values(base)
    for control in controls():  # in field order: the card numbers where `specials` stands
        value = values.get(control.key, defaults[control.key])
        if control.number is None:
            fields[control.field] = value
            continue
        specials = fields.setdefault("specials", {})
        if value != PLAIN:
            specials[control.number] = value
    return fields


@dataclass(frozen=True)
class Resolved:
    """Rules built from the controls, and the changes refused as `{field: the engine's reason}`."""

    rules: Rules
    refused: dict[str, str] = field(default_factory=dict)


def resolve(base: Rules, values: Mapping[str, Any]) -> Resolved:
    """The rules the controls ask for, starting from `base` (the preset).

    All changes are tried together first. When they do not fit (defence with no pick card, more
    minimum than maximum players, ...), they are applied one at a time in field order, in passes
    until nothing more fits; each change still refused is reported with the engine's message.
    The engine's validation is the only judge, so no rule is restated here.
    """
    wanted = _values_to_fields(values, base)
    changes = {name: value for name, value in wanted.items() if _differs(base, name, value)}
    return _apply_changes(base, changes)


def _differs(rules: Rules, name: str, value: Any) -> bool:
    current = getattr(rules, name)
    if isinstance(current, Specials):
        try:
            return current != Specials(value)
        except (TypeError, ValueError):
            return True
    return current != value


def _apply_changes(base: Rules, changes: Mapping[str, Any]) -> Resolved:
    try:
        return Resolved(base.replace(**changes) if changes else base)
    except (TypeError, ValueError):
        pass
    rules, pending, refused = base, dict(changes), {}
    progress = True
    while pending and progress:
        progress, refused = False, {}
        for name, value in list(pending.items()):
            try:
                rules = rules.replace(**{name: value})
            except (TypeError, ValueError) as error:
                refused[name] = str(error)
            else:
                del pending[name]
                progress = True
    return Resolved(rules, refused)


def refusal_reason(why: str) -> str:
    """The engine's reason for refusing a change, without the `field: ` it starts with (the
    sidebar says it under the control that was moved, which may not be that field)."""
    name, sep, rest = why.partition(": ")
    return rest if sep and name in {f.name for f in Rules.fields()} else why
