"""The player aid: one page per player, its running text as large as the page allows and never
under `text.AID_BODY_MIN`, with the companion's QR code and the content version at its foot.

The words come from guide.yaml (`aid: true` sections) with their numbers filled in from
game.yaml; the odds table is computed from the dice rules. The pieces both the aid and the
rules summary use (a section kept together, the odds table) live here too."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from reportlab.lib.colors import white
from reportlab.pdfgen.canvas import Canvas

from missionkit.double_mission import odds
from missionkit.double_mission.guide import fill

from .. import text
from ..documents import LINK_STRIP, Document
from ..geometry import Rect, mm
from ..render.common import CHARCOAL, CREAM, GOLD, INK, MUTED, Ctx, fill_rect
from ..render.flow import Flow, largest_size
from ..sheet_words import see_rulebook
from .strings import t

ODDS_HEAD = {"en": ("Dice", "Solo", "Co-op"), "ko": ("주사위", "혼자", "공동")}
ODDS_TITLE = {"en": "Odds of success", "ko": "성공 확률"}
ODDS_AFTER = "operation"  # the table follows the section that explains the roll
AID_MAX = 11.5  # the aid's running text grows to fill its page up to this size
MARGIN = mm(10)


def odds_rows(ctx: Ctx) -> list[tuple[str, str, str]]:
    """(dice, solo, cooperation) for 1..max dice, computed from the dice rules."""
    dice = ctx.game.game.dice
    return [(str(n), f"{odds.solo(n, dice.success_chance):.1%}",
             f"{odds.cooperation(n, dice.success_chance):.1%}") for n in range(1, dice.max + 1)]


def odds_height(ctx: Ctx, size: float) -> float:
    """The table's height when its cells are set at `size`: a title and one row per line."""
    return size * 2.6 + (len(odds_rows(ctx)) + 1) * size * 1.9


def odds_table(c: Canvas, ctx: Ctx, area: Rect, size: float, *, dark: bool) -> None:
    """The odds table filling `area` (see odds_height), its title as large as a heading."""
    c.setFillColor(GOLD if dark else INK)
    c.setFont(ctx.fonts.display, size * 1.45)
    c.drawString(area.x, area.y1 - size * 1.45, ODDS_TITLE[ctx.lang])
    row_h = size * 1.9
    col_w = area.w / 3
    for r, cells in enumerate([ODDS_HEAD[ctx.lang], *odds_rows(ctx)]):
        y = area.y1 - size * 2.6 - (r + 1) * row_h
        if r % 2 == 0 and r:
            fill_rect(c, Rect(area.x, y, area.w, row_h), MUTED if dark else CREAM)
        c.setFillColor(white if dark else INK)
        c.setFont(ctx.fonts.bold if r == 0 else ctx.fonts.body, size)
        for k, cell in enumerate(cells):
            c.drawCentredString(area.x + (k + 0.5) * col_w, y + row_h / 2 - size * 0.35, cell)


def place_odds(flow: Flow, ctx: Ctx, *, dark: bool) -> None:
    """The odds table next in the flow, whole, in this column or the next."""
    h = odds_height(ctx, flow.size)
    flow.room(h + flow.size)
    flow.y -= flow.size
    odds_table(flow.c, ctx, Rect(flow.area.x, flow.y - h, flow.area.w, h), flow.size, dark=dark)
    flow.y -= h


def keep_section(flow: Flow, heading: str, points: list[str]) -> None:
    """A heading and its points; the heading never ends a column: it moves on with its first
    point when that point does not fit under it."""
    size = flow.size
    first = text.wrap(points[0], flow.ctx.fonts.body, size, flow.area.w - size * 1.1)
    flow.room(size * 2.6 + len(first) * size * 1.28 + size * 0.3)
    flow.heading(heading)
    for point in points:
        flow.paragraph(point)


def sections(ctx: Ctx, *, aid: bool) -> Iterator[tuple[str, str, list[str]]]:
    """(id, heading, filled points) of the guide's sections (only the aid's with `aid`)."""
    for section in ctx.game.guide:
        if section.aid or not aid:
            yield (section.id, section.heading.get(ctx.lang),
                   [fill(p.get(ctx.lang), ctx.game.game) for p in section.points])


class _Flow(Flow):
    """A Flow that notes the column a block started in (after its first `room` check) and
    where each column's text stops."""

    started: int | None = None
    ends: list[float]

    def room(self, height: float) -> None:
        self.ends[self.col] = self.y  # where this column's text stops if the flow moves on
        super().room(height)
        if self.started is None:
            self.started = self.col


def _aid(c: Canvas, ctx: Ctx, page: tuple[float, float], size: float,
         link: Callable[[Rect], None] | None, spread: tuple[float, ...] = (0.0, 0.0),
         book: dict[str, int] | None = None) -> list[tuple[float, int]]:
    """One aid page at body size `size`, or TextOverflow naming the section that spills.

    `spread[j]` is added above every block (a section, the table) that does not open column
    j, so the blocks fill the column's height. Returns each column's unused height and its
    number of such blocks."""
    card = Rect(MARGIN, MARGIN, page[0] - 2 * MARGIN, page[1] - 2 * MARGIN)
    if link:  # the document's own draw_link, so a rebuild knows this file prints the version
        link(Rect(card.x, card.y, card.w, LINK_STRIP))
        gap = LINK_STRIP + mm(5)  # a clear white band between the QR panel and the aid
        card = Rect(card.x, card.y + gap, card.w, card.h - gap)
    fill_rect(c, card, CHARCOAL, radius=mm(5))
    inner = card.shrink(mm(9))
    c.setFillColor(GOLD)
    title = f"{ctx.game.game.name.get(ctx.lang)} · {t(ctx.lang, 'player_aid')}"
    text.one_line(c, title, Rect(inner.x, inner.y1 - mm(8), inner.w, mm(8)), ctx.fonts.display,
                  22, item="player_aid", field="title", align="left")
    top = inner.y1 - mm(11)
    w = (inner.w - mm(9)) / 2
    cols = [Rect(inner.x + k * (w + mm(9)), inner.y, w, top - inner.y) for k in (0, 1)]
    flow = _Flow(c, ctx, cols, size=size, dark=True)
    flow.ends, gaps = [col.y1 for col in cols], [0, 0]
    for key, block in _blocks(flow, ctx, book or {}):
        col, inside = flow.col, flow.y < flow.area.y1 - 0.01
        if inside:
            flow.y -= spread[col]
        flow.started = None
        try:
            block()
        except OverflowError:
            flow.spilled = True  # no column left for it
        if flow.spilled:
            raise text.TextOverflow("player_aid", key, f"two columns of {w:.0f} pt at {size:g} pt")
        gaps[col] += inside and flow.started == col
        flow.ends[flow.col] = flow.y
    return [(end - col.y, n) for end, col, n in zip(flow.ends, cols, gaps, strict=True)]


# an aid section -> the rulebook section that explains it (when their ids differ)
IN_RULEBOOK = {"scoring": "end_game"}


def _blocks(flow: Flow, ctx: Ctx, book: dict[str, int]) -> list[tuple[str, Callable[[], None]]]:
    """(field, draw) of the aid's sections, with the odds table after ODDS_AFTER; each
    heading says on which page of the rulebook (`book`: section id -> page) it is told."""
    out: list[tuple[str, Callable[[], None]]] = []
    for key, heading, points in sections(ctx, aid=True):
        heading = see_rulebook(ctx.lang, heading, book.get(IN_RULEBOOK.get(key, key)))
        out.append((f"guide.{key}", lambda h=heading, p=points: keep_section(flow, h, p)))
        if key == ODDS_AFTER:
            out.append(("odds_table", lambda: place_odds(flow, ctx, dark=True)))
    return out


def _no_link(area: Rect) -> None:
    """Measuring a layout: the link strip takes its room, nothing is drawn."""


def _spread(columns: list[tuple[float, int]], size: float) -> tuple[float, ...]:
    """The extra space above each block of a column (its unused height and block count, as
    `_aid` measured them at `size`) that lets its blocks fill it (at most two lines' worth,
    so a short last column stays short rather than gappy)."""
    return tuple(min(0.97 * room / n, 2 * size) if n else 0.0 for room, n in columns)


def aid_layout(ctx: Ctx, page: tuple[float, float], link: bool,
               book: dict[str, int] | None = None) -> tuple[float, tuple[float, ...]]:
    """The largest body size from AID_MAX down to AID_BODY_MIN at which the aid fits its page,
    and the spread of its columns at that size; TextOverflow (naming the section) when even
    AID_BODY_MIN does not fit."""
    measured: list[list[tuple[float, int]]] = []  # _aid's columns at the size that fits

    def draw(c: Canvas, size: float) -> None:
        measured[:] = [_aid(c, ctx, page, size, _no_link if link else None, book=book)]

    size = largest_size(draw, AID_MAX)
    return size, _spread(measured[0], size)


def write_player_aids(doc: Document, count: int, book: dict[str, int] | None = None) -> None:
    """`count` aids, one per page (so the running text can stay readable at arm's length);
    `book`: where the rulebook tells each section (section id -> page)."""
    c = doc.canvas
    page = c._pagesize
    size, spread = aid_layout(doc.ctx, page, True, book)
    for _ in range(count):  # the QR at the foot, or a box to write the address in
        _aid(c, doc.ctx, page, size, doc.draw_link, spread, book)
        doc.end_page()
