"""From the box to the table (issue 23, item 4): a phone finds its games again on the home
page, the host's first screen is the table once play starts, and a new game opens on its
table. Headless Chromium at 390 x 844."""

from __future__ import annotations

import pytest

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


def host_game(page, live, game: str) -> None:  # noqa: F811
    """Start `game` on the home page's form, as the host does: the invite comes first."""
    page.goto(f"{live.url}/?game={game}")
    page.fill("#name0", GAMES[game][0]["name"])
    page.fill("#name1", GAMES[game][1]["name"])
    if game == "double-mission":
        page.select_option("#character1", "queen")
    page.click("text=Start the game")
    page.wait_for_selector("#game")


def first_tap(page, game: str) -> None:
    """Record the game's first event with the turn's first control."""
    if game == "dice-mission":
        page.select_option("#dm-count", "3")
        page.click("#dm-dice-form button[name=roll]")  # "Roll for me"
    else:  # Double Mission's first action, Mission Improbable's recruit
        page.click("section.turn button[type=submit] >> nth=0")


ON_SCREEN = """() => {
  const tabs = document.querySelector('.tabs').getBoundingClientRect().top;
  const box = (el) => el && el.getBoundingClientRect();
  const heading = box(document.querySelector('#game .status h1'));
  const next = [...document.querySelectorAll('section.turn button, section.turn select, '
    + 'section.turn input:not([type=hidden])')].find((el) => el.offsetParent !== null);
  const game = document.getElementById('game'), invite = document.getElementById('invite');
  return {heading: heading && heading.top >= 0 && heading.bottom <= tabs,
          next: !!next && box(next).top >= 0 && box(next).bottom <= tabs,
          invite_after: !!(game.compareDocumentPosition(invite) & Node.DOCUMENT_POSITION_FOLLOWING),
          invite_shown: invite.offsetParent !== null, scrolled: window.scrollY};
}"""


@pytest.mark.parametrize("who", ["host", "another phone"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_once_play_starts_the_hosts_first_screen_is_the_table(browser, live, game, who):  # noqa: F811
    """The host's invite came first and stayed above the table (which began some 1,300 px
    down) for the whole game, until a reload: the polling swaps only #game. Once the first
    event is recorded, from this phone or another, the invite is the Invite tab's panel and
    the first screen, unscrolled, shows whose turn it is and the turn's next control."""
    host = browser.new_context(**PHONE)
    page = host.new_page()
    host_game(page, live, game)
    assert page.locator("#invite").is_visible()  # before play: the invite comes first
    assert page.evaluate(ON_SCREEN)["heading"] is False
    if who == "host":
        first_tap(page, game)
    else:
        other = browser.new_context(**PHONE)
        phone = other.new_page()
        phone.goto(page.url)
        first_tap(phone, game)
        phone.wait_for_function("() => document.getElementById('game').dataset.version !== '0'")
        other.close()
    page.wait_for_function("() => document.getElementById('game').dataset.version !== '0'",
                           timeout=8000)
    settled(page)
    if who == "host":
        page.evaluate("window.scrollTo(0, 0)")  # the tap scrolled down to the control
    seen = page.evaluate(ON_SCREEN)
    assert seen == {"heading": True, "next": True, "invite_after": True,
                    "invite_shown": False, "scrolled": 0}, seen
    page.click(".tabs >> text=Invite")  # the invite is one tap away, as on every phone
    assert page.locator("#invite").is_visible()
    assert not page.locator("section.turn").is_visible()
    host.close()
