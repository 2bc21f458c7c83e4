"""Dice Mission's card layouts: named boxes in mm within a 63.5 x 88.9 mm poker card.

The coloured band across the top (type or phase) is painted past the bleed by the drawing
code; the boxes here hold what sits on it and below it, all inside the safe zone.
"""

from __future__ import annotations

from ..geometry import Rect
from ..layouts import Boxes, box_in

BAND_MM = 16.5  # the type band's height from the trim's top edge

POKER: dict[str, Boxes] = {
    "mission": {
        "type_icon": (4, 3.5, 10, 10),
        "type": (15.5, 3.5, 31, 6.5),
        "hint": (15.5, 10, 31, 4),
        "suitcase": (48.5, 3, 11.5, 11.5),
        "name": (4, 18, 55.5, 10.5),
        "picture": (4, 29.5, 55.5, 22),
        "text": (5, 53.5, 53.5, 24),
        "footer": (4, 79.5, 55.5, 6),
    },
    "gadget": {
        "type_icon": (4, 3.5, 10, 10),
        "type": (15.5, 3.5, 44, 6.5),
        "hint": (15.5, 10, 44, 4),
        "name": (4, 18, 55.5, 10.5),
        "emblem": (9, 29.5, 45.5, 21.5),
        "text": (5, 53.5, 53.5, 24),
        "footer": (4, 79.5, 55.5, 6),
    },
}


def box(layout: str, name: str, trim: Rect) -> Rect:
    """The named box of one of Dice Mission's layouts on a card trimmed to `trim`."""
    return box_in(POKER, layout, name, trim)
