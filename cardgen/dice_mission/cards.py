"""Mission cards (one face and one back per type) and gadget cards.

A mission's type shows three ways at once: its name in the band, the band's colour and the
type's mark (one agent, two agents and a bolt, three agents, a star). A suitcase card carries
a gold briefcase disc in the band and "+1 GADGET" in its footer.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from missionkit.dice_mission.model import Gadget, Mission

from .. import icons, text
from ..geometry import Rect, mm
from ..ink import saves_ink, tint
from ..layouts import PANEL_PAD
from ..render import card_parts as parts
from ..render.common import CHARCOAL, CREAM, GOLD, INK, Ctx, fill_rect, hexcolor, stroke_rect
from . import forms, glyphs, requirement
from .emblems import gadget_emblem
from .layouts import BAND_MM, box
from .pictures import picture
from .strings import t

# type -> (card colour, band colour, back pattern line colour, back pattern kind)
TYPE_STYLE: dict[str, tuple[str, str, str, str]] = {
    "solo": ("#1F5FA8", "#123E73", "#2A6CBA", "stripes"),
    "versus": ("#B3261E", "#7A1712", "#C23A30", "rings"),
    "team": ("#2E7D4F", "#1B5234", "#3A8D5D", "dots"),
    "special": ("#5E3A8C", "#3B2159", "#7550A6", "stars"),
}
PHASE_BAND = {"mission": "#0F4C5C", "debriefing": "#7A4E12"}
PICTURE_FILL = hexcolor("#FFFFFF")
BODY_SIZE = 10.5


def _band(c: Canvas, trim: Rect, color: Color) -> None:
    """The coloured band across the card's top, painted into the bleed; on the home look the
    frame's top closed by a rule in the band's colour (a white band's outline would run on
    across the gutters)."""
    if saves_ink(c):
        parts.band_rule(c, trim, trim.y1 - mm(BAND_MM), color)
        return
    grow = parts.ART_BLEED
    fill_rect(c, Rect(trim.x - grow, trim.y1 - mm(BAND_MM), trim.w + 2 * grow,
                      mm(BAND_MM) + grow), color)


def _band_text(c: Canvas, ctx: Ctx, layout: str, trim: Rect, label: str, hint: str,
               item: str) -> None:
    c.setFillColor(white)
    text.one_line(c, label, box(layout, "type", trim), ctx.fonts.display, 15, item=item,
                  field="type", align="left")
    text.one_line(c, hint, box(layout, "hint", trim), ctx.fonts.bold, 7, item=item,
                  field="hint", align="left", min_size=6)


def _suitcase_disc(c: Canvas, area: Rect) -> None:
    c.setFillColor(GOLD)
    c.circle(area.cx, area.cy, area.w / 2, fill=1, stroke=0)
    glyphs.suitcase(c, area.cx, area.cy, area.w * 0.66, INK, GOLD)


def _panel(c: Canvas, ctx: Ctx, area: Rect, body: str, item: str) -> None:
    """The card's text on its panel (drawn with the chrome), larger than Double Mission's
    (the texts are short), centred."""
    inner = area.shrink(PANEL_PAD)
    block = text.fit(body, inner, ctx.fonts.body, BODY_SIZE, item=item, field="text",
                      min_size=text.CARD_BODY_MIN)
    c.setFillColor(INK)
    text.draw(c, block, inner, align="center", valign="middle")


def _mission_chrome(c: Canvas, ctx: Ctx, kind: str, trim: Rect) -> None:
    """What every card of a type shares: its colour, the band with its mark, name and what
    it reads, and the empty picture and text panels."""
    parts.background(c, trim, hexcolor(TYPE_STYLE[kind][0]))
    fill_rect(c, box("mission", "picture", trim), PICTURE_FILL, radius=mm(1.8))
    fill_rect(c, box("mission", "text", trim), CREAM, radius=mm(1.8))
    _band(c, trim, hexcolor(TYPE_STYLE[kind][1]))
    icon = box("mission", "type_icon", trim)
    glyphs.type_mark(c, kind, icon.cx, icon.cy, icon.w, white)
    _band_text(c, ctx, "mission", trim, t(ctx.lang, kind), t(ctx.lang, f"{kind}_hint"), kind)


def _once(c: Canvas, key: str, trim: Rect, draw: Callable[[Canvas, Rect], None]) -> None:
    """Draw a part every card of a family shares once, in card coordinates; place it."""
    b = parts.ART_BLEED
    local = Rect(0, 0, trim.w, trim.h)
    forms.place(c, key, (-b, -b, trim.w + b, trim.h + b), lambda c: draw(c, local),
                trim.x, trim.y)


def mission_face(c: Canvas, ctx: Ctx, m: Mission, trim: Rect) -> None:
    card = TYPE_STYLE[m.type][0]
    _once(c, f"chrome:{m.type}:{ctx.lang}", trim,
          lambda c, r: _mission_chrome(c, ctx, m.type, r))
    if m.suitcase:
        _once(c, "suitcase", trim, lambda c, r: _suitcase_disc(c, box("mission", "suitcase", r)))
    parts.name(c, ctx, box("mission", "name", trim), ctx.name(m), m.id)
    area = box("mission", "picture", trim)
    shown = picture(m.check.rule)
    if shown:
        requirement.draw(c, ctx.fonts.bold, shown, area.shrink(mm(1.5)), INK)
    else:
        _once(c, f"mark:{m.type}", trim, lambda c, r: glyphs.type_mark(
            c, m.type, box("mission", "picture", r).cx, box("mission", "picture", r).cy,
            area.h * 0.8, hexcolor(card)))
    _panel(c, ctx, box("mission", "text", trim), m.text.get(ctx.lang), m.id)
    number = m.id.rsplit("_", 1)[-1]
    right = t(ctx.lang, "suitcase") if m.suitcase else ""
    parts.footer(c, ctx, box("mission", "footer", trim), f"{t(ctx.lang, m.type)} {number}",
                 right, GOLD if m.suitcase else white, m.id)


def _back_marks(c: Canvas, trim: Rect, kind: str, line: Color) -> None:
    """The back's ground pattern past the bleed: a repeat of small marks."""
    area = trim.grow(parts.ART_BLEED)
    step = mm(7)
    c.saveState()
    rows = int(area.h / step) + 2
    cols = int(area.w / step) + 2
    for r in range(rows):
        for k in range(cols):
            x = area.x + k * step + (step / 2 if r % 2 else 0)
            y = area.y + r * step
            if kind == "dots":
                c.setFillColor(line)
                c.circle(x, y, mm(1.1), fill=1, stroke=0)
            else:
                icons.star(c, x, y, mm(3.2), line)
    c.restoreState()


def mission_back(kind: str) -> Callable[[Canvas, Ctx, Mission, Rect], None]:
    """The back shared by every card of one type: its colour, pattern, mark and name."""
    card, band, line, pattern = TYPE_STYLE[kind]

    def draw(c: Canvas, ctx: Ctx, m: Mission, trim: Rect) -> None:
        if pattern in ("stripes", "rings"):
            parts.back_pattern(c, trim, hexcolor(card), hexcolor(line), pattern)
        else:
            fill_rect(c, trim.grow(parts.ART_BLEED), hexcolor(card))
            if saves_ink(c):  # home look: light marks in a frame, like the stripes' (card_parts)
                with parts.back_ground(c, trim):
                    _back_marks(c, trim, pattern, tint(hexcolor(card), parts.BACK_LINE_TINT))
                parts.frame_band(c, trim, hexcolor(card), parts.BACK_FRAME)
            else:
                _back_marks(c, trim, pattern, hexcolor(line))
        _back_emblem(c, trim, hexcolor(band), lambda x, y, s: glyphs.type_mark(
            c, kind, x, y, s, white))
        parts.back_label(c, ctx, trim, t(ctx.lang, kind), hexcolor(band), white, m.id,
                         ctx.game.game.name.get(ctx.lang))

    return draw


def _back_emblem(c: Canvas, trim: Rect, disc: Color,
                 mark: Callable[[float, float, float], None]) -> None:
    """A disc with the family's mark above the back's label band."""
    cx, cy = trim.cx, trim.cy + mm(24)
    c.setFillColor(disc)
    c.circle(cx, cy, mm(10), fill=1, stroke=0)
    c.setStrokeColor(white)
    c.setLineWidth(1)
    c.circle(cx, cy, mm(9), fill=0, stroke=1)
    mark(cx, cy, mm(13))


def _gadget_chrome(c: Canvas, ctx: Ctx, phase: str, trim: Rect) -> None:
    """What every gadget of a phase shares: the frame, the band, the plate and the panel."""
    parts.background(c, trim, CHARCOAL, GOLD)
    _band(c, trim, hexcolor(PHASE_BAND[phase]))
    icon = box("gadget", "type_icon", trim)
    glyphs.suitcase(c, icon.cx, icon.cy, icon.w, GOLD, hexcolor(PHASE_BAND[phase]))
    _band_text(c, ctx, "gadget", trim, t(ctx.lang, "gadget"), t(ctx.lang, f"phase_{phase}"),
               "gadget")
    plate = box("gadget", "emblem", trim)
    fill_rect(c, plate, hexcolor("#3C3F47"), radius=mm(3))
    stroke_rect(c, plate.shrink(mm(1)), GOLD, 0.8, radius=mm(2.2))
    fill_rect(c, box("gadget", "text", trim), CREAM, radius=mm(1.8))


def gadget_face(c: Canvas, ctx: Ctx, g: Gadget, trim: Rect) -> None:
    _once(c, f"gadget:{g.phase}:{ctx.lang}", trim,
          lambda c, r: _gadget_chrome(c, ctx, g.phase, r))
    parts.name(c, ctx, box("gadget", "name", trim), ctx.name(g), g.id)
    plate = box("gadget", "emblem", trim)
    gadget_emblem(c, ctx, g.effect, plate.cx, plate.cy, plate.h * 0.8)
    _panel(c, ctx, box("gadget", "text", trim), g.text.get(ctx.lang), g.id)
    parts.footer(c, ctx, box("gadget", "footer", trim), t(ctx.lang, "gadget"),
                 t(ctx.lang, g.phase), GOLD, g.id)


def gadget_back(c: Canvas, ctx: Ctx, g: Gadget, trim: Rect) -> None:
    parts.back_pattern(c, trim, CHARCOAL, hexcolor("#3A3D45"), "stripes")
    _back_emblem(c, trim, hexcolor("#1F2126"), lambda x, y, s: glyphs.suitcase(
        c, x, y, s, GOLD, hexcolor("#1F2126")))
    parts.back_label(c, ctx, trim, t(ctx.lang, "gadget"), CHARCOAL, GOLD, g.id,
                     ctx.game.game.name.get(ctx.lang))

