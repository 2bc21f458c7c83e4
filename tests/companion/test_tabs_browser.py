"""Every game's tab bar shows one section at a time: the log or the invitation replaces the
table on the phone, as Double Mission's other tabs do (found playing Dice Mission and
Mission Improbable, where both were drawn far below the whole table)."""

from __future__ import annotations

import pytest

from tests.companion.http import call
from tests.companion.test_browser import PHONE, browser, live  # noqa: F401

GAMES = {
    "double-mission": [{"name": "Ann", "character": "jack", "side": "A"},
                       {"name": "Bo", "character": "queen", "side": "A"}],
    "dice-mission": [{"name": "Ann", "colour": "red"}, {"name": "Bo", "colour": "blue"}],
    "mission-improbable": [{"name": "MI6", "alignment": "good", "nemesis": 1},
                           {"name": "SPECTRE", "alignment": "bad", "nemesis": 0}],
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_log_and_invite_tabs_replace_the_table(browser, live, game):  # noqa: F811
    status, body = call(live.url + "/api/v1/games", "POST",
                        {"game": game, "players": GAMES[game]})
    assert status == 201, body
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(body["join_url"])
    turn, log, invite = page.locator("section.turn"), page.locator("#log-h"), page.locator(
        "#invite")
    assert turn.is_visible()
    page.click(".tabs >> text=Log")
    assert log.is_visible() and not turn.is_visible() and not invite.is_visible()
    page.click(".tabs >> text=Invite")
    assert invite.is_visible() and not turn.is_visible() and not log.is_visible()
    page.click(".tabs >> text=Table")
    assert turn.is_visible() and not log.is_visible()
    context.close()


def test_a_read_only_link_offers_no_tab_it_cannot_show(browser, live):  # noqa: F811
    """Double Mission's plan cards are played from an edit link: a read-only phone's bar
    has no Cards tab (it opened an empty screen), and the tabs it keeps still work."""
    status, body = call(live.url + "/api/v1/games", "POST",
                        {"players": GAMES["double-mission"]})
    assert status == 201, body
    context = browser.new_context(**PHONE)
    edit, view = context.new_page(), context.new_page()
    edit.goto(body["join_url"])
    view.goto(body["view_url"])
    assert edit.locator('.tabs [data-tab="cards"]').is_visible()
    assert not view.locator('.tabs [data-tab="cards"]').is_visible()
    view.click(".tabs >> text=Titles")
    assert view.locator("#titles-h").is_visible() and not view.locator("#log-h").is_visible()
    context.close()
