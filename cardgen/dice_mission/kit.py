"""Dice Mission's recipe: four mission decks (one back per type), the gadgets, the player
aids (fronts and backs, cardstock) with the one active agent token in the free half of their
last sheet, the optional die stickers on their own sheet, and the dice to buy.

Drawing modules are imported when a file is drawn, so `cardgen check` stays quick.
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

from missionkit.dice_mission.load import locations
from missionkit.dice_mission.model import MISSION_TYPES

from ..kit import CardFamily, FileJob, Kit, KitFile, Written
from ..token_layout import die_words
from .layouts import POKER
from .strings import t

if TYPE_CHECKING:
    from ..render.common import Ctx

COMPONENT_NAMES = {
    "mission_card": "mission cards", "gadget_card": "gadget cards",
    "player_aid": "player aids", "active_agent_token": "active agent token (two-sided)",
}


def families(ctx: Ctx) -> list[CardFamily]:
    """One family per mission type (its own back), then the gadgets (one per copy). The
    two small decks, SPECIAL missions and gadgets, share their sheets: each alone would end
    on a sheet of two cards."""
    from . import cards

    g = ctx.game
    shared = "special_and_gadgets"
    out = [CardFamily(f"{kind}_missions", g.missions_of(kind), cards.mission_face,
                      cards.mission_back(kind), POKER["mission"], "missions",
                      sheet_file=shared if kind == "special" else "")
           for kind in MISSION_TYPES]
    gadgets = [gadget for gadget in g.gadgets for _ in range(gadget.copies)]
    out.append(CardFamily("gadget_cards", gadgets, cards.gadget_face, cards.gadget_back,
                          POKER["gadget"], "gadgets", sheet_file=shared))
    return out


def _aids(job: FileJob) -> Written:
    from .aids import write_aids

    doc = job.open("player-aids.pdf", t(job.ctx.lang, "player_aid"))
    from ..rulebook import book_pages

    write_aids(doc, job.ctx.game.game.components.player_aids, job.duplex, job.offset,
               book_pages(job))
    return doc.path, doc.save(), job.page


def _stickers(job: FileJob) -> Written:
    """The optional die stickers, on their own sheet (sticker paper, never cardstock)."""
    from ..token_sheets import write_tokens
    from .tokens import stickers

    doc = job.open("stickers.pdf", t(job.ctx.lang, "sticker_sheet"))
    write_tokens(doc, None, None, [stickers(job.ctx)], duplex=job.duplex, offset=job.offset)
    return doc.path, doc.save(), job.page


def _note(key: str) -> Any:
    return lambda lang: t(lang, key)


def _name(game: Any, lang: str) -> str:
    return game.game.name.get(lang)


def _data_key(game: Any) -> str:
    """A hash of the data the aids and tokens are drawn from."""
    parts = [game.game, game.guide]
    return hashlib.sha256(json.dumps([repr(p) for p in parts]).encode()).hexdigest()


def _bought(game: Any, lang: str) -> list[str]:
    """The dice, which the kit does not print."""
    c = game.game.components
    return [t(lang, "bought", n=c.dice, k=c.dice_colours, **die_words())]


KIT = Kit(
    game_id="dice-mission",
    families=families,
    files=(
        KitFile("player-aids.pdf", _aids, preview_dpi=30, stock="cardstock", two_sided=True,
                note=_note("note_aids")),
        KitFile("stickers.pdf", _stickers, preview_dpi=40, stock="sticker",
                note=_note("note_stickers")),
    ),
    name=_name,
    words=t,
    data_key=_data_key,
    locations=locations,
    modules=("cardgen.dice_mission",),
    component_names=COMPONENT_NAMES,
    bought=_bought,
)
