"""Incremental rebuilds for the edit loop: only changed cards are rendered again.

`Rebuilder.rebuild()` reloads the content (reporting errors instead of stopping), renders
the card sides whose input hash is new, rewrites only the PDFs whose cards or data changed,
and writes `gallery.json` for the preview page. `watch()` calls it on every file change.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from missionkit.content import ContentError, default_root, load_game
from missionkit.content.loader import game_folder

from .build import BuildOptions, build
from .card_images import CardCache, rasterise
from .cardset import card_sides
from .fonts import fonts_for
from .geometry import PAPERS
from .imposition import cards_per_sheet
from .kit import card_files, kit_for
from .pdf_check import SmallText
from .render.common import Ctx
from .text import TextOverflow

PREVIEW_DPI = 110


@dataclass
class Report:
    """What one rebuild did."""

    errors: list[str] = field(default_factory=list)
    rendered: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    seconds: float = 0.0
    # from the start until the edited cards' sheets were on disk (the files that print the
    # content version, an aid or the rulebook, follow them)
    card_seconds: float = 0.0

    label: str = ""  # which build: "double-mission en a4"

    def summary(self) -> str:
        where = f"{self.label}: " if self.label else ""
        if self.errors:
            return f"{where}{len(self.errors)} problem(s); the last good build stays in place"
        return (f"{where}{len(self.rendered)} card side(s) rendered, {len(self.files)} file(s) "
                f"rewritten in {self.seconds * 1000:.0f} ms")


class Rebuilder:
    """Keeps the last build's card hashes so the next rebuild does only what changed."""

    def __init__(self, opts: BuildOptions, *, dpi: int = PREVIEW_DPI,
                 papers: Sequence[str] = ()):
        self.opts, self.dpi = opts, dpi
        self.papers = tuple(papers) or (opts.paper,)  # one card render, a kit per paper
        self.label = f"{opts.game} {opts.lang} {' '.join(self.papers)}"
        self.kit = kit_for(opts.game)
        self.folder = opts.out / opts.game / f"{opts.lang}-{opts.paper}"
        self.gallery = opts.out / opts.game / f"preview-{opts.lang}"
        self.cache = CardCache(opts.out / ".cache" / opts.game / opts.lang)
        self.keys: dict[str, str] = {}
        self.other_key = ""
        self.version = 0

    def rebuild(self) -> Report:
        report = self._rebuild()
        report.label = self.label
        return report

    def _rebuild(self) -> Report:
        start = time.perf_counter()
        root = self.opts.content or default_root()
        try:
            game = load_game(self.opts.game, root)
        except ContentError as exc:
            errors = [str(p) for p in exc.problems]
            self._gallery_errors(errors)
            return Report(errors=errors)
        ctx = Ctx(game, self.opts.lang, fonts_for(self.opts.lang))
        sides = card_sides(self.kit, ctx)
        self.cache.rendered = []
        try:
            for side in sides:
                self.cache.get(ctx, side, self.dpi)
        except TextOverflow as exc:  # a card text too long: located, as `cardgen check` says
            errors = [str(_located(root, self.opts.game, side.source, exc, self.opts.lang))]
            self._gallery_errors(errors)
            return Report(errors=errors)
        changed = {s.family for s in sides if self.keys.get(s.name) != s.key}
        file_of: dict[str, set[str]] = {}  # family -> the card files printing its cards
        families = self.kit.families(ctx)
        for paper in self.papers:  # a deck's last cards may print in another file (spill)
            for runs in card_files(families, cards_per_sheet(PAPERS[paper])):
                for run in runs:
                    file_of.setdefault(run.key, set()).add(runs[0].file_name)
        cards = {name for f in changed for name in file_of[f]}
        other_key = self.kit.data_key(game)
        only: set[str] | None = None
        if self.keys:
            only = set(cards)
            if other_key != self.other_key:
                only |= {f.name for f in self.kit.files}
        waiting = {(paper, name) for paper in self.papers for name in cards}
        card_done = [time.perf_counter()]

        def written(paper: str) -> Callable[[str], None]:
            def note(name: str) -> None:
                waiting.discard((paper, name))
                if not waiting and len(card_done) == 1:
                    card_done.append(time.perf_counter())
            return note

        try:
            result = build(self.opts, written(self.papers[0]), only=only, game=game,
                           parallel=False)
            for paper in self.papers[1:]:
                build(replace(self.opts, paper=paper), written(paper), only=only, game=game,
                      parallel=False)
        except (SmallText, TextOverflow) as exc:  # drawn, but not printable: say so, go on
            errors = str(exc).splitlines()
            self._gallery_errors(errors)
            return Report(errors=errors)
        # build also rewrites what prints the content version (an aid), which an edit changes
        files = sorted(f["path"] for f in result.manifest["files"]
                       if only is None or f["path"] in result.written)
        self.keys = {s.name: s.key for s in sides}
        self.other_key = other_key
        self._gallery(sides, root, files)
        return Report(rendered=list(self.cache.rendered), files=files,
                      seconds=time.perf_counter() - start,
                      card_seconds=card_done[-1] - start)

    def _gallery(self, sides: Iterable, root: Path, files: list[str]) -> None:
        """gallery.json (and board/token images when they changed) for the preview page."""
        self.gallery.mkdir(parents=True, exist_ok=True)
        where = self.kit.locations(root / game_folder(self.opts.game))
        for f in self.kit.files:
            if f.preview_dpi and (f.name in files
                                  or not (self.gallery / f"{f.name}-1.png").exists()):
                _page_images(self.folder / f.name, self.gallery, f.name, f.preview_dpi)
        cards = []
        for side in sides:
            path, line = where.get(f"{side.source}:{side.item_id}", (None, None))
            cards.append({"name": side.name, "family": side.family, "id": side.item_id,
                          "side": side.side, "image": f"cards/{side.key}-{self.dpi}.png",
                          "source": f"{path}:{line}" if path else "(shared card back)"})
        self.version += 1
        data = {"version": self.version, "cards": cards,
                "pages": sorted(p.name for p in self.gallery.glob("*.pdf-*.png"))}
        tmp = self.gallery / "gallery.json.tmp"
        tmp.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        tmp.replace(self.gallery / "gallery.json")


    def _gallery_errors(self, errors: list[str]) -> None:
        """Show the problems on the preview page, over the last good images."""
        path = self.gallery / "gallery.json"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = {"cards": [], "pages": []}
        self.version += 1
        data.update(version=self.version, errors=errors)
        self.gallery.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".json.tmp")
        tmp.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        tmp.replace(path)


def _located(root: Path, game: str, source: str, exc: TextOverflow, lang: str) -> Any:
    """The overflow as a problem at its YAML line (fitcheck.locate)."""
    from .fitcheck import locate, sources_of

    folder = root / game_folder(game)
    return locate(sources_of(folder), folder, lang, source, exc.item, exc.field, exc.detail)


def _page_images(pdf: Path, out: Path, name: str, dpi: int) -> None:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        for i in range(len(doc)):
            one = pdfium.PdfDocument.new()
            one.import_pages(doc, [i])
            data = _pdf_bytes(one)
            rasterise(data, dpi).save(out / f"{name}-{i + 1}.png")
    finally:
        doc.close()


def _pdf_bytes(doc) -> bytes:
    import io

    buf = io.BytesIO()
    doc.save(buf)
    return buf.getvalue()


def rebuilders(options: Sequence[BuildOptions], dpi: int = PREVIEW_DPI) -> list[Rebuilder]:
    """One Rebuilder per game and language (its papers built from one set of card images)."""
    groups: dict[tuple[str, str], list[BuildOptions]] = {}
    for opts in options:
        groups.setdefault((opts.game, opts.lang), []).append(opts)
    return [Rebuilder(group[0], dpi=dpi, papers=[o.paper for o in group])
            for group in groups.values()]


def watch(opts: BuildOptions | Sequence[BuildOptions], report: Callable[[Report], None],
          stop: threading.Event | None = None) -> None:
    """Rebuild now and after every change under the content folder, until `stop` is set:
    every game, language and paper of `opts` from this one process; a change in one game's
    folder rebuilds that game only."""
    import watchfiles

    builds = rebuilders([opts] if isinstance(opts, BuildOptions) else opts)
    for rebuilder in builds:
        report(rebuilder.rebuild())
    roots = {(b.opts.content or default_root()) for b in builds}
    for changes in watchfiles.watch(*roots, debounce=50, step=20, stop_event=stop):
        changed = [Path(path).resolve() for _, path in changes]
        for rebuilder in builds:
            folder = ((rebuilder.opts.content or default_root())
                      / game_folder(rebuilder.opts.game)).resolve()
            if any(path.is_relative_to(folder) for path in changed):
                report(rebuilder.rebuild())
