"""The reference sheet (the three D10 tables and the pass chances) and the player aid (the 9
phases and the aid sections of the guide), each drawn into half a page."""

from __future__ import annotations

from reportlab.lib.colors import white
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from missionkit.mission_improbable.guide import fill

from .. import text
from ..geometry import Rect, mm
from ..render.common import CHARCOAL, CREAM, GOLD, INK, MUTED, Ctx, fill_rect, stroke_rect
from ..render.flow import Flow
from . import glyphs
from .odds import chance_row
from .rows import d10
from .strings import t

MIN_SIZE = 6.5  # the aids shrink to fit, never below this (the spec's floor is 6 pt)


class _Null:
    """A canvas that draws nothing: lets a layout be measured before it is drawn."""

    def __getattr__(self, name: str) -> object:
        return lambda *a, **k: _Null()  # paths too: beginPath() gives another _Null


def _title(c: Canvas, ctx: Ctx, area: Rect, what: str, color: object) -> Rect:
    """The sheet's title line; returns the area below it."""
    c.setFillColor(color)
    text.one_line(c, f"{ctx.game.game.name.get(ctx.lang)} · {what}",
                  Rect(area.x, area.y1 - mm(7), area.w, mm(7)), ctx.fonts.display, 15,
                  item="aid", field="title", align="left")
    return Rect(area.x, area.y, area.w, area.h - mm(9))


# --- reference sheet -------------------------------------------------------------------


def _table_height(ctx: Ctx, table: object, w: float, size: float) -> float:
    return _draw_table(_Null(), ctx, table, Rect(0, 0, w, 10_000), size)  # type: ignore[arg-type]


def _draw_table(c: Canvas, ctx: Ctx, table: object, area: Rect, size: float) -> float:
    """One D10 table (heading, when to roll, rows); returns the height it took."""
    y = area.y1
    c.setFillColor(INK)
    c.setFont(ctx.fonts.display, size * 1.6)
    d10(c, area.x + size * 0.8, y - size * 1.1, size * 1.7, CHARCOAL)
    c.setFillColor(INK)
    c.drawString(area.x + size * 2, y - size * 1.6, table.name.get(ctx.lang))  # type: ignore
    y -= size * 2.3
    c.setFillColor(MUTED)
    c.setFont(ctx.fonts.body, size)
    for line in simpleSplit(table.when.get(ctx.lang), ctx.fonts.body, size, area.w):  # type: ignore
        y -= size * 1.2
        c.drawString(area.x, y, line)
    y -= size * 0.6
    face_w = size * 3.4
    for i, row in enumerate(table.rows):  # type: ignore[attr-defined]
        lines = simpleSplit(row.result.get(ctx.lang), ctx.fonts.body, size,
                            area.w - face_w - size)
        h = len(lines) * size * 1.2 + size * 0.7
        if i % 2 == 0:
            fill_rect(c, Rect(area.x, y - h, area.w, h), CREAM)
        faces = str(row.from_) if row.from_ == row.to else f"{row.from_}-{row.to}"
        c.setFillColor(INK)
        c.setFont(ctx.fonts.bold, size * 1.1)
        c.drawCentredString(area.x + face_w / 2, y - size * 1.3, faces)
        c.setFont(ctx.fonts.body, size)
        for k, line in enumerate(lines):
            c.drawString(area.x + face_w, y - size * (1.25 + 1.2 * k), line)
        y -= h
    return area.y1 - y


def _pass_strip(c: Canvas, ctx: Ctx, area: Rect) -> None:
    """The pass-chance table: Δ and the chance, two rows of 20 cells."""
    c.setFillColor(INK)
    c.setFont(ctx.fonts.display, 11)
    c.drawString(area.x, area.y1 - 11, t(ctx.lang, "pass_chance"))
    c.setFont(ctx.fonts.body, 7)
    c.setFillColor(MUTED)
    c.drawString(area.x, area.y1 - 20, f"{t(ctx.lang, 'pass_rule')}  {t(ctx.lang, 'delta')}")
    cells = chance_row(-10, 9)
    head = mm(9)
    w = (area.w - head) / len(cells)
    top = area.y1 - 24
    row_h = (top - area.y) / 2
    fill_rect(c, Rect(area.x, top - row_h, area.w, row_h), CHARCOAL)
    labels = [f"{d:+d}".replace("+0", "0") for d, _ in cells]
    labels[0], labels[-1] = f"≤{cells[0][0]}", f"≥+{cells[-1][0]}"
    # row by row (not column by column), so the text reads in rows
    for r, (head_label, ink) in enumerate((("Δ", GOLD), ("%", INK))):
        y = top - row_h * (0.65 + r)
        c.setFillColor(ink)
        c.setFont(ctx.fonts.bold, 8)
        c.drawString(area.x + 3, y, head_label)
        for i, (delta, chance) in enumerate(cells):
            x = area.x + head + i * w + w / 2
            if r == 0:
                c.setFillColor(white)
                c.setFont(ctx.fonts.bold, 7.5)
                c.drawCentredString(x, y, labels[i])
            else:
                c.setFont(ctx.fonts.bold if delta == 0 else ctx.fonts.body, 8)
                c.drawCentredString(x, y, f"{round(chance * 100)}")
    stroke_rect(c, Rect(area.x, area.y, area.w, top - area.y), CHARCOAL, 0.6)


def _skill_legend(c: Canvas, ctx: Ctx, area: Rect) -> None:
    """Every skill's glyph beside its name, in two rows: the key to the cards' rows."""
    skills = ctx.game.skills
    per_row = -(-len(skills) // 2)
    w, h = area.w / per_row, area.h / 2
    d = min(h * 0.8, mm(5.5))
    for i, skill in enumerate(skills):
        cell = Rect(area.x + (i % per_row) * w, area.y1 - (i // per_row + 1) * h, w, h)
        c.setFillColor(INK)
        c.circle(cell.x + d / 2, cell.cy, d / 2, fill=1, stroke=0)
        glyphs.draw_skill(c, skill.id, cell.x + d / 2, cell.cy, d * 0.7, white, INK)
        c.setFillColor(INK)
        text.one_line(c, skill.name.get(ctx.lang), Rect(cell.x + d + mm(1.2), cell.y,
                                                        w - d - mm(2), h),
                      ctx.fonts.bold, 8, item="reference", field=f"skill {skill.id}",
                      align="left")


def reference_sheet(c: Canvas, ctx: Ctx, area: Rect) -> None:
    """The three D10 tables side by side, the skills' key, the pass chances and the notes."""
    stroke_rect(c, area, CHARCOAL, 0.8, radius=mm(3))
    inner = area.shrink(mm(5))
    body = _title(c, ctx, inner, t(ctx.lang, "reference"), INK)
    notes = Rect(body.x, body.y, body.w, mm(6))
    strip = Rect(body.x, notes.y1 + mm(1), body.w, mm(19))
    legend = Rect(body.x, strip.y1 + mm(1.5), body.w, mm(10))
    _skill_legend(c, ctx, legend)
    tables = Rect(body.x, legend.y1 + mm(2), body.w, body.y1 - legend.y1 - mm(2))
    gap = mm(4)
    w = (tables.w - 2 * gap) / 3
    order = [ctx.game.tables[k] for k in ("spy", "mission_failure", "capture")]
    size = 9.5
    while max(_table_height(ctx, tb, w, size) for tb in order) > tables.h:
        size -= 0.25
        if size < MIN_SIZE:
            raise text.TextOverflow("reference", "tables", f"taller than {tables.h:.0f} pt")
    for i, table in enumerate(order):
        _draw_table(c, ctx, table, Rect(tables.x + i * (w + gap), tables.y, w, tables.h), size)
    _pass_strip(c, ctx, strip)
    c.setFillColor(MUTED)
    text.one_line(c, f"{t(ctx.lang, 'd5')}  {t(ctx.lang, 'mods')}", notes, ctx.fonts.body, 7.5,
                  item="reference", field="notes", align="left")


# --- player aid ------------------------------------------------------------------------


def _phases(c: Canvas, ctx: Ctx, area: Rect, size: float) -> float:
    """The 9 phases, numbered; returns the height they take."""
    y = area.y1
    c.setFillColor(GOLD)
    c.setFont(ctx.fonts.display, size * 1.45)
    y -= size * 1.5
    c.drawString(area.x, y, t(ctx.lang, "phases"))
    y -= size * 0.6
    indent = size * 2.4
    for n, phase in enumerate(ctx.game.guide.phases, start=1):
        reminder = fill(phase.reminder.get(ctx.lang), ctx.game.game)
        lines = simpleSplit(reminder, ctx.fonts.body, size, area.w - indent)
        y -= size * 1.45
        c.setFillColor(GOLD)
        c.circle(area.x + size * 0.8, y + size * 0.35, size * 0.8, fill=1, stroke=0)
        c.setFillColor(INK)
        c.setFont(ctx.fonts.bold, size)
        c.drawCentredString(area.x + size * 0.8, y, str(n))
        c.setFillColor(GOLD)
        c.drawString(area.x + indent, y, phase.name.get(ctx.lang))
        c.setFillColor(white)
        c.setFont(ctx.fonts.body, size)
        for line in lines:
            y -= size * 1.22
            c.drawString(area.x + indent, y, line)
        y -= size * 0.35
    return area.y1 - y


def _sections(c: Canvas, ctx: Ctx, columns: list[Rect], size: float) -> None:
    """The guide's aid sections, flowed down `columns` (OverflowError when they do not fit)."""
    flow = Flow(c, ctx, columns, size=size, dark=True)
    for section in ctx.game.guide.sections:
        if section.aid:
            flow.heading(section.heading.get(ctx.lang))
            for point in section.points:
                flow.paragraph(fill(point.get(ctx.lang), ctx.game.game))


def _fits(draw: object, *args: object) -> bool:
    try:
        draw(_Null(), *args)  # type: ignore[operator]
    except OverflowError:
        return False
    return True


def player_aid(c: Canvas, ctx: Ctx, area: Rect) -> None:
    """One player aid in half a page: the phases on the left, the aid sections on the right."""
    fill_rect(c, area, CHARCOAL, radius=mm(4))
    body = _title(c, ctx, area.shrink(mm(6)), t(ctx.lang, "player_aid"), GOLD)
    left = Rect(body.x, body.y, body.w * 0.42, body.h)
    col_w = (body.w * 0.58 - mm(8)) / 2
    cols = [Rect(left.x1 + mm(5) + i * (col_w + mm(3)), body.y, col_w, body.h) for i in (0, 1)]
    size = 8.0
    while _phases(_Null(), ctx, left, size) > left.h or not _fits(_sections, ctx, cols, size):
        size -= 0.25
        if size < MIN_SIZE:
            raise text.TextOverflow("player_aid", "phases", "the aid does not fit half a page")
    _phases(c, ctx, left, size)
    _sections(c, ctx, cols, size)
