"""The unchanged poll is answered before Flask (companion/quickpoll.py) exactly as the view
answers it: 204 with the security headers, counted once against the address's limit, and
everything else (a changed game, a stranger's token) left to the view."""

from __future__ import annotations

from companion import create_app
from tests.companion.conftest import TWO

HX = {"HX-Request": "true"}


def _table(tmp_path, limit="1000 per minute"):
    app = create_app({"DATABASE": str(tmp_path / "q.db"), "RATELIMIT_TOKEN": limit})
    c = app.test_client()
    made = c.post("/api/v1/games", json={"players": TWO}).json
    return c, made


def test_an_unchanged_poll_is_204_with_the_security_headers(tmp_path):
    c, made = _table(tmp_path)
    r = c.get(f"/t/{made['edit_token']}/live?v=0", headers=HX)
    assert r.status_code == 204 and r.data == b""
    assert r.headers["Cache-Control"] == "no-store"
    assert "frame-ancestors 'none'" in r.headers["Content-Security-Policy"]
    assert "Set-Cookie" not in r.headers


def test_a_changed_game_or_a_strangers_token_goes_to_the_view(tmp_path):
    c, made = _table(tmp_path)
    c.post(f"/api/v1/games/{made['id']}/events", headers={
        "Authorization": f"Bearer {made['edit_token']}"},
        json={"version": 0, "event": {"type": "take_millions", "player": 0}})
    r = c.get(f"/t/{made['edit_token']}/live?v=0", headers=HX)
    assert r.status_code == 200 and b'data-version="1"' in r.data
    assert c.get(f"/t/{made['edit_token']}/live?v=1", headers=HX).status_code == 204
    assert c.get("/t/nobody-has-this-token/live?v=1", headers=HX).status_code == 404
    for odd in ("v=", "v=-1", "v=%C2%B2", "v=" + "9" * 40, "v=1&v=2"):
        assert c.get(f"/t/{made['edit_token']}/live?{odd}", headers=HX).status_code in (
            200, 204)


def test_polls_answered_either_way_count_once_against_the_limit(tmp_path):
    c, made = _table(tmp_path, "6 per minute")
    c.post(f"/api/v1/games/{made['id']}/events", headers={
        "Authorization": f"Bearer {made['edit_token']}"},
        json={"version": 0, "event": {"type": "take_millions", "player": 0}})
    where = {"REMOTE_ADDR": "127.0.5.5"}
    live = f"/t/{made['edit_token']}/live"
    codes = [c.get(f"{live}?v={v}", headers=HX, environ_base=where).status_code
             for v in (0, 1, 0, 1, 0, 1, 0, 1)]  # changed (the view) and unchanged, mixed
    assert codes == [200, 204, 200, 204, 200, 204, 429, 429]
