"""Benchmark: how much of the paper the kit inks, normal vs `--ink saver`.

Builds every game's kit both ways (EN, A4) in the same run, renders every page at 72 dpi
with PDFium and prints the mean page coverage: the share of pixels that are not white
(any channel below 250, so anti-aliased edges count as ink). The A2 board poster counts as
one page like any other. Target: the ink-saver kit under 20 %.
Usage (from the repository root): python -m bench.ink_coverage [--game GAME ...] [--lang en]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from cardgen.ink import coverage


def build(out: Path, games: list[str], lang: str, ink: str) -> None:
    args = [sys.executable, "-m", "cardgen", "build", "--out", str(out), "--lang", lang,
            "--ink", ink, "--quiet"]
    for game in games:
        args += ["--game", game]
    env = {**os.environ, "MISSION_KIT_CACHE": "off"}
    subprocess.run(args, check=True, env=env)


def kit_pages(out: Path) -> dict[str, list[float]]:
    """game -> the coverage of every page of its kit under `out`."""
    found: dict[str, list[float]] = {}
    for manifest in sorted(out.glob("*/*/manifest.json")):
        files = json.loads(manifest.read_text(encoding="utf-8"))["files"]
        pages = found.setdefault(manifest.parent.parent.name, [])
        for entry in files:
            pages += coverage(manifest.parent / entry["path"])
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append")
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    games = args.game or ["double-mission", "mission-improbable", "dice-mission"]
    with tempfile.TemporaryDirectory() as tmp:
        results = {}
        for ink in ("normal", "saver"):
            out = Path(tmp) / ink
            build(out, games, args.lang, ink)
            results[ink] = kit_pages(out)
    print(f"{'game':22} {'pages':>5} {'normal':>8} {'saver':>8}")
    totals: dict[str, list[float]] = {"normal": [], "saver": []}
    for game in games:
        normal, saver = results["normal"].get(game, []), results["saver"].get(game, [])
        totals["normal"] += normal
        totals["saver"] += saver
        if normal and saver:
            print(f"{game:22} {len(normal):5d} {sum(normal) / len(normal):8.1%} "
                  f"{sum(saver) / len(saver):8.1%}")
    n, s = totals["normal"], totals["saver"]
    print(f"{'all pages':22} {len(n):5d} {sum(n) / len(n):8.1%} {sum(s) / len(s):8.1%}"
          f"   (target: saver < 20 %)")


if __name__ == "__main__":
    main()
