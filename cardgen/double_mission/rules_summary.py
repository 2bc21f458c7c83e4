"""The rules summary: every section of guide.yaml (plan cards, investigation tokens and the team
variant included), the odds table after the operation rules, and the characters' two sides,
in two columns over as many pages as needed.

The body size is the largest of SIZES that needs no more pages than the smallest; no size is
under `text.AID_BODY_MIN`. A heading always shares its column with its first point, and the
odds table is placed whole, so neither is ever left alone at the foot of a page."""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from ..geometry import Rect, mm
from ..render.common import INK, MUTED, Ctx
from ..render.flow import Flow
from .aids import ODDS_AFTER, keep_section, place_odds, sections
from .strings import t

SIZES = (10.5, 10.0, 9.5, 9.0)
MARGIN = mm(16)
GAP = mm(8)


def rules_summary(c: Canvas, ctx: Ctx, page: tuple[float, float]) -> int:
    """Draw the summary on `c` (leaving its last page open); returns the page count."""
    counts = [_summary(Canvas(io.BytesIO(), pagesize=page), ctx, page, s, 0) for s in SIZES]
    size = next(s for s, n in zip(SIZES, counts, strict=True) if n == min(counts))
    return _summary(c, ctx, page, size, min(counts))


def _columns(page: tuple[float, float], top: float) -> list[Rect]:
    w = (page[0] - 2 * MARGIN - GAP) / 2
    return [Rect(MARGIN, MARGIN + mm(6), w, top - MARGIN - mm(6)),
            Rect(MARGIN + w + GAP, MARGIN + mm(6), w, top - MARGIN - mm(6))]


def _folio(c: Canvas, ctx: Ctx, page: tuple[float, float], n: int, total: int) -> None:
    """The game, the document and `n/total` at the foot of a page (when `total` is known)."""
    if not total:
        return
    c.setFillColor(MUTED)
    c.setFont(ctx.fonts.body, 9)
    label = f"{ctx.game.game.name.get(ctx.lang)} · {t(ctx.lang, 'rules')} · {n}/{total}"
    c.drawRightString(page[0] - MARGIN, MARGIN - 2, label)


def _summary(c: Canvas, ctx: Ctx, page: tuple[float, float], size: float, total: int) -> int:
    pages = [1]

    def next_page() -> list[Rect]:
        _folio(c, ctx, page, pages[0], total)
        c.showPage()
        pages[0] += 1
        return _columns(page, page[1] - MARGIN)

    g = ctx.game.game
    c.setFillColor(INK)
    c.setFont(ctx.fonts.display, 24)
    c.drawString(MARGIN, page[1] - MARGIN - 20, f"{g.name.get(ctx.lang)} · {t(ctx.lang, 'rules')}")
    c.setFont(ctx.fonts.body, 10)
    c.setFillColor(MUTED)
    c.drawString(MARGIN, page[1] - MARGIN - 36, g.subtitle.get(ctx.lang))
    flow = Flow(c, ctx, _columns(page, page[1] - MARGIN - mm(16)), size=size,
                next_page=next_page)
    for key, heading, points in sections(ctx, aid=False):
        keep_section(flow, heading, points)
        if key == ODDS_AFTER:
            place_odds(flow, ctx, dark=False)
    sides = [f"{ctx.name(ch)} {side}: {ch.sides[side].text.get(ctx.lang)}"
             for ch in ctx.game.characters for side in ("A", "B")]
    keep_section(flow, t(ctx.lang, "character_cards"), sides)
    _folio(c, ctx, page, pages[0], total)
    return pages[0]
