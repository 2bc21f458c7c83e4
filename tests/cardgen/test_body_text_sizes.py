"""Body text a hobbyist reads at arm's length (issue #16), read back from the built PDFs:
a player aid's running text is >= 9 pt and a card's rules text >= 8 pt, in EN and KO, on A4
and Letter, home and full ink. Body runs are the runs in the language's body font; the
labels (bold and display fonts) only keep the 6 pt print floor, checked elsewhere."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pikepdf
import pytest
from reportlab.pdfbase import pdfmetrics

from cardgen import text
from cardgen.fonts import fonts_for
from cardgen.kit import kit_for
from cardgen.render.common import Ctx
from missionkit.content import load_game
from missionkit.content.version import content_version
from missionkit.registry import GAMES
from tests.cardgen import kits
from tests.cardgen.pdf_text_sizes import Run, text_runs
from tests.cardgen.test_build import _korean_font_installed
from tests.cardgen.test_cli_check import cardgen
from tests.conftest import CONTENT, require

AIDS = {"dice-mission": ("player-aids.pdf",),
        "mission-improbable": ("player-aids.pdf",)}
VARIANTS = [(lang, paper, ink) for lang in kits.LANGS for paper in kits.PAPERS_
            for ink in ("", "-ink-full")]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    require(_korean_font_installed(), "no Korean font (apt-get install fonts-nanum)")
    out = tmp_path_factory.mktemp("body")
    args = ["build", "--out", str(out), "--quiet", "--ink", "home", "--ink", "full"]
    for option, values in (("--game", AIDS), ("--lang", kits.LANGS), ("--paper", kits.PAPERS_)):
        for value in values:
            args += [option, value]
    result = cardgen(*args)
    assert result.returncode == 0, result.stderr
    return out


def _body_font(lang: str) -> str:
    """The PostScript name the PDF gives the language's body font."""
    return pdfmetrics.getFont(fonts_for(lang).body).face.name.decode()


def _version_lines(runs: list[Run], version: str) -> set[tuple[int, float]]:
    """(page, baseline) of the lines that print the content version (a small label)."""
    lines: dict[tuple[int, float], list[Run]] = defaultdict(list)
    for run in runs:
        lines[run.page, round(run.y, 1)].append(run)
    return {key for key, line in lines.items()
            if version in "".join(r.text for r in sorted(line, key=lambda r: r.x))}


def _body_runs(path: Path, lang: str, skip: set[tuple[int, float]] = frozenset(),
               inside: list | None = None) -> list[Run]:
    """The body-font runs of `path`, less the lines in `skip` and, with `inside` (a box
    per page), the runs that start outside the page's box."""
    font, out = _body_font(lang), []
    for run in text_runs(path):
        if run.font != font or not run.text.strip() or (run.page, round(run.y, 1)) in skip:
            continue
        box = inside[run.page] if inside else None
        if box and not (box[0] <= run.x <= box[2] and box[1] <= run.y <= box[3]):
            continue
        out.append(run)
    return out


def _under(path: Path, runs: list[Run], floor: float) -> list[str]:
    return [f"{path.name} p{r.page + 1}: {r.size:.2f} pt {r.text!r}" for r in runs
            if r.size < floor - 0.01]


def _trim_boxes(path: Path) -> list:
    with pikepdf.open(path) as pdf:
        return [[float(v) for v in page.obj.get("/TrimBox", page.MediaBox)]
                for page in pdf.pages]


@pytest.mark.parametrize(("lang", "paper", "ink"), VARIANTS)
@pytest.mark.parametrize("game", list(AIDS))
def test_player_aid_running_text_is_at_least_9pt(built, game, lang, paper, ink):
    folder = built / game / f"{lang}-{paper}{ink}"
    version = content_version(CONTENT / GAMES[game])
    small = []
    for name in AIDS[game]:
        path = folder / name
        body = _body_runs(path, lang, _version_lines(text_runs(path), version))
        assert len(body) > 50, f"{name}: no running text read"
        small += _under(path, body, text.AID_BODY_MIN)
    assert not small, "aid body text under 9 pt:\n" + "\n".join(small[:10])


@pytest.mark.parametrize(("lang", "paper", "ink"), VARIANTS)
@pytest.mark.parametrize("game", list(AIDS))
def test_card_rules_text_is_at_least_8pt(built, game, lang, paper, ink):
    """Every card's body-font text inside the cards' trim (the sheet label on the margin
    is a label) is at least text.CARD_BODY_MIN."""
    folder = built / game / f"{lang}-{paper}{ink}"
    ctx = Ctx(load_game(game, CONTENT), lang, fonts_for(lang))
    small = []
    for name in dict.fromkeys(f.file_name for f in kit_for(game).families(ctx)):
        path = folder / name
        body = _body_runs(path, lang, inside=_trim_boxes(path))
        assert body, f"{name}: no card text read"
        small += _under(path, body, text.CARD_BODY_MIN)
    assert not small, "card body text under 8 pt:\n" + "\n".join(small[:10])
