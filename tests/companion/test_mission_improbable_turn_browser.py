"""A typical Mission Improbable turn on the active player's phone (390 x 844), mid-game: at
every step the next control is on screen without scrolling (inside the viewport, above the
bottom tab bar), a turn with one mission attempt takes at most 12 taps, and no console
error (the CSP included) shows on the way (issue 26, items 17 and 18).

The app rolls every die, so the path varies (a failed check owes the Mission Failure roll,
a capture owes a Capture roll, a Spy 10 discards SPECTRE's mission and skips Counter): the
phone taps whatever control the turn shows next, and every path stays within the count."""

from __future__ import annotations

import pytest

from tests.companion.test_browser import PHONE, audit, browser, live, settled  # noqa: F401
from tests.companion.test_dm_turn_browser import Phone
from tests.companion.test_mission_improbable_browser import SETUP, mi6_and_spectre

MOST_TAPS = 12
# the turn's controls, the first found on the page being the one to tap next
NEXT = ("#mi-failure button[name=roll]", "#mi-spy button[name=roll]",
        ".mi-capture button[name=roll]", "#mi-roll-both", "#mi-next button",
        "#mi-end-turn button")


def watch(page) -> list[str]:
    """Console errors and CSP violations, as they happen."""
    seen: list[str] = []
    page.on("console", lambda m: seen.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: seen.append(str(e)))
    page.add_init_script("""document.addEventListener('securitypolicyviolation', e =>
        console.error('CSP: ' + e.violatedDirective + ' ' + e.blockedURI));""")
    return seen


@pytest.mark.parametrize("locale", ["en-GB", "ko-KR"])
def test_a_typical_turn_keeps_the_next_control_on_screen_in_twelve_taps(
        browser, live, locale):  # noqa: F811
    link = mi6_and_spectre(live, SETUP, mp_target=10)
    context = browser.new_context(**PHONE, locale=locale)
    page = context.new_page()
    page.set_default_timeout(8000)
    errors = watch(page)
    page.goto(link)
    page.wait_for_selector("#game")
    page.select_option("#me", "0")  # this phone is MI6's (set once, not part of the turn)
    page.wait_for_selector("body.my-turn")
    audit(page)
    phone, path = Phone(page), []
    # the resolver's die selects refresh the odds (the GET fragment that tripped the CSP)
    page.select_option("#mi-d0a", "3") if page.locator("#mi-d0a").count() else None
    while page.locator("body.my-turn").count():
        settled(page)
        control = next(s for s in NEXT if page.locator(s).count())
        path.append(control.split()[0])
        if control == "#mi-roll-both":
            for die in ("#mi-d0a", "#mi-d0b"):  # typed dice refresh the panel, then the app rolls
                page.select_option(die, "5")
                page.wait_for_timeout(50)
                settled(page)
            assert page.locator("#mi-resolver .mi-chance").count() == 1
        phone.tap(control)
        if control in NEXT[:4]:
            assert page.locator("#mi-rolled").count() == 1, "the app's dice are not shown"
        assert phone.taps <= MOST_TAPS + 2, path  # a runaway loop stops here
    assert "#mi-roll-both" in path or "#mi-spy" in path
    print(f"\nMission Improbable typical turn ({locale}): {phone.taps} taps {path}; page "
          f"{min(phone.heights)}-{max(phone.heights)} px tall, lowest control ends at "
          f"{phone.lowest:.0f} px (tab bar at {phone.bar:.0f})")
    assert phone.taps <= MOST_TAPS
    assert errors == [], errors
    context.close()
