"""Dice Mission's vector glyphs: die faces, pip shapes, mission-type marks, the suitcase.

Each glyph draws into a square of side `s` centred on (cx, cy), like `cardgen.icons`.
`pip_positions` is pure so tests can check a face without drawing it.
"""

from __future__ import annotations

import math

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from .. import icons
from ..ink import icon
from .pictures import Die

INK = HexColor("#1B1B1F")
STRIKE = HexColor("#C62828")
PIP = 0.28  # pip offset from the centre, as a share of the die's side

_SPOTS = {
    1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def pip_positions(face: int) -> list[tuple[int, int]]:
    """Where the pips of `face` sit on a 3 x 3 grid (-1, 0, 1), as on a real die."""
    return list(_SPOTS[face])


def mark_size(mark: str, font: str, s: float) -> float:
    """The type size of a blank die's mark: half the die, or less to fit 80 % of its width."""
    return min(s * 0.5, s * 0.8 / max(stringWidth(mark, font, 1), 0.01))


def pip(c: Canvas, shape: str, x: float, y: float, r: float) -> None:
    """One pip: a circle, or the colour's symbol for the colour-blind stickers."""
    if shape == "circle":
        c.circle(x, y, r, fill=1, stroke=0)
        return
    if shape == "square":
        c.rect(x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7, fill=1, stroke=0)
        return
    if shape == "star":
        radii = [r * 1.15 if k % 2 == 0 else r * 0.5 for k in range(10)]
        angles = [math.pi / 2 + k * math.pi / 5 for k in range(10)]
        points = [(x + q * math.cos(a), y + q * math.sin(a)) for q, a in zip(radii, angles,
                                                                              strict=True)]
    elif shape == "triangle":
        points = [(x, y + r * 1.15), (x - r * 1.1, y - r * 0.75), (x + r * 1.1, y - r * 0.75)]
    else:  # diamond
        points = [(x, y + r * 1.2), (x + r * 1.0, y), (x, y - r * 1.2), (x - r * 1.0, y)]
    path = c.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    c.drawPath(path, fill=1, stroke=0)


def die(c: Canvas, font: str, cx: float, cy: float, s: float, face: Die, *,
        fill: Color = white, ink: Color = INK, shape: str = "circle",
        outline: bool = True) -> None:
    """A die face: pips, or a blank face with a mark ("A", "n+1", "5·6"), maybe struck out."""
    c.saveState()
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(max(s * 0.05, 0.6))
    c.roundRect(cx - s / 2, cy - s / 2, s, s, s * 0.18, fill=1, stroke=1 if outline else 0)
    if face.struck:  # under the pips, which keep a ring of the face's colour around them
        strike(c, cx, cy, s)
    if face.pips:
        for dx, dy in pip_positions(face.pips):
            x, y = cx + dx * s * PIP, cy + dy * s * PIP
            if face.struck:
                c.setFillColor(fill)
                pip(c, shape, x, y, s * 0.14)
            c.setFillColor(ink)
            pip(c, shape, x, y, s * 0.095)
    elif face.mark:
        size = mark_size(face.mark, font, s)
        c.setFillColor(ink)
        c.setFont(font, size)
        c.drawCentredString(cx, cy - size * 0.35, face.mark)
    c.restoreState()


def strike(c: Canvas, cx: float, cy: float, s: float) -> None:
    """A red slash across a die, top left to bottom right (drawn under the pips)."""
    h = s * 0.44
    c.setStrokeColor(STRIKE)
    c.setLineWidth(s * 0.1)
    c.setLineCap(1)
    c.line(cx - h, cy + h, cx + h, cy - h)


def person(c: Canvas, cx: float, cy: float, s: float, color: Color) -> None:
    """An agent: a head over rounded shoulders."""
    c.setFillColor(color)
    c.circle(cx, cy + s * 0.2, s * 0.17, fill=1, stroke=0)
    path = c.beginPath()
    path.moveTo(cx - s * 0.32, cy - s * 0.42)
    path.lineTo(cx - s * 0.32, cy - s * 0.17)
    path.curveTo(cx - s * 0.32, cy + s * 0.03, cx + s * 0.32, cy + s * 0.03, cx + s * 0.32,
                 cy - s * 0.17)
    path.lineTo(cx + s * 0.32, cy - s * 0.42)
    path.close()
    c.drawPath(path, fill=1, stroke=0)


def mark(c: Canvas, kind: str, cx: float, cy: float, s: float, ink: Color) -> None:
    """A picture's drawn sign (pictures.Mark): ▲ most, ▼ fewest, a person (per player, each
    player), a ringed person (only you); solid ink, kept solid by the ink saver."""
    with icon(c):
        if kind in ("most", "fewest"):
            up = 1 if kind == "most" else -1
            path = c.beginPath()
            path.moveTo(cx, cy + up * s * 0.3)
            path.lineTo(cx + s * 0.3, cy - up * s * 0.24)
            path.lineTo(cx - s * 0.3, cy - up * s * 0.24)
            path.close()
            c.setFillColor(ink)
            c.drawPath(path, fill=1, stroke=0)
        elif kind == "player":
            person(c, cx, cy + s * 0.02, s * 0.9, ink)
        else:
            c.setStrokeColor(ink)
            c.setLineWidth(max(s * 0.06, 0.6))
            c.circle(cx, cy, s * 0.42, fill=0, stroke=1)
            person(c, cx, cy + s * 0.05, s * 0.62, ink)


def bolt(c: Canvas, cx: float, cy: float, s: float, color: Color) -> None:
    """A lightning bolt: the clash of a VERSUS card."""
    c.setFillColor(color)
    pts = [(0.1, 0.5), (-0.22, -0.02), (0.0, -0.02), (-0.12, -0.5), (0.24, 0.08), (0.02, 0.08)]
    path = c.beginPath()
    path.moveTo(cx + pts[0][0] * s, cy + pts[0][1] * s)
    for x, y in pts[1:]:
        path.lineTo(cx + x * s, cy + y * s)
    path.close()
    c.drawPath(path, fill=1, stroke=0)


def type_mark(c: Canvas, kind: str, cx: float, cy: float, s: float, color: Color) -> None:
    """The mark of a mission type (solo, versus, team, special) or of a gadget."""
    if kind == "solo":
        person(c, cx, cy, s, color)
    elif kind == "versus":
        person(c, cx - s * 0.3, cy, s * 0.62, color)
        person(c, cx + s * 0.3, cy, s * 0.62, color)
        bolt(c, cx, cy + s * 0.05, s * 0.5, color)
    elif kind == "team":
        person(c, cx - s * 0.3, cy + s * 0.05, s * 0.55, color)
        person(c, cx + s * 0.3, cy + s * 0.05, s * 0.55, color)
        person(c, cx, cy - s * 0.05, s * 0.68, color)
    elif kind == "special":
        icons.star(c, cx, cy, s * 1.05, color)
    else:
        suitcase(c, cx, cy, s, color, None)


def suitcase(c: Canvas, cx: float, cy: float, s: float, color: Color,
             strap: Color | None) -> None:
    """A briefcase: the mark of a card that pays a gadget."""
    c.saveState()
    c.setStrokeColor(color)
    c.setLineWidth(s * 0.08)
    c.roundRect(cx - s * 0.16, cy + s * 0.12, s * 0.32, s * 0.22, s * 0.06, fill=0, stroke=1)
    c.setFillColor(color)
    c.roundRect(cx - s * 0.42, cy - s * 0.32, s * 0.84, s * 0.5, s * 0.08, fill=1, stroke=0)
    if strap is not None:
        c.setFillColor(strap)
        c.rect(cx - s * 0.42, cy - s * 0.06, s * 0.84, s * 0.06, fill=1, stroke=0)
        c.rect(cx - s * 0.06, cy - s * 0.12, s * 0.12, s * 0.14, fill=1, stroke=0)
    c.restoreState()


def arrow(c: Canvas, x0: float, y0: float, x1: float, y1: float, width: float,
          color: Color) -> None:
    """A straight arrow from (x0, y0) to (x1, y1) with a filled head."""
    angle = math.atan2(y1 - y0, x1 - x0)
    head = width * 3
    bx, by = x1 - head * math.cos(angle), y1 - head * math.sin(angle)
    c.setStrokeColor(color)
    c.setFillColor(color)
    c.setLineWidth(width)
    c.line(x0, y0, bx, by)
    nx, ny = -math.sin(angle) * head * 0.6, math.cos(angle) * head * 0.6
    path = c.beginPath()
    path.moveTo(x1, y1)
    path.lineTo(bx + nx, by + ny)
    path.lineTo(bx - nx, by - ny)
    path.close()
    c.drawPath(path, fill=1, stroke=0)


def circle_arrow(c: Canvas, cx: float, cy: float, r: float, width: float,
                 color: Color) -> None:
    """Most of a circle, anticlockwise, with an arrowhead at its end: roll again."""
    c.setStrokeColor(color)
    c.setLineWidth(width)
    c.arc(cx - r, cy - r, cx + r, cy + r, 80, 280)
    end = math.radians(360)
    x, y = cx + r * math.cos(end), cy + r * math.sin(end)
    tx, ty = -math.sin(end), math.cos(end)  # the way the arc runs at its end
    nx, ny = math.cos(end), math.sin(end)
    head = width * 2.4
    path = c.beginPath()
    path.moveTo(x + tx * head * 1.4, y + ty * head * 1.4)
    path.lineTo(x + nx * head, y + ny * head)
    path.lineTo(x - nx * head, y - ny * head)
    path.close()
    c.setFillColor(color)
    c.drawPath(path, fill=1, stroke=0)
