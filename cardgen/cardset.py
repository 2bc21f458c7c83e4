"""Every distinct card side of a game, with a hash of everything that decides its look.

The hash covers the item's data, the language, the family's layout boxes and the source of
the drawing code, so a card is re-rendered exactly when one of those changes.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from missionkit.content.base import plain

from .build import card_runs
from .documents import Draw
from .layouts import POKER
from .render.common import Ctx

PACKAGE = Path(__file__).resolve().parent


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


@cache
def renderer_version() -> str:
    """A hash of the drawing code, so changing a renderer invalidates the cached cards."""
    digest = hashlib.sha256()
    files = [*sorted((PACKAGE / "render").glob("*.py")),
             *(PACKAGE / n for n in ("icons.py", "text.py", "layouts.py", "fonts.py",
                                     "strings.py"))]
    for path in files:
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _key(family: str, layout: str, item: Any, side: str, lang: str) -> str:
    data = plain(item)
    payload = json.dumps([family, side, lang, data, POKER[layout],
                          renderer_version()], sort_keys=True, default=str)
    return hashlib.sha256(payload.encode()).hexdigest()[:24]


def card_sides(ctx: Ctx) -> list[CardSide]:
    """Distinct card sides (copies share one), faces then backs, in build order."""
    out: list[CardSide] = []
    for run in card_runs(ctx):
        seen: set[str] = set()
        for item in run.items:
            if item.id in seen:
                continue
            seen.add(item.id)
            out.append(CardSide(run.key, run.source, item.id, "face", item, run.face,
                                _key(run.key, run.layout, item, "face", ctx.lang)))
            if not run.same_back:
                out.append(CardSide(run.key, run.source, item.id, "back", item, run.back,
                                    _key(run.key, run.layout, item, "back", ctx.lang)))
        if run.same_back:
            out.append(CardSide(run.key, run.source, "back", "back", run.items[0], run.back,
                                _back_key(run.key, ctx)))
    return out


def _back_key(family: str, ctx: Ctx) -> str:
    """A shared back depends on the family, the game's name and the drawing code only."""
    payload = json.dumps([family, "back", ctx.lang, plain(ctx.game.game.name),
                          renderer_version()], sort_keys=True)
    return hashlib.sha256(payload.encode()).hexdigest()[:24]
