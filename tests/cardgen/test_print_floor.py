"""`cardgen build` reads every PDF it wrote back: text under text.PRINT_FLOOR fails the build,
naming the file, the page and the size, with no traceback and no manifest (issue #16)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

import cardgen.build
import cardgen.pdf_check
import cardgen.watch
from cardgen import cli
from cardgen.build import BuildOptions
from cardgen.kit import FileJob, KitFile, kit_for
from cardgen.pdf_check import page_text_sizes
from cardgen.text import PRINT_FLOOR
from missionkit.commandline import run

GAME = "double-mission"


def _fine_print(job: FileJob) -> tuple[Path, int, tuple[float, float]]:
    """Two pages: 9 pt text, then 11 pt text drawn at half scale (printed at 5.5 pt)."""
    doc = job.open("fine-print.pdf", "fine print")
    c = doc.canvas
    c.setFont(job.ctx.fonts.body, 9)
    c.drawString(72, 720, "Readable at arm's length.")
    doc.end_page()
    c.scale(0.5, 0.5)
    c.setFont(job.ctx.fonts.body, 11)
    c.drawString(144, 1440, "Small print nobody can read.")
    doc.end_page()
    return doc.path, doc.save(), job.page


@pytest.fixture
def fine_print_kit(monkeypatch):
    """The game's kit with one more file, whose second page has 5.5 pt text."""
    kit = kit_for(GAME)
    extra = dataclasses.replace(kit, files=(*kit.files, KitFile("fine-print.pdf", _fine_print)))
    monkeypatch.setattr(cardgen.build, "kit_for", lambda game: extra)
    monkeypatch.setattr(cardgen.watch, "kit_for", lambda game: extra)


def _build(out: Path) -> int:
    return run(cli.parser(), ["build", "--game", GAME, "--out", str(out), "--quiet"])


def test_build_fails_naming_the_file_page_and_size(fine_print_kit, tmp_path, capsys):
    code = _build(tmp_path)
    err = capsys.readouterr().err
    folder = tmp_path / GAME / "en-a4"
    assert code == 1
    assert (f"{folder / 'fine-print.pdf'} page 2: text at 5.5 pt, under the 6 pt floor "
            "(text.PRINT_FLOOR)") in err
    assert "page 1" not in err and "Traceback" not in err
    assert err.count("error") == 1  # the kit's own files are all above the floor
    assert not (folder / "manifest.json").exists()
    # the size read back is the printed one (11 pt at half scale), not the font's
    sizes = page_text_sizes(folder / "fine-print.pdf")
    assert [[round(s, 3) for s in page] for page in sizes] == [[9.0], [5.5]]


def test_a_second_build_still_fails_when_its_reading_is_remembered(fine_print_kit, tmp_path,
                                                                    monkeypatch, capsys):
    """The readback is remembered by the file's bytes (a warm build reads an unchanged file
    once): the same small print fails the second build too, from the memo alone, and a
    spoilt memo is read again from the file."""
    monkeypatch.setenv("MISSION_KIT_CACHE", str(tmp_path / "cache"))
    assert _build(tmp_path / "one") == 1
    memos = list((tmp_path / "cache" / "floor").glob("*.json"))
    assert memos
    reads = []
    real = cardgen.pdf_check.page_text_sizes
    monkeypatch.setattr(cardgen.pdf_check, "page_text_sizes",
                        lambda path: reads.append(path.name) or real(path))
    capsys.readouterr()
    assert _build(tmp_path / "two") == 1
    assert "fine-print.pdf page 2: text at 5.5 pt" in capsys.readouterr().err
    assert reads == []  # every file the same bytes as before: nothing read again
    for memo in memos:
        memo.write_text("not json", encoding="utf-8")
    assert _build(tmp_path / "three") == 1
    assert "fine-print.pdf page 2: text at 5.5 pt" in capsys.readouterr().err
    for memo in memos:  # read again from the file and remembered afresh
        assert isinstance(json.loads(memo.read_text(encoding="utf-8")), list)


def test_normal_build_passes_the_floor_check(tmp_path, capsys):
    assert _build(tmp_path) == 0, capsys.readouterr().err
    folder = tmp_path / GAME / "en-a4"
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    for entry in manifest["files"]:
        sizes = [s for page in page_text_sizes(folder / entry["path"]) for s in page]
        assert sizes and min(sizes) >= PRINT_FLOOR - 1e-3, entry["path"]



def test_watch_reports_small_text_and_keeps_watching(fine_print_kit, tmp_path):
    """`cardgen watch` shows the same line as a problem (and on the preview page) instead of
    stopping on a traceback."""
    rebuilder = cardgen.watch.Rebuilder(BuildOptions(GAME, out=tmp_path))
    report = rebuilder.rebuild()
    path = tmp_path / GAME / "en-a4" / "fine-print.pdf"
    assert report.errors == [
        f"{path} page 2: text at 5.5 pt, under the 6 pt floor (text.PRINT_FLOOR)"]
    gallery = json.loads((rebuilder.gallery / "gallery.json").read_text(encoding="utf-8"))
    assert gallery["errors"] == report.errors
