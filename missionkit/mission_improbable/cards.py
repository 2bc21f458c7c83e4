"""Event cards played on their own (not as a bonus on a roll): when each may be played, what
it targets, and what the app tracks of its effects (events.yaml `when`, `target`,
`effects`). Effects the app cannot see (looking at cards, redrawing) are only logged.
"""

from __future__ import annotations

from typing import Any

from . import agents, rulebook
from .events import PlayEvent
from .messages import log
from .state import Agent, State
from .turn import discard_mission, enter, own_turn, raise_, require_die

WITH_A_ROLL = {"before_check": "mi.no.play_with_check", "check": "mi.no.play_with_check",
               "before_failure_roll": "mi.no.play_with_failure",
               "before_capture_roll": "mi.no.play_with_capture",
               "table_roll": "mi.no.play_with_roll"}
ON_AN_AGENT = {"captured", "killed", "wounded", "security_risk", "discard_equipment", "escape"}


def play(state: State, event: PlayEvent) -> None:
    found = rulebook.card(state.game, event.card, "event.card")
    if rulebook.kind(found) != "event":
        raise_(state, "mi.no.not_event", "event.card", value=event.card)
    when, aim = rulebook.timing(found), rulebook.target(found)
    if when in WITH_A_ROLL or aim in WITH_A_ROLL:
        raise_(state, WITH_A_ROLL.get(when) or WITH_A_ROLL[aim], "event.card", card=event.card)
    _timing(state, event, when)
    seat, agent = _target(state, event, aim)
    effects = rulebook.effects(found)
    d5 = None
    if agents.needs_d5(effects):
        d5 = rulebook.d5(state.game, require_die(state, event.die, "event.die"))
    log(state, "mi.plays", player=event.player, card=event.card)
    if agent is not None and any(e.kind in ON_AN_AGENT for e in effects):
        agents.apply_effects(state, seat, agent, effects, d5)
    for effect in effects:
        handler = EFFECTS.get(effect.kind)
        if handler is not None:
            handler(state, event, effect, seat, agent)
    state.discard.append(event.card)


def _timing(state: State, event: PlayEvent, when: str) -> None:
    if when == "intercept":
        enter(state, event, "intercept")
        if not state.turn.intercept_played:  # the Spy phase roll is lost, once
            state.turn.intercept_played = True
            state.turn.spy_rolls = 0
    elif when == "mission":
        enter(state, event, "mission")
    elif when == "opponent_turn":
        if event.player == state.turn.player:
            raise_(state, "mi.no.opponents_turn", "event.player")
        if state.turn.phase > rulebook.phases(state.game).index("mission"):
            raise_(state, "mi.no.before_mission", "event.type")
    elif when == "own_turn":
        own_turn(state, event)


def _target(state: State, event: PlayEvent, aim: str) -> tuple[int, Agent | None]:
    """The targeted player's seat and agent, checked against what the card may target."""
    if aim == "opponent":
        if event.target is None or event.target == event.player or event.target >= len(
                state.players):
            raise_(state, "mi.no.name_opponent", "event.target")
        return event.target, None
    if aim == "mission":
        owner = state.mission_owner(event.mission or "")
        if owner is None:
            raise_(state, "mi.no.name_mission", "event.mission")
        return owner, None
    if aim not in ("own_agent", "enemy_agent", "agent"):
        return event.player, None
    seat = state.owner_of(event.agent or "")
    if seat is None:
        raise_(state, "mi.no.name_agent", "event.agent")
    if aim == "own_agent" and seat != event.player:
        raise_(state, "mi.no.own_agent", "event.agent")
    if aim == "enemy_agent" and seat == event.player:
        raise_(state, "mi.no.enemy_agent", "event.agent")
    agent = state.players[seat].agents[event.agent]
    shielded = any(rulebook.untargetable(state.game.card(a)) for a in agent.assets)
    if shielded and (state.options["undercover"] == "all_events" or seat != event.player):
        raise_(state, "mi.no.undercover", "event.agent", agent=agent.id)
    return seat, agent


def _take_control(state: State, event: PlayEvent, effect: Any, seat: int,
                  agent: Agent | None) -> None:
    """The agent changes sides with its assets (MID-33)."""
    assert agent is not None
    del state.players[seat].agents[agent.id]
    if agent.captured_by == event.player:
        agent.captured_by = None
    state.players[event.player].agents[agent.id] = agent
    log(state, "mi.works_for", agent=agent.id, player=event.player)


def _take_equipment(state: State, event: PlayEvent, effect: Any, seat: int,
                    agent: Agent | None) -> None:
    """An enemy agent's equipment goes to one of yours (MID-35)."""
    assert agent is not None
    if event.asset not in agent.assets or rulebook.kind(
            state.game.card(event.asset)) != "equipment":
        raise_(state, "mi.no.name_equipment", "event.asset")
    mine = state.players[event.player].agents.get(event.to_agent or "")
    if mine is None or mine.captured_by is not None:
        raise_(state, "mi.no.receiver", "event.to_agent")
    agent.assets.remove(event.asset)
    mine.assets.append(event.asset)


def _shuffle_into_deck(state: State, event: PlayEvent, effect: Any, seat: int,
                       agent: Agent | None) -> None:
    assert agent is not None
    agents.remove(state, seat, agent.id)


def _heal(state: State, event: PlayEvent, effect: Any, seat: int,
          agent: Agent | None) -> None:
    """One wounded agent of yours, or all of them (option medical_attention, MID-32)."""
    mine = state.players[event.player].agents
    if state.options.get("medical_attention") == "all":
        chosen = [a for a in mine.values() if a.wounded]
    else:
        chosen = [agent or mine.get(event.agent or "")]
        if chosen[0] is None or not chosen[0].wounded:
            raise_(state, "mi.no.own_wounded", "event.agent")
    for a in chosen:
        a.wounded = 0
        log(state, "mi.healed", agent=a.id)


def _return_killed(state: State, event: PlayEvent, effect: Any, seat: int,
                   agent: Agent | None) -> None:
    """One of your killed agents goes from the discard pile back to your hand."""
    player = state.players[event.player]
    if event.agent not in player.killed or event.agent not in state.discard:
        raise_(state, "mi.no.own_killed", "event.agent")
    player.killed.remove(event.agent)
    state.discard.remove(event.agent)


def _discard_mission(state: State, event: PlayEvent, effect: Any, seat: int,
                     agent: Agent | None) -> None:
    owner = state.mission_owner(event.mission or "")
    if owner is None or (effect.whose == "opponent" and owner == event.player):
        raise_(state, "mi.no.opponent_mission" if effect.whose == "opponent"
               else "mi.no.name_mission", "event.mission")
    discard_mission(state, event.mission)


def _roll_table(state: State, event: PlayEvent, effect: Any, seat: int,
                agent: Agent | None) -> None:
    if effect.table != "spy":
        raise_(state, "mi.no.owed_roll", "event.card", table=effect.table)
    state.turn.spy_rolls += effect.times


def _skip_mission(state: State, event: PlayEvent, effect: Any, seat: int,
                  agent: Agent | None) -> None:
    if seat != state.turn.player:
        raise_(state, "mi.no.whose_turn", "event.target")
    if state.turn.attempt is not None:
        raise_(state, "mi.no.attempt_under_way", "event.type")
    state.turn.mission_phases = 0


def _counter(attribute: str) -> Any:
    def more(state: State, event: PlayEvent, effect: Any, seat: int,
             agent: Agent | None) -> None:
        setattr(state.turn, attribute, getattr(state.turn, attribute) + effect.count)
    return more


def _joint(state: State, event: PlayEvent, effect: Any, seat: int,
           agent: Agent | None) -> None:
    state.turn.team_size = max(state.turn.team_size, effect.agents)


def _co_opt(state: State, event: PlayEvent, effect: Any, seat: int,
            agent: Agent | None) -> None:
    if seat == event.player:
        raise_(state, "mi.no.opponent_mission", "event.mission")
    state.turn.co_opt = True


EFFECTS = {
    "take_control": _take_control, "take_equipment": _take_equipment,
    "shuffle_into_deck": _shuffle_into_deck, "heal_wounds": _heal,
    "return_killed_agent": _return_killed, "discard_mission": _discard_mission,
    "roll_table": _roll_table, "skip_mission_phase": _skip_mission,
    "extra_recruit": _counter("late_recruits"), "extra_mission_phase": _counter("mission_phases"),
    "joint_attempt": _joint, "attempt_opponent_mission": _co_opt,
}
