"""PDF files: a canvas set up for print, and card sheets with crop marks and duplex backs."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reportlab.lib.colors import white
from reportlab.pdfbase.pdfmetrics import getAscentDescent
from reportlab.pdfgen.canvas import Canvas

from . import imposition
from .geometry import Rect, mm
from .imposition import Duplex, Sheet
from .ink import HomeInkCanvas, pale_tint, saves_ink
from .render.common import INK, Ctx, clipped
from .sheet_words import word

if TYPE_CHECKING:
    from .kit import CardFamily, Draw

class Document:
    """A print-ready PDF: embedded fonts only, metadata, no print scaling, deterministic."""

    def __init__(self, path: Path, page: tuple[float, float], ctx: Ctx, *, title: str,
                 subject: str):
        self.path, self.ctx, self.pages = path, ctx, 0
        # the companion's address ("" when none is known: a box to write it in) and the
        # content version
        self.link, self.version = "", ""
        self.versioned: set[Path] = set()  # where draw_link notes that this file prints them
        kind = Canvas if ctx.ink == "full" else HomeInkCanvas
        self.canvas = kind(str(path), pagesize=page, invariant=1, pageCompression=1,
                           initialFontName=ctx.fonts.body, initialFontSize=9)
        c = self.canvas
        c.setTitle(title)
        c.setSubject(subject)
        c.setAuthor("Mission Kit")
        c.setCreator("Mission Kit cardgen")
        c.setKeywords(f"{ctx.game.id}, {ctx.lang}, print and play")
        c.setViewerPreference("PrintScaling", "None")

    def set_boxes(self, trim: Rect | None, bleed: Rect | None) -> None:
        """TrimBox and BleedBox for the page being drawn (None removes them)."""
        self.canvas.setTrimBox(trim.box() if trim else None)
        self.canvas.setBleedBox(bleed.box() if bleed else None)

    def end_page(self) -> None:
        self.canvas.showPage()
        self.pages += 1

    def save(self) -> int:
        self.canvas.save()
        return self.pages

    def draw_link(self, area: Rect) -> None:
        """The companion's QR code, address and content version in `area`, or a box to write
        the address in (see draw_link); noted in `versioned`, so that the build rewrites this
        file when the content or the companion's address changes."""
        draw_link(self.canvas, self.ctx, area, self.link, self.version)
        self.versioned.add(self.path)


def draw_crop_marks(c: Canvas, sheet: Sheet) -> None:
    """Crop marks: a white halo under a 0.25 pt black line, so they show over dark bleed."""
    marks = imposition.crop_marks(sheet)
    c.saveState()
    c.setLineCap(0)
    for width, color in ((1.2, white), (0.25, INK)):
        c.setLineWidth(width)
        c.setStrokeColor(color)
        for (x0, y0), (x1, y1) in marks:
            c.line(x0, y0, x1, y1)
    c.restoreState()


def sheet_label(c: Canvas, ctx: Ctx, sheet: Sheet, label: str) -> None:
    """A small label in the white margin under the cards: game, component, page, side.

    It sits between the bleed and the printable edge (PAGE_EDGE), so it is never half on a
    dark bleed, and under the bottom row's cell nearest the middle, so it meets no crop mark
    (the marks extend the trim lines, between cells)."""
    size = 6
    ascent, descent = getAscentDescent(ctx.fonts.body, size)
    low, high = imposition.PAGE_EDGE, sheet.bleed_box.y
    baseline = (low + high) / 2 - (ascent + descent) / 2
    bottom = min(cell.y for cell in sheet.cells)
    row = [cell for cell in sheet.cells if abs(cell.y - bottom) < 1e-3]
    x = min((cell.cx for cell in row), key=lambda v: abs(v - sheet.page[0] / 2))
    c.saveState()
    c.setFillColor(INK)
    c.setFont(ctx.fonts.body, size)
    c.drawCentredString(x, baseline, label)
    c.restoreState()


def _draw_cards(doc: Document, sheet: Sheet, cards: Sequence[tuple[Any, Draw]]) -> None:
    c = doc.canvas
    for i, (item, draw) in enumerate(cards):
        c.saveState()
        clipped(c, sheet.clip(i))
        draw(c, doc.ctx, item, sheet.cells[i])
        c.restoreState()


def _shared_back(doc: Document, run: CardFamily) -> Draw:
    """Draw the family's back once as a form; return a drawer that places it."""
    w, h = imposition.CARD_SIZE
    name = f"back_{run.key}"
    b = imposition.BLEED
    doc.canvas.beginForm(name, -b, -b, w + b, h + b)
    run.back(doc.canvas, doc.ctx, run.items[0], Rect(0, 0, w, h))
    doc.canvas.endForm()

    def place(c: Canvas, ctx: Ctx, item: Any, cell: Rect) -> None:
        c.translate(cell.x, cell.y)
        c.doForm(name)

    return place


def write_cards(doc: Document, runs: Sequence[CardFamily], *, label: str, duplex: Duplex,
                offset: tuple[float, float],
                family_word: Callable[[str], str] = str) -> tuple[float, float]:
    """Every card of `runs` (the families of one card file, one after the other on the same
    sheets), a sheet at a time (9 on A4, 8 landscape on Letter), each fronts page followed
    by its mirrored backs, each card with its own family's back. A sheet holding cards of
    another file's family (kit.spill) says so in its label, named by `family_word`. Returns
    the page size the sheets were set on."""
    front = imposition.sheet_for(doc.canvas._pagesize)
    doc.canvas.setPageSize(front.page)
    back = imposition.back_sheet(front, duplex, offset)
    per = len(front.cells)
    faces: list[tuple[Any, Draw]] = []
    backs: list[tuple[Any, Draw]] = []
    guests: list[str] = []  # per card: the family key when it is another file's, else ""
    for run in runs:
        back_draw = _shared_back(doc, run) if run.same_back else run.back
        faces += [(item, run.face) for item in run.items]
        backs += [(item, back_draw) for item in run.items]
        guests += [run.key if run.file_key != runs[0].file_key else ""] * len(run.items)
    sheets = -(-len(faces) // per)
    for n in range(sheets):
        also = Counter(g for g in guests[n * per:(n + 1) * per] if g)
        extra = "".join(f" · {word(doc.ctx.lang, 'sheet_also', what=family_word(key), n=k)}"
                        for key, k in also.items())
        for side, sheet, cards in (("front", front, faces), ("back", back, backs)):
            _draw_cards(doc, sheet, cards[n * per:(n + 1) * per])
            draw_crop_marks(doc.canvas, sheet)
            sheet_label(doc.canvas, doc.ctx, sheet,
                        f"{label} {n + 1}/{sheets} · {word(doc.ctx.lang, side)}{extra}")
            doc.set_boxes(sheet.trim_box, sheet.bleed_box)
            doc.end_page()
    doc.set_boxes(None, None)
    return front.page


POSTER_MARGIN = mm(6)  # left unprinted round a poster: most printers cannot reach the edge


def write_board_poster(doc: Document, draw_board: Callable[[Canvas, Ctx], None],
                       board: tuple[float, float]) -> None:
    """The board on one large page, inside a POSTER_MARGIN safe margin (scaled down to fit:
    an A2 board on A2 paper prints at 98 %)."""
    c = doc.canvas
    pw, ph = c._pagesize
    m = POSTER_MARGIN
    scale = min((pw - 2 * m) / board[0], (ph - 2 * m) / board[1], 1.0)
    c.saveState()
    c.translate((pw - board[0] * scale) / 2, (ph - board[1] * scale) / 2)
    c.scale(scale, scale)
    draw_board(c, doc.ctx)
    c.restoreState()
    doc.end_page()


def write_board_tiles(doc: Document, draw_board: Callable[[Canvas, Ctx], None],
                      board: tuple[float, float], tiles: Sequence[imposition.Tile],
                      *, label: str, overlap: float) -> None:
    """The board 1:1 across pages: overlap strips, registration crosses, row/column labels."""
    c = doc.canvas
    rows = max(t.row for t in tiles) + 1
    cols = max(t.col for t in tiles) + 1
    c.beginForm("board", 0, 0, *board)  # drawn once, placed on every tile
    draw_board(c, doc.ctx)
    c.endForm()
    for tile in tiles:
        c.saveState()
        clipped(c, tile.dest)
        c.translate(tile.dest.x - tile.source.x, tile.dest.y - tile.source.y)
        c.doForm("board")
        c.restoreState()
        _overlap_strips(c, tile, rows, cols, overlap)
        _registration(c, tile, rows, cols, overlap)
        c.setFillColor(INK)
        left, right = _cross_xs(tile, cols, overlap)  # labels start and end clear of the crosses
        c.setFont(doc.ctx.fonts.bold, 9)
        c.drawString(left + mm(4.5), tile.dest.y1 + mm(3), f"{label} · {tile.label}")
        c.setFont(doc.ctx.fonts.body, 7)
        c.drawRightString(right - mm(4.5), tile.dest.y1 + mm(3),
                          word(doc.ctx.lang, "tile_at", row=chr(65 + tile.row), rows=rows,
                               col=tile.col + 1, cols=cols))
        doc.end_page()


def _overlap_strips(c: Canvas, tile: imposition.Tile, rows: int, cols: int,
                    overlap: float) -> None:
    """Shade the strips that the next tile (right, below) covers when glued: a light veil on
    the dark board, a pale grey band on the ink saver's white one (the guide says "grey")."""
    d = tile.dest
    strips = []
    if tile.col < cols - 1:
        strips.append((d.x1 - overlap, d.y, overlap, d.h))
    if tile.row < rows - 1:
        strips.append((d.x, d.y, d.w, overlap))
    for x, y, w, h in strips:
        if saves_ink(c):
            pale_tint(c, x, y, w, h)
            continue
        c.saveState()
        c.setFillColor(white, alpha=0.45)
        c.rect(x, y, w, h, fill=1, stroke=0)
        c.restoreState()


def _cross_xs(tile: imposition.Tile, cols: int, overlap: float) -> tuple[float, float]:
    """The x of the left and right registration crosses of `tile`."""
    d = tile.dest
    return (d.x + (overlap / 2 if tile.col > 0 else 0),
            d.x1 - overlap / 2 if tile.col < cols - 1 else d.x1)


def _registration(c: Canvas, tile: imposition.Tile, rows: int, cols: int,
                  overlap: float) -> None:
    """Crosses at the corners of the overlap, printed on both neighbours in the same place."""
    d = tile.dest
    xs = list(_cross_xs(tile, cols, overlap))
    ys = [d.y1 - (overlap / 2 if tile.row > 0 else 0)]
    ys.append(d.y + overlap / 2 if tile.row < rows - 1 else d.y)
    c.saveState()
    c.setLineWidth(0.5)
    for x in xs:
        for y in ys:
            c.setStrokeColor(white)
            c.setLineWidth(1.5)
            c.circle(x, y, mm(2), fill=0, stroke=1)
            c.setStrokeColor(INK)
            c.setLineWidth(0.4)
            c.circle(x, y, mm(2), fill=0, stroke=1)
            c.line(x - mm(3.5), y, x + mm(3.5), y)
            c.line(x, y - mm(3.5), x, y + mm(3.5))
    c.restoreState()


SHEET_MARGIN = mm(10)  # round a player aid or score pad sheet


def half_areas(page: tuple[float, float]) -> tuple[Rect, Rect]:
    """The top and bottom halves of a page that takes two sheets (two aids a page)."""
    pw, ph = page
    h = (ph - 3 * SHEET_MARGIN) / 2
    return (Rect(SHEET_MARGIN, SHEET_MARGIN * 2 + h, pw - 2 * SHEET_MARGIN, h),
            Rect(SHEET_MARGIN, SHEET_MARGIN, pw - 2 * SHEET_MARGIN, h))


def cut_line(c: Canvas, page: tuple[float, float]) -> None:
    """The dashed line between the two halves of a page."""
    c.saveState()
    c.setDash(3, 3)
    c.setStrokeColor(INK)
    c.setLineWidth(0.3)
    c.line(SHEET_MARGIN, page[1] / 2, page[0] - SHEET_MARGIN, page[1] / 2)
    c.restoreState()


def write_sheets(doc: Document, draw: Callable[[Canvas, Ctx, Rect], None], count: int, *,
                 halves: bool = False, link: bool = False,
                 back: Callable[[Canvas, Ctx, Rect], None] | None = None) -> None:
    """`count` copies of a sheet drawn by `draw`, one per page, or with `halves` two per page
    (top and bottom half) with a dashed cut line between. With `back` (one per page only),
    each copy's next page is its reverse, drawn by `back`: one double-sided sheet a copy.

    With `link`, each copy keeps a strip at its foot, 3 mm under the sheet, for a QR code of
    the document's companion address, the address itself and the content version, or a box
    to write the address in when none is known (drawn after the sheet)."""
    c = doc.canvas
    pw, ph = c._pagesize
    margin = SHEET_MARGIN
    top_half, bottom_half = half_areas((pw, ph))
    strip = LINK_STRIP if link else 0.0
    gap = mm(3) if strip else 0.0
    for i in range(count):
        top = i % 2 == 0
        if halves:
            area = top_half if top else bottom_half
        else:
            area = Rect(margin, margin, pw - 2 * margin, ph - 2 * margin)
        draw(c, doc.ctx, Rect(area.x, area.y + strip + gap, area.w, area.h - strip - gap))
        if strip:
            doc.draw_link(Rect(area.x, area.y, area.w, strip))
        if not halves:
            doc.end_page()
            if back is not None:
                back(c, doc.ctx, Rect(margin, margin, pw - 2 * margin, ph - 2 * margin))
                doc.end_page()
        elif not top or i == count - 1:
            cut_line(c, (pw, ph))
            doc.end_page()


LINK_STRIP = mm(20)


@functools.lru_cache(maxsize=4)
def _qr_matrix(url: str) -> tuple[bytes, ...]:
    """The QR code's modules, row by row (1 = dark). Encoding one takes some 25 ms and a kit
    draws the same address on every aid and on the guide, so it is encoded once."""
    import segno

    return tuple(bytes(row) for row in segno.make(url, error="m").matrix)


def draw_link(c: Canvas, ctx: Ctx, area: Rect, url: str, version: str) -> None:
    """A QR code of `url` (dark modules on white, with its quiet zone of 4 modules, clear of
    the panel's edge, which the ink saver outlines) and the address and content version
    beside it, inside `area`; with no `url`, a box to write the address in (draw_write_in)."""
    if not url:
        draw_write_in(c, ctx, area, version)
        return
    matrix = _qr_matrix(url)
    size = area.h - mm(2)
    quiet = 4
    n = len(matrix) + 2 * quiet
    unit = size / n
    x0, y0 = area.x + mm(1), area.y + mm(1)
    c.saveState()
    c.setFillColor(white)
    c.roundRect(area.x, area.y, area.w, area.h, mm(2), fill=1, stroke=0)
    c.setFillColor(INK)
    for r, row in enumerate(matrix):
        for col, dark in enumerate(row):
            if dark:
                c.rect(x0 + (col + quiet) * unit, y0 + size - (r + quiet + 1) * unit, unit, unit,
                       fill=1, stroke=0)
    short = url.split("://", 1)[-1].split("?", 1)[0].rstrip("/")
    tx = x0 + size + mm(3)
    c.setFont(ctx.fonts.bold, 9)
    c.drawString(tx, area.cy + mm(1.5), word(ctx.lang, "companion"))
    c.setFont(ctx.fonts.body, 8)
    c.drawString(tx, area.cy - mm(2.5), f"{short} · {word(ctx.lang, 'content_version')} {version}")
    c.restoreState()


def draw_write_in(c: Canvas, ctx: Ctx, area: Rect, version: str) -> None:
    """Where the QR code goes when the build knows no companion address: a framed panel of
    the same size with a label, a line to write the address on, and who knows it (beside
    the content version), so a kit never prints an address the table cannot open."""
    pad = mm(4)
    c.saveState()
    c.setFillColor(white)
    c.setStrokeColor(INK)
    c.setLineWidth(0.5)
    c.roundRect(area.x, area.y, area.w, area.h, mm(2), fill=1, stroke=1)
    c.setFillColor(INK)
    c.setFont(ctx.fonts.bold, 9)
    c.drawString(area.x + pad, area.y1 - mm(5.2), word(ctx.lang, "write_in"))
    c.setLineWidth(0.6)
    c.line(area.x + pad, area.y + mm(7.5), area.x1 - pad, area.y + mm(7.5))
    hint = f"{word(ctx.lang, 'write_in_hint')} · {word(ctx.lang, 'content_version')} {version}"
    size = 8.0
    while size > 6.5 and c.stringWidth(hint, ctx.fonts.body, size) > area.w - 2 * pad:
        size -= 0.25
    c.setFont(ctx.fonts.body, size)
    c.drawString(area.x + pad, area.y + mm(2.8), hint)
    c.restoreState()
