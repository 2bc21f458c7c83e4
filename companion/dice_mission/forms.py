"""Dice Mission's HTML forms read into setups and events (validation happens after)."""

from __future__ import annotations

import re
from typing import Any

from werkzeug.datastructures import MultiDict

from missionkit.dice_mission import events as ev
from missionkit.dice_mission.model import DiceMission

from ..numbers import form_fields, number_or_text

INT_FIELDS = ("player", "rolls", "count", "target", "die", "face", "other", "other_die")
TEXT_FIELDS = ("type", "card", "refill", "discard", "card_type", "keep")
FLAGS = ("joker", "roll", "discarded_new")
MAX_FACES = 12
ROLLS_OF = ("reroll", "extra_chance", "forced_relaunch")  # dice typed as a row after a reroll


def _event_fields() -> dict[str, frozenset[str]]:
    kinds = (ev.Dice, ev.Reroll, ev.EndTurn, ev.Complete, ev.DrawGadget, ev.Exchange,
             *ev.GADGET_EVENTS)
    return {k.model_fields["type"].annotation.__args__[0]: frozenset(k.model_fields)
            for k in kinds}


# each event type -> the fields its shape takes: a form sends no other (issue 26, item 16)
FIELDS_OF = _event_fields()


def faces_typed(text: str) -> list[int | str]:
    """Faces typed in one box: "4461", "4 4 6 1" or "4, 4, 6, 1". Anything else is kept as
    typed, for the event's validation to refuse naming the die."""
    text = text.strip()
    if re.fullmatch(r"[1-6]+", text):
        return [int(c) for c in text]
    return [number_or_text(part) for part in re.split(r"[\s,;/]+", text) if part]


def form_event(form: MultiDict) -> dict[str, Any]:
    """An event from the table's forms: faces typed in `faces` (or tapped as face0..face11),
    dice ticked as `dice`; a reroll typed as the `row` of dice after it (compared with
    `was<seat>`, the dice before). Only the fields the event type takes are kept."""
    event = form_fields(form, INT_FIELDS, TEXT_FIELDS, FLAGS)
    faces = [form.get(f"face{i}", "").strip() for i in range(MAX_FACES)]
    typed = form.get("faces", "").strip()
    if typed and not event.get("roll"):
        event["faces"] = faces_typed(typed)
    elif any(faces) and not event.get("roll"):
        event["faces"] = [number_or_text(f) for f in faces if f]
    picked = [number_or_text(v) for v in form.getlist("dice") if v.strip()]
    if picked:
        event["dice"] = picked
    row = form.get("row", "").strip()
    if row and not event.get("roll") and event.get("type") in ROLLS_OF:
        event.update(_reroll_row(event, form, row))
    allowed = FIELDS_OF.get(event.get("type", ""))
    return event if allowed is None else {k: v for k, v in event.items() if k in allowed}


def _reroll_row(event: dict[str, Any], form: MultiDict, row: str) -> dict[str, Any]:
    """The dice rerolled and their new faces, from the row as it lies after the reroll.
    Dice that came up as before need not be told apart: the table is the same either way."""
    seat = event.get("target") if event.get("type") == "forced_relaunch" else \
        event.get("player")
    was = faces_typed(form.get(f"was{seat}", ""))
    new = faces_typed(row)
    if len(new) != len(was):
        return {"dice": list(range(len(was))) or [0], "faces": new}
    changed = [i for i, (a, b) in enumerate(zip(was, new, strict=True)) if a != b] or [0]
    return {"dice": changed, "faces": [new[i] for i in changed]}


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
