"""From the box to the table (issue 23, item 4): a phone finds its games again on the home
page, the host's first screen is the table once play starts, and a new game opens on its
table. Headless Chromium at 390 x 844."""

from __future__ import annotations

import pytest

from tests.companion.finished import finished_export
from tests.companion.http import call
from tests.companion.test_browser import PHONE, audit, browser, live, settled  # noqa: F401
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
    page.click("form[action='/games'] button[type=submit]")  # "Start the game"
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


def your_games(page) -> list[dict]:
    """The home page's "Your games", as shown: name, state, players, link, read-only."""
    return page.evaluate("""() => [...document.querySelectorAll('#your-games .yg')].map((li) => ({
      name: li.querySelector('.yg-name').textContent,
      state: li.querySelector('.yg-state').textContent,
      players: li.querySelector('.yg-players').textContent,
      view: !li.querySelector('.yg-view').hidden,
      url: new URL(li.querySelector('a').href).pathname}))""")


def test_your_games_on_the_home_page_and_back_to_the_table(browser, live, game):  # noqa: F811
    """The home page lists the games this browser opened, newest first, with their players
    and state, each a link back; a live swap updates its entry (here: the game ends on
    another phone); one can be forgotten; another browser sees none of them."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(live.url + "/")
    assert not page.locator("#your-games").is_visible()  # nothing opened yet
    host_game(page, live, "double-mission")  # through the home page's form
    hosted = page.url
    first_tap(page, "double-mission")
    # a game one event from its end: the last end_turn comes from another phone
    export = finished_export(game)
    last = export["events"].pop()
    status, body = call(live.url + "/api/v1/games/import", "POST", export)
    assert status == 201, body
    ending = body
    page.goto(ending["join_url"])
    page.wait_for_selector("#game")
    status, state = call(f"{live.url}/api/v1/games/{ending['id']}/events", "POST",
                         {"version": len(export["events"]), "event": last},
                         ending["edit_token"])
    assert status == 200 and state["status"] == "finished", state
    page.wait_for_selector("text=Final scoring", timeout=8000)  # the poll's swap
    dice = new_game(live, "dice-mission")
    page.goto(dice["view_url"])  # a read-only link stays read-only
    page.wait_for_selector("#game")

    page.goto(live.url + "/")
    assert page.locator("#your-games").is_visible()
    path = lambda url: "/" + url.split("/", 3)[3]  # noqa: E731
    assert your_games(page) == [
        {"name": "Dice Mission", "state": "In progress", "players": "Ann, Bo", "view": True,
         "url": path(dice["view_url"])},
        {"name": "Double Mission", "state": "Finished", "players": "Jack, Joker",
         "view": False, "url": path(ending["join_url"])},
        {"name": "Double Mission", "state": "In progress", "players": "Ann, Bo",
         "view": False, "url": path(hosted)},
    ]
    audit(page)
    page.click("#your-games .yg >> nth=2 >> a")  # back to the hosted game, its edit link
    page.wait_for_selector("#game")
    assert page.url == hosted and page.locator("section.turn").is_visible()
    assert page.locator(".log li", has_text="Ann").count() >= 1  # the first tap is there

    page.goto(live.url + "/")  # the game just opened is the newest now
    assert [g["url"] for g in your_games(page)] == [path(hosted), path(dice["view_url"]),
                                                     path(ending["join_url"])]
    page.click("#your-games .yg >> nth=0 >> button.yg-forget")
    assert [g["url"] for g in your_games(page)] == [path(dice["view_url"]),
                                                     path(ending["join_url"])]
    page.reload()
    assert len(your_games(page)) == 2  # forgotten for good
    context.close()

    other = browser.new_context(**PHONE)  # another browser: none of these games
    page = other.new_page()
    page.goto(live.url + "/")
    assert not page.locator("#your-games").is_visible() and your_games(page) == []
    other.close()


def test_your_games_keeps_the_twenty_newest_and_only_links_to_games(browser, live):  # noqa: F811
    """The list is capped (oldest out first), and an entry whose link is not a game's
    (a hand-edited localStorage, say) is never drawn."""
    old = [{"id": f"old{n}", "url": f"/t/old{n}", "edit": True, "kind": "double-mission",
            "name": "Double Mission", "players": ["A", "B"], "finished": False, "seen": n}
           for n in range(1, 25)]
    old.append({**old[0], "id": "bad", "url": "javascript:alert(1)", "seen": 99})
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(live.url + "/")
    page.evaluate("(list) => localStorage.setItem('mk-games', JSON.stringify(list))", old)
    fresh = new_game(live)
    page.goto(fresh["join_url"])
    page.wait_for_selector("#game")
    page.goto(live.url + "/")
    urls = [g["url"] for g in your_games(page)]
    assert len(urls) == 20 and urls[0] == "/" + fresh["join_url"].split("/", 3)[3]
    assert urls[1:] == [f"/t/old{n}" for n in range(24, 5, -1)]
    context.close()
