"""Miniatures: the kit's own cards and tokens drawn small inside a rulebook figure.

A card shrunk to a third of its size would print its text at 2-3 pt, under the print floor
(text.PRINT_FLOOR) and unreadable anyway. While `greeked(c)` is open, every string that
would print under the floor is drawn as a pale bar of its own length instead, the way a
published rulebook pictures a card; the figure's caption or entry gives the words. Text at or
above the floor is drawn as it is, so a miniature keeps its title, numbers and signs when they
are big enough to read.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager

from reportlab.pdfgen.canvas import Canvas

from .text import PRINT_FLOOR

BAR_ALPHA = 0.35  # a bar is the text's own colour, this opaque
BAR_HEIGHT = 0.5  # of the font size: about an x-height
_METHODS = ("drawString", "drawCentredString", "drawRightString")


def printed_scale(c: Canvas) -> float:
    """How much the canvas's current transformation scales a length (sqrt|det|)."""
    a, b, cc, d, _, _ = c._currentMatrix  # noqa: SLF001 - ReportLab tracks it, no public API
    return math.sqrt(abs(a * d - b * cc))


def readable(c: Canvas, size: float) -> float:
    """`size`, or more where the figure is drawn so small that it would print under the
    floor (a figure laid out for A4 placed on an A5 booklet page): a figure's own labels are
    meant to be read."""
    return max(size, (PRINT_FLOOR + 1e-3) / printed_scale(c))


def _bar(c: Canvas, x: float, y: float, width: float) -> None:
    size = c._fontsize  # noqa: SLF001
    c.saveState()
    c.setFillAlpha(BAR_ALPHA)
    c.roundRect(x, y + size * 0.05, width, size * BAR_HEIGHT, size * 0.2, fill=1, stroke=0)
    c.restoreState()


def _greeking(c: Canvas, name: str, original: object) -> object:
    def draw(x: float, y: float, text: str, *args: object, **kwargs: object) -> None:
        if c._fontsize * printed_scale(c) >= PRINT_FLOOR - 1e-3:  # noqa: SLF001
            original(x, y, text, *args, **kwargs)  # type: ignore[operator]
            return
        width = c.stringWidth(str(text), c._fontname, c._fontsize)  # noqa: SLF001
        left = {"drawString": x, "drawCentredString": x - width / 2,
                "drawRightString": x - width}[name]
        if str(text).strip():
            _bar(c, left, y, width)
    return draw


def is_greeked(c: Canvas) -> bool:
    """Whether a miniature is being drawn on `c` (a shared form must not be defined now: its
    text would be judged at the miniature's scale and reused at another)."""
    return any(name in vars(c) for name in _METHODS)


@contextmanager
def greeked(c: Canvas) -> Iterator[Canvas]:
    """Draw a miniature on `c`: text that would print under the floor becomes a bar."""
    if is_greeked(c):  # nested: the outer one already greeks
        yield c
        return
    for name in _METHODS:
        setattr(c, name, _greeking(c, name, getattr(c, name)))
    try:
        yield c
    finally:
        for name in _METHODS:
            delattr(c, name)
