"""Every title's condition, Making an Imitation, and competition ranking."""

from __future__ import annotations

import pytest

from missionkit.double_mission.rules import competition_ranks, title_met

NONE: dict = {}
CASES = [
    # title, treasures, dice, titles owned, track, robbed levels -> met?
    ("archaeologist", {"cultural_asset": 2}, 2, 0, 0, (), True),
    ("archaeologist", {"cultural_asset": 1}, 2, 0, 0, (), False),
    ("star_picker", {"jewel": 2}, 2, 0, 0, (), True),
    ("gold_runner", {"gold_bar": 3}, 2, 0, 0, (), True),
    ("spy", {"top_secret": 1, "jewel": 1}, 2, 0, 0, (), False),
    ("painting_collector", {"painting": 2}, 2, 0, 0, (), True),
    ("artist", {"artifact": 2}, 2, 0, 0, (), True),
    ("master_of_operation", NONE, 6, 0, 0, (), True),
    ("master_of_operation", NONE, 5, 0, 0, (), False),
    ("treasure_hunter", NONE, 2, 2, 0, (), True),
    ("treasure_hunter", NONE, 2, 1, 0, (), False),
    ("infiltration_genius", NONE, 2, 0, 0, (6,), True),
    ("infiltration_genius", NONE, 2, 0, 0, (5, 4), False),
    ("continental_magician", {"jewel": 1, "painting": 1, "artifact": 1}, 2, 0, 0, (), True),
    ("continental_magician", {"jewel": 2, "painting": 1}, 2, 0, 0, (), False),
    ("phantom", {"top_secret": 1, "gold_bar": 1, "cultural_asset": 1}, 2, 0, 0, (), True),
    ("phantom", {"top_secret": 1, "gold_bar": 1}, 2, 0, 0, (), False),
    ("clean_sweep", {"painting": 4}, 2, 0, 0, (), True),
    ("clean_sweep", {"painting": 3, "jewel": 3}, 2, 0, 0, (), False),
    ("faceless_shadow", NONE, 2, 0, 35, (), True),
    ("faceless_shadow", NONE, 2, 0, 34, (), False),
    ("legendary_thief", {"jewel": 2, "painting": 2, "artifact": 1}, 2, 0, 0, (), True),
    ("legendary_thief", {"jewel": 2, "painting": 2}, 2, 0, 0, (), False),
]


@pytest.mark.parametrize(("title", "held", "dice", "owned", "track", "levels", "met"), CASES)
def test_title_conditions(game, title, held, dice, owned, track, levels, met):
    assert title_met(game.title_by_id[title], treasures=held, dice=dice, titles_owned=owned,
                     track=track, robbed_levels=levels) is met


def test_every_title_has_a_case(game):
    assert {c[0] for c in CASES} == set(game.title_by_id)


@pytest.mark.parametrize(("title", "held", "imitations", "met"), [
    ("archaeologist", {"cultural_asset": 1}, 1, True),     # pair title: 2 -> 1
    ("archaeologist", {}, 2, False),                       # never below 1
    ("clean_sweep", {"jewel": 3}, 1, True),                # 4 -> 3
    ("legendary_thief", {"jewel": 2, "spy": 2}, 1, True),  # 5 -> 4
    ("continental_magician", {"jewel": 1, "painting": 1}, 1, False),  # set titles: no (D41)
])
def test_making_an_imitation(game, title, held, imitations, met):
    assert title_met(game.title_by_id[title], treasures=held, dice=2, titles_owned=0, track=0,
                     imitations=imitations) is met


def test_competition_ranks():
    assert competition_ranks([(10, 1), (12, 0), (10, 1), (10, 3)]) == [3, 1, 3, 2]
