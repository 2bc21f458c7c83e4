"""Properties of the mission checks on random tables: the highlighted dice are the reason a
card is met, and nothing is highlighted for a missed card."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from missionkit.content import load_game
from missionkit.dice_mission.predicates import evaluate, meeting_dice
from tests.conftest import CONTENT

GAME = load_game("dice-mission", CONTENT)
hand = st.lists(st.integers(1, 6), min_size=0, max_size=6)
tables = st.lists(hand, min_size=2, max_size=5)
SLOW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("card", [m.id for m in GAME.missions if m.type in ("solo", "special")])
@SLOW
@given(table=tables)
def test_the_highlighted_dice_alone_meet_a_solo_card(card, table):
    check = GAME.mission(card).check
    dice = meeting_dice(check, 0, table)
    if not evaluate(check, 0, table):
        assert dice == []
        return
    assert all(p == 0 for p, _ in dice)
    alone = [table[0][i] for _, i in dice]
    assert evaluate(check, 0, [alone, table[1]])


@pytest.mark.parametrize("card", [m.id for m in GAME.missions])
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables, seat=st.integers(0, 4))
def test_a_card_is_highlighted_exactly_when_met(card, table, seat):
    player = seat % len(table)
    check = GAME.mission(card).check
    met = evaluate(check, player, table)
    dice = meeting_dice(check, player, table)
    assert all(0 <= i < len(table[p]) for p, i in dice)
    if not met:
        assert dice == []
    elif any(table[player]) and GAME.mission(card).type != "team":
        assert dice
