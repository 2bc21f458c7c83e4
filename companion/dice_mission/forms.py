"""Dice Mission's HTML forms read into setups and events (validation happens after)."""

from __future__ import annotations

from typing import Any

from werkzeug.datastructures import MultiDict

from missionkit.dice_mission.model import DiceMission

INT_FIELDS = ("player", "rolls", "count", "target", "die", "face", "other", "other_die")
TEXT_FIELDS = ("type", "card", "refill", "discard", "card_type", "keep")
FLAGS = ("joker", "roll", "discarded_new")
MAX_FACES = 12


def _number(value: str) -> int | str:
    """A whole number typed in ASCII digits, else the text (left for validation to refuse)."""
    return int(value) if value.isascii() and value.isdigit() and len(value) < 6 else value


def form_event(form: MultiDict) -> dict[str, Any]:
    """An event from the table's forms: faces tapped as face0..face11, dice ticked as dice."""
    event: dict[str, Any] = {}
    for key in INT_FIELDS:
        value = form.get(key, "").strip()
        if value:
            event[key] = _number(value)
    for key in TEXT_FIELDS:
        value = form.get(key, "").strip()
        if value:
            event[key] = value
    for key in FLAGS:
        if form.get(key):
            event[key] = True
    faces = [form.get(f"face{i}", "").strip() for i in range(MAX_FACES)]
    if any(faces) and not event.get("roll"):
        event["faces"] = [_number(f) for f in faces if f]
    picked = [_number(v) for v in form.getlist("dice") if v.strip()]
    if picked:
        event["dice"] = picked
    return event


def setup_from_form(form: MultiDict, content: DiceMission) -> dict[str, Any]:
    """Seats in clockwise order: a name and a dice colour each; the variants; who starts."""
    players = []
    for i in range(max(content.setup)):
        name = form.get(f"name{i}", "").strip()
        if name:
            players.append({"name": name, "colour": form.get(f"colour{i}", "")})
    first = form.get("first_agent", "0").strip()
    return {"players": players, "first_agent": _number(first or "0"),
            "variants": {"very_special": bool(form.get("very_special")),
                         "joker": bool(form.get("joker"))}}
