"""Double Mission's reach on the phone (390 x 844), through the UI: Security Disruption
played from the card form with the app rolling (English and Korean), and a stale tap
repeating an action that another phone recorded asks before recording it again."""

from __future__ import annotations

import pytest

from tests.companion.http import call
from tests.companion.test_browser import PHONE, audit, browser, live, settled  # noqa: F401

TWO = [{"name": "Ann", "character": "jack", "side": "A"},
       {"name": "Bo", "character": "queen", "side": "A"}]


def new_game(server, *events):
    """A two-player game made and played through the API; its edit link and poster."""
    status, body = call(server.url + "/api/v1/games", "POST", {"players": TWO})
    assert status == 201
    version = [0]

    def post(event):
        s, state = call(f"{server.url}/api/v1/games/{body['id']}/events", "POST",
                        {"version": version[0], "event": event}, body["edit_token"])
        assert s == 200, state
        version[0] = state["version"]
        return state

    for event in events:
        post(event)
    return body["join_url"], post


@pytest.mark.parametrize("locale, legend", [("en-GB", "Security Disruption: the new dice"),
                                            ("ko-KR", "보안 교란: 새 주사위")])
def test_security_disruption_is_played_from_the_phone(browser, live, locale,  # noqa: F811
                                                       legend):
    link, _ = new_game(live, {"type": "operation", "player": 0, "city": "cusco",
                              "active_successes": 2})
    context = browser.new_context(**PHONE, locale=locale)
    page = context.new_page()
    page.set_default_timeout(8000)
    page.goto(link)
    page.click('.tabs [data-tab="cards"]')
    assert page.locator("#card-form legend").inner_text() == legend
    audit(page)
    page.select_option("#pc-player", "1")
    page.select_option("#pc-card", "security_disruption")
    page.click('#card-form button[name="roll"]')
    page.wait_for_selector('#game[data-version="2"]', state="attached")
    settled(page)
    assert page.locator("#error").count() == 0
    assert page.locator("#game .log li").count() >= 3  # the play, the void, the new outcome
    context.close()


def test_a_stale_repeated_tap_asks_before_recording_it_again(browser, live):  # noqa: F811
    link, post = new_game(live)
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.set_default_timeout(8000)
    page.route("**/live*", lambda route: route.abort())  # this phone has not polled yet
    page.goto(link)
    post({"type": "take_millions", "player": 0})  # another phone's tap
    page.click("#a-millions button")
    page.wait_for_selector("#repeat-form")
    assert "Already recorded on another phone: Ann takes 2 Millions." in page.inner_text(
        "#error")
    assert page.locator("#game .log li", has_text="Ann takes 2 Millions.").count() == 1
    audit(page)
    page.click("#repeat-form button")
    page.wait_for_selector('#game[data-version="2"]', state="attached")
    settled(page)
    assert page.locator("#game .log li", has_text="Ann takes 2 Millions.").count() == 2
    assert page.locator("#repeat-form").count() == 0
    context.close()
