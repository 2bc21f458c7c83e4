"""Benchmark: `cardgen build` of the whole Double Mission kit vs raw ReportLab.

Both run as whole processes in the same run, alternately, several times each; the medians
are compared. The baseline draws as many card faces and backs as the kit has cards (a frame,
a title and a paragraph each, 3 x 3 per page). Target: ratio <= 1.5.

Both commands run as on a user's machine after the first build: Python may keep compiled
bytecode (PYTHONDONTWRITEBYTECODE is cleared for them), and the first run, not counted, has
filled the content cache. A build with the cache off is timed too, and printed.
Usage: python bench/cardgen_build.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from missionkit.content import load_game

HERE = Path(__file__).resolve().parent


ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def timed(cmd: list[str], **env: str) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True, env={**ENV, **env})
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    game = load_game("double-mission")
    counts = game.component_counts()
    cards = sum(counts[k] for k in ("plan_card", "mission_card", "character_card", "title"))
    # the installed console script, as a user runs it (else the module, beside this Python)
    script = shutil.which("cardgen", path=str(Path(sys.executable).parent)) or shutil.which(
        "cardgen")
    exe = [script] if script else [sys.executable, "-m", "cardgen"]
    tmp = Path(tempfile.mkdtemp())
    raw_cmd = [sys.executable, str(HERE / "raw_reportlab.py"), str(tmp / "raw.pdf"), str(cards)]
    kit, raw, cold = [], [], []
    for i in range(args.runs + 1):  # run 0 warms the file and content caches, not counted
        def kit_cmd(name: str) -> list[str]:
            return [*exe, "build", "--game", "double-mission", "--quiet", "--out", str(tmp / name)]

        k, r = timed(kit_cmd(f"kit{i}")), timed(raw_cmd)
        c = timed(kit_cmd(f"cold{i}"), MISSION_KIT_CACHE="off")
        if i:
            kit.append(k)
            raw.append(r)
            cold.append(c)
    k, r, c = statistics.median(kit), statistics.median(raw), statistics.median(cold)
    pdfs = sum(1 for _ in (tmp / "kit1").rglob("*.pdf"))
    ik, ir = in_process(tmp, cards, args.runs)
    print(f"cards in the kit: {cards} (faces + backs: {2 * cards}); kit PDFs: {pdfs}")
    print("whole processes (start-up and imports included):")
    print(f"  cardgen build (whole kit, en-a4): median {k * 1000:.0f} ms over {args.runs} runs")
    print(f"  raw ReportLab ({2 * cards} card sides):  median {r * 1000:.0f} ms")
    print(f"  ratio kit / raw: {k / r:.2f}  (target <= 1.5)")
    print(f"  with the content cache off (YAML parsed and validated): median {c * 1000:.0f} ms,"
          f" ratio {c / r:.2f}")
    print("in process (imports excluded, same work):")
    print(f"  cardgen build: median {ik * 1000:.0f} ms; raw ReportLab: median {ir * 1000:.0f} ms")
    print(f"  ratio kit / raw: {ik / ir:.2f}")
    check = readback(tmp / "kit1", args.runs)
    print(f"  of which the print-floor readback (pdf_check, {pdfs} PDFs, one core): median "
          f"{check * 1000:.0f} ms, shared among the build's workers")
    shutil.rmtree(tmp)


def in_process(tmp: Path, cards: int, runs: int) -> tuple[float, float]:
    """Median build time of both, imports done first; a fresh output folder each run."""
    sys.path.insert(0, str(HERE))
    import raw_reportlab

    from cardgen.build import BuildOptions, build

    kit, raw = [], []
    for i in range(runs + 1):
        start = time.perf_counter()
        build(BuildOptions("double-mission", out=tmp / f"inproc{i}"))
        mid = time.perf_counter()
        raw_reportlab.main(tmp / f"inproc{i}.pdf", cards)
        end = time.perf_counter()
        if i:  # the first run registers fonts for both
            kit.append(mid - start)
            raw.append(end - mid)
    return statistics.median(kit), statistics.median(raw)


def readback(kit: Path, runs: int) -> float:
    """Median time to read every PDF of a built kit back for its print floor, as the build
    does after writing each one (cardgen.pdf_check)."""
    from cardgen.pdf_check import small_text

    times = []
    for _ in range(runs):
        start = time.perf_counter()
        for path in sorted(kit.rglob("*.pdf")):
            small_text(path)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


if __name__ == "__main__":
    main()
