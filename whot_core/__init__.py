"""whot_core: the rules of Whot as data over one small engine.

    >>> from whot_core import Rules, new_game
    >>> state = new_game(Rules.preset("british"), players=3, seed=1)
    >>> len(state.hands), len(state.hands[0])
    (3, 6)

Modules follow the game's concepts: `cards`, `rules`, `effects`, `legal` (which moves are allowed),
`moves`, `state`, `events`, `scoring`, `views` (what a seat may see), `matches`, `records`,
`narrate` (events in words), `contrast` (what a rule changes: one position, one deal, under
two rule sets).
"""

from .cards import CARDS, SHAPES, WHOT, Card, Shape, make_pack
from .contrast import Contrast, Divergence, contrast, first_difference
from .effects import Effect
from .events import (
    Announced,
    AnnouncementMissed,
    Dealt,
    DrawReason,
    Drew,
    Event,
    EveryonePicksTwo,
    Flipped,
    GameOver,
    GeneralMarket,
    HeldOn,
    MissedTurn,
    PenaltyGrows,
    Played,
    PutUnder,
    Reshuffled,
    TurnedUp,
)
from .matches import GameResult, Match, Standing
from .moves import Announcement, IllegalMove, Move
from .records import GameRecord
from .rules import Announcements, Exhausted, HoldOn, MatchFormat, Rules, Specials, Start
from .scoring import breakdown, card_points, hand_points
from .state import GameState, new_game
from .views import PlayerView

__all__ = [
    "CARDS",
    "SHAPES",
    "WHOT",
    "Announced",
    "Announcement",
    "AnnouncementMissed",
    "Announcements",
    "Card",
    "Contrast",
    "Dealt",
    "Divergence",
    "DrawReason",
    "Drew",
    "Effect",
    "Event",
    "EveryonePicksTwo",
    "Exhausted",
    "Flipped",
    "GameOver",
    "GameRecord",
    "GameResult",
    "GameState",
    "GeneralMarket",
    "HeldOn",
    "HoldOn",
    "IllegalMove",
    "Match",
    "MatchFormat",
    "MissedTurn",
    "Move",
    "PenaltyGrows",
    "Played",
    "PlayerView",
    "PutUnder",
    "Reshuffled",
    "Rules",
    "Shape",
    "Specials",
    "Standing",
    "Start",
    "TurnedUp",
    "breakdown",
    "card_points",
    "contrast",
    "first_difference",
    "hand_points",
    "make_pack",
    "new_game",
]
