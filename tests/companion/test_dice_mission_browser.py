"""Dice Mission on phones (Chromium, 390 x 844): a whole 3-player game through the pages.

Three players need one card of each type (1 SOLO, 1 VERSUS, 1 TEAM, 1 SPECIAL) to win, so a
round whose dice meet one card of each type ends the game in its first debriefing turn.
The dice are tapped in by hand, as a table that rolls real dice does."""

from __future__ import annotations

import pytest

from tests.companion.http import call
from tests.companion.test_browser import PHONE, audit, browser, live, settled  # noqa: F401

DICE = {"Ann": [6, 6, 6, 6, 6], "Bo": [1, 2, 3, 4, 5], "Cy": [2, 2, 3, 3, 1]}
DISPLAY = ["special_02", "special_04", "special_09"]


def _met_cards(server, table: list[list[int]]) -> dict[str, str]:
    """One open card of each type that Ann's dice meet now, found through the check API."""
    from missionkit.content import load_game

    found: dict[str, str] = {}
    for m in load_game("dice-mission").missions:
        if m.type in found or (m.type == "special" and m.id not in DISPLAY):
            continue
        status, body = call(server.url + "/api/v1/dice-mission/check", "POST",
                            {"card": m.id, "player": 0, "dice": table})
        assert status == 200, body
        if body["met"]:
            found[m.type] = m.id
    assert set(found) == {"solo", "versus", "team", "special"}, found
    return found


def _tap_dice(page, faces: list[int]) -> None:
    page.fill("#dm-faces", " ".join(map(str, faces)))  # typed, as a table rolling real dice
    page.click("text=Record my dice")
    page.wait_for_selector("text=roll again or stop")  # recorded before the next tap


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_new_game_form_offers_dice_mission(browser, live, scheme):  # noqa: F811
    context = browser.new_context(**PHONE, color_scheme=scheme)
    page = context.new_page()
    page.goto(live.url + "/")
    page.click("text=Dice Mission")
    page.fill("#name0", "Ann")
    page.fill("#name1", "Bo")
    page.select_option("#colour1", "blue")
    audit(page)
    page.click("text=Start the game")
    page.wait_for_selector("text=Ann’s rolling turn")
    audit(page)
    context.close()


def test_three_phones_play_a_whole_game(browser, live):  # noqa: F811
    status, body = call(live.url + "/api/v1/games", "POST", {
        "game": "dice-mission", "display": DISPLAY,
        "players": [{"name": "Ann", "colour": "red"}, {"name": "Bo", "colour": "blue"},
                    {"name": "Cy", "colour": "green"}]})
    assert status == 201, body
    link = body["join_url"]
    phones = []
    for scheme in ("light", "dark", "light"):
        context = browser.new_context(**PHONE, color_scheme=scheme)
        page = context.new_page()
        page.goto(link)
        phones.append((context, page))
    ann, bo, cy = (p for _, p in phones)
    ann.wait_for_selector("text=Ann’s rolling turn")
    audit(ann)
    for seat, page in enumerate((ann, bo, cy)):  # each phone says whose it is
        page.select_option("#me", str(seat))
    assert [p.locator(".your-turn").is_visible() for p in (ann, bo, cy)] == [True, False, False]

    for page, name in ((ann, "Ann"), (bo, "Bo"), (cy, "Cy")):
        page.wait_for_selector(f"text={name}’s rolling turn", timeout=8000)
        page.wait_for_selector(".your-turn", state="visible", timeout=8000)  # on its phone
        settled(page)
        _tap_dice(page, DICE[name])
        page.wait_for_selector(f"text={name}: roll again or stop")
        settled(page)
        page.click(f"text=End {name}’s rolling turn")
    audit(cy)
    ann.wait_for_selector("text=Ann’s debriefing turn", timeout=8000)
    assert "5 dice, at most 1 roll" in ann.locator(".status").inner_text()

    cards = _met_cards(live, [DICE["Ann"], DICE["Bo"], DICE["Cy"]])
    for kind in ("solo", "versus", "team", "special"):
        settled(ann)  # htmx binds the new page's controls once the swap has settled
        ann.select_option("#dm-card", cards[kind])
        ann.wait_for_selector(f"#dm-check .met[data-card={cards[kind]}]")
        assert ann.locator("#dm-check .die.lit").count() >= 1  # the dice that meet it
        if kind == "solo":
            audit(ann)
        ann.click("text=Complete this mission")
        ann.wait_for_selector(f"#game .log >> text=({kind.upper()})", state="attached")
    ann.click("text=End Ann’s debriefing turn")
    ann.wait_for_selector("text=Ann wins!")
    bo.wait_for_selector("text=Ann wins!", timeout=8000)  # the other phones follow by polling
    audit(bo)
    for context, _ in phones:
        context.close()


def test_a_mission_not_met_is_refused_in_view(browser, live):  # noqa: F811
    status, body = call(live.url + "/api/v1/games", "POST", {
        "game": "dice-mission", "display": DISPLAY,
        "players": [{"name": "Ann", "colour": "red"}, {"name": "Bo", "colour": "blue"}]})
    assert status == 201
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(body["join_url"])
    for name, faces in (("Ann", [1, 2, 3, 4, 6]), ("Bo", [1, 1, 2, 2, 3])):
        page.wait_for_selector(f"text={name}’s rolling turn")
        settled(page)
        _tap_dice(page, faces)
        page.wait_for_selector(f"text={name}: roll again or stop")
        settled(page)
        page.click(f"text=End {name}’s rolling turn")
    page.wait_for_selector("text=Ann’s debriefing turn")
    settled(page)
    page.select_option("#dm-card", "solo_02")  # three of a kind: Ann has none
    page.wait_for_selector("#dm-check .unmet >> text=Not met")
    page.click("text=Complete this mission")
    alert = page.wait_for_selector(".alert")
    assert "do not meet" in alert.inner_text()
    assert page.locator("#game .log >> text=(SOLO)").count() == 0
    context.close()


def test_the_failure_option_exchanges_a_hand_card_without_naming_it(client):
    """A debriefing turn with no mission completed may exchange a hand card: the form sends
    only its type, and the log never names a card that was in a hand."""
    from werkzeug.datastructures import MultiDict

    from companion.dice_mission.forms import form_event

    event = form_event(MultiDict({"type": "exchange", "player": "0", "card_type": "solo",
                                  "card": ""}))
    assert event == {"type": "exchange", "player": 0, "card_type": "solo"}
    r = client.post("/api/v1/games", json={"game": "dice-mission", "display": DISPLAY,
                                           "players": [{"name": "Ann", "colour": "red"},
                                                       {"name": "Bo", "colour": "blue"}]})
    gid, token, version = r.json["id"], r.json["edit_token"], 0
    auth = {"Authorization": f"Bearer {token}"}
    for event in ({"type": "dice", "player": 0, "faces": [1, 2, 3, 4, 6]},
                  {"type": "end_turn", "player": 0},
                  {"type": "dice", "player": 1, "faces": [1, 1, 2, 2, 3]},
                  {"type": "end_turn", "player": 1}):
        r = client.post(f"/api/v1/games/{gid}/events", headers=auth,
                        json={"version": version, "event": event})
        assert r.status_code == 200, r.json
        version = r.json["version"]
    r = client.post(f"/api/v1/games/{gid}/events", headers=auth, json={
        "version": version, "event": {"type": "exchange", "player": 0, "card_type": "solo",
                                      "card": "solo_01"}})  # naming a hand card is refused
    assert r.status_code == 422 and r.json["field"] == "event.card"
    r = client.post(f"/api/v1/games/{gid}/events", headers=auth, json={
        "version": version, "event": {"type": "exchange", "player": 0, "card_type": "solo"}})
    assert r.status_code == 200
    assert r.json["log"][-1] == "Ann exchanges a SOLO card from their hand."


class TypedTaps:
    """Taps on the active phone, each on a control in the first screen (tests/companion/
    test_table_browser.Taps), and typing into a box as one tap (the keyboard does the rest)."""

    def __init__(self, page):
        from tests.companion.test_table_browser import Taps

        self.taps = Taps(page)
        self.page = page

    @property
    def count(self) -> int:
        return self.taps.count

    def type(self, selector: str, text: str) -> None:
        self.taps._in_view(selector)
        self.page.fill(selector, text)
        self.taps.count += 1

    def tap(self, selector: str) -> None:
        self.taps.tap(selector)


def test_a_rolling_turn_with_typed_dice_fits_the_first_screen(browser, live):  # noqa: F811
    """Issue 26, item 18: the active agent's phone holds whose turn it is, the round's N and
    R and the next control; a rolling turn with real dice (typed, one reroll) takes at most
    5 taps, each on a control visible without scrolling."""
    status, body = call(live.url + "/api/v1/games", "POST", {
        "game": "dice-mission", "display": DISPLAY, "players": [
            {"name": "Ann", "colour": "red"}, {"name": "Bo", "colour": "blue"},
            {"name": "Cy", "colour": "green"}]})
    assert status == 201, body
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(body["join_url"])
    page.wait_for_selector("text=Ann’s rolling turn")
    page.select_option("#me", "0")  # this phone is Ann's (set once, not part of a turn)
    settled(page)
    status_box = page.locator(".status").bounding_box()
    assert status_box["y"] + status_box["height"] < 844 / 2  # whose turn, N and R: on top
    form_y = page.locator("#dm-dice-form").bounding_box()["y"]
    end_y = page.locator("#dm-end-form button").bounding_box()["y"]
    height = page.evaluate("document.documentElement.scrollHeight")
    print(f"\nfirst screen: dice form at y={form_y:.0f} px, End turn at y={end_y:.0f} px, "
          f"page {height} px")
    taps = TypedTaps(page)
    taps.type("#dm-faces", "6 6 2 1")
    taps.tap("#dm-dice-form button.primary")
    page.wait_for_selector("text=Ann: roll again or stop")
    audit(page)  # the reroll step, its odds and gadgets folded away
    taps.type("#dm-row", "6 6 6 3")  # rerolled the 2 and the 1
    taps.tap("#dm-reroll-form button.primary")
    page.wait_for_selector("text=(roll 2)", state="attached")
    taps.tap("#dm-end-form button")
    page.wait_for_selector("text=Bo’s rolling turn")
    assert "Everyone rolls 4 dice, at most 2 rolls." in page.locator("#game .log").inner_text()
    print(f"\nDice Mission rolling turn with typed dice: {taps.count} taps (target <= 5)")
    assert taps.count <= 5
    context.close()


def test_a_transaction_through_the_phone_refused_then_fixed(browser, live):  # noqa: F811
    """Issue 26, items 15-16 at 390 x 844: Transaction has its four fields; a refusal marks
    the field it names and keeps the others; once the turn passes the form starts empty."""
    from tests.dice_mission.helpers import armed, mission_phase

    status, body = call(live.url + "/api/v1/games", "POST", {
        "game": "dice-mission", "display": DISPLAY, "players": [
            {"name": "Ann", "colour": "red"}, {"name": "Bo", "colour": "blue"},
            {"name": "Cy", "colour": "green"}]})
    assert status == 201, body
    version = 0
    for event in armed(3, 2) + mission_phase(3, 2, [[1, 2], [3, 4], [5, 6]]):
        status, made = call(live.url + f"/api/v1/games/{body['id']}/events", "POST",
                            {"version": version, "event": event}, body["edit_token"])
        assert status == 200, made
        version = made["version"]
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(body["join_url"])
    page.wait_for_selector("text=Cy’s debriefing turn")
    settled(page)
    page.click("#dm-gadgets summary")
    form = page.locator("#gd-transaction")
    selects = form.locator("select")
    assert [selects.nth(i).get_attribute("name") for i in range(4)] == [
        "target", "die", "other", "other_die"]
    for i, value in enumerate(["0", "1", "0", "0"]):  # Ann with Ann: refused
        selects.nth(i).select_option(value)
    form.locator("button[type=submit]").first.click()
    page.wait_for_selector("#gd-transaction .field-error")
    assert "Other player" in page.locator("#gd-transaction .field-error").inner_text()
    assert page.locator("#gd-transaction select[name=other]").get_attribute(
        "aria-invalid") == "true"
    assert "a swap is between two players" in page.locator("#error").inner_text()
    assert page.locator("#gd-transaction select[name=target]").input_value() == "0"  # kept
    settled(page)
    page.locator("#gd-transaction select[name=other]").select_option("1")
    page.locator("#gd-transaction button[type=submit]").first.click()
    page.wait_for_selector("#game .log >> text=swap", state="attached")
    settled(page)
    page.click("#dm-end-form button")
    page.wait_for_selector("text=Ann’s debriefing turn")
    settled(page)
    assert page.locator("#gd-transaction select[name=target]").input_value() == ""
    assert page.locator("#gd-transaction input[name=player]").get_attribute("value") == "0"
    context.close()
