"""Card faces and backs: plan cards, missions, characters (side A / side B) and titles."""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from missionkit.double_mission.model import (
    Character,
    HoldAnyType,
    HoldEach,
    HoldTotal,
    HoldType,
    Mission,
    OwnDice,
    OwnTitles,
    PlanCard,
    RobbedSecurity,
    ScoreAtLeast,
    Title,
)

from .. import icons, text
from ..geometry import Rect, mm
from ..render import card_parts as parts
from ..render.common import CHARCOAL, CREAM, GOLD, INK, MUTED, TEAL, Ctx, fill_rect, hexcolor
from .emblems import figure, mission_emblem, plan_emblem
from .layouts import box
from .strings import t

# Card text starts at BODY and steps down until it fits its box, so a short text fills a
# half-empty box instead of sitting small in it; never under the readable floor.
BODY, BODY_MIN = 10.5, text.CARD_BODY_MIN


def plan_face(c: Canvas, ctx: Ctx, card: PlanCard, trim: Rect) -> None:
    parts.background(c, trim, CHARCOAL, GOLD)
    name_box = box("plan", "name", trim)
    if card.timing == "any_time":
        icons.cogs(c, name_box.x + mm(3), name_box.cy, mm(6), GOLD)
        name_box = Rect(name_box.x + mm(7), name_box.y, name_box.w - mm(7), name_box.h)
    parts.name(c, ctx, name_box, ctx.name(card), card.id)
    cost = box("plan", "cost", trim)
    c.setFillColor(GOLD)
    c.circle(cost.cx, cost.cy, cost.w / 2, fill=1, stroke=0)
    c.setFillColor(INK)
    c.setFont(ctx.fonts.display, 20)
    c.drawCentredString(cost.cx, cost.cy - 5, str(card.cost))
    c.setFont(ctx.fonts.bold, 6)  # the unit in the card's language: M, 밀리언
    c.drawCentredString(cost.cx, cost.y + 2.8, t(ctx.lang, "million_unit"))
    cx, cy, s = parts.emblem_disc(c, box("plan", "emblem", trim), hexcolor("#3C3F47"))
    plan_emblem(c, ctx, card, cx, cy, s)
    parts.panel(c, ctx, box("plan", "text", trim), card.text.get(ctx.lang), item=card.id,
                field="text", size=BODY, min_size=BODY_MIN)
    parts.footer(c, ctx, box("plan", "footer", trim), t(ctx.lang, card.timing),
                 t(ctx.lang, "plan"), GOLD, card.id)


def _back_label(c: Canvas, ctx: Ctx, trim: Rect, label: str, color: Color, ink: Color,
                item: str) -> None:
    parts.back_label(c, ctx, trim, label, color, ink, item, ctx.game.game.name.get(ctx.lang))


def plan_back(c: Canvas, ctx: Ctx, card: PlanCard, trim: Rect) -> None:
    parts.back_pattern(c, trim, CHARCOAL, hexcolor("#3A3D45"), "stripes")
    _back_label(c, ctx, trim, t(ctx.lang, "plan"), CHARCOAL, GOLD, card.id)


def mission_face(c: Canvas, ctx: Ctx, m: Mission, trim: Rect) -> None:
    parts.background(c, trim, TEAL, GOLD)
    parts.name(c, ctx, box("mission", "name", trim), ctx.name(m), m.id)
    cx, cy, s = parts.emblem_disc(c, box("mission", "emblem", trim), hexcolor("#16657A"))
    mission_emblem(c, ctx, m, cx, cy, s)
    area = box("mission", "text", trim)
    ladder = _ladder(ctx, m)
    if ladder:  # the scores as a small table under the text, not "1/2/3 score 4/7/11"
        table = Rect(area.x, area.y, area.w, mm(11))
        area = Rect(area.x, table.y1 + mm(1), area.w, area.h - mm(12))
        _ladder_table(c, ctx, table, *ladder)
    parts.panel(c, ctx, area, m.text.get(ctx.lang), item=m.id, field="text", size=BODY,
                min_size=BODY_MIN)
    right = t(ctx.lang, "max", n=m.cap) if m.cap else ""
    if m.phase == "after_penalties":
        right = t(ctx.lang, "scored_last")
    parts.footer(c, ctx, box("mission", "footer", trim), t(ctx.lang, "mission"), right, GOLD,
                 m.id)


def _ladder(ctx: Ctx, m: Mission) -> tuple[str, list[str], list[int]] | None:
    """(row label, column heads, points) of a mission scored by a ladder or by place."""
    sc = m.scoring
    if sc.kind == "ladder":
        return (t(ctx.lang, "count_row"), [str(n) for n in range(1, len(sc.points) + 1)],
                list(sc.points))
    if sc.kind == "rank_bonus":  # points by place, 1st first
        return (t(ctx.lang, "place_row"),
                [t(ctx.lang, "place", n=n) for n in range(1, len(sc.points) + 1)],
                list(sc.points))
    return None


def _ladder_table(c: Canvas, ctx: Ctx, area: Rect, head: str, heads: list[str],
                  points: list[int]) -> None:
    """Two rows on cream: what is counted, and the points it scores."""
    fill_rect(c, area, CREAM, radius=mm(1.8))
    label_w = mm(12)
    col = (area.w - label_w - mm(2)) / len(heads)
    rows = ((head, heads, ctx.fonts.body, 8),
            (t(ctx.lang, "points_row"), [str(p) for p in points], ctx.fonts.bold, 10))
    for r, (label, cells, font, size) in enumerate(rows):
        y = area.y1 - mm(1.2) - (r + 1) * (area.h - mm(2.4)) / 2
        c.setFillColor(MUTED)
        c.setFont(ctx.fonts.bold, 7)
        c.drawString(area.x + mm(1.5), y + mm(1.3), label)
        c.setFillColor(INK)
        c.setFont(font, size)
        for i, cell in enumerate(cells):
            c.drawCentredString(area.x + label_w + (i + 0.5) * col, y + mm(1.3), cell)
    c.setStrokeColor(MUTED)
    c.setLineWidth(0.4)
    c.line(area.x + mm(1.5), area.cy, area.x1 - mm(1.5), area.cy)


def mission_back(c: Canvas, ctx: Ctx, m: Mission, trim: Rect) -> None:
    parts.back_pattern(c, trim, TEAL, hexcolor("#175D70"), "rings")
    _back_label(c, ctx, trim, t(ctx.lang, "mission"), TEAL, white, m.id)


def character_side(side: str) -> Callable[[Canvas, Ctx, Character, Rect], None]:
    """A renderer for one side of a character card (A on the front, B on the back)."""

    def draw(c: Canvas, ctx: Ctx, ch: Character, trim: Rect) -> None:
        colour = hexcolor(ch.color)
        parts.background(c, trim, CHARCOAL)
        inner = trim.shrink(mm(2))
        fill_rect(c, inner, colour, radius=mm(2.5))
        parts.name(c, ctx, box("character", "name", trim), ctx.name(ch), ch.id)
        s = ch.sides[side]  # type: ignore[index]
        c.setFillColor(white)
        text.one_line(c, f"{t(ctx.lang, 'side', s=side)} · {s.name.get(ctx.lang)}",
                      box("character", "side", trim), ctx.fonts.bold, 10, item=ch.id,
                      field=f"sides.{side}.name", align="left")
        em = box("character", "emblem", trim)
        c.setFillColor(CHARCOAL)
        c.circle(em.cx, em.cy, em.h / 2, fill=1, stroke=0)
        figure(c, ch, em.cx, em.cy, em.h * 0.68, white)
        parts.panel(c, ctx, box("character", "text", trim), s.text.get(ctx.lang), item=ch.id,
                    field=f"sides.{side}.text", size=BODY, min_size=BODY_MIN)
        parts.footer(c, ctx, box("character", "footer", trim), t(ctx.lang, "character"),
                     t(ctx.lang, "side", s=side), white, ch.id)

    return draw


def _condition_icons(c: Canvas, ctx: Ctx, title: Title, area: Rect) -> None:
    """The condition as icons: what to hold, own or reach."""
    cond = title.condition
    tb = ctx.game.treasure_by_id
    glyphs: list[Callable[[float, float, float], None]] = []
    if isinstance(cond, HoldType):
        tr = tb[cond.treasure]
        glyphs = [lambda x, y, s, tr=tr: icons.treasure(c, tr.icon, x, y, s, tr.color)] * cond.count
    elif isinstance(cond, HoldEach):
        glyphs = [lambda x, y, s, tr=tb[i]: icons.treasure(c, tr.icon, x, y, s, tr.color)
                  for i in cond.treasures]
    elif isinstance(cond, HoldAnyType | HoldTotal):
        n = cond.count
        glyphs = [lambda x, y, s: icons.treasure(c, "urn", x, y, s, "#8A8A8A")] * n
    elif isinstance(cond, OwnDice):
        glyphs = [lambda x, y, s: icons.die(c, x, y, s, INK)] * cond.count
    elif isinstance(cond, OwnTitles):
        glyphs = [lambda x, y, s: icons.star(c, x, y, s, GOLD)] * cond.count
    elif isinstance(cond, RobbedSecurity):
        glyphs = [lambda x, y, s: icons.padlock(c, x, y, s, cond.level, ctx.fonts.bold)]
    elif isinstance(cond, ScoreAtLeast):
        glyphs = [lambda x, y, s: _score_badge(c, ctx, x, y, s, cond.points)]
    size = min(area.h, area.w / max(len(glyphs), 1) * 0.95)
    start = area.cx - size * (len(glyphs) - 1) / 2
    for i, glyph in enumerate(glyphs):
        glyph(start + i * size, area.cy, size * 0.9)


def _score_badge(c: Canvas, ctx: Ctx, x: float, y: float, s: float, points: int) -> None:
    c.setFillColor(INK)
    c.circle(x, y, s / 2, fill=1, stroke=0)
    c.setFillColor(white)
    c.setFont(ctx.fonts.display, s * 0.5)
    c.drawCentredString(x, y - s * 0.18, f"{points}+")


TITLE_BODY = 9.5  # a title's one-line condition under its icons: larger would shout


def title_face(c: Canvas, ctx: Ctx, title: Title, trim: Rect) -> None:
    parts.background(c, trim, CREAM, GOLD)
    parts.name(c, ctx, box("title", "name", trim), ctx.name(title), title.id, INK, "center")
    pts = box("title", "points", trim)
    _laurel(c, pts)
    c.setFillColor(INK)
    c.setFont(ctx.fonts.display, 34)
    c.drawCentredString(pts.cx, pts.cy - 8, str(title.points))
    c.setFont(ctx.fonts.bold, 6.5)
    c.drawCentredString(pts.cx, pts.y + 2, t(ctx.lang, "points"))
    _condition_icons(c, ctx, title, box("title", "icons", trim))
    parts.panel(c, ctx, box("title", "text", trim), title.text.get(ctx.lang), item=title.id,
                field="text", fill=hexcolor("#FFFDF7"), align="center", size=TITLE_BODY,
                min_size=BODY_MIN)
    parts.footer(c, ctx, box("title", "footer", trim), t(ctx.lang, "title"), "", MUTED,
                 title.id)


LAUREL_DOT = (3, 5)  # half width, half height of a laurel leaf (points)


def laurel_dots(area: Rect) -> list[tuple[float, float]]:
    """Leaf centres of the wreath round a title's points: five a side, open at the foot so
    the points word under the number has room."""
    r = area.h / 2
    return [(area.cx + side * r * math.cos(math.radians(-44 + i * 26)),
             area.cy + r * math.sin(math.radians(-44 + i * 26)))
            for side in (-1, 1) for i in range(5)]


def _laurel(c: Canvas, area: Rect) -> None:
    c.setFillColor(GOLD)
    w, h = LAUREL_DOT
    for x, y in laurel_dots(area):
        c.ellipse(x - w, y - h, x + w, y + h, fill=1, stroke=0)


def title_back(c: Canvas, ctx: Ctx, title: Title, trim: Rect) -> None:
    parts.back_pattern(c, trim, hexcolor("#6E5A1E"), hexcolor("#7E6926"), "rings")
    _back_label(c, ctx, trim, t(ctx.lang, "title"), CREAM, INK, title.id)
