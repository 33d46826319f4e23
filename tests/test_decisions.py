"""`Decision`: the move, the reason and the details, the words worked out once when first read
(`whot_core.toolkit.decisions`)."""

from __future__ import annotations

import pickle

import pytest

from whot_core import GameState, Rules
from whot_core.toolkit.decisions import Decision
from whot_core.whot.players.heuristic import HeuristicPlayer


def test_words_given_later_are_worked_out_once_when_first_read():
    calls = []

    def explain():
        calls.append(1)
        return "Nothing fits.", {"rule": "market"}

    decision = Decision("draw", explain=explain)
    assert decision.move == "draw" and calls == []  # choosing costs no words
    assert decision.details == {"rule": "market"} and decision.reason == "Nothing fits."
    assert decision.reason == "Nothing fits." and calls == [1]


def test_a_decision_is_a_value():
    now = Decision("draw", "Nothing fits.", {"rule": "market"})
    later = Decision("draw", explain=lambda: ("Nothing fits.", {"rule": "market"}))
    assert now == later and Decision("draw", "Other words.") != now
    assert Decision("play circle 5", "It matches.").details == {}
    assert (
        repr(later)
        == repr(now)
        == ("Decision(move='draw', reason='Nothing fits.', details={'rule': 'market'})")
    )
    with pytest.raises(AttributeError, match="immutable"):
        now.move = "play circle 5"


def test_a_pickle_holds_the_words_not_the_function():
    later = Decision("draw", explain=lambda: ("Nothing fits.", {}))  # a lambda cannot pickle
    assert pickle.loads(pickle.dumps(later)) == Decision("draw", "Nothing fits.")


@pytest.mark.parametrize("reason, explain", [(None, None), ("Both.", lambda: ("Both.", {}))])
def test_a_decision_takes_a_reason_or_explain(reason, explain):
    with pytest.raises(TypeError, match="a reason or explain"):
        Decision("draw", reason, explain=explain)


def test_the_heuristics_words_are_the_same_whenever_they_are_read():
    """Read at once or after the game has moved on, the reason is that of the position decided."""
    rules = Rules.preset("nigerian")
    hands = [["circle 1", "circle 12", "square 13"], ["triangle 14", "star 3", "cross 7"]]
    state = GameState.from_position(rules, hands, ["circle 7"])
    player = HeuristicPlayer()
    read_now = player.choose(state.view(0))
    words = (read_now.reason, read_now.details)
    read_later = player.choose(state.view(0))
    state.push(read_later.move)  # the game goes on, in place, before anyone reads
    state.push(state.legal_moves()[0])
    assert (read_later.reason, read_later.details) == words
    assert read_later.reason.startswith("Heuristic — ")


def test_the_facts_a_reason_states_come_with_its_words_and_survive_a_pickle():
    calls = []

    def explain():
        calls.append(1)
        return "Nothing fits.", {"rule": "market"}, {"nothing_fits": True}

    decision = Decision("draw", explain=explain)
    assert calls == [] and decision.facts == {"nothing_fits": True} and calls == [1]
    assert decision.reason == "Nothing fits." and calls == [1]
    assert pickle.loads(pickle.dumps(decision)).facts == {"nothing_fits": True}
    assert decision != Decision("draw", "Nothing fits.", {"rule": "market"})
    assert Decision("draw", "Nothing fits.").facts == {}
