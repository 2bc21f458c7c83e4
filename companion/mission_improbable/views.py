"""Mission Improbable's state as the API and the pages show it (deck and hands stay physical,
face-down obstacles are only a count)."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from missionkit.game import IllegalEvent
from missionkit.messages import as_json
from missionkit.mission_improbable import cards, rulebook, tables
from missionkit.mission_improbable.guide import fill
from missionkit.mission_improbable.messages import english
from missionkit.mission_improbable.state import State

from ..i18n import localised
from ..plugin import Loaded
from .resolver import resolver

LOG_TAIL = 20


def _agent(a: Any) -> dict[str, Any]:
    return {"id": a.id, "assets": list(a.assets), "wounded": a.wounded,
            "security_risk": a.security_risk, "captured_by": a.captured_by,
            "usable": a.usable}


def public_state(loaded: Loaded) -> dict[str, Any]:
    """The table as every phone may see it: whose turn and phase, agents, missions, MP."""
    s: State = loaded.state
    t = s.turn
    attempt = None if t.attempt is None else {
        "mission": t.attempt.mission, "owner": t.attempt.owner, "agents": list(t.attempt.agents),
        "overcome": t.attempt.overcome, "checks_done": t.attempt.done}
    return {
        "id": loaded.id, "version": loaded.version, "game": loaded.game, "status": s.status,
        "round": s.round, "order": list(s.order), "deck_empty": s.deck_empty,
        "options": dict(s.options),
        "turn": {"player": t.player, "phase": s.phase, "phase_number": t.phase + 1,
                 "spy_allowed": s.spy_allowed, "intercept_played": t.intercept_played,
                 "recruits_left": t.recruits, "late_recruits_left": t.late_recruits,
                 "assets_left": t.assets,
                 "missions_left": t.missions, "mission_phases_left": t.mission_phases,
                 "attempt": attempt, "pending_failure": t.pending_failure,
                 "pending_discard": None if t.pending_discard is None else list(
                     t.pending_discard),
                 "captures_owed": s.captures_owed() if s.status != "finished" else []},
        "players": [{"name": p.name, "alignment": p.alignment, "nemesis": p.nemesis,
                     "mp": p.mp, "completed": list(p.completed),
                     "agents": [_agent(a) for a in p.agents.values()],
                     "missions": [{"id": m.id, "face_up": list(m.face_up),
                                   "face_down": m.face_down} for m in p.missions.values()],
                     "killed": list(p.killed)} for p in s.players],
        "discard": len(s.discard),
        "result": s.result,
        # the latest lines in English, and as data (the pages word them in their language)
        "log": [english(s, m) for m in s.log[-LOG_TAIL:]],
        "log_messages": [as_json(m) for m in s.log[-LOG_TAIL:]],
        "log_length": len(s.log),
    }


def phases(game: Any) -> list[dict[str, str]]:
    """The 9 phases with their one-line reminders in the page's language, numbers filled in
    from game.yaml."""
    return [{"id": p.id, "name": localised(p.name),
             "reminder": fill(localised(p.reminder), game.game)} for p in game.guide.phases]


def card_name(game: Any, card_id: str, side: str | None = None) -> str:
    """A card's name in the page's language (the good or bad half of a mission for `side`)."""
    return localised(rulebook.label(game.card(card_id), side))


def skill_names(game: Any) -> dict[str, str]:
    """Each skill id's name in the page's language."""
    return {s.id: localised(s.name) for s in game.skills}


def _free(state: State, *kinds: str) -> list[Any]:
    """Cards of `kinds` not face up on the table (in hand, deck or discard: physical)."""
    used = state.on_table()
    return [c for k in kinds for c in state.game.cards_of(k) if c.id not in used]


def _modifier_cards(game: Any, table: str) -> list[Any]:
    return [c for c in game.events if rulebook.table_modifier(c, table) is not None]


def _playable_events(game: Any) -> list[Any]:
    """Event cards played on their own (not as a bonus or a modifier on a roll)."""
    return [c for c in game.events if c.when not in cards.WITH_A_ROLL
            and c.target not in cards.WITH_A_ROLL]


def _tie_text(game: Any) -> str:
    """The guide's last word on the end of the game: who wins, and the tie-break (MID-02)."""
    end = next((s for s in game.guide.sections if s.id == "end"), None)
    return fill(localised(end.points[-1]), game.game) if end and end.points else ""


def page_context(state: State, role: str, last: dict[str, Any] | None = None
                 ) -> dict[str, Any]:
    """What the table page needs besides the public state (`last`: the change just
    recorded, whose dice the page shows)."""
    game, seat = state.game, state.turn.player
    me = state.players[seat]
    steps = phases(game)
    context: dict[str, Any] = {
        "game": game, "phases": steps, "seat": seat, "card": game.card,
        "phase_name": {p["id"]: p["name"] for p in steps},
        "skill_name": skill_names(game),
        "name": lambda card_id, side=None: card_name(game, card_id, side),
        "mp_of": lambda card_id: game.card(card_id).mp,
        "tie_text": _tie_text(game),
        "mp_target": state.options[rulebook.end_options(game)[1]],
        "last_roll": rolled_line(state, last),
    }
    if role != "edit" or state.status == "finished":
        return context
    others = [i for i in range(len(state.players)) if i != seat]
    context.update({
        "free_agents": _free(state, "agent"),
        "free_assets": _free(state, *rulebook.ASSET_TYPES),
        "free_missions": _free(state, "mission"),
        "my_agents": [a for a in me.agents.values() if a.captured_by is None],
        "carried": [(a.id, x) for a in me.agents.values() if a.captured_by is None
                    for x in a.assets if game.card(x).type == "equipment"],
        "opponent_missions": [(i, m) for i in others for m in state.players[i].missions],
        "events": _playable_events(game),
        "failure_cards": _modifier_cards(game, "mission_failure"),
        "capture_cards": _modifier_cards(game, "capture"),
        "all_agents": [(i, a) for i, p in enumerate(state.players) for a in p.agents],
        "resolver": resolver(state, {}),
    })
    context["step"], context["next_step"] = turn_step(state, context)
    return context


def _row(game: Any, table: str, face: Any, shift: int = 0) -> Any:
    try:
        return tables.lookup(game, table, face, shift)
    except (IllegalEvent, TypeError):
        return None


def rolled_line(state: State, event: dict[str, Any] | None) -> str:
    """The dice of the change just recorded, with what they gave ("Spy Table: rolled 7 →
    Look at the next 1D5 cards…; 1D5: 3 (die 6)"), so a roll the app makes is never shown
    as a bare result; empty when the change rolled nothing."""
    if not isinstance(event, dict):
        return ""
    game, kind, die = state.game, event.get("type"), event.get("die")
    if kind == "attempt" and event.get("dice"):
        pairs = "; ".join(_("check %(n)s: %(mine)s against %(theirs)s", n=i + 1, mine=a,
                            theirs=b) for i, (a, b) in enumerate(event["dice"]))
        return _("%(card)s, your D10 against the nemesis’s: %(dice)s",
                 card=card_name(game, event.get("card", ""), state.active.alignment),
                 dice=pairs)
    if kind in ("spy", "failure", "capture") and die is not None:
        table = {"spy": "spy", "failure": "mission_failure", "capture": "capture"}[kind]
        shift = 0
        if event.get("cards"):
            try:
                shift = tables.modifier(game, table, event["cards"])
            except IllegalEvent:
                shift = 0
        row = _row(game, table, die, shift)
        parts = [_("rolled %(n)s", n=die)]
        if shift and row is not None:
            parts[0] += f" {shift:+d} → {row.roll}"
        if kind == "spy" and row is not None and any(e.kind == "nemesis_rolls"
                                                     for e in row.effects):
            parts.append(_("the nemesis rolled %(n)s", n=event.get("nemesis_die")))
            row = _row(game, table, event.get("nemesis_die"))
        text = "; ".join(parts)
        if row is not None:
            text += " → " + localised(row.result)
            counted = [e for e in row.effects if getattr(e, "count", None) == "d5"
                       or getattr(e, "turns", None) == "d5"]
            extra = event.get("count_die") if kind == "spy" else event.get("wound_die")
            if counted and extra is not None:
                label = (_("1D5: %(n)s (die %(face)s)") if kind == "spy"
                         else _("wound die %(face)s (1D5: %(n)s)"))
                text += " " + label % {"n": tables.d5(game, extra), "face": extra}
        return localised(game.tables[table].name) + ": " + text
    if kind == "play_event" and die is not None:
        return _("%(card)s: 1D5: %(n)s (die %(face)s)", card=card_name(game, event["card"]),
                 n=tables.d5(game, die), face=die)
    return ""


REMINDER_ONLY = ("support",)  # a phase the app records nothing in: shown while it is current


def turn_step(state: State, context: dict[str, Any]) -> tuple[str | None, str | None]:
    """(the phase whose controls the active phone shows now, the phase "Next" goes to).

    One phase at a time, so no form of a later phase skips one with something left to do:
    from the current phase on, the first with something the app records (Support while it
    is current, to draw), and then the next such phase. A phase with nothing to do any more
    (the Spy roll taken, no captured agent) is passed over; its name stays in the tracker."""
    turn, ids = state.turn, rulebook.phases(state.game)
    if turn.pending_failure is not None or turn.pending_discard is not None:
        return ("mission" if turn.pending_failure is not None else "spy"), None
    if turn.attempt is not None:
        return "mission", None

    def work(phase: str) -> bool:
        if phase == "recruit":
            return turn.recruits > 0
        if phase == "assignment":
            agents = context["my_agents"]
            return bool(agents) and (turn.assets > 0 or (bool(context["carried"])
                                                         and len(agents) > 1))
        if phase == "intercept":  # an Intercept card costs the roll: a choice to make;
            return state.spy_allowed or turn.late_recruits > 0  # Sleeper's agent waits here
        if phase == "spy":
            return state.spy_allowed
        if phase == "mission":
            found = context["resolver"]
            return turn.mission_phases > 0 and bool(found["agents"] and found["missions"])
        if phase == "objectives":
            return turn.missions > 0
        if phase == "counter":
            return bool(context["opponent_missions"])
        if phase == "capture":
            return bool(state.captures_owed())
        return False

    now = turn.phase
    shown = next((p for i, p in enumerate(ids[now:], now)
                  if work(p) or (i == now and p in REMINDER_ONLY)), None)
    if shown is None:
        return None, None
    after = ids.index(shown) + 1
    return shown, next((p for p in ids[after:] if work(p)), None)
