"""Benchmark: every kit (each game x EN/KO x A4/Letter, 12 kits) built warm, as one
`cardgen build` process, into a fresh output folder each run. Target: <= 5 s.

"Warm" is a user's second build: the card, content and rulebook caches are full (the first
run, not counted, fills them) and Python keeps its compiled bytecode; every PDF and
manifest is still written and read back for the print floor. The same build with every
cache off is timed once and printed, as the baseline the caches save.
Usage: python bench/kits_build.py [--runs N]
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

ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
TARGET = 5.0


def command(out: Path) -> list[str]:
    """Every game, both languages, both papers, into `out`."""
    from cardgen.kit import KITS

    script = shutil.which("cardgen", path=str(Path(sys.executable).parent))
    cmd = [script] if script else [sys.executable, "-m", "cardgen"]
    cmd += ["build", "--quiet", "--out", str(out), "--lang", "en", "--lang", "ko",
            "--paper", "a4", "--paper", "letter"]
    for game in KITS:
        cmd += ["--game", game]
    return cmd


def timed(cmd: list[str], **env: str) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True, env={**ENV, **env})
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp())
    try:
        times = [timed(command(tmp / f"run{i}")) for i in range(args.runs + 1)][1:]
        cold = timed(command(tmp / "cold"), MISSION_KIT_CACHE="off")
        kits = sum(1 for _ in (tmp / "run1").glob("*/*/manifest.json"))
        pdfs = sum(1 for _ in (tmp / "run1").rglob("*.pdf"))
    finally:
        shutil.rmtree(tmp)
    median = statistics.median(times)
    print(f"{kits} kits, {pdfs} PDFs, on {os.cpu_count()} cores")
    print(f"warm: median {median:.2f} s over {args.runs} runs (min {min(times):.2f}, max "
          f"{max(times):.2f}); target <= {TARGET:g} s: {'met' if median <= TARGET else 'NOT met'}")
    print(f"every cache off: {cold:.2f} s")


if __name__ == "__main__":
    main()
