"""A Whot game played from several devices, as each seat and a spectator see it
(`whot_core.whot.app.shared_table`, the Play together page's game): the replay from move texts,
each seat's table (its own hand, the game told from its view) and the spectator's (no hand, no
drawn card)."""

from __future__ import annotations

import json
import random
import re
from itertools import pairwise

import pytest

from whot_core import Rules
from whot_core.whot.app import shared_table as shared
from whot_core.whot.app import table_actions as actions
from whot_core.whot.engine.events import Drew
from whot_core.whot.engine.matches import MatchInPlay
from whot_core.whot.engine.moves import IllegalMove
from whot_core.whot.engine.rules import MatchFormat
from whot_core.whot.engine.state import new_game
from whot_core.whot.show.pictures import table_svg

NAMES = ("Ada", "Bo", "Chi")


def one_game(preset: str) -> Rules:
    """A preset played as one game (the British preset plays a rubber: see the match tests)."""
    return Rules.preset(preset).replace(match=MatchFormat.SINGLE)


def played(rules: Rules, players: int, seed: int, count: int) -> list[str]:
    """`count` random legal moves (fewer if the game, or the match, ends), as texts."""
    single = rules.match is MatchFormat.SINGLE
    position = new_game(rules, players=players, seed=seed) if single else (
        MatchInPlay.start(rules, players, seed))  # fmt: skip
    rng, moves = random.Random(seed), []
    while len(moves) < count and not position.is_over:
        move = rng.choice((position if single else position.game).legal_moves())
        moves.append(str(move))
        position = position.apply(move)
    return moves


def titles(svg: str) -> list[str]:
    """The cards a picture shows face up (each face has a `<title>` naming it; the picture's
    own title, the table in words, is not a card)."""
    found = re.findall(r"<title>([^<]*)</title>", svg)
    return [t.split(", ")[0] for t in found if not t.startswith("The table")]  # "5, legal"


@pytest.mark.parametrize("preset", ["british", "nigerian"])
def test_the_replay_is_the_engine_game_with_who_moved_and_where_each_move_ends(preset):
    rules = one_game(preset)
    moves = played(rules, 3, 7, 40)
    game = shared.replay(rules, 3, 7, moves)
    state = new_game(rules, players=3, seed=7)
    movers = []
    for text in moves:
        movers.append(state.current_player)
        state = state.apply(text)
    assert game.state.hands == state.hands and game.state.pile == state.pile
    assert game.movers == tuple(movers)
    assert len(game.bounds) == len(moves) + 1
    assert game.bounds[-1] == len(state.events)
    assert all(a < b for a, b in pairwise(game.bounds))  # every move logs events


def test_an_illegal_move_in_the_record_is_refused_by_the_engine():
    rules = one_game("british")
    state = new_game(rules, players=2, seed=1)
    held = {str(card) for card in state.hand(state.current_player)}
    absent = next(f"star {n}" for n in (1, 2, 3, 4, 5, 7, 8) if f"star {n}" not in held)
    with pytest.raises(IllegalMove, match=f"you don't hold {absent}"):
        shared.replay(rules, 2, 1, [f"play {absent}"])


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_seat_sees_its_own_hand_and_no_other_card(seat):
    rules = Rules.preset("nigerian")
    moves = played(rules, 3, 11, 60)
    for upto in range(0, len(moves) + 1, 6):
        game = shared.replay(rules, 3, 11, moves[:upto])
        table = shared.seat_table(game, seat, NAMES, (False, False, True), 11)
        data = actions.board_data(table)
        faces = titles(data["svg"]) + titles(data["narrow"])
        own = {card.name(False) for card in game.state.hand(seat)}
        allowed = own | ({game.state.top.name(False)} if game.state.top else set())
        assert set(faces) <= allowed, upto
        assert own <= set(faces)  # the hand itself is drawn
        for entry in table.log:  # the game told from this seat: others' draws hidden
            for event in entry.events:
                if isinstance(event, Drew) and event.seat != seat:
                    assert event.cards is None


def named(text: str, card_name: str) -> bool:
    """Whether `text` names the card ("circle 1", not the "circle 1" of "circle 12")."""
    return re.search(rf"\b{re.escape(card_name)}\b", text) is not None


@pytest.mark.parametrize("preset", ["british", "nigerian"])
def test_nothing_sent_to_a_seat_names_a_card_it_may_not_know(preset):
    # Everything the page sends to a phone (the table component's data, the words beside it)
    # is checked for every card of the other hands that was never shown to everyone: the cut
    # for the deal, a card turned up and put under, a card played are public; a Whot is like
    # every other Whot, so it tells nothing.
    rules = one_game(preset)
    moves = played(rules, 3, 19, 80)
    for upto in range(0, len(moves) + 1, 8):
        game = shared.replay(rules, 3, 19, moves[:upto])
        public = " ".join(shared.spectator_lines(game, NAMES))
        for seat in range(3):
            table = shared.seat_table(game, seat, NAMES, (False, False, False), 19)
            sent = json.dumps(actions.board_data(table)) + " ".join(
                line for entry in table.log for line in entry.sentences
            )
            own = {card.name(False) for card in game.state.hand(seat)}
            hidden = (
                {
                    card.name(False)
                    for other in range(3)
                    if other != seat
                    for card in game.state.hand(other)
                }
                - own
                - {"whot"}
            )
            leaked = [c for c in hidden if named(sent, c) and not named(public, c)]
            assert leaked == [], (upto, seat)


def test_the_log_is_cut_at_each_move_and_names_who_made_it():
    rules = one_game("british")
    moves = played(rules, 2, 5, 12)
    game = shared.replay(rules, 2, 5, moves)
    table = shared.seat_table(game, 0, NAMES[:2], (False, False), 5)
    assert [entry.seat for entry in table.log] == [None, *game.movers]
    assert sum(len(entry.events) for entry in table.log) == len(game.state.events)
    assert table.human == 0 and table.names == NAMES[:2]


def test_the_spectator_is_told_no_drawn_card_and_sees_no_hand():
    rules = Rules.preset("nigerian")
    moves = played(rules, 3, 2, 50)
    game = shared.replay(rules, 3, 2, moves)
    draws = [e for e in game.state.public_events if isinstance(e, Drew)]
    assert draws and all(e.cards is None for e in draws)
    assert any(e.cards for e in game.state.events if isinstance(e, Drew))  # hidden, not absent
    lines = shared.spectator_lines(game, NAMES)
    assert len(lines) >= len(moves)
    svg = table_svg(game.state, names=NAMES, hidden=True)
    assert set(titles(svg)) <= {game.state.top.name(False)}
    with pytest.raises(ValueError, match="hidden"):
        table_svg(game.state, 0, names=NAMES, hidden=True)


def test_a_table_names_its_rules_as_a_preset_or_house_rules():
    nigerian = Rules.preset("nigerian")
    assert shared.rules_title(nigerian) == Rules.preset_info("nigerian")["title"]
    changed = Rules.from_dict({**nigerian.as_dict(), "hand_size": 3})
    assert shared.rules_title(changed) == "house rules"
    british = Rules.preset_info("british")["title"]  # the match is said beside the table
    assert shared.rules_title(one_game("british")) == british


def test_a_match_is_told_from_the_deal_of_the_game_in_play():
    # After game 1, the page tells game 2 only: who made each of its moves, where each ends.
    rules = Rules.preset("naija_tournament")
    position, moves, movers = MatchInPlay.start(rules, 3, 4), [], []
    while position.number < 2 or len(position.game.moves) < 5:
        legal = position.game.legal_moves()
        move = next((m for m in legal if not m.is_draw), legal[0])
        moves.append(str(move))
        if position.number == 2:
            movers.append(position.game.current_player)  # a seat of game 2
        position = position.apply(move)
    game = shared.replay(rules, 3, 4, moves)
    state = game.match.game
    assert game.state is state and game.match.number == 2 and game.seats == position.seats
    assert game.movers == tuple(movers) and len(state.moves) == 5
    assert len(game.bounds) == 6 and game.bounds[-1] == len(state.public_events)
