"""Card layouts as data: named boxes in millimetres from the card's top-left trim corner.

A game keeps its own table of layouts (`Layouts`: layout name -> box name -> box) and asks
for a box with `box_in`, which turns it into a points rectangle on the page. Keeping the
numbers as data (not in drawing code) lets tests check that every box sits inside the safe
zone, and lets the card cache hash a family's boxes.
"""

from __future__ import annotations

from collections.abc import Mapping

from .geometry import Rect, mm

Box = tuple[float, float, float, float]  # (left, top, width, height) in mm
Boxes = Mapping[str, Box]  # one layout: box name -> box
Layouts = Mapping[str, Boxes]  # a game's layouts by name

PANEL_PAD = mm(2.2)


def box_in(layouts: Layouts, layout: str, name: str, trim: Rect) -> Rect:
    """The named box of `layout` on a card whose trim rectangle is `trim`."""
    left, top, w, h = layouts[layout][name]
    return Rect(trim.x + mm(left), trim.y1 - mm(top) - mm(h), mm(w), mm(h))
