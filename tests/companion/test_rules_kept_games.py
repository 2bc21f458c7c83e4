"""Every game keeps the rules it started with: after content/ is edited and the server
restarted, a game in progress keeps its scores and its legal moves, and says "House rules"."""

from __future__ import annotations

import re

import pytest

from companion import create_app

from .conftest import TWO

MI6 = {"name": "MI6", "alignment": "good", "nemesis": 1}
SPECTRE = {"name": "SPECTRE", "alignment": "bad", "nemesis": 0}


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def app_on(db, content):
    return create_app({"DATABASE": str(db), "CONTENT": str(content), "TESTING": True})


def edit(path, pattern, replacement):
    text = path.read_text(encoding="utf-8")
    changed = re.sub(pattern, replacement, text, count=1, flags=re.S)
    assert changed != text, pattern
    path.write_text(changed, encoding="utf-8")


def dice(p, faces):
    return {"type": "dice", "player": p, "faces": faces, "rolls": 1}


def end(p):
    return {"type": "end_turn", "player": p}


# per game: the setup, events played before the edit, the edit, then an event legal by the
# rules the game started with (refused or scored otherwise by the edited ones)
GAMES = {
    "double-mission": (
        {"players": TWO},
        [{"type": "take_millions", "player": 0}],
        [("double_mission/game.yaml", r"(per_action:\s*)2", r"\g<1>5")],
        {"type": "take_millions", "player": 0},
    ),
    "dice-mission": (
        {"players": [{"name": "A", "colour": "red"}, {"name": "B", "colour": "blue"}]},
        [dice(0, [4, 4, 2, 2]), end(0), dice(1, [1, 3, 5, 6]), end(1),
         {"type": "complete", "player": 0, "card": "solo_01"}, end(0), end(1)],
        [("dice_mission/missions.yaml", r"(id: solo_01.*?faces: )\[4\]", r"\g<1>[5]"),
         ("dice_mission/game.yaml", r"(dice_max:\s*)5", r"\g<1>3"),
         ("dice_mission/game.yaml", r"(max_dice:\s*)6", r"\g<1>4")],
        dice(1, [1, 2, 3, 4, 5]),  # 5 dice: the kept dice_max, above the edited one
    ),
    "mission-improbable": (
        {"players": [MI6, SPECTRE], "turn_order": [0, 1]},
        [{"type": "recruit", "player": 0, "agent": "china_doll"},
         {"type": "play_mission", "player": 0, "mission": "surveillance_mission"},
         end(0), end(1),
         {"type": "attempt", "player": 0, "agent": "china_doll",
          "mission": "surveillance_mission", "card": "surveillance_mission",
          "dice": [[4, 5]]}],
        [("mission_improbable/missions.yaml",
          r"(id: surveillance_mission.*?mp: )1", r"\g<1>5")],
        end(0),
    ),
}


def play(client, game, body, events):
    made = client.post("/api/v1/games", json={"game": game, **body}).json
    gid, token = made["id"], made["edit_token"]
    for version, event in enumerate(events):
        r = client.post(f"/api/v1/games/{gid}/events", headers=bearer(token),
                        json={"version": version, "event": event})
        assert r.status_code == 200, (event, r.json)
    return gid, token


def scores(state):
    return [{k: p.get(k) for k in ("millions", "mp", "completed", "score")}
            for p in state["players"]]


@pytest.mark.parametrize("game", list(GAMES))
def test_editing_content_leaves_a_game_in_progress_as_it_was(tmp_path, content_copy, game):
    body, events, edits, legal = GAMES[game]
    db = tmp_path / "kept.db"
    before = app_on(db, content_copy).test_client()
    gid, token = play(before, game, body, events)
    state = before.get(f"/api/v1/games/{gid}", headers=bearer(token)).json
    assert "House rules" not in before.get(f"/t/{token}").data.decode()

    for file, pattern, replacement in edits:
        edit(content_copy / file, pattern, replacement)
    after = app_on(db, content_copy).test_client()  # restarted on the edited content
    r = after.get(f"/api/v1/games/{gid}", headers=bearer(token))
    assert r.status_code == 200, r.json
    assert r.json == state and scores(r.json) == scores(state)
    page = after.get(f"/t/{token}")
    assert page.status_code == 200 and "House rules" in page.data.decode()
    r = after.post(f"/api/v1/games/{gid}/events", headers=bearer(token),
                   json={"version": len(events), "event": legal})
    assert r.status_code == 200, r.json

    # the same moves in a new game follow the edited rules, and it keeps no house rules
    gid2, token2 = play(after, game, body, [])
    assert "House rules" not in after.get(f"/t/{token2}").data.decode()
    exported = after.get(f"/api/v1/games/{gid}/export", headers=bearer(token)).json
    assert exported["rules"] and exported["content"]
    back = after.post("/api/v1/games/import", json=exported)
    assert back.status_code == 201, back.json
    assert scores(back.json["state"]) == scores(r.json)


def test_new_games_of_the_edited_content_score_by_it(tmp_path, content_copy):
    """The other side of the edit: a fresh Mission Improbable game scores the edited MP."""
    body, events, edits, _ = GAMES["mission-improbable"]
    for file, pattern, replacement in edits:
        edit(content_copy / file, pattern, replacement)
    client = app_on(tmp_path / "new.db", content_copy).test_client()
    gid, token = play(client, "mission-improbable", body, events)
    state = client.get(f"/api/v1/games/{gid}", headers=bearer(token)).json
    assert state["players"][0]["mp"] == 5
