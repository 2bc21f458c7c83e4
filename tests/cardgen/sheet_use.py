"""How much of a printed sheet the pieces to cut out take up, read off the rendered page.

A page is rendered in grey at a low resolution; everything that is not paper-white is ink,
thickened by one pixel so that thin cut lines close. The paper is then flooded from a
corner: the flood runs round every piece and through the gutters between them but cannot
enter a framed card, a token's cut circle or an aid's panel. What the flood does not reach
is a piece (its blank interior included). Use is that area over the printable part of the
page (5 mm in from every edge, which most printers cannot reach).

With `bridged`, paper that no further piece could go on counts as used too: the gutters
between neighbours and the corners between round tokens (a closing of the pieces by a
square of BRIDGE_MM either side, so a gap narrower than about 2 x BRIDGE_MM between pieces
is taken). A sheet packed with discs then reads as full as it is; an empty half stays empty.
A 3 x 3 sheet of cards reads about 85 % (96 % bridged), a sheet holding three cards about
30 %, a full A4 of 28 mm tokens and 24 mm Million tokens 59 % (74 % bridged).
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

from tests.conftest import require

DPI = 36
PAPER = 235  # a grey level above this is unprinted paper
EDGE_MM = 5.0
BRIDGE_MM = 7.0
FLOOD = 128


def page_use(image: Image.Image, dpi: int = DPI, bridged: bool = False) -> float:
    """The share of the printable area of `image` (one page) taken by pieces."""
    ink = image.convert("L").point(lambda v: 0 if v > PAPER else 255)
    ink = ink.filter(ImageFilter.MaxFilter(3))
    ImageDraw.floodfill(ink, (0, 0), FLOOD)
    pieces = ink.point(lambda v: 0 if v == FLOOD else 255)
    if bridged:
        size = 2 * round(BRIDGE_MM / 25.4 * dpi) + 1
        pieces = pieces.filter(ImageFilter.MaxFilter(size)).filter(ImageFilter.MinFilter(size))
    edge = round(EDGE_MM / 25.4 * dpi)
    inner = pieces.crop((edge, edge, pieces.width - edge, pieces.height - edge))
    return inner.histogram()[255] / (inner.width * inner.height)


def pages(pdf: Path, dpi: int = DPI) -> list[Image.Image]:
    """Every page of `pdf` in grey at `dpi`, in page order."""
    require(shutil.which("pdftoppm") is not None,
            "pdftoppm missing (apt-get install poppler-utils)")
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", str(pdf), f"{tmp}/p"],
                       check=True, capture_output=True)
        files = sorted(Path(tmp).glob("p*.pgm"), key=lambda p: int(p.stem.rpartition("-")[2]))
        out = []
        for path in files:
            with Image.open(path) as img:
                out.append(img.copy())
        return out


def sheet_use(pdf: Path, dpi: int = DPI) -> list[float]:
    """Use of every page of `pdf`, in page order."""
    return [page_use(img, dpi) for img in pages(pdf, dpi)]
