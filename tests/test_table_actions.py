"""The Play page's table as controls (`whot_core.table_actions`): each card's move or the
engine's reason, a Whot's calls, the announcement the rules let you choose, the names a screen
reader says, and the data the component draws."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest

from whot_core import SHAPES, GameState, Move, Rules
from whot_core.whot.app import play_table
from whot_core.whot.app import table_actions as ta

SVG = "{http://www.w3.org/2000/svg}"


def seat(
    preset: str, hands, pile, *, market=(), penalty: int = 0, nigerian=False
) -> play_table.Table:
    """You in seat 0 against one AI player, from a set position."""
    state = GameState.from_position(
        Rules.preset(preset), hands=hands, pile=pile, market=list(market), penalty=penalty
    )
    return play_table.Table(state, (None, "heuristic"), seed=0, nigerian=nigerian)


def deals(preset: str = "nigerian", seeds=range(30), opponents: int = 1):
    for s in seeds:
        yield play_table.new_table(
            Rules.preset(preset), ["heuristic"] * opponents, s, simulations=20
        )


def controls(svg: str) -> list[ET.Element]:
    return [e for e in ET.fromstring(svg).iter() if e.get("role") == "button"]


class TestCards:
    @pytest.mark.parametrize("preset", ["nigerian", "british", "nigerian_street"])
    def test_every_card_plays_its_legal_moves_or_gives_the_engines_reason(self, preset):
        for table in deals(preset, range(12)):
            state = table.state
            legal = set(state.legal_moves())
            for action, card in zip(ta.hand_actions(table), state.hands[0], strict=True):
                assert action.card == card
                plays = {Move.parse(text) for text in action.plays.values()}
                mine = {m for m in legal if m.card == card and m.announce is None}
                assert plays == mine
                assert action.legal == bool(mine)
                if action.legal:
                    assert action.reason == state.explain(min(mine, key=str))
                else:
                    call = SHAPES[0] if card.is_whot else None
                    assert action.reason == state.explain(Move.play(card, call=call))
                    assert action.move is None and not action.said

    def test_a_plain_card_plays_at_once_and_an_illegal_one_says_why(self):
        table = seat("nigerian", [["circle 5", "star 7", "square 3"], ["cross 1"]], ["circle 11"])
        five, seven, _ = ta.hand_actions(table)
        assert five.move == "play circle 5" and five.legal
        assert five.label == "circle 5: play it"
        assert not seven.legal and seven.move is None
        assert seven.reason == table.state.explain("play star 7")
        assert seven.label == f"star 7: cannot be played. {seven.reason}"

    def test_a_whot_waits_for_its_call_and_offers_all_five(self):
        table = seat("british", [["whot", "star 2"], ["circle 7"]], ["circle 11"])
        whot = ta.hand_actions(table)[0]
        assert whot.legal and whot.asks_for_a_call and whot.move is None
        assert whot.plays == {s.value: f"play whot call {s.value}" for s in SHAPES}
        assert whot.label == "whot: play it, then call a shape"

    def test_a_whot_that_may_not_answer_a_pick_says_the_defence_rule(self):
        table = seat(
            "nigerian_street",
            [["whot", "circle 2", "star 4"], ["cross 1"]],
            ["square 2"],
            penalty=2,
        )
        whot, two, _ = ta.hand_actions(table)
        assert not whot.legal and whot.plays == {}
        assert whot.reason.startswith("Defence:") and "never a Whot" in whot.reason
        assert two.legal and two.move == "play circle 2"

    def test_the_shapes_to_call_in_either_names(self):
        assert [v for v, _ in ta.shape_choices()] == [s.value for s in SHAPES]
        assert [n for _, n in ta.shape_choices(nigerian=True)] == [s.nigerian_name for s in SHAPES]

    def test_nigerian_names_in_the_names_and_the_reasons(self):
        table = seat(
            "nigerian", [["circle 5", "star 7"], ["cross 1"]], ["circle 11"], nigerian=True
        )
        five, seven = ta.hand_actions(table)
        assert five.label == "ball 5: play it"
        assert five.move == "play circle 5"  # the move's text stays the engine's
        assert seven.label.startswith("star 7: cannot be played. Matching: star 7 does not ")
        assert "ball 11" in seven.reason and "circle" not in seven.reason

    def test_no_controls_while_it_is_not_your_turn_or_once_the_game_is_over(self):
        state = GameState.from_position(
            Rules.preset("british"), hands=[["circle 5"], ["circle 7"]], pile=["circle 11"],
            to_play=1,
        )  # fmt: skip
        waiting = play_table.Table(state, (None, "heuristic"), seed=0)
        assert ta.hand_actions(waiting) == () and ta.market_action(waiting) is None
        won = play_table.choose(
            seat("british", [["circle 5"], ["circle 7"]], ["circle 11"]), "play circle 5"
        )
        assert won.state.is_over
        assert ta.hand_actions(won) == () and ta.market_action(won) is None
        assert ta.board_data(won)["live"] is False


class TestMarket:
    def test_going_to_market(self):
        table = seat("nigerian", [["circle 5"] * 1 + ["star 7"], ["cross 1"]], ["circle 11"],
                     market=["square 1", "square 3"])  # fmt: skip
        market = ta.market_action(table)
        assert market.move == "draw" and market.button == "Go to market"
        assert market.label == "market, 2 cards: go to market (take one card)"
        assert market.reason == table.state.explain("draw")

    def test_a_waiting_pick(self):
        table = seat(
            "nigerian_street", [["circle 3", "star 4"], ["cross 1"]], ["square 2"],
            market=["square 1", "square 3", "cross 5"], penalty=2,
        )  # fmt: skip
        market = ta.market_action(table)
        assert market.button == "Pick 2"
        assert market.label == "market, 3 cards: pick 2"


class TestAnnouncements:
    def test_under_penalty_you_choose_to_say_it_and_both_are_legal(self):
        table = seat("nigerian_street", [["circle 3", "circle 4", "star 7"], ["square 5"]],
                     ["circle 11"])  # fmt: skip
        choice = ta.announcement_choice(table)
        assert choice.words == "semi last card" and "draw two penalty cards" in choice.note
        three = ta.hand_actions(table)[0]
        assert three.move == "play circle 3"
        assert three.said == {"": "play circle 3, semi last card"}
        assert "say 'semi last card'" in three.reason  # the engine warns of the penalty
        assert table.state.is_legal(three.said[""]) and table.state.is_legal(three.move)

    def test_a_whot_says_it_with_each_call(self):
        table = seat("nigerian_street", [["whot", "circle 4"], ["square 5"]], ["circle 11"])
        whot = ta.hand_actions(table)[0]
        assert whot.said == {s.value: f"play whot call {s.value}, last card" for s in SHAPES}

    def test_informative_announcements_are_said_for_you(self):
        table = seat("nigerian", [["circle 3", "circle 4"], ["square 5"]], ["circle 11"])
        choice = ta.announcement_choice(table)
        assert choice.words is None and "said for you" in choice.note
        assert all(not action.said for action in ta.hand_actions(table))

    def test_no_announcements_no_choice(self):
        table = seat("british", [["circle 3", "circle 4"], ["square 5"]], ["circle 11"])
        assert ta.announcement_choice(table) == ta.AnnouncementChoice(None, None)

    def test_nothing_to_say_with_a_long_hand(self):
        table = seat("nigerian_street", [["circle 3", "circle 4", "star 7", "star 1"],
                                         ["square 5"]], ["circle 11"])  # fmt: skip
        assert ta.announcement_choice(table).words is None
        assert all(not action.said for action in ta.hand_actions(table))


class TestClicks:
    def test_a_click_of_this_turn_is_its_move(self):
        table = seat("nigerian", [["circle 5", "star 7"], ["cross 1"]], ["circle 11"])
        turn = len(table.state.moves)
        assert ta.clicked_move(table, {"move": "play circle 5", "turn": turn}) == Move.parse(
            "play circle 5"
        )

    @pytest.mark.parametrize(
        "payload", [None, "play circle 5", {"move": "play circle 5", "turn": 7},
                    {"move": "fly away", "turn": 0}, {"move": None, "turn": 0}, {"turn": 0}],
    )  # fmt: skip
    def test_a_stale_or_broken_click_is_no_move(self, payload):
        table = seat("nigerian", [["circle 5", "star 7"], ["cross 1"]], ["circle 11"])
        assert ta.clicked_move(table, payload) is None

    def test_last_exchange_is_your_move_and_the_replies(self):
        first, mine, theirs = (
            play_table.LogEntry(None, ()),
            play_table.LogEntry(0, ()),
            play_table.LogEntry(1, (), "why"),
        )
        table = seat("nigerian", [["circle 5"], ["cross 1"]], ["circle 11"])
        from dataclasses import replace

        assert ta.last_exchange(replace(table, log=(first, theirs))) == (first, theirs)
        log = (first, mine, theirs, mine, theirs, theirs)
        assert ta.last_exchange(replace(table, log=log)) == (mine, theirs, theirs)


class TestBoardData:
    def test_the_data_is_json_and_its_picture_has_one_control_a_card_and_the_market(self):
        for table in deals("nigerian", range(6), opponents=2):
            data = ta.board_data(table)
            assert json.loads(json.dumps(data)) == data
            hand = table.state.hands[0]
            buttons = controls(data["svg"])
            assert len(buttons) == len(hand) + 1
            cards = [b for b in buttons if b.get("data-index") is not None]
            for button, card, action in zip(cards, hand, data["cards"], strict=True):
                assert button.get("data-card") == str(card)
                assert button.get("aria-label") == action["label"]
                assert button.get("tabindex") == "0"
                assert button.get("data-legal") == ("true" if action["legal"] else "false")
                assert button.get("data-move") == action["plays"].get("")
            [market] = [b for b in buttons if "market" in b.get("class")]
            assert market.get("data-move") == "draw"
            assert market.get("aria-label") == data["market"]["label"]
            assert data["turn"] == len(table.state.moves) and data["live"]

    @pytest.mark.parametrize("opponents", [1, 3])
    def test_a_known_width_gets_only_its_own_drawing(self, opponents):
        for table in deals("british", range(3), opponents=opponents):
            both = ta.board_data(table)
            assert both["narrow"] and both["narrow"] != both["svg"]
            wide = ta.board_data(table, width="wide")
            narrow = ta.board_data(table, width="narrow")
            assert (wide["svg"], wide["narrow"]) == (both["svg"], None)
            assert (narrow["svg"], narrow["narrow"]) == (both["narrow"], None)
            rest = {k: v for k, v in both.items() if k not in ("svg", "narrow")}
            for data in (wide, narrow):
                assert {k: v for k, v in data.items() if k not in ("svg", "narrow")} == rest
        with pytest.raises(ValueError, match="width"):
            ta.board_data(table, width="phone")

    def test_a_click_says_the_width_it_was_made_at(self):
        assert ta.clicked_width({"move": "draw", "turn": 3, "narrow": True}) == "narrow"
        assert ta.clicked_width({"move": "draw", "turn": 3, "narrow": False}) == "wide"
        for unknown in ({"move": "draw", "turn": 3}, {"narrow": "yes"}, {"narrow": 1}, None, []):
            assert ta.clicked_width(unknown) is None

    def test_the_announcement_and_the_shapes_travel_with_the_data(self):
        table = seat("nigerian_street", [["circle 3", "circle 4", "star 7"], ["square 5"]],
                     ["circle 11"], nigerian=True)  # fmt: skip
        data = ta.board_data(table)
        assert data["announce"] == "semi last card"
        assert [s["name"] for s in data["shapes"]][:2] == ["ball", "angle"]


class TestSeveralCards:
    """Under multiple_cards a card lists the plays of several cards that start with it."""

    def several(self, preset: str, seeds=range(40)):
        rules = Rules.preset(preset).replace(multiple_cards=True)
        for s in seeds:
            yield play_table.new_table(rules, ["heuristic"], s, simulations=20)

    @pytest.mark.parametrize("preset", ["nigerian", "nigerian_street"])
    def test_the_cards_offer_every_legal_move_once(self, preset):
        seen = 0
        for table in self.several(preset):
            legal = set(table.state.legal_moves())
            offered: list[Move] = []
            cards = set()
            for action in ta.hand_actions(table):
                if action.card in cards:  # a second copy (two Whots) offers the same moves
                    continue
                cards.add(action.card)
                offered += [Move.parse(t) for t in (*action.plays.values(), *action.said.values())]
                for play in action.together:
                    assert play.cards[0] == action.card and len(play.cards) > 1
                    offered.append(Move.parse(play.move))
                    if play.said is not None:
                        spoken = Move.parse(play.said)
                        assert spoken.cards == play.cards and str(spoken.announce) == play.words
                        offered.append(spoken)
                seen += len(action.together)
            assert len(offered) == len(set(offered))  # each once
            assert set(offered) == {m for m in legal if m.card is not None}
        assert seen  # some deal holds two cards of a number that may go down together

    def test_a_card_with_company_asks_before_playing_and_says_so(self):
        rules = Rules.preset("nigerian").replace(multiple_cards=True)
        hands = [["circle 2", "triangle 2", "star 2", "cross 10"], ["square 7", "cross 3"]]
        state = GameState.from_position(rules, hands, ["circle 7"])
        table = play_table.Table(state, (None, "heuristic"), seed=0)
        first, *_ = ta.hand_actions(table)
        assert first.asks_for_company and first.label == "circle 2: play it, alone or with more 2s"
        assert [p.move for p in first.together] == [
            "play circle 2 + triangle 2",
            "play circle 2 + star 2",
            "play circle 2 + star 2 + triangle 2",
            "play circle 2 + triangle 2 + star 2",
        ]
        data = json.loads(json.dumps(ta.board_data(table)))
        assert data["cards"][0]["together"][0] == {
            "cards": ["circle 2", "triangle 2"],
            "move": "play circle 2 + triangle 2",
            "said": None,
            "words": None,
        }
        assert data["cards"][0]["number"] == 2 and data["cards"][3]["together"] == []
        assert data["pile"] == "circle 7"

    def test_the_words_to_say_follow_the_cards_left_after_the_whole_move(self):
        rules = Rules.preset("nigerian_street").replace(multiple_cards=True)
        hands = [["circle 2", "triangle 2", "star 2", "cross 10"], ["square 7", "cross 3"]]
        state = GameState.from_position(rules, hands, ["circle 7"])
        first = ta.hand_actions(play_table.Table(state, (None, "heuristic"), seed=0))[0]
        words = {len(p.cards): p.words for p in first.together}
        assert words == {2: "semi last card", 3: "last card"}
        assert first.together[0].said == "play circle 2 + triangle 2, semi last card"

    def test_the_panel_names_the_pile_it_may_hide_and_the_call_in_force(self):
        rules = Rules.preset("nigerian").replace(multiple_cards=True)
        hands = [["star 2", "circle 2", "cross 10"], ["square 7", "cross 3"]]
        state = GameState.from_position(rules, hands, ["cross 13", "whot"], called="circle")
        table = play_table.Table(state, (None, "heuristic"), seed=0)
        assert ta.board_data(table)["pile"] == "whot, circle called"
        told = play_table.Table(state, (None, "heuristic"), seed=0, nigerian=True)
        assert ta.board_data(told)["pile"] == "whot, ball called"


@pytest.mark.parametrize("opponents", [1, 2, 3])
def test_the_play_tables_label_names_your_hand_and_no_other(opponents):
    """The Play table's picture says in words (its label, read by a screen reader) what it
    shows you: whose turn, the pile, your hand; never a card of another seat's hand."""
    from whot_core import CARDS

    for table in deals(seeds=range(3), opponents=opponents):
        own = {card.name() for card in table.state.hand(table.human)}
        others = {c.name() for s, hand in enumerate(table.state.hands) if s != table.human
                  for c in hand} - own  # fmt: skip
        data = ta.board_data(table)
        for svg in (data["svg"], data.get("narrow") or data["svg"]):
            label = ET.fromstring(svg).get("aria-label")
            named = {c.name() for c in CARDS if re.search(rf"\b{c.name()}\b", label)}
            assert label.startswith("The table: ") and " to play. On the pile: " in label
            assert own <= named and not named & others, label
