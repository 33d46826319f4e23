"""whot_core: the rules of Whot as data over one small engine.

    >>> from whot_core import Rules, new_game
    >>> state = new_game(Rules.preset("british"), players=3, seed=1)
    >>> len(state.hands), len(state.hands[0])
    (3, 6)

The rules engine is `engine/`, its modules named after the game's concepts: `cards`, `rules`,
`effects`, `legal` (which moves are allowed), `moves`, `state`, `events`, `scoring`, `views` (what
a seat may see), `matches`, `records`, `narrate` (events in words). Over it: `players/` (the AI
players and batch simulation), `show/` (pictures, charts, widgets), `explorer/` (the app's logic),
`difference` (`contrast` and `first_difference`: what a rule changes, in one position and in one
deal under two rule sets), and `whist/`, the second game; `toolkit/` holds what both games share.
"""

from . import _moved
from .difference import Contrast, Divergence, contrast, first_difference
from .engine.cards import CARDS, SHAPES, WHOT, Card, Shape, make_pack
from .engine.effects import Effect
from .engine.events import (
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
from .engine.matches import GameResult, Match, Standing
from .engine.moves import Announcement, IllegalMove, Move
from .engine.records import GameRecord
from .engine.rules import Announcements, Exhausted, HoldOn, MatchFormat, Rules, Specials, Start
from .engine.scoring import breakdown, card_points, hand_points
from .engine.state import GameState, new_game
from .engine.views import PlayerView

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

_moved.install()  # the old module paths (whot_core.engine.state, ...) keep working for one release


def __getattr__(name: str):
    """`whot_core.engine.state` and the other old module names, read as attributes (deprecated)."""
    return _moved.old_attribute(__name__, name)
