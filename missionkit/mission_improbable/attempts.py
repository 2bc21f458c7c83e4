"""Mission attempts (§6): one event per card, obstacles top first, then the mission.

An attempt starts with the first card; it ends when a check fails (the Mission Failure roll
is then owed), when the mission is completed, or when the agent is pulled out after an
overcome obstacle (MID-26).
"""

from __future__ import annotations

from typing import Any

from ..game import IllegalEvent
from . import agents, odds, rulebook, tables
from .events import Attempt, Failure
from .messages import log, row_ref
from .state import AttemptState, Mission, State
from .turn import end_attempt, enter, last_round, own_turn, pull_out, raise_, require_die


def steps_for(state: State, event: Attempt) -> list[odds.Step]:
    """The checks of the event's card with their bonuses; refuses what the table forbids."""
    mission, owner = _mission(state, event)
    agent = _agent(state, event)
    for i, asset in enumerate(event.assets):
        if asset not in agent.assets:
            raise_(state, "mi.no.not_attached", f"event.assets[{i}]", value=asset,
                   agent=agent.id)
    _expected_card(state, mission, event.card)
    done = state.turn.attempt.done if state.turn.attempt else 0
    assets = [*event.assets, *_permanent(state, agent.assets, event.assets)]
    try:
        steps = odds.plan(state.game, event.agent, assets, event.bonus_cards, event.card,
                          event.skill, _partner_bonuses(state, event),
                          equipment=state.options["equipment_discard"], start=done)
    except IllegalEvent as exc:
        raise IllegalEvent(exc.message, f"event.{exc.field}", exc.msg_id, exc.params) from None
    if event.checks is not None:
        if state.turn.team_size < 2 or state.options["joint_attempt"] != "pick_one":
            raise_(state, "mi.no.split_checks", "event.checks")
        if event.checks > len(steps):
            raise_(state, "mi.no.checks_remain", "event.checks", count=len(steps))
        steps = steps[:event.checks]
    for i, card_id in enumerate(event.bonus_cards):
        if not any(card_id in s.used for s in steps):
            raise_(state, "mi.no.adds_nothing", f"event.bonus_cards[{i}]", card=card_id)
    return steps


def preview(state: State, agent_id: str, mission_id: str, bonus_cards: tuple[str, ...] = (),
            skill: str | dict[str, str] | None = None) -> odds.Attempt:
    """The odds preview (§11.7): `agent_id` with every asset attached to it, through the
    face-up obstacles on `mission_id` in stack order, then the mission's checks. Face-down
    obstacles are unknown and left out."""
    seat, owner = state.owner_of(agent_id), state.mission_owner(mission_id)
    if seat is None:
        raise_(state, "mi.no.agent_not_in_play", "agent", value=agent_id)
    if owner is None:
        raise_(state, "mi.no.mission_not_in_play", "card", value=mission_id)
    mission = state.players[owner].missions[mission_id]
    return odds.attempt(state.game, agent_id, state.players[seat].agents[agent_id].assets,
                        bonus_cards, [*mission.face_up, mission_id], skill,
                        equipment=state.options["equipment_discard"])


def attempt(state: State, event: Attempt) -> None:
    enter(state, event, "mission")
    steps = steps_for(state, event)
    mission, owner = _mission(state, event)
    passed = _judge(state, steps, event.dice)
    turn, agent = state.turn, state.active.agents[event.agent]
    if turn.attempt is None:
        turn.mission_phases -= 1
        turn.attempt = AttemptState(event.mission, owner, [])
    if event.agent not in turn.attempt.agents:
        turn.attempt.agents.append(event.agent)
    rolled = steps[:len(event.dice)]
    _use_up(state, agent, [c for s in rolled for c in s.used])
    if not passed:
        _flip(mission, event.card)
        end_attempt(state)
        turn.pending_failure = event.agent
        log(state, "mi.fails", agent=event.agent, card=event.card, table="mission_failure")
    elif event.card == event.mission and turn.attempt.done + len(steps) < len(
            rulebook.checks(state.game.card(event.card))):
        turn.attempt.done += len(steps)
        log(state, "mi.passes", agent=event.agent, count=len(steps), card=event.card)
    elif event.card == event.mission:
        _complete(state, owner, mission)
    else:
        _flip(mission, event.card)
        mission.face_up.pop(0)
        state.discard.append(event.card)
        turn.attempt.overcome += 1
        log(state, "mi.overcomes", agent=event.agent, card=event.card)


def retreat(state: State) -> None:
    """Pull the agent out after an overcome obstacle: no failure roll (MID-26)."""
    if state.turn.attempt is None:
        raise_(state, "mi.no.no_attempt", "event.type")
    pull_out(state)


def failure(state: State, event: Failure) -> None:
    own_turn(state, event)
    agent_id = state.turn.pending_failure
    if agent_id is None:
        raise_(state, "mi.no.no_failure_roll", "event.type")
    shift = tables.modifier(state.game, "mission_failure", event.cards, "event.cards")
    row = tables.lookup(state.game, "mission_failure",
                        require_die(state, event.die, "event.die"), shift)
    turns = None
    if agents.needs_d5(row.effects):
        turns = tables.d5(state.game, require_die(state, event.wound_die, "event.wound_die"))
    state.turn.pending_failure = None
    state.discard += event.cards
    log(state, "mi.failure_table", table="mission_failure",
        row=row_ref(state.game, "mission_failure", row))
    agents.apply_effects(state, event.player, state.active.agents[agent_id], row.effects,
                         turns)


def _mission(state: State, event: Attempt) -> tuple[Mission, int]:
    turn = state.turn
    if turn.attempt is not None:
        if event.mission != turn.attempt.mission:
            raise_(state, "mi.no.finish_attempt", "event.mission")
        return state.players[turn.attempt.owner].missions[event.mission], turn.attempt.owner
    if turn.mission_phases <= 0:
        raise_(state, "mi.no.no_mission_phase", "event.type")
    owner = state.mission_owner(event.mission)
    if owner is None:
        raise_(state, "mi.no.mission_not_in_play", "event.mission", value=event.mission)
    if owner != event.player and not turn.co_opt:
        raise_(state, "mi.no.others_mission", "event.mission")
    return state.players[owner].missions[event.mission], owner


def _agent(state: State, event: Attempt) -> Any:
    agent = state.active.agents.get(event.agent)
    if agent is None:
        raise_(state, "mi.no.not_your_agent", "event.agent", value=event.agent)
    if not agent.usable:
        raise_(state, "mi.no.unusable", "event.agent", agent=agent.id)
    team = state.turn.attempt.agents if state.turn.attempt else []
    if (event.agent not in team and len(team) >= state.turn.team_size) or (
            team and event.agent not in team and state.options["joint_attempt"] == "add_bonuses"):
        raise_(state, "mi.no.cannot_join", "event.agent")
    return agent


def _permanent(state: State, attached: list[str], listed: tuple[str, ...] | list[str] = ()
               ) -> list[str]:
    """The attached assets that count without being listed: experience (MID-13)."""
    return [a for a in attached if a not in listed
            and rulebook.always_counts(state.game, state.game.card(a))]


def _partner_bonuses(state: State, event: Attempt) -> dict[str, int]:
    if not event.partners:
        return {}
    if state.options["joint_attempt"] != "add_bonuses" or len(
            event.partners) >= state.turn.team_size:
        raise_(state, "mi.no.partners_limit", "event.partners", n=state.turn.team_size - 1)
    total: dict[str, int] = {}
    for i, partner in enumerate(event.partners):
        agent = state.active.agents.get(partner)
        if agent is None or not agent.usable or partner == event.agent:
            raise_(state, "mi.no.partner_cannot", f"event.partners[{i}]", value=partner)
        for card_id in (partner, *_permanent(state, agent.assets)):  # and its experience
            for skill, n in rulebook.bonuses(state.game.card(card_id)).items():
                total[skill] = total.get(skill, 0) + n
    return total


def _expected_card(state: State, mission: Mission, card_id: str) -> None:
    if mission.face_up:
        if card_id != mission.face_up[0]:
            raise_(state, "mi.no.top_obstacle", "event.card", card=mission.face_up[0])
    elif mission.face_down:
        found = rulebook.card(state.game, card_id, "event.card")
        if rulebook.kind(found) not in rulebook.OBSTACLE_TYPES:
            raise_(state, "mi.no.face_down_first", "event.card", count=mission.face_down)
        if card_id in state.on_table():
            raise_(state, "mi.no.on_table", "event.card", card=card_id)
    elif card_id != mission.id:
        raise_(state, "mi.no.no_obstacle_left", "event.card")


def _judge(state: State, steps: list[odds.Step], dice: list[tuple[int, int]]) -> bool:
    """True when every check passes; the dice must stop at the first failed check."""
    sides = rulebook.die_sides(state.game)
    for i, step in enumerate(steps):
        if i >= len(dice):
            raise_(state, "mi.no.dice_each", "event.dice", count=len(steps))
        if not all(1 <= face <= sides for face in dice[i]):
            raise_(state, "mi.no.die_sides", f"event.dice[{i}]", sides=sides)
        if not step.passes(*dice[i]):
            if len(dice) > i + 1:
                raise_(state, "mi.no.ended_at", "event.dice", n=i + 1)
            return False
    if len(dice) > len(steps):
        raise_(state, "mi.no.check_count", "event.dice", count=len(steps))
    return True


def _use_up(state: State, agent: Any, used: list[str]) -> None:
    """Cards added to a roll are spent (MID-12): bonus cards and, with equipment_discard
    after_roll, equipment at once; with after_attempt, equipment when the attempt ends."""
    later = state.options["equipment_discard"] == "after_attempt"
    for card_id in dict.fromkeys(used):
        if card_id not in agent.assets:
            state.discard.append(card_id)
        elif later:
            if card_id not in state.turn.attempt.used:
                state.turn.attempt.used.append(card_id)
        else:
            agent.assets.remove(card_id)
            state.discard.append(card_id)


def _flip(mission: Mission, card_id: str) -> None:
    """A face-down obstacle turned up goes on top of the face-up ones."""
    if card_id not in mission.face_up and card_id != mission.id:
        mission.face_down -= 1
        mission.face_up.insert(0, card_id)


def _complete(state: State, owner: int, mission: Mission) -> None:
    player = state.active
    del state.players[owner].missions[mission.id]
    player.completed.append(mission.id)
    found = state.game.card(mission.id)
    player.mp += rulebook.mission_points(found)
    end_attempt(state)
    log(state, "mi.completes", player=state.turn.player,
        mission=f"{mission.id}@{player.alignment}", points=rulebook.mission_points(found),
        total=player.mp)
    target = state.options[rulebook.end_options(state.game)[1]]
    if target is not None and player.mp >= target:
        last_round(state)
