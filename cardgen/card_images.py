"""One card side as its own PDF page and as an image, cached by the hash of its inputs.

Rasterising uses pypdfium2 (PDFium), so it works the same everywhere without external tools.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from .cardset import CardSide
from .geometry import Rect, mm
from .imposition import CARD_SIZE
from .render.common import Ctx, clipped

POD_BLEED = 25.4 / 8  # mm: print-on-demand images carry 1/8 inch of bleed on every side


def card_pdf(ctx: Ctx, side: CardSide, bleed_mm: float = POD_BLEED) -> bytes:
    """A one-page PDF of the card side: the card's trim plus `bleed_mm` on every side."""
    b = mm(bleed_mm)
    w, h = CARD_SIZE[0] + 2 * b, CARD_SIZE[1] + 2 * b
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(w, h), invariant=1, initialFontName=ctx.fonts.body)
    c.setTitle(side.name)
    c.setTrimBox((b, b, b + CARD_SIZE[0], b + CARD_SIZE[1]))
    c.setBleedBox((0, 0, w, h))
    c.saveState()
    clipped(c, Rect(0, 0, w, h))
    side.draw(c, ctx, side.item, Rect(b, b, *CARD_SIZE))
    c.restoreState()
    c.showPage()
    c.save()
    return buf.getvalue()


def rasterise(pdf: bytes, dpi: int) -> Image.Image:
    """The first page of `pdf` as an RGB image at `dpi`."""
    doc = pdfium.PdfDocument(pdf)
    try:
        page = doc[0]
        width, height = (round(v * dpi / 72) for v in page.get_size())
        image = page.render(scale=dpi / 72).to_pil().convert("RGB")
        return image.crop((0, 0, width, height))  # PDFium rounds up; keep the exact size
    finally:
        doc.close()


@dataclass
class CardCache:
    """Per-card PDFs and PNGs under `root`, named by input hash; counts what it renders."""

    root: Path
    rendered: list[str] = field(default_factory=list)

    def paths(self, side: CardSide, dpi: int) -> tuple[Path, Path]:
        return self.root / f"{side.key}.pdf", self.root / f"{side.key}-{dpi}.png"

    def get(self, ctx: Ctx, side: CardSide, dpi: int) -> tuple[Path, Path]:
        """The card's PDF and PNG at `dpi`, rendered only if no cached copy exists."""
        pdf_path, png_path = self.paths(side, dpi)
        if not pdf_path.exists():
            self.root.mkdir(parents=True, exist_ok=True)
            _write_atomic(pdf_path, card_pdf(ctx, side))
            self.rendered.append(side.name)
        if not png_path.exists():
            image = rasterise(pdf_path.read_bytes(), dpi)
            buf = io.BytesIO()
            image.save(buf, format="PNG", optimize=False, dpi=(dpi, dpi))  # a pHYs chunk
            _write_atomic(png_path, buf.getvalue())
        return pdf_path, png_path


def _write_atomic(path: Path, data: bytes) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)
