"""Shared helpers for the per-game rulebook content tests: read rulebook.yaml's text, fill its
placeholders, render a figure to PNG pixels (pdftoppm)."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from reportlab.pdfgen.canvas import Canvas

PLACEHOLDER = re.compile(r"\{(\w+)\}")
LANGS = ("en", "ko")


def sections(content: Path, package: str) -> list[dict[str, Any]]:
    return yaml.safe_load((content / package / "rulebook.yaml").read_text())["sections"]


def texts(section: dict[str, Any]) -> Iterator[dict[str, str]]:
    """Every localized text of a section: title, paragraphs, bullets, steps, captions."""
    yield section["title"]
    for block in section["blocks"]:
        if "text" in block:
            yield block["text"]
        for key in ("list", "steps"):
            yield from block.get(key, [])
        if "caption" in block:
            yield block["caption"]


def filled(content: Path, package: str, values: dict[str, Any], lang: str) -> str:
    """The whole book's text in `lang`, placeholders filled (as the builder fills them)."""
    return "\n".join(t[lang].format(**values) for s in sections(content, package)
                     for t in texts(s))


def used(content: Path, package: str) -> set[str]:
    return {name for s in sections(content, package) for t in texts(s) for lang in LANGS
            for name in PLACEHOLDER.findall(t[lang])}


def figure_png(figure: Any, model: Any, lang: str, width: float = 400) -> bytes:
    """The figure drawn alone on a page of its own size, as PNG bytes at 60 dpi."""
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm missing (poppler-utils)")
    buf = io.BytesIO()
    height = width * figure.aspect
    c = Canvas(buf, pagesize=(width, height))
    figure.draw(c, 0, 0, width, height, model, lang)
    c.showPage()
    c.save()
    with tempfile.TemporaryDirectory() as tmp:
        pdf = Path(tmp) / "figure.pdf"
        pdf.write_bytes(buf.getvalue())
        subprocess.run(["pdftoppm", "-r", "60", "-png", "-singlefile", str(pdf),
                        str(Path(tmp) / "figure")], check=True)
        return (Path(tmp) / "figure.png").read_bytes()


def edit_yaml(path: Path, old: str, new: str) -> None:
    """Replace one exact piece of a content file (it must be there once)."""
    text = path.read_text()
    assert text.count(old) == 1, f"{old!r} not found once in {path.name}"
    path.write_text(text.replace(old, new))


def ink_outside_box(figure: Any, model: Any, lang: str) -> int:
    """Dark pixels a figure leaves outside the box it was given (a 300 x 200 pt box, at
    (100, 150) on a 500 x 500 pt page; a 2 pt margin for antialiasing)."""
    from PIL import Image

    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(500, 500))
    figure.draw(c, 100, 150, 300, 200, model, lang)
    c.showPage()
    c.save()
    with tempfile.TemporaryDirectory() as tmp:
        pdf = Path(tmp) / "figure.pdf"
        pdf.write_bytes(buf.getvalue())
        subprocess.run(["pdftoppm", "-r", "72", "-png", "-singlefile", str(pdf),
                        str(Path(tmp) / "figure")], check=True)
        image = Image.open(Path(tmp) / "figure.png").convert("L")
    inside = (98, 500 - 352, 402, 500 - 148)  # left, top, right, bottom in pixels
    return sum(1 for y in range(image.height) for x in range(image.width)
               if image.getpixel((x, y)) < 200
               and not (inside[0] <= x < inside[2] and inside[1] <= y < inside[3]))


def missing_glyphs(words: str, lang: str) -> set[str]:
    """Characters of `words` that the book's body and bold fonts for `lang` cannot print
    (they would show as empty boxes)."""
    from reportlab.pdfbase import pdfmetrics

    from cardgen.fonts import fonts_for

    fonts = fonts_for(lang)
    faces = [pdfmetrics.getFont(name).face for name in (fonts.body, fonts.bold)]
    return {ch for ch in set(words) if not ch.isspace()
            and not all(ord(ch) in face.charToGlyph for face in faces)}


# What the "Rules clarified" list must never print: our file and module names, decision ids,
# source line numbers, option and card ids, and words about the project rather than the game.
_DECISION_ID = re.compile(r"\b[A-Z]{2,}-\d\d\b")
_SOURCE_LINE = re.compile(r"\bL\d+")
_IDENTIFIER = re.compile(r"\b\w*[A-Za-z0-9]_\w*\b")
_PROJECT_WORDS = ("missionkit", "publisher", "English edition", "English book", "Korean-only",
                  "facts reference", "leaflet", "Folder #", "the phone", "the app", "앱", "alias")


def clarified_leaks(text: str, ids: set[str], decisions: set[str],
                    source_names: set[str] = frozenset()) -> list[str]:
    """The developer text found in `text` (a rulebook's clarified lines): `.yaml`, decision
    ids (`decisions`, and any XX-nn), "L<digits>", `_` identifiers, any of `ids` (the content's
    card and option ids that are not plain words) and the source's names the kit replaced
    (`source_names`)."""
    out = [".yaml"] if ".yaml" in text else []
    out += _DECISION_ID.findall(text) + _SOURCE_LINE.findall(text) + _IDENTIFIER.findall(text)
    out += [d for d in decisions if re.search(rf"\b{re.escape(d)}\b", text)]
    out += [w for w in _PROJECT_WORDS if w in text]
    out += [i for i in ids if ("_" in i or any(ch.isdigit() for ch in i))
            and re.search(rf"\b{re.escape(i)}\b", text)]
    out += [n for n in source_names if n.lower() in text.lower()]
    return out
