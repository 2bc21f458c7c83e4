"""What happens to an agent: killed, captured, wounded, freed, stripped of equipment.

Shared by the Mission Failure and Capture tables and by event cards. Every discarded card
goes to the one face-up discard pile (MID-07); a killed agent is remembered for Fake Death.
"""

from __future__ import annotations

from typing import Any

from . import rulebook
from .messages import log
from .state import Agent, State

TIMERS = ("wounded", "security_risk")  # an agent's timers, in its owner's turns (MID-22)


def agent_name(state: State, agent_id: str) -> str:
    return rulebook.name(state.game.card(agent_id))


def kill(state: State, seat: int, agent_id: str) -> None:
    """The agent and all its assets are discarded."""
    agent = state.players[seat].agents.pop(agent_id)
    state.discard += [agent.id, *agent.assets]
    state.players[seat].killed.append(agent.id)
    state.players[seat].lost += 1
    log(state, "mi.killed", agent=agent_id)


def remove(state: State, seat: int, agent_id: str) -> None:
    """The agent leaves the table (shuffled into the deck); its assets are discarded (MID-34)."""
    agent = state.players[seat].agents.pop(agent_id)
    state.discard += agent.assets
    log(state, "mi.removed", agent=agent_id)


def discard_equipment(state: State, agent: Agent) -> None:
    """Every equipment card on the agent is discarded; experience stays."""
    kept = [a for a in agent.assets if _kind(state, a) != "equipment"]
    lost = [a for a in agent.assets if a not in kept]
    if lost:
        agent.assets = kept
        state.discard += lost
        log(state, "mi.loses", agent=agent.id, lost=lost)


def capture(state: State, agent: Agent, by: int) -> None:
    """Captured: held by player `by`; its equipment is discarded (MID-23)."""
    agent.captured_by = by
    discard_equipment(state, agent)
    log(state, "mi.captured", agent=agent.id, player=by)


def wound(state: State, seat: int, agent: Agent, turns: int) -> None:
    set_timer(state, seat, agent, "wounded", turns)
    log(state, "mi.wounded", agent=agent.id, turns=turns)


def set_timer(state: State, seat: int, agent: Agent, timer: str, turns: int) -> None:
    """Player `seat`'s agent sits out its owner's next `turns` turns (MID-22): a timer dealt
    in the owner's own turn is not counted down when that turn ends (the turn is not one of
    the `turns`); a longer timer already running keeps its own count."""
    running = getattr(agent, timer)
    if seat == state.turn.player and (agent.id, timer) not in state.turn.timers_set:
        running = max(0, running - 1)  # what it would have been once this turn is over
        state.turn.timers_set.append((agent.id, timer))
    setattr(agent, timer, max(running, turns))


def free(state: State, agent: Agent) -> None:
    agent.captured_by = None
    log(state, "mi.escapes", agent=agent.id)


def count_down(state: State, seat: int) -> None:
    """End of the owner's turn: wound and Security Risk timers drop by one, except those
    dealt during this turn (MID-22)."""
    for agent in state.players[seat].agents.values():
        was = agent.usable
        for timer in TIMERS:
            if (agent.id, timer) not in state.turn.timers_set:
                setattr(agent, timer, max(0, getattr(agent, timer) - 1))
        if agent.usable and not was:
            log(state, "mi.ready", agent=agent.id)


def apply_effects(state: State, seat: int, agent: Agent, effects: list[Any],
                  d5: int | None) -> None:
    """Apply a table row's (or a card's) effects on an agent to one agent of player `seat`;
    `d5` is the 1D5 rolled for an effect lasting 'd5' turns. Looks are only logged."""
    for effect in effects:
        kind = effect.kind
        if kind == "killed":
            kill(state, seat, agent.id)
            return
        if kind == "captured":
            capture(state, agent, state.players[seat].nemesis)
        elif kind == "wounded":
            wound(state, seat, agent, _turns(effect, d5))
        elif kind == "security_risk":
            set_timer(state, seat, agent, "security_risk", _turns(effect, d5))
            log(state, "mi.security_risk", agent=agent.id, turns=agent.security_risk)
        elif kind == "discard_equipment":
            discard_equipment(state, agent)
        elif kind == "escape":
            free(state, agent)


def needs_d5(effects: list[Any]) -> bool:
    """Some effect lasts 1D5 turns: the event must carry that die."""
    return any(getattr(e, "turns", None) == "d5" for e in effects)


def _turns(effect: Any, d5: int | None) -> int:
    return d5 if effect.turns == "d5" else effect.turns


def _kind(state: State, card_id: str) -> str:
    return rulebook.kind(state.game.card(card_id))
