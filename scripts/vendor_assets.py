#!/usr/bin/env python3
"""Regenerate the vendored art in cardgen/assets/ from the npm registry.

    python scripts/vendor_assets.py          # fetch with `npm pack`, rewrite the files
    python scripts/vendor_assets.py --check  # fetch, and fail if a vendored file differs

- game-icons/icons.json: the icons named in cardgen/assets/art.yaml, from
  @iconify-json/game-icons (game-icons.net, CC BY 3.0), each path normalised to absolute
  M/L/C/Z commands (arcs and quadratic curves as cubics, by svgelements) so that the kit
  reads it with a ten-line parser;
- world-atlas/land-110m.json: Natural Earth's 110 m land (public domain, via world-atlas's
  TopoJSON) decoded to longitude/latitude rings, Antarctica left out.

Versions are pinned: a new release is taken by changing PACKAGES and rerunning. Needs npm
(Node.js) and, for the icons, `pip install -e '.[vendor]'`.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterable
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ROOT / "cardgen" / "assets"
PACKAGES = {"@iconify-json/game-icons": "1.2.4", "world-atlas": "2.0.2"}
ICONS = Path("game-icons/icons.json")
LAND = Path("world-atlas/land-110m.json")
DECIMALS = 1  # icon coordinates on their 512 grid: 0.1 of 512 is 0.005 mm on a 25 mm icon
LONLAT_DECIMALS = 2  # degrees: ~1 km, far below the 110 m data's own detail


def fetch(package: str, version: str, dest: Path) -> Path:
    """`npm pack` the package into `dest`; the tarball's path."""
    out = subprocess.run(["npm", "pack", f"{package}@{version}", "--silent",
                          "--pack-destination", str(dest)],
                         check=True, capture_output=True, text=True).stdout
    return dest / out.strip().splitlines()[-1]


def member(tarball: Path, name: str) -> bytes:
    """One file of an npm tarball (`package/<name>`)."""
    with tarfile.open(tarball) as tar:
        f = tar.extractfile(f"package/{name}")
        assert f is not None, name
        return f.read()


def icon_names(art: dict) -> list[str]:
    """Every icon name art.yaml uses, sorted, once each."""
    names: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for v in node.values():
                walk(v)
        elif isinstance(node, str):
            names.add(node)

    walk(art)
    return sorted(names)


def _num(v: float) -> str:
    text = f"{round(v, DECIMALS):.{DECIMALS}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def normalise(d: str) -> str:
    """SVG path data as absolute M, L, C and Z only (svgelements does the parsing)."""
    from svgelements import Arc, Close, CubicBezier, Line, Move, Path, QuadraticBezier

    path = Path(d)
    path.approximate_arcs_with_cubics()
    out: list[str] = []
    for seg in path:
        if isinstance(seg, Move):
            out.append(f"M{_num(seg.end.x)} {_num(seg.end.y)}")
        elif isinstance(seg, Close):
            out.append("Z")
        elif isinstance(seg, Line):
            out.append(f"L{_num(seg.end.x)} {_num(seg.end.y)}")
        elif isinstance(seg, QuadraticBezier):  # the same curve as a cubic
            p0, q, p1 = seg.start, seg.control, seg.end
            c1 = (p0.x + 2 / 3 * (q.x - p0.x), p0.y + 2 / 3 * (q.y - p0.y))
            c2 = (p1.x + 2 / 3 * (q.x - p1.x), p1.y + 2 / 3 * (q.y - p1.y))
            out.append(f"C{_num(c1[0])} {_num(c1[1])} {_num(c2[0])} {_num(c2[1])} "
                       f"{_num(p1.x)} {_num(p1.y)}")
        elif isinstance(seg, CubicBezier):
            out.append(f"C{_num(seg.control1.x)} {_num(seg.control1.y)} "
                       f"{_num(seg.control2.x)} {_num(seg.control2.y)} "
                       f"{_num(seg.end.x)} {_num(seg.end.y)}")
        elif isinstance(seg, Arc):  # pragma: no cover - approximate_arcs_with_cubics ran
            raise ValueError("an arc was left in the path")
    return "".join(out)


def icon_subset(icon_set: dict, names: Iterable[str]) -> dict:
    """The vendored icon file: the named icons' normalised paths and where they came from."""
    size = icon_set.get("width", 512)
    icons: dict[str, str] = {}
    for name in names:
        if name not in icon_set["icons"]:
            raise SystemExit(f"art.yaml names '{name}', which game-icons does not have")
        body = icon_set["icons"][name]["body"]
        paths = re.findall(r'<path[^>]*\sd="([^"]+)"', body)
        if not paths or "fill-rule" in body or "transform" in body:
            raise SystemExit(f"icon '{name}' is not plain paths: teach vendor_assets.py")
        icons[name] = "".join(normalise(d) for d in paths)
    return {"source": f"@iconify-json/game-icons {PACKAGES['@iconify-json/game-icons']}",
            "licence": "CC BY 3.0, see LICENSE.txt beside this file", "size": size,
            "icons": icons}


def land_rings(topo: dict) -> list[list[list[float]]]:
    """Every land ring of a TopoJSON topology as [lon, lat] points, Antarctica left out.

    TopoJSON arcs are quantised and delta-encoded: each point adds to the one before it,
    and `transform` scales the integers back to degrees; a ring lists arc indices, ~i
    meaning arc i reversed, consecutive arcs sharing their end point
    (https://github.com/topojson/topojson-specification)."""
    (sx, sy), (tx, ty) = topo["transform"]["scale"], topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        x = y = 0
        pts = []
        for dx, dy in arc:
            x, y = x + dx, y + dy
            pts.append([round(x * sx + tx, LONLAT_DECIMALS), round(y * sy + ty, LONLAT_DECIMALS)])
        arcs.append(pts)
    rings = []
    for geom in topo["objects"]["land"]["geometries"]:
        polys = geom["arcs"] if geom["type"] == "MultiPolygon" else [geom["arcs"]]
        for poly in polys:
            for ring_arcs in poly:
                ring: list[list[float]] = []
                for i in ring_arcs:
                    pts = arcs[i] if i >= 0 else arcs[~i][::-1]
                    ring.extend(pts if not ring else pts[1:])
                if max(p[1] for p in ring) > -60:  # Antarctica lies wholly south of 60°S
                    rings.append(ring)
    return rings


def build(game_icons: Path, world_atlas: Path) -> dict[Path, bytes]:
    """The vendored files (relative to cardgen/assets) from the two npm tarballs: the pure
    part of the script, run by the tests on the same tarballs."""
    art = yaml.safe_load((ASSETS / "art.yaml").read_text(encoding="utf-8"))
    icon_set = json.loads(member(game_icons, "icons.json"))
    icons = icon_subset(icon_set, icon_names(art))
    land = {"source": f"world-atlas {PACKAGES['world-atlas']} land-110m.json (Natural Earth)",
            "licence": "public domain (Natural Earth); see LICENSE.txt beside this file",
            "rings": land_rings(json.loads(member(world_atlas, "land-110m.json")))}
    return {ICONS: _json(icons), LAND: _json(land),
            ICONS.parent / "LICENSE.txt": _licence_icons(member(game_icons, "info.json")),
            LAND.parent / "LICENSE.txt": NATURAL_EARTH.encode() + member(world_atlas, "LICENSE")}


NATURAL_EARTH = f"""Natural Earth land, 1:110m (https://www.naturalearthdata.com): public domain
("All versions of Natural Earth raster + vector map data found on this website are in the
public domain", https://www.naturalearthdata.com/about/terms-of-use/).
Taken as TopoJSON from the npm package world-atlas {PACKAGES['world-atlas']}
(https://github.com/topojson/world-atlas), decoded to longitude/latitude rings.
world-atlas's own licence follows.

"""


def _json(data: object) -> bytes:
    return (json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
            + "\n").encode()


def _licence_icons(info: bytes) -> bytes:
    meta = json.loads(info)
    buf = io.StringIO()
    buf.write(f"Game Icons ({meta['author']['url']}, https://game-icons.net)\n"
              f"Licence: {meta['license']['title']} ({meta['license']['url']};\n"
              "https://creativecommons.org/licenses/by/3.0/)\n\n"
              "Icons by the game-icons.net authors (Lorc, Delapouite and contributors),\n"
              "taken from the npm package @iconify-json/game-icons "
              f"{PACKAGES['@iconify-json/game-icons']}, which carries no per-icon author.\n"
              "Changes: only the icons the kit uses are kept, their paths rewritten as\n"
              "absolute moves, lines and cubic curves; the kit colours and scales them.\n")
    return buf.getvalue().encode()


def tarballs(dest: Path) -> tuple[Path, Path]:
    return (fetch("@iconify-json/game-icons", PACKAGES["@iconify-json/game-icons"], dest),
            fetch("world-atlas", PACKAGES["world-atlas"], dest))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="fail if a vendored file differs")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        files = build(*tarballs(Path(tmp)))
    stale = []
    for rel, data in files.items():
        path = ASSETS / rel
        if args.check:
            if not path.exists() or path.read_bytes() != data:
                stale.append(str(rel))
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            print(f"wrote cardgen/assets/{rel} ({len(data)} bytes)")
    if stale:
        print("out of date: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
