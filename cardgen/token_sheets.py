"""The tokens-and-stickers PDF: sections of round tokens and stickers, two-sided where needed."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from . import token_layout
from .documents import Document
from .geometry import Rect, mm
from .render import tokens
from .render.common import INK, Ctx
from .strings import t

DrawToken = Callable[[Canvas, Ctx, Any, Rect], None]


@dataclass(frozen=True)
class Section:
    heading: str
    items: Sequence[Any]
    draw: DrawToken
    size: float
    round: bool = True
    cols: int | None = None


def sections(ctx: Ctx) -> tuple[Section, Section, list[Section]]:
    """Investigation fronts and backs (a duplex pair), then one-sided sections."""
    g = ctx.game
    lang = ctx.lang
    evidence = [m.evidence for m in g.game.investigation_tokens for _ in range(m.count)]
    inv_front = Section(t(lang, "inv_front"), evidence, tokens.investigation_front, mm(28))
    inv_back = Section(t(lang, "inv_back"), evidence, tokens.investigation_back, mm(28))
    treasures = [tr.id for tr in g.treasures for _ in range(tr.count)]
    markers = [tokens.marker("#1B1B1F", t(lang, "round_marker"))]
    for ch in g.characters:
        markers += [tokens.marker(ch.color, t(lang, "check_marker"))] * 2
    dice = []
    for ch in g.characters:
        success, alarm = tokens.die_face(ch.color, True), tokens.die_face(ch.color, False)
        one_die = [success] * g.game.dice.success_faces
        one_die += [alarm] * (g.game.dice.faces - g.game.dice.success_faces)
        dice += one_die * g.game.components.dice_per_player
    one_sided = [
        Section(t(lang, "million_tokens"), [0] * g.game.components.million_tokens, tokens.million,
                mm(24)),
        Section(t(lang, "markers"), markers, lambda c, x, draw, cell: draw(c, x, 0, cell), mm(16)),
        Section(t(lang, "treasure_stickers"), treasures, tokens.treasure_sticker, mm(16)),
        Section(t(lang, "value_stickers"), [tr.id for tr in g.treasures], tokens.value_sticker,
                mm(21)),
        Section(t(lang, "die_faces"), dice, lambda c, x, draw, cell: draw(c, x, 0, cell), mm(12),
                round=False, cols=12),
    ]
    return inv_front, inv_back, one_sided


def _heading(c: Canvas, ctx: Ctx, y: float, label: str) -> float:
    c.setFillColor(INK)
    c.setFont(ctx.fonts.bold, 10)
    c.drawString(token_layout.MARGIN, y - mm(4), label)
    return y - mm(7)


def _draw(c: Canvas, ctx: Ctx, section: Section, cells: Sequence[Rect], tag: str) -> None:
    """Draw each distinct item once as a form, then place it in every cell that shows it."""
    forms: dict[Any, str] = {}
    size = section.size
    for i, item in enumerate(section.items):
        if item not in forms:
            forms[item] = f"{tag}_{i}"
            c.beginForm(forms[item], -mm(2), -mm(2), size + mm(2), size + mm(2))
            section.draw(c, ctx, item, Rect(0, 0, size, size))
            c.endForm()
    for item, cell in zip(section.items, cells, strict=True):
        c.saveState()
        c.translate(cell.x, cell.y)
        c.doForm(forms[item])
        c.restoreState()
        (tokens.cut_circle if section.round else tokens.cut_square)(c, cell)


def write_tokens(doc: Document, *, duplex: str, offset: tuple[float, float]) -> None:
    """Investigation tokens front and back in register, then the one-sided sheets."""
    c, ctx = doc.canvas, doc.ctx
    page = c._pagesize
    front, back, rest = sections(ctx)
    top = _heading(c, ctx, page[1] - token_layout.MARGIN, front.heading)
    grid = token_layout.grid(page, len(front.items), front.size, top=top, cols=5)
    _draw(c, ctx, front, grid.cells, "inv_front")
    doc.end_page()
    _heading(c, ctx, page[1] - token_layout.MARGIN, back.heading)
    _draw(c, ctx, back, token_layout.mirrored(grid.cells, page, duplex, offset), "inv_back")
    doc.end_page()
    y = page[1] - token_layout.MARGIN
    for n, section in enumerate(rest):
        probe = token_layout.grid(page, len(section.items), section.size, top=y - mm(7),
                                  cols=section.cols)
        if probe.bottom < token_layout.MARGIN:
            doc.end_page()
            y = page[1] - token_layout.MARGIN
        top = _heading(c, ctx, y, section.heading)
        grid = token_layout.grid(page, len(section.items), section.size, top=top,
                                 cols=section.cols)
        _draw(c, ctx, section, grid.cells, f"sec{n}")
        y = grid.bottom - mm(6)
    doc.end_page()
