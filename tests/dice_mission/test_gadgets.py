"""The ten gadgets as edits to the round, and every refusal with its field."""

from __future__ import annotations

import pytest

from missionkit.dice_mission.engine import replay, try_apply
from missionkit.game import IllegalEvent

from .helpers import armed, complete, dice, end, lines, mission_phase, setup

# After ARMED every player holds one playable gadget; round 2, Tom is the active agent and
# the turn order is Tom (1), Aurelie (2), Cecile (0).
ARMED = armed(3, 1)
TWICE = armed(3, 2)  # two gadgets each; round 3, Aurelie is the agent: 2, 0, 1
TABLE = [[1, 3, 2], [6, 1, 3], [6, 6, 5]]  # Cecile, Tom, Aurelie


def g(kind, player, **kw):
    return {"type": kind, "player": player, **kw}


def play(dm, events, n=3):
    return replay(setup(n), events, dm)


def refused(dm, events, bad, field):
    state = play(dm, events)
    with pytest.raises(IllegalEvent) as exc:
        try_apply(state, bad)
    assert exc.value.field == field, exc.value.message
    return exc.value.message


def debriefing(events=ARMED, agent=1, table=TABLE):
    return events + mission_phase(3, agent, table)


def test_a_gadget_needs_a_playable_card_in_hand(dm):
    rolled = mission_phase(3, 0, TABLE)
    assert "no gadget" in refused(dm, rolled, g("theft", 0, target=1, die=0), "event.player")
    state = play(dm, ARMED)
    assert [(p.gadgets, p.drawn) for p in state.players] == [(1, 0)] * 3
    state = play(dm, debriefing() + [g("theft", 1, target=2, die=2)])
    assert state.players[1].gadgets == 0 and state.gadget_discard == ["theft"]
    assert lines(state)[-1] == "Tom plays Theft: takes a 5 from Aurelie."


def test_gadgets_are_played_in_their_phase_on_your_own_turn(dm):
    refused(dm, ARMED + [dice(1, [1, 2])], g("theft", 1, target=2, die=0), "event.type")
    refused(dm, debriefing(), g("new_deal", 1, count=3), "event.type")
    refused(dm, debriefing(), g("theft", 2, target=1, die=0), "event.player")


def test_every_copy_in_the_discard_pile_means_no_more_plays(dm):
    events = debriefing(TWICE, agent=2) + [g("theft", 2, target=1, die=0), end(2),
                                           g("theft", 0, target=1, die=0)]
    assert "already in the discard pile" in refused(dm, events, g("theft", 0, target=1, die=0),
                                                    "event.type")
    assert [p.played for p in play(dm, events).players] == [1, 0, 1]  # for the result


def test_new_deal_changes_n_for_the_players_still_to_roll(dm):
    events = ARMED + [dice(1, [1, 1, 1]), g("new_deal", 1, count=2), end(1)]
    state = play(dm, events)
    assert state.round.n == 2 and state.players[1].dice == [1, 1, 1]
    refused(dm, events, dice(2, [1, 1, 1]), "event.faces")
    state = play(dm, events + [dice(2, [4, 4])])
    assert state.players[2].dice == [4, 4]
    refused(dm, ARMED + [dice(1, [1, 1, 1])], g("new_deal", 1, count=6), "event.count")
    refused(dm, ARMED + [dice(1, [1, 1, 1])], g("new_deal", 1, count=3), "event.count")
    # played before the agent's first roll, it binds the agent too
    refused(dm, ARMED + [g("new_deal", 1, count=4)], dice(1, [1, 1]), "event.faces")


def test_forced_relaunch_rerolls_an_opponents_dice_without_using_their_rolls(dm):
    events = ARMED + [dice(1, [1, 1, 1], rolls=2), end(1), dice(2, [2, 2, 2])]
    state = play(dm, events + [g("forced_relaunch", 2, target=1, dice=[0, 2], faces=[6, 5])])
    assert state.players[1].dice == [6, 1, 5] and state.players[1].rolls == 2
    assert state.round.r == 2
    refused(dm, events, g("forced_relaunch", 2, target=2, dice=[0], faces=[6]), "event.target")
    refused(dm, events, g("forced_relaunch", 2, target=0, dice=[0], faces=[6]), "event.target")
    refused(dm, events, g("forced_relaunch", 2, target=1, dice=[3], faces=[6]), "event.dice[0]")
    refused(dm, events, g("forced_relaunch", 2, target=1, dice=[0], faces=[6, 6]), "event.faces")


def test_extra_chance_is_a_roll_beyond_the_limit_that_does_not_raise_r(dm):
    events = ARMED + [dice(1, [1, 1, 1], rolls=1)]
    state = play(dm, events + [g("extra_chance", 1, dice=[1], faces=[6]), end(1)])
    assert state.players[1].dice == [1, 6, 1] and state.round.r == 1
    refused(dm, ARMED, g("extra_chance", 1, dice=[0], faces=[6]), "event.dice")


def test_target_lock_refuses_every_later_gadget_on_those_dice(dm):
    events = TWICE + [dice(2, [1, 2, 3]), g("target_lock", 2, target=0), end(2),
                      dice(0, [4, 4, 4]), end(0)]
    state = play(dm, events)
    assert state.round.locked == [0]
    refused(dm, events, g("forced_relaunch", 1, target=0, dice=[0], faces=[1]), "event.target")
    refused(dm, events[:-1], g("extra_chance", 0, dice=[0], faces=[1]), "event.player")
    table = events + [dice(1, [5, 5, 5]), end(1)]
    refused(dm, table, g("delete", 2, target=0, die=0), "event.target")
    refused(dm, table, g("adaptation", 2, target=0, die=0, face=6), "event.target")
    refused(dm, table, g("theft", 2, target=0, die=0), "event.target")
    refused(dm, table, g("transaction", 2, target=1, die=0, other=0, other_die=0),
            "event.other")
    refused(dm, table + [end(2)], g("transfer", 0, target=1, die=0), "event.player")
    state = play(dm, table + [g("theft", 2, target=1, die=0)])  # others stay open
    assert state.players[2].dice == [1, 2, 3, 5]
    state = play(dm, table + [end(2), end(0), end(1)])
    assert state.round.locked == []  # the lock ends with the round


def test_change_of_mission_exchanges_a_card_in_the_mission_phase(dm):
    events = ARMED + [dice(1, [1, 1])]
    state = play(dm, events + [g("change_of_mission", 1, card_type="special", card="special_11",
                                 keep="special_08")])
    assert state.display == ["special_01", "special_08", "special_10"]
    assert state.players[1].gadgets == 0 and state.round.failure is False
    state = play(dm, events + [g("change_of_mission", 1, card_type="versus")])
    assert "exchanges a VERSUS card" in lines(state)[-1]
    refused(dm, events, g("change_of_mission", 1, card_type="team", card="team_01"),
            "event.card")


def test_theft_takes_an_opponents_die_with_its_face(dm):
    state = play(dm, debriefing() + [g("theft", 1, target=2, die=1)])
    assert state.players[1].dice == [6, 1, 3, 6] and state.players[2].dice == [6, 5]
    refused(dm, debriefing(), g("theft", 1, target=1, die=0), "event.target")
    refused(dm, debriefing(), g("theft", 1, target=2, die=3), "event.die")


def test_delete_takes_a_die_off_the_table_for_every_check(dm):
    events = debriefing() + [g("delete", 1, target=1, die=2)]  # Tom deletes his 3
    state = play(dm, events)
    assert state.players[1].dice == [6, 1] and state.round.deleted == [3]
    refused(dm, events, complete(1, "team_01"), "event.card")  # 1s 2, 3s 1: no longer equal
    play(dm, debriefing() + [complete(1, "team_01")])  # before the Delete it was met


def test_adaptation_turns_any_die_to_another_face(dm):
    state = play(dm, debriefing() + [g("adaptation", 1, target=0, die=2, face=4)])
    assert state.players[0].dice == [1, 3, 4]
    refused(dm, debriefing(), g("adaptation", 1, target=0, die=2, face=2), "event.face")
    refused(dm, debriefing(), g("adaptation", 1, target=5, die=0, face=2), "event.target")


def test_the_rulebook_example_transaction_between_two_completions(dm):
    """Aurelie completes her VERSUS card, swaps one of her dice with Tom's, then her SOLO."""
    events = debriefing() + [end(1), complete(2, "versus_07")]  # the only pair of 6s
    refused(dm, events, complete(2, "solo_04"), "event.card")  # three 6s: she has two
    events += [g("transaction", 2, target=2, die=2, other=1, other_die=0),
               complete(2, "solo_04")]
    state = play(dm, events)
    assert state.players[2].dice == [6, 6, 6] and state.players[1].dice == [5, 1, 3]
    assert state.players[2].completed == ["versus_07", "solo_04"]
    refused(dm, debriefing(), g("transaction", 1, target=0, die=0, other=0, other_die=1),
            "event.other")
    refused(dm, debriefing(), g("transaction", 1, target=0, die=0, other=2, other_die=7),
            "event.other_die")


def test_transfer_gives_one_of_your_dice_to_an_opponent(dm):
    state = play(dm, debriefing() + [g("transfer", 1, target=0, die=0)])
    assert state.players[1].dice == [1, 3] and state.players[0].dice == [1, 3, 2, 6]
    refused(dm, debriefing(), g("transfer", 1, target=1, die=0), "event.target")
    refused(dm, debriefing(), g("transfer", 1, target=0, die=3), "event.die")


def test_new_deal_leaves_a_target_locked_player_still_to_roll_alone(dm):
    """DMD-32: Target Lock shields the locked agent's dice from every other gadget, the count
    they roll included; New Deal binds everyone else still to roll."""
    decision = next(d for d in dm.decisions if d.id == "DMD-32")
    assert "New Deal" in decision.choice and decision.note
    # round 3: Aurelie (2) rolls 3 dice; Cecile (0) locks Tom (1), then deals 2 dice
    events = TWICE + [dice(2, [1, 2, 3]), end(2), g("target_lock", 0, target=1),
                      g("new_deal", 0, count=2), dice(0, [5, 5]), end(0)]
    state = play(dm, events)
    assert state.round.n == 2 and state.round.n_for(1) == 3
    assert "3 dice" in refused(dm, events, dice(1, [6, 6]), "event.faces")
    state = play(dm, events + [dice(1, [6, 6, 6])])
    assert state.players[1].dice == [6, 6, 6] and state.round.n == 2
