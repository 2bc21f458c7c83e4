"""Mission Improbable's HTML forms read into setups and events (validation happens after)."""

from __future__ import annotations

from typing import Any

from werkzeug.datastructures import MultiDict

from missionkit.game import IllegalEvent
from missionkit.mission_improbable import attempts, engine
from missionkit.mission_improbable.model import MissionImprobable

from ..numbers import form_fields, number_or_text
from .resolver import MAX_CHECKS

INT_FIELDS = ("player", "count", "die", "nemesis_die", "wound_die", "target", "checks")
TEXT_FIELDS = ("type", "phase", "agent", "asset", "equipment", "to_agent", "card", "mission",
               "skill")
LISTS = ("assets", "bonus_cards", "cards", "partners")
ROLLED = ("spy", "failure", "capture", "attempt", "play_event")  # events that take `roll`


def _dice(form: MultiDict) -> list[list[int | str]]:
    """Pairs [agent's die, nemesis's die] d0a/d0b, d1a/d1b, ... up to the first empty pair."""
    pairs = []
    for i in range(MAX_CHECKS):
        a, b = form.get(f"d{i}a", "").strip(), form.get(f"d{i}b", "").strip()
        if not a and not b:
            break
        pairs.append([number_or_text(a), number_or_text(b)])
    return pairs


def form_event(form: MultiDict) -> dict[str, Any]:
    """An event from the table's forms; empty fields are left out."""
    event = form_fields(form, INT_FIELDS, TEXT_FIELDS)
    for key in LISTS:
        values = [v.strip() for v in form.getlist(key) if v.strip()]
        if values:
            event[key] = values
    if form.get("roll") and event.get("type") in ROLLED:
        event["roll"] = True
        for key in ("die", "nemesis_die", "wound_die"):
            event.pop(key, None)  # the app rolls every die the event needs
    elif event.get("type") == "attempt":
        event["dice"] = _dice(form)
    return event


def _nemesis(i: int, seats: list[int], form: MultiDict) -> int:
    """The nemesis chosen for form seat `i` as an index among the filled seats; 'auto' takes
    the next filled seat of the opposite alignment (or points at itself: refused)."""
    chosen = form.get(f"nemesis{i}", "auto").strip()
    if chosen != "auto":
        seat = number_or_text(chosen)
        return seats.index(seat) if seat in seats else len(seats)
    side = form.get(f"alignment{i}", "")
    start = seats.index(i)
    for step in range(1, len(seats)):
        other = seats[(start + step) % len(seats)]
        if form.get(f"alignment{other}", "") != side:
            return (start + step) % len(seats)
    return start


def setup_from_form(form: MultiDict, content: MissionImprobable) -> dict[str, Any]:
    """Seats with a name: organisation, alignment, nemesis; the MP target (blank = off)."""
    high = content.game.players.max
    seats = [i for i in range(high) if form.get(f"name{i}", "").strip()]
    players = [{"name": form.get(f"name{i}", "").strip(),
                "alignment": form.get(f"alignment{i}", ""),
                "nemesis": _nemesis(i, seats, form)} for i in seats]
    target = form.get("mp_target", "").strip()
    options: dict[str, Any] = {"mp_target": number_or_text(target) if target else None}
    if form.get("deck_end_off"):
        options["deck_end"] = False
    return {"players": players, "options": options}


def dice_until_failed(state: Any, event: dict[str, Any]) -> dict[str, Any]:
    """An attempt's dice cut after the first failed check (a form offers a pair for every
    check, and a table rolls them all at once); anything the rules refuse is left as it is,
    for the engine to name."""
    dice = event.get("dice")
    if not isinstance(dice, list) or len(dice) < 2:
        return event
    try:
        steps = attempts.steps_for(state, engine.parse_event(event))
        for i, (step, pair) in enumerate(zip(steps, dice, strict=False)):
            if not step.passes(*pair):
                return {**event, "dice": dice[:i + 1]}
    except (IllegalEvent, TypeError, ValueError):
        pass
    return event
