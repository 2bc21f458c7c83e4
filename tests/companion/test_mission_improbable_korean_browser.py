"""Mission Improbable's table in Korean on a phone (Chromium, 390 x 844, light and dark): the
Korean labels, chips and the resolver's odds fit the screen (nothing clipped, no sideways
scrolling) and axe finds nothing. docs/screens/mission-improbable-*-ko-*.png show it."""

from __future__ import annotations

import pytest

from tests.companion.test_browser import PHONE, audit, browser, live, settled  # noqa: F401
from tests.companion.test_mission_improbable_browser import mi6_and_spectre, pick, walk_to

EVENTS = [("recruit", 0, {"agent": "mr_white_the_albino"}),
          ("attach", 0, {"agent": "mr_white_the_albino", "asset": "silencer"}),
          ("play_mission", 0, {"mission": "rescue_kidnapping"}), ("end_turn", 0, {}),
          ("recruit", 1, {"agent": "vlad_the_impaler"}),
          ("play_mission", 1, {"mission": "bodyguard_assassination"}),
          ("counter", 1, {"mission": "rescue_kidnapping", "count": 2}), ("end_turn", 1, {})]
# Visible elements whose content is wider than their box (clipped or cut off); the
# screen-reader-only ones are clipped on purpose.
CLIPPED = """() => [...document.querySelectorAll('#game *')].filter(e => e.offsetParent
  && !e.closest('.sr-only') && (e.getBoundingClientRect().right > innerWidth + 1
  || (getComputedStyle(e).overflowX !== 'visible' && e.scrollWidth > e.clientWidth + 1)))
  .map(e => e.tagName + ': ' + e.textContent.trim().slice(0, 40))"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_korean_table_fits_a_phone(browser, live, scheme):  # noqa: F811
    context = browser.new_context(**PHONE, color_scheme=scheme, locale="ko-KR",
                                  extra_http_headers={"Accept-Language": "ko-KR,ko;q=0.9"})
    page = context.new_page()
    page.goto(mi6_and_spectre(live, EVENTS))
    page.wait_for_selector("text=MI6의 턴")
    assert page.locator(".turn .mi-phases [aria-current=step]").inner_text() == "지원"
    assert page.evaluate(CLIPPED) == []
    audit(page)
    walk_to(page, "#mi-card")  # the Mission phase, a tap on "다음" at a time
    pick(page, "#mi-card", "ninjas")
    page.wait_for_selector("#mi-resolver .mi-odds")
    settled(page)
    assert "79%" in page.locator("#mi-resolver .mi-chance").inner_text()  # 전투 3+2 vs 2
    assert page.evaluate(CLIPPED) == []
    audit(page)
    context.close()
