"""A gadget's emblem: its effect told with dice, arrows and agents, on a dark plate.

Each draws around (cx, cy) in a plate `s` high and about 2.2 s wide; the card holder is a
gold agent, an opponent a white one."""

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
    _die(c, ctx, cx - s * 0.75, cy, s * 0.55, Die(2))
    _die(c, ctx, cx - s * 0.1, cy, s * 0.55, Die(5))
    c.setFillColor(GOLD)
    c.setFont(ctx.fonts.bold, s * 0.42)
    c.drawCentredString(cx + s * 0.7, cy - s * 0.15, "2-5")


def _reroll(c: Canvas, ctx: Ctx, cx: float, cy: float, s: float) -> None:
    glyphs.circle_arrow(c, cx, cy, s * 0.4, s * 0.06, GOLD)
    _die(c, ctx, cx, cy, s * 0.46, Die(4))


def _exchange(c: Canvas, ctx: Ctx, cx: float, cy: float, s: float) -> None:
    for dx, color in ((-0.45, white), (0.45, GOLD)):
        c.setFillColor(color)
        c.roundRect(cx + dx * s - s * 0.2, cy - s * 0.3, s * 0.4, s * 0.6, s * 0.05, fill=1,
                    stroke=0)
    glyphs.arrow(c, cx - s * 0.2, cy + s * 0.12, cx + s * 0.2, cy + s * 0.12, s * 0.05, white)
    glyphs.arrow(c, cx + s * 0.2, cy - s * 0.12, cx - s * 0.2, cy - s * 0.12, s * 0.05, GOLD)


def _extra(c: Canvas, ctx: Ctx, cx: float, cy: float, s: float) -> None:
    _die(c, ctx, cx - s * 0.35, cy, s * 0.6, Die(3))
    c.setFillColor(GOLD)
    c.setFont(ctx.fonts.bold, s * 0.5)
    c.drawCentredString(cx + s * 0.45, cy - s * 0.18, "+1")


def _lock(c: Canvas, ctx: Ctx, cx: float, cy: float, s: float) -> None:
    glyphs.person(c, cx - s * 0.4, cy + s * 0.02, s * 0.8, white)
    icons.padlock(c, cx + s * 0.4, cy - s * 0.05, s * 0.62, None, ctx.fonts.bold, GOLD)


def _steal(c: Canvas, ctx: Ctx, cx: float, cy: float, s: float) -> None:
    """Me (gold) <- a die <- an opponent (white)."""
    glyphs.person(c, cx - s * 0.85, cy, s * 0.7, GOLD)
    glyphs.arrow(c, cx - s * 0.05, cy, cx - s * 0.5, cy, s * 0.06, GOLD)
    _die(c, ctx, cx + s * 0.25, cy, s * 0.45, Die(6))
    glyphs.person(c, cx + s * 0.85, cy, s * 0.7, white)


def _delete(c: Canvas, ctx: Ctx, cx: float, cy: float, s: float) -> None:
    """A die crossed out over its pips: gone from the table."""
    _die(c, ctx, cx, cy, s * 0.62, Die(5))
    glyphs.strike(c, cx, cy, s * 0.75)


def _change(c: Canvas, ctx: Ctx, cx: float, cy: float, s: float) -> None:
    _die(c, ctx, cx - s * 0.6, cy, s * 0.55, Die(2))
    glyphs.arrow(c, cx - s * 0.22, cy, cx + s * 0.22, cy, s * 0.06, GOLD)
    _die(c, ctx, cx + s * 0.6, cy, s * 0.55, Die(6))


def _swap(c: Canvas, ctx: Ctx, cx: float, cy: float, s: float) -> None:
    _die(c, ctx, cx - s * 0.6, cy, s * 0.55, Die(1))
    _die(c, ctx, cx + s * 0.6, cy, s * 0.55, Die(6))
    glyphs.arrow(c, cx - s * 0.22, cy + s * 0.1, cx + s * 0.22, cy + s * 0.1, s * 0.05, GOLD)
    glyphs.arrow(c, cx + s * 0.22, cy - s * 0.1, cx - s * 0.22, cy - s * 0.1, s * 0.05, GOLD)


def _give(c: Canvas, ctx: Ctx, cx: float, cy: float, s: float) -> None:
    """Me (gold) -> a die -> an opponent (white)."""
    glyphs.person(c, cx - s * 0.85, cy, s * 0.7, GOLD)
    _die(c, ctx, cx - s * 0.25, cy, s * 0.45, Die(3))
    glyphs.arrow(c, cx + s * 0.05, cy, cx + s * 0.5, cy, s * 0.06, GOLD)
    glyphs.person(c, cx + s * 0.85, cy, s * 0.7, white)


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
