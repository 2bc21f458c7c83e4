"""SQLite's writer: group commit, led by the callers themselves (see GroupCommit).

Every change checks the game's version (the `events_chain` trigger for appends, a
conditional UPDATE for undo); a refused change writes nothing."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from typing import Any

from sqlalchemy.engine import Engine

from .refusals import Conflict, NotFound

BATCH_ROWS = 200  # changes per commit: 1000 parameters, far below SQLite's 32766


class _Pending:
    __slots__ = ("args", "done", "lead", "result", "error")

    def __init__(self, args: tuple[str, int, dict[str, Any] | None]):
        # `done` is a plain lock taken now and released once to wake the caller: cheaper
        # than an Event, which is built on a Condition in Python.
        self.args, self.done, self.lead = args, threading.Lock(), False
        self.done.acquire()
        self.result: int | None = None
        self.error: BaseException | None = None


class GroupCommit:
    """Group commit for SQLite, led by the callers themselves (as LevelDB's writer queue).

    A caller queues its change; if no commit is running it becomes the leader and commits
    every change waiting as one transaction with one fsync (a refused change writes nothing
    and is answered alone). Changes arriving meanwhile wait; when the commit returns, the
    waiting callers are woken and the lead passes to the first one still queued.
    A caller is answered only after the COMMIT holding its change has returned: nothing is
    acknowledged before it is durable. With no one else writing, a change commits on its
    own thread without any hand-off."""

    def __init__(self, engine: Engine):
        self._conn = engine.raw_connection()  # the writers' own connection, used by one leader
        # Autocommit: a lone INSERT is its own transaction (taking the write lock first).
        self._conn.driver_connection.isolation_level = None
        self._lock = threading.Lock()
        self._queue: list[_Pending] = []
        self._busy = False

    def close(self) -> None:
        self._conn.close()

    def submit(self, game_id: str, version: int, body: dict[str, Any] | None) -> int:
        item = _Pending((game_id, version, body))
        with self._lock:
            self._queue.append(item)
            lead, self._busy = not self._busy, True
        if not lead:
            item.done.acquire()  # our change was committed, or the lead was handed to us
            lead = item.lead
        if lead:
            self._lead(item)
        if item.error is not None:
            raise item.error
        assert item.result is not None
        return item.result

    def _lead(self, me: _Pending) -> None:
        with self._lock:
            batch, self._queue = self._queue[:BATCH_ROWS], self._queue[BATCH_ROWS:]
        try:
            self._commit(batch)
        except BaseException as exc:  # the whole batch failed to commit: tell everyone
            for item in batch:
                if item.error is None:
                    item.result, item.error = None, exc
        with self._lock:
            following = self._queue[0] if self._queue else None
            if following is None:
                self._busy = False
            else:
                following.lead = True
        for item in batch:
            if item is not me:
                item.done.release()
        if following is not None:
            following.done.release()

    def _commit(self, batch: list[_Pending]) -> None:
        # SQLite only: plain DB-API calls on the raw connection keep the writer lean.
        raw = self._conn.driver_connection
        cur = raw.cursor()
        try:
            if all(item.args[2] is not None for item in batch) and _append_all(cur, batch):
                return
            # A change was refused, or there is an undo: take the batch one change at a
            # time, in order, inside one transaction.
            cur.execute("BEGIN IMMEDIATE")
            try:
                _change_each(cur, batch)
                cur.execute("COMMIT")
            except BaseException:
                if raw.in_transaction:
                    cur.execute("ROLLBACK")
                raise
        finally:
            cur.close()


INSERT_EVENT = "(?, ?, ?, 0, ?, ?)"  # `recorded`: the time of the change (UTC)


def _append_all(cur: Any, batch: list[_Pending]) -> bool:
    """Try the whole batch of appends as one INSERT: one statement, so one transaction and
    one fsync, and Python's GIL let go and won back once (under load each trip costs more
    than the SQL). The chain trigger checks every row; if any game had moved on or never
    existed, nothing is written and this returns False."""
    rows: list[Any] = []
    now = int(time.time())
    for game_id, version, body in (item.args for item in batch):
        rows += (game_id, version + 1, json.dumps(body), version + 1, now)
    try:
        cur.execute("INSERT INTO events (game_id, seq, body, undone, version, recorded) VALUES "
                    + ", ".join([INSERT_EVENT] * len(batch)), rows)
    except sqlite3.IntegrityError:
        return False
    for item in batch:
        item.result, item.error = item.args[1] + 1, None
    return True


def _change_each(cur: Any, batch: list[_Pending]) -> None:
    """Each change in order inside the open transaction; a refused one is answered alone."""
    for item in batch:
        try:
            item.result, item.error = _sqlite_change(cur, *item.args), None
        except (Conflict, NotFound, ValueError) as exc:
            item.result, item.error = None, exc  # refused, wrote nothing


def _refusal(cur: Any, game_id: str) -> Exception:
    """Why a change to `game_id` was refused: it is unknown, or at another version."""
    row = cur.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
    return NotFound(game_id) if row is None else Conflict(row[0])


def _sqlite_change(cur: Any, game_id: str, version: int, body: dict[str, Any] | None) -> int:
    """One change inside the writer's open transaction, in SQLite's own SQL. A refused
    change writes nothing (a failed statement is undone alone; the transaction goes on)."""
    new = version + 1
    if body is not None:  # the chain trigger checks the version and moves the game
        try:
            cur.execute("INSERT INTO events (game_id, seq, body, undone, version, recorded) "
                        f"VALUES {INSERT_EVENT}", (game_id, new, json.dumps(body), new,
                                                   int(time.time())))
        except sqlite3.IntegrityError:
            raise _refusal(cur, game_id) from None
        return new
    cur.execute("UPDATE games SET version = ?, updated = ? WHERE id = ? AND version = ?",
                (new, int(time.time()), game_id, version))
    if not cur.rowcount:
        raise _refusal(cur, game_id)
    last = cur.execute("SELECT MAX(seq) FROM events WHERE game_id = ? AND undone = 0",
                       (game_id,)).fetchone()[0]
    if last is None:  # an empty log: put the version back
        cur.execute("UPDATE games SET version = ? WHERE id = ?", (version, game_id))
        raise ValueError("nothing to undo")
    cur.execute("UPDATE events SET undone = 1 WHERE game_id = ? AND seq = ?", (game_id, last))
    return new
