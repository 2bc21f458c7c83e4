"""Cutting that forgives, read off the rendered pages: on every A4 card sheet of every game
(the full look, where a card is colour to its edge, and the default home look) each card's
artwork runs on at least 2 mm past its trim on all four sides, edges beside an empty slot
included, and what lies in that bleed is the card's own edge colour, never its neighbour's
(the bleeds of two cards do not overlap)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from cardgen import imposition
from cardgen.fonts import fonts_for
from cardgen.geometry import PAPERS, mm
from cardgen.kit import kit_for
from cardgen.render.common import Ctx
from missionkit.content import load_game
from tests.cardgen import kits
from tests.cardgen.test_cli_check import cardgen
from tests.conftest import CONTENT

SCALE = 3  # pixels per point (216 dpi): a pixel is 0.12 mm
TOLERANCE = 40  # a channel this close to the edge colour is the same ink


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("bleed")
    args = ["build", "--out", str(out), "--quiet", "--lang", "en", "--ink", "home",
            "--ink", "full"]
    for game in kits.kit_games():
        args += ["--game", game]
    result = cardgen(*args)
    assert result.returncode == 0, result.stderr
    return out


def _card_counts(game: str) -> dict[str, int]:
    """file name -> how many cards the card file holds (families sharing a file add up)."""
    ctx = Ctx(load_game(game, CONTENT), "en", fonts_for("en"))
    counts: dict[str, int] = {}
    for f in kit_for(game).families(ctx):
        counts[f.file_name] = counts.get(f.file_name, 0) + len(f.items)
    return counts


def _px(image, x: float, y: float) -> tuple[int, int, int]:
    """The pixel at (x, y) in PDF points (origin bottom left)."""
    return image.getpixel((math.floor(x * SCALE), math.floor(image.height - y * SCALE)))


def _same(a: tuple[int, int, int], b: tuple[int, int, int]) -> bool:
    return all(abs(p - q) <= TOLERANCE for p, q in zip(a, b, strict=True))


def _problems(image, cell, label: str) -> list[str]:
    """Where the bleed of `cell` is not its own edge colour, 0.4 to 1.8 mm past the trim
    (a pixel is 0.12 mm: the last sample reaches 1.92 mm)."""
    out = []
    for t in (0.25, 0.4, 0.6, 0.75):  # along each edge, clear of corners and gutter marks
        edges = {
            "left": ((cell.x, cell.y + t * cell.h), (-1, 0)),
            "right": ((cell.x1, cell.y + t * cell.h), (1, 0)),
            "bottom": ((cell.x + t * cell.w, cell.y), (0, -1)),
            "top": ((cell.x + t * cell.w, cell.y1), (0, 1)),
        }
        for side, ((x, y), (dx, dy)) in edges.items():
            inside = _px(image, x - dx * mm(0.4), y - dy * mm(0.4))
            for d in (0.4, 1.0, 1.8):
                outside = _px(image, x + dx * mm(d), y + dy * mm(d))
                if not _same(inside, outside):
                    out.append(f"{label} {side} at {d} mm: {outside} beside {inside}")
    return out


@pytest.mark.parametrize("ink", ["-ink-full", ""])
@pytest.mark.parametrize("game", kits.kit_games())
def test_every_card_bleeds_two_mm_of_its_own_artwork_on_every_side(built, game, ink):
    folder = built / game / f"en-a4{ink}"
    front = imposition.sheet_for(PAPERS["a4"])
    back = imposition.back_sheet(front, "long")
    per = len(front.cells)
    problems: list[str] = []
    for name, count in _card_counts(game).items():
        sheets = -(-count // per)
        for n in range(sheets):
            on_sheet = min(per, count - n * per)
            for side, sheet in ((0, front), (1, back)):
                image = kits.render(folder / name, 2 * n + side, SCALE)
                for i in range(on_sheet):
                    problems += _problems(image, sheet.cells[i], f"{name} p{2 * n + side + 1} "
                                                                  f"card {i + 1}")
    assert not problems, problems[:8]
