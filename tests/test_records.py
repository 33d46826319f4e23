"""Game records (RULES.md section 11; STYLE.md's PGN): JSON that replays exactly, and that
refuses malformed or tampered input with a ValueError saying what is wrong."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from helpers import snapshot

from whot_core import CARDS, GameRecord, GameState, Move, Rules, new_game
from whot_core.whot.engine.records import MAX_NESTING
from whot_core.whot.engine.rules import SPECIAL_NUMBERS

MOVE_CAP = 400  # random games nearly always end well before this; unfinished records are valid too


def play_random(state: GameState, seed: int, cap: int = MOVE_CAP) -> GameState:
    """Play seeded random legal moves, preferring a play to a draw so games finish."""
    rng = random.Random(seed)
    for _ in range(cap):
        if state.is_over:
            break
        moves = state.legal_moves()
        plays = [m for m in moves if not m.is_draw]
        state = state.apply(rng.choice(plays if plays and rng.random() < 0.9 else moves))
    return state


def dealt_game(preset: str, players: int, seed: int) -> GameState:
    return play_random(new_game(Rules.preset(preset), players=players, seed=seed), seed)


def position_game(preset: str, seed: int, **position: Any) -> GameState:
    state = GameState.from_position(Rules.preset(preset), seed=seed, **position)
    return play_random(state, seed)


DEALT = [
    (preset, players, seed)
    for preset in Rules.presets()
    for players, seed in ((2, 1), (3, 2), (4, 3))
]

POSITIONS: list[tuple[str, dict[str, Any]]] = [
    (
        "british",
        {"hands": [["circle 5", "star 7", "whot"], ["square 5", "cross 13"]], "pile": ["star 1"]},
    ),
    (
        "nigerian_street",
        {
            "hands": [["circle 3", "star 2", "circle 7"], ["cross 2", "square 7"], ["star 8"]],
            "pile": ["circle 2"],
            "penalty": 2,
            "to_play": 1,
        },
    ),
    (
        "nigerian_1970s",
        {
            "hands": [["circle 1", "star 4"], ["triangle 4", "square 7"]],
            "pile": ["triangle 1"],
            "market": ["star 5", "cross 5", "star 3", "square 2", "circle 10"],
        },
    ),
    (
        "nigerian",
        {
            "hands": [["whot", "star 4", "circle 14"], ["square 14", "cross 1"]],
            "pile": ["circle 3", "whot"],
            "called": "star",
        },
    ),
]


# ------------------------------------------------------------------------------ round trips


class TestRoundTrip:
    @pytest.mark.parametrize(("preset", "players", "seed"), DEALT)
    def test_dealt_game_replays_to_an_equal_final_state(self, preset, players, seed):
        state = dealt_game(preset, players, seed)
        replayed = GameRecord.from_json(state.record().to_json()).replay()
        assert snapshot(replayed) == snapshot(state)

    @pytest.mark.parametrize(("preset", "position"), POSITIONS, ids=[p for p, _ in POSITIONS])
    def test_position_game_replays_to_an_equal_final_state(self, preset, position):
        state = position_game(preset, 5, **position)
        replayed = GameRecord.from_json(state.record().to_json()).replay()
        assert snapshot(replayed) == snapshot(state)

    def test_a_game_in_progress_round_trips(self):
        state = play_random(new_game(Rules.preset("nigerian"), players=3, seed=8), 8, cap=7)
        assert not state.is_over
        replayed = GameRecord.from_json(state.record().to_json()).replay()
        assert snapshot(replayed) == snapshot(state)

    def test_a_record_with_no_moves_round_trips(self):
        state = new_game(Rules.preset("british"), players=2, seed=0, dealer=1)
        replayed = GameRecord.from_json(state.record().to_json()).replay()
        assert snapshot(replayed) == snapshot(state)
        assert replayed.current_player == 0  # the leader sits left of dealer 1

    def test_states_yields_the_start_then_one_state_per_move(self):
        state = dealt_game("nigerian", 2, 4)
        record = GameRecord.from_json(state.record().to_json())
        states = list(record.states())
        assert len(states) == len(state.moves) + 1
        assert [s.moves for s in states[1:]] == [
            state.moves[: i + 1] for i in range(len(states) - 1)
        ]

    def test_bytes_in_utf8_are_read_like_text(self):
        state = dealt_game("british_modern", 3, 6)
        text = state.record().to_json()
        replayed = GameRecord.from_json(text.encode("utf-8")).replay()
        assert snapshot(replayed) == snapshot(state)

    def test_informative_announcement_in_the_move_text_is_accepted(self):
        # Under 'informative' a move text carrying the right announcement is accepted too.
        state = GameState.from_position(
            Rules.preset("nigerian"),
            hands=[["circle 7", "circle 10"], ["star 7", "cross 3"]],
            pile=["circle 11"],
        )
        after = state.apply("play circle 7, last card")
        replayed = GameRecord.from_json(after.record().to_json()).replay()
        assert snapshot(replayed) == snapshot(after)


class TestDeterminism:
    @pytest.mark.parametrize("preset", ["british", "nigerian_street", "naija_tournament"])
    def test_same_rules_seed_and_moves_give_identical_json(self, preset):
        first = dealt_game(preset, 3, 11).record().to_json()
        second = dealt_game(preset, 3, 11).record().to_json()
        assert first == second
        assert first.encode("utf-8") == second.encode("utf-8")

    def test_reading_and_writing_again_gives_the_same_bytes(self):
        text = dealt_game("nigerian", 4, 12).record().to_json()
        assert GameRecord.from_json(text).to_json() == text

    def test_a_different_seed_gives_a_different_record(self):
        a = new_game(Rules.preset("nigerian"), players=2, seed=1).record().to_json()
        b = new_game(Rules.preset("nigerian"), players=2, seed=2).record().to_json()
        assert a != b

    def test_record_is_ascii_text(self):
        text = dealt_game("nigerian_street", 2, 13).record().to_json()
        assert text.isascii()
        assert text.endswith("\n")


class TestContents:
    def test_record_carries_format_and_version(self):
        data = json.loads(dealt_game("british", 2, 14).record().to_json())
        assert data["format"] == "whot-game-record"
        assert data["version"] == 1
        assert set(data) == {"format", "version", "rules", "setup", "moves", "result"}

    def test_record_holds_rules_setup_moves_and_result(self):
        state = GameState.from_position(
            Rules.preset("nigerian"),
            hands=[["circle 7"], ["star 7", "cross 3"]],
            pile=["circle 11"],
            market=["star 1"],
            seed=9,
        )
        data = json.loads(state.apply("play ball 7").record().to_json())
        assert data["rules"] == Rules.preset("nigerian").as_dict()
        assert data["setup"] == {
            "position": {
                "hands": [["circle 7"], ["star 7", "cross 3"]],
                "pile": ["circle 11"],
                "market": ["star 1"],
                "to_play": 0,
                "called": None,
                "penalty": 0,
            },
            "seed": 9,
        }
        assert data["moves"] == ["play circle 7"]
        # Seat 1 keeps star 7 and cross 3: 7 + 3 at face value (stars single in these rules).
        assert data["result"] == {
            "over": True,
            "end": "check_up",
            "winners": [0],
            "points": [0, 10],
        }

    def test_dealt_setup_records_players_seed_and_dealer(self):
        data = json.loads(
            new_game(Rules.preset("nigerian"), 3, seed=5, dealer=2).record().to_json()
        )
        assert data["setup"] == {"deal": {"players": 3, "seed": 5, "dealer": 2}}
        assert data["moves"] == []


# -------------------------------------------------------------------------- bad records


@pytest.fixture(scope="module")
def dealt_record() -> dict[str, Any]:
    """A finished three-player game under the web rules, as plain data."""
    state = dealt_game("nigerian", 3, 21)
    assert state.is_over and len(state.moves) > 6
    return json.loads(state.record().to_json())


@pytest.fixture(scope="module")
def position_record() -> dict[str, Any]:
    """A finished game from a position, as plain data."""
    state = position_game("british", 22, **POSITIONS[0][1])
    assert state.is_over
    return json.loads(state.record().to_json())


def tampered(data: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> str:
    data = copy.deepcopy(data)
    change(data)
    return json.dumps(data)


def setter(*path: str | int, value: Any) -> Callable[[dict[str, Any]], None]:
    """A change that sets data[path...] = value."""

    def change(data: dict[str, Any]) -> None:
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = value

    return change


def deleter(*path: str) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        for key in path[:-1]:
            data = data[key]
        del data[path[-1]]

    return change


def assert_rejected(text: str | bytes, named: str) -> None:
    """A ValueError (never KeyError/TypeError/AttributeError) whose message contains `named`."""
    try:
        GameRecord.from_json(text)
    except ValueError as error:
        assert named in str(error), str(error)
    else:
        pytest.fail("the record was accepted")


class TestNotARecord:
    @pytest.mark.parametrize("text", ["", "{", "nonsense", "{'format': 1}", "[1,]"])
    def test_not_json(self, text):
        assert_rejected(text, "JSON")

    @pytest.mark.parametrize("text", ["[]", "3", '"record"', "null", "true", "[{}]"])
    def test_not_an_object(self, text):
        assert_rejected(text, "object")

    def test_bytes_that_are_not_utf8(self):
        assert_rejected(b'{"format": "whot-game-record", "x": "\xff\xfe"}', "UTF-8")

    def test_oversize_text(self, dealt_record):
        text = json.dumps(dealt_record) + " " * 2_000_001
        assert_rejected(text, "larger than")

    def test_oversize_bytes(self):
        assert_rejected(b" " * 2_000_001, "larger than")

    def test_deeply_nested_json_is_a_value_error(self):
        assert_rejected("[" * 100_000 + "]" * 100_000, "record")

    @pytest.mark.parametrize(
        ("path", "levels"),
        [(("called",), 603), (("hands", 1), 604), (("market",), 603)],
        ids=["called", "hands[1]", "market"],
    )
    def test_nesting_small_enough_for_json_is_still_refused(self, position_record, path, levels):
        # 600 levels is about 1.2 KB, well inside the size limit, and json reads it; copying the
        # setup recursively would then crash with RecursionError.
        deep = json.loads("[" * 600 + "]" * 600)
        text = tampered(position_record, setter("setup", "position", *path, value=deep))
        assert len(text) < 5_000
        assert_rejected(text, f"nested {levels} levels deep")

    def test_nesting_given_as_python_data_is_refused_too(self, position_record):
        # from_dict takes data that never went through json: it is measured all the same.
        data = copy.deepcopy(position_record)
        data["setup"]["position"]["called"] = json.loads("[" * 600 + "]" * 600)
        with pytest.raises(ValueError, match="nested 603 levels deep"):
            GameRecord.from_dict(data)

    def test_the_nesting_limit_counts_every_level(self, position_record):
        # Top, setup and position are three levels: a list nested n deep in called makes n + 3.
        def nested(levels: int) -> str:
            deep = json.loads("[" * levels + "]" * levels)
            return tampered(position_record, setter("setup", "position", "called", value=deep))

        assert_rejected(nested(MAX_NESTING - 2), f"nested {MAX_NESTING + 1} levels deep")
        with pytest.raises(ValueError) as error:  # at the limit: refused for its value instead
            GameRecord.from_json(nested(MAX_NESTING - 3))
        assert "nested" not in str(error.value) and "called" in str(error.value)


class TestTopLevel:
    @pytest.mark.parametrize("key", ["format", "version", "rules", "setup", "moves", "result"])
    def test_missing_key(self, dealt_record, key):
        assert_rejected(tampered(dealt_record, deleter(key)), f"missing ['{key}']")

    def test_unknown_key(self, dealt_record):
        assert_rejected(
            tampered(dealt_record, setter("comment", value="hi")), "unknown ['comment']"
        )

    @pytest.mark.parametrize("value", ["whot", "pgn", "", None, 1])
    def test_wrong_format(self, dealt_record, value):
        assert_rejected(tampered(dealt_record, setter("format", value=value)), "format")

    @pytest.mark.parametrize("value", [0, 2, "1", True, None, [1], 1.0])
    def test_wrong_version(self, dealt_record, value):
        assert_rejected(tampered(dealt_record, setter("version", value=value)), "version")


class TestBadRules:
    @pytest.mark.parametrize(
        ("change", "named"),
        [
            (setter("rules", value="nigerian"), "rules"),
            (setter("rules", value=None), "rules"),
            (setter("rules", value=[]), "rules"),
            (setter("rules", "hand_size", value=0), "hand_size"),
            (setter("rules", "hand_size", value="5"), "hand_size"),
            (setter("rules", "defence", value="no"), "defence"),
            (setter("rules", "exhausted", value="stop"), "exhausted"),
            (setter("rules", "colour", value="red"), "colour"),
            (setter("rules", "specials", value={"6": "hold_on"}), "specials"),
            (setter("rules", "specials", value={"2": "explode"}), "specials"),
            (setter("rules", "specials", value=["hold_on"]), "specials"),
            (  # rules nobody could go out under: every number special, no going out on one
                lambda data: data["rules"].update(
                    win_on_special=False, specials={str(n): "suspension" for n in SPECIAL_NUMBERS}
                ),
                "win_on_special",
            ),
            (setter("rules", "min_players", value=5), "min_players"),
        ],
    )
    def test_bad_rules(self, dealt_record, change, named):
        text = tampered(dealt_record, change)
        assert_rejected(text, "rules")
        assert_rejected(text, named)

    @pytest.mark.parametrize(
        "name", [f.name for f in Rules.fields() if f.name not in Rules.LATER_TOGGLES]
    )
    def test_a_missing_rule_is_refused_not_defaulted(self, dealt_record, name):
        # Filling it in from Rules() would replay the game under rules nobody played.
        text = tampered(dealt_record, deleter("rules", name))
        assert_rejected(text, f"rules: missing field {name!r}")

    @pytest.mark.parametrize("name", sorted(Rules.LATER_TOGGLES))
    def test_a_later_toggle_is_written_only_when_on_and_read_as_off_when_missing(
        self, dealt_record, name
    ):
        # Records written before issue 20's house rules keep their bytes: they played them off.
        assert name not in dealt_record["rules"]
        record = GameRecord.from_json(json.dumps(dealt_record))
        assert getattr(record.rules, name) is False
        on = Rules.preset("nigerian").replace(**{name: True})
        assert on.as_dict()[name] is True
        assert Rules.from_dict(on.as_dict()) == on

    def test_every_missing_rule_is_named(self, dealt_record):
        def change(data: dict[str, Any]) -> None:
            del data["rules"]["match"], data["rules"]["max_players"]

        assert_rejected(
            tampered(dealt_record, change), "rules: missing fields 'match', 'max_players'"
        )


class TestBadDealSetup:
    @pytest.mark.parametrize(
        ("change", "named"),
        [
            (setter("setup", value=[]), "setup"),
            (setter("setup", value=None), "setup"),
            (setter("setup", value={}), "setup"),
            (setter("setup", "extra", value=1), "setup"),
            (setter("setup", "deal", value="3 players"), "setup.deal"),
            (setter("setup", "deal", value=None), "setup.deal"),
            (deleter("setup", "deal", "seed"), "setup.deal"),
            (setter("setup", "deal", "shuffle", value=True), "setup.deal"),
            (setter("setup", "deal", "players", value="3"), "players"),
            (setter("setup", "deal", "players", value=True), "players"),
            (setter("setup", "deal", "players", value=3.0), "players"),
            (setter("setup", "deal", "players", value=1), "players"),
            (setter("setup", "deal", "players", value=5), "players"),
            (setter("setup", "deal", "players", value=10**9), "players"),
            (setter("setup", "deal", "seed", value=-3), "seed"),
            (setter("setup", "deal", "seed", value="21"), "seed"),
            (setter("setup", "deal", "seed", value=1.5), "seed"),
            (setter("setup", "deal", "seed", value=None), "seed"),
            (setter("setup", "deal", "dealer", value="0"), "dealer"),
            (setter("setup", "deal", "dealer", value=3), "dealer"),
            (setter("setup", "deal", "dealer", value=-1), "dealer"),
            (setter("setup", "deal", "dealer", value=True), "dealer"),
        ],
    )
    def test_bad_deal(self, dealt_record, change, named):
        assert_rejected(tampered(dealt_record, change), named)


def position_setter(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return setter("setup", "position", key, value=value)


class TestBadPositionSetup:
    @pytest.mark.parametrize(
        ("change", "named"),
        [
            (setter("setup", "position", value="hands"), "setup.position"),
            (deleter("setup", "position", "market"), "setup.position"),
            (position_setter("extra", 1), "setup.position"),
            (deleter("setup", "seed"), "setup"),
            (setter("setup", "seed", value="22"), "seed"),
            (setter("setup", "seed", value=None), "seed"),
            (position_setter("hands", "circle 5"), "hands"),
            (position_setter("hands", None), "hands"),
            (position_setter("hands", []), "hands"),
            (position_setter("hands", [["circle 5"]]), "hands"),
            (position_setter("hands", [["circle 5"], []]), "hands[1]"),
            (position_setter("hands", [["circle 5"], [5]]), "hands[1]"),
            (position_setter("hands", [["circle 5"], ["square 4"]]), "square 4"),
            (position_setter("hands", [["circle 5"], "star 7"]), "hands[1]"),
            (position_setter("hands", [["circle 5"], ["circle 5"]]), "circle 5"),
            (position_setter("pile", "star 1"), "pile"),
            (position_setter("pile", None), "pile"),
            (position_setter("pile", ["star 12"]), "pile"),
            (position_setter("pile", ["star 1", "whot"]), "called"),
            (position_setter("market", "star 2"), "market"),
            (position_setter("market", 5), "market"),
            (position_setter("market", ["circle 6"]), "market"),
            (position_setter("to_play", 2), "to_play"),
            (position_setter("to_play", "0"), "to_play"),
            (position_setter("to_play", None), "to_play"),
            (position_setter("called", "star"), "called"),
            (position_setter("called", "whot"), "called"),
            (position_setter("called", 5), "called"),
            (position_setter("called", ["star"]), "called"),
            (position_setter("penalty", 2), "penalty"),
            (position_setter("penalty", -1), "penalty"),
            (position_setter("penalty", "0"), "penalty"),
            (position_setter("penalty", None), "penalty"),
        ],
    )
    def test_bad_position(self, position_record, change, named):
        assert_rejected(tampered(position_record, change), named)


class TestBadMoves:
    @pytest.mark.parametrize(
        ("moves", "named"),
        [
            ("draw", "moves"),
            (None, "moves"),
            ({"0": "draw"}, "moves"),
            ([5], "moves[0]"),
            ([None], "moves[0]"),
            ([["draw"]], "moves[0]"),
            (["jump"], "moves[0]"),
            (["play circle 6"], "moves[0]"),
            (["play whot"], "moves[0]"),
            (["draw"] * 50_001, "moves"),
        ],
    )
    def test_moves_that_are_not_move_texts(self, dealt_record, moves, named):
        assert_rejected(tampered(dealt_record, setter("moves", value=moves)), named)

    def test_a_bad_text_deep_in_the_list_names_its_index(self, dealt_record):
        assert_rejected(tampered(dealt_record, setter("moves", 4, value="jump")), "moves[4]")
        assert_rejected(tampered(dealt_record, setter("moves", 5, value=7)), "moves[5]")

    def test_an_illegal_move_names_its_index(self, dealt_record):
        # Find a card the player to move at move 4 does not hold, and put it there.
        record = GameRecord.from_dict(copy.deepcopy(dealt_record))
        before = list(record.states())[4]
        held = set(before.hands[before.current_player])
        missing = next(c for c in CARDS if c not in held and not c.is_whot)
        text = tampered(dealt_record, setter("moves", 4, value=f"play {missing}"))
        assert_rejected(text, "moves[4]")
        assert_rejected(text, "illegal")

    def test_a_move_after_the_end_is_illegal(self, dealt_record):
        n = len(dealt_record["moves"])
        text = tampered(dealt_record, setter("moves", value=[*dealt_record["moves"], "draw"]))
        assert_rejected(text, f"moves[{n}]")


class TestBadResult:
    def _other_seat(self, winners: list[int]) -> int:
        return next(seat for seat in range(3) if seat not in winners)

    def test_changed_winners(self, dealt_record):
        other = self._other_seat(dealt_record["result"]["winners"])
        text = tampered(dealt_record, setter("result", "winners", value=[other]))
        assert_rejected(text, "result.winners")

    def test_extra_winner(self, dealt_record):
        winners = dealt_record["result"]["winners"]
        changed = sorted([*winners, self._other_seat(winners)])
        assert_rejected(
            tampered(dealt_record, setter("result", "winners", value=changed)), "winners"
        )

    def test_changed_points(self, dealt_record):
        points = [p + 1 for p in dealt_record["result"]["points"]]
        assert_rejected(tampered(dealt_record, setter("result", "points", value=points)), "points")

    @pytest.mark.parametrize(
        ("key", "value"), [("over", False), ("end", "count"), ("end", None), ("winners", None)]
    )
    def test_changed_field(self, dealt_record, key, value):
        assert_rejected(tampered(dealt_record, setter("result", key, value=value)), f"result.{key}")

    @pytest.mark.parametrize(
        ("key", "retype"),
        [
            ("over", lambda over: int(over)),  # 1 == True in Python, not in JSON
            ("winners", lambda winners: [float(w) for w in winners]),
            ("points", lambda points: [float(p) for p in points]),
        ],
    )
    def test_right_value_of_the_wrong_type(self, dealt_record, key, retype):
        value = retype(dealt_record["result"][key])
        assert value == dealt_record["result"][key]
        text = tampered(dealt_record, setter("result", key, value=value))
        assert_rejected(text, f"result.{key} says {value!r}")
        assert_rejected(text, "tampered")

    def test_missing_result_field(self, dealt_record):
        assert_rejected(tampered(dealt_record, deleter("result", "points")), "result.points")

    def test_unknown_result_field(self, dealt_record):
        assert_rejected(tampered(dealt_record, setter("result", "prize", value=5)), "result")

    @pytest.mark.parametrize("value", [None, [], "won", 3])
    def test_result_not_an_object(self, dealt_record, value):
        assert_rejected(tampered(dealt_record, setter("result", value=value)), "result")

    def test_dropping_the_last_move_no_longer_matches_the_result(self, dealt_record):
        text = tampered(dealt_record, setter("moves", value=dealt_record["moves"][:-1]))
        assert_rejected(text, "result.")


def test_the_untouched_fixtures_are_accepted(dealt_record, position_record):
    for data in (dealt_record, position_record):
        record = GameRecord.from_json(json.dumps(data))
        assert [str(m) for m in record.moves] == data["moves"]
        assert all(isinstance(m, Move) for m in record.moves)


def test_both_games_records_are_one_class_over_their_own_moves_setup_and_result():
    """Whot's and Whist's records share the toolkit's `Record`: each says only its format, how
    a move is written, the setup's shape, the result and the state a setup starts."""
    from whot_core.toolkit.records import Record
    from whot_core.whist.engine.records import WhistRecord

    shared = {"of", "to_dict", "to_json", "from_dict", "from_json", "states", "replay"}
    for kind in (GameRecord, WhistRecord):
        assert issubclass(kind, Record)
        assert shared & set(vars(kind)) == set(), kind.__name__


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (setter("setup", value=[]), "record: setup must be an object"),
        (
            setter("setup", value={}),
            "record: setup must be {'deal': ...} or {'position': ..., 'seed': ...}",
        ),
        (
            deleter("setup", "deal", "seed"),
            "record: setup.deal needs exactly players, seed and dealer",
        ),
        (
            setter("setup", "deal", "players", value="3"),
            "record: setup.deal.players and seed must be whole numbers",
        ),
        (
            setter("setup", "deal", "seed", value="21"),
            "record: setup.deal.players and seed must be whole numbers",
        ),
        (
            setter("setup", "deal", "dealer", value="0"),
            "record: setup.deal.dealer must be a seat number or null",
        ),
    ],
)
def test_a_bad_deal_setup_is_refused_in_a_whole_sentence(dealt_record, change, message):
    with pytest.raises(ValueError) as raised:
        GameRecord.from_json(tampered(dealt_record, change))
    assert str(raised.value) == message


def test_a_position_setup_without_a_whole_number_seed_is_refused_in_a_whole_sentence(
    position_record,
):
    with pytest.raises(ValueError) as raised:
        GameRecord.from_json(tampered(position_record, setter("setup", "seed", value="22")))
    assert str(raised.value) == "record: setup.seed must be a whole number"
