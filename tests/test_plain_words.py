"""No code names in what a learner reads (issue 28): every contrast of the Rules page, first
differences, practice questions and their explanations, idle notes and the errors of `Rules`
name each toggle in words (`rule_label`, `setting_phrase`), never as code: no field name such as
`win_on_special`, no option value such as `skip_next`, no preset id such as `naija_tournament`.

An error about a value someone typed (a link, a rules file, `--set`) may end with how its
options are written, "(written leader, turn_up or turn_up_live)": that hint is left out here."""

from __future__ import annotations

import dataclasses
import re

import pytest
from helpers import code_names

from whot_core import Rules
from whot_core.learn import page as learn
from whot_core.whot.app import controls, side_by_side
from whot_core.whot.engine.phrases import setting_phrase
from whot_core.whot.teach import practice
from whot_core.whot.teach.difference import PLAY_TOGGLES, first_difference


def assert_plain(texts: list[tuple[str, str]]) -> None:
    bad = [(where, text, code_names(text)) for where, text in texts if code_names(text)]
    assert not bad, "\n".join(f"{where}: {found}\n    {text}" for where, text, found in bad[:10])


def test_the_check_finds_code_names() -> None:
    assert code_names("under rules A (must_play off)") == ["must_play", "(must_play "]
    assert code_names("set packs = 2") == ["packs ="]
    assert code_names("under rules A (defence: off), Seat 1 picks three") == ["defence: off"]
    assert code_names("with packs: 2") == ["packs: 2"]
    assert code_names("Your rules (nigerian)") == ["(nigerian)", "nigerian"]
    assert code_names("Hold on does: the next player misses a turn. Nigerian shapes.") == []
    assert code_names("Start must be one of its options, not 'x' (written leader, turn_up)") == []


def _changes(preset: str) -> list[Rules]:
    """Each sidebar control set to each value that differs from the preset, one at a time, and
    four card numbers' effects changed."""
    base = Rules.preset(preset)
    out = []
    for control in controls.controls():
        if control.field == "specials":
            continue
        for value in control.options or (True, False):
            try:
                rules = base.replace(**{control.field: value})
            except (TypeError, ValueError):
                continue
            if rules != base:
                out.append(rules)
    for number in (1, 2, 8, 14):
        specials = dict(base.specials)
        if specials.pop(number, None) is None:
            specials[number] = "pick_two"
        out.append(base.replace(specials=specials))
    return out


@pytest.mark.parametrize("preset", Rules.presets())
def test_every_contrast_of_the_rules_page_is_in_words(preset: str) -> None:
    texts = []
    for rules in _changes(preset):
        for shown in side_by_side.change_contrasts(Rules.preset(preset), rules):
            texts += [(shown.title, shown.title), (shown.title, shown.text)]
    assert_plain(texts)


def test_a_contrast_says_each_side_s_setting_as_a_phrase() -> None:
    """ "under the preset (no answering a pick with another card of its number)", never the
    sidebar's label and value ("(defence: off)", "(hold on does: the next player misses a
    turn)"): the setting in each side's brackets holds no colon."""
    sides = re.compile(r"under (?:the preset|your rules) \(([^()]*)\)")
    settings = [
        setting
        for preset in ("nigerian", "british")
        for rules in _changes(preset)
        for shown in side_by_side.change_contrasts(Rules.preset(preset), rules)
        for setting in sides.findall(shown.text)
    ]
    assert len(settings) >= 20
    assert [s for s in settings if ":" in s] == []


#: Rule sets beside the presets: the house rules whose sentences had code names in them.
VARIANTS = {
    "nigerian, must play": Rules.preset("nigerian").replace(must_play=True),
    "nigerian, several cards": Rules.preset("nigerian").replace(multiple_cards=True),
    "nigerian, no going out on a special": Rules.preset("nigerian").replace(win_on_special=False),
    "street, every defence": Rules.preset("nigerian_street").replace(
        cross_defence=True, whot_cancels_pick=True
    ),
}
EVERY = {**{name: Rules.preset(name) for name in Rules.presets()}, **VARIANTS}


def test_every_first_difference_is_in_words() -> None:
    texts = []
    pairs = [(a, b) for a in EVERY for b in EVERY if a != b and EVERY[a] != EVERY[b]]
    for a, b in pairs:
        for seed in range(2):
            parted = first_difference(EVERY[a], EVERY[b], seed=seed)
            texts.append((f"{a} / {b}, deal {seed}", parted.text))
    assert_plain(texts)


@pytest.mark.parametrize("name", list(EVERY))
def test_every_practice_question_and_explanation_is_in_words(name: str) -> None:
    rules = EVERY[name]
    texts = [
        (f"idle {focus}", why)
        for focus in practice.FOCI
        if (why := practice.idle_reason(rules, focus))
    ]
    for kind in practice.KINDS:
        for focus in (None, *practice.FOCI):
            where = f"{kind}, focus {focus}"
            try:
                question = practice.generate(rules, kind, 0, focus=focus)
            except ValueError as error:
                texts.append((where, str(error)))
                continue
            wrong = next(c for c in question.choices if c != question.answer)
            texts += [
                (where, question.prompt),
                (where, question.check(question.answer).explanation),
                (where, question.check(wrong).explanation),
            ]
    assert_plain(texts)


def _waiting_for_a_card(rules: Rules) -> dict[str, bool]:
    """The on/off toggles that, switched on alone, change nothing under `rules`."""
    return {
        name: True
        for name in PLAY_TOGGLES
        if getattr(rules, name) is False and name in rules.replace(**{name: True}).idle_toggles()
    }


def test_every_idle_note_and_plain_rule_is_in_words() -> None:
    british, nigerian = Rules.preset("british"), Rules.preset("nigerian")
    idle = [
        british.replace(hold_on="skip_next", **_waiting_for_a_card(british)),
        nigerian.replace(hold_on="skip_next", hold_on_free_follow=True, cross_defence=True),
        nigerian.replace(whot_cards=0, defence=True, whot_cancels_pick=True),
        nigerian.replace(defence=True, cross_defence=True, specials={2: "pick_two"}),
    ]
    texts = []
    for rules in [*idle, *EVERY.values()]:
        texts += [("idle note", why) for why in rules.idle_toggles().values()]
        texts += [("in plain words", line) for line in rules.describe()]
    assert len([t for t in texts if t[0] == "idle note"]) >= 10
    assert_plain(texts)


BAD = [
    {"hand_size": True},
    {"hand_size": "6"},
    {"defence": 1},
    {"start": 1},
    {"match": "league"},
    {"exhausted": "stop"},
    {"hand_size": 0},
    {"whot_cards": 6},
    {"packs": 3},
    {"specials": {6: "hold_on"}},
    {"specials": {2: "explode"}},
    {"specials": {"two": "pick_two"}},
    {"specials": [1]},
    {"min_players": 5, "max_players": 3},
    {"min_players": 10},
    {
        "win_on_special": False,
        "specials": {n: "hold_on" for n in (1, 2, 3, 4, 5, 7, 8, 10, 11, 12, 13, 14)},
    },
]


def test_every_error_of_rules_is_in_words() -> None:
    texts = []
    for change in BAD:
        with pytest.raises((TypeError, ValueError)) as caught:
            Rules.preset("nigerian").replace(**change)
        assert caught.value.field in change
        texts.append((str(change), str(caught.value)))
    for rules, players in ((Rules.preset("nigerian"), 5), (Rules.preset("british"), 9)):
        with pytest.raises(ValueError) as caught:
            rules.check_players(players)
        texts.append((f"{players} players", str(caught.value)))
    with pytest.raises(ValueError) as caught:
        Rules.preset("british").replace(packs=2, whot_cards=0, hand_size=10).check_players(10)
    texts.append(("two packs, 10 players", str(caught.value)))
    assert_plain(texts)


def _values(field) -> list:
    """Every value the toggle `field` can take (a few for the special cards)."""
    meta, current = field.metadata, getattr(Rules.preset("british"), field.name)
    if field.name == "specials":
        return [{}, {2: "pick_two"}, {2: "pick_two", 14: "general_market", 8: "suspension"}]
    if isinstance(current, bool):
        return [True, False]
    if meta["choices"]:
        return list(meta["choices"])
    return list(range(meta["minimum"], meta["maximum"] + 1))


@pytest.mark.parametrize("field", dataclasses.fields(Rules), ids=lambda f: f.name)
def test_every_setting_a_stage_names_is_a_phrase_not_a_name_and_a_value(field) -> None:
    """Learn's "Under its own rules, British (Waddingtons rulebook), with two packs shuffled
    together": each toggle, at each of its values, in words, never "packs: 2"; two values of
    a toggle never read alike."""
    phrases = [setting_phrase(field.name, value) for value in _values(field)]
    assert_plain([(field.name, phrase) for phrase in phrases])
    for phrase in phrases:
        assert ":" not in phrase and "_" not in phrase, phrase
    assert len(set(phrases)) == len(phrases), phrases
    rules = Rules.preset("british").replace(**{field.name: _values(field)[0]})
    assert ":" not in learn.rules_words(rules)
