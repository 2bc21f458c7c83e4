"""Double Mission's kit as a print-and-play hobbyist checks it: the guide buys what the sticker
sheet dresses, and the ink-saver kit has no solid sticker fills, no hairline planes and a grey
overlap strip where the guide says grey."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from reportlab.lib.colors import white

from cardgen import icons, imposition
from cardgen.double_mission import board_layout
from cardgen.fonts import fonts_for
from cardgen.geometry import PAPERS, mm
from cardgen.ink import OUTLINE, InkSaverCanvas
from cardgen.render.common import Ctx
from missionkit.content import load_game
from tests.cardgen import kits
from tests.cardgen.test_build import _korean_font_installed, pdftotext
from tests.cardgen.test_cli_check import cardgen
from tests.conftest import CONTENT, require

DARK = 200  # a pixel darker than this (grey level) is ink that shows, not a pale tint


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    require(_korean_font_installed(), "no Korean font (apt-get install fonts-nanum)")
    out = tmp_path_factory.mktemp("dm-print")
    args = ["build", "--out", str(out), "--quiet", "--game", "double-mission",
            "--lang", "en", "--lang", "ko", "--ink", "home", "--ink", "full",
            "--companion-url", kits.COMPANION]
    result = cardgen(*args)
    assert result.returncode == 0, result.stderr
    return out / "double-mission"


def _dark_share(path: Path, index: int) -> float:
    grey = kits.render(path, index, 1).convert("L").histogram()
    return sum(grey[:DARK]) / sum(grey)


@pytest.mark.parametrize("lang", kits.LANGS)
def test_the_guide_buys_a_die_for_every_die_the_sticker_sheet_dresses(built, lang):
    from cardgen.double_mission.tokens import sections

    game = load_game("double-mission", CONTENT)
    ctx = Ctx(game, lang, fonts_for(lang))
    faces = sections(ctx)[3][-1]  # the die-face stickers
    dice = len(faces.items) // game.game.dice.faces
    guide = " ".join(pdftotext(built / f"{lang}-a4" / "print-guide.pdf").split())
    bought = re.search(r"(\d+) six-sided dice" if lang == "en" else r"6면 주사위 (\d+)개", guide)
    assert bought and int(bought.group(1)) == dice, (lang, dice, bought and bought.group(0))


def test_saver_die_faces_are_outlines_not_solid_colour(built):
    normal = _dark_share(built / "en-a4-ink-full" / "stickers.pdf", 1)
    saver = _dark_share(built / "en-a4" / "stickers.pdf", 1)
    assert saver < 0.2 and saver < normal / 2, (normal, saver)


def test_a_white_plane_on_an_ink_saver_page_is_a_solid_grey_icon(tmp_path):
    """A small filled icon keeps its fill on the saver canvas (its size is measured right,
    ReportLab's ".98" included), and a white plane turns grey, not into a white hairline."""
    path = tmp_path / "plane.pdf"
    c = InkSaverCanvas(str(path), pagesize=(100, 100))
    icons.plane(c, 50, 50, mm(5.8), white)  # as big as on the board's airport badges
    c.save()
    half = round(mm(5.8) * 4 / 2)  # the icon's box at 4 px per point
    box = kits.render(path, 0, 4).convert("L").crop((200 - half, 200 - half, 200 + half,
                                                      200 + half))
    grey = box.histogram()
    assert sum(grey[:200]) / sum(grey) > 0.1  # filled grey, not a white hairline


@pytest.mark.parametrize("lang", kits.LANGS)
def test_saver_tiles_shade_the_overlap_strip_pale_grey(built, lang):
    page, tiles = imposition.best_tiling(board_layout.BOARD, PAPERS["a4"], overlap=mm(10))
    image = kits.render(built / f"{lang}-a4" / "board-tiled.pdf", 0, 1).convert("L")
    d = tiles[0].dest
    x = round(d.x1 - mm(5))
    ys = range(round(page[1] - d.y1 + mm(30)), round(page[1] - d.y - mm(30)))
    column = sorted(image.getpixel((x, y)) for y in ys)
    median = column[len(column) // 2]
    assert 190 < median < 245, median


def test_ink_saver_plane_draws_with_fractional_coordinates():
    """The saver measures a path by its numbers; ".5" is a half, not five."""
    from cardgen.ink import _numbers

    assert _numbers(["n -0.5 .25 m 12 .986457 l h"]) == [-0.5, 0.25, 12.0, 0.986457]



def test_the_link_panel_keeps_four_modules_of_quiet_zone_round_the_qr(tmp_path):
    """On the ink saver the panel's edge is a grey line: it stays 4 QR modules from the code."""
    import segno

    from cardgen.documents import LINK_STRIP, draw_link
    from cardgen.geometry import Rect

    url = "http://127.0.0.1:5000/?v=619ff366"
    path = tmp_path / "link.pdf"
    c = InkSaverCanvas(str(path), pagesize=(320, 120))
    area = Rect(20, 20, 280, LINK_STRIP)
    draw_link(c, Ctx(load_game("double-mission", CONTENT), "en", fonts_for("en"), "home"),
              area, url, "619ff366")
    c.save()
    scale = 4
    image = kits.render(path, 0, scale).convert("L")
    left = image.crop((0, 0, round((area.x + area.h) * scale), image.height))
    dark = left.point(lambda v: 255 if v < 80 else 0).getbbox()
    edge = left.point(lambda v: 255 if 110 < v < 200 else 0).getbbox()
    assert dark and edge
    module = (dark[2] - dark[0]) / len(segno.make(url, error="m").matrix)
    for gap in (dark[0] - edge[0], dark[1] - edge[1], edge[3] - dark[3]):
        assert gap - OUTLINE * scale >= 4 * module, (gap, module)  # from the line's inside


def test_a_white_band_parts_the_link_panel_from_the_player_aid(built):
    """Two outlines on the saver page, panel and aid: at least 4 mm of paper between them."""
    image = kits.render(built / "en-a4" / "player-aids.pdf", 0, 1).convert("L")
    x = image.width - round(mm(25))  # right of the panel's words
    rows = [image.getpixel((x, y)) < 245 for y in range(image.height)]
    runs, y = [], len(rows) - 1
    while y > 0:  # from the bottom: margin, panel edge, panel, panel edge, band, aid edge
        start = y
        while y > 0 and rows[y] == rows[start]:
            y -= 1
        runs.append((rows[start], start - y))
    white = [n for inked, n in runs if not inked]
    assert len(white) >= 3 and white[2] >= mm(4), runs[:6]


@pytest.mark.parametrize("lang", kits.LANGS)
def test_numbered_steps_print_one_marker_not_a_bullet_and_a_number(built, lang):
    for name in ("rules-summary.pdf", "player-aids.pdf"):
        words = pdftotext(built / f"{lang}-a4" / name)
        assert not re.search(r"•\s*\d+\.", words), (lang, name)
        assert " 1. " in " ".join(words.split()), (lang, name)  # still numbered


def test_the_korean_kit_names_the_token_and_las_vegas_as_the_glossary_does(built):
    """One word for the investigation token (수사 기록) and the standard 라스베이거스, on
    every page: cards, board, aid, summary and guide."""
    for pdf in sorted((built / "ko-a4").glob("*.pdf")):
        words = pdftotext(pdf)
        assert "증거" not in words and "라스베가스" not in words, pdf.name
    assert "라스베이거스" in pdftotext(built / "ko-a4" / "board-a2.pdf")


@pytest.mark.parametrize("lang", kits.LANGS)
def test_the_points_word_under_a_title_number_clears_the_laurel(built, lang):
    from cardgen.double_mission.cards import LAUREL_DOT, laurel_dots
    from cardgen.double_mission.layouts import box
    from cardgen.double_mission.strings import t
    from tests.cardgen.pdf_text_boxes import text_boxes

    sheet = imposition.sheet_for(PAPERS["a4"])
    dots = [d for cell in sheet.cells for d in laurel_dots(box("title", "points", cell))]
    page_h = sheet.page[1]
    # the titles follow the missions and characters on the shared sheets: the first sheet
    # holding nothing but titles
    g = load_game("double-mission", CONTENT)
    sheet_no = -(-(len(g.missions) + len(g.characters)) // len(sheet.cells))
    words = [b for w, b in text_boxes(built / f"{lang}-a4" / "missions-characters-titles.pdf",
                                      2 * sheet_no) if w == t(lang, "points")]
    assert len(words) == len(sheet.cells)
    for x0, y0, x1, y1 in words:
        for dx, dy in dots:
            # pdfium boxes count y from the page foot, as the canvas does
            gap_x = max(x0 - (dx + LAUREL_DOT[0]), (dx - LAUREL_DOT[0]) - x1, 0)
            gap_y = max(y0 - (dy + LAUREL_DOT[1]), (dy - LAUREL_DOT[1]) - y1, 0)
            assert max(gap_x, gap_y) >= mm(1.5), (lang, (x0, y0), (dx, dy), page_h)
