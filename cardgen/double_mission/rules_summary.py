"""The rules summary: every section of guide.yaml (plan cards, investigation tokens and the team
variant included), the odds table after the operation rules, and the characters' two sides,
in two columns over as many pages as needed.

The body size is the largest of SIZES that needs no more pages than the smallest; no size is
under `text.AID_BODY_MIN`. A heading always shares its column with its first point, and the
odds table is placed whole, so neither is ever left alone at the foot of a page."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from ..geometry import Rect, mm
from ..render.common import INK, MUTED, Ctx
from ..render.flow import Flow, NullCanvas
from .aids import ODDS_AFTER, keep_section, place_odds, sections
from .strings import t

SIZES = (10.5, 10.0, 9.5, 9.0)
MARGIN = mm(16)
GAP = mm(8)


def rules_summary(c: Canvas, ctx: Ctx, page: tuple[float, float]) -> int:
    """Draw the summary on `c` (leaving its last page open); returns the page count."""
    counts = [_pages(ctx, page, s) for s in SIZES]
    size = next(s for s, n in zip(SIZES, counts, strict=True) if n == min(counts))
    total = min(counts)
    # the last page's two columns as short as they can be: its text split evenly across them
    low, high = 0.0, page[1]
    while high - low > 2:
        mid = (low + high) / 2
        low, high = (low, mid) if _pages(ctx, page, size, total, mid) == total else (mid, high)
    return _summary(c, ctx, page, size, total, high)[0]


def _pages(ctx: Ctx, page: tuple[float, float], size: float, total: int = 0,
           last: float | None = None) -> int:
    """How many pages the summary takes at `size` (with page `total`'s columns `last` high);
    a large number when some text would run below its column."""
    try:
        n, spilled = _summary(NullCanvas(), ctx, page, size, total, last,  # type: ignore[arg-type]
                              folio=False)
    except OverflowError:  # a block taller than a whole column `last` high: too short
        return 999
    return 999 if spilled else n


def _columns(page: tuple[float, float], top: float, height: float | None = None) -> list[Rect]:
    """Two columns from `top` down to the foot margin, or only `height` high."""
    w = (page[0] - 2 * MARGIN - GAP) / 2
    bottom = MARGIN + mm(6)
    if height is not None:
        bottom = max(bottom, top - height)
    return [Rect(MARGIN, bottom, w, top - bottom), Rect(MARGIN + w + GAP, bottom, w, top - bottom)]


def _folio(c: Canvas, ctx: Ctx, page: tuple[float, float], n: int, total: int) -> None:
    """The game, the document and `n/total` at the foot of a page (when `total` is known)."""
    if not total:
        return
    c.setFillColor(MUTED)
    c.setFont(ctx.fonts.body, 9)
    label = f"{ctx.game.game.name.get(ctx.lang)} · {t(ctx.lang, 'rules')} · {n}/{total}"
    c.drawRightString(page[0] - MARGIN, MARGIN - 2, label)


def _summary(c: Canvas, ctx: Ctx, page: tuple[float, float], size: float, total: int,
             last: float | None = None, *, folio: bool = True) -> tuple[int, bool]:
    """Draw the summary; `total` is the page count (0 when not known yet), `last` the height
    of the columns on page `total`; `folio` numbers the pages. Returns the page count and
    whether any text ran below its column."""
    pages = [1]

    def next_page() -> list[Rect]:
        _folio(c, ctx, page, pages[0], total if folio else 0)
        c.showPage()
        pages[0] += 1
        return _columns(page, page[1] - MARGIN, last if pages[0] == total else None)

    g = ctx.game.game
    c.setFillColor(INK)
    c.setFont(ctx.fonts.display, 24)
    c.drawString(MARGIN, page[1] - MARGIN - 20, f"{g.name.get(ctx.lang)} · {t(ctx.lang, 'rules')}")
    first = _columns(page, page[1] - MARGIN - mm(16), last if total <= 1 else None)
    flow = Flow(c, ctx, first, size=size, next_page=next_page)
    for key, heading, points in sections(ctx, aid=False):
        keep_section(flow, heading, points)
        if key == ODDS_AFTER:
            place_odds(flow, ctx, dark=False)
    sides = [f"{ctx.name(ch)} {side}: {ch.sides[side].text.get(ctx.lang)}"
             for ch in ctx.game.characters for side in ("A", "B")]
    keep_section(flow, t(ctx.lang, "character_cards"), sides)
    _folio(c, ctx, page, pages[0], total if folio else 0)
    return pages[0], flow.spilled
