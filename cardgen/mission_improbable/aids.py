"""The reference sheet (the three D10 tables, the skills' key and the pass chances) and the
player aid (the 9 phases and the aid sections of the guide), each on a page of its own.

Running text is set at the largest size from START that fits the page, never under
text.AID_BODY_MIN: when it cannot fit, the build fails naming the part (TextOverflow).
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.lib.colors import white
from reportlab.pdfgen.canvas import Canvas

from missionkit.mission_improbable.guide import fill

from .. import text
from ..geometry import Rect, mm
from ..render.common import CHARCOAL, CREAM, GOLD, INK, MUTED, Ctx, fill_rect, stroke_rect
from ..render.flow import FittedSizes, Flow
from ..sheet_words import see_rulebook
from . import glyphs
from .odds import chance_row
from .rows import d10
from .strings import t

START = 12.0  # the aid's running text size when the page has room for it
REFERENCE_START = 13.5  # the reference's: three tables side by side read well larger
MARGIN = mm(10)


def _title(c: Canvas, ctx: Ctx, area: Rect, what: str, color: object) -> Rect:
    """The sheet's title line; returns the area below it."""
    c.setFillColor(color)
    text.one_line(c, f"{ctx.game.game.name.get(ctx.lang)} · {what}",
                  Rect(area.x, area.y1 - mm(8), area.w, mm(8)), ctx.fonts.display, 18,
                  item="aid", field="title", align="left")
    return Rect(area.x, area.y, area.w, area.h - mm(11))


def _lines(c: Canvas, ctx: Ctx, body: str, x: float, y: float, w: float, size: float) -> float:
    """`body` wrapped to `w` from the baseline `y` down; returns the y under the last line."""
    return _draw_lines(c, ctx, text.wrap(body, ctx.fonts.body, size, w), x, y, size)


def _draw_lines(c: Canvas, ctx: Ctx, lines: list[str], x: float, y: float, size: float
                ) -> float:
    """Lines already wrapped, in the body font, from the baseline `y` down; returns the y
    under the last line."""
    c.setFont(ctx.fonts.body, size)
    for line in lines:
        c.drawString(x, y, line)
        y -= size * 1.22
    return y


# --- reference sheet -------------------------------------------------------------------


def _draw_table(c: Canvas, ctx: Ctx, table: object, area: Rect, size: float) -> float:
    """One D10 table (heading, when to roll, rows); returns the height it took."""
    y = area.y1
    d10(c, area.x + size * 0.8, y - size * 1.1, size * 1.7, CHARCOAL)
    c.setFillColor(INK)
    text.one_line(c, table.name.get(ctx.lang),  # type: ignore[attr-defined]
                  Rect(area.x + size * 2, y - size * 2, area.w - size * 2, size * 1.8),
                  ctx.fonts.display, size * 1.5, item="reference", field="table name",
                  align="left")
    c.setFillColor(MUTED)
    y = _lines(c, ctx, table.when.get(ctx.lang), area.x, y - size * 3.3,  # type: ignore
               area.w, size) + size * 0.6
    face_w = size * 3.4
    for i, row in enumerate(table.rows):  # type: ignore[attr-defined]
        lines = text.wrap(row.result.get(ctx.lang), ctx.fonts.body, size,
                          area.w - face_w - size * 0.4)
        h = len(lines) * size * 1.22 + size * 0.6
        if i % 2 == 0:
            fill_rect(c, Rect(area.x, y - h, area.w, h), CREAM)
        faces = str(row.from_) if row.from_ == row.to else f"{row.from_}-{row.to}"
        c.setFillColor(INK)
        c.setFont(ctx.fonts.bold, size * 1.1)
        c.drawCentredString(area.x + face_w / 2, y - size * 1.2, faces)
        _draw_lines(c, ctx, lines, area.x + face_w, y - size * 1.2, size)
        y -= h
    return area.y1 - y


def _pass_strip(c: Canvas, ctx: Ctx, area: Rect, size: float) -> float:
    """The pass-chance table under its rule: Δ and the chance, two rows of 20 cells.
    Returns the height it took."""
    c.setFillColor(INK)
    c.setFont(ctx.fonts.display, size * 1.3)
    c.drawString(area.x, area.y1 - size * 1.3, t(ctx.lang, "pass_chance"))
    c.setFillColor(MUTED)
    y = _lines(c, ctx, t(ctx.lang, "pass_rule"), area.x, area.y1 - size * 2.8, area.w, size)
    y = _lines(c, ctx, t(ctx.lang, "delta"), area.x, y, area.w, size)
    cells = chance_row(-10, 9)
    head = mm(9)
    w = (area.w - head) / len(cells)
    row_h = size * 1.9
    top = y + size * 0.2
    fill_rect(c, Rect(area.x, top - row_h, area.w, row_h), CHARCOAL)
    labels = [f"{d:+d}".replace("+0", "0") for d, _ in cells]
    labels[0], labels[-1] = f"≤{cells[0][0]}", f"≥+{cells[-1][0]}"
    # row by row (not column by column), so the text reads in rows
    for r, (head_label, ink) in enumerate((("Δ", GOLD), ("%", INK))):
        y = top - row_h * (r + 1)
        c.setFillColor(ink)
        text.one_line(c, head_label, Rect(area.x + 3, y, head - 3, row_h), ctx.fonts.bold,
                      size, item="reference", field="pass chances", align="left")
        for i, (delta, chance) in enumerate(cells):
            cell = Rect(area.x + head + i * w, y, w, row_h)
            c.setFillColor(white if r == 0 else INK)
            label = labels[i] if r == 0 else f"{round(chance * 100)}"
            font = ctx.fonts.bold if r == 0 or delta == 0 else ctx.fonts.body
            text.one_line(c, label, cell.shrink(1), font, size, item="reference",
                          field="pass chances",
                          min_size=text.AID_BODY_MIN if r else text.MIN_SIZE)
    stroke_rect(c, Rect(area.x, top - 2 * row_h, area.w, 2 * row_h), CHARCOAL, 0.6)
    return area.y1 - (top - 2 * row_h)


def _skill_legend(c: Canvas, ctx: Ctx, area: Rect, size: float) -> None:
    """Every skill's glyph beside its name, in two rows: the key to the cards' rows."""
    skills = ctx.game.skills
    per_row = -(-len(skills) // 2)
    w, h = area.w / per_row, area.h / 2
    d = min(h * 0.8, mm(6))
    for i, skill in enumerate(skills):
        cell = Rect(area.x + (i % per_row) * w, area.y1 - (i // per_row + 1) * h, w, h)
        glyphs.skill_disc(c, skill.id, cell.x + d / 2, cell.cy, d)
        c.setFillColor(INK)
        text.one_line(c, skill.name.get(ctx.lang), Rect(cell.x + d + mm(1.2), cell.y,
                                                        w - d - mm(2), h),
                      ctx.fonts.bold, size, item="reference", field=f"skill {skill.id}",
                      align="left")


def _notes(ctx: Ctx) -> list[str]:
    """How to roll 1D5 and how table modifiers add up, with the numbers from tables.yaml."""
    d5, (low, high) = ctx.game.d5, ctx.game.modifiers.clamp
    faces = [(f, d5.from_d10(f)) for f in range(1, d5.die + 1)]
    first = [f for f, n in faces if n == 1]
    top = faces[-1][1]
    last = [f for f, n in faces if n == top]
    return [t(ctx.lang, "d5", first=f"{first[0]}-{first[-1]}", last=f"{last[0]}-{last[-1]}",
              top=top), t(ctx.lang, "mods", low=low, high=high)]


def _reference(c: Canvas, ctx: Ctx, body: Rect, size: float) -> None:
    """The tables side by side from the top, then the skills' key, the pass chances and the
    notes (how to roll 1D5, how modifiers add up); TextOverflow when taller than `body`."""
    gap = mm(4)
    w = (body.w - 2 * gap) / 3
    order = [ctx.game.tables[k] for k in ("spy", "mission_failure", "capture")]
    tall = max(_draw_table(c, ctx, tb, Rect(body.x + i * (w + gap), body.y, w, body.h), size)
               for i, tb in enumerate(order))
    y = body.y1 - tall - mm(5)
    legend = Rect(body.x, y - size * 3.6, body.w, size * 3.6)
    _skill_legend(c, ctx, legend, size)
    y = legend.y - mm(4)
    y -= _pass_strip(c, ctx, Rect(body.x, body.y, body.w, y - body.y), size) + mm(4)
    c.setFillColor(MUTED)
    for note in _notes(ctx):
        y = _lines(c, ctx, note, body.x, y - size, body.w, size) + size
    if y < body.y:
        raise text.TextOverflow("reference", "tables", f"taller than the page at {size} pt")


def reference_sheet() -> Callable[[Canvas, Ctx, Rect], None]:
    """What draws the reference on its page, its text at the largest size that fits (one per
    file: the size is found for the first copy and kept for the others)."""
    sizes = FittedSizes(REFERENCE_START)

    def draw(c: Canvas, ctx: Ctx, area: Rect) -> None:
        stroke_rect(c, area, CHARCOAL, 0.8, radius=mm(3))
        body = _title(c, ctx, area.shrink(mm(6)), t(ctx.lang, "reference"), INK)
        size = sizes.size(body, lambda cv, s: _reference(cv, ctx, body, s))
        _reference(c, ctx, body, size)

    return draw


# --- player aid ------------------------------------------------------------------------


def _phases(c: Canvas, ctx: Ctx, area: Rect, size: float) -> None:
    """The 9 phases, numbered; TextOverflow when they are taller than `area`."""
    y = area.y1
    c.setFillColor(GOLD)
    c.setFont(ctx.fonts.display, size * 1.45)
    y -= size * 1.5
    c.drawString(area.x, y, t(ctx.lang, "phases"))
    y -= size * 0.6
    indent = size * 2.4
    for n, phase in enumerate(ctx.game.guide.phases, start=1):
        y -= size * 1.6
        c.setFillColor(GOLD)
        c.circle(area.x + size * 0.8, y + size * 0.35, size * 0.85, fill=1, stroke=0)
        c.setFillColor(INK)
        c.setFont(ctx.fonts.bold, size)
        c.drawCentredString(area.x + size * 0.8, y, str(n))
        c.setFillColor(GOLD)
        c.drawString(area.x + indent, y, phase.name.get(ctx.lang))
        c.setFillColor(white)
        reminder = fill(phase.reminder.get(ctx.lang), ctx.game.game)
        y = _lines(c, ctx, reminder, area.x + indent, y - size * 1.22, area.w - indent,
                   size) + size * 1.22
        y -= size * 0.35
    if y < area.y:
        raise text.TextOverflow("player_aid", "phases", f"taller than the page at {size} pt")


def _sections(c: Canvas, ctx: Ctx, columns: list[Rect], size: float,
              book: dict[str, int]) -> None:
    """The guide's aid sections, flowed down `columns`, each heading with the rulebook page
    that tells it in full; TextOverflow naming the section that does not fit."""
    flow = Flow(c, ctx, columns, size=size, dark=True)
    for section in ctx.game.guide.sections:
        if not section.aid:
            continue
        page = book.get(section.rulebook) if section.rulebook else None
        heading = see_rulebook(ctx.lang, section.heading.get(ctx.lang), page)
        flow.aid_section(f"guide.{section.id}", heading,
                         [fill(point.get(ctx.lang), ctx.game.game) for point in section.points])


def _aid(c: Canvas, ctx: Ctx, left: Rect, cols: list[Rect], size: float,
         book: dict[str, int]) -> None:
    _phases(c, ctx, left, size)
    _sections(c, ctx, cols, size, book)


def player_aid(book: dict[str, int] | None = None) -> Callable[[Canvas, Ctx, Rect], None]:
    """What draws one player aid on its page: the phases on the left, the aid sections in two
    columns on the right, all at the largest size that fits (one per file: the size is found
    for the first copy and kept for the others); `book`: where the rulebook tells each
    section (section id -> page)."""
    sizes = FittedSizes(START)
    pages = book or {}

    def draw(c: Canvas, ctx: Ctx, area: Rect) -> None:
        fill_rect(c, area, CHARCOAL, radius=mm(4))
        body = _title(c, ctx, area.shrink(mm(7)), t(ctx.lang, "player_aid"), GOLD)
        left = Rect(body.x, body.y, body.w * 0.38, body.h)
        col_w = (body.w * 0.62 - mm(10)) / 2
        cols = [Rect(left.x1 + mm(6) + i * (col_w + mm(4)), body.y, col_w, body.h)
                for i in (0, 1)]
        size = sizes.size(body, lambda cv, s: _aid(cv, ctx, left, cols, s, pages))
        _aid(c, ctx, left, cols, size, pages)

    return draw
