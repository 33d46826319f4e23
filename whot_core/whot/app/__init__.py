"""The rules explorer's logic, without Streamlit: what `app.py` and its pages need that the rest
of the package does not already do, as small pure functions the tests can call directly. The pages
do `from whot_core.whot import app as ex` and use `ex.name`: every public name of the modules
below is importable from here.

- `app.controls`: the sidebar's controls, generated from `Rules.fields()`, their sections
  and labels, and `resolve` (the rules the controls ask for; misfits refused with the engine's
  reason).
- `app.rule_tables`: the Rules page's words and tables (`value_text`, `diff_rows`,
  `field_rows`, `rule_sentences`, the preset's decisions, `closest_preset`).
- `app.links`: the rules as query parameters and back, and each page's own parameters read
  safely (`read_int`, `read_choice`, `read_lineup`, `unknown_params`, `nearest_option`).
- `app.files`: an uploaded rules file or game record, size-limited and validated.
- `app.lineup`: the AI levels, a player for each (`make_player`), seat names, player counts.
- `app.scoring`: the Scoring page: a count card by card, match tables.
- `app.comparison`: the Compare page: the rule sets a comparison may use, the worker pool,
  a run until the leader's share is known (`compare_until`, its games fixed by `games_needed`).
- `app.readings`: the line under each of the Compare page's charts of the new measures.
- `app.verdict`: what a comparison found: each measure deal by deal (`paired_tests`), a plain
  summary (`plain_summary`) and the full table (`verdict_rows`).
- `app.play_table`: the Play page's game as a `Table` and its turn loop (`new_table`,
  `choose`), each card's verdict, the announcement due, a hint.
- `app.table_actions`: the Play page's interactive table: what a click on each card or on
  the market does (imported by the page itself, not from here).
- `app.side_by_side`: one deal under two rule sets stepped together (`play_side_by_side`),
  and each change from the preset in one small position (`change_contrasts`, the Rules page).
- `app.seats`: people and AI players at one Play table: the seats and their names, the pass
  screen between two people's turns, each seat's view of the game, the link's seats and moves
  (imported by the page itself, not from here).
- `app.table_match`: a rubber, elimination or tournament played game after game at the
  Play table, with the standings (imported by the page itself).
- `app.html`: pictures and rows of cards as HTML for the pages' markdown.
- `app.layout`: the style every page shares (one screen) and the classroom setting.
"""

from __future__ import annotations

from ..players import EagerRandomPlayer
from .comparison import (
    MAX_WORKERS,
    STOP_BATCH,
    STOP_MAX_GAMES,
    choice_rules,
    compare_until,
    comparison_choices,
    games_needed,
    leader_half_width,
    measure_rows,
    short_labels,
    simulation_pool,
    usable_cores,
)
from .controls import (
    DEFAULT_PRESET,
    GROUPS,
    PLAIN,
    Control,
    Resolved,
    control_values,
    controls,
    field_label,
    option_label,
    refusal_reason,
    resolve,
)
from .files import MAX_RULES_BYTES, read_record, read_rules_file, record_file_name
from .html import cards_html, picture_html
from .layout import CLASSROOM_PARAMS, STAGE_CLASS, classroom_from_params, page_css
from .lineup import LEVELS, make_player, player_counts, seat_names
from .links import RULE_NAMES as RULE_NAMES
from .links import SHARED_PARAMS as SHARED_PARAMS
from .links import (
    FromParams,
    decode_value,
    encode_value,
    nearest_option,
    params_to_rules,
    read_choice,
    read_int,
    read_lineup,
    rules_to_params,
    unknown_params,
)
from .play_table import (
    LogEntry,
    Table,
    Verdict,
    announcement_hint,
    choose,
    final_points,
    hand_verdicts,
    hint,
    new_table,
    since_your_move,
    your_move,
)
from .readings import (
    choice_reading,
    decided_reading,
    endings_reading,
    lead_reading,
    seats_reading,
    skill_reading,
    skill_test,
    worth_reading,
)
from .rule_tables import (
    closest_preset,
    decided_fields,
    diff_rows,
    field_rows,
    rule_sentences,
    value_text,
)
from .scoring import (
    SeatCount,
    count_up,
    play_match,
    results_rows,
    scoring_game,
    seat_name,
    standings_rows,
)
from .side_by_side import (
    SIDE_BY_SIDE_MAX_MOVES,
    SIDE_BY_SIDE_SIMULATIONS,
    ChangeShown,
    SideBySide,
    change_contrasts,
    contrast_html,
    default_other,
    divergence_html,
    play_side_by_side,
)
from .verdict import paired_tests, plain_summary, verdict_rows

__all__ = [
    "CLASSROOM_PARAMS",
    "DEFAULT_PRESET",
    "GROUPS",
    "LEVELS",
    "MAX_RULES_BYTES",
    "MAX_WORKERS",
    "PLAIN",
    "SIDE_BY_SIDE_MAX_MOVES",
    "SIDE_BY_SIDE_SIMULATIONS",
    "STAGE_CLASS",
    "STOP_BATCH",
    "STOP_MAX_GAMES",
    "ChangeShown",
    "Control",
    "EagerRandomPlayer",
    "FromParams",
    "LogEntry",
    "Resolved",
    "SeatCount",
    "SideBySide",
    "Table",
    "Verdict",
    "announcement_hint",
    "cards_html",
    "change_contrasts",
    "choice_reading",
    "choice_rules",
    "choose",
    "classroom_from_params",
    "closest_preset",
    "compare_until",
    "comparison_choices",
    "contrast_html",
    "control_values",
    "controls",
    "count_up",
    "decided_fields",
    "decided_reading",
    "decode_value",
    "default_other",
    "diff_rows",
    "divergence_html",
    "encode_value",
    "endings_reading",
    "field_label",
    "field_rows",
    "final_points",
    "games_needed",
    "hand_verdicts",
    "hint",
    "lead_reading",
    "leader_half_width",
    "make_player",
    "measure_rows",
    "nearest_option",
    "new_table",
    "option_label",
    "page_css",
    "paired_tests",
    "params_to_rules",
    "picture_html",
    "plain_summary",
    "play_match",
    "play_side_by_side",
    "player_counts",
    "read_choice",
    "read_int",
    "read_lineup",
    "read_record",
    "read_rules_file",
    "record_file_name",
    "refusal_reason",
    "resolve",
    "results_rows",
    "rule_sentences",
    "rules_to_params",
    "scoring_game",
    "seat_name",
    "seat_names",
    "seats_reading",
    "short_labels",
    "simulation_pool",
    "since_your_move",
    "skill_reading",
    "skill_test",
    "standings_rows",
    "unknown_params",
    "usable_cores",
    "value_text",
    "verdict_rows",
    "worth_reading",
    "your_move",
]
