"""The heuristic player's reasons: the rule of thumb that decided a move, in words, and the facts
those words state.

A reason is made in two steps: first its facts, the numbers and seats it will state, from what the
player weighed; then the words, from those facts. Both ride on the `Decision` (`.reason`,
`.facts`), are worked out only when first read, and a test holds every fact against the engine
(tests/test_claims.py). The facts a reason may state:

- `followers`: cards left in hand after the move that could follow the card played (its shape,
  its number, or a Whot); `runner_followers`: the same for the card passed over (`passed_over`);
- `follow_up`: hold on lets the player play again, and a card of the hand may then be played;
- `only_fit`: no other card of the hand may be played now;
- `next_seat`, `pick_faced`: after a defence, the seat that moves next and the pick it faces;
- `pick_dropped`: the pick a Whot cancels, `other_answers`: how many other cards could answer it;
- `pick_drawn`: the cards taken for a pick left unanswered; `pick_owed`: the same when the market
  may not hold them all;
- `nothing_fits`: no card of the hand fits the pile (matches it, or answers the pick);
  `withheld`: the card that fits but may not be played, being the last card and a special card
  or a Whot (`win_on_special` off);
- `victim`, `victim_cards`: the next seat in turn, and how many cards it holds;
- `lacked_by`: the seat that went to market rather than follow what is played now;
- `points`, `runner_points`: what the card played and the one passed over count;
- `held`, `most_held`: the cards of the called shape left in hand, and whether no shape has more;
- `others_followers`: for each other card that fits, the plain cards that could follow it;
- `cards`: cards put down at once; `wins`: the move wins the game;
- `tie_with`: another move that scores just the same.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ..engine.cards import CARDS, Card, Shape
from ..engine.effects import PICK_SIZE, Effect
from ..engine.moves import Move
from ..engine.narrate import seat_name
from .common import _count

__all__ = ["RULES_OF_THUMB", "explained", "only_draw_explained"]


#: The rules of thumb, by the name a reason gives them. Most come from the seeds' tips: the
#: "Hints on Play" of seeds/000 and the "Tips" of seeds/002; the others are plain good sense.
RULES_OF_THUMB: dict[str, str] = {
    "check_up": "check up: play your last card",
    "defend": "defend the pick with the same number",
    "take_pick": "take the pick when you cannot defend it",
    "market": "go to market when nothing fits",
    "keep_whot": (
        "hold back a Whot unless nothing else fits or it wins (the "
        "Waddingtons rulebook and the web rules)"
    ),
    "whot_last": (
        "play the Whot when nothing else fits, calling the shape you "
        "hold most (the web rules' tips)"
    ),
    "punish": (
        "pick two, pick three or suspension when the next player is "
        "low on cards (a tip of the web rules)"
    ),
    "hold_on": "play hold on only with a follow-up (a tip of the web rules)",
    "high_numbers": (
        "shed high numbers early when a count may end the game (a tip of the web rules)"
    ),
    "they_lack": (
        "remember which shapes and numbers an opponent could not "
        "follow (a hint of the Waddingtons rulebook)"
    ),
    "effect": "make the others pick or miss a turn",
    "follow": "keep cards that can follow the card you play",
    "play": "play a card rather than draw",
    "several": "put down several cards of one number at once when the rules allow it",
}

#: Each rule of thumb's place in `RULES_OF_THUMB`: the order that settles a tie between terms.
_RANK = {name: rank for rank, name in enumerate(RULES_OF_THUMB)}

_PICK_WORDS = {Effect.PICK_TWO: "pick two", Effect.PICK_THREE: "pick three"}

Terms = list[tuple[str, float]]
Facts = dict[str, Any]


def total(terms: Terms) -> float:
    """A move's score: its terms added in order, which ranks the moves."""
    out = 0
    for _, value in terms:
        out += value
    return out


def only_draw_explained(view, move: Move) -> tuple[str, dict, Facts]:
    """The words, details and facts of a draw that is the only move."""
    penalty = view.penalty
    rule = "take_pick" if penalty else "market"
    details = {
        "rule": rule,
        "rule_text": RULES_OF_THUMB[rule],
        "moves": [{"move": _text(move), "score": 0.0, "terms": {rule: 0.0}}],
    }
    text, facts = _draw_reason(view)
    return "Heuristic — " + text, details, facts


def explained(view, table, moves: Sequence[Move], terms: list[Terms], best: int):
    """The reason, details and facts of a decision: the rule of thumb that made the difference
    between the move chosen (`best`) and the runner-up, and every move's score, term by term.

    When the runner-up scores just the same, nothing separates the two: the reason then names
    what separates the move from the best move scoring less, and says the other would do as
    well."""
    totals = [total(each) for each in terms]
    runner = _runner_up(moves, totals, best, math.inf)
    tie = None
    if runner is not None and totals[runner] == totals[best]:
        tie = moves[runner]
        runner = _runner_up(moves, totals, best, totals[best])
    scores = [_score(each) for each in terms]
    by_name = [named for _, named in scores]  # the same terms, summed by name
    move = moves[best]
    theirs = by_name[runner] if runner is not None else {}
    rule = _decisive(by_name[best], theirs)
    if move.card is not None and move.card.is_whot and rule != "check_up":
        rule = "whot_last"
    elif rule == "play" and by_name[best].get("hold_on", 0.0) < 0:
        rule = "hold_on"  # a hold on with no follow-up, played because nothing better fits
    other = moves[runner] if runner is not None else None
    text, facts = _reason(view, table, moves, move, rule, other, by_name[best], theirs)
    if tie is not None and sorted(tie.cards) == sorted(move.cards):
        text = f"{text[:-1]}; the same cards in another order score just the same."
    elif tie is not None:
        facts["tie_with"] = _cards_text(tie)
        text = f"{text[:-1]}; {facts['tie_with']} scores just the same, so either would do."
    details = {
        "rule": rule,
        "rule_text": RULES_OF_THUMB[rule],
        "moves": [
            {"move": _text(m), "score": score, "terms": named}
            for m, (score, named) in zip(moves, scores, strict=True)
        ],
    }
    return "Heuristic — " + text, details, facts


def _card_code(move: Move) -> int:
    """The code of the card a move plays, -1 for a draw (cheaper than comparing cards)."""
    return -1 if move.card is None else move.card.code


def _runner_up(moves: Sequence[Move], totals: list[float], best: int, below: float) -> int | None:
    """The best move that plays another card than `best` (or draws when it plays) and scores
    less than `below`: the highest total, the first of equal totals; None when there is none."""
    played = _card_code(moves[best])
    others = [i for i, move in enumerate(moves) if _card_code(move) != played and totals[i] < below]
    return max(others, key=totals.__getitem__) if others else None


def _score(terms: Terms) -> tuple[float, dict[str, float]]:
    """A move's total (`total`) rounded to three decimals for the details, and its terms summed
    by name, each rounded likewise.

    `round(x, 3)` costs about a microsecond (it goes through decimal text) and this runs a dozen
    times a decision. A multiple of 1/8, as most terms are (10, -7, 1.5, ...), has three decimals
    at most, so rounding it gives it back unchanged: only the others are rounded."""
    whole = total(terms)
    out: dict[str, float] = {}
    for name, value in terms:
        value = out[name] + value if name in out else 0.0 + value
        out[name] = value if (value * 8).is_integer() else round(value, 3)
    return whole if (whole * 8).is_integer() else round(whole, 3), out


#: `str(move)` by the move's id, for the details of every decision. The moves a player gets are
#: the engine's prebuilt ones, so a few dozen texts serve every game. Each entry holds its move,
#: so while it is kept its id names that move and no other.
_TEXTS: dict[int, tuple[Move, str]] = {}


def _text(move: Move) -> str:
    hit = _TEXTS.get(id(move))
    if hit is not None and hit[0] is move:
        return hit[1]
    text = str(move)
    if len(_TEXTS) >= 1024:
        _TEXTS.clear()
    _TEXTS[id(move)] = (move, text)
    return text


def _cards_text(move: Move) -> str:
    """The cards a play puts down, in words ("circle 5", "circle 5 + star 5", "the Whot")."""
    if move.card is None:
        return "drawing"
    if move.card.is_whot:
        return f"the Whot calling {move.call}"
    return " + ".join(str(card) for card in move.cards)


def _decisive(a: dict[str, float], b: dict[str, float]) -> str:
    """The term that most favours the chosen move (`a`, its terms summed by name) over the
    runner-up (`b`, empty when there is none)."""
    if not b:
        return max(a, key=lambda name: (a[name], name == "play"))
    decisive, most = "", -math.inf
    for name in sorted(a.keys() | b.keys(), key=_RANK.__getitem__):  # the first of equal wins
        difference = a.get(name, 0.0) - b.get(name, 0.0)
        if difference > most:
            decisive, most = name, difference
    return decisive


def _reason(
    view,
    t,
    moves: Sequence[Move],
    move: Move,
    rule: str,
    other: Move | None,
    mine: dict[str, float],
    theirs: dict[str, float],
) -> tuple[str, Facts]:
    """One or two plain sentences naming the rule of thumb that decided, and their facts."""
    card = move.card
    if card is None:
        return _draw_reason(view)
    if rule == "check_up":
        if move.more:
            return f"check up: {_cards_text(move)} are my last cards, so putting them down wins.", {
                "wins": True
            }
        name = "the Whot" if card.is_whot else str(card)
        return f"check up: {name} is my last card, so playing it wins.", {"wins": True}
    if move.more:
        return _several_reason(t, move)
    if card.is_whot and t.penalty:
        facts = {"pick_dropped": t.penalty, "other_answers": 0}
        return (
            f"cancel the pick: no pick card of mine answers it, so the Whot drops the "
            f"{facts['pick_dropped']} cards and I call {move.call}."
        ), facts
    if rule in ("defend", "effect") and t.penalty:
        return _defence_reason(t, card)
    if card.is_whot:
        return _whot_reason(t, moves, move)
    effect = t.effects[card.code]
    if rule == "keep_whot":
        return f"keep the Whot: {card} matches, so the Whot stays in hand for later.", {}
    if rule == "punish":
        facts = {"victim": t.next_seat, "victim_cards": t.next_size}
        what = _PICK_WORDS.get(effect, "miss a turn")  # type: ignore[arg-type]
        return (
            f"use pick and suspension cards when the next player is low: {seat_name(t.next_seat)} "
            f"has only {_count(t.next_size, 'card')}, so {card} makes them {what}"
            f"{_unless_answered(t, card, effect)}."
        ), facts
    if rule == "hold_on":
        return _hold_on_reason(t, moves, card, effect, other, mine)
    if rule == "they_lack":
        number = f"{_a(card.number)} {card.number}"
        lacked = _shapes(card.shape) if card.shape in t.lacks[0] else number
        return (
            f"remember what they could not follow: {seat_name(t.next_seat)} went to market rather "
            f"than follow {lacked} before, so {card} may stop them."
        ), {"lacked_by": t.next_seat}
    if rule == "high_numbers":
        return _high_numbers_reason(t, card, other, mine, theirs)
    if rule == "effect" and effect is not None:
        if effect is Effect.SUSPENSION and t.rules.effect_of(card.number) is Effect.HOLD_ON:
            return (
                f"make them pay: {card} is hold on, which under these rules makes the next "
                "player miss a turn."
            ), {}
        return f"make them pay: {card} is {effect.title.lower()}, which costs the others.", {}
    if rule == "follow":
        whots = t.held(Shape.WHOT)
        facts = {"followers": t.followers(card.code) + whots}
        among = f", {'the Whot' if whots == 1 else f'{whots} Whots'} among them" if whots else ""
        return (
            f"keep a follow-up: after {card} I still hold {_count(facts['followers'], 'card')} "
            f"that can follow it{among}."
        ), facts
    if other is None:  # no draw to weigh: these rules allow none while a card fits
        only = _only_fit(moves, card)
        fits = "is my only card that fits" if only else "fits"
        return (
            f"play when I can: {card} {fits}, and these rules let nobody draw while a card fits."
        ), {"only_fit": only}
    return f"play rather than draw: {card} fits, and playing beats going to market.", {}


def _several_reason(t, move: Move) -> tuple[str, Facts]:
    """Several cards of one number at once, and what their effects come to, as the engine plays
    them (effects.apply_several): hold on happens once; picks add up for one victim;
    suspensions add up but never come round to the player; each general market (or 1970s 4)
    is a round of draws."""
    card = move.card
    cards = len(move.cards)
    facts: Facts = {"cards": cards}
    text = (
        f"put down {cards} {card.number}s at once ({_cards_text(move)}): more cards gone in "
        "one turn"
    )
    effect = t.rules.effect_of(card.number)  # its own effect: `t.effects` makes a skip a suspension
    nxt = t.next_seat
    if effect is None:
        return f"{text}.", facts
    if effect is Effect.HOLD_ON:
        if t.rules.hold_on == "skip_next":
            facts["skipped"] = [nxt]
            return (
                f"{text}, but hold on happens only once, so {seat_name(nxt)} misses just one turn.",
                facts,
            )
        facts["plays_again"] = True
        return f"{text}, but hold on happens only once, so I play again just once.", facts
    if effect in PICK_SIZE:
        size = PICK_SIZE[effect] * cards
        if t.rules.defence:
            facts.update(next_seat=nxt, pick_faced=t.penalty + size)
            return (
                f"{text}, and their picks add up, so {seat_name(nxt)} now faces "
                f"{facts['pick_faced']} cards."
            ), facts
        facts.update(victim=nxt, pick_given=size)
        return f"{text}, and their picks add up, so {seat_name(nxt)} picks {size} cards.", facts
    if effect is Effect.SUSPENSION:
        double = t.rules.star8_double
        skips = sum(
            2 if c.shape is Shape.STAR and c.number == 8 and double else 1 for c in move.cards
        )
        seats = [(t.seat + k) % t.players for k in range(1, min(skips, t.players - 1) + 1)]
        facts["skipped"] = seats
        names = [seat_name(s) for s in seats]
        who = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
        miss = "misses a turn" if len(seats) == 1 else "each miss a turn"
        if skips > len(seats):
            return (
                f"{text}, and their suspensions add up, but never as far as me, so {who} {miss}."
            ), facts
        return f"{text}, and their suspensions add up, so {who} {miss}.", facts
    each = (1 if effect is Effect.GENERAL_MARKET else 2) * cards
    facts["each_draws"] = each
    return (
        f"{text}, and each card makes every other player draw again, so every other player "
        f"draws {_count(each, 'card')}."
    ), facts


def _unless_answered(t, card: Card, effect) -> str:
    """How the next player may still answer a pick under defence ("" when they cannot)."""
    if effect not in PICK_SIZE or not t.rules.defence:
        return ""
    answers = f"a pick card that fits {card}" if t.rules.cross_defence else f"another {card.number}"
    whot = " or a Whot" if t.rules.whot_cancels_pick and t.rules.whot_cards else ""
    return f" unless they answer with {answers}{whot}"


def _only_fit(moves: Sequence[Move], card: Card) -> bool:
    """Is `card` the only card the moves play?"""
    return all(m.card is None or m.card.code == card.code for m in moves)


def _defence_reason(t, card: Card) -> tuple[str, Facts]:
    """Answering a pick with a pick card: the pick grows and passes to the next seat."""
    faced = t.penalty + PICK_SIZE[t.effects[card.code]]
    facts = {"next_seat": t.next_seat, "pick_faced": faced}
    if t.top is not None and card.number != t.top.number:
        return (
            f"cross-defend the pick: {card} fits and passes {faced} cards on to "
            f"{seat_name(t.next_seat)}."
        ), facts
    return (
        f"defend the pick: another {card.number} passes the pick on to {seat_name(t.next_seat)}, "
        f"who now faces {faced} cards."
    ), facts


def _hold_on_reason(t, moves, card: Card, effect, other: Move | None, mine) -> tuple[str, Facts]:
    """Hold on played with a follow-up, played alone because nothing better fits, or passed
    over for want of one."""
    if effect is Effect.HOLD_ON and mine["hold_on"] < 0:
        only = _only_fit(moves, card)
        facts: Facts = {"followers": 0, "only_fit": only}
        why = "it is my only card that fits, and " if only else ""
        return (
            f"play hold on only with a follow-up, unless nothing {'else' if only else 'better'} "
            f"fits: nothing would follow {card}, but {why}it still sheds a card before I go to "
            "market."
        ), facts
    if effect is Effect.HOLD_ON:
        stuck = _stuck_last_card(t, card)
        if stuck is not None:  # it fits, but may not go out: the rules count it as a follow-up
            return (
                f"play hold on only with a follow-up: {card} lets me play again, and {stuck} "
                "would follow it, but it will be my last card, and these rules let nobody go "
                "out on a special card or a Whot, so I shall go to market."
            ), {"follow_up": False}
        return (
            f"play hold on only with a follow-up: {card} lets me play again, "
            "and I hold a card to follow it."
        ), {"follow_up": True}
    assert other is not None and other.card is not None  # it lost for want of a follow-up
    return (
        f"play hold on only with a follow-up: nothing would follow {other.card}, so I play "
        f"{card} instead."
    ), {"passed_over": str(other.card), "runner_followers": 0}


def _stuck_last_card(t, card: Card) -> Card | None:
    """The one card left after `card`, when it may not go out (`win_on_special` off)."""
    if len(t.hand) != 2 or t.rules.win_on_special:
        return None
    rest = list(t.hand)
    rest.remove(card.code)
    left = CARDS[rest[0]]
    return left if left.is_whot or t.effects[left.code] is not None else None


def _high_numbers_reason(t, card: Card, other: Move | None, mine, theirs) -> tuple[str, Facts]:
    """The count decided: say by how much, and whether it was all that set the two apart."""
    facts: Facts = {"points": t.points[card.code]}
    single = other is not None and other.card is not None and not other.more
    if not single:
        return (
            f"shed high numbers early: {card} would count {facts['points']} if the game ends "
            "in a count."
        ), facts
    facts["runner_points"] = t.points[other.card.code]
    alike = all(
        mine.get(name, 0.0) == theirs.get(name, 0.0)
        for name in mine.keys() | theirs.keys()
        if name != "high_numbers"
    )
    counts = (
        f"if the game ends in a count, {card} would count {facts['points']} and {other.card} "
        f"only {facts['runner_points']}"
    )
    if alike:
        return (
            f"shed the higher count: {card} and {other.card} are alike by every other rule of "
            f"thumb, and {counts}."
        ), facts
    return f"shed high numbers early: {counts}.", facts


def _whot_reason(t, moves: Sequence[Move], move: Move) -> tuple[str, Facts]:
    held = t.held(move.call)
    facts: Facts = {"held": held}
    nxt = t.next_seat
    if held and move.call in t.lacks[0]:
        facts["lacked_by"] = nxt
        call = (
            f"{move.call}: I hold {held} and {seat_name(nxt)} went to market rather than follow "
            f"{_shapes(move.call)} before"
        )
    elif not held:
        call = f"{move.call} (I hold no other shape)"
    else:
        facts["most_held"] = True
        call = f"{move.call}, the shape I hold most ({_count(held, 'card')})"
    others = sorted(
        {m.card for m in moves if m.card is not None and not m.card.is_whot},
        key=lambda c: c.code,
    )
    if others:
        facts["others_followers"] = counts = {str(c): t.followers(c.code) for c in others}
        names = " and ".join(counts)
        if any(counts.values()):  # they keep a follow-up, but a call suits the hand better
            scores = "scores" if len(counts) == 1 else "score"
            return (
                f"play the Whot when it suits my hand best: {names} {scores} less than a Whot "
                f"calling {call}, so I play it."
            ), facts
        whots = t.held(Shape.WHOT) - 1
        kept = "the Whot" if not whots else "Whots"
        why = f"{names} would leave me nothing but {kept} to follow with"
    else:
        facts["only_fit"] = True
        why = f"nothing else matches {_pile_text(t.top, t.called)}"
    return f"play the Whot only when nothing else fits: {why}, so I play it and call {call}.", facts


def _shapes(shape: Shape) -> str:
    """A shape's plural: "circles", "crosses"."""
    return f"{shape}es" if shape is Shape.CROSS else f"{shape}s"


def _a(number: int) -> str:
    return "an" if number in (8, 11) else "a"


def _draw_reason(view) -> tuple[str, Facts]:
    """Why a player draws: nothing fits, or the one card that fits may not be played, being
    the last card and a special card or a Whot (`win_on_special` off)."""
    fits = view.playable_cards()  # before the rule on going out
    penalty = view.penalty
    facts: Facts = {} if fits else {"nothing_fits": True}
    last = ""
    if fits:
        facts["withheld"] = str(fits[0])
        name = "the Whot" if fits[0].is_whot else facts["withheld"]
        last = (
            f"it is my last card, and these rules let nobody go out on "
            f"{'a Whot' if fits[0].is_whot else 'a special card'}"
        )
    if penalty:
        if view.market_size >= penalty:
            facts["pick_drawn"] = penalty
            draw = f"so I draw the {penalty} cards"
        else:  # a reshuffle may give the rest, or a count end the game first
            facts["pick_owed"] = penalty
            draw = f"so I take the pick of {penalty} cards, as many as the market can give"
        if fits:
            return f"take the pick: {name} would answer it, but {last}, {draw}.", facts
        return f"take the pick: nothing answers it, {draw}.", facts
    pile = _pile_text(view.top, view.called)
    if fits:
        return f"go to market: {name} matches {pile}, but {last}.", facts
    return f"go to market: nothing in my hand matches {pile}.", facts


def _pile_text(top: Card | None, called: Shape | None) -> str:
    if called is not None:
        return f"the call ({called})"
    return str(top) if top is not None else "the empty pile"
