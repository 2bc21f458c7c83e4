"""Mission Improbable's recipe: one shared deck of 169 cards with one back, the player aid
(9 phases) with the reference sheet (D10 tables, pass chances) on its back, one double-sided
sheet per player, and the score pad.

Drawing modules are imported when a file is drawn, so `cardgen check` stays quick.
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

from missionkit.mission_improbable.load import locations

from ..kit import CardFamily, FileJob, Kit, KitFile, Written
from .layouts import ALL_BOXES
from .strings import plural_en, t

if TYPE_CHECKING:
    from ..render.common import Ctx

COMPONENT_NAMES = {
    "agent_card": "agent cards", "mission_card": "mission cards",
    "obstacle_card": "obstacle cards", "location_card": "location cards",
    "equipment_card": "equipment cards", "experience_card": "experience cards",
    "connection_card": "connection cards", "event_card": "event cards",
    "player_aid": "player aids", "reference_sheet": "reference sheets",
    "score_pad": "score pads",
}
AID_COPIES = 6  # one per player at most (players.max), one sheet each, the reference behind
PAD_COPIES = 2  # two score pads (two games) on one page


def families(ctx: Ctx) -> list[CardFamily]:
    """One family: the whole shared deck (every type), so one back serves every card."""
    from . import cards

    return [CardFamily("cards", cards.deck_cards(ctx.game), cards.face, cards.back, ALL_BOXES,
                       "deck")]


def _aids(job: FileJob) -> Written:
    from ..documents import write_sheets
    from ..rulebook import book_pages
    from .aids import player_aid, reference_sheet

    doc = job.open("player-aids.pdf", t(job.ctx.lang, "player_aid"))
    write_sheets(doc, player_aid(book_pages(job)), _aid_copies(job.ctx), link=True,
                 back=reference_sheet())
    return doc.path, doc.save(), job.page


def _score_pad(job: FileJob) -> Written:
    from ..documents import write_sheets
    from .score import score_pad

    doc = job.open("score-pad.pdf", t(job.ctx.lang, "score_pad"))
    write_sheets(doc, score_pad, PAD_COPIES, halves=True)
    return doc.path, doc.save(), job.page


def _name(game: Any, lang: str) -> str:
    return game.game.name.get(lang)


def _data_key(game: Any) -> str:
    """A hash of the data the non-card PDFs are drawn from."""
    parts = [game.game, game.tables, game.d5, game.modifiers, game.guide, game.skills]
    return hashlib.sha256(json.dumps([repr(p) for p in parts]).encode()).hexdigest()


def bought(game: Any, lang: str) -> list[str]:
    """What the players bring, per player: '2 ten-sided dice per player'."""
    out = []
    for row in game.bought():
        n, name = row["per_player"], row["name"][lang]
        out.append(t(lang, "bought", n=n, name=plural_en(name, n) if lang == "en" else name))
    return out


def _aid_copies(ctx: Ctx) -> int:
    return min(AID_COPIES, ctx.game.game.players.max)


def printed(ctx: Ctx) -> dict[str, int]:
    """The cards by type, then the aids, the reference sheets on their backs and the score
    pads the kit prints (the manifest's components and the rulebook's box list)."""
    return {**ctx.game.component_counts(), "player_aid": _aid_copies(ctx),
            "reference_sheet": _aid_copies(ctx), "score_pad": PAD_COPIES}


def _locations(folder: Any) -> dict[str, tuple[Any, int]]:
    """'deck:<card id>' -> where the card is defined (the deck spans every card file)."""
    found = locations(folder)
    return {**found, **{f"deck:{k.partition(':')[2]}": v for k, v in found.items()}}


KIT = Kit(
    game_id="mission-improbable",
    families=families,
    files=(
        KitFile("player-aids.pdf", _aids, preview_dpi=40, stock="cardstock", two_sided=True),
        KitFile("score-pad.pdf", _score_pad),
    ),
    name=_name,
    words=t,
    data_key=_data_key,
    locations=_locations,
    modules=("cardgen.mission_improbable",),
    component_names=COMPONENT_NAMES,
    bought=bought,
    printed=printed,
)
