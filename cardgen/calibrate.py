"""A two-page duplex alignment test: crosses on the front, scales on the back.

The test page lies on the paper as that paper's card sheets do (imposition.sheet_for:
portrait A4, landscape Letter) and flips the same way, so the offsets read off it are the
ones the card backs need."""

from __future__ import annotations

from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from .fonts import fonts_for
from .geometry import PAPERS, mm
from .imposition import Duplex, behind, sheet_for
from .render.common import INK

INSTRUCTIONS = [
    "1. Print both pages double-sided ({duplex} edge), at 100% / actual size.",
    "2. Hold the sheet against a window or lamp, back page facing you.",
    "3. At each scale, read the number where the front's cross shows through.",
    "4. Build with --offset-x <X reading> --offset-y <Y reading> (mm).",
]


def _points(page: tuple[float, float]) -> list[tuple[float, float]]:
    w, h = page
    return [(w / 2, h / 2), (mm(35), h - mm(75)), (w - mm(35), h - mm(75)), (mm(35), mm(45)),
            (w - mm(35), mm(45))]


def write_calibration(path: Path, paper: str, duplex: Duplex) -> Path:
    """Write the alignment test page pair for `paper` and `duplex`, on the card sheets'
    page (same size and orientation)."""
    page = sheet_for(PAPERS[paper]).page
    fonts = fonts_for("en")
    c = Canvas(str(path), pagesize=page, invariant=1, initialFontName=fonts.body)
    c.setTitle("Mission Kit duplex calibration")
    c.setSubject(f"{paper}, {duplex}-edge duplex")
    c.setViewerPreference("PrintScaling", "None")
    c.setFont(fonts.display, 16)
    c.drawString(mm(20), page[1] - mm(20), "Duplex alignment test (front)")
    c.setFont(fonts.body, 9)
    for i, line in enumerate(INSTRUCTIONS):
        c.drawString(mm(20), page[1] - mm(28) - i * 12, line.format(duplex=duplex))
    c.setStrokeColor(INK)
    for x, y in _points(page):
        c.setLineWidth(0.6)
        c.line(x - mm(8), y, x + mm(8), y)
        c.line(x, y - mm(8), x, y + mm(8))
        c.circle(x, y, mm(1.2), stroke=1, fill=0)
    c.showPage()
    c.setFont(fonts.display, 16)
    c.drawString(mm(20), page[1] - mm(20), "Duplex alignment test (back)")
    for point in _points(page):
        _scales(c, fonts.body, *behind(page, duplex, point))
    c.showPage()
    c.save()
    return path


def _scales(c: Canvas, font: str, x: float, y: float) -> None:
    """Millimetre scales through (x, y): X along the horizontal, Y along the vertical.

    Numbers every 3 mm at 6 pt (2 mm apart they would touch); the X numbers sit below the
    Y scale's lowest tick, so no label meets another or a tick."""
    c.setLineWidth(0.3)
    c.setFont(font, 6)
    for k in range(-6, 7):
        tick = mm(2.5) if k % 3 == 0 else mm(1.3)
        c.line(x + mm(k), y - tick, x + mm(k), y + tick)
        c.line(x - tick, y + mm(k), x + tick, y + mm(k))
        if k % 3 == 0:
            label = f"{k:+d}" if k else "0"
            c.drawCentredString(x + mm(k), y - mm(9), label)
            c.drawString(x + mm(7.2), y + mm(k) - 2, label)
    c.setFont(font, 7)
    c.drawString(x + mm(8.5), y - mm(9), "X")
    c.drawString(x + mm(7.2), y + mm(8), "Y")
