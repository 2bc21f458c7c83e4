"""Benchmark: `cardgen build` of the whole Dice Mission kit (one language, one paper) vs raw
ReportLab drawing as many card sides.

The kit has 116 missions and 20 gadgets (two sides each), 5 two-sided player aids and the
two-sided active agent token: the baseline (bench/raw_reportlab.py) draws that many pieces,
face and back, each a frame, a title and a paragraph, 3 x 3 per page. Both run as whole
processes, alternately, several times; the medians are compared, then again in process
(imports excluded). Target: ratio < 1.5.

As in bench/cardgen_build.py, the headline build runs as after a user's first one: the
content cache (a private one in the bench's temporary folder, never the user's) holds the
validated content. A build with the cache off (YAML parsed and validated) is timed too.
Usage: python bench/dice_kit_build.py [--runs N] [--lang en] [--paper a4]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from missionkit.content import load_game

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from cardgen_build import timed  # noqa: E402  (a sibling script, not a package)

GAME = "dice-mission"


def pieces() -> int:
    """Two-sided pieces in the kit: cards, player aids and the token."""
    return sum(load_game(GAME).component_counts().values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--lang", default="en", choices=("en", "ko"))
    parser.add_argument("--paper", default="a4", choices=("a4", "letter"))
    args = parser.parse_args()
    count = pieces()
    tmp = Path(tempfile.mkdtemp())
    exe = [sys.executable, "-m", "cardgen"]
    raw_cmd = [sys.executable, str(HERE / "raw_reportlab.py"), str(tmp / "raw.pdf"), str(count)]
    kit, raw, cold = [], [], []
    for i in range(args.runs + 1):  # run 0 warms the file and content caches, not counted
        def kit_cmd(name: str) -> list[str]:
            return [*exe, "build", "--game", GAME, "--lang", args.lang, "--paper", args.paper,
                    "--quiet", "--out", str(tmp / name)]

        k = timed(kit_cmd(f"kit{i}"), MISSION_KIT_CACHE=str(tmp / "cache"))
        r = timed(raw_cmd)
        c = timed(kit_cmd(f"cold{i}"), MISSION_KIT_CACHE="off")
        if i:
            kit.append(k)
            raw.append(r)
            cold.append(c)
    k, r, c = statistics.median(kit), statistics.median(raw), statistics.median(cold)
    ik, ir = in_process(tmp, count, args.runs, args.lang, args.paper)
    print(f"two-sided pieces in the kit: {count} (sides: {2 * count}); "
          f"{args.lang}-{args.paper}")
    print("whole processes (start-up and imports included):")
    print(f"  cardgen build (whole kit): median {k * 1000:.0f} ms over {args.runs} runs")
    print(f"  raw ReportLab ({2 * count} sides): median {r * 1000:.0f} ms")
    print(f"  ratio kit / raw: {k / r:.2f}  (target < 1.5)")
    print(f"  with the content cache off (YAML parsed and validated): median {c * 1000:.0f} ms,"
          f" ratio {c / r:.2f}")
    print("in process (imports excluded, same work):")
    print(f"  cardgen build: median {ik * 1000:.0f} ms; raw ReportLab: median {ir * 1000:.0f} ms")
    print(f"  ratio kit / raw: {ik / ir:.2f}  (target < 1.5)")
    shutil.rmtree(tmp)


def in_process(tmp: Path, count: int, runs: int, lang: str, paper: str) -> tuple[float, float]:
    """Median build time of both, imports and content loading done first; a fresh output
    folder each run."""
    import raw_reportlab

    from cardgen.build import BuildOptions, build

    game = load_game(GAME)
    kit, raw = [], []
    for i in range(runs + 1):
        start = time.perf_counter()
        build(BuildOptions(GAME, lang=lang, paper=paper, out=tmp / f"inproc{i}"), game=game)
        mid = time.perf_counter()
        raw_reportlab.main(tmp / f"inproc{i}.pdf", count)
        end = time.perf_counter()
        if i:  # the first run registers fonts for both
            kit.append(mid - start)
            raw.append(end - mid)
    return statistics.median(kit), statistics.median(raw)


if __name__ == "__main__":
    main()
