"""The vendored art (game-icons.net icons, Natural Earth land): regenerated from npm by the
script exactly as committed, licensed and credited beside the data, in the README and in the
printed kit, and one icon per card that no other card of its family shares."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
from pathlib import Path

import pytest

from cardgen import credits, icons
from missionkit.content import load_game
from tests.cardgen.test_build import pdftotext
from tests.cardgen.test_cli_check import cardgen
from tests.conftest import CONTENT

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "vendor_assets.py"


def _script():
    spec = importlib.util.spec_from_file_location("vendor_assets", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_script_regenerates_the_vendored_files_byte_for_byte(tmp_path):
    if shutil.which("npm") is None:
        pytest.skip("npm is not installed (apt-get install npm): the script fetches with it")
    pytest.importorskip("svgelements", reason="pip install -e '.[vendor]' for the script")
    script = _script()
    try:
        tarballs = script.tarballs(tmp_path)
    except subprocess.CalledProcessError as e:  # no registry from here
        pytest.skip(f"npm pack failed: {e.stderr.strip()[:200]}")
    for rel, data in script.build(*tarballs).items():
        assert (script.ASSETS / rel).read_bytes() == data, f"{rel} differs: rerun the script"


def test_every_vendored_folder_carries_its_licence_and_the_readme_credits_it():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    folders = [p for p in icons.ASSETS.iterdir() if p.is_dir()]
    assert {p.name for p in folders} == {"game-icons", "world-atlas"}
    for folder in folders:
        licence = (folder / "LICENSE.txt").read_text(encoding="utf-8")
        assert licence.strip()
    assert "CC BY 3.0" in (icons.ASSETS / "game-icons" / "LICENSE.txt").read_text()
    assert "public domain" in (icons.ASSETS / "world-atlas" / "LICENSE.txt").read_text()
    for words in ("game-icons.net", "CC BY 3.0", "Natural Earth", "scripts/vendor_assets.py"):
        assert words in readme


@pytest.mark.parametrize("game", ["double-mission", "dice-mission"])
def test_the_print_guide_prints_the_credit(tmp_path, game):
    result = cardgen("build", "--out", str(tmp_path), "--quiet", "--game", game, "--lang", "en",
                     "--paper", "a4")
    assert result.returncode == 0, result.stderr
    guide = " ".join(pdftotext(tmp_path / game / "en-a4" / "print-guide.pdf").split())
    assert "game-icons.net" in guide and "CC BY 3.0" in guide
    assert ("Natural Earth" in guide) == (game == "double-mission")
    assert credits.line("en", game == "double-mission") in guide
    if game == "double-mission":  # the characters show a figure, no longer a monogram
        words = pdftotext(tmp_path / game / "en-a4" / "missions-characters-titles.pdf").split()
        assert not {"Ja", "Jo", "Q", "K"} & set(words)


def _families() -> dict[tuple[str, str], list[str]]:
    """(game, family) -> the content ids that must each show an icon."""
    dm = load_game("double-mission", CONTENT)
    mi = load_game("mission-improbable", CONTENT)
    return {
        ("double_mission", "plan"): [c.id for c in dm.plan_cards],
        ("double_mission", "missions"): [m.id for m in dm.missions],
        ("double_mission", "characters"): [c.id for c in dm.characters],
        ("mission_improbable", "skills"): [s.id for s in mi.skills],
    }


def test_every_card_has_its_own_vendored_icon():
    art, vendored = icons.art(), icons.icon_names()
    for (game, family), ids in _families().items():
        chosen = art[game][family]
        assert sorted(chosen) == sorted(ids), f"{game} {family}: art.yaml and content differ"
        names = list(chosen.values())
        assert len(set(names)) == len(names), f"{game} {family}: two cards share an icon"
        assert set(names) <= vendored
    types = art["mission_improbable"]["types"]
    assert len(set(types.values())) == len(types) and set(types.values()) <= vendored


def test_the_misleading_reuses_are_gone():
    """The issue's list: a jewel on Collection and Extortion, a painting on Making an
    Imitation, Operation's crosshair on Remote Job, the alarm on Threaten and Sabotage, the
    airport plane on Private Jet."""
    dm = icons.art()["double_mission"]
    plan, missions = dm["plan"], dm["missions"]
    airport = icons.art()["shared"]["airport"]
    assert plan["remote_job"] != missions["operation"]
    assert plan["private_jet"] != airport
    assert plan["threaten"] != missions["sabotage"]
    # no card's picture looks like a treasure type (a gem, a painting) unless it is about one
    for name in [*plan.values(), *missions.values()]:
        assert not any(w in name for w in ("gem", "jewel", "diamond", "canvas", "painting"))
