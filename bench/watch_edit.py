"""Benchmark: a one-card edit while `cardgen watch` runs, until its PDF page and preview
image are updated. Target: the edited card on its sheet PDF in <= 0.15 s. Three figures:

- to the sheet: from the start of the incremental rebuild (reload content, re-render the
  card) until the card's sheet PDF is written: what the designer is looking at;
- rebuild: the whole incremental rebuild (then also the files that print the content
  version or text, the player aids and the rulebook, and the gallery);
- save-to-done: through the real file watcher, from the file write to the finished report.

Also prints the full first build in the same run, as the baseline the cache saves.
Usage: python bench/watch_edit.py [--edits 8]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import threading
import time
from pathlib import Path

from cardgen.build import BuildOptions
from cardgen.watch import Rebuilder, watch

ROOT = Path(__file__).resolve().parents[1]


def edit(path: Path, n: int) -> None:
    text = path.read_text(encoding="utf-8")
    start = text.index('"Score 5 points')
    end = text.index('"', start + 1) + 1
    path.write_text(text[:start] + f'"Score 5 points now ({n})."' + text[end:], encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--edits", type=int, default=8)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp())
    content = tmp / "content"
    shutil.copytree(ROOT / "content", content)
    cards = content / "double_mission" / "plan_cards.yaml"
    opts = BuildOptions("double-mission", out=tmp / "out", content=content)

    rb = Rebuilder(opts)
    start = time.perf_counter()
    first = rb.rebuild()
    full = time.perf_counter() - start
    rebuild, sheet = [], []
    stamp = time.time_ns() % 10**5 * 10  # a text no earlier run saw: no outside cache helps
    for n in range(args.edits):
        edit(cards, stamp + n)
        report = rb.rebuild()
        assert report.rendered == ["plan_cards/headline-face"], report.rendered
        rebuild.append(report.seconds)
        sheet.append(report.card_seconds)

    reports, stop = [], threading.Event()
    opts2 = BuildOptions("double-mission", out=tmp / "out2", content=content)
    done = threading.Condition()

    def got(report):
        with done:
            reports.append((time.perf_counter(), report))
            done.notify_all()

    thread = threading.Thread(target=watch, args=(opts2, got, stop), daemon=True)
    thread.start()
    with done:
        done.wait_for(lambda: reports, timeout=60)
    saved = []
    for n in range(args.edits):
        time.sleep(0.2)
        count = len(reports)
        t0 = time.perf_counter()
        edit(cards, stamp + 100 + n)
        with done:
            done.wait_for(lambda count=count: len(reports) > count, timeout=10)
        saved.append(reports[-1][0] - t0)
    stop.set()
    thread.join(timeout=10)

    print(f"first full build (59 card sides rendered, 9 PDFs): {full * 1000:.0f} ms "
          f"({len(first.rendered)} sides)")
    print(f"one-card edit, to its sheet:  median {statistics.median(sheet) * 1000:.0f} ms, "
          f"max {max(sheet) * 1000:.0f} ms; target <= 150 ms: "
          f"{'met' if statistics.median(sheet) <= 0.15 else 'NOT met'}")
    print(f"one-card edit, whole rebuild: median {statistics.median(rebuild) * 1000:.0f} ms, "
          f"max {max(rebuild) * 1000:.0f} ms over {args.edits} edits")
    print(f"one-card edit, save-to-done:  median {statistics.median(saved) * 1000:.0f} ms, "
          f"max {max(saved) * 1000:.0f} ms (file watcher included)")
    print(f"ratio edit / full build: {statistics.median(rebuild) / full:.2f}")
    shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
