"""Games and their event logs in SQL: SQLite by default, PostgreSQL for scale-out.

Every change (an event or an undo) moves the game's version by one inside one transaction,
and only if the client's version is current; a stale version writes nothing and is a
Conflict, never a silent overwrite.
- PostgreSQL: the transaction starts with the conditional
  `UPDATE games SET version = v + 1 WHERE id = ? AND version = v`, so the row lock is taken
  first (no lock upgrade, no deadlock) and a stale version matches no row.
- SQLite: a trigger on `events` does the same check and move for every inserted event, so a
  whole batch of appends is one INSERT statement: one transaction, one fsync, and one trip
  out of Python's GIL (see GroupCommit). SQLite runs in WAL mode with synchronous=FULL: an
  acknowledged event is on disk before the answer leaves.
The edit token is stored only as a hash.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import sqlite3
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
    inspect,
    select,
    update,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError

from missionkit.registry import DEFAULT_GAME

from .dbhealth import Unavailable, check_integrity, check_writable, sqlite_path, unavailable
from .groupcommit import GroupCommit
from .refusals import Conflict, NotFound

__all__ = ["Conflict", "NotFound", "Store", "Unavailable"]

metadata = MetaData()
games = Table(
    "games", metadata,
    Column("id", String(32), primary_key=True),
    Column("edit_hash", String(64), nullable=False, unique=True),
    Column("view_token", String(64), nullable=False, unique=True),
    Column("setup", Text, nullable=False),
    Column("version", Integer, nullable=False, default=0),
    # which game's rules replay the log (databases from before several games: added on start)
    Column("game", String(32), nullable=False, server_default=DEFAULT_GAME),
    # when the game last changed (Unix seconds): games idle too long expire (Store.expire)
    Column("updated", Integer, nullable=True, index=True),
    # the rules the game keeps: the hash of its content copy in `contents` (NULL: a game
    # from before pinning, replayed with the shipped content)
    Column("rules", String(64), nullable=True),
    # when the game was made (Unix seconds, UTC; NULL: made before games kept it)
    Column("created", Integer, nullable=True),
)
# Each distinct rule content any game started with, once, by its hash.
contents = Table(
    "contents", metadata,
    Column("hash", String(64), primary_key=True),
    Column("body", Text, nullable=False),
)
events = Table(
    "events", metadata,
    Column("game_id", String(32), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("body", Text, nullable=False),
    Column("undone", Integer, nullable=False, default=0),
    Column("version", Integer, nullable=False),
    # when the change was recorded (Unix seconds, UTC; NULL: recorded before events kept it)
    Column("recorded", Integer, nullable=True),
    # SQLite: the log is stored in its key order (one b-tree, not a table plus an index),
    # so an appended event writes half the pages.
    sqlite_with_rowid=False,
)


# Built once with bind parameters: SQLAlchemy compiles and caches them.
BUMP = update(games).where(games.c.id == bindparam("gid"), games.c.version == bindparam("v")) \
    .values(version=bindparam("new"), updated=bindparam("now"))
CURRENT = select(games.c.version).where(games.c.id == bindparam("gid"))
APPEND = events.insert().values(game_id=bindparam("gid"), seq=bindparam("new"),
                                body=bindparam("text"), version=bindparam("new"),
                                recorded=bindparam("now"))
LAST_LIVE = select(func.max(events.c.seq)).where(events.c.game_id == bindparam("gid"),
                                                 events.c.undone == 0)
# The version and the live log in one statement (a game without events gives one row, NULL)
LOG = select(games.c.version, events.c.body, events.c.recorded).select_from(games.outerjoin(
    events, (events.c.game_id == games.c.id) & (events.c.undone == 0))).where(
    games.c.id == bindparam("gid")).order_by(events.c.seq)
LIVE_LOG = select(events.c.seq, events.c.body).where(
    events.c.game_id == bindparam("gid"), events.c.undone == 0,
    events.c.seq > bindparam("after")).order_by(events.c.seq)
MARK_UNDONE = update(events).where(events.c.game_id == bindparam("gid"),
                                   events.c.seq == bindparam("last")).values(undone=1)


@dataclass(frozen=True)
class StoredGame:
    id: str
    view_token: str
    setup: dict[str, Any]
    version: int
    events: list[dict[str, Any]]
    game: str
    rules: str | None = None
    created: int | None = None  # Unix seconds, UTC (None: made before games kept it)
    times: list[int | None] | None = None  # each live event's time, as `events`


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def database_url(db: str | Path) -> str:
    """A SQLAlchemy URL from a URL or a file path."""
    text = str(db)
    return text if "://" in text else f"sqlite:///{Path(text).resolve()}"


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        path = sqlite_path(url)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
        # Each server thread (waitress has 24) holds a connection while it works: a smaller
        # pool made them queue for each other and churned connections, each new one paying
        # the PRAGMAs below (seen under the venue load, bench/venue_load.py).
        engine = create_engine(url, pool_size=32, max_overflow=32,
                               connect_args={"timeout": 15, "check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _pragmas(conn: Any, _: Any) -> None:
            cur = conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")
            cur.execute("PRAGMA busy_timeout=15000")
            cur.execute("PRAGMA temp_store=MEMORY")  # statement journals of batched writes
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=10)


# SQLite: an event may only be inserted at the version right after its game's, and inserting
# it moves the game there. A row that breaks the chain (a stale version, an unknown game)
# aborts the whole statement, so nothing of it is written. Created on every start, so a
# database made by an older version gains it too.
# `updated` (for the expiry of idle games, counted in days) moves only when it is more than
# a minute old: rewriting it on every event moved the game's entry in its index, a page or
# two more in each commit, for a time nobody reads closer than a day.
SQLITE_CHAIN = """
CREATE TRIGGER IF NOT EXISTS events_chain BEFORE INSERT ON events
BEGIN
    SELECT RAISE(ABORT, 'stale version')
    WHERE NEW.seq IS NOT NEW.version
       OR (SELECT version FROM games WHERE id = NEW.game_id) IS NOT NEW.version - 1;
    UPDATE games SET version = NEW.version WHERE id = NEW.game_id;
    UPDATE games SET updated = CAST(strftime('%s', 'now') AS INTEGER)
    WHERE id = NEW.game_id
      AND (updated IS NULL OR updated < CAST(strftime('%s', 'now') AS INTEGER) - 60);
END
"""


def _game_id() -> str:
    """A new game's id: 72 random bits, URL-safe, never starting with '-' (a command line
    such as `companion backup ID` would read it as an option)."""
    while True:
        found = secrets.token_urlsafe(9)
        if not found.startswith("-"):
            return found


def create_schema(engine: Engine, attempts: int = 5) -> None:
    """Create the tables (and SQLite's chain trigger) if missing. Workers starting together
    race between "check" and "create"; the losers see the winner's tables on the next try."""
    for attempt in range(attempts):
        try:
            metadata.create_all(engine)
            _add_missing_columns(engine)
            if engine.dialect.name == "sqlite":
                _sqlite_trigger(engine)
            return
        except DBAPIError:
            if attempt == attempts - 1:
                raise
            time.sleep(0.05 * (attempt + 1))


def _add_missing_columns(engine: Engine) -> None:
    """Bring a database made by an older version up to date (the table read once):
    - `game`: one made before several games holds games of the first one only;
    - `updated`: one from before expiry: its games count as changed now;
    - `rules`: one from before pinning: its games replay with the shipped content;
    - `created` and `events.recorded`: one from before times were kept: its games and events
      have none (NULL), and a play's date falls back or is left out."""
    found = inspect(engine)
    have = {c["name"] for c in found.get_columns("games")}
    logged = {c["name"] for c in found.get_columns("events")}
    if "game" not in have:
        with engine.begin() as db:
            db.exec_driver_sql("ALTER TABLE games ADD COLUMN game VARCHAR(32) NOT NULL "
                               f"DEFAULT '{DEFAULT_GAME}'")
    if "updated" not in have:
        with engine.begin() as db:
            db.exec_driver_sql("ALTER TABLE games ADD COLUMN updated INTEGER")
            db.execute(update(games).values(updated=int(time.time())))
            db.exec_driver_sql("CREATE INDEX IF NOT EXISTS ix_games_updated ON games (updated)")
    if "rules" not in have:
        with engine.begin() as db:
            db.exec_driver_sql("ALTER TABLE games ADD COLUMN rules VARCHAR(64)")
    if "created" not in have:
        with engine.begin() as db:
            db.exec_driver_sql("ALTER TABLE games ADD COLUMN created INTEGER")
    if "recorded" not in logged:
        with engine.begin() as db:
            db.exec_driver_sql("ALTER TABLE events ADD COLUMN recorded INTEGER")


def _sqlite_trigger(engine: Engine) -> None:
    """Create the chain trigger, or replace one an older version made (a write only then:
    a read-only database that is up to date still opens)."""
    with engine.connect() as db:
        found = db.exec_driver_sql("SELECT sql FROM sqlite_master WHERE type = 'trigger' "
                                   "AND name = 'events_chain'").scalar()
    if found is not None and _body(found) == _body(SQLITE_CHAIN):
        return
    with engine.begin() as db:
        db.exec_driver_sql("DROP TRIGGER IF EXISTS events_chain")
        db.exec_driver_sql(SQLITE_CHAIN)


def _body(trigger_sql: str) -> str:
    """A trigger's statements, as SQLite keeps them (it rewrites only the CREATE line)."""
    return trigger_sql[trigger_sql.index("BEGIN"):].strip()


class VersionReader:
    """A game's version on SQLite, the question every phone's poll asks: one read-only
    connection per thread, outside SQLAlchemy's pool (3 us a read against 64 us through it;
    under the venue load the pool's lock was most of a poll's cost). WAL mode: a reader sees
    every committed change and never waits for the writer."""

    QUERY = "SELECT version FROM games WHERE id = ?"

    def __init__(self, path: Path):
        self.uri = f"{path.resolve().as_uri()}?mode=ro"
        self._local = threading.local()
        self._opened: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        self._generation = 0  # close() moves it on: threads then open a fresh connection

    def version(self, game_id: str) -> int | None:
        conn = getattr(self._local, "conn", None)
        if conn is None or self._local.generation != self._generation:
            conn = sqlite3.connect(self.uri, uri=True, timeout=15, check_same_thread=False)
            with self._lock:
                self._opened.append(conn)
            self._local.conn, self._local.generation = conn, self._generation
        row = conn.execute(self.QUERY, (game_id,)).fetchone()
        return row[0] if row is not None else None

    def close(self) -> None:
        """Close every thread's connection (before a fork, at the end)."""
        with self._lock:
            opened, self._opened = self._opened, []
            self._generation += 1
        for conn in opened:
            conn.close()


class VersionMemo:
    """Game versions a single-process server already knows, for its polls.

    Every poll asks for its game's version, and a venue polls 500 times a second: on the
    event loop's thread a database read, however short, gives up the interpreter lock and
    waits to get it back behind the worker threads (under the venue bench most of the loop
    thread's time). The server's own writes keep this memo exact (forgotten before a write,
    set after it); a version is read again from the database once `ttl` seconds old, so a
    change made by another process (an import from the command line) shows within `ttl`.
    Only for one process: with several workers each would miss the others' writes."""

    def __init__(self, ttl: float):
        self.ttl, self._lock = ttl, threading.Lock()
        self._known: dict[str, tuple[int, float]] = {}

    def get(self, game_id: str) -> int | None:
        entry = self._known.get(game_id)
        if entry is None or time.monotonic() - entry[1] >= self.ttl:
            return None
        return entry[0]

    def put(self, game_id: str, version: int) -> None:
        """Remember `version`, or the newer one already known: versions only grow, and a
        poll that read the database just before a write may land after the writer's put."""
        with self._lock:
            known = self._known.get(game_id)
            self._known[game_id] = (max(version, known[0]) if known else version,
                                    time.monotonic())

    def forget(self, game_id: str) -> None:
        self._known.pop(game_id, None)


class Store:
    """The game store on any SQLAlchemy database URL (or a SQLite file path)."""

    def __init__(self, db: str | Path):
        self.url = database_url(db)
        self.engine = make_engine(self.url)
        create_schema(self.engine)
        # SQLite has one writer at a time and an fsync per commit: within a process, whoever
        # is writing commits whatever is waiting as one transaction (group commit).
        self._writer = GroupCommit(self.engine) if self.url.startswith("sqlite") else None
        path = sqlite_path(self.url)
        self._versions = VersionReader(path) if path is not None else None
        self._reads = self.engine.execution_options(isolation_level="AUTOCOMMIT")
        self.memo: VersionMemo | None = None  # remember_versions(): one process only

    def remember_versions(self, ttl: float = 5.0) -> None:
        """Answer poll_version from memory where this process knows it (see VersionMemo);
        for a server that is the database's only writer process."""
        self.memo = VersionMemo(ttl)

    def create(self, setup: dict[str, Any], *, game: str = DEFAULT_GAME,
               rules: tuple[str, dict[str, Any]] | None = None) -> tuple[str, str, str]:
        """Store a new game; return (id, edit_token, view_token)."""
        return self.import_game(setup, [], game=game, rules=rules)

    def load(self, game_id: str) -> StoredGame:
        """The game as of one moment: its version and its live events are read by one
        statement, so one snapshot (on PostgreSQL and SQLite alike), never version N with
        the events of N+1. Its id, tokens, setup and kind never change once written."""
        with self.engine.connect() as db:
            row = db.execute(select(games.c.id, games.c.view_token, games.c.setup, games.c.game,
                                    games.c.rules, games.c.created).where(
                games.c.id == game_id)).first()
            rows = db.execute(LOG, {"gid": game_id}).all() if row is not None else []
        if not rows:
            raise NotFound(game_id)
        live = [(json.loads(b), at) for _, b, at in rows if b is not None]
        return StoredGame(row.id, row.view_token, json.loads(row.setup), rows[0][0],
                          [b for b, _ in live], row.game, row.rules, row.created,
                          [at for _, at in live])

    def live_log(self, game_id: str, after: int = -1) -> list[tuple[int, dict[str, Any]]]:
        """The live events recorded after version `after` (all by default) with the version
        that recorded each, oldest first, in one read: a stale tap looks for its own action
        among those recorded after the version it saw."""
        with self.engine.connect() as db:
            rows = db.execute(LIVE_LOG, {"gid": game_id, "after": after}).all()
        return [(seq, json.loads(body)) for seq, body in rows]

    def span(self, game_id: str) -> tuple[int | None, int | None, int | None]:
        """(created, first, last): when the game was made and the times of its first and
        last live events (Unix seconds, UTC; None where not kept)."""
        with self.engine.connect() as db:
            created = db.execute(select(games.c.created).where(games.c.id == game_id)).scalar()
            first, last = db.execute(select(func.min(events.c.recorded),
                                            func.max(events.c.recorded)).where(
                events.c.game_id == game_id, events.c.undone == 0)).one()
        return created, first, last

    def rules(self, rules_hash: str) -> dict[str, Any]:
        """The rule content stored under `rules_hash`; NotFound if none."""
        with self.engine.connect() as db:
            body = db.execute(select(contents.c.body).where(
                contents.c.hash == rules_hash)).scalar()
        if body is None:
            raise NotFound(rules_hash)
        return json.loads(body)

    def version(self, game_id: str) -> int:
        """The game's current version (one indexed read)."""
        if self._versions is not None:
            current = self._versions.version(game_id)
        else:  # autocommit: one round trip, not BEGIN, SELECT and the pool's ROLLBACK
            with self._reads.connect() as db:
                current = db.execute(select(games.c.version).where(
                    games.c.id == game_id)).scalar()
        if current is None:
            raise NotFound(game_id)
        return current

    def poll_version(self, game_id: str) -> int:
        """The version a poll compares with: from the memo when it holds one, else read."""
        memo = self.memo
        if memo is None:
            return self.version(game_id)
        known = memo.get(game_id)
        if known is None:
            known = self.version(game_id)
            memo.put(game_id, known)
        return known

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
        memo = self.memo
        if memo is not None:  # while it is written, polls read the database
            memo.forget(game_id)
        try:
            if self._writer is None:
                with self.engine.begin() as db:
                    new = _apply_change(db, game_id, version, body)
            else:
                new = self._writer.submit(game_id, version, body)
        except (DBAPIError, sqlite3.Error) as exc:
            raise unavailable(exc) or exc from None
        if memo is not None:
            memo.put(game_id, new)
        return new

    def close(self) -> None:
        """Let go of every connection (the writer's own too)."""
        if self._writer is not None:
            self._writer.close()
        if self._versions is not None:
            self._versions.close()
        self.engine.dispose()

    def check_writable(self) -> None:
        """Raise Unavailable unless a write would succeed now (the start-up check)."""
        check_writable(self.engine, self.url)

    def check_integrity(self, seconds: float = 10.0) -> bool:
        """Raise Damaged if the database file is damaged (the start-up check)."""
        return check_integrity(self.engine, self.url, seconds)

    def expire(self, idle_seconds: float) -> int:
        """Delete the games unchanged for `idle_seconds`; return how many."""
        cutoff = int(time.time() - idle_seconds)
        stale = select(games.c.id).where(games.c.updated < cutoff).scalar_subquery()
        with self.engine.begin() as db:
            db.execute(events.delete().where(events.c.game_id.in_(stale)))
            return db.execute(games.delete().where(games.c.updated < cutoff)).rowcount

    def import_game(self, setup: dict[str, Any], bodies: list[dict[str, Any]], *,
                    game: str = DEFAULT_GAME, rules: tuple[str, dict[str, Any]] | None = None,
                    created: int | None = None, times: list[int | None] | None = None
                    ) -> tuple[str, str, str]:
        """Store a game with a whole event log at once (already checked by the engine) and
        the rules it keeps, (hash, content); `created` and `times` (one per event) keep an
        export's times, else now. Return (id, edit_token, view_token)."""
        game_id = _game_id()
        edit, view = secrets.token_urlsafe(24), secrets.token_urlsafe(18)
        now = int(time.time())
        stamps = times if times is not None and len(times) == len(bodies) else [now] * len(bodies)
        try:
            self._insert(game_id, edit, view, setup, bodies, game, rules,
                         now if created is None and times is None else created, stamps)
        except DBAPIError as exc:
            raise unavailable(exc) or exc from None
        return game_id, edit, view

    def _insert(self, game_id: str, edit: str, view: str, setup: dict[str, Any],
                bodies: list[dict[str, Any]], game: str,
                rules: tuple[str, dict[str, Any]] | None, created: int | None,
                stamps: list[int | None]) -> None:
        with self.engine.begin() as db:
            if rules is not None:  # stored once, whoever stores it first
                add = (sqlite_insert if self.url.startswith("sqlite") else pg_insert)(contents)
                db.execute(add.values(hash=rules[0], body=json.dumps(rules[1]))
                           .on_conflict_do_nothing())
            db.execute(games.insert().values(id=game_id, edit_hash=token_hash(edit),
                                             view_token=view, setup=json.dumps(setup),
                                             version=0, game=game, updated=int(time.time()),
                                             rules=rules[0] if rules else None,
                                             created=created))
            if bodies:  # as if appended one by one: seq = version = 1..n
                db.execute(events.insert(), [
                    {"game_id": game_id, "seq": i, "body": json.dumps(b), "version": i,
                     "recorded": at}
                    for i, (b, at) in enumerate(zip(bodies, stamps, strict=True), start=1)])
                # (SQLite's trigger has moved it already; PostgreSQL has no trigger)
                db.execute(update(games).where(games.c.id == game_id).values(
                    version=len(bodies)))


def _apply_change(db: Any, game_id: str, version: int, body: dict[str, Any] | None) -> int:
    """One change inside an open transaction: bump the version (or Conflict), then write."""
    new, now = version + 1, int(time.time())
    if not db.execute(BUMP, {"gid": game_id, "v": version, "new": new, "now": now}).rowcount:
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
        db.execute(APPEND, {"gid": game_id, "new": new, "text": json.dumps(body), "now": now})
    return new
