"""Image exports: one PNG per card side for print-on-demand, and Tabletop Simulator decks."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from PIL import Image

from .card_images import CardCache
from .cardset import CardSide, card_sides
from .kit import Kit
from .render.common import Ctx

EXPORT_DPI = 300
TTS_COLS, TTS_ROWS = 10, 7
TTS_MAX = 4096


def export_png(kit: Kit, ctx: Ctx, cache: CardCache, out: Path) -> list[Path]:
    """Every card side at 300 dpi with 1/8 in bleed (825 x 1125 px for poker cards), each
    PNG tagged with its 300 dpi."""
    written = []
    for side in card_sides(kit, ctx):
        _, png = cache.get(ctx, side, EXPORT_DPI)
        # a shared back is "back.png", not "back-back.png"
        name = side.side if side.item_id == side.side else f"{side.item_id}-{side.side}"
        dest = out / side.family / f"{name}.png"
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(png, dest)
        _tag_dpi(dest, EXPORT_DPI)
        written.append(dest)
    return written


def _tag_dpi(path: Path, dpi: int) -> None:
    """Make sure the PNG says its resolution (a pHYs chunk): print-on-demand uploaders and
    image editors read an untagged PNG as 72 dpi. Cards cached before the tag are re-saved."""
    with Image.open(path) as img:
        if round(img.info.get("dpi", (0, 0))[0]) == dpi:
            return
        img.load()
        img.save(path, format="PNG", dpi=(dpi, dpi))


def _cell(size: tuple[int, int]) -> tuple[int, int]:
    """The largest card cell of the card's proportions that fits 10 x 7 in 4096 px."""
    w, h = size
    scale = min(TTS_MAX / (TTS_COLS * w), TTS_MAX / (TTS_ROWS * h))
    return int(w * scale), int(h * scale)


def _sheet(images: list[Path], hidden: Path | None, cell: tuple[int, int]) -> Image.Image:
    """A TTS deck sheet: cards left to right, top to bottom; the last slot shows `hidden`."""
    sheet = Image.new("RGB", (cell[0] * TTS_COLS, cell[1] * TTS_ROWS), "black")
    for i, path in enumerate(images):
        with Image.open(path) as img:
            sheet.paste(img.convert("RGB").resize(cell, Image.LANCZOS),
                        ((i % TTS_COLS) * cell[0], (i // TTS_COLS) * cell[1]))
    if hidden is not None:
        with Image.open(hidden) as img:
            slot = TTS_COLS * TTS_ROWS - 1
            sheet.paste(img.convert("RGB").resize(cell, Image.LANCZOS),
                        ((slot % TTS_COLS) * cell[0], (slot // TTS_COLS) * cell[1]))
    return sheet


def export_tts(kit: Kit, ctx: Ctx, cache: CardCache, out: Path,
               base_url: str = "") -> list[Path]:
    """Per card family: a face sheet, a back image (or back sheet) and the deck's JSON.

    A family of more than 69 cards takes several sheets ("<key>-faces-2.png", ...), all in
    one TTS deck. The JSON names its images relative to itself, so the folder can travel
    (or `base_url` + the name, for images uploaded to a web host)."""
    out.mkdir(parents=True, exist_ok=True)
    sides = {(s.family, s.item_id, s.side): s for s in card_sides(kit, ctx)}
    written: list[Path] = []
    per = TTS_COLS * TTS_ROWS - 1  # the last slot shows the hidden card

    def png(side: CardSide) -> Path:
        return cache.get(ctx, side, EXPORT_DPI)[1]

    deck_no = 0
    for run in kit.families(ctx):
        cards = list(run.items)  # physical cards: copies included
        chunks = [cards[i:i + per] for i in range(0, len(cards), per)]
        sheets: list[tuple[int, list[Any], Path, Path]] = []
        for n, chunk in enumerate(chunks, start=1):
            deck_no += 1
            suffix = f"-{n}" if len(chunks) > 1 else ""
            face_path, back_path = _tts_sheets(run, chunk, sides, png, out, suffix)
            written += [face_path, back_path]
            sheets.append((deck_no, chunk, face_path, back_path))
        deck = _deck_json(run.key, sheets, not run.same_back, ctx, base_url)
        json_path = out / f"{run.key}.json"
        json_path.write_text(json.dumps(deck, indent=2, ensure_ascii=False), encoding="utf-8")
        written.append(json_path)
    return written + export_tts_objects(kit, ctx, out, base_url)


TTS_OBJECT_DPI = 100


def export_tts_objects(kit: Kit, ctx: Ctx, out: Path, base_url: str = "") -> list[Path]:
    """The kit's files marked `tts` as Tabletop Simulator objects: a "board" file's first
    page as a Custom_Board, each page of a "tiles" file as a Custom_Tile (a sheet to lay out
    the tokens on), each with its PNG and one JSON per file."""
    import tempfile

    import pypdfium2 as pdfium

    from .geometry import PAPERS
    from .kit import FileJob

    written: list[Path] = []
    chosen = [f for f in kit.files if f.tts]
    if not chosen:
        return written
    with tempfile.TemporaryDirectory() as tmp:
        job = FileJob(Path(tmp), ctx, "a4", PAPERS["a4"], "long", (0.0, 0.0),
                      kit.name(ctx.game, ctx.lang), "", "")
        for f in chosen:
            path = f.write(job)[0]
            doc = pdfium.PdfDocument(path)
            try:
                pages = [doc[0]] if f.tts == "board" else list(doc)
                objects = []
                for n, page in enumerate(pages, start=1):
                    name = f"{Path(f.name).stem}-{n}.png"
                    page.render(scale=TTS_OBJECT_DPI / 72).to_pil().convert("RGB").save(
                        out / name)
                    written.append(out / name)
                    objects.append(_tts_object(f.tts, base_url + name, n))
            finally:
                doc.close()
            json_path = out / f"{Path(f.name).stem}.json"
            json_path.write_text(json.dumps({"ObjectStates": objects}, indent=2),
                                 encoding="utf-8")
            written.append(json_path)
    return written


def _tts_object(kind: str, url: str, n: int) -> dict[str, Any]:
    transform = {"posX": 0, "posY": 1 + n * 0.2, "posZ": 0, "rotX": 0, "rotY": 180, "rotZ": 0,
                 "scaleX": 10 if kind == "board" else 4, "scaleY": 1,
                 "scaleZ": 10 if kind == "board" else 4}
    if kind == "board":
        return {"Name": "Custom_Board", "Transform": transform, "CustomImage": {
            "ImageURL": url, "ImageSecondaryURL": "", "ImageScalar": 1.0}}
    return {"Name": "Custom_Tile", "Transform": transform, "CustomImage": {
        "ImageURL": url, "ImageSecondaryURL": "", "ImageScalar": 1.0,
        "CustomTile": {"Type": 0, "Thickness": 0.1, "Stackable": False, "Stretch": True}}}


def _tts_sheets(run: Any, cards: list[Any], sides: dict[tuple[str, str, str], CardSide],
                png: Any, out: Path, suffix: str) -> tuple[Path, Path]:
    """One TTS face sheet and its back image (or back sheet) for up to 69 cards."""
    faces = [png(sides[(run.key, c.id, "face")]) for c in cards]
    back = png(sides[(run.key, "back", "back")]) if run.same_back else None
    with Image.open(faces[0]) as first:
        cell = _cell(first.size)
    face_path = out / f"{run.key}-faces{suffix}.png"
    _sheet(faces, back or faces[0], cell).save(face_path)
    if run.same_back:
        back_path = out / f"{run.key}-back{suffix}.png"
        with Image.open(back) as img:
            img.convert("RGB").resize(cell, Image.LANCZOS).save(back_path)
    else:
        backs = [png(sides[(run.key, c.id, "back")]) for c in cards]
        back_path = out / f"{run.key}-backs{suffix}.png"
        _sheet(backs, backs[0], cell).save(back_path)
    return face_path, back_path


def _deck_json(key: str, sheets: list[tuple[int, list[Any], Path, Path]], unique_back: bool,
               ctx: Ctx, base_url: str = "") -> dict[str, Any]:
    """One TTS deck over its sheets: (deck number, cards, face sheet, back image)."""
    transform = {"posX": 0, "posY": 1, "posZ": 0, "rotX": 0, "rotY": 180, "rotZ": 180,
                 "scaleX": 1, "scaleY": 1, "scaleZ": 1}
    customs: dict[str, Any] = {}
    ids: list[int] = []
    contained: list[dict[str, Any]] = []
    for deck_no, cards, faces, backs in sheets:
        custom = {str(deck_no): {"FaceURL": base_url + faces.name,
                                 "BackURL": base_url + backs.name, "NumWidth": TTS_COLS,
                                 "NumHeight": TTS_ROWS, "BackIsHidden": True,
                                 "UniqueBack": unique_back, "Type": 0}}
        customs.update(custom)
        sheet_ids = [deck_no * 100 + i for i in range(len(cards))]
        ids += sheet_ids
        contained += [{"Name": "Card", "CardID": cid, "Nickname": card.name.get(ctx.lang),
                       "Description": card.id, "CustomDeck": custom, "Transform": transform}
                      for cid, card in zip(sheet_ids, cards, strict=True)]
    return {"ObjectStates": [{"Name": "Deck", "Nickname": key.replace("_", " "),
                              "Transform": transform, "DeckIDs": ids, "CustomDeck": customs,
                              "ContainedObjects": contained}]}
