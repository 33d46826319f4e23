"""The Play together page through Streamlit's AppTest (no browser): what a seat's screen says
before and during a game. The tables are opened in an SQLite store of the test's own; the whole
game from several phones is `test_browser_together.py`'s."""

from __future__ import annotations

import itertools
import re
import sys
import time
from pathlib import Path

import pytest

st = pytest.importorskip("streamlit")
import helpers  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402

from whot_core.classroom import table as tables  # noqa: E402
from whot_core.classroom.sqlite_tables import SqliteTableStore  # noqa: E402
from whot_core.classroom.table_games import GAMES  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PAGE = "app_pages/shared/together.py"
TIMEOUT = 90
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

pytestmark = pytest.mark.usefixtures("fresh_streamlit_caches")


@pytest.fixture
def store(tmp_path, monkeypatch) -> SqliteTableStore:
    path = tmp_path / "tables.sqlite3"
    monkeypatch.setenv("WHOT_STORE", f"sqlite:///{path}")
    return SqliteTableStore(path)


def open_page(**params: str) -> AppTest:
    return helpers.open_app_page(PAGE, TIMEOUT, **params)


def shown(at: AppTest) -> str:
    """Every word the page shows: its HTML and Markdown, buttons, boxes, captions, choices."""
    words = helpers.markup(at) + [b.label for b in at.button]
    words += [e.body for kind in (at.success, at.warning, at.info) for e in kind]
    words += [c.value for c in at.caption] + [s.value for s in at.subheader]
    words += [str(o) for box in at.selectbox for o in box.options]
    return "\n".join(words)


#: A level's id where a person reads it: a chooser's option, a help's bold head, "a heuristic AI"
#: or an AI's seat named by its id. The Whot random level's help says "Plays a random card",
#: which is a word, not the id: the patterns look for the id's shapes, not the word.
IDS = "(random|heuristic|search)"
LEVEL_ID = re.compile(rf"\*\*{IDS}\*\*|\b{IDS} AI\b|^{IDS}$|\({IDS}\)", re.MULTILINE)


@pytest.mark.parametrize(("game", "seats"), [("whot", 3), ("whist", 4)])
def test_the_hosts_seating_names_the_ai_levels_by_their_titles(store, game, seats):
    """A reviewer: the levels were shown as their ids ("random:", "heuristic:") in the chooser,
    its help, the buttons and the list of seats. Each is the level's title now."""
    levels = GAMES[game].levels
    ada = tables.open_table(store, game, "Ada", seats=seats, now=time.time())
    at = open_page(table=ada.code, me=ada.token)
    chooser = at.selectbox(key="together.level")
    assert list(chooser.options) == [levels.title(n) for n in levels.names]
    assert chooser.options == ["Random", "Heuristic", "Search"]
    assert f"Put a Heuristic AI player in Seat {seats - 1}" in [b.label for b in at.button]
    assert "**Search**: " in " ".join(c.value for c in at.caption)
    assert not LEVEL_ID.search(shown(at)), LEVEL_ID.findall(shown(at))
    chooser.set_value("search").run()
    at.button(key="together.ai.1").click().run()
    assert store.table(ada.code).seats[1].level == "search"  # the id is what the store keeps
    assert "Seat 1: Search AI player" in "\n".join(helpers.markup(at))
    assert not LEVEL_ID.search(shown(at)), LEVEL_ID.findall(shown(at))
    projector = open_page(table=ada.code, watch="1")
    assert "Seat 1: Search AI player" in "\n".join(helpers.markup(projector))
    assert not LEVEL_ID.search(shown(projector)), LEVEL_ID.findall(shown(projector))


def test_the_host_is_offered_a_stand_in_for_an_away_seat_by_its_title(store):
    long_ago = time.time() - 10 * tables.AWAY_AFTER
    ada = tables.open_table(store, "whot", "Ada", seats=2, now=time.time())
    tables.sit(store, ada.code, "Obi", now=long_ago)
    tables.start(store, ada.code, ada.token, now=time.time())
    at = open_page(table=ada.code, me=ada.token)
    assert "Let a Heuristic AI player play Seat 1 until they are back" in [
        b.label for b in at.button
    ]
    at.button(key="together.away.1").click().run()
    assert store.table(ada.code).seats[1].level == tables.STAND_IN


@pytest.mark.parametrize(
    "url",
    [
        "http://192.168.1.20:8501/together?table=AB2CD&names=nigerian",
        "https://whot.example.org/classroom?room=XY7Z9",
        "http://localhost:8501/together?table=<b>&x=1",
    ],
)
def test_the_join_link_may_wrap_between_its_parts_only(url):
    """The link says the whole address, escaped, with a place to wrap after each "/" of its
    path and before its "?" and each "&", and none inside "http://" or a query's part (the
    browser test measures the lines at 390 px)."""
    import html

    from app_pages.shared.room_views import link_markup

    markup = link_markup(url)
    assert html.unescape(re.sub("<[^>]+>", "", markup)) == url and "<b>" not in markup
    pieces = [re.sub("<[^>]+>", "", piece) for piece in markup.split("<wbr>")]
    assert pieces[0] in ("http://", "https://")
    assert all(p.endswith("/") or nxt[0] in "?&" for p, nxt in itertools.pairwise(pieces))
    assert [p for p in pieces if p[0] in "?&"] == [
        html.escape(p) for p in re.findall(r"[?&][^?&]*", url)
    ]
