"""A game keeps the rules it started with: editing content/ changes new games only."""

from __future__ import annotations

import re

from companion import create_app

from .conftest import TWO


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def app_on(db, content):
    return create_app({"DATABASE": str(db), "CONTENT": str(content), "TESTING": True})


def test_a_game_scores_by_its_original_rules_after_a_content_edit(tmp_path, content_copy):
    db = tmp_path / "kept.db"
    before = app_on(db, content_copy).test_client()
    made = before.post("/api/v1/games", json={"players": TWO}).json
    game_id, edit = made["id"], made["edit_token"]
    r = before.post(f"/api/v1/games/{game_id}/events", headers=bearer(edit), json={
        "version": 0, "event": {"type": "take_millions", "player": 0}})
    assert r.json["players"][0]["millions"] == 4  # 2 to start, 2 per action

    game_yaml = content_copy / "double_mission" / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    edited = re.sub(r"(per_action:\s*)2", r"\g<1>5", text, count=1)
    assert edited != text
    game_yaml.write_text(edited, encoding="utf-8")

    after = app_on(db, content_copy).test_client()  # the server restarted on edited content
    state = after.get(f"/api/v1/games/{game_id}", headers=bearer(edit)).json
    assert state["players"][0]["millions"] == 4  # replayed by its own rules
    r = after.post(f"/api/v1/games/{game_id}/events", headers=bearer(edit), json={
        "version": 1, "event": {"type": "take_millions", "player": 0}})
    assert r.json["players"][0]["millions"] == 6
    page = after.get(f"/t/{edit}").data.decode()
    assert "House rules" in page

    fresh = after.post("/api/v1/games", json={"players": TWO}).json
    r = after.post(f"/api/v1/games/{fresh['id']}/events", headers=bearer(fresh["edit_token"]),
                   json={"version": 0, "event": {"type": "take_millions", "player": 0}})
    assert r.json["players"][0]["millions"] == 7  # a new game takes the edited rules
    assert "House rules" not in after.get(f"/t/{fresh['edit_token']}").data.decode()

    exported = after.get(f"/api/v1/games/{game_id}/export", headers=bearer(edit)).json
    assert exported["rules"] and exported["content"]
    copy = after.post("/api/v1/games/import", json=exported)
    assert copy.status_code == 201 and copy.json["state"]["players"][0]["millions"] == 6
    back = before.post("/api/v1/games/import", json=exported)  # elsewhere, same rules kept
    assert back.status_code == 201 and back.json["state"]["players"][0]["millions"] == 6


def test_an_export_carries_its_rules_to_a_server_with_other_content(tmp_path, content_copy):
    plain = app_on(tmp_path / "a.db", content_copy).test_client()
    made = plain.post("/api/v1/games", json={"players": TWO}).json
    exported = plain.get(f"/api/v1/games/{made['id']}/export",
                         headers=bearer(made["edit_token"])).json
    assert exported["rules"] and exported["content"]["game"]
    game_yaml = content_copy / "double_mission" / "game.yaml"
    game_yaml.write_text(re.sub(r"(per_action:\s*)2", r"\g<1>5",
                                game_yaml.read_text(encoding="utf-8"), count=1),
                         encoding="utf-8")
    other = app_on(tmp_path / "b.db", content_copy).test_client()
    copy = other.post("/api/v1/games/import", json=exported).json
    r = other.post(f"/api/v1/games/{copy['id']}/events", headers=bearer(copy["edit_token"]),
                   json={"version": 0, "event": {"type": "take_millions", "player": 0}})
    assert r.json["players"][0]["millions"] == 4  # by the rules it was made with


def test_an_export_with_broken_rules_is_refused(tmp_path, client, created):
    game_id, edit, _, _ = created
    exported = client.get(f"/api/v1/games/{game_id}/export", headers=bearer(edit)).json
    exported["content"] = {"game": "nonsense"}
    r = client.post("/api/v1/games/import", json=exported)
    assert r.status_code == 422 and r.json["field"].startswith("content")


def test_the_tally_csv_names_missions_by_the_rules_the_game_kept(tmp_path, content_copy):
    import csv
    import io

    from tests.companion.test_pages import _finished, post, version

    db = tmp_path / "csv.db"
    url = _finished(app_on(db, content_copy).test_client()).split("localhost", 1)[1]
    missions = content_copy / "double_mission" / "missions.yaml"
    missions.write_text(missions.read_text(encoding="utf-8").replace(
        "name: {en: Sabotage,", "name: {en: Renamed Sabotage,"), encoding="utf-8")
    after = app_on(db, content_copy).test_client()  # restarted on edited content
    r = post(after, url + "/score", {"version": version(after.get(url).data),
                                     "mission0": "collection", "mission1": "sabotage"})
    assert r.status_code == 303
    text = after.get(url + "/result.csv").data.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    column = rows[0].index("Mission names")
    names = " ".join(r[column] for r in rows[1:])
    assert "Sabotage" in names and "Renamed" not in names
