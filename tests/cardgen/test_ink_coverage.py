"""The default kit is made for a home inkjet: measured with Ghostscript's `inkcov` device
(the share of each page's pixels that get any cyan, magenta, yellow or black, summed), every
file of every game's default EN kit averages 0.6 or less and no page goes over 1.2, while
`--ink full` still builds the rich, dark look for a print shop (its card pages are mostly
ink). Ghostscript is a Debian package (`ghostscript`, in .ci/apt-packages.txt)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.ink_coverage import MEAN_MAX, PAGE_MAX, have_gs, inkcov
from tests.cardgen import kits
from tests.cardgen.test_cli_check import cardgen
from tests.conftest import require


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    require(have_gs(), "Ghostscript (gs) is not installed: apt-get install ghostscript")
    out = tmp_path_factory.mktemp("ink")
    args = ["build", "--out", str(out), "--quiet", "--lang", "en", "--ink", "home",
            "--ink", "full"]
    for game in kits.kit_games():
        args += ["--game", game]
    result = cardgen(*args)
    assert result.returncode == 0, result.stderr
    return out


@pytest.mark.parametrize("game", kits.kit_games())
def test_default_kit_is_light_on_ink_on_every_file(built: Path, game: str) -> None:
    folder = built / game / "en-a4"
    heavy = []
    for pdf in kits.pdfs(folder):
        pages = inkcov(pdf)
        mean = sum(pages) / len(pages)
        if mean > MEAN_MAX or max(pages) > PAGE_MAX:
            heavy.append(f"{pdf.name}: mean {mean:.2f}, worst page {max(pages):.2f}")
    assert not heavy, heavy


@pytest.mark.parametrize("game", kits.kit_games())
def test_ink_full_keeps_the_rich_look(built: Path, game: str) -> None:
    """The print-shop kit has the same files and pages, into <lang>-<paper>-ink-full/, and
    its card pages are flooded with colour as before (several times the home look's ink)."""
    home, full = built / game / "en-a4", built / game / "en-a4-ink-full"
    assert [(p.name, len(inkcov(p))) for p in kits.pdfs(home)] == \
        [(p.name, len(inkcov(p))) for p in kits.pdfs(full)]
    cards = [p.name for p in kits.pdfs(home) if "cards" in p.name or "missions" in p.name]
    assert cards
    for name in cards:
        light, rich = inkcov(home / name), inkcov(full / name)
        assert sum(rich) / len(rich) > 1.5, name
        assert sum(rich) > 4 * sum(light), name
