"""A read-only link sees the table, never what players keep hidden; tokens are never cached
and never taken from a change's query string."""

from __future__ import annotations

import json

from missionkit.double_mission.engine import replay
from missionkit.double_mission.state import Setup


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def play(client, game_id, edit, events):
    v = 0
    for event in events:
        r = client.post(f"/api/v1/games/{game_id}/events", headers=bearer(edit),
                        json={"version": v, "event": event})
        assert r.status_code == 200, r.json
        v = r.json["version"]
    return v


def hidden_game(client, game):
    """A game where both players drew investigation tokens: (id, edit, view)."""
    r = client.post("/api/v1/games", json={"players": [
        {"name": "Ann", "character": "jack", "side": "A"},
        {"name": "Bo", "character": "queen", "side": "A"}]})
    game_id, edit, view = r.json["id"], r.json["edit_token"], r.json["view_token"]
    events = [{"type": "take_investigation", "player": p} for p in (0, 1, 0, 1)]
    play(client, game_id, edit, events)
    return game_id, edit, view


def test_the_view_export_cannot_rebuild_hidden_tokens_or_titles(client, game, app):
    game_id, edit, view = hidden_game(client, game)
    full = client.get(f"/api/v1/games/{game_id}/export", headers=bearer(edit)).json
    shown = client.get(f"/api/v1/games/{game_id}/export", headers=bearer(view)).json
    page = client.get(f"/t/{view}/export.json").json
    backup = app.extensions["games"].export(game_id, backup=True)
    # the page's export adds the log as that phone reads it (what its log panel shows)
    assert shown == {k: v for k, v in page.items() if k != "log"} and shown["view_only"] is True
    assert page["log"] == ["Ann takes an investigation token.", "Bo takes an investigation "
                           "token.", "Ann takes an investigation token.",
                           "Bo takes an investigation token."]
    assert "seed" in backup["setup"] and "seed" not in json.dumps(shown)
    assert "seed" not in full["setup"] and "sealed_seed" in full["setup"]
    truth = replay(Setup.model_validate(backup["setup"]), backup["events"], game)
    rebuilt = replay(Setup.model_validate(shown["setup"]), shown["events"], game)
    hidden = [p.evidence for p in truth.players] + [truth.bag]
    assert hidden != [p.evidence for p in rebuilt.players] + [rebuilt.bag]
    r = client.post("/api/v1/games/import", json=shown)
    assert r.status_code == 422 and r.json["field"] == "view_only"
    again = client.post("/api/v1/games/import", json=full)
    assert again.status_code == 201  # the edit link's export stays complete
    copy = app.extensions["games"].export(again.json["id"], backup=True)
    assert replay(Setup.model_validate(copy["setup"]), copy["events"], game).bag == truth.bag


def test_the_view_export_names_no_claimed_title(client, game):
    from companion.double_mission import DoubleMissionGame

    claimed = {"type": "claim_title", "player": 0, "title": "spy", "imitations": 0}
    setup, events = DoubleMissionGame(game).export_view(
        {"players": [], "seed": 12345}, [{"type": "end_turn", "player": 1}, claimed])
    assert "seed" not in setup and "spy" not in json.dumps(events)
    assert events == [{"type": "end_turn", "player": 1},
                      {"type": "claim_title", "player": 0, "imitations": 0}]


def test_token_bearing_answers_are_not_stored(client, created):
    game_id, edit, view, _ = created
    for path, headers in ((f"/t/{edit}", {}), (f"/t/{view}/export.json", {}),
                          (f"/api/v1/games/{game_id}", bearer(view))):
        assert client.get(path, headers=headers).headers["Cache-Control"] == "no-store"
    made = client.post("/api/v1/games", json={"players": [
        {"name": "A", "character": "jack", "side": "A"},
        {"name": "B", "character": "queen", "side": "A"}]})
    assert made.headers["Cache-Control"] == "no-store"
    assert "no-store" not in client.get("/api/v1/health").headers.get("Cache-Control", "")


def test_a_change_never_takes_the_token_from_the_query_string(client, created):
    game_id, edit, _, _ = created
    r = client.post(f"/api/v1/games/{game_id}/events?token={edit}",
                    json={"version": 0, "event": {"type": "take_millions", "player": 0}})
    assert r.status_code == 401
    r = client.post(f"/api/v1/games/{game_id}/undo?token={edit}", json={"version": 0})
    assert r.status_code == 401
    assert client.get(f"/api/v1/games/{game_id}?token={edit}").status_code == 200


def test_the_session_cookie_holds_no_edit_token(app):
    """The form-made game's cookie said {"hosting": "<edit token>"}: signed, not encrypted."""
    client = app.test_client()
    app.config["WTF_CSRF_ENABLED"] = False
    r = client.post("/games", data={"game": "double-mission", "name0": "Ann", "name1": "Bo",
                                    "character0": "jack", "character1": "queen"})
    assert r.status_code == 303, r.data
    edit = r.headers["Location"].rsplit("/", 1)[1]
    cookie = client.get_cookie("session").value
    session = app.session_interface.get_signing_serializer(app).loads(cookie)
    assert "hosting" in session and edit not in json.dumps(session) and edit not in cookie
    page = client.get(f"/t/{edit}").get_data(as_text=True)
    assert 'id="invite"' in page.split('id="game"')[0]  # this phone still shows it first
