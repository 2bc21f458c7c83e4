"""`cardgen build` end to end: the manifest, PDF hygiene, content coverage, determinism."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
from pathlib import Path

import pikepdf
import pytest

from cardgen.geometry import PAPERS
from cardgen.imposition import SHEET_BLEED, sheet_for
from tests.cardgen.test_cli_check import cardgen
from tests.conftest import require

COMBOS = [("en", "a4"), ("en", "letter"), ("ko", "a4"), ("ko", "letter")]
CARD_FILES = ["plan-cards.pdf", "missions-characters-titles.pdf"]
SMALL_DECKS = "missions-characters-titles.pdf"  # three small decks share their sheets
# what the kit prints (Kit.printed): a sticker on both sides of each of the 24 treasure and
# 6 value discs, 2 check markers per character, 6 die faces on each of 6 dice per character
EXPECTED_COMPONENTS = {
    "board": 1, "city": 24, "pawn": 5, "plan_card": 25, "mission_card": 12,
    "character_card": 5, "title": 14, "investigation_token": 20, "million_token": 20,
    "round_marker": 1, "check_marker": 10, "treasure_sticker": 48, "value_sticker": 12,
    "die_sticker": 180,
}


def _korean_font_installed() -> bool:
    from cardgen.fonts import FontMissing, korean_display_file, korean_font_files

    try:
        korean_font_files()
        korean_display_file()
    except FontMissing:
        return False
    return True


def _build(out: Path) -> subprocess.CompletedProcess[str]:
    return cardgen("build", "--game", "double-mission", "--lang", "en", "--lang", "ko",
                   "--paper", "a4", "--paper", "letter", "--out", str(out), "--quiet")


@pytest.fixture(scope="session")
def kit(tmp_path_factory) -> Path:
    require(_korean_font_installed(), "no Korean font (apt-get install fonts-nanum)")
    out = tmp_path_factory.mktemp("kit")
    result = _build(out)
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""  # --quiet
    return out / "double-mission"


def folders(kit: Path) -> list[tuple[str, str, Path]]:
    return [(lang, paper, kit / f"{lang}-{paper}") for lang, paper in COMBOS]


def pdftotext(path: Path, page: int | None = None) -> str:
    """The text of `path` (only of page `page`, from 1, when given), spaces collapsed."""
    require(shutil.which("pdftotext") is not None,
            "pdftotext missing (apt-get install poppler-utils)")
    pages = ["-f", str(page), "-l", str(page)] if page is not None else []
    out = subprocess.run(["pdftotext", "-raw", *pages, str(path), "-"], capture_output=True,
                         text=True)
    assert out.returncode == 0, f"{path}: {out.stderr}"  # a missing file is a failure, not ""
    return re.sub(r"\s+", " ", out.stdout)


def test_manifest_counts_and_files(kit):
    for lang, paper, folder in folders(kit):
        m = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
        assert (m["game"], m["lang"], m["paper"]) == ("double-mission", lang, paper)
        assert m["components"] == EXPECTED_COMPONENTS
        assert m["card_size_mm"] == [63.5, 88.9]
        assert m["bleed_mm"] == round(SHEET_BLEED * 25.4 / 72, 3)  # 12 pt gutters: 2.117 mm
        listed = {f["path"] for f in m["files"]}
        assert listed == {p.name for p in folder.glob("*.pdf")}
        for entry in m["files"]:
            path = folder / entry["path"]
            assert hashlib.sha256(path.read_bytes()).hexdigest() == entry["sha256"]
            with pikepdf.open(path) as pdf:
                assert len(pdf.pages) == entry["pages"]


def test_every_pdf_passes_qpdf_check(kit):
    require(shutil.which("qpdf") is not None, "qpdf missing (apt-get install qpdf)")
    for _, _, folder in folders(kit):
        for path in sorted(folder.glob("*.pdf")):
            result = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
            assert result.returncode == 0, (path, result.stdout, result.stderr)
            assert "No syntax or stream encoding errors found" in result.stdout


def test_pdffonts_shows_every_font_embedded(kit):
    require(shutil.which("pdffonts") is not None,
            "pdffonts missing (apt-get install poppler-utils)")
    for _, _, folder in folders(kit):
        for path in sorted(folder.glob("*.pdf")):
            rows = subprocess.run(["pdffonts", str(path)], capture_output=True,
                                  text=True).stdout.splitlines()[2:]
            assert rows, f"{path.name} lists no fonts"
            for row in rows:
                cols = row.split()
                assert cols[-5] == "yes", f"{path.name}: font not embedded: {row}"


def test_card_pages_have_trim_and_bleed_on_the_right_paper(kit):
    for _, paper, folder in folders(kit):
        for name in CARD_FILES:
            with pikepdf.open(folder / name) as pdf:
                for page in pdf.pages:
                    media = [float(v) for v in page.MediaBox]
                    # 3 x 3 portrait on A4; 4 x 2 landscape on Letter (room for crop marks)
                    sheet = sheet_for(PAPERS[paper])
                    assert media[2:] == pytest.approx(sheet.page, abs=0.01)
                    assert sorted(media[2:]) == pytest.approx(sorted(PAPERS[paper]), abs=0.01)
                    trim = [float(v) for v in page.TrimBox]
                    bleed = [float(v) for v in page.BleedBox]
                    # the cards and the gutters between them, each card's 2 mm bleed round it
                    gutters = (sheet.cols - 1) * sheet.gutter, (sheet.rows - 1) * sheet.gutter
                    assert trim[2] - trim[0] == pytest.approx(
                        sheet.cols * 63.5 * 72 / 25.4 + gutters[0], abs=0.01)
                    assert trim[3] - trim[1] == pytest.approx(
                        sheet.rows * 88.9 * 72 / 25.4 + gutters[1], abs=0.01)
                    b = sheet.bleed
                    assert b >= 2 * 72 / 25.4
                    grown = [trim[0] - b, trim[1] - b, trim[2] + b, trim[3] + b]
                    assert bleed == pytest.approx(grown, abs=0.01)
                    assert bleed[0] >= 0 and bleed[2] <= media[2] and bleed[3] <= media[3]


def test_print_scaling_none_and_metadata(kit):
    for _, _, folder in folders(kit):
        for path in folder.glob("*.pdf"):
            with pikepdf.open(path) as pdf:
                assert str(pdf.Root.ViewerPreferences.PrintScaling) == "/None"
                info = pdf.docinfo
                assert str(info.Title) and str(info.Subject)


def test_korean_build_has_extractable_hangul(kit):
    for name in [*CARD_FILES, "board-a2.pdf", "rules-summary.pdf", "player-aids.pdf"]:
        text = pdftotext(kit / "ko-a4" / name)
        assert len(re.findall(r"[\uac00-\ud7a3]", text)) > 20, name
    assert "계좌 빼돌리기" in pdftotext(kit / "ko-a4" / "plan-cards.pdf")


def test_every_content_item_appears(kit, game):
    for lang in ("en", "ko"):
        folder = kit / f"{lang}-a4"
        texts = {name: pdftotext(folder / name) for name in
                 [*CARD_FILES, "board-a2.pdf", "tokens.pdf"]}
        expected = {
            "board-a2.pdf": [c.name.get(lang) for c in game.cities],
            "plan-cards.pdf": [p.name.get(lang) for p in game.plan_cards],
            SMALL_DECKS: [m.name.get(lang) for m in game.missions]
            + [t.name.get(lang) for t in game.titles]
            + [s.name.get(lang) for c in game.characters for s in c.sides.values()],
        }
        for name, items in expected.items():
            for item in items:
                assert item in texts[name], f"{item!r} missing from {lang} {name}"
    backs = pdftotext(kit / "en-a4" / "tokens.pdf")
    assert [len(re.findall(rf"(?<![\d-]){v}(?!\d)", backs)) for v in ("-1", "-2", "-3")] == [
        8, 5, 2]


def test_plan_card_copies_are_printed(kit, game):
    text = pdftotext(kit / "en-a4" / "plan-cards.pdf")
    for card in game.plan_cards:
        assert text.count(card.text.en[:30]) == card.copies, card.id


def test_two_builds_are_byte_identical(kit, tmp_path):
    result = _build(tmp_path)
    assert result.returncode == 0, result.stderr
    for _, _, folder in folders(kit):
        again = tmp_path / "double-mission" / folder.name
        for path in sorted(folder.iterdir()):
            assert path.read_bytes() == (again / path.name).read_bytes(), path.name


def test_overflowing_text_fails_the_build_naming_card_and_field(content_copy, tmp_path):
    plans = content_copy / "double_mission" / "plan_cards.yaml"
    long_text = "Take 4 Millions from the bank and then " + "keep talking " * 40 + "."
    plans.write_text(plans.read_text(encoding="utf-8").replace(
        '"Take 4 Millions from the bank."', f'"{long_text}"'), encoding="utf-8")
    result = cardgen("build", "--content", str(content_copy), "--out", str(tmp_path), "--quiet")
    assert result.returncode == 1
    assert "plan_cards.yaml:11: plan_cards[0].text (en): text does not fit its box" in (
        result.stderr)
    assert "Traceback" not in result.stderr


def test_bad_option_values_are_refused(tmp_path):
    result = cardgen("build", "--lang", "fr", "--out", str(tmp_path))
    assert result.returncode == 2
    assert "--lang: invalid choice: 'fr' (choose from 'en', 'ko')" in result.stderr
    assert not any(tmp_path.iterdir())  # nothing was built


def test_calibrate_writes_a_two_page_test(tmp_path):
    result = cardgen("calibrate", "--paper", "letter", "--duplex", "short", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    with pikepdf.open(tmp_path / "calibrate-letter-short.pdf") as pdf:
        assert len(pdf.pages) == 2
        # landscape, as Letter's card sheets (4 x 2)
        assert [float(v) for v in pdf.pages[0].MediaBox][2:] == pytest.approx([792, 612])
