"""The rules explorer's logic, without Streamlit: what `app.py` and its pages need that the rest
of the package does not already do, as small pure functions the tests can call directly. A page
imports the modules it uses (`from whot_core.whot.app import controls`, then `controls.resolve`):
nothing is re-exported here, so that a module's name says where each name lives.

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
  a run until the leader's share is known (`compare_until`), and the 95% tests of each measure.
- `app.play_table`: the Play page's game as a `Table` and its turn loop (`new_table`,
  `choose`), each card's verdict, the announcement due, a hint.
- `app.table_actions`: the Play page's interactive table: what a click on each card or on
  the market does.
- `app.side_by_side`: one deal under two rule sets stepped together (`play_side_by_side`),
  and each change from the preset in one small position (`change_contrasts`, the Rules page).
- `app.seats`: people and AI players at one Play table: the seats and their names, the pass
  screen between two people's turns, each seat's view of the game, the link's seats and moves.
- `app.table_match`: a rubber, elimination or tournament played game after game at the
  Play table, with the standings.
- `app.html`: pictures and rows of cards as HTML for the pages' markdown.
- `app.layout`: the style every page shares (one screen) and the classroom setting.
"""
