"""A gadget's emblem: its effect told with dice, arrows and agents (white on a dark disc)."""

from __future__ import annotations

from collections.abc import Callable

from reportlab.lib.colors import white
from reportlab.pdfgen.canvas import Canvas

from .. import icons
from ..render.common import GOLD, Ctx
from . import glyphs
from .pictures import Die

Emblem = Callable[[Canvas, Ctx, float, float, float], None]


def _die(c: Canvas, ctx: Ctx, x: float, y: float, s: float, face: Die) -> None:
    glyphs.die(c, ctx.fonts.bold, x, y, s, face)


def _set_count(c: Canvas, ctx: Ctx, cx: float, cy: float, s: float) -> None:
    _die(c, ctx, cx - s * 0.22, cy + s * 0.1, s * 0.4, Die(2))
    _die(c, ctx, cx + s * 0.22, cy + s * 0.1, s * 0.4, Die(5))
    c.setFillColor(white)
    c.setFont(ctx.fonts.bold, s * 0.22)
    c.drawCentredString(cx, cy - s * 0.38, "2-5")


def _reroll(c: Canvas, ctx: Ctx, cx: float, cy: float, s: float) -> None:
    glyphs.circle_arrow(c, cx, cy, s * 0.36, s * 0.05, GOLD)
    _die(c, ctx, cx, cy, s * 0.38, Die(4))


def _exchange(c: Canvas, ctx: Ctx, cx: float, cy: float, s: float) -> None:
    for dx, color in ((-0.18, white), (0.18, GOLD)):
        c.setFillColor(color)
        c.roundRect(cx + dx * s - s * 0.14, cy - s * 0.2, s * 0.28, s * 0.4, s * 0.03, fill=1,
                    stroke=0)
    glyphs.arrow(c, cx - s * 0.3, cy + s * 0.3, cx + s * 0.3, cy + s * 0.3, s * 0.035, white)
    glyphs.arrow(c, cx + s * 0.3, cy - s * 0.3, cx - s * 0.3, cy - s * 0.3, s * 0.035, GOLD)


def _extra(c: Canvas, ctx: Ctx, cx: float, cy: float, s: float) -> None:
    _die(c, ctx, cx - s * 0.15, cy, s * 0.42, Die(3))
    c.setFillColor(GOLD)
    c.setFont(ctx.fonts.bold, s * 0.3)
    c.drawCentredString(cx + s * 0.27, cy - s * 0.1, "+1")


def _lock(c: Canvas, ctx: Ctx, cx: float, cy: float, s: float) -> None:
    glyphs.person(c, cx - s * 0.16, cy + s * 0.02, s * 0.5, white)
    icons.padlock(c, cx + s * 0.2, cy - s * 0.08, s * 0.42, None, ctx.fonts.bold, GOLD)


def _steal(c: Canvas, ctx: Ctx, cx: float, cy: float, s: float) -> None:
    glyphs.person(c, cx - s * 0.3, cy, s * 0.42, white)
    _die(c, ctx, cx + s * 0.28, cy, s * 0.3, Die(6))
    glyphs.arrow(c, cx + s * 0.1, cy - s * 0.26, cx - s * 0.14, cy - s * 0.26, s * 0.035, GOLD)


def _delete(c: Canvas, ctx: Ctx, cx: float, cy: float, s: float) -> None:
    _die(c, ctx, cx, cy, s * 0.46, Die(5, struck=True))


def _change(c: Canvas, ctx: Ctx, cx: float, cy: float, s: float) -> None:
    _die(c, ctx, cx - s * 0.27, cy, s * 0.3, Die(2))
    glyphs.arrow(c, cx - s * 0.08, cy, cx + s * 0.08, cy, s * 0.035, GOLD)
    _die(c, ctx, cx + s * 0.27, cy, s * 0.3, Die(6))


def _swap(c: Canvas, ctx: Ctx, cx: float, cy: float, s: float) -> None:
    _die(c, ctx, cx - s * 0.27, cy, s * 0.28, Die(1))
    _die(c, ctx, cx + s * 0.27, cy, s * 0.28, Die(6))
    glyphs.arrow(c, cx - s * 0.1, cy + s * 0.07, cx + s * 0.1, cy + s * 0.07, s * 0.03, GOLD)
    glyphs.arrow(c, cx + s * 0.1, cy - s * 0.07, cx - s * 0.1, cy - s * 0.07, s * 0.03, GOLD)


def _give(c: Canvas, ctx: Ctx, cx: float, cy: float, s: float) -> None:
    _die(c, ctx, cx - s * 0.28, cy, s * 0.3, Die(3))
    glyphs.person(c, cx + s * 0.3, cy, s * 0.42, white)
    glyphs.arrow(c, cx - s * 0.12, cy - s * 0.26, cx + s * 0.12, cy - s * 0.26, s * 0.035, GOLD)


EMBLEMS: dict[str, Emblem] = {
    "set_dice_count": _set_count, "force_reroll": _reroll, "exchange_mission": _exchange,
    "extra_roll": _extra, "lock_player": _lock, "steal_die": _steal, "delete_die": _delete,
    "change_face": _change, "swap_dice": _swap, "give_die": _give,
}


def gadget_emblem(c: Canvas, ctx: Ctx, effect: str, cx: float, cy: float, s: float) -> None:
    """The emblem of `effect` (the gadget's suitcase when it has none of its own)."""
    draw = EMBLEMS.get(effect)
    if draw is None:
        glyphs.suitcase(c, cx, cy, s * 0.7, GOLD, None)
        return
    c.saveState()
    draw(c, ctx, cx, cy, s)
    c.restoreState()
