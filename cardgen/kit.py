"""What a game gives the kit generator, and the registry of games that have one.

A game is a package under `cardgen/` (e.g. `cardgen/double_mission/`) exposing one `Kit`.
The shared modules (build, cardset, watch, export, cli) only ever loop over a `Kit`: its
card families, its other files, its words and the code that draws it. The games come from
`missionkit.registry`; a game has a kit when `cardgen/<package>/kit.py` exists, and the kit is
imported when that game is first asked for.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from missionkit.registry import GAMES

if TYPE_CHECKING:  # kept out of `cardgen check`'s start-up: only drawing needs ReportLab
    from reportlab.pdfgen.canvas import Canvas

    from .geometry import Rect
    from .imposition import Duplex
    from .layouts import Boxes
    from .render.common import Ctx

# game id -> "module:attribute" of its Kit (imported lazily, only when that game is used)
KITS: dict[str, str] = {
    game: f"cardgen.{package}.kit:KIT" for game, package in GAMES.items()
    if importlib.util.find_spec(f"cardgen.{package}") is not None
}

Draw = Callable[["Canvas", "Ctx", Any, "Rect"], None]  # one card side: canvas, ctx, item, trim
Written = tuple[Path, int, tuple[float, float]]  # a file, its page count, its page size


@dataclass(frozen=True)
class CardFamily:
    """Cards of one family: the items (one per physical card) and how to draw each side."""

    key: str  # family and sheet-label key (a word in the kit's strings), e.g. "plan_cards"
    items: Sequence[Any]  # one per physical card; each has `.id` and `.name` (a LocalText)
    face: Draw
    back: Draw
    boxes: Boxes  # the family's layout boxes (hashed into its cards' cache keys)
    source: str  # the content list the items come from (for "defined in file:line")
    same_back: bool = True  # every card shares one back design (drawn once, placed per card)
    # the card file this family prints in (a word in the kit's strings, e.g. "small_decks"):
    # families naming the same file share its sheets, one after the other, so a deck of a
    # few cards does not leave most of a sheet blank; "" (default): a file of its own, `key`
    sheet_file: str = ""

    @property
    def file_key(self) -> str:
        return self.sheet_file or self.key

    @property
    def file_name(self) -> str:
        return f"{self.file_key.replace('_', '-')}.pdf"


def card_files(families: Sequence[CardFamily],
               per_sheet: int | None = None) -> list[list[CardFamily]]:
    """The kit's card files in build order: the families each prints, in order (a family
    names its file with `sheet_file`; families sharing one are printed together). Given the
    cards a sheet holds, a file's few last cards (see `spill`) print in another file's free
    slots, so that they do not take a sheet of cardstock of their own."""
    files: dict[str, list[CardFamily]] = {}
    for run in families:
        files.setdefault(run.file_key, []).append(run)
    out = list(files.values())
    return spill(out, per_sheet) if per_sheet else out


def spill(files: list[list[CardFamily]], per_sheet: int) -> list[list[CardFamily]]:
    """Move a file's last sheet, when it would hold at most a quarter of a sheet (the
    Double Mission plan deck's 25th card on Letter's 8-card sheets), into the free slots of
    the first other file's last sheet that has room: one sheet fewer, nothing drawn twice.
    A file of one sheet keeps its cards (it would vanish), and a file that took others'
    cards gives none away. The moved cards keep their family (face, back, key)."""
    files = [list(runs) for runs in files]
    took: set[int] = set()
    for i, runs in enumerate(files):
        count = _cards(runs)
        left = count % per_sheet
        if i in took or count <= per_sheet or not 0 < left <= per_sheet // 4:
            continue
        for j, other in enumerate(files):
            free = -_cards(other) % per_sheet
            if j != i and free >= left:
                files[i], moved = _split_tail(runs, left)
                files[j] = other + moved
                took.add(j)
                break
    return files


def _cards(runs: list[CardFamily]) -> int:
    return sum(len(r.items) for r in runs)


def _split_tail(runs: list[CardFamily], n: int) -> tuple[list[CardFamily], list[CardFamily]]:
    """`runs` less their last `n` cards, and those cards as runs of their own families."""
    kept, tail = list(runs), []
    while n:
        last = kept.pop()
        take = min(n, len(last.items))
        if take < len(last.items):
            kept.append(replace(last, items=last.items[:-take]))
        tail.insert(0, replace(last, items=last.items[-take:]))
        n -= take
    return kept, tail


@dataclass(frozen=True)
class FileJob:
    """What a KitFile's writer gets: where to write, for which game and language, on what."""

    folder: Path
    ctx: Ctx
    paper: str  # "a4" or "letter"
    page: tuple[float, float]  # the paper in points, portrait
    duplex: Duplex
    offset: tuple[float, float]  # the card backs' shift, in points
    name: str  # the game's name in ctx.lang
    # the companion's address for this game and content version (player aids, guide); "" when
    # none is known: each QR becomes a box to write the address in
    link: str = ""
    version: str = ""  # the content version the kit is built from (missionkit.content.version)
    # the files of this job that print `link` and `version`, noted as they are drawn (in the
    # process that writes them), so a rebuild from other content rewrites them
    versioned: set[Path] = field(default_factory=set, compare=False)
    content: Path | None = None  # the game's content folder (the rulebook reads its text)
    booklet: bool = False  # the rulebook as an A5 booklet imposed two-up (cardgen.booklet)

    def open(self, file_name: str, what: str, page: tuple[float, float] | None = None) -> Any:
        """A kit Document titled '<game>: <what>' in the job's folder (page: the paper)."""
        from .documents import Document

        doc = Document(self.folder / file_name, page or self.page, self.ctx,
                       title=f"{self.name}: {what}", subject=f"{self.name} print-and-play")
        doc.link, doc.version, doc.versioned = self.link, self.version, self.versioned
        return doc


@dataclass(frozen=True)
class KitFile:
    """A file of the kit besides the card sheets (board, tokens, aids): a name and a writer."""

    name: str  # e.g. "tokens.pdf"
    write: Callable[[FileJob], Written]
    slow: bool = False  # started first when building on several cores
    preview_dpi: int | None = None  # shown as page images in the preview gallery at this dpi
    stock: str = "paper"  # what to print it on: "cardstock", "paper", "sticker" or "poster"
    two_sided: bool = False  # printed double-sided (flip on the build's duplex edge)
    note: Callable[[str], str] | None = None  # (lang) -> how to cut or use it, for the guide
    tts: str = ""  # in the Tabletop Simulator export: "board" (its first page) or "tiles"


@dataclass(frozen=True)
class Kit:
    """One game's print kit, as the shared generator sees it."""

    game_id: str  # as in missionkit's loaders, e.g. "double-mission"
    families: Callable[[Ctx], list[CardFamily]]  # the card families, in build order
    files: tuple[KitFile, ...]  # the other files, in manifest order (after the card files)
    name: Callable[[Any, str], str]  # (loaded game, lang) -> the game's printed name
    words: Callable[[str, str], str]  # (lang, key) -> label; keys include each family's key
    data_key: Callable[[Any], str]  # (loaded game) -> text that changes when `files` must
    locations: Callable[[Path], Mapping[str, tuple[str, int]]]  # content folder ->
    #   {"<source>:<item id>": (file, line)}, for the preview's "defined in" links
    modules: tuple[str, ...] = ()  # modules/packages whose source keys the card cache
    component_names: Mapping[str, str] = field(default_factory=dict)  # counts' plural nouns
    # (loaded game, lang) -> what the players bring, e.g. ["2 ten-sided dice per player"];
    # written to the manifest as "bought" when set
    bought: Callable[[Any, str], list[str]] | None = None
    world_map: bool = False  # draws the vendored Natural Earth coastlines (credited in the guide)
    # (lang) -> the game's own assembly steps, after the generic print-and-cut steps
    assembly: Callable[[str], list[str]] | None = None
    # (ctx) -> the printed pieces, counted from what the kit's files draw (the manifest's
    # "components" and the rulebook's box list); None: the model's component_counts()
    printed: Callable[[Ctx], dict[str, int]] | None = None

    def components(self, ctx: Ctx) -> dict[str, int]:
        """What the kit prints, by component key: `printed`, else the model's counts."""
        return self.printed(ctx) if self.printed else ctx.game.component_counts()


class NoKit(KeyError):
    """A game id with no registered kit."""

    def __str__(self) -> str:
        return str(self.args[0])


def kit_for(game_id: str) -> Kit:
    """The registered Kit of `game_id` (NoKit naming the known games if none)."""
    if game_id not in KITS:
        raise NoKit(f"no print kit for game '{game_id}' (known: {', '.join(KITS)})")
    module, _, attr = KITS[game_id].partition(":")
    return getattr(importlib.import_module(module), attr)


def kit_games(games: Sequence[str]) -> list[str]:
    """The games of `games` that have a kit, in the same order."""
    return [g for g in games if g in KITS]
