"""Two phones in headless Chromium (390 x 844): create, join, play, undo, finish; axe-clean."""

from __future__ import annotations

import os
import shutil

import pytest

from tests.companion.conftest import Server
from tests.companion.http import call
from tests.conftest import require

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 1}
KB = 1024


@pytest.fixture(scope="module")
def browser():
    require(os.path.exists(CHROMIUM) or shutil.which("chromium") is not None,
            "Debian's chromium is not installed (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        require(False, "playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    srv = Server(tmp_path_factory.mktemp("browser") / "b.db").start()
    yield srv
    srv.kill()


def audit(page) -> None:
    """No axe violations, no sideways scrolling at 390 px."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways ({width} px wide)"


BUSY = ("() => !!document.querySelector('.htmx-request, .htmx-added, .htmx-settling, "
        ".htmx-swapping')")


def settled(page) -> None:
    """No request in flight and no swap under way: the controls on screen are the fresh ones.
    Up to 15 s: a loaded CI machine answers the sync polls of several phones slowly."""
    for _ in range(300):
        if not page.evaluate(BUSY):
            return
        page.wait_for_timeout(50)
    raise AssertionError("the page never settled after a swap")


def load_weight(context, url: str, base: str) -> tuple[int, list[str]]:
    """Bytes of every response a fresh load of `url` needs, and every script's URL."""
    page = context.new_page()
    sizes, scripts = [], []
    page.on("response", lambda r: sizes.append(len(r.body())) if r.status == 200 else None)
    page.on("request", lambda r: scripts.append(r.url) if r.resource_type == "script" else None)
    page.goto(url, wait_until="networkidle")
    page.close()
    assert all(s.startswith(base) for s in scripts), scripts
    return sum(sizes), scripts


def test_home_page_is_light_accessible_and_local(browser, live):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(live.url + "/")
    audit(page)
    weight, scripts = load_weight(context, live.url + "/", live.url)
    assert weight < 120 * KB and len(scripts) == 3  # htmx, its morph extension, app.js
    context.close()


def test_two_phones_play_and_see_each_other(browser, live):
    a = browser.new_context(**PHONE)
    phone_a = a.new_page()
    phone_a.goto(live.url + "/")
    phone_a.fill("#name0", "Ann")
    phone_a.fill("#name1", "Bo")
    phone_a.select_option("#character1", "queen")
    phone_a.click("text=Start the game")
    phone_a.wait_for_selector("#game")
    audit(phone_a)
    link = phone_a.url
    weight, _ = load_weight(a, link, live.url)
    assert weight < 120 * KB

    b = browser.new_context(**PHONE)
    phone_b = b.new_page()
    phone_b.goto(link)  # joining = opening the shared link (the QR code encodes it)
    phone_b.wait_for_selector("text=Ann’s turn")

    level2 = phone_a.locator("#op-city option", has_text="· 2 dice ·").first
    phone_a.select_option("#op-city", level2.get_attribute("value"))
    phone_a.click("text=Enter real dice")
    phone_a.fill("#op-a", "2")
    phone_a.click("#op-form button:text-is('Record')")
    phone_a.wait_for_selector("#sell-form")
    phone_a.click("button:has-text('Sell')")
    phone_a.wait_for_selector("#game .log >> text=Ann sells", state="attached")
    phone_b.wait_for_selector("#game .log >> text=Ann sells", state="attached",
                              timeout=8000)  # by polling
    ann_score = int(phone_b.locator(".roster tbody tr").first.locator("td.num").first
                    .inner_text())
    assert ann_score >= 2 + 5  # 2 dice of successes, then a sale at 7

    phone_b.click(".tabs >> text=Log")
    phone_b.click("text=Undo the last entry")
    phone_b.wait_for_selector("#game .log >> text=Ann sells", state="detached")
    phone_b.click(".tabs >> text=Table")
    phone_b.wait_for_selector("#sell-form")
    phone_a.wait_for_selector("#sell-form", timeout=8000)
    assert phone_a.locator("#game .log >> text=Ann sells").count() == 0
    audit(phone_b)
    a.close()
    b.close()


def finish_through(api) -> str:
    """A 2-player game played to its end through the API (`api(path, body, token)` returns
    status and JSON); returns the edit link."""
    status, body = api("/api/v1/games", {"players": [
        {"name": "Ann", "character": "jack", "side": "A"},
        {"name": "Bo", "character": "queen", "side": "A"}]})
    assert status == 201
    gid, token, version = body["id"], body["edit_token"], 0
    state = body["state"]

    def post(event):
        nonlocal version, state
        s, state = api(f"/api/v1/games/{gid}/events", {"version": version, "event": event},
                       token)
        assert s == 200, state
        version = state["version"]
        return state

    from tests.companion.endings import rob_every_cheap_city

    rob_every_cheap_city(post)
    assert state["status"] == "finished"
    return body["join_url"]


def finished_game(live) -> str:
    return finish_through(lambda path, body, token=None: call(live.url + path, "POST", body,
                                                              token))


def test_finish_and_see_the_tally(browser, live):
    link = finished_game(live)
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(link)
    page.wait_for_selector("text=Final scoring")
    audit(page)
    page.select_option("#m0", "collection")
    page.select_option("#m1", "sabotage")
    page.click("text=Reveal the tally")
    page.wait_for_selector(".tally .result")
    assert page.locator(".tally .result").count() == 2
    assert "Winner" in page.locator(".winners").inner_text()
    audit(page)
    context.close()
