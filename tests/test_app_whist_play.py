"""The Play Whist page (`whot_core.whist.app.table`), through AppTest: a hand with a person at South
played to the end by the page's own table, an illegal card refused in the engine's words, two
people passing the screen without ever seeing each other's hand, the AI's reasons kept from a
person until the play is over, the teacher's table, and the link."""

from __future__ import annotations

import pytest

pytest.importorskip("streamlit")

from helpers import downloads, send_table_event, table_component
from test_app import open_app, texts
from test_app_seats import page_text

from whot_core.whist.app import table as wt
from whot_core.whist.engine.records import WhistRecord

pytestmark = pytest.mark.usefixtures("fresh_streamlit_caches")

ONE = {"seats": "person:Ada,heuristic,heuristic,heuristic", "deal": "2"}
TWO = {"seats": "person:Ada,random,person:Bo,random", "deal": "5"}


def words(at) -> str:
    """The page's captions, where a control's help is written."""
    return "\n".join(texts(at.caption))


def board(at) -> tuple[object, dict]:
    return table_component(at, "wplay.board")


def click_card(at, card: str, turn: int | None = None):
    """A click on a card of the Whist table, for this turn unless told."""
    _, data = board(at)
    payload = {"card": card, "turn": data["turn"] if turn is None else turn}
    return send_table_event(at, "card", payload, "wplay.board")


def on_pass_screen(at) -> bool:
    return any(h.value.startswith("Pass the screen to ") for h in at.subheader)


def named(text: str, cards) -> list[str]:
    """The cards the page names: by letters in the table's SVG, or in words."""
    return [c.ascii for c in cards if f'data-card=\\"{c.ascii}\\"' in text or c.name in text]


def hidden_named(at, table, viewer: int | None) -> list[str]:
    """Cards of hands `viewer` may not see (every hand when None) that the page names."""
    others = [c for seat in range(4) if seat != viewer for c in table.state.hand(seat)]
    return named(page_text(at), others)


def reasons_named(at, table) -> list[str]:
    text = page_text(at)
    return [e.reason for e in table.log if e.reason and e.reason in text]


def play_out(at, check=None) -> int:
    """The people play their first legal card until the play ends; returns the cards played."""
    for played in range(200):
        table = at.session_state["wplay.table"]
        if table.finished:
            return played
        if check:
            check(at)
        if on_pass_screen(at):
            at.button(key="wplay.show").click().run()
            if check:
                check(at)
        _, data = board(at)
        legal = next(c for c in data["cards"] if c["legal"])
        click_card(at, legal["card"])
    raise AssertionError("the play did not end")


class TestWhistWithPeople:
    def test_a_hand_with_a_person_at_south_played_to_the_end(self):
        at = open_app("whist_play", **ONE)
        table = at.session_state["wplay.table"]
        assert table.levels == (None, "heuristic", "heuristic", "heuristic")
        _, data = board(at)
        assert data["live"] and data["seat"] == 0
        legal = {c.ascii for c in table.state.legal_moves()}
        assert {c["card"] for c in data["cards"] if c["legal"]} == legal
        framed = [c["card"] for c in data["cards"] if "highlight-legal" in c["svg"]]
        assert set(framed) == legal  # the legal cards framed (and raised by the component)
        assert "highlight-legal" not in data["svg"]  # the hand is drawn apart, not in the table

        def no_ai_reason_shown(at):
            assert reasons_named(at, at.session_state["wplay.table"]) == []

        assert play_out(at, no_ai_reason_shown) == 13
        table = at.session_state["wplay.table"]
        assert table.finished and len(table.state.moves) == 52
        assert board(at)[1]["cards"] == []  # not the cards of the next deal, already dealt
        assert texts(at.success)  # the hand's score
        assert reasons_named(at, table)  # every reason, now that the play is over
        assert downloads(at) == ["Download this game record"]
        record = WhistRecord.from_json(table.state.record().to_json())
        assert record.replay().moves == table.state.moves

    def test_an_illegal_card_is_refused_in_the_engines_words(self):
        at = open_app("whist_play", **ONE)
        for _ in range(13):
            _, data = board(at)
            illegal = [c for c in data["cards"] if not c["legal"]]
            if illegal:
                break
            click_card(at, next(c for c in data["cards"] if c["legal"])["card"])
        assert illegal, "a trick where Ada must follow suit"
        table = at.session_state["wplay.table"]
        state = table.state
        assert illegal[0]["reason"] == state.explain(illegal[0]["card"], table.spoken)
        assert illegal[0]["reason"].startswith("Follow suit: ")
        assert "Ada holds" in illegal[0]["reason"] and "South" not in illegal[0]["reason"]
        click_card(at, illegal[0]["card"])  # should it reach the server
        assert texts(at.warning) == [f"Not allowed. {illegal[0]['reason']}"]
        assert at.session_state["wplay.table"].state is state

    def test_two_people_pass_the_screen_and_never_see_each_others_hand(self):
        at = open_app("whist_play", **TWO)
        passes = []

        def nothing_hidden(at):
            table = at.session_state["wplay.table"]
            if on_pass_screen(at):
                passes.append(table.human)
                assert not [e for e in at.main if getattr(e, "type", None) == "bidi_component"]
                assert hidden_named(at, table, None) == []
            else:
                assert hidden_named(at, table, table.human) == []
                own = table.state.hand(table.human)  # the check sees the hand that is shown
                assert named(page_text(at), own) == [c.ascii for c in own]
                assert reasons_named(at, table) == []

        assert play_out(at, nothing_hidden) == 26
        assert set(passes) == {0, 2} and len(passes) > 10
        _, data = board(at)
        assert data["svg"].count('data-hidden="false"') == 4  # over: every hand face up

    def test_the_teachers_view_shows_every_hand(self):
        at = open_app("whist_play", **TWO)
        at.toggle(key="wplay.teacher").set_value(True).run()
        assert not on_pass_screen(at)
        assert texts(at.info)[0].startswith("Teacher's view: every hand is face up")
        _, data = board(at)
        assert data["svg"].count('data-hidden="false"') == 4 and data["live"]

    def test_the_link_reproduces_the_seats_and_the_play(self):
        at = open_app("whist_play", **ONE)
        for _ in range(3):
            _, data = board(at)
            click_card(at, next(c for c in data["cards"] if c["legal"])["card"])
        table = at.session_state["wplay.table"]
        params = dict(at.query_params)
        assert params["seats"] == ONE["seats"] and params["deal"] == "2"
        again = open_app("whist_play", **params)
        assert again.session_state["wplay.table"].state.moves == table.state.moves
        assert wt.people_cards(again.session_state["wplay.table"]) == wt.people_cards(table)

    def test_a_stale_click_is_dropped(self):
        at = open_app("whist_play", **ONE)
        state = at.session_state["wplay.table"].state
        _, data = board(at)
        click_card(at, data["cards"][0]["card"], turn=data["turn"] - 1)
        assert at.session_state["wplay.table"].state is state

    def test_a_bad_name_in_a_link_is_named_and_the_default_seats_used(self):
        at = open_app("whist_play", seats="person:<b>x</b>,random,random,random")
        assert any("a name is up to" in w for w in texts(at.warning)), texts(at.warning)
        assert at.session_state["wplay.table"].names[0] == "South"


class TestTheEndOfOneHand:
    """The reviewer's link: one hand, deal 1, Ada's 13 cards; the page ends with the result."""

    END = {  # noqa: RUF012 (read, never changed)
        "seats": "person,heuristic,heuristic,heuristic",
        "deal": "1",
        "length": "hand",
        "target": "7",
        "cards": "2D.3D.4S.7S.4C.5C.9D.QS.5H.JC.QH.JD.AH",
    }

    def test_a_hand_ends_with_who_won_and_no_second_hand(self):
        at = open_app("whist_play", **self.END)
        table = at.session_state["wplay.table"]
        assert table.finished and table.state.hand_number == 1 and not table.state.hands[0]
        assert texts(at.success) == [
            "East–West take 7 tricks to 6: 1 point past the book. Score 0–1. "
            "East–West win the game 1–0."
        ]
        text = page_text(at)
        assert "Hand 2" not in text and "13 cards" not in text
        _, data = board(at)
        assert data["facts"][1:] == [
            "Game over: East–West win",
            "Tricks this hand: N–S 6, E–W 7",
            "Points: N–S 0, E–W 1 (one hand)",
        ]
        assert data["cards"] == [] and not data["live"]
        assert dict(at.query_params)["length"] == "hand"  # the link still says one hand

    @pytest.mark.parametrize("page", ["whist_play", "whist"])
    def test_game_to_is_disabled_under_one_hand_and_says_why(self, page):
        """A game of one hand ends with that hand, whatever the target: the Game to box had no
        effect there and looked as if it had. Under a whole game it is a setting again."""
        key = "wplay.target" if page == "whist_play" else "whist.target"
        link = dict(ONE) if page == "whist_play" else {"lineup": "heuristic,random,random,random"}
        at = open_app(page, **link, length="hand")
        target = at.number_input(key=key)
        assert target.disabled
        assert "Game to: no effect on one hand (the team that scores in it wins)." in words(at)
        at.radio(key=key.replace("target", "length")).set_value("game").run()
        assert not at.number_input(key=key).disabled
        assert "no effect on one hand" not in words(at)
        assert "Game to: 7 points in the online game whose rules this follows" in words(at)

    def test_the_last_reason_sits_under_norths_card(self):
        at = open_app("whist_play", **self.END)
        words = "\n".join(texts(at.markdown))
        north = "- North (Heuristic), out of spades, trumps with the J♥.\n"
        assert north + "  - *Only card: the J♥ is North's only legal card.*\n" in words
