"""Build a game's kit: one folder per language and paper with the PDFs and a manifest."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from missionkit.content import load_game

from . import board_layout, imposition
from .documents import (
    CardRun,
    Document,
    write_board_poster,
    write_board_tiles,
    write_cards,
    write_player_aids,
)
from .fonts import fonts_for
from .geometry import PAPERS, mm
from .imposition import BLEED, CARD_SIZE, Duplex
from .parallel import run_jobs
from .render import cards
from .render.aids import player_aid, rules_summary
from .render.board import draw_board
from .render.common import Ctx
from .strings import t
from .token_sheets import write_tokens

Progress = Callable[[str], None]
Written = tuple[Path, int, tuple[float, float]]  # a file, its page count, its page size
# The kit's files besides the card sheets, drawn from the board, tokens and guide data.
OTHER_FILES = ("tokens.pdf", "player-aids.pdf", "rules-summary.pdf", "board-a2.pdf",
               "board-tiled.pdf")


@dataclass(frozen=True)
class BuildOptions:
    game: str = "double-mission"
    lang: str = "en"
    paper: str = "a4"
    out: Path = Path("output")
    content: Path | None = None
    duplex: Duplex = "long"
    offset_mm: tuple[float, float] = (0.0, 0.0)


@dataclass
class BuildResult:
    folder: Path
    manifest: dict = field(default_factory=dict)


def card_runs(ctx: Ctx) -> list[CardRun]:
    g = ctx.game
    plans = [p for p in g.plan_cards for _ in range(p.copies)]
    return [
        CardRun("plan_cards", plans, cards.plan_face, cards.plan_back, "plan", "plan_cards"),
        CardRun("mission_cards", g.missions, cards.mission_face, cards.mission_back, "mission",
                "missions"),
        CardRun("character_cards", g.characters, cards.character_side("A"),
                cards.character_side("B"), "character", "characters", same_back=False),
        CardRun("titles", g.titles, cards.title_face, cards.title_back, "title", "titles"),
    ]


def _open(folder: Path, file_name: str, page: tuple[float, float], ctx: Ctx, name: str,
          what: str) -> Document:
    """A kit document titled '<game>: <what>'."""
    return Document(folder / file_name, page, ctx, title=f"{name}: {what}",
                    subject=f"{name} print-and-play")


def _tokens(folder: Path, ctx: Ctx, name: str, page: tuple[float, float], duplex: Duplex,
            offset: tuple[float, float]) -> Written:
    doc = _open(folder, "tokens.pdf", page, ctx, name, t(ctx.lang, "tokens"))
    write_tokens(doc, duplex=duplex, offset=offset)
    return doc.path, doc.save(), page


def _aids(folder: Path, ctx: Ctx, name: str, page: tuple[float, float]) -> Written:
    doc = _open(folder, "player-aids.pdf", page, ctx, name, t(ctx.lang, "player_aid"))
    write_player_aids(doc, player_aid, max(r.count for r in ctx.game.game.players))
    return doc.path, doc.save(), page


def _rules(folder: Path, ctx: Ctx, name: str, page: tuple[float, float]) -> Written:
    doc = _open(folder, "rules-summary.pdf", page, ctx, name, t(ctx.lang, "rules"))
    doc.pages = rules_summary(doc.canvas, ctx, page) - 1
    doc.end_page()
    return doc.path, doc.save(), page


def _board_poster(folder: Path, ctx: Ctx, name: str) -> Written:
    page = (PAPERS["a2"][1], PAPERS["a2"][0])  # landscape
    doc = _open(folder, "board-a2.pdf", page, ctx, name, f"{t(ctx.lang, 'board')} (A2)")
    write_board_poster(doc, draw_board, board_layout.BOARD)
    return doc.path, doc.save(), page


def _board_tiles(folder: Path, ctx: Ctx, name: str, paper: str) -> Written:
    overlap = mm(10)
    page, tiles = imposition.best_tiling(board_layout.BOARD, PAPERS[paper], overlap=overlap)
    doc = _open(folder, "board-tiled.pdf", page, ctx, name,
                f"{t(ctx.lang, 'board')} ({paper}, tiled)")
    write_board_tiles(doc, draw_board, board_layout.BOARD, tiles,
                      label=f"{name} · {t(ctx.lang, 'board')}", overlap=overlap)
    return doc.path, doc.save(), page


def _entry(done: Written) -> dict[str, Any]:
    """A file's line in the manifest."""
    path, pages, size = done
    return {"path": path.name, "pages": pages,
            "page_size_pt": [round(size[0], 2), round(size[1], 2)],
            "sha256": hashlib.sha256(path.read_bytes()).hexdigest()}


def outputs(opts: BuildOptions, ctx: Ctx, folder: Path) -> list[tuple[str, Callable[[], Written]]]:
    """Each file of the kit: its name and how to write it."""
    page = PAPERS[opts.paper]
    offset = (mm(opts.offset_mm[0]), mm(opts.offset_mm[1]))
    name = ctx.game.game.name.get(opts.lang)

    def cards_file(run: CardRun) -> Written:
        label = t(opts.lang, run.key)
        doc = _open(folder, run.file_name, page, ctx, name, label)
        write_cards(doc, run, label=f"{name} · {label}", duplex=opts.duplex, offset=offset)
        return doc.path, doc.save(), page

    out: list[tuple[str, Callable[[], Written]]] = [
        (run.file_name, lambda run=run: cards_file(run)) for run in card_runs(ctx)]
    writers = [lambda: _tokens(folder, ctx, name, page, opts.duplex, offset),
               lambda: _aids(folder, ctx, name, page), lambda: _rules(folder, ctx, name, page),
               lambda: _board_poster(folder, ctx, name),
               lambda: _board_tiles(folder, ctx, name, opts.paper)]
    return out + list(zip(OTHER_FILES, writers, strict=True))


def build(opts: BuildOptions, progress: Progress | None = None, *,
          only: set[str] | None = None, game: Any = None) -> BuildResult:
    """Write the kit's PDFs (all, or just the files named in `only`) and manifest.json."""
    game = game or load_game(opts.game, opts.content)
    ctx = Ctx(game, opts.lang, fonts_for(opts.lang))
    folder = opts.out / opts.game / f"{opts.lang}-{opts.paper}"
    folder.mkdir(parents=True, exist_ok=True)
    previous = _previous_files(folder)
    files = outputs(opts, ctx, folder)
    todo = [(name, write) for name, write in files
            if only is None or name in only or name not in previous]
    # The two board files draw the whole world map: the longest jobs go first, so that on
    # several cores the other files fill in around them.
    todo.sort(key=lambda item: not item[0].startswith("board"))
    results = run_jobs([lambda write=write: _entry(write()) for _, write in todo],
                       done=(lambda entry: progress(entry["path"])) if progress else None)
    written = {name: entry for (name, _), entry in zip(todo, results, strict=True)}
    entries = [written[name] if name in written else previous[name] for name, _ in files]
    manifest = {
        "game": opts.game, "lang": opts.lang, "paper": opts.paper,
        "card_size_mm": [round(CARD_SIZE[0] / mm(1), 2), round(CARD_SIZE[1] / mm(1), 2)],
        "bleed_mm": round(BLEED / mm(1), 3),
        "duplex": opts.duplex,
        "components": game.component_counts(),
        "files": entries,
    }
    text = json.dumps(manifest, indent=2, ensure_ascii=False) + "\n"
    (folder / "manifest.json").write_text(text, encoding="utf-8")
    return BuildResult(folder, manifest)


def _previous_files(folder: Path) -> dict[str, dict]:
    """The last manifest's file entries, for files still on disk."""
    try:
        old = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {f["path"]: f for f in old.get("files", []) if (folder / f["path"]).exists()}
