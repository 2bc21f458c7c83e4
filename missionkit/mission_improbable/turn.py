"""Turn bookkeeping shared by the engine's parts: whose turn, which phase, refusals."""

from __future__ import annotations

from typing import Any

from . import rulebook
from .messages import log, refuse
from .state import State

raise_ = refuse  # (state, message id, field, **params)


def own_turn(state: State, event: Any) -> None:
    if event.player != state.turn.player:
        raise_(state, "mi.no.not_your_turn", "event.player", active=state.turn.player,
               player=event.player)


def enter(state: State, event: Any, phase: str) -> None:
    """The active player acts in `phase`: the tracker moves there, never back. Leaving the
    Mission phase with an attempt under way pulls the agent out (a retreat)."""
    own_turn(state, event)
    ids = rulebook.phases(state.game)
    index = ids.index(phase)
    if index < state.turn.phase:
        raise_(state, "mi.no.phase_over", "event.type", phase=phase, now=ids[state.turn.phase])
    if state.turn.attempt is not None and index > ids.index("mission"):
        pull_out(state)
    if index > state.turn.phase:  # Sleeper's agent comes at once or not at all (MID-36)
        state.turn.late_recruits = 0
    state.turn.phase = index


def require_die(state: State, face: int | None, field: str) -> int:
    """A die face the event must carry, within the die's sides."""
    sides = rulebook.die_sides(state.game)
    if face is None:
        raise_(state, "mi.no.enter_die", field)
    if not 1 <= face <= sides:
        raise_(state, "mi.no.die_range", field, sides=sides, face=face)
    return face


def last_round(state: State) -> None:
    """The end is triggered: the round being played is the last (MID-01)."""
    if state.status == "playing":
        state.status = "final_round"
        log(state, "mi.last_round")


def discard_mission(state: State, mission_id: str) -> None:
    """A mission in play goes to the discard pile with every obstacle on it (MID-37)."""
    owner = state.mission_owner(mission_id)
    mission = state.players[owner].missions.pop(mission_id)
    state.discard += [mission.id, *mission.face_up]
    log(state, "mi.mission_discarded", mission=mission_id,
        count=len(mission.face_up) + mission.face_down)


def pull_out(state: State) -> None:
    """The agent leaves the attempt under way, with no failure roll: a retreat, allowed only
    once an obstacle has been overcome in this attempt (MID-26)."""
    if state.turn.attempt.overcome < 1:
        raise_(state, "mi.no.retreat_early", "event.type")
    log(state, "mi.pulls_out", player=state.turn.player)
    end_attempt(state)


def end_attempt(state: State) -> None:
    """The attempt is over: equipment kept for it (equipment_discard: after_attempt) goes."""
    attempt = state.turn.attempt
    state.turn.attempt = None
    if attempt is None:
        return
    for agent in state.active.agents.values():
        spent = [a for a in agent.assets if a in attempt.used]
        agent.assets = [a for a in agent.assets if a not in spent]
        state.discard += spent
