"""Broken content gives one exact, located message per problem, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from missionkit.content import ContentError, load_game

LAS_VEGAS_LINES = (
    "  - [las_vegas, washington]\n  - [las_vegas, mexico_city]\n",
    "  - [las_vegas, kagoshima]\n",
)

CASES = [
    pytest.param(
        [("board.yaml", "36.17]}", "36.17]")],
        ("board.yaml", 11, "", "YAML syntax error: a mapping opened with '{' is not closed "
         "with '}' on its line, or a ',' is missing"),
        id="syntax-error"),
    pytest.param(
        [("board.yaml", "security: 5, group: us,", "security: high, group: us,")],
        ("board.yaml", 11, "cities[0].security", "expected a whole number, got 'high'"),
        id="word-for-number"),
    pytest.param(
        [("titles.yaml", "    points: 4\n", "\tpoints: 4\n")],
        ("titles.yaml", 7, "", "YAML syntax error: a tab character: YAML indents with spaces "
         "only (replace the tab by spaces)"),
        id="tab-indentation"),
    pytest.param(
        [("titles.yaml", "  - id: spy\n", "  - id: spy\n    colour: red\n")],
        ("titles.yaml", 24, "titles[3].colour", "unknown field"),
        id="unknown-field"),
    pytest.param(
        [("plan_cards.yaml", "    timing: own_turn\n", "")],
        ("plan_cards.yaml", 5, "plan_cards[0].timing", "required field is missing"),
        id="missing-field"),
    pytest.param(
        [("titles.yaml", "  - id: spy\n", "  - id: artist\n")],
        ("titles.yaml", 35, "titles[5].id", "duplicate id 'artist' (first at titles[3])"),
        id="duplicate-id"),
    pytest.param(
        [("game.yaml", "id: double-mission\n", "id: double-mission\nid: other\n")],
        ("game.yaml", 5, "id", "duplicate key"),
        id="duplicate-key"),
    pytest.param(
        [("board.yaml", "  - [seoul, shanghai]", "  - [seoul, shanghia]")],
        ("board.yaml", 68, "lines[29][1]", "unknown city 'shanghia'; did you mean 'shanghai'?"),
        id="unknown-city"),
    pytest.param(
        [("titles.yaml", "treasure: jewel, count: 2", "treasure: jewels, count: 2")],
        ("titles.yaml", 14, "titles[1].condition.treasure",
         "unknown treasure 'jewels'; did you mean 'jewel'?"),
        id="unknown-treasure"),
    pytest.param(
        [("plan_cards.yaml", "    copies: 2\n", "    copies: 7\n")],
        ("plan_cards.yaml", 4, "plan_cards",
         "30 plan cards (sum of copies), but game.yaml components say 25"),
        id="plan-cards-do-not-add-up"),
    pytest.param(
        [("game.yaml", "  cities: 24\n", "  cities: 23\n")],
        ("board.yaml", 10, "cities", "24 cities, but game.yaml components say 23"),
        id="cities-do-not-add-up"),
    pytest.param(
        [("board.yaml", LAS_VEGAS_LINES[0], ""), ("board.yaml", LAS_VEGAS_LINES[1], "")],
        ("board.yaml", 38, "lines", "the movement graph is disconnected: no route reaches "
         "las_vegas"),
        id="disconnected-graph"),
    pytest.param(
        [("game.yaml", "spaces: [7, 5, 4, 3]", "spaces: [7, 5, 5, 3]")],
        ("game.yaml", 65, "value_track", "value track spaces must fall from left to right"),
        id="value-track-rises"),
    pytest.param(
        [("game.yaml", "starting_scores: [0, 1, 2, 3]", "starting_scores: [0, 1, 2]")],
        ("game.yaml", 24, "players[2]", "starting_scores has 3 entries for 4 players"),
        id="starting-scores"),
    pytest.param(
        [("missions.yaml", "points: [4, 7, 11]", "points: [4, 7, 11, 14]")],
        ("missions.yaml", 56, "missions[7].scoring.points",
         "4 rungs, but the board has 3 such cities"),
        id="ladder-vs-airports"),
    pytest.param(
        [("characters.yaml", "      B:\n        name: {en: Fence",
          "      C:\n        name: {en: Fence")],
        ("characters.yaml", 15, "characters[0].sides.C", "input should be 'A' or 'B'"),
        id="bad-side"),
    pytest.param(
        [("plan_cards.yaml", "effect: {kind: gain_millions, amount: 4}",
          "effect: {kind: gain_millions}")],
        ("plan_cards.yaml", 10, "plan_cards[0].effect", "effect 'gain_millions' needs an amount"),
        id="effect-without-amount"),
    pytest.param(
        [("titles.yaml", "condition: {kind: own_dice, count: 6}",
          "condition: {kind: own_dices, count: 6}")],
        ("titles.yaml", 44, "titles[6].condition.kind",
         "unknown kind 'own_dices'; did you mean 'own_dice'? (expected one of: hold_type, "
         "hold_each, hold_any_type, "
         "hold_total, own_dice, own_titles, robbed_security, score_at_least)"),
        id="unknown-condition-kind"),
]


def break_content(root: Path, edits: list[tuple[str, str, str]]) -> None:
    for name, old, new in edits:
        path = root / "double_mission" / name
        text = path.read_text(encoding="utf-8")
        assert old in text, f"fixture text not found in {name}: {old!r}"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize(("edits", "expected"), CASES)
def test_broken_content_message(content_copy, edits, expected):
    break_content(content_copy, edits)
    with pytest.raises(ContentError) as info:
        load_game("double-mission", content_copy)
    found = [(p.file.name, p.line, p.field, p.message) for p in info.value.problems]
    assert expected in found


def test_every_error_in_a_file_is_reported_together(content_copy):
    break_content(content_copy, [
        ("board.yaml", "security: 5, group: us,", "security: high, group: us,"),
        ("board.yaml", "security: 6, group: china", "security: six, group: china"),
        ("titles.yaml", "    points: 4\n", "    points: four\n"),
    ])
    with pytest.raises(ContentError) as info:
        load_game("double-mission", content_copy)
    found = [(p.file.name, p.field) for p in info.value.problems]
    assert found == [("board.yaml", "cities[0].security"), ("board.yaml", "cities[17].security"),
                     ("titles.yaml", "titles[0].points")]


def test_error_line_reads_file_line_field_message(content_copy):
    edit = ("board.yaml", "security: 5, group: us,", "security: x, group: us,")
    break_content(content_copy, [edit])
    with pytest.raises(ContentError) as info:
        load_game("double-mission", content_copy)
    line = str(info.value.problems[0])
    assert line.endswith("board.yaml:11: cities[0].security: expected a whole number, got 'x'")


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"", "the file is empty"),
        (b"   \n\n", "the file is empty"),
        (b"# only a comment\n", "the file holds no data"),
        (b"\xff\xfe\x00garbage", "not UTF-8 text (save the file as UTF-8)"),
        (b"- just\n- a list\n", "expected a mapping (key: value) at the top"),
    ],
)
def test_unusable_files(content_copy, raw, message):
    (content_copy / "double_mission" / "missions.yaml").write_bytes(raw)
    with pytest.raises(ContentError) as info:
        load_game("double-mission", content_copy)
    assert [(p.file.name, p.message) for p in info.value.problems] == [("missions.yaml", message)]


def test_missing_file(content_copy):
    (content_copy / "double_mission" / "titles.yaml").unlink()
    with pytest.raises(ContentError, match="titles.yaml: file is missing"):
        load_game("double-mission", content_copy)
