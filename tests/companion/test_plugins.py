"""The companion hosts several games: each stored game keeps which game it is."""

from __future__ import annotations

import sqlite3

from companion.store import Store
from tests.companion.conftest import TWO

OLD_SCHEMA = """
CREATE TABLE games (id VARCHAR(32) PRIMARY KEY, edit_hash VARCHAR(64) NOT NULL UNIQUE,
                    view_token VARCHAR(64) NOT NULL UNIQUE, setup TEXT NOT NULL,
                    version INTEGER NOT NULL);
INSERT INTO games VALUES ('old1', 'h', 'v', '{"players": []}', 0);
"""


def test_a_database_from_before_several_games_keeps_its_games_as_the_first_game(tmp_path):
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as db:
        db.executescript(OLD_SCHEMA)
    store = Store(path)  # started again by a companion that hosts several games
    try:
        assert store.load("old1").game == "double-mission"
        gid, _, _ = store.create({"players": []}, game="dice-mission")
        assert store.load(gid).game == "dice-mission"
    finally:
        store.engine.dispose()


def test_a_client_that_names_no_game_gets_double_mission(client):
    r = client.post("/api/v1/games", json={"players": TWO})
    assert r.status_code == 201
    export = client.get(f"/api/v1/games/{r.json['id']}/export",
                        headers={"Authorization": f"Bearer {r.json['edit_token']}"})
    assert export.json["game"] == "double-mission"


def test_an_unknown_game_is_refused_naming_the_field(client):
    r = client.post("/api/v1/games", json={"game": "chess", "players": TWO})
    assert r.status_code == 422 and r.json["field"] == "game"
    assert "double-mission" in r.json["error"]  # the known games are listed


def test_an_export_of_an_unknown_game_is_refused_on_import(client):
    r = client.post("/api/v1/games/import", json={
        "format": "mission-kit-game/1", "game": "chess", "setup": {}, "events": []})
    assert r.status_code == 422 and r.json["field"] == "game"


def test_the_home_page_offers_a_game_chosen_by_name(client):
    r = client.get("/?game=no-such-game")
    assert r.status_code == 200 and b"New game" in r.data  # falls back to the default game


def test_no_game_hands_its_seed_to_a_read_only_link(client):
    """Dice Mission draws SPECIAL refills and Mission Improbable its turn order from the seed:
    the view link's export leaves it out for every game, the edit link's seals it (every
    phone at the table holds that link), and only the operator's backup holds it."""
    setups = {"dice-mission": {"players": [{"name": "A", "colour": "red"},
                                           {"name": "B", "colour": "blue"}]},
              "mission-improbable": {"players": [
                  {"name": "MI6", "alignment": "good", "nemesis": 1},
                  {"name": "SPECTRE", "alignment": "bad", "nemesis": 0}]},
              "double-mission": {"players": TWO}}
    for game, setup in setups.items():
        r = client.post("/api/v1/games", json={"game": game, **setup})
        assert r.status_code == 201, r.json
        url = f"/api/v1/games/{r.json['id']}/export"
        view = client.get(url, headers={"Authorization": f"Bearer {r.json['view_token']}"})
        edit = client.get(url, headers={"Authorization": f"Bearer {r.json['edit_token']}"})
        assert "seed" not in view.json["setup"], game
        assert "seed" not in edit.json["setup"] and "sealed_seed" in edit.json["setup"], game
        stored = client.application.extensions["games"].export(r.json["id"], backup=True)
        assert str(stored["setup"]["seed"]) not in edit.text, game
