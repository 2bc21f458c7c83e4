"""Broken Mission Improbable content gives one located message per problem
(`file:line: field: message`), never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from missionkit.content import ContentError, load_game

GAME = "mission-improbable"


def edit(root: Path, name: str, old: str, new: str) -> int:
    """Replace `old` by `new` once in a content file; return the line where `new` starts."""
    path = root / "mission_improbable" / name
    text = path.read_text(encoding="utf-8")
    assert old in text, f"fixture text not found in {name}: {old!r}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def problems(root: Path) -> list[tuple[str, int | None, str, str]]:
    with pytest.raises(ContentError) as info:
        load_game(GAME, root)
    return [(p.file.name, p.line, p.field, p.message) for p in info.value.problems]


SKILL_IDS = ("air, animals, cold, combat, computers, demolition, disguise, driving, persuasion, "
             "stealth, surveillance, water")

CASES = [
    pytest.param(
        "agents.yaml", "skills: {persuasion: 2, combat: 2, stealth: 1, water: 1}",
        "skills: {persuasion: 2, combat: 2, stelth: 1, water: 1}",
        ("agents.yaml", 0, "agents[0].skills.stelth",
         f"unknown skill 'stelth'; did you mean 'stealth'? (known: {SKILL_IDS})"),
        id="unknown-skill"),
    pytest.param(
        "obstacles.yaml", "check: {skill: computers, mod: 1}", "check: {skill: security, mod: 1}",
        ("obstacles.yaml", 0, "obstacles[10].check.skill",
         "'security' is read as 'computers' only on: portable_computer"),
        id="alias-outside-its-card"),
    pytest.param(
        "tables.yaml", "      - from: 6\n        to: 6\n", "      - from: 7\n        to: 7\n",
        ("tables.yaml", 0, "tables[0].rows[3].from", "gap: 6 is not covered"),
        id="gap-in-a-table"),
    pytest.param(
        "tables.yaml", "      - from: 4\n        to: 7\n", "      - from: 3\n        to: 7\n",
        ("tables.yaml", 0, "tables[2].rows[2].from", "overlap: 3 is covered twice"),
        id="overlap-in-a-table"),
    pytest.param(
        "tables.yaml", "      - from: 8\n        to: 10\n", "      - from: 8\n        to: 9\n",
        ("tables.yaml", "    rows:\n      - from: 1\n        to: 1\n        result: {en: \"Death",
         "tables[2].rows", "gap: 10 is not covered"),
        id="table-stops-short"),
    pytest.param(
        "tables.yaml", "        result: {en: \"Nothing.\", ko: \"아무 일도 없다.\"}\n"
        "        effects: []\n",
        "        result: {en: \"Nothing.\", ko: \"아무 일도 없다.\"}\n"
        "        effects: [{kind: look_at_hand}]\n",
        ("tables.yaml", "        effects: [{kind: nemesis_rolls", "tables[0].rows[0].effects[0]"
         ".on_repeat", "a repeat counts as nothing, but no row of this table is nothing "
         "(effects: [])"),
        id="repeat-without-a-nothing-row"),
    pytest.param(
        "missions.yaml", "  - id: defend_destroy_base\n    type: mission\n",
        "  - id: defend_destroy_base\n    type: agent\n",
        ("missions.yaml", 1, "missions[0].type", "input should be 'mission'"),
        id="wrong-card-type"),
    pytest.param(
        "missions.yaml", "    mp: 3\n", "    mp: three\n",
        ("missions.yaml", 0, "missions[0].mp", "expected a whole number, got 'three'"),
        id="word-for-number"),
    pytest.param(
        "missions.yaml", "    bad: {en: Destroy Base, ko: 기지 파괴}\n", "",
        ("missions.yaml", -3, "missions[0]",
         "a mission with a good name needs a bad name too (and back)"),
        id="good-without-bad"),
    pytest.param(
        "obstacles.yaml", "check: {skill: combat, mod: 1}\n",
        "check: {skill: combat, mod: 1, any: [{skill: water, mod: 1}, {skill: cold, mod: 1}]}\n",
        ("obstacles.yaml", 0, "obstacles[1].check",
         "a check is either skill + mod or any: [...], not both"),
        id="check-in-both-forms"),
    pytest.param(
        "events.yaml", "  - id: fake_death\n", "  - id: mr_bond\n",
        ("events.yaml", 0, "events[0].id", "duplicate id 'mr_bond' (first in agents[0])"),
        id="duplicate-id-across-files"),
    pytest.param(
        "equipment.yaml", "  - {id: stiletto, type: equipment, "
        "name: {en: Stiletto, ko: 스틸레토 단검}, skills: {combat: 1}}\n", "",
        ("equipment.yaml", "equipment:\n", "equipment",
         "20 equipment cards, but game.yaml card_types say 21"),
        id="card-count"),
    pytest.param(
        "events.yaml", "table: capture, amount: -2}", "table: capture, amount: 0}",
        ("events.yaml", 0, "events[15].effects[0].amount",
         "a table modifier of 0 changes nothing"),
        id="zero-modifier"),
    pytest.param(
        "tables.yaml", "effects: [{kind: escape}]", "effects: [{kind: escaped}]",
        ("tables.yaml", 0, "tables[2].rows[3].effects[0].kind", "unknown kind 'escaped'; "
         "did you mean 'escape'? (expected one of: captured, killed, wounded, discard_equipment, "
         "escape, security_risk, "
         "take_control, take_equipment, shuffle_into_deck, heal_wounds, return_killed_agent, "
         "untargetable_by_events, look_face_down, look_deck, look_at_hand, reveal_hand_card, "
         "cancel_look, nemesis_rolls, discard_mission, skill_bonus, table_modifier, roll_table, "
         "joint_attempt, skip_mission_phase, extra_recruit, extra_mission_phase, "
         "attempt_opponent_mission, redraw)"),
        id="unknown-effect"),
    pytest.param(
        "events.yaml", "ko: \"상대 한 명의 손패를 모두 본다.\"}",
        "ko: \"상대 한 명의 핸드를 모두 본다.\"}",
        ("events.yaml", 0, "events[3].text.ko", "'핸드' is not our word for 'hand' (glossary)"),
        id="rejected-korean-word"),
    pytest.param(
        "guide.yaml", "Draw {hand.draw} cards.", "Draw {hand.drawn} cards.",
        ("guide.yaml", 0, "phases[0].reminder.en", "unknown placeholder {hand.drawn}"),
        id="unknown-placeholder"),
    pytest.param(
        "game.yaml", "    default: 10\n", "    default: 40\n",
        ("game.yaml", -2, "options[0]", "default 40 is above max 36"),
        id="option-out-of-range"),
]


@pytest.mark.parametrize(("file", "old", "new", "expected"), CASES)
def test_broken_content_message(content_copy, file, old, new, expected):
    """`expected` gives the line as an offset from the edited line, or as the text that
    starts it in the edited file."""
    line = edit(content_copy, file, old, new)
    name, where, field, message = expected
    if isinstance(where, str):
        text = (content_copy / "mission_improbable" / file).read_text(encoding="utf-8")
        line = text[: text.index(where)].count("\n") + 1
        where = 0
    assert (name, line + where, field, message) in problems(content_copy)


def test_an_alias_is_read_as_its_skill_where_allowed(content_copy):
    edit(content_copy, "equipment.yaml", "skills: {computers: 2}", "skills: {security: 2}")
    edit(content_copy, "equipment.yaml", "skills: {demolition: 2}", "skills: {demolitions: 2}")
    edit(content_copy, "events.yaml", "skill: computers, amount: 2", "skill: computer, amount: 2")
    game = load_game(GAME, content_copy)
    assert game.card("portable_computer").skills == {"computers": 2}
    assert game.card("c4_explosives").skills == {"demolition": 2}
    assert game.card("disc_exchange").effects[0].skill == "computers"


def test_a_problem_reads_file_line_field_message(content_copy):
    line = edit(content_copy, "missions.yaml", "    mp: 3\n", "    mp: three\n")
    with pytest.raises(ContentError) as info:
        load_game(GAME, content_copy)
    text = str(info.value)
    assert text.endswith(f"missions.yaml:{line}: missions[0].mp: "
                         "expected a whole number, got 'three'")


def test_every_problem_is_reported_together(content_copy):
    edit(content_copy, "agents.yaml", "stealth: 1, water: 1}", "stelth: 1, water: 1}")
    edit(content_copy, "missions.yaml", "    checks: [{skill: disguise, mod: 1}]",
         "    checks: [{skill: disgise, mod: 1}]")
    found = {(p[0], p[2]) for p in problems(content_copy)}
    assert {("agents.yaml", "agents[0].skills.stelth"),
            ("missions.yaml", "missions[1].checks[0].skill")} <= found


END_MESSAGE = ("no end trigger: with the default options neither an empty deck (deck_end) nor "
               "an MP target (mp_target) ends the game, so it would never end")


def test_content_with_no_end_trigger_is_refused(content_copy):
    """MID-01: at least one end trigger is on by default, or a game never ends."""
    edit(content_copy, "game.yaml", "    default: 10\n", "    default: null\n")
    edit(content_copy, "game.yaml", "    default: true\n    choices: [true, false]\n",
         "    default: false\n    choices: [true, false]\n")
    text = (content_copy / "mission_improbable" / "game.yaml").read_text(encoding="utf-8")
    line = text[: text.index("\nend:\n")].count("\n") + 2
    assert ("game.yaml", line, "end", END_MESSAGE) in problems(content_copy)


@pytest.mark.parametrize(("old", "new", "field", "message"), [
    ("  deck_option: deck_end\n", "  deck_option: undercover\n", "end.deck_option",
     "the empty-deck trigger 'undercover' must be a true/false option"),
    ("  mp_target_option: mp_target\n", "  mp_target_option: deck_end\n",
     "end.mp_target_option", "the MP target 'deck_end' must be a number option"),
])
def test_end_triggers_must_be_options_of_the_right_kind(content_copy, old, new, field,
                                                        message):
    line = edit(content_copy, "game.yaml", old, new)
    assert ("game.yaml", line, field, message) in problems(content_copy)


def test_one_end_trigger_alone_loads(content_copy):
    edit(content_copy, "game.yaml", "    default: 10\n", "    default: null\n")
    assert load_game(GAME, content_copy).game.end.deck_option == "deck_end"
