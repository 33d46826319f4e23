"""The rules object: every difference between Whot variants as one validated toggle.

Each field is a toggle of docs/rules.md, "The presets side by side", with exactly that name and
those values; each carries
a description (the app builds its controls from them). A preset is a TOML file in `data/presets/`,
so a family's house rules are a file too: `Rules.from_file(path)` and `rules.save(path)`.

    >>> rules = Rules.preset("nigerian")
    >>> rules.hand_size, rules.specials[14]
    (5, <Effect.GENERAL_MARKET: 'general_market'>)
    >>> rules.replace(defence=True).diff(rules)
    {'defence': (True, False)}
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, get_type_hints

from .cards import CARDS, NUMBERS, SHAPES
from .effects import APPLIES_ON_CHECK_UP, EFFECT_TEXT, EFFECTS, PICK_SIZE, Effect

__all__ = [
    "PRESETS_DIR",
    "TOGGLE_GROUPS",
    "Announcements",
    "Exhausted",
    "HoldOn",
    "MatchFormat",
    "RuleField",
    "Rules",
    "RulesError",
    "RulesTypeError",
    "Specials",
    "Start",
    "rule_label",
    "setting_words",
    "value_from_text",
    "value_to_text",
    "value_words",
]

#: Where the preset files live: `data/presets/` at the top of the repository.
PRESETS_DIR = Path(__file__).resolve().parents[3] / "data" / "presets"

#: The presets in the order docs/rules.md, "The presets side by side" lists them.
PRESET_NAMES = (
    "british",
    "british_modern",
    "nigerian",
    "nigerian_street",
    "nigerian_1970s",
    "naija_tournament",
)


#: The sidebar's sections, in order: each toggle declares its own (`_toggle`'s `group`).
TOGGLE_GROUPS = ("Pack and deal", "Special cards", "Ending and scoring")


class Start(StrEnum):
    LEADER = "leader"
    TURN_UP = "turn_up"
    TURN_UP_LIVE = "turn_up_live"


class HoldOn(StrEnum):
    PLAY_AGAIN = "play_again"
    SKIP_NEXT = "skip_next"


class Announcements(StrEnum):
    NONE = "none"
    INFORMATIVE = "informative"
    PENALTY = "penalty"


class Exhausted(StrEnum):
    FLIP = "flip"
    RESHUFFLE = "reshuffle"
    COUNT = "count"
    COUNT_AT_ONCE = "count_at_once"

    @property
    def counts(self) -> bool:
        """True when an empty market ends the game with a count instead of being refilled."""
        return self is Exhausted.COUNT or self is Exhausted.COUNT_AT_ONCE


class MatchFormat(StrEnum):
    SINGLE = "single"
    SHORT_RUBBER = "short_rubber"
    LONG_RUBBER = "long_rubber"
    ELIMINATION_100 = "elimination_100"
    TOURNAMENT = "tournament"


#: Numbers that may carry an effect: every printed number but the Whot's 20.
SPECIAL_NUMBERS: tuple[int, ...] = tuple(sorted({n for shape in SHAPES for n in NUMBERS[shape]}))


class Specials(Mapping[int, Effect]):
    """An immutable, hashable map from card number to effect: `{2: Effect.PICK_TWO, ...}`."""

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[int | str, Effect | str] | None = None) -> None:
        pairs: dict[int, Effect] = {}
        for key, value in (items or {}).items():
            number = _special_number(key)
            pairs[number] = _coerce_enum("specials", Effect, value, f"The effect of the {number}")
        self._items = tuple(sorted(pairs.items()))

    def __getitem__(self, number: int) -> Effect:
        for key, value in self._items:
            if key == number:
                return value
        raise KeyError(number)

    def __iter__(self) -> Iterator[int]:
        return (key for key, _ in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Specials):
            return self._items == other._items
        if isinstance(other, Mapping):
            return dict(self._items) == dict(other)
        return NotImplemented

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}: {v.value!r}" for k, v in self._items)
        return f"Specials({{{inner}}})"


def packs_text(packs: int) -> str:
    """'one pack' or '2 packs': how an error names the packs in play, not '1 pack(s)'."""
    return "one pack" if packs == 1 else f"{packs} packs"


class RulesError(ValueError):
    """Rules that cannot be played, or a value a toggle cannot take.

    `str()` says why in words, naming each toggle as the sidebar does ("Packs: 10 hands of 6
    plus a start card need 61 cards, but one pack has 54; use two packs"), so that the app, a
    lesson and the command line can show it as it is; `field` is the toggle's name, for the
    places where a person types it (a link, a rules file, `--set`)."""

    def __init__(self, field: str, words: str) -> None:
        super().__init__(words)
        self.field = field


class RulesTypeError(TypeError):
    """A value of the wrong kind for a toggle (text where a number belongs): as `RulesError`,
    `str()` in words and `field` the toggle's name."""

    def __init__(self, field: str, words: str) -> None:
        super().__init__(words)
        self.field = field


def _named(name: str) -> str:
    """A toggle's label as an error starts with it: "Hand size", "Special cards"."""
    label = rule_label(name)
    return label[:1].upper() + label[1:]


def _special_number(key: object) -> int:
    if isinstance(key, str) and key.strip().isascii() and key.strip().isdigit():
        key = int(key)
    if isinstance(key, bool) or not isinstance(key, int):
        raise RulesTypeError(
            "specials", f"Special cards: a card number is a whole number, not {key!r}"
        )
    if key not in SPECIAL_NUMBERS:
        allowed = ", ".join(map(str, SPECIAL_NUMBERS))
        raise RulesError(
            "specials",
            f"Special cards: no card is numbered {key} (the Whot's 20 carries no effect); use "
            f"{allowed}",
        )
    return key


def _coerce_enum(name: str, enum: type[StrEnum], value: object, what: str | None = None):
    """`value` as a member of `enum`. An error names the toggle in words (`what`: "The effect
    of the 2", for the special cards), then how each option is written, for whoever typed it."""
    if isinstance(value, enum):
        return value
    what = what or _named(name)
    if not isinstance(value, str):
        raise RulesTypeError(
            name,
            f"{what} must be one of its options, not {value!r} {_written(enum)}",
        )
    try:
        return enum(value.strip().lower())
    except ValueError:
        raise RulesError(
            name, f"{what} must be one of its options, not {value!r} {_written(enum)}"
        ) from None


def _written(enum: type[StrEnum]) -> str:
    """How a link, a rules file or `--set` writes each option: the only place an error shows
    an option's code, since it answers a value someone typed."""
    values = [e.value for e in enum]
    return f"(written {', '.join(values[:-1])} or {values[-1]})"


@dataclass(frozen=True)
class RuleField:
    """What the app and the docs need to know about one toggle."""

    name: str
    kind: type
    default: Any
    description: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    label: str = ""
    options: Mapping[Any, str] = field(default_factory=dict)
    group: str = ""
    later: bool = False
    in_play: bool = True


def _toggle(
    default: Any,
    description: str,
    *,
    label: str,
    group: str,
    later: bool = False,
    in_play: bool = True,
    options: Mapping[Any, str] | None = None,
    choices=None,
    minimum=None,
    maximum=None,
):
    """A field of `Rules` with what a person reads of it: `label`, the toggle in words as it
    stands mid-sentence (the sidebar capitalises it), and `options`, a value's words where the
    value's own text would read as code (`skip_next`). Declared here, beside the field, so that
    the sidebar, lessons, contrasts and notes all say a toggle the same way.

    And where it belongs: `group`, its section of the sidebar (one of `TOGGLE_GROUPS`); `later`,
    a toggle added after the first records were written (`LATER_TOGGLES`); `in_play`, whether it
    acts during play, so that one position can show it (a contrast), rather than at the deal or
    in the match. The field's type annotation is its kind. Adding a toggle is its declaration
    here and the engine code that plays it."""
    if group not in TOGGLE_GROUPS:
        raise ValueError(f"{label}: no sidebar section {group!r}; use one of {TOGGLE_GROUPS}")
    meta = {
        "description": description,
        "choices": choices,
        "minimum": minimum,
        "maximum": maximum,
        "label": label,
        "options": dict(options or {}),
        "group": group,
        "later": later,
        "in_play": in_play,
    }
    if isinstance(default, Specials):
        return field(default_factory=lambda: default, metadata=meta)
    return field(default=default, metadata=meta)


@dataclass(frozen=True)
class Rules:
    """Every toggle of docs/rules.md, "The presets side by side". `Rules()` is the British rulebook
    (seeds/000).

    Construct through `Rules.preset(name)` and `rules.replace(...)`: every construction validates
    every field and every combination, so an invalid rules object cannot exist.
    """

    whot_cards: int = _toggle(
        5,
        "Whot cards in one pack: 5 in the original and Nigerian packs (54 cards), "
        "4 in British packs since about 1990 (53 cards), 0 with the Whot switched off as the "
        "Naija app allows (49 cards).",
        label="Whot cards per pack",
        group="Pack and deal",
        in_play=False,
        choices=(0, 1, 2, 3, 4, 5),
    )
    packs: int = _toggle(
        1,
        "Packs shuffled together. The British rulebook suggests two above five players.",
        label="packs",
        group="Pack and deal",
        in_play=False,
        choices=(1, 2),
    )
    hand_size: int = _toggle(
        6,
        "Cards dealt to each player: 6 in the British rulebook, 5 in the web rules.",
        label="hand size",
        group="Pack and deal",
        in_play=False,
        minimum=1,
        maximum=10,
    )
    start: Start = _toggle(
        Start.LEADER,
        "How play starts: the leader plays any card; or one plain card is turned up from the "
        "market (a special card goes to the bottom and the next is turned); or one card is "
        "turned up whatever it is and acts on the leader as if the dealer had played it (the "
        "PyPI package whot; hold on and a Whot do nothing).",
        label="start",
        group="Pack and deal",
        in_play=False,
        options={
            Start.LEADER: "the leader plays any card",
            Start.TURN_UP: "a plain card is turned up",
            Start.TURN_UP_LIVE: "any card is turned up and acts",
        },
        choices=tuple(Start),
    )
    specials: Specials = _toggle(
        Specials(),
        "Which card numbers carry which effect. The Naija app lets each be switched on or off "
        "and moved to any number; some tables give the 8 hold on (everyone else waits while its "
        "player plays again). The Whot (20) is not one of them: every preset plays it as wild, "
        "though the Naija app can switch it off.",
        label="special cards",
        group="Special cards",
    )
    hold_on: HoldOn = _toggle(
        HoldOn.PLAY_AGAIN,
        "What hold on does: the same player plays again, or the next player misses a turn.",
        label="hold on does",
        group="Special cards",
        options={
            HoldOn.PLAY_AGAIN: "the same player plays again",
            HoldOn.SKIP_NEXT: "the next player misses a turn",
        },
        choices=tuple(HoldOn),
    )
    hold_on_free_follow: bool = _toggle(
        False,
        "After hold on, the follow-up may be any card (the 1970s Nigerian rule).",
        label="free follow-up after hold on",
        group="Special cards",
    )
    defence: bool = _toggle(
        False,
        "A pick two can be answered with another 2 and a pick three with another 5; the penalty "
        "grows until a player draws it all (Nigerian tables, and a setting of the Naija app).",
        label="defence",
        group="Special cards",
    )
    cross_defence: bool = _toggle(
        False,
        "Under defence, a pick waiting on you may be answered by any pick card that fits the "
        "pile by shape or number (a circle 5 on a circle 2), and grows by that card's own size "
        "(a public engine's advanced rules; no seed has it).",
        label="any fitting pick card defends",
        group="Special cards",
        later=True,
    )
    whot_cancels_pick: bool = _toggle(
        False,
        "Under defence, a Whot answers a pick waiting on you and cancels it: nobody draws, the "
        "Whot's call stands (a public engine's advanced rules; no seed has it).",
        label="a Whot cancels a pick",
        group="Special cards",
        later=True,
    )
    star8_double: bool = _toggle(
        False,
        "The star 8 makes the next two opponents each miss a turn.",
        label="star 8 skips two",
        group="Special cards",
    )
    general_market_again: bool = _toggle(
        False,
        "The player of a general market plays again after the others draw.",
        label="general market plays again",
        group="Special cards",
    )
    must_play: bool = _toggle(
        False,
        "A player who can play must play: drawing is allowed only when no card fits, a pick "
        "waiting under defence included (the Naija app's how-to says so; no preset plays it, "
        "a decision).",
        label="must play when a card fits",
        group="Special cards",
        later=True,
    )
    multiple_cards: bool = _toggle(
        False,
        "A play may put down several cards of one number at once (never Whots), the first "
        "fitting the pile; their effects add up, but a hold on still plays once (no source of "
        "this project has it; a public Whot engine plays it).",
        label="several cards of one number",
        group="Special cards",
        later=True,
    )
    win_on_special: bool = _toggle(
        True,
        "A player may go out on a special card (or a Whot) and wins at once; the card's effect "
        "is then not applied, except everyone picks two (the 1970s 4): the others still draw.",
        label="may go out on a special card",
        group="Special cards",
    )
    announcements: Announcements = _toggle(
        Announcements.NONE,
        "None; or \u201clast card\u201d is said, with no penalty; or \u201csemi last card\u201d "
        "at two cards and \u201clast card\u201d at one, or draw two.",
        label="announcements",
        group="Ending and scoring",
        options={
            Announcements.NONE: "none",
            Announcements.INFORMATIVE: "\u201clast card\u201d, no penalty",
            Announcements.PENALTY: "said or draw two",
        },
        choices=tuple(Announcements),
    )
    exhausted: Exhausted = _toggle(
        Exhausted.FLIP,
        "When the market runs out: turn the pile over unshuffled, or shuffle it, or end the "
        "game with a count when a draw finds it empty, or end it with a count as soon as it is "
        "empty, at the end of any move. The last two are two readings of one sentence of the "
        "web rules: \u201cSome players simply end the game and count as soon as the market "
        "runs out.\u201d",
        label="when the market runs out",
        group="Ending and scoring",
        options={
            Exhausted.FLIP: "turn the pile over",
            Exhausted.RESHUFFLE: "shuffle the pile",
            Exhausted.COUNT: "count when a draw finds it empty",
            Exhausted.COUNT_AT_ONCE: "count as soon as it is empty",
        },
        choices=tuple(Exhausted),
    )
    star_double: bool = _toggle(
        True,
        "Stars count double when scoring.",
        label="stars count double",
        group="Ending and scoring",
    )
    match: MatchFormat = _toggle(
        MatchFormat.SHORT_RUBBER,
        "How games make a match: one game (the British short game: one deal, first out wins), "
        "a short rubber (5 games), a long rubber (10), elimination (out at 100 points), or a "
        "tournament (the Naija app: the highest count is out each game).",
        label="match format",
        group="Ending and scoring",
        in_play=False,
        options={
            MatchFormat.SINGLE: "one game",
            MatchFormat.SHORT_RUBBER: "short rubber (5 games)",
            MatchFormat.LONG_RUBBER: "long rubber (10 games)",
            MatchFormat.ELIMINATION_100: "elimination at 100 points",
            MatchFormat.TOURNAMENT: "tournament",
        },
        choices=tuple(MatchFormat),
    )
    min_players: int = _toggle(
        2,
        "Fewest players these rules allow.",
        label="fewest players",
        group="Pack and deal",
        in_play=False,
        minimum=2,
        maximum=10,
    )
    max_players: int = _toggle(
        10,
        "Most players these rules allow.",
        label="most players",
        group="Pack and deal",
        in_play=False,
        minimum=2,
        maximum=10,
    )

    #: Not a field: the toggles a record or a file may leave out while they are off.
    LATER_TOGGLES: ClassVar[frozenset[str]]

    # ----------------------------------------------------------------- construction and checks

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            object.__setattr__(self, f.name, _coerce(f, value))
        _check_combination(self)
        # Per-card tables for the engine's inner loop (not fields: derived, not compared): each
        # card code's effect, and the function that carries it out (looked up once, not per play).
        effects = tuple(None if card.is_whot else self.specials.get(card.number) for card in CARDS)
        object.__setattr__(self, "_effects", effects)
        actions = tuple(None if e is None else EFFECTS[e] for e in effects)
        object.__setattr__(self, "_actions", actions)
        # The pick cards as a bit mask (bit `code`, as legal.py's masks): what cross defence
        # lets answer a pick.
        picks = sum(1 << code for code, e in enumerate(effects) if e in PICK_SIZE)
        object.__setattr__(self, "_pick_mask", picks)

    @classmethod
    def fields(cls) -> tuple[RuleField, ...]:
        """Every toggle with its type, default, description and allowed values."""
        out = []
        defaults = cls()
        for f in dataclasses.fields(cls):
            meta = f.metadata
            out.append(
                RuleField(
                    name=f.name,
                    kind=_KINDS[f.name],
                    default=getattr(defaults, f.name),
                    description=meta["description"],
                    choices=meta["choices"],
                    minimum=meta["minimum"],
                    maximum=meta["maximum"],
                    label=meta["label"],
                    options=meta["options"],
                    group=meta["group"],
                    later=meta["later"],
                    in_play=meta["in_play"],
                )
            )
        return tuple(out)

    def replace(self, **changes: Any) -> Rules:
        """A copy with some toggles changed, validated as a whole."""
        names = {f.name for f in dataclasses.fields(self)}
        for name in changes:
            if name not in names:
                known = ", ".join(sorted(names))
                raise ValueError(f"unknown rule {name!r}; the rules are: {known}")
        return dataclasses.replace(self, **changes)

    def diff(self, other: Rules) -> dict[str, tuple[Any, Any]]:
        """The toggles that differ, as `{name: (this value, other value)}`."""
        return {
            f.name: (getattr(self, f.name), getattr(other, f.name))
            for f in dataclasses.fields(self)
            if getattr(self, f.name) != getattr(other, f.name)
        }

    def as_dict(self) -> dict[str, Any]:
        """Plain data (str, int, bool, dict) for TOML and JSON.

        The house rules added later (`LATER_TOGGLES`) are left out while off, so that every
        record and preset file written before them keeps its bytes; `from_dict` reads a missing
        toggle as its default, which is off."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name in LATER_TOGGLES and value == f.default:
                continue
            if isinstance(value, Specials):
                value = {str(k): v.value for k, v in value.items()}
            elif isinstance(value, StrEnum):
                value = value.value
            out[f.name] = value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Rules from plain data; toggles left out keep the defaults of `Rules()`. The data was
        typed somewhere (a rules file, a record), so an error starts with the key at fault."""
        if not isinstance(data, Mapping):
            raise TypeError(f"rules must be a table of toggles, not {type(data).__name__}")
        try:
            return cls().replace(**dict(data))
        except (RulesError, RulesTypeError) as error:
            raise type(error)(error.field, f"{error.field}: {error}") from None

    # ------------------------------------------------------------------------ presets and files

    @classmethod
    def presets(cls) -> tuple[str, ...]:
        """The preset names, in the order of docs/rules.md, "The presets side by side"."""
        return PRESET_NAMES

    @classmethod
    def preset(cls, name: str) -> Rules:
        """One of the six presets: `british`, `british_modern`, `nigerian`, ..."""
        if name not in PRESET_NAMES:
            raise ValueError(f"unknown preset {name!r}; the presets are: {', '.join(PRESET_NAMES)}")
        return _preset_file(name)[0]

    @classmethod
    def preset_info(cls, name: str) -> dict[str, str]:
        """The preset file's title, source and summary."""
        cls.preset(name)
        return dict(_preset_file(name)[1])

    @classmethod
    def preset_decisions(cls, name: str) -> dict[str, str]:
        """The preset's values that no source gives, `{toggle: why this value}`: this project's
        decisions, which every page that shows the preset marks as such (its `[decisions]`)."""
        cls.preset(name)
        return dict(_preset_file(name)[2])

    @classmethod
    def from_file(cls, path: str | Path) -> Rules:
        """Rules from a TOML file written by `save` (or by hand, with a `[rules]` table)."""
        return _read_toml(Path(path))[0]

    @classmethod
    def from_toml(cls, text: str, source: str = "<text>") -> Rules:
        return _parse_toml(text, source)[0]

    def to_toml(self, title: str = "", source: str = "", summary: str = "") -> str:
        """The rules as a TOML preset file; `from_toml` reads it back to equal rules."""
        lines = []
        for key, value in (("title", title), ("source", source), ("summary", summary)):
            if value:
                lines.append(f"{key} = {_toml_value(value)}")
        lines += ["", "[rules]"]
        data = self.as_dict()
        specials = data.pop("specials")
        lines += [f"{key} = {_toml_value(value)}" for key, value in data.items()]
        lines += ["", "[rules.specials]"]
        lines += [f'"{number}" = {_toml_value(effect)}' for number, effect in specials.items()]
        return "\n".join(lines).lstrip("\n") + "\n"

    def save(self, path: str | Path, title: str = "", source: str = "", summary: str = "") -> None:
        Path(path).write_text(self.to_toml(title, source, summary), encoding="utf-8")

    # ----------------------------------------------------------------------------- engine helpers

    @property
    def pack_size(self) -> int:
        """Cards in play: 49 plain cards per pack and its Whots (54 with five, 53 with four)."""
        return (len(CARDS) - 1 + self.whot_cards) * self.packs

    def effect_of(self, number: int) -> Effect | None:
        """The effect a card number carries under these rules, or None for a plain card."""
        return self.specials.get(number)

    def check_players(self, players: int) -> None:
        """Raise ValueError (naming the toggle) unless these rules can seat `players` players."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise TypeError(f"players must be an int, not {type(players).__name__}")
        if not self.min_players <= players <= self.max_players:
            raise RulesError(
                "min_players" if players < self.min_players else "max_players",
                f"Players: these rules seat {self.min_players} to {self.max_players} players, "
                f"not {players}",
            )
        needed = players * self.hand_size + 1
        if needed > self.pack_size:
            held = (
                f"one pack has {self.pack_size}; use two packs"
                if self.packs == 1
                else f"{self.packs} packs have {self.pack_size}; deal fewer cards each"
            )
            raise RulesError(
                "packs" if self.packs == 1 else "hand_size",
                f"Packs: {players} hands of {self.hand_size} plus a start card need {needed} "
                f"cards, but {held}",
            )

    def describe(self, nigerian: bool = False) -> list[str]:
        """The rules in plain words, one sentence per line."""
        return [sentence for sentence, _ in _describe(self, nigerian)]

    def describe_fields(self, nigerian: bool = False) -> list[tuple[str, frozenset[str]]]:
        """`describe()`'s sentences, each with the toggles it speaks of: so that a page can mark
        a sentence whose value this project decided (`Rules.preset_decisions`)."""
        return _describe(self, nigerian)

    def idle_toggles(self) -> dict[str, str]:
        """The toggles that are set but change nothing here, each with the sentence saying why.

        Every toggle may be set by itself from any preset (docs/rules.md, "The presets side by
        side"), so defence is
        accepted in rules without a pick card: it waits for one, as it would at a real table.
        """
        return _idle_toggles(self)


#: Each toggle's kind: its field's type annotation.
_KINDS: dict[str, type] = {f.name: get_type_hints(Rules)[f.name] for f in dataclasses.fields(Rules)}

#: Toggles added after the first records were written (issue 20's house rules, each declared
#: `later`): `as_dict` leaves each out while it has its default (off), so that older records and
#: files keep their bytes.
LATER_TOGGLES = frozenset(f.name for f in dataclasses.fields(Rules) if f.metadata["later"])
Rules.LATER_TOGGLES = LATER_TOGGLES


def _coerce(f: dataclasses.Field, value: Any) -> Any:
    kind = _KINDS[f.name]
    meta = f.metadata
    named = _named(f.name)
    if kind is bool:
        if not isinstance(value, bool):
            raise RulesTypeError(f.name, f"{named} must be on or off, not {value!r}")
        return value
    if kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesTypeError(f.name, f"{named} must be a whole number, not {value!r}")
        if meta["choices"] and value not in meta["choices"]:
            allowed = ", ".join(map(str, meta["choices"][:-1])) + f" or {meta['choices'][-1]}"
            raise RulesError(f.name, f"{named} must be {allowed}, not {value}")
        if meta["minimum"] is not None and not meta["minimum"] <= value <= meta["maximum"]:
            raise RulesError(
                f.name, f"{named} must be from {meta['minimum']} to {meta['maximum']}, not {value}"
            )
        return value
    if kind is Specials:
        if isinstance(value, Specials):
            return value
        if not isinstance(value, Mapping):
            raise RulesTypeError(
                f.name, f"{named} must be a table of card numbers and effects, not {value!r}"
            )
        return Specials(value)
    return _coerce_enum(f.name, kind, value)


def _check_combination(rules: Rules) -> None:
    """Reject rules that cannot be played: too few cards, or nobody able to go out.

    A toggle whose card these rules lack (defence without a pick card) is not an error: it
    changes nothing until the card comes back (`Rules.idle_toggles`).
    """
    if rules.min_players > rules.max_players:
        raise RulesError(
            "min_players",
            f"Fewest players ({rules.min_players}) is more than most players ({rules.max_players})",
        )
    if not rules.win_on_special and set(rules.specials) == set(SPECIAL_NUMBERS):
        raise RulesError(
            "win_on_special",
            "Nobody could ever go out: every number is special, and going out on a special "
            "card is off",
        )
    if rules.min_players * rules.hand_size + 1 > rules.pack_size:
        raise RulesError(
            "hand_size",
            f"{rules.min_players} hands of {rules.hand_size} plus a start card do not fit in "
            f"the {rules.pack_size} cards of {packs_text(rules.packs)}",
        )


def _idle_toggles(rules: Rules) -> dict[str, str]:
    effects = set(rules.specials.values())
    idle = {}
    if Effect.HOLD_ON not in effects:
        if rules.hold_on is HoldOn.SKIP_NEXT:
            idle["hold_on"] = "no card has the hold on effect"
        if rules.hold_on_free_follow:
            idle["hold_on_free_follow"] = "no card has the hold on effect"
    elif rules.hold_on_free_follow and rules.hold_on is HoldOn.SKIP_NEXT:
        idle["hold_on_free_follow"] = (
            "hold on makes the next player miss a turn, so there is no follow-up to free"
        )
    pick_numbers = [n for n, e in rules.specials.items() if e in PICK_SIZE]
    if rules.defence and not pick_numbers:
        idle["defence"] = "no card is a pick two or a pick three"
    if rules.cross_defence:
        if not rules.defence:
            idle["cross_defence"] = "defence is off, so no pick waits for an answer"
        elif len(pick_numbers) < 2:
            idle["cross_defence"] = (
                "at most one number is a pick card, and defence already lets it answer itself"
            )
    if rules.whot_cancels_pick:
        if not rules.defence:
            idle["whot_cancels_pick"] = "defence is off, so no pick waits for an answer"
        elif not pick_numbers:
            idle["whot_cancels_pick"] = "no card is a pick two or a pick three"
        elif not rules.whot_cards:
            idle["whot_cancels_pick"] = "the pack has no Whot"
    if rules.star8_double and rules.specials.get(8) is not Effect.SUSPENSION:
        idle["star8_double"] = "8 is not a suspension card"
    if rules.general_market_again and Effect.GENERAL_MARKET not in effects:
        idle["general_market_again"] = "no card is a general market"
    return idle


# ------------------------------------------------------------------------ a value as short text

_ON_OFF = {True: "on", False: "off"}
_BOOL_WORDS = {"on": True, "true": True, "1": True, "yes": True} | {
    "off": False,
    "false": False,
    "0": False,
    "no": False,
}


@cache
def _field_words() -> dict[str, tuple[str, Mapping[Any, str]]]:
    return {f.name: (f.metadata["label"], f.metadata["options"]) for f in dataclasses.fields(Rules)}


def rule_label(name: str) -> str:
    """A toggle as a learner reads it mid-sentence: "hold on does", "Whot cards per pack".
    `rule_label(name)[:1].upper()` starts the sidebar's label."""
    try:
        return _field_words()[name][0]
    except KeyError:
        raise ValueError(f"{name}: not a rule") from None


def value_words(name: str, value: Any) -> str:
    """A toggle's value as a learner reads it: on/off, a number, or the option's words
    ("the next player misses a turn"); the special cards as "2 pick two, 14 general market"."""
    rule_label(name)  # a clear error for a name that is not a rule
    options = _field_words()[name][1]
    if name == "specials":
        pairs = Specials(value).items()
        return ", ".join(f"{n} {e.value.replace('_', ' ')}" for n, e in pairs) or "none"
    if isinstance(value, bool):
        return _ON_OFF[value]
    if value in options:
        return options[value]
    return str(value.value if isinstance(value, StrEnum) else value)


def setting_words(name: str, value: Any) -> str:
    """One setting as the sidebar's label and value, "hold on does: the next player misses a
    turn", where code would say `hold_on = skip_next`. A sentence a learner reads says a setting
    as a phrase instead (`phrases.setting_phrase`: "hold on making the next player miss a
    turn"), never a name, a colon and a value such as "defence: off"."""
    return f"{rule_label(name)}: {value_words(name, value)}"


def value_to_text(value: Any) -> str:
    """One toggle's value as the short text of links and `--set`: on/off, numbers, enum values,
    `1:hold_on,2:pick_two` (or `none`) for the specials. `value_from_text` reads it back."""
    if isinstance(value, Specials):
        return ",".join(f"{n}:{e.value}" for n, e in value.items()) or "none"
    if isinstance(value, bool):
        return _ON_OFF[value]
    if isinstance(value, StrEnum):
        return value.value
    return str(value)


def value_from_text(name: str, text: str) -> Any:
    """Short text back to a value `Rules.replace` accepts; ValueError names what is wrong."""
    kinds = {f.name: _KINDS[f.name] for f in dataclasses.fields(Rules)}
    if name not in kinds:
        raise ValueError(f"{name}: not a rule; the rules are: {', '.join(kinds)}")
    kind = kinds[name]
    text = text.strip()
    if kind is bool:
        if text.lower() not in _BOOL_WORDS:
            raise ValueError(f"{name}: expected on or off, not {text!r}")
        return _BOOL_WORDS[text.lower()]
    if kind is int:
        if not (text.isascii() and text.isdigit()):
            raise ValueError(f"{name}: expected a whole number, not {text!r}")
        return int(text)
    if kind is Specials:
        if text.lower() in ("", "none"):
            return {}
        pairs = {}
        for item in text.split(","):
            number, colon, effect = item.partition(":")
            if not colon:
                raise ValueError(f"specials: expected number:effect, not {item!r}")
            pairs[number.strip()] = effect.strip()
        try:
            return dict(Specials(pairs).items())
        except (TypeError, ValueError) as error:
            raise ValueError(f"specials: {error}") from None
    return text


# ------------------------------------------------------------------------------------- TOML files


@cache
def _preset_file(name: str) -> tuple[Rules, dict[str, str], dict[str, str]]:
    """A preset file read once a process: the app's sidebar names every preset at each run."""
    path = PRESETS_DIR / f"{name}.toml"
    if not path.exists():
        raise FileNotFoundError(f"preset file {path} is missing (is this a checkout of the repo?)")
    return _read_toml(path)


def _read_toml(path: Path) -> tuple[Rules, dict[str, str], dict[str, str]]:
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{path}: a rules file must be UTF-8 text") from None
    return _parse_toml(text, str(path))


def _parse_toml(text: str, source: str) -> tuple[Rules, dict[str, str], dict[str, str]]:
    """(rules, title/source/summary, decisions) from a preset file's text."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{source}: not valid TOML: {error}") from None
    unknown = set(data) - {"title", "source", "summary", "rules", "decisions"}
    if unknown:
        raise ValueError(f"{source}: unknown keys {sorted(unknown)}; expected a [rules] table")
    if not isinstance(data.get("rules"), dict):
        raise ValueError(f"{source}: no [rules] table")
    info = {key: str(data.get(key, "")) for key in ("title", "source", "summary")}
    try:
        return Rules.from_dict(data["rules"]), info, _decisions(data.get("decisions", {}))
    except (RulesError, RulesTypeError) as error:
        raise type(error)(error.field, f"{source}: {error}") from None
    except (TypeError, ValueError) as error:
        raise type(error)(f"{source}: {error}") from None


def _decisions(table: object) -> dict[str, str]:
    """A `[decisions]` table: each key a toggle, each value the sentence saying why."""
    if not isinstance(table, dict):
        raise TypeError('decisions must be a table of toggle = "why"')
    names = {f.name for f in dataclasses.fields(Rules)}
    for name, why in table.items():
        if name not in names:
            raise ValueError(f"decisions: {name!r} is not a rule; the rules are: {sorted(names)}")
        if not isinstance(why, str) or not why.strip():
            raise TypeError(f"decisions: {name} needs a sentence saying why, not {why!r}")
    return dict(table)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return '"' + "".join(_toml_char(ch) for ch in str(value)) + '"'


def _toml_char(ch: str) -> str:
    """One character inside a TOML basic string: escape quotes, backslashes, control chars."""
    if ch in '"\\':
        return "\\" + ch
    if ord(ch) < 0x20 or ord(ch) == 0x7F:
        return f"\\u{ord(ch):04x}"
    return ch


# ------------------------------------------------------------------------------- plain words


_Sentence = tuple[str, frozenset[str]]


def _said(text: str, *fields: str) -> _Sentence:
    """A sentence with the toggles whose values it speaks of."""
    return text, frozenset(fields)


def _describe(rules: Rules, nigerian: bool) -> list[_Sentence]:
    """Each sentence with the toggles it speaks of (the sentence is about their values)."""
    return [
        *_pack_and_deal(rules),
        _start(rules),
        *_turn(rules, nigerian),
        *_specials(rules),
        *_announcements(rules),
        *_end_and_score(rules),
    ]


def _pack_and_deal(rules: Rules) -> list[_Sentence]:
    whots = rules.whot_cards * rules.packs
    pack = _said(
        f"A pack of {rules.pack_size} cards"
        + (" (two packs)" if rules.packs == 2 else "")
        + (f" with {whots} Whot card{'s' if whots > 1 else ''}; " if whots else ", no Whot; ")
        + f"{rules.min_players} to {rules.max_players} players.",
        "whot_cards",
        "packs",
        "min_players",
        "max_players",
    )
    deal = _said(
        "The lowest cut deals the first game (a Whot cuts high, as 20); the dealer shuffles, "
        "the player on the dealer's right cuts, and the dealer deals "
        f"{rules.hand_size} card{'s' if rules.hand_size > 1 else ''} each, one at a time, "
        "starting on the dealer's left.",
        "hand_size",
    )
    return [pack, deal]


def _start(rules: Rules) -> _Sentence:
    if rules.start is Start.LEADER:
        return _said("The player left of the dealer starts by playing any card.", "start")
    if rules.start is Start.TURN_UP_LIVE:
        return _said(
            "One card is turned up to start the pile, whatever it is, and acts as if the dealer "
            "had played it (a hold on or a Whot does nothing: the leader plays as usual).",
            "start",
        )
    return _said(
        "One plain card is turned up to start the pile (a special card goes to the bottom "
        "of the market).",
        "start",
    )


def _turn(rules: Rules, nigerian: bool) -> list[_Sentence]:
    """What a turn may be: a matching card, a Whot, a draw; several cards; the duty to play."""
    shapes = ", ".join(s.nigerian_name if nigerian else s.value for s in SHAPES)
    wild = f", or a Whot and call a shape ({shapes})" if rules.whot_cards else ""
    out = [
        _said(
            f"Play a card of the same shape or number as the top card{wild}; "
            "or draw one card from the market, which ends your turn.",
            "whot_cards",
        )
    ]
    if rules.multiple_cards:
        out.append(
            _said(
                "You may put down several cards of one number at once (never Whots): the first "
                "must fit, the last is the new top card, and their effects add up (two pick "
                "twos make a pick four), all but hold on, which happens once.",
                "multiple_cards",
            )
        )
    if rules.must_play:
        out.append(
            _said(
                "You must play when a card fits (a pick waiting on you included); you draw only "
                "when nothing does.",
                "must_play",
            )
        )
    return out


def _specials(rules: Rules) -> list[_Sentence]:
    """Each special number's effect, the toggles idle here, and going out on a special card."""
    out = [] if rules.specials else [_said("No number has a special effect.", "specials")]
    for number, effect in rules.specials.items():
        text, fields = _effect_sentence(rules, number, effect)
        out.append(_said(f"{number}: {text}.", "specials", *fields))
    for name, why in rules.idle_toggles().items():
        out.append(_said(f"{_named(name)} changes nothing here: {why}.", name))
    if rules.specials and not rules.win_on_special:
        out.append(_said("You may not go out on a special card or a Whot.", "win_on_special"))
    elif rules.specials:
        out.append(_said(_check_up_sentence(rules), "win_on_special", "specials"))
    return out


def _announcements(rules: Rules) -> list[_Sentence]:
    if rules.announcements is Announcements.INFORMATIVE:
        return [_said('Say "last card" with one card left (no penalty).', "announcements")]
    if rules.announcements is Announcements.PENALTY:
        return [
            _said(
                'Say "semi last card" with two cards left and "last card" with one, or draw two '
                "cards.",
                "announcements",
            )
        ]
    return []


_EXHAUSTED_WORDS = {
    Exhausted.FLIP: "When the market runs out, the pile under the top card is turned over "
    "without shuffling.",
    Exhausted.RESHUFFLE: "When the market runs out, the pile under the top card is "
    "shuffled into a new market.",
    Exhausted.COUNT: "When the market runs out, the game ends with a count.",
    Exhausted.COUNT_AT_ONCE: "As soon as the market is empty at the end of a move, the "
    "game ends with a count (a player who goes out on that move still wins).",
}

_MATCH_WORDS = {
    MatchFormat.SINGLE: "One game: the first player out wins.",
    MatchFormat.SHORT_RUBBER: "A rubber of 5 games: lowest total wins the kitty.",
    MatchFormat.LONG_RUBBER: "A rubber of 10 games: lowest total wins the kitty.",
    MatchFormat.ELIMINATION_100: "Players with 100 points or more drop out; the last "
    "one left wins.",
    MatchFormat.TOURNAMENT: "After each game the highest count is eliminated, until one "
    "player is left.",
}


def _end_and_score(rules: Rules) -> list[_Sentence]:
    """When the market runs out, what a hand left scores, and the match."""
    stars = "stars count double" if rules.star_double else "stars count face value"
    whot = ", a Whot 20" if rules.whot_cards else ""
    return [
        _said(_EXHAUSTED_WORDS[rules.exhausted], "exhausted"),
        _said(f"Cards left in hand score against you: face value, {stars}{whot}.", "star_double"),
        _said(_MATCH_WORDS[rules.match], "match"),
    ]


def _effect_sentence(rules: Rules, number: int, effect: Effect) -> tuple[str, tuple[str, ...]]:
    """What the card `number` does under these rules, and the toggles that shape it."""
    text = EFFECT_TEXT[effect]
    fields: tuple[str, ...] = ()
    if effect is Effect.HOLD_ON:
        fields = ("hold_on", "hold_on_free_follow")
        if rules.hold_on is HoldOn.SKIP_NEXT:
            text = "hold on: the next player misses a turn"
        elif rules.hold_on_free_follow:
            text += " and may play any card"
    if effect in PICK_SIZE:
        fields = ("defence", "cross_defence", "whot_cancels_pick")
        if rules.defence:
            text += _defence_words(rules, number, effect)
    if effect is Effect.SUSPENSION and number == 8:
        fields = ("star8_double",)
        if rules.star8_double:
            text += "; the star 8 skips the next two opponents"
    if effect is Effect.GENERAL_MARKET:
        fields = ("general_market_again",)
        if rules.general_market_again:
            text += f", then the player of the {number} goes again"
    return text, fields


def _defence_words(rules: Rules, number: int, effect: Effect) -> str:
    """What defence adds to a pick card's sentence: how the next player may answer it, how an
    answer grows it, and who draws it in the end (docs/rules.md, section 4): the player who
    does not answer draws the whole pick and misses the turn, as an unanswered pick."""
    idle = rules.idle_toggles()
    cross = rules.cross_defence and "cross_defence" not in idle
    answer = "any pick card that fits" if cross else f"another {number}"
    if rules.whot_cancels_pick and "whot_cancels_pick" not in idle:
        answer += " or cancel it with a Whot"
    grows = (
        "each pick card played adds its own pick (two or three cards)"
        if cross
        else f"each {number} played adds {_PICK_WORDS[PICK_SIZE[effect]]} cards"
    )
    return (
        f", unless they answer with {answer}; {grows}, and the first player who does not "
        "answer draws them all and misses the turn"
    )


_PICK_WORDS = {2: "two", 3: "three"}


def _check_up_sentence(rules: Rules) -> str:
    """Going out on a special card: its effect is dropped, unless it is one that still acts."""
    still = [n for n, e in rules.specials.items() if e in APPLIES_ON_CHECK_UP]
    if not still:
        return "Going out on a special card wins at once; its effect is not applied."
    acting = " and ".join(f"after a winning {n} {_STILL_ACTS[rules.specials[n]]}" for n in still)
    dropped = [str(n) for n in rules.specials if n not in still]
    if dropped:
        return (
            f"Going out on a special card wins at once; the effect of a {' or '.join(dropped)} "
            f"is not applied, but {acting}, which adds to their count."
        )
    return f"Going out on a special card wins at once, and {acting}, which adds to their count."


#: What an effect in APPLIES_ON_CHECK_UP still does after the winning card.
_STILL_ACTS: dict[Effect, str] = {
    Effect.EVERYONE_PICKS_TWO: "every other player still draws two cards",
}
