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
