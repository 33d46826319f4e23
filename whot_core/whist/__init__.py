"""Whist, the second game of the explorer: seed 001's partnership Whist with rotating trumps.

    >>> from whot_core.whist import Card, new_game
    >>> state = new_game(seed=7)
    >>> state.trump, len(state.legal_moves())
    (<Suit.HEARTS: 'hearts'>, 13)
    >>> str(Card.parse("AS"))
    'A♠'

Its parts are Whot's: `engine/` (`cards`, `rules` as seed 001 says them, `state` with deals,
tricks and scoring, `events`, `views` for what a seat may see, `records` that replay, `narrate`),
`players/` (random, heuristic, search), `show/` (`pictures`, `viewer`, `widgets`), `teach/`
(`questions` and `lessons`, the Learn path's Whist lessons, every answer the engine's) and `app/`
(`table`, the Play Whist table). The search and the player protocol are shared with Whot
(`whot_core.toolkit.search`, `whot_core.toolkit.protocol`): the concepts are the same. This
package re-exports the engine's names most code needs.
"""

from .engine.cards import CARDS, RANKS, SUITS, Card, Suit, sort_hand
from .engine.events import CardPlayed, Event, GameWon, HandScored, HandStarted, TrickWon
from .engine.rules import SEATS, TEAMS, WhistRules, partner, team_of
from .engine.state import HAND_TRICKS, Trick, WhistState, new_game
from .engine.views import WhistView

__all__ = [
    "CARDS",
    "HAND_TRICKS",
    "RANKS",
    "SEATS",
    "SUITS",
    "TEAMS",
    "Card",
    "CardPlayed",
    "Event",
    "GameWon",
    "HandScored",
    "HandStarted",
    "Suit",
    "Trick",
    "TrickWon",
    "WhistRules",
    "WhistState",
    "WhistView",
    "new_game",
    "partner",
    "sort_hand",
    "team_of",
]
