"""The classroom's stores for the tests: a real redis-server of the tests' own (Debian's
/usr/bin/redis-server, never a mock) and the backends the store contract tests run on.

A `RedisServer` listens on a free port of 127.0.0.1 with its files in a temporary folder; it
can be stopped (gently, or killed like a machine that loses power) and started again on the
same port and folder, which is what the tests of a server going away need. Without
redis-server the Redis tests are skipped, except under CI (the environment variable CI set),
where a missing server is a failure: .ci/run installs it.
"""

from __future__ import annotations

import os
import signal
import socket
import sqlite3
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from whot_core.classroom.sqlite_tables import SqliteTableStore

REDIS_SERVER = Path("/usr/bin/redis-server")
START_TIMEOUT = 20.0  # seconds for redis-server to answer PING


def missing() -> str | None:
    """Why a Redis test cannot run here, or None when it can."""
    if not REDIS_SERVER.exists():
        return f"{REDIS_SERVER} is missing (apt-get install redis-server)"
    return None


def require_redis() -> None:
    """Skip the test without redis-server; under CI fail it (CI installs redis-server)."""
    reason = missing()
    if reason and os.environ.get("CI"):
        pytest.fail(f"Redis test under CI: {reason}", pytrace=False)
    if reason:
        pytest.skip(reason)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class RedisServer:
    """One redis-server for a test session or a test. `persist`: every write is appended to
    the folder's append-only file and fsynced before the reply (`appendfsync always`), so a
    killed server loses nothing; otherwise the server keeps nothing on disk."""

    def __init__(self, folder: Path, *, persist: bool = False, options: tuple[str, ...] = ()):
        self.folder = folder
        self.persist = persist
        self.options = options  # more of redis-server's settings, e.g. ("--requirepass", "pw")
        self.port = free_port()
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def command(self) -> list[str]:
        durable = ["--appendonly", "yes", "--appendfsync", "always"]
        volatile = ["--appendonly", "no"]
        return [str(REDIS_SERVER), "--port", str(self.port), "--bind", "127.0.0.1",
                "--dir", str(self.folder), "--save", "", "--daemonize", "no",
                "--logfile", str(self.folder / "redis.log"),
                *(durable if self.persist else volatile), *self.options]  # fmt: skip

    def start(self) -> None:
        """Start the server and wait until it answers (a restart keeps the port and folder)."""
        self.process = subprocess.Popen(self.command(), stdout=subprocess.DEVNULL,
                                        stderr=subprocess.PIPE, text=True)  # fmt: skip
        deadline = time.monotonic() + START_TIMEOUT
        while self.ask("PING") not in ("+PONG", "-NOAUTH Authentication required."):
            if self.process.poll() is not None:
                raise RuntimeError(f"redis-server exited: {self.process.stderr.read()}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"redis-server on port {self.port} did not answer")
            time.sleep(0.05)

    def stop(self, *, kill: bool = False) -> None:
        """Stop the server: gently (SIGTERM, it finishes its files) or killed (SIGKILL)."""
        if self.process is None:
            return
        self.process.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
        self.process.wait(timeout=30)
        self.process = None

    def ask(self, *words: str) -> str | None:
        """One command in Redis's inline protocol, its reply's first line (None: no answer)."""
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=2) as sock:
                sock.sendall((" ".join(words) + "\r\n").encode())
                return sock.makefile().readline().strip()
        except OSError:
            return None

    def flush(self) -> None:
        assert self.ask("FLUSHALL") == "+OK"


@dataclass
class Backend:
    """Where a contract test keeps its rooms and tables: `sqlite` (a file of the test's own) or
    `redis` (the session's server, emptied for the test). `open` makes a new store object on
    the same data each time, which is what a restart of the app's process does."""

    name: str
    url: str  # the WHOT_STORE setting that names it
    server: RedisServer | None = None

    def open(self, **options):
        if self.name == "sqlite":
            return SqliteTableStore(self.url.removeprefix("sqlite:///"), **options)
        from whot_core.classroom.redis_store import RedisStore

        return RedisStore(self.url, **options)

    def records(self) -> int:
        """How many records the store holds: rows of the SQLite file, or keys in Redis."""
        if self.server is not None:
            return int(self.server.ask("DBSIZE").removeprefix(":"))
        db = sqlite3.connect(self.url.removeprefix("sqlite:///"))
        tables = [name for (name,) in db.execute("SELECT name FROM sqlite_master "
                                                 "WHERE type = 'table'")]  # fmt: skip
        return sum(db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in tables)
