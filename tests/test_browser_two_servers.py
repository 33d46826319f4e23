"""Rooms on more than one server (issue 33): two app servers, each `streamlit run app.py` on a
port of its own, share one store, as two processes behind a reverse proxy would (docs/deploy.md).
The teacher's projector opens a room on server A; a phone on server B joins and answers; the
projector's tally, drawn by A, shows the answer kept through B; Reveal on A reaches the phone on
B. Once over one SQLite file, once over a redis-server of its own; and the same for two
friends playing together, each on a server. Then the classroom behind docs/deploy.md's nginx
configuration, as written there: each browser keeps its process (sticky sessions) and the
websockets are upgraded. Without Debian's nginx that test is skipped."""

from __future__ import annotations

import contextlib
import re
import subprocess
from pathlib import Path

import pytest
from browser_support import shots
from store_support import RedisServer, require_redis

from whot_core.classroom.backends import open_store
from whot_core.classroom.questions import choice_button
from whot_core.classroom.room import Classroom

pytestmark = pytest.mark.timeout(600)
WAIT = 60_000  # milliseconds for a screen to show what another screen (or server) did


@pytest.fixture(scope="module", params=["sqlite", "redis"])
def store_url(request, tmp_path_factory):
    """The WHOT_STORE both servers are given: one SQLite file, or one Redis server."""
    folder = tmp_path_factory.mktemp(f"two_servers_{request.param}")
    if request.param == "sqlite":
        yield f"sqlite:///{folder / 'classroom.sqlite3'}"
        return
    require_redis()
    redis = RedisServer(folder)
    redis.start()
    yield redis.url
    redis.stop()


@pytest.fixture(scope="module")
def two_servers(store_url: str):
    """Two app servers on free ports, both keeping rooms in `store_url`: their base URLs.
    Started once for the tests of each store (each test reads only its own room or table)."""
    with contextlib.ExitStack() as stack:
        with pytest.MonkeyPatch.context() as patch:  # the servers' setting, not this process's
            patch.setenv("WHOT_STORE", store_url)
            first = stack.enter_context(shots.serve())
            second = stack.enter_context(shots.serve())
        yield first, second


def screen(chromium, width: int, height: int):
    """A page in a context of its own (its own cookies: its own Streamlit session)."""
    page = chromium.new_context(viewport={"width": width, "height": height}).new_page()
    page.set_default_timeout(WAIT)
    return page


def test_a_phone_on_one_server_answers_a_projector_on_another(store_url, two_servers, browser):
    server_a, server_b = two_servers
    projector, phone = screen(browser, 1280, 720), screen(browser, 390, 844)
    projector.goto(f"{server_a}/classroom?classroom=on")
    projector.get_by_role("button", name="Open the room").click()
    code = shots.shown_code(projector)

    phone.goto(f"{server_b}/classroom?room={code}")
    phone.get_by_label("Your name").fill("Ada")
    phone.get_by_role("button", name="Join").click()
    phone.get_by_text("You are in.").wait_for()
    projector.get_by_text("1 student in the room").wait_for()

    projector.get_by_role("button", name="Ask the first question").click()
    projector.get_by_text("0 of 1 answered").wait_for()
    quiz = Classroom(open_store(store_url)).quiz(code, 0)
    right = choice_button(quiz, quiz.right[0])
    phone.get_by_role("button", name=right, exact=True).click()  # drawn by server B
    phone.get_by_text("Answer sent: ").wait_for()  # their own answer named
    projector.get_by_text("1 of 1 answered").wait_for()  # server A read it

    projector.get_by_role("button", name="Reveal").click()
    phone.get_by_text("Right!").wait_for()  # server B saw server A's reveal
    assert shots.error_boxes(projector) == [] and shots.error_boxes(phone) == []
    answers = Classroom(open_store(store_url)).snapshot(code).answers
    assert [(a.member, a.correct) for a in answers] == [(0, True)]  # kept once, in the store


def test_two_friends_on_two_servers_play_together(store_url, two_servers, browser):
    """Play together across the two servers: Ada opens a table of two on server A, Bo sits down
    on server B, and each move, made on one server, is the other's turn on the other."""
    from test_browser_together import game_of, open_table, play_one, sit

    server_a, server_b = two_servers
    store = open_store(store_url)
    ada, bo = screen(browser, 390, 844), screen(browser, 390, 844)
    code = open_table(ada, server_a, "Ada", players=2)
    sit(bo, server_b, code, "Bo")
    ada.get_by_text("Seat 1: Bo").wait_for()  # server A saw server B's change
    ada.get_by_role("button", name="Start the game").click()
    phones = {0: ada, 1: bo}
    for _ in range(4):  # four turns, each phone on its own server
        table, game = game_of(store, code)
        if game.state.is_over:
            break
        phone = phones[game.state.current_player]
        phone.get_by_text("Your turn.").wait_for()
        # this turn's drawing, not the one before it still on screen (its legal cards
        # are gone once the table catches up, and a click waited for them for ever)
        phone.locator(f'.whot-board[data-turn="{len(table.moves)}"]').wait_for()
        play_one(phone)
        for _ in range(600):
            if len(store.table(code).moves) > len(table.moves):
                break
            phone.wait_for_timeout(100)
        else:
            raise AssertionError("a move did not reach the table")
    assert len(store.table(code).moves) >= 2
    assert shots.error_boxes(ada) == [] and shots.error_boxes(bo) == []


# ------------------------------------------------------------------- behind the proxy

NGINX = Path("/usr/sbin/nginx")
#: What the test's nginx logs of each request: the route (the sticky cookie's value), the
#: process that served it, and the status (101: a websocket upgraded).
LOG = "log_format route '$whot_route $upstream_addr $status $request_uri';"


def proxy_config(docs: str, folder: Path, listen: int, ports: tuple[int, int]) -> str:
    """docs/deploy.md's nginx configuration, as written, on the test's ports, inside the few
    lines an nginx.conf needs around it (its files in `folder`, a log of the routes)."""
    block = re.search(r"```nginx\n(.*?)```", docs, re.S).group(1)
    for old, new in (("127.0.0.1:8501", f"127.0.0.1:{ports[0]}"),
                     ("127.0.0.1:8502", f"127.0.0.1:{ports[1]}"),
                     ("listen 80;", f"listen 127.0.0.1:{listen};")):  # fmt: skip
        assert block.count(old) == 1, f"docs/deploy.md's nginx block has no single {old!r}"
        block = block.replace(old, new)
    temp = " ".join(f"{kind}_temp_path {folder}/{kind};" for kind in
                    ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))  # fmt: skip
    head = f"pid {folder}/nginx.pid;\nerror_log {folder}/error.log;\nevents {{}}\n"
    return f"{head}http {{\n{LOG}\naccess_log {folder}/access.log route;\n{temp}\n{block}}}\n"


@contextlib.contextmanager
def nginx(config: str, folder: Path):
    """nginx in the foreground with `config`; always stopped."""
    (folder / "nginx.conf").write_text(config)
    command = [str(NGINX), "-p", str(folder), "-c", str(folder / "nginx.conf"), "-g", "daemon off;"]
    subprocess.run([*command[:5], "-t"], check=True, capture_output=True)  # the config is valid
    process = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
    try:
        yield
    finally:
        process.terminate()
        process.wait(timeout=30)


def routes(folder: Path) -> dict[str, set[str]]:
    """Each route (a browser's cookie) and the processes that served its requests."""
    served: dict[str, set[str]] = {}
    for line in (folder / "access.log").read_text().splitlines():
        route, upstream, _status, _uri = line.split(" ", 3)
        served.setdefault(route, set()).add(upstream)
    return served


def test_two_servers_behind_the_docs_nginx_each_browser_keeps_its_process(tmp_path, browser):
    """The projector and a phone through docs/deploy.md's proxy, on two servers sharing one
    SQLite file: every request of a browser goes to one process, the websockets upgrade, and
    the phone (on the other process than the projector's) answers into the projector's room."""
    if not NGINX.exists():
        pytest.skip(f"{NGINX} is missing (apt-get install nginx)")
    docs = (shots.ROOT / "docs" / "deploy.md").read_text("utf-8")
    store = f"sqlite:///{tmp_path / 'classroom.sqlite3'}"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("WHOT_STORE", store)
        with shots.serve() as a, shots.serve() as b:
            ports = (int(a.rsplit(":", 1)[1]), int(b.rsplit(":", 1)[1]))
            listen = shots.free_port()
            with nginx(proxy_config(docs, tmp_path, listen, ports), tmp_path):
                _through_the_proxy(browser, f"http://127.0.0.1:{listen}", tmp_path, store)
    log = (tmp_path / "access.log").read_text()
    assert " 101 /_stcore/stream" in log  # the websockets were upgraded through the proxy
    assert all(len(upstreams) == 1 for upstreams in routes(tmp_path).values()), routes(tmp_path)


def _through_the_proxy(chromium, base: str, folder: Path, store: str) -> None:
    projector = screen(chromium, 1280, 720)
    projector.goto(f"{base}/classroom?classroom=on")
    projector.get_by_role("button", name="Open the room").click()
    code = shots.shown_code(projector)
    mine = _upstreams_of(projector, folder)
    assert len(mine) == 1, f"the projector's requests went to several processes: {mine}"
    for _ in range(12):  # a phone whose cookie routes it to the other process
        phone = screen(chromium, 390, 844)
        phone.goto(f"{base}/classroom?room={code}")
        phone.get_by_label("Your name").wait_for()
        if _upstreams_of(phone, folder) != mine:
            break
        phone.context.close()
    else:
        pytest.fail("twelve phones in a row were routed to the projector's process")
    phone.get_by_label("Your name").fill("Ada")
    phone.get_by_role("button", name="Join").click()
    phone.get_by_text("You are in.").wait_for()
    projector.get_by_role("button", name="Ask the first question").click()
    quiz = Classroom(open_store(store)).quiz(code, 0)
    phone.get_by_role("button", name=choice_button(quiz, quiz.right[0]), exact=True).click()
    projector.get_by_text("1 of 1 answered").wait_for()
    projector.get_by_role("button", name="Reveal").click()
    phone.get_by_text("Right!").wait_for()
    for page in (projector, phone):  # nginx logs a websocket when it closes: before nginx stops
        page.context.close()


def _upstreams_of(page, folder: Path) -> set[str]:
    """The processes that served the page's browser so far (by its route cookie)."""
    (cookie,) = [c["value"] for c in page.context.cookies() if c["name"] == "whot_route"]
    return routes(folder)[cookie]
