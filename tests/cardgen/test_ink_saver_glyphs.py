"""The ink saver, read back as pixels of one glyph or card drawn alone: a skill icon is not an
empty ring, a die keeps a dark border and solid pips, backs and stickers stay light."""

from __future__ import annotations

import io
from collections.abc import Callable

import pypdfium2 as pdfium
import pytest
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from cardgen.dice_mission import cards, requirement, tokens
from cardgen.dice_mission.pictures import Die, Group
from cardgen.fonts import fonts_for
from cardgen.geometry import Rect, mm
from cardgen.imposition import CARD_SIZE
from cardgen.ink import WHITE, InkSaverCanvas
from cardgen.mission_improbable import glyphs
from cardgen.render.common import Ctx
from missionkit.content import load_game
from missionkit.dice_mission.model import MISSION_TYPES
from tests.conftest import CONTENT

SIDE = mm(12)  # the square each glyph is drawn in
SCALE = 8  # render at 576 dpi so a 0.7 pt outline shows


def render(kind: type[Canvas], draw: Callable[[Canvas], None]) -> Image.Image:
    """`draw` on a SIDE x SIDE page of a `kind` canvas, rendered to greyscale pixels."""
    buf = io.BytesIO()
    c = kind(buf, pagesize=(SIDE, SIDE))
    draw(c)
    c.showPage()
    c.save()
    doc = pdfium.PdfDocument(buf.getvalue())
    try:
        return doc[0].render(scale=SCALE).to_pil().convert("L")
    finally:
        doc.close()


def inked(im: Image.Image, radius: float, below: int = 128) -> float:
    """The share of pixels darker than `below` within `radius` (a share of the side) of the
    centre."""
    w, h = im.size
    px, r = im.load(), radius * w
    inside = dark = 0
    for y in range(h):
        for x in range(w):
            if (x - w / 2) ** 2 + (y - h / 2) ** 2 <= r * r:
                inside += 1
                dark += px[x, y] < below
    return dark / inside


@pytest.mark.parametrize("skill", sorted(glyphs.SKILLS))
def test_every_skill_icon_keeps_dark_ink_inside_its_circle_in_ink_saver(skill):
    def draw(c: Canvas) -> None:
        glyphs.skill_disc(c, skill, SIDE / 2, SIDE / 2, SIDE * 0.9)

    normal = render(Canvas, draw)
    saver = render(InkSaverCanvas, draw)
    # normal: white glyph on an ink disc, so the glyph is the light share inside the ring
    glyph_normal = 1 - inked(normal, 0.35)
    glyph_saver = inked(saver, 0.35)
    assert glyph_normal > 0.08, f"{skill}: no glyph on the normal disc"
    # the saver glyph is dark ink, about as much as the normal one is white (not an outline)
    assert glyph_saver > 0.6 * glyph_normal, (
        f"{skill}: {glyph_saver:.0%} dark inside the saver circle vs "
        f"{glyph_normal:.0%} glyph in normal ink")
    assert inked(saver, 0.35) < 0.6, f"{skill}: the saver disc is a solid plate"


def test_a_mission_cards_die_keeps_solid_pips_and_a_dark_border_in_ink_saver():
    def draw(c: Canvas) -> None:
        requirement.draw(c, "Helvetica", (Group((Die(5),)),), Rect(0, 0, SIDE, SIDE),
                         glyphs.INK)

    saver = render(InkSaverCanvas, draw)
    w = saver.size[0]
    px = saver.load()
    pip = w * requirement.glyphs.PIP * 0.96  # the corner pips' offset from the centre
    for dx, dy in ((-1, -1), (1, 1), (0, 0)):
        x, y = int(w / 2 + dx * pip), int(w / 2 + dy * pip)
        assert px[x, y] < 80, f"pip at {dx, dy} is hollow ({px[x, y]})"
    # the border: a dark pixel on the die's left edge, half way up
    edge = min(px[x, w // 2] for x in range(int(w * 0.01), int(w * 0.1)))
    assert edge < 80, f"the die's border is light grey ({edge})"


def _paper(im: Image.Image) -> float:
    """The share of pixels that are not bare paper (as cardgen.ink.coverage counts)."""
    hist = im.histogram()
    return 1 - sum(hist[WHITE:]) / sum(hist)


@pytest.fixture(scope="module")
def dice_ctx() -> Ctx:
    return Ctx(load_game("dice-mission", CONTENT), "en", fonts_for("en"))


def _card(kind: type[Canvas], draw: Callable[[Canvas, Rect], None]) -> Image.Image:
    buf = io.BytesIO()
    w, h = CARD_SIZE
    c = kind(buf, pagesize=(w, h))
    draw(c, Rect(0, 0, w, h))
    c.showPage()
    c.save()
    doc = pdfium.PdfDocument(buf.getvalue())
    try:
        return doc[0].render(scale=1).to_pil().convert("L")
    finally:
        doc.close()


def test_every_mission_back_in_ink_saver_is_as_light_as_the_solo_back(dice_ctx):
    """Team dots and special stars are decoration: left out in saver like the solo stripes."""
    inked_backs = {}
    for kind in MISSION_TYPES:
        mission = dice_ctx.game.missions_of(kind)[0]
        back = cards.mission_back(kind)
        inked_backs[kind] = _paper(_card(
            InkSaverCanvas, lambda c, r, back=back, m=mission: back(c, dice_ctx, m, r)))
    for kind, share in inked_backs.items():
        assert share < 1.3 * inked_backs["solo"], (kind, inked_backs)


def test_die_stickers_in_ink_saver_are_outlines_not_solid_colour(dice_ctx):
    colour = dice_ctx.game.colours[0]
    face = (colour.color, colour.symbol, 5)
    cell = Rect(mm(1), mm(1), tokens.STICKER_SIZE, tokens.STICKER_SIZE)

    def draw(kind: type[Canvas]) -> float:
        buf = io.BytesIO()
        c = kind(buf, pagesize=(cell.w + mm(2), cell.h + mm(2)))
        tokens.sticker(c, dice_ctx, face, cell)
        c.showPage()
        c.save()
        doc = pdfium.PdfDocument(buf.getvalue())
        try:
            return _paper(doc[0].render(scale=SCALE).to_pil().convert("L"))
        finally:
            doc.close()

    normal, saver = draw(Canvas), draw(InkSaverCanvas)
    assert normal > 0.6
    assert saver < 0.35 * normal, (normal, saver)
