"""Text fitting as `cardgen check` sees it: every card side and every other file of a kit
drawn in every language, with each text that does not fit reported at its YAML line.

`build` finds an overflowing text only while writing, after other files are already on disk;
`check` draws the same things first (card sides on a canvas that is never saved, the kit's
other files into a scratch folder) so that `build` can refuse before writing anything. A
future file (a rulebook) is checked the same way as soon as the kit lists it."""

from __future__ import annotations

import hashlib
import io
import json
import os
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
    code = _code_digest()
    jobs: list[tuple[str, str, Callable[[], list[Found]]]] = []  # (game, memo key, job)
    known: list[tuple[str, list[Found]]] = []  # (game, what a memo says)
    for game_id in games:
        game, kit = load_game(game_id, root), kit_for(game_id)
        for lang in langs:
            key = _memo_key(root / game_folder(game_id), lang, code)
            remembered = _recall(key)
            if remembered is not None:
                known.append((game_id, remembered))
                continue
            jobs.append((game_id, key, lambda g=game, k=kit, la=lang: _cards(k, g, la)))
            jobs += [(game_id, key, lambda g=game, k=kit, la=lang, n=i: _file(k, g, la, n))
                     for i in range(len(kit.files))]
    results = run_jobs([job for _, _, job in jobs])
    per_key: dict[str, list[Found]] = {}
    for (game_id, key, _), found in zip(jobs, results, strict=True):
        per_key.setdefault(key, []).extend(found)
        known.append((game_id, found))
    for key, found in per_key.items():
        _remember(key, found)
    problems: list[Problem] = []
    sources: dict[str, list[SourceFile]] = {}
    for game_id, found in known:
        folder = root / game_folder(game_id)
        if found and game_id not in sources:
            sources[game_id] = sources_of(folder)
        problems += [locate(sources[game_id], folder, *f) for f in found]
    return sorted(set(problems), key=lambda p: (str(p.file), p.line or 0, p.field))


# What a text's fit depends on besides the content: the drawing code (all of cardgen, its
# vendored art included), the content model, and the fonts it measures with.
CODE = (Path(__file__).resolve().parent,
        Path(__file__).resolve().parents[1] / "missionkit" / "content")


def _code_digest() -> str:
    from .fonts import korean_font_files

    digest = hashlib.sha256()
    for base in CODE:
        for path in sorted(base.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(path.relative_to(base).as_posix().encode())
                digest.update(path.read_bytes())
    try:
        fonts = [(str(p), p.stat().st_size) for p in korean_font_files()]
    except Exception:  # noqa: BLE001  no Korean font: a Korean check fails on its own
        fonts = []
    digest.update(json.dumps(fonts).encode())
    return digest.hexdigest()


def _memo_key(folder: Path, lang: str, code: str) -> str:
    """A game's content (every file under its folder, by path and bytes), the language and
    the code: a check of the same key finds the same texts that do not fit."""
    digest = hashlib.sha256(f"{lang}:{code}".encode())
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(path.relative_to(folder).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:32]


def _memo(key: str) -> Path | None:
    from missionkit.content.cache import cache_dir

    root = cache_dir()
    return root / "fit" / f"{key}.json" if root else None


def _recall(key: str) -> list[Found] | None:
    """What an earlier check of `key` found (None: no such check, or caching is off)."""
    path = _memo(key)
    if path is None:
        return None
    try:
        return [tuple(f) for f in json.loads(path.read_text(encoding="utf-8"))]  # type: ignore[misc]
    except (OSError, ValueError, TypeError):
        return None


def _remember(key: str, found: list[Found]) -> None:
    path = _memo(key)
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")  # written whole, then moved in
        tmp.write_text(json.dumps(found), encoding="utf-8")
        tmp.replace(path)
    except OSError:
        pass  # a read-only cache: checked again next time


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
