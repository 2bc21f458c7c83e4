"""Where each run of text lies on a PDF page, read back with PDFium, and which runs overlap."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium

Box = tuple[float, float, float, float]  # left, bottom, right, top (points)


def text_boxes(path: Path, index: int) -> list[tuple[str, Box]]:
    """Each text run of page `index` (PDFium's text rectangles) with the text it holds."""
    doc = pdfium.PdfDocument(path)
    try:
        page = doc[index]
        tp = page.get_textpage()
        out = []
        for i in range(tp.count_rects()):
            box = tp.get_rect(i)
            words = tp.get_text_bounded(*box).strip()
            if words:
                out.append((words, box))
        return out
    finally:
        doc.close()


def overlaps(boxes: list[tuple[str, Box]], slack: float = 0.6) -> list[tuple[str, str]]:
    """Pairs of runs whose boxes overlap by more than `slack` points both ways."""
    found = []
    for i, (text_a, a) in enumerate(boxes):
        for text_b, b in boxes[i + 1:]:
            dx = min(a[2], b[2]) - max(a[0], b[0])
            dy = min(a[3], b[3]) - max(a[1], b[1])
            if dx > slack and dy > slack:
                found.append((text_a, text_b))
    return found
