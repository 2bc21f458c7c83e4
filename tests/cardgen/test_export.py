"""PNG and Tabletop Simulator exports open with the right pixel sizes and card counts."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from PIL import Image

FAMILIES = {"plan_cards": 25, "mission_cards": 12, "character_cards": 5, "titles": 14}


def cardgen(*args):
    return subprocess.run([sys.executable, "-m", "cardgen", *args], capture_output=True,
                          text=True, timeout=300)


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    out = tmp_path_factory.mktemp("export")
    for kind in ("png", "tts"):
        result = cardgen("export", kind, "--out", str(out))
        assert result.returncode == 0, result.stderr
    return out / "double-mission"


def test_png_one_image_per_card_side_at_poker_print_size(exported, game):
    files = sorted((exported / "en-png").rglob("*.png"))
    distinct = len(game.plan_cards) + len(game.missions) + len(game.titles)
    sides = distinct + 2 * len(game.characters) + 3  # + the three shared backs
    assert len(files) == sides == 59
    for path in files:
        with Image.open(path) as img:
            assert img.size == (825, 1125), path.name
            assert img.mode == "RGB"
            # tagged (pHYs), so uploaders and image editors do not read 72 dpi
            assert tuple(round(v) for v in img.info["dpi"]) == (300, 300), path.name
    assert (exported / "en-png" / "character_cards" / "ace-back.png").exists()
    assert (exported / "en-png" / "plan_cards" / "back.png").exists()
    assert not [f for f in files if f.name.endswith("back-back.png")]


def test_tts_decks(exported):
    tts = exported / "en-tts"
    for family, count in FAMILIES.items():
        deck = json.loads((tts / f"{family}.json").read_text())["ObjectStates"][0]
        assert len(deck["DeckIDs"]) == len(deck["ContainedObjects"]) == count
        custom = next(iter(deck["CustomDeck"].values()))
        assert (custom["NumWidth"], custom["NumHeight"]) == (10, 7)
        # names relative to the JSON: the folder works on any machine it is copied to
        assert "://" not in custom["FaceURL"] and "/" not in custom["FaceURL"]
        face, back = tts / custom["FaceURL"], tts / custom["BackURL"]
        assert face.exists() and back.exists()
        with Image.open(face) as sheet:
            assert sheet.mode == "RGB" and max(sheet.size) <= 4096
            assert sheet.size[0] % 10 == 0 and sheet.size[1] % 7 == 0
            cell = (sheet.size[0] // 10, sheet.size[1] // 7)
            assert abs(cell[0] / cell[1] - 825 / 1125) < 0.01
        assert custom["UniqueBack"] is (family == "character_cards")


def test_tts_has_the_board_and_tokens_as_objects(exported):
    tts = exported / "en-tts"
    board = json.loads((tts / "board-a2.json").read_text())["ObjectStates"]
    assert [o["Name"] for o in board] == ["Custom_Board"]
    with Image.open(tts / board[0]["CustomImage"]["ImageURL"]) as img:
        assert img.width > img.height  # the landscape board
    tokens = json.loads((tts / "tokens.json").read_text())["ObjectStates"]
    assert tokens and {o["Name"] for o in tokens} == {"Custom_Tile"}
    assert all((tts / o["CustomImage"]["ImageURL"]).exists() for o in tokens)


def test_tts_base_url_prefixes_every_image(tmp_path):
    result = cardgen("export", "tts", "--game", "double-mission", "--out", str(tmp_path),
                     "--base-url", "https://example.org/kit/")
    assert result.returncode == 0, result.stderr
    deck = json.loads((tmp_path / "double-mission" / "en-tts" / "titles.json").read_text())
    custom = next(iter(deck["ObjectStates"][0]["CustomDeck"].values()))
    assert custom["FaceURL"] == "https://example.org/kit/titles-faces.png"


def test_unknown_export_kind(tmp_path):
    result = cardgen("export", "pdf", "--out", str(tmp_path))
    assert result.returncode == 2
    assert "invalid choice: 'pdf' (choose from 'png', 'tts')" in result.stderr
