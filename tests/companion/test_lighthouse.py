"""Lighthouse (mobile) on the home, game and tally pages: performance >= 0.95, accessibility
and best practices 1.0; and the app is installable (manifest, icons, service worker).

Lighthouse comes from npm (`npm i lighthouse`); point LIGHTHOUSE at its binary when it is not
on PATH. It drives Debian's Chromium (CHROME_PATH)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest

from tests.companion.http import call
from tests.companion.test_browser import ARGS, CHROMIUM, PHONE, finished_game, live  # noqa: F401
from tests.conftest import require


def lighthouse() -> str:
    found = os.environ.get("LIGHTHOUSE") or shutil.which("lighthouse")
    require(found is not None and os.path.exists(found),
            "Lighthouse is not installed (npm i lighthouse; set LIGHTHOUSE=.../lighthouse)")
    return found


def pages(server) -> dict[str, str]:
    status, body = call(server.url + "/api/v1/games", "POST", {"players": [
        {"name": "Ann", "character": "jack", "side": "A"},
        {"name": "Bo", "character": "queen", "side": "B"}]})
    assert status == 201
    return {"home": server.url + "/", "game": body["join_url"], "tally": finished_game(server)}


@pytest.mark.parametrize("name", ["home", "game", "tally"])
def test_lighthouse_mobile_scores(live, tmp_path, name):  # noqa: F811
    binary = lighthouse()
    out = tmp_path / "report.json"
    run = subprocess.run(
        [binary, pages(live)[name], "--output=json", f"--output-path={out}", "--quiet",
         "--only-categories=performance,accessibility,best-practices",
         "--chrome-flags=--headless --no-sandbox --disable-gpu"],
        env={**os.environ, "CHROME_PATH": CHROMIUM}, capture_output=True, text=True,
        timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    scores = {k: v["score"] for k, v in json.loads(out.read_text())["categories"].items()}
    assert scores["performance"] >= 0.95, scores
    assert scores["accessibility"] == 1 and scores["best-practices"] == 1, scores


def test_the_app_is_installable(live, tmp_path):  # noqa: F811
    """Chromium's own installability check (what Lighthouse's PWA audit used) finds nothing
    to object to once the service worker controls the page (a normal, not incognito, profile).
    """
    require(os.path.exists(CHROMIUM), "Debian's chromium is not installed")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        require(False, "playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=CHROMIUM, args=ARGS, **PHONE)
        page = context.new_page()
        page.goto(pages(live)["game"])
        page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
        page.reload()
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        cdp = context.new_cdp_session(page)
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == [], errors
        context.close()
