"""A player aid's running text never shrinks under 9 pt (text.AID_BODY_MIN): in every game,
too much text for the page stops the build with the section's name, not a traceback."""

from __future__ import annotations

import re

import pytest

from tests.cardgen.test_cli_check import cardgen

# game id, content folder, a point of its guide, the section that must be named
CASES = [
    ("double-mission", "double_mission",
     "Get Millions: take {millions.per_action} from the bank.", "guide.actions"),
    ("dice-mission", "dice_mission",
     "New Deal: a new number of dice for everyone still to roll.", "guide.mission_gadgets"),
    ("mission-improbable", "mission_improbable",
     "Pass when the attempt is equal to or higher than the difficulty.", "guide.checks"),
]


@pytest.mark.parametrize(("game", "folder", "point", "section"), CASES,
                         ids=[case[0] for case in CASES])
def test_an_overfull_player_aid_fails_naming_its_section(content_copy, tmp_path, game, folder,
                                                         point, section):
    guide = content_copy / folder / "guide.yaml"
    source = guide.read_text(encoding="utf-8")
    assert point in source
    guide.write_text(source.replace(point, point + " Then keep reading this." * 200),
                     encoding="utf-8")
    result = cardgen("build", "--game", game, "--content", str(content_copy),
                     "--out", str(tmp_path), "--quiet")
    assert result.returncode == 1
    # located at the guide section's line: guide.yaml:N: sections[i] (en)
    assert re.search(r"guide.yaml:\d+: sections\[\d+\][.\w\[\]]* \(en\): text does not fit "
                     r"its box", result.stderr), (section, result.stderr)
    assert "Traceback" not in result.stderr
