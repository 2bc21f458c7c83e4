"""Skill rows read across the table: a glyph disc, the skill's name and a big "+n".

A row is a bonus (what an agent or asset adds to its own roll) or a check (the number added
to the nemesis's roll); alternatives of an "or" check are joined by an OR bar, and separate
checks are numbered in the order they are rolled.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from .. import text
from ..geometry import Rect, mm
from ..render.common import INK, MUTED, Ctx, fill_rect, hexcolor
from . import glyphs
from .strings import t

BONUS_INK = hexcolor("#1E6B3A")
DIVIDER = hexcolor("#C9BDA0")
D10_INK = hexcolor("#5B3A8C")
LABEL_SIZE = 10.5  # a row's label, shrunk only when it does not fit


@dataclass(frozen=True)
class Row:
    """One line: what (a skill id, or 'table:<id>'), its label, the signed number, its kind."""

    what: str
    label: str
    value: int
    kind: str  # "bonus" or "check"
    group: int = 0  # rows of one "or" check share a group; a new group = a new check


def signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"-{-value}"


def d10(c: Canvas, cx: float, cy: float, s: float, color: Color) -> None:
    """A ten-sided die seen from the top: a kite with its facet lines."""
    u = s / 10
    c.saveState()
    c.setFillColor(color)
    p = c.beginPath()
    p.moveTo(cx, cy + 4.6 * u)
    p.lineTo(cx + 4 * u, cy + 0.6 * u)
    p.lineTo(cx, cy - 4.6 * u)
    p.lineTo(cx - 4 * u, cy + 0.6 * u)
    p.close()
    c.drawPath(p, fill=1, stroke=0)
    c.setStrokeColor(white)
    c.setLineWidth(0.5 * u)
    c.line(cx - 4 * u, cy + 0.6 * u, cx, cy - 0.8 * u)
    c.line(cx + 4 * u, cy + 0.6 * u, cx, cy - 0.8 * u)
    c.line(cx, cy - 0.8 * u, cx, cy - 4.6 * u)
    c.restoreState()


def _glyph_disc(c: Canvas, what: str, cx: float, cy: float, d: float) -> None:
    """The skill's glyph in white on an ink disc (or a D10 for a table modifier)."""
    if what.startswith("table:"):
        d10(c, cx, cy, d, D10_INK)
        return
    glyphs.skill_disc(c, what, cx, cy, d)


def _value(c: Canvas, ctx: Ctx, row: Row, area: Rect, chip: Color) -> None:
    """The number, big: on a coloured chip for a check, in green ink for a bonus."""
    size = min(area.h * 0.9, 24)
    label = signed(row.value)
    if row.kind == "check":
        fill_rect(c, area, chip, radius=mm(1.2))
        c.setFillColor(white)
    else:
        c.setFillColor(BONUS_INK if row.value >= 0 else hexcolor("#B3261E"))
    c.setFont(ctx.fonts.display, size)
    c.drawCentredString(area.cx, area.cy - size * 0.36, label)


def _row(c: Canvas, ctx: Ctx, row: Row, area: Rect, chip: Color, item: str,
         number: str | None) -> None:
    """One row; `number` (None: no number column) is the check's place in the order."""
    x = area.x
    if number is not None:
        c.setFillColor(MUTED)
        c.setFont(ctx.fonts.bold, 7)
        c.drawCentredString(x + mm(1.4), area.cy - 2.5, number)
        x += mm(3.2)
    d = min(area.h * 0.86, mm(9))
    _glyph_disc(c, row.what, x + d / 2, area.cy, d)
    vh = min(area.h * 0.9, mm(9.5))
    value = Rect(area.x1 - mm(13), area.cy - vh / 2, mm(13), vh)
    label = Rect(x + d + mm(1.8), area.y, value.x - x - d - mm(2.8), area.h)
    c.setFillColor(INK)
    if row.what.startswith("table:"):
        size = _table_size(ctx, label)
        block = text.fit(row.label, label, ctx.fonts.bold, size, item=item,
                         field=row.what, min_size=size, leading=1.08, max_lines=2)
        text.draw(c, block, label, valign="middle")
    else:
        text.one_line(c, row.label, label, ctx.fonts.bold, LABEL_SIZE, item=item,
                      field=f"{row.what}", align="left")
    _value(c, ctx, row, value, chip)


def _table_size(ctx: Ctx, label: Rect) -> float:
    """Every table's name takes one size, the largest at which the longest name fits the
    label in up to two lines, so "Capture Table" is not larger than "Mission Failure
    Table" on the next card."""
    sizes = []
    for tb in ctx.game.tables.values():
        block = text.fit(tb.name.get(ctx.lang), label, ctx.fonts.bold, LABEL_SIZE,
                         item="tables", field=tb.id, leading=1.08, max_lines=2, step=0.25)
        sizes.append(block.size)
    return min(sizes)


def _or_bar(c: Canvas, ctx: Ctx, area: Rect, item: str) -> None:
    """An OR pill across a thin line: the rows above and below are alternatives."""
    c.setStrokeColor(DIVIDER)
    c.setLineWidth(0.6)
    c.line(area.x + mm(6), area.cy, area.x1 - mm(2), area.cy)
    pill = Rect(area.cx - mm(6), area.cy - mm(1.9), mm(12), mm(3.8))
    fill_rect(c, pill, INK, radius=mm(1.9))
    c.setFillColor(white)
    text.one_line(c, t(ctx.lang, "or"), pill.shrink(mm(0.5)), ctx.fonts.bold, 7.5, item=item,
                  field="or")


def draw_rows(c: Canvas, ctx: Ctx, rows: list[Row], area: Rect, *, chip: Color, item: str,
              numbered: bool = False) -> None:
    """`rows` stacked and centred in `area`; OR bars between rows of one group."""
    slots: list[tuple[str, Row | None]] = []
    for i, row in enumerate(rows):
        if i and row.group == rows[i - 1].group:
            slots.append(("or", None))
        elif i:
            slots.append(("gap", None))
        slots.append(("row", row))
    weight = {"row": 1.0, "or": 0.5, "gap": 0.18}
    unit = min(mm(12), area.h / sum(weight[k] for k, _ in slots))
    y = area.cy + unit * sum(weight[k] for k, _ in slots) / 2
    groups = sorted({r.group for r in rows})
    seen: set[int] = set()
    for kind, row in slots:
        h = unit * weight[kind]
        y -= h
        slot = Rect(area.x, y, area.w, h)
        if kind == "or":
            _or_bar(c, ctx, slot, item)
        elif kind == "gap":
            c.setStrokeColor(DIVIDER)
            c.setLineWidth(0.4)
            c.line(slot.x, slot.cy, slot.x1, slot.cy)
        elif row is not None:
            first = row.group not in seen
            seen.add(row.group)
            number = str(groups.index(row.group) + 1) if first else ""
            _row(c, ctx, row, slot, chip, item, number if numbered else None)
