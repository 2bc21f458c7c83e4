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


def test_every_token_route_is_limited_per_address(tmp_path):
    """Only GET /t/<token> was limited: /live, the API's game, the export and the QR still
    answered after a 429."""
    app = create_app({"DATABASE": str(tmp_path / "k.db"), "RATELIMIT_TOKEN": "5 per minute"})
    c = app.test_client()
    made = c.post("/api/v1/games", json={"players": TWO}).json
    edit, gid = made["edit_token"], made["id"]
    auth = {"Authorization": f"Bearer {edit}"}
    paths = ((f"/t/{edit}/live?v=0", {}), (f"/api/v1/games/{gid}", auth),
             (f"/api/v1/games/{gid}/export", auth), (f"/t/{edit}/qr.svg", {}),
             (f"/t/{edit}/export.json", {}))
    for n, (path, headers) in enumerate(paths):  # each from an address of its own
        where = {"REMOTE_ADDR": f"127.0.1.{n}"}
        codes = [c.get(path, headers=headers, environ_base=where).status_code
                 for _ in range(7)]
        assert codes[:5] == [codes[0]] * 5 and codes[0] in (200, 204), (path, codes)
        assert codes[5:] == [429, 429], (path, codes)
    # one count per address over every token route
    mixed = [c.get(p, headers=h, environ_base={"REMOTE_ADDR": "127.0.2.1"}).status_code
             for p, h in paths + paths[:1]]
    assert mixed[-1] == 429 and 429 not in mixed[:5]
    # another address still gets in
    other = c.get(f"/t/{edit}/live?v=0", environ_base={"REMOTE_ADDR": "127.0.0.9"})
    assert other.status_code in (200, 204)


def test_the_default_token_limit_serves_a_table_of_four_behind_one_address(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "f.db")})
    c = app.test_client()
    made = c.post("/api/v1/games", json={"players": TWO}).json
    polls = [c.get(f"/t/{made['edit_token']}/live?v=0").status_code for _ in range(4 * 30)]
    assert set(polls) == {204}  # four phones polling every 2 s for a minute


def test_a_venue_opens_250_tables_in_a_minute_from_distinct_addresses(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "v.db"), "PROXY_FIX": True})
    c = app.test_client()
    codes = [c.post("/api/v1/games", json={"players": TWO},
                    headers={"X-Forwarded-For": f"10.1.{i // 200}.{i % 200}"}).status_code
             for i in range(250)]
    assert codes == [201] * 250


def test_workers_share_one_count(tmp_path):
    """--workers 3 counted per process: 90 games a minute from one address, not 30."""
    from tests.companion.conftest import Server
    from tests.companion.http import call

    srv = Server(tmp_path / "w.db", workers=3).start()
    try:
        codes = [call(srv.url + "/api/v1/games", "POST", {"players": TWO})[0]
                 for _ in range(40)]
    finally:
        srv.kill()
    assert codes.count(201) == 30 and codes.count(429) == 10, codes
    # the count is this companion's own (beside its games), not every companion's here
    assert (tmp_path / "w.db.ratelimits").exists()


def test_the_shared_store_counts_across_connections(tmp_path):
    from limits import parse
    from limits.storage import storage_from_string
    from limits.strategies import FixedWindowRateLimiter

    uri = f"mk-sqlite://{tmp_path / 'r.db'}"
    one, two = (FixedWindowRateLimiter(storage_from_string(uri)) for _ in range(2))
    item = parse("3 per minute")
    hits = [(one if i % 2 else two).hit(item, "k", "addr") for i in range(5)]
    assert hits == [True, True, True, False, False]
    assert one.hit(item, "k", "other")
