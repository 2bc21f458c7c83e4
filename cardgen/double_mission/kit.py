"""Double Mission's recipe: which cards, which other files, and the words around them.

Drawing modules are imported when a file is drawn, so `cardgen check` (which only needs the
component names) stays quick.
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

from missionkit.double_mission.load import locations

from ..kit import CardFamily, FileJob, Kit, KitFile, Written
from ..token_layout import die_words
from .layouts import POKER
from .strings import t

if TYPE_CHECKING:
    from ..render.common import Ctx

COMPONENT_NAMES = {
    "board": "board", "city": "cities", "pawn": "pawns", "plan_card": "plan cards",
    "mission_card": "mission cards", "character_card": "character cards", "title": "titles",
    "investigation_token": "investigation tokens", "million_token": "Million tokens",
    "round_marker": "round marker", "check_marker": "check markers",
    "treasure_sticker": "treasure stickers", "value_sticker": "value token stickers",
    "die_sticker": "die-face stickers", "value_token": "value tokens",
}


def printed(ctx: Ctx) -> dict[str, int]:
    """Every printed piece, counted from what the files draw: the board (one, poster or
    tiles) with its cities, a pawn per character, the card families, the tokens file."""
    from . import tokens

    g = ctx.game
    cards = {f.key: len(f.items) for f in families(ctx)}
    return {"board": 1, "city": len(g.cities), "pawn": len(g.characters),
            "plan_card": cards["plan_cards"], "mission_card": cards["mission_cards"],
            "character_card": cards["character_cards"], "title": cards["titles"],
            **tokens.printed(ctx)}


def families(ctx: Ctx) -> list[CardFamily]:
    """Plan cards (one per copy), missions, characters (side A front, B back), titles. The
    three small decks share their sheets: alone, missions would end on a sheet of 3 cards,
    characters fill 5 of 9 slots and titles end on 5."""
    from . import cards

    g = ctx.game
    plans = [p for p in g.plan_cards for _ in range(p.copies)]
    shared = "missions_characters_titles"
    return [
        CardFamily("plan_cards", plans, cards.plan_face, cards.plan_back, POKER["plan"],
                   "plan_cards"),
        CardFamily("mission_cards", g.missions, cards.mission_face, cards.mission_back,
                   POKER["mission"], "missions", sheet_file=shared),
        CardFamily("character_cards", g.characters, cards.character_side("A"),
                   cards.character_side("B"), POKER["character"], "characters",
                   same_back=False, sheet_file=shared),
        CardFamily("titles", g.titles, cards.title_face, cards.title_back, POKER["title"],
                   "titles", sheet_file=shared),
    ]


def _tokens(job: FileJob) -> Written:
    from ..token_sheets import write_tokens
    from .pawns import draw_pawns
    from .tokens import sections

    front, back, cardstock, _ = sections(job.ctx)
    doc = job.open("tokens.pdf", t(job.ctx.lang, "tokens"))
    write_tokens(doc, front, back, cardstock, duplex=job.duplex, offset=job.offset,
                 opener=lambda top: draw_pawns(doc.canvas, doc.ctx, top))
    return doc.path, doc.save(), job.page


def _stickers(job: FileJob) -> Written:
    from ..token_sheets import write_tokens
    from .tokens import sections

    doc = job.open("stickers.pdf", t(job.ctx.lang, "stickers"))
    write_tokens(doc, None, None, sections(job.ctx)[3], duplex=job.duplex, offset=job.offset)
    return doc.path, doc.save(), job.page


def _aids(job: FileJob) -> Written:
    from ..rulebook import book_pages
    from .aids import write_player_aids

    doc = job.open("player-aids.pdf", t(job.ctx.lang, "player_aid"))
    write_player_aids(doc, max(r.count for r in job.ctx.game.game.players), book_pages(job))
    return doc.path, doc.save(), job.page


def _rules(job: FileJob) -> Written:
    from .rules_summary import rules_summary

    doc = job.open("rules-summary.pdf", t(job.ctx.lang, "rules"))
    doc.pages = rules_summary(doc.canvas, job.ctx, job.page) - 1
    doc.end_page()
    return doc.path, doc.save(), job.page


def _board_poster(job: FileJob) -> Written:
    from ..documents import write_board_poster
    from ..geometry import PAPERS
    from . import board_layout
    from .board import draw_board

    page = (PAPERS["a2"][1], PAPERS["a2"][0])  # landscape
    doc = job.open("board-a2.pdf", f"{t(job.ctx.lang, 'board')} (A2)", page)
    write_board_poster(doc, draw_board, board_layout.BOARD)
    return doc.path, doc.save(), page


def _board_tiles(job: FileJob) -> Written:
    from .. import imposition
    from ..documents import write_board_tiles
    from ..geometry import PAPERS, mm
    from . import board_layout
    from .board import draw_board

    overlap = mm(10)
    page, tiles = imposition.best_tiling(board_layout.BOARD, PAPERS[job.paper], overlap=overlap)
    board = t(job.ctx.lang, "board")
    doc = job.open("board-tiled.pdf", f"{board} ({job.paper}, tiled)", page)
    write_board_tiles(doc, draw_board, board_layout.BOARD, tiles,
                      label=f"{job.name} · {board}", overlap=overlap)
    return doc.path, doc.save(), page


def bought(game: Any, lang: str) -> list[str]:
    """Dice for every character (the sticker sheet dresses each character's dice in its
    colour), wooden discs for the treasures and value tokens, tools."""
    g = game.game
    per = g.components.dice_per_player
    players = max(r.count for r in g.players)
    chars = len(game.characters)
    return [t(lang, "buy_dice", n=per * chars, per=per, chars=chars, used=per * players,
              **die_words()),
            t(lang, "buy_small", n=g.components.treasures),
            t(lang, "buy_large", n=g.components.value_tokens),
            t(lang, "buy_glue")]


def assembly(lang: str) -> list[str]:
    return [t(lang, f"build_{n}") for n in (1, 2, 3)]


def _note(key: str) -> Any:
    return lambda lang: t(lang, key, **die_words())


def _name(game: Any, lang: str) -> str:
    return game.game.name.get(lang)


def _data_key(game: Any) -> str:
    """A hash of the data the non-card PDFs (board, tokens, aids) are drawn from."""
    parts = [game.game, game.treasures, game.cities, game.lines, game.wrap_lines, game.guide,
             game.characters, game.titles]
    text = json.dumps([repr(p) for p in parts])
    return hashlib.sha256(text.encode()).hexdigest()


KIT = Kit(
    game_id="double-mission",
    world_map=True,
    families=families,
    files=(
        KitFile("tokens.pdf", _tokens, preview_dpi=40, stock="cardstock", two_sided=True,
                note=_note("note_tokens"), tts="tiles"),
        KitFile("stickers.pdf", _stickers, preview_dpi=40, stock="sticker",
                note=_note("note_stickers")),
        KitFile("player-aids.pdf", _aids, stock="cardstock", note=_note("note_aids")),
        KitFile("rules-summary.pdf", _rules),
        # The two board files draw the whole world map: the longest jobs go first.
        KitFile("board-a2.pdf", _board_poster, slow=True, preview_dpi=18, stock="poster",
                note=_note("note_board"), tts="board"),
        KitFile("board-tiled.pdf", _board_tiles, slow=True, note=_note("note_tiles")),
    ),
    name=_name,
    words=t,
    data_key=_data_key,
    locations=locations,
    modules=("cardgen.double_mission",),
    component_names=COMPONENT_NAMES,
    bought=bought,
    assembly=assembly,
    printed=printed,
)
