"""Issue 24, finding 10: one final tally per game, a damaged database refused at start, and
waitress's queue warnings kept to a line a minute."""

from __future__ import annotations

import logging
import sqlite3
import subprocess
import sys

from companion import create_app
from companion.serverlog import QUEUE_LOGGER, OncePerInterval
from tests.companion.conftest import free_port
from tests.companion.finished import finished_export
from tests.conftest import ROOT


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def test_a_game_is_scored_once(client, game):
    made = client.post("/api/v1/games/import", json=finished_export(game)).json
    gid, edit = made["id"], made["edit_token"]
    score = {"type": "score", "player": 0, "missions": [["collection"], ["sabotage"]]}
    first = client.post(f"/api/v1/games/{gid}/events", headers=bearer(edit),
                        json={"version": made["state"]["version"], "event": score})
    assert first.status_code == 200, first.json
    again = client.post(f"/api/v1/games/{gid}/events", headers=bearer(edit),
                        json={"version": first.json["version"], "event": score})
    assert again.status_code == 422 and again.json["field"] == "event.type"
    log = client.get(f"/api/v1/games/{gid}", headers=bearer(edit)).json["log"]
    assert log.count("Final tally revealed.") == 1


def _damage(path, pages=3):
    """Overwrite three pages of the events table, as the hostile test did."""
    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # every page in the main file
    size = db.execute("PRAGMA page_size").fetchone()[0]
    root = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'events'").fetchone()[0]
    db.close()
    with open(path, "r+b") as f:
        for page in range(root, root + pages):
            f.seek((page - 1) * size + 16)
            f.write(b"\xde\xad\xbe\xef" * (size // 8))


def test_a_damaged_database_is_refused_at_start_with_what_to_do(tmp_path, game):
    db = tmp_path / "games.db"
    app = create_app({"TESTING": True, "DATABASE": str(db)})
    client = app.test_client()
    for _ in range(12):
        client.post("/api/v1/games/import", json=finished_export(game))
    app.extensions["games"].store.close()
    assert app.extensions["games"].store.check_integrity()
    _damage(db)
    done = subprocess.run([sys.executable, "-m", "companion", "serve", "--port",
                           str(free_port()),
                           "--db", str(db)], capture_output=True, text=True, timeout=60,
                          cwd=ROOT)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    line = done.stderr.strip().splitlines()
    assert len(line) == 1 and "is damaged" in line[0] and ".recover" in line[0]


def test_queue_warnings_are_one_line_a_minute(caplog):
    logger = logging.getLogger(QUEUE_LOGGER + ".test")
    logger.addFilter(OncePerInterval(60))
    with caplog.at_level(logging.WARNING, logger=logger.name):
        for depth in range(9_528):
            logger.warning("Task queue depth is %d", depth)
    assert [r.getMessage() for r in caplog.records] == ["Task queue depth is 0"]
    flt = logger.filters[0]
    flt.last -= 61  # a minute on: the next one passes, saying how many were held back
    with caplog.at_level(logging.WARNING, logger=logger.name):
        logger.warning("Task queue depth is %d", 3)
    assert caplog.records[-1].getMessage().startswith("Task queue depth is 3 (9527 more")
