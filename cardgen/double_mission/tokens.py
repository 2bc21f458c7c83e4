"""Tokens and stickers: investigation tokens (two-sided), Millions, treasure and value
stickers, round and check markers, and die-face stickers."""

from __future__ import annotations

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from .. import icons, text
from ..geometry import Rect, mm
from ..ink import die_frame, saves_ink
from ..render.common import CHARCOAL, CREAM, GOLD, INK, Ctx
from ..token_layout import DIE_STICKER
from ..token_sheets import Section
from .strings import t

# The rulebook puts a sticker on both sides of every treasure and value disc, so a disc
# drawn from the bag or turned on the track shows its type whichever way it lands.
DISC_SIDES = 2
ROUND_MARKERS = 1
CHECK_MARKERS = 2  # per character: one on the score track, one to count laps past its end


def _disc(c: Canvas, cell: Rect, color: Color, inset: float = mm(0.8)) -> None:
    """A filled disc slightly larger than the cut line (bleed for round tokens)."""
    c.setFillColor(color)
    c.circle(cell.cx, cell.cy, cell.w / 2 + inset, fill=1, stroke=0)


def investigation_front(c: Canvas, ctx: Ctx, _: int, cell: Rect) -> None:
    _disc(c, cell, CHARCOAL)
    ring = cell.w / 2 - mm(1.5)
    c.setStrokeColor(GOLD)
    c.setLineWidth(0.8)
    c.circle(cell.cx, cell.cy, ring, fill=0, stroke=1)
    icons.magnifier(c, cell.cx, cell.cy + mm(3), cell.w * 0.4, None, GOLD)
    c.setFillColor(GOLD)
    text.in_circle(c, t(ctx.lang, "investigation"), ctx.fonts.bold, 7, (cell.cx, cell.cy),
                   ring - mm(1), cell.cy - mm(3.6), item="investigation_token", field="front")


def investigation_back(c: Canvas, ctx: Ctx, evidence: int, cell: Rect) -> None:
    _disc(c, cell, CREAM)
    icons.magnifier(c, cell.cx, cell.cy + mm(2), cell.w * 0.55, evidence or None, INK)
    c.setFillColor(INK)
    c.setFont(ctx.fonts.display, 11)
    label = f"-{evidence}" if evidence else "0"
    c.drawCentredString(cell.cx, cell.y + mm(3.2), label)


def million(c: Canvas, ctx: Ctx, _: int, cell: Rect) -> None:
    _disc(c, cell, HexColor("#2E7D4F"))
    c.setStrokeColor(white)
    c.setLineWidth(0.8)
    c.circle(cell.cx, cell.cy, cell.w / 2 - mm(1.5), fill=0, stroke=1)
    c.setFillColor(white)
    c.setFont(ctx.fonts.display, cell.w * 0.32)
    c.drawCentredString(cell.cx, cell.cy - cell.w * 0.06, "1M")
    text.in_circle(c, "$1,000,000", ctx.fonts.bold, 7, (cell.cx, cell.cy),
                   cell.w / 2 - mm(2.2), cell.cy - cell.w * 0.13, item="million_token",
                   field="amount", max_lines=1)


def treasure_sticker(c: Canvas, ctx: Ctx, treasure_id: str, cell: Rect) -> None:
    tr = ctx.game.treasure_by_id[treasure_id]
    _disc(c, cell, HexColor(tr.color))
    c.setFillColor(white)
    c.circle(cell.cx, cell.cy, cell.w * 0.36, fill=1, stroke=0)
    icons.treasure(c, tr.icon, cell.cx, cell.cy, cell.w * 0.55, tr.color)


def value_sticker(c: Canvas, ctx: Ctx, treasure_id: str, cell: Rect) -> None:
    tr = ctx.game.treasure_by_id[treasure_id]
    _disc(c, cell, white)
    c.setStrokeColor(HexColor(tr.color))
    c.setLineWidth(mm(1))
    c.circle(cell.cx, cell.cy, cell.w / 2 - mm(0.9), fill=0, stroke=1)
    icons.treasure(c, tr.icon, cell.cx, cell.cy + mm(3.4), cell.w * 0.34, tr.color)
    c.setFillColor(INK)
    text.in_circle(c, ctx.name(tr).upper(), ctx.fonts.bold, 6.5, (cell.cx, cell.cy),
                   cell.w / 2 - mm(1.8), cell.cy - mm(0.4), item=treasure_id, field="value")


def marker(color: str, label: str) -> object:
    def draw(c: Canvas, ctx: Ctx, _: int, cell: Rect) -> None:
        _disc(c, cell, HexColor(color))
        c.setFillColor(white)
        c.setFont(ctx.fonts.bold, 6)
        c.drawCentredString(cell.cx, cell.cy - 2, label)

    return draw


def die_face(color: str, success: bool) -> object:
    def draw(c: Canvas, ctx: Ctx, _: int, cell: Rect) -> None:
        if saves_ink(c):  # white face, the character's colour as a frame and on the tick
            _saver_die_face(c, cell, HexColor(color), success)
            return
        c.setFillColor(HexColor(color))
        c.roundRect(cell.x, cell.y, cell.w, cell.h, mm(1.5), fill=1, stroke=0)
        c.setFillColor(white)
        c.circle(cell.cx, cell.cy, cell.w * 0.36, fill=1, stroke=0)
        if success:
            icons.check(c, cell.cx, cell.cy, cell.w * 0.5, INK)
        else:
            icons.alarm(c, cell.cx, cell.cy, cell.w * 0.5)

    return draw


def _saver_die_face(c: Canvas, cell: Rect, color: Color, success: bool) -> None:
    c.saveState()
    die_frame(c, cell, color, 0.9)
    c.restoreState()
    if success:
        icons.check(c, cell.cx, cell.cy, cell.w * 0.5, color)
    else:
        icons.alarm(c, cell.cx, cell.cy, cell.w * 0.5)


def sections(ctx: Ctx) -> tuple[Section, Section, list[Section], list[Section]]:
    """Investigation fronts and backs (a duplex pair), the one-sided cardstock sections, and
    the sticker sections (printed apart: cardstock and stickers never share a page)."""
    g = ctx.game
    lang = ctx.lang
    evidence = [m.evidence for m in g.game.investigation_tokens for _ in range(m.count)]
    inv_front = Section(t(lang, "inv_front"), evidence, investigation_front, mm(28), cols=5)
    inv_back = Section(t(lang, "inv_back"), evidence, investigation_back, mm(28))
    treasures = [tr.id for tr in g.treasures for _ in range(tr.count) for _ in range(DISC_SIDES)]
    values = [tr.id for tr in g.treasures for _ in range(DISC_SIDES)]  # a value disc per type
    markers = [marker("#1B1B1F", t(lang, "round_marker"))] * ROUND_MARKERS
    for ch in g.characters:
        markers += [marker(ch.color, t(lang, "check_marker"))] * CHECK_MARKERS
    dice = []
    for ch in g.characters:
        success, alarm = die_face(ch.color, True), die_face(ch.color, False)
        one_die = [success] * g.game.dice.success_faces
        one_die += [alarm] * (g.game.dice.faces - g.game.dice.success_faces)
        dice += one_die * g.game.components.dice_per_player
    cardstock = [
        Section(t(lang, "million_tokens"), [0] * g.game.components.million_tokens, million,
                mm(24)),
        Section(t(lang, "markers"), markers, lambda c, x, draw, cell: draw(c, x, 0, cell), mm(16)),
    ]
    stickers = [
        Section(t(lang, "treasure_stickers"), treasures, treasure_sticker, mm(16)),
        Section(t(lang, "value_stickers"), values, value_sticker, mm(21)),
        Section(t(lang, "die_faces"), dice, lambda c, x, draw, cell: draw(c, x, 0, cell),
                DIE_STICKER, round=False, cols=12),
    ]
    return inv_front, inv_back, cardstock, stickers


def printed(ctx: Ctx) -> dict[str, int]:
    """The tokens, markers and stickers the tokens and stickers files print, by component key
    (counted from the sections they draw)."""
    inv_front, _, (millions, _), (treasures, values, dice) = sections(ctx)
    return {"investigation_token": len(inv_front.items), "million_token": len(millions.items),
            "round_marker": ROUND_MARKERS,
            "check_marker": CHECK_MARKERS * len(ctx.game.characters),
            "treasure_sticker": len(treasures.items), "value_sticker": len(values.items),
            "die_sticker": len(dice.items)}
