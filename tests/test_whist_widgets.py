"""The Whist game viewer (`whot_core.whist.show.widgets`), built headless as Whot's widgets are
(tests/test_widgets.py): the tests press the buttons, move the slider, the Play widget and the
seat dropdown, and read the HTML the viewer shows.
"""

from __future__ import annotations

import re

import pytest

from whot_core.toolkit import widgets as whot_widgets
from whot_core.whist import Card, WhistState
from whot_core.whist.players import HeuristicPlayer
from whot_core.whist.show.viewer import finished_trick, frame_html, play_frames
from whot_core.whist.show.widgets import GameViewer
from whot_core.whot.show.viewer import play_frames as whot_play_frames


def seed_trick_frames():
    """The seed's worked example played out: two tricks left, spades trumps, South to lead.
    Nine frames: the position, then eight cards (the hand ends at step 8: the state deals hand 2,
    the picture shows hand 1's last trick)."""
    start = WhistState.from_position(
        [["AD", "KC"], ["3D", "QH"], ["7D", "4C"], ["2S", "5C"]],
        trump="spades",
        tricks_won=(6, 5),
    )
    return play_frames([HeuristicPlayer()] * 4, start=start, hands=1)


def caption(viewer: GameViewer) -> str:
    return viewer.html.value.split("\n")[1]


def cards_drawn(html: str) -> set[Card]:
    return {Card.parse(code) for code in re.findall(r'data-card="(\w+)"', html)}


def cards_on_table(frame) -> set[Card]:
    """The cards lying in the middle at `frame`: the trick under way, or the one just won."""
    state = frame.table
    if state.trick:
        return {card for _, card in state.trick}
    done = finished_trick(frame) or state.last_trick
    return {card for _, card in done.cards} if done else set()


class TestButtons:
    def test_it_opens_on_the_position_with_the_backward_buttons_off(self):
        viewer = GameViewer(seed_trick_frames())
        assert viewer.step == 0
        assert caption(viewer) == '<h4 class="whot-caption">Step 0 of 8: the deal</h4>'
        assert viewer.first.disabled and viewer.previous.disabled
        assert not viewer.next.disabled and not viewer.last.disabled

    def test_next_previous_last_and_first(self):
        viewer = GameViewer(seed_trick_frames())
        viewer.next.click()
        assert viewer.step == 1
        assert "Step 1 of 8: South plays the A♦" in caption(viewer)
        assert not viewer.first.disabled and not viewer.previous.disabled
        viewer.next.click()
        viewer.next.click()
        viewer.next.click()
        assert "<li>East, out of diamonds, trumps with the 2♠.</li>" in viewer.html.value
        viewer.last.click()
        assert viewer.step == 8
        assert viewer.next.disabled and viewer.last.disabled
        assert "<li>South wins trick 13 with the K♣.</li>" in viewer.html.value
        viewer.previous.click()
        assert viewer.step == 7
        assert not viewer.next.disabled
        viewer.first.click()
        assert viewer.step == 0
        assert viewer.first.disabled

    def test_next_at_the_end_stays_at_the_end(self):
        viewer = GameViewer(seed_trick_frames())
        viewer.last.click()
        viewer.next.click()  # disabled in a browser; called anyway, it must not overrun
        assert viewer.step == 8

    def test_go_keeps_within_the_game(self):
        viewer = GameViewer(seed_trick_frames())
        viewer.go(99)
        assert viewer.step == 8
        viewer.go(-1)
        assert viewer.step == 0


class TestSliderAndPlay:
    def test_moving_the_slider_redraws(self):
        viewer = GameViewer(seed_trick_frames())
        viewer.slider.value = 4
        assert viewer.html.value == viewer.render_step(4)
        assert "Step 4 of 8: East plays the 2♠" in caption(viewer)

    def test_the_play_widget_drives_the_slider_and_back(self):
        viewer = GameViewer(seed_trick_frames())
        viewer.play.value = 8  # what the Play button does as it ticks
        assert viewer.slider.value == 8 and viewer.step == 8
        assert viewer.next.disabled
        viewer.slider.value = 2
        assert viewer.play.value == 2

    def test_slider_and_play_span_every_step(self):
        viewer = GameViewer(seed_trick_frames(), interval=300)
        assert (viewer.slider.min, viewer.slider.max) == (0, 8)
        assert (viewer.play.min, viewer.play.max, viewer.play.interval) == (0, 8, 300)


class TestSeat:
    def test_everyone_shows_every_hand_face_up(self):
        frames = seed_trick_frames()
        viewer = GameViewer(frames)
        assert viewer.seat.value == "Everyone" and viewer.viewer is None
        assert viewer.seat.options == ("Everyone", "South", "West", "North", "East")
        assert 'data-hidden="true"' not in viewer.html.value
        assert cards_drawn(viewer.html.value) == set(frames[0].state.hands[0]).union(
            *frames[0].state.hands[1:]
        )

    @pytest.mark.parametrize("step", [0, 1, 4, 5, 8])
    @pytest.mark.parametrize(("name", "seat"), [("South", 0), ("West", 1), ("North", 2)])
    def test_a_seat_sees_only_its_hand_and_the_table(self, name, seat, step):
        frames = seed_trick_frames()
        viewer = GameViewer(frames)
        viewer.go(step)
        viewer.seat.value = name
        assert viewer.viewer == seat
        html = viewer.html.value
        expected = set(frames[step].table.hand(seat)) | cards_on_table(frames[step])
        assert cards_drawn(html) == expected
        assert html.count('data-hidden="true"') == 3
        assert html == frame_html(frames[step], 8, viewer=seat)

    def test_the_view_follows_the_steps(self):
        frames = seed_trick_frames()
        viewer = GameViewer(frames, viewer=3)  # East
        assert viewer.seat.value == "East"
        assert cards_drawn(viewer.html.value) == {Card.parse("2S"), Card.parse("5C")}
        viewer.next.click()  # South leads the ace of diamonds: East sees it on the table
        assert cards_drawn(viewer.html.value) == {Card.parse(c) for c in ("2S", "5C", "AD")}

    def test_back_to_everyone(self):
        viewer = GameViewer(seed_trick_frames())
        viewer.seat.value = "West"
        viewer.seat.value = "Everyone"
        assert viewer.viewer is None
        assert 'data-hidden="true"' not in viewer.html.value

    def test_show_seat_by_number_or_name(self):
        viewer = GameViewer(seed_trick_frames())
        viewer.show_seat(2)
        assert viewer.seat.value == "North" and viewer.viewer == 2
        viewer.show_seat("East")
        assert viewer.viewer == 3
        viewer.show_seat(None)
        assert viewer.seat.value == "Everyone" and viewer.viewer is None

    def test_the_seat_keeps_the_step(self):
        viewer = GameViewer(seed_trick_frames())
        viewer.go(5)
        viewer.seat.value = "North"
        assert viewer.step == 5
        assert "Step 5 of 8: East plays the 5♣" in caption(viewer)

    def test_seat_names_come_from_the_frames(self):
        start = seed_trick_frames()[0].state
        names = ("Ada", "Bola", "Chidi", "Dayo")
        frames = play_frames([HeuristicPlayer()] * 4, start=start, hands=1, names=names)
        viewer = GameViewer(frames)
        assert viewer.seat.options == ("Everyone", *names)
        viewer.seat.value = "Chidi"
        assert viewer.viewer == 2

    def test_the_dropdown_sits_with_the_other_controls(self):
        viewer = GameViewer(seed_trick_frames())
        assert viewer.controls.children[-1] is viewer.seat
        assert viewer.slider in viewer.controls.children


class TestBadInput:
    def test_no_frames(self):
        with pytest.raises(ValueError, match="frames: there is nothing to show"):
            GameViewer(())

    def test_whot_frames_are_not_whist_frames(self):
        from whot_core import Rules
        from whot_core.whot.players import HeuristicPlayer as WhotHeuristic

        whot = whot_play_frames(Rules.preset("british"), [WhotHeuristic()] * 2, seed=1)
        with pytest.raises(TypeError, match="frames: expected Whist frames"):
            GameViewer(whot)

    @pytest.mark.parametrize("viewer", [4, -1, True, "North"])
    def test_a_viewer_that_is_not_a_seat(self, viewer):
        with pytest.raises(ValueError, match="viewer must be a seat from 0 to 3"):
            GameViewer(seed_trick_frames(), viewer=viewer)

    @pytest.mark.parametrize("seat", [4, False])
    def test_show_seat_with_a_bad_number(self, seat):
        with pytest.raises(ValueError, match="seat must be a seat from 0 to 3"):
            GameViewer(seed_trick_frames()).show_seat(seat)

    def test_show_seat_with_a_bad_name(self):
        with pytest.raises(ValueError, match="seat must be one of Everyone, South, West"):
            GameViewer(seed_trick_frames()).show_seat("Nowhere")


class TestShared:
    def test_it_is_whots_viewer_with_whists_pictures(self):
        frames = seed_trick_frames()
        viewer = GameViewer(frames)
        assert isinstance(viewer, whot_widgets.GameViewer)
        assert viewer.render_step(3) == frame_html(frames[3], 8)
        assert viewer.render_step(50) == frame_html(frames[8], 8)  # clamped

    def test_the_ai_reason_is_shown(self):
        frames = seed_trick_frames()
        viewer = GameViewer(frames)
        viewer.next.click()
        assert f"<b>Why:</b> {frames[1].reason}" in viewer.html.value

    def test_a_whole_hand(self):
        frames = play_frames([HeuristicPlayer()] * 4, seed=3, hands=1)
        viewer = GameViewer(frames, viewer=0)
        viewer.last.click()
        assert viewer.step == 52
        assert "Hand 2:" in viewer.html.value

    def test_it_displays_as_its_box_of_controls(self):
        bundle = GameViewer(seed_trick_frames())._repr_mimebundle_()
        assert "application/vnd.jupyter.widget-view+json" in bundle
