"""Draw a mission's picture (see pictures.py): its groups of dice in a row, captions below.

`place` is the layout as numbers (die size and each item's centre), so tests can check a
picture's shape without a PDF; `draw` paints it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from reportlab.lib.colors import Color
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..geometry import Rect, mm
from . import forms, glyphs
from .pictures import Die, Group, Item, Mark, Picture, Sign

ITEM_GAP = 0.28  # between dice of a group, in die sides (a clear gap, not a touching row)
GROUP_GAP = 0.75  # between groups of dice (a divider stands in the middle)
SIGN_GAP = 0.3  # between a group and a lone sign ("#6 > #1")
MARK_WIDTH = {"most": 0.6, "fewest": 0.6, "player": 0.75, "only": 0.9}  # in die sides
SIGN_SIZE = 0.6  # a sign's type size, in die sides
CAPTION = 0.55  # the caption line's height, in die sides
CAPTION_CLEAR = mm(1.2)  # between the dice's lower edge and the caption's digits
DIGIT_HEIGHT = 0.75  # a digit's height, as a share of the type size
CAPTION_SIZE = 0.36  # the caption's type size, in die sides (never under MIN_TEXT)
MIN_TEXT = 6.5
MAX_DIE = mm(12)
MIN_TWO_ROWS = mm(7.5)  # below this die size a picture of several groups takes two rows
ROW_GAP = 0.25  # between two rows, in die sides


@dataclass(frozen=True)
class Placed:
    item: Item
    x: float  # centre
    y: float  # centre
    width: float


@dataclass(frozen=True)
class Layout:
    size: float  # a die's side, points
    items: tuple[Placed, ...]
    captions: tuple[tuple[str, float, float], ...]  # text, centre x, baseline y
    dividers: tuple[tuple[float, float], ...]  # centres of the thin lines between groups


@cache
def _widths(group: Group, font: str) -> tuple[float, ...]:
    """Each item's width in die sides."""
    return tuple(1.0 if isinstance(item, Die) else MARK_WIDTH[item.kind]
                 if isinstance(item, Mark) else
                 stringWidth(item.text, font, SIGN_SIZE) + 0.12 for item in group.items)


def _units(row: Picture, font: str) -> float:
    """A row's width in die sides."""
    widths = [_widths(g, font) for g in row]
    gaps = sum(_gap(a, b) for a, b in zip(row, row[1:], strict=False))
    return sum(sum(w) + ITEM_GAP * (len(w) - 1) for w in widths) + gaps


def _gap(before: Group, after: Group) -> float:
    """The space between two groups: wide with a divider between dice, narrow by a sign."""
    return GROUP_GAP if before.dice and after.dice else SIGN_GAP


def _rows(picture: Picture, area: Rect, font: str) -> tuple[list[Picture], float]:
    """One row, or two when that lets the dice grow past MIN_TWO_ROWS; and the die size."""
    def size(rows: list[Picture]) -> float:
        captioned = any(g.caption for g in picture)
        tall = len(rows) * (1 + (CAPTION + 0.1 if captioned else 0)) + ROW_GAP * (len(rows) - 1)
        return min(area.w / max(_units(r, font) for r in rows), area.h / tall, MAX_DIE)

    one = [picture]
    if len(picture) < 2 or size(one) >= MIN_TWO_ROWS:
        return one, size(one)
    # split between two groups of dice (never next to a sign), nearest the middle; or under
    # a lead that names the agents ("#👤 ≥ 2:", "👤:")
    cuts = [i for i in range(1, len(picture)) if picture[i - 1].dice and picture[i].dice]
    if _lead(picture[0]):
        cuts.append(1)
    if not cuts:
        return one, size(one)
    cut = min(cuts, key=lambda i: abs(len(picture) / 2 - i))
    two = [picture[:cut], picture[cut:]]
    return (two, size(two)) if size(two) > size(one) else (one, size(one))


def _lead(group: Group) -> bool:
    last = group.items[-1]
    return not group.dice and isinstance(last, Sign) and last.text.endswith(":")


def place(picture: Picture, area: Rect, font: str) -> Layout:
    """Centre the groups in `area` (in one row or two), dice as large as fit."""
    rows, size = _rows(picture, area, font)
    captioned = any(g.caption for g in picture)
    row_h = size * (1 + (CAPTION + 0.1 if captioned else 0))
    top = area.cy + (len(rows) * row_h + ROW_GAP * size * (len(rows) - 1)) / 2
    items: list[Placed] = []
    captions: list[tuple[str, float, float]] = []
    dividers: list[tuple[float, float]] = []
    for r, row in enumerate(rows):
        y = top - r * (row_h + ROW_GAP * size) - size / 2
        x = area.cx - _units(row, font) * size / 2
        for n, group in enumerate(row):
            if n:
                x += _gap(row[n - 1], group) * size
            if n and group.dice and row[n - 1].dice:
                dividers.append((x - GROUP_GAP * size / 2, y))
            first = None
            for item, w in zip(group.items, _widths(group, font), strict=True):
                if first is None and isinstance(item, Die):
                    first = x
                items.append(Placed(item, x + w * size / 2, y, w * size))
                x += (w + ITEM_GAP) * size
            x -= ITEM_GAP * size
            if group.caption:  # centred under the group's dice
                captions.append((group.caption, ((first or x) + x) / 2, y - size * 0.5
                                 - CAPTION_CLEAR - caption_size(size) * DIGIT_HEIGHT))
    return Layout(size, tuple(items), tuple(captions), tuple(dividers))


def caption_size(die: float) -> float:
    """The type size of a group's caption under dice of side `die`."""
    return max(die * CAPTION_SIZE, MIN_TEXT)


def _die(c: Canvas, font: str, x: float, y: float, s: float, face: Die, ink: Color) -> None:
    """A die face drawn once at its largest size, then placed scaled (see forms.py); drawn
    at a real size so the ink saver keeps its pips solid and its border dark."""
    unit = MAX_DIE
    key = f"die:{face}:{font}:{ink.hexval()}"
    forms.place(c, key, (-unit, -unit, unit, unit),
                lambda c: glyphs.die(c, font, 0, 0, unit, face, ink=ink), x, y, s / unit)


def draw(c: Canvas, font: str, picture: Picture, area: Rect, ink: Color) -> None:
    """The picture's dice, signs, captions and group dividers inside `area`."""
    lay = place(picture, area, font)
    s = lay.size
    for p in lay.items:
        if isinstance(p.item, Die):
            _die(c, font, p.x, p.y, s * 0.96, p.item, ink)
        elif isinstance(p.item, Mark):
            glyphs.mark(c, p.item.kind, p.x, p.y, s, ink)
        else:
            c.setFillColor(ink)
            c.setFont(font, s * SIGN_SIZE)
            c.drawCentredString(p.x, p.y - s * SIGN_SIZE * 0.35, p.item.text)
    c.setFillColor(ink)
    c.setFont(font, caption_size(s))
    for label, x, y in lay.captions:
        c.drawCentredString(x, y, label)
    c.setStrokeColor(ink)
    c.setLineWidth(0.5)
    for x, y in lay.dividers:
        c.line(x, y - s * 0.45, x, y + s * 0.45)
