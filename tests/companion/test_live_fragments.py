"""The live fragment is rendered once per change and shared by a table's phones
(companion/fragments.py): each phone still gets its own form token, and its own language, and
never an older state."""

from __future__ import annotations

import re

from tests.companion.test_pages import HX, new_game, version


def _token(html: bytes) -> str:
    return re.search(rb'name="csrf_token" value="([^"]+)"', html).group(1).decode()


def _live(phone, url: str) -> bytes:
    r = phone.get(url + "/live", headers=HX)
    assert r.status_code == 200
    return r.data


def test_each_phone_taps_with_the_token_its_own_fragment_holds(app):
    host, guest = app.test_client(), app.test_client()
    url = new_game(host)
    first = _live(host, url)
    second = _live(guest, url)  # the same table at the same version: the kept fragment
    assert _token(first) != _token(second)
    r = guest.post(url + "/act", headers=HX, data={
        "version": version(second), "player": "0", "type": "take_millions",
        "csrf_token": _token(second)})
    assert r.status_code == 200 and b"<bdi>Ann</bdi> takes 2 Millions." in r.data
    # and a token from another phone's fragment is not this phone's
    r = host.post(url + "/act", headers=HX, data={
        "version": version(r.data), "player": "1", "type": "take_millions",
        "csrf_token": _token(second)})
    assert r.status_code == 400


def test_every_phone_sees_the_change_and_in_its_own_language(app):
    host, guest = app.test_client(), app.test_client()
    guest.set_cookie("lang", "ko")
    url = new_game(host)
    assert b"Ann</bdi>\xe2\x80\x99s turn" in _live(host, url)
    before = _live(guest, url)
    assert version(before) == "0" and "의 턴".encode() in before
    r = host.post(url + "/act", headers=HX, data={
        "version": "0", "player": "0", "type": "take_millions",
        "csrf_token": _token(_live(host, url))})
    assert r.status_code == 200
    after = _live(guest, url)
    assert version(after) == "1" and "의 턴".encode() in after
    took = "2밀리언을 얻습니다".encode()  # "takes 2 Millions", in the guest's language
    assert took in after and took not in before

