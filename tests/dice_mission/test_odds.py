"""Odds of completing a card (design §8.4): the design's table reproduced, SOLO and SPECIAL
exactly, VERSUS and TEAM to their stated precision; the fast count reading agrees with the
evaluator."""

from __future__ import annotations

import math
import random

import pytest
import yaml

from missionkit.content import load_game
from missionkit.dice_mission import counts, odds, pool
from tests.conftest import CONTENT, DATA

FIGURES = yaml.safe_load((DATA / "dice_mission_odds.yaml").read_text(encoding="utf-8"))
CARDS = FIGURES["cards"]


@pytest.fixture(scope="module")
def dm():
    return load_game("dice-mission", CONTENT)


def percent(x: float) -> int:
    return math.floor(x * 100 + 0.5)


def agrees(x: float, figure, points: float) -> bool:
    """`x` (0..1) matches a design figure: null = impossible, "<1" = under 1 %."""
    if figure is None:
        return x == 0
    if figure == "<1":
        return x * 100 < 1 if points == 0 else x * 100 < 1 + points
    if points == 0:
        return percent(x) == figure
    return abs(x * 100 - figure) <= points


def by_type(*kinds):
    return [card for card in CARDS if card.startswith(kinds)]


@pytest.mark.parametrize("card", by_type("solo", "special"))
def test_solo_and_special_odds_equal_the_design_table(dm, card):
    got = [odds.chance(dm.mission(card), n, 3, 3) for n in (2, 3, 4, 5)]
    assert all(agrees(x, f, 0) for x, f in zip(got, CARDS[card]["odds"], strict=True)), \
        ([round(x * 100, 2) for x in got], CARDS[card]["odds"])


@pytest.mark.parametrize("card", list(FIGURES["rolls"]))
def test_fewer_rolls_cut_the_odds_as_in_the_design(dm, card):
    got = [percent(odds.chance(dm.mission(card), 5, r, 3)) for r in (1, 2, 3)]
    assert got == FIGURES["rolls"][card]


def versus_team_figures(dm, card):
    m = dm.mission(card)
    got = [odds.chance(m, n, 3, 3) for n in (2, 3, 4, 5)]
    got += [odds.chance(m, 5, 3, p) for p in (2, 4, 5)]
    return got, CARDS[card]["odds"] + CARDS[card]["five_dice"]


@pytest.mark.parametrize("card", by_type("versus"))
def test_versus_odds_match_the_design(dm, card):
    got, want = versus_team_figures(dm, card)
    points = 2 if card in ("versus_31", "versus_32") else 0.5  # the design sampled those two
    assert all(agrees(x, f, points) for x, f in zip(got, want, strict=True)), \
        ([round(x * 100, 1) for x in got], want)


@pytest.mark.parametrize("card", by_type("team"))
def test_team_odds_match_the_design(dm, card):
    """Table-wide cards too: the others' dice are an exact distribution (no sample)."""
    got, want = versus_team_figures(dm, card)
    assert all(agrees(x, f, 0.5) for x, f in zip(got, want, strict=True)), \
        ([round(x * 100, 1) for x in got], want)


def test_the_suitcase_marks_cards_whose_best_odds_stay_under_30_percent(dm):
    for card in by_type("solo", "special"):
        best = max(odds.chance(dm.mission(card), n, 3, 3) for n in (2, 3, 4, 5))
        assert dm.mission(card).suitcase is (best < 0.30), card


def test_impossible_with_too_few_dice(dm):
    assert odds.chance(dm.mission("special_02"), 4, 3, 3) == 0
    assert odds.chance(dm.mission("special_02"), 6, 3, 3) > odds.chance(
        dm.mission("special_02"), 5, 3, 3)  # the joker die helps


def test_the_joker_sixth_die_and_bad_arguments(dm):
    with pytest.raises(ValueError):
        odds.chance(dm.mission("solo_01"), 7, 3, 3)
    with pytest.raises(ValueError):
        odds.chance(dm.mission("solo_01"), 5, 0, 3)
    with pytest.raises(ValueError):
        odds.chance(dm.mission("team_01"), 5, 3, 6)


def test_the_count_reading_agrees_with_the_evaluator(dm):
    rng = random.Random(7)
    rules = [(m.check.rule, m.type) for m in dm.missions if m.type != "versus"]
    for _ in range(60):
        players = rng.randint(2, 5)
        faces = [rng.randint(1, 6) for _ in range(rng.randint(0, 5 * players))]
        tally = tuple(faces.count(v) for v in range(1, 7))
        for rule, kind in rules:
            if kind == "team" and not odds.table_only(rule):
                continue
            fast = counts.holds(rule, tally, players)
            if fast is not None:
                assert fast is (pool.holds(rule, faces, players) is not None), (rule, faces)
