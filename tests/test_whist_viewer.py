"""Stepping through Whist games: frames from AI play and from records."""

from __future__ import annotations

import pytest

from whot_core.whist import CardPlayed, HandScored, new_game
from whot_core.whist.players import HeuristicPlayer, RandomPlayer
from whot_core.whist.show.viewer import (
    finished_trick,
    frame_caption,
    frame_html,
    frame_svg,
    frames_from_record,
    play_frames,
    shown_reason,
)
from whot_core.whot.show.viewer import clamp_step, last_step, next_step


def players():
    return [HeuristicPlayer(), RandomPlayer(seed=1), HeuristicPlayer(), RandomPlayer(seed=2)]


def test_one_hand_is_52_steps_each_card_narrated():
    frames = play_frames(players(), seed=5, hands=1)
    assert len(frames) == 53 and frames[0].move is None
    for frame in frames[1:]:
        played = [e for e in frame.events if isinstance(e, CardPlayed)]
        assert [(e.seat, e.card) for e in played] == [(frame.seat, frame.move)]
        assert frame.reason and frame.sentences
    assert any(isinstance(e, HandScored) for e in frames[-1].events)
    assert next_step(last_step(frames), frames) == 52 and clamp_step(-3, frames) == 0


def test_frames_from_a_record_match_the_played_frames():
    played = play_frames(players(), seed=6, hands=1)
    replayed = frames_from_record(played[-1].state.record())
    assert [f.move for f in replayed] == [f.move for f in played]
    assert [f.sentences for f in replayed] == [f.sentences for f in played]
    assert replayed[-1].reason is None


def test_caption_and_names():
    frames = play_frames(players(), seed=7, hands=1, names=["Ann", "Magnús", "Freyja", "Einar"])
    assert frame_caption(frames[0], 52) == "Step 0 of 52: the deal"
    assert frame_caption(frames[1], 52) == f"Step 1 of 52: Ann plays the {frames[1].move}"
    assert frames[2].sentences[0].startswith("Magnús")


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="four players"):
        play_frames([HeuristicPlayer()] * 3)
    with pytest.raises(ValueError, match="names"):
        play_frames(players(), names=["A", "B"])
    with pytest.raises(ValueError, match="hands"):
        play_frames(players(), hands=0)


def test_a_whole_game_ends_in_a_win():
    frames = play_frames([HeuristicPlayer()] * 4, start=new_game(seed=3))
    assert frames[-1].state.is_over
    assert "win the game" in frames[-1].sentences[-1]


def test_a_frame_shows_the_trick_it_completed() -> None:
    frames = play_frames(players(), seed=5, hands=1)
    completing = [f for f in frames if finished_trick(f) is not None]
    assert [finished_trick(f).trick for f in completing] == list(range(1, 14))
    assert all(f.step % 4 == 0 for f in completing)  # every fourth card ends a trick
    last = frames[-1]
    svg = frame_svg(last)
    for _, card in finished_trick(last).cards:
        assert f'data-card="{card.ascii}"' in svg
    assert finished_trick(frames[1]) is None


def test_a_one_hand_game_ends_on_its_last_trick_not_the_next_deal() -> None:
    frames = play_frames(players(), seed=5, hands=1)
    last = frames[-1]
    assert last.state.hand_number == 2  # the engine has dealt the next hand already
    shown = last.table
    assert shown.hand_number == 1 and shown.trump is frames[0].state.trump
    assert [shown.hand(seat) for seat in range(4)] == [()] * 4
    assert shown.last_trick == finished_trick(last) and shown.last_trick.trick == 13
    assert sum(shown.tricks_won) == 13 and shown.scores == last.state.scores
    svg = frame_svg(last)
    assert "Hand 1: hearts are trumps" in svg and "Hand over" in svg and "Hand 2" not in svg
    assert svg.count("data-card=") == 4  # the last trick's cards, and no hand's
    assert frame_svg(last, viewer=1).count("data-card=") == 4
    assert frames[30].table is frames[30].state  # a step inside a hand shows its state


def test_frame_html_has_caption_table_sentences_and_reason() -> None:
    frames = play_frames(players(), seed=5, hands=1)
    html = frame_html(frames[1], 52)
    assert html.count("<svg") == 1
    assert "Step 1 of 52: South plays the" in html
    assert "<b>Why:</b>" in html  # South is the heuristic player, which gives reasons
    assert "<li>South leads" in html
    hidden = frame_html(frames[1], 52, viewer=1, inline=False)
    assert "<img" in hidden and "<svg" not in hidden


def test_one_seats_view_reads_only_its_own_reasons() -> None:
    frames = play_frames([HeuristicPlayer()] * 4, seed=5, hands=1)
    north = [f for f in frames if f.seat == 2]
    west = [f for f in frames if f.seat == 1]
    assert all(shown_reason(f) == f.reason and f.reason for f in north)
    assert all(shown_reason(f, viewer=2) == f.reason for f in north)
    assert all(shown_reason(f, viewer=2) is None for f in west)
    assert "<b>Why:</b>" not in frame_html(west[0], 52, viewer=2)
    assert "<b>Why:</b>" in frame_html(west[0], 52, viewer=1)
