"""What every browser test shares: the screenshots script (which starts the app server and
Debian's Chromium) and the reason a browser test cannot run here.

The fixtures themselves (`browser_page`, and the desk-sized window each test starts in) live in
conftest.py, so that any test file can drive the app in Chromium without importing another test
file. Without Chromium the tests are skipped, except under CI (the environment variable CI set),
where a missing browser is a failure.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("screenshots", ROOT / "scripts" / "screenshots.py")
shots = sys.modules.setdefault("screenshots", importlib.util.module_from_spec(_spec))
_spec.loader.exec_module(shots)

PNG = b"\x89PNG\r\n\x1a\n"


def missing() -> str | None:
    """Why a browser test cannot run on this machine, or None when it can."""
    if not shots.CHROMIUM.exists():
        return f"{shots.CHROMIUM} is missing (apt-get install chromium)"
    if importlib.util.find_spec("playwright") is None:
        return "the playwright package is missing (the dev extra)"
    return None


def require_browser() -> None:
    """Skip the test when Chromium cannot run here; under CI (the environment variable CI set),
    fail it instead: CI installs Chromium, so a missing one is a defect there."""
    import pytest

    reason = missing()
    if reason and os.environ.get("CI"):
        pytest.fail(f"browser test under CI: {reason}", pytrace=False)
    if reason:
        pytest.skip(reason)
