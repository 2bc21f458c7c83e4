"""Sheet geometry as numbers: positions, crop marks, mirrored backs, tiling."""

from __future__ import annotations

import itertools

import pytest

from cardgen import imposition
from cardgen.double_mission.layouts import POKER, box
from cardgen.geometry import PAPERS, Rect, mm
from cardgen.imposition import BLEED, CARD_SIZE, SAFE

PAPER_IDS = ["a4", "letter"]


@pytest.mark.parametrize("paper", PAPER_IDS)
def test_sheet_is_a_centred_3x3_grid_of_poker_cards(paper):
    page = PAPERS[paper]
    sheet = imposition.card_sheet(page)
    assert len(sheet.cells) == 9
    assert all((round(c.w, 3), round(c.h, 3)) == (round(CARD_SIZE[0], 3), round(CARD_SIZE[1], 3))
               for c in sheet.cells)
    box_ = sheet.trim_box
    assert box_.w == pytest.approx(3 * mm(63.5)) and box_.h == pytest.approx(3 * mm(88.9))
    assert box_.cx == pytest.approx(page[0] / 2) and box_.cy == pytest.approx(page[1] / 2)
    assert Rect(0, 0, *page).contains(sheet.bleed_box)
    # reading order: first cell top-left, third top-right, seventh bottom-left
    assert sheet.cells[0].x < sheet.cells[2].x and sheet.cells[0].y > sheet.cells[6].y


def test_a4_sheet_positions_in_points():
    # A4 210 x 297 mm, grid 190.5 x 266.7 mm: side margins 9.75 mm, top margin 15.15 mm
    sheet = imposition.card_sheet(PAPERS["a4"])
    first, last = sheet.cells[0], sheet.cells[8]
    assert (round(first.x / mm(1), 2), round(first.y1 / mm(1), 2)) == (9.75, 281.85)
    assert (round(last.x1 / mm(1), 2), round(last.y / mm(1), 2)) == (200.25, 15.15)


@pytest.mark.parametrize("paper", PAPER_IDS)
def test_crop_marks_stay_off_every_card(paper):
    sheet = imposition.card_sheet(PAPERS[paper])
    marks = imposition.crop_marks(sheet)
    assert len(marks) == 2 * 4 + 2 * 4  # 4 vertical and 4 horizontal trim lines, both ends
    trim = sheet.trim_box
    pw, ph = PAPERS[paper]
    for (x0, y0), (x1, y1) in marks:
        assert 0 < x0 < pw and 0 < x1 < pw and 0 < y0 < ph and 0 < y1 < ph
        assert (x0, y0) != (x1, y1)
        for x, y in ((x0, y0), (x1, y1), ((x0 + x1) / 2, (y0 + y1) / 2)):
            inside = trim.x < x < trim.x1 and trim.y < y < trim.y1
            assert not inside, "a crop mark crosses a card"
        # each mark extends a trim line
        on_line = (x0 == x1 and any(abs(x0 - v) < 1e-3 for c in sheet.cells for v in (c.x, c.x1))
                   ) or (y0 == y1 and any(abs(y0 - v) < 1e-3 for c in sheet.cells
                                          for v in (c.y, c.y1)))
        assert on_line


def test_long_edge_backs_mirror_columns():
    front = imposition.card_sheet(PAPERS["a4"])
    back = imposition.back_sheet(front, "long")
    pw = PAPERS["a4"][0]
    for f, b in zip(front.cells, back.cells, strict=True):
        assert b.x == pytest.approx(pw - f.x1) and b.y == pytest.approx(f.y)
    # the card in the top-left slot has its back in the top-right slot
    assert back.cells[0].x == pytest.approx(front.cells[2].x)


def test_short_edge_backs_mirror_rows():
    front = imposition.card_sheet(PAPERS["letter"])
    back = imposition.back_sheet(front, "short")
    ph = PAPERS["letter"][1]
    for f, b in zip(front.cells, back.cells, strict=True):
        assert b.x == pytest.approx(f.x) and b.y == pytest.approx(ph - f.y1)
    assert back.cells[0].y == pytest.approx(front.cells[6].y)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_behind_finds_each_cards_back(paper, duplex):
    """A point of the front (the calibration page's crosses) flips as the cards do."""
    front = imposition.sheet_for(PAPERS[paper])
    back = imposition.back_sheet(front, duplex)
    for f, b in zip(front.cells, back.cells, strict=True):
        assert imposition.behind(front.page, duplex, (f.cx, f.cy)) == pytest.approx((b.cx, b.cy))


def test_back_offsets_shift_every_back():
    front = imposition.card_sheet(PAPERS["a4"])
    plain = imposition.back_sheet(front, "long")
    moved = imposition.back_sheet(front, "long", (mm(1.5), -mm(2)))
    for a, b in zip(plain.cells, moved.cells, strict=True):
        assert b.x - a.x == pytest.approx(mm(1.5)) and b.y - a.y == pytest.approx(-mm(2))


def test_clip_adds_bleed_only_on_the_outer_edges():
    sheet = imposition.card_sheet(PAPERS["a4"])
    corner, centre = sheet.clip(0), sheet.clip(4)
    assert corner.x == pytest.approx(sheet.cells[0].x - BLEED)
    assert corner.y1 == pytest.approx(sheet.cells[0].y1 + BLEED)
    assert corner.x1 == pytest.approx(sheet.cells[0].x1)
    assert centre == sheet.cells[4]
    union = sheet.clip(0)
    for i in range(1, 9):
        union = union.union(sheet.clip(i))
    assert union == pytest.approx(sheet.bleed_box) or union.box() == sheet.bleed_box.box()


@pytest.mark.parametrize("paper", PAPER_IDS)
def test_tiles_cover_the_board_with_the_overlap(paper):
    board = (mm(594), mm(420))
    overlap = mm(10)
    page, tiles = imposition.best_tiling(board, PAPERS[paper], overlap=overlap)
    rows = max(t.row for t in tiles) + 1
    cols = max(t.col for t in tiles) + 1
    assert len(tiles) == rows * cols <= 9
    assert tiles[0].source.x == 0 and tiles[0].source.y1 == pytest.approx(board[1])
    assert max(t.source.x1 for t in tiles) == pytest.approx(board[0])
    assert min(t.source.y for t in tiles) == pytest.approx(0)
    by = {(t.row, t.col): t for t in tiles}
    for (r, c), tile in by.items():
        assert Rect(0, 0, *page).contains(tile.dest)
        assert tile.dest.w == pytest.approx(tile.source.w)  # 1:1 scale
        if (r, c + 1) in by:
            assert tile.source.x1 - by[(r, c + 1)].source.x == pytest.approx(overlap)
        if (r + 1, c) in by:
            assert by[(r + 1, c)].source.y1 - tile.source.y == pytest.approx(overlap)
    assert {t.label for t in tiles} >= {"A1", f"{chr(64 + rows)}{cols}"}
    # no strip pages: every tile shows the same share of the board
    assert {(round(t.source.w, 3), round(t.source.h, 3)) for t in tiles} == {
        (round(tiles[0].source.w, 3), round(tiles[0].source.h, 3))}


@pytest.mark.parametrize(("layout", "name"), [
    (layout, name) for layout, boxes in POKER.items() for name in boxes])
def test_every_layout_box_is_inside_the_safe_zone(layout, name):
    trim = Rect(0, 0, *CARD_SIZE)
    assert trim.shrink(SAFE).contains(box(layout, name, trim), tol=0.01)


@pytest.mark.parametrize("layout", list(POKER))
def test_text_boxes_do_not_overlap_other_boxes(layout):
    trim = Rect(0, 0, *CARD_SIZE)
    boxes = {n: box(layout, n, trim) for n in POKER[layout]}
    for (a, ra), (b, rb) in itertools.combinations(boxes.items(), 2):
        overlap_w = min(ra.x1, rb.x1) - max(ra.x, rb.x)
        overlap_h = min(ra.y1, rb.y1) - max(ra.y, rb.y)
        assert overlap_w <= 0.01 or overlap_h <= 0.01, (a, b)
