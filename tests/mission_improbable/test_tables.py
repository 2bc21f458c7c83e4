"""The D10 tables: every face, modifiers stacking and clamping, and 1D5."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from missionkit.game import IllegalEvent
from missionkit.mission_improbable.tables import d5, lookup, modifier, roll


def kinds(row) -> list[str]:
    return [e.kind for e in row.effects]


def spread(game, table_id: str, shift: int = 0) -> Counter:
    """How many of the ten faces land on each result (by its effects)."""
    return Counter(tuple(kinds(lookup(game, table_id, face, shift))) for face in range(1, 11))


def test_spy_table_faces(mi):
    assert spread(mi, "spy") == Counter({
        ("nemesis_rolls",): 1, (): 1, ("look_face_down",): 4, ("look_deck",): 2,
        ("look_at_hand",): 1, ("discard_mission",): 1})
    assert lookup(mi, "spy", 4).effects[0].count == 1
    assert lookup(mi, "spy", 6).effects[0].count == 2


def test_mission_failure_table_with_and_without_plus_two(mi):
    plain = spread(mi, "mission_failure")
    assert plain[("captured", "discard_equipment")] == 2
    assert plain[("killed",)] == 2
    assert plain[("wounded", "discard_equipment")] == plain[("wounded",)] == 1
    assert plain[("look_face_down",)] == 1
    lucky = spread(mi, "mission_failure", 2)  # Narrow Escape: no capture, 30 % on the 10
    assert lucky[("captured", "discard_equipment")] == 0
    assert lucky[("look_face_down",)] == 3
    assert lookup(mi, "mission_failure", 10, 2).roll == 10  # clamped


def test_capture_table_with_acid_pen_and_torture(mi):
    assert spread(mi, "capture") == Counter({("killed",): 1, ("reveal_hand_card",): 2, (): 4,
                                             ("escape",): 3})
    assert spread(mi, "capture", 2)[("escape",)] == 5
    assert spread(mi, "capture", 2)[("killed",)] == 0
    tortured = spread(mi, "capture", -2)
    assert tortured[("killed",)] == 3 and tortured[("escape",)] == 1
    assert lookup(mi, "capture", 1, -2).roll == 1  # clamped at the bottom


def test_modifiers_stack_from_cards(mi):
    assert modifier(mi, "mission_failure", ["narrow_escape", "safe_house"]) == 4
    assert modifier(mi, "capture", ["acid_pen", "torture"]) == 0
    assert lookup(mi, "mission_failure", 1, 4).roll == 5


@pytest.mark.parametrize(("table", "cards", "field"), [
    ("mission_failure", ["acid_pen"], "cards[0]"),
    ("capture", ["torture", "silencer"], "cards[1]"),
    ("capture", ["nothing"], "cards[0]"),
    ("capture", ["acid_pen", "acid_pen"], "cards"),
])
def test_wrong_modifier_cards_are_refused(mi, table, cards, field):
    with pytest.raises(IllegalEvent) as err:
        modifier(mi, table, cards)
    assert err.value.field == field


def test_faces_outside_the_die_and_unknown_tables_are_refused(mi):
    for face in (0, 11):
        with pytest.raises(IllegalEvent) as err:
            lookup(mi, "spy", face)
        assert err.value.field == "roll"
    with pytest.raises(IllegalEvent) as err:
        lookup(mi, "weather", 3)
    assert err.value.field == "table"


def test_d5_halves_rounding_up(mi):
    assert [d5(mi, f) for f in range(1, 11)] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]


def test_rolling_draws_every_face(mi):
    rng = random.Random(4)
    seen = {roll(mi, "spy", rng).roll for _ in range(200)}
    assert seen == set(range(1, 11))
