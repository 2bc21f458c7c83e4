"""Benchmark: editing a card in `cardgen preview`. Targets: edit-to-image <= 0.3 s,
save-to-PDF about a second. Three figures, each the median of --edits runs:

- edit-to-image (page): in headless Chromium, from typing a plan card's English text to the
  new image loaded beside the form (the page's 120 ms debounce included);
- edit-to-image (server): POST /api/render, then GET the image it names (no debounce);
- save-to-PDF: POST /api/save, until the rebuilt plan-cards.pdf holds the new text (through
  the real file watcher: the save, the watch's debounce, the incremental rebuild).

Runs the preview on a scratch copy of content/ (Double Mission, EN and KO).
Usage: python bench/preview_edit.py [--edits 10]

Measured on the 2-core development machine (shared), two runs, medians of 10:
  edit-to-image (page):   207 ms, 182 ms  (of which 120 ms is the page's debounce)
  edit-to-image (server):  35 ms,  35 ms
  save-to-PDF:            179 ms, 114 ms
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pypdfium2 as pdfium

ROOT = Path(__file__).resolve().parents[1]
CARD = "plan_cards/account_siphon-face"
TEXT_EN = ["plan_cards", 0, "text", "en"]
CHROMIUM = "/usr/bin/chromium"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def post(url: str, path: str, token: str, body: dict) -> dict:
    request = urllib.request.Request(url + path, data=json.dumps(body).encode(), headers={
        "Content-Type": "application/json", "X-Edit-Token": token})
    with urllib.request.urlopen(request) as r:
        return json.load(r)


def pdf_text(path: Path) -> str:
    try:
        doc = pdfium.PdfDocument(str(path))
    except pdfium.PdfiumError:
        return ""
    try:
        return " ".join(" ".join(doc[i].get_textpage().get_text_range() for i in
                                 range(len(doc))).split())
    except pdfium.PdfiumError:  # being rewritten
        return ""
    finally:
        doc.close()


def stamp(url: str) -> str:
    with urllib.request.urlopen(f"{url}/api/form?view=double-mission/en&card={CARD}") as r:
        return json.load(r)["stamp"]


def in_page(url: str, runs: int) -> list[float]:
    from playwright.sync_api import sync_playwright

    args = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update"]
    out = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=args)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(url + "/")
        page.click(f"figure[data-card='{CARD}']")
        page.wait_for_selector("#edit:not([hidden]) .field")
        box = page.locator(".field[data-field='plan_cards[0].text.en'] textarea")
        for n in range(runs):
            page.evaluate("() => { delete document.getElementById('detail-image')"
                          ".dataset.shown; }")
            start = time.perf_counter()
            box.fill(f"Take {n + 10} Millions from the bank.")
            page.wait_for_function("() => document.getElementById('detail-image')"
                                   ".dataset.shown", timeout=5000)
            out.append(time.perf_counter() - start)
        browser.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--edits", type=int, default=10)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp())
    shutil.copytree(ROOT / "content", tmp / "content")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardgen", "preview", "--game", "double-mission", "--content",
         str(tmp / "content"), "--out", str(tmp / "out"), "--port", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    pdf = tmp / "out" / "double-mission" / "en-a4" / "plan-cards.pdf"
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{url}/gallery.json?view=double-mission/ko") as r:
                    if json.load(r)["cards"]:
                        break
            except OSError:
                pass
            time.sleep(0.2)
        with urllib.request.urlopen(url + "/") as r:
            token = re.search(r'name="edit-token" content="([^"]+)"', r.read().decode())[1]

        server = []
        for n in range(args.edits):
            start = time.perf_counter()
            result = post(url, "/api/render", token, {
                "view": "double-mission/en", "card": CARD,
                "values": [{"loc": TEXT_EN, "value": f"Take {n + 100} Millions now."}]})
            with urllib.request.urlopen(url + result["image"]) as r:
                r.read()
            server.append(time.perf_counter() - start)

        page = []
        if os.path.exists(CHROMIUM):
            page = in_page(url, args.edits)

        saves = []
        for n in range(args.edits):
            text = f"Take {n + 200} Millions from the bank."
            start = time.perf_counter()
            post(url, "/api/save", token, {"view": "double-mission/en", "card": CARD,
                                           "values": [{"loc": TEXT_EN, "value": text}],
                                           "stamp": stamp(url)})
            while text not in pdf_text(pdf):
                time.sleep(0.01)
                if time.perf_counter() - start > 30:
                    raise SystemExit("the PDF was never rebuilt")
            saves.append(time.perf_counter() - start)
            time.sleep(0.5)  # let the watcher finish the other language's kit
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=10)
        shutil.rmtree(tmp, ignore_errors=True)

    def show(label: str, values: list[float]) -> None:
        if values:
            print(f"{label}: median {statistics.median(values) * 1000:.0f} ms "
                  f"(min {min(values) * 1000:.0f}, max {max(values) * 1000:.0f}, "
                  f"n={len(values)})")

    show("edit-to-image (page, 120 ms debounce included)", page)
    show("edit-to-image (server: render + image)", server)
    show("save-to-PDF (save, watcher, rebuild, text in plan-cards.pdf)", saves)


if __name__ == "__main__":
    main()
