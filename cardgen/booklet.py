"""A booklet: half-size pages (A5 on A4) imposed two-up on landscape sheets, printed
double-sided, stacked, folded in half and stapled along the fold.

The page count is padded to a multiple of 4 with blank pages put before the last `tail`
pages, so the quick reference stays on the back cover. Sheet k (from 0) of a book of n
pages carries pages n-2k and 2k+1 on its front, 2k+2 and n-2k-1 on its back (left, right).
With a long-edge duplex the backs are turned 180 degrees (the sheet flips top over bottom);
with a short-edge duplex they are not."""

from __future__ import annotations

import io
from pathlib import Path

import pikepdf
from pikepdf import Array, Dictionary, Name

Side = tuple[int | None, int | None]  # (left page, right page), from 0; None is a blank


def padded(count: int, tail: int = 1) -> list[int | None]:
    """The book's pages in reading order, blanks (None) before the last `tail` pages to a
    multiple of 4."""
    pad = -count % 4
    pages: list[int | None] = list(range(count))
    cut = max(count - tail, 0)
    return [*pages[:cut], *([None] * pad), *pages[cut:]]


def sheet_sides(count: int, tail: int = 1) -> list[Side]:
    """Every printed side in print order: sheet 1 front, sheet 1 back, sheet 2 front..."""
    pages = padded(count, tail)
    n = len(pages)
    out: list[Side] = []
    for k in range(n // 4):
        out.append((pages[n - 1 - 2 * k], pages[2 * k]))
        out.append((pages[2 * k + 1], pages[n - 2 - 2 * k]))
    return out


def impose(book: bytes, path: Path, paper: tuple[float, float], duplex: str,
           tail: int = 1) -> int:
    """Write the booklet of the PDF `book` (half-`paper` pages) to `path`; returns its
    printed sides (two per sheet). Deterministic: same input, same bytes."""
    src = pikepdf.open(io.BytesIO(book))
    out = pikepdf.new()
    sheet_w, sheet_h = paper[1], paper[0]  # landscape
    half = sheet_w / 2
    forms = [out.copy_foreign(page.as_form_xobject()) for page in src.pages]
    sides = sheet_sides(len(forms), tail)
    for i, (left, right) in enumerate(sides):
        turn = duplex == "long" and i % 2 == 1
        ops = [b"q -1 0 0 -1 %.4f %.4f cm" % (sheet_w, sheet_h)] if turn else []
        xobjects = Dictionary()
        for slot, page in enumerate((left, right)):
            if page is None:
                continue
            name = f"/P{page}"
            xobjects[name] = forms[page]
            ops.append(b"q 1 0 0 1 %.4f 0 cm %s Do Q" % (slot * half, name.encode()))
        if turn:
            ops.append(b"Q")
        sheet = Dictionary(Type=Name.Page, MediaBox=Array([0, 0, sheet_w, sheet_h]),
                           Resources=Dictionary(XObject=xobjects),
                           Contents=out.make_stream(b"\n".join(ops)))
        out.pages.append(pikepdf.Page(sheet))
    out.docinfo = out.copy_foreign(src.docinfo)
    out.save(path, deterministic_id=True, compress_streams=True)
    return len(sides)
