"""Issue 14's table: four phones (Chromium, 390 x 844) play a 4-player Double Mission game.

Every turn is tapped on its player's phone (the JSON API is only read, to choose the moves),
and the final scoring is entered on a phone too.
Asserted: the QR code decodes to the join link; "Your turn" shows only on its player's phone
(and the phone buzzes); a typical turn takes at most 6 taps with no scroll; an update from
another phone leaves a half-filled form, the scroll position, the focus and an open panel
alone; a refused tap shows its message inside the viewport; the tally names every mission with
its points; axe finds nothing in either colour scheme; no request leaves the origin."""

from __future__ import annotations

import shutil
import subprocess

from tests.companion.http import call
from tests.companion.test_browser import PHONE, audit, browser, live, settled  # noqa: F401
from tests.conftest import require

SEATS = [("Ann", "jack", "A"), ("Bo", "queen", "B"), ("Cy", "king", "A"), ("Dan", "joker", "A")]
HEIGHT = PHONE["viewport"]["height"]
BUZZ = ("window.__buzz = 0; Object.defineProperty(navigator, 'vibrate', "
        "{value: function () { window.__buzz += 1; return true; }});")


class Taps:
    """Taps on one phone, each on a control already in view (no scrolling allowed)."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def _in_view(self, selector: str) -> None:
        settled(self.page)
        box = self.page.locator(selector).bounding_box()
        bar = self.page.locator(".tabs").bounding_box()
        assert box is not None, f"{selector} is not shown"
        assert self.page.evaluate("window.scrollY") == 0, "the page scrolled"
        assert box["y"] >= 0 and box["y"] + box["height"] <= bar["y"], \
            f"{selector} is not in the first screen ({box})"

    def tap(self, selector: str) -> None:
        self._in_view(selector)
        self.page.click(selector)
        self.count += 1

    def pick(self, selector: str, value: str) -> None:
        """A native picker: one tap opens it, one tap chooses."""
        self._in_view(selector)
        self.page.select_option(selector, value)
        self.count += 2


def version(page) -> int:
    return int(page.locator("#game").get_attribute("data-version"))


def wait_version(page, at_least: int) -> None:
    page.wait_for_function(
        f"() => Number(document.getElementById('game').dataset.version) >= {at_least}",
        timeout=10000)
    settled(page)


def your_turn_only_on(phones: dict, name: str) -> None:
    for who, page in phones.items():
        page.wait_for_function(
            "(want) => document.body.classList.contains('my-turn') === want",
            arg=who == name, timeout=10000)
        assert page.locator(".your-turn").is_visible() == (who == name), who


def scan_qr(page, tmp_path) -> str:
    require(shutil.which("zbarimg") is not None, "zbar-tools is not installed (zbarimg)")
    img = page.locator("#invite img")
    assert page.evaluate("() => document.querySelector('#invite img').naturalWidth") > 0
    shot = tmp_path / "qr.png"
    img.screenshot(path=str(shot))
    out = subprocess.run(["zbarimg", "-q", "--raw", str(shot)], capture_output=True,
                         text=True, timeout=30)
    return out.stdout.strip()


class Api:
    """One game through the JSON API, keeping its latest state."""

    def __init__(self, server, gid: str, token: str):
        self.url, self.token = f"{server.url}/api/v1/games/{gid}", token
        status, self.state = call(self.url, "GET", None, token)
        assert status == 200

    def post(self, event: dict) -> bool:
        seat = self.state["turn"]["player"]
        s, body = call(self.url + "/events", "POST", {"version": self.state["version"],
                       "event": {"player": seat, **event}}, self.token)
        if s == 200:
            self.state = body
        return s == 200

    def refresh(self) -> None:
        status, self.state = call(self.url, "GET", None, self.token)
        assert status == 200


def tap_and_wait(page, selector: str) -> None:
    """Tap and wait until the game moved on (every tap here is one the rules allow)."""
    before = version(page)
    page.click(selector)
    wait_version(page, before + 1)


def play_to_the_end(api: Api, by_seat: list) -> int:
    """Each turn on its player's phone: buy dice while Millions allow, take Millions with the
    actions, rob the easiest city the dice reach (real dice entered), end the turn."""
    turns = 0
    while api.state["status"] != "finished":
        assert turns < 200, "the game did not finish"
        seat = api.state["turn"]["player"]
        page = by_seat[seat]
        wait_version(page, api.state["version"])
        me = api.state["players"][seat]
        for _ in range(min((me["millions"] - 2) // 3, 6 - me["dice"])):
            tap_and_wait(page, "#a-die button")  # keep 2 M back: the next turn's Millions
        for _ in range(api.state["turn"]["actions_left"]):
            tap_and_wait(page, "#a-millions button")
        api.refresh()
        ops = sorted((o for o in api.state["table"]["operations"] if o["can"]),
                     key=lambda o: o["dice"])
        if ops and not api.state["turn"]["operation_done"]:
            if page.locator(".by-hand").get_attribute("open") is None:
                page.click(".by-hand summary")
            page.select_option("#op-city", ops[0]["city"])
            page.fill("#op-a", str(ops[0]["dice"]))
            tap_and_wait(page, "#op-form button:not([name=roll])")
        tap_and_wait(page, "#end-turn button")
        api.refresh()
        turns += 1
    return turns


def test_four_phones_play_a_whole_game(browser, live, tmp_path):  # noqa: F811
    contexts, phones, requests = [], {}, []
    for i, (name, _, _) in enumerate(SEATS):
        ctx = browser.new_context(**PHONE, color_scheme="dark" if i % 2 else "light",
                                  has_touch=True)
        ctx.add_init_script(BUZZ)
        ctx.on("request", lambda r: requests.append(r.url))
        contexts.append(ctx)
        phones[name] = ctx.new_page()
    ann, bo, cy, dan = phones.values()

    # the host starts the game; the invite comes first, and its QR code is the join link
    ann.goto(live.url + "/")
    audit(ann)
    ergonomic(ann)
    for i, (name, ch, side) in enumerate(SEATS):
        ann.fill(f"#name{i}", name)
        ann.select_option(f"#character{i}", ch)
        ann.select_option(f"#side{i}", side)
    ann.click("text=Start the game")
    ann.wait_for_selector("#game")
    link = ann.locator("#join-link").get_attribute("href")
    assert scan_qr(ann, tmp_path) == link == ann.url
    audit(ann)
    ergonomic(ann)

    # everyone joins and says who they are
    bo.goto(live.url + "/")
    audit(bo)  # the home page in the dark scheme too
    for name, page in phones.items():
        if page is not ann:
            page.goto(link)
        page.wait_for_selector("#game")
        assert page.locator("#me").is_visible()
        page.select_option("#me", str([s[0] for s in SEATS].index(name)))
    your_turn_only_on(phones, "Ann")
    gid = ann.locator("#game").get_attribute("data-game")
    token = link.rsplit("/", 1)[1]

    # Ann's turn, on Ann's phone
    ann.locator("#invite summary").click()  # the host folds the invite away
    ann.click("#a-millions button")
    wait_version(ann, 1)
    ann.click("#a-millions button")
    wait_version(ann, 2)
    ann.click("#end-turn button")
    wait_version(ann, 3)
    your_turn_only_on(phones, "Bo")
    assert bo.evaluate("window.__buzz") >= 1 and cy.evaluate("window.__buzz") == 0

    # Dan half-fills an operation form for Bo, scrolled a little, focus in a field
    dan.click(".by-hand summary")
    city = dan.locator("#op-city option:not([value=''])").first.get_attribute("value")
    dan.select_option("#op-city", city)
    dan.fill("#op-a", "1")
    dan.evaluate("window.scrollTo(0, 120)")
    scroll = dan.evaluate("window.scrollY")
    dan.focus("#op-a")
    v = version(dan)

    # Bo's typical turn on Bo's phone: two actions, an operation, end turn
    taps = Taps(bo)
    wait_version(bo, 3)
    taps.tap("#a-millions button")
    wait_version(bo, 4)

    # Dan's phone followed the change without losing what it was doing
    wait_version(dan, v + 1)
    assert dan.evaluate("window.scrollY") == scroll > 0
    assert dan.evaluate("document.activeElement.id") == "op-a"
    assert dan.input_value("#op-a") == "1" and dan.input_value("#op-city") == city
    assert dan.locator(".by-hand").get_attribute("open") is not None
    assert "1 action left" in dan.locator(".status").inner_text()

    taps.tap("#a-move button")
    wait_version(bo, 5)
    easy = bo.locator("#op-city option:not([value='']):not(:text('too few dice'))").first
    taps.pick("#op-city", easy.get_attribute("value"))
    taps.tap("#op-form button[name=roll]")
    wait_version(bo, 6)
    assert bo.locator("#rolled").is_visible() and "successes" in bo.locator("#rolled").inner_text()
    refused_on_cy(cy)  # (its actions are used: Cy's tap for Bo is refused, in view)
    taps.tap("#end-turn button")
    wait_version(bo, 7)
    assert taps.count <= 6

    your_turn_only_on(phones, "Cy")
    audit(dan)
    audit(cy)
    ergonomic(dan)
    for tab in ("Cards", "Titles", "Cities", "Odds", "Invite", "Table"):
        cy.click(f".tabs >> text={tab}")
        ergonomic(cy)

    # Cy's phone switches to Korean: no English UI string left, still Cy's turn on it
    cy.click(".top .lang")
    cy.wait_for_selector("html[lang=ko] #game")
    korean_only(cy)
    assert cy.locator(".your-turn").is_visible()
    audit(cy)

    # the rest of the game, each turn on its player's phone; every phone follows
    assert play_to_the_end(Api(live, gid, token), [ann, bo, cy, dan]) > 12
    for page in phones.values():
        page.wait_for_selector("#score-form", timeout=10000)
    audit(ann)
    audit(dan)
    picks = {"#m0": "collection", "#m1": "sabotage", "#m1b": "broker", "#m2": "gamble",
             "#m3": "comeback"}
    for sel, mission in picks.items():
        dan.select_option(sel, mission)
    dan.fill("#gm2", "3")
    dan.click("text=Reveal the tally")
    dan.wait_for_selector(".tally .result")
    ann.wait_for_selector(".tally .result", timeout=10000)
    from missionkit.content import load_game

    game = load_game("double-mission")
    for page in (dan, ann):
        rows = page.locator(".tally .mission").all_inner_texts()
        for mission in picks.values():
            name = game.mission_by_id[mission].name.en
            assert any(name in r and r.split("\t")[-1].strip().lstrip("-").isdigit()
                       for r in rows), (name, rows)
        bo_card = page.locator(".tally .result", has_text="Bo").first
        assert bo_card.locator(".mission").count() == 2  # Queen B's two, listed apart
    assert dan.locator("#history .people li").count() == 4  # this browser's finished games
    assert dan.locator("#history .plays li").count() == 1  # the last plays
    assert "played 1, won " in dan.locator("#history").inner_text()
    assert dan.locator(".tally a[href^='https://app.bgstatsapp.com/createPlay.html?data=']"
                       "[target=_blank]").count() == 1
    audit(ann)
    audit(dan)
    ergonomic(dan)
    cy.wait_for_selector(".tally .result", timeout=10000)
    korean_only(cy)
    ann.click(".tabs >> text=Log")
    audit(ann)
    dan.click(".tabs >> text=Odds")
    audit(dan)

    assert all(u.startswith(live.url) for u in requests), \
        [u for u in requests if not u.startswith(live.url)]
    for ctx in contexts:
        ctx.close()


def ergonomic(page) -> None:
    """Every visible control is at least 44 x 44 px to tap; every visible text is >= 14 px."""
    small = page.evaluate("""() => {
        const seen = (e) => e.offsetParent !== null && !e.closest('.sr-only');
        const taps = [...document.querySelectorAll('button, a, select, summary, '
            + 'input:not([type=hidden]):not([type=checkbox]):not([type=radio])')]
            .filter(seen).filter((e) => { const r = e.getBoundingClientRect();
                return r.height < 44 || r.width < 44; })
            .map((e) => 'tap: ' + (e.id || e.textContent.trim().slice(0, 30)));
        const texts = [...document.querySelectorAll('body *')].filter(seen)
            .filter((e) => [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
            .filter((e) => parseFloat(getComputedStyle(e).fontSize) < 14)
            .map((e) => 'text: ' + e.textContent.trim().slice(0, 30));
        return taps.concat(texts); }""")
    assert small == []


def korean_only(page) -> None:
    """The page as read shows Korean and none of the catalogue's English strings (the log
    and the tally's notes, also read out by #announce, are the engines' English text: a
    known gap)."""
    from tests.companion.test_i18n import english_in

    text = page.evaluate("""() => {
        const copy = document.body.cloneNode(true);
        copy.querySelectorAll('.log, .notes, #announce, [hidden]').forEach((e) => e.remove());
        document.body.append(copy); copy.style.position = 'absolute';
        const t = copy.innerText; copy.remove(); return t; }""")
    assert "내 턴" in text or "최종 결과" in text
    assert english_in(text) == []


def refused_on_cy(cy) -> None:
    """Cy taps Move for Bo after Bo's actions are used: refused, the reason in view."""
    cy.wait_for_function("() => Number(document.getElementById('game').dataset.version) >= 6",
                         timeout=10000)
    settled(cy)
    cy.click("#a-move button")
    alert = cy.wait_for_selector("#error")
    assert "no actions left" in alert.inner_text()
    box = alert.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= HEIGHT
