"""Mission Improbable's vector glyphs: one per skill and one per card type.

Each glyph is a function `(canvas, cx, cy, size, color)` drawing into a square of `size`
points centred on (cx, cy), like `cardgen.icons`; no downloaded art. A glyph's shape alone
tells it apart (colour is never the only cue).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from .. import icons
from ..ink import INK, icon, saves_ink

Glyph = Callable[..., None]  # (canvas, cx, cy, size, color, ground=white)


def _pen(c: Canvas, color: Color, width: float) -> None:
    c.setStrokeColor(color)
    c.setFillColor(color)
    c.setLineWidth(width)
    c.setLineCap(1)
    c.setLineJoin(1)


def _poly(c: Canvas, pts: list[tuple[float, float]], *, fill: bool = True) -> None:
    p = c.beginPath()
    p.moveTo(*pts[0])
    for pt in pts[1:]:
        p.lineTo(*pt)
    p.close()
    c.drawPath(p, fill=1 if fill else 0, stroke=0 if fill else 1)


# --- skills ----------------------------------------------------------------------------


def persuasion(c: Canvas, cx: float, cy: float, s: float, color: Color,
               ground: Color = white) -> None:
    """A speech bubble."""
    u = s / 10
    c.saveState()
    _pen(c, color, u)
    c.roundRect(cx - 4.2 * u, cy - 1.6 * u, 8.4 * u, 5.4 * u, 1.6 * u, fill=1, stroke=0)
    _poly(c, [(cx - 2.4 * u, cy - 1.4 * u), (cx - 0.4 * u, cy - 1.4 * u),
              (cx - 3 * u, cy - 4.2 * u)])
    c.restoreState()


def combat(c: Canvas, cx: float, cy: float, s: float, color: Color,
           ground: Color = white) -> None:
    """A gun sight: ring and cross hairs."""
    u = s / 10
    c.saveState()
    _pen(c, color, 0.9 * u)
    c.circle(cx, cy, 3 * u, fill=0, stroke=1)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        c.line(cx + dx * 1.4 * u, cy + dy * 1.4 * u, cx + dx * 4.5 * u, cy + dy * 4.5 * u)
    c.circle(cx, cy, 0.6 * u, fill=1, stroke=0)
    c.restoreState()


def computers(c: Canvas, cx: float, cy: float, s: float, color: Color,
              ground: Color = white) -> None:
    """A monitor on a stand."""
    u = s / 10
    c.saveState()
    _pen(c, color, 0.9 * u)
    c.roundRect(cx - 4.2 * u, cy - 1.4 * u, 8.4 * u, 5.6 * u, 0.6 * u, fill=0, stroke=1)
    c.line(cx, cy - 1.4 * u, cx, cy - 3.2 * u)
    c.line(cx - 2.4 * u, cy - 3.6 * u, cx + 2.4 * u, cy - 3.6 * u)
    c.line(cx - 2.4 * u, cy + 2.2 * u, cx + 0.6 * u, cy + 2.2 * u)
    c.line(cx - 2.4 * u, cy + 0.6 * u, cx + 1.8 * u, cy + 0.6 * u)
    c.restoreState()


def surveillance(c: Canvas, cx: float, cy: float, s: float, color: Color,
                 ground: Color = white) -> None:
    """An eye."""
    u = s / 10
    c.saveState()
    _pen(c, color, 0.8 * u)
    p = c.beginPath()
    p.moveTo(cx - 4.6 * u, cy)
    p.curveTo(cx - 2 * u, cy + 3.8 * u, cx + 2 * u, cy + 3.8 * u, cx + 4.6 * u, cy)
    p.curveTo(cx + 2 * u, cy - 3.8 * u, cx - 2 * u, cy - 3.8 * u, cx - 4.6 * u, cy)
    p.close()
    c.drawPath(p, fill=0, stroke=1)
    c.circle(cx, cy, 1.6 * u, fill=1, stroke=0)
    c.restoreState()


def disguise(c: Canvas, cx: float, cy: float, s: float, color: Color,
             ground: Color = white) -> None:
    """A domino mask."""
    u = s / 10
    c.saveState()
    _pen(c, color, 0.5 * u)
    p = c.beginPath()
    p.moveTo(cx - 4.8 * u, cy + 1.6 * u)
    p.curveTo(cx - 2 * u, cy + 3.2 * u, cx + 2 * u, cy + 3.2 * u, cx + 4.8 * u, cy + 1.6 * u)
    p.curveTo(cx + 4.8 * u, cy - 2.4 * u, cx + 1.6 * u, cy - 3.4 * u, cx, cy - 1.2 * u)
    p.curveTo(cx - 1.6 * u, cy - 3.4 * u, cx - 4.8 * u, cy - 2.4 * u, cx - 4.8 * u, cy + 1.6 * u)
    p.close()
    c.drawPath(p, fill=1, stroke=0)
    c.setFillColor(ground)
    for side in (-1, 1):
        c.ellipse(cx + side * 2.6 * u - 1.2 * u, cy - 0.4 * u, cx + side * 2.6 * u + 1.2 * u,
                  cy + 1.2 * u, fill=1, stroke=0)
    c.restoreState()


def water(c: Canvas, cx: float, cy: float, s: float, color: Color,
          ground: Color = white) -> None:
    """Three waves."""
    u = s / 10
    c.saveState()
    _pen(c, color, 0.9 * u)
    for row in (-2.6, 0, 2.6):
        p = c.beginPath()
        y = cy + row * u
        p.moveTo(cx - 4.4 * u, y)
        for k in range(4):
            x0 = cx - 4.4 * u + k * 2.2 * u
            p.curveTo(x0 + 0.6 * u, y + 1.2 * u, x0 + 1.6 * u, y - 1.2 * u, x0 + 2.2 * u, y)
        c.drawPath(p, fill=0, stroke=1)
    c.restoreState()


def cold(c: Canvas, cx: float, cy: float, s: float, color: Color,
         ground: Color = white) -> None:
    """A snowflake: three crossed bars with barbs."""
    u = s / 10
    c.saveState()
    _pen(c, color, 0.8 * u)
    for k in range(6):
        a = math.pi / 2 + k * math.pi / 3
        ex, ey = cx + 4.4 * u * math.cos(a), cy + 4.4 * u * math.sin(a)
        c.line(cx, cy, ex, ey)
        mx, my = cx + 2.8 * u * math.cos(a), cy + 2.8 * u * math.sin(a)
        for side in (-1, 1):
            b = a + side * math.pi / 4
            c.line(mx, my, mx + 1.4 * u * math.cos(b), my + 1.4 * u * math.sin(b))
    c.restoreState()


def air(c: Canvas, cx: float, cy: float, s: float, color: Color,
        ground: Color = white) -> None:
    """An aeroplane (the shared icon)."""
    icons.plane(c, cx, cy, s, color)


def demolition(c: Canvas, cx: float, cy: float, s: float, color: Color,
               ground: Color = white) -> None:
    """A round bomb with a lit fuse."""
    u = s / 10
    c.saveState()
    _pen(c, color, 0.7 * u)
    c.circle(cx - 0.6 * u, cy - 0.8 * u, 3.4 * u, fill=1, stroke=0)
    c.rect(cx + 0.8 * u, cy + 1.8 * u, 1.6 * u, 1.4 * u, fill=1, stroke=0)
    p = c.beginPath()
    p.moveTo(cx + 1.6 * u, cy + 3.2 * u)
    p.curveTo(cx + 2 * u, cy + 4.6 * u, cx + 3.2 * u, cy + 4.6 * u, cx + 3.4 * u, cy + 3.8 * u)
    c.drawPath(p, fill=0, stroke=1)
    for k in range(4):
        a = k * math.pi / 2 + math.pi / 4
        c.line(cx + 3.9 * u, cy + 3.9 * u, cx + 3.9 * u + 1.1 * u * math.cos(a),
               cy + 3.9 * u + 1.1 * u * math.sin(a))
    c.restoreState()


def animals(c: Canvas, cx: float, cy: float, s: float, color: Color,
            ground: Color = white) -> None:
    """A paw print: a pad and four toes."""
    u = s / 10
    c.saveState()
    _pen(c, color, 0.5 * u)
    c.ellipse(cx - 2.6 * u, cy - 4 * u, cx + 2.6 * u, cy + 0.4 * u, fill=1, stroke=0)
    for dx, dy in ((-3.6, 1.2), (-1.3, 3), (1.3, 3), (3.6, 1.2)):
        c.ellipse(cx + dx * u - 1.1 * u, cy + dy * u - 1.4 * u, cx + dx * u + 1.1 * u,
                  cy + dy * u + 1.4 * u, fill=1, stroke=0)
    c.restoreState()


def driving(c: Canvas, cx: float, cy: float, s: float, color: Color,
            ground: Color = white) -> None:
    """A steering wheel."""
    u = s / 10
    c.saveState()
    _pen(c, color, 1.0 * u)
    c.circle(cx, cy, 3.9 * u, fill=0, stroke=1)
    c.circle(cx, cy, 1.1 * u, fill=1, stroke=0)
    for a in (math.pi, 0, -math.pi / 2):
        c.line(cx, cy, cx + 3.9 * u * math.cos(a), cy + 3.9 * u * math.sin(a))
    c.restoreState()


def stealth(c: Canvas, cx: float, cy: float, s: float, color: Color,
            ground: Color = white) -> None:
    """A key: getting past locks and alarms."""
    u = s / 10
    c.saveState()
    _pen(c, color, 1.0 * u)
    c.circle(cx - 2.4 * u, cy + 1.6 * u, 1.9 * u, fill=0, stroke=1)
    c.line(cx - 1.1 * u, cy + 0.3 * u, cx + 3.6 * u, cy - 4.2 * u)
    c.line(cx + 1.6 * u, cy - 2.3 * u, cx + 3 * u, cy - 0.9 * u)
    c.line(cx + 2.7 * u, cy - 3.3 * u, cx + 3.9 * u, cy - 2.1 * u)
    c.restoreState()


SKILLS: dict[str, Glyph] = {
    "persuasion": persuasion, "combat": combat, "computers": computers,
    "surveillance": surveillance, "disguise": disguise, "water": water, "cold": cold,
    "air": air, "demolition": demolition, "animals": animals, "driving": driving,
    "stealth": stealth,
}

# --- card types ------------------------------------------------------------------------


def agent(c: Canvas, cx: float, cy: float, s: float, color: Color,
          ground: Color = white) -> None:
    """A figure in a hat: head and shoulders."""
    u = s / 10
    c.saveState()
    _pen(c, color, 0.5 * u)
    c.circle(cx, cy + 1.4 * u, 2 * u, fill=1, stroke=0)
    c.rect(cx - 3.4 * u, cy + 2.6 * u, 6.8 * u, 0.7 * u, fill=1, stroke=0)
    c.rect(cx - 1.9 * u, cy + 3.2 * u, 3.8 * u, 1.4 * u, fill=1, stroke=0)
    p = c.beginPath()
    p.moveTo(cx - 4 * u, cy - 4.4 * u)
    p.curveTo(cx - 4 * u, cy - 0.4 * u, cx + 4 * u, cy - 0.4 * u, cx + 4 * u, cy - 4.4 * u)
    p.close()
    c.drawPath(p, fill=1, stroke=0)
    c.restoreState()


def mission(c: Canvas, cx: float, cy: float, s: float, color: Color,
            ground: Color = white) -> None:
    """A dossier folder with a star stamp."""
    u = s / 10
    c.saveState()
    _pen(c, color, 0.6 * u)
    _poly(c, [(cx - 4.6 * u, cy - 3.4 * u), (cx + 4.6 * u, cy - 3.4 * u),
              (cx + 4.6 * u, cy + 2.6 * u), (cx - 0.6 * u, cy + 2.6 * u),
              (cx - 1.6 * u, cy + 3.6 * u), (cx - 4.6 * u, cy + 3.6 * u)])
    c.restoreState()
    icons.star(c, cx, cy - 0.4 * u, s * 0.5, ground)


def obstacle(c: Canvas, cx: float, cy: float, s: float, color: Color,
             ground: Color = white) -> None:
    """A road barrier: a striped bar on two legs."""
    u = s / 10
    c.saveState()
    _pen(c, color, 0.9 * u)
    c.line(cx - 3 * u, cy - 4.2 * u, cx - 3 * u, cy + 1.6 * u)
    c.line(cx + 3 * u, cy - 4.2 * u, cx + 3 * u, cy + 1.6 * u)
    c.rect(cx - 4.8 * u, cy - 0.2 * u, 9.6 * u, 3 * u, fill=1, stroke=0)
    c.setFillColor(ground)
    for k in range(3):
        x = cx - 3.4 * u + k * 3 * u
        _poly(c, [(x, cy - 0.2 * u), (x + 1.2 * u, cy - 0.2 * u), (x + 2.2 * u, cy + 2.8 * u),
                  (x + 1 * u, cy + 2.8 * u)])
    c.restoreState()


def location(c: Canvas, cx: float, cy: float, s: float, color: Color,
             ground: Color = white) -> None:
    """A map pin."""
    u = s / 10
    c.saveState()
    _pen(c, color, 0.5 * u)
    p = c.beginPath()
    p.moveTo(cx, cy - 4.6 * u)
    p.curveTo(cx - 1.4 * u, cy - 1.6 * u, cx - 3.6 * u, cy - 0.4 * u, cx - 3.6 * u, cy + 1.4 * u)
    p.curveTo(cx - 3.6 * u, cy + 6.2 * u, cx + 3.6 * u, cy + 6.2 * u, cx + 3.6 * u, cy + 1.4 * u)
    p.curveTo(cx + 3.6 * u, cy - 0.4 * u, cx + 1.4 * u, cy - 1.6 * u, cx, cy - 4.6 * u)
    p.close()
    c.drawPath(p, fill=1, stroke=0)
    c.setFillColor(ground)
    c.circle(cx, cy + 1.5 * u, 1.4 * u, fill=1, stroke=0)
    c.restoreState()


def equipment(c: Canvas, cx: float, cy: float, s: float, color: Color,
              ground: Color = white) -> None:
    """A briefcase."""
    u = s / 10
    c.saveState()
    _pen(c, color, 0.9 * u)
    c.roundRect(cx - 1.8 * u, cy + 1.4 * u, 3.6 * u, 2.4 * u, 0.6 * u, fill=0, stroke=1)
    c.roundRect(cx - 4.6 * u, cy - 3.6 * u, 9.2 * u, 5.6 * u, 0.8 * u, fill=1, stroke=0)
    c.setFillColor(ground)
    c.rect(cx - 0.7 * u, cy - 1.4 * u, 1.4 * u, 1.2 * u, fill=1, stroke=0)
    c.restoreState()


def experience(c: Canvas, cx: float, cy: float, s: float, color: Color,
               ground: Color = white) -> None:
    """A medal on a ribbon."""
    u = s / 10
    c.saveState()
    _pen(c, color, 0.5 * u)
    _poly(c, [(cx - 2.8 * u, cy + 4.6 * u), (cx - 0.8 * u, cy + 4.6 * u), (cx + 0.6 * u, cy),
              (cx - 1.2 * u, cy)])
    _poly(c, [(cx + 2.8 * u, cy + 4.6 * u), (cx + 0.8 * u, cy + 4.6 * u), (cx - 0.6 * u, cy),
              (cx + 1.2 * u, cy)])
    c.circle(cx, cy - 1.8 * u, 2.8 * u, fill=1, stroke=0)
    c.restoreState()
    icons.star(c, cx, cy - 1.8 * u, s * 0.42, ground)


def connection(c: Canvas, cx: float, cy: float, s: float, color: Color,
               ground: Color = white) -> None:
    """An old telephone handset."""
    u = s / 10
    c.saveState()
    _pen(c, color, 2.0 * u)
    p = c.beginPath()
    p.moveTo(cx - 3.2 * u, cy + 2.6 * u)
    p.curveTo(cx - 1 * u, cy + 4.2 * u, cx + 1 * u, cy + 4.2 * u, cx + 3.2 * u, cy + 2.6 * u)
    c.drawPath(p, fill=0, stroke=1)
    c.roundRect(cx - 4.6 * u, cy + 0.6 * u, 3 * u, 2.2 * u, 0.6 * u, fill=1, stroke=0)
    c.roundRect(cx + 1.6 * u, cy + 0.6 * u, 3 * u, 2.2 * u, 0.6 * u, fill=1, stroke=0)
    _poly(c, [(cx - 2.4 * u, cy - 0.2 * u), (cx + 2.4 * u, cy - 0.2 * u),
              (cx + 3.8 * u, cy - 4.2 * u), (cx - 3.8 * u, cy - 4.2 * u)])
    c.setFillColor(ground)
    c.circle(cx, cy - 2.2 * u, 1.1 * u, fill=1, stroke=0)
    c.restoreState()


def event(c: Canvas, cx: float, cy: float, s: float, color: Color,
          ground: Color = white) -> None:
    """A lightning bolt."""
    u = s / 10
    c.saveState()
    _pen(c, color, 0.5 * u)
    _poly(c, [(cx + 1.2 * u, cy + 4.8 * u), (cx - 3.2 * u, cy - 0.4 * u),
              (cx - 0.2 * u, cy - 0.4 * u), (cx - 1.4 * u, cy - 4.8 * u),
              (cx + 3.2 * u, cy + 0.8 * u), (cx + 0.2 * u, cy + 0.8 * u)])
    c.restoreState()


TYPES: dict[str, Glyph] = {
    "agent": agent, "mission": mission, "obstacle": obstacle, "location": location,
    "equipment": equipment, "experience": experience, "connection": connection, "event": event,
}


def draw_skill(c: Canvas, skill: str, cx: float, cy: float, s: float, color: Color,
               ground: Color = white) -> None:
    """The glyph of `skill` (KeyError for a skill with no glyph: add one here)."""
    SKILLS[skill](c, cx, cy, s, color, ground)


def skill_disc(c: Canvas, skill: str, cx: float, cy: float, d: float) -> None:
    """The skill's glyph in white on an ink disc of diameter `d`; in ink saver, in ink on a
    ringed white disc, its fills solid (a white glyph would print as bare outlines)."""
    c.saveState()
    if saves_ink(c):
        c.setFillColor(white)
        c.setStrokeColor(INK)
        c.setLineWidth(max(d * 0.05, 0.6))
        c.circle(cx, cy, d / 2 - d * 0.025, fill=1, stroke=1)
        with icon(c):
            draw_skill(c, skill, cx, cy, d * 0.7, INK, white)
    else:
        c.setFillColor(INK)
        c.circle(cx, cy, d / 2, fill=1, stroke=0)
        draw_skill(c, skill, cx, cy, d * 0.7, white, INK)
    c.restoreState()
