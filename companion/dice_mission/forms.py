"""Dice Mission's HTML forms read into setups and events (validation happens after)."""

from __future__ import annotations

from typing import Any

from werkzeug.datastructures import MultiDict

from missionkit.dice_mission.model import DiceMission

from ..numbers import form_fields, number_or_text

INT_FIELDS = ("player", "rolls", "count", "target", "die", "face", "other", "other_die")
TEXT_FIELDS = ("type", "card", "refill", "discard", "card_type", "keep")
FLAGS = ("joker", "roll", "discarded_new")
MAX_FACES = 12


def form_event(form: MultiDict) -> dict[str, Any]:
    """An event from the table's forms: faces tapped as face0..face11, dice ticked as dice."""
    event = form_fields(form, INT_FIELDS, TEXT_FIELDS, FLAGS)
    faces = [form.get(f"face{i}", "").strip() for i in range(MAX_FACES)]
    if any(faces) and not event.get("roll"):
        event["faces"] = [number_or_text(f) for f in faces if f]
    picked = [number_or_text(v) for v in form.getlist("dice") if v.strip()]
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
    return {"players": players, "first_agent": number_or_text(first or "0"),
            "variants": {"very_special": bool(form.get("very_special")),
                         "joker": bool(form.get("joker"))}}
