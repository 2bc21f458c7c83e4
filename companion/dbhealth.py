"""When the database cannot take writes: what the user is told, and the start-up check.

A read-only database file (or a read-only PostgreSQL standby) and a full disk both surface
as driver errors deep in a write; they become `Unavailable` with a sentence a player can act
on, answered as 503 (JSON under /api, the table's alert on the pages)."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError

READ_ONLY = ("readonly", "read-only", "read only")
FULL = ("disk is full", "no space left", "could not extend", "disk quota", "disk i/o error")
MIN_FREE = 16 * 1024 * 1024  # below this, the start-up check refuses to serve

READ_ONLY_MESSAGE = ("The server cannot save right now: its database is read-only. Nothing "
                     "was changed; tell whoever runs the server.")
DAMAGED = ("malformed", "file is not a database")
DAMAGED_MESSAGE = ("The server cannot read this game: its database is damaged. Nothing was "
                   "changed; tell whoever runs the server.")
FULL_MESSAGE = ("The server cannot save right now: its disk is full. Nothing was changed; "
                "tell whoever runs the server.")


class Unavailable(Exception):
    """The database refuses writes for a reason outside the game (read-only, disk full).
    `message` is for the players, `reason` for whoever runs the server."""

    def __init__(self, message: str, reason: str = ""):
        self.message, self.reason = message, reason or message
        super().__init__(self.reason)


def unavailable(exc: BaseException) -> Unavailable | None:
    """An `Unavailable` for a driver error that means "cannot write here", else None."""
    if not isinstance(exc, DBAPIError | sqlite3.Error):
        return None
    words = str(exc).lower()
    if any(w in words for w in READ_ONLY):
        return Unavailable(READ_ONLY_MESSAGE, f"the database is read-only ({exc})")
    if any(w in words for w in FULL):
        return Unavailable(FULL_MESSAGE, f"the database's disk is full ({exc})")
    if any(w in words for w in DAMAGED):
        return Unavailable(DAMAGED_MESSAGE, f"the database is damaged ({exc})")
    return None


def sqlite_path(url: str) -> Path | None:
    """The file behind a SQLite URL (None for other databases and in-memory ones)."""
    if not url.startswith("sqlite"):
        return None
    path = url.split("///", 1)[-1].split("?", 1)[0].removeprefix("file:")
    return Path(path) if path and path != ":memory:" else None


def check_writable(engine: Engine, url: str) -> None:
    """Raise Unavailable unless the database takes a write and its disk has room: a write
    that changes nothing (an UPDATE matching no row), rolled back."""
    path = sqlite_path(url)
    if path is not None and shutil.disk_usage(path.parent).free < MIN_FREE:
        raise Unavailable(FULL_MESSAGE, f"the disk holding {path} has less than "
                          f"{MIN_FREE // 2**20} MiB free")
    try:
        with engine.connect() as db:
            db.execute(text("UPDATE games SET version = version WHERE id = ''"))
            db.rollback()
    except DBAPIError as exc:
        found = unavailable(exc)
        raise (found or Unavailable(READ_ONLY_MESSAGE, f"the database refuses writes: {exc.orig}")
               ) from None


class Damaged(Exception):
    """The database file fails SQLite's own check: some games would not open."""


def check_integrity(engine: Engine, url: str, seconds: float = 10.0) -> bool:
    """Raise Damaged when a SQLite database fails `PRAGMA quick_check` (the start-up check);
    give up quietly after `seconds` on a huge file (return False: not checked). Other
    databases check themselves. A damaged file used to start normally, then answer 500 for
    the games on its damaged pages."""
    if sqlite_path(url) is None:
        return True
    import time

    deadline = time.monotonic() + seconds
    raw = engine.raw_connection()
    try:
        driver = raw.driver_connection
        driver.set_progress_handler(lambda: int(time.monotonic() > deadline), 10_000)
        try:
            rows = driver.execute("PRAGMA quick_check(20)").fetchall()
        except sqlite3.OperationalError as exc:
            if "interrupted" in str(exc):
                return False
            raise Damaged(str(exc)) from None
        except sqlite3.DatabaseError as exc:
            raise Damaged(str(exc)) from None
        finally:
            driver.set_progress_handler(None, 0)
    finally:
        raw.close()
    found = [row[0] for row in rows]
    if found != ["ok"]:
        raise Damaged("; ".join(found[:3]))
    return True
