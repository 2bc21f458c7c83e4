"""Mission Improbable's card layouts: named boxes in mm within a 63.5 x 88.9 mm poker card.

Every type shares one skeleton (type strip, name, body, reminder, footer); missions trade
the single name for a good and a bad name under an MP badge.
"""

from __future__ import annotations

from ..geometry import Rect
from ..layouts import Boxes, box_in

_COMMON: Boxes = {
    "type": (4, 4, 55.5, 6),
    "tag": (38, 4.5, 21.5, 5),
    "name": (4, 10.5, 55.5, 12),  # 2 mm clear of the body panel: a two-line name never
    # touches it ("Maximum Security Building")
    "body": (5, 24.5, 53.5, 38.5),
    "text": (5, 64.5, 53.5, 13.5),
    "footer": (4, 80, 55.5, 5.5),
}

POKER: dict[str, Boxes] = {
    "card": _COMMON,
    "mission": {
        "type": (4, 4, 40, 6),
        "mp": (46.5, 3.5, 13, 13),
        "names": (4, 17.5, 55.5, 17),
        "body": (5, 36, 53.5, 29),
        "text": (5, 66.5, 53.5, 11.5),
        "footer": (4, 80, 55.5, 5.5),
    },
    "back": {
        "emblem": (16.75, 14, 30, 30),
        "band": (6, 50, 51.5, 22),
    },
}

# Every layout's boxes, flattened for the one card family's cache key.
ALL_BOXES: Boxes = {f"{layout}.{name}": b for layout, boxes in POKER.items()
                    for name, b in boxes.items()}


def box(layout: str, name: str, trim: Rect) -> Rect:
    """The named box of one of Mission Improbable's layouts on a card trimmed to `trim`."""
    return box_in(POKER, layout, name, trim)
