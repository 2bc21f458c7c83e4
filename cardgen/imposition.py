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
BLEED = mm(3)
SAFE = mm(3)
MARK_GAP = mm(1)
MARK_LENGTH = mm(6)
PAGE_EDGE = mm(4.5)  # most printers cannot print the outer 4-5 mm: marks stop short of it
MARK_MIN = mm(2)  # a crop mark shorter than this is hard to find and to cut along


@dataclass(frozen=True)
class Sheet:
    """A page of cards: trim rectangles in reading order and the page boxes."""

    page: tuple[float, float]
    cells: tuple[Rect, ...]
    cols: int
    rows: int

    @property
    def trim_box(self) -> Rect:
        box = self.cells[0]
        for cell in self.cells[1:]:
            box = box.union(cell)
        return box

    @property
    def bleed_box(self) -> Rect:
        return self.trim_box.grow(BLEED)

    def clip(self, index: int) -> Rect:
        """The area card `index` may paint: its trim, plus bleed on the grid's outer sides.

        Cards are butted (no gutter) so 3 x 3 poker cards fit A4; inside the grid a card's
        neighbour serves as its bleed, so each card is clipped to its own cell there. The outer
        sides are found by position, not index: on a mirrored back page cell 0 lies top right.
        """
        cell, box = self.cells[index], self.trim_box
        left = BLEED if abs(cell.x - box.x) < 1e-3 else 0
        right = BLEED if abs(cell.x1 - box.x1) < 1e-3 else 0
        top = BLEED if abs(cell.y1 - box.y1) < 1e-3 else 0
        bottom = BLEED if abs(cell.y - box.y) < 1e-3 else 0
        return Rect(cell.x - left, cell.y - bottom, cell.w + left + right, cell.h + top + bottom)


def card_sheet(page: tuple[float, float], card: tuple[float, float] = CARD_SIZE,
               cols: int = 3, rows: int = 3) -> Sheet:
    """A centred grid of butted cards; cells run left to right, top to bottom."""
    w, h = card
    gx = (page[0] - cols * w) / 2
    gy = (page[1] - rows * h) / 2
    if gx < BLEED or gy < BLEED:
        raise ValueError(f"{cols}x{rows} cards with bleed do not fit the page")
    cells = tuple(
        Rect(gx + c * w, gy + (rows - 1 - r) * h, w, h) for r in range(rows) for c in range(cols)
    )
    return Sheet(page, cells, cols, rows)


def mark_room(page: tuple[float, float], cols: int, rows: int,
              card: tuple[float, float] = CARD_SIZE) -> float:
    """How long the shortest crop mark of a centred cols x rows grid can be on `page`."""
    margin = min(page[0] - cols * card[0], page[1] - rows * card[1]) / 2
    return margin - MARK_GAP - PAGE_EDGE


def sheet_for(paper: tuple[float, float]) -> Sheet:
    """The card sheet for a paper: 3 x 3 portrait where its crop marks fit in the printable
    area (A4), else 4 x 2 landscape (Letter: 3 rows leave 6.35 mm, no room for a mark)."""
    portrait = (min(paper), max(paper))
    if mark_room(portrait, 3, 3) >= MARK_MIN:
        return card_sheet(portrait, cols=3, rows=3)
    return card_sheet((portrait[1], portrait[0]), cols=4, rows=2)


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
                 front.rows)


Segment = tuple[tuple[float, float], tuple[float, float]]


def crop_marks(sheet: Sheet) -> list[Segment]:
    """Short lines in the margins extending every trim line; none crosses a card."""
    pw, ph = sheet.page
    box = sheet.trim_box
    xs = sorted({round(c.x, 4) for c in sheet.cells} | {round(c.x1, 4) for c in sheet.cells})
    ys = sorted({round(c.y, 4) for c in sheet.cells} | {round(c.y1, 4) for c in sheet.cells})
    marks: list[Segment] = []
    for x in xs:
        below0, below1 = box.y - MARK_GAP, max(box.y - MARK_GAP - MARK_LENGTH, PAGE_EDGE)
        above0, above1 = box.y1 + MARK_GAP, min(box.y1 + MARK_GAP + MARK_LENGTH, ph - PAGE_EDGE)
        marks += [((x, below0), (x, below1)), ((x, above0), (x, above1))]
    for y in ys:
        left0, left1 = box.x - MARK_GAP, max(box.x - MARK_GAP - MARK_LENGTH, PAGE_EDGE)
        right0, right1 = box.x1 + MARK_GAP, min(box.x1 + MARK_GAP + MARK_LENGTH, pw - PAGE_EDGE)
        marks += [((left0, y), (left1, y)), ((right0, y), (right1, y))]
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
