"""Mission Improbable on the phone: what issue 26 found (items 14 and 17) on the table page,
through the pages as a phone posts them. The app's dice come from a die that shows what the
test says (the server's random source replaced)."""

from __future__ import annotations

import random
import re

from tests.companion.test_pages import HX, post

MI6 = {"name": "MI6", "alignment": "good", "nemesis": 1}
SPECTRE = {"name": "SPECTRE", "alignment": "bad", "nemesis": 0}


class Loaded(random.Random):
    """A die that shows `faces` in turn (then the last one again)."""

    def __init__(self, *faces: int):
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        face = self.faces.pop(0) if len(self.faces) > 1 else self.faces[0]
        assert a <= face <= b
        return face


def load_dice(app, *faces: int) -> None:
    app.extensions["games"]._rng = Loaded(*faces)


def game(client, events=()) -> str:
    """MI6 (seat 0, first) against SPECTRE, `events` posted through the API; the edit token."""
    r = client.post("/api/v1/games", json={"game": "mission-improbable", "turn_order": [0, 1],
                                           "players": [MI6, SPECTRE]})
    assert r.status_code == 201, r.json
    token = r.json["edit_token"]
    for version, (kind, seat, fields) in enumerate(events):
        s = client.post(f"/api/v1/games/{r.json['id']}/events",
                        headers={"Authorization": f"Bearer {token}"},
                        json={"version": version, "event": {"type": kind, "player": seat,
                                                            **fields}})
        assert s.status_code == 200, s.json
    return r.json["join_url"].split("/t/")[1]


def act(client, token, **form):
    html = client.get(f"/t/{token}").data
    version = re.search(rb'name="version" value="(\d+)"', html).group(1).decode()
    return post(client, f"/t/{token}/act", {**form, "version": version}, headers=HX)


def events(client, token) -> list[dict]:
    gid = re.search(rb'data-game="([^"]+)"', client.get(f"/t/{token}").data).group(1).decode()
    r = client.get(f"/api/v1/games/{gid}/export", headers={"Authorization": f"Bearer {token}"})
    return r.json["events"]


SPECTRE_MISSION = [("recruit", 0, {"agent": "china_doll"}),
                   ("play_mission", 0, {"mission": "surveillance_mission"}),
                   ("end_turn", 0, {}),
                   ("recruit", 1, {"agent": "vlad_the_impaler"}),
                   ("play_mission", 1, {"mission": "bodyguard_assassination"}),
                   ("end_turn", 1, {})]


def test_an_app_rolled_spy_ten_is_kept_until_the_mission_is_named(app, client):
    """Item 14: "Roll for me" with no mission named rolls a 10: kept (not refused and thrown
    away); with two of SPECTRE's missions to choose from the phone asks which goes, and a
    second tap does not roll again."""
    token = game(client, SPECTRE_MISSION + [
        ("end_turn", 0, {}), ("play_mission", 1, {"mission": "prisoner_exchange"}),
        ("end_turn", 1, {})])
    load_dice(app, 10, 3)
    r = act(client, token, type="spy", player="0", roll="1")
    assert r.status_code == 200, r.data
    assert b"Spy Table" in r.data and b"rolled 10" in r.data
    assert b'id="mi-discard"' in r.data  # which mission is discarded
    assert b'name="roll"' not in re.search(rb'<form[^>]*id="mi-discard".*?</form>', r.data,
                                           re.S).group(0)
    load_dice(app, 2)
    r = act(client, token, type="spy", player="0", roll="1")  # a second tap rolls nothing
    assert r.status_code == 422 and b"name an opponent" in r.data
    r = act(client, token, type="spy", player="0", mission="bodyguard_assassination")
    assert r.status_code == 200 and b"Assassination is discarded" in r.data
    spies = [e for e in events(client, token) if e["type"] == "spy"]
    assert [e.get("die") for e in spies] == [10, None]


def test_a_spy_ten_with_one_mission_to_discard_discards_it(app, client):
    token = game(client, SPECTRE_MISSION)
    load_dice(app, 10)
    r = act(client, token, type="spy", player="0", roll="1")
    assert r.status_code == 200 and b"Assassination is discarded" in r.data
    assert b'id="mi-discard"' not in r.data


def test_dice_for_checks_after_a_failed_one_are_ignored(client):
    """Item 14: dice typed for every check of a card, the first failing: the attempt ends
    there and the other dice are left out (not refused "the attempt ended at check 1")."""
    token = game(client, SPECTRE_MISSION + [("end_turn", 0, {})])
    r = act(client, token, type="attempt", player="1", agent="vlad_the_impaler",
            mission="bodyguard_assassination", card="bodyguard_assassination",
            d0a="1", d0b="10", d1a="9", d1b="1")
    assert r.status_code == 200, r.data
    assert b"Vlad the Impaler fails" in r.data
    assert events(client, token)[-1]["dice"] == [[1, 10]]


def rolled(html: bytes) -> str:
    found = re.search(rb'<p class="mi-rolled"[^>]*>(.*?)</p>', html, re.S)
    assert found, "no line shows the app's dice"
    return re.sub(r"<[^>]+>", "", found.group(1).decode())


def test_every_roll_the_app_makes_shows_its_dice(app, client):
    """Item 17: the attempt's dice, the Mission Failure roll and its wound die, a Spy 7-8's
    1D5 count are shown with their result."""
    token = game(client, SPECTRE_MISSION)
    load_dice(app, 7, 1, 6)  # spy 7, the nemesis die unused, the 1D5 count from a 6
    r = act(client, token, type="spy", player="0", roll="1")
    line = rolled(r.data)
    assert "rolled 7" in line and "1D5: 3" in line, line
    load_dice(app, 1, 10)
    r = act(client, token, type="attempt", player="0", agent="china_doll",
            mission="surveillance_mission", card="surveillance_mission", roll="1")
    line = rolled(r.data)
    assert "1 against 10" in line, line
    load_dice(app, 6, 3)  # wounded, for 1D5 of a 3 = 2 turns
    r = act(client, token, type="failure", player="0", roll="1")
    line = rolled(r.data)
    assert "rolled 6" in line and "wound die 3" in line, line


def test_a_later_phase_offers_no_form_that_would_skip_phases(client):
    """Item 17: in Support the page offers no form of a later phase (one tap on "Put into
    play" used to skip Recruit, Assignment, Spy and Mission); the next phase is a tap."""
    token = game(client, SPECTRE_MISSION)
    page = client.get(f"/t/{token}").data
    for later in (b"play_mission", b"attempt", b"counter", b"spy"):
        assert b'name="type" value="' + later + b'"' not in page, later
    assert b"Next: Recruit" in page


def test_the_deck_ran_out_is_in_sight(client):
    token = game(client, SPECTRE_MISSION)
    page = client.get(f"/t/{token}").data.decode()
    form = re.search(r'<form[^>]*>(?:(?!</form>).)*value="deck_empty".*?</form>', page, re.S)
    assert form, "no deck-ran-out control"
    before = page[:form.start()]
    assert before.count("<details") == before.count("</details>"), "inside a closed panel"


def test_the_face_down_picker_offers_no_card_the_table_has_seen(client):
    """Item 17: the face-down obstacle picker left out cards face up or discarded (and
    named no card the phone could not have seen: only the content's public list)."""
    token = game(client, [("recruit", 0, {"agent": "mr_white_the_albino"}),
                          ("play_mission", 0, {"mission": "rescue_kidnapping"}),
                          ("end_turn", 0, {}),
                          ("counter", 1, {"mission": "rescue_kidnapping", "count": 2}),
                          ("end_turn", 1, {})])
    panel = client.get(f"/t/{token}/mission-improbable/resolver?card=ninjas").data
    first = re.findall(rb'<option value="(\w+)"', re.search(
        rb'<select id="mi-card".*?</select>', panel, re.S).group(0))
    assert b"ninjas" in first
    r = act(client, token, type="attempt", player="0", agent="mr_white_the_albino",
            mission="rescue_kidnapping", card="ninjas", d0a="5", d0b="1")
    assert r.status_code == 200 and b"overcomes Ninjas" in r.data
    panel = client.get(f"/t/{token}/mission-improbable/resolver").data
    left = re.findall(rb'<option value="(\w+)"', re.search(
        rb'<select id="mi-card".*?</select>', panel, re.S).group(0))
    assert b"ninjas" not in left  # discarded: it cannot be face down any more


def test_sleepers_extra_agent_can_be_recruited_from_the_phone(client):
    """Item 11 on the phone: after Sleeper, the Intercept phase offers the recruit at once."""
    token = game(client, [("play_event", 0, {"card": "sleeper"})])
    page = client.get(f"/t/{token}").data
    assert b'id="mi-late-recruit"' in page
    r = act(client, token, type="recruit", player="0", agent="punjab")
    assert r.status_code == 200, r.data[:300]
    recruited = [e for e in events(client, token) if e["type"] == "recruit"]
    assert recruited and recruited[-1]["agent"] == "punjab"
    assert b'id="mi-late-recruit"' not in client.get(f"/t/{token}").data  # used: gone
