"""Whist's Learn path: five short lessons, each a few positions on the Whist table.

As in Whot's lessons (`whot_core.whot.teach.lessons`), a stage is a sentence or two of teaching,
then one question on a real position (`whot_core.whist.teach.questions`), whose answer and
explanation the Whist engine works out, so a lesson cannot teach a rule the engine does not play. A
stage may quote the seed word for word (`WhistStage.quote`), naming it in words (`SOURCE`, as
docs/rules.md's list of sources does).

    >>> first = LESSONS[0]
    >>> first.id, len(first.stages)
    ('following-suit', 4)
    >>> question = first.stages[0].question
    >>> [str(card) for card in question.answer]
    ['5♦']
    >>> question.check(["5♦"]).correct, question.check(["K♠"]).correct
    (True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...toolkit.sources import SEED_001, source_words
from ..engine.cards import Suit
from ..engine.state import WhistState, new_game
from .questions import WhistQuestion, ask

__all__ = ["LESSONS", "SOURCE", "WhistLesson", "WhistStage", "lesson"]

#: The seed's Whist, named as a reader can look it up (`whot_core.sources`).
SOURCE = source_words(SEED_001)


@dataclass(frozen=True)
class WhistStage:
    """One step of a lesson: a sentence or two of teaching, the seed's words on it (`quote`,
    exact, or empty), then one question."""

    text: str
    question: WhistQuestion
    quote: str = ""


@dataclass(frozen=True)
class WhistLesson:
    id: str
    title: str
    stages: tuple[WhistStage, ...]


def lesson(lesson_id: str) -> WhistLesson:
    """The Whist lesson with this id (the id is what links use)."""
    found = {each.id: each for each in LESSONS}
    if lesson_id not in found:
        raise ValueError(f"unknown Whist lesson {lesson_id!r}; the lessons are: {', '.join(found)}")
    return found[lesson_id]


def _at(
    hands: Sequence[Sequence[str]],
    hand: int,
    won: tuple[int, int],
    trick: Sequence[str] = (),
    leader: int | None = None,
    scores: tuple[int, int] = (0, 0),
) -> WhistState:
    """A position late in hand `hand` (its trumps by the rotation): South's, West's, North's
    and East's cards, the tricks already won, the trick so far from `leader`."""
    return WhistState.from_position(
        hands, hand_number=hand, tricks_won=won, trick=trick, leader=leader, scores=scores
    )


def _stage(text: str, question: WhistQuestion, quote: str = "") -> WhistStage:
    return WhistStage(" ".join(text.split()), question, quote)


def _first_lead() -> WhistState:
    """A real first deal (seed 2), where South holds trumps and leads the first trick."""
    return new_game(seed=2)


def _following_suit() -> WhistLesson:
    led = _at([["AS", "4C"], ["5D", "KS", "9H"], ["7D", "2D", "10C"], ["JS", "8H", "6C"]],
              hand=1, won=(5, 5), trick=["QD"], leader=0)  # fmt: skip
    void = _at([["AS", "4C"], ["KS", "9H", "3C"], ["7D", "2D", "10C"], ["JS", "8H", "6C"]],
               hand=1, won=(5, 5), trick=["QD"], leader=0)  # fmt: skip
    holding = _at([["AS", "4C"], ["KS", "9H"], ["7D", "2D", "10H"], ["JS", "8H", "6C"]],
                  hand=1, won=(5, 5), trick=["QD", "3C"], leader=0)  # fmt: skip
    first = _first_lead()
    return WhistLesson(
        "following-suit",
        "Following suit",
        (
            _stage(
                """A trick is one card from each player in turn, clockwise. The leader may
                play any card; each of the others must play a card of the suit led while they
                hold one.""",
                ask("playable", led),
                "Each other player in clockwise order must follow suit if they hold a card of "
                "the led suit; a player void in that suit may play anything, including a trump.",
            ),
            _stage(
                """With no card of the suit led, a player may play any card: a trump, or a
                discard of another suit. Nobody ever has to trump.""",
                ask("playable", void),
                "Trumping is never mandatory — when void, discarding a side-suit card is just as "
                "legal as ruffing.",
            ),
            _stage(
                """Holding a card of the suit led, a player may not trump instead.""",
                ask("legal", holding, "10H"),
                "Following suit is mandatory — the game will only offer you cards of the led "
                "suit while you hold any.",
            ),
            _stage(
                """The leader may lead a trump at any time, even to the first trick of a hand.
                Here hearts are trumps and South leads.""",
                ask("legal", first, max(c for c in first.hand(0) if c.suit is Suit.HEARTS)),
                "Trumps can be led at any time — even the very first trick of the hand. There "
                "is no breaking rule.",
            ),
        ),
    )


def _trumps_lesson() -> WhistLesson:
    worked = _at([["KS"], ["QH"], ["4C"], ["2S", "5H"]],
                 hand=2, won=(6, 5), trick=["AD", "3D", "7D"], leader=0)  # fmt: skip
    two_ruffs = _at([["3C", "QD"], ["AH"], ["10D"], ["6D"]],
                    hand=2, won=(5, 6), trick=["KC", "4S", "9S"], leader=1)  # fmt: skip
    end_of_first = _at([[], [], [], ["JC"]], hand=1, won=(6, 6), trick=["2C", "5C", "9C"],
                       leader=0)  # fmt: skip
    end_of_second = _at([[], [], ["2D"], []], hand=2, won=(6, 6), trick=["AD", "4D", "7D"],
                        leader=3)  # fmt: skip
    return WhistLesson(
        "trumps",
        "Trumps and their rotation",
        (
            _stage(
                """Any trump beats every card of the other suits, however high. Here spades
                are trumps, and East has no diamonds.""",
                ask("winner", worked, "2S"),
                "East wins: the lowliest trump beats the mightiest side-suit ace.",
            ),
            _stage(
                """When two players cannot follow and both trump, the higher trump wins.""",
                ask("winner", two_ruffs, "3C"),
                "When two players are void in the led suit, both may trump, and the higher "
                "trump wins; the led suit stops mattering the moment any trump appears.",
            ),
            _stage(
                """Trumps change every hand in a fixed order that everyone knows before the
                deal: hearts, spades, diamonds, clubs, then a hand with no trumps, and round
                again.""",
                ask("next_trump", end_of_first, "JC"),
                "The current trump is displayed at the top of the table for the whole hand.",
            ),
            _stage(
                """The first lead moves too: South leads the first hand, and each new hand is
                led by the next player to the left, whoever won the last trick. West led this
                hand.""",
                ask("next_leader", end_of_second, "2D"),
                "The lead rotates by hand, not by a dealer button.",
            ),
        ),
    )


def _no_trump() -> WhistLesson:
    end_of_fourth = _at([[], [], [], ["9H"]], hand=4, won=(7, 5), trick=["KH", "3H", "5H"],
                        leader=0)  # fmt: skip
    no_trumps = _at([["9S", "5C"], ["KD"], ["QC"], ["3D"]],
                    hand=5, won=(5, 6), trick=["4S", "AH", "2S"], leader=1)  # fmt: skip
    return WhistLesson(
        "no-trump",
        "The no-trump hand",
        (
            _stage(
                """Every fifth hand is played with no trumps at all. This is the fourth hand,
                with clubs as trumps.""",
                ask("next_trump", end_of_fourth, "9H"),
                "No-trump hands cannot be ruffed. On every fifth hand, being void in the led "
                "suit only lets you discard; nothing beats the led suit.",
            ),
            _stage(
                """With no trumps, a player who cannot follow can only discard, and a discard
                never wins, not even an ace: the highest card of the suit led takes the
                trick.""",
                ask("winner", no_trumps, "9S"),
                "On the no-trump hand there is no ruffing at all: a trick can only be won by the "
                "suit that was led, which makes long suits and high cards decisive.",
            ),
        ),
    )


def _the_book() -> WhistLesson:
    nine = _at([[], [], [], ["4S"]], hand=1, won=(8, 4), trick=["AS", "2S", "3S"], leader=0)
    seven = _at([[], ["5D"], [], []], hand=3, won=(6, 6), trick=["QC", "KC", "2C"], leader=2,
                scores=(2, 1))  # fmt: skip
    ten = _at([[], [], ["QH"], []], hand=2, won=(9, 3), trick=["8H", "JH", "2H"], leader=3,
              scores=(1, 2))  # fmt: skip
    return WhistLesson(
        "the-book",
        "Tricks over the book",
        (
            _stage(
                """After the 13th trick each team counts its tricks. The first six, the book,
                score nothing; each trick past six scores one point.""",
                ask("score", nine, "4S"),
                'Six tricks — the "book" — score nothing; every trick beyond six scores one point.',
            ),
            _stage(
                """The two teams share 13 tricks, so exactly one of them scores each hand. The
                points add to the team's score. Here diamonds are trumps.""",
                ask("score", seven, "5D"),
                "Since the two teams share 13 tricks, exactly one team scores in every hand "
                "(7–6 gives one point; 13–0 gives seven).",
            ),
            _stage(
                """Every trick past the book counts, so a big hand is worth far more than a
                narrow one.""",
                ask("score", ten, "QH"),
                "A 7-6 squeaker and a 10-3 rout both happen off the same thirteen tricks, but "
                "the rout scores four points — more than half the game — while the squeaker "
                "scores one.",
            ),
        ),
    )


def _game_to_seven() -> WhistLesson:
    won = _at([["2H"], [], [], []], hand=5, won=(6, 6), trick=["10H", "JH", "3H"], leader=1,
              scores=(6, 4))  # fmt: skip
    not_yet = _at([[], [], [], ["KD"]], hand=4, won=(6, 6), trick=["4C", "AH", "9C"], leader=0,
                  scores=(5, 6))  # fmt: skip
    past = _at([[], [], [], ["3S"]], hand=3, won=(3, 9), trick=["6D", "QD", "2D"], leader=0,
               scores=(3, 4))  # fmt: skip
    return WhistLesson(
        "game-to-seven",
        "The game to seven",
        (
            _stage(
                """Hands go on until a team has 7 points at the end of a hand, and that team
                wins at once.""",
                ask("game", won, "2H"),
                "Hands are played, with the trump suit rotating each time, until one team "
                "reaches 7 points at the end of a hand. That team wins immediately.",
            ),
            _stage(
                """Only the team that takes seven tricks or more scores, so a team on 6 points
                must still win a hand to reach 7.""",
                ask("game", not_yet, "KD"),
                "Because only one team can score in any given hand, ties are impossible: the "
                "two teams can never cross seven together, so a finished game always has a "
                "clear winner.",
            ),
            _stage(
                """Points past seven count too: a big last hand can end the game above 7.""",
                ask("game", past, "3S"),
                "Scores never decrease. There are no negative points in this ruleset, so the "
                "game state is simply a race from 0 to 7.",
            ),
        ),
    )


#: The lessons in order: trick play, trumps, the no-trump hand, scoring, the game.
LESSONS: tuple[WhistLesson, ...] = (
    _following_suit(),
    _trumps_lesson(),
    _no_trump(),
    _the_book(),
    _game_to_seven(),
)
