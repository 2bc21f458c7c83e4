"""Printable pawns: one folding standee per character, in the character's colour.

Each standee is a strip: base tab, a panel, the fold, the other panel, base tab. Fold at the
middle so the panels meet back to back, then fold the two tabs outwards (or slot them into
a coin-sized base) so the pawn stands: the fold is then its top, so each picture is drawn
with its top at the fold (the upper one upside down on the sheet), and stands upright."""

from __future__ import annotations

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from missionkit.double_mission.model import Character

from .. import text
from ..geometry import Rect, mm
from ..ink import as_drawn, saves_ink
from ..render.common import INK, MUTED, Ctx, hexcolor
from .emblems import figure
from .strings import t

WIDTH, PANEL, TAB = mm(28), mm(38), mm(14)
GAP = mm(8)


def draw_pawns(c: Canvas, ctx: Ctx, top: float) -> float:
    """The standees, one per character, with a heading and the folding note, from `top` down
    (on a sheet of the tokens file); returns the y under them."""
    pw = c._pagesize[0]
    chars = ctx.game.characters
    c.setFillColor(INK)
    c.setFont(ctx.fonts.bold, 11)
    c.drawString(mm(15), top - mm(6), t(ctx.lang, "pawns"))
    help_box = Rect(mm(15), top - mm(22), pw - mm(30), mm(13))
    block = text.fit(t(ctx.lang, "pawn_help"), help_box, ctx.fonts.body, 9, item="pawns",
                     field="help")
    text.draw(c, block, help_box)
    boxes = strips(c._pagesize, len(chars), top)
    for ch, box in zip(chars, boxes, strict=True):
        _standee(c, ctx, ch, box)
    return boxes[0].y


def strips(page: tuple[float, float], count: int, top: float | None = None) -> list[Rect]:
    """Where each of `count` standee strips lies: a centred row under the heading and help
    that start at `top` (the page's top margin when None)."""
    top = page[1] - mm(12) if top is None else top
    total = count * WIDTH + (count - 1) * GAP
    height = 2 * PANEL + 2 * TAB
    x, y = (page[0] - total) / 2, top - mm(30) - height
    return [Rect(x + i * (WIDTH + GAP), y, WIDTH, height) for i in range(count)]


def panels(box: Rect) -> tuple[tuple[Rect, int], tuple[Rect, int]]:
    """The standee's two picture panels in `box` (the whole strip) and the turn each is drawn
    at: the upper one turned 180 degrees, the lower one upright, so that both pictures' tops
    meet at the fold in the middle (the top of the folded pawn)."""
    upper = Rect(box.x, box.y + TAB + PANEL, box.w, PANEL)
    lower = Rect(box.x, box.y + TAB, box.w, PANEL)
    return (upper, 180), (lower, 0)


def fold(box: Rect) -> float:
    """The y of the fold between the panels: the folded pawn's top."""
    return box.y + TAB + PANEL


def _standee(c: Canvas, ctx: Ctx, ch: Character, box: Rect) -> None:
    color = hexcolor(ch.color)
    name = ctx.name(ch)
    (front, _), (back, _) = panels(box)
    for panel, turn in panels(box):
        c.saveState()
        c.translate(panel.cx, panel.cy)
        c.rotate(turn)
        _panel(c, ctx, Rect(-panel.w / 2, -panel.h / 2, panel.w, panel.h), ch, color, name)
        c.restoreState()
    c.setFillColor(color)
    for tab in (Rect(box.x, box.y, box.w, TAB), Rect(box.x, box.y1 - TAB, box.w, TAB)):
        c.rect(tab.x, tab.y, tab.w, tab.h, fill=1, stroke=0)
    c.setStrokeColor(INK)
    c.setLineWidth(0.4)
    c.rect(box.x, box.y, box.w, box.h, fill=0, stroke=1)  # cut line
    with as_drawn(c):  # fold lines, dashed on white: the home look outlines each panel and
        for y in (box.y + TAB, back.y1, front.y1):  # tab in its colour, a solid line that
            if saves_ink(c):  # would read as one more cut
                c.setStrokeColor(white)
                c.setLineWidth(1.6)
                c.line(box.x + 0.4, y, box.x1 - 0.4, y)
            c.setDash(2, 2)
            c.setStrokeColor(MUTED)
            c.setLineWidth(0.6)
            c.line(box.x, y, box.x1, y)
            c.setDash()


def _panel(c: Canvas, ctx: Ctx, r: Rect, ch: Character, color: Color, name: str) -> None:
    """One face: the character's figure (the card's, art.yaml) on a white disc, its name under."""
    c.setFillColor(color)
    c.rect(r.x, r.y, r.w, r.h, fill=1, stroke=0)
    c.setFillColor(white)
    c.circle(r.cx, r.cy + mm(5), mm(10), fill=1, stroke=0)
    figure(c, ch, r.cx, r.cy + mm(5), mm(15), color)
    c.setFillColor(white)
    text.one_line(c, name, Rect(r.x + mm(2), r.y + mm(3), r.w - mm(4), mm(6)),
                  ctx.fonts.display, 12, item="pawns", field="name", min_size=7)
