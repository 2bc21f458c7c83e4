"""Sheet imposition: where cards sit on paper, crop marks, mirrored backs and board tiles.

Pure geometry (points), computed before any drawing so it can be tested as numbers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from .geometry import Rect, mm

Duplex = Literal["long", "short"]
CARD_SIZE = (mm(63.5), mm(88.9))
BLEED = mm(3)  # what a card's artwork paints past its trim (a single card's image, a form)
# between neighbouring cards on a sheet: each card's own bleed, then the next's; 12 pt
# (4.23 mm) makes the card pitch whole points (192 x 264), so every card of a sheet meets the
# same pixel grid and prints (and renders) alike
GUTTER = 12.0
SHEET_BLEED = GUTTER / 2  # a card on a sheet shows this much bleed on every edge
SAFE = mm(3)
MARK_GAP = mm(1)
MARK_LENGTH = mm(6)
PAGE_EDGE = mm(5)  # most printers cannot print the outer 5 mm: the marks' ink stays inside
MARK_MIN = mm(2)  # a crop mark shorter than this is hard to find and to cut along
GUTTER_MARK_GAP = mm(0.5)  # a crop mark in a gutter stops this short of either card


@dataclass(frozen=True)
class Sheet:
    """A page of cards: trim rectangles in reading order and the page boxes."""

    page: tuple[float, float]
    cells: tuple[Rect, ...]
    cols: int
    rows: int
    gutter: float = GUTTER

    @property
    def bleed(self) -> float:
        """The bleed every card shows on every edge: half the gutter (neighbours' bleeds
        meet in its middle and never overlap)."""
        return self.gutter / 2

    @property
    def trim_box(self) -> Rect:
        box = self.cells[0]
        for cell in self.cells[1:]:
            box = box.union(cell)
        return box

    @property
    def bleed_box(self) -> Rect:
        return self.trim_box.grow(self.bleed)

    def clip(self, index: int) -> Rect:
        """The area card `index` may paint: its trim plus `bleed` on every side, the edges
        facing a neighbour, the paper's edge or an empty slot alike, so a cut a little off
        the line lands on the card's own artwork, never on its neighbour's or on paper."""
        return self.cells[index].grow(self.bleed)


def card_sheet(page: tuple[float, float], card: tuple[float, float] = CARD_SIZE,
               cols: int = 3, rows: int = 3, gutter: float = GUTTER) -> Sheet:
    """A centred grid of cards `gutter` apart; cells run left to right, top to bottom.
    ValueError when the grid and its bleed do not fit inside the page."""
    w, h = card
    gx = (page[0] - cols * w - (cols - 1) * gutter) / 2
    gy = (page[1] - rows * h - (rows - 1) * gutter) / 2
    if min(gx, gy) < gutter / 2:
        raise ValueError(f"{cols}x{rows} cards with bleed do not fit the page")
    cells = tuple(
        Rect(gx + c * (w + gutter), gy + (rows - 1 - r) * (h + gutter), w, h)
        for r in range(rows) for c in range(cols)
    )
    return Sheet(page, cells, cols, rows, gutter)


def printable(sheet: Sheet) -> bool:
    """Whether every card's trim lies inside the printable area (PAGE_EDGE in from the paper)
    and the marks of the trim lines across the sheet's short margins get MARK_MIN of ink."""
    box, (pw, ph) = sheet.trim_box, sheet.page
    if min(box.x, box.y, pw - box.x1, ph - box.y1) < PAGE_EDGE:
        return False
    return max(mark_lengths(sheet)) >= MARK_MIN


def mark_lengths(sheet: Sheet) -> tuple[float, float]:
    """How long the outer crop marks can be: (in the side margins, in the top and bottom
    margins), from MARK_GAP past the bleed to PAGE_EDGE."""
    box, (pw, ph) = sheet.bleed_box, sheet.page
    side = min(box.x, pw - box.x1) - MARK_GAP - PAGE_EDGE
    end = min(box.y, ph - box.y1) - MARK_GAP - PAGE_EDGE
    return min(side, MARK_LENGTH), min(end, MARK_LENGTH)


def sheet_for(paper: tuple[float, float]) -> Sheet:
    """The card sheet for a paper: 3 x 3 portrait, 4 mm apart, where every trim lies in the
    printable area (A4: side margins 5.75 mm), else 4 x 2 landscape (Letter: 3 rows and two
    gutters leave 2.35 mm top and bottom, inside any printer's unprintable edge; 4 x 2
    landscape and 2 x 4 rotated both hold 8, and landscape keeps the cards upright as on A4)."""
    portrait = (min(paper), max(paper))
    try:
        sheet = card_sheet(portrait, cols=3, rows=3)
        if printable(sheet):
            return sheet
    except ValueError:
        pass
    return card_sheet((portrait[1], portrait[0]), cols=4, rows=2)


def cards_per_sheet(paper: tuple[float, float]) -> int:
    """How many cards a card sheet of `paper` holds (sheet_for): 9 on A4, 8 on Letter."""
    return len(sheet_for(paper).cells)


def mirrors_x(page: tuple[float, float], duplex: Duplex) -> bool:
    """Whether a page's back is its front mirrored left to right (else top to bottom).

    The sheet turns around the paper's long or short edge: on a portrait page long-edge
    duplex mirrors x, on a landscape page it mirrors y (the paper's long edge is then
    horizontal)."""
    return (duplex == "long") == (page[0] <= page[1])


def behind(page: tuple[float, float], duplex: Duplex,
           point: tuple[float, float]) -> tuple[float, float]:
    """Where on the back page a point of the front page lies, once the sheet is flipped."""
    x, y = point
    return (page[0] - x, y) if mirrors_x(page, duplex) else (x, page[1] - y)


def back_cells(cells: tuple[Rect, ...], page: tuple[float, float], duplex: Duplex,
               offset: tuple[float, float] = (0, 0)) -> tuple[Rect, ...]:
    """Where each front cell's back lies on the back page once the sheet is flipped (see
    mirrors_x). `offset` (points) corrects a printer's misregistration."""
    pw, ph = page
    dx, dy = offset
    mirror_x = mirrors_x(page, duplex)
    out = []
    for cell in cells:
        x = pw - cell.x1 if mirror_x else cell.x
        y = cell.y if mirror_x else ph - cell.y1
        out.append(Rect(x + dx, y + dy, cell.w, cell.h))
    return tuple(out)


def back_sheet(front: Sheet, duplex: Duplex = "long",
               offset: tuple[float, float] = (0, 0)) -> Sheet:
    """The back page: cell i lies behind front cell i (see back_cells)."""
    return Sheet(front.page, back_cells(front.cells, front.page, duplex, offset), front.cols,
                 front.rows, front.gutter)


Segment = tuple[tuple[float, float], tuple[float, float]]


def crop_marks(sheet: Sheet) -> list[Segment]:
    """Short lines extending every trim line, their ink inside the printable area (PAGE_EDGE)
    and on no card: in the outer margin past the bleed where it leaves MARK_MIN, else across
    each gutter the line passes (A4's and Letter's side margins are all bleed and unprintable
    edge: a horizontal line is marked in the gutters between columns, a ruler laid on those
    marks cuts it across the sheet)."""
    pw, ph = sheet.page
    box = sheet.bleed_box
    side, end = mark_lengths(sheet)
    xs = sorted({round(c.x, 4) for c in sheet.cells} | {round(c.x1, 4) for c in sheet.cells})
    ys = sorted({round(c.y, 4) for c in sheet.cells} | {round(c.y1, 4) for c in sheet.cells})
    marks: list[Segment] = []
    if end >= MARK_MIN:
        for x in xs:
            marks += [((x, box.y - MARK_GAP), (x, box.y - MARK_GAP - end)),
                      ((x, box.y1 + MARK_GAP), (x, box.y1 + MARK_GAP + end))]
    else:
        marks += _gutter_marks(sheet, xs, vertical=True)
    if side >= MARK_MIN:
        for y in ys:
            marks += [((box.x - MARK_GAP, y), (box.x - MARK_GAP - side, y)),
                      ((box.x1 + MARK_GAP, y), (box.x1 + MARK_GAP + side, y))]
    else:
        marks += _gutter_marks(sheet, ys, vertical=False)
    return marks


def _gutter_marks(sheet: Sheet, lines: list[float], *, vertical: bool) -> list[Segment]:
    """Marks of the trim lines `lines` (x when `vertical`, else y) across the gutters
    between rows (vertical) or columns (horizontal), GUTTER_MARK_GAP clear of the cards."""
    cells = sheet.cells
    if vertical:
        lows = sorted({round(c.y, 4) for c in cells})[1:]
        highs = sorted({round(c.y1, 4) for c in cells})[:-1]
    else:
        lows = sorted({round(c.x, 4) for c in cells})[1:]
        highs = sorted({round(c.x1, 4) for c in cells})[:-1]
    marks: list[Segment] = []
    for a, b in zip(highs, lows, strict=True):  # a gutter runs from a card's edge to the next
        a, b = a + GUTTER_MARK_GAP, b - GUTTER_MARK_GAP
        for v in lines:
            marks.append(((v, a), (v, b)) if vertical else ((a, v), (b, v)))
    return marks


@dataclass(frozen=True)
class Tile:
    """One page of a tiled poster: which part of the board it shows and where."""

    row: int
    col: int
    source: Rect  # area of the board (board coordinates, points)
    dest: Rect  # where that area is drawn on the page

    @property
    def label(self) -> str:
        return f"{chr(ord('A') + self.row)}{self.col + 1}"


def tiles(board: tuple[float, float], page: tuple[float, float], *, margin: float = mm(10),
          overlap: float = mm(10)) -> list[Tile]:
    """Cut a board into equal tiles that overlap by `overlap` for gluing, centred on the page.

    As few tiles as fit the page less `margin`, then shared out evenly, so no page carries a
    thin strip of board. Rows run from the board's top.
    """
    bw, bh = board
    aw, ah = page[0] - 2 * margin, page[1] - 2 * margin
    cols = max(1, math.ceil((bw - overlap) / (aw - overlap)))
    rows = max(1, math.ceil((bh - overlap) / (ah - overlap)))
    w = (bw + (cols - 1) * overlap) / cols
    h = (bh + (rows - 1) * overlap) / rows
    out = []
    for r in range(rows):
        for c in range(cols):
            source = Rect(c * (w - overlap), bh - h - r * (h - overlap), w, h)
            dest = Rect((page[0] - w) / 2, (page[1] - h) / 2, w, h)
            out.append(Tile(r, c, source, dest))
    return out


def best_tiling(board: tuple[float, float], page: tuple[float, float], **kw: float) -> tuple[
        tuple[float, float], list[Tile]]:
    """Tile on portrait or landscape paper, whichever needs fewer pages."""
    portrait = tiles(board, page, **kw)
    landscape_page = (page[1], page[0])
    landscape = tiles(board, landscape_page, **kw)
    return (page, portrait) if len(portrait) <= len(landscape) else (landscape_page, landscape)
