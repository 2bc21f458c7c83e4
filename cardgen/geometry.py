"""Units and rectangles. Everything downstream of here is in PDF points."""

from __future__ import annotations

from dataclasses import dataclass

MM = 72 / 25.4


def mm(value: float) -> float:
    """Millimetres to points."""
    return value * MM


PAPERS: dict[str, tuple[float, float]] = {
    "a4": (mm(210), mm(297)),
    "letter": (612.0, 792.0),
    "a2": (mm(420), mm(594)),
}


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle; (x, y) is the bottom-left corner, as in PDF."""

    x: float
    y: float
    w: float
    h: float

    @property
    def x1(self) -> float:
        return self.x + self.w

    @property
    def y1(self) -> float:
        return self.y + self.h

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    def grow(self, d: float) -> Rect:
        return Rect(self.x - d, self.y - d, self.w + 2 * d, self.h + 2 * d)

    def shrink(self, d: float) -> Rect:
        return self.grow(-d)

    def shift(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.w, self.h)

    def box(self) -> tuple[float, float, float, float]:
        """As a PDF box array [x0 y0 x1 y1], rounded for stable output."""
        return (round(self.x, 3), round(self.y, 3), round(self.x1, 3), round(self.y1, 3))

    def union(self, other: Rect) -> Rect:
        x, y = min(self.x, other.x), min(self.y, other.y)
        return Rect(x, y, max(self.x1, other.x1) - x, max(self.y1, other.y1) - y)

    def contains(self, other: Rect, tol: float = 1e-6) -> bool:
        return (other.x >= self.x - tol and other.y >= self.y - tol
                and other.x1 <= self.x1 + tol and other.y1 <= self.y1 + tol)
