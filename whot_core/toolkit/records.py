"""The checks every game record passes, whichever game it records (Whot's, Whist's).

A record is JSON text: rules, setup, moves and result. These helpers read it with `json` only
(never pickle or eval), refuse what is too big or too deeply nested, check the keys, the rules and
the moves, and replay the game to compare the result it claims. `Record` is a game record's
class: each game's record (`whot_core.whot.engine.records`, `whot_core.whist.engine.records`)
subclasses it with its own format, moves, setup and result.

    >>> nesting({"setup": {"position": {"hands": [["AS"]]}}})
    5
    >>> plain({"points": (3, 0)})
    {'points': [3, 0]}
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from .errors import IllegalMove

__all__ = [
    "MAX_MOVES",
    "MAX_NESTING",
    "MAX_RECORD_BYTES",
    "MAX_SEED",
    "VERSION",
    "Record",
    "check_keys",
    "check_replay",
    "check_seed",
    "copy_setup",
    "is_int",
    "json_text",
    "load_json",
    "nesting",
    "plain",
    "read_record",
    "replay_states",
    "start_from_setup",
]

#: The version of the record format, the same for every game.
VERSION = 1
MAX_RECORD_BYTES = 2_000_000
MAX_MOVES = 50_000
#: A record's real structure nests about five levels (setup.position.hands[i]); anything far deeper
#: is hostile, and would crash the recursive copying of the setup.
MAX_NESTING = 32
#: The largest seed. Seeds are counted from 0: `random.Random` deals the same for -n as for n,
#: and a seed of thousands of digits would not even print in a record (Python's int limit).
MAX_SEED = 2**64 - 1


@dataclass(frozen=True)
class Record:
    """Rules, setup, moves and result of one game, as JSON that replays exactly: the part every
    game's record shares (Whot's `GameRecord`, Whist's `WhistRecord` subclass it).

    A game's record class says its `FORMAT`, its rules kind (`RULES`), how a move is written
    (`move_text`, read back by `parse_move`; `MOVE_WORD` names the text in an error), what the
    result holds (`result_of`), the setup's shape (`check_setup`) and the state a setup starts
    (`initial_state`)."""

    rules: Any
    setup: Mapping[str, Any]
    moves: tuple[Any, ...]
    result: Mapping[str, Any]
    version: int = VERSION

    FORMAT: ClassVar[str]
    RULES: ClassVar[type]
    MOVE_WORD: ClassVar[str] = "move text"

    @classmethod
    def of(cls, state) -> Self:
        """The record of the game `state` has played so far."""
        if "determinized" in state._origin:
            raise ValueError("a determinized state is a guess at hidden cards and has no record")
        return cls(state.rules, copy_setup(state._origin), state.moves, cls.result_of(state))

    # --------------------------------------------------------------- what each game supplies

    @staticmethod
    def move_text(move: Any) -> str:
        return str(move)

    @staticmethod
    def parse_move(text: str) -> Any:
        raise NotImplementedError

    @staticmethod
    def result_of(state: Any) -> dict[str, Any]:
        raise NotImplementedError

    @staticmethod
    def check_setup(setup: Any) -> dict[str, Any]:
        raise NotImplementedError

    def initial_state(self) -> Any:
        raise NotImplementedError

    # ----------------------------------------------------------------------------------- JSON

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": self.FORMAT,
            "version": self.version,
            "rules": self.rules.as_dict(),
            "setup": plain(self.setup),
            "moves": [self.move_text(move) for move in self.moves],
            "result": plain(self.result),
        }

    def to_json(self) -> str:
        """Deterministic text: the same game always gives the same bytes."""
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=True) + "\n"

    @classmethod
    def from_json(cls, text: str | bytes) -> Self:
        """Read and check a record; raises ValueError naming what is wrong."""
        return cls.from_dict(load_json(text))

    @classmethod
    def from_dict(cls, data: Any) -> Self:
        rules, setup, moves, result = read_record(
            data, cls.FORMAT, cls.RULES, cls.check_setup, cls.parse_move, cls.MOVE_WORD
        )
        record = cls(rules, setup, moves, result)
        check_replay(record, result, cls.result_of)
        return record

    # --------------------------------------------------------------------------------- replay

    def states(self) -> Iterator[Any]:
        """The state before the first move, then after each move."""
        yield from replay_states(self.initial_state(), self.moves)

    def replay(self) -> Any:
        """The final state, every move checked on the way."""
        *_, final = self.states()
        return final


def check_seed(seed: object) -> None:
    """Raise unless `seed` is a whole number from 0 to MAX_SEED (both games' deals)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    if not 0 <= seed <= MAX_SEED:
        shown = str(seed) if seed.bit_length() <= 100 else f"a {seed.bit_length()}-bit number"
        raise ValueError(f"seed must be a whole number from 0 to 2**64 - 1, not {shown}")


def read_record(
    data: Any,
    fmt: str,
    rules_kind: type,
    read_setup: Callable[[Any], dict[str, Any]],
    read_move: Callable[[str], Any],
    move_word: str,
) -> tuple[Any, dict[str, Any], tuple[Any, ...], dict[str, Any]]:
    """Check a record's outer shape and read its rules, setup and moves, for any game.

    `rules_kind` is the game's rules dataclass (`Rules`, `WhistRules`): a record states every one
    of its fields, then `rules_kind.from_dict` reads and checks them. Returns (rules, setup,
    moves, claimed result); `check_replay` then checks the result.
    """
    depth = nesting(data)
    if depth > MAX_NESTING:
        raise ValueError(
            f"record: nested {depth} levels deep (a game record needs at most {MAX_NESTING})"
        )
    if not isinstance(data, dict):
        raise ValueError("record: expected a JSON object at the top")
    check_keys(data, {"format", "version", "rules", "setup", "moves", "result"})
    if data["format"] != fmt:
        raise ValueError(f"record: format must be {fmt!r}, not {data['format']!r}")
    if not is_int(data["version"]) or data["version"] != VERSION:
        raise ValueError(f"record: version {data['version']!r} is not supported (only 1)")
    try:
        later = getattr(rules_kind, "LATER_TOGGLES", frozenset())
        required = [f.name for f in dataclasses.fields(rules_kind) if f.name not in later]
        _require_fields(data["rules"], required)
        rules = rules_kind.from_dict(data["rules"])
    except (TypeError, ValueError) as error:
        raise ValueError(f"record: rules: {error}") from None
    setup = read_setup(data["setup"])
    moves = data["moves"]
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise ValueError(f"record: moves must be a list of at most {MAX_MOVES} {move_word}s")
    parsed = []
    for i, text in enumerate(moves):
        if not isinstance(text, str):
            raise ValueError(f"record: moves[{i}] must be {move_word}, not {text!r}")
        try:
            parsed.append(read_move(text))
        except ValueError as error:
            raise ValueError(f"record: moves[{i}]: {error}") from None
    if not isinstance(data["result"], dict):
        raise ValueError("record: result must be an object")
    return rules, setup, tuple(parsed), data["result"]


def _require_fields(data: Any, names: Iterable[str]) -> None:
    """Raise ValueError naming the rules fields that `data` leaves out.

    A record states every rule: a field filled in from today's defaults would replay the game
    under rules nobody played. (Preset files may omit fields; only records must not.) The
    exception is a rules kind's `LATER_TOGGLES`, toggles added after records were first written:
    a record leaves one out while it is off, which is how every older record played it.
    """
    if not isinstance(data, Mapping):
        return  # the rules reader says what is wrong with a non-table
    missing = [name for name in names if name not in data]
    if missing:
        s = "s" if len(missing) > 1 else ""
        raise ValueError(f"missing field{s} " + ", ".join(repr(name) for name in missing))


def start_from_setup(
    make: Callable[[Any, dict[str, Any]], Any], rules: Any, setup: Mapping[str, Any]
) -> Any:
    """The state a record starts from: `make(rules, setup)` (a game's `_from_setup`) on a copy of
    the setup, any complaint about it a ValueError that says it is the setup's."""
    try:
        return make(rules, copy_setup(setup))
    except (TypeError, ValueError) as error:
        raise ValueError(f"record: setup: {error}") from None


def replay_states(start: Any, moves: Iterable[Any]) -> Iterator[Any]:
    """`start`, then the state after each move, each checked by the game's own `apply`: an
    illegal move is a ValueError naming its place in the record."""
    state = start
    yield state
    for i, move in enumerate(moves):
        try:
            state = state.apply(move)
        except IllegalMove as error:
            raise ValueError(f"record: moves[{i}] ({move}) is illegal: {error}") from None
        yield state


def check_replay(record: Any, claimed: Mapping[str, Any], result_of: Callable[[Any], Any]) -> None:
    """Replay `record` and compare its result with the `claimed` one, naming the first field
    that differs (a tampered or wrong record).

    The comparison is by JSON text, so by type as well as value: `true` is not `1` and `91.0` is
    not `91`, though Python's == says they are, and the record keeps what it claimed.
    """
    actual = plain(result_of(record.replay()))
    if _same_json(actual, claimed):
        return
    for key in actual:
        if not _same_json(claimed.get(key), actual[key]):
            raise ValueError(
                f"record: result.{key} says {claimed.get(key)!r} but replaying "
                f"the moves gives {actual[key]!r} (tampered or wrong record)"
            )
    raise ValueError("record: result has unknown fields")


def load_json(text: str | bytes) -> Any:
    """Parse a record's JSON text (or UTF-8 bytes) within the size limit, with clear errors.

    Shared by every game's records (Whot's and Whist's): only `json`, never pickle or eval.
    """
    if isinstance(text, bytes):
        if len(text) > MAX_RECORD_BYTES:
            raise ValueError(f"record: larger than {MAX_RECORD_BYTES} bytes")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError("record: not UTF-8 text") from None
    if not isinstance(text, str):
        raise TypeError(f"a record is JSON text, not {type(text).__name__}")
    if len(text) > MAX_RECORD_BYTES:
        raise ValueError(f"record: larger than {MAX_RECORD_BYTES} bytes")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"record: not valid JSON ({error})") from None
    except RecursionError:
        raise ValueError("record: nested too deeply to be a game record") from None


def json_text(text: Any, what: str, limit: int) -> Any:
    """Parse small JSON text (or bytes) that came from outside: ValueError starts with `what`
    and says what is wrong (not text, over `limit` bytes, not JSON)."""
    if not isinstance(text, str | bytes):
        raise ValueError(f"{what}: expected JSON text, not {type(text).__name__}")
    if len(text) > limit:
        raise ValueError(f"{what}: larger than {limit} bytes")
    try:
        return json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as error:
        raise ValueError(f"{what}: not valid JSON ({error})") from None


def nesting(value: Any) -> int:
    """How many levels of lists and objects `value` has (0 for a number or string).

    Counted with a stack, not recursion: the point is to refuse a document too deep to recurse
    over, before the setup is copied recursively.
    """
    if not isinstance(value, dict | list):
        return 0
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        children = item.values() if isinstance(item, dict) else item
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return deepest


def check_keys(data: Any, expected: set[str], where: str = "record") -> None:
    """Raise ValueError naming the missing and unknown keys of the object `data`."""
    if not isinstance(data, dict):
        raise ValueError(f"{where}: expected a JSON object")
    if set(data) != expected:
        missing, extra = expected - set(data), set(data) - expected
        parts = [
            f"missing {sorted(missing)}" if missing else "",
            f"unknown {sorted(extra)}" if extra else "",
        ]
        raise ValueError(f"{where}: " + "; ".join(p for p in parts if p))


def _same_json(a: Any, b: Any) -> bool:
    """Equal as JSON text: by type as well as value (`1` is not `true`, nor `1.0`).

    Data that is not JSON at all (a set given to `from_dict`) is simply unequal.
    """
    try:
        return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    except (TypeError, ValueError):
        return False


def plain(value: Any) -> Any:
    """`value` as JSON would hold it: tuples become lists, mapping keys become text."""
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value


def copy_setup(setup: Mapping[str, Any]) -> dict[str, Any]:
    """A deep copy through JSON, so a record never shares a list with the state it came from."""
    return json.loads(json.dumps(plain(setup)))


def is_int(value: Any) -> bool:
    """A whole number, and not a bool (JSON's `true` is not `1`)."""
    return isinstance(value, int) and not isinstance(value, bool)
