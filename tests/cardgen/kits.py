"""Shared helpers for tests over every game's built kit: build once, then walk its files."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image

from cardgen.kit import KITS
from tests.cardgen.test_cli_check import cardgen
from tests.conftest import CONTENT

LANGS = ("en", "ko")
PAPERS_ = ("a4", "letter")
# the companion address the kits' QR codes carry in these tests: a LAN-like address from
# the documentation range (192.0.2.0/24), printed only, never connected to
COMPANION = "http://192.0.2.10:5000/"


def kit_games() -> list[str]:
    """Every game that has a print kit and a content folder here."""
    from missionkit.registry import GAMES

    return [g for g in KITS if (CONTENT / GAMES[g]).is_dir()]


def build_all(out: Path, *extra: str) -> Path:
    """Build every game's kit in EN and KO on A4 and Letter into `out`, with COMPANION's QR."""
    args = ["build", "--out", str(out), "--quiet", "--companion-url", COMPANION, *extra]
    for game in kit_games():
        args += ["--game", game]
    for lang in LANGS:
        args += ["--lang", lang]
    for paper in PAPERS_:
        args += ["--paper", paper]
    result = cardgen(*args)
    assert result.returncode == 0, result.stderr
    return out


def folders(out: Path) -> Iterator[tuple[str, str, str, Path]]:
    """(game, lang, paper, folder) of every built kit under `out`."""
    for game in kit_games():
        for lang in LANGS:
            for paper in PAPERS_:
                yield game, lang, paper, out / game / f"{lang}-{paper}"


def pdfs(folder: Path) -> list[Path]:
    """The kit's PDFs, as its manifest lists them."""
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    return [folder / f["path"] for f in manifest["files"] if f["path"].endswith(".pdf")]


def render(path: Path, index: int, scale: float) -> Image.Image:
    """Page `index` of `path` as an RGB image at `scale` pixels per point."""
    doc = pdfium.PdfDocument(path)
    try:
        return doc[index].render(scale=scale).to_pil().convert("RGB")
    finally:
        doc.close()
