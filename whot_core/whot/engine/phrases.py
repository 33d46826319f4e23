"""A rule's setting as a phrase a sentence can hold: "with two packs shuffled together", where
the sidebar's words would read "packs: 2" and code `packs = 2`.

`setting_phrase` follows "with" (Learn's "Under its own rules, British (Waddingtons rulebook),
with two packs shuffled together"); every toggle and every value it can take has its phrase, so
a learner never reads a setting's name and a colon.

    >>> setting_phrase("packs", 2)
    'two packs shuffled together'
    >>> setting_phrase("star_double", True)
    'stars counting double'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .rules import (
    Announcements,
    Exhausted,
    HoldOn,
    MatchFormat,
    Specials,
    Start,
    rule_label,
    value_words,
)

__all__ = ["setting_phrase", "settings_phrase"]

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _number(n: int) -> str:
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def _count(n: int, one: str, many: str) -> str:
    return f"{_number(n)} {one if n == 1 else many}"


def _switch(on: str, off: str) -> Callable[[Any], str]:
    return lambda value: on if value else off


def _specials(value: Any) -> str:
    pairs = [f"{n} {e.value.replace('_', ' ')}" for n, e in Specials(value).items()]
    if not pairs:
        return "no special cards"
    listed = pairs[0] if len(pairs) == 1 else ", ".join(pairs[:-1]) + " and " + pairs[-1]
    return f"{listed} as the special {'card' if len(pairs) == 1 else 'cards'}"


_PHRASES: dict[str, Callable[[Any], str]] = {
    "whot_cards": lambda n: _count(n, "Whot card", "Whot cards") + " in a pack",
    "packs": lambda n: "one pack" if n == 1 else f"{_number(n)} packs shuffled together",
    "hand_size": lambda n: f"hands of {_count(n, 'card', 'cards')}",
    "start": {
        Start.LEADER: "the leader playing any card to start",
        Start.TURN_UP: "a plain card turned up to start",
        Start.TURN_UP_LIVE: "any card turned up to start, acting on the leader",
    }.__getitem__,
    "specials": _specials,
    "hold_on": {
        HoldOn.PLAY_AGAIN: "hold on letting the same player play again",
        HoldOn.SKIP_NEXT: "hold on making the next player miss a turn",
    }.__getitem__,
    "hold_on_free_follow": _switch(
        "any card allowed after hold on", "no free follow-up after hold on"
    ),
    "defence": _switch(
        "a pick answered with another card of its number",
        "no answering a pick with another card of its number",
    ),
    "cross_defence": _switch(
        "a pick answered with any pick card that fits",
        "a pick answered only with its own number",
    ),
    "whot_cancels_pick": _switch("a Whot cancelling a pick", "no Whot cancelling a pick"),
    "star8_double": _switch(
        "the star 8 making two players miss a turn", "the star 8 making one player miss a turn"
    ),
    "general_market_again": _switch(
        "general market's player playing again", "general market's player not playing again"
    ),
    "must_play": _switch(
        "a player who can play having to play", "going to market allowed when a card fits"
    ),
    "multiple_cards": _switch(
        "several cards of one number played at once", "one card played at a time"
    ),
    "win_on_special": _switch(
        "going out on a special card allowed", "no going out on a special card"
    ),
    "announcements": {
        Announcements.NONE: "nothing to say before going out",
        Announcements.INFORMATIVE: "“last card” said, with no penalty",
        Announcements.PENALTY: "“semi last card” and “last card” said, or draw two",
    }.__getitem__,
    "exhausted": {
        Exhausted.FLIP: "the pile turned over when the market runs out",
        Exhausted.RESHUFFLE: "the pile shuffled when the market runs out",
        Exhausted.COUNT: "a count when a draw finds the market empty",
        Exhausted.COUNT_AT_ONCE: "a count as soon as the market is empty",
    }.__getitem__,
    "star_double": _switch("stars counting double", "stars counting once"),
    "match": {
        MatchFormat.SINGLE: "one game",
        MatchFormat.SHORT_RUBBER: "a short rubber of 5 games",
        MatchFormat.LONG_RUBBER: "a long rubber of 10 games",
        MatchFormat.ELIMINATION_100: "elimination at 100 points",
        MatchFormat.TOURNAMENT: "a tournament",
    }.__getitem__,
    "min_players": lambda n: f"at least {_count(n, 'player', 'players')}",
    "max_players": lambda n: f"at most {_count(n, 'player', 'players')}",
}


def setting_phrase(name: str, value: Any) -> str:
    """The setting `name` = `value` as a phrase to follow "with": "two packs shuffled
    together", "hold on making the next player miss a turn". ValueError for a name that is not
    a rule; a rule without a phrase of its own (none today) reads "its label as value"."""
    rule_label(name)  # a clear error for a name that is not a rule
    phrase = _PHRASES.get(name)
    if phrase is None:
        return f"{rule_label(name)} as {value_words(name, value)}"
    return phrase(value)


def settings_phrase(settings: dict[str, Any]) -> str:
    """Several settings as one phrase: "one pack and hands of six cards"."""
    return " and ".join(setting_phrase(name, value) for name, value in settings.items())
