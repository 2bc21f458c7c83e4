"""The HTML pages: forms work without JavaScript, htmx gets fragments, bad posts are refused."""

from __future__ import annotations

import re

import pytest
from markupsafe import escape

from companion.double_mission.forms import form_event

HX = {"HX-Request": "true"}


def csrf(client) -> str:
    """The CSRF token the pages hand this browser session."""
    html = client.get("/").data
    return re.search(rb'name="csrf_token" value="([^"]+)"', html).group(1).decode()


def post(client, url, data, **kw):
    """POST a form as the page would: with its CSRF token."""
    return client.post(url, data={**data, "csrf_token": csrf(client)}, **kw)
XSS = '<script>alert("x")</script><img src=x onerror=alert(1)>'


def new_game(client, names=("Ann", "Bo")):
    data = {}
    for i, (name, ch) in enumerate(zip(names, ["jack", "queen", "king", "joker"], strict=False)):
        data |= {f"name{i}": name, f"character{i}": ch, f"side{i}": "A"}
    r = post(client, "/games", data)
    assert r.status_code == 303
    return r.headers["Location"]


def version(html: bytes) -> str:
    return re.search(rb'name="version" value="(\d+)"', html).group(1).decode()


def test_home_page(client):
    r = client.get("/")
    assert r.status_code == 200 and b"New game" in r.data
    assert b"htmx-2.0.11.min.js" in r.data and b"http" not in re.sub(
        rb'https?://127\.0\.0\.1|http://localhost', b"", r.data.split(b"<body>")[0])


def test_create_and_play_without_javascript(client):
    url = new_game(client)
    page = client.get(url)
    assert page.status_code == 200 and b"Ann</bdi>\xe2\x80\x99s turn" in page.data
    r = post(client, url + "/act", {"version": version(page.data), "player": "0",
                                        "type": "take_millions"})
    assert r.status_code == 303
    page = client.get(url)
    assert b"<bdi>Ann</bdi> takes 2 Millions." in page.data and version(page.data) == "1"


def test_htmx_gets_the_fragment(client):
    url = new_game(client)
    r = post(client, url + "/act", {"version": "0", "player": "0", "type": "take_millions"},
                    headers=HX)
    assert r.status_code == 200 and r.data.lstrip().startswith(b'<div id="game"')
    assert b"<html" not in r.data and b'hx-swap-oob="true"' in r.data


def test_polling_answers_204_until_something_changes(client):
    url = new_game(client)
    assert client.get(url + "/live?v=0", headers=HX).status_code == 204
    post(client, url + "/act", {"version": "0", "player": "0", "type": "take_millions"})
    r = client.get(url + "/live?v=0", headers=HX)
    assert r.status_code == 200 and b"<bdi>Ann</bdi> takes 2 Millions." in r.data


def test_a_stale_tap_still_legal_is_applied(client):
    url = new_game(client)
    post(client, url + "/act", {"version": "0", "player": "0", "type": "take_millions"})
    r = post(client, url + "/act", {"version": "0", "player": "0", "type": "action",
                                    "kind": "move"}, headers=HX)
    assert r.status_code == 200 and version(r.data) == "2"
    assert r.data.count(b"<li><bdi>Ann</bdi> takes 2 Millions.</li>") == 1
    assert b"<li><bdi>Ann</bdi>: move.</li>" in r.data


def test_a_stale_tap_no_longer_legal_says_it_was_not_recorded(client):
    url = new_game(client)
    post(client, url + "/act", {"version": "0", "player": "0", "type": "end_turn"})
    r = post(client, url + "/act", {"version": "0", "player": "0", "type": "take_millions"},
                    headers=HX)
    assert r.status_code == 409 and b"Your tap was not recorded: " in r.data
    assert b"nothing of yours was lost" not in r.data and version(r.data) == "1"
    r = post(client, url + "/undo", {"version": "0"}, headers=HX)  # an undo is never blind
    assert r.status_code == 409 and b"Your tap was not recorded: someone else" in r.data


@pytest.mark.parametrize("data", [
    {"player": "0", "type": "take_millions"},  # no version
    {"version": "zero", "player": "0", "type": "take_millions"},
    {"version": "0", "player": "0", "type": "format_disk"},
    {"version": "0", "player": "9", "type": "take_millions"},
    {"version": "0", "player": "x", "type": "take_millions"},
    {"version": "0", "player": "0", "type": "operation", "city": "'; DROP TABLE games;--",
     "active_successes": "2"},
])
def test_forged_posts_are_refused_and_lose_nothing(client, data):
    url = new_game(client)
    post(client, url + "/act", {"version": "0", "player": "0", "type": "take_millions"})
    r = post(client, url + "/act", data, headers=HX)
    assert r.status_code in (409, 422)
    page = client.get(url)
    assert b"<bdi>Ann</bdi> takes 2 Millions." in page.data and version(page.data) == "1"


def test_view_link_shows_but_cannot_change(client, app):
    url = new_game(client)
    view = re.search(rb'href="http://localhost(/t/[^"]+)"', client.get(url).data[
        client.get(url).data.index(b"Read-only link"):]).group(1).decode()
    page = client.get(view)
    assert page.status_code == 200 and b"Read-only view" in page.data
    assert b"Get 2 Millions" not in page.data
    r = post(client, view + "/act", {"version": "0", "player": "0", "type": "take_millions"})
    assert r.status_code == 403


def test_unknown_link_is_404(client):
    assert client.get("/t/not-a-real-token").status_code == 404
    assert post(client, "/t/not-a-real-token/act", {}).status_code == 404


def test_script_in_a_name_renders_as_text(client):
    url = new_game(client, names=(XSS[:40], "Bo"))
    page = client.get(url).data
    assert b"<script>alert" not in page and b"<img src=x" not in page
    assert b"&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in page


def test_bad_new_game_form_keeps_what_was_typed(client):
    r = post(client, "/games", {"name0": "Solo", "character0": "jack", "side0": "A"})
    assert r.status_code == 422 and b'value="Solo"' in r.data
    assert b"needs 2 to 4 players; this setup has 1" in r.data


def test_qr_code_is_a_standalone_svg(client):
    """An <img> renders an SVG only with its namespace (scanned in test_table_browser)."""
    svg = client.get(new_game(client) + "/qr.svg").data
    assert svg.startswith(b'<svg xmlns="http://www.w3.org/2000/svg"')


def test_installable_favicon_and_manifest(client):
    assert client.get("/favicon.ico").status_code == 200
    m = client.get("/manifest.webmanifest")
    assert m.status_code == 200 and m.mimetype == "application/manifest+json"
    sizes = {i["sizes"] for i in m.json["icons"]}
    assert {"192x192", "512x512"} <= sizes and m.json["display"] == "standalone"
    for icon in m.json["icons"]:
        assert client.get(icon["src"]).status_code == 200
    sw = client.get("/sw.js")
    assert sw.status_code == 200 and sw.headers["Service-Worker-Allowed"] == "/"
    assert b'"mk-shell-v1"' not in sw.data and b'"mk-shell-' in sw.data  # named by content


def _finished(client):
    """A 2-player game played to its end through the API; returns the edit link."""
    from tests.companion.test_browser import finish_through

    return finish_through(lambda path, body, token=None: _api(client, path, body, token))


def _api(client, path, body, token):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    r = client.post(path, json=body, headers=headers)
    return r.status_code, r.json


@pytest.mark.parametrize(("picks", "message"), [
    ({"mission0": "collection"}, "pick Bo’s mission"),
    ({"mission0": "collection", "mission1": "collection"}, "is picked twice (Ann and Bo)"),
])
def test_missing_or_doubled_mission_pick_is_refused_clearly(client, picks, message):
    url = _finished(client).split("localhost", 1)[1]
    page = client.get(url).data
    assert b'<option value="">' in page.split(b'id="m0"')[1][:80]  # pickers start empty
    r = post(client, url + "/score", {"version": version(page), **picks}, headers=HX)
    assert r.status_code == 422 and message.encode() in r.data
    r = post(client, url + "/score", {"version": version(page), "mission0": "collection",
                                      "mission1": "sabotage"}, headers=HX)
    assert r.status_code == 200 and b"Mission: Collection" in r.data


def test_qr_code_and_theme(client):
    url = new_game(client)
    r = client.get(url + "/qr.svg")
    assert r.status_code == 200 and r.mimetype == "image/svg+xml" and b"<svg" in r.data
    css = client.get("/theme.css").data.decode()
    assert ".t-jewel{--c:#1F8A70;" in css and ".ch-jack{--c:#C8412F}" in css
    assert ".t-gold_bar{--c:#C9A227;--on:#111}" in css  # dark text on the gold: 4.5:1


def test_form_event_keeps_bad_numbers_for_validation():
    from werkzeug.datastructures import MultiDict

    assert form_event(MultiDict({"type": "sell", "player": "1", "treasure": "jewel"})) == {
        "type": "sell", "player": 1, "treasure": "jewel"}
    assert form_event(MultiDict({"player": "x", "roll": "1"})) == {"player": "x", "roll": True}


def test_team_variant_from_the_form(client):
    data = {"team_mode": "1"}
    for i, ch in enumerate(["jack", "queen", "king", "joker"]):
        data |= {f"name{i}": f"P{i}", f"character{i}": ch, f"side{i}": "A",
                 f"team{i}": "AB"[i % 2]}
    r = post(client, "/games", data)
    assert r.status_code == 303
    assert b"team A" in client.get(r.headers["Location"]).data
    data["team3"] = "A"  # three in team A
    assert post(client, "/games", data).status_code == 422


def test_forged_post_without_csrf_token_is_refused(client):
    url = new_game(client)
    r = client.post(url + "/act", data={"version": "0", "player": "0", "type": "take_millions"})
    assert r.status_code == 400 and b"This form has expired" in r.data
    r = client.post(url + "/act", data={"version": "0", "player": "0", "type": "take_millions",
                                        "csrf_token": "forged"}, headers=HX)
    assert r.status_code == 400
    assert b"<bdi>Ann</bdi> takes 2 Millions." not in client.get(url).data
    for form in ("/act", "/undo", "/score"):  # every form on the table page
        assert client.post(url + form, data={"version": "0"}).status_code == 400
    other = client.application.test_client()  # another browser: its own session, no token
    r = other.post("/games", data={"name0": "A", "character0": "jack", "name1": "B",
                                   "character1": "queen"})
    assert r.status_code == 400


def test_forms_work_over_https_without_a_referer(client):
    """Pages send `Referrer-Policy: no-referrer`, so a browser posts with no Referer: over
    HTTPS (--tls, or a proxy) a form still works; a post from another site is refused."""
    html = client.get("/", base_url="https://table.example").data
    token = re.search(rb'name="csrf_token" value="([^"]+)"', html).group(1).decode()
    form = {"name0": "Ann", "character0": "jack", "name1": "Bo", "character1": "queen",
            "csrf_token": token}
    r = client.post("/games", data=form, base_url="https://table.example",
                    headers={"Sec-Fetch-Site": "same-origin"})
    assert r.status_code == 303, r.data[:300]
    r = client.post("/games", data=form, base_url="https://table.example",
                    headers={"Sec-Fetch-Site": "cross-site"})
    assert r.status_code == 400


def test_htmx_may_send_the_token_in_a_header(client):
    url = new_game(client)
    r = client.post(url + "/act", data={"version": "0", "player": "0", "type": "take_millions"},
                    headers={**HX, "X-CSRFToken": csrf(client)})
    assert r.status_code == 200


def test_security_headers(client):
    url = new_game(client)
    for path in ("/", url, url + "/qr.svg", "/api/v1/health"):
        h = client.get(path).headers
        assert "script-src 'self'" in h["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in h["Content-Security-Policy"]
        assert h["X-Content-Type-Options"] == "nosniff"
        assert h["Referrer-Policy"] == "no-referrer"
    cookie = client.get_cookie("session")
    assert cookie is not None and cookie.http_only and cookie.same_site == "Lax"


def test_secure_cookie_setting(tmp_path):
    from companion import create_app

    app = create_app({"DATABASE": str(tmp_path / "s.db"), "SESSION_COOKIE_SECURE": True})
    c = app.test_client()
    c.get("/", base_url="https://localhost")
    assert c.get_cookie("session", domain="localhost").secure


def test_creating_games_is_rate_limited(tmp_path):
    from companion import create_app

    app = create_app({"DATABASE": str(tmp_path / "r.db"), "RATELIMIT_CREATE": "3 per minute"})
    c = app.test_client()
    body = {"players": [{"name": "A", "character": "jack", "side": "A"},
                        {"name": "B", "character": "queen", "side": "A"}]}
    codes = [c.post("/api/v1/games", json=body).status_code for _ in range(4)]
    assert codes == [201, 201, 201, 429]


@pytest.mark.parametrize("payload", [
    '<script>alert("x")</script>', '"><img src=x onerror=alert(1)>',
    "javascript:alert(1)", "{{ 7*7 }}", "<svg/onload=alert(1)>",
])
def test_payloads_in_names_render_as_text_everywhere(client, payload):
    url = new_game(client, names=(payload, "Bo"))
    page = post(client, url + "/act", {"version": "0", "player": "0", "type": "take_millions"},
                headers=HX).data
    for raw in (b"<script>alert", b"<img src=x", b"<svg/onload"):
        assert raw not in page
    assert str(escape(payload)).encode() in page  # shown as typed, as text (not evaluated)


def test_behind_a_proxy_links_and_limits_use_the_forwarded_values(tmp_path):
    from companion import create_app

    app = create_app({"DATABASE": str(tmp_path / "p.db"), "PROXY_FIX": True,
                      "RATELIMIT_CREATE": "1 per minute"})
    c = app.test_client()
    body = {"players": [{"name": "A", "character": "jack", "side": "A"},
                        {"name": "B", "character": "queen", "side": "A"}]}
    first = c.post("/api/v1/games", json=body, headers={"X-Forwarded-For": "203.0.113.5",
                                                        "X-Forwarded-Proto": "https"})
    assert first.status_code == 201 and first.json["join_url"].startswith("https://")
    other = c.post("/api/v1/games", json=body, headers={"X-Forwarded-For": "203.0.113.6"})
    again = c.post("/api/v1/games", json=body, headers={"X-Forwarded-For": "203.0.113.5"})
    assert (other.status_code, again.status_code) == (201, 429)


def _start_worker(tmp: str, barrier, results) -> None:
    """One gunicorn-like worker: wait for the others, then make the app on the shared folder."""
    from flask import Flask

    from companion import create_app

    original = Flask.__init__

    def same_instance(self, *a, **kw):
        kw["instance_path"] = tmp + "/instance"
        original(self, *a, **kw)

    Flask.__init__ = same_instance
    barrier.wait(timeout=60)
    try:
        results.put(create_app({"DATABASE": tmp + "/k.db"}).config["SECRET_KEY"])
    except Exception as exc:  # reported to the test, which fails with it
        results.put(f"crashed: {exc!r}")


def test_workers_starting_together_share_one_secret_key(tmp_path):
    """Eight worker processes start at once on one instance folder (as gunicorn's do): none
    may crash and all must sign with the same key. Processes, not threads: that is what
    workers are, and CPython 3.11's parser is not safe across threads."""
    from tests.companion.conftest import start_together

    keys = start_together(_start_worker, (str(tmp_path),), 8)
    assert not [k for k in keys if k.startswith("crashed")], keys
    assert len(set(keys)) == 1 and len(keys[0]) == 64


def test_after_the_game_csv_and_bg_stats(client):
    """The score form's tally offers BG Stats and the CSV (every game: test_after_game.py)."""
    import csv
    import io
    import json
    from urllib.parse import parse_qs, urlparse

    url = _finished(client).split("localhost", 1)[1]
    page = client.get(url).data
    r = post(client, url + "/score", {"version": version(page), "mission0": "collection",
                                      "mission1": "sabotage"})
    assert r.status_code == 303
    page = client.get(url).data.decode()
    text = client.get(url + "/result.csv").data.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][:3] == ["Rank", "Player", "Points"] and {r[1] for r in rows[1:]} == {
        "Ann", "Bo"}
    names = rows[0].index("Mission names")
    assert any("Collection" in r[names] for r in rows[1:]) and any(
        "Sabotage" in r[names] for r in rows[1:])
    link = re.search(r'href="(https://app\.bgstatsapp\.com/createPlay\.html\?data=[^"]+)"',
                     page).group(1)
    play = json.loads(parse_qs(urlparse(link.replace("&amp;", "&")).query)["data"][0])
    assert [p["name"] for p in play["players"]] == ["Ann", "Bo"]
    totals = {row[1]: int(row[2]) for row in rows[1:]}
    assert {p["name"]: p["score"] for p in play["players"]} == totals
    assert sum(p["winner"] for p in play["players"]) >= 1
    assert client.get(new_game(client) + "/result.csv").status_code == 404  # not finished
