"""The home-inkjet look (the default kit): the same drawing code on a canvas that prints
grounds light, and `--ink full` (a plain Canvas: the rich, dark look for print shops).

`HomeInkCanvas` (also known by its old name `InkSaverCanvas`) changes colours as they are
painted, so every game's components get a light variant with the same layout and no drawing
module has to know about it:
- a large filled shape (a card's ground, a panel, the map), a dark plate and any white
  shape are left white and outlined; small coloured fills (icons, pips) keep their colour,
  and the shared card parts (cardgen.render.card_parts) put the family's colour back as a
  frame band and a light back pattern. Bare paper matters more than pale ink: an inkjet
  lays its dither on every tinted pixel, and Ghostscript's `inkcov` counts each such pixel;
- text is printed dark: light text (white, cream, gold on charcoal) turns to ink;
- a neutral dark or grey (text, outlines, rules) prints in black ink alone (`black_only`):
  crisp text from the black cartridge, no colour dots laid under it;
- light strokes (white rings, cut lines meant for dark grounds) turn grey.
A light shape stroked in a dark colour keeps its own outline (a die's border). Drawing code
may ask `saves_ink(c)` to draw decoration lighter (back patterns, card frames), draw a glyph
inside `with icon(c):` so its dark fills stay solid (no text sits on a glyph), and paint
exact colours inside `with as_drawn(c):` (a frame band already mixed with `tint`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any

from reportlab.lib.colors import CMYKColor, Color, HexColor, toColor, white
from reportlab.pdfgen.canvas import Canvas

from .geometry import Rect, mm

LARGE = mm(14) * mm(14)  # a fill bigger than this (in pt²) becomes white with an outline
PLATE = mm(3) * mm(3)  # a dark fill bigger than this is a plate that text may sit on
INK = HexColor("#1B1B1F")
OUTLINE_GREY = HexColor("#9A9CA3")
OUTLINE = 0.7  # pt


def luminance(c: Color) -> float:
    return 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue


NEUTRAL = 0.04  # a colour whose red, green and blue lie this close together is a grey


def black_only(c: Color) -> Color:
    """A grey or near-black as the same darkness of black ink alone (CMYK K), so a home
    inkjet prints text from its black cartridge; any other colour is left as it is."""
    if isinstance(c, CMYKColor) or c.alpha != 1:
        return c
    return _black(c.red, c.green, c.blue) or c


@lru_cache(maxsize=512)
def _black(r: float, g: float, b: float) -> CMYKColor | None:
    """The K-only colour for a grey (r, g, b), or None for a colour (see black_only)."""
    if max(r, g, b) - min(r, g, b) > NEUTRAL:
        return None
    k = round(1 - (0.2126 * r + 0.7152 * g + 0.0722 * b), 3)
    return None if k <= 0 else CMYKColor(0, 0, 0, k)


def tint(c: Color, amount: float) -> Color:
    """`c` mixed with white: `amount` 1 is the colour, 0 bare paper."""
    return Color(1 - (1 - c.red) * amount, 1 - (1 - c.green) * amount, 1 - (1 - c.blue) * amount)


def saves_ink(c: Canvas) -> bool:
    """True when drawing on the home-ink canvas (draw decoration light)."""
    return isinstance(c, HomeInkCanvas)


@contextmanager
def as_drawn(c: Canvas) -> Iterator[None]:
    """Paint exact colours: on the home canvas fills, strokes and text inside are left as the
    drawing code sets them (for a frame band or a pattern already mixed with `tint`)."""
    if not saves_ink(c):
        yield
        return
    before, c._raw = c._raw, True
    try:
        yield
    finally:
        c._raw = before


@contextmanager
def icon(c: Canvas) -> Iterator[None]:
    """Draw a glyph: on an ink-saver canvas its dark fills (smaller than LARGE) stay solid
    instead of turning into outlined plates; a plain canvas is left alone."""
    if not saves_ink(c):
        yield
        return
    before, c._icon = c._icon, True
    try:
        yield
    finally:
        c._icon = before


def die_frame(c: Canvas, cell: Rect, color: Color, width: float, *,
              face: Color | None = None) -> None:
    """An ink-saver die sticker: a frame `width` wide in the die's `color`, inset mm(0.9) so
    it stays on the face when the sticker is cut a little large, its corners mm(1.2); the
    face inside filled with `face` when given (left as it is otherwise)."""
    inset = mm(0.9)
    if face is not None:
        c.setFillColor(face)
    c.setStrokeColor(color)
    c.setLineWidth(width)
    c.roundRect(cell.x + inset, cell.y + inset, cell.w - 2 * inset, cell.h - 2 * inset,
                mm(1.2), fill=0 if face is None else 1, stroke=1)


def pale_tint(c: Canvas, x: float, y: float, w: float, h: float, alpha: float = 0.14) -> None:
    """A see-through grey band that the ink saver keeps as it is (it would otherwise turn a
    large fill white): for a strip the words call grey, such as a tile's overlap."""
    c.saveState()
    Canvas.setFillColor(c, Color(0, 0, 0), alpha=alpha)
    Canvas.rect(c, x, y, w, h, stroke=0, fill=1)
    c.restoreState()


def _numbers(code: list[str]) -> list[float]:
    # ReportLab writes fractions without the leading zero (".5"): read them whole, or a
    # small icon would measure as a huge shape and be painted white
    return [float(v) for v in re.findall(r"-?(?:\d+(?:\.\d*)?|\.\d+)", " ".join(code))]


class HomeInkCanvas(Canvas):
    """A Canvas that paints large fills as pale tints, outlined, and text dark (see module)."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        self._wanted: Color = INK
        self._stroke_wanted: Color = INK
        self._in_text = False
        self._icon = False
        self._raw = False
        super().__init__(*args, **kw)

    # colours ------------------------------------------------------------------------------
    def setFillColor(self, aColor: Any, alpha: float | None = None) -> None:  # noqa: N802
        color = toColor(aColor)
        self._wanted = color
        super().setFillColor(black_only(color), alpha)

    def setStrokeColor(self, aColor: Any, alpha: float | None = None) -> None:  # noqa: N802
        color = toColor(aColor)
        self._stroke_wanted = color
        light = luminance(color) > 0.8 and not self._raw
        super().setStrokeColor(black_only(OUTLINE_GREY if light else color), alpha)

    def _outline(self) -> Color:
        return OUTLINE_GREY if luminance(self._wanted) > 0.8 else self._wanted

    # shapes -------------------------------------------------------------------------------
    def _paint(self, area: float, fill: int, stroke: int, draw: Any) -> None:
        light, dark = luminance(self._wanted) > 0.8, luminance(self._wanted) < 0.3
        plate = dark and area > PLATE and not self._icon
        # a white shape on a ground that is now white would vanish: outline it too
        if self._raw or not fill or not (area > LARGE or light or plate):
            draw(fill, stroke)
            return
        self.saveState()
        Canvas.setFillColor(self, white)
        if not (light and stroke and luminance(self._stroke_wanted) <= 0.8):  # else: its own
            Canvas.setStrokeColor(self, black_only(self._outline()))
            self.setLineWidth(OUTLINE)
        draw(1, 1)
        self.restoreState()

    def rect(self, x: float, y: float, width: float, height: float, stroke: int = 1,
             fill: int = 0) -> None:
        self._paint(abs(width * height), fill, stroke,
                    lambda f, s: Canvas.rect(self, x, y, width, height, stroke=s, fill=f))

    def roundRect(self, x: float, y: float, width: float, height: float,  # noqa: N802
                  radius: float, stroke: int = 1, fill: int = 0) -> None:
        self._paint(abs(width * height), fill, stroke, lambda f, s: Canvas.roundRect(
            self, x, y, width, height, radius, stroke=s, fill=f))

    def circle(self, x_cen: float, y_cen: float, r: float, stroke: int = 1,
               fill: int = 0) -> None:
        self._paint(3.1416 * r * r, fill, stroke,
                    lambda f, s: Canvas.circle(self, x_cen, y_cen, r, stroke=s, fill=f))

    def ellipse(self, x1: float, y1: float, x2: float, y2: float, stroke: int = 1,
                fill: int = 0) -> None:
        self._paint(abs((x2 - x1) * (y2 - y1)) * 0.785, fill, stroke,
                    lambda f, s: Canvas.ellipse(self, x1, y1, x2, y2, stroke=s, fill=f))

    def drawPath(self, aPath: Any, stroke: int = 1, fill: int = 0,  # noqa: N802
                 fillMode: Any = None) -> None:  # noqa: N803
        nums = _numbers(aPath._code)
        xs, ys = nums[0::2], nums[1::2]
        area = (max(xs) - min(xs)) * (max(ys) - min(ys)) if xs and ys else 0
        self._paint(area, fill, stroke, lambda f, s: Canvas.drawPath(
            self, aPath, stroke=s, fill=f, fillMode=fillMode))

    # text ---------------------------------------------------------------------------------
    def _dark(self) -> Color:
        return INK if luminance(self._wanted) > 0.55 else self._wanted

    def _text(self, draw: Any) -> None:
        # drawString draws through drawText: set the colour once, and only when it changes
        wanted, dark = self._wanted, self._dark()
        if self._raw or self._in_text or dark is wanted:
            draw()
            return
        self._in_text = True
        try:
            Canvas.setFillColor(self, black_only(dark))
            draw()
            Canvas.setFillColor(self, black_only(wanted))
        finally:
            self._in_text = False

    def drawString(self, x: float, y: float, text: str, *args: Any, **kw: Any) -> None:  # noqa: N802
        self._text(lambda: Canvas.drawString(self, x, y, text, *args, **kw))

    def drawCentredString(self, x: float, y: float, text: str,  # noqa: N802
                          *args: Any, **kw: Any) -> None:
        self._text(lambda: Canvas.drawCentredString(self, x, y, text, *args, **kw))

    def drawRightString(self, x: float, y: float, text: str,  # noqa: N802
                        *args: Any, **kw: Any) -> None:
        self._text(lambda: Canvas.drawRightString(self, x, y, text, *args, **kw))

    def drawText(self, aTextObject: Any) -> None:  # noqa: N802, N803
        self._text(lambda: Canvas.drawText(self, aTextObject))


InkSaverCanvas = HomeInkCanvas  # its name before the home look became the default

WHITE = 250  # a pixel with every channel at or above this is bare paper


def coverage(path: Path) -> list[float]:
    """The inked share of each page of `path`: pixels at 72 dpi not bare paper (any channel
    below WHITE, so anti-aliased edges count as ink)."""
    import pypdfium2 as pdfium
    from PIL import ImageChops

    doc = pdfium.PdfDocument(path)
    try:
        out = []
        for page in doc:
            r, g, b = page.render(scale=1).to_pil().convert("RGB").split()
            darkest = ImageChops.darker(ImageChops.darker(r, g), b).histogram()
            out.append(1 - sum(darkest[WHITE:]) / sum(darkest))
        return out
    finally:
        doc.close()
