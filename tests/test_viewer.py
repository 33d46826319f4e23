"""The step-through model and the position explorer (`whot_core.whot.show.viewer`).

Frames are checked on small positions with a known market, so every sentence of every step can be
written out here by hand. The explorer's verdicts are the engine's own words (`legal.py`), written
out here for the positions the tests set up.
"""

from __future__ import annotations

import itertools
import subprocess
import sys
from dataclasses import replace

import pytest
from conftest import cards, play, position

from whot_core import GameState, IllegalMove, Move, Rules, new_game
from whot_core.whot.players import Decision, HeuristicPlayer, RandomPlayer, SearchPlayer
from whot_core.whot.show.viewer import (
    CardVerdict,
    Exploration,
    card_choices,
    clamp_step,
    exploration_html,
    explore_position,
    first_step,
    frame_caption,
    frame_html,
    frames_from_record,
    last_step,
    next_step,
    parse_hand,
    play_frames,
    previous_step,
    search_words,
)

BRITISH = Rules.preset("british")  # no specials, no announcements
STREET = Rules.preset("nigerian_street")  # defence, announcements with penalty


def short_game() -> GameState:
    """Seat 0 plays circle 5, seat 1 goes to market (star 1), seat 0 checks up with circle 7."""
    start = position(
        BRITISH,
        hands=[["circle 5", "circle 7"], ["square 5", "triangle 2"]],
        pile=["circle 11"],
        market=["star 1", "cross 3"],
    )
    return play(start, "play circle 5", "draw", "play circle 7")


class Script:
    """Plays the given moves in order, each with a reason and details naming its number."""

    def __init__(self, *moves: str) -> None:
        self.moves = list(moves)
        self.calls = 0

    def choose(self, view) -> Decision:
        self.calls += 1
        return Decision(Move.parse(self.moves.pop(0)), f"scripted {self.calls}", {"n": self.calls})


class AlwaysDraw:
    def choose(self, view) -> Move:
        return Move.draw()


# ------------------------------------------------------------------------- frames of a record


class TestFramesFromRecord:
    def test_frame_zero_is_the_start_and_each_move_adds_one_frame(self):
        frames = frames_from_record(short_game().record())
        assert [f.step for f in frames] == [0, 1, 2, 3]
        moves = ["play circle 5", "draw", "play circle 7"]
        assert [f.move for f in frames] == [None, *map(Move.parse, moves)]
        assert [f.seat for f in frames] == [None, 0, 1, 0]

    def test_each_frame_holds_the_state_after_its_move(self):
        frames = frames_from_record(short_game().record())
        assert frames[0].state.hands == (
            cards("circle 5", "circle 7"),
            cards("square 5", "triangle 2"),
        )
        assert frames[1].state.top == cards("circle 5")[0]
        assert frames[2].state.hands[1] == cards("square 5", "triangle 2", "star 1")
        assert frames[3].state.is_over and frames[3].state.winners == (0,)

    def test_sentences_tell_each_step_alone(self):
        frames = frames_from_record(short_game().record())
        assert frames[0].sentences == ("The game starts from a set position; Seat 0 plays first.",)
        assert frames[1].sentences == ("Seat 0 plays circle 5.",)
        assert frames[2].sentences == ("Seat 1 goes to market (star 1).",)
        assert frames[3].sentences == (
            "Seat 0 plays circle 7.",
            "Check up! Seat 0 has no cards left and wins.",
        )

    def test_names_and_nigerian_shape_names_reach_the_sentences(self):
        frames = frames_from_record(short_game().record(), names=["Ada", "Bola"], nigerian=True)
        assert frames[0].sentences == ("The game starts from a set position; Ada plays first.",)
        assert frames[1].sentences == ("Ada plays ball 5.",)
        assert frames[2].sentences == ("Bola goes to market (star 1).",)

    def test_an_ai_reason_is_shown_in_the_frames_shape_names(self):
        start = position(BRITISH, [["circle 5", "square 7", "circle 2"], ["star 1"]], ["circle 4"])

        def two():  # fresh players for each game; a few moves: the first AI move is read
            return [HeuristicPlayer(), HeuristicPlayer()]

        english = play_frames(BRITISH, two(), start=start, max_moves=4)
        nigerian = play_frames(BRITISH, two(), start=start, nigerian=True, max_moves=4)
        assert "circle" in english[1].reason and english[1].why == english[1].reason
        assert nigerian[1].reason == english[1].reason  # the player's own words, kept
        assert nigerian[1].why == english[1].reason.replace("circle", "ball")
        assert f"<b>Why:</b> {nigerian[1].why}" in frame_html(nigerian[1], len(nigerian) - 1)

    def test_names_must_match_the_seats(self):
        with pytest.raises(ValueError, match="expected 2 names"):
            frames_from_record(short_game().record(), names=["Ada"])

    def test_a_record_has_no_reasons(self):
        frames = frames_from_record(short_game().record())
        assert all(f.reason is None and f.details is None for f in frames)

    def test_a_dealt_game_starts_with_the_deal_and_the_steps_share_out_every_event(self):
        state = new_game(Rules.preset("nigerian"), players=3, seed=4)
        for _ in range(12):
            state = state.apply(state.legal_moves()[0])
        frames = frames_from_record(state.record())
        assert type(frames[0].events[0]).__name__ == "Dealt"
        assert frames[0].note is None  # the deal narrates itself
        joined = [event for frame in frames for event in frame.events]
        assert joined == list(state.events)
        assert all(len(f.events) >= 1 for f in frames[1:])  # every move logs something

    def test_only_a_record_is_accepted(self):
        with pytest.raises(TypeError, match="GameRecord"):
            frames_from_record(short_game())


# --------------------------------------------------------------------------- played by players


class TestPlayFrames:
    def test_decisions_keep_their_reason_and_details(self):
        start = position(
            BRITISH,
            hands=[["circle 5", "circle 7"], ["square 5", "triangle 2"]],
            pile=["circle 11"],
            market=["star 1", "cross 3"],
        )
        seat0, seat1 = Script("play circle 5", "play circle 7"), Script("draw")
        frames = play_frames(BRITISH, [seat0, seat1], start=start)
        assert [f.reason for f in frames] == [None, "scripted 1", "scripted 1", "scripted 2"]
        assert [f.details for f in frames] == [None, {"n": 1}, {"n": 1}, {"n": 2}]
        assert frames[-1].state.winners == (0,)
        assert frames[-1].sentences[-1] == "Check up! Seat 0 has no cards left and wins."

    def test_bare_moves_are_accepted_without_a_reason(self):
        frames = play_frames(BRITISH, [AlwaysDraw(), AlwaysDraw()], seed=1, max_moves=3)
        assert [f.move for f in frames[1:]] == [Move.draw()] * 3
        assert all(f.reason is None for f in frames)

    def test_heuristic_players_reach_the_end_and_the_frames_replay_the_game(self):
        frames = play_frames(BRITISH, [HeuristicPlayer(), HeuristicPlayer()], seed=3)
        final = frames[-1].state
        assert final.is_over and not frames[-1].stopped
        assert tuple(f.move for f in frames[1:]) == final.moves
        assert all(f.reason.startswith("Heuristic — ") for f in frames[1:])
        # Each frame's seat is the seat to play in the frame before.
        assert all(
            f.seat == before.state.current_player for before, f in itertools.pairwise(frames)
        )

    def test_the_same_seed_and_players_give_the_same_game(self):
        one = play_frames(BRITISH, [RandomPlayer(1), RandomPlayer(2)], seed=5, max_moves=30)
        two = play_frames(BRITISH, [RandomPlayer(1), RandomPlayer(2)], seed=5, max_moves=30)
        assert [f.move for f in one] == [f.move for f in two]

    def test_search_details_are_kept_for_the_charts(self):
        players = [SearchPlayer(simulations=30, seed=1), SearchPlayer(simulations=30, seed=2)]
        frames = play_frames(BRITISH, players, seed=2, max_moves=3)
        for frame in frames[1:]:
            assert frame.reason.startswith("Search — ")
            assert {"simulations", "seconds", "moves"} <= frame.details.keys()
            assert str(frame.move) == frame.details["moves"][0]["move"]  # the most visited

    def test_the_cap_stops_the_game_and_the_last_frame_says_so(self):
        # British deals six cards each and has no specials: nobody can go out in five moves.
        frames = play_frames(BRITISH, [RandomPlayer(1), RandomPlayer(2)], seed=1, max_moves=5)
        assert len(frames) == 6
        assert not frames[-1].state.is_over
        assert frames[-1].stopped and not any(f.stopped for f in frames[:-1])
        assert frames[-1].sentences[-1] == (
            "Stopped after 5 moves (the max_moves cap): the game is not finished, so it has no "
            "winner."
        )

    def test_a_game_that_ends_on_the_last_allowed_move_is_not_stopped(self):
        start = position(BRITISH, hands=[["circle 5"], ["square 5"]], pile=["circle 11"])
        frames = play_frames(BRITISH, [Script("play circle 5"), Script()], start=start, max_moves=1)
        assert len(frames) == 2 and frames[-1].state.is_over
        assert not frames[-1].stopped and frames[-1].note is None

    def test_an_illegal_move_names_the_step_and_the_seat(self):
        start = position(BRITISH, hands=[["circle 5", "star 7"], ["square 5"]], pile=["circle 11"])
        with pytest.raises(IllegalMove, match=r"step 1, seat 0 played play star 7: Matching"):
            play_frames(BRITISH, [Script("play star 7"), Script()], start=start)

    def test_bad_arguments_are_refused(self):
        start = position(BRITISH, hands=[["circle 5"], ["square 5"]], pile=["circle 11"])
        with pytest.raises(TypeError, match=r"players\[1\] has no choose"):
            play_frames(BRITISH, [AlwaysDraw(), object()], seed=1)
        with pytest.raises(ValueError, match="max_moves"):
            play_frames(BRITISH, [AlwaysDraw(), AlwaysDraw()], seed=1, max_moves=0)
        with pytest.raises(ValueError, match="other rules"):
            play_frames(STREET, [AlwaysDraw(), AlwaysDraw()], start=start)
        with pytest.raises(ValueError, match="2 seats, not 3"):
            play_frames(BRITISH, [AlwaysDraw()] * 3, start=start)
        with pytest.raises(TypeError, match="Decision or a Move"):
            play_frames(BRITISH, [_Returns(42), _Returns(42)], seed=1)


class _Returns:
    def __init__(self, value) -> None:
        self.value = value

    def choose(self, view):
        return self.value


# ------------------------------------------------------------------------------- navigation


class TestNavigation:
    frames = frames_from_record(short_game().record())  # four frames: steps 0 to 3

    def test_clamp_keeps_a_step_within_the_game(self):
        assert [clamp_step(s, self.frames) for s in (-3, 0, 2, 3, 10)] == [0, 0, 2, 3, 3]

    def test_first_and_last(self):
        assert first_step(self.frames) == 0
        assert last_step(self.frames) == 3

    def test_next_and_previous_stop_at_the_ends(self):
        assert [next_step(s, self.frames) for s in (0, 2, 3)] == [1, 3, 3]
        assert [previous_step(s, self.frames) for s in (0, 1, 3)] == [0, 0, 2]

    def test_no_frames_is_an_error(self):
        for helper in (first_step, last_step):
            with pytest.raises(ValueError, match="no frames"):
                helper(())
        with pytest.raises(ValueError, match="no frames"):
            next_step(0, ())

    def test_a_step_is_a_whole_number(self):
        with pytest.raises(TypeError, match="whole number"):
            clamp_step(True, self.frames)
        with pytest.raises(TypeError, match="whole number"):
            clamp_step(1.5, self.frames)


class TestCaptions:
    def test_captions_say_the_step_the_seat_and_the_move(self):
        frames = frames_from_record(short_game().record())
        assert [frame_caption(f, 3) for f in frames] == [
            "Step 0 of 3: the starting position",
            "Step 1 of 3: Seat 0 plays circle 5",
            "Step 2 of 3: Seat 1 goes to market",
            "Step 3 of 3: Seat 0 plays circle 7",
        ]

    def test_a_dealt_game_opens_with_the_deal_and_a_whot_shows_its_call(self):
        """The move in the narration's words, as the sentences under the heading say it, not the
        engine's notation ("plays whot call square")."""
        start = position(BRITISH, hands=[["whot", "star 2"], ["circle 1"]], pile=["circle 11"])
        state = start.apply("play whot call square")
        frames = frames_from_record(state.record(), names=["Ada", "Bola"], nigerian=True)
        assert frame_caption(frames[1]) == "Step 1: Ada plays a Whot and calls carpet"
        assert frames[1].sentences[0] == "Ada plays a Whot and calls carpet."
        dealt = frames_from_record(new_game(BRITISH, players=2, seed=1).record())
        assert frame_caption(dealt[0], 0) == "Step 0 of 0: the deal"

    def test_a_pick_taken_is_said_so_in_the_heading_and_the_chart(self):
        """Drawing with a pick waiting is taking the pick, in the heading and in the search
        chart's rows: every row in the narration's words (`search_words`)."""
        start = position(
            Rules.preset("naija_tournament"),
            hands=[["circle 2", "star 7", "star 8"], ["star 2", "square 5"]],
            pile=["circle 11"],
            market=["cross 3", "star 1", "circle 4"],
        )
        picked = play(start, "play circle 2", "draw")
        details = {
            "simulations": 2,
            "moves": [
                {"move": "draw", "visits": 1, "share": 0.5, "win_rate": 0.0},
                {"move": "play star 2", "visits": 1, "share": 0.5, "win_rate": 1.0},
            ],
        }
        frames = frames_from_record(picked.record())
        frame = replace(frames[2], details=details)
        assert frame_caption(frame) == "Step 2: Seat 1 takes the pick of 2 cards"
        assert search_words(frame) == (
            ("draw", "take the pick of 2 cards"),
            ("play star 2", "play star 2"),
        )
        assert search_words(frames[1]) == ()  # no search, no words
        dealt = frames_from_record(new_game(BRITISH, players=2, seed=1).record())
        assert frame_caption(dealt[0], 0) == "Step 0 of 0: the deal"


# --------------------------------------------------------------------------- the explorer


class TestExplorePosition:
    def test_each_card_gets_a_verdict_in_the_engines_words(self):
        report = explore_position(BRITISH, "circle 5", ["circle 2", "star 5", "whot", "square 7"])
        assert [(str(v.card), v.legal) for v in report] == [
            ("circle 2", True),
            ("star 5", True),
            ("whot", True),
            ("square 7", False),
        ]
        assert [v.reason for v in report] == [
            "Legal. Matching: circle 2 has the same shape as circle 5.",
            "Legal. Matching: star 5 has the same number as circle 5.",
            # One circle, one star, one square held: a tie, so the rulebook's first shape.
            "Legal. Whot: a Whot can go on any card, and its player calls the shape to follow.",
            "Matching: square 7 does not match circle 5: play a circle, a 5, or a Whot.",
        ]

    def test_the_legal_moves_and_the_draw_are_listed_too(self):
        report = explore_position(BRITISH, "circle 5", ["circle 2", "star 5", "whot", "square 7"])
        # Two plain plays, five Whot calls, and draw.
        assert [str(m) for m in report.legal_moves] == [
            "play circle 2",
            "play star 5",
            "play whot call circle",
            "play whot call triangle",
            "play whot call cross",
            "play whot call square",
            "play whot call star",
            "draw",
        ]
        assert report.draw_reason == (
            "Legal: you may draw one card instead of playing; it ends your turn."
        )
        assert len(report[2].moves) == 5 and report[3].moves == ()

    def test_the_whot_is_explained_with_the_shape_held_most(self):
        report = explore_position(BRITISH, "circle 5", ["whot", "star 2", "star 3", "circle 4"])
        assert (
            report[0].reason
            == "Legal. Whot: a Whot can go on any card, and its player calls the shape to follow."
        )

    def test_a_call_must_be_followed(self):
        report = explore_position(BRITISH, "whot", ["circle 2", "star 7", "whot"], called="star")
        assert [v.legal for v in report] == [False, True, True]
        assert report[0].reason == (
            "The call: the last Whot called star, so play a star or a Whot; circle 2 is a circle."
        )
        assert report[1].reason == "Legal. The call: star 7 is a star, as the Whot called."

    def test_a_waiting_pick_is_answered_only_by_the_same_number(self):
        report = explore_position(STREET, "circle 2", ["triangle 2", "whot", "circle 7"], penalty=2)
        assert [v.legal for v in report] == [True, False, False]
        # Three cards, so playing one leaves two: under these rules say "semi last card".
        assert report[0].reason == (
            "Legal. Defence: another 2 passes the pick on to the next player. But say "
            "'semi last card', or you will draw two penalty cards."
        )
        assert [str(m) for m in report[0].moves] == [
            "play triangle 2, semi last card",
            "play triangle 2",
        ]
        assert report[1].reason == (
            "Defence: a pick is waiting on you (2 cards); only another 2 can pass it on (never "
            "a Whot). Otherwise draw them all."
        )
        assert report.draw_reason == (
            "Legal: you do not answer the pick, so you draw all 2 penalty cards; it ends your turn."
        )

    def test_with_no_top_card_any_card_starts_the_pile(self):
        report = explore_position(BRITISH, None, ["square 7", "whot"])
        assert all(v.legal for v in report)
        assert report[0].reason == "Legal. Start of play: any card may start the pile."

    def test_going_out_on_a_whot_when_win_on_special_is_off(self):
        rules = BRITISH.replace(win_on_special=False)
        report = explore_position(rules, "circle 5", ["whot"])
        assert not report[0].legal
        assert report[0].reason.startswith("Going out: these rules let nobody go out")

    @pytest.mark.parametrize("preset", ["british", "nigerian", "nigerian_street"])
    def test_verdicts_agree_with_the_engines_legal_moves_on_every_top_card(self, preset):
        rules = Rules.preset(preset)
        hand = ["circle 2", "triangle 5", "star 8", "cross 14", "whot"]
        for top in card_choices():
            if top in hand or top == "whot":
                continue
            report = explore_position(rules, top, hand)
            playable = set(report.state.playable_cards())
            for verdict in report:
                assert verdict.legal == verdict.reason.startswith("Legal"), (top, verdict)
                assert verdict.legal == (verdict.card in playable), (top, verdict)

    def test_the_report_reads_like_a_list_of_verdicts(self):
        report = explore_position(BRITISH, "circle 5", ["circle 2", "square 7"])
        assert isinstance(report, Exploration)
        assert len(report) == 2
        assert isinstance(report[0], CardVerdict)
        assert [v.card for v in report] == list(cards("circle 2", "square 7"))
        assert report.playable == cards("circle 2")

    def test_impossible_positions_raise_the_engines_error(self):
        with pytest.raises(ValueError, match="needs a called shape"):
            explore_position(BRITISH, "whot", ["circle 2"])
        with pytest.raises(ValueError, match="needs a Whot on top"):
            explore_position(BRITISH, "circle 5", ["circle 2"], called="star")
        with pytest.raises(ValueError, match="only waits for an answer under defence"):
            explore_position(BRITISH, "circle 2", ["circle 3"], penalty=2)
        with pytest.raises(ValueError, match="appears 2 times"):
            explore_position(BRITISH, "circle 2", ["circle 2"])
        with pytest.raises(ValueError, match="at least one card"):
            explore_position(BRITISH, "circle 2", [])


class TestCardText:
    def test_a_hand_is_read_from_commas_semicolons_and_lines(self):
        assert parse_hand("ball 5, star 7; whot\ncarpet 3,") == cards(
            "circle 5", "star 7", "whot", "square 3"
        )
        assert parse_hand("  ") == ()

    def test_a_bad_card_is_named_by_its_place(self):
        with pytest.raises(ValueError, match=r"card 2 \('circle 6'\): circle 6 does not exist"):
            parse_hand("circle 5, circle 6")

    def test_the_menu_lists_every_distinct_card_once(self):
        # 12 circles, 12 triangles, 9 crosses, 9 squares, 7 stars and the Whot.
        names = card_choices()
        assert len(names) == len(set(names)) == 50
        assert names[0] == "circle 1" and names[-1] == "whot"
        assert card_choices(nigerian=True)[0] == "ball 1"


# ------------------------------------------------------------------------------------ HTML


class TestHtml:
    def test_a_frame_shows_caption_table_sentences_and_reason(self):
        start = position(BRITISH, hands=[["circle 5"], ["square 5"]], pile=["circle 11"])
        seat0 = Script("play circle 5")
        frames = play_frames(BRITISH, [seat0, Script()], start=start)
        html = frame_html(frames[1], 1)
        assert '<h4 class="whot-caption">Step 1 of 1: Seat 0 plays circle 5</h4>' in html
        assert "<svg" in html and ">Game over (check up)<" in html and ">Seat 0 wins<" in html
        assert "<li>Seat 0 plays circle 5.</li>" in html
        assert '<p class="whot-reason"><b>Why:</b> scripted 1</p>' in html
        assert "whot-reason" not in frame_html(frames[0])

    def test_text_is_escaped(self):
        frames = frames_from_record(short_game().record(), names=["<b>Ada</b>", "Bola"])
        html = frame_html(frames[1])
        assert "<li>&lt;b&gt;Ada&lt;/b&gt; plays circle 5.</li>" in html
        assert "<b>Ada</b>" not in html  # the table picture escapes it too

    def test_an_img_instead_of_inline_svg_for_hosts_that_strip_svg(self):
        frames = frames_from_record(short_game().record())
        html = frame_html(frames[1], inline=False)
        assert "<svg" not in html
        assert '<img src="data:image/svg+xml;base64,' in html

    def test_a_seats_view_hides_the_other_hands(self):
        frames = frames_from_record(short_game().record())
        assert 'data-hidden="true"' not in frame_html(frames[1])
        assert frame_html(frames[1], viewer=0).count('data-hidden="true"') == 1  # seat 1

    def test_the_explorer_html_says_yes_or_no_and_why_for_each_card(self):
        report = explore_position(BRITISH, "circle 5", ["circle 2", "square 7"])
        html = exploration_html(report)
        assert '<p class="whot-top">On the pile: circle 5.</p>' in html
        assert (
            "<tr><td>circle 2</td><td>yes</td><td>Legal. Matching: circle 2 has the same shape "
            "as circle 5.</td></tr>"
        ) in html
        assert "<tr><td>square 7</td><td>no</td>" in html
        assert "<b>Legal moves (2):</b> play circle 2, draw</p>" in html
        assert html.count("highlight-legal") == 1 and html.count("highlight-illegal") == 1

    def test_the_explorer_html_in_nigerian_names_with_the_call(self):
        report = explore_position(BRITISH, "whot", ["circle 2", "star 7"], called="square")
        html = exploration_html(report, nigerian=True, inline=False)
        assert "On the pile: whot, calling carpet." in html
        assert (
            "<tr><td>ball 2</td><td>no</td><td>The call: the last Whot called carpet, so play a "
            "carpet or a Whot; ball 2 is a ball.</td></tr>"
        ) in html
        assert "<svg" not in html and html.count("<img") == 2


def test_the_viewer_needs_neither_plotly_nor_ipywidgets():
    code = (
        "import sys, whot_core, whot_core.whot.show.viewer; "
        "print(sorted(m for m in ('plotly', 'ipywidgets', 'pandas') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
