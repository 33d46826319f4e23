"""`contrast` (one position, two rule sets) and `first_difference` (one deal, two rule sets).

Every check here is made with the engine's own public API, independently of how the module found
its answer: the positions must be equal but for the rules, the outcomes must differ as the brief
defines it, and the toggle must matter there; the shared moves of two games must replay alike
under both rule sets, and the parting they report must be real.
"""

from __future__ import annotations

import itertools
from functools import cache

import pytest
from helpers import code_names

from whot_core import (
    Announcements,
    Exhausted,
    GameOver,
    GameState,
    HoldOn,
    Move,
    Rules,
    contrast,
    first_difference,
    new_game,
)
from whot_core.whot.engine.rules import rule_label
from whot_core.whot.teach.difference import PLAY_TOGGLES, first_rule_act, seat_players

P = Rules.preset

#: Rule sets to compare: the presets, and presets with the toggles no two presets differ in.
RULE_SETS: dict[str, Rules] = {name: P(name) for name in Rules.presets()} | {
    "nigerian+skip_next": P("nigerian").replace(hold_on=HoldOn.SKIP_NEXT),
    "street+skip_next": P("nigerian_street").replace(hold_on=HoldOn.SKIP_NEXT),
    "street+market_again": P("nigerian_street").replace(general_market_again=True),
    "british-win_on_special": P("british").replace(win_on_special=False),
    "nigerian-win_on_special": P("nigerian").replace(win_on_special=False),
    "british+count": P("british").replace(exhausted=Exhausted.COUNT),
    "nigerian+count": P("nigerian").replace(exhausted=Exhausted.COUNT),
    "british+count_at_once": P("british").replace(exhausted=Exhausted.COUNT_AT_ONCE),
    "british+must_play": P("british").replace(must_play=True),
    "nigerian+multiple_cards": P("nigerian").replace(multiple_cards=True),
    "street+cross_and_whot": P("nigerian_street").replace(
        cross_defence=True, whot_cancels_pick=True
    ),
    "british+penalty": P("british").replace(announcements=Announcements.PENALTY),
}
PAIRS = list(itertools.permutations(RULE_SETS, 2))


def numbers_that_differ(a: Rules, b: Rules) -> list[int]:
    return [n for n in range(1, 15) if a.specials.get(n) != b.specials.get(n)]


def cases(toggle: str) -> list[tuple[str, int | None, str, str]]:
    """The toggle between every two rule sets, in both orders. For specials, each card number
    that differs, and each two rule sets in one order only, every other pair the other way
    round (828 cases in both orders, each a search of its own): the search in the other order
    finds the same position and move (`test_a_special_cards_contrast_swapped_is_its_mirror`
    checks a sample)."""
    out = []
    if toggle == "specials":
        for k, (name_a, name_b) in enumerate(itertools.combinations(RULE_SETS, 2)):
            name_a, name_b = (name_a, name_b) if k % 2 == 0 else (name_b, name_a)
            a, b = RULE_SETS[name_a], RULE_SETS[name_b]
            out += [(toggle, n, name_a, name_b) for n in numbers_that_differ(a, b)]
        return out
    for name_a, name_b in PAIRS:
        out.append((toggle, None, name_a, name_b))
    return out


@cache
def found(toggle: str, number: int | None, name_a: str, name_b: str):
    """The contrast, or the ValueError's message."""
    try:
        return contrast(RULE_SETS[name_a], RULE_SETS[name_b], toggle, number=number)
    except ValueError as error:
        return str(error)


@pytest.fixture(scope="module", autouse=True)
def fresh_contrasts():
    """`found` keeps each contrast for the module's tests; a process that ran them before must
    not hand its contrasts on (mutmut runs the tests once, then forks a process per mutant)."""
    found.cache_clear()


def with_value(rules: Rules, toggle: str, number: int | None, value) -> Rules:
    if toggle != "specials":
        return rules.replace(**{toggle: value})
    items = dict(rules.specials)
    items.pop(number, None)
    if value is not None:
        items[number] = value
    return rules.replace(specials=items)


def outcome(state: GameState, move: Move) -> tuple:
    """The brief's outcome: the legal moves, whether `move` is allowed, and what it leads to
    (hands, turn, end, winners, counts, market, and the next legal moves)."""
    if not state.is_legal(move):
        return state.legal_moves(), None
    after = state.apply(move)
    return state.legal_moves(), (
        after.hands,
        after.current_player,
        after.is_over,
        after.winners,
        after.penalty_points(),
        after.market,
        after.legal_moves(),
    )


def same_position(state: GameState, rules: Rules) -> GameState:
    """`state`'s cards under other rules."""
    return GameState.from_position(
        rules,
        hands=state.hands,
        pile=state.pile,
        market=state.market,
        to_play=state.current_player,
        called=state.called,
        penalty=state.penalty,
    )


# ------------------------------------------------------------------------------------ contrast


@pytest.mark.sweep  # tests/test_difference_mutants.py checks one case per pair of values
@pytest.mark.parametrize("toggle", PLAY_TOGGLES)
def test_contrast_is_one_position_whose_outcome_the_toggle_changes(toggle):
    for case in cases(toggle):
        check_contrast(*case)


def test_a_special_cards_contrast_swapped_is_its_mirror():
    # One case in ten of the specials sweep and the last at each card number, in the order the
    # sweep leaves out (a search of its own): a contrast as the sweep checks it, the same
    # position and move, the values swapped.
    every = cases("specials")
    last = {case[1]: case for case in every}
    sample = every[::10] + list(last.values())
    for toggle, number, name_a, name_b in sample:
        check_contrast(toggle, number, name_b, name_a)
        there, back = found(toggle, number, name_a, name_b), found(toggle, number, name_b, name_a)
        for read in ("hands", "pile", "market", "current_player"):
            assert getattr(there.state_a, read) == getattr(back.state_a, read), (number, read)
        assert there.move == back.move and there.values == back.values[::-1]


def check_contrast(toggle: str, number: int | None, name_a: str, name_b: str) -> None:
    a, b = RULE_SETS[name_a], RULE_SETS[name_b]
    shown = found(toggle, number, name_a, name_b)
    va = a.specials.get(number) if toggle == "specials" else getattr(a, toggle)
    vb = b.specials.get(number) if toggle == "specials" else getattr(b, toggle)
    if isinstance(shown, str):  # refused: the values are equal, or idle under one rule set
        idle = any(
            toggle in rules.idle_toggles()
            or toggle in with_value(rules, toggle, number, v).idle_toggles()
            for rules, v in ((a, vb), (b, va))
        )
        assert va == vb or idle, (name_a, name_b, shown)
        return
    sa, sb = shown.state_a, shown.state_b
    assert (sa.rules, sb.rules) == (a, b)
    assert shown.values == (va, vb)
    where = f"{toggle} {number} {name_a} {name_b}"
    for read in ("hands", "pile", "market", "current_player", "called", "penalty", "events"):
        assert getattr(sa, read) == getattr(sb, read), (where, read)
    out_a, out_b = outcome(sa, shown.move), outcome(sb, shown.move)
    assert out_a != out_b, where
    assert out_a[1] != out_b[1], where  # the move shows it: allowed under one only, or not alike
    # the toggle matters here: set alone to the other value, it changes one side's outcome
    swapped_a = outcome(same_position(sa, with_value(a, toggle, number, vb)), shown.move)
    swapped_b = outcome(same_position(sb, with_value(b, toggle, number, va)), shown.move)
    assert swapped_a != out_a or swapped_b != out_b, where
    for state, after in ((sa, shown.after_a), (sb, shown.after_b)):
        if state.is_legal(shown.move):
            assert after.events == state.apply(shown.move).events
        else:
            assert after is None
    assert shown.text.startswith(f"Seat {sa.current_player} ")
    assert "under rules A (" in shown.text and "; under rules B (" in shown.text


def covered() -> set[tuple[str, frozenset]]:
    """Each toggle with the pairs of values some case showed (unordered)."""
    out = set()
    for case in (c for toggle in PLAY_TOGGLES for c in cases(toggle)):
        shown = found(*case)
        if not isinstance(shown, str):
            out.add((case[0], frozenset(map(str, shown.values))))
    return out


@pytest.mark.sweep
def test_every_play_toggle_and_every_pair_of_its_values_is_shown():
    seen = covered()
    assert {toggle for toggle, _ in seen} == set(PLAY_TOGGLES)
    for toggle in ("announcements", "exhausted"):
        kinds = {"announcements": Announcements, "exhausted": Exhausted}[toggle]
        for pair in itertools.combinations(kinds, 2):
            assert (toggle, frozenset(map(str, pair))) in seen, pair
    effects = {value for toggle, values in seen if toggle == "specials" for value in values}
    assert effects >= {
        "None",
        "hold_on",
        "pick_two",
        "pick_three",
        "suspension",
        "general_market",
        "everyone_picks_two",
    }


def test_a_contrast_says_what_the_engine_did():
    defence = contrast(P("nigerian"), P("nigerian_street"), "defence")
    victim = (defence.state_a.current_player + 1) % defence.state_a.players
    assert len(defence.after_a.hands[victim]) > len(defence.after_b.hands[victim])
    assert defence.after_b.penalty > 0 and defence.after_b.current_player == victim
    assert f"Seat {victim} must answer with the same number" in defence.text

    stars = contrast(P("british"), P("nigerian"), "star_double")
    assert stars.after_a.winners != stars.after_b.winners
    for after in (stars.after_a, stars.after_b):
        end = after.events[-1]
        assert isinstance(end, GameOver)
        counts = ", ".join(f"Seat {s} has {p} points" for s, p in enumerate(end.points))
        assert f"({counts})" in stars.text

    last = contrast(P("british"), RULE_SETS["british-win_on_special"], "win_on_special")
    assert last.after_a.is_over and last.after_a.winners == (0,)
    assert last.after_b is None and "not allowed" in last.text

    skip = contrast(P("nigerian"), RULE_SETS["nigerian+skip_next"], "hold_on")
    assert skip.after_a.current_player == 0 != skip.after_b.current_player

    count = contrast(P("british"), RULE_SETS["british+count"], "exhausted")
    assert count.state_a.market_size == 0
    assert not count.after_a.is_over and count.after_b.is_over


@pytest.mark.parametrize(
    "name_a, name_b, toggle, words",
    [
        ("nigerian", "nigerian_street", "hand_size", "does not act during play"),
        ("nigerian", "nigerian_street", "match", "does not act during play"),
        ("nigerian", "nigerian_street", "colour", "unknown toggle"),
        ("nigerian", "naija_tournament", "hold_on", "the same player plays again, under both"),
        ("british", "nigerian", "defence", "Defence: off, under both"),
        ("british", "nigerian_street", "defence", "changes nothing under rules A: no card is"),
        ("nigerian_1970s", "british", "hold_on_free_follow", "changes nothing under rules B"),
        ("street+skip_next", "nigerian_1970s", "hold_on_free_follow", "no follow-up to free"),
        ("nigerian", "naija_tournament", "specials", "every number the same effect"),
    ],
)
def test_a_toggle_that_cannot_differ_is_refused_with_the_reason(name_a, name_b, toggle, words):
    with pytest.raises(ValueError, match=words):
        contrast(RULE_SETS[name_a], RULE_SETS[name_b], toggle)


def test_a_card_number_is_only_for_specials_and_must_differ():
    with pytest.raises(ValueError, match="the 1 is hold on under both"):
        contrast(P("nigerian"), P("nigerian_1970s"), "specials", number=1)
    with pytest.raises(ValueError, match="only the specials toggle"):
        contrast(P("nigerian"), P("nigerian_street"), "defence", number=2)


def test_contrast_is_deterministic():
    first = contrast(P("nigerian_street"), P("nigerian_1970s"), "specials", number=4)
    again = contrast(P("nigerian_street"), P("nigerian_1970s"), "specials", number=4)
    assert (first.move, first.text, first.state_a.hands, first.state_a.market) == (
        again.move,
        again.text,
        again.state_a.hands,
        again.state_a.market,
    )


# ---------------------------------------------------------------------------- first_difference


def public(state: GameState) -> tuple:
    return state.events, state.hands, state.current_player, state.is_over


def replay(rules: Rules, players: int, seed: int, moves) -> list[GameState]:
    states = [new_game(rules, players, seed)]
    for move in moves:
        states.append(states[-1].apply(move))
    return states


def step_result(rules: Rules, players: int, seed: int, moves, move: Move):
    state = replay(rules, players, seed, moves)[-1]
    return public(state.apply(move)) if state.is_legal(move) else None


GAMES = [
    ("nigerian", "naija_tournament", 2, ("heuristic", "heuristic")),
    ("nigerian", "nigerian_street", 2, ("heuristic", "heuristic")),
    ("british", "british_modern", 2, ("heuristic", "heuristic")),
    ("nigerian_street", "nigerian_1970s", 2, ("heuristic", "heuristic")),
    ("nigerian", "naija_tournament", 3, ("random", "heuristic", "random")),
    ("nigerian", "nigerian+count", 2, ("random", "random")),
]


@pytest.mark.parametrize("name_a, name_b, players, levels", GAMES)
def test_first_difference_shares_moves_that_replay_alike_then_parts_for_real(
    name_a, name_b, players, levels
):
    a, b = RULE_SETS[name_a], RULE_SETS[name_b]
    diff = a.diff(b)
    kinds = set()
    for seed in range(30):
        d = first_difference(a, b, players=players, seed=seed, levels=levels)
        kinds.add(d.kind)
        assert d.step == len(d.moves)
        games_a, games_b = replay(a, players, seed, d.moves), replay(b, players, seed, d.moves)
        for state_a, state_b in zip(games_a[1:], games_b[1:], strict=True):
            assert public(state_a) == public(state_b)
        assert public(d.state_a) == public(games_a[-1])
        assert public(d.state_b) == public(games_b[-1])
        assert set(d.toggles) <= set(diff)
        if d.kind == "same":
            assert games_a[-1].is_over and not d.toggles
            assert "the same game" in d.text
            continue
        assert d.toggles
        if d.kind != "deal":
            assert all(rule_label(name) in d.text for name in d.toggles)
        if d.kind == "deal":  # said in words: the cards dealt, the start, the specials
            assert d.step == 0 and public(games_a[0]) != public(games_b[0])
            assert d.text.startswith("The deal differs: ") and d.text.count(". ") <= 1
        elif d.kind == "choice":
            assert d.move_a != d.move_b
            assert games_a[-1].is_legal(d.move_a) and games_b[-1].is_legal(d.move_b)
            assert "chooses differently" in d.text
        else:
            assert d.kind == "effect" and d.move_a == d.move_b
            after_a, after_b = games_a[-1].apply(d.move_a), games_b[-1].apply(d.move_b)
            assert public(after_a) != public(after_b)
            assert public(d.after_a) == public(after_a)
            # each toggle named, set alone to the other value, changes what the move does
            for name in d.toggles:
                flips = (
                    (a.replace(**{name: diff[name][1]}), public(after_a)),
                    (b.replace(**{name: diff[name][0]}), public(after_b)),
                )
                assert any(
                    step_result(rules, players, seed, d.moves, d.move_a) != base
                    for rules, base in flips
                ), name
    assert kinds - {"same"}  # the games do part somewhere


def test_first_difference_with_search_players_and_determinism():
    a, b = P("nigerian"), P("naija_tournament")
    args = dict(players=2, seed=5, levels=("search", "heuristic"), simulations=30)
    first, again = first_difference(a, b, **args), first_difference(a, b, **args)
    assert (first.step, first.moves, first.toggles, first.text) == (
        again.step,
        again.moves,
        again.toggles,
        again.text,
    )
    assert first.kind != "same"


def test_first_difference_refuses_equal_rules_and_bad_levels():
    with pytest.raises(ValueError, match="the same"):
        first_difference(P("nigerian"), P("nigerian"))
    with pytest.raises(ValueError, match="one AI level per seat"):
        first_difference(P("nigerian"), P("british"), players=3)
    with pytest.raises(ValueError, match="unknown AI level"):
        first_difference(P("nigerian"), P("british"), levels=("heuristic", "genius"))


def test_games_that_never_part_say_so():
    # match only changes how games make a match: every game is played alike
    a = P("nigerian")
    d = first_difference(a, a.replace(match="tournament"), seed=3)
    assert d.kind == "same" and d.toggles == () and d.state_a.is_over
    assert d.step == len(d.moves) == len(d.state_a.moves)


def test_first_difference_stops_at_the_move_limit():
    a, b = P("nigerian"), RULE_SETS["nigerian+count"]
    whole = first_difference(a, b, seed=0, levels="random")
    assert whole.step > 3  # the market runs out late in the game
    cut = first_difference(a, b, seed=0, levels="random", max_moves=3)
    assert (cut.kind, cut.step, cut.moves, cut.toggles) == ("same", 3, whole.moves[:3], ())
    assert "still the same after 3 moves" in cut.text


@pytest.mark.parametrize("preset", Rules.presets())
@pytest.mark.parametrize("toggle", ["must_play", "multiple_cards"])
def test_a_contrast_that_changes_the_next_moves_says_how(preset: str, toggle: str):
    """Under must play and several cards the same move can lead to the same events: then the
    two halves must still differ, naming what is allowed (issue 28, item 7)."""
    base = Rules.preset(preset)
    shown = contrast(base, base.replace(**{toggle: not getattr(base, toggle)}), toggle)
    first, second = shown.text.split(": under rules A ", 1)[1].split("; under rules B ")
    assert first.split(", ", 1)[1] != second.rstrip(".").split(", ", 1)[1], shown.text


def test_a_deal_that_differs_is_two_short_sentences():
    """British against Nigerian: the hand size and the start, then the specials (issue 30,
    fault 7: it was one sentence of 90 words ending with the rules' code names)."""
    labels = ("the British rules", "the Nigerian rules")
    parted = first_difference(P("british"), P("nigerian"), seed=1, labels=labels)
    assert parted.kind == "deal"
    first, second = parted.text.split(". The special cards differ too: ")
    top = parted.state_b.top
    assert first == (
        "The deal differs: under the British rules, 6 cards each and the leader starts the "
        f"pile; under the Nigerian rules, 5 cards each and {top} is turned up to start the pile "
        "(the 4 cards turned up first went under the market)"
    )
    assert second == (
        "none under the British rules; 1 hold on, 2 pick two, 5 pick three, 8 suspension, "
        "14 general market under the Nigerian rules."
    )
    assert not code_names(parted.text)


@pytest.mark.parametrize("seed", range(4))
def test_the_first_rule_of_play_to_act_after_a_deal_that_differs(seed):
    """Where the deal differs, the first move in either game that the other rule set's rules of
    play would make do something else, and nothing earlier in either game."""
    rules = (P("british"), P("nigerian"))
    lines = []
    for r in rules:
        state, players = new_game(r, 2, seed), seat_players(("heuristic",) * 2, seed)
        line = [state]
        while not state.is_over and len(line) < 200:
            seat = state.current_player
            state = state.apply(players[seat].choose(state.view(seat)).move)
            line.append(state)
        lines.append(line)
    act = first_rule_act(rules, lines)
    assert act is not None and act.toggles
    hybrids = [r.replace(specials=o.specials, announcements=o.announcements,
                         exhausted=o.exhausted, star_double=o.star_double)
               for r, o in (rules, rules[::-1])]  # fmt: skip

    def acts(side, step):
        state, move = lines[side][step], lines[side][step + 1].moves[-1]
        mirror = [GameState.from_position(r, state.hands, state.pile, state.market,
                                          state.current_player, state.called, state.penalty)
                  for r in (rules[side], hybrids[side])]  # fmt: skip
        after = [m.apply(move) if m.is_legal(move) else None for m in mirror]
        return [None if a is None else (a.hands, a.market, a.current_player) for a in after]

    first, second = acts(act.side, act.step)
    assert first != second
    for side in (0, 1):
        for step in range(act.step):
            one, other = acts(side, step)
            assert one == other, (side, step)
    assert act.text.startswith(f"At move {act.step + 1} under rules ")
    assert "The rule that makes the difference: special cards." in act.text


@pytest.mark.parametrize("preset", ["nigerian", "british"])
def test_count_when_a_draw_finds_it_empty_and_count_at_once_show_different_positions(preset):
    """Issue 28: no game under "count as soon as it is empty" reaches an empty market, so its
    picture takes the market's last card, which ends the game there and not under the preset;
    "count when a draw finds it empty" shows a draw from the empty market."""
    rules = P(preset)
    labels = ("the preset", "your rules")
    when_drawn = contrast(rules, rules.replace(exhausted="count"), "exhausted", labels=labels)
    at_once = contrast(rules, rules.replace(exhausted="count_at_once"), "exhausted", labels=labels)
    assert when_drawn.text != at_once.text
    assert when_drawn.state_b.market_size == 0 and "finds the market empty" in when_drawn.text
    assert at_once.state_b.market_size == 1 and at_once.move.is_draw
    assert at_once.after_b.is_over and not at_once.after_a.is_over
    assert at_once.after_b.market_size == 0
    assert at_once.text.startswith("Seat 0 goes to market and takes the market's last card:")
    assert "finds the market empty" not in at_once.text
