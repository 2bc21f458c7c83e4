"""Card parts every game can reuse: the painted background and rim, a text panel, a name, a
footer, an emblem disc, and back patterns with a labelled band.

Each part draws into a box the game's layout gives it; the game picks the colours.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from .. import text
from ..geometry import Rect, mm
from ..imposition import BLEED
from ..ink import as_drawn, saves_ink, tint
from ..layouts import PANEL_PAD
from .common import CREAM, GOLD, INK, Ctx, clipped, fill_rect, stroke_rect

BODY_SIZE = 8.5
NAME_SIZE = 15
ART_BLEED = BLEED + mm(1)  # paint past the bleed: print-on-demand images use 1/8 in (3.175 mm)
FRAME = mm(1.2)  # home look: the width of the coloured band round the card's face...
FRAME_AT = mm(1.5)  # ... from this far inside the trim: a white edge that forgives a miscut
BACK_FRAME = mm(2.4)  # home look: a back's frame band, wider: a deck is told by its edge
BACK_LINE_TINT = 0.35  # home look: a back's pattern in this much of its colour
BACK_STEP = mm(6)  # ... and its stripes or rings this far apart


def frame_band(c: Canvas, trim: Rect, color: Color, width: float = FRAME) -> None:
    """Home look: a band in the card's colour just inside the trim, round a white ground,
    so a card says its family from its edge; the paper outside it is the card's edge, so a
    cut a little off the line shows no sliver of colour or neighbour."""
    band = trim.shrink(FRAME_AT + width / 2)
    with as_drawn(c):
        stroke_rect(c, band, color, width, radius=mm(2.5))


@contextmanager
def back_ground(c: Canvas, trim: Rect) -> Iterator[None]:
    """Home look: draw a back's pattern inside its frame band (clipped) in the colours given
    (as_drawn: the pattern is already a light tint)."""
    with as_drawn(c):
        c.saveState()
        clipped(c, trim.shrink(FRAME_AT + BACK_FRAME))
        try:
            yield
        finally:
            c.restoreState()


def band_rule(c: Canvas, trim: Rect, y: float, color: Color) -> None:
    """Home look: a rule in `color` across the card at height `y`, from one side of the
    frame band to the other (it closes a header band that the full look floods)."""
    inset = FRAME_AT + FRAME / 2
    with as_drawn(c):
        c.saveState()
        c.setStrokeColor(color)
        c.setLineWidth(FRAME * 0.6)
        c.line(trim.x + inset, y, trim.x1 - inset, y)
        c.restoreState()


def background(c: Canvas, trim: Rect, color: Color, rim: Color | None = None) -> None:
    """The card's colour past the bleed, and an optional rim just inside the trim; on the
    home look a white ground in a coloured frame band (frame_band), the rim on its edge."""
    fill_rect(c, trim.grow(ART_BLEED), color)
    if saves_ink(c):
        frame_band(c, trim, color)
    if rim is not None:
        stroke_rect(c, trim.shrink(mm(2)), rim, 1.2, radius=mm(2.5))


def panel(c: Canvas, ctx: Ctx, area: Rect, body: str, *, item: str, field: str,
          fill: Color = CREAM, align: str = "left", size: float = BODY_SIZE,
          min_size: float = text.MIN_SIZE) -> None:
    """A rounded panel with `body` fitted inside: from `size` down to `min_size` (so a short
    text fills its box), or TextOverflow naming the card."""
    fill_rect(c, area, fill, radius=mm(1.8))
    inner = area.shrink(PANEL_PAD)
    block = text.fit(body, inner, ctx.fonts.body, size, item=item, field=field,
                     min_size=min_size)
    c.setFillColor(INK)
    text.draw(c, block, inner, align=align, valign="middle")  # type: ignore[arg-type]


def name(c: Canvas, ctx: Ctx, area: Rect, label: str, item: str, color: Color = white,
         align: str = "left") -> None:
    """The card's name in the display font, up to two lines."""
    c.setFillColor(color)
    block = text.fit(label, area, ctx.fonts.display, NAME_SIZE, item=item, field="name",
                     min_size=9, leading=1.05, max_lines=2)
    text.draw(c, block, area, align=align, valign="middle")  # type: ignore[arg-type]


def footer(c: Canvas, ctx: Ctx, area: Rect, left: str, right: str, color: Color,
           item: str) -> None:
    """Two short labels, one flush left and one flush right."""
    c.setFillColor(color)
    half = Rect(area.x, area.y, area.w / 2, area.h)
    text.one_line(c, left, half, ctx.fonts.bold, 7.5, item=item, field="footer", align="left")
    text.one_line(c, right, half.shift(area.w / 2, 0), ctx.fonts.bold, 7.5, item=item,
                  field="footer", align="right")


def emblem_disc(c: Canvas, area: Rect, color: Color) -> tuple[float, float, float]:
    """A disc with a gold ring; returns its centre and the size an icon inside should take."""
    r = min(area.w, area.h) / 2
    c.setFillColor(color)
    c.circle(area.cx, area.cy, r, fill=1, stroke=0)
    c.setStrokeColor(GOLD)
    c.setLineWidth(1)
    c.circle(area.cx, area.cy, r - 2.5, fill=0, stroke=1)
    return area.cx, area.cy, r * 1.25


def back_pattern(c: Canvas, trim: Rect, base: Color, line: Color, kind: str) -> None:
    """A card back's ground: diagonal "stripes" or concentric "rings" past the bleed. On the
    home look the ground is white, the pattern thin lines in a light tint of `base` inside
    its frame band, so decks still part at a glance for a fraction of the ink."""
    home = saves_ink(c)
    area = trim.grow(ART_BLEED)
    fill_rect(c, area, base)
    with as_drawn(c):
        c.saveState()
        if home:
            clipped(c, trim.shrink(FRAME_AT + BACK_FRAME))
        c.setStrokeColor(tint(base, BACK_LINE_TINT) if home else line)
        c.setLineWidth(0.6 if home else 1.2)
        step = BACK_STEP if home else mm(4)
        if kind == "stripes":
            n = int((area.w + area.h) / step) + 2
            for i in range(n):
                x0 = area.x - area.h + i * step
                c.line(x0, area.y, x0 + area.h, area.y1)
        else:
            for i in range(1, int(max(area.w, area.h) / step) + 1):
                c.circle(trim.cx, trim.cy, i * step, fill=0, stroke=1)
        c.restoreState()
    if home:
        frame_band(c, trim, base, BACK_FRAME)


def back_label(c: Canvas, ctx: Ctx, trim: Rect, label: str, color: Color, ink: Color,
               item: str, game_name: str) -> None:
    """A band across the back's middle: the family's label over the game's name."""
    band = Rect(trim.x + mm(8), trim.cy - mm(11), trim.w - mm(16), mm(22))
    fill_rect(c, band, color, radius=mm(2))
    stroke_rect(c, band.shrink(mm(1)), ink, 0.8, radius=mm(1.5))
    c.setFillColor(ink)
    text.one_line(c, label, Rect(band.x, band.cy - mm(1), band.w, mm(10)), ctx.fonts.display, 22,
                  item=item, field="back")
    text.one_line(c, game_name.upper(),
                  Rect(band.x, band.y + mm(2), band.w, mm(5)), ctx.fonts.bold, 7, item=item,
                  field="back")
