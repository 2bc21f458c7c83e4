"""The real Mission Improbable deck against the facts reference (§2, §3.2, §8): counts per
type, each skill's supply and demand, and spot checks of printed numbers. The expected values
are copied from the reference, not computed from the content."""

from __future__ import annotations

import pytest

# §2: cards per type, 169 in all
COUNTS = {"agent": 20, "mission": 21, "obstacle": 31, "location": 24, "equipment": 21,
          "experience": 12, "connection": 9, "event": 31}
SKILLS = ("persuasion", "combat", "computers", "surveillance", "disguise", "water", "cold", "air",
          "demolition", "animals", "driving", "stealth")
# §3.2: cards giving or requiring each skill, in SKILLS order ("or" counts for each option;
# equipment with MID-14)
SUPPLY = {
    "agent": (8, 10, 5, 4, 2, 5, 2, 3, 5, 3, 3, 6),
    "experience": (3, 2, 0, 0, 1, 1, 1, 1, 1, 0, 0, 2),
    "equipment": (3, 4, 1, 3, 0, 3, 1, 2, 1, 0, 2, 1),
    "connection": (1, 2, 1, 2, 0, 0, 0, 0, 1, 0, 1, 1),
    "event": (1, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    "mission": (4, 6, 1, 9, 6, 0, 0, 1, 3, 0, 0, 7),
    "obstacle": (1, 15, 2, 1, 1, 3, 1, 1, 3, 4, 1, 6),
    "location": (3, 2, 3, 0, 0, 7, 3, 2, 0, 1, 1, 4),
}


def skills_named(card) -> set[str]:
    """Every skill a card gives or asks for."""
    out = set(getattr(card, "skills", None) or {})
    checks = getattr(card, "checks", None) or ([card.check] if hasattr(card, "check") else [])
    out |= {o.skill for c in checks for o in c.options}
    out |= {e.skill for e in getattr(card, "effects", ()) if e.kind == "skill_bonus"}
    return out


def test_card_counts_per_type_and_in_all(mi):
    assert {t: len(mi.cards_of(t)) for t in COUNTS} == COUNTS
    assert len(mi.deck()) == 169
    assert mi.component_counts() == {f"{t}_card": n for t, n in COUNTS.items()}


def test_every_card_is_found_by_its_id_and_has_its_type(mi):
    ids = [c.id for c in mi.deck()]
    assert len(set(ids)) == 169
    for card in mi.deck():
        assert mi.card(card.id) is card
    for card_type in COUNTS:
        assert {c.type for c in mi.cards_of(card_type)} == {card_type}
    with pytest.raises(KeyError):
        mi.card("no_such_card")


def test_deck_order_is_stable_by_type_then_file(mi):
    deck = mi.deck()
    assert deck == mi.deck()
    assert [c.type for c in deck[:21]] == ["agent"] * 20 + ["mission"]
    assert deck[0].id == "mr_bond" and deck[-1].id == "co_opt_mission"


@pytest.mark.parametrize("card_type", list(SUPPLY))
def test_supply_and_demand_of_each_skill(mi, card_type):
    cards = mi.cards_of(card_type)
    got = tuple(sum(skill in skills_named(c) for c in cards) for skill in SKILLS)
    assert got == SUPPLY[card_type]


def test_missions_hold_36_mp(mi):
    assert sum(m.mp for m in mi.missions) == 36
    assert sorted(m.mp for m in mi.missions).count(3) == 2
    assert [len(m.checks) for m in mi.missions].count(1) == 8  # 6 single + 2 "or"


# §8: printed numbers
AGENTS = {
    "mr_bond": {"persuasion": 2, "combat": 2, "stealth": 1, "water": 1},
    "mr_jones": {"surveillance": 2, "cold": 2, "demolition": 2},
    "mr_white_the_albino": {"combat": 3, "driving": 2},
    "the_catburglar": {"stealth": 2, "computers": 1, "driving": 2},
    "blond_bombshell": {"persuasion": 2, "combat": 2, "driving": 1},
}
ASSETS = {
    "sports_car": {"driving": 4}, "gyrocopter": {"air": 3}, "portable_computer": {"computers": 2},
    "c4_explosives": {"demolition": 2}, "fake_identification": {"persuasion": 1},
    "commando_training": {"combat": 1, "cold": 1}, "mechanic": {"demolition": 2},
    "codebreaker": {"computers": 2},
}


@pytest.mark.parametrize(("card_id", "skills"), [*AGENTS.items(), *ASSETS.items()])
def test_printed_skill_bonuses(mi, card_id, skills):
    assert mi.card(card_id).skills == skills


def checks_of(card) -> list[list[tuple[str, int]]]:
    checks = card.checks if card.type == "mission" else [card.check]
    return [[(o.skill, o.mod) for o in c.options] for c in checks]


@pytest.mark.parametrize(("card_id", "mp", "checks"), [
    ("defend_destroy_base", 3, [[("stealth", 2)], [("combat", 3)], [("computers", 1)]]),
    ("uncover_plant_imposter", 2, [[("surveillance", 2)], [("disguise", 1)]]),
    ("prisoner_exchange", 1, [[("persuasion", 2), ("disguise", 3)]]),
    ("suppress_create_scandal", 1, [[("disguise", 2), ("persuasion", 2)]]),
    ("protection_sabotage", 2, [[("demolition", 1)], [("stealth", 1)]]),
])
def test_mission_checks(mi, card_id, mp, checks):
    mission = mi.card(card_id)
    assert mission.mp == mp
    assert checks_of(mission) == checks


@pytest.mark.parametrize(("card_id", "checks"), [
    ("ambush", [[("combat", 2), ("surveillance", 2)]]),
    ("retinal_scanner", [[("disguise", 2), ("computers", 1)]]),
    ("car_bomb", [[("demolition", 1)]]),
    ("office_tower", [[("computers", 1), ("stealth", 1)]]),
    ("space_station", [[("air", 2)]]),
    ("north_sea_oil_rig", [[("water", 1), ("cold", 1)]]),
])
def test_obstacle_and_location_checks(mi, card_id, checks):
    assert checks_of(mi.card(card_id)) == checks


def test_mission_names_follow_alignment(mi):
    base = mi.card("defend_destroy_base")
    assert base.name_for("good").en == "Defend Base"
    assert base.name_for("bad").en == "Destroy Base"
    same = mi.card("industrial_espionage")
    assert same.name_for("good") == same.name_for("bad") == same.display_name


@pytest.mark.parametrize(("card_id", "when", "effect"), [
    ("narrow_escape", "before_failure_roll", {"kind": "table_modifier",
                                              "table": "mission_failure", "amount": 2}),
    ("safe_house", "before_failure_roll", {"kind": "table_modifier",
                                           "table": "mission_failure", "amount": 2}),
    ("acid_pen", "before_capture_roll", {"kind": "table_modifier", "table": "capture",
                                         "amount": 2}),
    ("torture", "before_capture_roll", {"kind": "table_modifier", "table": "capture",
                                        "amount": -2}),
    ("disc_exchange", "before_check", {"kind": "skill_bonus", "skill": "computers",
                                       "amount": 2}),
    ("intelligence_gathering", "intercept", {"kind": "roll_table", "table": "spy", "times": 2}),
    ("security_risk", "intercept", {"kind": "security_risk", "turns": "d5"}),
    ("team", "mission", {"kind": "joint_attempt", "agents": 3}),
])
def test_event_timing_and_effect(mi, card_id, when, effect):
    event = mi.card(card_id)
    assert event.when == when
    assert vars(event.effects[0]) == effect


def test_fifteen_events_are_played_in_the_intercept_phase(mi):
    assert sum(e.when == "intercept" for e in mi.events) == 15


def test_undercover_makes_an_agent_untargetable(mi):
    card = mi.card("undercover")
    assert not card.skills
    assert [e.kind for e in card.effects] == ["untargetable_by_events"]
