"""The Play page with several people at one screen (`whot_core.whot.app.seats`), through AppTest:
the pass screen hides every hand, each person sees only their own seat, a whole game between two
people and an AI player is played to the end by the page's own table, the teacher's switch shows
every hand, the link holds the seats and the people's moves, and the finished game's record
replays on Watch."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("streamlit")

from helpers import column, downloads, press_step, tables
from test_app import board, click_table, open_app, texts

from whot_core import Rules
from whot_core.whot.app import play_table
from whot_core.whot.app import seats as sx
from whot_core.whot.app.table_match import TableMatch, replay_match
from whot_core.whot.engine.cards import Card
from whot_core.whot.engine.events import Drew
from whot_core.whot.engine.records import GameRecord

pytestmark = pytest.mark.usefixtures("fresh_streamlit_caches")

TWO_AND_AI = {"preset": "nigerian", "seats": "person:Ada,person:Tunde,heuristic", "seed": "3"}


def page_text(at) -> str:
    """Everything the main area holds: every element's message, the table's data (its SVG and
    each card's words) included; the sidebar's rule help is not about this game."""
    out = []

    def walk(node) -> None:
        proto = getattr(node, "proto", None)
        if proto is not None:
            out.append(str(proto))
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at.main)
    return "\n".join(out)


def ever_public(table, viewer: int | None) -> set[str]:
    """The cards the game's story names to `viewer` (None: to everyone): cut for the deal,
    turned up, played, or drawn by the viewer. Once played, a card may be reshuffled into the
    market and drawn again; the story still names it, which gives away nothing."""
    state = table.state
    events = state.view(viewer).events if viewer is not None else state.view(0).events
    out = set()
    for event in events:
        for value in vars(event).values() if hasattr(event, "__dict__") else _fields(event):
            items = value if isinstance(value, tuple) else (value,)
            for item in items:
                item = item[1] if isinstance(item, tuple) and len(item) == 2 else item
                if isinstance(item, Card) and (viewer is not None or not isinstance(event, Drew)):
                    out.add(str(item))
    return out


def _fields(event):
    return (getattr(event, name) for name in event.__slots__)


def named(text: str, cards, table, viewer: int | None = None) -> list[str]:
    """The cards whose names appear in `text`; Whot cards aside (the pack has five alike, so
    one may be the viewer's own), and cards the story of the game names (`ever_public`)."""
    public = ever_public(table, viewer)
    return [
        str(card)
        for card in cards
        if not card.is_whot
        and str(card) not in public
        and re.search(rf"\b{re.escape(str(card))}\b", text)
    ]


def on_pass_screen(at) -> bool:
    return any(h.value.startswith("Pass the screen to ") for h in at.subheader)


def show_hand(at) -> None:
    at.button(key="play.show").click().run()
    assert not at.exception


def assert_nothing_hidden_shown(at) -> None:
    """On a pass screen no hand at all; else nothing the seat shown may not see."""
    table = at.session_state["play.table"]
    text = page_text(at)
    if on_pass_screen(at):
        assert not [e for e in at.main if getattr(e, "type", None) == "bidi_component"]
        everyone = [card for hand in table.state.hands for card in hand]
        assert named(text, everyone, table) == []
    else:
        assert named(text, sx.hidden_cards(table, table.human), table, table.human) == []


def first_move(at) -> str:
    _, data = board(at)
    legal = [c for c in data["cards"] if c["legal"]]
    if not legal:
        return "draw"
    card = legal[0]
    plays = card["said"] or card["plays"]
    return plays.get("") or next(iter(plays.values()))


class TestPassScreen:
    def test_the_first_person_is_handed_the_screen_before_any_hand_shows(self):
        at = open_app("play", **TWO_AND_AI)
        table = at.session_state["play.table"]
        assert sx.people(table) == (0, 1)
        name = table.names[table.human]
        assert at.subheader[0].value == f"Pass the screen to {name}"
        assert_nothing_hidden_shown(at)
        show_hand(at)
        assert not on_pass_screen(at)
        _, data = board(at)
        assert [c["name"] for c in data["cards"]] == [
            str(c) for c in table.state.hands[table.human]
        ]
        assert_nothing_hidden_shown(at)

    def test_a_whole_game_between_two_people_and_an_ai_player_to_the_end(self):
        at = open_app("play", **TWO_AND_AI)
        passes = 0
        for _ in range(400):
            table = at.session_state["play.table"]
            if table.state.is_over:
                break
            assert_nothing_hidden_shown(at)
            if on_pass_screen(at):
                passes += 1
                mover = table.human
                show_hand(at)
                assert at.session_state["play.table"].human == mover
                assert_nothing_hidden_shown(at)
            click_table(at, first_move(at))
        table = at.session_state["play.table"]
        assert table.state.is_over and passes > 2
        assert not on_pass_screen(at)
        # Over: every hand face up, the result said, the record offered.
        _, data = board(at)
        assert data["svg"].count('data-hidden="false"') == 3
        said = " ".join([*texts(at.success), *texts(at.info)])
        assert "wins" in said or "win" in said, said
        assert downloads(at) == ["Download this game record"]
        record = GameRecord.from_json(table.state.record().to_json())
        assert record.replay().moves == table.state.moves
        moves = at.query_params["moves"]
        assert sx.read_moves(moves)[0] == sx.people_moves(table)

    def test_one_person_never_sees_a_pass_screen(self):
        at = open_app("play", preset="nigerian", seats="person:Ada,random,heuristic", seed="2")
        for _ in range(5):
            assert not on_pass_screen(at)
            if at.session_state["play.table"].state.is_over:
                break
            click_table(at, first_move(at))

    def test_the_teachers_switch_shows_every_hand_and_says_so(self):
        at = open_app("play", **TWO_AND_AI)
        at.toggle(key="play.teacher").set_value(True).run()
        assert not on_pass_screen(at)
        assert texts(at.info)[0].startswith("Teacher's view: every hand is face up")
        table = at.session_state["play.table"]
        _, data = board(at)
        assert data["svg"].count('data-hidden="false"') == 3
        text = page_text(at)
        everyone = [c for hand in table.state.hands for c in hand if not c.is_whot]
        everyone = [c for c in everyone if str(c) not in ever_public(table, None)]
        assert named(text, everyone, table) == [str(c) for c in everyone]
        at.toggle(key="play.teacher").set_value(False).run()
        assert on_pass_screen(at) or at.session_state["play.shown"] == table.human


class TestSeatsAndLinks:
    def test_the_link_reproduces_the_seats_and_the_game_in_progress(self):
        at = open_app("play", **TWO_AND_AI)
        for _ in range(6):
            if on_pass_screen(at):
                show_hand(at)
            click_table(at, first_move(at))
        table = at.session_state["play.table"]
        params = dict(at.query_params)
        assert params["seats"] == "person:Ada,person:Tunde,heuristic" and params["seed"] == "3"
        again = open_app("play", **{k: v for k, v in params.items()})
        assert again.session_state["play.table"].state.moves == table.state.moves
        assert again.session_state["play.seat.2"] == "heuristic"
        assert again.session_state["play.name.1"] == "Tunde"
        assert on_pass_screen(again)  # a shared link never opens on someone's hand

    def test_a_bad_move_in_a_link_is_named_and_the_game_kept_up_to_it(self):
        at = open_app("play", **TWO_AND_AI)
        for _ in range(2):
            if on_pass_screen(at):
                show_hand(at)
            click_table(at, first_move(at))
        kept = at.session_state["play.table"].state.moves
        good = at.query_params["moves"]
        good = good[0] if isinstance(good, list) else good
        assert len(good.split(";")) == 2
        again = open_app("play", **TWO_AND_AI, moves=f"{good};play star 99")
        assert any("moves:" in w and "star 99" in w for w in texts(again.warning))
        assert again.session_state["play.table"].state.moves == kept

    @pytest.mark.parametrize(
        ("seats", "problem"),
        [
            ("heuristic,random", "at least one seat must be a person"),
            ("person:Ada,person:ada", "same name"),
            ("person:Ada,chess", "expected person"),
            ("person:A<b>,random", "a name is up to"),
        ],
    )
    def test_bad_seats_in_a_link_are_named_and_the_default_table_dealt(self, seats, problem):
        at = open_app("play", preset="nigerian", seats=seats)
        assert any(problem in w for w in texts(at.warning)), texts(at.warning)
        assert at.session_state["play.table"].levels == (None, "heuristic")

    def test_seats_chosen_on_the_page_are_dealt_by_new_game(self):
        at = open_app("play", preset="nigerian", seed="5")
        at.selectbox(key="play.players").set_value(3).run()
        at.selectbox(key="play.seat.1").set_value("person").run()
        at.text_input(key="play.name.1").set_value("Tunde").run()
        at.text_input(key="play.name.0").set_value("Ada").run()
        at.button(key="play.new").click().run()
        table = at.session_state["play.table"]
        assert table.levels == (None, None, "heuristic")
        assert table.names == ("Ada", "Tunde", "Seat 2 (Heuristic)")
        assert on_pass_screen(at)
        assert at.query_params["seats"] == "person:Ada,person:Tunde,heuristic"

    def test_the_record_of_a_game_between_people_replays_on_watch(self):
        rules = Rules.preset("nigerian")
        table = sx.deal(rules, sx.read_seats("person:Ada,person:Tunde")[0], 7)
        while not table.state.is_over:
            table = play_table.choose(table, table.state.legal_moves()[0])
        record = table.state.record().to_json().encode()
        at = open_app("watch", seats="heuristic,heuristic")
        at.file_uploader(key="watch.upload").set_value(("game.json", record, "application/json"))
        at.run()
        assert texts(at.info)[0].startswith("Replaying the uploaded record")
        press_step(at, "watch", "last")
        last = len(table.state.moves)
        assert at.subheader[0].value.startswith(f"Step {last} of {last}")


class TestMatchAtTheTable:
    def play_game_out(self, at) -> None:
        """The people play their first legal card (or draw) until the game ends."""
        for _ in range(300):
            table = at.session_state["play.table"]
            if table.state.is_over:
                return
            if on_pass_screen(at):
                show_hand(at)
            click_table(at, first_move(at))
        raise AssertionError("the game did not end")

    def test_a_tournament_game_after_game_until_the_person_is_out_and_then_to_the_end(self):
        at = open_app("play", preset="naija_tournament", seats="person:Ada,random,random", seed="4")
        games, out_seen = 0, False
        for _ in range(6):
            self.play_game_out(at)
            games += 1
            assert at.subheader[-1].value.startswith("Match (tournament): the standings after game")
            [standings] = tables(at)
            names = ["Ada", "Seat 1 (Random)", "Seat 2 (Random)"]
            assert column(standings, "Player") == names
            held = at.session_state["play.match"]
            match = held.match(at.session_state["play.table"].state)
            assert len(match.results) == games
            if match.is_over:
                break
            if held.people_out(at.session_state["play.table"].state):
                out_seen = True
                assert any("continuous play" in i for i in texts(at.info))
            at.button(key="play.next_game").click().run()
            assert not at.exception
        assert match.is_over and games >= 2
        assert any(t.startswith("The match is over: ") for t in texts(at.success))
        # Ada went out before the end, or won it: either way the whole match was played.
        assert out_seen or 0 in match.winners
        assert at.query_params["seats"] == "person:Ada,random,random"


class TestMatchLinks:
    """A match in progress is in its link: the people's moves game by game, `|` between games,
    replayed with the seed (`table_match.replay_match`)."""

    SEATS = "person:Ada,random,random"

    def play_out(self, table):
        while not table.state.is_over:
            table = play_table.choose(table, table.state.legal_moves()[0])
        return table

    def match_in_game_two(self):
        rules = Rules.preset("naija_tournament")
        held = TableMatch(rules, sx.read_seats(self.SEATS)[0], 4)
        first = self.play_out(held.deal_next(simulations=20))
        held = held.after(first.state, sx.people_moves(first))
        table = held.deal_next(simulations=20)
        for _ in range(2):
            if not table.state.is_over:
                table = play_table.choose(table, table.state.legal_moves()[0])
        return rules, held, table

    def test_the_games_so_far_replay_to_the_same_match(self):
        rules, held, table = self.match_in_game_two()
        games = held.games(table)
        assert len(games) == 2 and games[0] == held.people_moves[0]
        again, replayed, problem = replay_match(rules, held.seats, 4, games, simulations=20)
        assert problem is None
        assert [s.moves for s in again.finished] == [s.moves for s in held.finished]
        assert replayed.state.moves == table.state.moves
        assert again.standings(None) == held.standings(None)

    def test_the_link_text_reads_back_game_by_game(self):
        _, held, table = self.match_in_game_two()
        text = sx.games_text(held.games(table))
        assert text.count("|") == 1
        assert sx.read_games(text) == (held.games(table), None)
        assert sx.read_games("play circle 3|play star 99")[1].startswith("moves: game 2: ")

    def test_a_game_that_does_not_end_on_its_moves_is_named(self):
        rules, held, _ = self.match_in_game_two()
        cut = (held.people_moves[0][:1], ())
        again, replayed, problem = replay_match(rules, held.seats, 4, cut, simulations=20)
        assert problem == "moves: game 1 is not over after its moves"
        assert not again.finished and sx.people_moves(replayed) == cut[0]

    def test_the_page_link_reopens_the_match_in_its_second_game(self):
        at = open_app("play", preset="naija_tournament", seats=self.SEATS, seed="4")
        TestMatchAtTheTable().play_game_out(at)
        at.button(key="play.next_game").click().run()
        for _ in range(2):
            if not at.session_state["play.table"].state.is_over:
                click_table(at, first_move(at))
        table = at.session_state["play.table"]
        params = dict(at.query_params)
        assert "|" in params["moves"]
        again = open_app("play", **params)
        assert not texts(again.warning)
        assert again.session_state["play.table"].state.moves == table.state.moves
        assert len(again.session_state["play.match"].finished) == 1
        assert again.subheader[-1].value.startswith("Match (tournament)")


def test_a_match_is_named_in_a_learners_words_not_its_setting_value():
    """The match line under the table reads "elimination at 100 points", the words the sidebar
    and the Play together table use, not the setting's value ("elimination 100")."""
    at = open_app("play", preset="british_modern", seats="person:Ada,random", seed="2")
    [line] = [c for c in texts(at.caption) if c.startswith("Match (")]
    assert line.startswith("Match (elimination at 100 points): game 1.")
