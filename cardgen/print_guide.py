"""The kit's first page, "Print and build": every file with its paper, sides and duplex edge,
what goes on sticker paper, what to buy, the order of work, and a 1:1 ruler.

Written from the Kit alone (its card families, its files' stock and notes, `bought` and
`assembly`), after the other files, so the page counts are the real ones."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas

from .documents import LINK_STRIP, draw_link
from .geometry import Rect, mm
from .kit import FileJob, Kit, Written
from .render.common import INK, Ctx
from .render.flow import Flow
from .sheet_words import word

FILE_NAME = "print-guide.pdf"
MARGIN = mm(15)
RULER = mm(100)


def file_rows(kit: Kit, ctx: Ctx) -> list[tuple[str, str, bool, str]]:
    """(file name, stock, two-sided, note) for each file of the kit, card sheets first."""
    lang = ctx.lang
    rows = [(f.file_name, "cardstock", True, word(lang, "note_cards")) for f in kit.families(ctx)]
    rows += [(f.name, f.stock, f.two_sided, f.note(lang) if f.note else "") for f in kit.files]
    return rows


def write_guide(job: FileJob, kit: Kit, pages: dict[str, int], bought: Sequence[str]) -> Written:
    """Write print-guide.pdf into the job's folder; `pages`: file name -> page count."""
    ctx, lang = job.ctx, job.ctx.lang
    doc = job.open(FILE_NAME, word(lang, "guide_title"))
    c = doc.canvas
    pw, ph = job.page
    width = pw - 2 * MARGIN

    def new_page() -> list[Rect]:
        doc.end_page()
        return [Rect(MARGIN, MARGIN, width, ph - 2 * MARGIN)]

    foot = _first_page(c, job, width)
    top = ph - MARGIN - mm(10)
    flow = Flow(c, ctx, [Rect(MARGIN, foot, width, top - foot)], size=9, next_page=new_page)
    _files(flow, job, kit, pages)
    flow.heading(word(lang, "guide_buy"))
    for item in bought or [word(lang, "nothing_to_buy")]:
        flow.paragraph(item)
    flow.heading(word(lang, "guide_order"))
    steps = [word(lang, f"step_{n}") for n in range(1, 5)] + list(
        kit.assembly(lang) if kit.assembly else [])
    for n, step in enumerate(steps, start=1):
        flow.paragraph(step, bullet=f"{n}.")
    doc.end_page()
    return doc.path, doc.save(), job.page


def _first_page(c: Canvas, job: FileJob, width: float) -> float:
    """The title, the ruler and the companion link; returns the top of what they take."""
    ctx, ph = job.ctx, job.page[1]
    c.setFillColor(INK)
    c.setFont(ctx.fonts.display, 20)
    c.drawString(MARGIN, ph - MARGIN - 16, f"{job.name} · {word(ctx.lang, 'guide_title')}")
    _ruler(c, ctx, MARGIN, MARGIN + mm(4))
    foot = MARGIN + mm(18)
    if job.link:
        draw_link(c, ctx, Rect(MARGIN, foot, width, LINK_STRIP), job.link, job.version)
        foot += LINK_STRIP + mm(3)
    return foot


def _files(flow: Flow, job: FileJob, kit: Kit, pages: dict[str, int]) -> None:
    """Each file with its pages, stock, sides and note; then what goes on sticker paper."""
    lang = job.ctx.lang
    rows = file_rows(kit, job.ctx)
    flow.heading(word(lang, "guide_files"))
    flow.paragraph(word(lang, "guide_scale"))
    for name, stock, two_sided, note in [(FILE_NAME, "paper", False, ""), *rows]:
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

