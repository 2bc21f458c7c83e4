"""Build a game's kit: one folder per language and paper with the PDFs and a manifest.

The game comes in as a `Kit` (see kit.py): its card families are written as card sheets,
then its other files; nothing here knows which game it is.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from missionkit.content import default_root, load_game
from missionkit.content.loader import game_folder
from missionkit.content.version import content_version

from .documents import write_cards
from .fonts import fonts_for
from .geometry import PAPERS, mm
from .imposition import CARD_SIZE, SHEET_BLEED, Duplex, cards_per_sheet
from .kit import CardFamily, FileJob, Kit, Written, card_files, kit_for
from .parallel import run_jobs
from .pdf_check import SmallText, small_text
from .print_guide import write_guide
from .render.common import Ctx
from .rulebook import FILE_NAME as RULEBOOK
from .rulebook import has_rulebook, write_rulebook

Progress = Callable[[str], None]


@dataclass(frozen=True)
class BuildOptions:
    game: str  # a game id with a kit (see kit.KITS), e.g. "double-mission"
    lang: str = "en"
    paper: str = "a4"
    out: Path = Path("output")
    content: Path | None = None
    duplex: Duplex = "long"
    offset_mm: tuple[float, float] = (0.0, 0.0)
    # the companion's base URL for the QR codes; None: not known, so each QR becomes a box
    # to write the address in (cardgen.cli resolves --companion-url and missionkit.siteconfig)
    companion_url: str | None = None
    ink: str = "home"  # or "full": the rich, dark look for print shops (cardgen.ink)
    booklet: bool = False  # the rulebook as A5 pages imposed two-up (cardgen.booklet)


def companion_link(base: str | None, game: str, version: str) -> str:
    """The address a player aid's QR code opens: the companion, this game, this content
    ("" with no companion known: the kit prints a box to write the address in)."""
    return f"{base.rstrip('/')}/?game={game}&v={version}" if base else ""


@dataclass
class BuildResult:
    folder: Path
    manifest: dict = field(default_factory=dict)
    written: list[str] = field(default_factory=list)  # the files written (not kept), guide aside


Checked = tuple[dict[str, Any], list[str]]  # a file's manifest line, its print-floor problems


def _entry(done: Written, job: FileJob) -> Checked:
    """A file's line in the manifest (with the content version it prints, if it prints one),
    and its text under the print floor, read back from the file (pdf_check)."""
    path, pages, size = done
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    entry: dict[str, Any] = {"path": path.name, "pages": pages,
                             "page_size_pt": [round(size[0], 2), round(size[1], 2)],
                             "sha256": digest}
    if path in job.versioned:
        entry["content_version"] = job.version
    return entry, small_text(path, digest)


def job_for(opts: BuildOptions, kit: Kit, ctx: Ctx, folder: Path) -> FileJob:
    """What each file writer of this build gets (paper, duplex, companion link...)."""
    content = (opts.content or default_root()) / game_folder(opts.game)
    version = content_version(content)
    return FileJob(folder, ctx, opts.paper, PAPERS[opts.paper], opts.duplex,
                   (mm(opts.offset_mm[0]), mm(opts.offset_mm[1])), kit.name(ctx.game, opts.lang),
                   companion_link(opts.companion_url, opts.game, version), version,
                   content=content, booklet=opts.booklet)


def outputs(kit: Kit, job: FileJob) -> list[tuple[str, Callable[[], Written]]]:
    """Each file of the kit: its name and how to write it (card sheets, then the others)."""

    def cards_file(runs: list[CardFamily]) -> Written:
        label = kit.words(job.ctx.lang, runs[0].file_key)
        doc = job.open(runs[0].file_name, label)
        page = write_cards(doc, runs, label=f"{job.name} · {label}", duplex=job.duplex,
                           offset=job.offset,
                           family_word=lambda key: kit.words(job.ctx.lang, key))
        return doc.path, doc.save(), page

    out: list[tuple[str, Callable[[], Written]]] = []
    if has_rulebook(kit.game_id, job.content):  # the rulebook first: the guide lists it so
        out.append((RULEBOOK, lambda: write_rulebook(job, kit)))
    out += [(runs[0].file_name, lambda runs=runs: cards_file(runs))
            for runs in card_files(kit.families(job.ctx), cards_per_sheet(job.page))]
    return out + [(f.name, lambda f=f: f.write(job)) for f in kit.files]


@dataclass
class Plan:
    """One kit's build before its files are written: where, what, and what can stay."""
    opts: BuildOptions
    game: Any
    kit: Kit
    ctx: Ctx
    folder: Path
    job: FileJob
    previous: dict[str, dict]
    files: list[tuple[str, Callable[[], Written]]]
    todo: list[tuple[str, Callable[[], Written]]]
    only: set[str] | None = None  # the files asked for (others are written when stale)


def plan(opts: BuildOptions, *, only: set[str] | None = None, game: Any = None) -> Plan:
    """What a build of `opts` writes: all the kit's files, or just those named in `only`
    and those the last build left out or wrote for other content."""
    game = game or load_game(opts.game, opts.content)
    kit = kit_for(opts.game)
    ctx = Ctx(game, opts.lang, fonts_for(opts.lang), opts.ink)
    suffix = "-ink-full" if opts.ink == "full" else ""
    folder = opts.out / opts.game / f"{opts.lang}-{opts.paper}{suffix}"
    folder.mkdir(parents=True, exist_ok=True)
    files_job = job_for(opts, kit, ctx, folder)
    previous = _previous_files(folder, files_job.version, opts.companion_url, opts.booklet)
    files = outputs(kit, files_job)
    todo = [(name, write) for name, write in files
            if only is None or name in only or name not in previous]
    return Plan(opts, game, kit, ctx, folder, files_job, previous, files, todo, only)


def build(opts: BuildOptions, progress: Progress | None = None, *,
          only: set[str] | None = None, game: Any = None, parallel: bool = True
          ) -> BuildResult:
    """Write the kit's PDFs (all, or just the files named in `only` and those the last
    build left out or wrote for other content) and manifest.json. Every file written is
    read back: text under text.PRINT_FLOOR raises SmallText naming each file and page, and
    then no manifest is written. `parallel=False`: every file in this process (the edit
    loop, whose few files are quicker than a fork and whose memos should outlive them)."""
    return build_all([plan(opts, only=only, game=game)], progress, parallel=parallel)[0]


def build_all(plans: list[Plan], progress: Progress | None = None, *,
              parallel: bool = True) -> list[BuildResult]:
    """Write the files of every planned kit as one pool of jobs on every core (a kit's
    slow file overlaps the next kit's quick ones instead of leaving a core idle at the end
    of each kit), then each kit's print guide and manifest. Text under the print floor
    anywhere raises SmallText, after every file is written, and no manifest is written."""
    todo = [(i, name, write) for i, p in enumerate(plans) for name, write in p.todo]
    if parallel:  # the slow files first, so that on several cores the others fill in
        todo.sort(key=lambda item: item[1] not in _slow(plans[item[0]].kit))
    else:  # one after another: the files asked for (an edited card's sheet) first
        todo.sort(key=lambda item: item[1] not in (plans[item[0]].only or ()))
    written: list[dict[str, dict[str, Any]]] = [{} for _ in plans]
    problems: list[str] = []
    results = run_jobs([lambda i=i, write=write: _entry(write(), plans[i].job)
                        for i, _, write in todo],
                       done=(lambda done: progress(done[0]["path"])) if progress else None,
                       parallel=parallel)
    for (i, name, _), (entry, found) in zip(todo, results, strict=True):
        written[i][name] = entry
        problems += found
    built = [_finish(p, w) for p, w in zip(plans, written, strict=True)]
    problems += [problem for _, found in built for problem in found]
    if problems:
        raise SmallText(problems)
    for p, (manifest, _) in zip(plans, built, strict=True):
        text = json.dumps(manifest, indent=2, ensure_ascii=False) + "\n"
        (p.folder / "manifest.json").write_text(text, encoding="utf-8")
    return [BuildResult(p.folder, manifest, list(w))
            for p, (manifest, _), w in zip(plans, built, written, strict=True)]


def _slow(kit: Kit) -> set[str]:
    return {f.name for f in kit.files if f.slow} | {RULEBOOK}


def _finish(p: Plan, written: dict[str, dict[str, Any]]) -> tuple[dict[str, Any], list[str]]:
    """A kit's print guide (it lists every file's pages) and its manifest; the guide's
    pages under the print floor."""
    opts, kit = p.opts, p.kit
    entries = [written[name] if name in written else p.previous[name] for name, _ in p.files]
    pages = {e["path"]: e["pages"] for e in entries}
    bought = kit.bought(p.game, opts.lang) if kit.bought else []
    guide, guide_problems = _entry(write_guide(p.job, kit, pages, bought), p.job)
    entries.insert(0, guide)
    manifest = {
        "game": opts.game, "lang": opts.lang, "paper": opts.paper,
        "card_size_mm": [round(CARD_SIZE[0] / mm(1), 2), round(CARD_SIZE[1] / mm(1), 2)],
        "bleed_mm": round(SHEET_BLEED / mm(1), 3),
        "duplex": opts.duplex,
        "ink": opts.ink,
        "booklet": opts.booklet,
        "components": kit.components(p.ctx),
        **({"bought": bought} if kit.bought else {}),
        "content_version": p.job.version,
        "companion_url": opts.companion_url,
        "files": entries,
    }
    return manifest, guide_problems


def _previous_files(folder: Path, version: str, companion_url: str | None,
                    booklet: bool = False) -> dict[str, dict]:
    """The last manifest's file entries that can stay: files still on disk that print no
    content version or companion address but this build's (a player aid prints both; with
    no address, a box to write it in)."""
    try:
        old = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    same_link = "companion_url" in old and old["companion_url"] == companion_url
    folded = old.get("booklet", False) == booklet  # the rulebook is folded as asked
    return {f["path"]: f for f in old.get("files", []) if (folder / f["path"]).exists()
            and ("content_version" not in f or (f["content_version"] == version and same_link))
            and (f["path"] != RULEBOOK or folded)}
