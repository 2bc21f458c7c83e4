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


Segment = tuple[tuple[float, float], tuple[float, float]]
ROUTE_CLEAR = mm(1.2)  # a label keeps this far from a route's centre line (it is 2.2 pt wide)
LABEL_GAP = mm(0.8)  # and this far from another label, disc or badge


def segment_hits(seg: Segment, r: Rect, pad: float = 0.0) -> bool:
    """Whether the segment passes within `pad` of the rectangle (Liang-Barsky clipping)."""
    (x0, y0), (x1, y1) = seg
    dx, dy = x1 - x0, y1 - y0
    lo, hi = 0.0, 1.0
    for p, q in ((-dx, x0 - (r.x - pad)), (dx, r.x1 + pad - x0),
                 (-dy, y0 - (r.y - pad)), (dy, r.y1 + pad - y0)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            lo = max(lo, t)
        else:
            hi = min(hi, t)
        if lo > hi:
            return False
    return True


def circle_hits(circle: Circle, r: Rect, pad: float = 0.0) -> bool:
    cx, cy, rad = circle
    nx, ny = min(max(cx, r.x), r.x1), min(max(cy, r.y), r.y1)
    return (cx - nx) ** 2 + (cy - ny) ** 2 < (rad + pad) ** 2


def rects_hit(a: Rect, b: Rect, pad: float = 0.0) -> bool:
    return a.x < b.x1 + pad and b.x < a.x1 + pad and a.y < b.y1 + pad and b.y < a.y1 + pad


def label_candidates(x: float, y: float, width: float, port: bool) -> list[Rect]:
    """Where a city's name plate may go, best first: under the disc, then beside it, then
    above its badges, then the corners under it."""
    h, r = mm(5.2), SLOT_RADIUS
    below = city_label(x, y, width)
    top = y + r * 0.75 + BADGE_RADIUS + mm(1)  # over the badges
    side = r + mm(2.2)
    return [
        below,
        Rect(x + side, y - h / 2, width, h),
        Rect(x - side - width, y - h / 2, width, h),
        Rect(x - width / 2, top, width, h),
        Rect(x + r * 0.5, below.y, width, h),
        Rect(x - r * 0.5 - width, below.y, width, h),
        Rect(x + side, y - r * 0.7 - h, width, h),
        Rect(x - side - width, y - r * 0.7 - h, width, h),
    ]


def label_conflicts(box: Rect, segments: list[Segment], circles: list[Circle],
                    boxes: list[Rect]) -> int:
    """How many routes, discs/badges and other labels `box` touches (0: it is clear).
    Things whose bounds lie apart from the box are passed over before the exact test."""
    x0, y0, x1, y1 = box.x, box.y, box.x1, box.y1
    n = 0
    for seg in segments:
        (ax, ay), (bx, by) = seg
        if (min(ax, bx) > x1 + ROUTE_CLEAR or max(ax, bx) < x0 - ROUTE_CLEAR
                or min(ay, by) > y1 + ROUTE_CLEAR or max(ay, by) < y0 - ROUTE_CLEAR):
            continue
        n += segment_hits(seg, box, ROUTE_CLEAR)
    for cx, cy, r in circles:
        if cx + r < x0 - LABEL_GAP or cx - r > x1 + LABEL_GAP or cy + r < y0 - LABEL_GAP \
                or cy - r > y1 + LABEL_GAP:
            continue
        n += circle_hits((cx, cy, r), box, LABEL_GAP)
    return n + sum(rects_hit(box, b, LABEL_GAP) for b in boxes)


def place_labels(cities: list[tuple[str, float, float, float, bool]],
                 segments: list[Segment], fixed: list[Rect]) -> dict[str, Rect]:
    """A name plate for each city (id, x, y, plate width, has a port badge): the first of its
    candidates that touches no route, disc, badge, map edge or plate already placed
    (`fixed`: the wrap arrows' notes); failing that, the one touching fewest. Cities are
    placed in the order given, so the same board always gets the same labels."""
    placed: dict[str, Rect] = {}
    inside = MAP.shrink(mm(1))
    discs = {cid: city_circles(x, y, port) for cid, x, y, _, port in cities}
    for cid, x, y, width, port in cities:
        circles = [c for other, cs in discs.items() if other != cid for c in cs]
        options = [b for b in label_candidates(x, y, width, port)
                   if inside.x <= b.x and b.x1 <= inside.x1 and inside.y <= b.y
                   and b.y1 <= inside.y1] or label_candidates(x, y, width, port)[:1]
        boxes = [*fixed, *placed.values()]
        placed[cid] = min(options, key=lambda b: label_conflicts(b, segments, circles, boxes))
    return placed
