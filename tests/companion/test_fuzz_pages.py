"""Hypothesis drives what schemathesis cannot reach: imports bent out of shape, scoring a
finished game, and every HTML form and query field. None may get a server error."""

from __future__ import annotations

import copy
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import create_app
from tests.companion.finished import finished_export

SETTINGS = settings(max_examples=60, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))
# odd text: other scripts' digits, superscripts, huge numbers, controls, markup
ODD = st.one_of(st.text(max_size=12), st.sampled_from(
    ["\u00b2", "\u0661", "9" * 5000, "-1", "0x10", "1e3", " 1 ", "\u200b", "", "null",
     "<b>", "1" * 20]), st.integers(-10, 10).map(str))
JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 2**63 - 1) | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                  max_size=3),
    max_leaves=8)


@pytest.fixture(scope="module")
def fuzz(tmp_path_factory, game):
    path = tmp_path_factory.mktemp("fuzzpages") / "fuzz.db"
    app = create_app({"DATABASE": str(path), "RATELIMIT_ENABLED": False,
                      "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    export = finished_export(game)
    made = client.post("/api/v1/games/import", json=export).json
    playing = client.post("/api/v1/games", json={"players": export["setup"]["players"]}).json
    return client, export, made, playing


@SETTINGS
@given(data=st.data())
def test_bent_imports_never_fail_the_server(fuzz, data):
    client, export, _, _ = fuzz
    bent = copy.deepcopy(export)
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.sampled_from(["event", "setup", "top", "score"]))
        events = bent.get("events")
        if not isinstance(events, list) or not isinstance(bent.get("setup"), dict) \
                or not bent["setup"]:
            break  # bent out of shape already
        if where == "event":
            event = data.draw(st.sampled_from(events)) if events else None
            if isinstance(event, dict):
                event[data.draw(st.sampled_from(sorted(event) + ["extra"]))] = data.draw(
                    JSONISH)
        elif where == "setup":
            bent["setup"][data.draw(st.sampled_from(sorted(bent["setup"])))] = data.draw(JSONISH)
        elif where == "top":
            bent[data.draw(st.sampled_from(["events", "setup", "game", "content", "rules",
                                            "view_only"]))] = data.draw(JSONISH)
        else:
            events.append({"type": "score", "player": 0,
                                   "missions": data.draw(st.lists(st.lists(
                                       st.sampled_from(["collection", "sabotage", "gamble",
                                                        "close_watch", "nope"]), max_size=3),
                                       max_size=3)),
                                   "gamble_successes": data.draw(JSONISH)})
    r = client.post("/api/v1/games/import", json=bent)
    assert r.status_code < 500, r.json


@SETTINGS
@given(missions=st.lists(st.lists(st.sampled_from(
    ["collection", "sabotage", "gamble", "close_watch", "comeback", "x"]), max_size=3),
    max_size=3), take=st.lists(st.text(max_size=10), max_size=3),
    gamble=st.dictionaries(st.sampled_from(["0", "1", "2", "x"]), st.integers(-2, 9),
                           max_size=3))
def test_scoring_a_finished_game_never_fails_the_server(fuzz, missions, take, gamble):
    client, _, made, _ = fuzz
    r = client.post(f"/api/v1/games/{made['id']}/events",
                    headers={"Authorization": f"Bearer {made['edit_token']}"},
                    json={"version": made["state"]["version"], "event": {
                        "type": "score", "player": 0, "missions": missions,
                        "jack_b_take": take, "gamble_successes": gamble}})
    assert r.status_code in (200, 409, 422), r.json  # 409 once a score went through


FORM_KEYS = ["version", "player", "type", "city", "helper", "active_successes",
             "helper_successes", "treasure", "title", "imitations", "card", "target", "give",
             "kind", "roll", "invert", "mission0", "mission1", "mission0b", "gamble0",
             "gamble1", "take1", "take2"]


@SETTINGS
@given(data=st.data())
def test_odd_form_fields_never_fail_the_server(fuzz, data):
    client, _, made, playing = fuzz
    game = data.draw(st.sampled_from([made, playing]))
    url = f"/t/{game['edit_token']}"
    form = data.draw(st.dictionaries(st.sampled_from(FORM_KEYS), ODD, max_size=8))
    if data.draw(st.booleans()):
        page = client.get(url).data
        form["version"] = re.search(rb'name="version" value="(\d+)"', page).group(1).decode()
    action = data.draw(st.sampled_from(["/act", "/score", "/undo"]))
    r = client.post(url + action, data=form, headers={"HX-Request": "true"})
    assert r.status_code < 500
    r = client.get(url + "/live", query_string={"v": data.draw(ODD)},
                   headers={"HX-Request": "true"})
    assert r.status_code < 500


@SETTINGS
@given(form=st.dictionaries(st.sampled_from(
    ["game", "name0", "name1", "name2", "character0", "character1", "side0", "side1",
     "team_mode", "team0", "team1", "sale_and_title", "no_abilities"]), ODD, max_size=8))
def test_odd_new_game_forms_never_fail_the_server(fuzz, form):
    client = fuzz[0]
    assert client.post("/games", data=form).status_code < 500
