"""The rules (`engine/rules.py`) in the words a learner and a rules file's author read: each
preset described sentence by sentence, each sentence a toggle changes, every refusal of a value
or a combination in its whole sentence, and the short text of links and `--set`. Written for the
mutants of `make mutation MODULE=whot_core/whot/engine/rules.py` (docs/testing.md)."""

from __future__ import annotations

import re

import pytest

from whot_core import Rules
from whot_core.whot.engine import rules as R
from whot_core.whot.engine.effects import PICK_SIZE
from whot_core.whot.engine.rules import RulesError, RulesTypeError

BRITISH = Rules.preset("british")
WEB = Rules.preset("nigerian")
STREET = Rules.preset("nigerian_street")

LEADER = "The player left of the dealer starts by playing any card."
PLAY = (
    "Play a card of the same shape or number as the top card, or a Whot and call a shape "
    "(circle, triangle, cross, square, star); or draw one card from the market, which ends your "
    "turn."
)
NO_SPECIALS = "No number has a special effect."
COUNT_DOUBLE = "Cards left in hand score against you: face value, stars count double, a Whot 20."
RESHUFFLE = "When the market runs out, the pile under the top card is shuffled into a new market."
TURN_UP = (
    "One plain card is turned up to start the pile (a special card goes to the bottom of the "
    "market)."
)
HOLD_ON = "1: hold on: the same player plays again."
SUSPENSION = "8: suspension: the next player misses a turn."
GENERAL_MARKET = "14: general market: every other player draws one card."
CHECK_UP = "Going out on a special card wins at once; its effect is not applied."
LAST_CARD = 'Say "last card" with one card left (no penalty).'
ONE_GAME = "One game: the first player out wins."
PICK_TWO_ANSWERED = (
    "2: pick two: the next player draws two cards and misses the turn, unless they answer with "
    "another 2; each 2 played adds two cards, and the first player who does not answer draws "
    "them all and misses the turn."
)
PICK_THREE_ANSWERED = (
    "5: pick three: the next player draws three cards and misses the turn, unless they answer "
    "with another 5; each 5 played adds three cards, and the first player who does not answer "
    "draws them all and misses the turn."
)
DEAL = (
    "The lowest cut deals the first game (a Whot cuts high, as 20); the dealer shuffles, the "
    "player on the dealer's right cuts, and the dealer deals {} cards each, one at a time, "
    "starting on the dealer's left."
)


def _pack(players: int) -> str:
    return f"A pack of 54 cards with 5 Whot cards; 2 to {players} players."


#: Each preset in plain words, sentence by sentence: what the rules page and the lessons show.
DESCRIBED = {
    "british": [
        _pack(10),
        DEAL.format(6),
        LEADER,
        PLAY,
        NO_SPECIALS,
        ("When the market runs out, the pile under the top card is turned over without shuffling."),
        COUNT_DOUBLE,
        "A rubber of 5 games: lowest total wins the kitty.",
    ],
    "british_modern": [
        "A pack of 53 cards with 4 Whot cards; 2 to 10 players.",
        DEAL.format(6),
        LEADER,
        PLAY,
        NO_SPECIALS,
        RESHUFFLE,
        COUNT_DOUBLE,
        "Players with 100 points or more drop out; the last one left wins.",
    ],
    "nigerian": [
        _pack(4),
        DEAL.format(5),
        TURN_UP,
        PLAY,
        HOLD_ON,
        "2: pick two: the next player draws two cards and misses the turn.",
        "5: pick three: the next player draws three cards and misses the turn.",
        SUSPENSION,
        GENERAL_MARKET,
        CHECK_UP,
        LAST_CARD,
        RESHUFFLE,
        "Cards left in hand score against you: face value, stars count face value, a Whot 20.",
        ONE_GAME,
    ],
    "nigerian_street": [
        _pack(8),
        DEAL.format(6),
        LEADER,
        PLAY,
        HOLD_ON,
        PICK_TWO_ANSWERED,
        PICK_THREE_ANSWERED,
        "8: suspension: the next player misses a turn; the star 8 skips the next two opponents.",
        GENERAL_MARKET,
        CHECK_UP,
        ('Say "semi last card" with two cards left and "last card" with one, or draw two cards.'),
        RESHUFFLE,
        COUNT_DOUBLE,
        ONE_GAME,
    ],
    "nigerian_1970s": [
        _pack(8),
        DEAL.format(6),
        LEADER,
        PLAY,
        "1: hold on: the same player plays again and may play any card.",
        "4: everyone picks two: every other player draws two cards.",
        (
            "Going out on a special card wins at once; the effect of a 1 is not applied, but "
            "after a winning 4 every other player still draws two cards, which adds to their count."
        ),
        LAST_CARD,
        RESHUFFLE,
        COUNT_DOUBLE,
        ONE_GAME,
    ],
    "naija_tournament": [
        _pack(4),
        DEAL.format(5),
        TURN_UP,
        PLAY,
        HOLD_ON,
        PICK_TWO_ANSWERED,
        PICK_THREE_ANSWERED,
        SUSPENSION,
        GENERAL_MARKET,
        CHECK_UP,
        LAST_CARD,
        RESHUFFLE,
        COUNT_DOUBLE,
        "After each game the highest count is eliminated, until one player is left.",
    ],
}


@pytest.mark.parametrize("name", Rules.presets())
def test_each_preset_is_described_sentence_by_sentence(name):
    assert Rules.preset(name).describe() == DESCRIBED[name]


@pytest.mark.parametrize(
    ("changes", "sentences"),
    [
        ({"packs": 2}, ["A pack of 108 cards (two packs) with 10 Whot cards; 2 to 10 players."]),
        ({"whot_cards": 1}, ["A pack of 50 cards with 1 Whot card; 2 to 10 players."]),
        (
            {"whot_cards": 0},
            [
                "A pack of 49 cards, no Whot; 2 to 10 players.",
                "Play a card of the same shape or number as the top card; or draw one card from "
                "the market, which ends your turn.",
                "Cards left in hand score against you: face value, stars count double.",
            ],
        ),
        (
            {"hand_size": 1},
            [
                "The lowest cut deals the first game (a Whot cuts high, as 20); the dealer "
                "shuffles, the player on the dealer's right cuts, and the dealer deals 1 card "
                "each, one at a time, starting on the dealer's left."
            ],
        ),
        (
            {"start": "turn_up_live"},
            [
                "One card is turned up to start the pile, whatever it is, and acts as if the "
                "dealer had played it (a hold on or a Whot does nothing: the leader plays as "
                "usual)."
            ],
        ),
        (
            {"must_play": True},
            [
                "You must play when a card fits (a pick waiting on you included); you draw only "
                "when nothing does."
            ],
        ),
        (
            {"multiple_cards": True},
            [
                "You may put down several cards of one number at once (never Whots): the first "
                "must fit, the last is the new top card, and their effects add up (two pick twos "
                "make a pick four), all but hold on, which happens once."
            ],
        ),
        ({"exhausted": "count"}, ["When the market runs out, the game ends with a count."]),
        (
            {"exhausted": "count_at_once"},
            [
                "As soon as the market is empty at the end of a move, the game ends with a count "
                "(a player who goes out on that move still wins)."
            ],
        ),
        ({"match": "single"}, ["One game: the first player out wins."]),
        ({"match": "long_rubber"}, ["A rubber of 10 games: lowest total wins the kitty."]),
        (
            {"star_double": False},
            [
                "Cards left in hand score against you: face value, stars count face value, a Whot "
                "20."
            ],
        ),
        (
            {"defence": True},
            ["Defence changes nothing here: no card is a pick two or a pick three."],
        ),
        (
            {"announcements": "penalty"},
            [
                'Say "semi last card" with two cards left and "last card" with one, or draw two '
                "cards."
            ],
        ),
    ],
)
def test_a_toggle_changes_the_sentences_that_speak_of_it(changes, sentences):
    before = BRITISH.describe()
    after = BRITISH.replace(**changes).describe()
    assert [s for s in after if s not in before] == sentences
    assert len(after) - len(before) in (0, 1)


@pytest.mark.parametrize(
    ("rules", "changes", "sentences"),
    [
        (
            STREET,
            {"hold_on": "skip_next"},
            ["1: hold on: the next player misses a turn."],
        ),
        (
            STREET,
            {"hold_on_free_follow": True},
            ["1: hold on: the same player plays again and may play any card."],
        ),
        (
            STREET,
            {"cross_defence": True},
            [
                "2: pick two: the next player draws two cards and misses the turn, unless they "
                "answer with any pick card that fits; each pick card played adds its own pick "
                "(two or three cards), and the first player who does not answer draws them all "
                "and misses the turn.",
                "5: pick three: the next player draws three cards and misses the turn, unless "
                "they answer with any pick card that fits; each pick card played adds its own "
                "pick (two or three cards), and the first player who does not answer draws them "
                "all and misses the turn.",
            ],
        ),
        (
            STREET,
            {"whot_cancels_pick": True},
            [
                "2: pick two: the next player draws two cards and misses the turn, unless they "
                "answer with another 2 or cancel it with a Whot; each 2 played adds two cards, "
                "and the first player who does not answer draws them all and misses the turn.",
                "5: pick three: the next player draws three cards and misses the turn, unless "
                "they answer with another 5 or cancel it with a Whot; each 5 played adds three "
                "cards, and the first player who does not answer draws them all and misses the "
                "turn.",
            ],
        ),
        (
            STREET,
            {"star8_double": False},
            ["8: suspension: the next player misses a turn."],
        ),
        (
            STREET,
            {"general_market_again": True},
            [
                "14: general market: every other player draws one card, then the player of the 14 "
                "goes again."
            ],
        ),
        (
            STREET,
            {"win_on_special": False},
            ["You may not go out on a special card or a Whot."],
        ),
        (
            WEB,
            {"specials": {4: "everyone_picks_two"}},
            [
                "4: everyone picks two: every other player draws two cards.",
                "Going out on a special card wins at once, and after a winning 4 every other "
                "player still draws two cards, which adds to their count.",
            ],
        ),
    ],
)
def test_a_special_cards_toggle_changes_its_sentence(rules, changes, sentences):
    before = rules.describe()
    after = rules.replace(**changes).describe()
    assert [s for s in after if s not in before] == sentences


def test_the_whot_calls_shapes_in_the_namings_chosen():
    assert BRITISH.describe(nigerian=True)[3] == (
        "Play a card of the same shape or number as the top card, or a Whot and call a shape "
        "(ball, angle, cross, carpet, star); or draw one card from the market, which ends your "
        "turn."
    )


def test_each_sentence_names_the_toggles_it_speaks_of():
    pairs = dict(STREET.describe_fields())
    assert pairs["1: hold on: the same player plays again."] == {
        "specials",
        "hold_on",
        "hold_on_free_follow",
    }
    assert pairs[PICK_TWO_ANSWERED] == {"specials", "defence", "cross_defence", "whot_cancels_pick"}
    assert pairs[
        "8: suspension: the next player misses a turn; the star 8 skips the next two opponents."
    ] == {"specials", "star8_double"}
    assert pairs["14: general market: every other player draws one card."] == {
        "specials",
        "general_market_again",
    }
    assert pairs["Going out on a special card wins at once; its effect is not applied."] == {
        "win_on_special",
        "specials",
    }


EFFECTS_WRITTEN = (
    "(written hold_on, pick_two, pick_three, suspension, general_market or everyone_picks_two)"
)
NUMBERS = "1, 2, 3, 4, 5, 7, 8, 10, 11, 12, 13, 14"


@pytest.mark.parametrize(
    ("changes", "error", "field", "message"),
    [
        (
            {"hand_size": "6"},
            RulesTypeError,
            "hand_size",
            "Hand size must be a whole number, not '6'",
        ),
        (
            {"hand_size": True},
            RulesTypeError,
            "hand_size",
            "Hand size must be a whole number, not True",
        ),
        (
            {"whot_cards": 6},
            RulesError,
            "whot_cards",
            "Whot cards per pack must be 0, 1, 2, 3, 4 or 5, not 6",
        ),
        ({"hand_size": 0}, RulesError, "hand_size", "Hand size must be from 1 to 10, not 0"),
        ({"hand_size": 11}, RulesError, "hand_size", "Hand size must be from 1 to 10, not 11"),
        ({"defence": 1}, RulesTypeError, "defence", "Defence must be on or off, not 1"),
        (
            {"specials": 5},
            RulesTypeError,
            "specials",
            "Special cards must be a table of card numbers and effects, not 5",
        ),
        (
            {"specials": {"20": "hold_on"}},
            RulesError,
            "specials",
            f"Special cards: no card is numbered 20 (the Whot's 20 carries no effect); use "
            f"{NUMBERS}",
        ),
        (
            {"specials": {"x": "hold_on"}},
            RulesTypeError,
            "specials",
            "Special cards: a card number is a whole number, not 'x'",
        ),
        (
            {"specials": {True: "hold_on"}},
            RulesTypeError,
            "specials",
            "Special cards: a card number is a whole number, not True",
        ),
        (
            {"specials": {2: "hold"}},
            RulesError,
            "specials",
            f"The effect of the 2 must be one of its options, not 'hold' {EFFECTS_WRITTEN}",
        ),
        (
            {"specials": {2: 5}},
            RulesTypeError,
            "specials",
            f"The effect of the 2 must be one of its options, not 5 {EFFECTS_WRITTEN}",
        ),
        (
            {"start": "middle"},
            RulesError,
            "start",
            "Start must be one of its options, not 'middle' (written leader, turn_up or "
            "turn_up_live)",
        ),
        (
            {"start": 3},
            RulesTypeError,
            "start",
            "Start must be one of its options, not 3 (written leader, turn_up or turn_up_live)",
        ),
        (
            {"min_players": 5, "max_players": 4},
            RulesError,
            "min_players",
            "Fewest players (5) is more than most players (4)",
        ),
        (
            {"win_on_special": False, "specials": dict.fromkeys(R.SPECIAL_NUMBERS, "hold_on")},
            RulesError,
            "win_on_special",
            "Nobody could ever go out: every number is special, and going out on a special card "
            "is off",
        ),
        (
            {"min_players": 10, "hand_size": 10},
            RulesError,
            "hand_size",
            "10 hands of 10 plus a start card do not fit in the 54 cards of one pack",
        ),
        (
            {"min_players": 10, "max_players": 10, "hand_size": 10, "packs": 2, "whot_cards": 0},
            RulesError,
            "hand_size",
            "10 hands of 10 plus a start card do not fit in the 98 cards of 2 packs",
        ),
    ],
)
def test_a_value_or_a_combination_refused_is_said_in_a_whole_sentence(
    changes, error, field, message
):
    with pytest.raises(error, match=f"^{re.escape(message)}$") as raised:
        BRITISH.replace(**changes)
    assert raised.value.field == field
    assert raised.type is error


def test_a_value_written_in_capitals_or_with_spaces_is_read():
    assert BRITISH.replace(start=" Turn_Up ").start is R.Start.TURN_UP
    assert BRITISH.replace(specials={" 2 ": "pick_two"}).specials == {2: R.Effect.PICK_TWO}


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: BRITISH.replace(colour=1),
            ValueError,
            "unknown rule 'colour'; the rules are: announcements, cross_defence, defence, "
            "exhausted, general_market_again, hand_size, hold_on, hold_on_free_follow, match, "
            "max_players, min_players, multiple_cards, must_play, packs, specials, star8_double, "
            "star_double, start, whot_cancels_pick, whot_cards, win_on_special",
        ),
        (
            lambda: Rules.preset("french"),
            ValueError,
            "unknown preset 'french'; the presets are: british, british_modern, nigerian, "
            "nigerian_street, nigerian_1970s, naija_tournament",
        ),
        (
            lambda: Rules.preset_info("french"),
            ValueError,
            "unknown preset 'french'; the presets are: british, british_modern, nigerian, "
            "nigerian_street, nigerian_1970s, naija_tournament",
        ),
        (lambda: Rules.from_dict([1]), TypeError, "rules must be a table of toggles, not list"),
        (
            lambda: Rules.from_dict({"hand_size": "x"}),
            RulesTypeError,
            "hand_size: Hand size must be a whole number, not 'x'",
        ),
        (
            lambda: Rules.from_dict({"hand_size": 0}),
            RulesError,
            "hand_size: Hand size must be from 1 to 10, not 0",
        ),
        (lambda: BRITISH.check_players(True), TypeError, "players must be an int, not bool"),
        (
            lambda: BRITISH.check_players(1),
            RulesError,
            "Players: these rules seat 2 to 10 players, not 1",
        ),
        (
            lambda: BRITISH.check_players(11),
            RulesError,
            "Players: these rules seat 2 to 10 players, not 11",
        ),
        (
            lambda: BRITISH.replace(hand_size=10).check_players(6),
            RulesError,
            "Packs: 6 hands of 10 plus a start card need 61 cards, but one pack has 54; use two "
            "packs",
        ),
        (
            lambda: BRITISH.replace(hand_size=10, packs=2, whot_cards=0).check_players(10),
            RulesError,
            "Packs: 10 hands of 10 plus a start card need 101 cards, but 2 packs have 98; deal "
            "fewer cards each",
        ),
        (lambda: R.rule_label("colour"), ValueError, "colour: not a rule"),
        (lambda: R.value_words("colour", 1), ValueError, "colour: not a rule"),
        (
            lambda: R.value_from_text("colour", "1"),
            ValueError,
            "colour: not a rule; the rules are: whot_cards, packs, hand_size, start, specials, "
            "hold_on, hold_on_free_follow, defence, cross_defence, whot_cancels_pick, "
            "star8_double, general_market_again, must_play, multiple_cards, win_on_special, "
            "announcements, exhausted, star_double, match, min_players, max_players",
        ),
        (
            lambda: R.value_from_text("defence", "maybe"),
            ValueError,
            "defence: expected on or off, not 'maybe'",
        ),
        (
            lambda: R.value_from_text("hand_size", "six"),
            ValueError,
            "hand_size: expected a whole number, not 'six'",
        ),
        (
            lambda: R.value_from_text("hand_size", "-6"),
            ValueError,
            "hand_size: expected a whole number, not '-6'",
        ),
        (
            lambda: R.value_from_text("specials", "2"),
            ValueError,
            "specials: expected number:effect, not '2'",
        ),
        (
            lambda: R.value_from_text("specials", "99:hold_on"),
            ValueError,
            f"specials: Special cards: no card is numbered 99 (the Whot's 20 carries no effect); "
            f"use {NUMBERS}",
        ),
        (
            lambda: Rules.from_toml("x = ["),
            ValueError,
            "<text>: not valid TOML: Invalid value (at end of document)",
        ),
        (
            lambda: Rules.from_toml("foo = 1\nbar = 2\n[rules]\n"),
            ValueError,
            "<text>: unknown keys ['bar', 'foo']; expected a [rules] table",
        ),
        (lambda: Rules.from_toml("title = 't'\n"), ValueError, "<text>: no [rules] table"),
        (lambda: Rules.from_toml("rules = 1\n"), ValueError, "<text>: no [rules] table"),
        (
            lambda: Rules.from_toml("[rules]\nhand_size = 0\n", "f.toml"),
            RulesError,
            "f.toml: hand_size: Hand size must be from 1 to 10, not 0",
        ),
        (
            lambda: Rules.from_toml("[rules]\nhand_size = 'x'\n", "f.toml"),
            RulesTypeError,
            "f.toml: hand_size: Hand size must be a whole number, not 'x'",
        ),
        (
            lambda: Rules.from_toml("[rules]\n[decisions]\nhand_size = ''\n", "f.toml"),
            TypeError,
            "f.toml: decisions: hand_size needs a sentence saying why, not ''",
        ),
        (
            lambda: Rules.from_toml("[rules]\n[decisions]\nhand_size = 5\n", "f.toml"),
            TypeError,
            "f.toml: decisions: hand_size needs a sentence saying why, not 5",
        ),
        (
            lambda: Rules.from_toml("decisions = 1\n[rules]\n", "f.toml"),
            TypeError,
            'f.toml: decisions must be a table of toggle = "why"',
        ),
    ],
)
def test_a_refusal_names_what_is_wrong_in_a_whole_sentence(call, error, message):
    with pytest.raises(error, match=f"^{re.escape(message)}$") as raised:
        call()
    assert raised.type is error


def test_a_refusal_keeps_the_field_it_names_through_a_file():
    with pytest.raises(RulesError) as raised:
        Rules.from_toml("[rules]\nhand_size = 0\n", "f.toml")
    assert raised.value.field == "hand_size"


def test_a_file_that_is_not_utf8_is_refused(tmp_path):
    path = tmp_path / "latin.toml"
    path.write_bytes("[rules]\ntitle = 'caf\u00e9'\n".encode("latin-1"))
    with pytest.raises(
        ValueError, match=f"^{re.escape(str(path))}: a rules file must be UTF-8 text$"
    ):
        Rules.from_file(path)


@pytest.mark.parametrize(
    ("name", "value", "words"),
    [
        ("hold_on", "skip_next", "the next player misses a turn"),
        ("hold_on", R.HoldOn.SKIP_NEXT, "the next player misses a turn"),
        ("specials", {}, "none"),
        ("specials", {2: "pick_two", 14: "general_market"}, "2 pick two, 14 general market"),
        ("defence", True, "on"),
        ("defence", False, "off"),
        ("hand_size", 6, "6"),
        ("exhausted", R.Exhausted.FLIP, "turn the pile over"),
    ],
)
def test_a_value_in_words(name, value, words):
    assert R.value_words(name, value) == words
    assert R.setting_words(name, value) == f"{R.rule_label(name)}: {words}"


@pytest.mark.parametrize(
    ("name", "value", "text"),
    [
        (
            "specials",
            R.Specials({2: "pick_two", 14: "general_market"}),
            "2:pick_two,14:general_market",
        ),
        ("specials", R.Specials({}), "none"),
        ("defence", True, "on"),
        ("defence", False, "off"),
        ("exhausted", R.Exhausted.FLIP, "flip"),
        ("hand_size", 6, "6"),
    ],
)
def test_a_value_as_short_text_reads_back(name, value, text):
    assert R.value_to_text(value) == text
    assert (
        BRITISH.replace(**{name: R.value_from_text(name, f" {text} ")}).as_dict()[name]
        == BRITISH.replace(**{name: value}).as_dict()[name]
    )


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("on", True),
        ("TRUE", True),
        ("1", True),
        ("yes", True),
        ("off", False),
        ("False", False),
        ("0", False),
        ("no", False),
    ],
)
def test_on_and_off_are_read_in_every_spelling(text, value):
    assert R.value_from_text("defence", text) is value


def test_no_specials_is_read_from_nothing_or_none():
    assert R.value_from_text("specials", "") == {}
    assert R.value_from_text("specials", "None") == {}


def test_a_rules_file_escapes_what_toml_needs():
    text = BRITISH.to_toml(title='A "q"\\', source="s\tt")
    assert text.startswith('title = "A \\"q\\"\\\\"\nsource = "s\\u0009t"\n\n[rules]\n')
    assert R._toml_value("a\x7fb") == '"a\\u007fb"'
    assert R._toml_value(False) == "false" and R._toml_value(3) == "3"
    assert Rules.from_toml(text) == BRITISH
    assert STREET.to_toml().endswith(
        '[rules.specials]\n"1" = "hold_on"\n"2" = "pick_two"\n"5" = "pick_three"\n'
        '"8" = "suspension"\n"14" = "general_market"\n'
    )


def test_a_preset_file_says_its_title_and_decisions():
    info = Rules.preset_info("nigerian_street")
    assert set(info) == {"title", "source", "summary"} and all(info.values())
    assert all(
        isinstance(why, str) and why for why in Rules.preset_decisions("nigerian_street").values()
    )


def test_what_differs_and_what_is_idle():
    assert BRITISH.diff(BRITISH.replace(hand_size=7, defence=True)) == {
        "hand_size": (6, 7),
        "defence": (False, True),
    }
    assert repr(R.Specials({2: "pick_two"})) == "Specials({2: 'pick_two'})"
    assert R.packs_text(1) == "one pack" and R.packs_text(2) == "2 packs"
    assert BRITISH.pack_size == 54
    assert Rules.preset("british_modern").replace(packs=2).pack_size == 106


@pytest.mark.parametrize(
    ("rules", "changes", "idle"),
    [
        (BRITISH, {"hold_on": "skip_next"}, {"hold_on": "no card has the hold on effect"}),
        (
            BRITISH,
            {"hold_on_free_follow": True},
            {"hold_on_free_follow": "no card has the hold on effect"},
        ),
        (
            STREET,
            {"hold_on": "skip_next", "hold_on_free_follow": True},
            {
                "hold_on_free_follow": (
                    "hold on makes the next player miss a turn, so there is no follow-up to free"
                )
            },
        ),
        (BRITISH, {"defence": True}, {"defence": "no card is a pick two or a pick three"}),
        (
            WEB,
            {"cross_defence": True},
            {"cross_defence": "defence is off, so no pick waits for an answer"},
        ),
        (
            STREET.replace(specials={2: "pick_two"}),
            {"cross_defence": True},
            {
                "cross_defence": (
                    "at most one number is a pick card, and defence already lets it answer itself"
                )
            },
        ),
        (
            WEB,
            {"whot_cancels_pick": True},
            {"whot_cancels_pick": "defence is off, so no pick waits for an answer"},
        ),
        (
            STREET.replace(specials={1: "hold_on"}),
            {"whot_cancels_pick": True},
            {"whot_cancels_pick": "no card is a pick two or a pick three"},
        ),
        (
            STREET.replace(whot_cards=0),
            {"whot_cancels_pick": True},
            {"whot_cancels_pick": "the pack has no Whot"},
        ),
        (
            STREET,
            {"specials": {2: "pick_two", 8: "hold_on"}},
            {"star8_double": "8 is not a suspension card"},
        ),
        (
            BRITISH,
            {"general_market_again": True},
            {"general_market_again": "no card is a general market"},
        ),
        (
            STREET,
            {"cross_defence": True, "whot_cancels_pick": True, "general_market_again": True},
            {},
        ),
    ],
)
def test_a_toggle_that_changes_nothing_says_why(rules, changes, idle):
    before = rules.idle_toggles().items()
    assert dict(rules.replace(**changes).idle_toggles().items() - before) == idle


def test_every_sentence_names_the_toggles_it_speaks_of():
    rules = STREET.replace(multiple_cards=True, must_play=True, start="turn_up_live")
    assert [sorted(fields) for _, fields in rules.describe_fields()] == [
        ["max_players", "min_players", "packs", "whot_cards"],
        ["hand_size"],
        ["start"],
        ["whot_cards"],
        ["multiple_cards"],
        ["must_play"],
        ["hold_on", "hold_on_free_follow", "specials"],
        ["cross_defence", "defence", "specials", "whot_cancels_pick"],
        ["cross_defence", "defence", "specials", "whot_cancels_pick"],
        ["specials", "star8_double"],
        ["general_market_again", "specials"],
        ["specials", "win_on_special"],
        ["announcements"],
        ["exhausted"],
        ["star_double"],
        ["match"],
    ]


def test_two_cards_whose_effect_outlasts_the_win_are_both_named():
    both = {4: "everyone_picks_two", 10: "everyone_picks_two"}
    still = (
        "after a winning 4 every other player still draws two cards and after a winning 10 every "
        "other player still draws two cards, which adds to their count."
    )
    assert (
        f"Going out on a special card wins at once, and {still}"
        in WEB.replace(specials=both).describe()
    )
    assert (
        f"Going out on a special card wins at once; the effect of a 1 or 2 is not applied, but "
        f"{still}" in WEB.replace(specials={**both, 1: "hold_on", 2: "pick_two"}).describe()
    )


# ------------------------------------------------- found by the run of 2026-12-06's fourth session


def test_each_sentence_without_a_special_card_names_its_toggle():
    idle = BRITISH.replace(defence=True, announcements="informative")
    assert [sorted(fields) for _, fields in idle.describe_fields()] == [
        ["max_players", "min_players", "packs", "whot_cards"],
        ["hand_size"],
        ["start"],
        ["whot_cards"],
        ["specials"],
        ["defence"],
        ["announcements"],
        ["exhausted"],
        ["star_double"],
        ["match"],
    ]
    assert idle.describe()[2] == LEADER
    assert idle.describe()[5] == (
        "Defence changes nothing here: no card is a pick two or a pick three."
    )
    no_going_out = WEB.replace(win_on_special=False).describe_fields()
    assert (
        "You may not go out on a special card or a Whot.",
        frozenset({"win_on_special"}),
    ) in no_going_out


def test_the_sentences_name_the_shapes_as_asked():
    sentence = PLAY.replace("circle", "ball").replace("triangle", "angle")
    assert dict(BRITISH.describe_fields(nigerian=True))[sentence.replace("square", "carpet")] == {
        "whot_cards"
    }


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"hand_size": 1}, "the dealer deals 1 card each,"),
        ({"hand_size": 2}, "the dealer deals 2 cards each,"),
        ({"whot_cards": 1}, "A pack of 50 cards with 1 Whot card; 2 to 10 players."),
        ({"whot_cards": 2}, "A pack of 51 cards with 2 Whot cards; 2 to 10 players."),
        ({"whot_cards": 0}, "A pack of 49 cards, no Whot; 2 to 10 players."),
    ],
)
def test_one_card_is_said_in_the_singular_and_two_in_the_plural(changes, words):
    assert any(words in sentence for sentence in BRITISH.replace(**changes).describe())


@pytest.mark.parametrize(
    ("rules", "sentence"),
    [
        # Cross defence is idle with one pick number: the 2 answers only itself.
        (STREET.replace(specials={2: "pick_two"}, cross_defence=True), PICK_TWO_ANSWERED),
        # A Whot cannot cancel a pick in a pack without Whots.
        (STREET.replace(whot_cards=0, whot_cancels_pick=True), PICK_TWO_ANSWERED),
        (
            STREET.replace(whot_cancels_pick=True),
            PICK_TWO_ANSWERED.replace("another 2;", "another 2 or cancel it with a Whot;"),
        ),
    ],
)
def test_an_idle_answer_to_a_pick_is_not_offered(rules, sentence):
    assert sentence in rules.describe()


def test_an_8_that_is_no_suspension_speaks_of_its_own_effect():
    rules = STREET.replace(specials={8: "hold_on"})
    assert dict(rules.describe_fields())["8: hold on: the same player plays again."] == {
        "specials",
        "hold_on",
        "hold_on_free_follow",
    }


def test_each_field_carries_its_default_label_and_words():
    fields = {f.name: f for f in Rules.fields()}
    assert fields["hand_size"].default == 6
    assert fields["hold_on"].default is R.HoldOn.PLAY_AGAIN
    assert fields["hold_on"].label == "hold on does"
    assert fields["hold_on"].options == {
        R.HoldOn.PLAY_AGAIN: "the same player plays again",
        R.HoldOn.SKIP_NEXT: "the next player misses a turn",
    }
    assert fields["defence"].label == "defence" and fields["defence"].options == {}


def test_special_cards_print_and_hash_by_their_contents():
    both = R.Specials({14: "general_market", 2: "pick_two"})
    assert repr(both) == "Specials({2: 'pick_two', 14: 'general_market'})"
    assert hash(both) == hash(R.Specials({2: "pick_two", 14: "general_market"}))
    assert hash(both) != hash(R.Specials({2: "pick_two"}))


def test_a_special_with_two_colons_is_refused_for_its_effect():
    with pytest.raises(ValueError) as raised:
        R.value_from_text("specials", "2:pick:two")
    assert str(raised.value) == (
        "specials: The effect of the 2 must be one of its options, not 'pick:two' "
        f"{R._written(R.Effect)}"
    )


def test_a_rules_file_without_a_title_starts_with_its_rules():
    text = BRITISH.to_toml()
    assert text.startswith("[rules]\nwhot_cards = 5\n")
    assert BRITISH.to_toml(summary="S").startswith('summary = "S"\n\n[rules]\n')
    assert BRITISH.to_toml(title="X-ray X").startswith('title = "X-ray X"\n\n[rules]\n')


@pytest.fixture
def ascii_locale():
    """The C locale's ASCII as the text encoding of files opened without one (as on a machine
    whose locale is not UTF-8): a rules file must still be written and read as UTF-8."""
    import locale

    before = locale.setlocale(locale.LC_CTYPE)
    locale.setlocale(locale.LC_CTYPE, "C")
    try:
        yield
    finally:
        locale.setlocale(locale.LC_CTYPE, before)


def test_a_rules_file_is_saved_and_read_as_utf8_whatever_the_locale(tmp_path, ascii_locale):
    path = tmp_path / "house.toml"
    STREET.save(path, title="Caf\u00e9 rules", source="\u201cseed\u201d", summary="\u00e0 la carte")
    assert path.read_bytes().decode("utf-8") == STREET.to_toml(
        "Caf\u00e9 rules", "\u201cseed\u201d", "\u00e0 la carte"
    )
    assert Rules.from_file(path) == STREET
    assert R._read_toml(path)[1] == {
        "title": "Caf\u00e9 rules",
        "source": "\u201cseed\u201d",
        "summary": "\u00e0 la carte",
    }


def test_rules_saved_without_a_title_have_none(tmp_path):
    path = tmp_path / "plain.toml"
    WEB.save(path)
    assert path.read_text(encoding="utf-8") == WEB.to_toml()
    assert R._read_toml(path)[1] == {"title": "", "source": "", "summary": ""}


def test_a_pack_that_holds_the_hands_and_a_start_card_exactly_is_enough():
    no_whot = BRITISH.replace(whot_cards=0)  # 49 cards
    exact = no_whot.replace(min_players=8)  # 8 hands of 6 and a start card: 49
    exact.check_players(8)
    from whot_core import new_game

    dealt = new_game(exact, players=8, seed=3)
    assert dealt.hand_sizes == (6,) * 8 and dealt.market_size == 1  # the leader starts the pile
    with pytest.raises(RulesError) as raised:
        no_whot.replace(min_players=10, hand_size=5)
    assert str(raised.value) == (
        "10 hands of 5 plus a start card do not fit in the 49 cards of one pack"
    )
    with pytest.raises(RulesError) as raised:
        no_whot.check_players(9)
    assert str(raised.value) == (
        "Packs: 9 hands of 6 plus a start card need 55 cards, but one pack has 49; use two packs"
    )


def test_a_number_without_an_effect_is_named_by_the_key_error():
    with pytest.raises(KeyError) as raised:
        WEB.specials[7]
    assert raised.value.args == (7,)


# ---------------------------------------- the toggles' declarations (`_toggle`, run at import)
# mutmut cannot switch these on (the class is made before a mutant can be), so they are planted
# by hand (docs/testing.md, "rules.py's `_toggle`").


@pytest.mark.parametrize("name", Rules.presets())
def test_a_preset_written_again_keeps_every_toggle_its_file_names(name):
    """Only the toggles added after the first files (`LATER_TOGGLES`) are left out while off:
    every preset file, written before them, comes back with the same toggles and values."""
    import tomllib
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "data" / "presets" / f"{name}.toml"
    written = tomllib.loads(path.read_text(encoding="utf-8"))["rules"]
    assert Rules.preset(name).as_dict() == written
    assert R.LATER_TOGGLES and not R.LATER_TOGGLES & set(written)


def test_a_toggle_declared_in_no_sidebar_section_is_refused_by_name():
    with pytest.raises(ValueError) as refused:
        R._toggle(1, "A toggle.", label="Lucky sevens", group="Odds and ends")
    message = str(refused.value)
    assert message.startswith("Lucky sevens: no sidebar section 'Odds and ends'; use one of")
    assert all(group in message for group in R.TOGGLE_GROUPS)


def test_the_toggles_that_act_in_play_are_those_one_position_can_show():
    """`in_play` (by default True) marks a toggle a contrast can show in one position; the deal,
    the pack, the players and the match act elsewhere."""
    fields = {f.name: f for f in Rules.fields()}
    at_the_deal = {"whot_cards", "packs", "hand_size", "start", "min_players", "max_players",
                   "match"}  # fmt: skip
    assert {n for n, f in fields.items() if not f.in_play} >= at_the_deal
    assert all(fields[name].in_play for name in ("defence", "hold_on", "whot_cancels_pick"))


@pytest.mark.parametrize("preset", Rules.presets())
def test_a_pick_cards_sentence_says_who_draws_and_misses_the_turn_under_each_preset(preset):
    """docs/rules.md, section 4: without defence the next player draws and misses the turn;
    with it they may answer, and the first who does not draws it all and misses the turn (the
    street preset's summary once left that out)."""
    rules = Rules.preset(preset)
    picks = [s for s in rules.describe() if ": pick two:" in s or ": pick three:" in s]
    assert bool(picks) == any(e in PICK_SIZE for e in rules.specials.values())
    for sentence in picks:
        assert sentence.count("misses the turn") == (2 if rules.defence else 1), sentence
        assert ("unless they answer with another" in sentence) == rules.defence, sentence
        assert ("draws them all" in sentence) == rules.defence, sentence
