"""One creation limit for every way of making a game, a cap for everyone together, counters
in a configurable store, and games idle too long expire."""

from __future__ import annotations

from companion import create_app
from tests.companion.test_pages import csrf

from .conftest import TWO

FORM = {"name0": "A", "character0": "jack", "side0": "A", "name1": "B", "character1": "queen",
        "side1": "A"}
EXPORT = {"format": "mission-kit-game/1", "setup": {"players": TWO}, "events": []}


def test_form_api_and_import_share_one_creation_limit(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "l.db"), "RATELIMIT_CREATE": "3 per minute"})
    c = app.test_client()
    token = csrf(c)
    codes = [c.post("/api/v1/games", json={"players": TWO}).status_code,
             c.post("/api/v1/games/import", json=EXPORT).status_code,
             c.post("/games", data={**FORM, "csrf_token": token}).status_code,
             c.post("/api/v1/games/import", json=EXPORT).status_code,
             c.post("/games", data={**FORM, "csrf_token": token}).status_code]
    assert codes == [201, 201, 303, 429, 429]


def test_all_clients_together_meet_a_global_cap(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "g.db"), "PROXY_FIX": True,
                      "RATELIMIT_CREATE_ALL": "4 per minute"})
    c = app.test_client()
    codes = [c.post("/api/v1/games", json={"players": TWO},
                    headers={"X-Forwarded-For": f"203.0.113.{i}"}).status_code
             for i in range(6)]
    assert codes == [201] * 4 + [429] * 2


def test_the_counters_storage_is_configurable(tmp_path, monkeypatch):
    from limits.storage import MemoryStorage

    made = []
    original = MemoryStorage.__init__

    def spy(self, *args, **kwargs):
        made.append(args)
        original(self, *args, **kwargs)

    monkeypatch.setattr(MemoryStorage, "__init__", spy)
    create_app({"DATABASE": str(tmp_path / "s.db"), "RATELIMIT_STORAGE_URI": "memory://"})
    assert made
    try:
        create_app({"DATABASE": str(tmp_path / "t.db"),
                    "RATELIMIT_STORAGE_URI": "nosuchstore://x"})
    except Exception as exc:  # an unknown scheme is refused at start, not on first use
        assert "nosuchstore" in str(exc)
    else:
        raise AssertionError("an unknown storage URI was accepted")


def test_games_idle_too_long_expire(tmp_path):
    from sqlalchemy import update

    from companion.store import games

    app = create_app({"DATABASE": str(tmp_path / "e.db"), "GAME_IDLE_SECONDS": 3600})
    c = app.test_client()
    old = c.post("/api/v1/games", json={"players": TWO}).json
    busy = c.post("/api/v1/games", json={"players": TWO}).json
    r = c.post(f"/api/v1/games/{busy['id']}/events",
               headers={"Authorization": f"Bearer {busy['edit_token']}"},
               json={"version": 0, "event": {"type": "take_millions", "player": 0}})
    assert r.status_code == 200
    service = app.extensions["games"]
    with service.store.engine.begin() as db:  # the first game last changed two hours ago
        db.execute(update(games).where(games.c.id == old["id"]).values(updated=0))
    service._swept = 0.0  # as if the last sweep was long ago
    c.post("/api/v1/games", json={"players": TWO})
    assert c.get(f"/t/{old['edit_token']}").status_code == 404
    assert c.get(f"/api/v1/games/{old['id']}",
                 headers={"Authorization": f"Bearer {old['edit_token']}"}).status_code in (
        403, 404)
    assert c.get(f"/t/{busy['edit_token']}").status_code == 200
