"""Dice Mission's phone forms (issue 26, items 6, 10, 15, 16, 19): what the first screen
says, every gadget recordable with the fields it needs, a refusal that names its field and
forms that forget what no longer applies, the SPECIAL exchange's choice, the odds mid-turn."""

from __future__ import annotations

import re
from html import unescape

from werkzeug.datastructures import MultiDict

from companion.dice_mission.forms import form_event
from missionkit.content import load_game
from missionkit.dice_mission import odds
from missionkit.dice_mission.table import exchange_choices
from tests.companion.test_i18n import KO
from tests.companion.test_pages import HX, post
from tests.dice_mission.helpers import armed, dice, end, mission_phase

DISPLAY = ["special_02", "special_04", "special_09"]
PLAYERS = [{"name": "Ann", "colour": "red"}, {"name": "Bo", "colour": "blue"},
           {"name": "Cy", "colour": "green"}]


class Table:
    """A Dice Mission game made and played through the API, read through its page."""

    def __init__(self, client, events=(), display=DISPLAY, seed=None):
        body = {"game": "dice-mission", "players": PLAYERS}
        if display is not None:
            body["display"] = display
        r = client.post("/api/v1/games", json=body)
        assert r.status_code == 201, r.json
        self.client, self.id, self.token = client, r.json["id"], r.json["edit_token"]
        self.version = 0
        for event in events:
            self.api(event)

    def api(self, event):
        r = self.client.post(f"/api/v1/games/{self.id}/events",
                             headers={"Authorization": f"Bearer {self.token}"},
                             json={"version": self.version, "event": event})
        assert r.status_code == 200, r.json
        self.version = r.json["version"]
        return r.json

    def page(self, headers=None) -> str:
        r = self.client.get(f"/t/{self.token}", headers=headers or {})
        assert r.status_code == 200
        return r.data.decode()

    def form(self, form_id: str) -> str:
        html = self.page()
        found = re.search(rf'<form[^>]*id="{form_id}".*?</form>', html, re.S)
        assert found, f"no form {form_id}"
        return found.group(0)

    def send(self, data):
        r = post(self.client, f"/t/{self.token}/act", {"version": self.version, **data},
                 headers=HX)
        if r.status_code == 200:
            self.version += 1
        return r

    def state(self):
        """The engine's state as the server holds it (its seed stays sealed in exports)."""
        from companion.service import games

        with self.client.application.app_context():
            return games().current(self.id).state


def text(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", html))


def said(html: str) -> str:
    """The page's words, one space apart, names joined to what follows (a log line)."""
    return " ".join(unescape(re.sub(r"<[^>]+>", "", html)).split())


def fields(form_html: str) -> set[str]:
    return set(re.findall(r'name="([a-z_0-9]+)"', form_html))


# --- item 10: the first screen in plain words ---------------------------------------------


def test_the_first_screen_says_what_n_and_r_are_in_plain_words(client):
    table = Table(client)
    shown = " ".join(text(table.page()).split())
    for jargon in ("N not set", "R not set", "token:"):
        assert jargon not in shown
    assert "Ann picks how many dice everyone rolls (2 to 5)" in shown
    assert "Ann may roll up to 3 times; the others may roll as many times as Ann did" in shown
    assert "Mission phase: everyone rolls in turn" in shown
    korean = " ".join(text(table.page(KO)).split())
    assert "Ann: 모두가 굴릴 주사위 수를 정합니다 (2~5개)" in korean
    assert "미션 단계: 차례대로 모두 주사위를 굴립니다" in korean
    assert "N not set" not in korean and "picks how many" not in korean
    table.api(dice(0, [1, 2, 3, 4], rolls=2))
    table.api(end(0))
    shown = " ".join(text(table.page()).split())
    assert "4 dice, at most 2 rolls" in shown


# --- items 15 and 16: the gadget forms -------------------------------------------------------


def test_a_gadget_form_sends_only_the_fields_its_gadget_takes(client):
    """A value left in a field the gadget does not use is not sent (it was refused with
    'Extra inputs are not permitted', naming no field)."""
    event = form_event(MultiDict({"type": "target_lock", "player": "1", "target": "0",
                                  "die": "2", "face": "6"}))
    assert event == {"type": "target_lock", "player": 1, "target": 0}
    table = Table(client, armed(3, 1) + [dice(1, [1, 2, 3])])  # round 2: Bo rolls first
    r = table.send({"type": "target_lock", "player": "1", "target": "0", "die": "2"})
    assert r.status_code == 200, text(r.data.decode())
    assert "Bo plays Target Lock" in said(r.data.decode())


def test_the_gadget_forms_are_played_by_whoever_has_the_turn(client):
    """No 'Played by' choice to go stale: each form carries the turn's player, and its
    controls are new each turn (a value typed on an earlier turn does not come back)."""
    table = Table(client, armed(3, 1) + [dice(1, [1, 2, 3])])
    lock = table.form("gd-target_lock")
    assert 'name="player" value="1"' in lock and not re.search(r'<select[^>]*name="player"', lock)
    before = set(re.findall(r'id="(gd-[^"]+)"', table.page()))
    table.api(end(1))
    after_html = table.page()
    assert 'name="player" value="2"' in table.form("gd-target_lock")
    assert not before & set(re.findall(r'id="(gd-[^"]+-r\d+t\d+)"', after_html))


def test_a_refused_gadget_says_which_field(client):
    table = Table(client, armed(3, 1) + mission_phase(3, 1, [[1, 2], [3, 4], [5, 6]]))
    r = table.send({"type": "theft", "player": "1", "target": "1", "die": "0"})  # from herself
    assert r.status_code == 422
    html = r.data.decode()
    assert "choose an opponent" in text(html)
    found = re.search(r'<p class="field-error"[^>]*>(.*?)</p>', html, re.S)
    assert found and "From player" in text(found.group(1)), found
    assert re.search(r'name="target"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="target"',
                     html)


def test_transaction_and_change_of_mission_are_recordable_from_the_phone(client):
    events = armed(3, 2)  # round 3: Cy (2) is the agent, two gadgets each
    table = Table(client, events)
    change = table.form("gd-change_of_mission")
    assert {"card_type", "card", "keep"} <= fields(change)
    r = table.send({"type": "change_of_mission", "player": "2", "card_type": "solo"})
    assert r.status_code == 200, text(r.data.decode())
    assert "Cy plays Change of Mission: Cy exchanges a SOLO card from their hand." in said(
        r.data.decode())
    for event in mission_phase(3, 2, [[1, 2], [3, 4], [5, 6]]):
        table.api(event)
    swap = table.form("gd-transaction")
    assert {"target", "die", "other", "other_die"} <= fields(swap)
    r = table.send({"type": "transaction", "player": "2", "target": "0", "die": "1",
                    "other": "1", "other_die": "0"})
    assert r.status_code == 200, text(r.data.decode())
    assert table.state().players[0].dice == [1, 3] and table.state().players[1].dice == [2, 4]


def test_extra_chance_and_forced_relaunch_take_typed_faces(client):
    table = Table(client, armed(3, 2) + [dice(2, [1, 2, 3], rolls=1), end(2)])
    table.api(dice(0, [4, 4, 4]))
    relaunch = table.form("gd-forced_relaunch")
    assert "row" in fields(relaunch)
    r = table.send({"type": "forced_relaunch", "player": "0", "target": "2", "row": "6 2 5",
                    "was2": "1 2 3"})  # the target's dice as they lie after the reroll
    assert r.status_code == 200, text(r.data.decode())
    assert table.state().players[2].dice == [6, 2, 5]
    r = table.send({"type": "extra_chance", "player": "0", "row": "444", "was0": "4 4 4"})
    assert r.status_code == 200, text(r.data.decode())  # rerolled and came up the same
    assert "row" in fields(table.form("gd-extra_chance"))


# --- item 6: the SPECIAL exchange on the phone --------------------------------------------


def test_the_exchange_form_offers_the_two_cards_drawn(client):
    table = Table(client, mission_phase(3, 0, [[1, 2], [3, 4], [5, 6]]), display=None)
    state = table.state()
    two = exchange_choices(state)
    assert len(two) == 2
    form = table.form("dm-exchange-form")
    assert "2 cards drawn, keep one" in text(form)
    offered = re.findall(r'name="keep" value="([a-z_0-9]+)"', form.split("<details")[0])
    assert sorted(offered) == sorted(two)  # the two drawn first; a table's own draw below
    given_up = state.display[0]
    r = table.send({"type": "exchange", "player": "0", "card_type": "special",
                    "card": given_up, "keep": two[1]})
    assert r.status_code == 200, text(r.data.decode())
    assert table.state().display[0] == two[1]
    r = table.send({"type": "exchange", "player": "0", "card_type": "special",
                    "card": table.state().display[1]})
    assert r.status_code == 422  # no card chosen: asked, never drawn at random


# --- item 19: the odds for the dice on the table and the rolls left -------------------------


def test_the_turn_shows_the_odds_for_the_dice_on_the_table_and_the_rolls_left(client):
    table = Table(client, [dice(0, [6, 6, 1, 2], rolls=1)])
    r = client.get(f"/t/{table.token}/dice-mission/check?card=solo_02&player=0")
    shown = " ".join(text(r.data.decode()).split())
    card = load_game("dice-mission").mission("solo_02")  # three of a kind
    now = odds.chance_from(card, [6, 6, 1, 2], 2, 3)
    fresh = odds.chance(card, 4, 3, 3)
    assert now > fresh  # a pair of 6s already lies on the table
    assert f"with these dice and 2 rolls left: {now * 100:.0f}%" in shown
    assert 'id="dm-odds"' in table.page()  # the rolling turn offers it


def test_an_api_event_with_a_field_its_type_does_not_take_names_it(client):
    table = Table(client, armed(3, 1) + [dice(1, [1, 2, 3])])
    r = client.post(f"/api/v1/games/{table.id}/events",
                    headers={"Authorization": f"Bearer {table.token}"},
                    json={"version": table.version, "event": {
                        "type": "target_lock", "player": 1, "target": 0, "die": 2}})
    assert r.status_code == 422 and r.json["field"] == "event.die"
    assert r.json["error"].startswith("event.die:")  # the words name it too


def test_a_refused_dice_entry_marks_the_faces_box(client):
    table = Table(client)
    r = table.send({"type": "dice", "player": "0", "faces": "4 4 9"})
    assert r.status_code == 422
    html = r.data.decode()
    assert 'id="dm-faces" name="faces"' in html and re.search(
        r'id="dm-faces"[^>]*aria-invalid="true"', html)
    assert "Check this field: Dice faces" in text(html)
