"""Schemathesis generates requests from /api/v1/openapi.json: none may get a server error.

The cases come from schemathesis's strategies, driven by a plain hypothesis test (its pytest
plugin does not run under pytest 9).
"""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error

from companion import create_app

NEW_GAMES = {
    "double-mission": {"players": [{"name": "Ann", "character": "jack", "side": "A"},
                                   {"name": "Bo", "character": "queen", "side": "A"}]},
    "dice-mission": {"game": "dice-mission", "display": ["special_02", "special_04", "special_09"],
                     "players": [{"name": "Ann", "colour": "red"},
                                 {"name": "Bo", "colour": "blue"}]},
    "mission-improbable": {"game": "mission-improbable", "turn_order": [0, 1], "players": [
        {"name": "MI6", "alignment": "good", "nemesis": 1},
        {"name": "SPECTRE", "alignment": "bad", "nemesis": 0}]},
}
GAME_PATHS = ["/api/v1/games/{game_id}", "/api/v1/games/{game_id}/events",
              "/api/v1/games/{game_id}/undo", "/api/v1/games/{game_id}/export"]


@pytest.fixture(scope="module")
def fuzz_app(tmp_path_factory):
    path = tmp_path_factory.mktemp("fuzz") / "fuzz.db"
    app = create_app({"DATABASE": str(path), "RATELIMIT_ENABLED": False})
    client = app.test_client()
    made = {}
    for game, body in NEW_GAMES.items():
        r = client.post("/api/v1/games", json=body)
        assert r.status_code == 201, r.json
        made[game] = (r.json["id"], r.json["edit_token"])
    app.config["FUZZ_GAMES"] = made
    return app


def operations(app):
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app)
    return [result.ok() for result in schema.get_all_operations()]


def fuzz(app, ops, game_id, token, examples=50):
    """Draw `examples` cases from `ops`, half aimed at the real game with its real token."""
    seen = {"calls": 0, "answered": 0}

    @settings(max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck),
              database=None)
    @given(data=st.data())
    def run(data):
        op = data.draw(st.sampled_from(ops))
        case = data.draw(op.as_strategy())
        if case.path_parameters and data.draw(st.booleans()):
            case.path_parameters["game_id"] = game_id  # half the cases hit a real game
        if data.draw(st.booleans()):
            case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}
        response = case.call_and_validate(checks=[not_a_server_error])
        seen["calls"] += 1
        seen["answered"] += response.status_code < 300
    run()
    return seen


def test_every_operation_is_fuzzed(fuzz_app):
    """A new route is fuzzed too: the tests below cover every path the document lists."""
    listed = {op.path for op in operations(fuzz_app)}
    covered = set(GAME_PATHS) | set(OTHER_PATHS)
    assert listed <= covered, f"not fuzzed: {sorted(listed - covered)}"


OTHER_PATHS = ["/api/v1/health", "/api/v1/tally", "/api/v1/games", "/api/v1/games/import",
               "/api/v1/dice-mission/check", "/api/v1/dice-mission/odds",
               "/api/v1/mission-improbable/odds", "/api/v1/mission-improbable/table"]


@pytest.mark.parametrize("game", sorted(NEW_GAMES))
@pytest.mark.parametrize("path", GAME_PATHS)
def test_no_server_errors_on_a_real_game(fuzz_app, game, path):
    game_id, token = fuzz_app.config["FUZZ_GAMES"][game]
    ops = [op for op in operations(fuzz_app) if op.path == path]
    assert ops, f"{path} is not in the OpenAPI document"
    seen = fuzz(fuzz_app, ops, game_id, token, examples=200 if "events" in path else 50)
    assert seen["calls"] >= (5 if "export" in path else 20)


@pytest.mark.parametrize("path", OTHER_PATHS)
def test_no_server_errors(fuzz_app, path):
    game_id, token = fuzz_app.config["FUZZ_GAMES"]["double-mission"]
    ops = [op for op in operations(fuzz_app) if op.path == path]
    if not ops:
        pytest.skip(f"{path} is not served by this build")  # a game's extra path
    seen = fuzz(fuzz_app, ops, game_id, token)
    # health takes no input
    assert seen["calls"] >= (1 if path == "/api/v1/health" else 20)
