"""A room's secrets and names: join codes a class can read off a projector, the teacher's key,
students' rejoin tokens, the names students give, and the brake on guessing codes.

    >>> all(c not in ALPHABET for c in "01OIL")
    True
    >>> clean_name("  Ada   Obi ")
    'Ada Obi'
    >>> name_key("ADA obi") == name_key("ada OBI")
    True
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import unicodedata
from collections.abc import Iterable

from .store import Refused, TakenOut

__all__ = ["ALPHABET", "CODE_LENGTH", "MAX_NAME", "Throttle", "clean_code", "clean_name",
           "digest", "matches", "name_key", "new_code", "new_secret",
           "refuse_taken_out"]  # fmt: skip

#: The join code's letters: no 0/O, 1/I/L, which a class misreads from the back of a room.
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 5
#: A name's length at most, in characters.
MAX_NAME = 30


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def new_secret() -> str:
    """A teacher's key or a student's rejoin token: unguessable, fit for a link."""
    return secrets.token_urlsafe(16)


def digest(secret: str) -> str:
    """What the store keeps of a secret: its hash, so a copy of the database opens no room."""
    return hashlib.sha256(secret.encode()).hexdigest()


def matches(secret: str, hashed: str) -> bool:
    return hmac.compare_digest(digest(secret), hashed)


def clean_code(typed: str) -> str:
    """A code as typed (any case, spaces, dashes) as the room's code; `Refused` when it cannot
    be one (the letters a code never has are named: the class may have misread them)."""
    code = "".join(typed.split()).replace("-", "").upper()
    wrong = sorted({c for c in code if c not in ALPHABET})
    if len(code) != CODE_LENGTH or wrong:
        why = f" (a code has no {', '.join(wrong)})" if wrong else ""
        raise Refused("code", f"a room's code is {CODE_LENGTH} letters and digits{why}")
    return code


def clean_name(typed: str) -> str:
    """A student's name as the room shows it: spaces run together and trimmed, 1 to
    `MAX_NAME` characters, no control or invisible characters. Markup is kept as text: the
    pages show a name as text, never as HTML."""
    name = " ".join(unicodedata.normalize("NFC", typed).split())
    if not name:
        raise Refused("name", "type a name (a first name is enough)")
    if len(name) > MAX_NAME:
        raise Refused("name", f"at most {MAX_NAME} characters, please")
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise Refused("name", "it has an invisible or control character")
    return name


def name_key(name: str) -> str:
    """Two names are the same name when they differ only in case or in look-alike forms."""
    return unicodedata.normalize("NFKC", name).casefold()


def refuse_taken_out(removed: Iterable[str], key: str) -> None:
    """Refuse a name `key` (`name_key`) that is the name of a student the teacher took out of
    the room (`removed`: their names), in that student's spelling (`TakenOut`). The stores
    keep no key for a removed name (a room's names are unique among those present), so it is
    worked out here, from the name.

        >>> refuse_taken_out(["Eve"], name_key("Bola"))
        >>> refuse_taken_out(["Eve"], name_key("EVE"))
        Traceback (most recent call last):
        ...
        whot_core.classroom.store.TakenOut: name: the teacher took Eve out of this room, ...
    """
    found = next((name for name in removed if name_key(name) == key), None)
    if found is not None:
        raise TakenOut(found)


class Throttle:
    """Slows down whoever keeps trying wrong codes: after `free` wrong tries from one session,
    the next waits `first` seconds and each after it twice as long as the last (up to
    `longest`); a right code clears it. Kept in memory, by session: with 31**5 codes, a guess
    costs time and finds nothing."""

    def __init__(self, free: int = 3, first: float = 5.0, longest: float = 120.0) -> None:
        self.free = free
        self.first = first
        self.longest = longest
        self._failures: dict[str, tuple[int, float]] = {}
        self._lock = threading.Lock()

    def wait(self, session: str, now: float) -> float:
        """Seconds before this session may try again (0: now)."""
        with self._lock:
            count, last = self._failures.get(session, (0, 0.0))
        if count < self.free:
            return 0.0
        return max(0.0, last + min(self.longest, self.first * 2.0 ** (count - self.free)) - now)

    def failed(self, session: str, now: float) -> None:
        with self._lock:
            count, _ = self._failures.get(session, (0, 0.0))
            self._failures[session] = (count + 1, now)

    def succeeded(self, session: str) -> None:
        with self._lock:
            self._failures.pop(session, None)
