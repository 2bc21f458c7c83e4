"""`cardgen preview` in headless Chromium: edit a card where you see it.

The gallery runs on a copy of content/ in its own git repository, so `git diff` shows what
a save wrote: open a plan card, change its text (English, Korean) or a number, see the new
image within a second, save; exactly that line changed, comments intact, and the rebuilt
PDF holds the new text. Too long a text (or a bad number) is shown at its field and saving
writes nothing; a file changed on disk after the form opened is not overwritten."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from tests.companion.conftest import free_port
from tests.conftest import CONTENT, require

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update"]
CARD = "plan_cards/account_siphon-face"
PLANS = "double_mission/plan_cards.yaml"
FIELD = ".field[data-field='{}']"


@pytest.fixture(scope="module")
def browser():
    require(os.path.exists(CHROMIUM) or shutil.which("chromium") is not None,
            "Debian's chromium is not installed (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        require(False, "playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True,
                          check=True).stdout


@pytest.fixture(scope="module")
def repo(tmp_path_factory) -> Path:
    """A git repository holding a copy of content/, committed."""
    require(shutil.which("git") is not None, "git is not installed")
    root = tmp_path_factory.mktemp("designer")
    shutil.copytree(CONTENT, root / "content")
    git(root, "init", "-q")
    git(root, "add", "content")
    git(root, "-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-qm", "start")
    return root


@pytest.fixture(scope="module")
def server(repo):
    port = free_port()
    out = repo.parent / "out"
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardgen", "preview", "--game", "double-mission", "--content",
         str(repo / "content"), "--out", str(out), "--port", str(port)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise AssertionError(proc.stdout.read())
            if all(_cards(url, lang) for lang in ("en", "ko")):
                break
            time.sleep(0.2)
        else:
            raise AssertionError("the gallery never showed the cards")
        yield url, out
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=10)


def _cards(url: str, lang: str) -> int:
    try:
        with urllib.request.urlopen(f"{url}/gallery.json?view=double-mission/{lang}") as r:
            return len(json.load(r)["cards"])
    except OSError:
        return 0


def pdf_text(path: Path) -> str:
    """The PDF's text, or '' while it is being written."""
    try:
        doc = pdfium.PdfDocument(str(path))
    except pdfium.PdfiumError:
        return ""
    try:
        text = " ".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
        return " ".join(text.split())  # a wrapped line reads as one
    except pdfium.PdfiumError:  # being rewritten
        return ""
    finally:
        doc.close()


def wait_for(ready, seconds: float = 60, what: str = "") -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if ready():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture
def clean(repo):
    """Each test starts from the committed content (the watcher rebuilds after it)."""
    git(repo, "checkout", "-q", "--", "content")
    yield repo
    git(repo, "checkout", "-q", "--", "content")


def open_card(browser, url: str, lang: str = "en", width: int = 1280):
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(url + "/")
    if lang != "en":
        page.select_option("#view", f"double-mission/{lang}")
    page.click(f"figure[data-card='{CARD}']")
    page.wait_for_selector("#edit:not([hidden]) .field")
    return page


def type_and_see(page, field: str, value: str) -> float:
    """Fill `field`; seconds until the card's new image has loaded beside the form."""
    page.evaluate("() => { delete document.getElementById('detail-image').dataset.shown; }")
    start = time.monotonic()
    page.locator(FIELD.format(field) + " :is(textarea, input)").fill(value)
    page.wait_for_function("() => document.getElementById('detail-image').dataset.shown && "
                           "document.getElementById('detail-image').naturalWidth > 0",
                           timeout=5000)
    return time.monotonic() - start


def save(page) -> str:
    assert not page.is_disabled("#save"), page.text_content("#edit")
    page.click("#save")
    page.wait_for_function("() => document.getElementById('edit-message').textContent !== ''",
                           timeout=10000)
    return page.text_content("#edit-message")


def one_line_changed(repo: Path) -> tuple[str, str]:
    """The single removed and added line of `git diff` (and nothing else changed)."""
    diff = git(repo, "diff", "-U0", "--", "content")
    assert git(repo, "diff", "--name-only") == f"content/{PLANS}\n", diff
    body = [line for line in diff.splitlines()
            if line[:1] in "+-" and not line.startswith(("+++", "---"))]
    assert len(body) == 2 and body[0][0] == "-" and body[1][0] == "+", diff
    return body[0][1:], body[1][1:]


def comments(path: Path) -> list[str]:
    return [line for line in path.read_text(encoding="utf-8").splitlines()
            if line.lstrip().startswith("#")]


def test_edit_english_text_see_it_save_it_and_find_it_in_the_pdf(browser, server, clean):
    url, out = server
    plans = clean / "content" / PLANS
    notes = comments(plans)
    page = open_card(browser, url)
    seconds = type_and_see(page, "plan_cards[0].text.en", "Take 5 Millions from the bank.")
    assert seconds < 1.0, f"the new image took {seconds:.2f} s"
    assert "Saved" in save(page)
    old, new = one_line_changed(clean)
    assert old == '    text: {en: "Take 4 Millions from the bank.", ko: "즉시 4밀리언을 얻는다."}'
    assert new == '    text: {en: "Take 5 Millions from the bank.", ko: "즉시 4밀리언을 얻는다."}'
    assert comments(plans) == notes
    pdf = out / "double-mission" / "en-a4" / "plan-cards.pdf"
    wait_for(lambda: "Take 5 Millions from the bank." in pdf_text(pdf), what="the rebuilt PDF")
    page.close()


def test_too_long_a_text_shows_at_its_field_and_saving_writes_nothing(browser, server, clean):
    url, _ = server
    plans = clean / "content" / PLANS
    before = plans.read_bytes()
    page = open_card(browser, url)
    field = FIELD.format("plan_cards[0].text.en")
    page.locator(field + " textarea").fill("Take 4 Millions from the bank and then "
                                           + "keep talking " * 40)
    page.wait_for_selector(field + ".bad")
    said = page.text_content(field + " .problem")
    assert "text does not fit its box" in said and "characters too many" in said
    assert page.is_disabled("#save")
    # the page's own token, posted anyway: the server refuses too
    status = page.evaluate("""card => fetch('/api/save', {method: 'POST',
        headers: {'Content-Type': 'application/json',
                  'X-Edit-Token': document.querySelector('meta[name=edit-token]').content},
        body: JSON.stringify({view: 'double-mission/en', card: card, stamp: 'x',
            values: [{loc: ['plan_cards', 0, 'text', 'en'], value: 'word '.repeat(200)}]})
        }).then(r => r.status)""", CARD)
    assert status == 422
    assert plans.read_bytes() == before
    page.close()


def test_korean_text_edit_and_overflow(browser, server, clean):
    url, out = server
    plans = clean / "content" / PLANS
    page = open_card(browser, url, lang="ko")
    field = FIELD.format("plan_cards[0].text.ko")
    page.locator(field + " textarea").fill("그리고 계속 말한다 " * 25)
    page.wait_for_selector(field + ".bad")
    assert "text does not fit its box" in page.text_content(field + " .problem")
    assert page.is_disabled("#save")
    assert git(clean, "diff", "--", "content") == ""
    seconds = type_and_see(page, "plan_cards[0].text.ko", "즉시 5밀리언을 얻는다.")
    assert seconds < 1.0, f"the new image took {seconds:.2f} s"
    assert not page.is_disabled("#save")
    assert "Saved" in save(page)
    old, new = one_line_changed(clean)
    assert new == old.replace("즉시 4밀리언을 얻는다.", "즉시 5밀리언을 얻는다.") and new != old
    pdf = out / "double-mission" / "ko-a4" / "plan-cards.pdf"
    wait_for(lambda: "즉시 5밀리언을 얻는다." in pdf_text(pdf), what="the rebuilt Korean PDF")
    assert plans.read_text(encoding="utf-8").count("\n# ") == (
        git(clean, "show", f"HEAD:content/{PLANS}").count("\n# "))
    page.close()


def test_a_number_edit_and_a_bad_number(browser, server, clean):
    url, out = server
    page = open_card(browser, url)
    field = FIELD.format("plan_cards[0].cost")
    page.locator(field + " input").fill("-1")
    page.wait_for_selector(field + ".bad")
    assert "greater than or equal to 0" in page.text_content(field + " .problem")
    assert page.is_disabled("#save")
    assert git(clean, "diff", "--", "content") == ""
    pdf = out / "double-mission" / "en-a4" / "plan-cards.pdf"
    wait_for(lambda: _quiet(pdf), what="the kit to settle")
    built = pdf.read_bytes()
    seconds = type_and_see(page, "plan_cards[0].cost", "3")
    assert seconds < 1.0, f"the new image took {seconds:.2f} s"
    assert "Saved" in save(page)
    assert one_line_changed(clean) == ("    cost: 0", "    cost: 3")
    wait_for(lambda: pdf.read_bytes() != built, what="the rebuilt PDF")
    page.close()


def _quiet(path: Path, seconds: float = 1.5) -> bool:
    """Whether `path` has not changed for `seconds` (the watcher is done with it)."""
    return path.exists() and time.time() - path.stat().st_mtime > seconds


def test_a_file_changed_on_disk_after_the_form_opened_is_not_overwritten(browser, server,
                                                                          clean):
    url, _ = server
    plans = clean / "content" / PLANS
    page = open_card(browser, url)
    # another editor's save (written whole, as editors do, so no read sees half a file)
    other = plans.with_name("other-editor.tmp")
    other.write_text(plans.read_text(encoding="utf-8").replace("    cost: 1\n", "    cost: 2\n", 1),
                     encoding="utf-8")
    other.replace(plans)
    on_disk = plans.read_bytes()
    type_and_see(page, "plan_cards[0].text.en", "Take 6 Millions from the bank.")
    said = save(page)
    assert "changed on disk since this card was opened" in said and "Nothing was written" in said
    assert page.get_attribute("#edit-message", "class") == "error"
    assert plans.read_bytes() == on_disk
    page.close()


def test_undo_puts_the_file_back(browser, server, clean):
    url, _ = server
    page = open_card(browser, url)
    type_and_see(page, "plan_cards[0].text.en", "Take 7 Millions from the bank.")
    assert "Saved" in save(page)
    assert git(clean, "diff", "--", "content") != ""
    page.click("#undo")
    page.wait_for_function("() => document.getElementById('edit-message').textContent"
                           ".startsWith('Undone')")
    assert git(clean, "diff", "--", "content") == ""
    page.close()


def test_the_edit_form_fits_a_phone(browser, server, clean):
    url, _ = server
    page = open_card(browser, url, width=390)
    field = FIELD.format("plan_cards[0].text.en")
    page.locator(field + " textarea").fill("Take 4 Millions " * 40)
    page.wait_for_selector(field + ".bad")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways ({width} px wide)"
    assert page.locator(field + " .problem").is_visible()
    page.close()
