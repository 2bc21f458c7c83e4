"""Imports are untrusted: a forged export answers 422 naming the field, quickly, and stores
nothing (issue 24, finding 3)."""

from __future__ import annotations

import copy
import time

import pytest

from companion import create_app

from .conftest import TWO

MI6 = {"name": "MI6", "alignment": "good", "nemesis": 1}
SPECTRE = {"name": "SPECTRE", "alignment": "bad", "nemesis": 0}
BODIES = {
    "double-mission": {"players": TWO},
    "dice-mission": {"players": [{"name": "A", "colour": "red"}, {"name": "B", "colour": "blue"}]},
    "mission-improbable": {"players": [MI6, SPECTRE], "turn_order": [0, 1]},
}
FIRST = {
    "double-mission": [{"type": "take_millions", "player": 0}],
    "dice-mission": [{"type": "dice", "player": 0, "faces": [4, 4, 2, 2], "rolls": 1}],
    "mission-improbable": [{"type": "recruit", "player": 0, "agent": "china_doll"}],
}
BUDGET = 1.0  # seconds of CPU an import may take to be refused (the bound)


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture(scope="module")
def exports(tmp_path_factory):
    """An app, and an edit export of a game of each kind with its first event played."""
    app = create_app({"DATABASE": str(tmp_path_factory.mktemp("forged") / "f.db"),
                      "TESTING": True, "RATELIMIT_ENABLED": False})
    client = app.test_client()
    out = {}
    for game, body in BODIES.items():
        made = client.post("/api/v1/games", json={"game": game, **body}).json
        for version, event in enumerate(FIRST[game]):
            r = client.post(f"/api/v1/games/{made['id']}/events",
                            headers=bearer(made["edit_token"]),
                            json={"version": version, "event": event})
            assert r.status_code == 200, r.json
        out[game] = client.get(f"/api/v1/games/{made['id']}/export",
                               headers=bearer(made["edit_token"])).json
    return app, out


def put(data, path, value):
    node = data
    for part in path[:-1]:
        node = node[part]
    if value is DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = value


DELETE = object()


def nested(depth):
    rule = {"groups": [{"n": 2}]}
    for _ in range(depth):
        rule = {"not": rule}
    return rule


FORGED = [
    # the three
    ("double-mission", [(("content", "treasures", 0, "count"), 5),
                        (("setup", "placement"), DELETE)], "content.treasures"),
    ("double-mission", [(("content", "game", "investigation_tokens", 0, "count"), 10_000_000)],
     "content.game.investigation_tokens[0].count"),
    ("double-mission", [(("content", "game", "dice", "max"), 100_000)],
     "content.game.dice.max"),
    # huge lists, deep nesting, huge strings, negative counts, wrong kinds
    ("double-mission", [(("content", "cities"), "LIST*60")], "content.cities"),
    ("double-mission", [(("content", "game", "name", "en"), "x" * 1_000_000)],
     "content.game.name.en"),
    ("double-mission", [(("content", "game", "millions", "start"), -4)],
     "content.game.millions.start"),
    ("double-mission", [(("content", "game", "players", 0, "count"), 10_000)],
     "content.game.players[0].count"),
    ("double-mission", [(("content",), [1, 2, 3])], "content"),
    ("double-mission", [(("content", "game", "value_track", "spaces"), list(range(9000, 0, -1)))],
     "content.game.value_track.spaces"),
    ("dice-mission", [(("content", "missions", 0, "check"), nested(200))],
     "content.missions[0].check"),
    ("dice-mission", [(("content", "game", "round", "dice_max"), 100_000)],
     "content.game.round.dice_max"),
    ("dice-mission", [(("content", "game", "round", "rolls_max"), 10_000)],
     "content.game.round.rolls_max"),
    ("dice-mission", [(("content", "gadgets", 0, "copies"), 1_000_000)],
     "content.gadgets[0].copies"),
    ("dice-mission", [(("content", "missions", 0, "check"), {"groups": [{"n": 2, "faces": [9]}]})],
     "content.missions[0].check.groups[0].faces[0]"),
    ("mission-improbable", [(("content", "missions", 0, "mp"), -5)], "content.missions[0].mp"),
    ("mission-improbable", [(("content", "tables", "spy", "rows"), "LIST*300")],
     "content.tables.spy.rows"),
    ("mission-improbable", [(("content", "game", "players", "max"), 1000)],
     "content.game.players.max"),
    ("mission-improbable", [(("content", "skills", 0, "id"), "renamed")], "content"),
    # the setup and the log
    ("double-mission", [(("setup", "players"), TWO * 5)], "setup.players"),
    ("dice-mission", [(("setup", "display"), ["solo_01", "nope", "x"])], "setup"),
    ("mission-improbable", [(("events", 0), "recruit")], "events[0]"),
    ("mission-improbable", [(("events", 0, "agent"), "nobody")], "events[0]"),
]


def forge(export, changes):
    data = copy.deepcopy(export)
    for path, value in changes:
        if isinstance(value, str) and value.startswith("LIST*"):
            node = data
            for part in path:
                node = node[part]
            value = node * int(value[5:])
        put(data, path, value)
    return data


@pytest.mark.parametrize(("game", "changes", "field"), FORGED,
                         ids=[f"{g}:{f}" for g, _, f in FORGED])
def test_a_forged_import_is_refused_naming_the_field_within_a_second(exports, game, changes,
                                                                     field):
    app, made = exports
    data = forge(made[game], changes)
    client = app.test_client()
    started = time.process_time()
    r = client.post("/api/v1/games/import", json=data)
    spent = time.process_time() - started
    assert r.status_code == 422, r.json
    assert r.json["field"].startswith(field), r.json
    assert spent < BUDGET, spent


def test_a_replay_past_its_cpu_budget_is_refused_naming_events(exports, tmp_path):
    _, made = exports
    app = create_app({"DATABASE": str(tmp_path / "b.db"), "TESTING": True,
                      "RATELIMIT_ENABLED": False, "IMPORT_CPU_SECONDS": 0.0})
    r = app.test_client().post("/api/v1/games/import", json=made["double-mission"])
    assert r.status_code == 422 and r.json["field"] == "events", r.json
    assert "try again" not in r.json["error"] and "CPU" in r.json["error"]


def test_a_real_export_still_imports(exports):
    app, made = exports
    for export in made.values():
        r = app.test_client().post("/api/v1/games/import", json=export)
        assert r.status_code == 201, r.json
