"""The rules engine: apply one validated event to a state, or refuse it and change nothing.

State is a fold over the event log (`replay`); undo is a replay without the last event.
Pure Python: no web, no database. The deck and the hands are physical and not tracked.
Each event belongs to a phase of the active player's turn (§5); an event of a later phase
moves the turn tracker forward, one of an earlier phase is refused.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from pydantic import ValidationError

from ..content.errors import field_path
from ..game import Handlers, IllegalEvent
from . import agents, attempts, cards, rulebook, tables
from .events import (
    EVENT,
    Attach,
    Attempt,
    Capture,
    Counter,
    DeckEmpty,
    EndTurn,
    Failure,
    Phase,
    PlayEvent,
    PlayMission,
    Recruit,
    Retreat,
    Spy,
    Trade,
)
from .messages import log, row_ref
from .score import ranking
from .state import Mission, State, fresh_turn, new_state
from .turn import (
    discard_mission,
    enter,
    last_round,
    own_turn,
    pull_out,
    raise_,
    require_die,
)

ROLLED = {"spy": ("die", "nemesis_die", "count_die"), "failure": ("die", "wound_die"),
          "capture": ("die",), "play_event": ("die",)}  # the dice each event may need


def parse_event(raw: Any) -> Any:
    """Validate an event's shape; IllegalEvent names the first bad field."""
    try:
        return EVENT.validate_python(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        if err["type"] in ("union_tag_invalid", "union_tag_not_found"):
            raise IllegalEvent(err["msg"], "event.type") from None
        loc = err["loc"][1:]  # a tagged union puts the event's type first: drop it
        raise IllegalEvent(err["msg"], field_path(("event", *loc))) from None


def replay(setup: Any, events: Iterable[Any], game: Any) -> State:
    """The state after `events` (raw dicts or parsed), starting from `setup`."""
    state = new_state(setup, game)
    for raw in events:
        apply(state, raw if not isinstance(raw, dict) else parse_event(raw))
    return state


def try_apply(state: State, raw: dict) -> State:
    """Apply a raw event to a copy of `state`; the original is untouched on refusal."""
    event = parse_event(raw)
    trial = state.clone()
    apply(trial, event)
    return trial


def resolve_rolls(state: State, raw: dict, rng: random.Random) -> dict:
    """Turn `roll: true` into die faces, so the stored event is exact. An attempt gets one
    pair of faces per check up to the first failure; other events get every die they could
    need (an unused one is ignored)."""
    if not raw.get("roll"):
        return raw
    sides = rulebook.die_sides(state.game)
    out = {k: v for k, v in raw.items() if k != "roll"}
    if raw.get("type") == "spy" and state.turn.pending_discard is not None:
        return out  # the roll is made and kept: this event only names the mission
    if raw.get("type") == "attempt":
        steps = attempts.steps_for(state, parse_event(raw))
        out["dice"] = []
        for step in steps:
            pair = [rng.randint(1, sides), rng.randint(1, sides)]
            out["dice"].append(pair)
            if not step.passes(*pair):
                break
        return out
    for key in ROLLED.get(raw.get("type"), ()):
        if out.get(key) is None:
            out[key] = rng.randint(1, sides)
    return out


HANDLERS = Handlers()
handles = HANDLERS.on


def apply(state: State, event: Any) -> None:
    """Apply a parsed event in place; raise IllegalEvent (state unspecified) if refused."""
    if state.status == "finished":
        raise_(state, "mi.no.game_over")
    if not 0 <= event.player < len(state.players):
        raise_(state, "mi.no.no_player", "event.player", number=event.player)
    pending = state.turn.pending_failure
    if pending is not None and not isinstance(event, Failure | DeckEmpty):
        raise_(state, "mi.no.failure_first", "event.type", table="mission_failure",
               agent=pending)
    if state.turn.pending_discard is not None and not isinstance(event, Spy | DeckEmpty):
        raise_(state, "mi.no.discard_first", "event.type", table="spy")
    HANDLERS[type(event)](state, event)


@handles(Phase)
def _phase(state: State, event: Phase) -> None:
    if event.phase not in rulebook.phases(state.game):
        raise_(state, "mi.no.unknown_phase", "event.phase", value=event.phase)
    enter(state, event, event.phase)
    log(state, "mi.phase", player=state.turn.player, phase=event.phase)


@handles(Recruit)
def _recruit(state: State, event: Recruit) -> None:
    """In the Recruit phase; or at once after Sleeper, in the phase it was played in (MID-36:
    the Recruit phase is over by then, and the tracker does not move back)."""
    late = state.turn.late_recruits > 0 and state.turn.phase > rulebook.phases(
        state.game).index("recruit")
    if late:
        own_turn(state, event)
    else:
        enter(state, event, "recruit")
        if state.turn.recruits <= 0:
            raise_(state, "mi.no.recruit_limit", card="sleeper")
    _new_card(state, event.agent, ("agent",), "event.agent")
    state.active.agents[event.agent] = agents.Agent(event.agent)
    if late:
        state.turn.late_recruits -= 1
    else:
        state.turn.recruits -= 1
    log(state, "mi.recruits", player=state.turn.player, agent=event.agent)


@handles(Attach)
def _attach(state: State, event: Attach) -> None:
    enter(state, event, "assignment")
    if state.turn.assets <= 0:
        raise_(state, "mi.no.attach_limit")
    agent = _own_free_agent(state, event.agent, "event.agent")
    _new_card(state, event.asset, rulebook.ASSET_TYPES, "event.asset")
    agent.assets.append(event.asset)
    state.turn.assets -= 1
    log(state, "mi.attaches", player=state.turn.player, asset=event.asset, agent=agent.id)


@handles(Trade)
def _trade(state: State, event: Trade) -> None:
    enter(state, event, "assignment")
    holder = next((a for a in state.active.agents.values() if event.equipment in a.assets),
                  None)
    if holder is None or rulebook.kind(state.game.card(event.equipment)) != "equipment":
        raise_(state, "mi.no.no_carrier", "event.equipment", value=event.equipment)
    if holder.captured_by is not None:
        raise_(state, "mi.no.captured_trades", "event.equipment")
    target = _own_free_agent(state, event.to_agent, "event.to_agent")
    if target is holder:
        raise_(state, "mi.no.already_there", "event.to_agent")
    holder.assets.remove(event.equipment)
    target.assets.append(event.equipment)
    log(state, "mi.equipment_to", asset=event.equipment, agent=target.id)


@handles(PlayEvent)
def _play_event(state: State, event: PlayEvent) -> None:
    cards.play(state, event)


@handles(Spy)
def _spy(state: State, event: Spy) -> None:
    enter(state, event, "spy")
    kept = state.turn.pending_discard
    if kept is not None:  # the roll was made: name the mission it discards
        roller, whose = kept
        if event.mission is None:
            raise_(state, "mi.no.discard_any" if whose == "any" else "mi.no.discard_opponent",
                   "event.mission")
        state.turn.pending_discard = None
        _spy_discard(state, event, roller, whose)
        return
    if state.turn.spy_rolls <= 0:
        raise_(state, "mi.no.spy_roll", "event.type")
    row = tables.lookup(state.game, "spy", require_die(state, event.die, "event.die"))
    roller = state.turn.player
    again = _effect(row, "nemesis_rolls")
    if again is not None:
        roller = state.active.nemesis
        row = tables.lookup(state.game, "spy",
                            require_die(state, event.nemesis_die, "event.nemesis_die"))
        if _effect(row, "nemesis_rolls") is not None:  # MID-21: a repeat counts as nothing
            row = tables.nothing(state.game, "spy", row.roll)
    state.turn.spy_rolls -= 1
    log(state, "mi.spy_table", table="spy", player=roller, row=row_ref(state.game, "spy", row))
    discard = _effect(row, "discard_mission")
    if discard is not None:
        _spy_discard(state, event, roller, discard.whose)


def _spy_discard(state: State, event: Spy, roller: int, whose: str) -> None:
    allowed = [m for i, p in enumerate(state.players) if whose == "any" or i != roller
               for m in p.missions]
    if not allowed:
        return
    if event.mission is None:  # one to choose from: it goes; more: the roll is kept (never
        if len(allowed) == 1:  # rolled again) until the mission is named
            discard_mission(state, allowed[0])
        else:
            state.turn.pending_discard = (roller, whose)
        return
    if event.mission not in allowed:
        raise_(state, "mi.no.discard_any" if whose == "any" else "mi.no.discard_opponent",
               "event.mission")
    discard_mission(state, event.mission)


@handles(Attempt)
def _attempt(state: State, event: Attempt) -> None:
    attempts.attempt(state, event)


@handles(Retreat)
def _retreat(state: State, event: Retreat) -> None:
    own_turn(state, event)
    attempts.retreat(state)


@handles(Failure)
def _failure(state: State, event: Failure) -> None:
    attempts.failure(state, event)


@handles(PlayMission)
def _play_mission(state: State, event: PlayMission) -> None:
    enter(state, event, "objectives")
    if state.turn.missions <= 0:
        raise_(state, "mi.no.mission_limit")
    _new_card(state, event.mission, ("mission",), "event.mission")
    state.active.missions[event.mission] = Mission(event.mission)
    state.turn.missions -= 1
    side = state.active.alignment
    log(state, "mi.into_play", player=state.turn.player, mission=f"{event.mission}@{side}")


@handles(Counter)
def _counter(state: State, event: Counter) -> None:
    enter(state, event, "counter")
    owner = state.mission_owner(event.mission)
    if owner is None or owner == event.player:
        raise_(state, "mi.no.obstacles_where", "event.mission")
    state.players[owner].missions[event.mission].face_down += event.count
    log(state, "mi.obstacles", player=state.turn.player, count=event.count, owner=owner,
        mission=event.mission)


@handles(Capture)
def _capture(state: State, event: Capture) -> None:
    enter(state, event, "capture")
    agent = state.active.agents.get(event.agent)
    if agent is None or agent.captured_by is None:
        raise_(state, "mi.no.own_captured", "event.agent")
    if event.agent in state.turn.captures_rolled:
        raise_(state, "mi.no.capture_once", "event.agent")
    shift = tables.modifier(state.game, "capture", event.cards, "event.cards")
    row = tables.lookup(state.game, "capture", require_die(state, event.die, "event.die"),
                        shift)
    state.turn.captures_rolled.append(event.agent)
    state.discard += event.cards
    log(state, "mi.capture_table", table="capture", agent=agent.id,
        row=row_ref(state.game, "capture", row))
    agents.apply_effects(state, event.player, agent, row.effects, None)


@handles(DeckEmpty)
def _deck_empty(state: State, event: DeckEmpty) -> None:
    if state.deck_empty:
        raise_(state, "mi.no.deck_already_empty", "event.type")
    if state.options[rulebook.end_options(state.game)[0]]:
        state.deck_empty = True
        log(state, "mi.deck_empty")
        last_round(state)
    else:  # MID-06: the game goes on with a new deck
        log(state, "mi.deck_reshuffle")


@handles(EndTurn)
def _end_turn(state: State, event: EndTurn) -> None:
    own_turn(state, event)
    if state.turn.attempt is not None:  # the turn ends: the agent is pulled out (MID-26)
        pull_out(state)
    waiting = state.captures_owed()
    if waiting:
        raise_(state, "mi.no.capture_first", "event.type", table="capture", agent=waiting[0])
    log(state, "mi.end_turn", player=state.turn.player)
    agents.count_down(state, event.player)
    place = state.order.index(event.player) + 1
    if place == len(state.order):
        if state.status == "final_round":
            state.status = "finished"
            state.result = ranking(state.players, rulebook.tie_break(state.game))
            log(state, "mi.game_over")
            return
        state.round += 1
    seat = state.order[place % len(state.order)]
    state.turn = fresh_turn(state.game, seat)


def _new_card(state: State, card_id: str, kinds: tuple[str, ...], field: str) -> None:
    found = rulebook.card(state.game, card_id, field)
    if rulebook.kind(found) not in kinds:
        raise_(state, "mi.no.not_kind", field, value=card_id, kinds=kinds)
    if card_id in state.on_table():
        raise_(state, "mi.no.on_table", field, card=card_id)


def _own_free_agent(state: State, agent_id: str, field: str) -> agents.Agent:
    agent = state.active.agents.get(agent_id)
    if agent is None:
        raise_(state, "mi.no.not_your_agent", field, value=agent_id)
    if agent.captured_by is not None:
        raise_(state, "mi.no.is_captured", field, agent=agent_id)
    return agent


def _name(state: State, card_id: str) -> str:
    return rulebook.name(state.game.card(card_id))


def _effect(row: tables.Row, kind: str) -> Any:
    return next((e for e in row.effects if e.kind == kind), None)


__all__ = ["IllegalEvent", "apply", "parse_event", "replay", "resolve_rolls", "try_apply"]
