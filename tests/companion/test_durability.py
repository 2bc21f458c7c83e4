"""Against a real `companion serve`: racing clients lose nothing; kill -9 loses nothing."""

from __future__ import annotations

import sqlite3
import threading
import time

import pytest

from tests.companion.conftest import TWO, Server, database
from tests.companion.http import call

EVENTS_PER_CLIENT = 150  # two clients: 300 events
BACKENDS = [("sqlite", 1), ("postgresql", 3)]  # PostgreSQL with several worker processes


def new_game(server) -> tuple[str, str]:
    status, body = call(server.url + "/api/v1/games", "POST", {"players": TWO})
    assert status == 201
    return body["id"], body["edit_token"]


def racer(server, game_id, token, seat, acked, conflicts):
    url = f"{server.url}/api/v1/games/{game_id}"
    done = 0
    while done < EVENTS_PER_CLIENT:
        _, state = call(url, token=token)
        status, body = call(url + "/events", "POST", {
            "version": state["version"], "event": {"type": "take_investigation", "player": seat}},
            token)
        if status == 200:
            acked.append(body["version"])
            done += 1
        else:
            assert status == 409, body
            assert body["state"]["version"] > state["version"]  # the fresh state comes back
            conflicts[seat] += 1


@pytest.mark.parametrize(("kind", "workers"), BACKENDS, ids=[b[0] for b in BACKENDS])
def test_two_racing_clients_lose_no_update(tmp_path, kind, workers):
    server = Server(database(kind, tmp_path), workers).start()
    try:
        race(server)
    finally:
        server.kill()


def race(server):
    game_id, token = new_game(server)
    acked: list[int] = []
    conflicts = [0, 0]
    threads = [threading.Thread(target=racer, args=(server, game_id, token, s, acked, conflicts))
               for s in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    total = 2 * EVENTS_PER_CLIENT
    assert sorted(acked) == list(range(1, total + 1))  # each acknowledged once, none lost
    _, state = call(f"{server.url}/api/v1/games/{game_id}", token=token)
    assert state["version"] == total and state["log_length"] == total
    _, export = call(f"{server.url}/api/v1/games/{game_id}/export", token=token)
    assert len(export["events"]) == total
    assert all(e["type"] == "take_investigation" for e in export["events"])
    assert sum(conflicts) > 0, "the clients never raced; the test proved nothing"


@pytest.mark.parametrize(("kind", "workers"), BACKENDS, ids=[b[0] for b in BACKENDS])
def test_kill_9_loses_no_acknowledged_event(tmp_path, kind, workers):
    db = database(kind, tmp_path)
    server = Server(db, workers).start()
    game_id, token = new_game(server)
    acked: list[int] = []
    stop = threading.Event()

    def burst():
        version = 0
        while not stop.is_set():
            try:
                status, body = call(f"{server.url}/api/v1/games/{game_id}/events", "POST",
                                    {"version": version, "event": {
                                        "type": "take_investigation", "player": version % 2}},
                                    token, timeout=5)
            except OSError:
                return  # the server is gone
            assert status == 200, body
            version = body["version"]
            acked.append(version)

    writer = threading.Thread(target=burst)
    writer.start()
    time.sleep(1.0)
    server.kill()  # SIGKILL in the middle of the burst
    stop.set()
    writer.join(timeout=30)
    assert len(acked) > 10, "the burst did not get going before the kill"
    if kind == "sqlite":
        with sqlite3.connect(db) as con:
            assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    server = Server(db, workers).start()
    try:
        status, state = call(f"{server.url}/api/v1/games/{game_id}", token=token)
        assert status == 200
        assert state["version"] >= max(acked)  # every acknowledged event is there
        rows = stored_versions(db, game_id)
        assert rows == list(range(1, state["version"] + 1))  # nothing half-written
        assert state["log_length"] == state["version"]
    finally:
        server.kill()


def stored_versions(db: str, game_id: str) -> list[int]:
    """The version written with each stored event, read straight from the database."""
    from sqlalchemy import select

    from companion.store import Store, events

    store = Store(db)
    with store.engine.connect() as con:
        rows = con.execute(select(events.c.version).where(events.c.game_id == game_id)
                           .order_by(events.c.seq)).scalars().all()
    store.engine.dispose()
    return list(rows)
