"""Glyphs drawn on an ink-saver canvas keep their ink: a skill icon is not an empty ring, a
die keeps a dark border and solid pips (each drawn alone and read back as pixels)."""

from __future__ import annotations

import io
from collections.abc import Callable

import pypdfium2 as pdfium
import pytest
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from cardgen.dice_mission import requirement
from cardgen.dice_mission.pictures import Die, Group
from cardgen.geometry import Rect, mm
from cardgen.ink import InkSaverCanvas
from cardgen.mission_improbable import glyphs

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
