"""The skill-check resolver's choices and odds for the active player (nothing is recorded).

The page shows it on load and again each time a choice changes (a GET fragment): the agent,
the mission, the card to beat next (the top face-up obstacle, the face-down one just turned
up, or the mission), the skill on an 'or' card, the assets and bonus cards added, then Δ and
the pass chance of each check, of the card, and of the mission from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext
from pydantic import ValidationError

from missionkit.game import IllegalEvent
from missionkit.mission_improbable import attempts, odds, rulebook
from missionkit.mission_improbable.events import Attempt
from missionkit.mission_improbable.state import State

from ..i18n import localised
from ..numbers import whole_number

MAX_CHECKS = 6


def _pick(value: Any, allowed: list[str]) -> str | None:
    """`value` if it is one of `allowed`, else the first of them (or None)."""
    return value if value in allowed else (allowed[0] if allowed else None)


def _choices(state: State) -> tuple[list[str], list[str]]:
    """Agents that may go and missions that may be attempted now."""
    turn, me = state.turn, state.active
    if turn.attempt is not None:
        team = list(turn.attempt.agents)
        if len(team) < turn.team_size:
            team += [a.id for a in me.agents.values() if a.usable and a.id not in team]
        return team, [turn.attempt.mission]
    agents = [a.id for a in me.agents.values() if a.usable]
    seats = range(len(state.players)) if turn.co_opt else [turn.player]
    return agents, [m for s in seats for m in state.players[s].missions]


def _card(state: State, mission_id: str, wanted: Any) -> tuple[str | None, list[str]]:
    """The card to beat next on `mission_id`, and the cards that may have been turned up."""
    owner = state.mission_owner(mission_id)
    mission = state.players[owner].missions[mission_id]
    if mission.face_up:
        return mission.face_up[0], []
    if not mission.face_down:
        return mission_id, []
    turned = face_down_candidates(state)
    return (wanted if wanted in turned else None), turned


def face_down_candidates(state: State) -> list[str]:
    """The obstacles and locations a face-down card may be: one not face up on the table
    nor in the discard pile (once the deck is reshuffled the discards are back in it),
    sorted by name in the page's language. Only the content's public card list: the app
    never knows what a hand or a face-down card holds."""
    seen = state.on_table()
    if not any(entry[0] == "mi.deck_reshuffle" for entry in state.log):
        seen |= set(state.discard)
    cards = [c for k in rulebook.OBSTACLE_TYPES for c in state.game.cards_of(k)
             if c.id not in seen]
    return [c.id for c in sorted(cards, key=lambda c: (c.type, localised(c.display_name)))]


def _grouped(game: Any, ids: list[str]) -> list[dict[str, str]]:
    return [{"id": i, "kind": game.card(i).type} for i in ids]


def _bonus_cards(game: Any, skills: set[str]) -> list[str]:
    """Connections and events whose bonus helps one of `skills`."""
    return [c.id for k in ("connection", "event") for c in game.cards_of(k)
            if set(rulebook.bonuses(c)) & skills]


def _listed(args: Mapping[str, Any], key: str, allowed: list[str]) -> list[str]:
    getlist = getattr(args, "getlist", None)
    values = getlist(key) if getlist else args.get(key, [])
    return [v for v in allowed if v in values]


def _dice(args: Mapping[str, Any]) -> list[tuple[str, str]]:
    return [(str(args.get(f"d{i}a", "")), str(args.get(f"d{i}b", "")))
            for i in range(MAX_CHECKS)]


def resolver(state: State, args: Mapping[str, Any]) -> dict[str, Any]:
    """Everything the resolver panel shows for the choices in `args` (query or form)."""
    game = state.game
    agents, missions = _choices(state)
    out: dict[str, Any] = {"agents": agents, "missions": missions, "error": None,
                           "under_way": state.turn.attempt is not None, "checks": [],
                           "dice": _dice(args), "sides": rulebook.die_sides(game)}
    agent, mission = _pick(args.get("agent"), agents), _pick(args.get("mission"), missions)
    out.update(agent=agent, mission=mission)
    if agent is None or mission is None:
        return out
    card, turned = _card(state, mission, args.get("card"))
    owner = state.mission_owner(mission)
    out.update(card=card, turned=_grouped(game, turned), face_up=list(
        state.players[owner].missions[mission].face_up))
    if card is None:
        return out
    checks = rulebook.checks(game.card(card))
    skills = sorted({s for c in checks if len(c) > 1 for s, _ in c})
    attached = list(state.active.agents[agent].assets)
    bonus = _bonus_cards(game, {s for c in checks for s, _ in c})
    chosen = {"skill": args.get("skill") if args.get("skill") in skills else None,
              "assets": _listed(args, "assets", attached) if args.get("picked") else attached,
              "bonus_cards": _listed(args, "bonus_cards", bonus)}
    extra, shown = _team(state, args, agent, card == mission, len(checks))
    names = game.skill_by_id
    out.update(skills=skills, attached=attached, bonus=bonus, n_checks=len(checks), **chosen,
               **shown, options_text=[_either(names, c) for c in checks])
    try:
        event = Attempt.model_validate({"type": "attempt", "player": state.turn.player,
                                        "agent": agent, "mission": mission, "card": card,
                                        **chosen, **extra})
        steps = attempts.steps_for(state, event)
    except (IllegalEvent, ValidationError) as exc:
        out["error"] = exc.message if isinstance(exc, IllegalEvent) else str(exc)
        return out
    sides = out["sides"]
    out["checks"] = [{"skill": s.skill, "delta": s.delta, "bonus": s.bonus,
                      "modifier": s.modifier, "chance": odds.pass_chance(s.delta, sides)}
                     for s in steps]
    out["n_checks"] = len(steps)
    out["chance"] = _product(c["chance"] for c in out["checks"])
    out["whole"] = _whole(state, out)
    return out


def _team(state: State, args: Mapping[str, Any], agent: str, on_mission: bool, n: int
          ) -> tuple[dict[str, Any], dict[str, Any]]:
    """Partners/Team (MID-28): the partners whose skills add up (add_bonuses), or how many of
    the mission's remaining checks this agent makes (pick_one). (event fields, panel values)"""
    size, mode = state.turn.team_size, state.options["joint_attempt"]
    if size < 2:
        return {}, {}
    if mode == "add_bonuses":
        others = [a.id for a in state.active.agents.values() if a.usable and a.id != agent]
        picked = _listed(args, "partners", others)[:size - 1]
        return ({"partners": picked} if picked else {}), {
            "partner_choices": others, "partners": picked, "team": size}
    if not on_mission:
        return {}, {}
    attempt = state.turn.attempt
    left = n - (attempt.done if attempt is not None else 0)
    made = whole_number(args.get("checks"))
    made = made if made is not None and 1 <= made < left else None
    return ({"checks": made} if made else {}), {"split": left, "checks_made": made}


def _either(names: Mapping[str, Any], check: list[Any]) -> str:
    """A check's options as the page says them: 'Combat 3 or Disguise 2' (translated)."""
    return (" " + gettext("or") + " ").join(f"{localised(names[s].name)} {m}" for s, m in check)


def _product(chances: Any) -> float:
    total = 1.0
    for c in chances:
        total *= c
    return total


def _whole(state: State, r: dict[str, Any]) -> float | None:
    """The chance to clear the mission from here: this card, the face-up obstacles under it,
    then the mission's checks (face-down obstacles are unknown, so left out)."""
    stack = [c for c in r["face_up"] if c != r["card"]]
    cards = [r["card"], *stack] + ([r["mission"]] if r["card"] != r["mission"] else [])
    if len(cards) == 1:
        return None  # the card is the mission: its own chance says it all
    try:
        found = odds.attempt(state.game, r["agent"], r["assets"], r["bonus_cards"], cards,
                             {r["card"]: r["skill"]} if r["skill"] else None,
                             equipment=state.options["equipment_discard"])
    except IllegalEvent:
        return None
    return found.chance
