"""No hidden value can be rebuilt from what a phone sees (issue 24, finding 1).

The attack: Double Mission's seed was 31 bits and the board's public placement was drawn from
it, so searching 2**31 seeds found the bag. Now each game's secret is 128 bits from the OS,
public and hidden draws come from separate streams, and the edit export carries the secret
sealed for this server only."""

from __future__ import annotations

import json
import subprocess
import sys

from companion import create_app
from missionkit.content import load_game
from missionkit.dice_mission.state import Setup as DiceSetup
from missionkit.dice_mission.state import new_state as dice_state
from missionkit.double_mission.engine import replay
from missionkit.double_mission.state import Setup, new_state
from missionkit.draws import fresh_seed
from tests.companion.test_hidden import bearer, hidden_game
from tests.conftest import ROOT

TWO = [{"name": "Ann", "character": "jack", "side": "A"},
       {"name": "Bo", "character": "queen", "side": "A"}]


def test_placement_of_10000_fresh_games_shares_no_generator_with_their_bags(game):
    """Given its own public placement and titles, each game deals the same bag: the bag
    does not follow from the generator that drew the board; and no two secrets repeat."""
    seeds = [fresh_seed() for _ in range(10_000)]
    assert len(set(seeds)) == 10_000 and all(int(s, 16).bit_length() > 100 for s in seeds[:50])
    for seed in seeds:
        drawn = new_state(Setup(players=TWO, seed=seed), game)
        told = new_state(Setup(players=TWO, seed=seed, placement=drawn.cities,
                               titles=drawn.laid_out), game)
        assert told.bag == drawn.bag


def test_the_dice_missions_next_special_does_not_follow_from_the_display():
    dm = load_game("dice-mission")
    players = [{"name": "A", "colour": "red"}, {"name": "B", "colour": "blue"}]
    from missionkit.dice_mission.table import turn_up

    for _ in range(200):
        seed = fresh_seed()
        drawn = dice_state(DiceSetup(players=players, seed=seed), dm)
        told = dice_state(DiceSetup(players=players, seed=seed, display=drawn.display), dm)
        assert turn_up(drawn, None, "x") == turn_up(told, None, "x")


def test_no_export_page_or_state_holds_the_secret(client, game, app):
    game_id, edit, view = hidden_game(client, game)
    secret = str(app.extensions["games"].export(game_id, backup=True)["setup"]["seed"])
    assert len(secret) == 32
    answers = [client.get(f"/api/v1/games/{game_id}/export", headers=bearer(t)).text
               for t in (edit, view)]
    answers += [client.get(f"/api/v1/games/{game_id}", headers=bearer(t)).text
                for t in (edit, view)]
    answers += [client.get(f"/t/{t}").text for t in (edit, view)]
    answers += [client.get(f"/t/{t}/export.json").text for t in (edit, view)]
    for text in answers:
        assert secret not in text and '"seed"' not in text


def test_a_sealed_export_goes_back_only_to_its_own_server(client, game, tmp_path):
    game_id, edit, _ = hidden_game(client, game)
    exported = client.get(f"/api/v1/games/{game_id}/export", headers=bearer(edit)).json
    other = create_app({"TESTING": True, "DATABASE": str(tmp_path / "other.db"),
                        "SECRET_KEY": "another server's key"}).test_client()
    r = other.post("/api/v1/games/import", json=exported)
    assert r.status_code == 422 and r.json["field"] == "setup.sealed_seed"
    forged = {**exported, "setup": {**exported["setup"], "sealed_seed": "AAAA" * 10}}
    r = client.post("/api/v1/games/import", json=forged)
    assert r.status_code == 422 and r.json["field"] == "setup.sealed_seed"


def test_the_operators_backup_moves_a_game_whole(game, tmp_path):
    db = tmp_path / "table.db"
    app = create_app({"TESTING": True, "DATABASE": str(db)})
    game_id, _, _ = hidden_game(app.test_client(), game)
    truth = app.extensions["games"].export(game_id, backup=True)
    done = subprocess.run([sys.executable, "-m", "companion", "backup", game_id, "--db",
                           str(db)], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    backup = json.loads(done.stdout)
    assert backup == truth and "seed" in backup["setup"]
    other = create_app({"TESTING": True, "DATABASE": str(tmp_path / "b.db"),
                        "SECRET_KEY": "elsewhere"})
    r = other.test_client().post("/api/v1/games/import", json=backup)
    assert r.status_code == 201, r.json
    moved = other.extensions["games"].export(r.json["id"], backup=True)
    before = replay(Setup.model_validate(truth["setup"]), truth["events"], game)
    after = replay(Setup.model_validate(moved["setup"]), moved["events"], game)
    assert [p.evidence for p in after.players] == [p.evidence for p in before.players]
    assert after.bag == before.bag
    missing = subprocess.run([sys.executable, "-m", "companion", "backup", "nope", "--db",
                              str(db)], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert missing.returncode == 2 and "no game 'nope'" in missing.stderr
