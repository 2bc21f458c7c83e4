"""No paper wasted (issue #27): every sheet of pieces to cut out (cards, tokens, aids,
stickers), except the last sheet of its file, is at least 60 % used, on A4 and on Letter.

A double-sided file's sheet is two pages, front and back, and is as used as its fuller
side; a one-sided page is a sheet of its own. Use is read off the rendered page
(sheet_use.py): the pieces, with the gutters between them that no other piece could use."""

from __future__ import annotations

import json
from pathlib import Path

import pikepdf
import pytest

from cardgen.fonts import fonts_for
from cardgen.kit import card_files, kit_for
from cardgen.render.common import Ctx
from missionkit.content import load_game
from tests.cardgen import kits
from tests.cardgen.sheet_use import page_use, pages
from tests.cardgen.test_build import pdftotext
from tests.conftest import CONTENT

LEAST = 0.60
PIECES = ("cardstock", "sticker")  # the stocks pieces are cut from (not books or boards)


def _piece_files(game: str) -> dict[str, bool]:
    """Each file of `game`'s kit holding pieces to cut out -> whether it is double-sided."""
    kit = kit_for(game)
    ctx = Ctx(load_game(game, CONTENT), "en", fonts_for("en"))
    found = {runs[0].file_name: True for runs in card_files(kit.families(ctx))}
    found.update({f.name: f.two_sided for f in kit.files if f.stock in PIECES})
    return found


def _sheets(count: int, two_sided: bool) -> list[list[int]]:
    """The page numbers (from 0) of each sheet of a file of `count` pages: front and back,
    or one page."""
    return [list(range(i, min(i + 2, count))) for i in range(0, count, 2)] if two_sided \
        else [[i] for i in range(count)]


def test_a_full_and_a_short_sheet_read_as_they_look(every_kit: Path) -> None:
    """The measure itself: a full card sheet reads full, Double Mission's small decks' last
    sheet on A4 (four cards of nine) reads under half."""
    decks = pages(every_kit / "double-mission" / "en-a4" / "missions-characters-titles.pdf")
    assert page_use(decks[0], bridged=True) > 0.85
    assert 0.3 < page_use(decks[-2], bridged=True) < 0.5


def test_a_decks_few_last_cards_print_in_another_files_free_slots(every_kit: Path) -> None:
    """Issue #27: on Letter (8 cards a sheet) the plan deck's 25th card took a sheet of its
    own. It now prints in the small decks' one free slot: 56 cards on 7 sheets, not 8, the
    sheet's label names the guest, and every plan card prints exactly once."""
    folder = every_kit / "double-mission" / "en-letter"
    plan, decks = folder / "plan-cards.pdf", folder / "missions-characters-titles.pdf"
    assert len(pages(plan)) == 6 and len(pages(decks)) == 8  # 3 + 4 sheets, fronts and backs
    assert page_use(pages(plan)[-2], bridged=True) > 0.85
    backs = {path: _uses(path, "/FormXob.back_plan_cards") for path in (plan, decks)}
    assert backs == {plan: 24, decks: 1}  # each plan card's back, placed once
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["components"]["plan_card"] == 25
    labels = [pdftotext(decks, page=n) for n in (1, 3, 5, 7)]
    assert "also Plan cards: 1" in labels[-1]
    assert not any("also Plan cards" in label for label in labels[:-1])


def _uses(path: Path, form: str) -> int:
    """How many times the pages of `path` place the PDF form (XObject) `form`."""
    with pikepdf.open(path) as pdf:
        return sum(str(operands[0]) == form for page in pdf.pages
                   for operands, op in pikepdf.parse_content_stream(page) if str(op) == "Do")


@pytest.mark.parametrize("paper", kits.PAPERS_)
@pytest.mark.parametrize("game", kits.kit_games())
def test_every_sheet_but_a_files_last_is_at_least_60_percent_used(every_kit: Path, game: str,
                                                                    paper: str) -> None:
    folder = every_kit / game / f"en-{paper}"
    sparse = []
    for name, two_sided in _piece_files(game).items():
        rendered = pages(folder / name)
        sheets = _sheets(len(rendered), two_sided)
        for n, sheet in enumerate(sheets[:-1], start=1):
            raw = max(page_use(rendered[i]) for i in sheet)
            use = raw if raw >= LEAST else max(page_use(rendered[i], bridged=True)
                                               for i in sheet)
            if use < LEAST:
                sparse.append(f"{name} sheet {n} of {len(sheets)}: {use:.0%}")
    assert not sparse, sparse


@pytest.mark.parametrize("paper", kits.PAPERS_)
def test_a_split_token_section_leaves_no_orphan_on_the_next_sheet(every_kit: Path,
                                                                   paper: str) -> None:
    """Issue #27 review: on Letter the 11th marker (Ace's second CHECK) went alone onto the
    pawn sheet, so Ace's two markers were on two sheets. A section split across sheets
    leaves more than two pieces for the next; the markers print together."""
    path = every_kit / "double-mission" / f"en-{paper}" / "tokens.pdf"
    per_page = [pdftotext(path, page=n).split().count("CHECK") for n in (1, 3)]
    assert sorted(per_page) == [0, 10], per_page
