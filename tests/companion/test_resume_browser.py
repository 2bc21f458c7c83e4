"""From the box to the table (issue 23, item 4): a phone finds its games again on the home
page, the host's first screen is the table once play starts, and a new game opens on its
table. Headless Chromium at 390 x 844."""

from __future__ import annotations

from tests.companion.http import call
from tests.companion.test_browser import PHONE, browser, live, settled  # noqa: F401
from tests.companion.test_shell_browser import GAMES


def new_game(server, game: str = "double-mission") -> dict:
    status, body = call(server.url + "/api/v1/games", "POST", {"game": game,
                                                                "players": GAMES[game]})
    assert status == 201, body
    return body


def test_a_new_game_opens_on_its_table_whatever_tab_the_last_one_was_left_on(browser, live):  # noqa: F811
    """The tab was kept in one key for every game: Invite, chosen in one game, opened the
    next new game on its invitation instead of its table."""
    first, second = new_game(live), new_game(live)
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(first["join_url"])
    page.click(".tabs >> text=Invite")
    assert page.locator("#invite").is_visible()
    page.goto(second["join_url"])  # the same tab of the browser: the same sessionStorage
    assert page.evaluate("document.body.dataset.tab") == "table"
    assert page.locator("section.turn").is_visible()
    assert not page.locator("#invite").is_visible()
    page.goto(first["join_url"])  # the first game still opens where it was left
    assert page.evaluate("document.body.dataset.tab") == "invite"
    context.close()
