"""Baseline for bench/cardgen_build.py: raw ReportLab drawing N card faces and N backs.

Each card is a frame, a title and a wrapped paragraph, 3 x 3 per A4 page, with the same
embedded TrueType fonts the kit uses (a non-embedded Helvetica baseline would be unfair).
Usage: python bench/raw_reportlab.py OUT.pdf CARDS
"""

from __future__ import annotations

import sys
from pathlib import Path

import font_fjallaone
import font_manrope
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

TEXT = ("Right after an operation succeeds, void it: whoever succeeded rolls again. "
        "No other security card on the same operation.")


def main(out: Path, cards: int) -> None:
    fj = Path(font_fjallaone.__file__).parent / "files" / "FjallaOne-Regular.ttf"
    mr = Path(font_manrope.__file__).parent / "files" / "Manrope-Medium.ttf"
    pdfmetrics.registerFont(TTFont("Display", str(fj)))
    pdfmetrics.registerFont(TTFont("Body", str(mr)))
    style = ParagraphStyle("body", fontName="Body", fontSize=8.5, leading=10.4)
    c = Canvas(str(out), pagesize=A4, invariant=1, initialFontName="Body")
    w, h = 63.5 * mm, 88.9 * mm
    x0, y0 = (A4[0] - 3 * w) / 2, (A4[1] - 3 * h) / 2
    for side in ("face", "back"):
        for start in range(0, cards, 9):
            for i in range(min(9, cards - start)):
                x = x0 + (i % 3) * w
                y = y0 + (2 - i // 3) * h
                c.setLineWidth(1)
                c.roundRect(x + 3 * mm, y + 3 * mm, w - 6 * mm, h - 6 * mm, 3 * mm)
                c.setFont("Display", 15)
                c.drawString(x + 6 * mm, y + h - 14 * mm, f"Card {start + i + 1} {side}")
                p = Paragraph(TEXT, style)
                _, ph = p.wrap(w - 12 * mm, h / 2)
                p.drawOn(c, x + 6 * mm, y + h / 2 - ph)
            c.showPage()
    c.save()


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]))
