"""Colours, the drawing context and small helpers shared by every renderer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from ..fonts import Fonts
from ..geometry import Rect

INK = HexColor("#1B1B1F")
PAPER = HexColor("#FBF7EE")
CREAM = HexColor("#F3E9D2")
GOLD = HexColor("#C9A227")
CHARCOAL = HexColor("#2B2D33")
TEAL = HexColor("#0F4C5C")
MUTED = HexColor("#5B5E66")
SEA = HexColor("#DCE8EE")
LAND = HexColor("#E9E1CC")
LINE = HexColor("#7A6A55")


@dataclass(frozen=True)
class Ctx:
    """What every renderer needs: the game, the language and its fonts.

    `game` is the game's loaded content model (whatever its loader returns: it has an `id`
    and `component_counts()`); only that game's own drawing code reads its shape."""

    game: Any
    lang: str
    fonts: Fonts
    ink: str = "home"  # or "full": the rich, dark look for print shops (see cardgen.ink)

    def name(self, item: object) -> str:
        return item.name.get(self.lang)  # type: ignore[attr-defined]


def hexcolor(value: str) -> Color:
    return HexColor(value)


def fill_rect(c: Canvas, rect: Rect, color: Color, *, radius: float = 0) -> None:
    c.setFillColor(color)
    if radius:
        c.roundRect(rect.x, rect.y, rect.w, rect.h, radius, fill=1, stroke=0)
    else:
        c.rect(rect.x, rect.y, rect.w, rect.h, fill=1, stroke=0)


def stroke_rect(c: Canvas, rect: Rect, color: Color, width: float, *, radius: float = 0) -> None:
    c.setStrokeColor(color)
    c.setLineWidth(width)
    if radius:
        c.roundRect(rect.x, rect.y, rect.w, rect.h, radius, fill=0, stroke=1)
    else:
        c.rect(rect.x, rect.y, rect.w, rect.h, fill=0, stroke=1)


def clipped(c: Canvas, rect: Rect) -> None:
    """Restrict drawing to `rect` until the next restoreState."""
    p = c.beginPath()
    p.rect(rect.x, rect.y, rect.w, rect.h)
    c.clipPath(p, stroke=0, fill=0)
