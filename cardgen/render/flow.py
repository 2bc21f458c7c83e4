"""Running text down columns and pages: headings and bulleted paragraphs (aids, summaries)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from reportlab.lib.colors import white
from reportlab.pdfgen.canvas import Canvas

from ..geometry import Rect
from ..text import AID_BODY_MIN, TextOverflow, wrap
from .common import GOLD, INK, Ctx

NUMBERED = re.compile(r"^(\d{1,2}\.)\s+")  # a paragraph that counts itself ("3. Titles ...")


@dataclass
class Flow:
    """Writes headings and wrapped paragraphs down a column, moving to the next when full.
    `spilled` notes that some paragraph ran below its column (a column too short for it)."""

    c: Canvas
    ctx: Ctx
    columns: list[Rect]
    size: float = 9.5
    dark: bool = False
    next_page: Callable[[], list[Rect]] | None = None
    col: int = 0
    y: float = 0.0
    spilled: bool = False

    def __post_init__(self) -> None:
        self.y = self.columns[0].y1

    @property
    def area(self) -> Rect:
        return self.columns[self.col]

    def room(self, height: float) -> None:
        """Move to the next column (or page) unless `height` fits below the cursor."""
        if self.y - height >= self.area.y:
            return
        if self.col + 1 < len(self.columns):
            self.col += 1
        elif self.next_page is not None:
            self.columns, self.col = self.next_page(), 0
        else:
            raise OverflowError("the text does not fit its area")
        self.y = self.area.y1
        if self.y - height < self.area.y:
            raise OverflowError("a paragraph is taller than a whole column")

    def heading(self, label: str) -> None:
        self.room(self.size * 3.2 + self.size * 1.28 * 3)  # never a heading alone at the foot
        self.y -= self.size * 1.9
        self.c.setFillColor(GOLD if self.dark else INK)
        font, size = self.ctx.fonts.display, self.size * 1.45
        lines = wrap(label, font, size, self.area.w)  # a long heading takes two lines
        self.c.setFont(font, size)
        for k, line in enumerate(lines):
            if k:
                self.y -= size * 1.1
            self.c.drawString(self.area.x, self.y, line)
        self.y -= self.size * 0.7

    def heading_before(self, label: str, first: str) -> None:
        """A heading kept in one column with the paragraph `first` that follows it."""
        lines = wrap(first, self.ctx.fonts.body, self.size, self.area.w - self.size * 1.1)
        self.room(self.size * 3.2 + len(lines) * self.size * 1.28 + self.size * 0.3)
        self.heading(label)

    def aid_section(self, field: str, heading: str, points: list[str]) -> None:
        """A player aid's section: its heading kept with its first point, then every point;
        TextOverflow naming `field` (a guide section's is `guide.<id>`) when the columns are
        full at this size."""
        try:
            self.heading_before(heading, points[0])
            for point in points:
                self.paragraph(point)
        except OverflowError:
            raise TextOverflow("player_aid", field,
                               f"the aid's columns are full at {self.size:g} pt") from None

    def paragraph(self, body: str, *, bullet: str = "•") -> None:
        """A wrapped paragraph behind `bullet`; one that starts with its own number ("2. ")
        takes that number as its marker, so no line prints a bullet and a number."""
        numbered = NUMBERED.match(body)
        if numbered and bullet == "•":
            bullet, body = numbered.group(1), body[numbered.end():]
        font, size = self.ctx.fonts.body, self.size
        indent = size * 1.1
        lines = wrap(body, font, size, self.area.w - indent)
        self.room(len(lines) * size * 1.28 + size * 0.3)
        self.c.setFillColor(white if self.dark else INK)
        self.c.setFont(font, size)
        self.c.drawString(self.area.x, self.y - size, bullet)
        for line in lines:
            self.y -= size * 1.28
            self.c.drawString(self.area.x + indent, self.y + size * 0.28, line)
        self.y -= size * 0.35
        self.spilled |= self.y < self.area.y - 0.01


class NullCanvas:
    """A canvas that draws nothing: lets a layout be measured before it is drawn."""

    def __getattr__(self, name: str) -> object:
        return lambda *a, **k: NullCanvas()  # paths too: beginPath() gives another one


def largest_size(draw: Callable[[Canvas, float], None], start: float,
                 floor: float = AID_BODY_MIN, step: float = 0.25) -> float:
    """The largest size from `start` down to `floor` at which `draw` (tried on a NullCanvas)
    raises no TextOverflow; the last TextOverflow (naming the item and field) when none."""
    size, last = start, None
    while size >= floor - 1e-9:
        try:
            draw(NullCanvas(), size)  # type: ignore[arg-type]
            return size
        except TextOverflow as e:
            last = e
        size -= step
    assert last is not None, f"start {start} is under the floor {floor}"
    raise last


@dataclass
class FittedSizes:
    """largest_size from `start`, found once per area: the copies of a sheet in one file
    share their area, so the first copy finds the size and the others are drawn at it."""

    start: float
    found: dict[Rect, float] = field(default_factory=dict)

    def size(self, area: Rect, draw: Callable[[Canvas, float], None]) -> float:
        """The largest size at which `draw` fits (see largest_size), for the layout `area`
        determines (with what is the same for the whole file: its ctx)."""
        if area not in self.found:
            self.found[area] = largest_size(draw, self.start)
        return self.found[area]
