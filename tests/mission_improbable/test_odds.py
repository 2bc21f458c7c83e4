"""Skill checks: the pass-chance table, whole attempts and what they refuse."""

from __future__ import annotations

import pytest
import yaml

from missionkit.game import IllegalEvent
from missionkit.mission_improbable.odds import attempt, pass_chance, plan
from tests.conftest import DATA


def test_pass_chance_matches_the_printed_table():
    table = yaml.safe_load((DATA / "mission_improbable_pass_chances.yaml").read_text())
    assert sorted(table) == list(range(-10, 10))
    for delta, percent in table.items():
        assert round(pass_chance(delta) * 100) == percent, delta


def test_pass_chance_beyond_the_dice():
    assert pass_chance(-15) == 0.0
    assert pass_chance(12) == 1.0
    assert pass_chance(0) == 0.55  # a tie passes


def test_worked_example_mr_white_on_defend_base(mi):
    result = attempt(mi, "mr_white_the_albino", [], [], "defend_destroy_base")
    assert [(c.skill, c.delta) for c in result.checks] == [
        ("stealth", -2), ("combat", 0), ("computers", -1)]
    assert result.chance == pytest.approx(0.36 * 0.55 * 0.45)
    assert round(result.chance * 100) == 9


def test_or_check_takes_the_better_skill_unless_told(mi):
    best = attempt(mi, "mr_bond", [], [], "prisoner_exchange")
    assert [(c.skill, c.delta) for c in best.checks] == [("persuasion", 0)]
    chosen = attempt(mi, "mr_bond", [], [], "prisoner_exchange", skill="disguise")
    assert [(c.skill, c.delta) for c in chosen.checks] == [("disguise", -3)]


def test_experience_counts_on_every_check_equipment_once(mi):
    steps = plan(mi, "mr_white_the_albino", ["martial_arts", "silencer"], ["human_shield"],
                 ["ninjas", "retrieve_steal_nukes"])
    # ninjas (Combat +2): 3 + 2 (martial arts) + 2 (silencer) + 2 (human shield)
    assert [(s.card, s.skill, s.bonus, s.used) for s in steps] == [
        ("ninjas", "combat", 9, ("silencer", "human_shield")),
        ("retrieve_steal_nukes", "demolition", 0, ()),
        ("retrieve_steal_nukes", "combat", 5, ()),
    ]


def test_whole_attempt_is_the_product_of_its_checks(mi):
    whole = attempt(mi, "china_doll", [], [], ["office_tower", "industrial_espionage"])
    assert [c.skill for c in whole.checks] == ["stealth", "stealth", "surveillance"]
    assert whole.chance == pytest.approx(pass_chance(1) * pass_chance(0) ** 2)


@pytest.mark.parametrize(("args", "field"), [
    (("nobody", [], [], "ninjas"), "agent"),
    (("silencer", [], [], "ninjas"), "agent"),
    (("mr_bond", ["nothing"], [], "ninjas"), "assets[0]"),
    (("mr_bond", ["silencer", "diplomat"], [], "ninjas"), "assets[1]"),
    (("mr_bond", [], ["silencer"], "ninjas"), "bonus_cards[0]"),
    (("mr_bond", [], ["diplomat", "diplomat"], "ninjas"), "bonus_cards[1]"),
    (("mr_bond", [], ["mole"], "ninjas"), "bonus_cards[0]"),
    (("mr_bond", [], [], "no_such_card"), "card"),
    (("mr_bond", [], [], "silencer"), "card"),
])
def test_refusals_name_the_field(mi, args, field):
    with pytest.raises(IllegalEvent) as err:
        attempt(mi, *args)
    assert err.value.field == field


def test_a_skill_the_card_does_not_offer_is_refused(mi):
    with pytest.raises(IllegalEvent) as err:
        attempt(mi, "mr_bond", [], [], "prisoner_exchange", skill="combat")
    assert err.value.field == "skill"
