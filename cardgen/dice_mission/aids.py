"""Player aids: half-page cards, two per sheet, the round summary on the front and the
gadgets on the back (the guide's `aid` sections: the gadget sections go on the back).

The backs are placed where the fronts' backs fall once the sheet is flipped (duplex), so a
printed sheet cut across the middle gives two double-sided aids.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.colors import white
from reportlab.pdfgen.canvas import Canvas

from missionkit.content.guide import GuideSection
from missionkit.dice_mission.guide import fill

from .. import text
from ..documents import Document
from ..geometry import Rect, mm
from ..render.common import CHARCOAL, GOLD, INK, Ctx, fill_rect, hexcolor
from ..render.flow import Flow
from ..text import TextOverflow
from ..token_layout import mirrored
from . import glyphs
from .cards import TYPE_STYLE
from .strings import t

MARGIN = mm(10)
BACK_FILL = hexcolor("#23252B")


def halves(page: tuple[float, float]) -> tuple[Rect, Rect]:
    """The top and bottom aid areas of a page."""
    pw, ph = page
    h = (ph - 3 * MARGIN) / 2
    return (Rect(MARGIN, 2 * MARGIN + h, pw - 2 * MARGIN, h), Rect(MARGIN, MARGIN,
                                                                   pw - 2 * MARGIN, h))


def _is_back(section_id: str) -> bool:
    return section_id.endswith("gadgets")


def _title(c: Canvas, ctx: Ctx, inner: Rect, label: str) -> None:
    c.setFillColor(GOLD)
    c.setFont(ctx.fonts.display, 16)
    c.drawString(inner.x, inner.y1 - 14, f"{ctx.game.game.name.get(ctx.lang)} · {label}")


def _columns(inner: Rect, n: int, top: float) -> list[Rect]:
    gap = mm(6)
    w = (inner.w - gap * (n - 1)) / n
    return [Rect(inner.x + k * (w + gap), inner.y, w, inner.h - top) for k in range(n)]


def _section(ctx: Ctx, flow: Flow, section: GuideSection) -> None:
    """One guide section down the flow; TextOverflow naming it when the aid is full."""
    try:
        flow.heading(section.heading.get(ctx.lang))
        for point in section.points:
            flow.paragraph(fill(point.get(ctx.lang), ctx.game.game))
    except OverflowError:
        raise TextOverflow("player_aid", f"guide.{section.id}",
                           "the aid's columns are full") from None


def _sections(c: Canvas, ctx: Ctx, flow: Flow, back: bool) -> None:
    for section in ctx.game.guide:
        if section.aid and _is_back(section.id) == back:
            _section(ctx, flow, section)


def _type_key(c: Canvas, ctx: Ctx, area: Rect) -> None:
    """The four mission types: mark, colour and what each reads."""
    row = area.h / 4
    for k, kind in enumerate(("solo", "versus", "team", "special")):
        y = area.y1 - (k + 0.5) * row
        color = hexcolor(TYPE_STYLE[kind][0])
        fill_rect(c, Rect(area.x, y - row * 0.42, area.w, row * 0.84), color, radius=mm(1.5))
        glyphs.type_mark(c, kind, area.x + row * 0.5, y, row * 0.7, white)
        c.setFillColor(white)
        c.setFont(ctx.fonts.display, 11)
        c.drawString(area.x + row * 1.05, y + 1, t(ctx.lang, kind))
        c.setFont(ctx.fonts.bold, 7)
        c.drawString(area.x + row * 1.05, y - 8, t(ctx.lang, f"{kind}_hint"))


def _hands(c: Canvas, ctx: Ctx, area: Rect) -> None:
    """Missions dealt per type and the missions needed to win, by player count."""
    c.setFillColor(GOLD)
    c.setFont(ctx.fonts.display, 11)
    c.drawString(area.x, area.y1 - 11, t(ctx.lang, "setup_title"))
    c.setFillColor(white)
    y = area.y1 - 26
    for players, row in sorted(ctx.game.setup.items()):
        dealt = "/".join(str(n) for n in dict.fromkeys(row.dealt.values()))
        line = t(ctx.lang, "setup_row", p=players, n=dealt, target=row.target)
        text.one_line(c, line, Rect(area.x, y - 4, area.w, 10), ctx.fonts.body, 8,
                      item="player_aid", field="setup", align="left")
        y -= 12


def aid_front(c: Canvas, ctx: Ctx, area: Rect) -> None:
    """The round summary: the mission and debriefing phases, the types, the hands."""
    fill_rect(c, area, CHARCOAL, radius=mm(4))
    inner = area.shrink(mm(7))
    _title(c, ctx, inner, t(ctx.lang, "round"))
    cols = _columns(inner, 3, mm(9))
    side = cols.pop()
    flow = Flow(c, ctx, cols, size=8.6, dark=True)
    _sections(c, ctx, flow, back=False)
    _type_key(c, ctx, Rect(side.x, side.y1 - mm(50), side.w, mm(48)))
    _hands(c, ctx, Rect(side.x, side.y, side.w, side.h - mm(54)))


def aid_back(c: Canvas, ctx: Ctx, area: Rect) -> None:
    """The gadgets, by the phase they are played in."""
    fill_rect(c, area, BACK_FILL, radius=mm(4))
    inner = area.shrink(mm(7))
    _title(c, ctx, inner, t(ctx.lang, "gadgets_list"))
    glyphs.suitcase(c, inner.x1 - mm(5), inner.y1 - mm(2.5), mm(9), GOLD, BACK_FILL)
    sections = [s for s in ctx.game.guide if s.aid and _is_back(s.id)]
    for section, column in zip(sections, _columns(inner, len(sections), mm(9)), strict=True):
        _section(ctx, Flow(c, ctx, [column], size=9.5, dark=True), section)


def write_aids(doc: Document, count: int, duplex: str, offset: tuple[float, float]) -> None:
    """`count` aids, two per sheet: a page of fronts, then a page of their backs."""
    c, ctx = doc.canvas, doc.ctx
    page = c._pagesize
    areas = halves(page)
    for first in range(0, count, 2):
        fronts: Sequence[Rect] = areas[:min(2, count - first)]
        for area in fronts:
            aid_front(c, ctx, area)
        _cut_line(c, page, len(fronts))
        doc.end_page()
        for area in mirrored(tuple(fronts), page, duplex, offset):
            aid_back(c, ctx, area)
        _cut_line(c, page, len(fronts))
        doc.end_page()


def _cut_line(c: Canvas, page: tuple[float, float], aids: int) -> None:
    """The dashed line between the two aids of a sheet (none under a lone aid)."""
    if aids < 2:
        return
    c.saveState()
    c.setDash(3, 3)
    c.setStrokeColor(INK)
    c.setLineWidth(0.3)
    c.line(MARGIN, page[1] / 2, page[0] - MARGIN, page[1] / 2)
    c.restoreState()
