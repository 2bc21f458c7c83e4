"""Draw a mission's picture (see pictures.py): its groups of dice in a row, captions below.

`place` is the layout as numbers (die size and each item's centre), so tests can check a
picture's shape without a PDF; `draw` paints it.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..geometry import Rect, mm
from . import glyphs
from .pictures import Die, Picture, Sign

ITEM_GAP = 0.16  # between dice of a group, in die sides
GROUP_GAP = 0.75  # between groups
SIGN_SIZE = 0.6  # a sign's type size, in die sides
CAPTION = 0.34  # the caption line's height, in die sides
MAX_DIE = mm(10.5)


@dataclass(frozen=True)
class Placed:
    item: Die | Sign
    x: float  # centre
    y: float  # centre
    width: float


@dataclass(frozen=True)
class Layout:
    size: float  # a die's side, points
    items: tuple[Placed, ...]
    captions: tuple[tuple[str, float, float], ...]  # text, centre x, baseline y
    dividers: tuple[float, ...]  # x of the thin line between groups


def _widths(picture: Picture, font: str) -> list[list[float]]:
    """Each item's width in die sides."""
    return [[1.0 if isinstance(item, Die) else
             stringWidth(item.text, font, SIGN_SIZE) + 0.12 for item in group.items]
            for group in picture]


def place(picture: Picture, area: Rect, font: str) -> Layout:
    """Centre the groups in `area`, dice as large as fit (at most MAX_DIE)."""
    widths = _widths(picture, font)
    units = sum(sum(w) + ITEM_GAP * (len(w) - 1) for w in widths)
    units += GROUP_GAP * (len(picture) - 1)
    captioned = any(g.caption for g in picture)
    tall = 1 + (CAPTION + 0.1 if captioned else 0)
    size = min(area.w / units, area.h / tall, MAX_DIE)
    x = area.cx - units * size / 2
    y = area.cy + (CAPTION + 0.1) * size / 2 if captioned else area.cy
    items, captions, dividers = [], [], []
    for n, (group, ws) in enumerate(zip(picture, widths, strict=True)):
        if n:
            dividers.append(x - GROUP_GAP * size / 2)
        start = x
        for item, w in zip(group.items, ws, strict=True):
            items.append(Placed(item, x + w * size / 2, y, w * size))
            x += (w + ITEM_GAP) * size
        x -= ITEM_GAP * size
        if group.caption:
            captions.append((group.caption, (start + x) / 2, y - size * (0.5 + CAPTION)))
        x += GROUP_GAP * size
    return Layout(size, tuple(items), tuple(captions), tuple(dividers))


def draw(c: Canvas, font: str, picture: Picture, area: Rect, ink: Color) -> None:
    """The picture's dice, signs, captions and group dividers inside `area`."""
    lay = place(picture, area, font)
    s = lay.size
    for p in lay.items:
        if isinstance(p.item, Die):
            glyphs.die(c, font, p.x, p.y, s * 0.96, p.item, ink=ink)
        else:
            c.setFillColor(ink)
            c.setFont(font, s * SIGN_SIZE)
            c.drawCentredString(p.x, p.y - s * SIGN_SIZE * 0.35, p.item.text)
    c.setFillColor(ink)
    c.setFont(font, max(s * CAPTION * 0.9, 6.5))
    for label, x, y in lay.captions:
        c.drawCentredString(x, y, label)
    c.setStrokeColor(ink)
    c.setLineWidth(0.5)
    for x in lay.dividers:
        c.line(x, lay.items[0].y - s * 0.45, x, lay.items[0].y + s * 0.45)
