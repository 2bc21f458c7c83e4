"""Register embeddable TrueType fonts for a language.

Latin text uses Fjalla One (display) and Manrope (body) from their PyPI packages. Korean uses
a Nanum font found through fontconfig at run time, or $MISSION_KIT_KO_FONT_DIR: NanumGothic
for body text and NanumSquare Bold for titles (the display face, as Fjalla One is in Latin:
square, firm strokes that read as a game's titles rather than as body text in bold).
ReportLab embeds (subsets of) every TTF it draws with, so the PDFs carry their fonts.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import font_fjallaone
import font_manrope
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

KOREAN_HINT = (
    "Korean text needs a Korean TrueType font. Install one with "
    "`sudo apt-get install fonts-nanum` (Debian/Ubuntu), or point MISSION_KIT_KO_FONT_DIR "
    "at a folder holding NanumGothic.ttf, NanumGothicBold.ttf and NanumSquareB.ttf."
)


class FontMissing(RuntimeError):
    """A font the build needs is not installed."""


@dataclass(frozen=True)
class Fonts:
    """Registered font names for one language."""

    display: str
    body: str
    bold: str


def _files(package: object) -> Path:
    return Path(package.__file__).parent / "files"  # type: ignore[attr-defined]


def _register(name: str, path: Path) -> str:
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, str(path)))
    return name


@cache
def _fontconfig_korean_files() -> dict[str, Path]:
    """File name -> path of every Korean TTF fontconfig knows (asked once per process)."""
    if shutil.which("fc-list") is None:
        raise FontMissing("fontconfig (fc-list) is not installed. " + KOREAN_HINT)
    listing = subprocess.run(["fc-list", "--format", "%{file}\n", ":lang=ko"],
                             capture_output=True, text=True, check=False).stdout
    return {Path(line).name: Path(line) for line in listing.splitlines()
            if line.lower().endswith(".ttf")}


@cache
def korean_font_files() -> tuple[Path, Path]:
    """Paths of a regular and a bold Korean TTF, or FontMissing with an install hint."""
    override = os.environ.get("MISSION_KIT_KO_FONT_DIR")
    if override:
        regular, bold = Path(override) / "NanumGothic.ttf", Path(override) / "NanumGothicBold.ttf"
        if regular.exists() and bold.exists():
            return regular, bold
        raise FontMissing(f"MISSION_KIT_KO_FONT_DIR={override} lacks NanumGothic(Bold).ttf. "
                          + KOREAN_HINT)
    files = _fontconfig_korean_files()
    for regular, bold in (("NanumGothic.ttf", "NanumGothicBold.ttf"),
                          ("NanumBarunGothic.ttf", "NanumBarunGothicBold.ttf"),
                          ("NanumSquareR.ttf", "NanumSquareB.ttf")):
        if regular in files and bold in files:
            return files[regular], files[bold]
    raise FontMissing("No Korean TrueType font found. " + KOREAN_HINT)


KOREAN_DISPLAY = "NanumSquareB.ttf"


@cache
def korean_display_file() -> Path:
    """Path of the Korean title face (NanumSquare Bold, part of fonts-nanum), or FontMissing."""
    override = os.environ.get("MISSION_KIT_KO_FONT_DIR")
    if override:
        path = Path(override) / KOREAN_DISPLAY
        if path.exists():
            return path
        raise FontMissing(f"MISSION_KIT_KO_FONT_DIR={override} lacks {KOREAN_DISPLAY}. "
                          + KOREAN_HINT)
    path = _fontconfig_korean_files().get(KOREAN_DISPLAY)
    if path is not None:
        return path
    raise FontMissing(f"The Korean title face {KOREAN_DISPLAY} (NanumSquare Bold) is not "
                      "installed. " + KOREAN_HINT)


@cache
def fonts_for(lang: str) -> Fonts:
    """Register and return the fonts that print `lang`."""
    manrope = _files(font_manrope)
    if lang == "ko":
        regular, bold = korean_font_files()
        return Fonts(
            display=_register("KoDisplay", korean_display_file()),
            body=_register("KoRegular", regular),
            bold=_register("KoBold", bold),
        )
    return Fonts(
        display=_register("FjallaOne", _files(font_fjallaone) / "FjallaOne-Regular.ttf"),
        body=_register("Manrope", manrope / "Manrope-Medium.ttf"),
        bold=_register("Manrope-Bold", manrope / "Manrope-ExtraBold.ttf"),
    )
