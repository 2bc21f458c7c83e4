"""A card shrunk into a rulebook figure prints no text under the floor, and still shows
where its text would be (a pale bar), while text large enough to read stays text."""

from __future__ import annotations

from pathlib import Path

import pikepdf
from reportlab.pdfgen.canvas import Canvas

from cardgen.miniature import greeked, readable
from cardgen.pdf_check import page_text_sizes, small_text
from cardgen.text import PRINT_FLOOR


def _card(c: Canvas) -> None:
    """A stand-in card: a 14 pt title and 7 pt body text."""
    c.setFont("Helvetica-Bold", 14)
    c.drawCentredString(90, 220, "Title")
    c.setFont("Helvetica", 7)
    c.drawString(10, 120, "Roll three dice and keep the pairs.")
    c.drawRightString(170, 20, "SOLO 04")


def _page(path: Path, scale: float, greek: bool) -> Path:
    c = Canvas(str(path), pagesize=(300, 300))
    c.saveState()
    c.translate(20, 20)
    c.scale(scale, scale)
    if greek:
        with greeked(c):
            _card(c)
    else:
        _card(c)
    c.restoreState()
    c.save()
    return path


def _has_paths(path: Path) -> bool:
    with pikepdf.open(path) as pdf:
        ops = {str(op) for _, op in pikepdf.parse_content_stream(pdf.pages[0])}
    return bool(ops & {"re", "f", "c"})


def test_a_shrunk_card_without_greeking_breaks_the_floor(tmp_path: Path) -> None:
    assert small_text(_page(tmp_path / "raw.pdf", 0.5, greek=False))


def test_a_greeked_card_keeps_readable_text_and_draws_bars_for_the_rest(tmp_path: Path) -> None:
    path = _page(tmp_path / "mini.pdf", 0.5, greek=True)
    assert small_text(path) == []
    assert page_text_sizes(path)[0] == [7.0]  # the 14 pt title at half size is kept as text
    assert _has_paths(path)  # the body and the number became bars


def test_greeking_ends_with_the_block(tmp_path: Path) -> None:
    c = Canvas(str(tmp_path / "after.pdf"), pagesize=(300, 300))
    c.scale(0.5, 0.5)
    with greeked(c):
        pass
    c.setFont("Helvetica", 7)
    c.drawString(10, 10, "small on purpose")
    c.save()
    assert small_text(tmp_path / "after.pdf")  # drawn as text again: the check sees it


def test_a_figure_label_grows_to_the_floor_when_its_figure_is_drawn_small() -> None:
    c = Canvas("unused.pdf")
    assert readable(c, 7.5) == 7.5
    c.scale(0.7, 0.7)
    assert readable(c, 7.5) * 0.7 >= PRINT_FLOOR
