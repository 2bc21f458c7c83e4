"""The active agent token (MISSION side / DEBRIEFING side) and the optional die stickers.

The token has no sheet of its own: it takes the free half of the player aids' last sheet
(aids.write_aids), its back on the reverse page in register, BACK_GROW wider all round.

The stickers turn 25 plain dice into five coloured sets: each colour's pips are drawn in its
symbol's shape (circle, square, triangle, diamond, star), so the sets part without colour.
"""

from __future__ import annotations

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from .. import text, token_layout
from ..geometry import PAPERS, Rect, mm
from ..imposition import Duplex, back_cells
from ..ink import die_frame, saves_ink
from ..render.common import GOLD, INK, Ctx, hexcolor
from ..token_layout import DIE_STICKER
from ..token_sheets import BACK_GROW, Section, cut_circle
from . import glyphs
from .pictures import Die
from .strings import t

TOKEN_SIZE = mm(50)
BLEED = mm(2)  # each side's colour runs this far past its cut line (the back's past its own,
# grown line), so a cut a little off the line still shows no paper
STICKER_SIZE = DIE_STICKER  # the flat of a 12 mm die face, inside its rounded edges
SIDE_COLOURS = {"mission": "#0F4C5C", "debriefing": "#7A4E12"}


def _light(color: str) -> bool:
    """Is a colour light enough to need dark pips?"""
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b > 160


def agent_side(c: Canvas, ctx: Ctx, side: str, cell: Rect) -> None:
    """One side of the token: the phase's colour (BLEED past `cell`), the agent, the phase's
    name."""
    c.setFillColor(hexcolor(SIDE_COLOURS[side]))
    c.circle(cell.cx, cell.cy, cell.w / 2 + BLEED, fill=1, stroke=0)
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


def token_cells(spare: Rect, page: tuple[float, float], duplex: Duplex,
                offset: tuple[float, float]) -> tuple[Rect, Rect]:
    """The token's cut disc, centred in `spare` (a free half of a sheet), and its back's disc
    on the reverse page: behind it once the sheet is flipped, BACK_GROW wider all round (cut
    along the front's line, a back printed a little off still fills the disc)."""
    front = Rect(spare.cx - TOKEN_SIZE / 2, spare.cy - TOKEN_SIZE / 2 - mm(3), TOKEN_SIZE,
                 TOKEN_SIZE)
    return front, back_cells((front,), page, duplex, offset)[0].grow(BACK_GROW)


def draw_token(c: Canvas, ctx: Ctx, cell: Rect, back: bool) -> None:
    """One side of the token in `cell` under its heading; the front with its cut line."""
    side = "debriefing" if back else "mission"
    agent_side(c, ctx, side, cell)
    if not back:
        cut_circle(c, cell)
    c.setFillColor(INK)
    heading = t(ctx.lang, "token_back" if back else "token_front")
    text.one_line(c, heading, Rect(cell.x - mm(40), cell.y1 + BLEED + mm(3), cell.w + mm(80),
                  mm(5)), ctx.fonts.bold, 10, item="active_agent_token", field="heading")


def stickers(ctx: Ctx) -> Section:
    """The optional die stickers: each colour's five dice, six faces each."""
    lang = ctx.lang
    per_colour = ctx.game.game.components.dice // len(ctx.game.colours)
    faces = [(colour.color, colour.symbol, pips) for colour in ctx.game.colours
             for _ in range(per_colour) for pips in range(1, 7)]
    # a row per half colour (15 of its 30 faces, the widest whole share that fits A4 and
    # Letter), so each colour's set peels off in whole rows; 12 a row split colours mid-row
    return Section(t(lang, "stickers"), faces, sticker, STICKER_SIZE, round=False,
                   cols=_colour_row(per_colour * 6))


def _colour_row(count: int) -> int:
    """The most stickers a row holds that divides one colour's `count` and fits the
    narrower paper (A4) between the token margins."""
    most = token_layout.fit_in_row(PAPERS["a4"], STICKER_SIZE)
    return max(n for n in range(1, min(count, most) + 1) if count % n == 0)
