"""Run browser steps inside a network namespace (started by tests/netns.py's in_browser).

    python -m tests.netns_browser module:function '[json args]'

Launches Debian's Chromium headless through Playwright, calls function(browser, *args) and
prints its return value as JSON on the last line."""

from __future__ import annotations

import importlib
import json
import sys

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update"]


def main() -> None:
    from playwright.sync_api import sync_playwright

    target, raw = sys.argv[1], sys.argv[2]
    module, name = target.split(":")
    steps = getattr(importlib.import_module(module), name)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            result = steps(browser, *json.loads(raw))
        finally:
            browser.close()
    print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
