"""Command line: `python -m whot_core presets | rules NAME | diff A B | play [options] |
lesson check FILE`.

`--set TOGGLE=VALUE` changes one toggle, written as in the explorer's links: `defence=on`,
`hand_size=5`, `exhausted=count`, `specials=1:hold_on,2:pick_two` (or `specials=none`).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Sequence

from .whot.engine.cards import in_shape_names
from .whot.engine.narrate import describe_event
from .whot.engine.rules import Rules, RulesError, RulesTypeError, value_from_text
from .whot.engine.state import GameState, new_game


def _rules_from(args: argparse.Namespace) -> Rules:
    rules = Rules.from_file(args.file) if getattr(args, "file", None) else Rules.preset(args.preset)
    changes = {}
    for item in getattr(args, "set", None) or []:
        name, equals, value = item.partition("=")
        if not equals:
            raise ValueError(f"--set {item!r}: expected TOGGLE=VALUE, e.g. defence=on")
        changes[name.strip()] = value_from_text(name.strip(), value)
    try:
        return rules.replace(**changes) if changes else rules
    except (RulesError, RulesTypeError) as error:  # the words, after the toggle as typed
        raise ValueError(f"--set {error.field}: {error}") from None


def cmd_presets(args: argparse.Namespace) -> None:
    for name in Rules.presets():
        info = Rules.preset_info(name)
        print(f"{name:17} {info['title']}")
        print(f"{'':17} {info['summary']}")
        print(f"{'':17} source: {info['source']}")


def cmd_rules(args: argparse.Namespace) -> None:
    rules = _rules_from(args)
    for line in rules.describe(nigerian=args.nigerian):
        print(f"- {line}")


def cmd_diff(args: argparse.Namespace) -> None:
    a, b = Rules.preset(args.a), Rules.preset(args.b)
    differences = a.diff(b)
    if not differences:
        print(f"{args.a} and {args.b} have the same rules.")
        return
    width = max(map(len, differences), default=0)
    print(f"{'toggle':{width}}  {args.a} -> {args.b}")
    for name, (mine, theirs) in differences.items():
        print(f"{name:{width}}  {_show(mine)} -> {_show(theirs)}")


def _show(value) -> str:
    if hasattr(value, "items"):
        return "{" + ", ".join(f"{k}: {v}" for k, v in value.items()) + "}" if value else "none"
    return str(value)


def cmd_play(args: argparse.Namespace) -> None:
    """A seeded game between random players, narrated move by move."""
    rules = _rules_from(args)
    state = new_game(rules, players=args.players, seed=args.seed)
    if not args.record:
        _narrate_game(state, args)
        return
    # The record's file is opened first: an unwritable path fails now, not after the game.
    with open(args.record, "w", encoding="utf-8") as out:
        out.write(_narrate_game(state, args).record().to_json())
    print(f"\nRecord written to {args.record}")


def _narrate_game(state: GameState, args: argparse.Namespace) -> GameState:
    """Print the game as it goes; the final state."""
    rng = random.Random(args.seed)
    seen = 0
    for event in state.events:
        print(describe_event(event, nigerian=args.nigerian))
        seen += 1
    while not state.is_over:
        seat = state.current_player
        moves = state.legal_moves()
        plays = [m for m in moves if m.card is not None]
        said = [m for m in plays if m.announce is not None]
        # A random player that plays when it can, and always announces when it must.
        move = rng.choice(said or plays) if plays else moves[-1]
        hand = ", ".join(str(c) for c in state.hands[seat])
        line = f"\n[{len(state.moves) + 1}] Seat {seat} holds {hand}; top {state.top}"
        line += f" (call {state.called})" if state.called else ""
        print(in_shape_names(line, args.nigerian))
        state = state.apply(move)
        events = state.events
        for event in events[seen:]:
            print("    " + describe_event(event, nigerian=args.nigerian))
        seen = len(events)
    return state


def cmd_lesson_check(args: argparse.Namespace) -> None:
    """Read a lesson file as the Learn page does; a summary when it plays, else the error."""
    from .learn.upload import read_lesson_path, summary

    print("\n".join(summary(read_lesson_path(args.file))))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m whot_core",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("presets", help="list the presets").set_defaults(func=cmd_presets)

    rules = sub.add_parser("rules", help="print a preset's rules in plain words")
    rules.add_argument("preset", choices=Rules.presets())
    rules.add_argument("--nigerian", action="store_true", help="Nigerian shape names")
    rules.add_argument("--set", action="append", metavar="TOGGLE=VALUE", help="change a toggle")
    rules.set_defaults(func=cmd_rules)

    diff = sub.add_parser("diff", help="the toggles that differ between two presets")
    diff.add_argument("a", choices=Rules.presets())
    diff.add_argument("b", choices=Rules.presets())
    diff.set_defaults(func=cmd_diff)

    play = sub.add_parser("play", help="narrate a seeded game between random players")
    play.add_argument("--preset", default="nigerian", choices=Rules.presets())
    play.add_argument("--file", help="a rules TOML file instead of a preset")
    play.add_argument(
        "--set", action="append", metavar="TOGGLE=VALUE", help="change a toggle (see above)"
    )
    play.add_argument("--players", type=int, default=2)
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--nigerian", action="store_true", help="Nigerian shape names")
    play.add_argument("--record", help="write the game record (JSON) to this file")
    play.set_defaults(func=cmd_play)

    lesson = sub.add_parser("lesson", help="lesson files (docs/lessons.md)")
    check = lesson.add_subparsers(dest="action", required=True).add_parser(
        "check", help="read a lesson file as the Learn page does; exit 2 if it cannot play"
    )
    check.add_argument("file", help="a lesson file (.toml)")
    check.set_defaults(func=cmd_lesson_check)

    args = parser.parse_args(argv)
    try:
        args.func(args)
    except BrokenPipeError:
        # The reader stopped reading (`| head`): not an error. Point stdout at nothing so that
        # Python's own flush at exit does not complain either.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except (ValueError, TypeError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
