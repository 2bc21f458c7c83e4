"""Where everything sits on the board, as numbers (points, origin bottom-left).

The board is A2 landscape. A score track rings the edge; inside it the world map, the
treasure value table, the investigation-file area and the title display.
"""

from __future__ import annotations

from ..geometry import Rect, mm

BOARD = (mm(594), mm(420))
TRACK_DEPTH = mm(16)
TRACK_TOP = 17  # spaces along the top and bottom edges (corners included)
TRACK_SIDE = 8  # spaces along each side (corners excluded)
MAP_UNIT = mm(4.5)  # one map-grid unit
MAP = Rect(mm(20), mm(130), 100 * MAP_UNIT, 60 * MAP_UNIT)
VALUES = Rect(mm(476), mm(252), mm(98), mm(148))
FILES = Rect(mm(476), mm(130), mm(98), mm(116))
TITLES = Rect(mm(20), mm(20), mm(416), mm(106))
LEGEND = Rect(mm(442), mm(20), mm(132), mm(106))
SLOT_RADIUS = mm(9)  # treasure sticker slot on a city (16 mm disc)


def track_spaces(length: int = 50) -> list[Rect]:
    """Score-track spaces 0..length-1, clockwise from the top-left corner."""
    bw, bh = BOARD
    wide = bw / TRACK_TOP
    tall = (bh - 2 * TRACK_DEPTH) / TRACK_SIDE
    spaces = [Rect(i * wide, bh - TRACK_DEPTH, wide, TRACK_DEPTH) for i in range(TRACK_TOP)]
    spaces += [Rect(bw - TRACK_DEPTH, bh - TRACK_DEPTH - (i + 1) * tall, TRACK_DEPTH, tall)
               for i in range(TRACK_SIDE)]
    spaces += [Rect(bw - (i + 1) * wide, 0, wide, TRACK_DEPTH) for i in range(TRACK_TOP)]
    spaces += [Rect(0, TRACK_DEPTH + i * tall, TRACK_DEPTH, tall) for i in range(TRACK_SIDE)]
    if len(spaces) != length:
        raise ValueError(f"the ring holds {len(spaces)} spaces, the track needs {length}")
    return spaces


def map_point(x: float, y: float) -> tuple[float, float]:
    """A map-grid position to board points."""
    return MAP.x + x * MAP_UNIT, MAP.y1 - y * MAP_UNIT


def title_slots(n: int) -> list[Rect]:
    """Card-sized slots for the titles on offer, left to right."""
    w, h = mm(66), mm(91)
    gap = (TITLES.w - n * w) / (n + 1)
    return [Rect(TITLES.x + gap + i * (w + gap), TITLES.y + mm(3), w, h) for i in range(n)]


BADGE_RADIUS = mm(4)  # the lock badge and the port badge on a city's rim
Circle = tuple[float, float, float]  # centre x, centre y, radius (points)


def city_circles(x: float, y: float, port: bool) -> list[Circle]:
    """What a city at (x, y) paints round: its rimmed disc, its lock badge, its port badge."""
    r = SLOT_RADIUS
    out = [(x, y, r + mm(1.6)), (x - r * 0.95, y + r * 0.75, BADGE_RADIUS)]
    if port:
        out.append((x + r * 0.95, y + r * 0.75, BADGE_RADIUS))
    return out


def city_label(x: float, y: float, width: float) -> Rect:
    """The name plate under a city at (x, y), `width` points wide."""
    return Rect(x - width / 2, y - SLOT_RADIUS - mm(7.2), width, mm(5.2))
