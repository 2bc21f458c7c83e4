"""Property test: random event sequences never crash, and replay equals one-by-one."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from missionkit.game import IllegalEvent
from missionkit.mission_improbable.engine import replay, resolve_rolls, try_apply
from missionkit.mission_improbable.state import new_state

from .helpers import MI6, SPECTRE, setup

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
