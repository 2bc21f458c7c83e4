"""Benchmark: how much ink the kit asks of a printer, the default home look vs `--ink full`.

Builds every game's kit both ways (EN, A4) in the same run and measures every page with
Ghostscript's `inkcov` device (`gs -q -o - -sDEVICE=inkcov -r36 file.pdf`): for each of C,
M, Y and K the share of the page's pixels that get any of that ink; a page's figure is their
sum (0 bare paper, 4 every pixel in all four inks). The A2 board poster counts as one page
like any other. Target (issue 27): the home look's mean <= 0.6 over every file's pages and
no page above 1.2.
Usage (from the repository root): python -m bench.ink_coverage [--game GAME ...] [--lang en]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

GAMES = ["double-mission", "mission-improbable", "dice-mission"]
MEAN_MAX, PAGE_MAX = 0.6, 1.2  # the home look's targets


def have_gs() -> bool:
    return shutil.which("gs") is not None


def inkcov(path: Path) -> list[float]:
    """The C+M+Y+K coverage of each page of `path` (Ghostscript inkcov, 36 dpi)."""
    out = subprocess.run(["gs", "-q", "-o", "-", "-sDEVICE=inkcov", "-r36", str(path)],
                         check=True, capture_output=True, text=True).stdout
    return [sum(float(v) for v in line.split()[:4]) for line in out.splitlines()
            if line.strip().endswith("OK")]


def build(out: Path, games: list[str], lang: str, ink: str) -> None:
    args = [sys.executable, "-m", "cardgen", "build", "--out", str(out), "--lang", lang,
            "--ink", ink, "--quiet"]
    for game in games:
        args += ["--game", game]
    env = {**os.environ, "MISSION_KIT_CACHE": "off"}
    subprocess.run(args, check=True, env=env, stderr=subprocess.DEVNULL)


def kit_files(out: Path) -> dict[str, dict[str, list[float]]]:
    """game -> {file: the coverage of each of its pages} for every kit under `out`."""
    found: dict[str, dict[str, list[float]]] = {}
    for manifest in sorted(out.glob("*/*/manifest.json")):
        files = json.loads(manifest.read_text(encoding="utf-8"))["files"]
        game = found.setdefault(manifest.parent.parent.name, {})
        for entry in files:
            game[entry["path"]] = inkcov(manifest.parent / entry["path"])
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append")
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    games = args.game or GAMES
    with tempfile.TemporaryDirectory() as tmp:
        results = {}
        for ink in ("home", "full"):
            out = Path(tmp) / ink
            build(out, games, args.lang, ink)
            results[ink] = kit_files(out)
    print(f"{'game / file':40} {'pages':>5} {'home mean':>9} {'max':>5} {'full mean':>9}")
    for game in games:
        home, full = results["home"].get(game, {}), results["full"].get(game, {})
        for name, pages in home.items():
            other = full.get(name, [])
            print(f"{game + '/' + name:40} {len(pages):5d} {sum(pages) / len(pages):9.2f} "
                  f"{max(pages):5.2f} {sum(other) / max(len(other), 1):9.2f}")
        every = [p for pages in home.values() for p in pages]
        worst = max(sum(p) / len(p) for p in home.values())
        print(f"{game + ' (all pages)':40} {len(every):5d} {sum(every) / len(every):9.2f} "
              f"{max(every):5.2f}   worst file mean {worst:.2f}")
    print(f"target: every file's mean <= {MEAN_MAX}, no page above {PAGE_MAX}")


if __name__ == "__main__":
    main()
