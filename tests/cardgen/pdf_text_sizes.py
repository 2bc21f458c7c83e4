"""The printed size of every run of text in a PDF, read back from its content streams.

pikepdf parses each page's (and each placed form's) operators; the size a reader sees is the
`Tf` size scaled by the text matrix (`Tm`) and the current transformation (`cm`, nested
`q`/`Q`, a form's /Matrix), so text drawn small and scaled up (or the reverse) is counted
as printed.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

import pikepdf

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1, 0, 0, 1, 0, 0)
SHOW = {"Tj", "TJ", "'", '"'}


def _mul(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF row-vector convention: m x n)."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s,
            e * p + f * r + t, e * q + f * s + u)


def _scale(m: Matrix) -> float:
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def _sizes(stream: object, resources: pikepdf.Dictionary, ctm: Matrix) -> Iterator[float]:
    stack: list[Matrix] = []
    tm, size = IDENTITY, 0.0
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
        elif name in SHOW:
            yield size * _scale(_mul(tm, ctm))
        elif name == "Do":
            xobj = resources.get("/XObject", {}).get(operands[0])
            if xobj is not None and xobj.get("/Subtype") == "/Form":
                matrix = tuple(float(v) for v in xobj.get("/Matrix", IDENTITY))
                yield from _sizes(xobj, xobj.get("/Resources", resources),
                                  _mul(matrix, ctm))  # type: ignore[arg-type]


def text_sizes(path: Path) -> list[float]:
    """Every shown text run's printed size in points, over all pages of `path`."""
    out: list[float] = []
    with pikepdf.open(path) as pdf:
        for page in pdf.pages:
            out += _sizes(page, page.obj.get("/Resources", pikepdf.Dictionary()), IDENTITY)
    return out
