"""A bad Dice Mission file, or a bad mission predicate, gets `file:line: field: message`."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from missionkit.content import ContentError
from missionkit.dice_mission.load import load
from tests.conftest import CONTENT


def broken(tmp_path: Path, file: str, old: str, new: str) -> tuple[Path, int]:
    """A copy of the content with `old` replaced by `new` in `file`; returns the folder and
    the line where the replacement starts."""
    folder = tmp_path / "dice_mission"
    shutil.copytree(CONTENT / "dice_mission", folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"fixture text not unique in {file}: {old!r}"
    line = text[: text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, new), encoding="utf-8")
    return folder, line


def problems(folder: Path) -> list[tuple[str, int | None, str, str]]:
    with pytest.raises(ContentError) as info:
        load(folder)
    return [(p.file.name, p.line, p.field, p.message) for p in info.value.problems]


# card being broken (index in missions.yaml), its check line, the replacement, and the
# expected field (below missions[i].check) and message
CHECKS = [
    pytest.param(
        "check: {groups: [{n: 3}]}", "check: {groups: [{n: 3, faces: [7]}]}",
        "groups[0].faces[0]", "a face must be a whole number from 1 to 6, got 7", id="face-7"),
    pytest.param(
        "check: {groups: [{n: 3}]}", "check: {groups: [{n: 3}], contains: [6]}",
        "", "a predicate is a mapping with exactly one key (pool predicate (SOLO cards use "
        "pool predicates only))", id="two-keys"),
    pytest.param(
        "check: {groups: [{n: 3}]}", "check: {groups: [{n: 3, size: 2}]}",
        "groups[0].size", "unknown key 'size' (expected: n, faces)", id="unknown-key"),
    pytest.param(
        "check: {groups: [{n: 3}]}", "check: {pairs: [{n: 3}]}",
        "pairs", "'pairs' is not a pool predicate (SOLO cards use pool predicates only) "
        "(expected one of: groups, contains, straight, sum, count, distinct, all_different, "
        "count_compare, all, any, not, split)", id="unknown-predicate"),
    pytest.param(
        "check: {groups: [{n: 3}]}", "check: {only: {groups: [{n: 3}]}}",
        "only", "'only' is not a pool predicate (SOLO cards use pool predicates only) "
        "(expected one of: groups, contains, straight, sum, count, distinct, all_different, "
        "count_compare, all, any, not, split)", id="versus-top-on-solo"),
    pytest.param(
        "check: {groups: [{n: 3}]}", "check: {groups: [{n: {per_player: 1}}]}",
        "groups[0].n.per_player", "per_player is allowed on TEAM cards only",
        id="per-player-on-solo"),
    pytest.param(
        "check: {only: {groups: [{n: 2}, {n: 2}]}}", "check: {groups: [{n: 2}, {n: 2}]}",
        "groups", "'groups' is not a VERSUS predicate (expected one of: only, most, fewest, "
        "exclusive, all, any)", id="pool-top-on-versus"),
    pytest.param(
        "check: {most: {metric: sum}}", "check: {most: {metric: total}}",
        "most.metric", "unknown metric 'total' (expected one of: sum, count, distinct, "
        "largest_group, longest_straight)", id="unknown-metric"),
    pytest.param(
        "check: {distinct: {op: ge, value: 6}}", "check: {distinct: {op: gt, value: 6}}",
        "distinct.op", "unknown op 'gt' (expected one of: ge, le, eq)", id="gt-outside-compare"),
    pytest.param(
        "check: {each_player: {contains: [6]}}", "check: {each_player: {each_player: {}}}",
        "each_player.each_player", "'each_player' is not a pool predicate (expected one of: "
        "groups, contains, straight, sum, count, distinct, all_different, count_compare, all, "
        "any, not, split)", id="nested-quantifier"),
    pytest.param(
        "check: {straight: {length: 5, from: 2}}", "check: {straight: {length: 5, from: 3}}",
        "straight", "a run of 5 from 3 goes past 6", id="run-past-six"),
    pytest.param(
        "check: {groups: [{n: 3}]}", "check: {groups: [{n: 0}]}",
        "groups[0].n", "expected a whole number 1 or more, got 0", id="empty-group"),
    pytest.param(
        "check: {split: [{straight: {length: 3}}, {groups: [{n: 2}]}]}",
        "check: {split: [{straight: {length: 3}}]}",
        "split", "expected a list of at least 2", id="split-of-one"),
]


@pytest.mark.parametrize(("old", "new", "field", "message"), CHECKS)
def test_a_bad_predicate_is_located(tmp_path, old, new, field, message):
    folder, line = broken(tmp_path, "missions.yaml", old, new)
    found = problems(folder)
    assert len(found) == 1
    name, at, where, text = found[0]
    assert (name, at, text) == ("missions.yaml", line, message)
    assert where.startswith("missions[") and where.endswith(".check" + ("." + field
                                                                        if field else ""))


def test_a_deep_error_in_a_block_style_check_names_its_own_line(tmp_path):
    block = ("check:\n      all:\n        - {count: {op: ge, value: 4}}\n"
             "        - count: {faces: [0], op: eq, value: 0}\n")
    folder, line = broken(tmp_path, "missions.yaml",
                          "check: {all: [{count: {op: ge, value: 4}}, {count: {faces: odd, "
                          "op: eq, value: 0}}]}\n", block)
    assert problems(folder) == [("missions.yaml", line + 3, "missions[18].check.all[1].count"
                                 ".faces[0]", "a face must be a whole number from 1 to 6, got 0")]


def test_error_line_reads_file_line_field_message(tmp_path):
    folder, line = broken(tmp_path, "missions.yaml", "check: {groups: [{n: 4}]}",
                          "check: {groups: [{n: 4, faces: [9]}]}")
    with pytest.raises(ContentError) as info:
        load(folder)
    assert str(info.value).endswith(
        f"missions.yaml:{line}: missions[5].check.groups[0].faces[0]: "
        "a face must be a whole number from 1 to 6, got 9")


@pytest.mark.parametrize(("file", "old", "new", "field", "message"), [
    ("missions.yaml", "team_01\n    type: team\n", "team_01\n    type: duo\n", "missions[64].type",
     "input should be 'solo', 'versus', 'team' or 'special'"),
    ("missions.yaml", "  - id: solo_02\n", "  - id: solo_01\n", "missions[1].id",
     "duplicate id 'solo_01' (first at missions[0])"),
    ("gadgets.yaml", "    effect: steal_die\n", "    effect: steal\n", "gadgets[5].effect",
     "input should be 'set_dice_count', 'force_reroll', 'exchange_mission', 'extra_roll', "
     "'lock_player', 'steal_die', 'delete_die', 'change_face', 'swap_dice' or 'give_die'; "
     "did you mean 'steal_die'?"),
    ("gadgets.yaml", "    copies: 2\n    effect: give_die", "    copies: 3\n    effect: give_die",
     "gadgets", "21 gadget cards (sum of copies), but game.yaml components say 20"),
    ("missions.yaml", "check: {groups: [{n: 3}]}", "check: three of a kind",
     "missions[1].check", "expected a mapping (key: value), got 'three of a kind'"),
    ("game.yaml", "dice_max: 5", "dice_max: 6", "round.dice_max", "a player owns only 5 dice"),
    ("guide.yaml", "{round.rolls_max} rolls", "{round.rols_max} rolls",
     "sections[2].points[1].en", "unknown placeholder {round.rols_max}"),
])
def test_bad_content_elsewhere(tmp_path, file, old, new, field, message):
    folder, line = broken(tmp_path, file, old, new)
    found = problems(folder)
    assert any(f == file and f2 == field and m == message for f, _, f2, m in found), found
