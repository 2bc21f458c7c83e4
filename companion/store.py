"""Games and their event logs in SQL: SQLite by default, PostgreSQL for scale-out.

Every change (an event or an undo) moves the game's version by one inside one transaction,
and only if the client's version is current. The transaction starts with the conditional
`UPDATE games SET version = v + 1 WHERE id = ? AND version = v`, so the write lock is taken
first (no lock upgrade, no deadlock) and a stale version matches no row: a Conflict, never a
silent overwrite. SQLite runs in WAL mode with synchronous=FULL: an acknowledged event is on
disk before the answer leaves. The edit token is stored only as a hash.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Column,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    event,
    func,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError

metadata = MetaData()
games = Table(
    "games", metadata,
    Column("id", String(32), primary_key=True),
    Column("edit_hash", String(64), nullable=False, unique=True),
    Column("view_token", String(64), nullable=False, unique=True),
    Column("setup", Text, nullable=False),
    Column("version", Integer, nullable=False, default=0),
)
events = Table(
    "events", metadata,
    Column("game_id", String(32), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("body", Text, nullable=False),
    Column("undone", Integer, nullable=False, default=0),
    Column("version", Integer, nullable=False),
)


# Built once with bind parameters: SQLAlchemy compiles and caches them.
BUMP = update(games).where(games.c.id == bindparam("gid"), games.c.version == bindparam("v")) \
    .values(version=bindparam("new"))
CURRENT = select(games.c.version).where(games.c.id == bindparam("gid"))
APPEND = events.insert().values(game_id=bindparam("gid"), seq=bindparam("new"),
                                body=bindparam("text"), version=bindparam("new"))
LAST_LIVE = select(func.max(events.c.seq)).where(events.c.game_id == bindparam("gid"),
                                                 events.c.undone == 0)
MARK_UNDONE = update(events).where(events.c.game_id == bindparam("gid"),
                                   events.c.seq == bindparam("last")).values(undone=1)


class Conflict(Exception):
    """The client's version is stale; `current` is the version now stored."""

    def __init__(self, current: int):
        self.current = current
        super().__init__(f"stale version; the game is at version {current}")


class NotFound(Exception):
    """No game answers to this id or token."""


@dataclass(frozen=True)
class StoredGame:
    id: str
    view_token: str
    setup: dict[str, Any]
    version: int
    events: list[dict[str, Any]]


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def database_url(db: str | Path) -> str:
    """A SQLAlchemy URL from a URL or a file path."""
    text = str(db)
    return text if "://" in text else f"sqlite:///{Path(text).resolve()}"


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        path = url.split("///", 1)[-1]
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"timeout": 15, "check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _pragmas(conn: Any, _: Any) -> None:
            cur = conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")
            cur.execute("PRAGMA busy_timeout=15000")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=10)


def create_schema(engine: Engine, attempts: int = 5) -> None:
    """Create the tables if missing. Workers starting together race between "check" and
    "create"; the losers see the winner's tables on the next try."""
    for attempt in range(attempts):
        try:
            metadata.create_all(engine)
            return
        except DBAPIError:
            if attempt == attempts - 1:
                raise
            time.sleep(0.05 * (attempt + 1))


class Store:
    """The game store on any SQLAlchemy database URL (or a SQLite file path)."""

    def __init__(self, db: str | Path):
        self.url = database_url(db)
        self.engine = make_engine(self.url)
        create_schema(self.engine)
        # SQLite has one writer at a time and an fsync per commit: one writer thread per
        # process commits whatever is waiting as one transaction (group commit).
        self._writer = GroupCommit(self.engine) if self.url.startswith("sqlite") else None

    def create(self, setup: dict[str, Any]) -> tuple[str, str, str]:
        """Store a new game; return (id, edit_token, view_token)."""
        game_id = secrets.token_urlsafe(9)
        edit, view = secrets.token_urlsafe(24), secrets.token_urlsafe(18)
        with self.engine.begin() as db:
            db.execute(games.insert().values(id=game_id, edit_hash=token_hash(edit),
                                             view_token=view, setup=json.dumps(setup),
                                             version=0))
        return game_id, edit, view

    def load(self, game_id: str) -> StoredGame:
        with self.engine.connect() as db:
            row = db.execute(select(games.c.id, games.c.view_token, games.c.setup,
                                    games.c.version).where(games.c.id == game_id)).first()
            if row is None:
                raise NotFound(game_id)
            bodies = db.execute(select(events.c.body).where(
                events.c.game_id == game_id, events.c.undone == 0).order_by(events.c.seq))
            return StoredGame(row.id, row.view_token, json.loads(row.setup), row.version,
                              [json.loads(b) for (b,) in bodies])

    def version(self, game_id: str) -> int:
        """The game's current version (one indexed read)."""
        with self.engine.connect() as db:
            current = db.execute(select(games.c.version).where(games.c.id == game_id)).scalar()
        if current is None:
            raise NotFound(game_id)
        return current

    def resolve(self, token: str) -> tuple[str, str]:
        """(game id, 'edit' or 'view') for a token from a link; NotFound otherwise."""
        hashed = token_hash(token)
        with self.engine.connect() as db:
            row = db.execute(select(games.c.id, games.c.edit_hash).where(
                games.c.edit_hash == hashed)).first()
            if row and hmac.compare_digest(row.edit_hash, hashed):
                return row.id, "edit"
            row = db.execute(select(games.c.id, games.c.view_token).where(
                games.c.view_token == token)).first()
            if row and hmac.compare_digest(row.view_token.encode(), token.encode()):
                return row.id, "view"
        raise NotFound("token")

    def append(self, game_id: str, version: int, body: dict[str, Any]) -> int:
        """Add an event if `version` is current; return the new version."""
        return self._change(game_id, version, body)

    def undo(self, game_id: str, version: int) -> int:
        """Mark the last live event undone if `version` is current; return the new version."""
        return self._change(game_id, version, None)

    def _change(self, game_id: str, version: int, body: dict[str, Any] | None) -> int:
        if self._writer is None:
            with self.engine.begin() as db:
                return _apply_change(db, game_id, version, body)
        return self._writer.submit(game_id, version, body)

    def import_game(self, setup: dict[str, Any], bodies: list[dict[str, Any]]) -> tuple[
            str, str, str]:
        """Store a game with a whole event log at once (already checked by the engine)."""
        game_id = secrets.token_urlsafe(9)
        edit, view = secrets.token_urlsafe(24), secrets.token_urlsafe(18)
        with self.engine.begin() as db:
            db.execute(games.insert().values(id=game_id, edit_hash=token_hash(edit),
                                             view_token=view, setup=json.dumps(setup),
                                             version=len(bodies)))
            if bodies:  # as if appended one by one: seq = version = 1..n
                db.execute(events.insert(), [
                    {"game_id": game_id, "seq": i, "body": json.dumps(b), "version": i}
                    for i, b in enumerate(bodies, start=1)])
        return game_id, edit, view

    def export(self, game_id: str) -> dict[str, Any]:
        """A game as portable JSON: its setup and its live event log."""
        stored = self.load(game_id)
        return {"format": "mission-kit-game/1", "game": "double-mission",
                "setup": stored.setup, "events": stored.events}


def _apply_change(db: Any, game_id: str, version: int, body: dict[str, Any] | None) -> int:
    """One change inside an open transaction: bump the version (or Conflict), then write."""
    new = version + 1
    if not db.execute(BUMP, {"gid": game_id, "v": version, "new": new}).rowcount:
        current = db.execute(CURRENT, {"gid": game_id}).scalar()
        if current is None:
            raise NotFound(game_id)
        raise Conflict(current)
    if body is None:
        last = db.execute(LAST_LIVE, {"gid": game_id}).scalar()
        if last is None:
            raise ValueError("nothing to undo")
        db.execute(MARK_UNDONE, {"gid": game_id, "last": last})
    else:  # versions never repeat, so the new version orders the log
        db.execute(APPEND, {"gid": game_id, "new": new, "text": json.dumps(body)})
    return new


class _Pending:
    __slots__ = ("args", "done", "result", "error")

    def __init__(self, args: tuple[str, int, dict[str, Any] | None]):
        self.args, self.done = args, threading.Event()
        self.result: int | None = None
        self.error: BaseException | None = None


class GroupCommit:
    """Group commit for SQLite: a writer thread applies every waiting change, each under its
    own SAVEPOINT (a refused change rolls back alone), then commits them with one fsync.
    A caller is answered only after that COMMIT has returned: nothing is acknowledged
    before it is durable."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self._queue: list[_Pending] = []
        self._cond = threading.Condition()
        threading.Thread(target=self._run, name="group-commit", daemon=True).start()

    def submit(self, game_id: str, version: int, body: dict[str, Any] | None) -> int:
        item = _Pending((game_id, version, body))
        with self._cond:
            self._queue.append(item)
            self._cond.notify()
        item.done.wait()
        if item.error is not None:
            raise item.error
        assert item.result is not None
        return item.result

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._queue:
                    self._cond.wait()
                batch, self._queue = self._queue, []
            try:
                self._commit(batch)
            except BaseException as exc:  # the whole batch failed to commit: tell everyone
                for item in batch:
                    if item.error is None:
                        item.result, item.error = None, exc
            for item in batch:
                item.done.set()

    def _commit(self, batch: list[_Pending]) -> None:
        # SQLite only: plain DB-API calls on the raw connection keep the writer lean.
        with self.engine.connect() as conn:
            raw = conn.connection.driver_connection
            cur = raw.cursor()
            cur.execute("BEGIN IMMEDIATE")
            try:
                for item in batch:
                    try:
                        item.result = _sqlite_change(cur, *item.args)
                    except (Conflict, NotFound, ValueError) as exc:
                        item.error = exc  # refused before it wrote anything
                cur.execute("COMMIT")
            except BaseException:
                if raw.in_transaction:
                    cur.execute("ROLLBACK")
                raise
            finally:
                cur.close()


def _sqlite_change(cur: Any, game_id: str, version: int, body: dict[str, Any] | None) -> int:
    """One change for the group-commit writer, in SQLite's own SQL.

    The writer holds SQLite's write lock (BEGIN IMMEDIATE), so what it reads cannot change
    under it: every refusal is found by reading, before anything is written."""
    last = None
    if body is None:  # an empty log is refused before anything is written
        last = cur.execute("SELECT MAX(seq) FROM events WHERE game_id = ? AND undone = 0",
                           (game_id,)).fetchone()[0]
    new = version + 1
    cur.execute("UPDATE games SET version = ? WHERE id = ? AND version = ?",
                (new, game_id, version))
    if not cur.rowcount:  # nothing written: a stale version or no such game
        row = cur.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise NotFound(game_id)
        raise Conflict(row[0])
    if body is None and last is None:  # only reached with the version already bumped
        cur.execute("UPDATE games SET version = ? WHERE id = ?", (version, game_id))
        raise ValueError("nothing to undo")
    if body is None:
        cur.execute("UPDATE events SET undone = 1 WHERE game_id = ? AND seq = ?",
                    (game_id, last))
    else:
        cur.execute("INSERT INTO events (game_id, seq, body, undone, version) "
                    "VALUES (?, ?, ?, 0, ?)", (game_id, new, json.dumps(body), new))
    return new
