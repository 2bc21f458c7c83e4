"""Games and their event logs in SQLite: WAL journal, synchronous=FULL, optimistic versions.

Every change (an event or an undo) bumps the game's version by one inside one
`BEGIN IMMEDIATE` transaction, and only if the client's version is current; a stale
version is a Conflict, never a silent overwrite. The edit token is stored only as a hash.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    edit_hash TEXT NOT NULL UNIQUE,
    view_token TEXT NOT NULL UNIQUE,
    setup TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    created TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE TABLE IF NOT EXISTS events (
    game_id TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    body TEXT NOT NULL,
    undone INTEGER NOT NULL DEFAULT 0,
    version INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""


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


class Store:
    """One SQLite database file; a connection per call keeps threads and processes apart."""

    def __init__(self, path: Path):
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        with self._connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(SCHEMA)

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=15, isolation_level=None)
        db.execute("PRAGMA synchronous=FULL")  # an acknowledged event survives power loss
        db.execute("PRAGMA busy_timeout=15000")
        return db

    def create(self, setup: dict[str, Any]) -> tuple[str, str, str]:
        """Store a new game; return (id, edit_token, view_token)."""
        game_id = secrets.token_urlsafe(9)
        edit, view = secrets.token_urlsafe(24), secrets.token_urlsafe(18)
        with self._connect() as db:
            db.execute("INSERT INTO games (id, edit_hash, view_token, setup) VALUES (?, ?, ?, ?)",
                       (game_id, token_hash(edit), view, json.dumps(setup)))
        return game_id, edit, view

    def load(self, game_id: str) -> StoredGame:
        db = self._connect()
        try:
            row = db.execute("SELECT id, view_token, setup, version FROM games WHERE id = ?",
                             (game_id,)).fetchone()
            if row is None:
                raise NotFound(game_id)
            events = [json.loads(b) for (b,) in db.execute(
                "SELECT body FROM events WHERE game_id = ? AND undone = 0 ORDER BY seq",
                (game_id,))]
        finally:
            db.close()
        return StoredGame(row[0], row[1], json.loads(row[2]), row[3], events)

    def resolve(self, token: str) -> tuple[str, str]:
        """(game id, 'edit' or 'view') for a token from a link; NotFound otherwise."""
        db = self._connect()
        try:
            row = db.execute("SELECT id, edit_hash FROM games WHERE edit_hash = ?",
                             (token_hash(token),)).fetchone()
            if row and hmac.compare_digest(row[1], token_hash(token)):
                return row[0], "edit"
            row = db.execute("SELECT id, view_token FROM games WHERE view_token = ?",
                             (token,)).fetchone()
            if row and hmac.compare_digest(row[1], token):
                return row[0], "view"
        finally:
            db.close()
        raise NotFound("token")

    def role(self, game_id: str, token: str) -> str | None:
        """'edit' or 'view' if `token` opens game `game_id`, else None."""
        try:
            found, role = self.resolve(token)
        except NotFound:
            return None
        return role if found == game_id else None

    def append(self, game_id: str, version: int, event: dict[str, Any]) -> int:
        """Add an event if `version` is current; return the new version."""
        return self._change(game_id, version, event)

    def undo(self, game_id: str, version: int) -> int:
        """Mark the last live event undone if `version` is current; return the new version."""
        return self._change(game_id, version, None)

    def _change(self, game_id: str, version: int, event: dict[str, Any] | None) -> int:
        db = self._connect()
        try:
            db.execute("BEGIN IMMEDIATE")
            row = db.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                raise NotFound(game_id)
            if row[0] != version:
                raise Conflict(row[0])
            new = version + 1
            if event is None:
                last = db.execute("SELECT MAX(seq) FROM events WHERE game_id = ? AND undone = 0",
                                  (game_id,)).fetchone()[0]
                if last is None:
                    raise ValueError("nothing to undo")
                db.execute("UPDATE events SET undone = 1 WHERE game_id = ? AND seq = ?",
                           (game_id, last))
            else:
                seq = db.execute("SELECT COALESCE(MAX(seq), 0) + 1 FROM events WHERE game_id = ?",
                                 (game_id,)).fetchone()[0]
                db.execute("INSERT INTO events (game_id, seq, body, version) VALUES (?, ?, ?, ?)",
                           (game_id, seq, json.dumps(event), new))
            db.execute("UPDATE games SET version = ? WHERE id = ?", (new, game_id))
            db.execute("COMMIT")
            return new
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        finally:
            db.close()
