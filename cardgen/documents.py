"""PDF files: a canvas set up for print, and card sheets with crop marks and duplex backs."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.lib.colors import white
from reportlab.pdfgen.canvas import Canvas

from . import imposition
from .geometry import Rect, mm
from .imposition import Duplex, Sheet
from .render.common import INK, Ctx, clipped

Draw = Callable[[Canvas, Ctx, Any, Rect], None]


@dataclass(frozen=True)
class CardRun:
    """Cards of one family: the items (one per physical card) and how to draw each side."""

    key: str  # file stem and sheet label key, e.g. "plan_cards"
    items: Sequence[Any]
    face: Draw
    back: Draw


class Document:
    """A print-ready PDF: embedded fonts only, metadata, no print scaling, deterministic."""

    def __init__(self, path: Path, page: tuple[float, float], ctx: Ctx, *, title: str,
                 subject: str):
        self.path, self.ctx, self.pages = path, ctx, 0
        self.canvas = Canvas(str(path), pagesize=page, invariant=1, pageCompression=1,
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
    """A small label along the left margin: game, component, page, side."""
    c.saveState()
    c.setFillColor(INK)
    c.setFont(ctx.fonts.body, 6)
    c.translate(sheet.trim_box.x - mm(2.2), sheet.page[1] / 2)
    c.rotate(90)
    c.drawCentredString(0, 0, label)
    c.restoreState()


def _draw_cards(doc: Document, sheet: Sheet, items: Sequence[Any], draw: Draw) -> None:
    c = doc.canvas
    for i, item in enumerate(items):
        c.saveState()
        clipped(c, sheet.clip(i))
        draw(c, doc.ctx, item, sheet.cells[i])
        c.restoreState()


def write_cards(doc: Document, run: CardRun, *, label: str, duplex: Duplex,
                offset: tuple[float, float]) -> None:
    """Every card of `run`, 9 per sheet, each fronts page followed by its mirrored backs."""
    front = imposition.card_sheet(doc.canvas._pagesize)
    back = imposition.back_sheet(front, duplex, offset)
    per = len(front.cells)
    chunks = [run.items[i:i + per] for i in range(0, len(run.items), per)]
    for n, chunk in enumerate(chunks, start=1):
        for side, sheet, draw in (("front", front, run.face), ("back", back, run.back)):
            _draw_cards(doc, sheet, chunk, draw)
            draw_crop_marks(doc.canvas, sheet)
            sheet_label(doc.canvas, doc.ctx, sheet, f"{label} {n}/{len(chunks)} · {side}")
            doc.set_boxes(sheet.trim_box, sheet.bleed_box)
            doc.end_page()
    doc.set_boxes(None, None)
