"""The game board: map, cities, lines, wrap arrows, value table, score track, titles, files."""

from __future__ import annotations

import math

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas

from missionkit.double_mission.model import City

from .. import icons, text
from ..geometry import Rect, mm
from ..render.common import (
    CHARCOAL,
    CREAM,
    GOLD,
    INK,
    LAND,
    LINE,
    MUTED,
    SEA,
    Ctx,
    fill_rect,
    stroke_rect,
)
from . import board_layout as L
from .geography import anchors_of, coastlines
from .strings import t

US_CHINA = HexColor("#B3261E")


def draw_board(c: Canvas, ctx: Ctx) -> None:
    """Draw the whole board with its bottom-left corner at the canvas origin."""
    fill_rect(c, Rect(0, 0, *L.BOARD), CHARCOAL)
    _map(c, ctx)
    _value_table(c, ctx)
    _files_area(c, ctx)
    _titles_area(c, ctx)
    _legend(c, ctx)
    _score_track(c, ctx)


def _heading(c: Canvas, ctx: Ctx, area: Rect, label: str) -> Rect:
    """A gold heading at the top of `area`; returns the space below it."""
    band = Rect(area.x, area.y1 - mm(9), area.w, mm(9))
    c.setFillColor(GOLD)
    text.one_line(c, label, band, ctx.fonts.display, 16, item="board", field=label, align="left")
    return Rect(area.x, area.y, area.w, area.h - mm(10))


def _map(c: Canvas, ctx: Ctx) -> None:
    fill_rect(c, L.MAP, SEA, radius=mm(3))
    g = ctx.game
    _land(c, coastlines(anchors_of(g.cities)))
    pos, segments, wraps, labels = label_layout(ctx)
    c.saveState()
    c.setStrokeColor(LINE)
    c.setLineWidth(2.2)
    c.setLineCap(1)
    for a, b in g.lines:
        c.line(*pos[a], *pos[b])
    c.restoreState()
    for a, b in g.wrap_lines:
        _wrap_arrow(c, ctx, g.city_by_id[a], g.city_by_id[b], pos)
        _wrap_arrow(c, ctx, g.city_by_id[b], g.city_by_id[a], pos)
    for city in g.cities:
        _city(c, ctx, city, *pos[city.id], labels[city.id])


LABEL_SIZE = 10  # a city's name on its plate
WRAP_SIZE = 7.5  # a wrap arrow's "continues at ..."


def label_layout(ctx: Ctx) -> tuple[dict[str, tuple[float, float]], list[L.Segment],
                                    list[Rect], dict[str, Rect]]:
    """Where the board's cities, routes (lines and wrap arrows), wrap notes and name plates
    sit, in points: the plates placed clear of every route, disc and other plate."""
    g = ctx.game
    pos = {city.id: L.map_point(*city.pos) for city in g.cities}
    segments: list[L.Segment] = [(pos[a], pos[b]) for a, b in g.lines]
    wraps: list[Rect] = []
    for a, b in g.wrap_lines:
        for here, there in ((g.city_by_id[a], g.city_by_id[b]), (g.city_by_id[b], g.city_by_id[a])):
            seg, note = _wrap_geometry(ctx, here, there, pos)
            segments.append(seg)
            wraps.append(note)
    plates = [(city.id, *pos[city.id], _plate_width(ctx, city), city.seaport or city.airport)
              for city in g.cities]
    return pos, segments, wraps, L.place_labels(plates, segments, wraps)


def _plate_width(ctx: Ctx, city: City) -> float:
    """A city's name plate width: its name at LABEL_SIZE and a margin."""
    return stringWidth(ctx.name(city), ctx.fonts.bold, LABEL_SIZE) + mm(3)


def _wrap_geometry(ctx: Ctx, here: City, there: City,
                   pos: dict) -> tuple[L.Segment, Rect]:
    """A wrap arrow's line (city to map edge) and the box of its note under the line."""
    x, y = pos[here.id]
    left = here.pos[0] < 50
    edge = L.MAP.x + mm(2) if left else L.MAP.x1 - mm(2)
    lx = edge + mm(1) if left else edge - mm(1)
    room = abs(lx - x) - L.SLOT_RADIUS - mm(3)
    lines = text.wrap(t(ctx.lang, "wrap", city=ctx.name(there)), ctx.fonts.bold, WRAP_SIZE, room)
    w = max(stringWidth(line, ctx.fonts.bold, WRAP_SIZE) for line in lines)
    top = y - mm(2)
    h = WRAP_SIZE + 2 + (len(lines) - 1) * 8.5
    note = Rect(lx if left else lx - w, top - h, w, h)
    return ((x, y), (edge, y)), note


def _land(c: Canvas, rings: tuple[tuple[tuple[float, float], ...], ...]) -> None:
    """Natural Earth's land, bent onto the map grid (geography.py), clipped to the map."""
    c.saveState()
    clip = c.beginPath()
    clip.roundRect(L.MAP.x, L.MAP.y, L.MAP.w, L.MAP.h, mm(3))
    c.clipPath(clip, stroke=0, fill=0)
    p = c.beginPath()
    for ring in rings:
        if not any(-2 < x < 102 and -2 < y < 62 for x, y in ring):
            continue  # wholly off the map (Alaska's far west, New Zealand, the Arctic)
        p.moveTo(*L.map_point(*ring[0]))
        for pt in ring[1:]:
            p.lineTo(*L.map_point(*pt))
        p.close()
    c.setFillColor(LAND)
    c.setStrokeColor(HexColor("#CDBF9F"))
    c.setLineWidth(0.8)
    c.setLineJoin(1)
    c.drawPath(p, fill=1, stroke=1, fillMode=FILL_NON_ZERO)
    c.restoreState()


def _wrap_arrow(c: Canvas, ctx: Ctx, here: City, there: City, pos: dict) -> None:
    """A line from `here` to the nearer map edge, an arrowhead, and where it continues."""
    x, y = pos[here.id]
    left = here.pos[0] < 50
    edge = L.MAP.x + mm(2) if left else L.MAP.x1 - mm(2)
    c.saveState()
    c.setStrokeColor(LINE)
    c.setLineWidth(2.2)
    c.setDash(6, 3)
    c.line(x, y, edge, y)
    c.setDash()
    c.setFillColor(LINE)
    d = -1 if left else 1
    p = c.beginPath()
    p.moveTo(edge, y)
    p.lineTo(edge - d * mm(4), y + mm(2.2))
    p.lineTo(edge - d * mm(4), y - mm(2.2))
    p.close()
    c.drawPath(p, fill=1, stroke=0)
    label = t(ctx.lang, "wrap", city=ctx.name(there))
    c.setFillColor(INK)
    c.setFont(ctx.fonts.bold, 7.5)
    lx = edge + mm(1) if left else edge - mm(1)
    # under the line, clear of the badges above it; wrapped between the city's rim and the edge
    room = abs(lx - x) - L.SLOT_RADIUS - mm(3)
    for i, line in enumerate(text.wrap(label, ctx.fonts.bold, 7.5, room)):
        (c.drawString if left else c.drawRightString)(lx, y - mm(2) - 7.5 - i * 8.5, line)
    c.restoreState()


def _city(c: Canvas, ctx: Ctx, city: City, x: float, y: float, label: Rect) -> None:
    r = L.SLOT_RADIUS
    c.setFillColor(CHARCOAL)
    c.circle(x, y, r + mm(1.6), fill=1, stroke=0)
    c.setFillColor(white)
    c.circle(x, y, r, fill=1, stroke=0)
    c.saveState()
    c.setStrokeColor(HexColor("#B8B2A5"))
    c.setLineWidth(0.8)
    c.setDash(2, 2)
    c.circle(x, y, r - mm(1.2), fill=0, stroke=1)
    c.restoreState()
    (bx, by, badge), *port = L.city_circles(x, y, city.seaport or city.airport)[1:]
    c.setFillColor(GOLD)
    c.circle(bx, by, badge, fill=1, stroke=0)
    icons.padlock(c, bx, by + mm(0.2), badge * 1.6, city.security, ctx.fonts.bold, INK)
    for ix, iy, _ in port:
        c.setFillColor(HexColor("#1F4E79"))
        c.circle(ix, iy, badge, fill=1, stroke=0)
        draw = icons.anchor if city.seaport else icons.plane
        draw(c, ix, iy, badge * 1.45, white)
    name = ctx.name(city)
    size = LABEL_SIZE
    fill_rect(c, label, US_CHINA if city.group != "none" else CHARCOAL, radius=mm(1.2))
    c.setFillColor(white)
    c.setFont(ctx.fonts.bold, size)
    c.drawCentredString(label.cx, label.y + mm(1.45), name)


def _value_table(c: Canvas, ctx: Ctx) -> None:
    area = _heading(c, ctx, L.VALUES, t(ctx.lang, "value_table"))
    spaces = ctx.game.game.value_track.spaces
    n = len(ctx.game.treasures)
    row_h = area.h / n
    icon_w = mm(16)
    cell_w = (area.w - icon_w) / len(spaces)
    for i, tr in enumerate(ctx.game.treasures):
        row = Rect(area.x, area.y1 - (i + 1) * row_h, area.w, row_h)
        fill_rect(c, row.shrink(mm(0.6)), HexColor(tr.color), radius=mm(2))
        c.setFillColor(white)
        c.circle(row.x + icon_w / 2, row.cy, mm(6.2), fill=1, stroke=0)
        icons.treasure(c, tr.icon, row.x + icon_w / 2, row.cy, mm(9), tr.color)
        for j, value in enumerate(spaces):
            cx = row.x + icon_w + (j + 0.5) * cell_w
            c.setFillColor(CREAM)
            c.circle(cx, row.cy, mm(9), fill=1, stroke=0)
            c.setFillColor(INK)
            c.setFont(ctx.fonts.display, 18)
            c.drawCentredString(cx, row.cy - mm(2.2), str(value))
            if j == len(spaces) - 1:
                c.setFont(ctx.fonts.bold, 6.5)
                c.drawCentredString(cx, row.cy - mm(6.3), t(ctx.lang, "floor"))


def _files_area(c: Canvas, ctx: Ctx) -> None:
    area = _heading(c, ctx, L.FILES, t(ctx.lang, "files_area"))
    players = max(r.count for r in ctx.game.game.players)
    cols, rows = 2, math.ceil(players / 2)
    w, h = area.w / cols, area.h / rows
    for i in range(players):
        cell = Rect(area.x + (i % cols) * w, area.y1 - (i // cols + 1) * h, w, h).shrink(mm(1.5))
        fill_rect(c, cell, HexColor("#3A3D45"), radius=mm(2))
        stroke_rect(c, cell.shrink(mm(1.5)), MUTED, 0.8, radius=mm(1.5))
        icons.magnifier(c, cell.cx, cell.cy, min(cell.w, cell.h) * 0.45, None, HexColor("#6B6F79"))


def _titles_area(c: Canvas, ctx: Ctx) -> None:
    c.setFillColor(GOLD)
    text.one_line(c, t(ctx.lang, "titles_area"), Rect(L.TITLES.x, L.TITLES.y1 - mm(9),
                  L.TITLES.w, mm(9)), ctx.fonts.display, 16, item="board", field="titles",
                  align="left")
    counts = ctx.game.game.players
    most = max(r.titles_on_offer for r in counts)
    for i, slot in enumerate(L.title_slots(most)):
        c.saveState()
        c.setStrokeColor(GOLD)
        c.setLineWidth(1.2)
        c.setDash(6, 4)
        c.roundRect(slot.x, slot.y, slot.w, slot.h, mm(3), fill=0, stroke=1)
        c.restoreState()
        needed = min((r.count for r in counts if r.titles_on_offer > i), default=None)
        if needed is not None:  # which player counts use this slot, in words: a bare "3+"
            fewest = min(r.count for r in counts)  # beside "1 2 3 4" read as a slot number
            label = (t(ctx.lang, "slot_every") if needed <= fewest
                     else t(ctx.lang, "slot_players", n=needed))
            c.setFillColor(CREAM)
            text.one_line(c, label, Rect(slot.x + mm(2), slot.cy - mm(4), slot.w - mm(4),
                                         mm(8)), ctx.fonts.bold, 14, item="board",
                          field="titles")


def _legend(c: Canvas, ctx: Ctx) -> None:
    area = L.LEGEND.shrink(mm(2))
    fill_rect(c, L.LEGEND, HexColor("#3A3D45"), radius=mm(3))
    rows = [
        (lambda x, y: icons.padlock(c, x, y, mm(8), 4, ctx.fonts.bold, GOLD),
         t(ctx.lang, "security")),
        (lambda x, y: icons.anchor(c, x, y, mm(8), white), t(ctx.lang, "seaports")),
        (lambda x, y: icons.plane(c, x, y, mm(8), white), t(ctx.lang, "airports")),
        (lambda x, y: fill_rect(c, Rect(x - mm(4), y - mm(2), mm(8), mm(4)), US_CHINA,
                                radius=mm(1)), t(ctx.lang, "us_china")),
        (lambda x, y: _slot_glyph(c, x, y), t(ctx.lang, "slot")),
    ]
    row_h = area.h / len(rows)
    for i, (glyph, label) in enumerate(rows):
        cy = area.y1 - (i + 0.5) * row_h
        glyph(area.x + mm(6), cy)
        c.setFillColor(white)
        block = text.fit(label, Rect(area.x + mm(13), cy - row_h / 2, area.w - mm(14), row_h),
                         ctx.fonts.body, 10, item="board", field="legend", min_size=8)
        text.draw(c, block, Rect(area.x + mm(13), cy - row_h / 2, area.w - mm(14), row_h),
                  valign="middle")


def _slot_glyph(c: Canvas, x: float, y: float) -> None:
    c.setFillColor(white)
    c.circle(x, y, mm(3.5), fill=1, stroke=0)


def _score_track(c: Canvas, ctx: Ctx) -> None:
    g = ctx.game.game
    spaces = L.track_spaces(g.score_track.length)
    starts = {r.end_trigger: r.count for r in g.players}
    for n, space in enumerate(spaces):
        marked = n in starts or n in g.score_track.marks
        fill: Color = GOLD if marked else (CREAM if n % 5 else HexColor("#E2D3AE"))
        fill_rect(c, space.shrink(mm(0.5)), fill, radius=mm(1))
        c.setFillColor(INK)
        label = "0/50" if n == 0 else str(n)
        c.setFont(ctx.fonts.display, 14 if n % 5 == 0 else 11)
        c.drawCentredString(space.cx, space.cy - mm(1.3) + (mm(1.8) if marked else 0), label)
        if marked:
            note = (t(ctx.lang, "round_start", n=starts[n]) if n in starts
                    else t(ctx.lang, "shadow"))
            area = Rect(space.x + mm(0.8), space.y + mm(0.8), space.w - mm(1.6),
                        space.cy - mm(1) - space.y - mm(0.8))
            block = text.fit(note, area, ctx.fonts.bold, 7, item="board", field="score_track",
                             min_size=6.5, leading=1.1, max_lines=2)
            text.draw(c, block, area, align="center")
