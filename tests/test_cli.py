"""The command line (`python -m whot_core`): what a reader types, and what it must never do."""

from __future__ import annotations

import re
import subprocess
import sys

from whot_core.__main__ import main

ENGLISH_SHAPES = re.compile(r"\b(circle|triangle|square)\b")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_play_in_nigerian_names_says_every_shape_so(capsys):
    code, out, _ = run(capsys, "play", "--nigerian", "--seed", "1", "--players", "3")
    assert code == 0
    assert "holds" in out and "(call " in out  # a Whot's call is shown in this game
    assert not ENGLISH_SHAPES.search(out), ENGLISH_SHAPES.search(out)
    assert "ball" in out


def test_diff_of_a_preset_with_itself_says_so(capsys):
    code, out, _ = run(capsys, "diff", "british", "british")
    assert code == 0
    assert out.strip() == "british and british have the same rules."


def test_set_takes_the_links_syntax(capsys):
    code, out, _ = run(
        capsys, "rules", "british", "--set", "specials=1:hold_on,2:pick_two", "--set", "defence=on"
    )
    assert code == 0
    assert "- 1: hold on: the same player plays again." in out
    assert "unless they answer with another 2" in out


def test_a_bad_set_is_named(capsys):
    code, out, err = run(capsys, "rules", "british", "--set", "defence")
    assert code == 2 and out == ""
    assert "expected TOGGLE=VALUE" in err
    code, _, err = run(capsys, "rules", "british", "--set", "specials=6:hold_on")
    assert code == 2 and "specials" in err


def test_an_unwritable_record_fails_before_the_game(capsys, tmp_path):
    code, out, err = run(capsys, "play", "--record", str(tmp_path / "missing" / "game.json"))
    assert code == 2
    assert out == ""  # not a move was narrated
    assert "No such file or directory" in err


def test_a_record_is_written_and_replays(capsys, tmp_path):
    from whot_core import GameRecord

    path = tmp_path / "game.json"
    code, out, _ = run(capsys, "play", "--seed", "4", "--record", str(path))
    assert code == 0 and out.rstrip().endswith(f"Record written to {path}")
    assert GameRecord.from_json(path.read_text(encoding="utf-8")).replay().is_over


def test_a_reader_that_stops_reading_is_not_an_error():
    # As `... | head`: the reader is gone before the game is printed (its end of the pipe is
    # closed at once), so every write fails with a broken pipe.
    child = subprocess.Popen(
        [sys.executable, "-m", "whot_core", "play", "--seed", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    child.stdout.close()
    err = child.stderr.read().decode()
    assert child.wait(timeout=60) == 0
    assert err == ""
