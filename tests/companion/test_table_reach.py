"""The table as it really is: the companion on one host, a phone on another (two network
namespaces, tests/netns.py). The host starts `companion serve --lan`, opens the printed
loopback address on its own computer, starts a game and shows the invite; the QR on that
screen, read by zbar, is a link the other phone opens and plays on."""

from __future__ import annotations

from pathlib import Path

from tests.netns import chromium_ok, in_browser, serve, table, zbar  # noqa: F401

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2}


def host_starts_a_game(browser, port: int, shot: str) -> dict:
    """On the companion's computer: open the loopback address, start a game, tap Invite and
    screenshot the QR code."""
    page = browser.new_context(**PHONE).new_page()
    page.goto(f"http://127.0.0.1:{port}/")
    page.fill("#name0", "Ann")
    page.fill("#name1", "Bo")
    page.select_option("#character1", "queen")
    page.click("text=Start the game")
    page.wait_for_selector("#game")
    page.click(".tabs [data-tab=invite]")
    qr = page.locator("#invite img").first
    qr.scroll_into_view_if_needed()
    page.wait_for_function("() => document.querySelector('#invite img').naturalWidth > 0")
    qr.screenshot(path=shot)
    return {"url": page.url, "warned": page.locator("#invite-loopback").count(),
            "link": page.locator("#join-link").inner_text()}


def phone_joins_and_acts(browser, link: str) -> dict:
    """On the other phone: open the scanned link, see the table, take an action."""
    page = browser.new_context(**PHONE).new_page()
    page.goto(link)
    page.wait_for_selector("text=Ann’s turn")
    before = page.locator("#game").get_attribute("data-version")
    page.click("#a-millions button")
    page.wait_for_selector("#game .log >> text=Ann takes 2 Millions", state="attached")
    return {"before": before, "after": page.locator("#game").get_attribute("data-version")}


def test_a_second_device_joins_through_the_printed_qr(table, tmp_path: Path):  # noqa: F811
    chromium_ok()
    served = serve(table, tmp_path, "--lan")
    try:
        assert served.join_url == f"http://{table.server_ip}:5000/", served.join_url
        shot = tmp_path / "invite-qr.png"
        host = in_browser(table, table.server, f"{__name__}:host_starts_a_game", 5000,
                          str(shot))
        assert host["url"].startswith("http://127.0.0.1:5000/t/")
        assert host["warned"] == 0  # the invite can reach the table: no warning
        scanned = zbar(shot)
        assert len(scanned) == 1, scanned
        token = host["url"].rsplit("/", 1)[1]
        assert scanned[0] == f"{served.join_url}t/{token}" == host["link"]
        phone = in_browser(table, table.phone, f"{__name__}:phone_joins_and_acts", scanned[0])
        assert (phone["before"], phone["after"]) == ("0", "1")
    finally:
        served.stop()
