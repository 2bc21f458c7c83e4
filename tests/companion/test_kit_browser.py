"""In Chromium: "Print this game" on the home page downloads the kit as a zip, and the service
worker (which keeps a copy of each page it serves) keeps none of the zip."""

from __future__ import annotations

import json
import zipfile

from tests.companion.conftest import Server
from tests.companion.test_browser import PHONE, browser  # noqa: F401


def test_print_this_game_downloads_the_kit(browser, tmp_path, monkeypatch):  # noqa: F811
    monkeypatch.setenv("MISSION_KIT_KITS", str(tmp_path / "kits"))
    server = Server(tmp_path / "kit.db").start()
    try:
        context = browser.new_context(**PHONE, accept_downloads=True)
        page = context.new_page()
        page.goto(server.url + "/?game=mission-improbable")
        page.evaluate("() => navigator.serviceWorker.ready")  # pages now go through it
        page.reload()
        link = page.locator(".print-kit a", has_text="English, A4")
        with page.expect_download() as info:
            link.click()
        download = info.value
        assert download.suggested_filename == "mission-improbable-en-a4.zip"
        saved = tmp_path / download.suggested_filename
        download.save_as(saved)
        with zipfile.ZipFile(saved) as kit:
            manifest = json.loads(kit.read("mission-improbable-en-a4/manifest.json"))
        assert manifest["game"] == "mission-improbable"
        assert page.evaluate("() => !!navigator.serviceWorker.controller")
        page.wait_for_timeout(1500)  # the worker stores a page copy after answering
        kept = page.evaluate("""async () => {
            const urls = [];
            for (const name of await caches.keys()) {
                for (const req of await (await caches.open(name)).keys()) urls.push(req.url);
            }
            return urls; }""")
        assert not [u for u in kept if "/kit/" in u], kept
        context.close()
    finally:
        server.kill()
