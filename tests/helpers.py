"""Small helpers shared by several test files (imported as `from helpers import ...`)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from collections.abc import Sequence
from html.parser import HTMLParser
from itertools import pairwise
from pathlib import Path
from types import ModuleType
from typing import NamedTuple
from xml.etree import ElementTree as ET

from whot_core import Card, GameState, Shape
from whot_core.toolkit.svg import text_width


def points_by_hand(hand: Sequence[Card], star_double: bool) -> int:
    """RULES.md section 7, written out: face value, a Whot 20, stars doubled if the rules say so."""
    total = 0
    for card in hand:
        if card.is_whot:
            total += 20
        elif card.shape is Shape.STAR and star_double:
            total += 2 * card.number
        else:
            total += card.number
    return total


def snapshot(state: GameState) -> tuple:
    """Everything a move could change, public or not, for before/after and replay comparisons."""
    return (
        state.hands,
        state.pile,
        state.market,
        state.called,
        state.penalty,
        state.current_player,
        state.is_over,
        state.winners,
        state.end_reason,
        state.events,
        state.moves,
        state.penalty_points(),
    )


def table_component(at, key: str | None = None) -> tuple[object, dict]:
    """The page's one table component (Components v2) in an AppTest run, and the data it was
    given; `key`, when given, must be the component's."""
    import json

    others = ("learn_progress_store", "step_controls")  # not a table
    [element] = [e for e in components(at) if not any(o in e.proto.component_name for o in others)]
    if key is not None:
        assert element.key == key
    return element, json.loads(element.proto.json or element.proto.mixed.json)


def components(at) -> list:
    """The Components v2 elements of an AppTest run (a table; the Learn page's progress store)."""
    return [e for e in at.main if getattr(e, "type", None) == "bidi_component"]


def send_component_state(at, name: str, values: dict):
    """Send what a component's JavaScript sends with `setStateValue`: its state values (the
    component whose registered name contains `name`), as the browser would."""
    import json

    from streamlit.proto.WidgetStates_pb2 import WidgetState

    [element] = [e for e in components(at) if name in e.proto.component_name]
    states = at._tree.get_widget_states()
    states.widgets.append(WidgetState(id=element.proto.id, json_value=json.dumps(values)))
    at._run(states)
    assert not at.exception, [e.value for e in at.exception]
    return at


def send_table_event(at, event: str, value: object, key: str | None = None):
    """Send what a table component's JavaScript sends: one trigger event with its value. AppTest
    has no interaction for custom components, so the widget state is built here as the browser
    would (`tests/test_browser.py` clicks the real thing)."""
    element, _ = table_component(at, key)
    return send_component_event(at, element, event, value)


def send_component_event(at, element, event: str, value: object):
    """Send one trigger event with its value from a Components v2 `element` of an AppTest run,
    as its JavaScript's `setTriggerValue` would, and run the page."""
    import json

    from streamlit.proto.WidgetStates_pb2 import WidgetState

    states = at._tree.get_widget_states()
    states.widgets.append(
        WidgetState(
            id=f"$$STREAMLIT_INTERNAL_KEY_{element.proto.id}__events",
            json_trigger_value=json.dumps([{"event": event, "value": value}]),
        )
    )
    at._run(states)
    assert not at.exception, [e.value for e in at.exception]
    return at


#: A search decision's details as a search player gives them (three moves, one never tried):
#: the search chart's drawings, plotly's and the SVG picture's, are tested on it.
SEARCH_DETAILS = {
    "simulations": 30,
    "seconds": 0.5,
    "moves": [
        {"move": "play circle 5", "visits": 18, "share": 0.6, "win_rate": 0.5},
        {"move": "play whot call star", "visits": 12, "share": 0.4, "win_rate": 0.25},
        {"move": "draw", "visits": 0, "share": 0.0, "win_rate": None},
    ],
}


class _Tables(HTMLParser):
    """The rows of every `rows-table` in some HTML, each a list of {heading: cell text}."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[list[dict[str, str]]] = []
        self._head: list[str] = []
        self._row: list[str] | None = None
        self._cell: list[str] | None = None
        self._inside = False

    def handle_starttag(self, tag, attrs):
        if tag == "table" and "rows-table" in (dict(attrs).get("class") or "").split():
            self._inside, self._head = True, []
            self.tables.append([])
        elif self._inside and tag == "tr":
            self._row = []
        elif self._inside and tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag):
        if not self._inside:
            return
        if tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append("".join(self._cell))
            self._cell = None
        elif tag == "tr" and self._row is not None:
            if self._head:
                self.tables[-1].append(dict(zip(self._head, self._row, strict=True)))
            else:
                self._head = self._row
            self._row = None
        elif tag == "table":
            self._inside = False

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def tables(at) -> list[list[dict[str, str]]]:
    """The tables a page drew (`layout.rows_table`), in order: each a list of rows, a row
    {heading: the cell's text as a reader sees it}."""
    parser = _Tables()
    for markdown in at.markdown:
        parser.feed(markdown.value)
    return parser.tables


def column(rows: list[dict[str, str]], heading: str) -> list[str]:
    return [row[heading] for row in rows]


def loaded_by(imports: str, modules: Sequence[str]) -> list[str]:
    """Which of `modules` a fresh interpreter has loaded after running `imports` (an import
    statement): what a module costs whoever imports it, unmasked by this test run's imports."""
    code = f"import sys; {imports}; print(*(m in sys.modules for m in {list(modules)!r}))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return [m for m, there in zip(modules, out.stdout.split(), strict=True) if there == "True"]


def load_script(path: Path) -> ModuleType:
    """A script outside the package (tests/golden/make_*.py) as a module: tests/ is no package."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ------------------------------------------------------- code names in what a learner reads


def _code_name_sets() -> tuple[frozenset[str], frozenset[str]]:
    """Every `Rules` field name, option value and effect, and every preset id: what a learner
    should read in words (issue 28). The second set holds the fields and preset ids, which are
    also code when written `name = ...` or `(name ...)`."""
    from whot_core import Rules
    from whot_core.whot.engine.effects import Effect
    from whot_core.whot.engine.rules import Announcements, Exhausted, HoldOn, MatchFormat, Start

    fields = {f.name for f in Rules.fields()}
    enums = (Start, HoldOn, Announcements, Exhausted, MatchFormat, Effect)
    options = {member.value for enum in enums for member in enum}
    presets = set(Rules.presets())
    return frozenset(fields | options | presets), frozenset(fields | presets)


#: Field names, option values, effects and preset ids (the notebooks allow them in code spans).
CODE_NAMES, _SET_AS_CODE = _code_name_sets()


def _code_patterns() -> list:
    import re

    out = [
        re.compile(rf"(?<![\w/#-]){re.escape(n)}(?![\w-])") for n in sorted(CODE_NAMES) if "_" in n
    ]
    for name in sorted(_SET_AS_CODE):  # `packs = 2`, `(must_play on)`, `(defence: off)`
        out.append(re.compile(rf"\b{re.escape(name)} =|\({re.escape(name)}[ )]"))
        out.append(re.compile(rf"(?<![\w/#-]){re.escape(name)}: (on|off|\d+)\b"))
    out.append(re.compile(r"\b(british|nigerian)\b"))  # a preset id; the word itself is capital
    out.append(re.compile(r"\bseeds/"))  # a seed file, which the repository does not hold
    return out


_CODE_PATTERNS = _code_patterns()


def code_names(text: str) -> list[str]:
    """The code in a learner's text: a name with an underscore, a field or preset id written as
    code (`packs = 2`, `(must_play on)`, `defence: off`), a lower-case preset id, a seed path.
    An error's "(written leader, turn_up)", which says how a person types the options, is not
    counted."""
    import re

    text = re.sub(r" \(written [^)]*\)", "", text)
    return [m.group(0) for p in _CODE_PATTERNS for m in p.finditer(text)]


# ------------------------------------------------------------- the words of an SVG picture

#: The SVG namespace as ElementTree writes a tag's name.
SVG = "{http://www.w3.org/2000/svg}"


def svg_root(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def svg_texts(root: ET.Element, cls: str) -> list[str]:
    """The words of every `<text>` of class `cls`, in order."""
    return [t.text or "" for t in root.iter(f"{SVG}text") if cls in t.get("class", "").split()]


def view_width(root: ET.Element) -> float:
    return float(root.get("viewBox").split()[2])


class Word(NamedTuple):
    """A `<text>` of a picture: its words, left and right edges (as the layout estimates a
    width), size and line (its y)."""

    text: str
    left: float
    right: float
    size: float
    y: str


def words_of(root: ET.Element) -> list[Word]:
    out = []
    for t in root.iter(f"{SVG}text"):
        size = float(t.get("font-size"))
        width = text_width(t.text or "", size) * (1.1 if t.get("font-weight") else 1)
        x = float(t.get("x"))
        left = {"start": x, "middle": x - width / 2, "end": x - width}[t.get("text-anchor")]
        out.append(Word(t.text or "", left, left + width, size, t.get("y")))
    return out


def assert_words_fit(root: ET.Element) -> None:
    """No word past the drawing's edges, and no two words of a line overlapping."""
    width = view_width(root)
    words = words_of(root)
    assert [w.text for w in words if w.left < 0 or w.right > width] == []
    lines: dict[str, list[tuple[float, float]]] = {}
    for w in words:
        lines.setdefault(w.y, []).append((w.left, w.right))
    for spans in lines.values():
        spans.sort()
        assert all(a[1] <= b[0] for a, b in pairwise(spans)), spans


#: DejaVu Sans Bold's advance widths (em) of the badges' letters, measured from the font (the
#: pictures' first font): a badge must hold its words as drawn, whatever the layout estimates.
BOLD_EMS = {"W": 1.1, "I": 0.37, "N": 0.84, "E": 0.68, "R": 0.77, "T": 0.68, "O": 0.85,
            " ": 0.35, "P": 0.73, "L": 0.64, "A": 0.77, "Y": 0.72}  # fmt: skip


def badge_margin(badge: ET.Element) -> float:
    """The room a badge's block (a `badge` group: a rect and its words) leaves each side of its
    words drawn in DejaVu Sans Bold."""
    block, words = badge.find(f"{SVG}rect"), badge.find(f"{SVG}text")
    drawn = float(words.get("font-size")) * sum(BOLD_EMS[c] for c in words.text)
    return (float(block.get("width")) - drawn) / 2


#: The app's folded boxes (`layout.folded_box`: drawn only while open), by their keys: the pages'
#: settings, Play's seats, Side by side's AI players, the uploaders of records and lessons, and
#: the long tables and logs under a page (every toggle, the rules in full, the game so far, game
#: by game, every measure and figure of a comparison).
FOLDED_BOXES = (
    *(f"{page}.settings_open" for page in ("watch", "whist", "side", "play")),
    "play.seats_open",
    "wplay.settings_open",
    "side.ai_open",
    "learn.file_box",
    "watch.upload.open",
    "whist.upload.open",
    "rules.every_open",
    "whist.rules_open",
    "play.log_open",
    "wplay.log_open",
    "score.games_open",
    "compare.measures_open",
    "compare.figures_open",
)


def open_folded(at) -> None:
    """Open every folded box of an `AppTest` before its next run, as a reader who clicked each,
    so that the widgets in them are drawn."""
    for key in FOLDED_BOXES:
        at.session_state[key] = True


def downloads(at) -> list[str]:
    """The labels of the page's download buttons, each checked to leave the page as it is: a
    download that reran the page would cost the server a whole run at every click (the
    teacher's page, for a class) and could replace the button before its file came."""
    for button in at.download_button:
        assert button.proto.ignore_rerun, f"{button.label!r} reruns the page"
    return [button.label for button in at.download_button]


def markup(at) -> list[str]:
    """What every markdown and `st.html` element of a page says, in the page's order (the
    sidebar's first): the pictures are `st.html`, the words and tables markdown."""
    found: list[str] = []

    def walk(node) -> None:
        if getattr(node, "type", None) in ("markdown", "html"):
            found.append(node.value)
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at.sidebar)
    walk(at.main)
    return found


def step_controls(at, page: str) -> tuple[object, dict]:
    """A page's step controls (`layout.step_controls`, a Components v2 element keyed
    `{page}.steps`) in an AppTest run, and the data it was given: its buttons (name, label,
    whether a press would move), the step and the last step."""
    import json

    [element] = [e for e in components(at) if e.key == f"{page}.steps"]
    return element, json.loads(element.proto.json or element.proto.mixed.json)


def press_step(at, page: str, button: str):
    """Press a step button (first, back, next, last or a page's jump) as the browser would."""
    element, _ = step_controls(at, page)
    return send_component_event(at, element, "move", {"button": button})


def slide_step(at, page: str, step: int):
    """Let the step slider go at `step`, as the browser would."""
    element, _ = step_controls(at, page)
    return send_component_event(at, element, "move", {"to": step})


def shown_step(at, page: str) -> int:
    """The step the step controls show (the one the page draws)."""
    return step_controls(at, page)[1]["step"]


def step_moves(at, page: str, button: str) -> bool:
    """Whether a press of `button` would move (a button that would not is shown disabled)."""
    return next(b["moves"] for b in step_controls(at, page)[1]["buttons"] if b["name"] == button)


def open_app_page(page: str, timeout: float = 90, **params: str):
    """The app (AppTest) switched to `page` (its file, e.g. app_pages/shared/classroom.py)
    with the link's `params`, run once, with no exception."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(
        str(Path(__file__).resolve().parent.parent / "app.py"), default_timeout=timeout
    )
    at.query_params.update(params)
    at.switch_page(page)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at
