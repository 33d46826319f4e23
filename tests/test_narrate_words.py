"""The engine's events in words (`engine/narrate.py`), sentence by sentence: what the app, the
notebooks, practice's feedback and `python -m whot_core play` say. Written for the mutants of
`make mutation MODULE=whot_core/whot/engine/narrate.py` (docs/testing.md): the words a learner reads
are behaviour."""

from __future__ import annotations

import pytest

from whot_core import Card, Shape
from whot_core.whot.engine import events as ev
from whot_core.whot.engine.narrate import describe_event, narrate, seat_names

C = Card.parse
CROSS_3, STAR_1 = C("cross 3"), C("star 1")
PICK, MARKET = ev.DrawReason.PICK, ev.DrawReason.MARKET

SENTENCES = [
    (ev.Dealt(0, 1, (), 2), "Seat 0 shuffles, Seat 2 cuts, Seat 0 deals; Seat 1 leads."),
    (
        ev.Dealt(1, 0, ((0, C("circle 4")), (1, C("star 2"))), 0),
        "Cut for deal (Seat 0 circle 4, Seat 1 star 2): lowest deals. Seat 1 shuffles, Seat 0 "
        "cuts, Seat 1 deals; Seat 0 leads.",
    ),
    (ev.TurnedUp(C("circle 4")), "Turned up to start the pile: circle 4."),
    (ev.PutUnder(C("whot")), "A Whot is turned up, so it goes under the market."),
    (
        ev.PutUnder(C("circle 2")),
        "Turned up: circle 2, a special card, so it goes under the market.",
    ),
    (ev.Played(1, C("whot"), Shape.STAR), "Seat 1 plays a Whot and calls star."),
    (ev.Played(1, C("star 8"), None), "Seat 1 plays star 8."),
    (ev.Announced(0, ev.Announcement.LAST_CARD), 'Seat 0: "Last card!"'),
    (
        ev.AnnouncementMissed(1, ev.Announcement.SEMI_LAST_CARD),
        'Seat 1 forgot to say "semi last card" and must draw two.',
    ),
    (ev.HeldOn(0), "Hold on: Seat 0 plays again."),
    (ev.PenaltyGrows(1, 4), "Seat 1 must answer with the same number or pick 4."),
    (ev.PenaltyGrows(1, 4, cross=True), "Seat 1 must answer with a pick card that fits or pick 4."),
    (
        ev.PenaltyGrows(1, 4, whot=True),
        "Seat 1 must answer with the same number, cancel it with a Whot, or pick 4.",
    ),
    (
        ev.PenaltyGrows(1, 4, cross=True, whot=True),
        "Seat 1 must answer with a pick card that fits, cancel it with a Whot, or pick 4.",
    ),
    (ev.PickCancelled(1, 5), "Seat 1's Whot cancels the pick: nobody draws the 5 cards."),
    (ev.MissedTurn(2), "Seat 2 misses a turn."),
    (ev.GeneralMarket(0), "General market! Everyone but Seat 0 draws one."),
    (ev.EveryonePicksTwo(1), "Everyone but Seat 1 picks two."),
    (ev.Flipped(1), "The market is empty: the pile under the top card (1 card) is turned over."),
    (ev.Flipped(7), "The market is empty: the pile under the top card (7 cards) is turned over."),
    (ev.Reshuffled(12), "The market is empty: the pile under the top card (12 cards) is shuffled."),
    (ev.GameOver("check_up", (1,), (5, 0), False), "Check up! Seat 1 has no cards left and wins."),
    (
        ev.GameOver("count", (0, 2), (3, 9, 3), True),
        "The market has run out, and these rules end the game there: count (Seat 0 has 3 points, "
        "Seat 1 has 9 points, Seat 2 has 3 points). Seat 0 and Seat 2 win.",
    ),
    (
        ev.GameOver("count", (1,), (4, 2), False),
        "The market is empty and nothing is left to refill it: count (Seat 0 has 4 points, Seat 1 "
        "has 2 points). Seat 1 wins.",
    ),
    (ev.Drew(0, 1, MARKET, 1, (CROSS_3,)), "Seat 0 goes to market (cross 3)."),
    (ev.Drew(0, 1, MARKET, 1, None), "Seat 0 goes to market."),
    (ev.Drew(0, 0, MARKET, 1, ()), "Seat 0 finds the market empty."),
    (ev.Drew(1, 0, PICK, 2, ()), "Seat 1 should draw 2 cards, but the market is empty."),
    (
        ev.Drew(1, 1, PICK, 3, (CROSS_3,)),
        "Seat 1 draws only 1 of 3 cards (cross 3): the market has no more.",
    ),
    (ev.Drew(1, 2, PICK, 2, (CROSS_3, STAR_1)), "Seat 1 picks two (cross 3, star 1)."),
    (ev.Drew(1, 3, PICK, 3, None), "Seat 1 picks three."),
    (ev.Drew(1, 4, PICK, 4, None), "Seat 1 picks 4 cards."),
    (ev.Drew(1, 2, ev.DrawReason.ANNOUNCEMENT, 2, None), "Seat 1 draws 2 penalty cards."),
    (ev.Drew(1, 1, ev.DrawReason.ANNOUNCEMENT, 1, None), "Seat 1 draws 1 penalty card."),
    (ev.Drew(1, 1, ev.DrawReason.GENERAL_MARKET, 1, None), "Seat 1 draws 1 card."),
    (ev.Drew(1, 2, ev.DrawReason.EVERYONE_PICKS_TWO, 2, None), "Seat 1 draws 2 cards."),
]


@pytest.mark.parametrize(("event", "sentence"), SENTENCES)
def test_each_event_in_words(event, sentence):
    assert describe_event(event) == sentence


def test_names_and_the_nigerian_words():
    names = ["Ada", "Bayo"]
    events = [ev.Played(1, C("whot"), Shape.CIRCLE), ev.Played(0, C("circle 4"), None)]
    assert narrate(events, names, nigerian=True) == [
        "Bayo plays a Whot and calls ball.",
        "Ada plays ball 4.",
    ]
    assert narrate(events) == ["Seat 1 plays a Whot and calls circle.", "Seat 0 plays circle 4."]


def test_seat_names_and_what_is_refused():
    assert seat_names(3) == ["Seat 0", "Seat 1", "Seat 2"]
    assert seat_names(2, ["Ada", "Bayo"]) == ["Ada", "Bayo"]
    with pytest.raises(ValueError, match=r"^names: expected 3 names, got 1$"):
        seat_names(3, ["Ada"])
    with pytest.raises(TypeError, match=r"^not an event: 5$"):
        describe_event(5)
