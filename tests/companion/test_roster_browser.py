"""The players' table keeps its column headings whole on a small phone (320 px), in English
and Korean: "Pts", "Dice" and "Treasures" broke in the middle of the word ("Pt/s")."""

from __future__ import annotations

import pytest

from tests.companion.http import call
from tests.companion.test_browser import browser, live  # noqa: F401

FOUR = [{"name": "Annabelle-Marie", "character": "jack", "side": "A"},
        {"name": "Bo", "character": "queen", "side": "A"},
        {"name": "Cy", "character": "king", "side": "B"},
        {"name": "Dan", "character": "joker", "side": "A"}]
LINES = """() => [...document.querySelectorAll('.roster thead th')].map(th => {
  const r = document.createRange(); r.selectNodeContents(th);
  return [th.textContent, r.getClientRects().length]; })"""


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_roster_headings_stay_whole_at_320_px(browser, live, lang):  # noqa: F811
    status, body = call(live.url + "/api/v1/games", "POST", {"players": FOUR})
    assert status == 201, body
    context = browser.new_context(viewport={"width": 320, "height": 700}, locale=lang,
                                  extra_http_headers={"Accept-Language": lang})
    page = context.new_page()
    page.goto(body["join_url"])
    headings = page.evaluate(LINES)
    assert len(headings) == 5 and all(lines == 1 for _, lines in headings), headings
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    context.close()
