"""The rules explorer's logic, without Streamlit: what `app.py` and its pages need that the rest
of the package does not already do, as small pure functions the tests can call directly.

- Controls: one `Control` per toggle, generated from `Rules.fields()` (its description is the
  help text), the values those controls hold for a rules object, and back again (`resolve`:
  changes that do not fit together are refused one by one, each with the engine's own reason).
- The URL: rules as query parameters (the preset plus only the toggles that differ) and back,
  so a teacher's link reproduces what is on the screen; bad values are named, never fatal.
- Files: a rules file or a game record read from uploaded bytes, size-limited and validated,
  with a clear message when they are not what they claim to be.
- Watch, Scoring, Compare: the AI line-up and its players, a count card by card, match tables,
  the rule sets a comparison may use.
- Play: a game of you against the AI as a `Table` and the turn loop over it (`new_table`,
  `choose`): a legal choice is played and the AI answers; an illegal one changes nothing and
  says why, in the engine's words.

    >>> from whot_core import Rules
    >>> rules = Rules.preset("nigerian").replace(defence=True)
    >>> params = rules_to_params("nigerian", rules)
    >>> params
    {'preset': 'nigerian', 'defence': 'on'}
    >>> params_to_rules(params).rules == rules
    True
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cache
from html import escape
from typing import Any

from ..engine.cards import Card, Shape, in_shape_names
from ..engine.effects import Effect
from ..engine.events import Event
from ..engine.matches import Match
from ..engine.moves import Announcement, Move
from ..engine.narrate import narrate
from ..engine.records import MAX_RECORD_BYTES, GameRecord
from ..engine.rules import (
    SPECIAL_NUMBERS,
    Announcements,
    MatchFormat,
    Rules,
    Specials,
    value_from_text,
    value_to_text,
)
from ..engine.scoring import CardScore, breakdown, hand_points
from ..engine.state import GameState, new_game
from ..players import EagerRandomPlayer, HeuristicPlayer, SearchPlayer
from ..players.simulate import derive_seed
from ..show.pictures import card_svg, to_data_uri

__all__ = [
    "DEFAULT_PRESET",
    "GROUPS",
    "LEVELS",
    "MAX_RULES_BYTES",
    "MAX_WORKERS",
    "PLAIN",
    "Control",
    "EagerRandomPlayer",
    "FromParams",
    "LogEntry",
    "Resolved",
    "SeatCount",
    "Table",
    "Verdict",
    "announcement_hint",
    "cards_html",
    "choice_rules",
    "choose",
    "closest_preset",
    "comparison_choices",
    "control_values",
    "controls",
    "count_up",
    "decided_fields",
    "decode_value",
    "diff_rows",
    "encode_value",
    "field_label",
    "field_rows",
    "hand_verdicts",
    "hint",
    "make_player",
    "nearest_option",
    "new_table",
    "option_label",
    "params_to_rules",
    "picture_html",
    "play_match",
    "player_counts",
    "read_choice",
    "read_int",
    "read_lineup",
    "read_record",
    "read_rules_file",
    "resolve",
    "results_rows",
    "rule_sentences",
    "rules_to_params",
    "scoring_game",
    "seat_names",
    "simulation_pool",
    "since_your_move",
    "standings_rows",
    "unknown_params",
    "usable_cores",
    "value_text",
    "your_move",
]

#: Every rule's name, as it appears in links.
RULE_NAMES: tuple[str, ...] = tuple(f.name for f in Rules.fields())

#: The preset the app opens with: the web rules, which have the most special cards to explore.
DEFAULT_PRESET = "nigerian"

#: The option of a card-number control that means "no effect".
PLAIN = "plain"

#: The sidebar's sections, and which toggles each holds.
GROUPS: dict[str, tuple[str, ...]] = {
    "Pack and deal": ("whot_cards", "packs", "hand_size", "start", "min_players", "max_players"),
    "Special cards": (
        "specials",
        "hold_on",
        "hold_on_free_follow",
        "defence",
        "star8_double",
        "general_market_again",
        "win_on_special",
    ),
    "Ending and scoring": ("announcements", "exhausted", "star_double", "match"),
}

#: Labels where the field name alone reads badly; every other label is the name in words.
_LABELS = {
    "whot_cards": "Whot cards per pack",
    "star8_double": "Star 8 skips two",
    "hold_on": "Hold on does",
    "hold_on_free_follow": "Free follow-up after hold on",
    "general_market_again": "General market plays again",
    "win_on_special": "May go out on a special card",
    "star_double": "Stars count double",
    "exhausted": "When the market runs out",
}

#: Largest rules file accepted: a preset file is under 1 KB.
MAX_RULES_BYTES = 64_000

#: The AI levels of the Watch and Play pages.
LEVELS = ("random", "heuristic", "search")

_BOOL_TEXT = {True: "on", False: "off"}

# ------------------------------------------------------------------------------------ controls


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


def _group_of(name: str) -> str:
    return next(group for group, names in GROUPS.items() if name in names)


def field_label(name: str) -> str:
    """A toggle's name as the sidebar shows it."""
    return _LABELS.get(name, name.replace("_", " ").capitalize())


@cache
def controls() -> tuple[Control, ...]:
    """Every control, in the order of `Rules.fields()`, built from the fields' own metadata."""
    out = []
    for f in Rules.fields():
        group = _group_of(f.name)
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


def option_label(value: Any) -> str:
    """An option as a reader says it: `play_again` -> "play again", `plain` -> "plain card"."""
    if value == PLAIN:
        return "plain card"
    if isinstance(value, bool):
        return _BOOL_TEXT[value]
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


# ---------------------------------------------------------------------------- words and tables


def value_text(value: Any) -> str:
    """A toggle's value in words: on/off, "1 hold on, 2 pick two", "none"."""
    if isinstance(value, Specials):
        if not value:
            return "none"
        return ", ".join(f"{n} {option_label(e.value)}" for n, e in value.items())
    if isinstance(value, StrEnum):
        return option_label(value.value)
    return option_label(value)


def diff_rows(rules: Rules, base: Rules) -> list[dict[str, str]]:
    """One row per toggle that differs from `base`: the toggle, both values, what it does."""
    descriptions = {f.name: f.description for f in Rules.fields()}
    return [
        {
            "toggle": field_label(name),
            "preset": value_text(theirs),
            "yours": value_text(ours),
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
            "value": value_text(getattr(rules, f.name))
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


# -------------------------------------------------------------------------- query parameters


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
        return tuple(default), f"{name}: unknown AI level {unknown[0]!r}; use {', '.join(LEVELS)}"
    if len(levels) not in allowed:
        counts = ", ".join(map(str, allowed))
        return tuple(default), f"{name}: {len(levels)} players; these rules allow {counts}"
    return levels, None


# ------------------------------------------------------------------------------------- files


def read_rules_file(data: bytes) -> Rules:
    """Rules from an uploaded TOML file; ValueError with a message a reader can act on."""
    if not isinstance(data, bytes | bytearray):
        raise TypeError(f"data must be bytes, not {type(data).__name__}")
    if len(data) > MAX_RULES_BYTES:
        raise ValueError(
            f"This file is {len(data):,} bytes; a rules file is under {MAX_RULES_BYTES:,}."
        )
    try:
        text = bytes(data).decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError("This file is not text (UTF-8): a rules file is TOML text.") from None
    try:
        return Rules.from_toml(text, source="this file")
    except (TypeError, ValueError) as error:
        raise ValueError(f"These are not valid rules: {error}") from None


def read_record(data: bytes, record_type: type = GameRecord):
    """A game record from uploaded bytes: size-limited, validated and replayed by the engine.

    `record_type` is `GameRecord` for Whot, or `whot_core.whist.records.WhistRecord`; the
    message names the game the page expects.
    """
    if not isinstance(data, bytes | bytearray):
        raise TypeError(f"data must be bytes, not {type(data).__name__}")
    if len(data) > MAX_RECORD_BYTES:
        raise ValueError(
            f"This file is {len(data):,} bytes; a game record may be at most {MAX_RECORD_BYTES:,}."
        )
    game = "Whot" if record_type is GameRecord else "Whist"
    try:
        return record_type.from_json(bytes(data))
    except (TypeError, ValueError) as error:
        raise ValueError(
            f"This is not a {game} game record the engine can replay: {error}"
        ) from None


def make_player(level: str, seed: int, simulations: int = 200):
    """A player for an AI level: random (eager), heuristic, or search with a budget."""
    if level == "random":
        return EagerRandomPlayer(seed)
    if level == "heuristic":
        return HeuristicPlayer()
    if level == "search":
        return SearchPlayer(simulations=simulations, seed=seed)
    raise ValueError(f"unknown AI level {level!r}; use {', '.join(LEVELS)}")


def seat_names(levels: Sequence[str | None]) -> tuple[str, ...]:
    """ "Seat 0 (you)" for the human (level None), "Seat 1 (heuristic)" for an AI."""
    return tuple(
        f"Seat {i} ({'you' if level is None else level})" for i, level in enumerate(levels)
    )


def player_counts(rules: Rules, wanted: Sequence[int] = (2, 3, 4)) -> tuple[int, ...]:
    """The player counts from `wanted` these rules can seat."""
    out = []
    for n in wanted:
        try:
            rules.check_players(n)
        except ValueError:
            continue
        out.append(n)
    return tuple(out)


# ----------------------------------------------------------------------------------- scoring


@dataclass(frozen=True)
class SeatCount:
    """One seat's count: its cards scored one by one, the total, and the total under the other
    star rule (to show the same hand counted both ways)."""

    seat: int
    cards: tuple[CardScore, ...]
    total: int
    other_total: int


def count_up(state: GameState) -> tuple[SeatCount, ...]:
    """Every seat's hand counted card by card under the state's rules (docs/rules.md, "Scoring")."""
    double = state.rules.star_double
    return tuple(
        SeatCount(
            seat,
            tuple(breakdown(hand, double)),
            hand_points(hand, double),
            hand_points(hand, not double),
        )
        for seat, hand in enumerate(state.hands)
    )


def scoring_game(rules: Rules, players: int, seed: int, max_moves: int = 2000) -> GameState:
    """A game played to the end by heuristic players, to count (stopped after `max_moves`)."""
    state = new_game(rules, players=players, seed=seed)
    player = HeuristicPlayer()
    for _ in range(max_moves):
        if state.is_over:
            break
        state = state.apply(player.choose(state.view(state.current_player)).move)
    return state


def play_match(rules: Rules, players: int, seed: int, match: MatchFormat | str) -> Match:
    """A whole match in format `match` under `rules`, played by heuristic players."""
    game = Match(rules.replace(match=match), players, seed)
    game.play([HeuristicPlayer() for _ in range(players)])
    return game


def standings_rows(game: Match) -> list[dict[str, Any]]:
    """The match table: one row per player."""
    rows = []
    for s in game.standings():
        rows.append(
            {
                "player": f"Player {s.player}",
                "total points": s.total,
                "games won": s.games_won,
                "out in game": "" if s.eliminated_in is None else str(s.eliminated_in),
                "kitty won": str(s.kitty_won),
                "match winner": "yes" if s.winner else "",
            }
        )
    return rows


def results_rows(game: Match) -> list[dict[str, Any]]:
    """Game by game: who played, the points each scored, the running totals, who went out."""
    rows = []
    for r in game.results:
        rows.append(
            {
                "game": r.number,
                "ended by": r.end_reason.replace("_", " "),
                "points": ", ".join("-" if p is None else str(p) for p in r.points),
                "totals": ", ".join(map(str, r.totals)),
                "paid the kitty": ", ".join(f"Player {p}" for p in r.paid),
                "out": ", ".join(f"Player {p}" for p in r.eliminated),
            }
        )
    return rows


# ----------------------------------------------------------------------------------- compare


#: The most worker processes a comparison uses: enough for a classroom laptop, few enough that a
#: shared server is not taken over by one reader.
MAX_WORKERS = 4


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # macOS and Windows have no affinity call
        return os.cpu_count() or 1


def simulation_pool(cores: int | None = None) -> ProcessPoolExecutor | None:
    """Worker processes for comparisons, one a core up to `MAX_WORKERS`; None on one core.

    `simulate` gives the same table on any executor, so a pool changes only how long the reader
    waits. The workers are spawned, not forked: the app's server runs threads, and forking a
    process with threads can deadlock the child. They start at once and load `whot_core`, which
    takes about a second, so that the first comparison does not wait for them.
    """
    workers = min(usable_cores() if cores is None else cores, MAX_WORKERS)
    if workers < 2:
        return None
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"))
    for _ in range(workers):  # a worker starts only when a task finds none idle
        pool.submit(_loaded)
    return pool


def _loaded() -> bool:
    """A task for a new worker: unpickling it has imported this module, and so the engine."""
    return True


def comparison_choices(rules: Rules, preset: str) -> dict[str, str]:
    """The rule sets a comparison may use, {key: label}: yours, each preset, and yours with one
    on/off toggle flipped (only flips the engine accepts and that change the games: not defence
    without a pick card, say)."""
    out = {"yours": f"Your rules ({_changed(rules, preset)})"}
    out |= {f"preset:{name}": Rules.preset_info(name)["title"] for name in Rules.presets()}
    for f in Rules.fields():
        if f.kind is bool:
            flipped = not getattr(rules, f.name)
            try:
                other = rules.replace(**{f.name: flipped})
            except ValueError:
                continue
            if f.name in rules.idle_toggles() or f.name in other.idle_toggles():
                continue
            switched = "switched on" if flipped else "switched off"
            out[f"flip:{f.name}"] = f"Your rules with {field_label(f.name).lower()} {switched}"
    return out


def _changed(rules: Rules, preset: str) -> str:
    n = len(rules.diff(Rules.preset(preset)))
    return f"{preset}" if n == 0 else f"{preset} with {n} change{'s' if n > 1 else ''}"


def choice_rules(key: str, rules: Rules) -> Rules:
    """The rules behind a `comparison_choices` key."""
    if key == "yours":
        return rules
    kind, _, name = key.partition(":")
    if kind == "preset":
        return Rules.preset(name)
    if kind == "flip":
        return rules.replace(**{name: not getattr(rules, name)})
    raise ValueError(f"unknown rule set {key!r}")


# -------------------------------------------------------------------------------------- play


@dataclass(frozen=True)
class LogEntry:
    """One move of the game as your seat saw it: who moved (None for the deal), its events, the
    AI player's reason, and the names to tell them with. The words are worked out when read, as
    a `viewer.Frame`'s are, so switching to the Nigerian names mid-game retells the whole log."""

    seat: int | None
    events: tuple[Event, ...]
    reason: str | None = None
    names: tuple[str, ...] | None = None
    nigerian: bool = False

    @property
    def sentences(self) -> tuple[str, ...]:
        return tuple(narrate(self.events, self.names, self.nigerian))

    @property
    def why(self) -> str | None:
        """The reason in the shape names the entry is told in (players write the English)."""
        return in_shape_names(self.reason, self.nigerian)


@dataclass(frozen=True)
class Table:
    """You (seat `human`) against AI players: the state, the levels (None for you), the seed the
    AI players' choices derive from, the game so far in words, and the last message."""

    state: GameState
    levels: tuple[str | None, ...]
    seed: int
    human: int = 0
    simulations: int = 200
    nigerian: bool = False
    log: tuple[LogEntry, ...] = ()
    message: str | None = None

    @property
    def names(self) -> tuple[str, ...]:
        return seat_names(self.levels)

    @property
    def your_turn(self) -> bool:
        return self.state.current_player == self.human

    def told_in(self, nigerian: bool) -> Table:
        """The same table, its log told with the Nigerian shape names or the English ones."""
        log = tuple(replace(entry, nigerian=nigerian) for entry in self.log)
        return replace(self, nigerian=nigerian, log=log)


def new_table(
    rules: Rules,
    ai_levels: Sequence[str],
    seed: int,
    *,
    simulations: int = 200,
    nigerian: bool = False,
) -> Table:
    """Deal a game for you (seat 0) and `ai_levels` AI players; the AI moves until your turn."""
    levels: tuple[str | None, ...] = (None, *ai_levels)
    for level in ai_levels:
        if level not in LEVELS:
            raise ValueError(f"unknown AI level {level!r}; use {', '.join(LEVELS)}")
    state = new_game(rules, players=len(levels), seed=seed)
    table = Table(state, levels, seed, simulations=simulations, nigerian=nigerian)
    opening = LogEntry(None, state.view(0).events, names=table.names, nigerian=nigerian)
    return _ai_turns(replace(table, log=(opening,)))


def _entry(table: Table, before: GameState, after: GameState, reason: str | None) -> LogEntry:
    # Told as the human's seat sees it: the AI players' drawn cards stay hidden.
    seen = after.view(table.human).events
    events = seen[len(before.events) :]
    return LogEntry(before.current_player, events, reason, table.names, table.nigerian)


def _ai_turns(table: Table, limit: int = 500) -> Table:
    """Let the AI seats move until it is your turn or the game is over."""
    state, log = table.state, list(table.log)
    for _ in range(limit):
        seat = state.current_player
        if seat is None or seat == table.human:
            break
        ply = len(state.moves)
        player = make_player(
            table.levels[seat], derive_seed(table.seed, "play", ply), table.simulations
        )
        decision = player.choose(state.view(seat))
        after = state.apply(decision.move)
        log.append(_entry(table, state, after, decision.reason))
        state = after
    return replace(table, state=state, log=tuple(log))


def choose(table: Table, move: Move | str) -> Table:
    """Your move: if the rules allow it, play it and let the AI answer; if not, nothing changes
    and `message` says why, in the engine's words."""
    state = table.state
    if state.is_over:
        return replace(table, message="The game is over: start a new one.")
    if state.current_player != table.human:
        return replace(table, message="It is not your turn yet.")
    move = Move.parse(move) if isinstance(move, str) else move
    legal, why = state.is_legal(move), state.explain(move)
    if not legal:
        return replace(table, message=f"Not allowed. {in_shape_names(why, table.nigerian)}")
    after = state.apply(move)
    moved = replace(table, state=after, log=(*table.log, _entry(table, state, after, None)))
    return replace(_ai_turns(moved), message=None)


@dataclass(frozen=True)
class Verdict:
    """One card of your hand: may it be played now, and why (the engine's sentence)."""

    index: int
    card: Card
    legal: bool
    reason: str


def hand_verdicts(table: Table, call: Shape = Shape.CIRCLE) -> tuple[Verdict, ...]:
    """Each card of your hand judged as a plain play now (a Whot calling `call`)."""
    state = table.state
    hand = state.hands[table.human]
    if not table.your_turn:
        return tuple(Verdict(i, card, False, "Wait for your turn.") for i, card in enumerate(hand))
    out = []
    for i, card in enumerate(hand):
        move = Move.play(card, call=call if card.is_whot else None)
        why = in_shape_names(state.explain(move), table.nigerian)
        out.append(Verdict(i, card, state.is_legal(move), why))
    return tuple(out)


def announcement_hint(rules: Rules, hand_size: int) -> tuple[Announcement | None, str | None]:
    """What playing one card from a hand of `hand_size` asks you to say, and a sentence on it."""
    left = hand_size - 1
    if rules.announcements is Announcements.NONE or left not in (1, 2):
        return None, None
    if rules.announcements is Announcements.INFORMATIVE:
        if left == 1:
            return None, 'Playing now leaves one card: "last card" is said for you (no penalty).'
        return None, None
    words = Announcement.SEMI_LAST_CARD if left == 2 else Announcement.LAST_CARD
    return words, (
        f'Playing now leaves {"two cards" if left == 2 else "one card"}: say "{words}" '
        "with the card, or draw two penalty cards."
    )


def your_move(table: Table, index: int, call: Shape | None = None, say: bool = False) -> Move:
    """The move for a click on card `index` of your hand: a Whot calls `call` (circle if none),
    and `say` adds the announcement the rules ask for (nothing is said when none is due)."""
    hand = table.state.hands[table.human]
    card = hand[index]
    words, _ = announcement_hint(table.state.rules, len(hand))
    return Move.play(
        card,
        call=(call or Shape.CIRCLE) if card.is_whot else None,
        announce=words if say else None,
    )


def since_your_move(table: Table) -> tuple[LogEntry, ...]:
    """What happened after your last move (the deal, if you have not moved yet), oldest first."""
    out: list[LogEntry] = []
    for entry in reversed(table.log):
        if entry.seat == table.human:
            break
        out.append(entry)
    return tuple(reversed(out))


def hint(table: Table) -> str:
    """What the heuristic player would do in your seat, and why."""
    if not table.your_turn:
        return "No hint: it is not your turn."
    reason = HeuristicPlayer().choose(table.state.view(table.human)).reason
    return in_shape_names(reason, table.nigerian)


# ------------------------------------------------------------------------------------- HTML


def picture_html(svg: str, alt: str, *, width: int | None = None, css: str = "whot-pic") -> str:
    """An SVG picture as an `<img>` data URI (Streamlit strips inline SVG), scaled to fit.

    `object-fit: contain` because Streamlit's own style for images in markdown is `scale-down`,
    which never draws a picture larger than the size written in it: the projector's large
    table stayed the size of the normal one, in the middle of an empty box. At most 80% of the
    window's height, so that a tall table leaves room on the screen for the hand under it.
    """
    size = f"width:{width}px;" if width else ""
    return (
        f'<div class="{css}"><img src="{to_data_uri(svg)}" alt="{escape(alt)}" '
        f'style="{size}max-width:100%;height:auto;max-height:80vh;object-fit:contain"/></div>'
    )


def cards_html(
    cards: Sequence[Card],
    captions: Sequence[str],
    *,
    width: int = 80,
    nigerian: bool = False,
    star_double: bool = True,
) -> str:
    """A row of card pictures, each with a caption under it (the count card by card)."""
    figures = []
    for card, caption in zip(cards, captions, strict=True):
        svg = card_svg(card, width=width, nigerian=nigerian, star_double=star_double)
        figures.append(
            '<figure class="whot-card" style="display:inline-block;margin:0 6px 6px 0;'
            f'text-align:center"><img src="{to_data_uri(svg)}" alt="{escape(card.name(nigerian))}"'
            f' width="{width}"/><figcaption>{escape(caption)}</figcaption></figure>'
        )
    if not figures:
        return '<p class="whot-card-row"><em>no cards left</em></p>'
    return '<div class="whot-card-row">' + "".join(figures) + "</div>"
