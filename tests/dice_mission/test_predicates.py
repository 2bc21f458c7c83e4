"""Mission checks on real cards: every card met and missed on hand-written tables, each
predicate kind at its edge (one die off), the dice highlighted, and bad input refused."""

from __future__ import annotations

import pytest
import yaml

from missionkit.content import load_game
from missionkit.dice_mission.predicates import check_card, evaluate, meeting_dice
from missionkit.game import IllegalEvent
from tests.conftest import CONTENT, DATA

OPPONENT = [6, 6, 6, 6, 6]
CASES = yaml.safe_load((DATA / "dice_mission_cases.yaml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def dm():
    return load_game("dice-mission", CONTENT)


def seat(card_id: str, entry) -> tuple[int, list[list[int]]]:
    """(holder, table) for one case entry (see the data file's header)."""
    if card_id.startswith(("solo", "special")):
        return 0, [entry, OPPONENT]
    if isinstance(entry, dict):
        return entry["player"], entry["dice"]
    return 0, entry


def table_cases():
    for card_id, sides in CASES.items():
        for expected, key in ((True, "met"), (False, "not")):
            for k, entry in enumerate(sides[key]):
                yield pytest.param(card_id, entry, expected, id=f"{card_id}-{key}{k}")


def test_every_card_has_a_met_and_a_missed_table(dm):
    assert set(CASES) == {m.id for m in dm.missions}
    assert all(sides["met"] and sides["not"] for sides in CASES.values())


@pytest.mark.parametrize(("card_id", "entry", "expected"), list(table_cases()))
def test_card_on_hand_written_table(dm, card_id, entry, expected):
    player, dice = seat(card_id, entry)
    check = dm.mission(card_id).check
    assert evaluate(check, player, dice) is expected
    assert check_card(dm, card_id, player, dice) is expected
    highlighted = meeting_dice(check, player, dice)
    assert bool(highlighted) is expected
    for p, i in highlighted:
        assert 0 <= i < len(dice[p])


# --- each predicate kind at its edge ---------------------------------------------------


@pytest.mark.parametrize(("card_id", "met", "missed"), [
    ("solo_03", [5, 5, 2, 2, 2], [5, 5, 5, 5, 2]),        # groups: two different numbers
    ("solo_02", [1, 4, 4, 4, 6], [1, 4, 4, 5, 6]),        # groups: "at least" three
    ("solo_17", [6, 3, 6, 1], [6, 3, 5, 1]),              # contains: a multiset
    ("solo_10", [1, 3, 4, 5, 6], [1, 3, 4, 6, 6]),        # straight, any start
    ("special_07", [1, 2, 3, 4, 5], [2, 3, 4, 5, 6]),     # straight from 1
    ("solo_28", [1, 2, 6, 5], [1, 2, 5, 5]),              # sum of some 2 dice
    ("solo_30", [2, 2, 3], [2, 2, 4]),                    # sum of all your dice
    ("solo_18", [5, 6, 5, 6, 2], [5, 6, 5, 4, 2]),        # count with faces
    ("solo_20", [1, 2, 3, 6], [1, 2, 6, 6]),              # all_different
    ("solo_29", [2, 2, 2], [2, 2, 3]),                    # distinct
    ("solo_13", [4, 5, 6, 6, 6], [4, 5, 6, 6, 1]),        # split: disjoint parts
    ("special_20", [6, 6, 6], [6, 6, 5]),                 # all + count eq 0
])
def test_pool_predicate_edges(dm, card_id, met, missed):
    check = dm.mission(card_id).check
    assert evaluate(check, 0, [met, [1, 1]])
    assert not evaluate(check, 0, [missed, [1, 1]])


def test_solo_reads_only_your_dice_even_when_the_table_would_meet_it(dm):
    check = dm.mission("solo_27").check  # a pair of 6s
    assert not evaluate(check, 0, [[6, 1, 2], [6, 6, 6]])
    assert evaluate(check, 1, [[6, 1, 2], [6, 6, 6]])


def test_a_received_die_counts_as_yours(dm):
    # Transaction: player 0 gave a 2 for the opponent's 6 and now holds 6, 6.
    check = dm.mission("solo_27").check
    assert not evaluate(check, 0, [[6, 2], [6, 1]])
    assert evaluate(check, 0, [[6, 6], [2, 1]])


def test_versus_compares_with_each_opponent_and_ties_fail(dm):
    most = dm.mission("versus_16").check  # highest total
    assert evaluate(most, 0, [[6, 5], [6, 4], [1, 1]])
    assert not evaluate(most, 0, [[6, 5], [6, 4], [6, 5]])      # a tie with one opponent
    only = dm.mission("versus_07").check  # only agent with a pair of 6s
    assert not evaluate(only, 0, [[6, 6], [1, 1], [6, 6, 2]])   # the last opponent has one too
    assert evaluate(only, 1, [[6, 1], [6, 6], [1, 2]])


def test_team_thresholds_follow_the_player_count(dm):
    check = dm.mission("team_11").check  # one 6 per agent
    assert evaluate(check, 0, [[6, 1], [6, 1]])
    assert not evaluate(check, 0, [[6, 1], [6, 1], [1, 1]])
    assert evaluate(check, 2, [[6, 1], [6, 1], [6, 1]])


def test_team_each_player_includes_the_holder(dm):
    check = dm.mission("team_20").check  # no agent has a 1
    assert not evaluate(check, 0, [[1, 2], [2, 3]])
    assert not evaluate(check, 1, [[1, 2], [2, 3]])


def test_a_deleted_die_counts_for_nobody(dm):
    check = dm.mission("team_08").check  # every number on the table
    assert evaluate(check, 0, [[1, 2, 3], [4, 5, 6]])
    assert not evaluate(check, 0, [[1, 2, 3], [4, 5]])  # the 6 was taken off


# --- dice to highlight -----------------------------------------------------------------


def test_meeting_dice_are_the_dice_that_make_the_card(dm):
    assert meeting_dice(dm.mission("solo_01").check, 0, [[4, 1, 4, 2, 2], [4, 4]]) == [
        (0, 0), (0, 2), (0, 3), (0, 4)]
    assert meeting_dice(dm.mission("solo_15").check, 1, [[1], [3, 3, 2, 1]]) == [
        (1, 0), (1, 2), (1, 3)]
    assert meeting_dice(dm.mission("team_01").check, 0, [[1, 5], [3, 6]]) == [(0, 0), (1, 0)]
    assert meeting_dice(dm.mission("versus_31").check, 0, [[1, 2, 3], [3, 4]]) == [
        (0, 0), (0, 1)]
    assert meeting_dice(dm.mission("team_25").check, 0, [[1, 1, 1], [2, 2, 3]]) == [
        (0, 0), (0, 1), (0, 2)]


def test_split_highlights_disjoint_dice(dm):
    found = meeting_dice(dm.mission("special_14").check, 0, [[6, 1, 6, 1, 6], [2]])
    assert found == [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]


def test_nothing_is_highlighted_for_a_missed_card(dm):
    assert meeting_dice(dm.mission("solo_06").check, 0, [[2, 2, 2, 1, 1], [2]]) == []


# --- refused input ---------------------------------------------------------------------


@pytest.mark.parametrize(("card", "player", "dice", "field"), [
    ("solo_99", 0, [[1], [2]], "card"),
    ("solo_01", 2, [[1], [2]], "player"),
    ("solo_01", -1, [[1], [2]], "player"),
    ("solo_01", 0, [[1]], "dice"),
    ("solo_01", 0, [[1]] * 6, "dice"),
    ("solo_01", 0, [[1], [1, 2, 3, 4, 5, 6, 1]], "dice[1]"),
    ("solo_01", 0, [[1], [2, 7]], "dice[1][1]"),
    ("solo_01", 0, [[0], [2]], "dice[0][0]"),
    ("solo_01", 0, [["6"], [2]], "dice[0][0]"),
])
def test_check_card_refuses_bad_input(dm, card, player, dice, field):
    with pytest.raises(IllegalEvent) as info:
        check_card(dm, card, player, dice)
    assert info.value.field == field


def test_players_without_dice_are_allowed(dm):
    assert check_card(dm, "versus_10", 0, [[2, 3], [1]])  # the only agent without a 1
    assert not check_card(dm, "versus_10", 0, [[2, 3], []])  # no dice, no 1 either
    assert not check_card(dm, "versus_16", 0, [[], [1]])
    assert check_card(dm, "versus_18", 0, [[], [1]])
