"""The 169 card faces (one frame colour and glyph per type) and the deck's one common back."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from missionkit.content.base import Localized

from .. import text
from ..geometry import Rect, mm
from ..render import card_parts as parts
from ..render.common import CREAM, GOLD, INK, Ctx, fill_rect, hexcolor, stroke_rect
from . import glyphs
from .layouts import box
from .rows import Row, draw_rows
from .strings import t

# One frame colour per type, each paired with its own glyph (never colour alone).
TYPE_COLOURS: dict[str, Color] = {
    "agent": hexcolor("#2B2D33"), "mission": hexcolor("#0F4C5C"),
    "obstacle": hexcolor("#8E2A22"), "location": hexcolor("#5A3D7A"),
    "equipment": hexcolor("#6B5418"), "experience": hexcolor("#23427A"),
    "connection": hexcolor("#1F6B4F"), "event": hexcolor("#A14A12"),
}
LIGHT_GOLD = hexcolor("#F2D27A")  # gold text on a frame too warm for GOLD to stand out
BACK = hexcolor("#1E2026")
BACK_LINE = hexcolor("#2C2F37")
PALE = hexcolor("#FFFDF7")
NAME_LEADING = 1.15  # a two-line good or bad name: its lines clear of each other


@dataclass(frozen=True)
class DeckCard:
    """One printed card and every piece of content its face shows, so that the card cache
    key (a hash of the item) changes whenever the printed face would."""

    id: str
    name: Localized  # the card's display_name
    type: str
    number: int  # 1-169, in deck order (for sorting and checking a printed deck)
    card: Any
    kind: Any  # the type's CardTypeInfo (name, permanent or one use)
    reminder: Localized  # the guide's reminder for this type
    labels: dict[str, Localized]  # skill id or "table:<id>" -> printed name
    game_name: Localized
    deck_size: int


def _labels(game: Any, card: Any) -> dict[str, Localized]:
    """The printed names of the skills and tables this card shows."""
    skills = set(getattr(card, "skills", None) or {})
    checks = list(getattr(card, "checks", ()))
    if getattr(card, "check", None) is not None:
        checks.append(card.check)
    skills |= {o.skill for check in checks for o in check.options}
    out = {s: game.skill_by_id[s].name for s in sorted(skills)}
    for e in getattr(card, "effects", ()):
        if e.kind == "skill_bonus":
            out[e.skill] = game.skill_by_id[e.skill].name
        elif e.kind == "table_modifier":
            out[f"table:{e.table}"] = game.tables[e.table].name
    return out


def deck_cards(game: Any) -> list[DeckCard]:
    """The whole shared deck in deck order."""
    deck = game.deck()
    return [DeckCard(c.id, c.display_name, c.type, i, c, game.game.card_type(c.type),
                     game.guide.card_reminders[c.type], _labels(game, c), game.game.name,
                     len(deck))
            for i, c in enumerate(deck, start=1)]


# --- shared parts ----------------------------------------------------------------------


def _relative_luminance(color: Color) -> float:
    def channel(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    return (0.2126 * channel(color.red) + 0.7152 * channel(color.green)
            + 0.0722 * channel(color.blue))


def contrast(a: Color, b: Color) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((_relative_luminance(a), _relative_luminance(b)))
    return (lb + 0.05) / (la + 0.05)


def accent(card_type: str) -> Color:
    """The gold of a type's labels and footer: GOLD, or a lighter gold where GOLD has less
    than 3:1 contrast on the type's colour (events, connections, equipment)."""
    colour = TYPE_COLOURS[card_type]
    return GOLD if contrast(GOLD, colour) >= 3 else LIGHT_GOLD


def _frame(c: Canvas, ctx: Ctx, dc: DeckCard, trim: Rect, layout: str) -> Color:
    """Background in the type's colour, the rim, and the type strip (glyph + type name)."""
    colour = TYPE_COLOURS[dc.type]
    parts.background(c, trim, colour, GOLD)
    strip = box(layout, "type", trim)
    glyphs.TYPES[dc.type](c, strip.x + strip.h / 2, strip.cy, strip.h * 1.1, white, colour)
    label = dc.kind.name.get(ctx.lang)
    c.setFillColor(accent(dc.type))
    text.one_line(c, label.upper(), Rect(strip.x + strip.h * 1.3, strip.y, strip.w * 0.6,
                                         strip.h), ctx.fonts.bold, 8.5, item=dc.id,
                  field="type", align="left")
    return colour


def _tag(c: Canvas, ctx: Ctx, dc: DeckCard, trim: Rect, key: str, solid: bool) -> None:
    """A pill on the strip: ONE USE (outlined) or PERMANENT (solid gold)."""
    pill = box("card", "tag", trim)
    if solid:
        fill_rect(c, pill, GOLD, radius=pill.h / 2)
        c.setFillColor(INK)
    else:
        stroke_rect(c, pill, accent(dc.type), 0.9, radius=pill.h / 2)
        c.setFillColor(accent(dc.type))
    text.one_line(c, t(ctx.lang, key), pill.shrink(mm(0.8)), ctx.fonts.bold, 7.5, item=dc.id,
                  field="tag")


def _reminder(c: Canvas, ctx: Ctx, dc: DeckCard, area: Rect) -> None:
    body = dc.reminder.get(ctx.lang)
    parts.panel(c, ctx, area, body, item=dc.id, field="reminder", fill=PALE,
                min_size=text.CARD_BODY_MIN)


def _footer(c: Canvas, ctx: Ctx, dc: DeckCard, trim: Rect, layout: str) -> None:
    parts.footer(c, ctx, box(layout, "footer", trim), dc.game_name.get(ctx.lang),
                 f"{dc.number:03d}/{dc.deck_size}", accent(dc.type), dc.id)


def _bonus_rows(ctx: Ctx, dc: DeckCard, skills: dict[str, int]) -> list[Row]:
    return [Row(s, dc.labels[s].get(ctx.lang), n, "bonus", i)
            for i, (s, n) in enumerate(skills.items())]


def _check_rows(ctx: Ctx, dc: DeckCard, checks: Any) -> list[Row]:
    return [Row(o.skill, dc.labels[o.skill].get(ctx.lang), o.mod, "check", g)
            for g, check in enumerate(checks) for o in check.options]


def _effect_rows(ctx: Ctx, dc: DeckCard) -> list[Row]:
    """An event's skill bonuses and table modifiers, as rows."""
    out = []
    for i, e in enumerate(dc.card.effects):
        what = {"skill_bonus": lambda e: e.skill,
                "table_modifier": lambda e: f"table:{e.table}"}.get(e.kind)
        if what is not None:
            out.append(Row(what(e), dc.labels[what(e)].get(ctx.lang), e.amount, "bonus", i))
    return out


def _panel_body(c: Canvas, area: Rect) -> Rect:
    fill_rect(c, area, CREAM, radius=mm(1.8))
    return area.shrink(mm(2))


# --- faces -----------------------------------------------------------------------------


def face(c: Canvas, ctx: Ctx, dc: DeckCard, trim: Rect) -> None:
    """Any card's face, by its type."""
    FACES[dc.type](c, ctx, dc, trim)


def _named(c: Canvas, ctx: Ctx, dc: DeckCard, trim: Rect) -> Color:
    colour = _frame(c, ctx, dc, trim, "card")
    parts.name(c, ctx, box("card", "name", trim), dc.name.get(ctx.lang), dc.id)
    _reminder(c, ctx, dc, box("card", "text", trim))
    _footer(c, ctx, dc, trim, "card")
    return colour


def agent_face(c: Canvas, ctx: Ctx, dc: DeckCard, trim: Rect) -> None:
    colour = _named(c, ctx, dc, trim)
    inner = _panel_body(c, box("card", "body", trim))
    draw_rows(c, ctx, _bonus_rows(ctx, dc, dc.card.skills), inner, chip=colour, item=dc.id)


def obstacle_face(c: Canvas, ctx: Ctx, dc: DeckCard, trim: Rect) -> None:
    """Obstacles and locations: the check to overcome, alternatives joined by OR."""
    colour = _named(c, ctx, dc, trim)
    inner = _panel_body(c, box("card", "body", trim))
    head = Rect(inner.x, inner.y1 - mm(4), inner.w, mm(4))
    c.setFillColor(colour)
    text.one_line(c, t(ctx.lang, "check"), head, ctx.fonts.bold, 7.5, item=dc.id, field="check")
    rows = _check_rows(ctx, dc, [dc.card.check])
    area = Rect(inner.x, inner.y, inner.w, inner.h - mm(4))
    draw_rows(c, ctx, rows, area, chip=colour, item=dc.id)


def asset_face(c: Canvas, ctx: Ctx, dc: DeckCard, trim: Rect) -> None:
    """Equipment, experience and connections: their bonuses, and how long they last."""
    colour = _named(c, ctx, dc, trim)
    permanent = dc.kind.permanent
    _tag(c, ctx, dc, trim, "permanent" if permanent else "one_use", permanent)
    inner = _panel_body(c, box("card", "body", trim))
    rows = _bonus_rows(ctx, dc, dc.card.skills)
    card_text = getattr(dc.card, "text", None)
    if card_text is not None:
        split = inner.h * (0.5 if rows else 1.0)
        block = Rect(inner.x, inner.y1 - split, inner.w, split)
        _body_text(c, ctx, dc, card_text.get(ctx.lang), block)
        inner = Rect(inner.x, inner.y, inner.w, inner.h - split)
    if rows:
        draw_rows(c, ctx, rows, inner, chip=colour, item=dc.id)


def _body_text(c: Canvas, ctx: Ctx, dc: DeckCard, body: str, area: Rect) -> None:
    inner = area.shrink(mm(1))
    block = text.fit(body, inner, ctx.fonts.body, 9.5, item=dc.id, field="text",
                      min_size=text.CARD_BODY_MIN)
    c.setFillColor(INK)
    text.draw(c, block, inner, align="center", valign="middle")


def event_face(c: Canvas, ctx: Ctx, dc: DeckCard, trim: Rect) -> None:
    """An event: when it is played (a banner), its bonus rows if any, and its text."""
    colour = _named(c, ctx, dc, trim)
    inner = _panel_body(c, box("card", "body", trim))
    banner = Rect(inner.x, inner.y1 - mm(6), inner.w, mm(6))
    fill_rect(c, banner, colour, radius=mm(1.2))
    c.setFillColor(white)
    text.one_line(c, t(ctx.lang, dc.card.when), banner.shrink(mm(1)), ctx.fonts.bold, 8.5,
                  item=dc.id, field="when")
    rest = Rect(inner.x, inner.y, inner.w, inner.h - mm(7))
    rows = _effect_rows(ctx, dc)
    if rows:
        rows_area = Rect(rest.x, rest.y, rest.w, mm(9) * len(rows))
        draw_rows(c, ctx, rows, rows_area, chip=colour, item=dc.id)
        rest = Rect(rest.x, rows_area.y1 + mm(1), rest.w, rest.h - rows_area.h - mm(1))
    _body_text(c, ctx, dc, dc.card.text.get(ctx.lang), rest)


def mission_face(c: Canvas, ctx: Ctx, dc: DeckCard, trim: Rect) -> None:
    """A mission: MP badge, good and bad names, and its numbered checks."""
    colour = _frame(c, ctx, dc, trim, "mission")
    _mp_badge(c, ctx, dc, box("mission", "mp", trim))
    _mission_names(c, ctx, dc, box("mission", "names", trim))
    inner = _panel_body(c, box("mission", "body", trim))
    head = Rect(inner.x, inner.y1 - mm(4), inner.w, mm(4))
    c.setFillColor(colour)
    several = len(dc.card.checks) > 1  # "in order" and numbers only when there is an order
    heading = (f"{t(ctx.lang, 'checks')} · {t(ctx.lang, 'every_check')}" if several
               else f"{t(ctx.lang, 'check')} · {t(ctx.lang, 'one_check')}")
    text.one_line(c, heading, head, ctx.fonts.bold, 7.5, item=dc.id, field="checks")
    area = Rect(inner.x, inner.y, inner.w, inner.h - mm(4.5))
    draw_rows(c, ctx, _check_rows(ctx, dc, dc.card.checks), area, chip=colour, item=dc.id,
              numbered=several)
    _reminder(c, ctx, dc, box("mission", "text", trim))
    _footer(c, ctx, dc, trim, "mission")


def _mp_badge(c: Canvas, ctx: Ctx, dc: DeckCard, area: Rect) -> None:
    c.setFillColor(GOLD)
    c.circle(area.cx, area.cy, area.w / 2, fill=1, stroke=0)
    c.setFillColor(INK)
    c.setFont(ctx.fonts.display, 20)
    c.drawCentredString(area.cx, area.cy - 4, str(dc.card.mp))
    c.setFont(ctx.fonts.bold, 6)
    c.drawCentredString(area.cx, area.y + 3.6, t(ctx.lang, "mp"))


def _mission_names(c: Canvas, ctx: Ctx, dc: DeckCard, area: Rect) -> None:
    """One name, or the good name over the bad one, each with its side's tag."""
    m = dc.card
    if m.name is not None:
        parts.name(c, ctx, area, m.name.get(ctx.lang), dc.id)
        return
    half = area.h / 2
    for i, (key, name) in enumerate((("good", m.good), ("bad", m.bad))):
        row = Rect(area.x, area.y1 - (i + 1) * half, area.w, half)
        tag = Rect(row.x, row.cy - mm(2.2), mm(9), mm(4.4))
        if key == "good":
            fill_rect(c, tag, white, radius=mm(1))
            c.setFillColor(INK)
        else:
            fill_rect(c, tag, INK, radius=mm(1))
            stroke_rect(c, tag, white, 0.6, radius=mm(1))
            c.setFillColor(white)
        text.one_line(c, t(ctx.lang, key), tag.shrink(mm(0.6)), ctx.fonts.bold, 7.5,
                      item=dc.id, field=key)
        label = Rect(tag.x1 + mm(1.8), row.y, row.x1 - tag.x1 - mm(1.8), row.h)
        c.setFillColor(white)
        block = text.fit(name.get(ctx.lang), label, ctx.fonts.display, 13, item=dc.id,
                         field=f"{key} name", min_size=8, leading=NAME_LEADING,
                         max_lines=2)
        text.draw(c, block, label, valign="middle")


FACES = {
    "agent": agent_face, "mission": mission_face, "obstacle": obstacle_face,
    "location": obstacle_face, "equipment": asset_face, "experience": asset_face,
    "connection": asset_face, "event": event_face,
}

# --- the one back ----------------------------------------------------------------------


def back(c: Canvas, ctx: Ctx, dc: DeckCard, trim: Rect) -> None:
    """The one back of the whole shared deck: a dossier pattern, an eye, the game's name."""
    parts.back_pattern(c, trim, BACK, BACK_LINE, "stripes")
    stroke_rect(c, trim.shrink(mm(2)), GOLD, 1.2, radius=mm(2.5))
    em = box("back", "emblem", trim)
    c.setFillColor(INK)
    c.circle(em.cx, em.cy, em.w / 2, fill=1, stroke=0)
    c.setStrokeColor(GOLD)
    c.setLineWidth(1.2)
    c.circle(em.cx, em.cy, em.w / 2 - 3, fill=0, stroke=1)
    glyphs.eye(c, em.cx, em.cy, em.w * 0.62, GOLD, INK)
    band = box("back", "band", trim)
    fill_rect(c, band, INK, radius=mm(2))
    stroke_rect(c, band.shrink(mm(1)), GOLD, 0.8, radius=mm(1.5))
    name = ctx.game.game.name.get(ctx.lang).upper()
    area = band.shrink(mm(2.5))
    c.setFillColor(GOLD)
    block = text.fit(name, area, ctx.fonts.display, 22, item="back", field="name",
                     min_size=10, leading=1.12, max_lines=2)
    text.draw(c, block, area, align="center", valign="middle")
