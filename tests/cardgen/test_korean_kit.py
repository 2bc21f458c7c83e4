"""The printed Korean kit of every game reads as Korean: read back from its PDFs, no template
particle seam ("시드니(으)로"), no lowercase English word, no word its glossary rejects."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest

from cardgen.double_mission.strings import t
from cardgen.fonts import korean_font_files
from missionkit.content.glossary import read_glossary, uses
from missionkit.content.loader import game_folder
from tests.cardgen.test_build import _korean_font_installed
from tests.conftest import CONTENT, ROOT, require

# A particle written for either kind of word, as in "(으)로", "(이)가", "을(를)".
SEAM = re.compile(r"\((?:으|이|을|를|은|는|과|와|가|아|어)\)")
# A lowercase Latin word, not inside a capitalised or upper-case one ("Spare", "II" pass).
LOWER_WORD = re.compile(r"(?<![A-Za-z])[a-z][A-Za-z]*")
# Lowercase words a Korean sheet may print, each with its reason.
ALLOWED_LOWER: dict[str, str] = {
    "mm": "millimetres: the print guide's sizes and ruler, as Korean print shops write them",
    "g": "g/m², the paper weight, as Korean print shops write it",
    "m": "g/m², the paper weight, as Korean print shops write it",
}
# Latin that is not a word: file names, the full look's folder suffix (-ink-full), commands
# and options (the print guide names them), the companion's address and the content
# version (a hex hash) printed beside the QR code.
NOT_WORDS = re.compile(r"[\w.-]+\.pdf|-ink-full|`[^`]*`|(?:cardgen|companion) [a-z]+"
                       r"|--ink [a-z]+"
                       r"|--[a-z-]+(?:/-[a-z])?"
                       r"|\S+://\S+"
                       r"|\d+\.\d+\.\d+\.\d+\S*|(?<=콘텐츠 버전 )[0-9a-f]{8}")


@pytest.fixture(scope="module")
def ko_kit(every_kit: Path) -> dict[str, dict[str, str]]:
    """game id -> {pdf name: its text}, for the KO A4 kit of every registered game (read from
    the session's one build of every kit)."""
    kits: dict[str, dict[str, str]] = {}
    for folder in sorted(every_kit.glob("*/ko-a4")):
        kits[folder.parent.name] = {pdf.name: _text(pdf) for pdf in sorted(folder.glob("*.pdf"))}
    assert kits, "the build wrote no Korean kit"
    return kits


def _embedded_fonts(pdf: Path) -> set[str]:
    """Base names of the fonts a PDF embeds (subset tags dropped: 'AAAAAA+X' -> 'X')."""
    fonts: set[str] = set()
    with pikepdf.open(pdf) as doc:
        for page in doc.pages:
            for font in (page.resources.get("/Font") or {}).values():
                fonts.add(str(font.get("/BaseFont", "")).lstrip("/").split("+")[-1])
    return fonts


def test_korean_titles_print_in_the_korean_display_face(every_kit):
    """Korean kits keep a title face of their own (NanumSquare Bold, as Fjalla One is in
    English), not body-text Gothic in bold: every Korean rulebook and print guide embeds it."""
    for folder in sorted(every_kit.glob("*/ko-*")):
        for name in ("rulebook.pdf", "print-guide.pdf"):
            fonts = _embedded_fonts(folder / name)
            assert "NanumSquareB" in fonts, (folder, name, sorted(fonts))
            assert "FjallaOne" not in fonts, (folder, name, "a Latin title face in Korean")
    for folder in sorted(every_kit.glob("*/en-*")):
        assert "NanumSquareB" not in _embedded_fonts(folder / "rulebook.pdf"), folder


def _text(pdf: Path) -> str:
    doc = pdfium.PdfDocument(pdf)
    try:
        pages = [page.get_textpage().get_text_range() for page in doc]
    finally:
        doc.close()
    return re.sub(r"\s+", " ", " ".join(pages))


def _pages(kits: dict[str, dict[str, str]]) -> list[tuple[str, str, str]]:
    return [(game, name, text) for game, pdfs in kits.items() for name, text in pdfs.items()]


def _around(text: str, start: int) -> str:
    return text[max(0, start - 25):start + 25]


def test_the_korean_kit_reads_back_as_hangul(ko_kit):
    for game, name, text in _pages(ko_kit):
        assert re.search("[가-힣]", text), f"{game}/{name}: no Korean text read back"


def test_no_template_particle_is_printed(ko_kit):
    seams = [f"{game}/{name}: …{_around(text, m.start())}…"
             for game, name, text in _pages(ko_kit) for m in SEAM.finditer(text)]
    assert seams == []


def test_no_lowercase_english_word_is_printed(ko_kit):
    found = [f"{game}/{name}: '{m.group()}' in …{_around(text, m.start())}…"
             for game, name, text in _pages(ko_kit)
             for m in LOWER_WORD.finditer(NOT_WORDS.sub(" ", text))
             if m.group() not in ALLOWED_LOWER]
    assert found == []


def test_no_word_the_games_glossary_rejects_is_printed(ko_kit):
    checked = 0
    for game, pdfs in ko_kit.items():
        terms, problems = read_glossary(CONTENT / game_folder(game))
        assert problems == []
        for term in terms or []:
            for variant in term.reject:
                checked += 1
                for name, text in pdfs.items():
                    assert not uses(text, variant), f"{game}/{name} prints '{variant}': " \
                                                    f"use '{term.ko}'"
    assert checked, "no game has a glossary to check its kit against"


def test_the_wrap_label_takes_the_particle_its_city_needs():
    assert t("ko", "wrap", city="시드니") == "시드니로 이어짐"
    assert t("ko", "wrap", city="런던") == "런던으로 이어짐"
    assert t("ko", "wrap", city="서울") == "서울로 이어짐"
    assert t("en", "wrap", city="Sydney") == "continues at Sydney"


def test_a_missing_korean_title_face_is_named_with_its_install_hint(tmp_path):
    """A font folder with the body faces but not NanumSquare Bold: the Korean build stops with
    the missing file and the fonts-nanum hint, not a traceback or a silent fallback."""
    require(_korean_font_installed(), "no Korean font (apt-get install fonts-nanum)")
    regular, bold = korean_font_files()
    for path in (regular, bold):
        (tmp_path / path.name).write_bytes(path.read_bytes())
    code = ("from cardgen.fonts import FontMissing, korean_display_file\n"
            "try:\n    korean_display_file()\nexcept FontMissing as e:\n    print(e)\n")
    env = {**os.environ, "MISSION_KIT_KO_FONT_DIR": str(tmp_path)}
    result = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert "NanumSquareB.ttf" in result.stdout and "fonts-nanum" in result.stdout, result
