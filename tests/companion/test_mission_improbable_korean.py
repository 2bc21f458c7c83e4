"""Mission Improbable in Korean: every screen a Korean phone meets (the new-game form, the
table as it is played, the resolver, the D10 lookup, the failure roll, the final ranking)
shows no English UI word; game terms and content names come from the Korean glossary and
the content YAML."""

from __future__ import annotations

import re

import pytest

from tests.companion.test_i18n import english_in, visible
from tests.companion.test_pages import HX, post

NAMES = ("MI6", "SPECTRE")
# Latin the Korean pages keep: the glossary's MP (printed on the cards), die notation (D10,
# 1D5), player names (data), and the invite panel's file and interface names (API, JSON);
# on a loopback address, its warning's host and command line (companion serve --lan,
# --public-url), which are typed as they are; after the game the app BG Stats by its name
# and the CSV file format.
ALLOWED = {"MP", "D10", "1D5", "API", "JSON", *NAMES,
           "localhost", "companion", "serve", "lan", "public", "url", "Stats", "CSV"}
# The log and its last line repeated for screen readers (#announce) are read too: the engine
# gives them as messages, which a Korean page words in Korean.
RECORD = re.compile(r"(?<![A-Za-z0-9])[A-Za-z0-9]*[A-Za-z]{3,}[A-Za-z0-9]*")
MI6 = {"name": "MI6", "alignment": "good", "nemesis": 1}
SPECTRE = {"name": "SPECTRE", "alignment": "bad", "nemesis": 0}


def seen(html: bytes) -> str:
    """The text a reader meets in the page's main part (the shared header's 'English' switch
    is meant to be English), without links, whitespace runs collapsed."""
    main = re.search(rb'<main id="main">.*</main>', html, re.S)
    text = visible(main.group(0) if main else html, log=True)
    return re.sub(r"\s+", " ", re.sub(r"https?://\S+", " ", text))


def latin_words(html: bytes) -> list[str]:
    """Words of 3+ Latin letters a reader sees, outside the allowed ones."""
    return sorted({w for w in RECORD.findall(seen(html)) if w not in ALLOWED})


def _game(client, **extra) -> tuple[str, str]:
    client.set_cookie("lang", "ko")
    r = client.post("/api/v1/games", json={"game": "mission-improbable", "players": [
        MI6, SPECTRE], "turn_order": [0, 1], **extra})
    assert r.status_code == 201, r.json
    return r.json["edit_token"], r.json["view_token"]


def _act(client, token, form) -> bytes:
    html = client.get(f"/t/{token}").data
    version = re.search(rb'name="version" value="(\d+)"', html).group(1).decode()
    r = post(client, f"/t/{token}/act", {**form, "version": version}, headers=HX)
    assert r.status_code == 200, r.data
    return r.data


def korean_screens(client) -> dict[str, bytes]:
    """Each Mission Improbable screen in Korean, played through the forms."""
    token, view = _game(client)
    screens = {"new": client.get("/?game=mission-improbable").data,
               "start": client.get(f"/t/{token}").data}
    for form in ({"type": "recruit", "player": "0", "agent": "mr_white_the_albino"},
                 {"type": "attach", "player": "0", "agent": "mr_white_the_albino",
                  "asset": "silencer"},
                 {"type": "play_mission", "player": "0", "mission": "rescue_kidnapping"},
                 {"type": "end_turn", "player": "0"},
                 {"type": "counter", "player": "1", "mission": "rescue_kidnapping",
                  "count": "2"}, {"type": "end_turn", "player": "1"}):
        _act(client, token, form)
    screens["table"] = client.get(f"/t/{token}").data
    screens["view"] = client.get(f"/t/{view}").data
    screens["resolver"] = client.get(f"/t/{token}/mission-improbable/resolver?card=ninjas").data
    screens["lookup"] = client.get(f"/t/{view}/mission-improbable/table", query_string={
        "table": "mission_failure", "roll": "3", "modifier": "4"}).data
    screens["lookup-empty"] = client.get(f"/t/{view}/mission-improbable/table").data
    go = {"type": "attempt", "player": "0", "agent": "mr_white_the_albino",
          "mission": "rescue_kidnapping", "card": "ninjas"}
    screens["under-way"] = _act(client, token, {**go, "d0a": "5", "d0b": "1"})
    screens["failure"] = _act(client, token, {**go, "card": "tiger", "d0a": "1", "d0b": "10"})
    screens["wounded"] = _act(client, token, {"type": "failure", "player": "0", "die": "6",
                                               "wound_die": "3"})
    return screens


def finished_screen(client) -> bytes:
    """A game played to its end (MP target 1): the final ranking."""
    token, _ = _game(client, options={"mp_target": 1})
    for form in ({"type": "recruit", "player": "0", "agent": "china_doll"},
                 {"type": "play_mission", "player": "0", "mission": "surveillance_mission"},
                 {"type": "end_turn", "player": "0"}, {"type": "end_turn", "player": "1"},
                 {"type": "attempt", "player": "0", "agent": "china_doll",
                  "mission": "surveillance_mission", "card": "surveillance_mission",
                  "d0a": "10", "d0b": "1"},
                 {"type": "end_turn", "player": "0"}, {"type": "end_turn", "player": "1"}):
        _act(client, token, form)
    return client.get(f"/t/{token}").data


@pytest.fixture
def screens(client):
    return korean_screens(client)


SCREENS = ("new", "start", "table", "view", "resolver", "lookup", "lookup-empty", "under-way",
           "failure", "wounded")


@pytest.mark.parametrize("name", SCREENS)
def test_a_korean_mission_improbable_screen_shows_no_english(screens, name):
    html = screens[name]
    assert latin_words(html) == [], name
    assert english_in(seen(html)) == []
    assert re.search("[가-힣]", seen(html))


def test_the_korean_table_shows_turn_phases_players_and_resolver(screens):
    page = seen(screens["table"])
    for word in ("MI6의 턴", "선 · 숙적", "MI6의 요원", "목표 미션 점수: 10",
                 "1/9단계: 지원",  # the turn's phase, its name from guide.yaml's ko:
                 "모집", "배치", "가로채기", "첩보", "견제", "포로",  # the other phases
                 "카드 3장을 뽑는다",  # the phase reminder from guide.yaml's ko:
                 "아이스맨 미스터 화이트", "구출", "소음기",  # agent, mission, asset (YAML)
                 "뒷면 2장", "D10 표", "첩보 표", "미션 실패 표"):
        assert word in page, word
    panel = seen(screens["resolver"])
    for word in ("뒤집은 뒷면 장애물", "넘을 카드:", "닌자", "(장애물: 전투 2)", "판정 1: 전투",
                 "5 대 2", "내 D10", "숙적의 D10", "여기서 미션 완수:", "소음기"):
        assert word in panel, word
    assert "장애물 1장 넘음" in seen(screens["under-way"])
    assert "부상: 2턴" in seen(screens["wounded"])
    assert "같은 주사위를 1D5로 읽으면 2입니다." in seen(screens["lookup"])


def test_the_final_ranking_in_korean(client):
    html = finished_screen(client)
    assert "최종 순위" in seen(html) and "MI6 승리!" in seen(html)
    assert latin_words(html) == [] and english_in(seen(html)) == []


def test_the_catalogue_has_no_fuzzy_or_empty_entry():
    from tests.companion.test_i18n import catalogue

    cat = catalogue()
    fuzzy = [m.id for m in cat if m.id and m.fuzzy]
    empty = [m.id for m in cat if m.id and not all(
        s.strip() for s in (m.string if isinstance(m.string, tuple) else (m.string,)))]
    assert fuzzy == [] and empty == []
    assert cat.get("Nemesis").string == "숙적"  # the glossary's term
