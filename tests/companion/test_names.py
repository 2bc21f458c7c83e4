"""Players' names at one table are told apart (issue 24, finding 6): two 'Ann's gave the
winner's mission to both in the CSV and two winners in BG Stats."""

from __future__ import annotations

import pytest

SEATS = {
    "double-mission": lambda names: [{"name": n, "character": c, "side": "A"}
                                     for n, c in zip(names, ("jack", "queen", "king"),
                                                     strict=False)],
    "dice-mission": lambda names: [{"name": n, "colour": c}
                                   for n, c in zip(names, ("red", "blue", "green"),
                                                   strict=False)],
    "mission-improbable": lambda names: [
        {"name": n, "alignment": a, "nemesis": 1 - i}
        for i, (n, a) in enumerate(zip(names, ("good", "bad"), strict=False))],
}


def create(client, game, names):
    return client.post("/api/v1/games", json={"game": game, "players": SEATS[game](names)})


@pytest.mark.parametrize("game", list(SEATS))
@pytest.mark.parametrize("second", ["Ann", "ann", "ANN ", "Ａｎｎ", " ann"])
def test_two_players_cannot_share_a_name(client, game, second):
    r = create(client, game, ["Ann", second])
    assert r.status_code == 422, r.json
    assert r.json["field"] == "players[1].name"
    assert f"two players are called '{second.strip()}'" in r.json["error"]


@pytest.mark.parametrize("game", list(SEATS))
@pytest.mark.parametrize("bad", ["An\tn", "Ann\nBo", "B\ro", "Bo\u200bx", "Bo\u2028x",
                                 "\x07Bo"])
def test_a_name_holds_no_control_character(client, game, bad):
    r = create(client, game, ["Ann", bad])
    assert r.status_code == 422 and r.json["field"] == "players[1].name", r.json


@pytest.mark.parametrize("game", list(SEATS))
def test_names_with_signs_and_emoji_are_fine(client, game):
    r = create(client, game, ["=Ann|1", "Bo 👩\u200d🚀"])
    assert r.status_code == 201, r.json


def test_an_import_with_two_same_names_is_refused(client):
    made = create(client, "double-mission", ["Ann", "Bo"]).json
    exported = client.get(f"/api/v1/games/{made['id']}/export",
                          headers={"Authorization": f"Bearer {made['edit_token']}"}).json
    exported["setup"]["players"][1]["name"] = "ANN"
    r = client.post("/api/v1/games/import", json=exported)
    assert r.status_code == 422 and r.json["field"] == "setup.players[1].name"


def test_a_game_stored_with_two_same_names_still_opens(client, app):
    service = app.extensions["games"]
    made = create(client, "dice-mission", ["Ann", "Bo"]).json
    setup = service.export(made["id"], backup=True)["setup"]
    setup["players"][1]["name"] = "Ann"
    game_id, edit, _ = service.store.import_game(setup, [], game="dice-mission")
    assert client.get(f"/t/{edit}").status_code == 200
