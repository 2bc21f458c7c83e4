"""Vector icons drawn into a square box: treasures, ports, padlock, Million, evidence, dice,
and the vendored game-icons.net set (`game_icon`).

Each icon is a small function `(canvas, cx, cy, size, ...)` so cards, board, tokens and aids
share one set. The game-icons paths come from cardgen/assets/game-icons/icons.json
(scripts/vendor_assets.py writes it; CC BY 3.0, credited in the kit's print guide); which card
shows which icon is cardgen/assets/art.yaml.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

import yaml
from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas

from .ink import OUTLINE_GREY, luminance, saves_ink

INK = HexColor("#1B1B1F")
MONEY = HexColor("#2E7D4F")
ALARM = HexColor("#B3261E")


def _fill(c: Canvas, color: Color, stroke: Color | None = None, width: float = 0.6) -> None:
    c.setFillColor(color)
    if stroke is not None:
        c.setStrokeColor(stroke)
        c.setLineWidth(width)


def _poly(c: Canvas, pts: list[tuple[float, float]], *, stroke: bool = True) -> None:
    p = c.beginPath()
    p.moveTo(*pts[0])
    for pt in pts[1:]:
        p.lineTo(*pt)
    p.close()
    c.drawPath(p, fill=1, stroke=1 if stroke else 0)


def urn(c: Canvas, cx: float, cy: float, s: float, color: Color) -> None:
    _fill(c, color, INK, s * 0.04)
    u = s / 10
    p = c.beginPath()
    p.moveTo(cx - 2 * u, cy + 4 * u)
    p.lineTo(cx + 2 * u, cy + 4 * u)
    p.curveTo(cx + 1.5 * u, cy + 2.8 * u, cx + 4.2 * u, cy + 1.5 * u, cx + 3.2 * u, cy - 1.5 * u)
    p.curveTo(cx + 2.6 * u, cy - 3.2 * u, cx + 1.6 * u, cy - 3.4 * u, cx + 2 * u, cy - 4.2 * u)
    p.lineTo(cx - 2 * u, cy - 4.2 * u)
    p.curveTo(cx - 1.6 * u, cy - 3.4 * u, cx - 2.6 * u, cy - 3.2 * u, cx - 3.2 * u, cy - 1.5 * u)
    p.curveTo(cx - 4.2 * u, cy + 1.5 * u, cx - 1.5 * u, cy + 2.8 * u, cx - 2 * u, cy + 4 * u)
    p.close()
    c.drawPath(p, fill=1, stroke=1)
    c.setStrokeColor(white)
    c.line(cx - 2.6 * u, cy, cx + 2.6 * u, cy)


def gem(c: Canvas, cx: float, cy: float, s: float, color: Color) -> None:
    _fill(c, color, INK, s * 0.04)
    u = s / 10
    top, girdle, tip = cy + 3 * u, cy + 1 * u, cy - 4 * u
    _poly(c, [(cx - 2.5 * u, top), (cx + 2.5 * u, top), (cx + 4.3 * u, girdle), (cx, tip),
              (cx - 4.3 * u, girdle)])
    c.setStrokeColor(white)
    c.setLineWidth(s * 0.03)
    c.line(cx - 4.3 * u, girdle, cx + 4.3 * u, girdle)
    c.line(cx - 1.2 * u, top, cx - 1.8 * u, girdle)
    c.line(cx + 1.2 * u, top, cx + 1.8 * u, girdle)
    c.line(cx - 1.8 * u, girdle, cx, tip)
    c.line(cx + 1.8 * u, girdle, cx, tip)


def bars(c: Canvas, cx: float, cy: float, s: float, color: Color) -> None:
    _fill(c, color, INK, s * 0.04)
    u = s / 10

    def bar(x: float, y: float) -> None:
        _poly(c, [(x - 2.2 * u, y), (x + 2.2 * u, y), (x + 1.5 * u, y + 2.2 * u),
                  (x - 1.5 * u, y + 2.2 * u)])

    bar(cx - 2.3 * u, cy - 3.3 * u)
    bar(cx + 2.3 * u, cy - 3.3 * u)
    bar(cx, cy - 1.0 * u)
    c.setFillColor(INK)


def folder(c: Canvas, cx: float, cy: float, s: float, color: Color) -> None:
    _fill(c, color, INK, s * 0.04)
    u = s / 10
    _poly(c, [(cx - 4 * u, cy - 3 * u), (cx + 4 * u, cy - 3 * u), (cx + 4 * u, cy + 2.5 * u),
              (cx - 0.5 * u, cy + 2.5 * u), (cx - 1.3 * u, cy + 3.4 * u),
              (cx - 4 * u, cy + 3.4 * u)])
    c.setFillColor(white)
    c.setStrokeColor(white)
    c.circle(cx, cy - 0.3 * u, 1.3 * u, fill=1, stroke=0)  # the seal
    c.setFillColor(color)
    c.circle(cx, cy - 0.3 * u, 0.6 * u, fill=1, stroke=0)


def canvas_icon(c: Canvas, cx: float, cy: float, s: float, color: Color) -> None:
    u = s / 10
    _fill(c, color, INK, s * 0.04)
    c.rect(cx - 4 * u, cy - 3.2 * u, 8 * u, 6.4 * u, fill=1, stroke=1)
    c.setFillColor(white)
    c.rect(cx - 3 * u, cy - 2.2 * u, 6 * u, 4.4 * u, fill=1, stroke=0)
    c.setFillColor(color)
    _poly(c, [(cx - 3 * u, cy - 2.2 * u), (cx - 0.8 * u, cy + 1 * u), (cx + 0.8 * u, cy - 0.6 * u),
              (cx + 1.8 * u, cy + 0.4 * u), (cx + 3 * u, cy - 2.2 * u)], stroke=False)
    c.circle(cx + 1.8 * u, cy + 1.3 * u, 0.6 * u, fill=1, stroke=0)


def statuette(c: Canvas, cx: float, cy: float, s: float, color: Color) -> None:
    u = s / 10
    _fill(c, color, INK, s * 0.04)
    c.circle(cx, cy + 2.8 * u, 1.3 * u, fill=1, stroke=1)
    _poly(c, [(cx - 1.2 * u, cy + 1.4 * u), (cx + 1.2 * u, cy + 1.4 * u),
              (cx + 2 * u, cy - 2.4 * u), (cx - 2 * u, cy - 2.4 * u)])
    c.rect(cx - 3 * u, cy - 4.2 * u, 6 * u, 1.6 * u, fill=1, stroke=1)


TREASURE_ICONS: dict[str, Callable[[Canvas, float, float, float, Color], None]] = {
    "urn": urn, "gem": gem, "bars": bars, "folder": folder, "canvas": canvas_icon,
    "statuette": statuette,
}


def treasure(c: Canvas, icon: str, cx: float, cy: float, s: float, color: str) -> None:
    """Draw the treasure icon `icon` in its colour."""
    c.saveState()
    TREASURE_ICONS[icon](c, cx, cy, s, HexColor(color))
    c.restoreState()


ASSETS = Path(__file__).resolve().parent / "assets"
_TOKEN = re.compile(r"[MLCZ]|-?(?:\d+(?:\.\d*)?|\.\d+)")
Op = tuple[str, tuple[float, ...]]


@cache
def _icon_set() -> dict[str, str]:
    return json.loads((ASSETS / "game-icons" / "icons.json").read_text(encoding="utf-8"))["icons"]


@cache
def art() -> dict:
    """cardgen/assets/art.yaml: game -> family -> content id -> game-icons name."""
    return yaml.safe_load((ASSETS / "art.yaml").read_text(encoding="utf-8"))


def icon_names() -> frozenset[str]:
    """The game-icons names vendored in the kit."""
    return frozenset(_icon_set())


@cache
def icon_path(name: str) -> tuple[Op, ...]:
    """A vendored icon's path as (command, numbers) on a 1 x 1 box, y up, centred on 0
    (the vendored data is absolute M/L/C/Z on a 512 box, y down); parsed once per run."""
    d = _icon_set()[name]  # KeyError: the icon is not vendored (rerun vendor_assets.py)
    ops: list[Op] = []
    cmd, nums = "", []
    for tok in _TOKEN.findall(d) + ["M"]:
        if tok in "MLCZ":
            if cmd:
                pts = tuple(v / 512 - 0.5 if i % 2 == 0 else 0.5 - v / 512
                            for i, v in enumerate(nums))
                ops.append((cmd, pts))
            cmd, nums = tok, []
        else:
            nums.append(float(tok))
    return tuple(ops)


ICON_BOX = 512  # the icon set's grid: a form holds the path at this size, placed scaled


def _icon_form(c: Canvas, name: str) -> str:
    """The PDF form (XObject) holding icon `name`'s path, defined on first use in this
    document: every later use is one `Do` instead of some hundreds of path operators, so the
    169-card deck writes faster and smaller. The form sets no colour: it fills with the
    colour current where it is placed (PDF forms inherit the graphics state)."""
    forms: set[str] = c.__dict__.setdefault("_game_icon_forms", set())
    form = f"gi-{name}"
    if form in forms:
        return form
    half = ICON_BOX / 2
    c.beginForm(form, -half, -half, half, half)
    p = c.beginPath()
    for cmd, v in icon_path(name):
        if cmd == "M":
            p.moveTo(v[0] * ICON_BOX, v[1] * ICON_BOX)
        elif cmd == "L":
            p.lineTo(v[0] * ICON_BOX, v[1] * ICON_BOX)
        elif cmd == "C":
            p.curveTo(*(x * ICON_BOX for x in v))
        else:
            p.close()
    # the plain Canvas's drawPath: a canvas that restyles fills by size (the ink saver)
    # must not bake a colour into the form; it still picks the colour where it is placed
    Canvas.drawPath(c, p, fill=1, stroke=0, fillMode=FILL_NON_ZERO)
    c.endForm()
    forms.add(form)
    return form


def game_icon(c: Canvas, name: str, cx: float, cy: float, s: float, color: Color) -> None:
    """The game-icons.net icon `name` filled in `color`, in the square of side `s` centred
    on (cx, cy). Its colour goes through the canvas's setFillColor like any other fill, so
    the ink module's looks apply (the icon set draws edge to edge with a little padding of
    its own)."""
    if not isinstance(c, Canvas):  # a measuring canvas (render.flow.NullCanvas): no ink
        return
    form = _icon_form(c, name)
    if saves_ink(c) and luminance(color) > 0.8:  # its dark ground is now white: print it
        color = INK  # dark, as the ink saver prints light text
    c.saveState()
    c.setFillColor(color)
    c.translate(cx, cy)
    c.scale(s / ICON_BOX, s / ICON_BOX)
    c.doForm(form)
    c.restoreState()


def card_icon(c: Canvas, game: str, family: str, item: str, cx: float, cy: float, s: float,
              color: Color) -> None:
    """The icon art.yaml gives to `item` of `family` in `game`."""
    game_icon(c, art()[game][family][item], cx, cy, s, color)


def anchor(c: Canvas, cx: float, cy: float, s: float, color: Color = INK) -> None:
    """A seaport: game-icons' anchor (stock, crossbar, flukes)."""
    _light_as_grey(c, art()["shared"]["seaport"], cx, cy, s, color)


def plane(c: Canvas, cx: float, cy: float, s: float, color: Color = INK) -> None:
    """An airport: game-icons' departing airliner."""
    _light_as_grey(c, art()["shared"]["airport"], cx, cy, s, color)


def _light_as_grey(c: Canvas, name: str, cx: float, cy: float, s: float, color: Color) -> None:
    """A light port icon on an ink-saver page is filled grey, lighter than game_icon's ink:
    it sits on a badge that the saver outlines."""
    if saves_ink(c) and luminance(color) > 0.8:
        color = OUTLINE_GREY
    game_icon(c, name, cx, cy, s, color)


def padlock(c: Canvas, cx: float, cy: float, s: float, level: int | None, font: str,
            color: Color = INK) -> None:
    """A padlock with the security level on its body."""
    u = s / 10
    c.saveState()
    c.setStrokeColor(color)
    c.setLineWidth(s * 0.1)
    p = c.beginPath()
    p.moveTo(cx - 2.4 * u, cy)
    p.lineTo(cx - 2.4 * u, cy + 2 * u)
    p.arcTo(cx - 2.4 * u, cy + 0.4 * u, cx + 2.4 * u, cy + 5.2 * u, 180, -180)
    p.lineTo(cx + 2.4 * u, cy)
    c.drawPath(p, stroke=1, fill=0)
    c.setFillColor(color)
    c.roundRect(cx - 3.8 * u, cy - 4.6 * u, 7.6 * u, 5.8 * u, 0.8 * u, fill=1, stroke=0)
    if level is not None:
        c.setFillColor(white)
        c.setFont(font, 4.6 * u)
        c.drawCentredString(cx, cy - 3.3 * u, str(level))
    c.restoreState()


def banknote(c: Canvas, cx: float, cy: float, s: float, font: str,
             color: Color = MONEY) -> None:
    u = s / 10
    c.saveState()
    c.setFillColor(color)
    c.setStrokeColor(INK)
    c.setLineWidth(s * 0.03)
    c.roundRect(cx - 4.6 * u, cy - 2.6 * u, 9.2 * u, 5.2 * u, 0.6 * u, fill=1, stroke=1)
    c.setStrokeColor(white)
    c.roundRect(cx - 3.9 * u, cy - 1.9 * u, 7.8 * u, 3.8 * u, 0.4 * u, fill=0, stroke=1)
    c.setFillColor(white)
    c.setFont(font, 3.2 * u)
    c.drawCentredString(cx, cy - 1.1 * u, "1M")
    c.restoreState()


def magnifier(c: Canvas, cx: float, cy: float, s: float, marks: int | None = None,
              color: Color = INK) -> None:
    """A magnifying glass; `marks` evidence ticks inside the lens (0-3)."""
    u = s / 10
    c.saveState()
    c.setStrokeColor(color)
    c.setLineWidth(s * 0.1)
    c.setLineCap(1)
    c.circle(cx - 0.8 * u, cy + 0.8 * u, 3.2 * u, stroke=1, fill=0)
    c.line(cx + 1.5 * u, cy - 1.5 * u, cx + 4.2 * u, cy - 4.2 * u)
    if marks:
        c.setFillColor(color)
        for i in range(marks):
            x = cx - 0.8 * u + (i - (marks - 1) / 2) * 1.7 * u
            c.circle(x, cy + 0.8 * u, 0.65 * u, stroke=0, fill=1)
    c.restoreState()


def cogs(c: Canvas, cx: float, cy: float, s: float, color: Color = INK) -> None:
    """The double-cog mark of an any-time plan card."""
    u = s / 10
    c.saveState()
    c.setFillColor(color)
    for gx, gy, r, teeth in ((cx - 1.6 * u, cy + 1.2 * u, 2.8 * u, 8), (cx + 2.4 * u, cy - 2.2 * u,
                                                                         2.0 * u, 6)):
        pts = []
        for i in range(teeth * 2):
            a = math.pi * i / teeth
            rr = r if i % 2 == 0 else r * 0.72
            pts.append((gx + rr * math.cos(a), gy + rr * math.sin(a)))
        _poly(c, pts, stroke=False)
        c.setFillColor(white)
        c.circle(gx, gy, r * 0.3, fill=1, stroke=0)
        c.setFillColor(color)
    c.restoreState()


def check(c: Canvas, cx: float, cy: float, s: float, color: Color = INK) -> None:
    u = s / 10
    c.saveState()
    c.setStrokeColor(color)
    c.setLineWidth(s * 0.14)
    c.setLineCap(1)
    c.setLineJoin(1)
    p = c.beginPath()
    p.moveTo(cx - 3.5 * u, cy)
    p.lineTo(cx - 1 * u, cy - 2.6 * u)
    p.lineTo(cx + 3.8 * u, cy + 3 * u)
    c.drawPath(p, stroke=1, fill=0)
    c.restoreState()


def alarm(c: Canvas, cx: float, cy: float, s: float, color: Color = ALARM) -> None:
    """A ringing alarm bell: the failure face."""
    u = s / 10
    c.saveState()
    c.setFillColor(color)
    c.setStrokeColor(color)
    p = c.beginPath()
    p.moveTo(cx - 3.2 * u, cy - 2 * u)
    p.curveTo(cx - 3 * u, cy + 4 * u, cx + 3 * u, cy + 4 * u, cx + 3.2 * u, cy - 2 * u)
    p.close()
    c.drawPath(p, fill=1, stroke=0)
    c.rect(cx - 3.8 * u, cy - 2.8 * u, 7.6 * u, 1 * u, fill=1, stroke=0)
    c.circle(cx, cy - 3.6 * u, 0.8 * u, fill=1, stroke=0)
    c.setLineWidth(s * 0.06)
    c.setLineCap(1)
    for side in (-1, 1):
        c.line(cx + side * 3.8 * u, cy + 2.4 * u, cx + side * 4.6 * u, cy + 3.4 * u)
        c.line(cx + side * 4.2 * u, cy + 0.8 * u, cx + side * 5 * u, cy + 1.2 * u)
    c.restoreState()


def star(c: Canvas, cx: float, cy: float, s: float, color: Color) -> None:
    u = s / 10
    pts = []
    for i in range(10):
        a = math.pi / 2 + math.pi * i / 5
        r = 4.6 * u if i % 2 == 0 else 1.9 * u
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    c.saveState()
    c.setFillColor(color)
    _poly(c, pts, stroke=False)
    c.restoreState()


def die(c: Canvas, cx: float, cy: float, s: float, color: Color = INK) -> None:
    """An operation die outline with a check: 'own N dice'."""
    u = s / 10
    c.saveState()
    c.setStrokeColor(color)
    c.setFillColor(white)
    c.setLineWidth(s * 0.07)
    c.roundRect(cx - 4 * u, cy - 4 * u, 8 * u, 8 * u, 1.5 * u, stroke=1, fill=1)
    c.restoreState()
    check(c, cx, cy, s * 0.7, color)
