"""Double Mission on the phone: what issue 26 found the table could not reach or was shown
wrongly (Security Disruption's dice, a repeated stale tap, the empty bag's tie, the
reshuffle, co-op odds under Without Anyone Knowing). Through the pages, as a phone posts."""

from __future__ import annotations

import re

from tests.companion.test_pages import HX, new_game, post, version


def act(client, url, **fields):
    """Tap a control: post its fields with the page's current version."""
    page = client.get(url).data
    return post(client, url + "/act", {"version": version(page), **fields}, headers=HX)


def city_options(html: bytes) -> list[str]:
    select = re.search(rb'<select id="op-city".*?</select>', html, re.S).group(0)
    return [o.decode() for o in re.findall(rb"<option value=\"\w+\">([^<]*)</option>", select)]


def test_without_anyone_knowing_shows_no_coop_odds(client):
    url = new_game(client)
    assert all("%/" in o for o in city_options(client.get(url).data))  # co-op shown by default
    r = act(client, url, type="play_card", player="0", card="without_anyone_knowing")
    assert r.status_code == 200, r.data
    options = city_options(r.data)
    assert options and not any("%/" in o for o in options), options
    assert all("1 die" in o for o in options)
    helpers = re.search(rb'<select id="op-helper".*?</select>', r.data, re.S).group(0)
    assert b"with " not in helpers  # no helper offered: co-op is refused (D12)


def test_the_card_count_warning_offers_the_reshuffle(client):
    """A card played more often than its copies: the rulebook shuffles the discard pile into
    a new deck when the deck runs out (EN L209), so the phone offers to record that, and the
    warning goes once it is recorded."""
    url = new_game(client)
    for _ in range(2):
        assert act(client, url, type="play_card", player="0", card="temptation").status_code == 200
    page = client.get(url).data
    assert b"played 2 times since the last reshuffle" in page
    assert re.search(rb'<form[^>]*id="reshuffle".*?name="type" value="reshuffle"', page, re.S)
    r = act(client, url, type="reshuffle", player="0")
    assert r.status_code == 200
    assert b"since the last reshuffle" not in r.data and b'id="reshuffle"' not in r.data
    assert b"The discard pile is shuffled into a new plan deck." in r.data


def card_form(html: bytes) -> bytes:
    return re.search(rb'<form[^>]*id="card-form".*?</form>', html, re.S).group(0)


def rob_cusco(client, url):
    """Ann robs Cusco (security 2) with 2 successes typed in."""
    r = act(client, url, type="operation", player="0", city="cusco", active_successes="2")
    assert r.status_code == 200 and b"Cusco" in r.data.replace("쿠스코".encode(), b"Cusco")
    return r


def test_security_disruption_is_played_from_the_card_form_with_the_new_dice(client):
    url = new_game(client)
    form = card_form(rob_cusco(client, url).data)
    # the form asks for the new dice of whoever succeeded, and offers to roll them
    assert b'name="active_successes"' in form and b'name="roll"' in form
    r = act(client, url, type="play_card", player="1", card="security_disruption",
            active_successes="1")
    assert r.status_code == 200, r.data
    assert b"voids the success: the active player rolls again." in r.data
    assert b"The alarm sounds in Cusco" in r.data


def test_security_disruption_can_ask_the_app_to_roll(client):
    url = new_game(client)
    rob_cusco(client, url)
    r = act(client, url, type="play_card", player="1", card="security_disruption", roll="1")
    assert r.status_code == 200, r.data
    assert b"voids the success: the active player rolls again." in r.data
    assert b"Rolled in Cusco" in r.data  # the new dice are shown


def test_security_disruption_dice_fields_in_korean(client):
    client.set_cookie("lang", "ko")
    url = new_game(client)
    form = card_form(rob_cusco(client, url).data)
    assert "보안 교란: 새 주사위".encode() in form and "사용하고 앱이 굴리기".encode() in form
    assert b'name="roll"' in form and b"roll for me" not in form and b"new dice" not in form


def test_a_stale_tap_repeating_the_same_action_asks_before_recording_it(client):
    """Two phones tap "+2 Millions" for Ann within one poll: the second is not recorded
    silently; its phone asks, and records it only when confirmed."""
    url = new_game(client)
    tap = {"version": "0", "player": "0", "type": "take_millions"}
    assert post(client, url + "/act", tap, headers=HX).status_code == 200
    r = post(client, url + "/act", tap, headers=HX)  # the other phone, still at version 0
    assert r.status_code == 409
    assert r.data.count(b"<li><bdi>Ann</bdi> takes 2 Millions.</li>") == 1
    assert b"Already recorded on another phone: <bdi>Ann</bdi> takes 2 Millions." in r.data
    again = re.search(rb'<form[^>]*id="repeat-form".*?</form>', r.data, re.S).group(0)
    fields = dict(re.findall(rb'name="(\w+)" value="([^"]*)"', again))
    assert fields[b"version"] == b"1" and fields[b"type"] == b"take_millions"
    assert b"Record it again" in again
    data = {k.decode(): v.decode() for k, v in fields.items() if k != b"csrf_token"}
    r = post(client, url + "/act", data, headers=HX)  # confirmed: recorded
    assert r.status_code == 200
    assert r.data.count(b"<li><bdi>Ann</bdi> takes 2 Millions.</li>") == 2


def test_a_repeated_stale_tap_no_longer_legal_says_why_and_offers_no_confirm(client):
    """"Roll for us" twice on one city: the second operation is refused (one a turn), so
    the phone says so rather than asking to record it again."""
    url = new_game(client)
    tap = {"version": "0", "player": "0", "type": "operation", "city": "cusco", "roll": "1"}
    assert post(client, url + "/act", tap, headers=HX).status_code == 200
    r = post(client, url + "/act", tap, headers=HX)
    assert r.status_code == 409 and b"the operation for this turn is used" in r.data
    assert b'id="repeat-form"' not in r.data


def empty_bag_with_a_tie(client):
    """Ann, Bo and Cy; Bo and Cy draw the bag's 20 tokens by hand, 10 each: the bag is
    empty and they tie for the most."""
    url = new_game(client, ("Ann", "Bo", "Cy"))
    for i in range(20):
        assert act(client, url, type="take_investigation", player=str(1 + i % 2)
                   ).status_code == 200
    return url


def test_an_empty_bag_tie_lets_the_taker_choose_on_the_phone(client):
    """D27: the taker chooses among the tied; the operation form asks whom Ann takes from."""
    url = empty_bag_with_a_tie(client)
    page = client.get(url).data
    op = re.search(rb'<form[^>]*id="op-form".*?</form>', page, re.S).group(0)
    pick = re.search(rb'<select[^>]*name="token_from".*?</select>', op, re.S)
    assert pick, "the operation form does not ask whom to take the token from"
    assert re.findall(rb'<option value="(\d?)"', pick.group(0)) == [b"", b"1", b"2"]
    assert b"required" in pick.group(0)  # a choice, not a default
    helper = re.search(rb'<select[^>]*name="helper_token_from".*?</select>', op, re.S).group(0)
    assert re.findall(rb'<option value="(\d?)"', helper) == [b"", b"1", b"2"]  # Bo, Cy
    r = act(client, url, type="operation", player="0", city="cusco", active_successes="0",
            token_from="2")
    assert r.status_code == 200 and b"The alarm sounds in Cusco" in r.data
    rows = re.findall(rb'<tr class="ch-\w+[^"]*" data-seat="(\d)">.*?</tr>', r.data, re.S)
    assert rows and b"9 evid." in re.search(rb'data-seat="2">.*?</tr>', r.data, re.S).group(0)


def test_an_empty_bag_tie_without_a_choice_is_refused_naming_the_field(client):
    url = empty_bag_with_a_tie(client)
    r = act(client, url, type="take_investigation", player="0")
    assert r.status_code == 422 and b"Bo" in r.data and b"Cy" in r.data
    page = client.get(url).data
    assert b"10 evid." in page  # nothing was taken
    r = act(client, url, type="take_investigation", player="0", token_from="1")
    assert r.status_code == 200


def test_an_empty_bag_tie_refuses_a_player_not_among_the_tied(client):
    url = new_game(client, ("Ann", "Bo", "Cy"))
    for i in range(20):  # Bo 11, Cy 9
        act(client, url, type="take_investigation", player="1" if i < 11 else "2")
    r = act(client, url, type="take_investigation", player="0", token_from="2")
    assert r.status_code == 422 and b"most tokens" in r.data


def test_a_stale_tap_repeating_an_undone_action_is_applied(client):
    """The same action, recorded and then undone on another phone: nothing to repeat."""
    url = new_game(client)
    tap = {"version": "0", "player": "0", "type": "take_millions"}
    post(client, url + "/act", tap, headers=HX)
    post(client, url + "/undo", {"version": "1"}, headers=HX)
    r = post(client, url + "/act", tap, headers=HX)
    assert r.status_code == 200 and b'id="repeat-form"' not in r.data
    assert r.data.count(b"<li><bdi>Ann</bdi> takes 2 Millions.</li>") == 1
