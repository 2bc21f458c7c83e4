"""Text fitting as `cardgen check` sees it: every card side and every other file of a kit
drawn in every language, with each text that does not fit reported at its YAML line.

`build` finds an overflowing text only while writing, after other files are already on disk;
`check` draws the same things first (card sides on a canvas that is never saved, the kit's
other files into a scratch folder) so that `build` can refuse before writing anything. A
future file (a rulebook) is checked the same way as soon as the kit lists it."""

from __future__ import annotations

import io
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from missionkit.content import Problem, default_root, load_game
from missionkit.content.base import LANGUAGES
from missionkit.content.errors import field_path
from missionkit.content.loader import game_folder
from missionkit.content.source import Loc, SourceFile, read_yaml

from .kit import Kit, kit_for
from .text import TextOverflow

Found = tuple[str, str, str, str, str]  # (lang, source list, item, field, detail)


def fit_problems(games: list[str], root: Path | None = None,
                 langs: tuple[str, ...] = LANGUAGES) -> list[Problem]:
    """Every text of `games` (each with a kit) that does not fit, in every language of
    `langs`, located in its YAML file; drawn on every core. Content must load (ContentError
    otherwise)."""
    from .parallel import run_jobs

    root = root or default_root()
    jobs: list[tuple[str, Callable[[], list[Found]]]] = []
    for game_id in games:
        game, kit = load_game(game_id, root), kit_for(game_id)
        for lang in langs:
            jobs.append((game_id, lambda g=game, k=kit, la=lang: _cards(k, g, la)))
            jobs += [(game_id, lambda g=game, k=kit, la=lang, n=i: _file(k, g, la, n))
                     for i in range(len(kit.files))]
    results = run_jobs([job for _, job in jobs])
    problems: list[Problem] = []
    sources: dict[str, list[SourceFile]] = {}
    for (game_id, _), found in zip(jobs, results, strict=True):
        folder = root / game_folder(game_id)
        if found and game_id not in sources:
            sources[game_id] = sources_of(folder)
        problems += [locate(sources[game_id], folder, *f) for f in found]
    return sorted(set(problems), key=lambda p: (str(p.file), p.line or 0, p.field))


def _ctx(game: Any, lang: str) -> Any:
    from .fonts import fonts_for
    from .render.common import Ctx

    return Ctx(game, lang, fonts_for(lang))


def side_overflows(ctx: Any, sides: list[Any]) -> list[Found]:
    """Draw each card side on a canvas that is never saved: each side's first overflow."""
    from reportlab.pdfgen.canvas import Canvas

    from .geometry import Rect
    from .imposition import CARD_SIZE

    canvas = Canvas(io.BytesIO(), pagesize=CARD_SIZE, initialFontName=ctx.fonts.body)
    found: list[Found] = []
    for side in sides:
        canvas.saveState()
        try:
            side.draw(canvas, ctx, side.item, Rect(0, 0, *CARD_SIZE))
        except TextOverflow as exc:
            found.append((ctx.lang, side.source, exc.item, exc.field, exc.detail))
        finally:
            canvas.restoreState()
        canvas.showPage()  # drop what was drawn: nothing accumulates
    return found


def _cards(kit: Kit, game: Any, lang: str) -> list[Found]:
    from .cardset import card_sides

    ctx = _ctx(game, lang)
    return side_overflows(ctx, card_sides(kit, ctx))


def _file(kit: Kit, game: Any, lang: str, index: int) -> list[Found]:
    """Write the kit's file number `index` into a scratch folder; its overflow, if any."""
    from .geometry import PAPERS
    from .kit import FileJob

    ctx = _ctx(game, lang)
    with tempfile.TemporaryDirectory(prefix="cardgen-check-") as tmp:
        job = FileJob(Path(tmp), ctx, "a4", PAPERS["a4"], "long", (0.0, 0.0),
                      kit.name(game, lang), "", "00000000")  # no address: the write-in box
        try:
            kit.files[index].write(job)
        except TextOverflow as exc:
            return [(lang, "", exc.item, exc.field, exc.detail)]
        except OverflowError as exc:  # a flow ran out of room (render/flow.py): no field known
            return [(lang, "", kit.files[index].name, "", str(exc))]
    return []


def sources_of(folder: Path) -> list[SourceFile]:
    return [s for p in sorted(folder.glob("*.yaml")) if (s := read_yaml(p)[0]) is not None]


def _find(sources: list[SourceFile], list_key: str, item_id: str
          ) -> tuple[SourceFile, Loc] | None:
    """The source file and location of the item `item_id` (in list `list_key`, or any)."""
    for source in sources:
        if not isinstance(source.data, dict):
            continue
        for key, items in source.data.items():
            if list_key and key != list_key or not isinstance(items, list):
                continue
            for i, item in enumerate(items):
                if isinstance(item, dict) and item.get("id") == item_id:
                    return source, (key, i)
    return None


def _inside(data: Any, loc: Loc, parts: list[str], lang: str) -> Loc:
    """`loc` extended by the leading `parts` that exist in `data`, then by `lang` when the
    field reached is a text in every language."""
    node = data
    for part in loc:
        node = node[part]
    out = list(loc)
    for part in parts:
        if isinstance(node, dict) and part in node:
            node = node[part]
            out.append(part)
        else:
            break
    if isinstance(node, dict) and lang in node:
        out.append(lang)
    return tuple(out)


def find_loc(sources: list[SourceFile], lang: str, list_key: str, item: str, field: str
             ) -> tuple[SourceFile, Loc] | None:
    """The file and location of an overflowing text: the item is looked up in its card list,
    else anywhere (a guide section's field is `guide.<section id>`), then the field inside
    it, down to the language's text when there is one."""
    parts = field.split(".")
    found = _find(sources, list_key, item) or _find(sources, "", item)
    if found is None and parts[0] == "guide" and len(parts) > 1:
        found, parts = _find(sources, "", parts[1]), parts[2:]
    if found is None:
        return None
    source, loc = found
    return source, _inside(source.data, loc, parts, lang)


def locate(sources: list[SourceFile], folder: Path, lang: str, list_key: str, item: str,
           field: str, detail: str) -> Problem:
    """A located problem for one overflow: `file:line: field (lang): text does not fit`;
    a text no file holds is reported at the game's folder."""
    message = f"text does not fit its box ({detail})"
    found = find_loc(sources, lang, list_key, item, field)
    if found is None:
        return Problem(folder, None, f"{item}.{field} ({lang})" if field else f"{item} ({lang})",
                       message)
    source, loc = found
    shown = loc[:-1] if loc[-1] == lang else loc
    return Problem(source.path, source.line_of(loc), f"{field_path(shown)} ({lang})", message)
