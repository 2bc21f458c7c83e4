"""After the game on a phone (Chromium, 390 x 844): each game's result screen offers BG Stats
in a new tab and the CSV, and this browser's history holds every game played, in English
and Korean. With MISSION_KIT_SCREENS=DIR the result screens are saved there as PNGs."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.companion import endings
from tests.companion.http import call
from tests.companion.test_browser import PHONE, audit, browser, live  # noqa: F401

GAMES = [("double-mission", endings.double_mission, "Double Mission", "더블 미션"),
         ("dice-mission", endings.dice_mission, "Dice Mission", "다이스 미션"),
         ("mission-improbable", endings.mission_improbable, "Mission Improbable",
          "미션 임프로버블")]


@pytest.fixture(scope="module")
def played(live):  # noqa: F811
    """Every game played to its end on the live server: (game, edit link) pairs."""
    api = lambda path, body, token=None: call(live.url + path, "POST", body, token)  # noqa: E731
    return [(game, make(api)["join_url"]) for game, make, _, _ in GAMES]


def shoot(page, name: str) -> None:
    """The phone's screen from the result's top, and the whole result (for a look)."""
    folder = os.environ.get("MISSION_KIT_SCREENS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.evaluate("document.querySelector('.tally').scrollIntoView()")
        page.screenshot(path=str(Path(folder) / f"{name}.png"))
        page.screenshot(path=str(Path(folder) / f"{name}-full.png"), full_page=True)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_every_games_result_offers_bg_stats_the_csv_and_the_history(browser, live, played,  # noqa: F811
                                                                    lang):
    context = browser.new_context(**PHONE, locale="ko-KR" if lang == "ko" else "en-US")
    page = context.new_page()
    for n, (game, link) in enumerate(played, start=1):
        page.goto(link)
        page.wait_for_selector(".tally .result")
        bg = page.locator(".after a[href^='https://app.bgstatsapp.com/createPlay.html?data=']")
        assert bg.count() == 1 and bg.get_attribute("target") == "_blank"
        assert "noopener" in bg.get_attribute("rel")
        csv_link = page.locator(".after a[download]")
        assert csv_link.get_attribute("href").endswith("/result.csv")
        with page.expect_download() as got:
            csv_link.click()
        assert got.value.suggested_filename.startswith(game)
        page.wait_for_selector("#history .plays li")
        assert page.locator("#history .plays li").count() == n  # every game so far
        shoot(page, f"result-{game}-{lang}")
        audit(page)
    history = page.locator("#history").inner_text()
    for _, _, en, ko in GAMES:
        assert (ko if lang == "ko" else en) in history
    for name in ("Ann", "Cecile", "MI6"):
        assert name in history
    assert ("게임 중" if lang == "ko" else "played 1, won ") in history
    context.close()


def test_the_history_shows_names_as_typed(browser, live):  # noqa: F811
    """A player called "$&" (String.replace's own pattern) is listed as typed."""
    api = lambda path, body, token=None: call(live.url + path, "POST", body, token)  # noqa: E731
    link = endings.double_mission(api, names=("$&", "Bo$1"))["join_url"]
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(link)
    page.wait_for_selector("#history .people li")
    people = page.locator("#history .people").inner_text()
    assert "$&: played 1" in people and "Bo$1: played 1" in people
    assert "$&" in page.locator("#history .plays").inner_text()
    context.close()
