"""Real coastlines for the board: Natural Earth 110m land (vendored, public domain) bent so
that each city's real longitude/latitude lands on its printed map-grid spot.

The board spreads crowded Europe and East Asia out so that 24 discs and their labels fit; a
plain projection would put seven cities inside one disc's width. So the land is projected by
a thin-plate spline (the smoothest map that bends space through given points): fitted from
the cities' `lonlat` to their `pos`, it is an equirectangular projection far from the cities
and carries every city's real spot exactly onto its printed one, coastlines following. The
fit is 27 x 27 linear equations, solved once per set of cities; the ~4,500 coastline points
are projected once per process (the board is drawn in a few milliseconds after that).
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import pickle
import tempfile
from functools import cache
from pathlib import Path

from missionkit.content.cache import cache_dir

from ..icons import ASSETS

Point = tuple[float, float]
SCALE = 100.0  # degrees are divided by this before fitting: a well-conditioned system


@cache
def land_rings() -> tuple[tuple[Point, ...], ...]:
    """The vendored land rings, [lon, lat] points (Antarctica left out)."""
    data = json.loads((ASSETS / "world-atlas" / "land-110m.json").read_text(encoding="utf-8"))
    return tuple(tuple((p[0], p[1]) for p in ring) for ring in data["rings"])


def _u(r2: float) -> float:
    return 0.5 * r2 * math.log(r2) if r2 > 0 else 0.0  # r^2 log r, from r^2


def _solve(a: list[list[float]], b: list[list[float]]) -> list[list[float]]:
    """Gaussian elimination with partial pivoting: a x = b, b with several columns."""
    n = len(a)
    m = [row[:] + rhs[:] for row, rhs in zip(a, b, strict=True)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        if abs(m[col][col]) < 1e-12:
            raise ValueError("two cities share a longitude/latitude: the map cannot be fitted")
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col], strict=True)]
    return [[v / m[i][i] for v in m[i][n:]] for i in range(n)]


@cache
def warp(anchors: tuple[tuple[Point, Point], ...]) -> tuple[tuple[Point, ...], tuple[Point, ...]]:
    """The thin-plate spline through `anchors` ((lon, lat) -> (x, y) map grid): its control
    points (scaled degrees) and, per control point plus the affine part, (wx, wy)."""
    src = [(lon / SCALE, lat / SCALE) for (lon, lat), _ in anchors]
    n = len(src)
    a = [[0.0] * (n + 3) for _ in range(n + 3)]
    for i, (xi, yi) in enumerate(src):
        for j, (xj, yj) in enumerate(src):
            a[i][j] = _u((xi - xj) ** 2 + (yi - yj) ** 2)
        for k, v in enumerate((1.0, xi, yi)):
            a[i][n + k] = a[n + k][i] = v
    b = [[x, y] for _, (x, y) in anchors] + [[0.0, 0.0]] * 3
    w = _solve(a, b)
    return tuple(src), tuple((row[0], row[1]) for row in w)


def project(anchors: tuple[tuple[Point, Point], ...], lon: float, lat: float) -> Point:
    """A longitude/latitude on the board's map grid (x right, y down, 100 x 60)."""
    src, w = warp(anchors)
    px, py = lon / SCALE, lat / SCALE
    n = len(src)
    (x0, y0), (xx, yx), (xy, yy) = w[n:]
    x, y = x0 + xx * px + xy * py, y0 + yx * px + yy * py
    for (sx, sy), (wx, wy) in zip(src, w[:n], strict=True):
        u = _u((px - sx) ** 2 + (py - sy) ** 2)
        x += wx * u
        y += wy * u
    return x, y


@cache
def coastlines(anchors: tuple[tuple[Point, Point], ...]) -> tuple[tuple[Point, ...], ...]:
    """Every land ring projected onto the map grid (clip it to the map when drawing).

    Kept in the content cache (see missionkit.content.cache) keyed by the cities, the land
    data and this file: a kit's two board files are drawn in separate build workers, and
    projecting costs each some 40 ms where reading the entry back costs 2."""
    root = cache_dir()
    land = ASSETS / "world-atlas" / "land-110m.json"
    digest = hashlib.sha256(repr(anchors).encode() + land.read_bytes()
                            + Path(__file__).read_bytes()).hexdigest()[:32]
    entry = root / f"coastlines-{digest}.pickle" if root else None
    if entry is not None:
        try:
            with entry.open("rb") as f:
                return pickle.load(f)
        except Exception:  # missing or unreadable: project
            pass
    rings = tuple(simplify(tuple(project(anchors, lon, lat) for lon, lat in ring))
                  for ring in land_rings())
    rings = tuple(r for r in rings if any(-2 < x < 102 and -2 < y < 62 for x, y in r))
    if entry is not None:
        try:
            entry.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=entry.parent, prefix=".coastlines-")
            with os.fdopen(fd, "wb") as f:
                pickle.dump(rings, f, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, entry)  # readers see a whole entry or none
        except OSError:
            pass  # a read-only cache still builds
    return rings


TOLERANCE = 0.06  # map-grid units (0.27 mm on the board): detail finer than this is dropped


def simplify(ring: tuple[Point, ...], tol: float = TOLERANCE) -> tuple[Point, ...]:
    """The ring with the points that lie within `tol` of the line through their neighbours
    dropped (Douglas-Peucker): Europe, bent larger, keeps its detail, the rest loses
    points the print could not show."""
    if len(ring) < 4:
        return ring
    keep = [False] * len(ring)
    keep[0] = keep[-1] = True
    stack = [(0, len(ring) - 1)]
    while stack:
        a, b = stack.pop()
        (ax, ay), (bx, by) = ring[a], ring[b]
        dx, dy = bx - ax, by - ay
        norm = math.hypot(dx, dy) or 1e-12
        far, at = 0.0, -1
        for i in range(a + 1, b):
            px, py = ring[i]
            d = abs(dy * (px - ax) - dx * (py - ay)) / norm if norm > 1e-12 else \
                math.hypot(px - ax, py - ay)
            if d > far:
                far, at = d, i
        if far > tol and at > 0:
            keep[at] = True
            stack += [(a, at), (at, b)]
    return tuple(p for p, k in zip(ring, keep, strict=True) if k)


def anchors_of(cities: list) -> tuple[tuple[Point, Point], ...]:
    """The (lonlat, pos) pairs of the cities that give their real position."""
    return tuple((tuple(c.lonlat), tuple(c.pos)) for c in cities if c.lonlat is not None)
