"""The engines' log and refusals are data the page words in its own language: the same game
reads Korean on one phone and English on another, a game stored before still renders in
both, and the API keeps its English `error` next to the message id and parameters."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from tests.companion.test_i18n import english_fragments, visible

STORED = Path(__file__).resolve().parents[1] / "data" / "stored" / "double-mission.json"
KO_PLAYERS = [{"name": "민준", "character": "jack", "side": "A"},
              {"name": "지연", "character": "queen", "side": "A"}]


def _log_items(html: bytes) -> list[str]:
    block = re.search(rb'<ol class="log"[^>]*>(.*?)</ol>', html, re.S).group(1).decode()
    return [re.sub(r"<[^>]+>", "", li) for li in re.findall(r"<li>(.*?)</li>", block, re.S)]


def _page(client, token, lang):
    client.set_cookie("lang", lang)
    return client.get(f"/t/{token}").data


def _imported(client):
    stored = json.loads(STORED.read_text(encoding="utf-8"))
    r = client.post("/api/v1/games/import", json=stored["export"])
    assert r.status_code == 201, r.json
    return stored, r.json


def test_a_game_stored_before_messages_replays_and_reads_in_both_languages(client):
    stored, made = _imported(client)
    state = client.get(f"/api/v1/games/{made['id']}",
                       headers={"Authorization": f"Bearer {made['edit_token']}"}).json
    assert state["log_length"] == stored["log_length"]
    # English reads as it did, content names instead of ids ("painting" -> "Painting")
    assert [x.lower() for x in state["log"]] == [x.lower() for x in stored["log_en"][-20:]]
    assert all(m["id"].startswith("dm.") for m in state["log_messages"])
    token = made["join_url"].split("/t/")[1]
    en, ko = _items(client, token, "en"), _items(client, token, "ko")
    assert len(en) == len(ko) == 12
    assert en[0] == "Final tally revealed." and ko[0] == "점수 계산 결과가 공개되었습니다."
    assert "Joker ends the turn." in en and "Joker가 턴을 마칩니다." in ko
    robbed = [line for line in ko if "훔칩니다" in line]
    assert robbed and all(re.search(r"[가-힣]", line.split(":")[0]) for line in robbed)
    assert not [w for w in english_fragments() if any(
        re.search(r"(?<![A-Za-z])" + re.escape(w) + r"(?![A-Za-z])", line) for line in ko)]


def _items(client, token, lang):
    return _log_items(_page(client, token, lang))


def test_one_game_two_phones_two_languages(client):
    r = client.post("/api/v1/games", json={"players": KO_PLAYERS})
    gid, edit = r.json["id"], r.json["edit_token"]
    auth = {"Authorization": f"Bearer {edit}"}
    for v, event in enumerate([{"type": "take_millions", "player": 0},
                               {"type": "take_millions", "player": 0}]):
        assert client.post(f"/api/v1/games/{gid}/events", headers=auth,
                           json={"version": v, "event": event}).status_code == 200
    token = r.json["join_url"].split("/t/")[1]
    ko, en = _items(client, token, "ko"), _items(client, token, "en")
    assert ko == ["민준이 2밀리언을 얻습니다."] * 2  # 이 after 준's final consonant
    assert en == ["민준 takes 2 Millions."] * 2
    html = _page(client, token, "ko")
    assert "<bdi>민준</bdi>이 2밀리언을 얻습니다." in html.decode()


def test_an_api_refusal_keeps_its_english_error_and_adds_the_message(client, created):
    game_id, edit, _, _ = created
    r = client.post(f"/api/v1/games/{game_id}/events", headers={
        "Authorization": f"Bearer {edit}"}, json={"version": 0, "event": {
            "type": "take_millions", "player": 1}})
    assert r.status_code == 422
    assert r.json == {"error": "it is Ann's turn, not Bo's", "field": "event.player",
                      "message_id": "dm.no.not_your_turn", "params": {"active": 0, "player": 1}}
    r = client.post(f"/api/v1/games/{game_id}/events", headers={
        "Authorization": f"Bearer {edit}"}, json={"version": 0, "event": {"type": "nope"}})
    assert r.status_code == 422 and "message_id" not in r.json  # a shape check: English only


def test_a_refused_tap_is_said_in_korean_with_names_and_particles(client):
    r = client.post("/api/v1/games", json={"players": KO_PLAYERS})
    token = r.json["join_url"].split("/t/")[1]
    client.set_cookie("lang", "ko")
    page = client.get(f"/t/{token}").data.decode()
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page)
    form = {"version": "0", "player": "1", "type": "sell", "treasure": "jewel"}
    if csrf:
        form["csrf_token"] = csrf.group(1)
    r = client.post(f"/t/{token}/act", data=form, headers={"HX-Request": "true"})
    assert r.status_code == 422
    alert = re.search(r'<p class="alert" id="error" role="alert">(.*?)</p>', r.data.decode())
    text = re.sub(r"<[^>]+>", "", alert.group(1))
    assert text == "지금은 지연의 턴이 아니라 민준의 턴입니다"
    assert "<bdi>지연</bdi>" in alert.group(1)
    assert not re.search(r"[A-Za-z]{2,}", visible(r.data, log=True).replace("Mission Kit", ""))


def test_particles_follow_the_name_not_a_template_seam():
    from missionkit.double_mission.messages import CATALOGUE
    from missionkit.messages import SEAT, content_namer, msg

    namer = content_namer({}, ["민준", "지우"], "ko")
    exchange = "{player:와} {partner:가} 보물과 밀리언을 교환합니다."
    assert CATALOGUE.render(exchange, msg("dm.exchange", player=0, partner=1), namer) == \
        "민준과 지우가 보물과 밀리언을 교환합니다."
    assert CATALOGUE.render(exchange, msg("dm.exchange", player=1, partner=0), namer) == \
        "지우와 민준이 보물과 밀리언을 교환합니다."
    assert CATALOGUE.kinds["player"] == SEAT


def _stored_game(client, game):
    path = STORED.parent / f"{game}.json"
    stored = json.loads(path.read_text(encoding="utf-8"))
    r = client.post("/api/v1/games/import", json=stored["export"])
    assert r.status_code == 201, r.json
    return stored, r.json


def test_a_dice_mission_game_stored_before_messages_reads_in_both_languages(client):
    stored, made = _stored_game(client, "dice-mission")
    state = client.get(f"/api/v1/games/{made['id']}",
                       headers={"Authorization": f"Bearer {made['edit_token']}"}).json
    assert state["log"] == stored["log_en"]  # English word for word as before
    token = made["join_url"].split("/t/")[1]
    ko, en = _items(client, token, "ko"), _items(client, token, "en")
    assert en == list(reversed(stored["log_en"]))
    assert ko == ["Ann이 손패의 솔로 카드 1장을 교환합니다.", "토큰을 디브리핑으로 뒤집습니다.",
                  "Bo가 굴립니다: 1 1 2 2 3 (1번 굴림).", "모두 주사위 5개를 최대 1번 굴립니다.",
                  "Ann이 굴립니다: 1 2 3 4 6 (1번 굴림).", "1라운드: Ann이 주도 요원입니다."]


def test_a_mission_improbable_game_stored_before_messages_reads_in_both_languages(client):
    stored, made = _stored_game(client, "mission-improbable")
    state = client.get(f"/api/v1/games/{made['id']}",
                       headers={"Authorization": f"Bearer {made['edit_token']}"}).json
    assert state["log"] == stored["log_en"]  # English word for word as before
    token = made["join_url"].split("/t/")[1]
    ko, en = _items(client, token, "ko"), _items(client, token, "en")
    assert en == list(reversed(stored["log_en"]))
    assert ko[0] == "MI6가 감시 미션을 펼칩니다." and ko[-1] == "턴 순서: MI6, SPECTRE."
    assert ko[-2] == "MI6가 나이팅게일을 모집합니다."
    assert ko[1].startswith("첩보 표 (MI6): ")
    assert not [w for w in english_fragments() if any(
        re.search(r"(?<![A-Za-z])" + re.escape(w) + r"(?![A-Za-z])", line) for line in ko)]


def test_a_korean_phone_takes_away_korean_names(client):
    """The export's log, the CSV and the BG Stats link, opened on a Korean phone."""
    from urllib.parse import unquote

    _, made = _imported(client)
    token = made["join_url"].split("/t/")[1]
    client.set_cookie("lang", "ko")
    page = client.get(f"/t/{token}").data.decode()
    link = re.search(r'href="https://app\.bgstatsapp\.com/createPlay\.html\?data=([^"]+)"', page)
    play = json.loads(unquote(link.group(1).replace("&amp;", "&")))
    assert play["game"]["name"] == "더블 미션"
    sheet = client.get(f"/t/{token}/result.csv").data.decode()
    assert sheet.startswith("\ufeff순위,플레이어,점수") and "수집 9" in sheet
    assert re.findall(r"[A-Za-z]+", sheet) == ["Jack", "Joker"]
    exported = client.get(f"/t/{token}/export.json").json
    assert exported["log"][-1] == "점수 계산 결과가 공개되었습니다."
    assert client.post("/api/v1/games/import", json=exported).status_code == 201  # still imports
    client.set_cookie("lang", "en")
    assert client.get(f"/t/{token}/export.json").json["log"][-1] == "Final tally revealed."


@pytest.mark.parametrize(("form", "said"), [
    ({"name0": "민준", "character0": "jack", "name1": "민준", "character1": "queen"},
     "'민준' 이름의 플레이어가 둘입니다. 플레이어마다 다른 이름을 쓰세요"),
    ({"name0": "민준", "character0": "jack", "name1": "Ann", "character1": "jack"},
     "잭은 이미 다른 플레이어가 골랐습니다"),
])
def test_a_new_games_refusal_is_said_in_korean(client, form, said):
    from tests.companion.test_pages import post

    client.set_cookie("lang", "ko")
    r = post(client, "/games", {"game": "double-mission", "side0": "A", "side1": "A", **form})
    assert r.status_code == 422
    alert = re.search(r'<p class="alert" role="alert">(.*?)</p>', r.data.decode()).group(1)
    assert html.unescape(re.sub(r"<[^>]+>", "", alert)) == said
    assert "<bdi>" in alert or "민준" not in said


def test_the_openapi_document_names_a_refusals_message(client):
    error = client.get("/api/v1/openapi.json").json["components"]["schemas"]["Error"]
    assert {"message_id", "params"} <= set(error["properties"])
