"""The turn engine: setup, the phase tracker, attempts, the tables' effects, the end."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from missionkit.game import IllegalEvent
from missionkit.mission_improbable.attempts import preview
from missionkit.mission_improbable.engine import replay, resolve_rolls, try_apply
from missionkit.mission_improbable.state import Setup, new_state

MI6 = {"name": "MI6", "alignment": "good", "nemesis": 1}
SPECTRE = {"name": "SPECTRE", "alignment": "bad", "nemesis": 0}


def setup(players=(MI6, SPECTRE), **extra) -> Setup:
    return Setup.model_validate({"players": list(players), "turn_order": [0, 1]} | extra)


def start(mi, **options):
    return new_state(setup(options=options), mi)


def play(state, *events):
    for event in events:
        state = try_apply(state, event)
    return state


def refusal(state, event) -> IllegalEvent:
    with pytest.raises(IllegalEvent) as err:
        try_apply(state, event)
    return err.value


def ev(type: str, player: int = 0, **fields) -> dict:
    return {"type": type, "player": player, **fields}


def end(player: int = 0) -> dict:
    return ev("end_turn", player)


def with_mission(mi, agent="mr_bond", mission="surveillance_mission", **options):
    """MI6 has `agent` and `mission` in play; it is MI6's turn again."""
    state = play(start(mi, **options), ev("recruit", agent=agent),
                 ev("play_mission", mission=mission), end(0), end(1))
    assert state.turn.player == 0
    return state


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
    assert refusal(state, ev("spy", 1, die=10)).field == "event.mission"
    state = play(state, ev("spy", 1, die=10, mission="prisoner_exchange"))
    assert state.players[0].missions == {} and "prisoner_exchange" in state.discard
    nemesis = play(start(mi), ev("spy", die=1, nemesis_die=1))
    assert "SPECTRE" in nemesis.log[-1]


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


def test_a_wounded_agents_timer_counts_down_in_its_owners_turns(mi):
    state = with_mission(mi, agent="china_doll")
    state = play(state, ev("attempt", agent="china_doll", mission="surveillance_mission",
                           card="surveillance_mission", dice=[[1, 10]]),
                 ev("failure", die=6, wound_die=4))  # 1D5 = 2
    assert state.players[0].agents["china_doll"].wounded == 2
    state = play(state, end(0))
    assert state.players[0].agents["china_doll"].wounded == 2  # not in SPECTRE's turn
    state = play(state, end(1))
    assert state.players[0].agents["china_doll"].wounded == 1
    state = play(state, end(0), end(1))
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


# --- property: random play never crashes, replay equals one-by-one ------------------

THREE = [MI6, SPECTRE, MI6 | {"name": "CIA", "nemesis": 1}]
PHASE_OF = {"recruit": 1, "attach": 2, "trade": 2, "play_event": 3, "spy": 4, "attempt": 5,
            "retreat": 5, "play_mission": 6, "counter": 7, "capture": 8}


IDS: dict[tuple[int, str | None], list[str]] = {}


def card_ids(game, type: str | None) -> list[str]:
    """Ids of every card (of one type), computed once per content model."""
    key = (id(game), type)
    if key not in IDS:
        IDS[key] = [c.id for c in game.deck() if type in (None, c.type)]
    return IDS[key]


def next_card(state, mission_id: str, draw) -> str:
    """The card an attempt on `mission_id` must name (a random obstacle when face down)."""
    owner = state.mission_owner(mission_id)
    if owner is None:
        return mission_id
    mission = state.players[owner].missions[mission_id]
    if mission.face_up:
        return mission.face_up[0]
    if mission.face_down:
        return draw(st.sampled_from(["ninjas", "tiger", "ambush", "office_tower"]))
    return mission_id


@st.composite
def an_event(draw, state):
    """A plausible event: mostly the active player's, with fields taken from the table."""
    g = state.game
    seat = draw(st.sampled_from([state.turn.player] * 8 + list(range(len(state.players)))))
    mine = list(state.players[seat].agents) or ["mr_bond"]
    theirs = [a for p in state.players for a in p.agents] or ["china_doll"]
    own_missions = list(state.players[seat].missions) or ["surveillance_mission"]
    missions = [m for p in state.players for m in p.missions] or ["prisoner_exchange"]
    ids = card_ids(g, None)
    kinds = ["recruit", "attach", "trade", "play_event", "spy", "attempt", "attempt",
             "attempt", "retreat", "play_mission", "counter", "capture", "end_turn", "phase"]
    if draw(st.integers(0, 9)) < 8:  # mostly what the current phase still allows
        kinds = [k for k in kinds if PHASE_OF.get(k, 9) >= state.turn.phase] or ["end_turn"]
    if state.turn.pending_failure:
        kinds += ["failure"] * 6
    captives = [a for a in state.players[seat].agents.values() if a.captured_by is not None]
    if not captives and draw(st.booleans()):
        kinds = [k for k in kinds if k != "capture"] or ["end_turn"]
    kind = draw(st.sampled_from(kinds + ["deck_empty"] * (state.round > 6)))
    die = st.integers(1, 10)
    out = {"type": kind, "player": seat}
    if kind == "recruit":
        out["agent"] = draw(st.sampled_from(card_ids(g, "agent") + ids[:3]))
    elif kind == "attach":
        out |= {"agent": draw(st.sampled_from(mine)), "asset": draw(st.sampled_from(
            ["silencer", "sniper_rifle", "climbing_gear", "martial_arts", "undercover",
             "diplomat"]))}
    elif kind == "trade":
        out |= {"equipment": draw(st.sampled_from(["silencer", "sniper_rifle", "ninjas"])),
                "to_agent": draw(st.sampled_from(mine))}
    elif kind == "play_event":
        out |= {"card": draw(st.sampled_from(card_ids(g, "event"))),
                "agent": draw(st.sampled_from(theirs)), "mission": draw(st.sampled_from(
                    missions)), "target": draw(st.integers(0, 2)), "die": draw(die),
                "asset": draw(st.sampled_from(["silencer", "sniper_rifle"])),
                "to_agent": draw(st.sampled_from(mine))}
    elif kind == "spy":
        out |= {"die": draw(die), "nemesis_die": draw(die),
                "mission": draw(st.sampled_from(missions))}
    elif kind == "attempt":
        mission = draw(st.sampled_from(own_missions * 4 + missions[:1]))
        out |= {"agent": draw(st.sampled_from(mine)), "mission": mission,
                "card": next_card(state, mission, draw), "roll": True,
                "assets": draw(st.lists(st.sampled_from(["silencer", "martial_arts"]),
                                        max_size=1, unique=True)),
                "bonus_cards": draw(st.lists(st.sampled_from(["human_shield", "bribery"]),
                                             max_size=1))}
        try:
            return resolve_rolls(state, out, random.Random(draw(st.integers(0, 9))))
        except IllegalEvent:
            return out | {"roll": False, "dice": [[5, 5]]}
    elif kind in ("failure", "capture"):
        out |= {"die": draw(die), "cards": draw(st.lists(st.sampled_from(
            ["narrow_escape", "safe_house", "acid_pen", "torture"]), max_size=2))}
        if kind == "failure":
            out["wound_die"] = draw(die)
        else:
            out["agent"] = draw(st.sampled_from([a.id for a in captives] or mine))
    elif kind == "play_mission":
        out["mission"] = draw(st.sampled_from(card_ids(g, "mission")))
    elif kind == "counter":
        out |= {"mission": draw(st.sampled_from(missions)), "count": draw(st.integers(1, 2))}
    elif kind == "phase":
        out["phase"] = draw(st.sampled_from([p.id for p in g.guide.phases]))
    return out


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_events_never_crash_and_replay_matches(mi, data):
    first = new_state(setup(THREE, turn_order=[0, 1, 2]), mi)
    state, accepted = first, []
    for _ in range(80):
        raw = data.draw(an_event(state))
        try:
            state = try_apply(state, raw)
        except IllegalEvent as err:
            assert err.field.startswith("event"), (raw, err.field)
            continue
        accepted.append(raw)
        assert all(p.mp == sum(mi.card(m).mp for m in p.completed) for p in state.players)
        table = [c for p in state.players for a in p.agents.values() for c in [a.id, *a.assets]]
        assert len(table) == len(set(table))  # one copy of every card
    again = replay(first.setup, accepted, mi)
    assert list(again.log) == list(state.log)
    assert (again.players, again.turn, again.status) == (state.players, state.turn,
                                                         state.status)


# --- more event cards ---------------------------------------------------------------


def two_agents_each(mi, **options):
    """MI6: Bond and China Doll with a mission; SPECTRE: Vlad with a mission."""
    return play(start(mi, **options), ev("recruit", agent="mr_bond"),
                ev("play_mission", mission="industrial_espionage"), end(0),
                ev("recruit", 1, agent="vlad_the_impaler"),
                ev("play_mission", 1, mission="prisoner_exchange"), end(1),
                ev("recruit", agent="china_doll"), ev("phase", phase="capture"), end(0),
                end(1))


def test_sleeper_second_chance_and_police_interference(mi):
    state = play(start(mi), ev("recruit", agent="mr_bond"))
    state = play(state, ev("play_event", card="sleeper"))
    assert refusal(state, ev("recruit", agent="china_doll")).field == "event.type"  # phase over
    state = play(start(mi), ev("play_event", card="sleeper"))
    assert state.turn.recruits == 2 and not state.spy_allowed
    state = two_agents_each(mi)
    stopped = play(state, ev("play_event", 1, card="police_interference", target=0))
    assert refusal(stopped, ev("attempt", agent="mr_bond", mission="industrial_espionage",
                               card="industrial_espionage", dice=[[9, 1]])).field == "event.type"
    again = play(state, ev("attempt", agent="china_doll", mission="industrial_espionage",
                           card="industrial_espionage", dice=[[1, 10]]),
                 ev("failure", die=8), ev("play_event", card="second_chance"),
                 ev("attempt", agent="mr_bond", mission="industrial_espionage",
                    card="industrial_espionage", dice=[[10, 1], [10, 1]]))
    assert again.players[0].mp == 2


def test_partners_let_a_second_agent_roll_in_the_same_attempt(mi):
    state = play(two_agents_each(mi), ev("phase", phase="capture"), end(0),
                 ev("counter", 1, mission="industrial_espionage"), end(1))
    go = {"mission": "industrial_espionage"}
    alone = play(state, ev("attempt", agent="mr_bond", **go, card="tiger", dice=[[10, 1]]))
    assert refusal(alone, ev("attempt", agent="china_doll", **go, card="industrial_espionage",
                             dice=[[10, 1], [10, 1]])).field == "event.agent"
    paired = play(state, ev("play_event", card="partners", agent="mr_bond"),
                  ev("attempt", agent="mr_bond", **go, card="tiger", dice=[[10, 1]]),
                  ev("attempt", agent="china_doll", **go, card="industrial_espionage",
                     dice=[[10, 1], [10, 1]]))
    assert paired.players[0].mp == 2


def test_co_opt_mission_scores_an_opponents_mission(mi):
    state = two_agents_each(mi)
    theirs = {"agent": "mr_bond", "mission": "prisoner_exchange", "card": "prisoner_exchange",
              "dice": [[9, 1]]}
    assert refusal(state, ev("attempt", **theirs)).field == "event.mission"
    assert refusal(state, ev("play_event", card="co_opt_mission",
                             mission="industrial_espionage")).field == "event.mission"
    state = play(state, ev("play_event", card="co_opt_mission", mission="prisoner_exchange"),
                 ev("attempt", **theirs))
    assert state.players[0].completed == ["prisoner_exchange"] and state.players[1].missions == {}


def test_diversion_amnesia_confiscation_medical_attention_fake_death(mi):
    state = play(two_agents_each(mi), ev("attach", agent="mr_bond", asset="silencer"), end(0),
                 ev("recruit", 1, agent="commando_9"), end(1))
    gone = play(state, ev("play_event", card="diversion", mission="prisoner_exchange"))
    assert gone.players[1].missions == {} and "prisoner_exchange" in gone.discard
    forgot = play(state, end(0), ev("play_event", 1, card="amnesia", agent="mr_bond"))
    assert "mr_bond" not in forgot.players[0].agents and "silencer" in forgot.discard
    taken = play(state, end(0), ev("play_event", 1, card="confiscation", agent="mr_bond",
                                   asset="silencer", to_agent="commando_9"))
    assert taken.players[1].agents["commando_9"].assets == ["silencer"]
    hurt = play(state, ev("attempt", agent="china_doll", mission="industrial_espionage",
                          card="industrial_espionage", dice=[[1, 10]]),
                ev("failure", die=6, wound_die=10), end(0), end(1))
    assert hurt.players[0].agents["china_doll"].wounded == 4
    healed = play(hurt, ev("play_event", card="medical_attention", agent="china_doll"))
    assert healed.players[0].agents["china_doll"].usable
    dead = play(state, ev("attempt", agent="china_doll", mission="industrial_espionage",
                          card="industrial_espionage", dice=[[1, 10]]), ev("failure", die=3))
    assert refusal(dead, ev("play_event", card="fake_death",
                            agent="mr_bond")).field == "event.agent"
    back = play(dead, ev("play_event", card="fake_death", agent="china_doll"))
    assert back.players[0].killed == [] and "china_doll" not in back.discard
    assert play(back, end(0), end(1), ev("recruit", agent="china_doll")).players[0].agents


def test_what_the_turn_tracker_offers(mi):
    state = play(start(mi), ev("recruit", agent="mr_bond"))
    assert state.spy_allowed and state.captures_owed() == []
    assert not play(state, ev("spy", die=2)).spy_allowed
    assert not play(state, ev("phase", phase="mission")).spy_allowed


def test_odds_preview_walks_the_face_up_obstacles_then_the_mission(mi):
    state = with_mission(mi, agent="mr_white_the_albino")
    state = play(state, ev("attach", agent="mr_white_the_albino", asset="martial_arts"),
                 ev("phase", phase="capture"), end(0),
                 ev("counter", 1, mission="surveillance_mission"), end(1),
                 ev("attempt", agent="mr_white_the_albino", mission="surveillance_mission",
                    card="tiger", dice=[[1, 10]]), ev("failure", die=8))
    seen = preview(state, "mr_white_the_albino", "surveillance_mission")
    assert [(c.skill, c.delta) for c in seen.checks] == [("animals", -1), ("surveillance", -1)]
    assert seen.chance == pytest.approx(0.45 * 0.45)
    with pytest.raises(IllegalEvent) as err:
        preview(state, "mr_white_the_albino", "defend_destroy_base")
    assert err.value.field == "card"


def test_partners_split_a_missions_checks(mi):
    state = play(start(mi), ev("recruit", agent="china_doll"),
                 ev("play_mission", mission="rescue_kidnapping"), end(0), end(1),
                 ev("recruit", agent="mr_white_the_albino"))
    go = {"mission": "rescue_kidnapping", "card": "rescue_kidnapping"}
    split = ev("attempt", agent="china_doll", **go, checks=1, dice=[[5, 5]])
    assert refusal(state, split).field == "event.checks"  # no Partners played
    state = play(state, ev("play_event", card="partners", agent="china_doll"), split)
    assert state.players[0].mp == 0 and state.turn.attempt.done == 1
    assert refusal(state, ev("attempt", agent="mr_white_the_albino", **go,
                             dice=[[5, 5], [5, 5]])).field == "event.dice"
    state = play(state, ev("attempt", agent="mr_white_the_albino", **go, dice=[[4, 5]]))
    assert state.players[0].mp == 2  # Combat: 4 + 3 >= 5 + 2 for Mr. White


def test_undercover_option_lets_your_own_events_through(mi):
    def covered(**options):
        return play(start(mi, **options), ev("recruit", agent="china_doll"),
                    ev("attach", agent="china_doll", asset="undercover"),
                    ev("play_mission", mission="industrial_espionage"), end(0), end(1))
    partners = ev("play_event", card="partners", agent="china_doll")
    assert refusal(covered(), partners).field == "event.agent"
    assert play(covered(undercover="opponents_events"), partners).turn.team_size == 2
    hidden = play(covered(undercover="opponents_events"), end(0))
    assert refusal(hidden, ev("play_event", 1, card="assassination",
                              agent="china_doll")).field == "event.agent"
