"""A stale request is answered from the stored version, before any replay; logs and the
state cache stay bounded."""

from __future__ import annotations

import pytest

from companion import create_app
from companion.games import StateCache
from companion.plugin import Loaded
from companion.store import VersionMemo

from .conftest import TWO


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def replays(app, monkeypatch):
    """Count the replays the app runs (a replay is the cost of a cache miss)."""
    plugin = app.extensions["games"].plugins["double-mission"]
    seen = {"n": 0}
    original = plugin.replay

    def counted(setup, events):
        seen["n"] += 1
        return original(setup, events)

    monkeypatch.setattr(plugin, "replay", counted)
    return seen


def end_turns(n):
    return [{"type": "end_turn", "player": i % 2} for i in range(n)]


def test_a_stale_post_or_undo_replays_nothing(app, client, replays):
    service = app.extensions["games"]  # a 10,000-event game, stored as another worker would
    game_id, edit, _ = service.store.import_game({"players": TWO, "seed": 3},
                                                 end_turns(10_000))
    replays["n"] = 0
    for _ in range(5):
        r = client.post(f"/api/v1/games/{game_id}/events", headers=bearer(edit), json={
            "version": 17, "event": {"type": "take_millions", "player": 0}})
        assert r.status_code == 409 and r.json["state"]["version"] == 10_000
        r = client.post(f"/api/v1/games/{game_id}/undo", headers=bearer(edit),
                        json={"version": 17})
        assert r.status_code == 409 and r.json["state"]["version"] == 10_000
    assert replays["n"] == 1  # the fresh state for the first 409, then from the cache


def test_a_game_stops_at_its_event_limit(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "m.db"), "MAX_EVENTS": 6})
    c = app.test_client()
    made = c.post("/api/v1/games", json={"players": TWO}).json
    game_id, edit = made["id"], made["edit_token"]
    v = 0
    for event in end_turns(6):
        v = c.post(f"/api/v1/games/{game_id}/events", headers=bearer(edit),
                   json={"version": v, "event": event}).json["version"]
    r = c.post(f"/api/v1/games/{game_id}/events", headers=bearer(edit),
               json={"version": v, "event": end_turns(7)[6]})
    assert r.status_code == 422 and "limit of 6 changes" in r.json["error"]
    r = c.post("/api/v1/games/import", json={
        "format": "mission-kit-game/1", "setup": {"players": TWO}, "events": end_turns(7)})
    assert r.status_code == 422 and r.json["field"] == "events"
    r = c.post(f"/api/v1/games/{game_id}/undo", headers=bearer(edit), json={"version": v})
    assert r.status_code == 200  # a full game may still take back its last change


def test_the_state_cache_is_bounded_by_weight_and_count():
    cache = StateCache(size=100, weight=1000)
    for i in range(30):
        cache.put(Loaded(f"g{i}", 200, None, "v"))  # 250 each: four fit
    assert len(cache._items) == 4 and cache.weight == 1000
    assert cache.get("g29", 200) is not None and cache.get("g0", 200) is None
    small = StateCache(size=3, weight=10**9)
    for i in range(10):
        small.put(Loaded(f"g{i}", 0, None, "v"))
    assert len(small._items) == 3


def test_a_slow_read_never_puts_an_older_game_back():
    """The race CI caught (a phone saw version 60, then 59): a request that read the game
    before a write committed stores what it read after the write stored the newer one. The
    version memo and the state cache keep the newer; the phone's next poll shows it."""
    cache = StateCache()
    cache.put(Loaded("g", 60, "sixty", "v"))
    cache.put(Loaded("g", 59, "fifty-nine", "v"))  # the slow replay lands last
    assert cache.get("g", 60).state == "sixty" and cache.get("g", 59) is None
    memo = VersionMemo(ttl=60)
    memo.put("g", 60)  # the writer, after its commit
    memo.put("g", 59)  # a poll that read the database just before it
    assert memo.get("g") == 60
