"""Rate-limit counters every worker of one machine shares, in a small SQLite file.

`limits` keeps counters in memory per process by default, so `companion serve --workers 3`
let one address make 90 games a minute where the limit said 30. With several workers and no
store configured (Redis, memcached), `companion serve` points every worker at this store:
fixed-window counters in a file beside the SQLite games file (`<db>.ratelimits`), or in
`instance/ratelimits.db` with PostgreSQL (WAL; each hit one short write).
Registered with `limits` as the `mk-sqlite:///PATH` scheme."""

from __future__ import annotations

import random
import sqlite3
import threading
import time
from typing import Any

from limits.storage import MemoryStorage, Storage

SCHEMA = ("CREATE TABLE IF NOT EXISTS counters (key TEXT PRIMARY KEY, count INTEGER NOT NULL, "
          "expires REAL NOT NULL)")
INCR = ("INSERT INTO counters VALUES (?1, ?2, ?3) ON CONFLICT(key) DO UPDATE SET "
        "count = CASE WHEN expires <= ?4 THEN excluded.count ELSE count + excluded.count END, "
        "expires = CASE WHEN expires <= ?4 THEN excluded.expires ELSE expires END "
        "RETURNING count")


class SQLiteStorage(Storage):
    """Fixed-window counters in one SQLite file shared by a machine's processes."""

    STORAGE_SCHEME = ["mk-sqlite"]

    def __init__(self, uri: str, wrap_exceptions: bool = False, **options: Any):
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        self.path = uri.split("://", 1)[1] or ":memory:"
        self._local = threading.local()
        self._write(SCHEMA, ())

    @property
    def base_exceptions(self) -> type[Exception]:
        return sqlite3.Error

    def _db(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            # Setting up waits for the lock as long as it takes (several workers start at
            # once on the same file); after that no SQLite busy handler, whose sleeps grow
            # to 100 ms: `_write` retries a locked write after a fraction of a millisecond
            db = sqlite3.connect(self.path, timeout=10, isolation_level=None,
                                 check_same_thread=False)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=OFF")  # counters, not games: a crash may lose some
            db.execute("PRAGMA busy_timeout=0")
            self._local.db = db
        return db

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        now = time.time()
        row = self._write(INCR, (key, amount, now + expiry, now)).fetchone()
        return int(row[0])

    def _write(self, sql: str, params: tuple[Any, ...]) -> sqlite3.Cursor:
        """Run a one-statement write, retrying while another process holds the lock. A
        write holds it for some microseconds; SQLite's own busy handler slept 1, 2, 5…
        100 ms between tries, and three workers under a venue's polls (bench/venue_load.py)
        queued behind those sleeps for seconds."""
        deadline = time.monotonic() + 5
        while True:
            try:
                return self._db().execute(sql, params)
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() > deadline:
                    raise
                time.sleep(random.uniform(0.0001, 0.0005))

    def get(self, key: str) -> int:
        row = self._db().execute("SELECT count FROM counters WHERE key = ? AND expires > ?",
                                 (key, time.time())).fetchone()
        return int(row[0]) if row else 0

    def get_expiry(self, key: str) -> float:
        row = self._db().execute("SELECT expires FROM counters WHERE key = ?",
                                 (key,)).fetchone()
        return float(row[0]) if row else time.time()

    def check(self) -> bool:
        try:
            self._db().execute("SELECT 1")
        except sqlite3.Error:
            return False
        return True

    def reset(self) -> int | None:
        return self._db().execute("DELETE FROM counters").rowcount

    def clear(self, key: str) -> None:
        self._db().execute("DELETE FROM counters WHERE key = ?", (key,))


class QuietMemoryStorage(MemoryStorage):
    """limits' in-process counters, without a thread started per request.

    `MemoryStorage` expires old counters on a 10 ms `threading.Timer` and starts a new one
    whenever the last has finished: under a venue's 500 requests a second that was a thread
    started for almost every request (each start waits for the new thread to run), most of
    the worker threads' time in the venue bench. Here the same sweep runs inline, at most
    once every EXPIRY_EVERY seconds, on whichever request comes first; a counter past its
    window is ignored by the reads anyway, so it only frees memory a little later."""

    EXPIRY_EVERY = 1.0

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, **options: Any):
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        self._next_sweep = 0.0

    def _MemoryStorage__schedule_expiry(self) -> None:  # replaces the timer thread's start
        now = time.monotonic()
        if now >= self._next_sweep:
            self._next_sweep = now + self.EXPIRY_EVERY
            self._MemoryStorage__expire_events()  # type: ignore[attr-defined]
