"""What the app keeps to answer faster (issue 31) shows the same as what it replaced: a preset's
words read once are not shared for a caller to change. (The search chart once kept for every
session is an SVG now, drawn in a fraction of a millisecond: tests/test_app.py checks that it
draws the step on the screen.)
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

st = pytest.importorskip("streamlit")

from whot_core import Rules  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

pytestmark = pytest.mark.usefixtures("fresh_streamlit_caches")


def test_a_presets_words_are_read_once_but_not_shared_for_changing():
    info = Rules.preset_info("nigerian")
    title = info["title"]
    info["title"] = "changed by a caller"
    Rules.preset_decisions("nigerian").clear()
    assert Rules.preset_info("nigerian")["title"] == title
    assert Rules.preset_decisions("nigerian") != {}
