"""Golden games: seeded games under every preset, stored as records, must replay byte for byte.

Each file in tests/golden/ was written by tests/golden/make_golden.py. Replaying its moves under the
current engine must give back exactly the same record: the same deal, the same effects, the same
draws and the same count. A failure means a rule changed; if that was not intended it is a bug
(regenerate the files only for an intended rule change: see make_golden.py).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from helpers import load_script, points_by_hand

from whot_core import (
    AnnouncementMissed,
    EveryonePicksTwo,
    Flipped,
    GameRecord,
    GameState,
    PenaltyGrows,
    PutUnder,
    Reshuffled,
    Rules,
)

GOLDEN = Path(__file__).resolve().parent / "golden"
FILES = sorted(GOLDEN.glob("*.json"))


def load_maker() -> ModuleType:
    """make_golden.py as a module (tests/ is not a package)."""
    return load_script(GOLDEN / "make_golden.py")


def stored(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


@cache
def replay(path: Path) -> GameState:
    """The golden game replayed (every move checked), once per file; a broken file fails alone."""
    return GameRecord.from_json(path.read_text(encoding="utf-8")).replay()


def preset_of(path: Path) -> str:
    """`nigerian_street_4p_seed2.json` -> `nigerian_street`."""
    return path.name.rsplit("_", 2)[0]


# ------------------------------------------------------------------------------- the collection


class TestCollection:
    def test_the_folder_holds_exactly_the_games_make_golden_writes(self) -> None:
        maker = load_maker()
        expected = sorted(maker.file_name(*game) for game in maker.GAMES)
        assert [path.name for path in FILES] == expected

    def test_every_preset_has_a_two_and_a_four_player_game(self) -> None:
        tables = {(preset_of(p), stored(p)["setup"]["deal"]["players"]) for p in FILES}
        for preset in Rules.presets():
            assert {(preset, 2), (preset, 4)} <= tables

    def test_the_games_between_them_exercise_the_rules_that_move_cards(self) -> None:
        """Kept by make_golden's choice of seeds: if a regeneration loses one, pick new seeds."""
        finals = [replay(path) for path in FILES]
        kinds = {type(e) for state in finals for e in state.events}
        for kind in (
            Flipped,
            Reshuffled,
            PutUnder,
            AnnouncementMissed,
            PenaltyGrows,
            EveryonePicksTwo,
        ):
            assert kind in kinds, kind.__name__
        grown = [e.total for state in finals for e in state.events if isinstance(e, PenaltyGrows)]
        assert max(grown) > 3, "no pick was defended (a penalty above three cards needs a defence)"
        ends = {state.end_reason for state in finals}
        assert ends == {"check_up", "count"}


# ------------------------------------------------------------------------------- each game


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
class TestEachGoldenGame:
    def test_it_was_dealt_under_its_preset_with_its_named_table(self, path: Path) -> None:
        data = stored(path)
        players, seed = path.stem.rsplit("_", 2)[1:]
        assert Rules.from_dict(data["rules"]) == Rules.preset(preset_of(path))
        assert data["setup"] == {
            "deal": {"players": int(players[:-1]), "seed": int(seed[4:]), "dealer": None}
        }

    def test_the_replay_makes_as_many_moves_and_ends_as_stored(self, path: Path) -> None:
        data, final = stored(path), replay(path)
        assert len(final.moves) == len(data["moves"])
        assert [str(move) for move in final.moves] == data["moves"]
        assert final.is_over and data["result"]["over"] is True
        assert final.end_reason == data["result"]["end"]
        assert list(final.winners) == data["result"]["winners"]

    def test_the_stored_count_is_the_hands_counted_by_hand(self, path: Path) -> None:
        data, final = stored(path), replay(path)
        star_double = final.rules.star_double
        counted = [points_by_hand(hand, star_double) for hand in final.hands]
        assert data["result"]["points"] == counted

    def test_the_stored_winners_follow_from_how_the_game_ended(self, path: Path) -> None:
        result = stored(path)["result"]
        points, winners = result["points"], result["winners"]
        if result["end"] == "check_up":  # the one player out of cards
            assert len(winners) == 1 and points[winners[0]] == 0
        else:  # a count: every seat with the lowest total
            assert result["end"] == "count"
            assert winners == [seat for seat, p in enumerate(points) if p == min(points)]

    def test_replaying_gives_back_the_file_byte_for_byte(self, path: Path) -> None:
        assert replay(path).record().to_json().encode("utf-8") == path.read_bytes()
