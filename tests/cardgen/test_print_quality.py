"""What a print-and-play hobbyist checks on every game's kit, read back from the PDFs:
backs that match after cutting, crop marks a printer can print, text big enough to read."""

from __future__ import annotations

import io
import json
import math
import shutil
import subprocess
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops

from cardgen import imposition
from cardgen.fonts import fonts_for
from cardgen.geometry import PAPERS, mm
from cardgen.ink import coverage
from cardgen.kit import card_files, kit_for
from cardgen.render.common import Ctx
from missionkit.content import load_game
from missionkit.content.version import content_version
from missionkit.registry import GAMES
from tests.cardgen import kits
from tests.cardgen.pdf_text_boxes import overlaps, text_boxes
from tests.cardgen.pdf_text_sizes import text_sizes
from tests.cardgen.test_build import pdftotext
from tests.cardgen.test_cli_check import cardgen
from tests.conftest import CONTENT, require

SCALE = 2  # px per point


@pytest.fixture(scope="module")
def built(every_kit: Path) -> Path:
    return every_kit


def _shared_back_families(game: str) -> list[tuple[str, int]]:
    """(file name, card count) of each card file of `game` whose first family's cards
    share one back: that many cards from the file's start show the same back."""
    kit = kit_for(game)
    ctx = Ctx(load_game(game, CONTENT), "en", fonts_for("en"))
    return [(runs[0].file_name, len(runs[0].items)) for runs in card_files(kit.families(ctx))
            if runs[0].same_back]


def _back_cells(path: Path, sheet: imposition.Sheet) -> list[Image.Image]:
    """The first back page's cells at the trim, less a 1 px rim, at SCALE px per point.

    The page is viewed through a CropBox whose corner sits at the first cell's fractional
    offset, so every cell starts on a whole pixel (cards are 180 x 252 pt apart): PDFium then
    draws equal backs with equal pixels, and any difference is in the PDF itself."""
    c0 = sheet.cells[0]
    left, bottom = c0.x - math.floor(c0.x), c0.y - math.floor(c0.y)
    width, height = math.floor(sheet.page[0]) - 1, math.floor(sheet.page[1]) - 1
    with pikepdf.open(path) as pdf:
        pdf.pages[1].obj["/CropBox"] = pikepdf.Array([left, bottom, left + width,
                                                      bottom + height])
        buf = io.BytesIO()
        pdf.save(buf)
    image = pdfium.PdfDocument(buf.getvalue())[1].render(scale=SCALE).to_pil().convert("RGB")
    out = []
    for cell in sheet.cells:
        x, y = round((cell.x - left) * SCALE), round((bottom + height - cell.y1) * SCALE)
        out.append(image.crop((x + 1, y + 1, x + round(cell.w * SCALE) - 1,
                               y + round(cell.h * SCALE) - 1)))
    return out


@pytest.mark.parametrize("paper", kits.PAPERS_)
@pytest.mark.parametrize("game", kits.kit_games())
def test_back_cells_are_identical_at_the_trim(built, game, paper):
    """Cut at the trim, every back of a family looks the same: no neighbour's bleed in it
    (before the fix the middle column showed 3 mm of its neighbour's pattern)."""
    back = imposition.back_sheet(imposition.sheet_for(PAPERS[paper]), "long")
    families = _shared_back_families(game)
    assert families
    for file_name, count in families:
        cells = _back_cells(built / game / f"en-{paper}" / file_name, back)[:count]
        for i, cell in enumerate(cells[1:], start=1):
            # pixels off by more than 8/255; a few may be a glyph edge PDFium rounds either way
            # on a half pixel (12 on Dice Mission's gadget back); the old 3 mm seam made 1,400+
            diff = ImageChops.difference(cells[0], cell).convert("L").histogram()
            off = sum(diff[9:])
            assert off <= 50, f"{game} {paper} {file_name}: back {i} differs in {off} pixels"


def _marks_in_pdf(path: Path, index: int) -> list[tuple[float, float, float, float]]:
    """The 0.25 pt lines (crop marks) drawn at the top level of page `index`, as x0 y0 x1 y1."""
    out, width, start = [], 0.0, (0.0, 0.0)
    with pikepdf.open(path) as pdf:
        for operands, op in pikepdf.parse_content_stream(pdf.pages[index]):
            name = str(op)
            if name == "w":
                width = float(operands[0])
            elif name == "m":
                start = (float(operands[0]), float(operands[1]))
            elif name == "l" and width == pytest.approx(0.25):
                out.append((*start, float(operands[0]), float(operands[1])))
    return out


def _check_marks(sheet: imposition.Sheet, marks: list[tuple[float, float, float, float]],
                 where: str) -> None:
    """Every trim line has at least two marks >= 2 mm long lying >= 5 mm in from the paper's
    edge (in the outer margins, or across the gutters), none on a card."""
    pw, ph = sheet.page
    edge, tol = imposition.PAGE_EDGE, 0.01
    printable = [m for m in marks if min(m[0], m[2]) >= edge - tol and max(m[0], m[2])
                 <= pw - edge + tol and min(m[1], m[3]) >= edge - tol
                 and max(m[1], m[3]) <= ph - edge + tol and math.dist(m[:2], m[2:]) >= mm(2)]
    for m in printable:
        mid = ((m[0] + m[2]) / 2, (m[1] + m[3]) / 2)
        assert not any(c.x < mid[0] < c.x1 and c.y < mid[1] < c.y1 for c in sheet.cells), \
            f"{where}: a crop mark lies on a card"
    for x in {round(v, 2) for c in sheet.cells for v in (c.x, c.x1)}:
        ends = [m for m in printable if abs(m[0] - x) < tol and abs(m[2] - x) < tol]
        assert len(ends) >= 2, f"{where}: vertical trim line x={x / mm(1):.2f} mm lacks marks"
    for y in {round(v, 2) for c in sheet.cells for v in (c.y, c.y1)}:
        ends = [m for m in printable if abs(m[1] - y) < tol and abs(m[3] - y) < tol]
        assert len(ends) >= 2, \
            f"{where}: horizontal trim line y={y / mm(1):.2f} mm lacks printable marks"


@pytest.mark.parametrize("paper", kits.PAPERS_)
def test_every_trim_line_has_a_printable_crop_mark_in_the_geometry(paper):
    front = imposition.sheet_for(PAPERS[paper])
    for sheet in (front, imposition.back_sheet(front, "long"),
                  imposition.back_sheet(front, "short")):
        marks = [(*a, *b) for a, b in imposition.crop_marks(sheet)]
        _check_marks(sheet, marks, paper)


@pytest.mark.parametrize("paper", kits.PAPERS_)
@pytest.mark.parametrize("game", kits.kit_games())
def test_every_trim_line_has_a_printable_crop_mark_in_the_pdf(built, game, paper):
    front = imposition.sheet_for(PAPERS[paper])
    back = imposition.back_sheet(front, "long")
    for file_name, _ in _shared_back_families(game):
        path = built / game / f"en-{paper}" / file_name
        _check_marks(front, _marks_in_pdf(path, 0), f"{file_name} front")
        _check_marks(back, _marks_in_pdf(path, 1), f"{file_name} back")


def test_no_text_under_6pt_in_any_pdf(built):
    """Read back every text run's printed size (Tf x text matrix x CTM) in every kit's PDFs."""
    small = []
    for game, lang, paper, folder in kits.folders(built):
        for path in kits.pdfs(folder):
            sizes = text_sizes(path)
            assert sizes, f"{path.name}: no text read"
            if min(sizes) < 6 - 0.01:
                small.append(f"{game} {lang}-{paper} {path.name}: {min(sizes):.2f} pt")
    assert not small, "text under 6 pt:\n" + "\n".join(small)


def test_no_two_text_runs_overlap_on_boards_tiles_and_tokens(built):
    """Read back every text run's box (PDFium) and check them pairwise, page by page."""
    clashes = []
    for game, lang, paper, folder in kits.folders(built):
        for path in kits.pdfs(folder):
            if not path.name.startswith(("board", "tokens")):
                continue
            with pikepdf.open(path) as pdf:
                pages = len(pdf.pages)
            for index in range(pages):
                for a, b in overlaps(text_boxes(path, index)):
                    clashes.append(f"{game} {lang}-{paper} {path.name} p{index + 1}: {a!r}/{b!r}")
    assert not clashes, "\n".join(clashes[:20])


def test_card_sheet_labels_lie_in_the_printable_white_margin(built):
    """Text on a card page is either on a card or on bare paper: outside the bleed (never half
    on a dark fill) and at least imposition.PAGE_EDGE from the paper's edge."""
    for game, lang, _paper, folder in kits.folders(built):
        for path in kits.pdfs(folder):
            with pikepdf.open(path) as pdf:
                boxes = [(tuple(map(float, pg.obj["/TrimBox"])), tuple(map(float, pg.obj[
                    "/BleedBox"])), tuple(map(float, pg.mediabox))) if "/TrimBox" in pg.obj
                    else None for pg in pdf.pages]
            for index, page in enumerate(boxes):
                if page is None:
                    continue
                trim, bleed, media = page
                for words, (x0, y0, x1, y1) in text_boxes(path, index):
                    on_card = (x0 >= trim[0] - 0.5 and x1 <= trim[2] + 0.5
                               and y0 >= trim[1] - 0.5 and y1 <= trim[3] + 0.5)
                    apart = x1 <= bleed[0] or x0 >= bleed[2] or y1 <= bleed[1] or y0 >= bleed[3]
                    edge = imposition.PAGE_EDGE - 0.5
                    printable = (x0 >= edge and y0 >= edge and x1 <= media[2] - edge
                                 and y1 <= media[3] - edge)
                    assert on_card or (apart and printable), (game, lang, path.name, words)


@pytest.mark.parametrize("paper", kits.PAPERS_)
def test_calibration_labels_are_clear_and_readable(tmp_path, paper):
    result = cardgen("calibrate", "--paper", paper, "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    (path,) = tmp_path.glob("*.pdf")
    assert min(text_sizes(path)) >= 6
    for index in (0, 1):
        assert not overlaps(text_boxes(path, index)), f"page {index + 1}"


@pytest.mark.parametrize("paper", kits.PAPERS_)
def test_calibration_page_lies_like_the_card_sheets(built, tmp_path, paper):
    """Letter's cards are imposed landscape (4 x 2), A4's portrait (3 x 3): the duplex test
    page is printed the same way, so the offsets read off it are the card backs' own."""
    for duplex in ("long", "short"):
        result = cardgen("calibrate", "--paper", paper, "--duplex", duplex,
                         "--out", str(tmp_path))
        assert result.returncode == 0, result.stderr
    for game, lang, paper_, folder in kits.folders(built):
        if paper_ != paper or lang != "en":
            continue
        cards = folder / kit_for(game).families(_ctx(game))[0].file_name
        sizes = {_page_sizes(cards)[0]}
        for path in tmp_path.glob("calibrate-*.pdf"):
            sizes |= set(_page_sizes(path))
        assert len(sizes) == 1, (game, sizes)
        ((w, h),) = sizes
        assert (w > h) == (paper == "letter")


def _ctx(game: str) -> Ctx:
    return Ctx(load_game(game, CONTENT), "en", fonts_for("en"))


def _page_sizes(path: Path) -> list[tuple[float, float]]:
    with pikepdf.open(path) as pdf:
        return [(round(float(p.MediaBox[2]), 2), round(float(p.MediaBox[3]), 2))
                for p in pdf.pages]


# the games whose player aids carry the companion's QR, and the page (from 0) it is on
AIDS_WITH_LINK = {"double-mission": 0, "mission-improbable": 0, "dice-mission": 1}


def _qr(path: Path, png: Path, index: int = 0) -> list[str]:
    kits.render(path, index, 200 / 72).save(png)
    return subprocess.run(["zbarimg", "-q", "--raw", str(png)], capture_output=True,
                          text=True).stdout.split()


def test_player_aid_qr_opens_the_companion_with_the_content_version(built, tmp_path):
    """The QR on the aid (and on every kit's print guide) decodes to the companion's address
    with this game and the content version; the version is printed and in the manifest."""
    require(shutil.which("zbarimg") is not None, "zbarimg missing (apt-get install zbar-tools)")
    for game, lang, paper, folder in kits.folders(built):
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
        version = content_version(CONTENT / GAMES[game])
        assert manifest["content_version"] == version
        expected = f"{kits.COMPANION}?game={game}&v={version}"
        files = [("print-guide.pdf", 0)]
        if game in AIDS_WITH_LINK:
            files.append(("player-aids.pdf", AIDS_WITH_LINK[game]))
        for name, index in files:
            found = _qr(folder / name, tmp_path / f"{game}-{lang}-{paper}.png", index)
            assert found and set(found) == {expected}, (game, lang, paper, name, found)
            assert version in pdftotext(folder / name)
        assert manifest["companion_url"] == kits.COMPANION


def test_print_guide_comes_first_and_lists_every_file_and_purchase(built):
    for game, lang, paper, folder in kits.folders(built):
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
        assert manifest["files"][0]["path"] == "print-guide.pdf"
        guide = pdftotext(folder / "print-guide.pdf")
        for entry in manifest["files"]:
            assert entry["path"] in guide, (game, lang, paper, entry["path"])
        for item in manifest.get("bought", []):
            assert " ".join(item.split()) in guide, (game, lang, item)
        assert "100 mm" in guide  # the ruler's label


def test_print_guide_gives_its_own_true_page_count_and_no_sticker_step_without_stickers(built):
    """The guide lists itself too: the count it prints is the pages it has (one, where it
    fits at 8 pt or more); and the order of work names sticker sheets only in a kit that has
    some."""
    for game, lang, paper, folder in kits.folders(built):
        guide = folder / "print-guide.pdf"
        with pikepdf.open(guide) as pdf:
            count = len(pdf.pages)
        flat = " ".join(pdftotext(guide).split())
        listed = f"print-guide.pdf ({count} p.)" if lang == "en" else f"print-guide.pdf ({count}쪽)"
        assert listed in flat, (game, lang, paper, count)
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
        has_stickers = any("sticker" in entry["path"] for entry in manifest["files"])
        sticker_step = "sticker sheets" if lang == "en" else "스티커 용지, 일반"
        assert (sticker_step in flat) == has_stickers, (game, lang, paper)


def test_print_guide_reads_as_plain_words(built):
    """The guide is for someone holding PDFs, not source: no Markdown backticks, and the
    duplex check says what to do at the printer before naming the builder's tool."""
    for game, lang, paper, folder in kits.folders(built):
        guide = pdftotext(folder / "print-guide.pdf")
        assert "`" not in guide, (game, lang, paper)
        flat = " ".join(guide.split())
        assert ("duplex alignment" if lang == "en" else "양면 정렬") in flat, (game, lang)


def test_double_mission_stickers_never_share_a_page_with_cardstock(built):
    for lang in kits.LANGS:
        folder = built / "double-mission" / f"{lang}-a4"
        ctx = Ctx(load_game("double-mission", CONTENT), lang, fonts_for(lang))
        from cardgen.double_mission.tokens import sections

        front, back, cardstock, stickers = sections(ctx)
        tokens, sticker_text = (pdftotext(folder / n) for n in ("tokens.pdf", "stickers.pdf"))
        for section in stickers:
            assert section.heading in sticker_text and section.heading not in tokens
        for section in (front, back, *cardstock):
            assert section.heading in tokens and section.heading not in sticker_text
        kit = kit_for("double-mission")
        stock = {f.name: f.stock for f in kit.files}
        assert (stock["tokens.pdf"], stock["stickers.pdf"]) == ("cardstock", "sticker")


def test_double_mission_prints_one_pawn_per_character(built):
    game = load_game("double-mission", CONTENT)
    text = pdftotext(built / "double-mission" / "en-a4" / "tokens.pdf")
    for ch in game.characters:
        assert ch.name.get("en") in text


def test_home_kit_keeps_the_full_layout_and_inks_under_a_fifth_of_the_paper(built, tmp_path):
    """The default (home) kit has the same files and page counts as `--ink full`, text still
    readable, and the mean share of non-white pixels at 72 dpi under 20 %
    (bench/ink_coverage.py measures both with Ghostscript's inkcov)."""
    args = ["build", "--out", str(tmp_path), "--quiet", "--ink", "full"]
    for game in kits.kit_games():
        args += ["--game", game]
    result = cardgen(*args)
    assert result.returncode == 0, result.stderr
    pages = []
    for game in kits.kit_games():
        folder = built / game / "en-a4"
        home = json.loads((folder / "manifest.json").read_text())
        full = json.loads((tmp_path / game / "en-a4-ink-full" / "manifest.json").read_text())
        assert [(f["path"], f["pages"]) for f in home["files"]] == \
            [(f["path"], f["pages"]) for f in full["files"]]
        for entry in home["files"]:
            path = folder / entry["path"]
            assert min(text_sizes(path)) >= 6 - 0.01, path.name
            pages += coverage(path)
    assert sum(pages) / len(pages) < 0.20
