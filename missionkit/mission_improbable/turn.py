"""Turn bookkeeping shared by the engine's parts: whose turn, which phase, refusals."""

from __future__ import annotations

from typing import Any, NoReturn

from ..game import IllegalEvent
from . import rulebook
from .state import State


def raise_(message: str, field: str = "event") -> NoReturn:
    raise IllegalEvent(message, field)


def own_turn(state: State, event: Any) -> None:
    if event.player != state.turn.player:
        raise_(f"it is {state.active.name}'s turn, not {state.players[event.player].name}'s",
               "event.player")


def enter(state: State, event: Any, phase: str) -> None:
    """The active player acts in `phase`: the tracker moves there, never back. Leaving the
    Mission phase with an attempt under way pulls the agent out (a retreat)."""
    own_turn(state, event)
    ids = rulebook.phases(state.game)
    index = ids.index(phase)
    if index < state.turn.phase:
        raise_(f"the {phase} phase is over (now: {ids[state.turn.phase]})", "event.type")
    if state.turn.attempt is not None and index > ids.index("mission"):
        state.log.append(f"{state.active.name} pulls the agent out.")
        end_attempt(state)
    state.turn.phase = index


def require_die(state: State, face: int | None, field: str) -> int:
    """A die face the event must carry, within the die's sides."""
    sides = rulebook.die_sides(state.game)
    if face is None:
        raise_("enter the die (or ask the app to roll)", field)
    if not 1 <= face <= sides:
        raise_(f"a die shows 1 to {sides}, not {face}", field)
    return face


def last_round(state: State) -> None:
    """The end is triggered: the round being played is the last (MID-01)."""
    if state.status == "playing":
        state.status = "final_round"
        state.log.append("This round is the last.")


def discard_mission(state: State, mission_id: str) -> None:
    """A mission in play goes to the discard pile with every obstacle on it (MID-37)."""
    owner = state.mission_owner(mission_id)
    mission = state.players[owner].missions.pop(mission_id)
    state.discard += [mission.id, *mission.face_up]
    state.log.append(f"{rulebook.name(state.game.card(mission_id))} is discarded with "
                     f"{len(mission.face_up) + mission.face_down} obstacles.")


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
