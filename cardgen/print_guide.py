"""The kit's first page, "Print and build": every file with its paper, sides and duplex edge,
what goes on sticker paper, what to buy, the order of work, and a 1:1 ruler.

Written from the Kit alone (its card families, its files' stock and notes, `bought` and
`assembly`), after the other files, so the page counts are the real ones."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas

from . import credits
from .documents import LINK_STRIP, draw_link
from .geometry import Rect, mm
from .kit import FileJob, Kit, Written, card_files
from .render.common import INK, Ctx
from .render.flow import Flow, NullCanvas, largest_size
from .rulebook import FILE_NAME as RULEBOOK
from .sheet_words import word
from .text import TextOverflow

FILE_NAME = "print-guide.pdf"
MARGIN = mm(15)
RULER = mm(100)


Row = tuple[str, str, bool, str]  # file name, stock, two-sided, note


def file_rows(kit: Kit, ctx: Ctx) -> list[Row]:
    """(file name, stock, two-sided, note) for each file of the kit, card sheets first."""
    lang = ctx.lang
    rows = [(runs[0].file_name, "cardstock", True, word(lang, "note_cards"))
            for runs in card_files(kit.families(ctx))]
    rows += [(f.name, f.stock, f.two_sided, f.note(lang) if f.note else "") for f in kit.files]
    return rows


def rulebook_row(job: FileJob, pages: int) -> Row:
    """The rulebook's line: plain paper; a booklet is printed two-sided and folded."""
    lang = job.ctx.lang
    if job.booklet:
        note = word(lang, "note_booklet", edge=word(lang, f"edge_{job.duplex}"), pages=pages * 2)
        return RULEBOOK, "paper", True, note
    return RULEBOOK, "paper", False, word(lang, "note_rulebook")


def write_guide(job: FileJob, kit: Kit, pages: dict[str, int], bought: Sequence[str]) -> Written:
    """Write print-guide.pdf into the job's folder; `pages`: file name -> page count.

    One page where the text fits at SIZE down to FLOOR (measured first on a canvas that
    draws nothing); else as many pages as it takes at SIZE, and the guide lists its own
    page count truly either way."""
    ctx, lang = job.ctx, job.ctx.lang
    pw, ph = job.page
    width = pw - 2 * MARGIN
    rows = file_rows(kit, ctx)
    if RULEBOOK in pages:  # read first, so listed first
        rows.insert(0, rulebook_row(job, pages[RULEBOOK]))
    size, own = _fitting_size(job, kit, rows, pages, bought)
    doc = job.open(FILE_NAME, word(lang, "guide_title"))
    c = doc.canvas

    def new_page() -> list[Rect]:
        doc.end_page()
        return [Rect(MARGIN, MARGIN, width, ph - 2 * MARGIN)]

    foot = _first_page(c, job, width)
    flow = Flow(c, ctx, [_first_area(job, foot)], size=size, next_page=new_page)
    _body(flow, job, kit, rows, {**pages, FILE_NAME: own}, bought)
    doc.end_page()
    return doc.path, doc.save(), job.page


SIZE, FLOOR = 9.0, 8.0  # the guide's text: 9 pt, down to 8 pt to stay on one page


def _first_area(job: FileJob, foot: float) -> Rect:
    top = job.page[1] - MARGIN - mm(10)
    return Rect(MARGIN, foot, job.page[0] - 2 * MARGIN, top - foot)


def _fitting_size(job: FileJob, kit: Kit, rows: list[Row], pages: dict[str, int],
                  bought: Sequence[str]) -> tuple[float, int]:
    """(text size, page count): the largest size from SIZE to FLOOR that keeps the guide on
    one page, else SIZE and the number of pages it takes."""
    foot = _foot(job)

    def one_page(c: Canvas, size: float) -> None:
        """The body on the first page alone; TextOverflow when it does not fit there."""
        try:
            _body(Flow(c, job.ctx, [_first_area(job, foot)], size=size), job, kit, rows, pages,
                  bought)
        except OverflowError:
            raise TextOverflow("print_guide", "body",
                               f"more than one page at {size:g} pt") from None

    try:
        return largest_size(one_page, SIZE, FLOOR), 1
    except TextOverflow:
        pass
    count = [1]

    def counted() -> list[Rect]:
        count[0] += 1
        return [Rect(MARGIN, MARGIN, job.page[0] - 2 * MARGIN, job.page[1] - 2 * MARGIN)]

    flow = Flow(NullCanvas(), job.ctx, [_first_area(job, foot)], size=SIZE,  # type: ignore[arg-type]
                next_page=counted)
    _body(flow, job, kit, rows, pages, bought)
    return SIZE, count[0]


def _body(flow: Flow, job: FileJob, kit: Kit, rows: list[Row], pages: dict[str, int],
          bought: Sequence[str]) -> None:
    """The files (`rows`, see file_rows), what to buy and the order of work, down `flow`."""
    lang = job.ctx.lang
    flow.heading(word(lang, "guide_ink"))
    flow.paragraph(word(lang, "ink_full" if job.ctx.ink == "full" else "ink_home"))
    _files(flow, job, rows, pages)
    flow.heading(word(lang, "guide_buy"))
    for item in bought or [word(lang, "nothing_to_buy")]:
        flow.paragraph(item)
    flow.heading(word(lang, "guide_order"))
    stickers = any(stock == "sticker" for _, stock, _, _ in rows)
    steps = [word(lang, "step_1"), word(lang, "step_2"),
             word(lang, "step_3" if stickers else "step_3_no_stickers"), word(lang, "step_4")]
    steps += list(kit.assembly(lang) if kit.assembly else [])
    for n, step in enumerate(steps, start=1):
        flow.paragraph(step, bullet=f"{n}.")
    flow.paragraph(credits.line(lang, kit.world_map))  # the vendored art's licence asks for it


def _first_page(c: Canvas, job: FileJob, width: float) -> float:
    """The title, the ruler and the companion link (or a box to write the address in, when
    the build knows none); returns the top of what they take."""
    ctx, ph = job.ctx, job.page[1]
    c.setFillColor(INK)
    c.setFont(ctx.fonts.display, 20)
    c.drawString(MARGIN, ph - MARGIN - 16, f"{job.name} · {word(ctx.lang, 'guide_title')}")
    _ruler(c, ctx, MARGIN, MARGIN + mm(4))
    draw_link(c, ctx, Rect(MARGIN, MARGIN + mm(18), width, LINK_STRIP), job.link, job.version)
    return _foot(job)


def _foot(job: FileJob) -> float:
    """The top of the ruler and the link strip on the first page: the text starts above."""
    return MARGIN + mm(18) + LINK_STRIP + mm(3)


def _files(flow: Flow, job: FileJob, rows: list[Row], pages: dict[str, int]) -> None:
    """Each file of `rows` with its pages, stock, sides and note; then what goes on sticker
    paper."""
    lang = job.ctx.lang
    flow.heading(word(lang, "guide_files"))
    flow.paragraph(word(lang, "guide_scale"))
    first = [row for row in rows if row[0] == RULEBOOK]  # read before anything is printed
    listed = [*first, (FILE_NAME, "paper", False, ""), *(r for r in rows if r[0] != RULEBOOK)]
    for name, stock, two_sided, note in listed:
        sides = (word(lang, "two_sided", edge=word(lang, f"edge_{job.duplex}")) if two_sided
                 else word(lang, "one_sided"))
        count = word(lang, "pages", n=pages.get(name, 1))
        line = f"{name} ({count}): {word(lang, 'stock_' + stock)}; {sides}"
        flow.paragraph(f"{line}. {note}" if note else f"{line}.")
    stickers = [name for name, stock, _, _ in rows if stock == "sticker"]
    flow.heading(word(lang, "guide_stickers"))
    flow.paragraph(", ".join(stickers) if stickers else word(lang, "no_stickers"))


def _ruler(c: Canvas, ctx: Ctx, x: float, y: float) -> None:
    """A 100 mm ruler with millimetre ticks: measure it to check the printer kept 100 %."""
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(0.4)
    c.line(x, y, x + RULER, y)
    for k in range(0, 101):
        tick = mm(4) if k % 10 == 0 else mm(2.5) if k % 5 == 0 else mm(1.5)
        c.line(x + mm(k), y, x + mm(k), y + tick)
    c.setFillColor(INK)
    c.setFont(ctx.fonts.body, 6.5)
    for k in range(0, 101, 10):
        c.drawCentredString(x + mm(k), y + mm(5), str(k // 10))
    c.setFont(ctx.fonts.bold, 8)
    c.drawString(x + RULER + mm(5), y + mm(1.5), word(ctx.lang, "ruler"))
    c.restoreState()

