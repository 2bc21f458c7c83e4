"""The tokens-and-stickers PDF: sections of round tokens and stickers, two-sided where needed."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from . import imposition, token_layout
from .documents import Document
from .geometry import Rect, mm
from .render.common import INK, MUTED, Ctx

DrawToken = Callable[[Canvas, Ctx, Any, Rect], None]
BACK_GROW = mm(1)  # a two-sided token's back is drawn this much wider all round than its
# front: cut along the front's line, a back printed up to 1 mm off still fills the disc
PAIR_GAP = mm(5)  # between two-sided tokens: room for both backs' extra width and bleed


@dataclass(frozen=True)
class Section:
    """A run of equal tokens or stickers under a heading; `draw` draws one into its cell."""

    heading: str
    items: Sequence[Any]
    draw: DrawToken
    size: float
    round: bool = True
    cols: int | None = None  # per row (None: as many as fit)


def cut_circle(c: Canvas, cell: Rect) -> None:
    """The thin cut line around a round token."""
    c.setStrokeColor(MUTED)
    c.setLineWidth(0.3)
    c.circle(cell.cx, cell.cy, cell.w / 2, fill=0, stroke=1)


def cut_square(c: Canvas, cell: Rect) -> None:
    c.setStrokeColor(MUTED)
    c.setLineWidth(0.3)
    c.rect(cell.x, cell.y, cell.w, cell.h, fill=0, stroke=1)


def _heading(c: Canvas, ctx: Ctx, y: float, label: str) -> float:
    c.setFillColor(INK)
    c.setFont(ctx.fonts.bold, 10)
    c.drawString(token_layout.MARGIN, y - mm(4), label)
    return y - mm(7)


def _draw(c: Canvas, ctx: Ctx, section: Section, cells: Sequence[Rect], tag: str, *,
          grow: float = 0.0) -> None:
    """Draw each distinct item once as a form, then place it in every cell that shows it.
    With `grow` (a two-sided token's back) each is drawn that much larger all round and
    has no cut line: it is cut from the front."""
    forms: dict[Any, str] = {}
    size = section.size
    room = mm(2) + grow
    for i, item in enumerate(section.items):
        if item not in forms:
            forms[item] = f"{tag}_{i}"
            c.beginForm(forms[item], -room, -room, size + room, size + room)
            section.draw(c, ctx, item, Rect(-grow, -grow, size + 2 * grow, size + 2 * grow))
            c.endForm()
    for item, cell in zip(section.items, cells, strict=True):
        c.saveState()
        c.translate(cell.x, cell.y)
        c.doForm(forms[item])
        c.restoreState()
        if not grow:
            (cut_circle if section.round else cut_square)(c, cell)


def write_tokens(doc: Document, front: Section | None, back: Section | None,
                 rest: Sequence[Section], *, duplex: str, offset: tuple[float, float],
                 opener: Callable[[float], float] | None = None) -> None:
    """Two-sided tokens (front page, then its backs in register), then the one-sided sections:
    on the front page under the two-sided tokens while they fit (their reverse stays blank),
    the others on sheets of their own. `opener(top)`, when given, draws a one-sided block of
    its own (a game's pawns) at the top of the first one-sided sheet and returns the y under
    it, where the sections left over go on.

    Pass front and back as None for a game with no two-sided tokens. The form names
    ("inv_front", ...) are in the PDF's bytes, so they stay as they were."""
    c, ctx = doc.canvas, doc.ctx
    page = c._pagesize
    y = page[1] - token_layout.MARGIN
    left = [(f"sec{n}", section) for n, section in enumerate(rest)]
    if front is not None and back is not None:
        top = _heading(c, ctx, y, front.heading)
        grid = token_layout.grid(page, len(front.items), front.size, top=top, cols=front.cols,
                                 gap=PAIR_GAP)
        _draw(c, ctx, front, grid.cells, "inv_front")
        _fill(c, ctx, page, left, grid.bottom - mm(6))
        doc.end_page()
        _heading(c, ctx, page[1] - token_layout.MARGIN, back.heading)
        _draw(c, ctx, back, imposition.back_cells(grid.cells, page, duplex, offset), "inv_back",
              grow=BACK_GROW)
        doc.end_page()
        y = page[1] - token_layout.MARGIN
    if opener is not None:
        y = opener(y) - mm(6)
    if left or opener is not None:  # else the front page holds the rest: no blank last page
        _fill(c, ctx, page, left, y)
        while left:
            doc.end_page()
            _fill(c, ctx, page, left, page[1] - token_layout.MARGIN)
        doc.end_page()


ORPHANS = 2  # a split section leaves more than this many pieces for the next sheet


def _fill(c: Canvas, ctx: Ctx, page: tuple[float, float], left: list[tuple[str, Section]],
          y: float) -> None:
    """Place the sections of `left` from `y` down while rows fit, taking them off the list; a
    section whose rows do not all fit is split (its heading repeated over the rest on the next
    sheet), so no sheet is left half empty, unless the rest would be an ORPHAN or two (a
    character's two markers on two sheets): then it starts on the next sheet whole."""
    first = True
    while left:
        tag, section = left[0]
        grid = token_layout.grid(page, len(section.items), section.size, top=y - mm(7),
                                 cols=section.cols)
        fitting = [cell for cell in grid.cells if cell.y >= token_layout.MARGIN]
        rest = len(section.items) - len(fitting)
        if not fitting or (0 < rest <= ORPHANS and not first):
            return
        first = False
        _heading(c, ctx, y, section.heading)
        _draw(c, ctx, replace(section, items=section.items[:len(fitting)]), fitting, tag)
        if len(fitting) < len(section.items):
            left[0] = (f"{tag}b", replace(section, items=section.items[len(fitting):]))
            return
        left.pop(0)
        y = min(cell.y for cell in fitting) - mm(6)
