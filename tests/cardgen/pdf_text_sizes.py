"""The printed size, font, place and text of every run of text in a PDF, read back from its
content streams: the tests' own reader, independent of cardgen.pdf_check (the build's fast,
size-only check of the print floor), so each confirms the other.

pikepdf parses each page's (and each placed form's) operators; the size a reader sees is the
`Tf` size scaled by the text matrix (`Tm`) and the current transformation (`cm`, nested
`q`/`Q`, a form's /Matrix), so text drawn small and scaled up (or the reverse) is counted
as printed. `text_runs` also gives each run's font, where it starts and its text (through
the font's ToUnicode map), so a test can tell body text from labels.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pikepdf

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1, 0, 0, 1, 0, 0)
SHOW = {"Tj", "TJ", "'", '"'}
BFCHAR = re.compile(rb"<([0-9A-Fa-f]{2})>\s*<([0-9A-Fa-f]{4})>")
BLOCK = re.compile(rb"beginbfchar(.*?)endbfchar", re.S)


@dataclass(frozen=True)
class Run:
    """One shown string: its page (from 0), font (subset tag dropped), printed size, the
    origin of its text space on the page, and its text."""

    page: int
    font: str
    size: float
    x: float
    y: float
    text: str


def _mul(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF row-vector convention: m x n)."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s,
            e * p + f * r + t, e * q + f * s + u)


def _scale(m: Matrix) -> float:
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def _font(resources: pikepdf.Dictionary, name: object,
          seen: dict[tuple[int, int], tuple[str, dict[int, str]]]) -> tuple[str, dict[int, str]]:
    """A font resource's base name (no subset tag) and its one-byte ToUnicode map (read
    once per font object into `seen`)."""
    font = resources.get("/Font", {}).get(name)
    if font is None:
        return str(name), {}
    if font.objgen not in seen:
        seen[font.objgen] = _read_font(font, name)
    return seen[font.objgen]


def _read_font(font: pikepdf.Dictionary, name: object) -> tuple[str, dict[int, str]]:
    base = str(font.get("/BaseFont", name)).lstrip("/").split("+", 1)[-1]
    cmap = font.get("/ToUnicode")
    table: dict[int, str] = {}
    for block in BLOCK.findall(cmap.read_bytes() if cmap is not None else b""):
        for code, uni in BFCHAR.findall(block):
            table[int(code, 16)] = bytes.fromhex(uni.decode()).decode("utf-16-be")
    return base, table


def _shown(operands: list, table: dict[int, str]) -> str:
    raw = b"".join(bytes(o) for o in (operands[-1] if isinstance(operands[-1], pikepdf.Array)
                                      else operands[-1:]) if isinstance(o, pikepdf.String))
    return "".join(table.get(b, "") for b in raw)


def _runs(stream: object, resources: pikepdf.Dictionary, ctm: Matrix, page: int,
          seen: dict) -> Iterator[Run]:
    stack: list[Matrix] = []
    tm, size, font, table = IDENTITY, 0.0, "", {}
    for operands, op in pikepdf.parse_content_stream(stream):
        name = str(op)
        if name == "q":
            stack.append(ctm)
        elif name == "Q":
            ctm = stack.pop()
        elif name == "cm":
            ctm = _mul(tuple(float(v) for v in operands), ctm)  # type: ignore[arg-type]
        elif name == "BT":
            tm = IDENTITY
        elif name == "Tm":
            tm = tuple(float(v) for v in operands)  # type: ignore[assignment]
        elif name == "Tf":
            size = float(operands[1])
            font, table = _font(resources, operands[0], seen)
        elif name in SHOW:
            m = _mul(tm, ctm)
            yield Run(page, font, size * _scale(m), m[4], m[5], _shown(list(operands), table))
        elif name == "Do":
            xobj = resources.get("/XObject", {}).get(operands[0])
            if xobj is not None and xobj.get("/Subtype") == "/Form":
                matrix = tuple(float(v) for v in xobj.get("/Matrix", IDENTITY))
                yield from _runs(xobj, xobj.get("/Resources", resources),
                                 _mul(matrix, ctm), page, seen)  # type: ignore[arg-type]


def text_runs(path: Path) -> list[Run]:
    """Every shown text run over all pages of `path`."""
    out: list[Run] = []
    seen: dict = {}
    with pikepdf.open(path) as pdf:
        for i, page in enumerate(pdf.pages):
            out += _runs(page, page.obj.get("/Resources", pikepdf.Dictionary()), IDENTITY, i,
                         seen)
    return out


def text_sizes(path: Path) -> list[float]:
    """Every shown text run's printed size in points, over all pages of `path`."""
    return [run.size for run in text_runs(path)]
