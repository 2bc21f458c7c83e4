"""One table, two languages (Chromium, 390 x 844): a Korean phone and an English phone follow
the same short game of each title, one tap of it refused because the game changed on another
phone, and (where the game has one) its final result. The Korean pages show no English word
but players' names, the English ones no Korean; both logs list the same events."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.companion.finished import finished_export
from tests.companion.http import call
from tests.companion.test_browser import PHONE, browser, live, settled  # noqa: F401

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screens"
# Latin a Korean page keeps on purpose: players' names (data), Mission Improbable's MP and
# die notation (printed on its Korean cards), the invite panel's command line and file
# names, BG Stats (a product's name) and CSV.
KEPT_LATIN = {"MP", "D10", "1D5", "API", "JSON", "CSV", "BG", "Stats", "localhost",
              "companion", "serve", "lan", "public", "url", "A4"}
# The page's main text as a reader meets it (every panel, hidden tabs too; no scripts, no
# text marked lang="en" such as a kit's language name), and the log's entries.
MAIN_TEXT = """() => { const parts = []; const walk = n => {
  if (n.nodeType === 3) { parts.push(n.textContent); return; }
  if (n.nodeType !== 1 || ['SCRIPT', 'STYLE', 'TEMPLATE'].includes(n.tagName)
      || n.getAttribute('lang') === 'en') return;
  for (const a of ['aria-label', 'title', 'placeholder', 'alt'])
    if (n.getAttribute(a)) parts.push(n.getAttribute(a));
  n.childNodes.forEach(walk); };
  walk(document.querySelector('#game')); return parts.join(' '); }"""
LOG = "() => [...document.querySelectorAll('ol.log li')].map(li => li.textContent.trim())"


def _phones(browser, link: str):  # noqa: F811
    out = {}
    for lang, scheme in (("ko", "light"), ("en", "dark")):
        context = browser.new_context(**PHONE, color_scheme=scheme,
                                      locale="ko-KR" if lang == "ko" else "en-GB",
                                      extra_http_headers={"Accept-Language": lang})
        page = context.new_page()
        page.goto(link)
        out[lang] = (context, page)
    return out


def _post(server, gid: str, token: str, version: int, event: dict) -> dict:
    status, body = call(f"{server.url}/api/v1/games/{gid}/events", "POST",
                        {"version": version, "event": event}, token)
    assert status == 200, body
    return body


def _stale_tap(page, server, gid, token, version, event, button: str) -> str:
    """Another phone changes the game (`event`, through the API) before this phone's page
    has polled; then this phone taps `button`: the page says what was not recorded, why."""
    page.route("**/live?*", lambda route: route.abort())
    _post(server, gid, token, version, event)
    page.locator(button).first.click()
    page.wait_for_selector("#error")
    settled(page)
    text = page.locator("#error").inner_text()
    page.unroute("**/live?*")
    return text


def _check_languages(pages: dict, names: list[str]) -> None:
    ko, en = pages["ko"][1], pages["en"][1]
    ko_text, en_text = ko.evaluate(MAIN_TEXT), en.evaluate(MAIN_TEXT)
    for name in names:
        ko_text, en_text = ko_text.replace(name, " "), en_text.replace(name, " ")
    latin = sorted({w for w in re.findall(r"[A-Za-z]{2,}", ko_text) if w not in KEPT_LATIN})
    assert latin == [], latin
    assert re.findall(r"[가-힣]+", en_text) == []
    ko_log, en_log = ko.evaluate(LOG), en.evaluate(LOG)
    assert len(ko_log) == len(en_log) > 1
    for k, e in zip(ko_log, en_log, strict=True):  # the same event: the same players named
        assert [n for n in names if n in k] == [n for n in names if n in e], (k, e)


def _reload(pages: dict) -> None:
    for _context, page in pages.values():
        page.reload()
        settled(page)


def _shots(pages: dict, name: str) -> None:
    """The log and the refusal as each phone shows them (docs/screens)."""
    for lang, (_context, page) in pages.items():
        page.screenshot(path=str(SHOTS / f"{name}-{lang}.png"))


def _close(pages: dict) -> None:
    for context, _page in pages.values():
        context.close()


def test_double_mission_in_korean_and_english(browser, live):  # noqa: F811
    from missionkit.content import load_game

    export = finished_export(load_game("double-mission"))
    export["setup"]["players"][0]["name"], export["setup"]["players"][1]["name"] = "민준", "Ann"
    last = export["events"].pop()  # the game stops before Joker B's extra turn ends
    status, made = call(live.url + "/api/v1/games/import", "POST", export)
    assert status == 201, made
    gid, token, version = made["id"], made["edit_token"], len(export["events"])
    pages = _phones(browser, made["join_url"])
    refused = _stale_tap(pages["ko"][1], live, gid, token, version, last, "#a-millions button")
    assert refused == ("내 입력은 기록되지 않았습니다: 게임이 끝났습니다. 점수 계산만 남았습니다 "
                       "(다른 휴대폰에서 게임이 바뀌었습니다)")
    _shots(pages, "refusal-double-mission")
    _post(live, gid, token, version + 1, {"type": "score", "player": 0,
                                          "missions": [["collection"], ["sabotage"]]})
    _reload(pages)
    ko, en = pages["ko"][1], pages["en"][1]
    ko.wait_for_selector("text=점수 계산 결과가 공개되었습니다.", state="attached")
    en.wait_for_selector("text=Final tally revealed.", state="attached")
    assert "Ann이 턴을 마칩니다." in ko.evaluate(LOG)
    assert "Ann ends the turn." in en.evaluate(LOG)
    _shots(pages, "tally-double-mission")
    _check_languages(pages, ["민준", "Ann"])
    _close(pages)


def test_dice_mission_in_korean_and_english(browser, live):  # noqa: F811
    status, made = call(live.url + "/api/v1/games", "POST", {
        "game": "dice-mission", "display": ["special_02", "special_04", "special_09"],
        "players": [{"name": "Ann", "colour": "red"}, {"name": "민준", "colour": "blue"}]})
    assert status == 201, made
    gid, token = made["id"], made["edit_token"]
    _post(live, gid, token, 0, {"type": "dice", "player": 0, "faces": [1, 2, 3, 4, 6]})
    pages = _phones(browser, made["join_url"])
    refused = _stale_tap(pages["ko"][1], live, gid, token, 1,
                         {"type": "end_turn", "player": 0},
                         "form:has(input[name=type][value=end_turn]) button")
    assert refused == ("내 입력은 기록되지 않았습니다: 지금은 Ann의 턴이 아니라 민준의 턴입니다 "
                       "(다른 휴대폰에서 게임이 바뀌었습니다)")
    _post(live, gid, token, 2, {"type": "dice", "player": 1, "faces": [1, 1, 2, 2, 3]})
    _post(live, gid, token, 3, {"type": "end_turn", "player": 1})
    _post(live, gid, token, 4, {"type": "exchange", "player": 0, "card_type": "solo"})
    _reload(pages)
    ko, en = pages["ko"][1], pages["en"][1]
    assert ko.evaluate(LOG)[0] == "Ann이 손패의 솔로 카드 1장을 교환합니다."
    assert en.evaluate(LOG)[0] == "Ann exchanges a SOLO card from their hand."
    _check_languages(pages, ["Ann", "민준"])
    _close(pages)


def test_dice_missions_result_in_korean_and_english(browser, live):  # noqa: F811
    """Dice Mission played to its winner (tests/companion/endings.py): both phones read the
    result, its winner and the whole log in their own language."""
    from tests.companion.endings import dice_mission

    made = dice_mission(lambda path, body, token=None: call(live.url + path, "POST", body,
                                                            token), ["Ann", "민준", "Cecile"])
    pages = _phones(browser, made["join_url"])
    ko, en = pages["ko"][1], pages["en"][1]
    ko.wait_for_selector(".tally .result")
    en.wait_for_selector(".tally .result")
    assert "Ann" in ko.locator(".winners").inner_text()
    assert ko.locator(".winners").inner_text().startswith("승자")
    assert en.locator(".winners").inner_text().startswith("Winner")
    _check_languages(pages, ["Ann", "민준", "Cecile"])
    _close(pages)


MI_GAME = [("recruit", 0, {"agent": "china_doll"}),
           ("play_mission", 0, {"mission": "surveillance_mission"})]
MI_REST = [("end_turn", 1, {}),
           ("attempt", 0, {"agent": "china_doll", "mission": "surveillance_mission",
                           "card": "surveillance_mission", "dice": [[10, 1]]}),
           ("end_turn", 0, {}), ("end_turn", 1, {})]


def test_mission_improbable_in_korean_and_english(browser, live):  # noqa: F811
    status, made = call(live.url + "/api/v1/games", "POST", {
        "game": "mission-improbable", "turn_order": [0, 1], "options": {"mp_target": 1},
        "players": [{"name": "MI6", "alignment": "good", "nemesis": 1},
                    {"name": "스펙터", "alignment": "bad", "nemesis": 0}]})
    assert status == 201, made
    gid, token = made["id"], made["edit_token"]
    for version, (kind, seat, fields) in enumerate(MI_GAME):
        _post(live, gid, token, version, {"type": kind, "player": seat, **fields})
    pages = _phones(browser, made["join_url"])
    version = len(MI_GAME)
    refused = _stale_tap(pages["ko"][1], live, gid, token, version,
                         {"type": "end_turn", "player": 0},
                         "form:has(input[name=type][value=end_turn]) button")
    assert refused == ("내 입력은 기록되지 않았습니다: 지금은 MI6의 턴이 아니라 스펙터의 턴입니다 "
                       "(다른 휴대폰에서 게임이 바뀌었습니다)")
    _shots(pages, "refusal-mission-improbable")
    for kind, seat, fields in MI_REST:
        version += 1
        _post(live, gid, token, version, {"type": kind, "player": seat, **fields})
    _reload(pages)
    ko, en = pages["ko"][1], pages["en"][1]
    assert ko.evaluate(LOG)[0] == "게임이 끝났습니다."
    assert en.evaluate(LOG)[0] == "The game is over."
    assert "MI6가 감시 미션을 완수합니다 (미션 점수 +1, 합계 1)." in ko.evaluate(LOG)
    assert "MI6 completes Surveillance Mission (+1 MP, 1 in all)." in en.evaluate(LOG)
    _check_languages(pages, ["MI6", "스펙터"])
    _close(pages)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("lang", ["ko", "en"])
def test_screens_of_the_log_and_a_refusal(browser, live, lang, scheme):  # noqa: F811
    """docs/screens/log-*.png and refusal-*.png: the log tab and a refused tap."""
    status, made = call(live.url + "/api/v1/games", "POST", {"players": [
        {"name": "민준", "character": "jack", "side": "A"},
        {"name": "Ann", "character": "queen", "side": "B"}]})
    gid, token = made["id"], made["edit_token"]
    for version, event in enumerate([{"type": "take_millions", "player": 0},
                                     {"type": "buy_die", "player": 0},
                                     {"type": "end_turn", "player": 0}]):
        _post(live, gid, token, version, event)
    context = browser.new_context(**PHONE, color_scheme=scheme,
                                  extra_http_headers={"Accept-Language": lang})
    page = context.new_page()
    page.goto(made["join_url"])
    page.locator("#a-die button").click()  # Ann has 2 Millions, a die costs 3: refused
    page.wait_for_selector("#error")
    settled(page)
    page.screenshot(path=str(SHOTS / f"refusal-{lang}-{scheme}.png"))
    page.locator(".tabs [data-tab=log]").first.click()
    page.wait_for_timeout(200)
    page.screenshot(path=str(SHOTS / f"log-{lang}-{scheme}.png"))
    error = page.locator("#error").inner_text()
    assert (error == "주사위는 3밀리언입니다. Ann은 2밀리언을 가지고 있습니다" if lang == "ko"
            else error == "a die costs 3 Millions; Ann has 2")
    context.close()
