"""What the app keeps to answer faster (issue 31) shows the same as what it replaced: a search
chart made once for every session is the chart of the step on the screen, for the game on the
screen; a preset's words read once are not shared for a caller to change.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

st = pytest.importorskip("streamlit")
from streamlit.testing.v1 import AppTest  # noqa: E402

from whot_core import Rules  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

pytestmark = pytest.mark.usefixtures("fresh_streamlit_caches")


def watch_chart(sims: int, step: int) -> tuple[dict, dict]:
    """The Watch page's search chart at `step` (a search player's move), and the details of the
    move it charts, for a game whose search player runs `sims` simulations a move."""
    from app_pages.whot import games

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    params = {"preset": "nigerian", "seed": "3", "seats": "search,heuristic", "sims": str(sims)}
    at.query_params.update({**params, "step": str(step)})
    at.switch_page("app_pages/whot/watch.py").run()
    assert not at.exception, [e.value for e in at.exception]
    (chart,) = at.get("plotly_chart")
    frames, _ = games.watch_game(
        Rules.preset("nigerian").to_toml(), ("search", "heuristic"), 3, sims, False
    )
    return json.loads(chart.proto.spec), frames[step].details


def test_a_search_chart_kept_for_every_session_charts_the_game_and_step_shown():
    from whot_core.whot.show.figures import search_figure

    first, details = watch_chart(sims=50, step=3)
    # Charted from this step's details: the search's moves and visits are in the chart.
    expected = json.loads(search_figure(details).to_json())
    assert first["data"] == expected["data"]
    again, _ = watch_chart(sims=50, step=3)  # from the cache: the same chart
    assert again == first
    # Another game (the same deal, another search budget) or another step: another chart.
    other, other_details = watch_chart(sims=25, step=3)
    assert other_details != details and other["data"] != first["data"]
    later, later_details = watch_chart(sims=50, step=5)
    assert later_details.get("simulations") and later["data"] != first["data"]


def test_a_presets_words_are_read_once_but_not_shared_for_changing():
    info = Rules.preset_info("nigerian")
    title = info["title"]
    info["title"] = "changed by a caller"
    Rules.preset_decisions("nigerian").clear()
    assert Rules.preset_info("nigerian")["title"] == title
    assert Rules.preset_decisions("nigerian") != {}
