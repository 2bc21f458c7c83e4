"""The table page's shell in every game, as found playing whole games on phones: the tab
bar shows one section at a time (Dice Mission's and Mission Improbable's log and invitation
were drawn far below the whole table), offers no tab the page cannot show, and "Your turn"
follows the turn."""

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


def test_your_turn_shows_on_the_mission_improbable_phone_whose_turn_it_is(browser, live):  # noqa: F811
    """Found playing: "Who am I?" was offered but no phone ever showed "Your turn"."""
    status, body = call(live.url + "/api/v1/games", "POST", {
        "game": "mission-improbable", "players": GAMES["mission-improbable"],
        "turn_order": [1, 0]})  # SPECTRE (seat 1) plays first
    assert status == 201, body
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(body["join_url"])
    for seat, mine in (("1", True), ("0", False)):
        page.select_option("#me", seat)
        page.wait_for_function("(want) => document.body.classList.contains('my-turn') === want",
                               arg=mine, timeout=5000)
        assert page.locator(".your-turn").is_visible() == mine
    context.close()
