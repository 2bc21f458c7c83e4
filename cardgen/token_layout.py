"""Grids of round tokens and square stickers on a page, as numbers."""

from __future__ import annotations

from dataclasses import dataclass

from .geometry import Rect, mm

MARGIN = mm(12)


@dataclass(frozen=True)
class Grid:
    """`count` equal cells of `size` laid left to right, top to bottom, from `top`."""

    cells: tuple[Rect, ...]

    @property
    def bottom(self) -> float:
        return min(c.y for c in self.cells)


def grid(page: tuple[float, float], count: int, size: float, *, gap: float = mm(3),
         top: float | None = None, cols: int | None = None) -> Grid:
    """Centre up to `cols` cells per row (as many as fit when None)."""
    usable = page[0] - 2 * MARGIN
    per_row = cols or max(1, int((usable + gap) // (size + gap)))
    width = per_row * size + (per_row - 1) * gap
    x0 = (page[0] - width) / 2
    y_top = page[1] - MARGIN if top is None else top
    cells = []
    for i in range(count):
        r, c = divmod(i, per_row)
        cells.append(Rect(x0 + c * (size + gap), y_top - (r + 1) * size - r * gap, size, size))
    return Grid(tuple(cells))
