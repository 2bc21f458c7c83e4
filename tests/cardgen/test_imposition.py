"""Sheet geometry as numbers: positions, crop marks, mirrored backs, tiling."""

from __future__ import annotations

import itertools

import pytest

from cardgen import imposition
from cardgen.double_mission.layouts import POKER, box
from cardgen.geometry import PAPERS, Rect, mm
from cardgen.imposition import CARD_SIZE, GUTTER, SAFE, SHEET_BLEED

PAPER_IDS = ["a4", "letter"]


@pytest.mark.parametrize("paper", PAPER_IDS)
def test_sheet_is_a_centred_grid_of_poker_cards_a_gutter_apart(paper):
    page = PAPERS[paper]
    sheet = imposition.sheet_for(page)
    assert (sheet.cols, sheet.rows) == ((3, 3) if paper == "a4" else (4, 2))
    assert all((round(c.w, 3), round(c.h, 3)) == (round(CARD_SIZE[0], 3), round(CARD_SIZE[1], 3))
               for c in sheet.cells)
    box_ = sheet.trim_box
    gap = (sheet.cols - 1) * GUTTER, (sheet.rows - 1) * GUTTER
    assert box_.w == pytest.approx(sheet.cols * mm(63.5) + gap[0])
    assert box_.h == pytest.approx(sheet.rows * mm(88.9) + gap[1])
    assert box_.cx == pytest.approx(sheet.page[0] / 2)
    assert box_.cy == pytest.approx(sheet.page[1] / 2)
    assert Rect(0, 0, *sheet.page).contains(sheet.bleed_box)
    # reading order: first cell top-left, last bottom-right
    assert sheet.cells[0].x < sheet.cells[sheet.cols - 1].x
    assert sheet.cells[0].y > sheet.cells[-1].y


def test_a4_sheet_positions_in_points():
    # A4 210 x 297 mm, grid 190.5 mm + 2 gutters of 12 pt (4.23 mm) by 266.7 mm + 2 gutters:
    # side margins 5.52 mm, top and bottom 10.92 mm
    sheet = imposition.sheet_for(PAPERS["a4"])
    first, last = sheet.cells[0], sheet.cells[8]
    assert (round(first.x / mm(1), 2), round(first.y1 / mm(1), 2)) == (5.52, 286.08)
    assert (round(last.x1 / mm(1), 2), round(last.y / mm(1), 2)) == (204.48, 10.92)
    assert round(sheet.cells[1].x - first.x1, 4) == round(GUTTER, 4)


@pytest.mark.parametrize("paper", PAPER_IDS)
def test_every_card_has_two_mm_of_its_own_bleed_on_every_edge_and_none_overlap(paper):
    sheet = imposition.sheet_for(PAPERS[paper])
    for duplex in ("long", "short"):
        for side in (sheet, imposition.back_sheet(sheet, duplex)):
            clips = [side.clip(i) for i in range(len(side.cells))]
            for cell, clip in zip(side.cells, clips, strict=True):
                assert clip.x <= cell.x - mm(2) + 1e-6 and clip.x1 >= cell.x1 + mm(2) - 1e-6
                assert clip.y <= cell.y - mm(2) + 1e-6 and clip.y1 >= cell.y1 + mm(2) - 1e-6
            for a, b in itertools.combinations(clips, 2):
                overlap_w = min(a.x1, b.x1) - max(a.x, b.x)
                overlap_h = min(a.y1, b.y1) - max(a.y, b.y)
                assert overlap_w <= 1e-6 or overlap_h <= 1e-6, (a, b)


@pytest.mark.parametrize("paper", PAPER_IDS)
def test_crop_marks_stay_off_every_card_and_print_inside_the_printable_area(paper):
    sheet = imposition.sheet_for(PAPERS[paper])
    marks = imposition.crop_marks(sheet)
    pw, ph = sheet.page
    edge = imposition.PAGE_EDGE
    xs = {round(v, 1) for c in sheet.cells for v in (c.x, c.x1)}
    ys = {round(v, 1) for c in sheet.cells for v in (c.y, c.y1)}
    marked_x = {round(x0, 1) for (x0, _), (x1, _) in marks if x0 == x1}
    marked_y = {round(y0, 1) for (_, y0), (_, y1) in marks if y0 == y1}
    assert marked_x == xs and marked_y == ys  # every trim line is marked
    for (x0, y0), (x1, y1) in marks:
        assert edge - 1e-6 <= min(x0, x1) and max(x0, x1) <= pw - edge + 1e-6
        assert edge - 1e-6 <= min(y0, y1) and max(y0, y1) <= ph - edge + 1e-6
        assert abs(x1 - x0) + abs(y1 - y0) >= imposition.MARK_MIN - 1e-6
        for x, y in ((x0, y0), (x1, y1), ((x0 + x1) / 2, (y0 + y1) / 2)):
            assert not any(c.x < x < c.x1 and c.y < y < c.y1 for c in sheet.cells), \
                "a crop mark crosses a card"


def test_long_edge_backs_mirror_columns():
    front = imposition.card_sheet(PAPERS["a4"])
    back = imposition.back_sheet(front, "long")
    pw = PAPERS["a4"][0]
    for f, b in zip(front.cells, back.cells, strict=True):
        assert b.x == pytest.approx(pw - f.x1) and b.y == pytest.approx(f.y)
    # the card in the top-left slot has its back in the top-right slot
    assert back.cells[0].x == pytest.approx(front.cells[2].x)


def test_short_edge_backs_mirror_rows():
    front = imposition.card_sheet(PAPERS["a4"])
    back = imposition.back_sheet(front, "short")
    ph = PAPERS["a4"][1]
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


def test_clip_adds_the_same_bleed_on_every_edge():
    """Edges facing the paper, a neighbour or an empty slot alike (a deck's last sheet)."""
    sheet = imposition.sheet_for(PAPERS["a4"])
    for i, cell in enumerate(sheet.cells):
        assert sheet.clip(i) == cell.grow(SHEET_BLEED)
    assert mm(2) <= SHEET_BLEED


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


def test_the_home_looks_frame_band_ends_clear_of_the_safe_zone():
    """Issue #27 review: titles and footers sat 0.5 mm from the inner edge of the home look's
    frame band (1.6 mm wide, 2 mm in), so every card looked cramped at its edge. Every layout
    box lies inside SAFE (the test above); the band now ends 0.3 mm or more outside it, on
    fronts, and a back's wider band within its pattern's clip."""
    from cardgen.render import card_parts

    white_edge, band, back_band = card_parts.FRAME_AT, card_parts.FRAME, card_parts.BACK_FRAME
    assert SAFE - (white_edge + band) >= mm(0.3)
    assert white_edge >= mm(1.5)  # the white edge that forgives a cut inside the trim
    assert white_edge + back_band <= SAFE + mm(1)
