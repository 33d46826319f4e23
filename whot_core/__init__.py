"""whot_core: the rules of Whot as data over one small engine, and Whist beside it.

    >>> from whot_core import Rules, new_game
    >>> state = new_game(Rules.preset("british"), players=3, seed=1)
    >>> len(state.hands), len(state.hands[0])
    (3, 6)

Every game is a package of the same parts: `whot/` and `whist/`, each with `engine/` (the rules
of play), `players/` (the AI players), `show/` (pictures and viewers), `teach/` (lessons and
questions) and `app/` (the app's logic without Streamlit). `toolkit/` holds what the games share
and knows no game; `learn/` is the Learn page's path over both games' lessons. The names below
are Whot's public API, from `whot.engine` and `whot.teach.difference`.
"""

from .whot.engine.cards import CARDS, SHAPES, WHOT, Card, Shape, make_pack
from .whot.engine.effects import Effect
from .whot.engine.events import (
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
    PickCancelled,
    Played,
    PutUnder,
    Reshuffled,
    TurnedUp,
)
from .whot.engine.matches import GameResult, Match, Standing
from .whot.engine.moves import Announcement, IllegalMove, Move
from .whot.engine.records import GameRecord
from .whot.engine.rules import Announcements, Exhausted, HoldOn, MatchFormat, Rules, Specials, Start
from .whot.engine.scoring import breakdown, card_points, hand_points
from .whot.engine.state import GameState, new_game
from .whot.engine.views import PlayerView
from .whot.teach.difference import Contrast, Divergence, contrast, first_difference

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
    "PickCancelled",
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
