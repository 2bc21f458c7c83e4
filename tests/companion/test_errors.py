"""No 500s: refused input answers 422 naming its field; odd failures answer JSON under /api,
never with a link token in the log; a database that cannot write says so."""

from __future__ import annotations

import logging
import re
import subprocess
import sys

import pytest

from tests.companion.finished import finished_export
from tests.companion.test_pages import HX, csrf, new_game, post, version

from .conftest import TWO


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def finished(client, game):
    """A finished game, not yet scored: (id, edit token, version)."""
    r = client.post("/api/v1/games/import", json=finished_export(game))
    assert r.status_code == 201 and r.json["state"]["status"] == "finished"
    return r.json["id"], r.json["edit_token"], r.json["state"]["version"]


@pytest.mark.parametrize(("missions", "field", "message"), [
    ([["collection"], ["collection"]], "event.missions[1]", "also held by"),
    ([[], ["sabotage"]], "event.missions[0]", "0 missions"),
    ([["nope"], ["sabotage"]], "event.missions[0]", "unknown mission"),
])
def test_scoring_with_bad_missions_is_422(client, finished, missions, field, message):
    game_id, edit, v = finished
    r = client.post(f"/api/v1/games/{game_id}/events", headers=bearer(edit), json={
        "version": v, "event": {"type": "score", "player": 0, "missions": missions}})
    assert r.status_code == 422 and r.json["field"] == field and message in r.json["error"]
    ok = client.post(f"/api/v1/games/{game_id}/events", headers=bearer(edit), json={
        "version": v, "event": {"type": "score", "player": 0,
                                "missions": [["collection"], ["sabotage"]]}})
    assert ok.status_code == 200 and ok.json["result"]["winners"]


def test_import_with_a_bad_score_is_422(client, game):
    data = finished_export(game)
    data["events"].append({"type": "score", "player": 0, "missions": [["x"], ["sabotage"]]})
    r = client.post("/api/v1/games/import", json=data)
    assert r.status_code == 422 and r.json["field"] == f"events[{len(data['events']) - 1}]"


def test_score_form_with_bad_missions_or_numbers_is_422(client, finished):
    game_id, edit, v = finished
    url = f"/t/{edit}"
    form = {"version": str(v), "mission0": "collection", "mission1": "collection"}
    r = post(client, url + "/score", form, headers=HX)
    assert r.status_code == 422 and b"Collection is picked twice" in r.data  # named, no 500
    r = post(client, url + "/score", {**form, "mission1": "sabotage", "gamble0": "\u00b2"},
             headers=HX)
    assert r.status_code == 422 and b"valid integer" in r.data


@pytest.mark.parametrize("data", [
    {"version": "\u00b2", "player": "0", "type": "take_millions"},
    {"version": "9" * 5000, "player": "0", "type": "take_millions"},
    {"version": "0", "player": "\u00b2", "type": "take_millions"},
    {"version": "0", "player": "9" * 5000, "type": "take_millions"},
    {"version": "0", "player": "0", "type": "operation", "city": "seoul",
     "active_successes": "\u0661"},  # an Arabic-Indic one
])
def test_odd_numbers_in_forms_are_refused_not_500(client, data):
    url = new_game(client)
    r = post(client, url + "/act", data, headers=HX)
    assert r.status_code == 422
    assert b"<bdi>Ann</bdi> takes" not in client.get(url).data


@pytest.mark.parametrize("seen", ["\u00b2", "9" * 5000, "-1", "0x1"])
def test_odd_poll_versions_get_the_table(client, seen):
    url = new_game(client)
    assert client.get(url + "/live", query_string={"v": seen}, headers=HX).status_code == 200


def test_api_http_errors_are_json(client, created):
    game_id, edit, _, _ = created
    r = client.get("/api/v1/nope")
    assert r.status_code == 404 and r.is_json and r.json["field"] == "path"
    r = client.delete(f"/api/v1/games/{game_id}", headers=bearer(edit))
    assert r.status_code == 405 and r.is_json and r.json["error"]
    r = client.post("/api/v1/games", data=b"[" * 70_000, content_type="application/json")
    assert r.status_code == 413 and r.is_json and r.json["field"] == "body"


def test_a_crash_answers_json_and_logs_no_token(app, client, created, caplog, monkeypatch):
    game_id, edit, _, _ = created
    games = app.extensions["games"]

    def broken(*_):
        raise RuntimeError("boom")

    monkeypatch.setattr(games, "current", broken)
    with caplog.at_level(logging.ERROR):
        r = client.get(f"/api/v1/games/{game_id}?token={edit}")
        page = client.get(f"/t/{edit}")
    assert r.status_code == 500 and r.is_json and set(r.json) == {"error", "field"}
    assert page.status_code == 500 and b"Something went wrong" in page.data
    assert "boom" in caplog.text and edit not in caplog.text


@pytest.mark.parametrize("player", ["1", False, 0.0, 1.0])
def test_loosely_typed_values_are_refused(client, created, player):
    game_id, edit, _, _ = created
    r = client.post(f"/api/v1/games/{game_id}/events", headers=bearer(edit), json={
        "version": 0, "event": {"type": "take_millions", "player": player}})
    assert r.status_code == 422 and r.json["field"] == "event.player"
    r = client.post(f"/api/v1/games/{game_id}/events", headers=bearer(edit), json={
        "version": 0, "event": {"type": "operation", "player": 0, "city": "seoul",
                                "active_successes": 2, "roll": 0}})
    assert r.status_code == 422 and r.json["field"] == "event.roll"
    exported = client.get(f"/api/v1/games/{game_id}/export", headers=bearer(edit)).json
    assert exported["events"] == []


@pytest.mark.parametrize("name", ["\u200b", "\u200b\u200d\u2060", "Ann\u202e", "\u2067Bo",
                                  " \u00a0 "])
def test_invisible_or_direction_changing_names_are_refused(client, name):
    players = [{**TWO[0], "name": name}, TWO[1]]
    r = client.post("/api/v1/games", json={"players": players})
    assert r.status_code == 422 and r.json["field"].startswith("players[0].name")


def test_names_are_shown_isolated(client):
    url = new_game(client, names=("\u05d0\u05d1\u05d2", "Bo"))  # a right-to-left name
    page = client.get(url).data.decode()
    assert "<bdi>\u05d0\u05d1\u05d2</bdi>" in page


def read_only(path) -> str:
    return f"sqlite:///file:{path}?mode=ro&uri=true"


def test_a_read_only_database_says_so(tmp_path, created, client):
    from companion import create_app

    game_id, edit, _, _ = created
    url = new_game(client)
    db = client.application.config["DATABASE"]
    ro = create_app({"DATABASE": read_only(db), "TESTING": True}).test_client()
    r = ro.post(f"/api/v1/games/{game_id}/events", headers=bearer(edit), json={
        "version": 0, "event": {"type": "take_millions", "player": 0}})
    assert r.status_code == 503 and "read-only" in r.json["error"]
    r = ro.post("/api/v1/games", json={"players": TWO})
    assert r.status_code == 503 and "read-only" in r.json["error"]
    page = ro.get(url)
    token = re.search(rb'name="csrf_token" value="([^"]+)"', page.data).group(1).decode()
    r = ro.post(url + "/act", data={"version": version(page.data), "player": "0",
                                    "type": "take_millions", "csrf_token": token}, headers=HX)
    assert r.status_code == 503 and b"database is read-only" in r.data
    r = ro.post("/games", data={"name0": "A", "character0": "jack", "side0": "A",
                                "name1": "B", "character1": "queen", "side1": "A",
                                "csrf_token": csrf(ro)})
    assert r.status_code == 503 and b"database is read-only" in r.data


def test_serve_refuses_to_start_on_a_read_only_database(tmp_path, created, client):
    db = client.application.config["DATABASE"]
    done = subprocess.run([sys.executable, "-m", "companion", "serve", "--port", "1",
                           "--db", read_only(db)], capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "read-only" in done.stderr


def test_a_full_disk_says_so(app, client, created, monkeypatch):
    import sqlite3

    game_id, edit, _, _ = created
    store = app.extensions["games"].store

    def full(*_):
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(store._writer, "submit", full)
    r = client.post(f"/api/v1/games/{game_id}/events", headers=bearer(edit), json={
        "version": 0, "event": {"type": "take_millions", "player": 0}})
    assert r.status_code == 503 and "disk is full" in r.json["error"]
    r = post(client, f"/t/{edit}/act", {"version": "0", "player": "0", "type": "take_millions"},
             headers=HX)
    assert r.status_code == 503 and b"disk is full" in r.data and b'id="game"' in r.data


NEW_GAMES = {
    "double-mission": {"players": TWO},
    "dice-mission": {"game": "dice-mission", "display": ["special_02", "special_04", "special_09"],
                     "players": [{"name": "Ann", "colour": "red"},
                                 {"name": "Bo", "colour": "blue"}]},
    "mission-improbable": {"game": "mission-improbable", "turn_order": [0, 1], "players": [
        {"name": "MI6", "alignment": "good", "nemesis": 1},
        {"name": "SPECTRE", "alignment": "bad", "nemesis": 0}]},
}


@pytest.mark.parametrize("game_id", sorted(NEW_GAMES))
@pytest.mark.parametrize("kind", [["take_millions"], {"a": 1}, 7, None])
def test_an_event_type_that_is_not_text_is_422_in_every_game(client, game_id, kind):
    r = client.post("/api/v1/games", json=NEW_GAMES[game_id])
    assert r.status_code == 201, r.json
    r = client.post(f"/api/v1/games/{r.json['id']}/events", headers=bearer(r.json["edit_token"]),
                    json={"version": 0, "event": {"type": kind, "player": 0}})
    assert r.status_code == 422 and r.json["field"] == "event.type", r.json


@pytest.mark.parametrize("args", [{"roll": "\u00b2"}, {"roll": "9" * 5000},
                                  {"roll": "3", "modifier": "\u00b2"},
                                  {"roll": "3", "modifier": "-\u00b2"},
                                  {"roll": "\u0663"}])  # an Arabic-Indic three
def test_odd_numbers_in_the_table_lookup_get_the_empty_panel(client, args):
    r = client.post("/api/v1/games", json=NEW_GAMES["mission-improbable"])
    r = client.get(f"/t/{r.json['view_token']}/mission-improbable/table",
                   query_string={"table": "spy", **args})
    assert r.status_code == 200
    assert (b"Pick a table" in r.data) == ("modifier" not in args)


@pytest.mark.parametrize("seat", ["9" * 5000, "\u00b2", "-1"])
def test_odd_seats_in_the_dice_mission_check_panel_get_the_active_players(client, seat):
    r = client.post("/api/v1/games", json=NEW_GAMES["dice-mission"])
    url = f"/t/{r.json['view_token']}/dice-mission/check"
    asked = client.get(url, query_string={"card": "solo_01", "player": seat})
    assert asked.status_code == 200
    assert asked.data == client.get(url, query_string={"card": "solo_01"}).data
