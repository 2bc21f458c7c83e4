"""Against a real `companion serve`: 1,000+ racing event posts and reads through HTTP never
answer a state whose version and contents disagree (issue #15: "companion under attack").

SQLite with the default server (waitress, threads) and PostgreSQL with 3 gunicorn worker
processes, each with its own state cache. Every client posts `take_investigation` by seat
`version % 2`, so the whole log, and so everything the state shows, is a pure function of its
version: the state at version v must show exactly what the same events played alone, one at
a time, show at v (its log length and tail, each player's tokens), and two answers about a
game at the same version must be identical. A 409's fresh `state` counts as a read too; no
answer may be a 5xx, and no client may see a game go back to an older version.
"""

from __future__ import annotations

import http.client
import json
import threading
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from companion import create_app
from tests.companion.conftest import TWO, Server, database

GAMES = 4
TARGET = 260  # versions per game: 4 x 260 = 1,040 accepted events, plus 409s and reads
WRITERS, READERS = 3, 2  # client threads per game
BACKENDS = [("sqlite", 1), ("postgresql", 3)]  # waitress threads; 3 gunicorn workers


class Client:
    """One keep-alive HTTP connection, as a phone holds; reopened if the server drops it."""

    def __init__(self, port: int):
        self.port, self.conn = port, http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def call(self, method: str, path: str, token: str | None, body: Any = None
             ) -> tuple[int, Any]:
        data = json.dumps(body) if body is not None else None
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        for attempt in (1, 2):
            try:
                self.conn.request(method, path, data, headers)
                resp = self.conn.getresponse()
                raw = resp.read()
                break
            except (http.client.RemoteDisconnected, ConnectionError):
                self.conn.close()
                if attempt == 2:
                    raise
        try:
            return resp.status, json.loads(raw or b"null")
        except ValueError:
            return resp.status, raw.decode(errors="replace")[:300]

    def close(self) -> None:
        self.conn.close()


def event(version: int) -> dict[str, Any]:
    """The only event anyone posts at `version`: the seat is fixed by the version."""
    return {"version": version, "event": {"type": "take_investigation", "player": version % 2}}


def contents(state: dict[str, Any]) -> dict[str, Any]:
    """What the events change: the log (its length and tail) and each player's tokens."""
    return {"log_length": state["log_length"], "log": state["log"],
            "investigation": [p["investigation"] for p in state["players"]]}


@pytest.fixture(scope="module")
def expected(tmp_path_factory) -> list[dict[str, Any]]:
    """The contents at each version 0..TARGET, from the same events played alone."""
    db = tmp_path_factory.mktemp("reference") / "ref.db"
    client = create_app({"DATABASE": str(db), "TESTING": True}).test_client()
    made = client.post("/api/v1/games", json={"players": TWO})
    game_id, token, state = made.json["id"], made.json["edit_token"], made.json["state"]
    out = [contents(state)]
    for version in range(TARGET):
        r = client.post(f"/api/v1/games/{game_id}/events", json=event(version),
                        headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 200, r.json
        out.append(contents(r.json))
    return out


class Race:
    """The answers of every client thread, by game, in the order each thread got them."""

    def __init__(self, port: int):
        self.port, self.lock = port, threading.Lock()
        self.states: list[tuple[str, str, dict[str, Any]]] = []  # (game, how, state)
        self.seen: dict[tuple[str, int], list[int]] = defaultdict(list)  # versions per thread
        self.failures: list[tuple[str, int, Any]] = []  # 5xx or anything unexpected
        self.accepted = self.conflicts = self.reads = 0

    def record(self, game_id: str, how: str, state: dict[str, Any]) -> None:
        with self.lock:
            self.accepted += how == "post 200"
            self.conflicts += how == "post 409"
            self.reads += how == "get"
            self.states.append((game_id, how, state))
            self.seen[(game_id, threading.get_ident())].append(state["version"])

    def fail(self, what: str, status: int, body: Any) -> None:
        with self.lock:
            self.failures.append((what, status, body))

    def client(self, role: Any, game_id: str, token: str) -> None:
        """Run `role` as one client thread; a dropped or timed-out request is a failure."""
        client = Client(self.port)
        try:
            role(client, game_id, token)
        except OSError as exc:
            self.fail(f"{role.__name__} {game_id}", 0, repr(exc))
        finally:
            client.close()

    def writer(self, client: Client, game_id: str, token: str) -> None:
        version = 0
        while version < TARGET and len(self.failures) < 20:
            status, body = client.call("POST", f"/api/v1/games/{game_id}/events", token,
                                       event(version))
            if status == 200:
                self.record(game_id, "post 200", body)
                version = body["version"]
            elif status == 409 and isinstance(body, dict) and "state" in body:
                self.record(game_id, "post 409", body["state"])
                version = body["state"]["version"]
            else:
                self.fail(f"POST {game_id} at {version}", status, body)

    def reader(self, client: Client, game_id: str, token: str) -> None:
        version = 0
        while version < TARGET and len(self.failures) < 20:
            status, body = client.call("GET", f"/api/v1/games/{game_id}", token)
            if status != 200:
                self.fail(f"GET {game_id}", status, body)
                continue
            self.record(game_id, "get", body)
            version = body["version"]


def run_race(server: Server) -> Race:
    race = Race(server.port)
    threads = []
    setup = Client(server.port)
    for _ in range(GAMES):
        status, made = setup.call("POST", "/api/v1/games", None, {"players": TWO})
        assert status == 201, made
        race.record(made["id"], "create", made["state"])
        for role, count in ((race.writer, WRITERS), (race.reader, READERS)):
            threads += [threading.Thread(target=race.client,
                                         args=(role, made["id"], made["edit_token"]))
                        for _ in range(count)]
    setup.close()
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads), "the clients did not finish in 120 s"
    return race


def disagreements(race: Race, expected: list[dict[str, Any]]) -> list[str]:
    """Every answer whose contents are not those of its version, or that differs from
    another answer about the same game at the same version."""
    out, first = [], {}
    for game_id, how, state in race.states:
        version = state["version"]
        if not 0 <= version <= TARGET or contents(state) != expected[version]:
            got = contents(state)
            out.append(f"{how} {game_id} v{version}: log_length {got['log_length']}, "
                       f"tokens {got['investigation']}")
        seen = first.setdefault((game_id, version), (how, state))
        if seen[1] != state:
            out.append(f"{how} {game_id} v{version} differs from {seen[0]} at the same version")
    return out


@pytest.mark.parametrize(("kind", "workers"), BACKENDS, ids=[f"{k}-{w}w" for k, w in BACKENDS])
def test_racing_clients_never_see_a_torn_game(tmp_path, kind, workers, expected):
    server = Server(database(kind, tmp_path), workers).start()
    try:
        race = run_race(server)
    finally:
        server.kill()
    log = Path(server.log_path).read_text(errors="replace")[-2000:]
    assert race.failures == [], (f"{len(race.failures)} failed answers, e.g. "
                                 f"{race.failures[:3]}; the server said:\n{log}")
    assert race.accepted == GAMES * TARGET  # every version made exactly once
    assert race.conflicts > 0, "the writers never raced; the test proved nothing"
    assert race.reads > 0
    torn = disagreements(race, expected)
    assert torn == [], f"{len(torn)} of {len(race.states)} answers disagree, e.g. {torn[:5]}"
    back = [(key, seq) for key, seq in race.seen.items() if seq != sorted(seq)]
    assert back == [], f"a client saw a game go back to an older version: {back[:1]}"
