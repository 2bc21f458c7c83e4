"""A typical Double Mission turn on the active player's phone (390 x 844), mid-game: at
every step the next control is on screen without scrolling (inside the viewport, above the
bottom tab bar), and the turn takes at most 6 taps (issue 26, item 18)."""

from __future__ import annotations

import pytest

from tests.companion.http import call
from tests.companion.test_browser import PHONE, audit, browser, live, settled  # noqa: F401

SEATS = [("Ann", "jack"), ("Bo", "queen"), ("Cy", "king"), ("Di", "joker")]
MOST_TAPS = 6


HOLD_TWO = {"cultural_asset": "archaeologist", "jewel": "star_picker",
            "gold_bar": "gold_runner", "top_secret": "spy", "painting": "painting_collector",
            "artifact": "artist"}  # the six "hold 2 of a type" titles, all laid out


def mid_game(server) -> str:
    """Four players, two rounds played through the API: every player bought a third die
    and robbed a city each round, a treasure of a type they hold when they can (Di's second
    try sounds the alarm); Bo and Cy claim the title of a pair when they make one. Ann
    holds treasures to sell (and maybe a title to claim): the roster carries loot, titles
    and evidence. Returns Ann's (edit) link, on her third turn."""
    status, body = call(server.url + "/api/v1/games", "POST", {"players": [
        {"name": n, "character": c, "side": "A"} for n, c in SEATS],
        "titles": list(HOLD_TWO.values())})
    assert status == 201, body
    gid, token, state = body["id"], body["edit_token"], body["state"]

    def post(event):
        nonlocal state
        s, state = call(f"{server.url}/api/v1/games/{gid}/events", "POST",
                        {"version": state["version"], "event": event}, token)
        assert s == 200, state
        return state

    for rnd in range(2):
        for seat in range(4):
            post({"type": "take_millions", "player": seat})
            if rnd == 0:
                post({"type": "take_millions", "player": seat})
                post({"type": "buy_die", "player": seat})
            held = state["players"][seat]["treasures"]
            row = max((r for r in state["table"]["operations"] if r["can"]),
                      key=lambda r: (held[r["treasure"]], r["dice"]))
            hit = not (rnd == 1 and seat == 3)
            post({"type": "operation", "player": seat, "city": row["city"],
                  "active_successes": row["dice"] if hit else 0})
            pairs = [t for t, n in state["players"][seat]["treasures"].items() if n >= 2]
            if seat in (1, 2) and pairs and HOLD_TWO[pairs[0]] in state["titles_on_offer"]:
                post({"type": "claim_title", "player": seat, "title": HOLD_TWO[pairs[0]]})
            post({"type": "end_turn", "player": seat})
    assert state["turn"]["player"] == 0 and any(state["players"][0]["treasures"].values())
    return body["join_url"]


class Phone:
    """Taps as a thumb makes them: only on a control already on screen (no scrolling in
    between), counted; a native select is two taps (open it, pick)."""

    def __init__(self, page):
        self.page, self.taps, self.heights, self.lowest, self.bar = page, 0, [], 0.0, 0.0

    def on_screen(self, selector: str) -> dict:
        el = self.page.locator(selector).first
        el.wait_for(state="visible")
        box = el.bounding_box()
        view = self.page.evaluate("""() => {
            const bar = document.querySelector('.tabs');
            const shown = bar && !bar.hidden && getComputedStyle(bar).display !== 'none';
            return {h: innerHeight, bar: shown ? bar.getBoundingClientRect().top : innerHeight,
                    page: document.documentElement.scrollHeight};
        }""")
        self.heights.append(view["page"])
        self.lowest = max(self.lowest, box["y"] + box["height"])
        self.bar = view["bar"]
        assert box["y"] >= 0 and box["y"] + box["height"] <= view["bar"], (
            f"{selector} is not on screen without scrolling: y {box['y']:.0f}-"
            f"{box['y'] + box['height']:.0f}, tab bar at {view['bar']:.0f} "
            f"(page {view['page']} px, scrolled {self.page.evaluate('scrollY')})")
        return box

    def tap(self, selector: str) -> None:
        box = self.on_screen(selector)
        version = self.page.get_attribute("#game", "data-version")
        self.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        self.taps += 1
        self.page.wait_for_function(
            "v => document.querySelector('#game').dataset.version !== v"
            " || !!document.querySelector('#error')", arg=version)
        error = self.page.locator("#error")
        assert error.count() == 0, f"{selector}: {error.inner_text()}"
        settled(self.page)

    def pick(self, selector: str, value: str) -> None:
        self.on_screen(selector)
        self.page.select_option(selector, value)
        self.taps += 2


@pytest.mark.parametrize("locale, dice", [("en-GB", "typed"), ("ko-KR", "app")])
def test_a_typical_turn_keeps_the_next_control_on_screen_in_six_taps(
        browser, live, locale, dice):  # noqa: F811
    """Two actions, an operation (the successes of real dice in one tap, or "Roll for us"),
    end of turn; in English and in Korean (longer words, wrapped lines)."""
    link = mid_game(live)
    context = browser.new_context(**PHONE, locale=locale)
    page = context.new_page()
    page.set_default_timeout(8000)
    page.goto(link)
    page.wait_for_selector("#game")
    page.select_option("#me", "0")  # this phone is Ann's (set once, not part of the turn)
    page.wait_for_selector("body.my-turn")
    audit(page)
    phone = Phone(page)
    phone.tap("#a-millions button")
    phone.tap("#a-move button")
    city, need = page.evaluate("""() => {
        const o = [...document.querySelectorAll('#op-city option')].find(
            o => o.value && !o.textContent.includes('too few')
                 && !o.textContent.includes('주사위 부족'));
        return [o.value, o.textContent.match(/(\\d+) ?(dic?e|개)/)[1]];
    }""")
    phone.pick("#op-city", city)
    if dice == "typed":
        phone.tap(f'#op-form button[name="active_successes"][value="{need}"]')
        assert page.locator("#game .log >> text=Ann robs").count() >= 1
    else:
        phone.tap('#op-form button[name="roll"]')
        assert page.locator("#rolled").count() == 1  # the app's dice are shown
    phone.tap("#end-turn button")
    assert page.locator("body.my-turn").count() == 0  # Bo's turn now
    print(f"\nDouble Mission typical turn ({locale}, {dice} dice): {phone.taps} taps; page "
          f"{min(phone.heights)}-{max(phone.heights)} px tall, lowest control ends at "
          f"{phone.lowest:.0f} px (tab bar at {phone.bar:.0f})")
    assert phone.taps <= MOST_TAPS
    context.close()
