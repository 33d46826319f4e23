"""Which store the classroom uses: one setting, `WHOT_STORE`, a URL whose scheme names the
backend. Without it, an SQLite file in the user's data folder (`$XDG_DATA_HOME/whot/`, by
default `~/.local/share/whot/`). A backend is registered here by its scheme: `sqlite:///` for
one machine, `redis://host:port/db` (and `rediss://`, TLS) for app processes on several machines
sharing one Redis server (docs/deploy.md); the rules of rooms and tables do not change.

    >>> store_path("sqlite:////srv/whot/rooms.sqlite3", {})
    PosixPath('/srv/whot/rooms.sqlite3')
    >>> store_path("", {"XDG_DATA_HOME": "/data"})
    PosixPath('/data/whot/classroom.sqlite3')
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path

from .sqlite_tables import SqliteTableStore
from .store import RoomStore

__all__ = ["BACKENDS", "SETTING", "open_store", "store_path"]

#: The environment variable that says where the classroom's data lives.
SETTING = "WHOT_STORE"
#: The default file's name in the data folder.
DEFAULT_FILE = "classroom.sqlite3"


def store_path(url: str, environ: Mapping[str, str]) -> Path:
    """The SQLite file a `sqlite:///path` URL names (three slashes and a relative path, four
    and an absolute one), or the default file when `url` is empty."""
    if not url:
        home = environ.get("XDG_DATA_HOME") or str(Path(environ.get("HOME", "~")) / ".local/share")
        return Path(home).expanduser() / "whot" / DEFAULT_FILE
    path = url.removeprefix("sqlite:///")
    if path == url or not path:
        raise ValueError(f"{SETTING}: {url!r} is not sqlite:///<file> (e.g. sqlite:////tmp/w.db)")
    return Path(path).expanduser()


def _sqlite(url: str, environ: Mapping[str, str]) -> RoomStore:
    """The rooms and the game tables in one SQLite file (`SqliteTableStore` is both)."""
    return SqliteTableStore(store_path(url, environ))


def _redis(url: str, environ: Mapping[str, str]) -> RoomStore:
    """The rooms and the game tables on a Redis server (`RedisStore` is both too)."""
    from .redis_store import RedisStore  # the redis package is needed only by who uses it

    return RedisStore(url)


#: The backends by a URL's scheme.
BACKENDS: dict[str, Callable[[str, Mapping[str, str]], RoomStore]] = {
    "sqlite": _sqlite,
    "redis": _redis,
    "rediss": _redis,
}


def open_store(url: str | None = None, environ: Mapping[str, str] | None = None) -> RoomStore:
    """The store `url` names (by default the `WHOT_STORE` setting, else the SQLite default)."""
    environ = os.environ if environ is None else environ
    url = environ.get(SETTING, "") if url is None else url
    scheme = url.partition(":")[0] if url else "sqlite"
    if scheme not in BACKENDS:
        raise ValueError(f"{SETTING}: {scheme!r} is not a store here; the stores are: "
                         f"{', '.join(BACKENDS)}")  # fmt: skip
    return BACKENDS[scheme](url, environ)
