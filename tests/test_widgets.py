"""Notebook widgets (`whot_core.whot.show.widgets`), built headless: ipywidgets runs without a
frontend, so the tests press the buttons (`button.click()`), move the slider and the Play widget,
change the explorer's controls, and read the HTML each widget shows.
"""

from __future__ import annotations

from html import escape

import pytest
from conftest import position

from whot_core import Move, Rules
from whot_core.whot.players import Decision, HeuristicPlayer
from whot_core.whot.show.viewer import frame_html, frames_from_record, play_frames
from whot_core.whot.show.widgets import GameViewer, PositionExplorer

BRITISH = Rules.preset("british")
STREET = Rules.preset("nigerian_street")


def short_frames():
    """Four frames: the position, Seat 0 plays circle 5, Seat 1 draws, Seat 0 checks up."""
    start = position(
        BRITISH,
        hands=[["circle 5", "circle 7"], ["square 5", "triangle 2"]],
        pile=["circle 11"],
        market=["star 1", "cross 3"],
    )
    state = start.apply("play circle 5").apply("draw").apply("play circle 7")
    return frames_from_record(state.record())


def caption(viewer: GameViewer) -> str:
    """The heading line of what the viewer shows."""
    return viewer.html.value.split("\n")[1]


# ------------------------------------------------------------------------------ game viewer


class TestGameViewerButtons:
    def test_it_opens_on_the_start_with_the_backward_buttons_off(self):
        viewer = GameViewer(short_frames())
        assert viewer.step == 0
        assert caption(viewer) == (
            '<h4 class="whot-caption">Step 0 of 3: the starting position</h4>'
        )
        assert viewer.first.disabled and viewer.previous.disabled
        assert not viewer.next.disabled and not viewer.last.disabled

    def test_next_previous_last_and_first(self):
        viewer = GameViewer(short_frames())
        viewer.next.click()
        assert viewer.step == 1
        assert "Step 1 of 3: Seat 0 plays circle 5" in caption(viewer)
        viewer.next.click()
        assert viewer.step == 2
        assert "<li>Seat 1 goes to market (star 1).</li>" in viewer.html.value
        viewer.last.click()
        assert viewer.step == 3
        assert viewer.next.disabled and viewer.last.disabled
        assert not viewer.first.disabled
        viewer.previous.click()
        assert viewer.step == 2
        viewer.first.click()
        assert viewer.step == 0

    def test_next_at_the_end_stays_at_the_end(self):
        viewer = GameViewer(short_frames())
        viewer.last.click()
        viewer.next.click()  # disabled in a browser; called anyway, it must not overrun
        assert viewer.step == 3


class TestGameViewerSlider:
    def test_moving_the_slider_redraws(self):
        viewer = GameViewer(short_frames())
        viewer.slider.value = 2
        assert viewer.html.value == viewer.render_step(2)
        assert "Step 2 of 3: Seat 1 goes to market" in caption(viewer)

    def test_the_play_widget_drives_the_slider_and_back(self):
        viewer = GameViewer(short_frames())
        viewer.play.value = 3  # what the Play button does as it ticks
        assert viewer.slider.value == 3
        assert "Check up! Seat 0 has no cards left and wins." in viewer.html.value
        viewer.slider.value = 1
        assert viewer.play.value == 1

    def test_slider_and_play_span_every_step(self):
        viewer = GameViewer(short_frames(), interval=250)
        assert (viewer.slider.min, viewer.slider.max) == (0, 3)
        assert (viewer.play.min, viewer.play.max, viewer.play.interval) == (0, 3, 250)

    def test_go_keeps_within_the_game(self):
        viewer = GameViewer(short_frames())
        viewer.go(99)
        assert viewer.step == 3
        viewer.go(-5)
        assert viewer.step == 0


class TestGameViewerHtml:
    def test_render_step_is_the_frames_html(self):
        frames = short_frames()
        viewer = GameViewer(frames)
        assert viewer.render_step(1) == frame_html(frames[1], 3)
        assert viewer.render_step(50) == frame_html(frames[3], 3)  # clamped

    def test_the_ai_reason_is_shown(self):
        frames = play_frames(BRITISH, [HeuristicPlayer(), HeuristicPlayer()], seed=1)
        viewer = GameViewer(frames)
        viewer.next.click()
        assert f"<b>Why:</b> {frames[1].reason}" in viewer.html.value
        assert frames[1].reason.startswith("Heuristic — ")

    def test_reasons_are_escaped(self):
        start = position(BRITISH, hands=[["circle 5"], ["square 5"]], pile=["circle 11"])

        class Shouty:
            def choose(self, view):
                return Decision(Move.parse("play circle 5"), "because <script>", {})

        viewer = GameViewer(play_frames(BRITISH, [Shouty(), Shouty()], start=start))
        viewer.last.click()
        assert "because &lt;script&gt;" in viewer.html.value
        assert "<script>" not in viewer.html.value

    def test_a_seats_view_hides_the_other_hand(self):
        viewer = GameViewer(short_frames(), viewer=1)
        assert viewer.html.value.count('data-hidden="true"') == 1

    def test_a_game_of_one_frame_has_nowhere_to_go(self):
        viewer = GameViewer(short_frames()[:1])
        assert viewer.next.disabled and viewer.previous.disabled
        viewer.next.click()
        assert viewer.step == 0

    def test_no_frames_is_an_error(self):
        with pytest.raises(ValueError, match="no frames"):
            GameViewer(())

    def test_another_render_function_draws_the_steps(self):
        seen = []

        def render(frame, total, *, viewer=None):
            seen.append((frame.step, total, viewer))
            return f"<p>step {frame.step} of {total}</p>"

        viewer = GameViewer(short_frames(), viewer=1, render=render)
        viewer.next.click()
        assert viewer.html.value == "<p>step 1 of 3</p>"
        assert seen == [(0, 3, 1), (1, 3, 1)]

    def test_it_displays_as_its_box_of_controls(self):
        bundle = GameViewer(short_frames())._repr_mimebundle_()
        assert "application/vnd.jupyter.widget-view+json" in bundle


# ------------------------------------------------------------------------- position explorer


class TestPositionExplorer:
    def test_it_opens_with_an_answer(self):
        explorer = PositionExplorer(BRITISH, top="circle 5", hand="circle 2, square 7")
        html = explorer.html.value
        assert "On the pile: circle 5." in html
        assert "<tr><td>circle 2</td><td>yes</td>" in html
        assert "<tr><td>square 7</td><td>no</td>" in html
        assert explorer.call.value == "no call" and explorer.call.disabled

    def test_typing_a_hand_refreshes_the_answer(self):
        explorer = PositionExplorer(BRITISH, top="circle 5", hand="circle 2")
        explorer.hand.value = "star 5, triangle 7"
        html = explorer.html.value
        assert (
            "<tr><td>star 5</td><td>yes</td><td>Legal. Matching: star 5 has the same number as "
            "circle 5.</td></tr>"
        ) in html
        assert "<tr><td>triangle 7</td><td>no</td>" in html
        assert "circle 2" not in html.split('<table class="whot-verdicts">')[1]

    def test_a_whot_on_top_asks_for_a_call_and_follows_it(self):
        explorer = PositionExplorer(BRITISH, top="circle 5", hand="circle 2, star 7")
        explorer.top.value = "whot"
        assert not explorer.call.disabled
        assert explorer.call.value == "circle"  # the first shape, so the position is possible
        assert "On the pile: whot, calling circle." in explorer.html.value
        explorer.call.value = "star"
        html = explorer.html.value
        assert "<tr><td>circle 2</td><td>no</td><td>The call: the last Whot called star" in html
        assert "<tr><td>star 7</td><td>yes</td>" in html

    def test_leaving_the_whot_drops_the_call(self):
        explorer = PositionExplorer(BRITISH, top="whot", hand="circle 2")
        assert explorer.call.value == "circle"
        explorer.top.value = "star 2"
        assert explorer.call.value == "no call" and explorer.call.disabled
        assert "On the pile: star 2." in explorer.html.value

    def test_no_card_on_top_is_the_start_of_play(self):
        explorer = PositionExplorer(BRITISH, top=None, hand="square 7")
        assert "No card on the pile yet" in explorer.html.value
        assert "Start of play: any card may start the pile." in explorer.html.value

    def test_a_waiting_pick_under_defence(self):
        explorer = PositionExplorer(STREET, top="circle 2", hand="triangle 2, whot, circle 7")
        assert not explorer.penalty.disabled
        explorer.penalty.value = 2
        html = explorer.html.value
        assert "On the pile: circle 2; a pick of 2 is waiting." in html
        assert "<tr><td>triangle 2</td><td>yes</td>" in html
        assert "<tr><td>circle 7</td><td>no</td>" in html

    def test_without_defence_the_pick_control_is_off(self):
        assert PositionExplorer(BRITISH).penalty.disabled

    def test_mistakes_show_the_engines_message(self):
        explorer = PositionExplorer(BRITISH, top="circle 5", hand="circle 2")
        explorer.hand.value = "circle 6"
        assert explorer.html.value == (
            '<p class="whot-error"><b>Not a possible position:</b> card 1 (&#x27;circle 6&#x27;): '
            "circle 6 does not exist: there are no 6s or 9s in a Whot pack</p>"
        )
        explorer.hand.value = "circle 5"  # the top card is circle 5 too: one pack holds one
        assert "appears 2 times" in explorer.html.value
        explorer.hand.value = ""
        assert "choose at least one card" in explorer.html.value

    def test_refresh_returns_what_it_shows(self):
        explorer = PositionExplorer(BRITISH)
        assert explorer.refresh() == explorer.html.value == explorer.render()

    def test_nigerian_names(self):
        explorer = PositionExplorer(BRITISH, top="circle 5", hand="ball 2", nigerian=True)
        assert explorer.top.value == "ball 5"
        assert "<tr><td>ball 2</td><td>yes</td>" in explorer.html.value
        explorer.top.value = "whot"
        assert explorer.call.value == "ball"
        assert "calling ball" in explorer.html.value

    def test_only_rules_are_accepted(self):
        with pytest.raises(TypeError, match="Rules"):
            PositionExplorer("british")


# ---------------------------------------------------------------------------------- practice


class TestPractice:
    def test_the_question_shown_is_the_generators_and_its_answer_is_right(self):
        from whot_core.whot.teach.practice import generate
        from whot_core.whot.teach.widgets import practice

        quiz = practice(Rules.preset("nigerian"), "next_player", focus="hold_on", seed=5)
        expected = generate(Rules.preset("nigerian"), "next_player", 5, focus="hold_on")
        assert quiz.question.to_json() == expected.to_json()
        assert escape(expected.prompt) in quiz.table.value and "<svg" in quiz.table.value
        assert [b.description for b in quiz.answers.children] == [
            f"Seat {n}" for n in expected.choices
        ]
        right = next(
            b
            for b, n in zip(quiz.answers.children, expected.choices, strict=True)
            if n == expected.answer
        )
        right.click()
        assert quiz.verdict.value.startswith('<p style="color:#0b6e2e">Right.')

    def test_a_wrong_answer_is_explained_and_new_question_moves_on(self):
        from whot_core.whot.teach.widgets import practice

        quiz = practice(BRITISH, "legal", seed=2)
        first = quiz.question
        wrong = next(b for b in quiz.answers.children if (b.description == "legal") != first.answer)
        wrong.click()
        assert "Not quite" in quiz.verdict.value and "#9b1c1c" in quiz.verdict.value
        quiz.new.click()
        assert quiz.seed.value == 3 and quiz.verdict.value == ""
        assert quiz.question.to_json() != first.to_json()

    def test_a_first_wrong_answer_gets_a_second_try_before_the_answer_shows(self):
        from whot_core.whot.teach.widgets import practice

        quiz = practice(BRITISH, "legal", seed=2)
        answer = "The answer: " + ("legal" if quiz.question.answer else "not legal")
        wrong, right = sorted(
            quiz.answers.children, key=lambda b: (b.description == "legal") == quiz.question.answer
        )
        wrong.click()
        assert "Not quite" in quiz.verdict.value and answer not in quiz.verdict.value
        wrong.click()
        assert answer in quiz.verdict.value
        quiz.new.click()
        right_again = quiz.question.answer
        wrong = next(b for b in quiz.answers.children if (b.description == "legal") != right_again)
        wrong.click()
        assert "The answer" not in quiz.verdict.value  # a new question, a new first try
        right = next(b for b in quiz.answers.children if (b.description == "legal") == right_again)
        right.click()
        assert "Right." in quiz.verdict.value

    def test_the_score_counts_first_answers_and_again_brings_a_miss_back(self):
        from whot_core.whot.teach.widgets import practice

        quiz = practice(BRITISH, "legal", seed=2)
        assert quiz.score.value == "" and quiz.again.disabled
        missed = quiz.question.to_json()

        def click(right: bool) -> None:
            answer = quiz.question.answer
            next(
                b for b in quiz.answers.children if ((b.description == "legal") == answer) == right
            ).click()

        click(right=False)
        click(right=True)  # a second try: not in the score
        assert "0 right of 1 at the first try" in quiz.score.value
        assert quiz.missed == [("legal", "mixed", 2)] and not quiz.again.disabled
        quiz.new.click()
        click(right=True)
        assert "1 right of 2 at the first try" in quiz.score.value
        assert quiz.again.description == "Again: a question I missed (1)"
        quiz.again.click()
        assert quiz.question.to_json() == missed and quiz.seed.value == 2
        assert quiz.missed == [] and quiz.again.disabled and quiz.verdict.value == ""
        click(right=True)
        assert "2 right of 3 at the first try" in quiz.score.value and quiz.missed == []

    def test_again_restores_the_kind_and_focus_of_the_miss(self):
        from whot_core.whot.teach.widgets import practice

        quiz = practice(BRITISH, "count", focus="star_double", seed=1)
        wrong = next(b for b, n in zip(quiz.answers.children, quiz.question.choices, strict=True)
                     if n != quiz.question.answer)  # fmt: skip
        wrong.click()
        missed = quiz.question.to_json()
        quiz.kind.value = "legal"
        quiz.again.click()
        assert (quiz.kind.value, quiz.focus.value) == ("count", "star_double")
        assert quiz.question.to_json() == missed

    def test_playable_cards_are_toggled_then_checked(self):
        from whot_core.whot.teach.widgets import practice

        quiz = practice(STREET, "playable", seed=4)
        question = quiz.question
        for card, toggle in zip(question.choices, quiz.cards, strict=True):
            toggle.value = card in question.answer
        assert set(quiz.marked()) == {str(card) for card in question.answer}
        quiz.answers.children[-1].click()  # Check
        assert "Right." in quiz.verdict.value

    def test_kind_and_focus_follow_the_rules(self):
        from whot_core.whot.teach.widgets import practice

        quiz = practice(BRITISH, "count", focus="star_double", seed=1)
        assert "hold_on" not in quiz.focus.options
        quiz.kind.value = "legal"  # star_double is shown only by a count: back to mixed
        assert quiz.focus.value == "mixed" and quiz.question.kind == "legal"
        with pytest.raises(ValueError, match="focus: 'hold_on' cannot be shown"):
            practice(BRITISH, "legal", focus="hold_on")
        with pytest.raises(ValueError, match="kind must be one of"):
            practice(BRITISH, "guess")


# ------------------------------------------------------------------ before the notebook is run


def still_of(widget) -> str:
    """The HTML a notebook shows for the widget until it is run (JupyterLab draws no widget in
    an untrusted notebook; it shows this HTML through its sanitizer, which drops inline SVG)."""
    bundle = widget._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert "VBox" not in bundle["text/plain"]
    return bundle["text/html"]


class TestStills:
    def test_each_widget_shows_its_pictures_as_images_and_asks_to_be_run(self):
        from whot_core.whot.teach.widgets import practice

        widgets = [
            GameViewer(short_frames()),
            PositionExplorer(BRITISH),
            practice(Rules.preset("nigerian"), "next_player", seed=5),
            practice(STREET, "playable", seed=4),
        ]
        for widget in widgets:
            html = still_of(widget)
            assert "Run the notebook" in html
            assert '<img src="data:image/svg+xml;base64,' in html and "<svg" not in html

    def test_the_viewers_still_is_its_step_and_the_practices_its_question(self):
        from whot_core.whot.teach.widgets import practice

        viewer = GameViewer(short_frames())
        viewer.next.click()
        assert "Step 1 of 3: Seat 0 plays circle 5" in still_of(viewer)
        quiz = practice(Rules.preset("nigerian"), "next_player", seed=5)
        html = still_of(quiz)
        assert escape(quiz.question.prompt) in html
        assert all(f"Seat {n}" in html for n in quiz.question.choices)
        sizes = practice(Rules.preset("nigerian"), "hand_sizes", seed=5)
        choices = "; ".join(", ".join(map(str, choice)) for choice in sizes.question.choices)
        assert f"The answers: {choices}." in still_of(sizes)

    def test_the_buttons_use_characters_every_font_has_and_the_slider_has_room(self):
        viewer = GameViewer(short_frames())
        labels = "".join(
            b.description for b in (viewer.first, viewer.previous, viewer.next, viewer.last)
        )
        assert all(ord(character) < 0x2100 for character in labels), labels  # no emoji
        assert viewer.slider.layout.min_width == "240px"
