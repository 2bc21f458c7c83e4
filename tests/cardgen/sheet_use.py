"""How much of a printed sheet the pieces to cut out cover, read off the rendered page.

A page is rendered in grey at a low resolution; everything that is not paper-white is ink,
thickened by one pixel so that thin cut lines close. The paper is then flooded from a
corner: the flood runs round every piece and through the gutters between them but cannot
enter a framed card, a token's cut circle or an aid's panel. What the flood does not reach
is a piece (its blank interior included). Use is that area over the printable part of the
page (5 mm in from every edge, which most printers cannot reach). A 3 x 3 sheet of cards
reads about 85 %, a sheet holding three cards about 30 %.
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

DPI = 36
PAPER = 235  # a grey level above this is unprinted paper
EDGE_MM = 5.0
FLOOD = 128


def page_use(image: Image.Image, dpi: int = DPI) -> float:
    """The share of the printable area of `image` (one page) covered by pieces."""
    ink = image.convert("L").point(lambda v: 0 if v > PAPER else 255)
    ink = ink.filter(ImageFilter.MaxFilter(3))
    ImageDraw.floodfill(ink, (0, 0), FLOOD)
    edge = round(EDGE_MM / 25.4 * dpi)
    inner = ink.crop((edge, edge, ink.width - edge, ink.height - edge))
    histogram = inner.histogram()
    total = inner.width * inner.height
    return 1 - histogram[FLOOD] / total


def sheet_use(pdf: Path, dpi: int = DPI) -> list[float]:
    """Use of every page of `pdf`, in page order."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", str(pdf), f"{tmp}/p"],
                       check=True, capture_output=True)
        return [page_use(Image.open(p), dpi) for p in sorted(Path(tmp).glob("p*.pgm"),
                                                             key=lambda p: int(p.stem[2:]))]
