"""Issue 23: the printed kit points at a companion the table can reach, or at nothing.

With no companion address given or configured, `cardgen build` says so and prints a box to
write the address in where the QR code went; it never prints this computer's loopback
address unless told to, and then it warns."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from cardgen.build import BuildOptions, build
from tests.cardgen import kits
from tests.conftest import CONTENT, ROOT, require

LOOPBACK = re.compile(r"127\.\d+\.\d+\.\d+|localhost|\[?::1\]?(?![\d:])", re.IGNORECASE)
GAMES = kits.kit_games()


def cardgen(tmp: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """`cardgen ARGS` as a user runs it, with no user setting leaking in: no
    MISSION_KIT_PUBLIC_URL, and MISSION_KIT_CONFIG naming a file that does not exist (unless
    `env` sets them)."""
    base = {k: v for k, v in os.environ.items() if k != "MISSION_KIT_PUBLIC_URL"}
    base["MISSION_KIT_CONFIG"] = str(tmp / "no-such-config.toml")
    return subprocess.run([sys.executable, "-m", "cardgen", *args], cwd=tmp,
                          env={**base, **env}, capture_output=True, text=True, timeout=300)


def _text(pdf: Path) -> str:
    done = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                          check=True)
    return done.stdout


def _qr_codes(pdf: Path, folder: Path, first: int | None = None, last: int | None = None
              ) -> list[str]:
    """Every QR code zbarimg reads on the pages of `pdf` rendered at 150 dpi (grey PGM:
    zbar reads grey, and an uncompressed image is ten times quicker to write than a PNG)."""
    folder.mkdir(parents=True, exist_ok=True)
    pages = [*(["-f", str(first)] if first else []), *(["-l", str(last)] if last else [])]
    subprocess.run(["pdftoppm", "-r", "150", "-gray", *pages, str(pdf), str(folder / "p")],
                   check=True)
    pngs = sorted(str(p) for p in folder.glob("p*.pgm"))
    done = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable",
                           *pngs], capture_output=True, text=True, check=False)
    return [line for line in done.stdout.splitlines() if line]


def _tools() -> None:
    for tool, package in (("pdftotext", "poppler-utils"), ("pdftoppm", "poppler-utils"),
                          ("zbarimg", "zbar-tools")):
        require(shutil.which(tool) is not None, f"{tool} is missing (apt-get install {package})")


@pytest.fixture(scope="module")
def unaddressed(tmp_path_factory) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """Every game's kit in English and Korean, built with no companion address known."""
    tmp = tmp_path_factory.mktemp("no-companion")
    args = ["build", "--out", str(tmp / "out"), "--lang", "en", "--lang", "ko"]
    done = cardgen(tmp, *args)
    assert done.returncode == 0, done.stderr
    return tmp / "out", done


def test_a_build_without_a_companion_address_says_why_and_how_to_set_one(unaddressed):
    out, done = unaddressed
    said = done.stdout + done.stderr
    lines = [line for line in said.splitlines() if "no companion address known" in line]
    assert len(lines) == 1, said  # one clear line, not one per kit
    for hint in ("QR code", "--companion-url http://", "companion serve --lan",
                 "MISSION_KIT_PUBLIC_URL", "mission-kit.toml"):
        assert hint in lines[0], (hint, lines[0])
    for game in GAMES:
        manifest = json.loads((out / game / "en-a4" / "manifest.json").read_text())
        assert manifest["companion_url"] is None


def test_no_pdf_of_an_unaddressed_kit_prints_a_loopback_address(unaddressed, tmp_path):
    """Not in its text, not in any QR code: every page of every English PDF is scanned, and
    the Korean guide and aids (the PDFs side by side, one per core)."""
    _tools()
    out, _ = unaddressed
    scans = []
    for game in GAMES:
        for lang in kits.LANGS:
            folder = out / game / f"{lang}-a4"
            for pdf in kits.pdfs(folder):
                found = LOOPBACK.findall(_text(pdf))
                assert not found, (game, lang, pdf.name, found)
                if lang == "en" or pdf.name in ("print-guide.pdf", "player-aids.pdf"):
                    scans.append((game, pdf, tmp_path / game / lang / pdf.stem))
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        codes = list(pool.map(lambda scan: _qr_codes(scan[1], scan[2]), scans))
    for (game, pdf, _), found in zip(scans, codes, strict=True):
        assert not [c for c in found if LOOPBACK.search(c)], (game, pdf.name, found)


@pytest.mark.parametrize("lang", kits.LANGS)
def test_the_guide_and_aids_give_a_box_to_write_the_address_in(unaddressed, lang):
    from cardgen.sheet_words import word

    out, _ = unaddressed
    label = word(lang, "write_in")
    for game in GAMES:
        for name in ("print-guide.pdf", "player-aids.pdf"):
            text = " ".join(_text(out / game / f"{lang}-a4" / name).split())
            assert label in text, (game, name)
            assert word(lang, "content_version") in text, (game, name)


def test_an_explicit_loopback_address_is_built_and_warned_about(tmp_path):
    _tools()
    done = cardgen(tmp_path, "build", "--game", "mission-improbable", "--out", str(tmp_path),
                   "--companion-url", "http://127.0.0.1:5000")
    assert done.returncode == 0, done.stderr
    warned = [line for line in done.stderr.splitlines() if "127.0.0.1" in line]
    assert warned and "only this computer can open it" in warned[0], done.stderr
    folder = tmp_path / "mission-improbable" / "en-a4"
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["companion_url"] == "http://127.0.0.1:5000/"
    codes = _qr_codes(folder / "player-aids.pdf", tmp_path / "png", 1, 1)
    assert codes and codes[0].startswith("http://127.0.0.1:5000/?game=mission-improbable&v=")


@pytest.mark.parametrize("url", ["ftp://192.0.2.10/", "192.0.2.10:5000", "http://host:port/",
                                 "http://192.0.2.10:5000/?x=1"])
def test_a_bad_companion_url_fails_in_one_line(tmp_path, url):
    done = cardgen(tmp_path, "build", "--game", "dice-mission", "--out", str(tmp_path),
                   "--companion-url", url)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "--companion-url" in lines[0] and repr(url) in lines[0], lines
    assert not (tmp_path / "dice-mission").exists()


def test_the_shared_setting_gives_the_address_when_no_option_does(tmp_path):
    """MISSION_KIT_PUBLIC_URL, else the config file: the setting `companion serve` reads."""
    config = tmp_path / "mission-kit.toml"
    config.write_text('public_url = "http://192.0.2.20:8000"\n')
    for env, expected in (({"MISSION_KIT_PUBLIC_URL": kits.COMPANION}, kits.COMPANION),
                          ({"MISSION_KIT_CONFIG": str(config)}, "http://192.0.2.20:8000/")):
        out = tmp_path / expected.split("//")[1].replace(":", "-").strip("/")
        done = cardgen(tmp_path, "build", "--game", "dice-mission", "--out", str(out), **env)
        assert done.returncode == 0, done.stderr
        assert "no companion address" not in done.stderr and "loopback" not in done.stderr
        manifest = json.loads((out / "dice-mission" / "en-a4" / "manifest.json").read_text())
        assert manifest["companion_url"] == expected


def test_a_rebuild_rewrites_the_files_that_print_the_address_when_it_changes(tmp_path):
    """An incremental rebuild (as `cardgen watch` makes, nothing changed in the content)
    with another address (or none) rewrites the aids, not the cards; the same address again
    writes nothing, and each address always gives the same bytes."""
    def built(url: str | None, everything: bool = False) -> tuple[set[str], str]:
        only = None if everything else set()  # set(): only what the last build left stale
        result = build(BuildOptions("double-mission", out=tmp_path, content=CONTENT,
                                    companion_url=url), only=only)
        sha = {f["path"]: f["sha256"] for f in result.manifest["files"]}
        return set(result.written), sha["player-aids.pdf"]

    first, none_sha = built(None, everything=True)
    assert "player-aids.pdf" in first and "plan-cards.pdf" in first
    assert built(None)[0] == set()
    written, url_sha = built(kits.COMPANION)
    assert "player-aids.pdf" in written and url_sha != none_sha
    assert not written & {"plan-cards.pdf", "missions-characters-titles.pdf", "board-a2.pdf"}
    assert built(kits.COMPANION)[0] == set()
    written, again = built(None)
    assert "player-aids.pdf" in written and again == none_sha


def test_cardgen_version():
    from importlib.metadata import version

    done = subprocess.run([sys.executable, "-m", "cardgen", "--version"], cwd=ROOT,
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0
    assert done.stdout.strip() == f"cardgen {version('mission-kit')}"
