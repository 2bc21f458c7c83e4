"""Mission Improbable's glyphs: one per skill and one per card type, game-icons.net icons
that cardgen/assets/art.yaml names (a crosshair-free pistol for Combat, a CCTV camera for
Surveillance...), and the eye on the deck's back.

Each glyph is a function `(canvas, cx, cy, size, color, ground)` drawing into a square of
`size` points centred on (cx, cy), like `cardgen.icons`. A glyph's shape alone tells it apart
(colour is never the only cue).
"""

from __future__ import annotations

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


def eye(c: Canvas, cx: float, cy: float, s: float, color: Color,
                 ground: Color = white) -> None:
    """An eye: the deck back's mark (the Surveillance skill has its own icon)."""
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



def _icon(family: str, item: str) -> Glyph:
    name = icons.art()["mission_improbable"][family][item]

    def draw(c: Canvas, cx: float, cy: float, s: float, color: Color,
             ground: Color = white) -> None:
        icons.game_icon(c, name, cx, cy, s, color)

    return draw


SKILLS: dict[str, Glyph] = {k: _icon("skills", k)
                            for k in icons.art()["mission_improbable"]["skills"]}
TYPES: dict[str, Glyph] = {k: _icon("types", k)
                           for k in icons.art()["mission_improbable"]["types"]}


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
