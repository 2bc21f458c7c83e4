"""The turn engine: setup, the phase tracker, attempts, the tables' effects, the end."""

from __future__ import annotations

import random

import pytest

from missionkit.game import IllegalEvent
from missionkit.mission_improbable.engine import replay, resolve_rolls, try_apply
from missionkit.mission_improbable.messages import english
from missionkit.mission_improbable.state import Setup, new_state

from .helpers import MI6, SPECTRE, end, ev, play, refusal, setup, start, with_mission

# --- setup --------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "options", "field"), [
    ([MI6], {}, "players"),
    ([MI6, SPECTRE] * 4, {}, "players"),
    ([MI6, MI6 | {"nemesis": 0}], {}, "players"),
    ([MI6, SPECTRE, MI6 | {"name": "CIA", "nemesis": 0}], {}, "players[2].nemesis"),
    ([MI6, SPECTRE | {"nemesis": 1}], {}, "players[1].nemesis"),
    ([MI6, SPECTRE | {"nemesis": 5}], {}, "players[1].nemesis"),
    ([MI6, SPECTRE], {"mp_target": 0}, "options.mp_target"),
    ([MI6, SPECTRE], {"deck_end": None}, "options.deck_end"),
    ([MI6, SPECTRE], {"deck_end": False, "mp_target": None}, "options"),  # no end (MID-01)
    ([MI6, SPECTRE], {"joint_attempt": "everyone"}, "options.joint_attempt"),
    ([MI6, SPECTRE], {"weather": True}, "options.weather"),
])
def test_setup_refusals_name_the_field(mi, players, options, field):
    with pytest.raises(IllegalEvent) as err:
        new_state(Setup.model_validate({"players": players, "options": options}), mi)
    assert err.value.field == field


def test_setup_turn_order_random_from_seed_or_given(mi):
    four = [MI6, SPECTRE, MI6 | {"name": "CIA"}, SPECTRE | {"name": "KAOS"}]
    orders = {tuple(new_state(Setup.model_validate({"players": four, "seed": s}), mi).order)
              for s in range(30)}
    assert len(orders) > 5 and all(sorted(o) == [0, 1, 2, 3] for o in orders)
    given = new_state(Setup.model_validate({"players": four, "turn_order": [2, 0, 3, 1]}), mi)
    assert given.order == [2, 0, 3, 1] and given.turn.player == 2
    with pytest.raises(IllegalEvent) as err:
        new_state(Setup.model_validate({"players": four, "turn_order": [0, 0, 1, 2]}), mi)
    assert err.value.field == "turn_order"


def test_options_default_from_the_content_and_mp_target_can_be_off(mi):
    assert start(mi).options["mp_target"] == 10
    assert start(mi, mp_target=None).options["mp_target"] is None


# --- the turn tracker ---------------------------------------------------------------


def test_phases_move_forward_only(mi):
    state = play(start(mi), ev("recruit", agent="mr_bond"))
    assert state.phase == "recruit"
    state = play(state, ev("phase", phase="spy"))
    assert state.phase == "spy"
    err = refusal(state, ev("attach", agent="mr_bond", asset="silencer"))
    assert err.field == "event.type" and "over" in err.message
    assert refusal(state, ev("phase", phase="tea")).field == "event.phase"


def test_one_recruit_one_asset_one_mission_per_turn(mi):
    state = play(start(mi), ev("recruit", agent="mr_bond"),
                 ev("attach", agent="mr_bond", asset="silencer"),
                 ev("play_mission", mission="surveillance_mission"))
    assert refusal(state, ev("play_mission", mission="prisoner_exchange")).field == "event"
    state = play(start(mi), ev("recruit", agent="mr_bond"))
    assert refusal(state, ev("recruit", agent="china_doll")).field == "event"
    state = play(state, ev("attach", agent="mr_bond", asset="silencer"))
    assert refusal(state, ev("attach", agent="mr_bond", asset="martial_arts")).field == "event"


@pytest.mark.parametrize(("event", "field"), [
    (ev("recruit", agent="silencer"), "event.agent"),
    (ev("recruit", agent="nobody"), "event.agent"),
    (ev("attach", agent="china_doll", asset="silencer"), "event.agent"),
    (ev("attach", agent="mr_bond", asset="diplomat"), "event.asset"),
    (ev("play_mission", mission="ninjas"), "event.mission"),
    (ev("recruit", player=1, agent="china_doll"), "event.player"),
    (ev("recruit", player=7, agent="china_doll"), "event.player"),
    (ev("counter", mission="surveillance_mission"), "event.mission"),
    (ev("retreat"), "event.type"),
    (ev("failure", die=3), "event.type"),
    (ev("attempt", agent="mr_bond", mission="prisoner_exchange", card="prisoner_exchange",
        dice=[[5, 5]]), "event.mission"),
    (ev("attempt", agent="mr_bond", mission="surveillance_mission",
        card="surveillance_mission"), "event.dice"),
    (ev("attempt", agent="mr_bond", mission="surveillance_mission", card="surveillance_mission",
        dice=[[11, 5]]), "event.dice[0]"),
    (ev("attempt", agent="mr_bond", mission="surveillance_mission", card="surveillance_mission",
        assets=["silencer"], dice=[[5, 5]]), "event.assets[0]"),
    (ev("attempt", agent="mr_bond", mission="surveillance_mission", card="surveillance_mission",
        bonus_cards=["diplomat"], dice=[[5, 5]]), "event.bonus_cards[0]"),
    (ev("attempt", agent="mr_bond", mission="surveillance_mission", card="surveillance_mission",
        skill="combat", dice=[[5, 5]]), "event.skill"),
    (ev("attempt", agent="mr_bond", mission="surveillance_mission", card="surveillance_mission",
        dice=[[1, 10], [5, 5]]), "event.dice"),
    (ev("attempt", agent="mr_bond", mission="surveillance_mission", card="tiger",
        dice=[[5, 5]]), "event.card"),
    (ev("play_event", card="bribery"), "event.card"),
    (ev("play_event", card="silencer"), "event.card"),
    (ev("capture", agent="mr_bond", die=5), "event.agent"),
    (ev("type_of_no_kind"), "event.type"),
    (ev("end_turn", extra=1), "event.extra"),
])
def test_refusals_name_their_field(mi, event, field):
    state = with_mission(mi)
    before = (state.log[-1], state.turn.phase)
    err = refusal(state, event)
    assert err.field == field, err.message
    assert (state.log[-1], state.turn.phase) == before  # nothing changed


def test_spy_roll_only_without_an_intercept_card(mi):
    state = start(mi)
    assert play(state, ev("spy", die=2)).turn.spy_rolls == 0
    state = play(state, ev("play_event", card="mole", target=1))
    err = refusal(state, ev("spy", die=2))
    assert err.field == "event.type" and "Intercept" in err.message
    gathered = play(start(mi), ev("play_event", card="intelligence_gathering"),
                    ev("play_event", card="mole", target=1), ev("spy", die=2),
                    ev("spy", die=4))
    assert refusal(gathered, ev("spy", die=2)).field == "event.type"


def test_spy_ten_discards_an_opponents_mission_and_one_lets_the_nemesis_roll(mi):
    state = play(start(mi), ev("play_mission", mission="prisoner_exchange"), end(0))
    assert refusal(state, ev("spy", 1, die=10, mission="nowhere")).field == "event.mission"
    named = play(state, ev("spy", 1, die=10, mission="prisoner_exchange"))
    assert named.players[0].missions == {} and "prisoner_exchange" in named.discard
    # no mission named: the only one goes
    only = play(state, ev("spy", 1, die=10))
    assert only.players[0].missions == {} and only.turn.pending_discard is None
    # two to choose from: the 10 is kept, and the next Spy event only names the mission
    two = play(state, end(1), ev("play_mission", mission="surveillance_mission"), end(0))
    kept = play(two, ev("spy", 1, die=10))
    assert kept.turn.pending_discard == (1, "opponent") and kept.turn.spy_rolls == 0
    assert refusal(kept, ev("phase", 1, phase="mission")).field == "event.type"
    assert refusal(kept, ev("spy", 1)).field == "event.mission"
    kept = play(kept, ev("spy", 1, mission="prisoner_exchange"))
    assert list(kept.players[0].missions) == ["surveillance_mission"]
    assert kept.turn.pending_discard is None
    nemesis = play(start(mi), ev("spy", die=1, nemesis_die=1))
    assert "SPECTRE" in english(nemesis, nemesis.log[-1])


def test_a_second_one_on_the_spy_table_logs_nothing_happens(mi):
    """MID-21: the nemesis's 1 counts as 'nothing': the log reads the Nothing row."""
    state = play(start(mi), ev("spy", die=1, nemesis_die=1))
    assert dict(state.log[-1][1])["row"] == "spy/1"
    assert english(state, state.log[-1]) == "Spy Table (SPECTRE): Nothing."
    again = play(start(mi), ev("spy", die=1, nemesis_die=9))
    assert english(again, again.log[-1]) == (
        "Spy Table (SPECTRE): Look at every card in one opponent's hand.")


# --- mission attempts ---------------------------------------------------------------


def test_a_passed_attempt_completes_the_mission(mi):
    state = with_mission(mi, agent="china_doll")
    state = play(state, ev("attempt", agent="china_doll", mission="surveillance_mission",
                           card="surveillance_mission", dice=[[4, 5]]))  # 4 + 2 >= 5 + 1
    me = state.players[0]
    assert me.completed == ["surveillance_mission"] and me.mp == 1 and me.missions == {}
    assert state.turn.attempt is None and state.phase == "mission"
    assert refusal(state, ev("attempt", agent="china_doll", mission="surveillance_mission",
                             card="surveillance_mission", dice=[[4, 5]])).field == "event.type"


def test_a_failed_attempt_owes_the_failure_roll_then_applies_it(mi):
    state = with_mission(mi, agent="china_doll")
    state = play(state, ev("attempt", agent="china_doll", mission="surveillance_mission",
                           card="surveillance_mission", dice=[[1, 10]]))
    assert state.turn.pending_failure == "china_doll"
    err = refusal(state, ev("phase", phase="counter"))
    assert err.field == "event.type" and "Mission Failure" in err.message
    assert refusal(state, ev("failure", die=6)).field == "event.wound_die"
    state = play(state, ev("failure", die=6, wound_die=5))  # wounded 1D5 -> 3 turns
    agent = state.players[0].agents["china_doll"]
    assert agent.wounded == 3 and not agent.usable
    assert "surveillance_mission" in state.players[0].missions  # still in play


def test_obstacles_come_first_and_a_failed_one_stays_face_up(mi):
    state = with_mission(mi, agent="mr_white_the_albino")
    state = play(state, ev("phase", phase="capture"), end(0),
                 ev("counter", 1, mission="surveillance_mission", count=2), end(1))
    assert state.players[0].missions["surveillance_mission"].face_down == 2
    go = {"agent": "mr_white_the_albino", "mission": "surveillance_mission"}
    assert refusal(state, ev("attempt", **go, card="surveillance_mission",
                             dice=[[9, 1]])).field == "event.card"
    state = play(state, ev("attempt", **go, card="ninjas", dice=[[1, 1]]))  # 1 + 3 >= 1 + 2
    mission = state.players[0].missions["surveillance_mission"]
    assert (mission.face_up, mission.face_down) == ([], 1)
    assert state.turn.attempt.overcome == 1 and "ninjas" in state.discard
    state = play(state, ev("attempt", **go, card="tiger", dice=[[1, 10]]))  # fails
    assert (mission.face_up, mission.face_down) == ([], 1)  # the state before is untouched
    mission = state.players[0].missions["surveillance_mission"]
    assert (mission.face_up, mission.face_down) == (["tiger"], 0)
    state = play(state, ev("failure", die=8), ev("phase", phase="capture"), end(0), end(1))
    assert refusal(state, ev("attempt", **go, card="surveillance_mission",
                             dice=[[9, 1]])).field == "event.card"
    state = play(state, ev("attempt", **go, card="tiger", dice=[[10, 1]]),
                 ev("attempt", **go, card="surveillance_mission", dice=[[10, 1]]))
    assert state.players[0].mp == 1


def test_retreat_after_an_obstacle_ends_the_attempt_without_a_roll(mi):
    state = with_mission(mi, agent="mr_white_the_albino")
    state = play(state, ev("phase", phase="capture"), end(0),
                 ev("counter", 1, mission="surveillance_mission", count=2), end(1))
    state = play(state, ev("attempt", agent="mr_white_the_albino",
                           mission="surveillance_mission", card="ninjas", dice=[[5, 1]]),
                 ev("retreat"))
    assert state.turn.attempt is None and state.turn.pending_failure is None
    assert state.players[0].missions["surveillance_mission"].face_down == 1


def test_equipment_and_bonus_cards_are_spent_when_added_to_a_roll(mi):
    state = with_mission(mi, agent="mr_bond", mission="bodyguard_assassination")
    state = play(state, ev("attach", agent="mr_bond", asset="silencer"))
    state = play(state, ev("attempt", agent="mr_bond", mission="bodyguard_assassination",
                           card="bodyguard_assassination", assets=["silencer"],
                           bonus_cards=["diplomat"], dice=[[3, 5], [5, 6]]))
    # combat 2 + silencer 2 + 3 >= 5 + 2; persuasion 2 + diplomat 2 + 5 >= 6 + 1
    assert state.players[0].mp == 2
    assert state.players[0].agents["mr_bond"].assets == []
    assert {"silencer", "diplomat"} <= set(state.discard)


def test_attached_experience_counts_without_being_listed(mi):
    """Experience is permanent (L17, MID-13): it counts on every check whether or not the
    attempt lists it; equipment only when added (MID-12)."""
    state = with_mission(mi, agent="mr_bond", mission="bodyguard_assassination")
    state = play(state, ev("attach", agent="mr_bond", asset="martial_arts"))
    go = {"agent": "mr_bond", "mission": "bodyguard_assassination",
          "card": "bodyguard_assassination", "dice": [[3, 5], [5, 5]]}
    # combat 2 + martial arts 2 + 3 >= 5 + 2; persuasion 2 + 5 >= 5 + 1
    for listed in ([], ["martial_arts"]):
        done = play(state, ev("attempt", **go, assets=listed))
        assert done.players[0].mp == 2 and done.players[0].agents["mr_bond"].assets == [
            "martial_arts"]
    armed = play(with_mission(mi, agent="mr_bond", mission="bodyguard_assassination"),
                 ev("attach", agent="mr_bond", asset="silencer"))
    assert refusal(armed, ev("attempt", **go)).field == "event.dice"  # fails the first check
    rolled = resolve_rolls(state, ev("attempt", agent="mr_bond",
                                     mission="bodyguard_assassination",
                                     card="bodyguard_assassination", roll=True),
                           random.Random(3))
    try_apply(state, rolled)  # the server's roll counts the experience too


def test_equipment_kept_to_the_end_of_the_attempt_with_that_option(mi):
    state = with_mission(mi, agent="mr_white_the_albino", mission="rescue_kidnapping",
                         equipment_discard="after_attempt")
    state = play(state, ev("phase", phase="capture"), end(0),
                 ev("counter", 1, mission="rescue_kidnapping"), end(1),
                 ev("attach", agent="mr_white_the_albino", asset="silencer"))
    go = {"agent": "mr_white_the_albino", "mission": "rescue_kidnapping",
          "assets": ["silencer"]}
    state = play(state, ev("attempt", **go, card="ninjas", dice=[[1, 4]]))  # 1+3+2 >= 4+2
    assert state.players[0].agents["mr_white_the_albino"].assets == ["silencer"]
    state = play(state, ev("attempt", **go, card="rescue_kidnapping", dice=[[8, 1], [1, 4]]))
    assert state.players[0].agents["mr_white_the_albino"].assets == []


# --- agents: captured, wounded ------------------------------------------------------


def test_a_captured_agent_rolls_in_its_owners_capture_phase(mi):
    state = with_mission(mi, agent="mr_bond")
    state = play(state, ev("attach", agent="mr_bond", asset="silencer"),
                 ev("attempt", agent="mr_bond", mission="surveillance_mission",
                    card="surveillance_mission", dice=[[1, 10]]),
                 ev("failure", die=1))
    bond = state.players[0].agents["mr_bond"]
    assert bond.captured_by == 1 and bond.assets == [] and "silencer" in state.discard
    assert refusal(state, end(0)).field == "event.type"  # the capture roll is owed
    state = play(state, ev("capture", agent="mr_bond", die=5))  # nothing
    assert refusal(state, ev("capture", agent="mr_bond", die=9)).field == "event.agent"
    state = play(state, end(0), end(1))
    assert refusal(state, ev("attempt", agent="mr_bond", mission="surveillance_mission",
                             card="surveillance_mission", dice=[[9, 1]])).field == "event.agent"
    freed = play(state, ev("capture", agent="mr_bond", die=6, cards=["acid_pen"]))
    assert freed.players[0].agents["mr_bond"].captured_by is None
    dead = play(state, ev("capture", agent="mr_bond", die=3, cards=["torture"]))
    assert "mr_bond" not in dead.players[0].agents and dead.players[0].killed == ["mr_bond"]
    assert [p.lost for p in dead.players] == [1, 0]  # agents lost, for the result


def test_a_wounded_agents_timer_counts_down_in_its_owners_turns(mi):
    state = with_mission(mi, agent="china_doll")
    state = play(state, ev("attempt", agent="china_doll", mission="surveillance_mission",
                           card="surveillance_mission", dice=[[1, 10]]),
                 ev("failure", die=6, wound_die=4))  # 1D5 = 2
    assert state.players[0].agents["china_doll"].wounded == 2
    state = play(state, end(0))
    assert state.players[0].agents["china_doll"].wounded == 2  # the turn it was dealt in
    state = play(state, end(1))
    assert state.players[0].agents["china_doll"].wounded == 2  # not in SPECTRE's turn
    state = play(state, end(0), end(1))
    assert state.players[0].agents["china_doll"].wounded == 1  # 1 of MI6's turns sat out
    state = play(state, end(0))
    assert state.log[-1] == ("mi.ready", (("agent", "china_doll"),))  # fit next turn
    state = play(state, end(1))
    agent = state.players[0].agents["china_doll"]
    assert agent.wounded == 0 and agent.usable


def test_event_cards_on_agents(mi):
    state = play(start(mi), ev("recruit", agent="mr_bond"), end(0),
                 ev("recruit", 1, agent="china_doll"), end(1))
    killed = play(state, ev("play_event", card="assassination", agent="china_doll"))
    assert "china_doll" in killed.players[1].killed
    assert refusal(state, ev("play_event", card="capture_enemy_agent",
                             agent="mr_bond")).field == "event.agent"  # not an enemy
    captured = play(state, ev("play_event", card="capture_enemy_agent", agent="china_doll"))
    assert captured.players[1].agents["china_doll"].captured_by == 0  # SPECTRE's nemesis
    turned = play(state, ev("play_event", card="double_agent", agent="china_doll"))
    assert "china_doll" in turned.players[0].agents
    risky = play(state, ev("play_event", card="security_risk", agent="china_doll", die=9))
    assert risky.players[1].agents["china_doll"].security_risk == 5
    hidden = play(state, end(0), ev("attach", 1, agent="china_doll", asset="undercover"),
                  end(1))
    err = refusal(hidden, ev("play_event", card="assassination", agent="china_doll"))
    assert err.field == "event.agent" and "undercover" in err.message


# --- the end ------------------------------------------------------------------------


def test_reaching_the_mp_target_ends_the_game_after_the_round(mi):
    state = with_mission(mi, agent="china_doll", mp_target=1)
    state = play(state, ev("attempt", agent="china_doll", mission="surveillance_mission",
                           card="surveillance_mission", dice=[[9, 1]]))
    assert state.status == "final_round"
    state = play(state, end(0))
    assert state.status == "final_round"  # SPECTRE still plays the round out
    state = play(state, end(1))
    assert state.status == "finished"
    assert [(r["name"], r["place"]) for r in state.result] == [("MI6", 1), ("SPECTRE", 2)]
    assert refusal(state, end(0)).field == "event"


def test_mp_target_off_and_the_empty_deck(mi):
    state = with_mission(mi, agent="china_doll", mp_target=None)
    state = play(state, ev("attempt", agent="china_doll", mission="surveillance_mission",
                           card="surveillance_mission", dice=[[9, 1]]))
    assert state.status == "playing"
    state = play(state, ev("deck_empty", 1))
    assert state.status == "final_round"
    assert refusal(state, ev("deck_empty", 1)).field == "event.type"
    assert play(state, end(0), end(1)).status == "finished"
    reshuffle = play(start(mi, deck_end=False), ev("deck_empty"))
    assert reshuffle.status == "playing"


# --- rolls, replay ------------------------------------------------------------------


def test_resolve_rolls_fills_the_dice_the_event_needs(mi):
    state = with_mission(mi, agent="mr_white_the_albino", mission="defend_destroy_base")
    rng = random.Random(1)
    for _ in range(20):
        raw = resolve_rolls(state, ev("attempt", agent="mr_white_the_albino",
                                      mission="defend_destroy_base",
                                      card="defend_destroy_base", roll=True), rng)
        assert "roll" not in raw and 1 <= len(raw["dice"]) <= 3
        after = try_apply(state, raw)  # exact: always accepted
        assert (after.turn.pending_failure is None) == (len(raw["dice"]) == 3 and after.players[
            0].mp == 3)
    spy = resolve_rolls(state, ev("spy", roll=True), rng)
    assert 1 <= spy["die"] <= 10 and "roll" not in spy


def test_replay_equals_applying_one_by_one(mi):
    events = [ev("recruit", agent="mr_bond"), ev("play_mission", mission="prisoner_exchange"),
              end(0), ev("counter", 1, mission="prisoner_exchange"), end(1),
              ev("attempt", agent="mr_bond", mission="prisoner_exchange", card="ninjas",
                 dice=[[2, 9]]), ev("failure", die=9)]
    state = play(start(mi), *events)
    again = replay(setup(), events, mi)
    assert list(again.log) == list(state.log)
    assert again.players == state.players and again.turn == state.turn


# --- issue 26: a duration of N turns holds the agent off exactly N of its owner's turns --


def _blocked_turns(state, seat, agent_id, turns=8):
    """How many of `seat`'s next turns find `agent_id` unfit for missions."""
    blocked = 0
    for _ in range(turns):
        while state.turn.player != seat:
            state = play(state, end(state.turn.player))
        blocked += not state.players[seat].agents[agent_id].usable
        state = play(state, end(seat))
    return blocked


@pytest.mark.parametrize(("wound_die", "turns"), [(1, 1), (2, 1), (3, 2), (6, 3), (8, 4),
                                                  (10, 5)])
def test_a_wound_of_n_turns_keeps_the_agent_off_n_of_its_owners_turns(mi, wound_die, turns):
    state = with_mission(mi, agent="china_doll")
    state = play(state, ev("attempt", agent="china_doll", mission="surveillance_mission",
                           card="surveillance_mission", dice=[[1, 10]]),
                 ev("failure", die=6, wound_die=wound_die))
    assert state.players[0].agents["china_doll"].wounded == turns
    assert _blocked_turns(play(state, end(0)), 0, "china_doll") == turns


@pytest.mark.parametrize(("die", "turns"), [(1, 1), (4, 2), (9, 5)])
def test_a_security_risk_of_n_turns_keeps_the_agent_off_n_of_its_owners_turns(mi, die, turns):
    state = play(start(mi), ev("recruit", agent="mr_bond"), end(0),
                 ev("recruit", 1, agent="china_doll"), end(1))
    state = play(state, ev("play_event", card="security_risk", agent="china_doll", die=die))
    assert state.players[1].agents["china_doll"].security_risk == turns
    assert _blocked_turns(state, 1, "china_doll") == turns
