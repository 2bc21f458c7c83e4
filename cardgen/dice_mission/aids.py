"""Player aids: half-page cards, two per sheet, the round summary on the front and the
gadgets, the hands by player count and the companion link on the back (the guide's `aid`
sections: the gadget sections go on the back).

Running text is set at the largest size from START that fits, never under
text.AID_BODY_MIN (TextOverflow naming the section instead). The backs are placed where the
fronts' backs fall once the sheet is flipped (duplex), so a printed sheet cut across the
middle gives two double-sided aids. The active agent token fills the last sheet's free half.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from reportlab.lib.colors import white
from reportlab.pdfgen.canvas import Canvas

from missionkit.content.guide import GuideSection
from missionkit.dice_mission.guide import fill

from .. import text
from ..documents import LINK_STRIP, Document, cut_line, half_areas
from ..geometry import Rect, mm
from ..imposition import Duplex, back_cells
from ..render.common import CHARCOAL, GOLD, Ctx, fill_rect, hexcolor
from ..render.flow import FittedSizes, Flow
from ..sheet_words import see_rulebook
from . import glyphs, tokens
from .cards import TYPE_STYLE
from .strings import t

BACK_FILL = hexcolor("#23252B")
START = 10.5  # the running text's size when there is room for it
KEY_H = mm(46)  # the four mission types' key, atop the front's third column


def _is_back(section_id: str) -> bool:
    return section_id.endswith("gadgets")


def _back_sections(ctx: Ctx) -> list[GuideSection]:
    """The guide's aid sections printed on the back: the gadgets, each in a column."""
    return [s for s in ctx.game.guide if s.aid and _is_back(s.id)]


def _title(c: Canvas, ctx: Ctx, inner: Rect, label: str) -> None:
    c.setFillColor(GOLD)
    text.one_line(c, f"{ctx.game.game.name.get(ctx.lang)} · {label}",
                  Rect(inner.x, inner.y1 - mm(6), inner.w - mm(12), mm(6)), ctx.fonts.display,
                  16, item="player_aid", field="title", align="left")


def _columns(inner: Rect, n: int, top: float, bottom: float = 0.0) -> list[Rect]:
    gap = mm(6)
    w = (inner.w - gap * (n - 1)) / n
    return [Rect(inner.x + k * (w + gap), inner.y + bottom, w, inner.h - top - bottom)
            for k in range(n)]


def _section(ctx: Ctx, flow: Flow, section: GuideSection, book: dict[str, int]) -> None:
    """One guide section down the flow; TextOverflow naming it when the aid is full."""
    page = book.get(section.rulebook) if section.rulebook else None
    heading = see_rulebook(ctx.lang, section.heading.get(ctx.lang), page)
    flow.aid_section(f"guide.{section.id}", heading,
                     [fill(point.get(ctx.lang), ctx.game.game) for point in section.points])


def _hands(ctx: Ctx, flow: Flow, book: dict[str, int]) -> None:
    """Missions dealt per type and the missions needed to win, by player count; TextOverflow
    naming `setup` when the aid is full."""
    rows = []
    for players, row in sorted(ctx.game.setup.items()):
        dealt = "/".join(str(n) for n in dict.fromkeys(row.dealt.values()))
        rows.append(t(ctx.lang, "setup_row", p=players, n=dealt, target=row.target))
    heading = see_rulebook(ctx.lang, t(ctx.lang, "setup_title"), book.get("setup"))
    flow.aid_section("setup", heading, rows)


def _type_key(c: Canvas, ctx: Ctx, area: Rect) -> None:
    """The four mission types: mark, colour and what each reads (labels, 7 pt and up)."""
    row = area.h / 4
    for k, kind in enumerate(("solo", "versus", "team", "special")):
        y = area.y1 - (k + 0.5) * row
        color = hexcolor(TYPE_STYLE[kind][0])
        fill_rect(c, Rect(area.x, y - row * 0.42, area.w, row * 0.84), color, radius=mm(1.5))
        glyphs.type_mark(c, kind, area.x + row * 0.5, y, row * 0.7, white)
        c.setFillColor(white)
        words = Rect(area.x + row * 1.05, y - row * 0.4, area.w - row * 1.15, row * 0.4)
        c.setFont(ctx.fonts.display, 11)
        c.drawString(words.x, y + 1.5, t(ctx.lang, kind))
        text.one_line(c, t(ctx.lang, f"{kind}_hint"), words, ctx.fonts.bold, 8.5,
                      item="player_aid", field=f"{kind}_hint", align="left")


def _front_text(c: Canvas, ctx: Ctx, columns: list[Rect], size: float,
                book: dict[str, int]) -> None:
    flow = Flow(c, ctx, columns, size=size, dark=True)
    for section in ctx.game.guide:
        if section.aid and not _is_back(section.id):
            _section(ctx, flow, section, book)


def aid_front(c: Canvas, ctx: Ctx, area: Rect, sizes: FittedSizes,
              book: dict[str, int] | None = None) -> None:
    """The round summary: the mission and debriefing phases, and the mission types' key; its
    text size found in `sizes` (once per area in a file)."""
    fill_rect(c, area, CHARCOAL, radius=mm(4))
    inner = area.shrink(mm(7))
    _title(c, ctx, inner, t(ctx.lang, "round"))
    cols = _columns(inner, 3, mm(9))
    side = cols[2]
    _type_key(c, ctx, Rect(side.x, side.y1 - KEY_H, side.w, KEY_H))
    cols[2] = Rect(side.x, side.y, side.w, side.h - KEY_H - mm(3))
    book = book or {}
    size = sizes.size(area, lambda cv, s: _front_text(cv, ctx, cols, s, book))
    _front_text(c, ctx, cols, size, book)


def _back_text(c: Canvas, ctx: Ctx, columns: list[Rect], size: float,
               book: dict[str, int]) -> None:
    """Each gadget section in a column of its own, the hands in the last."""
    sections = _back_sections(ctx)
    for section, column in zip(sections, columns, strict=False):
        _section(ctx, Flow(c, ctx, [column], size=size, dark=True), section, book)
    _hands(ctx, Flow(c, ctx, columns[len(sections):], size=size, dark=True), book)


def aid_back(c: Canvas, ctx: Ctx, area: Rect, link: Callable[[Rect], None] | None,
             sizes: FittedSizes, book: dict[str, int] | None = None) -> None:
    """The gadgets by the phase they are played in, the hands, and the companion's link
    (drawn by the document's draw_link, so a rebuild knows this file prints the version);
    the text size found in `sizes` (once per area in a file, `link` the same for all)."""
    fill_rect(c, area, BACK_FILL, radius=mm(4))
    inner = area.shrink(mm(7))
    _title(c, ctx, inner, t(ctx.lang, "gadgets_list"))
    glyphs.suitcase(c, inner.x1 - mm(5), inner.y1 - mm(2.5), mm(9), GOLD, BACK_FILL)
    strip = LINK_STRIP if link else 0.0
    n = len(_back_sections(ctx)) + 1
    cols = _columns(inner, n, mm(9), strip + mm(2) if strip else 0.0)
    book = book or {}
    size = sizes.size(area, lambda cv, s: _back_text(cv, ctx, cols, s, book))
    _back_text(c, ctx, cols, size, book)
    if strip:
        link(Rect(inner.x, inner.y, inner.w, strip))


def write_aids(doc: Document, count: int, duplex: Duplex, offset: tuple[float, float],
               book: dict[str, int] | None = None) -> None:
    """`count` aids, two per sheet: a page of fronts, then a page of their backs; the text
    size of each side is found once per place on the sheet, not once per aid. The active
    agent token takes the last sheet's free half (with an even count, a sheet of its own),
    its back in register on the reverse page, so the kit needs no token file."""
    c, ctx = doc.canvas, doc.ctx
    page = c._pagesize
    areas = half_areas(page)
    front_sizes, back_sizes = FittedSizes(START), FittedSizes(START)
    for first in range(0, count + 1, 2):
        fronts: Sequence[Rect] = areas[:min(2, count - first)]
        token = tokens.token_cells(areas[len(fronts)], page, duplex, offset) \
            if len(fronts) < 2 else None
        for area in fronts:
            aid_front(c, ctx, area, front_sizes, book)
        if token:
            tokens.draw_token(c, ctx, token[0], back=False)
        _cut_line(c, page, len(fronts) + bool(token))
        doc.end_page()
        for area in back_cells(tuple(fronts), page, duplex, offset):
            aid_back(c, ctx, area, doc.draw_link, back_sizes, book)
        if token:
            tokens.draw_token(c, ctx, token[1], back=True)
        _cut_line(c, page, len(fronts) + bool(token))
        doc.end_page()


def _cut_line(c: Canvas, page: tuple[float, float], aids: int) -> None:
    """The dashed line between the two aids of a sheet (none under a lone aid)."""
    if aids >= 2:
        cut_line(c, page)
