"""The player aid (one per player, two per page) and the rules summary."""

from __future__ import annotations

from reportlab.lib.colors import white
from reportlab.pdfgen.canvas import Canvas

from missionkit.double_mission import odds
from missionkit.double_mission.guide import fill

from ..geometry import Rect, mm
from ..render.common import CHARCOAL, CREAM, GOLD, INK, MUTED, Ctx, fill_rect
from ..render.flow import Flow
from .strings import t

ODDS_HEAD = {"en": ("Dice", "Solo", "Co-op"), "ko": ("주사위", "혼자", "공동")}
ODDS_TITLE = {"en": "Odds of success", "ko": "성공 확률"}


def odds_table(c: Canvas, ctx: Ctx, area: Rect, *, dark: bool) -> None:
    """Solo and cooperation odds for 1..max dice, computed from the dice rules."""
    dice = ctx.game.game.dice
    rows = [(n, odds.solo(n, dice.success_chance), odds.cooperation(n, dice.success_chance))
            for n in range(1, dice.max + 1)]
    ink = white if dark else INK
    c.setFillColor(GOLD if dark else INK)
    c.setFont(ctx.fonts.display, 13)
    c.drawString(area.x, area.y1 - 13, ODDS_TITLE[ctx.lang])
    row_h = (area.h - 20) / (len(rows) + 1)
    col_w = area.w / 3
    for r, cells in enumerate([ODDS_HEAD[ctx.lang], *[(str(n), f"{s:.1%}", f"{co:.1%}")
                                                       for n, s, co in rows]]):
        y = area.y1 - 20 - (r + 1) * row_h
        if r % 2 == 0 and r:
            fill_rect(c, Rect(area.x, y, area.w, row_h), MUTED if dark else CREAM)
        c.setFillColor(ink)
        c.setFont(ctx.fonts.bold if r == 0 else ctx.fonts.body, 9)
        for k, cell in enumerate(cells):
            c.drawCentredString(area.x + (k + 0.5) * col_w, y + row_h * 0.3, cell)


def player_aid(c: Canvas, ctx: Ctx, area: Rect) -> None:
    """One player aid filling `area` (half a page)."""
    fill_rect(c, area, CHARCOAL, radius=mm(4))
    inner = area.shrink(mm(7))
    title = f"{ctx.game.game.name.get(ctx.lang)} · {t(ctx.lang, 'player_aid')}"
    c.setFillColor(GOLD)
    c.setFont(ctx.fonts.display, 16)
    c.drawString(inner.x, inner.y1 - 14, title)
    body = Rect(inner.x, inner.y, inner.w, inner.h - mm(9))
    left = Rect(body.x, body.y, body.w * 0.36 - mm(3), body.h)
    mid = Rect(body.x + body.w * 0.36, body.y, body.w * 0.36 - mm(3), body.h)
    right = Rect(body.x + body.w * 0.72, body.y + body.h * 0.35, body.w * 0.28, body.h * 0.65)
    flow = Flow(c, ctx, [left, mid, Rect(right.x, body.y, right.w, body.h * 0.33)], size=7.4,
                dark=True)
    for section in ctx.game.guide:
        if section.aid:
            flow.heading(section.heading.get(ctx.lang))
            for point in section.points:
                flow.paragraph(fill(point.get(ctx.lang), ctx.game.game))
    odds_table(c, ctx, right, dark=True)


def rules_summary(c: Canvas, ctx: Ctx, page: tuple[float, float]) -> int:
    """The rules in short, over as many pages as needed; returns the page count.

    The text size is the largest of 9.5, 9 and 8.5 pt that needs no more pages than the
    smallest, so the odds table never sits alone on a last page (Letter, at 9.5 pt)."""
    import io

    from reportlab.pdfgen.canvas import Canvas as Scratch

    sizes = (9.5, 9.0, 8.5)
    counts = [_rules_summary(Scratch(io.BytesIO(), pagesize=page), ctx, page, s) for s in sizes]
    size = next(s for s, n in zip(sizes, counts, strict=True) if n == min(counts))
    return _rules_summary(c, ctx, page, size)


def _rules_summary(c: Canvas, ctx: Ctx, page: tuple[float, float], size: float) -> int:
    margin = mm(16)
    width = (page[0] - 2 * margin - mm(8)) / 2
    pages = [1]

    def columns(top: float) -> list[Rect]:
        return [Rect(margin, margin, width, top - margin),
                Rect(margin + width + mm(8), margin, width, top - margin)]

    def next_page() -> list[Rect]:
        c.showPage()
        pages[0] += 1
        return columns(page[1] - margin)

    g = ctx.game.game
    c.setFillColor(INK)
    c.setFont(ctx.fonts.display, 24)
    c.drawString(margin, page[1] - margin - 20, f"{g.name.get(ctx.lang)} · {t(ctx.lang, 'rules')}")
    c.setFont(ctx.fonts.body, 10)
    c.setFillColor(MUTED)
    c.drawString(margin, page[1] - margin - 36, g.subtitle.get(ctx.lang))
    flow = Flow(c, ctx, columns(page[1] - margin - mm(16)), size=size, next_page=next_page)
    for section in ctx.game.guide:
        flow.heading(section.heading.get(ctx.lang))
        for point in section.points:
            flow.paragraph(fill(point.get(ctx.lang), g))
    flow.heading(t(ctx.lang, "character_cards"))
    for ch in ctx.game.characters:
        for side in ("A", "B"):
            flow.paragraph(f"{ctx.name(ch)} {side}: {ch.sides[side].text.get(ctx.lang)}")
    flow.room(mm(64))
    odds_table(c, ctx, Rect(flow.area.x, flow.y - mm(62), flow.area.w, mm(60)), dark=False)
    return pages[0]
