"""The rulebook: a game's `rulebook.yaml` (its text, EN and KO) laid out with ReportLab
platypus, its numbers filled in from the game's `values(model)`, its figures and reference
sections drawn by the game's `cardgen/<package>/rulebook.py` (see rulebook_api.py).

Shared by every game and naming none. The book opens with a contents list (section page
numbers from a first, measuring pass), runs the sections (headings kept with their text,
figures whole, page numbers at the foot) and ends with a one-page quick reference made of the
`quick: true` sections. A block too large for a page, a figure that does not fit or a quick
reference longer than its page is a RulebookOverflow naming the section."""

from __future__ import annotations

import importlib
import importlib.util
import io
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    KeepTogether,
    ListFlowable,
    ListItem,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.doctemplate import FrameBreak, LayoutError

from missionkit.content.errors import ContentError, Problem
from missionkit.content.rulebook import FILE, Block, RulebookFile, Section, read_rulebook
from missionkit.content.source import SourceFile
from missionkit.registry import GAMES

from .geometry import PAPERS, mm
from .ink import as_drawn
from .kit import FileJob, Kit, Written
from .render.common import CREAM, GOLD, INK, MUTED, PAPER, TEAL, Ctx
from .rulebook_api import Figure, RefEntry, decision_lines
from .sheet_words import word

FILE_NAME = "rulebook.pdf"
BODY = 10.0  # body text, points (never under 9: the print floor for running text)
QUICK_BODY = 9.0  # the quick reference's denser text
MARGIN = mm(16)
PLACEHOLDER = re.compile(r"\{([A-Za-z0-9_.]+)\}")


class RulebookOverflow(ValueError):
    """A section that does not fit: a block or figure taller than a page, or a quick
    reference longer than its page."""

    def __init__(self, section: str, message: str):
        self.section, self.message = section, message
        super().__init__(f"rulebook section '{section}': {message}")

    def __reduce__(self) -> tuple[type, tuple[str, str]]:  # raised in a build worker
        return RulebookOverflow, (self.section, self.message)


@dataclass(frozen=True)
class Book:
    """A game's validated rulebook: its sections, source (for lines) and the game's module."""

    book: RulebookFile
    source: SourceFile
    game: Any  # cardgen.<package>.rulebook
    values: dict[str, Any]


def game_module(game_id: str) -> Any | None:
    """`cardgen.<package>.rulebook` of `game_id`, or None when the game has none."""
    name = f"cardgen.{GAMES[game_id]}.rulebook"
    return importlib.import_module(name) if importlib.util.find_spec(name) else None


def has_rulebook(game_id: str, folder: Path | None) -> bool:
    """Whether `game_id` has a rulebook: its content folder's rulebook.yaml and its module."""
    return (folder is not None and (folder / FILE).exists()
            and importlib.util.find_spec(f"cardgen.{GAMES[game_id]}.rulebook") is not None)


def load_book(folder: Path, game_id: str, model: Any) -> Book:
    """Read and check `folder`'s rulebook.yaml against the game's values, figures and
    references: an unknown {placeholder}, figure or reference is a located ContentError."""
    book, source = read_rulebook(folder)
    module = game_module(game_id)
    values = dict(module.values(model))
    problems: list[Problem] = []
    for i, section in enumerate(book.sections):
        for j, block in enumerate(section.blocks):
            loc = ("sections", i, "blocks", j)
            for field_loc, text in _texts(block):
                for name in PLACEHOLDER.findall(text):
                    if name not in values:
                        problems.append(source.problem(
                            (*loc, *field_loc), f"unknown placeholder {{{name}}} (known: "
                            f"{', '.join(sorted(values))})"))
            if block.figure is not None and block.figure not in module.FIGURES:
                problems.append(source.problem((*loc, "figure"), f"unknown figure "
                                f"'{block.figure}' (known: {', '.join(module.FIGURES)})"))
            if block.reference is not None and block.reference not in module.REFERENCES:
                problems.append(source.problem((*loc, "reference"), f"unknown reference "
                                f"'{block.reference}' (known: {', '.join(module.REFERENCES)})"))
    if problems:
        raise ContentError(problems)
    return Book(book, source, module, values)


def _texts(block: Block) -> list[tuple[tuple[Any, ...], str]]:
    """(location under the block, text) of every localised text of `block`."""
    out = []
    for name in ("text", "caption"):
        value = getattr(block, name)
        if value is not None:
            out += [((name, lang), value.get(lang)) for lang in ("en", "ko")]
    for name in ("list", "steps"):
        for k, item in enumerate(getattr(block, name) or []):
            out += [((name, k, lang), item.get(lang)) for lang in ("en", "ko")]
    return out


def fill(text: str, values: dict[str, Any]) -> str:
    """`text` with each {name} replaced by values[name] (load_book checked every name)."""
    return PLACEHOLDER.sub(lambda m: str(values[m.group(1)]), text)


# --- styles and flowables --------------------------------------------------------------


@dataclass(frozen=True)
class Styles:
    body: ParagraphStyle
    bullet: ParagraphStyle
    heading: ParagraphStyle
    sub: ParagraphStyle
    caption: ParagraphStyle
    title: ParagraphStyle


def styles(ctx: Ctx, size: float) -> Styles:
    """The book's paragraph styles at body `size` in `ctx`'s fonts."""
    f = ctx.fonts
    lead = size * (1.5 if ctx.lang == "ko" else 1.35)
    # Korean breaks between words, at its spaces, as the cards do (ReportLab's "CJK" wrap
    # breaks between any two syllables, splitting words: "따/로 섞는다")
    body = ParagraphStyle("body", fontName=f.body, fontSize=size, leading=lead, textColor=INK,
                          spaceAfter=size * 0.45)
    return Styles(
        body=body,
        bullet=ParagraphStyle("bullet", parent=body, spaceAfter=size * 0.2),
        heading=ParagraphStyle("heading", parent=body, fontName=f.display, fontSize=size * 1.7,
                               leading=size * 2.1, textColor=TEAL, spaceBefore=size * 0.9,
                               spaceAfter=size * 0.3, keepWithNext=1),
        sub=ParagraphStyle("sub", parent=body, fontName=f.bold, spaceAfter=size * 0.1,
                           keepWithNext=1),
        caption=ParagraphStyle("caption", parent=body, textColor=MUTED, fontSize=size * 0.92,
                               leading=lead * 0.92, spaceBefore=size * 0.3),
        title=ParagraphStyle("title", parent=body, fontName=f.display, fontSize=size * 3,
                             leading=size * 3.4, textColor=INK, spaceAfter=size * 0.4),
    )


def markup(text: str) -> str:
    """Plain content text as Paragraph markup: escaped, `**bold**` kept bold."""
    return re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", escape(text))


class Mark(Flowable):
    """Takes no room; notes the page it lands on (section starts and ends)."""

    def __init__(self, pages: dict[str, int], key: str):
        super().__init__()
        self.pages, self.key = pages, key
        self.width = self.height = 0

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        return 0, 0

    def draw(self) -> None:
        self.pages[self.key] = self.canv.getPageNumber()


class FigureBox(Flowable):
    """A figure from the content at its aspect, as wide as the frame; a figure taller than
    the frame is a RulebookOverflow naming its section (it never splits)."""

    def __init__(self, figure: Figure, model: Any, lang: str, section: str, name: str):
        super().__init__()
        self.figure, self.model, self.lang = figure, model, lang
        self.section, self.name = section, name

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        self.width, self.height = aw, aw * self.figure.aspect
        return self.width, self.height

    def split(self, aw: float, ah: float) -> list[Flowable]:
        return []

    def draw(self) -> None:
        self.canv.saveState()
        self.figure.draw(self.canv, 0, 0, self.width, self.height, self.model, self.lang)
        self.canv.restoreState()


class Picture(Flowable):
    """A reference entry's small picture."""

    def __init__(self, draw: Callable[..., None], width: float, aspect: float):
        super().__init__()
        self.draw_picture, self.width, self.height = draw, width, width * aspect

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        self.canv.saveState()
        self.draw_picture(self.canv, 0, 0, self.width, self.height)
        self.canv.restoreState()


def _tag(flowables: list[Flowable], section: str) -> list[Flowable]:
    for f in flowables:
        f._rulebook_section = section  # type: ignore[attr-defined]
    return flowables


# --- the blocks ------------------------------------------------------------------------


@dataclass
class Layout:
    """What laying out one block needs."""

    book: Book
    kit: Kit
    ctx: Ctx
    st: Styles
    frame_w: float
    frame_h: float


def _paragraphs(lay: Layout, items: list[Any], numbered: bool) -> Flowable:
    lang, st = lay.ctx.lang, lay.st
    paras = [ListItem(Paragraph(markup(fill(i.get(lang), lay.book.values)), st.bullet))
             for i in items]
    return ListFlowable(paras, bulletType="1" if numbered else "bullet",
                        start=1 if numbered else "•", bulletFontName=lay.ctx.fonts.bold,
                        bulletFontSize=st.body.fontSize, bulletColor=TEAL,
                        leftIndent=st.body.fontSize * 1.6, spaceAfter=st.body.spaceAfter)


def _figure(lay: Layout, section: Section, block: Block) -> list[Flowable]:
    name = block.figure or ""
    figure = lay.book.game.FIGURES[name]
    height = lay.frame_w * figure.aspect
    if height > lay.frame_h * 0.92:
        raise RulebookOverflow(section.id, f"figure '{name}' is {height:.0f} pt tall, the page "
                               f"holds {lay.frame_h * 0.92:.0f} pt")
    parts: list[Flowable] = [Spacer(1, lay.st.body.fontSize * 0.3),
                             FigureBox(figure, lay.ctx.game, lay.ctx.lang, section.id, name)]
    if block.caption is not None:
        parts.append(Paragraph(markup(fill(block.caption.get(lay.ctx.lang), lay.book.values)),
                               lay.st.caption))
    return [KeepTogether(parts)]


REF_COLUMNS_FROM = 8  # a reference of this many card pictures or more is set two abreast
REF_COLUMN_GAP = mm(6)


def _reference(lay: Layout, name: str) -> list[Flowable]:
    """A generated reference section. A long list of card pictures (every mission, every
    card) is set two entries to a row: one a row left most of each page blank (a picture
    is far narrower than the page), 16 of Dice Mission's 24 pages."""
    entries: list[RefEntry] = lay.book.game.REFERENCES[name](lay.ctx.game, lay.ctx.lang)
    pictured = all(e.picture is not None and e.picture_width_mm <= 25 for e in entries)
    if not pictured or len(entries) < REF_COLUMNS_FROM:
        out: list[Flowable] = []
        rolls: list[RefEntry] = []  # the roll-table rows met since the last other entry
        for e in [*entries, None]:
            if e is not None and e.table_row:
                rolls.append(e)
                continue
            if rolls:
                out += [_roll_table(lay, rolls), Spacer(1, lay.st.body.fontSize * 0.9)]
                rolls = []
            if e is not None:
                out.append(_entry(lay, e, lay.frame_w))
        return out
    half = (lay.frame_w - REF_COLUMN_GAP) / 2
    rows = []
    for i in range(0, len(entries), 2):
        pair = [_entry(lay, e, half) for e in entries[i:i + 2]]
        row = Table([pair + [Spacer(1, 1)] * (2 - len(pair))],
                    colWidths=[half + REF_COLUMN_GAP, half])
        row.setStyle(_flush(lay, top=0, bottom=0))
        rows.append(row)
    return rows


def _flush(lay: Layout, *, top: float | None = None, bottom: float = 0,
           extra: tuple[tuple, ...] = ()) -> TableStyle:
    """A layout table's style: cells top-aligned in the body font, no side padding (its
    columns line up with the text), `top` and `bottom` padding (ReportLab's default top
    when None), and `extra` commands."""
    commands = [("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("FONTNAME", (0, 0), (-1, -1), lay.ctx.fonts.body),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), bottom)]
    if top is not None:
        commands.append(("TOPPADDING", (0, 0), (-1, -1), top))
    return TableStyle(commands + list(extra))


def _roll_table(lay: Layout, rows: list[RefEntry]) -> Flowable:
    """Rows of a roll table: the roll in a narrow column beside its result, a hairline
    between rows (they read across, as on the reference sheet)."""
    st = lay.st
    roll = mm(16)
    table = Table([[Paragraph(markup(e.title), st.sub), Paragraph(markup(e.text), st.body)]
                   for e in rows], colWidths=[roll, lay.frame_w - roll])
    table.setStyle(_flush(lay, top=st.body.fontSize * 0.3,
                          extra=(("LINEBELOW", (0, 0), (-1, -1), 0.4, MUTED),)))
    return table


def _entry(lay: Layout, entry: RefEntry, width: float) -> Flowable:
    st = lay.st
    words = [Paragraph(markup(entry.title), st.sub), Paragraph(markup(entry.text), st.body)]
    if entry.picture is None:
        return KeepTogether(words)
    pic_w = mm(entry.picture_width_mm)
    table = Table([[Picture(entry.picture, pic_w, entry.picture_aspect), words]],
                  colWidths=[pic_w + mm(3), width - pic_w - mm(3)])
    table.setStyle(_flush(lay, bottom=st.body.fontSize * 0.4))
    return table


def components(kit: Kit, ctx: Ctx, book: Book) -> tuple[list[str], list[str]]:
    """(what is in the box, what to bring): the kit's printed pieces (kit.components, what
    the manifest lists), the game's labels for them, and the kit's buy list."""
    label = getattr(book.game, "component_label", None)
    inside = [label(key, n, ctx.lang) if label else f"{n} {kit.component_names.get(key, key)}"
              for key, n in kit.components(ctx).items()]
    return inside, list(kit.bought(ctx.game, ctx.lang)) if kit.bought else []


def clarified(book: Book, model: Any, lang: str) -> list[str]:
    """The rule decisions, from the game's `clarified(model, lang)`, else each printed
    decision's player-facing sentence (model.decisions, or model.game.decisions)."""
    own = getattr(book.game, "clarified", None)
    if own is not None:
        return list(own(model, lang))
    decisions = getattr(model, "decisions", None)
    if decisions is None:
        decisions = getattr(getattr(model, "game", None), "decisions", ())
    return decision_lines(decisions, {}, lang)


def _generated(lay: Layout, kind: str) -> list[Flowable]:
    ctx, st = lay.ctx, lay.st
    if kind == "clarified":
        return [_plain_list(lay, clarified(lay.book, ctx.game, ctx.lang))]
    inside, bring = components(lay.kit, ctx, lay.book)
    out: list[Flowable] = [_plain_list(lay, inside)]
    if bring:
        head = Paragraph(markup(word(ctx.lang, "rulebook_bring")), st.sub)
        # never a heading alone at a page's foot (keepWithNext is not honoured here: the
        # section's flowables are laid out inside a group)
        out.append(KeepTogether([head, _plain_list(lay, bring)]))
    return out


def _plain_list(lay: Layout, items: list[str]) -> Flowable:
    st = lay.st
    return ListFlowable([ListItem(Paragraph(markup(i), st.bullet)) for i in items],
                        bulletType="bullet", start="•", bulletColor=TEAL,
                        bulletFontName=lay.ctx.fonts.bold, bulletFontSize=st.body.fontSize,
                        leftIndent=st.body.fontSize * 1.6,
                        spaceAfter=st.body.spaceAfter)


def block_flowables(lay: Layout, section: Section, block: Block) -> list[Flowable]:
    """One block as flowables, in the reader's language."""
    kind, lang = block.kind, lay.ctx.lang
    if kind == "text":
        return [Paragraph(markup(fill(block.text.get(lang), lay.book.values)),  # type: ignore[union-attr]
                          lay.st.body)]
    if kind in ("list", "steps"):
        return [_paragraphs(lay, getattr(block, kind), kind == "steps")]
    if kind == "figure":
        return _figure(lay, section, block)
    if kind == "reference":
        return _reference(lay, block.reference or "")
    return _generated(lay, block.generated or "")


def section_flowables(lay: Layout, section: Section, pages: dict[str, int],
                      key: str) -> list[Flowable]:
    """A section: its heading (kept with what follows it: keepWithNext), then its blocks."""
    head = Paragraph(markup(section.title.get(lay.ctx.lang)), lay.st.heading)
    mark = Mark(pages, key)
    mark.keepWithNext = 1  # heading, mark and first block move on together
    out: list[Flowable] = [CondPageBreak(lay.st.body.fontSize * 8), head, mark]
    for block in section.blocks:
        out += block_flowables(lay, section, block)
    out.append(Mark(pages, f"{key}:end"))
    return _tag(out, section.id)


# --- the document ----------------------------------------------------------------------


class _Doc(BaseDocTemplate):
    """Notes the section of each flowable it places, so a LayoutError names it."""

    section = ""

    def handle_flowable(self, flowables: list[Flowable]) -> None:
        if flowables:
            self.section = getattr(flowables[0], "_rulebook_section", self.section)
        super().handle_flowable(flowables)


@dataclass(frozen=True)
class Printed:
    """A laid-out rulebook: its page count and where each section starts."""

    pages: int
    starts: dict[str, int]  # section id -> page (from 1)
    quick: int = 0  # the quick reference's first page


def quick_pages(page: tuple[float, float]) -> int:
    """The quick reference's pages: the back page, or on a booklet's half-size pages the
    inside and the outside of the back cover."""
    return 2 if page[0] < mm(160) else 1


def page_size(paper: str, booklet: bool) -> tuple[float, float]:
    """The book's page: the paper, or for a booklet half of it (A5 from A4)."""
    w, h = PAPERS[paper]
    return (h / 2, w) if booklet else (w, h)


def render(book: Book, kit: Kit, ctx: Ctx, page: tuple[float, float], out: Any, *,
           title: str, contents: dict[str, int] | None = None) -> Printed:
    """Lay the book out into `out` (a path or a file object) on `page`-sized pages.
    `contents`: the section start pages a measuring pass found, printed in the contents."""
    small = page[0] < mm(160)  # a booklet page: a little less margin
    margin = mm(12) if small else MARGIN
    frame_w, frame_h = page[0] - 2 * margin, page[1] - 2 * margin - mm(8)
    st = styles(ctx, BODY)
    lay = Layout(book, kit, ctx, st, frame_w, frame_h)
    pages: dict[str, int] = {}
    name = kit.name(ctx.game, ctx.lang)
    count = [0]

    def decorate(c: Canvas, doc: BaseDocTemplate) -> None:
        count[0] = max(count[0], c.getPageNumber())
        _page_furniture(c, ctx, page, margin, f"{name} · {word(ctx.lang, 'rulebook')}",
                        c.getPageNumber())

    body = Frame(margin, margin + mm(8), frame_w, frame_h, id="body", leftPadding=0,
                 rightPadding=0, topPadding=0, bottomPadding=0)
    gap = mm(6)
    col_w = (frame_w - gap) / 2
    quick_frames = [Frame(margin + k * (col_w + gap), margin + mm(8), col_w, frame_h - mm(12),
                          id=f"quick{k}", leftPadding=0, rightPadding=0, topPadding=0,
                          bottomPadding=0) for k in (0, 1)]
    quick_head = Frame(margin, margin + mm(8) + frame_h - mm(12), frame_w, mm(12), id="qh",
                       leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    doc = _Doc(out, pagesize=page, leftMargin=margin, rightMargin=margin, topMargin=margin,
               bottomMargin=margin, title=title, author="Mission Kit",
               creator="Mission Kit cardgen", subject=f"{name} print-and-play",
               invariant=1, pageCompression=1)
    more_frames = [Frame(f.x1, f.y1, f.width, frame_h, id=f"more{k}", leftPadding=0,
                         rightPadding=0, topPadding=0, bottomPadding=0)
                   for k, f in enumerate(quick_frames)]  # a quick reference's later pages
    doc.addPageTemplates([PageTemplate("body", [body], onPage=decorate),
                          PageTemplate("quick", [quick_head, *quick_frames], onPage=decorate),
                          PageTemplate("quick_more", more_frames, onPage=decorate)])
    story = _front(book, ctx, st, name, contents)
    for section in book.book.sections:
        story += section_flowables(lay, section, pages, section.id)
    story += _quick(book, kit, ctx, pages, frame_w, frame_h)
    try:
        doc.build(story, canvasmaker=_canvas_maker(ctx))
    except LayoutError as exc:
        raise RulebookOverflow(doc.section or "?", f"a block is taller than a page ({exc})"
                               ) from None
    quick_page = pages.get("quick", 0)
    room = quick_pages(page)
    for section in book.book.sections:
        end = pages.get(f"quick:{section.id}:end", quick_page)
        if section.quick and end - quick_page >= room:
            raise RulebookOverflow(section.id, f"the quick reference runs past its {room} "
                                   f"page{'s' if room > 1 else ''}")
    starts = {s.id: pages[s.id] for s in book.book.sections}
    return Printed(count[0], starts, quick_page)


def _canvas_maker(ctx: Ctx) -> Callable[..., Canvas]:
    """The kit's canvas for `ctx`'s ink (the home look lightens large grounds)."""
    from .ink import HomeInkCanvas

    kind = Canvas if ctx.ink == "full" else HomeInkCanvas

    def make(*args: Any, **kw: Any) -> Canvas:
        c = kind(*args, **{**kw, "initialFontName": ctx.fonts.body, "initialFontSize": 9})
        c.setKeywords(f"{ctx.game.id}, {ctx.lang}, print and play, rulebook")
        c.setViewerPreference("PrintScaling", "None")
        return c

    return make


def _page_furniture(c: Canvas, ctx: Ctx, page: tuple[float, float], margin: float,
                    label: str, n: int) -> None:
    """The light ground (full ink), a gold band at the head, the page number at the foot."""
    c.saveState()
    if ctx.ink == "full":
        c.setFillColor(PAPER)
        c.rect(0, 0, page[0], page[1], fill=1, stroke=0)
    with as_drawn(c):
        c.setFillColor(GOLD)
        c.rect(margin, page[1] - margin + mm(4), page[0] - 2 * margin, mm(1.2), fill=1,
               stroke=0)
        c.setFillColor(CREAM)
        c.rect(margin, margin + mm(3.2), page[0] - 2 * margin, mm(0.5), fill=1, stroke=0)
    c.setFillColor(MUTED)
    c.setFont(ctx.fonts.body, 9)
    c.drawString(margin, margin, label)
    c.setFont(ctx.fonts.bold, 9)
    c.drawRightString(page[0] - margin, margin, str(n))
    c.restoreState()


def _front(book: Book, ctx: Ctx, st: Styles, name: str,
           contents: dict[str, int] | None) -> list[Flowable]:
    """The title and the contents list (page numbers from the measuring pass; "00" in it,
    so both passes set the same lines)."""
    lang = ctx.lang
    out: list[Flowable] = [Paragraph(markup(name), st.title),
                           Paragraph(markup(word(lang, "rulebook")), st.heading)]
    rows = [[Paragraph(markup(s.title.get(lang)), st.bullet),
             Paragraph(str(contents.get(s.id, "")) if contents else "00", st.bullet)]
            for s in book.book.sections]
    rows.append([Paragraph(markup(word(lang, "quick_reference")), st.bullet),
                 Paragraph(str(contents.get("quick", "")) if contents else "00", st.bullet)])
    table = Table(rows, colWidths=[None, mm(12)], hAlign="LEFT")
    table.setStyle(TableStyle([("LINEBELOW", (0, 0), (-1, -1), 0.3, CREAM),
                               ("FONTNAME", (0, 0), (-1, -1), ctx.fonts.body),
                               ("ALIGN", (1, 0), (1, -1), "RIGHT"),
                               ("LEFTPADDING", (0, 0), (-1, -1), 0)]))
    return [*out, Paragraph(markup(word(lang, "contents")), st.sub), table,
            Spacer(1, st.body.fontSize)]


def _quick(book: Book, kit: Kit, ctx: Ctx, pages: dict[str, int], frame_w: float,
           frame_h: float) -> list[Flowable]:
    """The quick reference: the `quick: true` sections, two columns on one page."""
    st = styles(ctx, QUICK_BODY)
    col_w = (frame_w - mm(6)) / 2
    lay = Layout(book, kit, ctx, st, col_w, frame_h - mm(12))
    out: list[Flowable] = [NextPageTemplate("quick"), PageBreak(), Mark(pages, "quick"),
                           Paragraph(markup(word(ctx.lang, "quick_reference")),
                                     ParagraphStyle("qt", parent=st.title,
                                                    fontSize=QUICK_BODY * 2.2,
                                                    leading=QUICK_BODY * 2.6)),
                           NextPageTemplate("quick_more"), FrameBreak()]
    for section in (s for s in book.book.sections if s.quick):
        head = Paragraph(markup(section.title.get(ctx.lang)),
                         ParagraphStyle("qh", parent=st.heading, fontSize=QUICK_BODY * 1.4,
                                        leading=QUICK_BODY * 1.7, spaceBefore=QUICK_BODY * 0.4,
                                        keepWithNext=1))
        # a heading never ends a column: under ~5 lines left, the section starts the next
        flow: list[Flowable] = [CondPageBreak(QUICK_BODY * 7), head]
        for block in section.blocks:
            if block.kind in ("text", "list", "steps"):
                flow += block_flowables(lay, section, block)
        flow.append(Mark(pages, f"quick:{section.id}:end"))
        out += _tag(flow, section.id)
    return out


# --- writing the file ------------------------------------------------------------------


def _book_for(job: FileJob) -> Book:
    if job.content is None:
        raise FileNotFoundError("the build gave no content folder for the rulebook")
    return load_book(job.content, job.ctx.game.id, job.ctx.game)


def lay_out(job: FileJob, kit: Kit, page: tuple[float, float], out: Any) -> Printed:
    """Measure, then write the book into `out` with its contents' page numbers."""
    book = _book_for(job)
    title = f"{job.name}: {word(job.ctx.lang, 'rulebook')}"
    measured = render(book, kit, job.ctx, page, io.BytesIO(), title=title)
    printed = render(book, kit, job.ctx, page, out, title=title,
                     contents={**measured.starts, "quick": measured.quick})
    if printed.starts != measured.starts:  # the contents list is the same lines either way
        raise RulebookOverflow("contents", "the page numbers moved between passes")
    return printed


def laid_out(job: FileJob, kit: Kit) -> tuple[bytes, Printed]:
    """The job's book (its unfolded pages) and its layout, from the rulebook cache when
    nothing that decides them changed."""
    from . import rulebook_cache
    from .fonts import korean_font_files

    page = page_size(job.paper, job.booklet)
    fonts = [str(p) for p in korean_font_files()] if job.ctx.lang == "ko" else []
    parts = [job.ctx.game.id, job.ctx.lang, job.paper, f"{page}", job.ctx.ink, job.name,
             *fonts]
    if job.content is None:
        raise FileNotFoundError("the build gave no content folder for the rulebook")

    def make() -> rulebook_cache.Entry:
        out = io.BytesIO()
        printed = lay_out(job, kit, page, out)
        return out.getvalue(), {"pages": printed.pages, "starts": printed.starts,
                                "quick": printed.quick}

    data, layout = rulebook_cache.cached(rulebook_cache.key(job.ctx.game.id, job.content,
                                                            parts), make)
    return data, Printed(layout["pages"], layout["starts"], layout["quick"])


def book_pages(job: FileJob) -> dict[str, int]:
    """Where each section of this job's rulebook starts ({} when the game has none), for the
    player aids (from the rulebook cache, or laid out in this process: the book's writer
    may run in another)."""
    from .kit import kit_for

    if not has_rulebook(job.ctx.game.id, job.content):
        return {}
    printed = laid_out(job, kit_for(job.ctx.game.id))[1]
    return {**printed.starts, "quick": printed.quick}


def write_rulebook(job: FileJob, kit: Kit) -> Written:
    """rulebook.pdf in the job's folder: the paper's pages, or with `job.booklet` A5 pages
    (half the paper) imposed two-up for a folded, stapled booklet (cardgen.booklet)."""
    path = job.folder / FILE_NAME
    job.versioned.add(path)  # it prints the content's text: rewritten whenever that changes
    data, printed = laid_out(job, kit)
    if not job.booklet:
        path.write_bytes(data)
        return path, printed.pages, page_size(job.paper, False)
    from .booklet import impose

    sheets = impose(data, path, PAPERS[job.paper], job.duplex,
                    tail=printed.pages - printed.quick + 1)
    return path, sheets, (PAPERS[job.paper][1], PAPERS[job.paper][0])
