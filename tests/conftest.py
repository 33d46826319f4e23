"""Shared helpers for the scenario tests: build a position from card text, play moves, read events.

Scenario tests build small positions by hand so the expected hands, turns and scores can be worked
out in the test itself. These helpers only save typing; they add no behaviour of their own.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import pytest

from whot_core import Card, Event, GameState, Move, Rules


def rules_of(rules: Rules | str, **toggles: Any) -> Rules:
    """A preset by name (or a rules object), with some toggles changed."""
    base = Rules.preset(rules) if isinstance(rules, str) else rules
    return base.replace(**toggles) if toggles else base


def position(
    rules: Rules | str,
    hands: Sequence[Sequence[str]],
    pile: Sequence[str] = (),
    market: Sequence[str] | None = (),
    **kwargs: Any,
) -> GameState:
    """`GameState.from_position` with a preset name allowed and an EMPTY market by default.

    An explicit market (next card drawn first) makes every draw predictable; pass `market=None`
    to have the rest of the pack shuffled in instead.
    """
    return GameState.from_position(rules_of(rules), hands=hands, pile=pile, market=market, **kwargs)


def play(state: GameState, *moves: str | Move) -> GameState:
    """Apply each move in turn through the checked path and return the final state."""
    for move in moves:
        state = state.apply(move)
    return state


def new_events(before: GameState, after: GameState) -> list[Event]:
    """The events `after` added to those of `before` (the log only grows)."""
    return list(after.events[len(before.events) :])


def cards(*texts: str) -> tuple[Card, ...]:
    """Card values from card text, to compare with hands, the pile and the market."""
    return tuple(Card.parse(text) for text in texts)


@pytest.fixture(scope="session")
def chromium():
    """Debian's Chromium, started once for the test session (each xdist worker has its own):
    a launch costs a second or two, and each test's screens are browser contexts of their own
    (their own cookies, session and storage), closed after the test (`closed_contexts`).
    Playwright's sync API runs one instance a thread: a test takes this one, never its own."""
    from browser_support import require_browser, shots

    require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=str(shots.CHROMIUM), headless=True, args=shots.CHROMIUM_ARGS
        )
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture(scope="session")
def app_server(tmp_path_factory):
    """The app server the browser tests share, started once for the test session (each xdist
    worker has its own): its base URL and the SQLite file its rooms and tables are kept in.
    A start and the first page's imports cost seconds a server; a test that needs a server of
    its own (stopped and started again, another store) starts one. A test on this one finds
    its rooms and tables by their codes: other tests' are in the same file."""
    import contextlib

    from browser_support import require_browser, shots

    require_browser()
    store = tmp_path_factory.mktemp("app_server") / "classroom.sqlite3"
    with contextlib.ExitStack() as stack:
        with pytest.MonkeyPatch.context() as patch:  # the server's setting, not this process's
            patch.setenv("WHOT_STORE", f"sqlite:///{store}")
            base = stack.enter_context(shots.serve())
        yield base, store


@pytest.fixture(scope="module")
def browser_page(chromium, app_server):
    """One Chromium page for a whole test module, on the shared app server; always closed."""
    from browser_support import shots

    base, _ = app_server
    context = chromium.new_context(viewport={"width": 1400, "height": 1000})
    try:
        page = context.new_page()
        page.set_default_timeout(shots.PAGE_TIMEOUT)
        yield base, page
    finally:
        context.close()


@pytest.fixture
def browser(chromium):
    """Debian's Chromium, for tests with several people's screens: each `new_context()` is
    one person's device (its own cookies, session and storage), closed after the test."""
    return chromium


@pytest.fixture(autouse=True)
def closed_contexts(request):
    """Every browser context a browser test opened is closed after it: an open page keeps its
    Streamlit session (and its reruns) going on the server while the next tests run."""
    if not {"browser", "browser_page"} & set(request.fixturenames):
        yield
        return
    if "browser_page" in request.fixturenames:
        request.getfixturevalue("browser_page")  # the module's own page stays open
    chromium = request.getfixturevalue("chromium")
    before = set(map(id, chromium.contexts))
    yield
    for context in chromium.contexts:
        if id(context) not in before:
            context.close()


@pytest.fixture(autouse=True)
def desk_window(request):
    """Each browser test starts in a 1400x1000 window, whatever the test before it set."""
    if "browser_page" in request.fixturenames:
        _, page = request.getfixturevalue("browser_page")
        page.set_viewport_size({"width": 1400, "height": 1000})


@pytest.fixture
def fresh_streamlit_caches():
    """Empty Streamlit's caches around an app test: `st.cache_data` and `st.cache_resource`
    outlive an AppTest, and a game cached by one test would hide what the next one checks."""
    import streamlit as st

    st.cache_data.clear()
    st.cache_resource.clear()
    yield
    st.cache_data.clear()
    st.cache_resource.clear()


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "sweep: a slow sweep over many cases, left out of a quick mutation pass (MUTATION_QUICK)",
    )


#: The fixtures of a test that drives Chromium or starts an app server: seconds a test.
BROWSER_FIXTURES = {"browser", "browser_page", "chromium", "app_server"}


def browser_files_first(items) -> None:
    """The files with a browser test before the others, each file's tests in their order: with
    `--dist loadfile` a worker takes a whole file, and the files were handed out fewest tests
    last (xdist's reordering, switched off in pyproject.toml), so a browser file of one to five
    tests, a minute or more, ran last while the other worker had nothing left to do."""
    slow = {item.path for item in items if BROWSER_FIXTURES & set(item.fixturenames)}
    items.sort(key=lambda item: item.path not in slow)  # stable: a file's tests keep their order


def pytest_collection_modifyitems(config, items):
    """The browser files first (`browser_files_first`). `make mutation` names the tests that
    cover a module in `MUTATION_TESTS` (test files, space-separated; scripts/mutation_score.py
    --tests): the other tests are deselected, so that each mutant runs only those. With
    `MUTATION_QUICK` set too, the tests marked `sweep` are deselected as well, and the files
    written for mutants (`*_mutants.py`) run first: a first pass over a slow module's mutants,
    whose survivors are then run again without it (docs/testing.md); with `MUTATION_TIMEOUT`,
    each test's time limit in seconds, so that a mutant that loops for ever fails sooner than
    the run's 600 s. Unset (every other run), nothing is deselected and no limit changed."""
    browser_files_first(items)
    wanted = os.environ.get("MUTATION_TESTS", "").split()
    if not wanted:
        return
    quick = bool(os.environ.get("MUTATION_QUICK"))

    def kept(item) -> bool:
        in_file = item.nodeid.split("::")[0] in wanted
        return in_file and not (quick and item.get_closest_marker("sweep"))

    dropped = [item for item in items if not kept(item)]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = [item for item in items if kept(item)]
    if quick:  # the files written for mutants first: fast, and aimed at them (-x stops there)
        items.sort(key=lambda item: not item.nodeid.split("::")[0].endswith("_mutants.py"))
    limit = os.environ.get("MUTATION_TIMEOUT")  # seconds a test, in place of the run's 600
    if limit:
        for item in items:
            item.add_marker(pytest.mark.timeout(float(limit)))


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory):
    """A redis-server of this test session's own (each xdist worker has one), stopped at the
    end; skipped without /usr/bin/redis-server (store_support.py)."""
    from store_support import RedisServer, require_redis

    require_redis()
    server = RedisServer(tmp_path_factory.mktemp("redis"))
    server.start()
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "redis"])
def backend(request, tmp_path):
    """The classroom's store contract tests run on each backend: an SQLite file of the test's
    own, or the session's Redis server emptied for the test (`store_support.Backend`)."""
    from store_support import Backend

    if request.param == "sqlite":
        return Backend("sqlite", f"sqlite:///{tmp_path / 'classroom.sqlite3'}")
    server = request.getfixturevalue("redis_server")
    server.flush()
    return Backend("redis", server.url, server)
