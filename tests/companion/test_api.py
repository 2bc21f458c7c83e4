"""The JSON API as the spec lists it: guards, versions, 409, 422, undo, tally."""

from __future__ import annotations

import json

import pytest

from missionkit.double_mission.snapshot import Snapshot
from tests.conftest import DATA
from tests.missionkit.tally_cases import CASES, four_player_game


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def post_event(client, game_id, token, version, event):
    return client.post(f"/api/v1/games/{game_id}/events", headers=bearer(token),
                       json={"version": version, "event": event})


def test_health_and_openapi(client):
    assert client.get("/api/v1/health").json == {"ok": True}
    doc = client.get("/api/v1/openapi.json").json
    assert doc["openapi"].startswith("3.")
    assert {"/api/v1/tally", "/api/v1/games", "/api/v1/games/{game_id}",
            "/api/v1/games/{game_id}/events", "/api/v1/games/{game_id}/undo"} <= set(doc["paths"])


def test_create_returns_links_and_state(created):
    game_id, edit, view, state = created
    assert state["version"] == 0 and state["status"] == "playing"
    assert state["round_marker"] == 12 and [p["score"] for p in state["players"]] == [0, 1]
    assert state["players"][0]["treasures"]["jewel"] == 0 and state["players"][0]["titles"] == 0
    assert len(state["titles_on_offer"]) == 4 and len(edit) >= 30 and edit != view


def test_get_needs_a_token(client, created):
    game_id, edit, view, _ = created
    assert client.get(f"/api/v1/games/{game_id}").status_code == 401
    assert client.get(f"/api/v1/games/{game_id}", headers=bearer("nope")).status_code == 403
    assert client.get(f"/api/v1/games/{game_id}", headers=bearer(view)).json["version"] == 0
    assert client.get(f"/api/v1/games/{game_id}?token={edit}").status_code == 200


def test_view_token_cannot_change_anything(client, created):
    game_id, _, view, _ = created
    r = post_event(client, game_id, view, 0, {"type": "take_millions", "player": 0})
    assert r.status_code == 403
    r = client.post(f"/api/v1/games/{game_id}/undo", headers=bearer(view), json={"version": 0})
    assert r.status_code == 403


def test_events_move_the_version_and_stale_writes_get_409(client, created):
    game_id, edit, _, _ = created
    r = post_event(client, game_id, edit, 0, {"type": "take_millions", "player": 0})
    assert r.status_code == 200 and r.json["version"] == 1
    assert r.json["players"][0]["millions"] == 4
    r = post_event(client, game_id, edit, 0, {"type": "take_millions", "player": 0})
    assert r.status_code == 409
    assert r.json["state"]["version"] == 1 and r.json["state"]["players"][0]["millions"] == 4


@pytest.mark.parametrize(("event", "field", "message"), [
    ({"type": "take_millions", "player": 1}, "event.player", "Ann's turn"),
    ({"type": "buy_die", "player": 0}, "event", "costs 3 Millions"),
    ({"type": "sell", "player": 0, "treasure": "jewel"}, "event.treasure", "holds no Jewel"),
    ({"type": "claim_title", "player": 0, "title": "nope"}, "event.title", "not on offer"),
    ({"type": "teleport", "player": 0}, "event", "tag"),
    ({"type": "take_millions"}, "event.player", "Field required"),
    ({"type": "operation", "player": 0, "city": 5}, "event.city", "valid string"),
    ({"type": "sell", "player": 0, "treasure": [1]}, "event.treasure", "valid string"),
    ({"type": "play_card", "player": 0, "card": "swap", "target": "x"}, "event.target",
     "valid integer"),
    ("not an object", "event", "JSON object"),
])
def test_illegal_events_get_422_and_change_nothing(client, created, event, field, message):
    game_id, edit, _, _ = created
    r = post_event(client, game_id, edit, 0, event)
    assert r.status_code == 422
    assert r.json["field"] == field and message in r.json["error"]
    assert client.get(f"/api/v1/games/{game_id}", headers=bearer(edit)).json["version"] == 0


def test_seventh_die_is_refused(client, created):
    game_id, edit, _, _ = created
    v = 0
    for _ in range(3):
        v = post_event(client, game_id, edit, v, {"type": "play_card", "player": 0,
                                                  "card": "account_siphon"}).json["version"]
    for _ in range(4):
        r = post_event(client, game_id, edit, v, {"type": "buy_die", "player": 0})
        v = r.json["version"]
    assert r.json["players"][0]["dice"] == 6
    r = post_event(client, game_id, edit, v, {"type": "buy_die", "player": 0})
    assert r.status_code == 422 and "6 dice" in r.json["error"]


def test_missing_version_is_422(client, created):
    game_id, edit, _, _ = created
    r = client.post(f"/api/v1/games/{game_id}/events", headers=bearer(edit),
                    json={"event": {"type": "take_millions", "player": 0}})
    assert r.status_code == 422 and r.json["field"] == "version"
    r = client.post(f"/api/v1/games/{game_id}/events", headers=bearer(edit), data="garbage",
                    content_type="application/json")
    assert r.status_code == 422 and r.json["field"] == "body"


def test_undo_reverts_and_versions_never_repeat(client, created):
    game_id, edit, _, _ = created
    post_event(client, game_id, edit, 0, {"type": "take_millions", "player": 0})
    r = client.post(f"/api/v1/games/{game_id}/undo", headers=bearer(edit), json={"version": 1})
    assert r.status_code == 200 and r.json["version"] == 2
    assert r.json["players"][0]["millions"] == 2 and r.json["turn"]["actions_left"] == 2
    r = client.post(f"/api/v1/games/{game_id}/undo", headers=bearer(edit), json={"version": 2})
    assert r.status_code == 422 and "nothing to undo" in r.json["error"]


def test_roll_for_me_stores_exact_results(client, created):
    game_id, edit, _, _ = created
    r = post_event(client, game_id, edit, 0, {"type": "operation", "player": 0, "city": "seoul",
                                              "roll": True})
    assert r.status_code == 200
    s = r.json
    robbed = "seoul" in s["robbed_cities"]
    assert robbed != bool(s["players"][0]["investigation"])
    again = client.get(f"/api/v1/games/{game_id}", headers=bearer(edit)).json
    assert again["robbed_cities"] == s["robbed_cities"]  # replay gives the same result


def test_bad_setups_are_422(client):
    r = client.post("/api/v1/games", json={"players": TWO_SAME})
    assert r.status_code == 422 and r.json["field"] == "players[1].character"
    r = client.post("/api/v1/games", json={"players": [TWO_SAME[0]]})
    assert r.status_code == 422 and r.json["field"] == "players"
    r = client.post("/api/v1/games", json={"players": [{"name": "x" * 41, "character": "jack",
                                                        "side": "A"}] * 2})
    assert r.status_code == 422 and r.json["field"].startswith("players[0].name")


TWO_SAME = [{"name": "Ann", "character": "jack", "side": "A"},
            {"name": "Bo", "character": "jack", "side": "B"}]


def test_tally_endpoint_matches_the_spec_example(client):
    example = json.loads((DATA / "tally-2p.json").read_text(encoding="utf-8"))
    r = client.post("/api/v1/tally", json=example["input"])
    assert r.status_code == 200
    for key, value in example["expected"].items():
        assert r.json[key] == value


@pytest.mark.parametrize(("name", "build", "rows", "winners"), CASES, ids=[c[0] for c in CASES])
def test_tally_endpoint_matches_hand_checked_games(client, game, name, build, rows, winners):
    r = client.post("/api/v1/tally", json=build(game))
    assert r.status_code == 200
    assert (r.json["players"], r.json["winners"]) == (rows, winners)
    Snapshot.model_validate(build(game))


@pytest.mark.parametrize(("spoil", "field"), [
    (lambda d: d["sold"].__setitem__("jewel", 3), "sold.jewel"),
    (lambda d: d["players"][1]["titles"].append("archaeologist"), "players[2].titles"),
    (lambda d: d["players"][0].__setitem__("track", "lots"), "players[0].track"),
    (lambda d: d.pop("board"), "board"),
])
def test_tally_endpoint_422_names_the_field(client, game, spoil, field):
    data = four_player_game(game)
    spoil(data)
    r = client.post("/api/v1/tally", json=data)
    assert r.status_code == 422 and r.json["field"] == field and r.json["error"]


def test_unknown_game_is_refused(client):
    assert client.get("/api/v1/games/nope", headers=bearer("nope")).status_code == 403


def test_export_and_import_give_the_same_game(client, created):
    game_id, edit, view, _ = created
    v = 0
    for event in ({"type": "take_millions", "player": 0},
                  {"type": "operation", "player": 0, "city": "seoul", "active_successes": 2},
                  {"type": "end_turn", "player": 0},
                  {"type": "take_investigation", "player": 1}):
        v = post_event(client, game_id, edit, v, event).json["version"]
    exported = client.get(f"/api/v1/games/{game_id}/export", headers=bearer(edit)).json
    assert exported["format"] == "mission-kit-game/1" and len(exported["events"]) == 4
    r = client.post("/api/v1/games/import", json=exported)
    assert r.status_code == 201 and r.json["id"] != game_id
    original = client.get(f"/api/v1/games/{game_id}", headers=bearer(edit)).json
    copy = r.json["state"]
    assert {**copy, "id": None} == {**original, "id": None}
    again = client.get(f"/api/v1/games/{r.json['id']}/export",
                       headers=bearer(r.json["edit_token"])).json
    assert {**again, "id": None} == {**exported, "id": None}  # a new game, the same play


def test_import_refuses_an_illegal_log(client, created):
    game_id, edit, view, _ = created
    exported = client.get(f"/api/v1/games/{game_id}/export", headers=bearer(edit)).json
    exported["events"] = [{"type": "take_millions", "player": 0},
                          {"type": "take_millions", "player": 1}]
    r = client.post("/api/v1/games/import", json=exported)
    assert r.status_code == 422 and r.json["field"] == "events[1]"
    assert client.post("/api/v1/games/import", json={"format": "x"}).json["field"] == "format"
