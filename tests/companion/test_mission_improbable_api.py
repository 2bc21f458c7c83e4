"""Mission Improbable through the companion: the odds and table endpoints (every 422 names
its field), a game created and played through /api/v1/games, and the page forms."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from missionkit.mission_improbable.odds import pass_chance
from tests.companion.test_pages import HX, csrf, post

ODDS, TABLE = "/api/v1/mission-improbable/odds", "/api/v1/mission-improbable/table"
MI6 = {"name": "MI6", "alignment": "good", "nemesis": 1}
SPECTRE = {"name": "SPECTRE", "alignment": "bad", "nemesis": 0}


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def test_odds_of_a_mission_with_an_asset_and_a_bonus_card(client):
    r = client.post(ODDS, json={"agent": "mr_bond", "assets": ["silencer"],
                                "bonus_cards": ["diplomat"], "card": "bodyguard_assassination"})
    assert r.status_code == 200, r.json
    # Combat 2 + Silencer 2 against 2; Persuasion 2 + Diplomat 2 against 1
    assert [(c["skill"], c["delta"]) for c in r.json["checks"]] == [("combat", 2),
                                                                      ("persuasion", 3)]
    assert r.json["checks"][0]["chance"] == pytest.approx(0.72)
    assert r.json["chance"] == pytest.approx(0.72 * 0.79)


def test_odds_on_an_or_card_take_the_skill_asked_for_or_the_better_one(client):
    card = {"agent": "mr_bond", "card": "prisoner_exchange"}  # Persuasion 2 or Disguise 3
    better = client.post(ODDS, json=card).json
    assert [c["skill"] for c in better["checks"]] == ["persuasion"]
    assert better["chance"] == pytest.approx(pass_chance(0))  # 2 - 2: a tie passes, 55 %
    disguise = client.post(ODDS, json={**card, "skill": "disguise"}).json
    assert [(c["skill"], c["delta"]) for c in disguise["checks"]] == [("disguise", -3)]
    assert disguise["chance"] < better["chance"]


@pytest.mark.parametrize(("body", "field"), [
    ({"agent": "nobody", "card": "tiger"}, "agent"),
    ({"agent": "silencer", "card": "tiger"}, "agent"),
    ({"card": "tiger"}, "agent"),
    ({"agent": 5, "card": "tiger"}, "agent"),
    ({"agent": "mr_bond", "card": "nowhere"}, "card"),
    ({"agent": "mr_bond", "card": "silencer"}, "card"),
    ({"agent": "mr_bond", "card": ["tiger"]}, "card"),
    ({"agent": "mr_bond", "card": "tiger", "assets": "silencer"}, "assets"),
    ({"agent": "mr_bond", "card": "tiger", "assets": [True]}, "assets[0]"),
    ({"agent": "mr_bond", "card": "tiger", "assets": ["no_such_card"]}, "assets[0]"),
    ({"agent": "mr_bond", "card": "tiger", "assets": ["silencer", "diplomat"]}, "assets[1]"),
    ({"agent": "mr_bond", "card": "tiger", "bonus_cards": ["silencer"]}, "bonus_cards[0]"),
    ({"agent": "mr_bond", "card": "tiger", "bonus_cards": {"a": 1}}, "bonus_cards"),
    ({"agent": "mr_bond", "card": "surveillance_mission", "skill": "combat"}, "skill"),
    ({"agent": "mr_bond", "card": "prisoner_exchange", "skill": "juggling"}, "skill"),
    ({"agent": "mr_bond", "card": "prisoner_exchange", "skill": True}, "skill"),
    ([1, 2], "body"),
])
def test_odds_refusals_name_the_field(client, body, field):
    r = client.post(ODDS, json=body)
    assert r.status_code == 422, r.json
    assert r.json["field"] == field, r.json


def test_a_table_row_with_a_modifier_clamped_to_the_die(client):
    spy = client.post(TABLE, json={"table": "spy", "roll": 1}).json
    assert spy["roll"] == 1 and spy["effects"] == [{"kind": "nemesis_rolls",
                                                     "on_repeat": "nothing"}]
    assert "nemesis" in spy["result"]["en"] and spy["result"]["ko"]
    failure = client.post(TABLE, json={"table": "mission_failure", "roll": 1}).json
    assert [e["kind"] for e in failure["effects"]] == ["captured", "discard_equipment"]
    moved = client.post(TABLE, json={"table": "mission_failure", "roll": 1, "modifier": 4}).json
    assert moved["roll"] == 5 and moved["effects"][0] == {"kind": "wounded", "turns": "d5"}
    assert client.post(TABLE, json={"table": "capture", "roll": 9, "modifier": 4}).json[
        "roll"] == 10
    assert client.post(TABLE, json={"table": "capture", "roll": 2, "modifier": -4}).json[
        "roll"] == 1


@pytest.mark.parametrize(("body", "field"), [
    ({"table": "weather", "roll": 3}, "table"),
    ({"roll": 3}, "table"),
    ({"table": "spy", "roll": 0}, "roll"),
    ({"table": "spy", "roll": 11}, "roll"),
    ({"table": "spy", "roll": True}, "roll"),
    ({"table": "spy", "roll": "5"}, "roll"),
    ({"table": "spy", "roll": 5.0}, "roll"),
    ({"table": "spy"}, "roll"),
    ({"table": "spy", "roll": 5, "modifier": False}, "modifier"),
    ({"table": "spy", "roll": 5, "modifier": 99}, "modifier"),
    ("spy", "body"),
])
def test_table_refusals_name_the_field(client, body, field):
    r = client.post(TABLE, json=body)
    assert r.status_code == 422, r.json
    assert r.json["field"] == field, r.json


def test_the_openapi_document_lists_both_endpoints_and_the_events(client):
    doc = client.get("/api/v1/openapi.json").json
    assert {ODDS, TABLE} <= set(doc["paths"])
    assert "MissionImprobableEvent" in doc["components"]["schemas"]
    body = doc["paths"][TABLE]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert body["properties"]["table"]["enum"] == ["spy", "mission_failure", "capture"]


def _create(client, players=(MI6, SPECTRE), **extra):
    return client.post("/api/v1/games", json={"game": "mission-improbable",
                                              "players": list(players), **extra})


def test_a_game_is_created_with_a_random_turn_order_that_is_kept(client):
    orders = set()
    for _ in range(12):
        r = _create(client)
        assert r.status_code == 201, r.json
        state = r.json["state"]
        assert state["game"] == "mission-improbable" and state["turn"]["phase"] == "support"
        orders.add(tuple(state["order"]))
        assert state["turn"]["player"] == state["order"][0]
        export = client.get(f"/api/v1/games/{r.json['id']}/export",
                            headers=bearer(r.json["edit_token"])).json
        assert export["setup"]["turn_order"] == state["order"]
    assert orders == {(0, 1), (1, 0)}


@pytest.mark.parametrize(("players", "field"), [
    ([MI6, MI6 | {"name": "CIA", "nemesis": 0}], "players"),
    ([MI6], "players"),
    ([MI6, SPECTRE, MI6 | {"name": "CIA", "nemesis": 0}], "players[2].nemesis"),
    ([MI6, SPECTRE | {"alignment": "neutral"}], "players[1].alignment"),
])
def test_a_bad_setup_is_refused_naming_the_field(client, players, field):
    r = _create(client, players)
    assert r.status_code == 422 and r.json["field"] == field, r.json


def test_events_through_the_api(client):
    r = _create(client, turn_order=[0, 1])
    gid, edit, view = r.json["id"], r.json["edit_token"], r.json["view_token"]

    def send(version, event, token=edit):
        return client.post(f"/api/v1/games/{gid}/events", headers=bearer(token),
                           json={"version": version, "event": {"player": 0, **event}})

    assert send(0, {"type": "recruit", "agent": "china_doll"}, view).status_code == 403
    r = send(0, {"type": "recruit", "agent": "silencer"})
    assert r.status_code == 422 and r.json["field"] == "event.agent"
    r = send(0, {"type": "recruit", "agent": "china_doll"})
    assert r.status_code == 200 and r.json["players"][0]["agents"][0]["id"] == "china_doll"
    assert send(0, {"type": "end_turn"}).status_code == 409  # stale version
    r = send(1, {"type": "spy", "roll": True})
    assert r.status_code == 200 and r.json["turn"]["spy_allowed"] is False
    assert r.json["log"][-1].startswith("Spy Table")
    r = send(2, {"type": "play_mission", "mission": "surveillance_mission"})
    r = send(3, {"type": "attempt", "agent": "china_doll", "mission": "surveillance_mission",
                 "card": "surveillance_mission", "dice": [[9, 1]]})
    assert r.status_code == 422 and r.json["field"] == "event.type"  # Mission phase is over
    r = client.post(f"/api/v1/games/{gid}/undo", headers=bearer(edit), json={"version": 3})
    assert r.status_code == 200 and r.json["players"][0]["missions"] == []


def _game_page(client, **extra):
    r = _create(client, turn_order=[0, 1], **extra)
    return r.json["join_url"].split("/t/")[1], r.json["view_token"]


def test_the_pages_record_a_failed_attempt_and_its_failure_roll(client):
    token, view = _game_page(client)
    for form in ({"type": "recruit", "player": "0", "agent": "china_doll"},
                 {"type": "play_mission", "player": "0", "mission": "surveillance_mission"},
                 {"type": "end_turn", "player": "0"}, {"type": "end_turn", "player": "1"}):
        html = client.get(f"/t/{token}").data
        version = re.search(rb'name="version" value="(\d+)"', html).group(1).decode()
        r = post(client, f"/t/{token}/act", {**form, "version": version}, headers=HX)
        assert r.status_code == 200, r.data
    panel = client.get(f"/t/{token}/mission-improbable/resolver?agent=china_doll")
    assert b"Surveillance" in panel.data and b"+1" in panel.data and b"64%" in panel.data
    r = post(client, f"/t/{token}/act", {"version": "4", "type": "attempt", "player": "0",
                                         "agent": "china_doll", "mission": "surveillance_mission",
                                         "card": "surveillance_mission", "d0a": "1", "d0b": "10"},
             headers=HX)
    assert r.status_code == 200 and b"Mission Failure Table" in r.data
    r = post(client, f"/t/{token}/act", {"version": "5", "type": "failure", "player": "0",
                                         "die": "6"}, headers=HX)
    assert r.status_code == 422 and b"enter the die" in r.data  # the wound die is missing
    r = post(client, f"/t/{token}/act", {"version": "5", "type": "failure", "player": "0",
                                         "die": "6", "wound_die": "3"}, headers=HX)
    assert b"wounded: 2 turns" in r.data
    assert client.get(f"/t/{view}/mission-improbable/resolver").status_code == 404
    read_only = client.get(f"/t/{view}").data
    assert b"wounded: 2 turns" in read_only and b"Record these dice" not in read_only


def test_the_new_game_form_picks_the_nemesis_and_refuses_one_side(client):
    form = {"game": "mission-improbable", "name0": "MI6", "alignment0": "good",
            "name2": "SPECTRE", "alignment2": "bad", "nemesis0": "auto", "nemesis2": "auto",
            "mp_target": "8"}
    r = post(client, "/games", form)
    assert r.status_code == 303
    page = client.get(r.headers["Location"]).data
    assert b"nemesis <bdi>SPECTRE</bdi>" in page and b"MP target: 8" in page
    r = post(client, "/games", {**form, "alignment2": "good"})
    assert r.status_code == 422 and b"at least one good and one bad" in r.data
    assert csrf(client)


def _act(client, token, form):
    html = client.get(f"/t/{token}").data
    version = re.search(rb'name="version" value="(\d+)"', html).group(1).decode()
    return post(client, f"/t/{token}/act", {**form, "version": version}, headers=HX)


def test_the_pages_walk_the_obstacles_then_pull_the_agent_out(client):
    token, _ = _game_page(client)
    for form in ({"type": "recruit", "player": "0", "agent": "mr_white_the_albino"},
                 {"type": "play_mission", "player": "0", "mission": "rescue_kidnapping"},
                 {"type": "end_turn", "player": "0"},
                 {"type": "counter", "player": "1", "mission": "rescue_kidnapping",
                  "count": "2"}, {"type": "end_turn", "player": "1"}):
        assert _act(client, token, form).status_code == 200
    page = client.get(f"/t/{token}").data
    assert b"2 face down" in page  # the Mission phase's resolver shows in its phase:
    panel = client.get(f"/t/{token}/mission-improbable/resolver").data
    assert b"Face-down obstacle turned up" in panel
    panel = client.get(f"/t/{token}/mission-improbable/resolver?card=ninjas").data
    assert b"To beat: <strong>Ninjas</strong>" in panel and b"+1" in panel  # Combat 3 vs 2
    assert b"the mission from here" in panel
    go = {"type": "attempt", "player": "0", "agent": "mr_white_the_albino",
          "mission": "rescue_kidnapping"}
    r = _act(client, token, {**go, "card": "ninjas", "d0a": "5", "d0b": "1", "d1a": "1",
                             "d1b": "1"})
    assert r.status_code == 422 and b"this card has 1 check" in r.data
    r = _act(client, token, {**go, "card": "ninjas", "d0a": "5", "d0b": "1"})
    assert b"overcomes Ninjas" in r.data and b"1 obstacle overcome" in r.data
    assert b"Pull the agent out" in r.data
    r = _act(client, token, {"type": "retreat", "player": "0"})
    assert b"pulls the agent out" in r.data and b"Pull the agent out" not in r.data
    assert b"1 face down" in r.data


def test_the_pages_hand_equipment_to_another_agent(client):
    token, _ = _game_page(client)
    for form in ({"type": "recruit", "player": "0", "agent": "mr_bond"},
                 {"type": "attach", "player": "0", "agent": "mr_bond", "asset": "silencer"},
                 {"type": "end_turn", "player": "0"}, {"type": "end_turn", "player": "1"},
                 {"type": "recruit", "player": "0", "agent": "china_doll"}):
        assert _act(client, token, form).status_code == 200
    assert b"Hand it over" in client.get(f"/t/{token}").data
    r = _act(client, token, {"type": "trade", "player": "0", "equipment": "silencer",
                             "to_agent": "china_doll"})
    assert b"Silencer goes to Nightingale" in r.data


JSON = st.recursive(st.none() | st.booleans() | st.integers(-20, 20) | st.floats(
    allow_nan=False) | st.sampled_from(["mr_bond", "silencer", "diplomat", "tiger", "spy",
                                        "prisoner_exchange", "combat", "capture", ""]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=3), max_leaves=8)
KEYS = {ODDS: ["agent", "assets", "bonus_cards", "card", "skill"],
        TABLE: ["table", "roll", "modifier"]}


@pytest.mark.parametrize("path", [ODDS, TABLE])
def test_no_body_gets_a_server_error(client, path):
    @settings(max_examples=150, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(body=st.dictionaries(st.sampled_from(KEYS[path]), JSON) | JSON)
    def run(body):
        r = client.post(path, json=body)
        assert r.status_code in (200, 422), (body, r.json)
        if r.status_code == 422:
            assert r.json["field"]

    run()


def test_no_event_gets_a_server_error(client):
    r = _create(client, turn_order=[0, 1])
    gid, edit = r.json["id"], r.json["edit_token"]
    types = ["phase", "recruit", "attach", "trade", "play_event", "spy", "attempt", "retreat",
             "failure", "play_mission", "counter", "capture", "deck_empty", "end_turn"]
    fields = ["player", "agent", "asset", "card", "mission", "die", "dice", "roll", "cards",
              "assets", "bonus_cards", "skill", "phase", "count", "target", "checks"]

    @settings(max_examples=200, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(kind=st.sampled_from(types) | JSON, event=st.dictionaries(st.sampled_from(fields),
                                                                       JSON, max_size=5))
    def run(kind, event):
        version = client.get(f"/api/v1/games/{gid}", headers=bearer(edit)).json["version"]
        r = client.post(f"/api/v1/games/{gid}/events", headers=bearer(edit),
                        json={"version": version, "event": {"type": kind, **event}})
        assert r.status_code in (200, 422), (kind, event, r.json)

    run()


def test_no_choice_breaks_the_resolver_panel(client):
    token, _ = _game_page(client)
    for form in ({"type": "recruit", "player": "0", "agent": "mr_bond"},
                 {"type": "attach", "player": "0", "agent": "mr_bond", "asset": "silencer"},
                 {"type": "play_mission", "player": "0", "mission": "prisoner_exchange"}):
        assert _act(client, token, form).status_code == 200
    words = st.sampled_from(["mr_bond", "china_doll", "silencer", "diplomat", "tiger", "1",
                             "prisoner_exchange", "disguise", "combat", "", "x" * 50])

    @settings(max_examples=100, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(args=st.lists(st.tuples(st.sampled_from(
        ["agent", "mission", "card", "skill", "assets", "bonus_cards", "picked", "d0a"]),
        words), max_size=6))
    def run(args):
        r = client.get(f"/t/{token}/mission-improbable/resolver", query_string=args)
        assert r.status_code == 200 and b"Prisoner" in r.data

    run()


def test_the_pages_split_a_missions_checks_between_partners(client):
    token, _ = _game_page(client)
    for form in ({"type": "recruit", "player": "0", "agent": "china_doll"},
                 {"type": "play_mission", "player": "0", "mission": "rescue_kidnapping"},
                 {"type": "end_turn", "player": "0"}, {"type": "end_turn", "player": "1"},
                 {"type": "recruit", "player": "0", "agent": "mr_white_the_albino"}):
        assert _act(client, token, form).status_code == 200
    panel = client.get(f"/t/{token}/mission-improbable/resolver?agent=china_doll").data
    assert b"Checks Nightingale makes" not in panel  # no Partners card played yet
    r = _act(client, token, {"type": "play_event", "player": "0", "card": "partners",
                             "agent": "china_doll"})
    assert r.status_code == 200 and b"Checks Nightingale makes" in r.data
    for odd in ("9" * 5000, "\u00b2"):  # not a count of checks: the panel asks again
        r = client.get(f"/t/{token}/mission-improbable/resolver",
                       query_string={"agent": "china_doll", "card": "rescue_kidnapping",
                                     "mission": "rescue_kidnapping", "checks": odd})
        assert r.status_code == 200 and b"Checks Nightingale makes" in r.data
    go = {"type": "attempt", "player": "0", "mission": "rescue_kidnapping",
          "card": "rescue_kidnapping"}
    r = _act(client, token, {**go, "agent": "china_doll", "checks": "1", "d0a": "5",
                             "d0b": "5"})
    assert b"passes 1 check(s)" in r.data
    panel = client.get(f"/t/{token}/mission-improbable/resolver?agent=mr_white_the_albino").data
    assert b"Check 1: Combat" in panel and b"Check 2" not in panel  # the check left
    r = _act(client, token, {**go, "agent": "mr_white_the_albino", "d0a": "4", "d0b": "5"})
    assert b"<bdi>MI6</bdi> completes Rescue" in r.data


def test_the_table_lookup_panel_reads_a_row_for_any_phone(client):
    token, view = _game_page(client)
    for link in (token, view):
        url = f"/t/{link}/mission-improbable/table"
        r = client.get(url, query_string={"table": "mission_failure", "roll": "3",
                                          "modifier": "4"})
        assert r.status_code == 200
        assert b"3 +4 \xe2\x86\x92 7:</strong> Discard the agent" in r.data
        assert b"as 1D5: 2" in r.data
        assert b"Pick a table" in client.get(url, query_string={"table": "spy",
                                                                "roll": "11"}).data
    assert b"D10 tables: look up a roll" in client.get(f"/t/{view}").data


def test_a_stale_page_gets_409_and_undo_takes_the_last_entry_back(client):
    """A tap from a stale page is re-checked on the fresh table: recruiting the agent that
    another phone recruited first is not recorded, and the page says why."""
    token, _ = _game_page(client)
    assert _act(client, token, {"type": "recruit", "player": "0",
                                "agent": "mr_bond"}).status_code == 200
    r = post(client, f"/t/{token}/act", {"version": "0", "type": "recruit", "player": "0",
                                         "agent": "mr_bond"}, headers=HX)
    assert r.status_code == 409 and b"Your tap was not recorded" in r.data
    assert b"data-version=\"1\"" in r.data  # the recruitment was not recorded twice
    r = post(client, f"/t/{token}/undo", {"version": "1"}, headers=HX)
    assert r.status_code == 200 and b"No agent in play." in r.data
