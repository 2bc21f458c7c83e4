"""The preview gallery's card editor: a card's fields, its image as it would print with the
values being typed, and saving them into its YAML file.

Every try (`render`) and every write (`save`, `add`, `remove`) goes through the same steps:
the edit is applied to the file's text in memory (`missionkit.content.yaml_edit`: only the
edited spans change), the game is loaded from a scratch copy of its folder holding that text
(the full validation, glossary included), and the card is drawn in every language (an
overflow is found in Korean while the English is on screen). A write happens only when all
of that passes, and only over the bytes the form was opened on."""

from __future__ import annotations

import hashlib
import io
import os
import re
import shutil
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from missionkit.content import ContentError, Problem
from missionkit.content.base import LANGUAGES, Localized
from missionkit.content.errors import display_path, field_path
from missionkit.content.loader import game_folder, load_folder
from missionkit.content.source import Loc, read_yaml
from missionkit.content.yaml_edit import EditError, copy_item, remove_item, set_values

from .cardset import CardSide
from .fitcheck import find_loc, side_overflows, sources_of
from .fonts import fonts_for
from .kit import CardFamily, kit_for
from .render.common import Ctx
from .text import TextOverflow

ID = re.compile(r"^[a-z][a-z0-9_]*$")
KEPT_RENDERS = 200  # images of tries kept in memory for the page to fetch


class Refused(Exception):
    """An edit not made: `status` (409 changed on disk, 422 invalid, 400 bad request) and a
    message for the person; `problems` by field path when the content is at fault."""

    def __init__(self, status: int, message: str, problems: Mapping[str, list[str]] | None = None,
                 general: list[str] | None = None):
        super().__init__(message)
        self.status, self.message = status, message
        self.problems, self.general = dict(problems or {}), list(general or [])

    def body(self) -> dict[str, Any]:
        return {"error": self.message, "problems": self.problems, "general": self.general}


@dataclass(frozen=True)
class Card:
    """A card side as the page names it: 'plan_cards/account_siphon-face'."""

    family: str
    item_id: str
    side: str

    @classmethod
    def parse(cls, name: str) -> Card:
        family, _, rest = name.partition("/")
        item_id, _, side = rest.rpartition("-")
        if not (family and item_id and side in ("face", "back")):
            raise Refused(400, f"no such card: {name!r}")
        return cls(family, item_id, side)

    @property
    def name(self) -> str:
        return f"{self.family}/{self.item_id}-{self.side}"


@dataclass(frozen=True)
class Undo:
    path: Path
    before: bytes
    after: bytes
    what: str


def stamp(data: bytes) -> str:
    """What the form remembers of the file it was opened on."""
    return hashlib.sha256(data).hexdigest()[:16]


def _label(loc: Loc) -> str:
    lang = loc[-1] if loc[-1] in LANGUAGES else None
    words = [str(p).replace("_", " ") for p in (loc[:-1] if lang else loc)]
    return " › ".join(words) + (f" ({lang.upper()})" if lang else "")


def form_fields(data: Any, item: Any, loc: Loc) -> list[dict[str, Any]]:
    """The editable fields of one item: each text in every language and each number, as the
    content model types them (`item`), found where the YAML writes them (`data`)."""
    out: list[dict[str, Any]] = []
    if not isinstance(data, dict):
        return out
    for key, value in data.items():
        if key == "id":
            continue
        sub = item.get(key) if isinstance(item, Mapping) else getattr(item, key, None)
        here = (*loc, key)
        # the model's type decides; where the drawn item is not the content class itself
        # (a deck mixing several lists), the YAML's shape does
        texts = isinstance(sub, Localized) or (sub is None and isinstance(value, dict)
                                               and set(value) == set(LANGUAGES))
        if texts and isinstance(value, dict):
            for lang in LANGUAGES:
                if isinstance(value.get(lang), str):
                    out.append({"loc": [*here, lang], "kind": "text", "lang": lang,
                                "label": _label((*here[2:], lang)), "value": value[lang]})
        elif type(value) is int and (sub is None or type(sub) is int):
            out.append({"loc": list(here), "kind": "number", "label": _label(here[2:]),
                        "value": value})
        elif isinstance(value, dict):
            out += form_fields(value, sub, here)
        elif isinstance(value, list) and isinstance(sub, list | tuple):
            for i, (v, s) in enumerate(zip(value, sub, strict=False)):
                if isinstance(v, dict):
                    out += form_fields(v, s, (*here, i))
    return out


class Editor:
    """Edits cards of the games under `root` (one person, one machine: a lock, no users)."""

    def __init__(self, root: Path, dpi: int):
        self.root, self.dpi = root, dpi
        self.lock = threading.Lock()
        self.undo: Undo | None = None
        self.renders: OrderedDict[str, bytes] = OrderedDict()

    # -- finding the card ---------------------------------------------------------------

    def _family(self, game: Any, game_id: str, lang: str, card: Card) -> CardFamily:
        ctx = Ctx(game, lang, fonts_for(lang))
        for run in kit_for(game_id).families(ctx):
            if run.key == card.family:
                return run
        raise Refused(400, f"no card family {card.family!r} in {game_id}")

    def _place(self, game_id: str, source: str, item_id: str) -> tuple[Path, Loc]:
        """The YAML file and location (list, index) of the item."""
        folder = self.root / game_folder(game_id)
        sources = sources_of(folder)
        for wanted in (source, None):  # its family's list, else any list (a mixed deck)
            for src in sources:
                if not isinstance(src.data, dict):
                    continue
                for key, items in src.data.items():
                    if (wanted and key != wanted) or not isinstance(items, list):
                        continue
                    for i, item in enumerate(items):
                        if isinstance(item, dict) and item.get("id") == item_id:
                            return src.path, (key, i)
        raise Refused(400, f"{item_id!r} is not in any file's {source!r} list (a shared back "
                           "has no fields of its own)")

    def _load(self, game_id: str) -> Any:
        from missionkit.content import load_game

        try:
            return load_game(game_id, self.root)
        except ContentError as exc:
            raise Refused(422, "the content has problems; fix them in the file first",
                          general=[str(p) for p in exc.problems]) from None

    # -- the form -------------------------------------------------------------------------

    def form(self, game_id: str, lang: str, name: str) -> dict[str, Any]:
        """The card's fields, where it is defined, and the stamp of its file."""
        return self._form(game_id, lang, name)[0]

    def _form(self, game_id: str, lang: str, name: str) -> tuple[dict[str, Any], Path]:
        card = Card.parse(name)
        game = self._load(game_id)
        run = self._family(game, game_id, lang, card)
        item = next((i for i in run.items if i.id == card.item_id), None)
        if item is None:
            raise Refused(400, f"no card {card.item_id!r} in {card.family}")
        path, loc = self._place(game_id, run.source, card.item_id)
        raw = path.read_bytes()
        source, _ = read_yaml(path)
        assert source is not None  # it loaded just now
        data = source.data[loc[0]][loc[1]]
        return {"card": card.name, "game": game_id, "lang": lang, "id": card.item_id,
                "file": display_path(path), "line": source.line_of(loc),
                "stamp": stamp(raw), "fields": form_fields(data, item, loc)}, path

    # -- trying values ------------------------------------------------------------------------

    def _edits(self, values: list[dict[str, Any]], loc: Loc, allowed: list[dict[str, Any]]
               ) -> list[tuple[Loc, Any]]:
        kinds = {tuple(f["loc"]): f["kind"] for f in allowed}
        edits: list[tuple[Loc, Any]] = []
        for v in values:
            where = tuple(v.get("loc", ()))
            kind = kinds.get(where)
            if kind is None or where[:2] != loc:
                raise Refused(400, f"{field_path(where)} is not a field of this card")
            value = v.get("value")
            if kind == "number":
                try:
                    value = int(str(value).strip())
                except ValueError:
                    raise Refused(422, "not a whole number", {
                        field_path(where): [f"expected a whole number, got {value!r}"]}) from None
            elif not isinstance(value, str):
                raise Refused(400, f"{field_path(where)}: expected text")
            edits.append((where, value))
        return edits

    def _try(self, game_id: str, lang: str, name: str, values: list[dict[str, Any]]
             ) -> tuple[Path, bytes, str, dict[str, Any], Any]:
        """Apply `values` in memory and check them: (file, its bytes now, the new text, the
        form, the side as drawn in `lang` or None); Refused with every problem found."""
        form, path = self._form(game_id, lang, name)
        card = Card.parse(name)
        folder = path.parent
        raw = path.read_bytes()
        loc = tuple(form["fields"][0]["loc"][:2]) if form["fields"] else ()
        try:
            text = set_values(raw.decode("utf-8"), self._edits(values, loc, form["fields"]))
        except EditError as exc:
            raise Refused(422, str(exc)) from None
        game = self._load_edited(game_id, folder, path.name, text, form)
        sides = {}
        problems: dict[str, list[str]] = {}
        sources = None
        for each in LANGUAGES:
            run = self._family(game, game_id, each, card)
            item = next((i for i in run.items if i.id == card.item_id), None)
            if item is None:
                raise Refused(422, f"{card.item_id} is no longer a card of {card.family}")
            draw = run.face if card.side == "face" else run.back
            side = CardSide(card.family, run.source, card.item_id, card.side, item, draw, "")
            ctx = Ctx(game, each, fonts_for(each))
            found = side_overflows(ctx, [side])
            if found:
                sources = sources or _sources_with(folder, path.name, text)
            for f_lang, source, item_id, field, detail in found:
                where = find_loc(sources, f_lang, source, item_id, field)
                key = field_path(where[1]) if where else ""
                problems.setdefault(key, []).append(f"text does not fit its box ({detail})")
            sides[each] = (ctx, side)
        if problems:
            general = problems.pop("", [])
            raise Refused(422, "a text does not fit its card", problems, general)
        return path, raw, text, form, sides[lang]

    def _load_edited(self, game_id: str, folder: Path, file_name: str, text: str,
                     form: dict[str, Any]) -> Any:
        """The game loaded from a scratch copy of its folder with `file_name` holding
        `text`; Refused with the problems by field (the form's file) or in general."""
        with tempfile.TemporaryDirectory(prefix="cardgen-edit-") as tmp:
            scratch = Path(tmp) / folder.name
            shutil.copytree(folder, scratch)
            (scratch / file_name).write_text(text, encoding="utf-8")
            try:
                return load_folder(game_id, scratch)
            except ContentError as exc:
                raise _refusal(exc.problems, scratch, folder, file_name, form) from None

    def render(self, game_id: str, lang: str, name: str, values: list[dict[str, Any]]
               ) -> dict[str, Any]:
        """The card drawn with `values` (nothing written): its image's address, or the
        problems by field."""
        from .card_images import card_pdf, rasterise

        _, _, _, _, (ctx, side) = self._try(game_id, lang, name, values)
        image = rasterise(card_pdf(ctx, side), self.dpi)
        buf = io.BytesIO()
        image.save(buf, format="PNG", dpi=(self.dpi, self.dpi))
        key = hashlib.sha256(buf.getvalue()).hexdigest()[:24]
        with self.lock:
            self.renders[key] = buf.getvalue()
            self.renders.move_to_end(key)
            while len(self.renders) > KEPT_RENDERS:
                self.renders.popitem(last=False)
        return {"image": f"/renders/{key}.png", "problems": {}, "general": []}

    # -- writing ------------------------------------------------------------------------

    def save(self, game_id: str, lang: str, name: str, values: list[dict[str, Any]],
             opened: str) -> dict[str, Any]:
        """Write `values` into the card's file, if it is still the file the form was opened
        on (`opened`, its stamp) and every check passes."""
        with self.lock:
            path, raw, text, form, _ = self._try(game_id, lang, name, values)
            self._unchanged(path, raw, opened)
            if text.encode("utf-8") == raw:
                return {"saved": False, "message": "Nothing changed.", "stamp": opened}
            changed = _write(path, raw, text.encode("utf-8"), f"{name} in {path.name}", self)
        return {"saved": True, "stamp": changed, "message": f"Saved {display_path(path)}; "
                "the kit is being rebuilt. Undo puts the file back as it was."}

    def add(self, game_id: str, lang: str, name: str, new_id: str, opened: str
            ) -> dict[str, Any]:
        """Copy the card into a new one with id `new_id`, right after it in its file."""
        return self._list_edit(game_id, lang, name, opened, new_id)

    def remove(self, game_id: str, lang: str, name: str, opened: str) -> dict[str, Any]:
        """Delete the card from its file."""
        return self._list_edit(game_id, lang, name, opened, None)

    def _list_edit(self, game_id: str, lang: str, name: str, opened: str,
                   new_id: str | None) -> dict[str, Any]:
        if new_id is not None and not ID.match(new_id):
            raise Refused(422, "a new id is lower-case letters, digits and _ , starting with a "
                               "letter (e.g. private_jet_2)", {"new_id": ["not an id"]})
        card = Card.parse(name)
        with self.lock:
            # found in the YAML alone: the content may fail to load until this edit (a count
            # in game.yaml raised first, then the card added)
            path, loc = self._place(game_id, "", card.item_id)
            folder = path.parent
            raw = path.read_bytes()
            self._unchanged(path, raw, opened)
            try:
                if new_id is None:
                    text = remove_item(raw.decode("utf-8"), loc[:1], loc[1])
                else:
                    text = copy_item(raw.decode("utf-8"), loc[:1], loc[1], new_id)
            except EditError as exc:
                raise Refused(422, str(exc)) from None
            try:
                self._load_edited(game_id, folder, path.name, text, {"fields": []})
            except Refused as exc:
                raise Refused(422, "the game's content does not allow this: "
                              + "; ".join(exc.general + [m for ms in exc.problems.values()
                                                         for m in ms]),
                              exc.problems, exc.general) from None
            what = f"new card {new_id}" if new_id else f"deleted {card.item_id}"
            changed = _write(path, raw, text.encode("utf-8"), what, self)
        card = f"{card.family}/{new_id}-{card.side}" if new_id else None
        return {"saved": True, "stamp": changed, "card": card,
                "message": f"{what.capitalize()} in {display_path(path)}; the kit is being "
                           "rebuilt. Undo puts the file back as it was."}

    def _unchanged(self, path: Path, raw: bytes, opened: str) -> None:
        if stamp(raw) != opened:
            raise Refused(409, f"{display_path(path)} changed on disk since this card was "
                               "opened (another editor or a save elsewhere). Nothing was "
                               "written: reopen the card to see the file as it is now.")

    def undo_last(self) -> dict[str, Any]:
        """Put the file of the last save back as it was, if nothing changed it since."""
        with self.lock:
            last = self.undo
            if last is None:
                raise Refused(400, "nothing to undo")
            if last.path.read_bytes() != last.after:
                raise Refused(409, f"{display_path(last.path)} changed on disk since the "
                                   "save; nothing was undone.")
            _replace(last.path, last.before)
            self.undo = None
        return {"saved": True, "stamp": stamp(last.before),
                "message": f"Undone: {last.what}. {display_path(last.path)} is back as it was."}


def _sources_with(folder: Path, file_name: str, text: str) -> list[Any]:
    """The game's parsed files, the edited one as `text` (to locate an overflow in it)."""
    with tempfile.TemporaryDirectory(prefix="cardgen-edit-") as tmp:
        scratch = Path(tmp) / folder.name
        shutil.copytree(folder, scratch)
        (scratch / file_name).write_text(text, encoding="utf-8")
        sources = sources_of(scratch)
    for s in sources:
        s.path = folder / s.path.name
    return sources


def _refusal(problems: list[Problem], scratch: Path, folder: Path, file_name: str,
             form: dict[str, Any]) -> Refused:
    """Problems of a scratch load: those at a field of the form by field, the rest as
    lines naming the real file."""
    fields = [field_path(tuple(f["loc"])) for f in form["fields"]]
    at: dict[str, list[str]] = {}
    general: list[str] = []
    for p in problems:
        path = folder / p.file.name if p.file.is_relative_to(scratch) else p.file
        hits = [f for f in fields if p.file.name == file_name and p.field
                and (f == p.field or f.startswith(p.field + "."))]
        for f in hits:
            at.setdefault(f, []).append(p.message)
        if not hits:
            general.append(str(Problem(path, p.line, p.field, p.message)))
    return Refused(422, "the content would not load", at, general)


def _replace(path: Path, data: bytes) -> None:
    """Write `data` over `path` at once (a reader sees the old file or the new one)."""
    # beside the game folder, not in it: the folder is hashed (content version) and watched
    fd, tmp = tempfile.mkstemp(dir=path.parent.parent, prefix=f".{path.name}-")
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    shutil.copymode(path, tmp)
    os.replace(tmp, path)


def _write(path: Path, before: bytes, after: bytes, what: str, editor: Editor) -> str:
    _replace(path, after)
    editor.undo = Undo(path, before, after, what)
    return stamp(after)


__all__ = ["Editor", "Refused", "TextOverflow", "form_fields", "stamp"]
