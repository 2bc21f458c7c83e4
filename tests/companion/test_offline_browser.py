"""Server down: a visible banner says the tap was not recorded; it goes when the server is back.
The static shell comes from the service worker's cache meanwhile."""

from __future__ import annotations

from tests.companion.conftest import Server
from tests.companion.http import call
from tests.companion.test_browser import PHONE, browser  # noqa: F401


def test_a_tap_with_the_server_down_shows_the_banner(browser, tmp_path):  # noqa: F811
    db = tmp_path / "offline.db"
    server = Server(db).start()
    try:
        status, body = call(server.url + "/api/v1/games", "POST", {"players": [
            {"name": "Ann", "character": "jack", "side": "A"},
            {"name": "Bo", "character": "queen", "side": "A"}]})
        assert status == 201
        context = browser.new_context(**PHONE)
        page = context.new_page()
        page.goto(body["join_url"])
        page.wait_for_selector("#game")
        assert page.locator("#offline").is_hidden()
        server.kill()
        page.click("#a-millions button")
        banner = page.wait_for_selector("#offline", state="visible", timeout=8000)
        assert "not recorded" in banner.inner_text()
        box = banner.bounding_box()
        assert box is not None and box["y"] < PHONE["viewport"]["height"]
        assert page.locator("#game").get_attribute("data-version") == "0"

        back = Server(db)
        back.port = server.port  # the same address, as after a restart
        back.start()
        try:
            page.wait_for_selector("#offline", state="hidden", timeout=8000)  # next poll
            page.click("#a-millions button")
            page.wait_for_function(
                "() => document.getElementById('game').dataset.version === '1'")
        finally:
            back.kill()
        context.close()
    finally:
        server.kill()
