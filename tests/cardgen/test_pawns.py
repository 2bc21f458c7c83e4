"""Double Mission's pawns stand the right way up once folded as the sheet says (fold in the
middle, tabs outwards: the fold is the pawn's top): in each panel the character's name, the
picture's foot, lies at the end away from the fold, so the picture's top is next to it."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest

from cardgen.double_mission import pawns
from cardgen.geometry import PAPERS
from missionkit.content import load_game
from tests.cardgen.pdf_text_boxes import text_boxes
from tests.cardgen.test_cli_check import cardgen
from tests.conftest import CONTENT


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("pawns")
    result = cardgen("build", "--out", str(out), "--quiet", "--game", "double-mission")
    assert result.returncode == 0, result.stderr
    return out / "double-mission" / "en-a4" / "tokens.pdf"  # the pawns: its last sheet


def test_both_pictures_have_their_top_at_the_fold_in_the_geometry():
    for box in pawns.strips(PAPERS["a4"], 5):
        fold = pawns.fold(box)
        for panel, turn in pawns.panels(box):
            # a picture's top is its panel's upper edge, turned half round: its lower edge
            top = panel.y1 if turn == 0 else panel.y
            assert top == pytest.approx(fold), (panel, turn)


def test_every_name_sits_at_the_panel_end_away_from_the_fold(built):
    game = load_game("double-mission", CONTENT)
    with pikepdf.open(built) as pdf:
        last = len(pdf.pages) - 1
    boxes = text_boxes(built, last)
    strips = pawns.strips(PAPERS["a4"], len(game.characters))
    for ch, strip in zip(game.characters, strips, strict=True):
        fold = pawns.fold(strip)
        runs = [b for words, b in boxes if words == ch.name.en
                and strip.x <= (b[0] + b[2]) / 2 <= strip.x1]
        assert len(runs) == 2, (ch.name.en, runs)  # one per picture
        for _, bottom, _, top in runs:
            middle = (bottom + top) / 2
            assert abs(middle - fold) > pawns.PANEL / 2, (ch.name.en, middle, fold)


def test_each_pawn_shows_its_characters_figure_on_both_faces(built):
    """Issue #27: the pawns printed a monogram ("Ja", "Jo") where the cards show a figure;
    each face now draws the figure art.yaml gives the character on its cards."""
    from cardgen import icons
    from tests.cardgen.test_build import pdftotext

    game = load_game("double-mission", CONTENT)
    figures = icons.art()["double_mission"]["characters"]
    with pikepdf.open(built) as pdf:
        page = pdf.pages[-1]
        drawn = [str(operands[0]) for operands, op in pikepdf.parse_content_stream(page)
                 if str(op) == "Do"]
    for ch in game.characters:
        assert drawn.count(f"/FormXob.gi-{figures[ch.id]}") == 2, (ch.id, drawn)
    words = set(pdftotext(built).split())
    assert not {"Ja", "Jo", "Q", "K", "A"} & words


def test_fold_lines_print_dashed_and_only_the_outline_solid(built):
    """Issue #27 review: on the home look each panel's coloured outline lay on its fold
    lines, so four of five pawns showed solid lines where they fold, like one more cut.
    Read off the rendered pawn page: along each fold the line breaks into dashes, along
    the strip's outline (the cut) it does not."""
    from tests.cardgen.sheet_use import pages

    dpi = 200
    page = pages(built, dpi)[-1]
    height = PAPERS["a4"][1]

    def runs(y: float, x0: float, x1: float) -> int:
        """How many dark runs the row at PDF height y holds between x0 and x1 (points)."""
        row = round((height - y) / 72 * dpi)
        px = [page.getpixel((round(x / 72 * dpi), row)) < 160
              for x in [x0 + (x1 - x0) * i / 400 for i in range(401)]]
        return sum(1 for a, b in zip([False, *px], px, strict=False) if b and not a)

    for strip in pawns.strips(PAPERS["a4"], 5):
        inside = (strip.x + 3, strip.x1 - 3)
        for y in (pawns.fold(strip), strip.y + pawns.TAB, strip.y1 - pawns.TAB):
            assert max(runs(y + d, *inside) for d in (-0.3, 0, 0.3)) >= 8, (strip, y)
        assert runs(strip.y, *inside) == 1  # the cut line: one unbroken run
