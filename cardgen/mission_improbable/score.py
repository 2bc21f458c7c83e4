"""The score pad: one row per organisation, boxes for its completed missions' MP, totals."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from .. import text
from ..geometry import Rect, mm
from ..render.common import CHARCOAL, CREAM, INK, MUTED, Ctx, fill_rect, stroke_rect
from .strings import t

# column key -> share of the width; "completed" holds the MP boxes
COLUMNS = (("organisation", 0.22), ("alignment", 0.11), ("nemesis", 0.16),
           ("completed", 0.33), ("missions_done", 0.08), ("total", 0.10))
MP_BOXES = 10


def _header(c: Canvas, ctx: Ctx, row: Rect) -> list[Rect]:
    """The header cells; returns each column's x-range as a Rect of the header row."""
    fill_rect(c, row, CHARCOAL)
    cells, x = [], row.x
    for key, share in COLUMNS:
        cell = Rect(x, row.y, row.w * share, row.h)
        c.setFillColor(CREAM)
        text.one_line(c, t(ctx.lang, key), cell.shrink(mm(1)), ctx.fonts.bold, 8,
                      item="score_pad", field=key)
        cells.append(cell)
        x = cell.x1
    return cells


def _player_row(c: Canvas, ctx: Ctx, cols: list[Rect], y: float, h: float, shade: bool) -> None:
    if shade:
        fill_rect(c, Rect(cols[0].x, y, cols[-1].x1 - cols[0].x, h), CREAM)
    c.setStrokeColor(MUTED)
    c.setLineWidth(0.4)
    for col in cols[1:]:
        c.line(col.x, y, col.x, y + h)
    done = cols[3]
    size = min(h * 0.7, (done.w - mm(2)) / MP_BOXES - mm(0.8))
    for k in range(MP_BOXES):
        x = done.x + mm(1) + k * (done.w - mm(2)) / MP_BOXES
        stroke_rect(c, Rect(x, y + (h - size) / 2, size, size), MUTED, 0.4, radius=mm(0.6))
    al = cols[1]
    c.setFillColor(MUTED)
    c.setFont(ctx.fonts.body, 7)
    c.drawCentredString(al.cx, y + h / 2 - 2.5, f"{t(ctx.lang, 'good')} / {t(ctx.lang, 'bad')}")


def score_pad(c: Canvas, ctx: Ctx, area: Rect) -> None:
    """One pad for one game: a row per player (up to the maximum), and the end rule."""
    stroke_rect(c, area, CHARCOAL, 0.8, radius=mm(3))
    inner = area.shrink(mm(5))
    g = ctx.game.game
    c.setFillColor(INK)
    text.one_line(c, f"{g.name.get(ctx.lang)} · {t(ctx.lang, 'score_pad')}",
                  Rect(inner.x, inner.y1 - mm(7), inner.w * 0.7, mm(7)), ctx.fonts.display, 15,
                  item="score_pad", field="title", align="left")
    c.setFont(ctx.fonts.body, 9)
    c.drawRightString(inner.x1, inner.y1 - mm(5), f"{t(ctx.lang, 'game_no')} ______")
    note = Rect(inner.x, inner.y, inner.w, mm(8))
    target = ctx.game.option("mp_target").default
    block = text.fit(t(ctx.lang, "target", n=target), note, ctx.fonts.body, 8,
                     item="score_pad", field="target")
    c.setFillColor(MUTED)
    text.draw(c, block, note, valign="middle")
    grid = Rect(inner.x, note.y1 + mm(2), inner.w, inner.h - mm(9) - note.h - mm(2))
    head = Rect(grid.x, grid.y1 - mm(8), grid.w, mm(8))
    cols = _header(c, ctx, head)
    rows = g.players.max
    h = (head.y - grid.y) / rows
    for r in range(rows):
        _player_row(c, ctx, cols, head.y - (r + 1) * h, h, r % 2 == 1)
    stroke_rect(c, grid, CHARCOAL, 0.8)
