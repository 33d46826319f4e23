"""Events in words: what the notebooks, the app and `python -m whot_core play` say about a game.

>>> from whot_core import Rules, GameState
>>> state = GameState.from_position(
...     Rules.preset("nigerian"), hands=[["circle 2", "star 7"], ["square 5"]],
...     pile=["circle 11"], market=["cross 3", "star 1", "circle 4"])
>>> for line in narrate(state.apply("play circle 2").events):
...     print(line)
Seat 0 plays circle 2.
Seat 0: "Last card!"
Seat 1 picks two (cross 3, star 1).
Seat 1 misses a turn.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import Card, Shape
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
    PickCancelled,
    Played,
    PutUnder,
    Reshuffled,
    TurnedUp,
)

__all__ = ["describe_event", "move_words", "narrate", "seat_name", "seat_names"]

_PICKS = {2: "two", 3: "three"}


def seat_name(seat: int) -> str:
    """A seat as every sentence a learner reads names it, at its start or mid-sentence: "Seat 1"
    (the tables' name for it: "What is Seat 1's count?", never "seat 1")."""
    return f"Seat {seat}"


def seat_names(players: int, names: Sequence[str] | None = None) -> list[str]:
    """`names` if given (one per seat), else Seat 0, Seat 1, ..."""
    if names is not None:
        if len(names) != players:
            raise ValueError(f"names: expected {players} names, got {len(names)}")
        return list(names)
    return [seat_name(i) for i in range(players)]


def move_words(move, nigerian: bool = False, *, base: bool = False, pick: int = 0) -> str:
    """What a move does, in the narration's words, to follow a seat: "plays circle 1", "plays a
    Whot and calls star", "plays circle 2 and triangle 2, saying \"last card\"", "goes to
    market" ("takes the pick" when `pick` cards wait on the player). `base` gives the words
    after "may seat 0": "play circle 1", "go to market"."""
    s = "" if base else "s"
    if move.card is None:
        if pick:
            return f"take{s} the pick of {pick} cards"
        return "go to market" if base else "goes to market"
    if move.call is not None:
        shape = move.call.nigerian_name if nigerian else move.call.value
        words = f"play{s} a Whot and call{s} {shape}"
    else:
        names = [card.name(nigerian) for card in move.cards]
        words = f"play{s} " + (
            " and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else names[0]
        )
    if move.announce is not None:
        words += f', saying "{move.announce}"'
    return words


def describe_event(event: Event, names: Sequence[str] | None = None, nigerian: bool = False) -> str:
    """One short sentence for one event."""

    def who(seat: int) -> str:
        return names[seat] if names is not None else seat_name(seat)

    def card(c: Card) -> str:
        return c.name(nigerian)

    def shape(s: Shape) -> str:
        return s.nigerian_name if nigerian else s.value

    match event:
        case Dealt(dealer=dealer, leader=leader, cuts=cuts, cutter=cutter):
            text = (
                f"{who(dealer)} shuffles, {who(cutter)} cuts, {who(dealer)} deals; "
                f"{who(leader)} leads."
            )
            if cuts:
                cut = ", ".join(f"{who(s)} {card(c)}" for s, c in cuts)
                text = f"Cut for deal ({cut}): lowest deals. " + text
            return text
        case TurnedUp(card=c):  # the sentence starts with a capital, not a card's name
            return f"Turned up to start the pile: {card(c)}."
        case PutUnder(card=c):
            if c.is_whot:
                return "A Whot is turned up, so it goes under the market."
            return f"Turned up: {card(c)}, a special card, so it goes under the market."
        case Played(seat=s, card=c, call=call):
            if call is not None:
                return f"{who(s)} plays a Whot and calls {shape(call)}."
            return f"{who(s)} plays {card(c)}."
        case Announced(seat=s, words=words):
            return f'{who(s)}: "{str(words).capitalize()}!"'
        case AnnouncementMissed(seat=s, words=words):
            return f'{who(s)} forgot to say "{words}" and must draw two.'
        case HeldOn(seat=s):
            return f"Hold on: {who(s)} plays again."
        case PenaltyGrows(seat=s, total=total, cross=cross, whot=whot):
            answer = "a pick card that fits" if cross else "the same number"
            if whot:
                return (
                    f"{who(s)} must answer with {answer}, cancel it with a Whot, or pick {total}."
                )
            return f"{who(s)} must answer with {answer} or pick {total}."
        case PickCancelled(seat=s, total=total):
            return f"{who(s)}'s Whot cancels the pick: nobody draws the {total} cards."
        case Drew(seat=s, count=n, reason=reason, wanted=wanted, cards=cards):
            return _drew(who(s), n, reason, wanted, cards, card)
        case MissedTurn(seat=s):
            return f"{who(s)} misses a turn."
        case GeneralMarket(seat=s):
            return f"General market! Everyone but {who(s)} draws one."
        case EveryonePicksTwo(seat=s):
            return f"Everyone but {who(s)} picks two."
        case Flipped(cards=n):
            return f"The market is empty: the pile under the top card ({_count(n)}) is turned over."
        case Reshuffled(cards=n):
            return f"The market is empty: the pile under the top card ({_count(n)}) is shuffled."
        case GameOver(reason="check_up", winners=winners):
            return f"Check up! {who(winners[0])} has no cards left and wins."
        case GameOver(winners=winners, points=points, by_rule=by_rule):
            counts = ", ".join(
                f"{who(s)} has {p} point{'' if p == 1 else 's'}" for s, p in enumerate(points)
            )
            best = " and ".join(who(s) for s in winners)
            verb = "win" if len(winners) > 1 else "wins"
            why = (
                "The market has run out, and these rules end the game there"
                if by_rule
                else "The market is empty and nothing is left to refill it"
            )
            return f"{why}: count ({counts}). {best} {verb}."
    raise TypeError(f"not an event: {event!r}")


def _count(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _drew(who: str, n: int, reason: DrawReason, wanted: int, cards, card) -> str:
    """A draw in words. When the market ran dry on the way (`n < wanted`) the sentence says how
    many of the cards owed were drawn, and that the market had no more."""
    shown = f" ({', '.join(card(c) for c in cards)})" if cards else ""
    if n < wanted:
        if n == 0:
            if reason is DrawReason.MARKET:
                return f"{who} finds the market empty."
            return f"{who} should draw {_count(wanted)}, but the market is empty."
        return f"{who} draws only {n} of {_count(wanted)}{shown}: the market has no more."
    plural = "card" if n == 1 else "cards"
    if reason is DrawReason.MARKET:
        return f"{who} goes to market{shown}."
    if reason is DrawReason.PICK:
        return f"{who} picks {_PICKS.get(n, _count(n))}{shown}."
    if reason is DrawReason.ANNOUNCEMENT:
        return f"{who} draws {n} penalty {plural}{shown}."
    return f"{who} draws {n} {plural}{shown}."


def narrate(
    events: Iterable[Event], names: Sequence[str] | None = None, nigerian: bool = False
) -> list[str]:
    """Every event as a sentence, oldest first."""
    return [describe_event(e, names, nigerian) for e in events]
