"""Every distinct card side of a game, with a hash of everything that decides its look.

The hash covers the item's data, the language, the family's layout boxes and the source of
the drawing code (the shared drawing modules plus the game's own `Kit.modules`), so a card is
re-rendered exactly when one of those changes, and one game's code edits leave the other
games' cards cached.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from missionkit.content.base import plain

from .kit import Draw, Kit
from .render.common import Ctx

# Drawing code every game's cards go through.
ASSETS = Path(__file__).resolve().parent / "assets"
SHARED_MODULES = ("cardgen.render", "cardgen.icons", "cardgen.text", "cardgen.layouts",
                  "cardgen.fonts", "cardgen.imposition", "cardgen.geometry")


@dataclass(frozen=True)
class CardSide:
    """One printable side: `family` (e.g. plan_cards), the item id (or 'back') and side."""

    family: str
    source: str  # the content list it comes from, e.g. "missions"
    item_id: str
    side: str  # "face" or "back"
    item: Any
    draw: Draw
    key: str  # hash of the inputs

    @property
    def name(self) -> str:
        return f"{self.family}/{self.item_id}-{self.side}"


def source_files(module: str) -> list[Path]:
    """The .py files of `module`: the file itself, or every file under a package."""
    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None:
        raise ModuleNotFoundError(module)
    if spec.submodule_search_locations:
        return sorted(p for d in spec.submodule_search_locations for p in Path(d).rglob("*.py"))
    return [Path(spec.origin)]


@cache
def code_version(modules: tuple[str, ...]) -> str:
    """A hash of the drawing code's source, so changing a renderer invalidates its cards."""
    digest = hashlib.sha256()
    for module in (*SHARED_MODULES, *modules):
        for path in source_files(module):
            digest.update(path.read_bytes())
    for path in sorted(ASSETS.rglob("*.*")):  # the vendored art and which card shows what
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _key(family: str, boxes: Any, item: Any, side: str, lang: str, version: str) -> str:
    payload = json.dumps([family, side, lang, plain(item), boxes, version], sort_keys=True,
                         default=str)
    return hashlib.sha256(payload.encode()).hexdigest()[:24]


def card_sides(kit: Kit, ctx: Ctx) -> list[CardSide]:
    """Distinct card sides (copies share one), faces then backs, in build order."""
    version = code_version(kit.modules)
    out: list[CardSide] = []
    for run in kit.families(ctx):
        seen: set[str] = set()
        boxes = {k: list(v) for k, v in run.boxes.items()}
        for item in run.items:
            if item.id in seen:
                continue
            seen.add(item.id)
            out.append(CardSide(run.key, run.source, item.id, "face", item, run.face,
                                _key(run.key, boxes, item, "face", ctx.lang, version)))
            if not run.same_back:
                out.append(CardSide(run.key, run.source, item.id, "back", item, run.back,
                                    _key(run.key, boxes, item, "back", ctx.lang, version)))
        if run.same_back:
            out.append(CardSide(run.key, run.source, "back", "back", run.items[0], run.back,
                                _back_key(run.key, kit, ctx, version)))
    return out


def _back_key(family: str, kit: Kit, ctx: Ctx, version: str) -> str:
    """A shared back depends on the family, the game's name and the drawing code only."""
    payload = json.dumps([family, "back", ctx.lang, kit.name(ctx.game, ctx.lang), version],
                         sort_keys=True)
    return hashlib.sha256(payload.encode()).hexdigest()[:24]
