"""The edit loop: only changed cards re-render, errors show and recover, the gallery updates."""

from __future__ import annotations

import json
import re
import threading
import time
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from cardgen.build import BuildOptions
from cardgen.preview import create_preview_app
from cardgen.watch import Rebuilder, watch
from missionkit.content.version import content_version

HEADLINE = '"Score 5 points now."'


def pdf_text(path: Path) -> str:
    doc = pdfium.PdfDocument(str(path))
    try:
        return " ".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    finally:
        doc.close()


@pytest.fixture
def rebuilder(content_copy, tmp_path):
    rb = Rebuilder(BuildOptions("double-mission", out=tmp_path / "out", content=content_copy))
    first = rb.rebuild()
    # every PDF of the kit written, each card side drawn once
    assert not first.errors and len(first.rendered) == 59
    assert sorted(first.files) == sorted(p.name for p in rb.folder.glob("*.pdf"))
    return rb


def edit(content: Path, old: str, new: str, name: str = "plan_cards.yaml") -> None:
    path = content / "double_mission" / name
    path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")


def test_nothing_changed_renders_nothing(rebuilder):
    report = rebuilder.rebuild()
    assert (report.rendered, report.files, report.errors) == ([], [], [])


def test_one_card_edit_rerenders_only_that_card(rebuilder, content_copy):
    folder = rebuilder.folder
    before = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in folder.glob("*.pdf")}
    edit(content_copy, HEADLINE, '"Score 5 points at once."')
    report = rebuilder.rebuild()
    assert report.rendered == ["plan_cards/headline-face"]
    # the aids and the guide print the content version, which the edit changed; the
    # rulebook prints every card's text
    assert report.files == ["plan-cards.pdf", "player-aids.pdf", "rulebook.pdf"]
    assert "Score 5 points at once." in pdf_text(folder / "plan-cards.pdf")
    for name, (data, mtime) in before.items():
        if name not in ("plan-cards.pdf", "player-aids.pdf", "print-guide.pdf", "rulebook.pdf"):
            path = folder / name
            assert path.read_bytes() == data and path.stat().st_mtime_ns == mtime, name
    manifest = json.loads((folder / "manifest.json").read_text())
    assert sorted(f["path"] for f in manifest["files"]) == sorted(before)
    gallery = json.loads((rebuilder.gallery / "gallery.json").read_text())
    card = next(c for c in gallery["cards"] if c["name"] == "plan_cards/headline-face")
    assert (rebuilder.cache.root / Path(card["image"]).name).exists()
    assert card["source"].endswith(f"plan_cards.yaml:{_line_of(content_copy, 'id: headline')}")


def test_the_edited_cards_sheet_is_written_first_and_unchanged_pages_are_not_redrawn(
        rebuilder, content_copy):
    """What the designer looks at comes first: the edited card's sheet is on disk before
    the aids and the rulebook (which print the content's version and text) are rewritten,
    and the report says when; the gallery's page images of untouched files stay as they
    were (a token sheet is not rasterised again for a plan card's words)."""
    pages = {p.name: p.stat().st_mtime_ns for p in rebuilder.gallery.glob("*.pdf-*.png")}
    assert any(name.startswith("tokens.pdf-") for name in pages)
    edit(content_copy, HEADLINE, '"Score 5 points at once."')
    report = rebuilder.rebuild()
    folder = rebuilder.folder
    sheet = (folder / "plan-cards.pdf").stat().st_mtime_ns
    assert all(sheet <= (folder / name).stat().st_mtime_ns
               for name in ("player-aids.pdf", "rulebook.pdf"))
    assert 0 < report.card_seconds < report.seconds
    assert {p.name: p.stat().st_mtime_ns
            for p in rebuilder.gallery.glob("*.pdf-*.png")} == pages


def _line_of(content: Path, text: str) -> int:
    lines = (content / "double_mission" / "plan_cards.yaml").read_text().splitlines()
    return next(i for i, line in enumerate(lines, start=1) if text in line)


def test_board_data_change_rebuilds_the_board_not_the_cards(rebuilder, content_copy):
    edit(content_copy, "name: {en: Cusco, ", "name: {en: Cuzco, ", "board.yaml")
    report = rebuilder.rebuild()
    assert report.rendered == []
    assert "board-a2.pdf" in report.files and "plan-cards.pdf" not in report.files


def test_broken_yaml_reports_and_recovers(rebuilder, content_copy):
    pdf = rebuilder.folder / "plan-cards.pdf"
    good = pdf.read_bytes()
    path = content_copy / "double_mission" / "plan_cards.yaml"
    saved = path.read_text(encoding="utf-8")
    path.write_text(saved.replace("    cost: 0\n", "    cost: [\n", 1), encoding="utf-8")
    report = rebuilder.rebuild()
    assert report.errors and "plan_cards.yaml" in report.errors[0]
    assert pdf.read_bytes() == good  # the last good build stays
    gallery = json.loads((rebuilder.gallery / "gallery.json").read_text())
    assert gallery["errors"] and gallery["cards"]
    path.write_text(saved, encoding="utf-8")
    report = rebuilder.rebuild()
    assert not report.errors and report.rendered == []
    assert "errors" not in json.loads((rebuilder.gallery / "gallery.json").read_text())


def test_watch_reacts_to_a_saved_file(content_copy, tmp_path):
    reports = []
    stop = threading.Event()
    opts = BuildOptions("double-mission", out=tmp_path / "out", content=content_copy)
    thread = threading.Thread(target=watch, args=(opts, reports.append, stop), daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not reports and time.monotonic() < deadline:
        time.sleep(0.05)
    assert reports and len(reports[0].rendered) == 59
    edit(content_copy, HEADLINE, '"Score 5 points right away."')
    while len(reports) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    stop.set()
    thread.join(timeout=10)
    assert len(reports) >= 2 and reports[-1].rendered == ["plan_cards/headline-face"]


def _printed_version(path: Path) -> str:
    """The content version printed beside the companion's QR code ('... · content v <hash>')."""
    found = set(re.findall(r"version\s+([0-9a-f]{8})\b", pdf_text(path)))
    assert len(found) == 1, found
    return found.pop()


def test_watch_rebuilds_the_aids_with_the_new_content_version(content_copy, tmp_path):
    """A saved edit reaches the player aids' printed content version, not just the cards."""
    reports = []
    stop = threading.Event()
    opts = BuildOptions("double-mission", out=tmp_path / "out", content=content_copy)
    aids = tmp_path / "out" / "double-mission" / "en-a4" / "player-aids.pdf"
    thread = threading.Thread(target=watch, args=(opts, reports.append, stop), daemon=True)
    thread.start()
    try:
        _wait_for(lambda: reports)
        old = _printed_version(aids)
        assert old == content_version(content_copy / "double_mission")
        edit(content_copy, HEADLINE, '"Score 5 points this turn."')
        _wait_for(lambda: len(reports) >= 2)
    finally:
        stop.set()
        thread.join(timeout=10)
    assert not reports[-1].errors and "player-aids.pdf" in reports[-1].files
    new = content_version(content_copy / "double_mission")
    assert new != old and _printed_version(aids) == new


def _wait_for(ready, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not ready() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert ready(), "watch did not report in time"


def test_preview_gallery_serves_cards_and_sources(rebuilder):
    app = create_preview_app(rebuilder.gallery, rebuilder.cache.root)
    client = app.test_client()
    assert client.get("/").status_code == 200
    data = client.get("/gallery.json").json
    assert len(data["cards"]) == 59 and data["pages"]
    card = data["cards"][0]
    assert ".yaml:" in card["source"]
    image = client.get("/" + card["image"])
    assert image.status_code == 200 and image.mimetype == "image/png"
    assert client.get("/pages/" + data["pages"][0]).status_code == 200
    assert client.get("/cards/../../etc/passwd").status_code == 404
