"""Grids of round tokens and square stickers on a page, as numbers."""

from __future__ import annotations

from dataclasses import dataclass

from .geometry import Rect, mm

MARGIN = mm(12)
GAP = mm(3)  # between the cells of a grid of tokens or stickers
DIE_EDGE_MM = 12.0  # the six-sided dice the kits dress with stickers (named in the guides)
DIE_ROUNDING_MM = 1.25  # a die's rounded edge: a sticker wider than the flat lifts over it
DIE_STICKER_MM = DIE_EDGE_MM - 2 * DIE_ROUNDING_MM  # 9.5 mm: the flat of a 12 mm face
DIE_STICKER = mm(DIE_STICKER_MM)


def die_words() -> dict[str, str]:
    """The die and sticker sizes as a guide prints them ("12", "9.5")."""
    return {"die": f"{DIE_EDGE_MM:g}", "sticker": f"{DIE_STICKER_MM:g}"}


@dataclass(frozen=True)
class Grid:
    """`count` equal cells of `size` laid left to right, top to bottom, from `top`."""

    cells: tuple[Rect, ...]

    @property
    def bottom(self) -> float:
        return min(c.y for c in self.cells)


def fit_in_row(page: tuple[float, float], size: float, gap: float = GAP) -> int:
    """How many cells of `size`, `gap` apart, fit a row between the page's margins (one at
    least)."""
    usable = page[0] - 2 * MARGIN
    return max(1, int((usable + gap) // (size + gap)))


def grid(page: tuple[float, float], count: int, size: float, *, gap: float = GAP,
         top: float | None = None, cols: int | None = None) -> Grid:
    """Centre up to `cols` cells per row (as many as fit when None)."""
    per_row = cols or fit_in_row(page, size, gap)
    width = per_row * size + (per_row - 1) * gap
    x0 = (page[0] - width) / 2
    y_top = page[1] - MARGIN if top is None else top
    cells = []
    for i in range(count):
        r, c = divmod(i, per_row)
        cells.append(Rect(x0 + c * (size + gap), y_top - (r + 1) * size - r * gap, size, size))
    return Grid(tuple(cells))
