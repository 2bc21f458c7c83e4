"""Double Mission's card layouts: named boxes in mm within a 63.5 x 88.9 mm poker card."""

from __future__ import annotations

from ..geometry import Rect
from ..layouts import Boxes, box_in

# name -> (left, top, width, height) in mm, within a 63.5 x 88.9 mm poker card
POKER: dict[str, Boxes] = {
    "plan": {
        "name": (4, 4, 41, 12),
        "cost": (47, 3.5, 13, 13),
        "emblem": (16.75, 19, 30, 26),
        "text": (5, 48, 53.5, 29),
        "footer": (4, 79.5, 55.5, 6),
    },
    "mission": {
        "name": (4, 4, 55.5, 12),
        "emblem": (16.75, 18, 30, 25),
        "text": (5, 46, 53.5, 30),
        "footer": (4, 79.5, 55.5, 6),
    },
    "character": {
        "name": (4, 4, 55.5, 11),
        "side": (4, 15.5, 55.5, 7),
        "emblem": (16.75, 24, 30, 23.5),
        "text": (5, 49.5, 53.5, 28),  # five lines at 10.5 pt: every side's text one size
        "footer": (4, 79.5, 55.5, 6),
    },
    "title": {
        "name": (4, 5, 55.5, 12),
        "points": (19.25, 19, 25, 22),
        "icons": (5, 44, 53.5, 13),
        "text": (5, 58, 53.5, 20),
        "footer": (4, 79.5, 55.5, 6),
    },
}


def box(layout: str, name: str, trim: Rect) -> Rect:
    """The named box of one of Double Mission's layouts on a card trimmed to `trim`."""
    return box_in(POKER, layout, name, trim)
