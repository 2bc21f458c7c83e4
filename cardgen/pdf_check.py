"""Read a written PDF back and check its print floor: no text anywhere under text.PRINT_FLOOR.

pikepdf parses each page's (and each placed form's) operators; the size a reader sees is the
`Tf` size scaled by the text matrix (`Tm`) and the current transformation (`cm`, nested
`q`/`Q`, a form's /Matrix), so text drawn small and scaled up (or the reverse) is counted
as printed. The build runs this on every file it writes (issue #16: "nothing under 6 pt
anywhere, checked by the build").
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Iterator
from pathlib import Path

import pikepdf

from .text import PRINT_FLOOR

IDENTITY = (1, 0, 0, 1, 0, 0)
SHOW = {"Tj", "TJ", "'", '"'}
# only these operators come back from pikepdf's (C++) parser: paths and fills, most of a
# page's operators, are skipped before Python sees them
OPERATORS = " ".join(["q", "Q", "cm", "BT", "Tm", "Tf", "Do", *SHOW])
TOLERANCE = 1e-3  # scaled sizes of a 6 pt run may come out a hair under 6


class SmallText(ValueError):
    """Text under the print floor: one `file page N: ...` line per page that has some."""

    def __init__(self, problems: list[str]):
        super().__init__(problems)
        self.problems = problems

    def __str__(self) -> str:
        return "\n".join(self.problems)


def _scale(values: object) -> float:
    """How much a matrix [a b c d e f] scales areas, as a length: sqrt|ad - bc|."""
    a, b, c, d = (float(v) for v in values[:4])  # type: ignore[index]
    return math.sqrt(abs(a * d - b * c))


def _sizes(stream: object, resources: pikepdf.Dictionary, scale: float,
           forms: dict[tuple[int, int], list[float]]) -> Iterator[float]:
    """The printed sizes of `stream`'s text runs under a transformation that scales by
    `scale`; `forms` keeps each placed form's own sizes (a card back on every card is read
    once). Only scales are tracked: a product's sqrt|det| is the product of its factors'."""
    stack: list[float] = []
    tm, size = 1.0, 0.0
    for operands, op in pikepdf.parse_content_stream(stream, OPERATORS):
        name = str(op)
        if name in SHOW:
            yield size * tm * scale
        elif name == "Tm":
            tm = _scale(operands)
        elif name == "Tf":
            size = float(operands[1])
        elif name == "BT":
            tm = 1.0
        elif name == "q":
            stack.append(scale)
        elif name == "Q":
            scale = stack.pop()
        elif name == "cm":
            scale *= _scale(operands)
        elif name == "Do":
            xobj = resources.get("/XObject", {}).get(operands[0])
            if xobj is not None and xobj.get("/Subtype") == "/Form":
                placed = scale * _scale(xobj.get("/Matrix", IDENTITY))
                yield from (s * placed for s in _form_sizes(xobj, resources, forms))


def _form_sizes(xobj: pikepdf.Object, resources: pikepdf.Dictionary,
                forms: dict[tuple[int, int], list[float]]) -> list[float]:
    """A form XObject's text sizes in its own space, read once per file."""
    key = xobj.objgen
    if key == (0, 0) or key not in forms:  # (0, 0): a direct object, nothing to share
        forms[key] = list(_sizes(xobj, xobj.get("/Resources", resources), 1.0, forms))
    return forms[key]


def page_text_sizes(path: Path) -> list[list[float]]:
    """Every shown text run's printed size in points, page by page."""
    forms: dict[tuple[int, int], list[float]] = {}
    with pikepdf.open(path) as pdf:
        return [list(_sizes(page, page.obj.get("/Resources", pikepdf.Dictionary()), 1.0, forms))
                for page in pdf.pages]


def smallest_sizes(path: Path, digest: str | None = None) -> list[float]:
    """The smallest printed text size of each page of `path` (PRINT_FLOOR on a page with
    no text). With the file's sha256 `digest`, remembered in the content cache's folder:
    the sizes are a function of the file's bytes, and a warm build writes most files
    byte for byte as the last one did, so each is read only once."""
    from missionkit.content.cache import cache_dir

    root = cache_dir() if digest else None
    memo = root / "floor" / f"{digest}.json" if root else None
    if memo is not None:
        try:
            return [float(v) for v in json.loads(memo.read_text(encoding="utf-8"))]
        except (OSError, ValueError, TypeError):
            pass
    sizes = [min(page, default=PRINT_FLOOR) for page in page_text_sizes(path)]
    if memo is not None:
        try:
            memo.parent.mkdir(parents=True, exist_ok=True)
            tmp = memo.with_suffix(f".{os.getpid()}.tmp")  # written whole, then moved in
            tmp.write_text(json.dumps(sizes), encoding="utf-8")
            tmp.replace(memo)
        except OSError:
            pass  # a read-only cache: read again next time
    return sizes


def small_text(path: Path, digest: str | None = None) -> list[str]:
    """A line per page of `path` with text under the print floor (its smallest run);
    `digest`: the file's sha256, to reuse an earlier reading of the same bytes."""
    problems = []
    for number, smallest in enumerate(smallest_sizes(path, digest), start=1):
        if smallest < PRINT_FLOOR - TOLERANCE:
            problems.append(f"{path} page {number}: text at {round(smallest, 2):g} pt, under "
                            f"the {PRINT_FLOOR:g} pt floor (text.PRINT_FLOOR)")
    return problems

