"""Mission Improbable on two phones (Chromium, 390 x 844): a whole game through the pages.

The table is set up through the JSON API (each organisation has an agent and a mission in
play), then played on the pages with the dice typed in as a table rolling real D10s does: a
failed attempt wounds Nightingale (her timer counts down in MI6's turns), another gets Vlad
captured by MI6 (a Capture roll each SPECTRE turn until he escapes), a passed attempt reaches
the MP target, and the round is played out to the final ranking. Axe finds nothing."""

from __future__ import annotations

import pytest

from tests.companion.http import call
from tests.companion.test_browser import PHONE, audit, browser, live, settled  # noqa: F401

SETUP = [("recruit", 0, {"agent": "china_doll"}),
         ("play_mission", 0, {"mission": "surveillance_mission"}), ("end_turn", 0, {}),
         ("recruit", 1, {"agent": "vlad_the_impaler"}),
         ("play_mission", 1, {"mission": "bodyguard_assassination"}), ("end_turn", 1, {})]
def pick(page, selector: str, value: str) -> None:
    """Choose in a select that refreshes the resolver panel, then wait for the new panel."""
    settled(page)
    page.select_option(selector, value)
    page.wait_for_timeout(50)
    settled(page)


def walk_to(page, selector: str) -> None:
    """Tap "Next" through the turn's phases until `selector` is on the page."""
    for _ in range(9):
        settled(page)
        if page.locator(selector).count():
            return
        if not page.locator("#mi-next").count():
            break
        version = page.get_attribute("#game", "data-version")
        page.click("#mi-next button")
        page.wait_for_function("v => document.querySelector('#game').dataset.version !== v",
                               arg=version)
    raise AssertionError(f"no phase of the turn shows {selector}")


def dice(page, *pairs: tuple[int, int]) -> None:
    for i, (mine, theirs) in enumerate(pairs):
        pick(page, f"#mi-d{i}a", str(mine))
        pick(page, f"#mi-d{i}b", str(theirs))
    page.click("text=Record these dice")


def roll(page, form: str, die: str, **more: str) -> None:
    """Type a table roll into the form holding `die` and record it."""
    settled(page)
    page.select_option(die, more.pop("value"))
    for selector, value in more.items():
        page.select_option(selector, value)
    page.locator(form).locator("button", has_text="Record the roll").click()


def end_turn(page, name: str) -> None:
    settled(page)
    page.click(f"text=End {name}’s turn")


def mi6_and_spectre(server, events: list, **options) -> str:
    """A game of MI6 (seat 0) against SPECTRE with `events` posted through the API; its link."""
    status, body = call(server.url + "/api/v1/games", "POST", {
        "game": "mission-improbable", "turn_order": [0, 1], "options": options,
        "players": [{"name": "MI6", "alignment": "good", "nemesis": 1},
                    {"name": "SPECTRE", "alignment": "bad", "nemesis": 0}]})
    assert status == 201, body
    for version, (kind, seat, fields) in enumerate(events):
        status, state = call(f"{server.url}/api/v1/games/{body['id']}/events", "POST",
                             {"version": version, "event": {"type": kind, "player": seat,
                                                            **fields}}, body["edit_token"])
        assert status == 200, state
    return body["join_url"]


def test_two_phones_play_a_whole_game(browser, live):  # noqa: F811
    link = mi6_and_spectre(live, SETUP, mp_target=1)
    phones = []
    for scheme in ("light", "dark"):
        context = browser.new_context(**PHONE, color_scheme=scheme)
        page = context.new_page()
        page.goto(link)
        phones.append((context, page))
    mi6, spectre = (p for _, p in phones)
    mi6.wait_for_selector("text=MI6’s turn")
    assert "Draw 3 cards" in mi6.locator(".mi-reminder").inner_text()
    assert mi6.locator(".turn .mi-phases [aria-current=step]").inner_text() == "Support"
    walk_to(mi6, "#mi-resolver")
    assert "64%" in mi6.locator("#mi-resolver .mi-chance").inner_text()  # Surveillance 2 vs 1
    audit(mi6)

    # MI6, round 2: Nightingale fails and is wounded for 1D5 = 1 of MI6's turns (the next)
    dice(mi6, (1, 10))
    mi6.wait_for_selector("text=Nightingale failed: Mission Failure Table")
    roll(mi6, "form:has(#mi-fail-die)", "#mi-fail-die", value="6", **{"#mi-fail-wound": "2"})
    mi6.wait_for_selector(".mi-agents >> text=wounded: 1 turn")
    audit(mi6)
    end_turn(mi6, "MI6")

    # SPECTRE, round 2: Human Shield lifts Combat, yet Vlad fails and MI6 captures him
    spectre.wait_for_selector("text=SPECTRE’s turn", timeout=8000)
    walk_to(spectre, "#mi-resolver")
    assert spectre.locator(".mi-odds tbody tr").count() == 2  # Combat, then Persuasion
    assert "+0" in spectre.locator(".mi-odds tbody tr").first.inner_text()
    settled(spectre)
    spectre.click("text=Bonus cards from hand")
    spectre.check("#mi-bc-human_shield")
    spectre.wait_for_selector(".mi-odds tbody tr:first-child >> text=+2")
    settled(spectre)
    audit(spectre)
    dice(spectre, (1, 10))
    spectre.wait_for_selector("text=Vlad the Impaler failed")
    roll(spectre, "form:has(#mi-fail-die)", "#mi-fail-die", value="1")
    spectre.wait_for_selector(".mi-agents >> text=captured by MI6")
    walk_to(spectre, "text=Capture roll: Vlad the Impaler")
    roll(spectre, "form:has(#mi-cap-vlad_the_impaler)", "#mi-cap-vlad_the_impaler", value="5")
    spectre.wait_for_selector("#game .log >> text=Capture Table for Vlad the Impaler: Nothing.",
                              state="attached")
    end_turn(spectre, "SPECTRE")

    # MI6, round 3: the 1-turn wound holds; no agent may go (it counts down at the end)
    mi6.wait_for_selector('.marker .big >> text="3"', timeout=8000)
    mi6.wait_for_selector(".mi-agents >> text=wounded: 1 turn", timeout=8000)
    with pytest.raises(AssertionError, match="no phase"):  # no agent can go: no Mission step
        walk_to(mi6, "#mi-resolver")
    settled(mi6)
    mi6.click("text=D10 tables: look up a roll")  # a table row, nothing recorded
    mi6.select_option("#mi-tb-table", "capture")
    settled(mi6)
    mi6.select_option("#mi-tb-roll", "8")
    mi6.wait_for_selector("#mi-table-row >> text=Escape. The agent is yours again.")
    audit(mi6)
    end_turn(mi6, "MI6")

    # SPECTRE, round 3: Vlad escapes on a 9
    spectre.wait_for_selector("text=SPECTRE’s turn", timeout=8000)
    walk_to(spectre, "text=Capture roll: Vlad the Impaler")
    roll(spectre, "form:has(#mi-cap-vlad_the_impaler)", "#mi-cap-vlad_the_impaler", value="9")
    spectre.wait_for_selector("#game .log >> text=Vlad the Impaler escapes.", state="attached")
    assert spectre.locator(".mi-agents >> text=captured by").count() == 0
    end_turn(spectre, "SPECTRE")

    # MI6, round 4: Nightingale is ready (since MI6's last turn ended), passes, and
    # reaches the MP target. (That log line is older than SPECTRE's end of turn: wait for
    # MI6's turn itself on MI6's phone before tapping through it.)
    mi6.wait_for_selector("text=MI6’s turn", timeout=8000)
    mi6.wait_for_selector("#game .log >> text=Nightingale is ready for missions again.",
                          state="attached",
                          timeout=8000)
    walk_to(mi6, "#mi-resolver")
    dice(mi6, (9, 1))
    mi6.wait_for_selector("#game .log >> text=MI6 completes Surveillance Mission", state="attached")
    assert "last round" in mi6.locator(".status").inner_text()
    assert "1 MP" in mi6.locator(".mi-good .mi-mp").inner_text()
    end_turn(mi6, "MI6")

    spectre.wait_for_selector("text=SPECTRE’s turn", timeout=8000)
    end_turn(spectre, "SPECTRE")
    spectre.wait_for_selector("text=MI6 wins!")
    cards = spectre.locator(".tally .result h3")
    tie_break = spectre.locator(".tally").inner_text()
    assert "a tie goes to more completed missions" in tie_break
    assert [cards.nth(i).inner_text().split() for i in range(2)] == [
        ["1.", "MI6", "1", "MP"], ["2.", "SPECTRE", "0", "MP"]]
    audit(spectre)
    mi6.wait_for_selector("text=MI6 wins!", timeout=8000)  # the other phone follows
    audit(mi6)
    for context, _ in phones:
        context.close()


def test_the_new_game_form_starts_a_game_on_a_phone(browser, live):  # noqa: F811
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(live.url + "/?game=mission-improbable")
    page.fill("#name0", "MI6")
    page.fill("#name1", "SPECTRE")
    page.fill("#name2", "CIA")
    audit(page)
    page.click("text=Start the game")
    page.wait_for_selector(".mi-phases")
    assert "nemesis SPECTRE" in page.locator(".mi-good", has_text="CIA").inner_text()
    audit(page)
    context.close()
