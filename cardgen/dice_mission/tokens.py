"""The active agent token (MISSION side / DEBRIEFING side) and the optional die stickers.

The stickers turn 25 plain dice into five coloured sets: each colour's pips are drawn in its
symbol's shape (circle, square, triangle, diamond, star), so the sets part without colour.
"""

from __future__ import annotations

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from .. import text
from ..geometry import Rect, mm
from ..ink import die_frame, saves_ink
from ..render.common import GOLD, INK, Ctx, hexcolor
from ..token_layout import DIE_STICKER
from ..token_sheets import Section
from . import glyphs
from .pictures import Die
from .strings import t

TOKEN_SIZE = mm(50)
STICKER_SIZE = DIE_STICKER  # the flat of a 12 mm die face, inside its rounded edges
SIDE_COLOURS = {"mission": "#0F4C5C", "debriefing": "#7A4E12"}


def _light(color: str) -> bool:
    """Is a colour light enough to need dark pips?"""
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b > 160


def agent_side(c: Canvas, ctx: Ctx, side: str, cell: Rect) -> None:
    """One side of the token: the phase's colour, the agent, the phase's name."""
    c.setFillColor(hexcolor(SIDE_COLOURS[side]))
    c.circle(cell.cx, cell.cy, cell.w / 2 + mm(1), fill=1, stroke=0)
    c.setStrokeColor(GOLD)
    c.setLineWidth(1.2)
    c.circle(cell.cx, cell.cy, cell.w / 2 - mm(2), fill=0, stroke=1)
    if side == "mission":
        glyphs.die(c, ctx.fonts.bold, cell.cx - mm(5), cell.cy + mm(5), mm(9), Die(5))
        glyphs.die(c, ctx.fonts.bold, cell.cx + mm(5), cell.cy + mm(5), mm(9), Die(2))
    else:
        glyphs.person(c, cell.cx, cell.cy + mm(5), mm(14), white)
    c.setFillColor(GOLD)
    text.one_line(c, t(ctx.lang, side), Rect(cell.x + mm(6), cell.cy - mm(8), cell.w - mm(12),
                  mm(6)), ctx.fonts.display, 16, item="active_agent_token", field=side)
    c.setFillColor(white)
    text.one_line(c, t(ctx.lang, "active_agent"), Rect(cell.x + mm(9), cell.cy - mm(14),
                  cell.w - mm(18), mm(4)), ctx.fonts.bold, 7, item="active_agent_token",
                  field="label")


def sticker(c: Canvas, ctx: Ctx, face: tuple[str, str, int], cell: Rect) -> None:
    """One die face: the colour, and its pips in the colour's symbol shape."""
    color, symbol, pips = face
    if saves_ink(c):  # a white face ringed in the colour, pips in the colour (dark if pale)
        ink: Color = INK if _light(color) else hexcolor(color)
        die_frame(c, cell, hexcolor(color), mm(0.5), face=white)
    else:
        ink = INK if _light(color) else white
        c.setFillColor(hexcolor(color))
        c.roundRect(cell.x - mm(0.6), cell.y - mm(0.6), cell.w + mm(1.2), cell.h + mm(1.2),
                    mm(1.5), fill=1, stroke=0)
    c.setFillColor(ink)
    step = cell.w * glyphs.PIP
    for dx, dy in glyphs.pip_positions(pips):
        glyphs.pip(c, symbol, cell.cx + dx * step, cell.cy + dy * step, cell.w * 0.1)


def sections(ctx: Ctx) -> tuple[Section, Section, list[Section]]:
    """The token's two sides (a duplex pair), then the die stickers."""
    lang = ctx.lang
    front = Section(t(lang, "token_front"), ["mission"], agent_side, TOKEN_SIZE, cols=1)
    back = Section(t(lang, "token_back"), ["debriefing"], agent_side, TOKEN_SIZE, cols=1)
    per_colour = ctx.game.game.components.dice // len(ctx.game.colours)
    faces = [(colour.color, colour.symbol, pips) for colour in ctx.game.colours
             for _ in range(per_colour) for pips in range(1, 7)]
    stickers = Section(t(lang, "stickers"), faces, sticker, STICKER_SIZE, round=False, cols=12)
    return front, back, [stickers]
